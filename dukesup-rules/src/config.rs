//! Set-up options (rulebook, "Setup" and "Scoring").

use duke_core::Seat;
use serde::{Deserialize, Serialize};

use crate::meld::AceRule;

/// How several rounds add up (rulebook, "Scoring": "you have two options").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
pub enum Reshuffle {
    /// When a card must come from the empty draw pile (a draw, or burying), as in most rummy
    /// games; until then the discard pile stays, and its top may be drawn.
    #[default]
    WhenNeeded,
    /// As soon as the draw pile is empty (after a draw or a burial that empties it), so a
    /// player never draws from his discard pile while his draw pile is empty.
    AtOnce,
}

/// The options of a game. [`Config::default`] is exactly the rulebook: one round, seat 0
/// (clubs and spades) first, Aces low, no turn limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// Who goes first in the first round ("Choose a player to go first"); later rounds
    /// alternate.
    pub first_player: Seat,
    /// Where an Ace may stand in a run (the rulebook is silent; see `RULES.md`): low by
    /// default; high, either end, or around the corner as options.
    pub ace: AceRule,
    /// How many rounds, 1..=99.
    pub rounds: u8,
    /// How rounds add up when there are several.
    pub multi_round: MultiRound,
    /// A cap on the turns of a round (not in the rulebook): when reached, the round is scored
    /// as it stands. Without it two players can pass turns forever, so bots and simulations
    /// should set it. `None` is the rulebook.
    pub turn_limit: Option<u16>,
    /// When the discard pile becomes the new draw pile (the rulebook does not say when; see
    /// `RULES.md`). Missing in older serialized configs: the default.
    #[serde(default)]
    pub reshuffle: Reshuffle,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            first_player: Seat(0),
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

/// The turn limit per round of [`GameConfig::bounded`](duke_core::GameConfig::bounded):
/// after 200 turns a round is scored as it stands (an engine limit, not a rule).
pub const BOUNDED_TURN_LIMIT: u16 = 200;

impl Config {
    /// Checks the options.
    pub fn check(&self) -> Result<(), ConfigError> {
        if self.first_player.0 > 1 {
            return Err(ConfigError::FirstPlayer(self.first_player));
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
