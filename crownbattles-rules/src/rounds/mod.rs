//! Round types (rulebook "The expansion game"): the rule set a round plays by over the
//! shared trick engine (`trick.rs`, `play.rs`). A round type decides its bidding, its
//! scoring and what of the bids others see; [`RoundTypes`] says which type each round
//! plays: one for every round (the base game plays Normal Bidding), the players' chosen
//! Round Type cards revealed one per round from the game generator, or a fixed sequence.
//!
//! All 14 types of "The expansion game" are implemented: Normal Bidding, Blind Bidding
//! (`blind_bidding.rs`), Long Play (`long_play.rs`), Leaked Suit (`leaked_suit.rs`), The
//! Split (`the_split.rs`), Stealth Play (`stealth_play.rs`), Suit Precision
//! (`suit_precision.rs`), Missions and Blind Missions (`missions/`), Wagering
//! (`wagering.rs`), Duel Fights (`duel_fights.rs`), Alliances and Missions-Alliances
//! (`alliances.rs`), and Suit Precision-Alliances (`suit_precision_alliances.rs`). A config
//! may still choose none, or types its player count excludes: typed errors
//! ([`ConfigError::NoRoundTypes`], [`ConfigError::RoundTypeExcluded`]).

pub(crate) mod alliances;
mod blind_bidding;
mod duel_fights;
mod leaked_suit;
mod long_play;
pub(crate) mod missions;
mod stealth_play;
mod suit_precision;
mod suit_precision_alliances;
mod the_split;
mod wagering;

pub use alliances::{
    AllianceSetup, BOTH_MISSIONS_FAILED, MissionResult, MissionShare, TeamFormation, combined_bid, mission_team_points,
    solo_points, team_points,
};
pub use leaked_suit::{Leak, LeakChoice};
pub(crate) use long_play::{LongPlay, long_winner, second_pass_of};

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

pub(crate) use duel_fights::Duels;
pub use duel_fights::{DuelPairing, DuelRules, duel_points};
pub use suit_precision::suit_precision_points;
pub(crate) use suit_precision::{Precision, decode as decode_suit_bid, encode as encode_suit_bid};
pub use suit_precision_alliances::{
    PrecisionTeamDouble, combined_suit_bids, solo_suit_precision_points, team_suit_precision_points,
};
pub use the_split::{SplitLead, SplitMiss, split_points};
pub(crate) use wagering::Wagering;
pub use wagering::{EXTRA_WAGERS, STAKE, WageringRules, pot_shares, wagering_points};

use crate::actions::Bid;
use crate::schedule::MAX_ROUNDS;
use crate::setup::ConfigError;
use crate::state::CrownBattles;

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

impl CrownBattles {
    /// The points of every seat for a round settled together
    /// ([`RoundType::settles_together`]) with these final bids and tricks, and the pot
    /// left after it.
    pub(crate) fn settlement(
        &self,
        bids: &[Option<Bid>; crate::state::MAX_PLAYERS],
        tricks: &[u8; crate::state::MAX_PLAYERS],
    ) -> ([i32; crate::state::MAX_PLAYERS], u16) {
        if self.duel() {
            return (self.duel_settlement(bids, tricks), self.table.rounds.wagering.pot);
        }
        self.wagering_settlement(bids, tricks)
    }

    /// Scores a round settled together: every seat's points, and the pot carried over.
    /// (Out of line: the base game's rounds never come here.)
    #[inline(never)]
    pub(crate) fn settle_together(&mut self) {
        let (points, pot) = self.settlement(&self.table.bids, &self.table.tricks);
        for (score, p) in self.table.scores.iter_mut().zip(points) {
            *score = score.saturating_add(p);
        }
        self.table.rounds.wagering.pot = pot;
    }
}

/// The Alliance types, as a set.
const ALLIANCES: u16 = 1 << RoundType::Alliances as u16
    | 1 << RoundType::MissionsAlliances as u16
    | 1 << RoundType::SuitPrecisionAlliances as u16;

impl CrownBattles {
    /// "The dealer shuffles the chosen cards and randomly reveals one for each round": the
    /// round type of the round starting now. A dealt card leaves the pile (`round_pile`),
    /// which is refilled with every chosen card once it holds none that may be revealed;
    /// the final round (and its tie replays) may not reveal an Alliance type. Fixed types
    /// use no chance, so the base game's draws are unchanged.
    pub(crate) fn reveal_round_type(&mut self) {
        if let RoundTypes::Every(t) = self.config.round_types {
            self.table.rounds.round_type = t;
            return;
        }
        let round = usize::from(self.table.round);
        if let Some(t) = self.config.round_types.fixed(round) {
            self.table.rounds.round_type = t;
            return;
        }
        let (chosen, keep_pile) = match self.config.round_types {
            RoundTypes::Deal(m) => (m, true),
            _ => (self.config.round_types.chosen(), false),
        };
        let allowed = if self.is_final_round() { !ALLIANCES } else { u16::MAX };
        if !keep_pile || self.table.rounds.round_pile & allowed == 0 {
            self.table.rounds.round_pile = chosen;
        }
        let eligible = self.table.rounds.round_pile & allowed;
        let pick = self.table.rng.below(eligible.count_ones());
        if let Some(t) = listed(eligible).nth(pick as usize) {
            self.table.rounds.round_type = t;
        }
        self.table.rounds.round_pile =
            if keep_pile { self.table.rounds.round_pile & !(1 << self.table.rounds.round_type.index()) } else { 0 };
    }

    /// The round types this state's round could be: the config's fixed type, or any chosen
    /// type (not an Alliance in the final round). Used by validation.
    pub(crate) fn round_type_fits(&self) -> bool {
        let round = usize::from(self.table.round);
        match self.config.round_types.fixed(round) {
            Some(t) => t == self.table.rounds.round_type && self.table.rounds.round_pile == 0,
            None => {
                let chosen = self.config.round_types.chosen();
                let in_chosen = chosen >> self.table.rounds.round_type.index() & 1 == 1;
                let alliance_last = self.table.rounds.round_type.is_alliance() && self.is_final_round();
                let pile_ok = match self.config.round_types {
                    RoundTypes::Deal(_) => {
                        self.table.rounds.round_pile & !chosen == 0
                            && self.table.rounds.round_pile >> self.table.rounds.round_type.index() & 1 == 0
                    }
                    _ => self.table.rounds.round_pile == 0,
                };
                in_chosen && !alliance_last && pile_ok
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use duke_core::Game;

    use super::*;
    use crate::schedule::Schedule;
    use crate::setup::Config;

    /// "No Alliance round in the final round": the machinery keeps the Alliance types out
    /// of the last round and its tie replays, and deals them in earlier rounds.
    #[test]
    fn the_final_round_reveals_no_alliance_type() {
        let config = Config { schedule: Schedule::new(&[1, 1, 1]).unwrap(), ..Config::default() };
        let mut game = CrownBattles::new(&config, 1).unwrap();
        let both = 1 << RoundType::Normal.index() | 1 << RoundType::Alliances.index();
        game.config.round_types = RoundTypes::Draw(both);
        let mut earlier = std::collections::BTreeSet::new();
        for seed in 0..40 {
            game.table.rng = duke_core::GameRng::new(seed);
            game.table.round = 0;
            game.reveal_round_type();
            earlier.insert(game.table.rounds.round_type);
            for last in [2, 3] {
                game.table.round = last;
                game.reveal_round_type();
                assert_eq!(game.table.rounds.round_type, RoundType::Normal, "seed {seed}, round {last}");
            }
        }
        assert!(earlier.contains(&RoundType::Alliances), "{earlier:?}");
        // A dealt pile holding only an Alliance card is refilled for the final round.
        game.config.round_types = RoundTypes::Deal(both);
        game.table.round = 2;
        game.table.rounds.round_pile = 1 << RoundType::Alliances.index();
        game.reveal_round_type();
        assert_eq!(game.table.rounds.round_type, RoundType::Normal);
        assert_eq!(game.table.rounds.round_pile, 1 << RoundType::Alliances.index());
        let only = Config { round_types: RoundTypes::deal(&[RoundType::Alliances]), ..config };
        assert!(only.check().is_err());
    }
}
