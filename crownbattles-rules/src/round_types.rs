//! The Round Type cards (rulebook "The expansion game", "Organize the fights"): which
//! round types there are and which one each round plays. A base module: the config and the
//! state name a round's type; what each type does is in `rounds/`.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::actions::Bid;
use crate::compact::MAX_ROUNDS;
use crate::error::ConfigError;

/// A Round Type card ("Organize the fights": 14 options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RoundType {
    /// "Normal Bidding": the base game, open bids, single or double.
    #[default]
    Normal,
    /// "Blind bidding": bids are placed face down, all at once, and revealed at the end.
    BlindBidding,
    /// "Long Play": each trick is played in two passes, every player playing two cards;
    /// with an odd deal the last trick is a normal one (`long_play.rs`).
    LongPlay,
    /// "Leaked Suit": before bidding, each player reveals every card of one suit
    /// (`leaked_suit.rs`).
    LeakedSuit,
    /// "The Split": the hand split into two halves played as two smaller rounds, a bid
    /// for each (`the_split.rs`).
    TheSplit,
    /// "Stealth Play": after the leader's card the others play face down; the trick is
    /// revealed once complete (`stealth_play.rs`).
    StealthPlay,
    /// "Suit Precision": a bid per suit, each trick placed under a suit
    /// (`suit_precision.rs`).
    SuitPrecision,
    /// "Missions": each player chooses one of the mission cards dealt to them instead of
    /// bidding (`missions/`).
    Missions,
    /// "Blind Missions": Missions with the chosen missions secret until the round's end.
    BlindMissions,
    /// "Wagering": everyone stakes 20 points into a pot that those who meet their bids
    /// share (`wagering.rs`).
    Wagering,
    /// "Duel Fights": the dealer pairs the players, who are scored against their group
    /// (`duel_fights.rs`).
    DuelFights,
    /// "Alliances" (Normal Bidding Alliances): teams of two chosen by the dealer, a team
    /// bid of the two bids, the Secret Note (`alliances.rs`).
    Alliances,
    /// "Missions-Alliances": teams as in Alliances, each member choosing a mission
    /// (`alliances.rs`, `missions/`).
    MissionsAlliances,
    /// "Suit Precision-Alliances": teams as in Alliances, each member bidding per suit as
    /// in Suit Precision, scored on the team's combined suit bids and tricks
    /// (`suit_precision_alliances.rs`).
    SuitPrecisionAlliances,
}

impl RoundType {
    /// The 14 Round Type cards, in the rulebook's order.
    pub const ALL: [RoundType; 14] = [
        RoundType::Normal,
        RoundType::BlindBidding,
        RoundType::LongPlay,
        RoundType::LeakedSuit,
        RoundType::TheSplit,
        RoundType::StealthPlay,
        RoundType::SuitPrecision,
        RoundType::Missions,
        RoundType::BlindMissions,
        RoundType::Wagering,
        RoundType::DuelFights,
        RoundType::Alliances,
        RoundType::MissionsAlliances,
        RoundType::SuitPrecisionAlliances,
    ];

    /// The round types this version implements: all of them, in the rulebook's order.
    pub const IMPLEMENTED: [RoundType; 14] = RoundType::ALL;

    /// Whether it is Normal Bidding (the base game's round).
    pub fn is_normal(&self) -> bool {
        *self == RoundType::Normal
    }

    /// Its position in [`RoundType::ALL`] (the bit of a set of round types).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether this version implements it: every type does ([`RoundType::IMPLEMENTED`] is
    /// [`RoundType::ALL`]).
    pub const fn is_implemented(self) -> bool {
        matches!(
            self,
            RoundType::Normal
                | RoundType::BlindBidding
                | RoundType::LongPlay
                | RoundType::LeakedSuit
                | RoundType::TheSplit
                | RoundType::StealthPlay
                | RoundType::Missions
                | RoundType::BlindMissions
                | RoundType::Alliances
                | RoundType::MissionsAlliances
                | RoundType::SuitPrecision
                | RoundType::Wagering
                | RoundType::DuelFights
                | RoundType::SuitPrecisionAlliances
        )
    }

    /// Whether a seat places more than one bid token in the round (The Split's two bids,
    /// Suit Precision's four), so that a bid takes `apply`'s general path.
    #[inline]
    pub const fn bids_apart(self) -> bool {
        matches!(self, RoundType::TheSplit | RoundType::SuitPrecision | RoundType::SuitPrecisionAlliances)
    }

    /// Whether the round's points of a player depend on the others' results, so that the
    /// round is settled for all seats together (Wagering's pot, Duel Fights' groups).
    pub const fn settles_together(self) -> bool {
        matches!(self, RoundType::Wagering | RoundType::DuelFights)
    }

    /// The Alliance types, which may not be the final round's ("Organize the fights").
    pub const fn is_alliance(self) -> bool {
        matches!(self, RoundType::Alliances | RoundType::MissionsAlliances | RoundType::SuitPrecisionAlliances)
    }

    /// "Exclude certain Round Type cards based on the number of players": Duel Fights with
    /// 3 players; Stealth Play, Duel Fights and the Alliance types with 2.
    pub const fn excluded_for(self, players: u8) -> bool {
        match players {
            2 => matches!(self, RoundType::StealthPlay | RoundType::DuelFights) || self.is_alliance(),
            3 => matches!(self, RoundType::DuelFights),
            _ => false,
        }
    }

    /// The card's printed name.
    pub const fn name(self) -> &'static str {
        match self {
            RoundType::Normal => "Normal Bidding",
            RoundType::BlindBidding => "Blind Bidding",
            RoundType::LongPlay => "Long Play",
            RoundType::LeakedSuit => "Leaked Suit",
            RoundType::TheSplit => "The Split",
            RoundType::StealthPlay => "Stealth Play",
            RoundType::SuitPrecision => "Suit Precision",
            RoundType::Missions => "Missions",
            RoundType::BlindMissions => "Blind Missions",
            RoundType::Wagering => "Wagering",
            RoundType::DuelFights => "Duel Fights",
            RoundType::Alliances => "Alliances",
            RoundType::MissionsAlliances => "Missions-Alliances",
            RoundType::SuitPrecisionAlliances => "Suit Precision-Alliances",
        }
    }

    /// The short name of the notation (`normal`, `blind`, `long`, …; see [`FromStr`]).
    pub const fn short(self) -> &'static str {
        match self {
            RoundType::Normal => "normal",
            RoundType::BlindBidding => "blind",
            RoundType::LongPlay => "long",
            RoundType::LeakedSuit => "leaked",
            RoundType::TheSplit => "split",
            RoundType::StealthPlay => "stealth",
            RoundType::SuitPrecision => "precision",
            RoundType::Missions => "missions",
            RoundType::BlindMissions => "blind-missions",
            RoundType::Wagering => "wagering",
            RoundType::DuelFights => "duel",
            RoundType::Alliances => "alliances",
            RoundType::MissionsAlliances => "missions-alliances",
            RoundType::SuitPrecisionAlliances => "precision-alliances",
        }
    }

    /// Whether a double bid is allowed for a hand of `dealt` cards (Long Play: of `dealt`
    /// tricks, RULES.md reading 44) ("Double bidding is
    /// not allowed in the round where each player is dealt only one card"; Blind Bidding
    /// keeps the bid tokens of Normal Bidding; in The Split the hand is the half the bid
    /// is for; Wagering: "Double-bidding is not allowed in this round").
    pub const fn allows_double_bid(self, dealt: u8) -> bool {
        dealt > 1 && !matches!(self, RoundType::Wagering)
    }

    /// Whether every player sees each bid as it is placed (Normal Bidding: bid tokens are
    /// placed face up; Blind Bidding: face down until the end of the round).
    pub const fn bids_are_public(self) -> bool {
        !matches!(self, RoundType::BlindBidding)
    }

    /// The points a player scores at the end of the round (Blind Bidding: "earn points as
    /// in Normal bidding round").
    pub fn score(self, bid: Option<Bid>, won: u8) -> i32 {
        crate::scoring::round_points(bid, won)
    }
}

impl fmt::Display for RoundType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short())
    }
}

/// An unknown round type name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown round type {0:?}: one of normal, blind, long, leaked, split, stealth, precision, missions, blind-missions, wagering, duel, alliances, missions-alliances, precision-alliances"
)]
pub struct RoundTypeNameError(pub String);

impl FromStr for RoundType {
    type Err = RoundTypeNameError;
    /// The short name (`blind`) or the variant's name (`BlindBidding`), any case.
    fn from_str(s: &str) -> Result<RoundType, RoundTypeNameError> {
        let t = s.trim();
        RoundType::ALL
            .into_iter()
            .find(|r| r.short().eq_ignore_ascii_case(t) || format!("{r:?}").eq_ignore_ascii_case(t))
            .ok_or_else(|| RoundTypeNameError(t.to_owned()))
    }
}

/// A set of round types, bit [`RoundType::index`] per type.
fn mask(types: &[RoundType]) -> u16 {
    types.iter().fold(0, |m, t| m | 1 << t.index())
}

/// The round types of a set, in [`RoundType::ALL`] order.
pub(crate) fn listed(mask: u16) -> impl Iterator<Item = RoundType> {
    RoundType::ALL.into_iter().filter(move |t| mask >> t.index() & 1 == 1)
}

/// Which round type each round plays ("The expansion game: Organize the fights").
///
/// Travels as a round type's name for [`RoundTypes::Every`] (`"Normal"`, the base game),
/// else as `{"deal": [...]}`, `{"draw": [...]}` or `{"sequence": [...]}`.
///
/// ```
/// use crownbattles_rules::{Config, ConfigError, CrownBattles, RoundType, RoundTypes};
/// use duke_core::{Game, Observer};
///
/// // Shuffle the Normal Bidding and Blind Bidding cards; reveal one per round.
/// let mut config = Config::rulebook(Some(4)).unwrap();
/// config.round_types = RoundTypes::deal(&[RoundType::Normal, RoundType::BlindBidding]);
/// let game = CrownBattles::new(&config, 7).unwrap();
/// assert!(RoundType::IMPLEMENTED.contains(&game.view(Observer::Spectator).round_type));
/// // A fixed order, one type per scheduled round (8 rounds with 4 players).
/// let mut order = vec![RoundType::BlindBidding, RoundType::Normal];
/// order.resize(8, RoundType::Normal);
/// config.round_types = RoundTypes::sequence(&order).unwrap();
/// assert!(config.check().is_ok());
/// // Types excluded for the player count, and an Alliance type in the final round, are
/// // typed errors.
/// let mut duels = Config::rulebook(Some(3)).unwrap();
/// duels.round_types = RoundTypes::Every(RoundType::DuelFights);
/// assert_eq!(duels.check(), Err(ConfigError::RoundTypeExcluded { round_type: RoundType::DuelFights, players: 3 }));
/// config.round_types = RoundTypes::Every(RoundType::Alliances);
/// assert_eq!(config.check(), Err(ConfigError::AllianceInFinalRound));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RoundTypesWire", into = "RoundTypesWire")]
#[non_exhaustive]
pub enum RoundTypes {
    /// The same round type in every round (the base game: Normal Bidding).
    Every(RoundType),
    /// The chosen Round Type cards (bit [`RoundType::index`] per card), shuffled by the
    /// dealer; one is revealed per round, and the cards are shuffled again once all have
    /// been revealed (default reading of "randomly reveals one for each round").
    Deal(u16),
    /// The chosen round types, one drawn at random for each round from all of them (the
    /// other reading: a revealed card goes back before the next round).
    Draw(u16),
    /// A fixed sequence: round `r` plays entry `r`; tie replays play the last entry.
    Sequence {
        /// Entries used.
        len: u8,
        /// The round types, the first `len` used.
        types: [RoundType; MAX_ROUNDS],
    },
}

impl Default for RoundTypes {
    /// Normal Bidding in every round: the base game.
    fn default() -> Self {
        RoundTypes::Every(RoundType::Normal)
    }
}

impl RoundTypes {
    /// Deals these Round Type cards, one revealed per round (see [`RoundTypes::Deal`]).
    pub fn deal(types: &[RoundType]) -> RoundTypes {
        RoundTypes::Deal(mask(types))
    }

    /// Draws one of these round types for each round (see [`RoundTypes::Draw`]).
    pub fn draw(types: &[RoundType]) -> RoundTypes {
        RoundTypes::Draw(mask(types))
    }

    /// Plays these round types in order, one per scheduled round (at most [`MAX_ROUNDS`]).
    pub fn sequence(types: &[RoundType]) -> Result<RoundTypes, ConfigError> {
        if types.is_empty() || types.len() > MAX_ROUNDS {
            return Err(ConfigError::RoundSequence { len: types.len(), rounds: 0 });
        }
        let mut out = [RoundType::Normal; MAX_ROUNDS];
        for (slot, &t) in out.iter_mut().zip(types) {
            *slot = t;
        }
        Ok(RoundTypes::Sequence { len: types.len() as u8, types: out })
    }

    /// Whether this is the base game's Normal Bidding in every round.
    pub fn is_base(&self) -> bool {
        *self == RoundTypes::Every(RoundType::Normal)
    }

    /// Every round type a round may play (a set, bit [`RoundType::index`] per type).
    pub fn chosen(&self) -> u16 {
        match *self {
            RoundTypes::Every(t) => 1 << t.index(),
            RoundTypes::Deal(m) | RoundTypes::Draw(m) => m,
            RoundTypes::Sequence { .. } => mask(self.sequence_slice()),
        }
    }

    /// The sequence's entries (empty unless [`RoundTypes::Sequence`]).
    pub fn sequence_slice(&self) -> &[RoundType] {
        match self {
            RoundTypes::Sequence { len, types } => types.get(..usize::from(*len)).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// The round type of round `round` (0-based) when it is fixed (every round the same,
    /// or the sequence's entry, tie replays playing the last); `None` when it is dealt.
    pub fn fixed(&self, round: usize) -> Option<RoundType> {
        match *self {
            RoundTypes::Every(t) => Some(t),
            RoundTypes::Deal(_) | RoundTypes::Draw(_) => None,
            RoundTypes::Sequence { .. } => {
                let s = self.sequence_slice();
                s.get(round).or(s.last()).copied()
            }
        }
    }

    /// Checks the choice for `players` and a schedule of `rounds` rounds: at least one
    /// type, none excluded for the player count, all implemented, no Alliance type in the
    /// final round, a sequence as long as the schedule.
    pub(crate) fn check(&self, players: u8, rounds: usize) -> Result<(), ConfigError> {
        // The base game's Normal Bidding fits every player count and schedule.
        if self.is_base() {
            return Ok(());
        }
        let chosen = self.chosen();
        if chosen == 0 || chosen >> RoundType::ALL.len() != 0 {
            return Err(ConfigError::NoRoundTypes);
        }
        for t in listed(chosen) {
            if t.excluded_for(players) {
                return Err(ConfigError::RoundTypeExcluded { round_type: t, players });
            }
        }
        let last = match self {
            RoundTypes::Sequence { len, .. } if usize::from(*len) != rounds => {
                return Err(ConfigError::RoundSequence { len: usize::from(*len), rounds });
            }
            RoundTypes::Sequence { .. } | RoundTypes::Every(_) => {
                self.fixed(rounds.saturating_sub(1)).map(RoundType::is_alliance)
            }
            RoundTypes::Deal(m) | RoundTypes::Draw(m) => Some(listed(*m).all(RoundType::is_alliance)),
        };
        if last == Some(true) {
            return Err(ConfigError::AllianceInFinalRound);
        }
        Ok(())
    }
}

/// [`RoundTypes`] as it travels.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum RoundTypesWire {
    Every(RoundType),
    Deal { deal: Vec<RoundType> },
    Draw { draw: Vec<RoundType> },
    Sequence { sequence: Vec<RoundType> },
}

impl TryFrom<RoundTypesWire> for RoundTypes {
    type Error = ConfigError;
    fn try_from(w: RoundTypesWire) -> Result<RoundTypes, ConfigError> {
        Ok(match w {
            RoundTypesWire::Every(t) => RoundTypes::Every(t),
            RoundTypesWire::Deal { deal } => RoundTypes::deal(&deal),
            RoundTypesWire::Draw { draw } => RoundTypes::draw(&draw),
            RoundTypesWire::Sequence { sequence } => RoundTypes::sequence(&sequence)?,
        })
    }
}

impl From<RoundTypes> for RoundTypesWire {
    fn from(r: RoundTypes) -> RoundTypesWire {
        match r {
            RoundTypes::Every(t) => RoundTypesWire::Every(t),
            RoundTypes::Deal(m) => RoundTypesWire::Deal { deal: listed(m).collect() },
            RoundTypes::Draw(m) => RoundTypesWire::Draw { draw: listed(m).collect() },
            RoundTypes::Sequence { .. } => RoundTypesWire::Sequence { sequence: r.sequence_slice().to_vec() },
        }
    }
}
