//! The Split (rulebook "The Split"): "two separate smaller rounds. Players split their hand
//! of cards into two equals and place 2 separate bids, one for each half of cards. If the
//! number of cards in hand dealt is odd, the larger portion is played in the second
//! round"; "Players place their 2 bids in a clockwise manner"; its own scoring.
//!
//! The round goes: the deal and the spin as always; the split ([`Phase::Splitting`]):
//! every seat at once sets aside, face down, the cards of its second half one by one
//! (`aside R12`); the bids: clockwise from the dealer's left, each seat places its first
//! half's bid and then its second half's; the first half's tricks; then the set-aside
//! halves are taken up and their tricks are played, led again from the dealer's left; the
//! round is scored once, with both bids ([`split_points`]).
//!
//! State: `aside` (the set-aside second halves), `other_bids` (the bids of the half not
//! being played: the second half's during the first, the first half's during the second;
//! `bids` is always the half being played, so the Jester and "Screw the dealer" act on
//! it) and `first_tricks` (the first half's tricks, during the second). Readings (RULES.md,
//! reading 36): the split is the player's secret choice; the power cards act on the half
//! being played; voids shown in the first half say nothing of the second; the scoring of a
//! failed round ([`SplitMiss`]); double bids and the bid tokens per half as in Normal
//! Bidding.

use duke_core::Seat;

use crate::actions::{Action, Bid};
use crate::cards::{Card, CardSet};
use crate::position::SetupError;
use crate::round_types::RoundType;
use crate::rounds::options::{SplitLead, SplitMiss};
use crate::state::{CrownBattles, MAX_PLAYERS, Phase, at, put};
use crate::trick::Trick;

/// The points of a round of The Split for one player, from the bid and the tricks of each
/// half (rulebook "The Split", "Scoring"):
/// - both bids met: 10 per trick and a 10-point bonus per hand ("If a player bids 2 for
///   the first hand and 1 for the second, they score 50 points"), except 0 and 0, which
///   scores 10 in total ("they still earn 10 bonus points in total");
/// - otherwise: a missed hand loses 10 per trick it is off ("in just that specific bid"),
///   a met hand scores as `miss` says, no bonus.
///
/// A met double bid scores half of a single one (5 per trick and a 5-point bonus, or 5
/// for the hand), as in Normal Bidding ("Double Bidding": "half the usual points"). A
/// missing bid scores 0 for its hand.
pub fn split_points(first: (Option<Bid>, u8), second: (Option<Bid>, u8), miss: SplitMiss) -> i32 {
    let met = |(bid, won): (Option<Bid>, u8)| bid.is_some_and(|b| b.low() <= won && won <= b.high());
    let halves = [first, second];
    // A double bid scores half: points are computed doubled, then halved.
    let twice = |b: Bid, single: i32| if matches!(b, Bid::Single(_)) { 2 * single } else { single };
    if halves.iter().all(|&h| met(h)) {
        if halves.iter().all(|&(b, _)| b == Some(Bid::Single(0))) {
            return 10;
        }
        return halves.iter().map(|&(b, won)| b.map_or(0, |b| twice(b, 10 * i32::from(won) + 10) / 2)).sum();
    }
    halves
        .iter()
        .map(|&(bid, won)| {
            let Some(b) = bid else { return 0 };
            if met((bid, won)) {
                let single = match miss {
                    SplitMiss::PerHand => 10,
                    SplitMiss::PerTrick => 10 * i32::from(won),
                };
                twice(b, single) / 2
            } else {
                let (won, low, high) = (i32::from(won), i32::from(b.low()), i32::from(b.high()));
                -10 * (low - won).max(won - high)
            }
        })
        .sum()
}

impl CrownBattles {
    /// Whether this round is a round of The Split.
    #[inline]
    pub(crate) fn split(&self) -> bool {
        self.table.rounds.round_type == RoundType::TheSplit
    }

    /// The Split: the cards of each half, (first, second): "the larger portion is played in
    /// the second round".
    pub(crate) fn halves(&self) -> (u8, u8) {
        let dealt = self.cards_this_round();
        (dealt / 2, dealt - dealt / 2)
    }

    /// The Split: whether the second half is being played (the set-aside halves were taken
    /// up): every bid of both halves placed and nothing set aside.
    pub(crate) fn second_half(&self) -> bool {
        let n = self.n();
        self.split()
            && self.table.rounds.aside.iter().all(|a| a.is_empty())
            && self.table.bids.iter().take(n).all(Option::is_some)
            && self.table.rounds.other_bids.iter().take(n).all(Option::is_some)
    }

    /// The Split: the seats still setting aside their second half (none outside the split).
    pub(crate) fn splitters(&self) -> duke_core::SeatSet {
        if self.table.phase != Phase::Splitting {
            return duke_core::SeatSet::EMPTY;
        }
        let (_, second) = self.halves();
        self.seats().filter(|&s| at(&self.table.rounds.aside, s).len() < u32::from(second)).collect()
    }

    /// The Split's legal set-asides: one of each face of the hand.
    pub(crate) fn push_set_asides(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.splitters().contains(seat) {
            out.extend(self.hand(seat).faces().map(Action::SetAside));
        }
    }

    /// Sets `card` aside for the second half; once every seat has set aside its second
    /// half, the bidding starts from the dealer's left.
    pub(crate) fn set_aside(&mut self, seat: Seat, card: Card) {
        self.take(seat, card);
        if let Some(a) = self.table.rounds.aside.get_mut(seat.index()) {
            a.insert(card);
        }
        if self.splitters().is_empty() {
            self.table.phase = Phase::Bidding(self.table.dealer.left(self.n()));
        }
    }

    /// The Split's bidding: each seat places its first half's bid, then its second half's,
    /// clockwise from the dealer's left; after the last, the first half's tricks (or, with
    /// a one-card deal, whose first half is empty, the second half's) are played.
    pub(crate) fn place_split_bid(&mut self, seat: Seat, bid: Bid) {
        let n = self.n();
        if at(&self.table.bids, seat).is_none() {
            put(&mut self.table.bids, seat, Some(bid));
            return;
        }
        put(&mut self.table.rounds.other_bids, seat, Some(bid));
        let next = seat.left(n);
        if next != self.table.dealer.left(n) {
            self.table.phase = Phase::Bidding(next);
        } else if self.hand(next).is_empty() {
            self.start_second_half();
        } else {
            self.table.phase = Phase::Play(next);
        }
    }

    /// The Split: the bids placed so far for the half a bid is now for (the first half's
    /// while a seat has not bid for it, else the second half's), and that half's cards.
    pub(crate) fn split_bidding_half(&self, seat: Seat) -> (&[Option<Bid>; MAX_PLAYERS], u8) {
        let (first, second) = self.halves();
        if at(&self.table.bids, seat).is_none() {
            (&self.table.bids, first)
        } else {
            (&self.table.rounds.other_bids, second)
        }
    }

    /// Whether every bid of the round is placed (The Split: both bids of every seat;
    /// Missions: every mission chosen, as they replace the bids; Suit Precision: the four
    /// suit bids of every seat).
    pub(crate) fn bids_complete(&self) -> bool {
        let n = self.n();
        if self.table.rounds.round_type.has_missions() || self.precision() {
            return self.placed_bids() == n;
        }
        let placed = if self.split() { &self.table.rounds.other_bids } else { &self.table.bids };
        placed.iter().take(n).all(Option::is_some)
    }

    /// The Split: the seats that placed both bids.
    pub(crate) fn split_bidders_done(&self) -> usize {
        self.table.rounds.other_bids.iter().take(self.n()).filter(|b| b.is_some()).count()
    }

    /// The first half is over: its bids and tricks are kept for the score, the set-aside
    /// halves are taken up (their voids are unknown: nothing of them was shown) and the
    /// player left of the dealer leads ("two separate smaller rounds"), or with
    /// [`SplitLead::LastWinner`] whoever leads after the last trick (`self.table.trick` is the
    /// next, empty trick; RULES.md, reading 36).
    pub(crate) fn start_second_half(&mut self) {
        core::mem::swap(&mut self.table.bids, &mut self.table.rounds.other_bids);
        self.table.rounds.first_tricks = self.table.tricks;
        self.table.tricks = [0; MAX_PLAYERS];
        self.table.hands = self.table.rounds.aside;
        self.table.rounds.aside = [CardSet::EMPTY; MAX_PLAYERS];
        self.table.voids = [0; MAX_PLAYERS];
        let leader = match self.config.split_lead {
            SplitLead::DealersLeft => self.table.dealer.left(self.n()),
            SplitLead::LastWinner => self.table.trick.next_leader,
        };
        self.table.trick = Trick::new(leader);
        self.table.phase = Phase::Play(leader);
    }

    /// The cards of the hand being played, and of the halves played before it: the round's
    /// (and none) outside The Split, before its split and during it; the first half's (and
    /// none) during the first half; the second half's (and the first half's) during the
    /// second.
    pub(crate) fn dealt_in_half(&self) -> (usize, usize) {
        let dealt = usize::from(self.cards_this_round());
        let (first, second) = self.halves();
        let before_split = self.table.phase == Phase::Splitting || self.table.rounds.aside.iter().all(|a| a.is_empty());
        if !self.split() || before_split && !self.second_half() {
            (dealt, 0)
        } else if self.second_half() {
            (usize::from(second), usize::from(first))
        } else {
            (usize::from(first), 0)
        }
    }

    /// The halves of The Split fit the phase: nothing of them outside The Split; during the
    /// split at most a second half set aside and no bid; then whole second halves set
    /// aside until the first half is played; a seat's bid for the other half only after
    /// its bid for this one, within the tokens (a double bid only for a half of more than
    /// one card); first-half tricks only in the second half, no more than its cards.
    pub(crate) fn check_split(&self) -> Result<(), SetupError> {
        let n = self.n();
        let unused = |from: usize| {
            self.table.rounds.aside.iter().skip(from).all(|a| a.is_empty())
                && self.table.rounds.other_bids.iter().skip(from).all(Option::is_none)
                && self.table.rounds.first_tricks.iter().skip(from).all(|&t| t == 0)
        };
        if !self.split() {
            return if unused(0) { Ok(()) } else { Err(SetupError::Split) };
        }
        let (first, second) = self.halves();
        let second_half = self.second_half();
        let sizes = self.table.rounds.aside.iter().take(n).map(|a| a.len()).collect::<Vec<_>>();
        let asides_fit = if self.table.phase == Phase::Splitting {
            sizes.iter().all(|&k| k <= u32::from(second))
                && self.table.bids.iter().chain(&self.table.rounds.other_bids).all(Option::is_none)
        } else {
            second_half || sizes.iter().all(|&k| k == 0) || sizes.iter().all(|&k| k == u32::from(second))
        };
        let won: u32 = self.table.rounds.first_tricks.iter().map(|&t| u32::from(t)).sum();
        let tricks_fit = if second_half { won <= u32::from(first) } else { won == 0 };
        if !unused(n) || !asides_fit || !tricks_fit {
            return Err(SetupError::Split);
        }
        let other_half = if second_half { first } else { second };
        for s in self.seats() {
            let Some(bid) = at(&self.table.rounds.other_bids, s) else { continue };
            let double = matches!(bid, Bid::Double(_));
            if at(&self.table.bids, s).is_none() {
                return Err(SetupError::Split);
            }
            if bid.high() > self.config.max_bid || double && !self.table.rounds.round_type.allows_double_bid(other_half)
            {
                return Err(SetupError::Bid { seat: s, bid });
            }
        }
        Ok(())
    }

    /// The points `seat` scores for the round, from its bid and tricks of the half being
    /// played (and, in The Split, of the first half).
    pub(crate) fn points_for(&self, seat: Seat, bid: Option<Bid>, won: u8) -> i32 {
        if self.split() {
            let first = (at(&self.table.rounds.other_bids, seat), at(&self.table.rounds.first_tricks, seat));
            return split_points(first, (bid, won), self.config.split_miss);
        }
        self.table.rounds.round_type.score(bid, won)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule case by case, both readings of a failed round.
    #[test]
    fn split_points_case_by_case() {
        let s = |n| Some(Bid::Single(n));
        let d = |n| Some(Bid::Double(n));
        for miss in [SplitMiss::PerHand, SplitMiss::PerTrick] {
            // "Bids 2 for the first hand and 1 for the second … 50 points".
            assert_eq!(split_points((s(2), 2), (s(1), 1), miss), 50);
            // "0 tricks in both bids … 10 bonus points in total".
            assert_eq!(split_points((s(0), 0), (s(0), 0), miss), 10);
            assert_eq!(split_points((s(0), 0), (s(1), 1), miss), 30);
            // A met double bid: half (5 per trick, 5 bonus).
            assert_eq!(split_points((d(1), 2), (s(1), 1), miss), 15 + 20);
            // Both missed: 10 per trick off, each.
            assert_eq!(split_points((s(3), 1), (d(1), 4), miss), -20 - 20);
        }
        // One met, one missed: the met hand scores 10 (per hand) or 10 per trick.
        assert_eq!(split_points((s(3), 3), (s(2), 0), SplitMiss::PerHand), 10 - 20);
        assert_eq!(split_points((s(3), 3), (s(2), 0), SplitMiss::PerTrick), 30 - 20);
        assert_eq!(split_points((s(0), 0), (s(2), 3), SplitMiss::PerHand), 10 - 10);
        assert_eq!(split_points((s(0), 0), (s(2), 3), SplitMiss::PerTrick), -10);
        assert_eq!(split_points((d(2), 3), (s(2), 3), SplitMiss::PerHand), 5 - 10);
        assert_eq!(split_points((d(2), 3), (s(2), 3), SplitMiss::PerTrick), 15 - 10);
        assert_eq!(split_points((None, 0), (None, 0), SplitMiss::PerHand), 0);
    }
}
