//! What a game is played for (rulebook "Alternate Objectives"): the [`Objective`] of a
//! [`Config`](crate::Config) and the options and outcomes of Dark Rider. Plain data that
//! the config, the state and the tile sources name; the rules of each objective are played
//! in `expanded/` (Dark Rider in `expanded/dark_rider.rs`).

use serde::{Deserialize, Serialize};

/// What a game is played for (rulebook "Alternate Objectives").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Objective {
    /// The standard game: capture the opposing Duke (rulebook "Winning the Game").
    #[default]
    Standard,
    /// "Dynastic Dispute": before set-up the players draft their bags one tile type at a
    /// time ([`Action::Pick`](crate::Action::Pick)); the first to pick sets up first, the
    /// other moves first; then the standard rules.
    DynasticDispute,
    /// "Counting Coup": after set-up each player places his Flag on an edge square
    /// ([`Action::Flag`](crate::Action::Flag)); a player scores a point for ending a move or
    /// a placement beside the opponent's Flag (the Flag's owner may then move it), and wins
    /// with three points or when the opponent has no tile left; capturing a Duke does not
    /// win, its owner can no longer place tiles.
    CountingCoup,
    /// "Trophy Hunters": after set-up each Flag is placed on its owner's home edge; a player
    /// carries and passes the opponent's Flag and wins by bringing it to his own home edge,
    /// or when the opponent has no tile left; capturing a Duke does not win.
    TrophyHunters,
    /// "Dark Rider": Pikemen against a lone rider, no Duke and no bag; the armies are
    /// deployed on the home edges ([`Action::Deploy`](crate::Action::Deploy)), the Pikeman
    /// player (the first player) first, the rider player moving first.
    DarkRider(DarkRider),
}

impl Objective {
    /// Whether this is the standard game's objective.
    pub fn is_standard(&self) -> bool {
        *self == Objective::Standard
    }

    /// Whether the objective plays with the Flags (Counting Coup, Trophy Hunters).
    pub fn has_flags(&self) -> bool {
        matches!(self, Objective::CountingCoup | Objective::TrophyHunters)
    }
}

/// The lone rider of Dark Rider (rulebook: "you can switch out the Knight for the Ranger").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rider {
    /// The Knight (the scenario as printed).
    #[default]
    Knight,
    /// The Ranger (an easier option for the rider player).
    Ranger,
}

impl Rider {
    /// The tile's printed name, by which the tile set is searched.
    pub const fn name(self) -> &'static str {
        match self {
            Rider::Knight => "Knight",
            Rider::Ranger => "Ranger",
        }
    }
}

/// The options of Dark Rider: the rider and how many Pikemen face it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct DarkRider {
    /// The rider (default the Knight).
    pub rider: Rider,
    /// How many Pikemen: 4 as printed (default), or 3, the easier option.
    pub pikemen: u8,
}

impl Default for DarkRider {
    fn default() -> DarkRider {
        DarkRider { rider: Rider::Knight, pikemen: 4 }
    }
}

/// Why a Dark Rider config was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DarkRiderError {
    /// The scenario is played with 4 Pikemen, or 3 (the easier option).
    #[error("Dark Rider plays with 3 or 4 Pikemen, not {0}")]
    Pikemen(u8),
    /// The tile set has no tile of this name (the Pikeman and the rider are found by name).
    #[error("the tile set has no {0}")]
    MissingTile(String),
    /// The tile of this name is the set's first type, the one that acts as the Duke.
    #[error("the {0} is the tile set's Duke type")]
    DukeType(String),
}

/// How a game of Dark Rider was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum DarkRiderEnd {
    /// The Pikeman player captured the rider.
    RiderCaptured,
    /// Three Pikemen stood on the rider player's edge, fewer than two Pikemen captured.
    PikemenThrough,
    /// The rider player captured three Pikemen.
    PikemenCaptured,
    /// The Dragon took the rider (reading 58: as a Duke it takes, `DragonDuke`).
    RiderTakenByDragon,
}

impl DarkRiderEnd {
    /// How the game was won, in words.
    pub const fn describe(self) -> &'static str {
        match self {
            DarkRiderEnd::RiderCaptured => "the rider is captured",
            DarkRiderEnd::PikemenThrough => "three Pikemen reached the rider's edge",
            DarkRiderEnd::PikemenCaptured => "three Pikemen are captured",
            DarkRiderEnd::RiderTakenByDragon => "the Dragon took the rider",
        }
    }
}

/// The two armies of a Dark Rider game, as tile types of the set (found when the set is
/// built, so that the hot paths read them from the set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[doc(hidden)]
pub struct Army {
    /// The Pikeman's tile type.
    pub pikeman: u8,
    /// The rider's tile type.
    pub rider: u8,
    /// How many Pikemen.
    pub pikemen: u8,
}
