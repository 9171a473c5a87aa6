//! Wagering (rulebook "Wagering"): everyone stakes 20 points into a pot; those who meet
//! their bids share it, rounded down to 5, the rest goes to the bank; with no winner the
//! pot carries over to the next Wagering round. Optionally ("Optional addition") a player
//! wagers an extra 10 or 20 points, which a met bid doubles from the bank and a failed one
//! loses. No double bids ("NOTES").
//!
//! The round goes as Normal Bidding (bids clockwise from the dealer's left, then the
//! tricks); with [`WageringRules::extra_wagers`] a player may, on its turn to bid and
//! before its bid, place one extra wager (`wager 10`, `wager 20`), seen by everyone.
//!
//! State ([`Wagering`], one small field of the game): the pot carried from earlier
//! Wagering rounds without a winner, and this round's extra wagers. Readings (RULES.md,
//! readings 50–52): the stakes and wagers are settled with the round's score at its end,
//! so `running_scores` count them only from then; a Wagering round scores only the pot and
//! the wagers (or also Normal Bidding's points, [`WageringRules::bid_points`]); the pot is
//! in no player's score, carries over only to a later Wagering round, and a pot left at
//! the game's end goes to the bank.

use duke_core::Seat;

use crate::actions::{Action, Bid};
use crate::position::SetupError;
use crate::round_types::RoundType;
use crate::rounds::records::pot_shares;
use crate::state::{CrownBattles, MAX_PLAYERS, Phase, at};

/// What each player stakes into the pot ("everyone contributes 20 points to a pot").
pub const STAKE: u16 = 20;

/// The extra wagers a player may place ("an extra 10 or 20 points").
pub const EXTRA_WAGERS: [u8; 2] = [10, 20];

/// The points of one player in a settled Wagering round, besides its share of the pot: the
/// stake (−20), and an extra wager won (+`wager`, "they get a 20-point bonus from the bank"
/// on top of the wager they keep) or lost (−`wager`), and with `bid_points` Normal
/// Bidding's points.
pub fn wagering_points(bid: Option<Bid>, won: u8, wager: u8, bid_points: bool) -> i32 {
    let met = bid.is_some_and(|b| b.low() <= won && won <= b.high());
    let wager = i32::from(wager);
    let extra = if met { wager } else { -wager };
    let normal = if bid_points { crate::scoring::round_points(bid, won) } else { 0 };
    -i32::from(STAKE) + extra + normal
}

impl CrownBattles {
    /// Whether this round is a Wagering round.
    #[inline]
    pub(crate) fn wagering(&self) -> bool {
        self.table.rounds.round_type == RoundType::Wagering
    }

    /// The extra wager `seat` placed this round (0, 10 or 20).
    pub(crate) fn wager_of(&self, seat: Seat) -> u8 {
        match self.table.rounds.wagering.wagers >> (2 * seat.index().min(7)) & 3 {
            1 => 10,
            2 => 20,
            _ => 0,
        }
    }

    /// The pot on the table: the carried pot, and in a Wagering round being played
    /// everyone's stake (after the game's last round, what is left).
    pub(crate) fn pot_on_table(&self) -> u16 {
        let stakes =
            if self.wagering() && self.table.phase != Phase::Over { STAKE * self.config.players as u16 } else { 0 };
        self.table.rounds.wagering.pot.saturating_add(stakes)
    }

    /// Whether `seat` may place an extra wager now: optional rule on, its turn to bid, none
    /// placed yet this round.
    fn may_wager(&self, seat: Seat) -> bool {
        self.wagering()
            && self.config.wagering.extra_wagers
            && self.table.phase == Phase::Bidding(seat)
            && at(&self.table.bids, seat).is_none()
            && self.wager_of(seat) == 0
    }

    /// The extra wagers `seat` may place (before its bid). (Out of line: the base game's
    /// bids skip it.)
    #[inline(never)]
    pub(crate) fn push_wagers(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.may_wager(seat) {
            out.extend(EXTRA_WAGERS.map(Action::Wager));
        }
    }

    /// Whether `Action::Wager(points)` is legal for `seat`.
    #[inline(never)]
    pub(crate) fn wager_allowed(&self, seat: Seat, points: u8) -> bool {
        self.may_wager(seat) && EXTRA_WAGERS.contains(&points)
    }

    /// Places an extra wager, kept separate until the round is settled ("Keep wagers
    /// separate for clarity").
    #[inline(never)]
    pub(crate) fn place_wager(&mut self, seat: Seat, points: u8) {
        let code = if points == 20 { 2 } else { 1 };
        self.table.rounds.wagering.wagers |= code << (2 * seat.index().min(7));
    }

    /// The points of every seat for a Wagering round with these final bids and tricks, and
    /// the pot left after it (carried over when no one met its bid, else 0: the remainder
    /// of the shares goes to the bank).
    pub(crate) fn wagering_settlement(
        &self,
        bids: &[Option<Bid>; MAX_PLAYERS],
        tricks: &[u8; MAX_PLAYERS],
    ) -> ([i32; MAX_PLAYERS], u16) {
        let met = |s: Seat| at(bids, s).is_some_and(|b| b.low() <= at(tricks, s) && at(tricks, s) <= b.high());
        let winners = self.seats().filter(|&s| met(s)).count() as u8;
        let pot = self.pot_on_table();
        let (share, _) = pot_shares(pot, winners);
        let mut points = [0; MAX_PLAYERS];
        for s in self.seats() {
            let own = wagering_points(at(bids, s), at(tricks, s), self.wager_of(s), self.config.wagering.bid_points);
            crate::state::put(&mut points, s, own + if met(s) { i32::from(share) } else { 0 });
        }
        (points, if winners == 0 { pot } else { 0 })
    }

    /// The wagering state fits the game: a pot only when the config may deal a Wagering
    /// round, a multiple of the stake; extra wagers only in a Wagering round with the
    /// optional rule, of 10 or 20, by seats that have bid or are bidding now.
    pub(crate) fn check_wagering(&self) -> Result<(), SetupError> {
        let w = self.table.rounds.wagering;
        let possible = self.config.round_types.chosen() >> RoundType::Wagering.index() & 1 == 1;
        if w.pot != 0 && (!possible || !w.pot.is_multiple_of(STAKE)) {
            return Err(SetupError::Wagering("a pot carried over without a Wagering round, or not in stakes of 20"));
        }
        if w.wagers == 0 {
            return Ok(());
        }
        if !self.wagering() || !self.config.wagering.extra_wagers {
            return Err(SetupError::Wagering("extra wagers outside a Wagering round with extra wagers"));
        }
        for i in 0..MAX_PLAYERS {
            let code = w.wagers >> (2 * i) & 3;
            let s = Seat(i as u8);
            let placed = i < self.n() && (at(&self.table.bids, s).is_some() || self.table.phase == Phase::Bidding(s));
            if code == 3 || code != 0 && !placed {
                return Err(SetupError::Wagering("an extra wager of a seat that has not come to bid"));
            }
        }
        Ok(())
    }

    /// Sets this round's extra wagers from a setup (points per seat, P0 first).
    pub(crate) fn set_wagers(&mut self, wagers: &[u8]) -> Result<(), SetupError> {
        for (i, &w) in wagers.iter().enumerate() {
            match w {
                0 => {}
                10 | 20 => self.place_wager(Seat(i as u8), w),
                _ => return Err(SetupError::Wagering("an extra wager is 10 or 20")),
            }
        }
        Ok(())
    }

    /// This round's extra wagers, points per seat (empty when there are none).
    pub(crate) fn wagers_list(&self) -> Vec<u8> {
        if self.table.rounds.wagering.wagers == 0 {
            Vec::new()
        } else {
            self.seats().map(|s| self.wager_of(s)).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "If 3 out of 5 players win a total pot of 100 points (20 points each), each of the
    /// three players receives 30 points (rounded down to the nearest 5). The remaining 10
    /// points go to the bank."
    #[test]
    fn three_of_five_share_a_pot_of_100_as_30_each_and_10_to_the_bank() {
        assert_eq!(pot_shares(100, 3), (30, 10));
        assert_eq!(pot_shares(100, 0), (0, 0));
        assert_eq!(pot_shares(80, 3), (25, 5));
        assert_eq!(pot_shares(140, 1), (140, 0));
    }

    /// "If a player bets 20 extra points, they get a 20-point bonus from the bank. If the
    /// player fails to meet their bid, they lose their extra bets."
    #[test]
    fn a_met_extra_wager_of_20_earns_20_and_a_failed_one_loses_it() {
        let bid = Some(Bid::Single(2));
        assert_eq!(wagering_points(bid, 2, 20, false), -20 + 20);
        assert_eq!(wagering_points(bid, 1, 20, false), -20 - 20);
        assert_eq!(wagering_points(bid, 2, 10, false), -20 + 10);
        assert_eq!(wagering_points(bid, 2, 0, false), -20);
        assert_eq!(wagering_points(bid, 2, 0, true), -20 + 40);
        assert_eq!(wagering_points(bid, 4, 10, true), -20 - 10 - 20);
    }
}
