//! The missions' options and cards (rulebook "Missions"): plain data beside the
//! catalogue, below the missions' rules, so that the config and the views read without
//! them.

use core::fmt;

use serde::{Deserialize, Serialize};

use super::catalogue::{Condition, MAX_MISSIONS, MissionCatalogue, MissionError};

/// A mission a [`View`](crate::View) names: its catalogue id and what it asks
/// ([`View::mission_cards`](crate::View::mission_cards)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionCard {
    /// Its catalogue id (the number in `mission 2`).
    pub id: u8,
    /// What it asks.
    pub condition: Condition,
}

impl fmt::Display for MissionCard {
    /// Its number and what it asks: `1 (win either 0 or 1 tricks)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.id, self.condition)
    }
}

/// Mission `id` as a view prints it: its card when `cards` has it, else its number.
pub(crate) fn describe(cards: &[MissionCard], id: u8) -> String {
    match cards.iter().find(|c| c.id == id) {
        Some(card) => card.to_string(),
        None => id.to_string(),
    }
}

/// Points lost for a failed mission.
pub const FAILED_MISSION: i32 = -20;

/// Missions offered to each player by the rulebook ("Players are given 5 missions cards").
pub const MISSION_CHOICES: u8 = 5;

/// In what order the chosen missions are revealed (rulebook "Missions", "VARIATION order
/// of Missions reveal").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum MissionReveal {
    /// Our reading of "one by one starting from the player to the left of the dealer" as
    /// a choosing order (an option): each chooses in turn and reveals at once, seeing the
    /// earlier missions (RULES.md, reading 38).
    InTurn,
    /// As printed (default): "Players are given 5 missions cards to choose one from. When
    /// ready, players then reveal their chosen missions": all choose face down, then the
    /// missions are turned up once the last has chosen. The printed order of the reveal
    /// ("one by one") and the variation's ("simultaneously") show the same missions after
    /// the same choices, so both are this.
    #[default]
    Simultaneous,
}

/// The options of the Missions round types (a [`Config`](crate::Config) field; the
/// default is the rulebook's: the printed missions, five offered, revealed once everyone has chosen).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct MissionRules {
    /// The mission cards dealt from (default: the four printed missions).
    pub catalogue: MissionCatalogue,
    /// How many missions each player is offered (1 to [`MAX_MISSIONS`]; default 5; all
    /// the feasible ones when fewer).
    pub choices: u8,
    /// The reveal order of Missions rounds (Blind Missions reveal at the round's end).
    pub reveal: MissionReveal,
}

impl Default for MissionRules {
    fn default() -> Self {
        MissionRules {
            catalogue: MissionCatalogue::printed(),
            choices: MISSION_CHOICES,
            reveal: MissionReveal::Simultaneous,
        }
    }
}

impl MissionRules {
    /// Whether these are the rulebook's defaults (left out of a serialised config).
    pub fn is_default(&self) -> bool {
        *self == MissionRules::default()
    }

    pub(crate) fn check(&self) -> Result<(), MissionError> {
        self.catalogue.check()?;
        if self.choices == 0 || usize::from(self.choices) > MAX_MISSIONS {
            return Err(MissionError::Choices(self.choices));
        }
        Ok(())
    }
}
