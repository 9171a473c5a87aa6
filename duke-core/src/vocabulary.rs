//! The same idea in every game: the config and the set-up, named alike in all four crates.
//!
//! Every rules crate has a `Config` (the validated options of a game) and a `Setup` (an
//! unvalidated description of a position: config, seed, and where everything is), in the
//! manner of `shakmaty`'s `Setup` and `Position`. These two traits are what they have in
//! common, so that generic code (a server, a fuzzer, the conformance suite) builds, checks,
//! saves and loads any game the same way. Each crate also has the same names as inherent
//! methods, so a user of one game needs no trait import.
//!
//! The table of names is in the [crate docs](crate#the-same-idea-in-every-game).
//!
//! Game-specific names stay where the rulebook names something: a Duke, a trick, a CASTLE.

use core::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// The validated options of a game: seat count, variants, engine limits.
///
/// A value that exists has passed [`check`](GameConfig::check) when it was built by the
/// crate's constructors or deserialised; public fields set by hand are checked again by
/// [`Game::new`](crate::Game::new) and `from_setup`.
pub trait GameConfig:
    Clone + PartialEq + fmt::Debug + Default + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Why a config was refused.
    type Error: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// The rulebook's standard game for `players` seats (`None`: the rulebook's usual
    /// count), every optional rule as printed. A seat count the game does not support is a
    /// typed error. Games the rulebook leaves unbounded (no turn limit) stay so: see
    /// [`bounded`](GameConfig::bounded) for programs.
    fn rulebook(players: Option<u8>) -> Result<Self, Self::Error>;

    /// The rulebook game with an engine limit where the rulebook has none (a turn limit,
    /// documented by each game), so that [`Game::max_actions`](crate::Game::max_actions) is
    /// finite and random or bot play surely ends: the config for simulations, bots and
    /// servers.
    fn bounded(players: Option<u8>) -> Result<Self, Self::Error>;

    /// Checks the config on its own: everything [`Game::new`](crate::Game::new) checks,
    /// except what one engine of a game cannot play (The Duke's compile-time engine refuses
    /// Expanded play's options, which its run-time engine plays).
    fn check(&self) -> Result<(), Self::Error>;

    /// How many seats a game of this config has.
    fn seat_count(&self) -> usize;
}

/// An unvalidated description of a game position: its config, the generator's seed and
/// where everything is. `new(config)` is the start of a game of `config` with seed 0;
/// [`Game::from_setup`](crate::Game::from_setup) validates it into a game.
pub trait GameSetup: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The config type of the game.
    type Config: GameConfig;

    /// The start of a game of `config` (seed 0, nothing played).
    fn new(config: Self::Config) -> Self;

    /// The config this set-up plays.
    fn config(&self) -> &Self::Config;

    /// The seed of the game generator.
    fn seed(&self) -> u64;

    /// The same set-up with the game generator seeded with `seed`.
    #[must_use]
    fn with_seed(self, seed: u64) -> Self;
}

/// Implements [`GameConfig`] and [`GameSetup`] for a rules crate that follows the
/// vocabulary: its config type has the inherent `rulebook(players)`, `bounded(players)` and
/// `check()`, its set-up type has `new(config)` and public `config` and `seed` fields, and
/// `seats` gives a config's seat count. Every game of the workspace uses it, so the traits
/// only forward to the crate's own methods.
///
/// ```text
/// duke_core::impl_vocabulary!(config: Config, error: ConfigError, setup: Setup, seats: |config| usize::from(config.players));
/// ```
#[macro_export]
macro_rules! impl_vocabulary {
    (config: $config:ty, error: $error:ty, setup: $setup:ty, seats: |$c:ident| $seats:expr) => {
        impl $crate::GameConfig for $config {
            type Error = $error;

            fn rulebook(players: Option<u8>) -> Result<$config, $error> {
                <$config>::rulebook(players)
            }

            fn bounded(players: Option<u8>) -> Result<$config, $error> {
                <$config>::bounded(players)
            }

            fn check(&self) -> Result<(), $error> {
                <$config>::check(self)
            }

            fn seat_count(&self) -> usize {
                let $c = self;
                $seats
            }
        }

        impl $crate::GameSetup for $setup {
            type Config = $config;

            fn new(config: $config) -> $setup {
                <$setup>::new(config)
            }

            fn config(&self) -> &$config {
                &self.config
            }

            fn seed(&self) -> u64 {
                self.seed
            }

            fn with_seed(mut self, seed: u64) -> $setup {
                self.seed = seed;
                self
            }
        }
    };
}
