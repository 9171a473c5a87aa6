//! Game records: config, seed and every `(seat, action)` step, replayable to the same state.

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::game::Game;
use crate::seat::Seat;

/// One step of a record: who acted and what they did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Step<A> {
    /// The seat that acted.
    pub seat: Seat,
    /// What it did.
    pub action: A,
}

/// The format of [`Record`]s this version writes. Format 2 came with the shared vocabulary
/// (`first_player` and `first_dealer` as seats, `turn_limit` as `u32`); this version reads
/// formats 1 and 2 (the configs of format 1 load through their old field names).
pub const RECORD_FORMAT: u32 = 2;

/// The oldest record format this version reads.
pub const OLDEST_RECORD_FORMAT: u32 = 1;

/// A complete, replayable account of a game: same config + seed + steps = same game.
///
/// As JSON: `{"format": 2, "engine": "0.1.0", "game": "theduke", "config": {...},
/// "seed": 42, "steps": [{"seat": 0, "action": "duke c1"}, ...]}`, actions in the game's
/// notation. A record of another format is refused by [`start`](Record::start) and
/// [`replay`](Record::replay) with [`ReplayError::Format`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Game> {
    /// The record format ([`RECORD_FORMAT`]); a record without one reads as format 0,
    /// which no version reads.
    #[serde(default)]
    pub format: u32,
    /// The version of the engine that wrote it ([`Game::VERSION`]); informative: replay
    /// checks the format, not the engine version.
    #[serde(default)]
    pub engine: String,
    /// The game's short name ([`Game::NAME`]), so a file says what it holds.
    pub game: String,
    /// The config the game was built from.
    pub config: G::Config,
    /// The seed of the game generator.
    pub seed: u64,
    /// Every action, in the order it was applied.
    pub steps: Vec<Step<G::Action>>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError<G: Game> {
    /// The record is of a format this version does not read.
    #[error("the record is of format {found}; this version reads formats 1 to {supported}")]
    Format {
        /// The format this version reads ([`RECORD_FORMAT`]).
        supported: u32,
        /// The format in the record.
        found: u32,
    },
    /// The record is of another game.
    #[error("the record is of game {found:?}, not {expected:?}")]
    WrongGame {
        /// The name this game answers to.
        expected: &'static str,
        /// The name in the record.
        found: String,
    },
    /// The config is refused.
    #[error("bad config: {0}")]
    Config(G::ConfigError),
    /// A step is refused: the first bad one.
    #[error("step {index} ({seat} plays {action}) is illegal: {error}")]
    Step {
        /// The index of the step in the record, from 0.
        index: usize,
        /// The seat of that step.
        seat: Seat,
        /// The action of that step.
        action: G::Action,
        /// The game's reason.
        error: G::ActionError,
    },
}

impl<G: Game> Record<G> {
    /// An empty record of a game about to be built from `config` and `seed`.
    pub fn new(config: G::Config, seed: u64) -> Record<G> {
        Record {
            format: RECORD_FORMAT,
            engine: G::VERSION.to_owned(),
            game: G::NAME.to_owned(),
            config,
            seed,
            steps: Vec::new(),
        }
    }

    /// Appends a step (it is not checked until replay).
    pub fn push(&mut self, seat: Seat, action: G::Action) {
        self.steps.push(Step { seat, action });
    }

    /// Builds the initial state.
    pub fn start(&self) -> Result<G, ReplayError<G>> {
        if !(OLDEST_RECORD_FORMAT..=RECORD_FORMAT).contains(&self.format) {
            return Err(ReplayError::Format { supported: RECORD_FORMAT, found: self.format });
        }
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame { expected: G::NAME, found: self.game.clone() });
        }
        G::new(&self.config, self.seed).map_err(ReplayError::Config)
    }

    /// Replays every step from the start, returning the final state or the first bad step.
    pub fn replay(&self) -> Result<G, ReplayError<G>> {
        self.replay_with(|_, _, _| {})
    }

    /// Replays every step, calling `visit(index, step, state_after)` after each.
    pub fn replay_with(&self, mut visit: impl FnMut(usize, &Step<G::Action>, &G)) -> Result<G, ReplayError<G>> {
        let mut state = self.start()?;
        for (index, step) in self.steps.iter().enumerate() {
            state.apply(step.seat, step.action).map_err(|error| ReplayError::Step {
                index,
                seat: step.seat,
                action: step.action,
                error,
            })?;
            visit(index, step, &state);
        }
        Ok(state)
    }
}

impl<G: Game> fmt::Display for Record<G> {
    /// One line per step in action notation, after a header with the game, the seed and the
    /// config, cut short past 160 characters (a config can hold a whole tile
    /// set: the record's JSON has all of it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let config = format!("{:?}", self.config);
        writeln!(f, "{} (engine {}) seed {} config {}", self.game, self.engine, self.seed, shortened(&config))?;
        for (i, step) in self.steps.iter().enumerate() {
            writeln!(f, "{i:>4}. {} {}", step.seat, step.action)?;
        }
        Ok(())
    }
}

/// How many characters of the config a record's one-line header shows.
const CONFIG_SHOWN: usize = 160;

/// `text` if it is at most [`CONFIG_SHOWN`] characters long, else its start and a note.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(CONFIG_SHOWN) {
        Some((at, _)) => format!(
            "{}... ({} characters in all: the whole config is in the record's JSON)",
            &text[..at],
            text.chars().count()
        ),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::{CONFIG_SHOWN, shortened};

    #[test]
    fn a_long_config_is_cut_short_in_the_header() {
        assert_eq!(shortened("Config { players: 2 }"), "Config { players: 2 }");
        let long = format!("Config {{ tiles: \"{}\" }}", "x".repeat(5000));
        let short = shortened(&long);
        assert!(short.len() < CONFIG_SHOWN + 80, "{short}");
        assert!(
            short.starts_with(&long[..CONFIG_SHOWN])
                && short.ends_with("(5020 characters in all: the whole config is in the record's JSON)")
        );
    }
}
