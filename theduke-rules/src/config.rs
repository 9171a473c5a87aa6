//! Game options. The default is exactly the rulebook's standard game.

use serde::{Deserialize, Serialize};

/// Who sets up first, and therefore moves first (rulebook "Set-up": "Determine which
/// player will set up first").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FirstPlayer {
    /// Drawn with the game's generator when the game is created (the default).
    #[default]
    Random,
    /// Seat 0 sets up first.
    Seat0,
    /// Seat 1 sets up first.
    Seat1,
}

/// The options of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// Who sets up (and moves) first.
    pub first_player: FirstPlayer,
    /// End the game as a draw after this many turns (set-up excluded); `None` (the
    /// default, the rulebook game) plays until a Duke falls or a player cannot act.
    pub turn_limit: Option<u32>,
}

/// Why a config was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// A turn limit of zero would end the game before it starts.
    #[error("the turn limit must be at least 1")]
    ZeroTurnLimit,
    /// The Duke is a two-player game.
    #[error("The Duke is a two-player game, not {0}")]
    Players(u8),
}

/// The turn limit of [`Game::bounded_config`](duke_core::Game::bounded_config): a game
/// still running after 200 turns is drawn (an engine limit, not a rule).
pub const BOUNDED_TURN_LIMIT: u32 = 200;

impl Config {
    /// Checks the options.
    pub fn check(&self) -> Result<(), ConfigError> {
        if self.turn_limit == Some(0) {
            return Err(ConfigError::ZeroTurnLimit);
        }
        Ok(())
    }
}
