//! Set-up options (rulebook, "Setup" and "Scoring").

use duke_core::Seat;
use serde::{Deserialize, Serialize};

use crate::meld::AceRule;

/// How several rounds add up (rulebook, "Scoring": "you have two options").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum MultiRound {
    /// Tally each round's cards and add them up (recommended when the same people play on).
    #[default]
    AddScores,
    /// Count the rounds each player won; a tied round counts for nobody.
    CountWins,
}

/// When the discard pile is shuffled into a new draw pile (rulebook, "Drawing": "If your draw
/// pile is empty, shuffle your discard pile into a new draw pile"; the moment is not said).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Reshuffle {
    /// When a card must come from the empty draw pile (a draw, or burying), as in most rummy
    /// games; until then the discard pile stays, and its top may be drawn.
    #[default]
    WhenNeeded,
    /// As soon as the draw pile is empty (after a draw or a burial that empties it), so a
    /// player never draws from his discard pile while his draw pile is empty.
    AtOnce,
}

/// The options of a game. [`Config::default`] is exactly the rulebook
/// ([`Config::rulebook`]): one round, seat 0 (clubs and spades) first, Aces low, no turn
/// limit.
///
/// The type may gain options (`#[non_exhaustive]`): start from [`Config::default`],
/// [`Config::rulebook`] or [`Config::bounded`] and set fields
/// (`let mut c = Config::default(); c.rounds = 3;`). Deserialising a config runs
/// [`Config::check`], so a config read from JSON is always a valid one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ConfigWire")]
#[non_exhaustive]
pub struct Config {
    /// Who goes first in the first round ("Choose a player to go first"); later rounds
    /// alternate ("switch back and forth"). `Some(Seat(0))` by default, as before; `None`
    /// draws the first player with the game generator when the game starts
    /// ([`Game::new`](duke_core::Game::new) draws it from the seed, before the deal), which is
    /// the rulebook's choice left to chance. Written as a seat number or `null` (old configs'
    /// numbers still read).
    pub first_player: Option<Seat>,
    /// Where an Ace may stand in a run (the rulebook is silent; see `RULES.md`): low by
    /// default; high, either end, or around the corner as options.
    pub ace: AceRule,
    /// How many rounds, 1..=99.
    pub rounds: u8,
    /// How rounds add up when there are several.
    pub multi_round: MultiRound,
    /// A cap on the turns of each round (not in the rulebook), counting every turn of both
    /// players in that round: when the round's turn count reaches it, the round is scored as
    /// it stands. Without it two players can pass turns forever, so bots and simulations
    /// should set it ([`Config::bounded`]). `None` is the rulebook.
    pub turn_limit: Option<u32>,
    /// When the discard pile becomes the new draw pile (the rulebook does not say when; see
    /// `RULES.md`). Missing in older serialized configs: the default.
    #[serde(default)]
    pub reshuffle: Reshuffle,
}

/// The wire form of [`Config`]: the same fields with the same serde attributes, read
/// unchecked and turned into a `Config` by [`Config::check`] (issue #26: a config read from
/// JSON is checked). Private, so no unchecked `Config` can be read.
#[derive(Deserialize)]
struct ConfigWire {
    /// [`Config::first_player`]; missing in a config: the default, seat 0.
    #[serde(default = "default_first_player")]
    first_player: Option<Seat>,
    /// [`Config::ace`].
    ace: AceRule,
    /// [`Config::rounds`].
    rounds: u8,
    /// [`Config::multi_round`].
    multi_round: MultiRound,
    /// [`Config::turn_limit`].
    turn_limit: Option<u32>,
    /// [`Config::reshuffle`].
    #[serde(default)]
    reshuffle: Reshuffle,
}

/// The default first player: seat 0, as the engine always had it.
fn default_first_player() -> Option<Seat> {
    Some(Seat(0))
}

impl TryFrom<ConfigWire> for Config {
    type Error = ConfigError;
    fn try_from(wire: ConfigWire) -> Result<Config, ConfigError> {
        let ConfigWire { first_player, ace, rounds, multi_round, turn_limit, reshuffle } = wire;
        let config = Config { first_player, ace, rounds, multi_round, turn_limit, reshuffle };
        config.check()?;
        Ok(config)
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            first_player: default_first_player(),
            ace: AceRule::Low,
            rounds: 1,
            multi_round: MultiRound::AddScores,
            turn_limit: None,
            reshuffle: Reshuffle::WhenNeeded,
        }
    }
}

/// Why a config was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// Dukes Up! has two seats, 0 and 1.
    #[error("the first player must be seat 0 or 1, not {0}")]
    FirstPlayer(Seat),
    /// Rounds must be 1..=99.
    #[error("rounds must be 1..=99, not {0}")]
    Rounds(u8),
    /// A turn limit of zero would end every round before it starts.
    #[error("a turn limit must be at least 1")]
    TurnLimit,
    /// Dukes Up! is a two-player game.
    #[error("Dukes Up! is a two-player game, not {0}")]
    Players(u8),
}

/// The turn limit per round of [`Config::bounded`]: after 200 turns a round is scored as it
/// stands (an engine limit, not a rule).
pub const BOUNDED_TURN_LIMIT: u32 = 200;

impl Config {
    /// The rulebook game for `players` seats (`None` or `Some(2)`: Dukes Up! is a two-player
    /// game): one round, seat 0 first, Aces low, no turn limit; equal to
    /// [`Config::default`].
    pub fn rulebook(players: Option<u8>) -> Result<Config, ConfigError> {
        match players {
            None | Some(2) => Ok(Config::default()),
            Some(other) => Err(ConfigError::Players(other)),
        }
    }

    /// The rulebook game with a limit of [`BOUNDED_TURN_LIMIT`] turns per round, after which
    /// the round is scored as it stands (an engine limit: two players can pass turns for
    /// ever), so that every game ends.
    pub fn bounded(players: Option<u8>) -> Result<Config, ConfigError> {
        let mut config = Config::rulebook(players)?;
        config.turn_limit = Some(BOUNDED_TURN_LIMIT);
        Ok(config)
    }

    /// Checks the options: the first player is seat 0 or 1 when given, 1..=99 rounds, and a
    /// turn limit of at least 1.
    pub fn check(&self) -> Result<(), ConfigError> {
        if let Some(seat) = self.first_player.filter(|s| s.0 > 1) {
            return Err(ConfigError::FirstPlayer(seat));
        }
        if !(1..=99).contains(&self.rounds) {
            return Err(ConfigError::Rounds(self.rounds));
        }
        if self.turn_limit == Some(0) {
            return Err(ConfigError::TurnLimit);
        }
        Ok(())
    }
}
