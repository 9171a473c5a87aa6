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
pub(crate) mod options;
pub(crate) mod records;
mod stealth_play;
mod suit_precision;
mod suit_precision_alliances;
mod the_split;
mod wagering;

pub use crate::actions::Leak;
pub use alliances::{BOTH_MISSIONS_FAILED, MissionResult, combined_bid, mission_team_points, solo_points, team_points};
pub use options::{
    DuelPairing, DuelRules, LeakChoice, MissionShare, PrecisionTeamDouble, SplitLead, SplitMiss, TeamFormation,
    WageringRules,
};
pub use records::AllianceSetup;

pub use duel_fights::duel_points;
pub use records::pot_shares;
pub use suit_precision::suit_precision_points;
pub use suit_precision_alliances::{combined_suit_bids, solo_suit_precision_points, team_suit_precision_points};
pub use the_split::split_points;
pub use wagering::{EXTRA_WAGERS, STAKE, wagering_points};

use crate::actions::Bid;
pub(crate) use crate::round_types::listed;
pub use crate::round_types::{RoundType, RoundTypeNameError, RoundTypes};
use crate::state::CrownBattles;

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
