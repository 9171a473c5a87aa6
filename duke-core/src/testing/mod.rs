//! The conformance suite every rules crate runs, and a tiny demonstration game.
//!
//! [`run`] plays random games (proptest playouts from arbitrary configs and seeds) and, at
//! every visited state, checks the whole [`Game`] contract:
//!
//! - `to_act` and the legal-action lists agree: seats that may not act have no actions,
//!   seats that may act have at least one, lists hold no duplicates and come out the same
//!   twice; `awaited` is a subset of `to_act`, empty exactly when it is;
//! - every listed action applies, and apply then undo restores the state exactly
//!   (generator included);
//! - a sample of actions that are not listed (taken from actions seen elsewhere in the
//!   game) is refused, with the state unchanged;
//! - every action's notation round-trips through `Display` and `FromStr`, and garbled
//!   notation, when refused, names the whole text in its [`NotationError`](crate::NotationError);
//! - serde round-trips the state and every seat's and the spectator's view;
//! - determinization for each seat keeps that seat's view, the public view, `to_act`, `awaited` and
//!   the seat's legal actions identical, and yields a valid state;
//! - events ([`Game::events`]): the first is [`Game::seen_action`], every event
//!   round-trips through serde, the acting seat's redacted notation holds its full
//!   notation; in twin worlds (the state and a determinization for a seat) an observer's
//!   events are equal exactly when its views afterwards are (nothing leaks, nothing is
//!   missing), and two actions giving an observer equal events give it equal views;
//! - opening events ([`Game::opening_events`]): a new game and its determinization twins
//!   give each observer that cannot tell them apart identical opening events, and new games
//!   of one config whose opening events for an observer are equal show it equal views;
//! - the game's own invariant hook, [`Game::validate`], holds;
//! - the game ends within [`Game::max_actions`].
//!
//! After each playout it replays the record from the seed (every intermediate state must
//! match), undoes the whole game step by step back to the start, round-trips the record
//! through serde, and tampers with serialized states (any JSON value: numbers, booleans,
//! enum and string values, optional fields, list lengths) and crossbreeds them (a state made
//! of two reachable states' fields): such a state must either be refused by deserialisation
//! or be a state the game can go on from (every method runs without a panic, every seat in
//! `to_act` has a legal action, listed actions are accepted, `validate` holds after each
//! and apply then undo restores the state exactly; every seat's determinization is valid
//! and keeps that seat's view, the spectator's view, `to_act` and `awaited`).
//!
//! [`run_learning`] checks the learning surface ([`Learning`](crate::Learning): action
//! indices, masks, observations, returns) the same way, on games of any config;
//! installing [`CountingAlloc`] as a test binary's global allocator adds its no-allocation
//! checks ([`alloc`]). [`vocabulary::check_vocabulary`] checks the config and set-up
//! vocabulary ([`GameConfig`](crate::GameConfig), [`GameSetup`](crate::GameSetup)): build,
//! validate, play, save and load.
//!
//! [`random_playout`] drives a game to its end at random, for benchmarks.
//!
//! [`wire`] checks a crate's wire format (record, view, saved state, events and actions as
//! JSON, pinned by golden files) on one short game; each crate's `tests/wire_format.rs`
//! runs it and adds its own game's shapes.
//!
//! A failing case shrinks (fewer, earlier choices) and the failure prints the minimal
//! record, both as JSON and one step per line in action notation.
//!
//! ```
//! use duke_core::testing::{run, Settings, toy::{HighCard, HighCardConfig}};
//! use proptest::prelude::*;
//!
//! let configs = (2u8..=4, 1u8..=5).prop_map(|(players, rounds)| HighCardConfig { players, rounds });
//! run::<HighCard>(configs, &Settings { cases: 8, ..Settings::default() }).unwrap();
//! ```
#![allow(clippy::indexing_slicing, clippy::panic, clippy::unwrap_used, clippy::expect_used)]

pub mod alloc;
mod checks;
pub mod display;
mod events;
pub mod invariants;
pub mod learning;
mod mutate;
mod opening;
mod playout;
pub mod rules_table;
pub mod strategies;
mod tamper;
pub mod toy;
pub mod vocabulary;
pub mod wire;

pub use alloc::{CountingAlloc, allocations, count_allocations, counting_installed};
pub use learning::run_learning;
pub use playout::{mean_game_length, random_playout};

use core::fmt;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, RngSeed, TestCaseError, TestError, TestRng, TestRunner};

use crate::game::Game;
use crate::record::Record;
use crate::rng::GameRng;
use crate::seat::{Seat, SeatSet};

/// How hard the suite works. The defaults suit a game of a few hundred actions.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Random games to play.
    pub cases: u32,
    /// The length of the shrinkable part of each game: up to `max_steps` choices, drawn by
    /// proptest, pick the seat and action of the game's first actions (each taken modulo
    /// the number available); the rest of the game is played to its end with choices from a
    /// generator seeded by the game's seed. In [`run`] the states within the first
    /// `max_steps` actions get every check, the later ones only the cheap checks (validity,
    /// `to_act` and the bound); [`check_steps`](invariants::check_steps) runs its invariant
    /// on every step to the end. It does not bound a game's length
    /// ([`max_game_actions`](Self::max_game_actions) and [`Game::max_actions`] do); a failure
    /// after the first `max_steps` actions shrinks only by those choices, the config and
    /// the seed.
    pub max_steps: usize,
    /// Unlisted actions tried per seat per state.
    pub illegal_samples: usize,
    /// Tampered serialized states per game: each changes one JSON value of a state of the
    /// game (a number, a boolean, an enum or string value, an optional field, a list's
    /// length), the kinds taken in turn.
    pub tamperings: usize,
    /// Crossbred states per game: each takes every field from one of two reachable states
    /// of the game's config (see the module documentation).
    pub crossbreedings: usize,
    /// Actions per acting seat and state whose events are compared across twin worlds
    /// and against each other (the leak and completeness checks).
    pub event_samples: usize,
    /// Other new games of the same config each game's opening events are compared with
    /// (the "nothing is missing" check of [`Game::opening_events`]).
    pub opening_games: usize,
    /// A hard cap on a game's length, beyond `max_actions`, so a broken game cannot hang
    /// the suite.
    pub max_game_actions: u64,
    /// Seed of the suite's own random choices, so a run is reproducible.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            cases: 32,
            max_steps: 200,
            illegal_samples: 4,
            tamperings: 16,
            crossbreedings: 8,
            event_samples: 3,
            opening_games: 6,
            max_game_actions: 200_000,
            seed: 0x5EED,
        }
    }
}

/// Shrinking steps allowed to a failing [`check_steps`](invariants::check_steps) case: so
/// many that shrinking ends only when no simpler case fails.
const SHRINK_UNTIL_STUCK: u32 = 1 << 24;

/// The environment variable that multiplies every suite's number of random games, for a
/// long (nightly or local fuzzing) run: `DUKE_TEST_SCALE=100 cargo test --release`.
pub const SCALE_VAR: &str = "DUKE_TEST_SCALE";

/// The environment variable that moves every suite's seed, for a fuzzing run that explores
/// other games than the default seeds do: `DUKE_TEST_SEED=7 cargo test --release`. Unset,
/// every run plays the same games, so a test that passes once passes always (CI included).
pub const SEED_VAR: &str = "DUKE_TEST_SEED";

/// The number [`SEED_VAR`] holds, if it is set to one.
fn seed_from_env() -> Option<u64> {
    std::env::var(SEED_VAR).ok().and_then(|v| v.trim().parse::<u64>().ok())
}

impl Settings {
    /// `cases` times the [`SCALE_VAR`] multiplier (1 when it is unset or not a positive
    /// number).
    pub fn scaled_cases(&self) -> u32 {
        let scale = std::env::var(SCALE_VAR).ok().and_then(|v| v.trim().parse::<u32>().ok()).filter(|&n| n > 0);
        self.cases.saturating_mul(scale.unwrap_or(1))
    }

    /// `seed`, moved by the [`SEED_VAR`] number when it is set (`seed` itself when not).
    pub fn moved_seed(&self) -> u64 {
        // An odd multiplier spreads consecutive numbers (1, 2, 3...) far apart.
        seed_from_env().map_or(self.seed, |n| self.seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17))
    }

    /// A proptest runner for [`scaled_cases`](Self::scaled_cases) cases, its generator
    /// seeded from [`moved_seed`](Self::moved_seed) and no failure file written: every
    /// property run of the workspace starts here, so one pair of variables steers them all.
    pub fn runner(&self) -> TestRunner {
        TestRunner::new_with_rng(
            self.runner_config(),
            TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes(self.moved_seed())),
        )
    }

    /// The proptest configuration of every run: the scaled cases, no failure file.
    fn runner_config(&self) -> Config {
        Config { cases: self.scaled_cases(), failure_persistence: None, ..Config::default() }
    }

    /// [`runner`](Self::runner) whose shrinking goes on until nothing simpler fails
    /// (proptest's own limit is four shrinking steps per case, which leaves long records).
    pub(crate) fn exhaustive_shrink_runner(&self) -> TestRunner {
        let config = Config { max_shrink_iters: SHRINK_UNTIL_STUCK, ..self.runner_config() };
        TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes(self.moved_seed())))
    }
}

/// The configuration for a `proptest!` block of `cases` cases, reproducible like [`run`]:
/// the cases scaled by [`SCALE_VAR`], a fixed seed moved by [`SEED_VAR`], no failure file.
///
/// In a test file, `#![proptest_config(duke_core::testing::proptest_config(64))]` opens the
/// block; the closure form takes it first:
///
/// ```
/// use proptest::prelude::*;
///
/// proptest!(duke_core::testing::proptest_config(16), |(n in 0u32..1000)| {
///     prop_assert_eq!(n * 2 % 2, 0);
/// });
/// ```
pub fn proptest_config(cases: u32) -> Config {
    let settings = Settings { cases, ..Settings::default() };
    Config { rng_seed: RngSeed::Fixed(settings.moved_seed()), ..settings.runner_config() }
}

/// A conformance failure: what broke, and the minimal record that shows it.
pub struct Failure {
    /// The report: the broken check, then the record as JSON and in notation.
    pub message: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Debug for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Failure {}

/// Plays `settings.cases` random games with configs drawn from `configs` and checks the
/// contract at every state. Returns the shrunk failure, if any.
pub fn run<G: Game>(configs: impl Strategy<Value = G::Config>, settings: &Settings) -> Result<(), Failure> {
    let mut runner = settings.runner();
    let strategy = (configs, any::<u64>(), proptest::collection::vec(any::<u32>(), 0..=settings.max_steps));
    let outcome = runner.run(&strategy, |(config, seed, choices)| playout::<G>(&config, seed, &choices, settings));
    match outcome {
        Ok(()) => Ok(()),
        Err(TestError::Fail(reason, _)) => {
            Err(Failure { message: format!("{} conformance failure: {reason}", G::NAME) })
        }
        Err(TestError::Abort(reason)) => Err(Failure { message: format!("{} conformance aborted: {reason}", G::NAME) }),
    }
}

/// A failure's report: what broke, the record as JSON (in full) and one step per line, and
/// how to replay it.
pub(crate) fn failure_text<G: Game>(record: &Record<G>, what: &str) -> String {
    let json = serde_json::to_string(record).unwrap_or_else(|e| format!("<record does not serialise: {e}>"));
    format!(
        "{what}\nminimal record (JSON): {json}\nsteps:\n{record}to replay: save the JSON record above as record.json and run\n  cargo run --release -p duke-examples --example replay -- record.json\nor in Rust, with `json` its text:\n  serde_json::from_str::<duke_core::Record<{}>>(&json)?.replay()\n",
        core::any::type_name::<G>()
    )
}

pub(crate) fn seed_bytes(seed: u64) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    for (i, chunk) in bytes.chunks_mut(8).enumerate() {
        chunk.copy_from_slice(&seed.rotate_left(i as u32 * 16).to_le_bytes());
    }
    bytes
}

/// Plays one game: `choices` steer the first `max_steps` actions (seat, then action, each
/// taken modulo the number available), a generator from `seed` the rest.
fn playout<G: Game>(config: &G::Config, seed: u64, choices: &[u32], settings: &Settings) -> Result<(), TestCaseError> {
    let mut record: Record<G> = Record::new(config.clone(), seed);
    let fail = |record: &Record<G>, what: String| TestCaseError::fail(failure_text(record, &what));
    let mut state = match G::new(config, seed) {
        Ok(state) => state,
        Err(e) => return Err(fail(&record, format!("the config strategy produced a config that new() refuses: {e}"))),
    };
    let bound = G::max_actions(config).min(settings.max_game_actions);
    let mut checker = checks::Checker::<G>::new(settings);
    let mut trajectory = vec![state.clone()];
    let mut undos = Vec::new();
    let mut free_choices = GameRng::new(seed ^ 0x00C0_FFEE);
    let mut legal = Vec::new();
    loop {
        let step = record.steps.len();
        let full = step <= settings.max_steps;
        checker
            .check_state(&state, full, step as u64)
            .map_err(|what| fail(&record, format!("at step {step}: {what}")))?;
        if step == 0 {
            // After the first state's checks, so that a leaking view is reported as such.
            opening::check_opening(&state, config, seed, settings.opening_games)
                .map_err(|what| fail(&record, format!("at the start: {what}")))?;
        }
        let to_act = state.to_act();
        if to_act.is_empty() {
            break;
        }
        if step as u64 >= bound {
            return Err(fail(&record, format!("the game did not end within max_actions = {bound}")));
        }
        let choice = choices.get(step).copied().unwrap_or_else(|| free_choices.next_u64() as u32);
        let (seat, action) = pick(&state, to_act, choice, &mut legal, step).map_err(|what| fail(&record, what))?;
        record.push(seat, action);
        match state.apply(seat, action) {
            Ok(undo) => undos.push(undo),
            Err(e) => {
                return Err(fail(&record, format!("at step {step}: listed action {action} of {seat} refused: {e}")));
            }
        }
        trajectory.push(state.clone());
    }
    checks::check_outcome(&state).map_err(|what| fail(&record, what))?;
    checks::check_replay(&record, &trajectory).map_err(|what| fail(&record, what))?;
    checks::check_undo_chain(&mut state, undos, &trajectory).map_err(|what| fail(&record, what))?;
    checks::check_record_serde(&record).map_err(|what| fail(&record, what))?;
    tamper::check_tampering::<G>(&trajectory, seed, settings).map_err(|what| fail(&record, what))?;
    Ok(())
}

/// The seat and the action that `choice` names at a step of a choice-driven playout (the
/// shrinkable choices of the suites): the seat among `to_act`, then its legal action; or
/// the failure's text.
pub(crate) fn pick<G: Game>(
    state: &G,
    to_act: SeatSet,
    choice: u32,
    legal: &mut Vec<G::Action>,
    step: usize,
) -> Result<(Seat, G::Action), String> {
    let seats = (to_act.len() as u32).max(1);
    let seat = to_act.nth((choice % seats) as usize).ok_or_else(|| "to_act miscounted".to_owned())?;
    state.legal_actions(seat, legal);
    legal
        .get(((choice / seats) as usize) % legal.len().max(1))
        .map(|&action| (seat, action))
        .ok_or_else(|| format!("at step {step}: {seat} may act but has no legal action"))
}
