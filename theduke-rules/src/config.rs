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
}

impl Config {
    /// Checks the options.
    pub fn check(&self) -> Result<(), ConfigError> {
        if self.turn_limit == Some(0) {
            return Err(ConfigError::ZeroTurnLimit);
        }
        Ok(())
    }
}
