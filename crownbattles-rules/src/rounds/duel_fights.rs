//! Duel Fights (rulebook "Duel Fights"): the dealer pairs the players, who bid as in
//! Normal Bidding and are scored against their group: two players ("Duel Fight") or, with
//! an odd count, one group of three ("3-Way Fight").
//!
//! The round goes: the deal and the spin; the pairing ([`Phase::Pairing`]): the dealer
//! forms the groups one at a time (`duel P0 P3`, or the group of three `duel P0 P2 P4`),
//! each group holding the lowest seat not yet grouped, and the last group is formed by
//! itself once only its members are left (with [`DuelPairing::Random`] the game generator
//! pairs everyone instead); the bids, clockwise from the dealer's left as in Normal
//! Bidding, which makes the player closest to the dealer clockwise start the bidding in
//! each group; the tricks; the round is scored group by group ([`duel_points`]).
//!
//! State ([`Duels`], one small field of the game): each seat's group and who is grouped.
//! Readings (RULES.md, readings 53–56): the pairing is the dealer's public choice after the
//! deal and the spin; the groups bid interleaved in the one clockwise order; a met bid
//! scores 10 per trick without the bonus, as every printed example counts it (or with
//! Normal Bidding's bonus, [`DuelRules::winner_bonus`]); the losers' lost points are
//! divided between the winners rounded down to 5; with no winner the smallest margin
//! collects 10 per miss of difference from each other player and no one else loses points
//! (or everyone also loses its misses to the bank, [`DuelRules::misses_to_bank`]).

use duke_core::Seat;

use crate::actions::{Action, Bid};
use crate::position::SetupError;
use crate::round_types::RoundType;
use crate::rounds::options::{DuelPairing, DuelRules};
use crate::state::{CrownBattles, MAX_PLAYERS, Phase, at, bit};

/// The points of each player of a group of two or three (rulebook "Duel Fights", "Duel
/// Fight" and "3-Way Fight"), from each one's bid and tricks; entries past the group are 0.
/// A player's margin is how many tricks it is off its bid.
/// - All met: 10 per trick, no bonus ("10 points for every trick won, but without any
///   bonus points").
/// - Some met: each winner scores 10 per trick (with `winner_bonus`: Normal Bidding's
///   points); each loser loses 10 per trick off; the winners divide what the losers lost,
///   rounded down to 5 ("takes points equal to what the losing player loses"; "they divide
///   the aggregate amount of points lost by the losing players, rounding down to the
///   nearest 5").
/// - None met: if every margin is the same, each loses 10 per trick off to the bank
///   ("both players lose their points to the bank"); else each other player pays 10 per
///   trick of margin beyond the smallest, divided between the smallest margins ("In case
///   of a 2-player tie, players split the points from the third losing player"), and with
///   `misses_to_bank` everyone also loses 10 per trick off.
///
/// A met double bid scores half (5 per trick), as in Normal Bidding.
pub fn duel_points(group: &[(Option<Bid>, u8)], rules: DuelRules) -> [i32; 3] {
    let mut out = [0; 3];
    let g = group.get(..group.len().min(3)).unwrap_or(&[]);
    let met = |&(b, w): &(Option<Bid>, u8)| b.is_some_and(|b: Bid| b.low() <= w && w <= b.high());
    let margin = |&(b, w): &(Option<Bid>, u8)| {
        b.map_or(0, |b: Bid| (i32::from(b.low()) - i32::from(w)).max(i32::from(w) - i32::from(b.high())).max(0))
    };
    let per_trick = |&(b, w): &(Option<Bid>, u8)| match b {
        Some(Bid::Single(_)) => 10 * i32::from(w),
        Some(Bid::Double(_)) => 5 * i32::from(w),
        None => 0,
    };
    let winners = g.iter().filter(|p| met(p)).count() as i32;
    if winners == g.len() as i32 {
        for (o, p) in out.iter_mut().zip(g) {
            *o = per_trick(p);
        }
    } else if winners > 0 {
        let lost: i32 = g.iter().filter(|p| !met(p)).map(|p| 10 * margin(p)).sum();
        let share = lost / winners / 5 * 5;
        for (o, p) in out.iter_mut().zip(g) {
            let own = if rules.winner_bonus { crate::scoring::round_points(p.0, p.1) } else { per_trick(p) };
            *o = if met(p) { own + share } else { -10 * margin(p) };
        }
    } else {
        let best = g.iter().map(margin).min().unwrap_or(0);
        let tied = g.iter().filter(|p| margin(p) == best).count() as i32;
        if tied == g.len() as i32 {
            for (o, p) in out.iter_mut().zip(g) {
                *o = -10 * margin(p);
            }
            return out;
        }
        let paid: i32 = g.iter().map(|p| 10 * (margin(p) - best)).sum();
        let share = paid / tied / 5 * 5;
        for (o, p) in out.iter_mut().zip(g) {
            let own = if rules.misses_to_bank { -10 * margin(p) } else { 0 };
            *o = own + if margin(p) == best { share } else { -10 * (margin(p) - best) };
        }
    }
    out
}

impl CrownBattles {
    /// Whether this round is a Duel Fights round.
    #[inline]
    pub(crate) fn duel(&self) -> bool {
        self.table.rounds.round_type == RoundType::DuelFights
    }

    /// The group of a grouped seat.
    pub(crate) fn group_of(&self, seat: Seat) -> Option<u8> {
        (self.table.rounds.duels.grouped & bit(seat) != 0)
            .then(|| (self.table.rounds.duels.groups >> (2 * seat.index().min(7)) & 3) as u8)
    }

    /// The groups formed so far, each in seat order.
    pub(crate) fn duel_groups(&self) -> Vec<Vec<Seat>> {
        let formed = self.table.rounds.duels.grouped.count_ones() / 2;
        (0..formed as u8).map(|g| self.seats().filter(|&s| self.group_of(s) == Some(g)).collect()).collect()
    }

    /// The seats not grouped yet.
    fn ungrouped(&self) -> u8 {
        !self.table.rounds.duels.grouped & (((1u16 << self.n()) - 1) as u8)
    }

    /// Whether the pairing of a Duel Fights round is still to be done.
    pub(crate) fn pairing_pending(&self) -> bool {
        self.duel() && self.ungrouped() != 0
    }

    /// Puts these seats in the next group; once only the last group's members are left
    /// (two, or three when the group of three is still to be formed) they form it.
    fn form_group(&mut self, members: &[Seat]) {
        let index = u16::from(self.table.rounds.duels.grouped.count_ones() as u8 / 2);
        for &s in members {
            self.table.rounds.duels.groups |= index << (2 * s.index().min(7));
            self.table.rounds.duels.grouped |= bit(s);
        }
        let left = self.ungrouped();
        if left.count_ones() == 2 || left.count_ones() == 3 && self.n() % 2 == 1 {
            let rest: Vec<Seat> = self.seats().filter(|&s| left & bit(s) != 0).collect();
            self.form_group(&rest);
        }
    }

    /// The dealer's legal groupings: the lowest seat not grouped with one other (if that
    /// leaves a group of three possible when the count is odd) or, while the group of three
    /// is to be formed, with two others.
    #[inline(never)]
    pub(crate) fn push_pairings(&self, out: &mut Vec<Action>) {
        let left = self.ungrouped();
        let Some(first) = self.seats().find(|&s| left & bit(s) != 0) else { return };
        // The seats after `first` still to be grouped, as a mask (no allocation: this is the
        // legal-action hot path).
        let others = left & !bit(first);
        let r = left.count_ones();
        for b in self.seats().filter(|&s| others & bit(s) != 0) {
            let pair = bit(first) | bit(b);
            if r >= 4 {
                out.push(Action::Duel(pair));
            }
            if r % 2 == 1 && r >= 5 {
                out.extend(
                    self.seats().filter(|&c| c > b && others & bit(c) != 0).map(|c| Action::Duel(pair | bit(c))),
                );
            }
        }
    }

    /// Whether the dealer may form this group now: exactly a group [`push_pairings`]
    /// lists (the first seat still to be grouped with one other, or with two while a group
    /// of three is to be formed). (Out of line, as the other Duel Fights steps: the base
    /// game's dispatch stays as small as before.)
    ///
    /// [`push_pairings`]: CrownBattles::push_pairings
    #[inline(never)]
    pub(crate) fn pairing_allowed(&self, group: u8) -> bool {
        let left = self.ungrouped();
        let Some(first) = self.seats().find(|&s| left & bit(s) != 0) else { return false };
        let r = left.count_ones();
        let size = group.count_ones();
        group & bit(first) != 0 && group & !left == 0 && (size == 2 && r >= 4 || size == 3 && r % 2 == 1 && r >= 5)
    }

    /// The dealer forms a group (a set of seats); the bidding starts once everyone is
    /// grouped.
    #[inline(never)]
    pub(crate) fn pair(&mut self, group: u8) {
        let mut members = [Seat(0); 3];
        let mut len = 0;
        for s in self.seats().filter(|&s| group & bit(s) != 0) {
            if let Some(slot) = members.get_mut(len) {
                *slot = s;
                len += 1;
            }
        }
        self.form_group(members.get(..len).unwrap_or(&[]));
        if !self.pairing_pending() {
            self.table.phase = self.bidding_phase();
        }
    }

    /// [`DuelPairing::Random`]: the game generator groups everyone (consecutive seats of a
    /// random order, the last three together when the count is odd).
    pub(crate) fn draw_duels(&mut self) {
        let n = self.n();
        let mut order: [Seat; MAX_PLAYERS] = core::array::from_fn(|i| Seat(i as u8));
        for i in 0..n {
            let j = i + self.table.rng.below((n - i) as u32) as usize;
            order.swap(i, j.min(MAX_PLAYERS - 1));
        }
        let mut i = 0;
        // (The last group forms itself.)
        while i < n && self.pairing_pending() {
            let size = if n - i == 3 { 3 } else { 2 };
            let members = order.get(i..(i + size).min(n)).unwrap_or(&[]).to_vec();
            self.form_group(&members);
            i += size;
        }
    }

    /// The points of every seat for a Duel Fights round with these final bids and tricks:
    /// each group scored by [`duel_points`].
    pub(crate) fn duel_settlement(
        &self,
        bids: &[Option<Bid>; MAX_PLAYERS],
        tricks: &[u8; MAX_PLAYERS],
    ) -> [i32; MAX_PLAYERS] {
        let mut points = [0; MAX_PLAYERS];
        for members in self.duel_groups() {
            let group: Vec<(Option<Bid>, u8)> = members.iter().map(|&s| (at(bids, s), at(tricks, s))).collect();
            for (&s, p) in members.iter().zip(duel_points(&group, self.config.duels)) {
                crate::state::put(&mut points, s, p);
            }
        }
        points
    }

    /// The groups fit the round: none outside Duel Fights or before the spin's trump is
    /// set; every seat grouped once bidding starts; partly grouped only while the dealer
    /// pairs; groups of two, and one of three when the count is odd.
    pub(crate) fn check_duels(&self) -> Result<(), SetupError> {
        let d = self.table.rounds.duels;
        let n = self.n();
        let mask = ((1u16 << n) - 1) as u8;
        if !self.duel() || self.table.phase == Phase::ChooseTrump {
            return if d.grouped == 0 && d.groups == 0 {
                Ok(())
            } else {
                Err(SetupError::Duels("groups outside the pairing"))
            };
        }
        let pairing = self.table.phase == Phase::Pairing;
        if d.grouped & !mask != 0 || pairing == (d.grouped == mask) {
            return Err(SetupError::Duels("the groups are incomplete outside the pairing, or complete in it"));
        }
        if pairing && (self.config.duels.pairing == DuelPairing::Random || self.ungrouped().count_ones() < 4) {
            return Err(SetupError::Duels("a pairing the dealer does not make"));
        }
        let formed = d.grouped.count_ones() / 2;
        let mut threes = 0;
        for g in 0..4u8 {
            let size = self.seats().filter(|&s| self.group_of(s) == Some(g)).count();
            let ungrouped_bits =
                (0..MAX_PLAYERS).filter(|&i| d.grouped >> i & 1 == 0).all(|i| d.groups >> (2 * i) & 3 == 0);
            let fits = match size {
                0 => u32::from(g) >= formed,
                2 => u32::from(g) < formed,
                3 => u32::from(g) < formed && n % 2 == 1,
                _ => false,
            };
            threes += usize::from(size == 3);
            if !fits || !ungrouped_bits {
                return Err(SetupError::Duels("groups of two, one of three with an odd count"));
            }
        }
        if threes > 1 || !pairing && n % 2 == 1 && threes != 1 {
            return Err(SetupError::Duels("groups of two, one of three with an odd count"));
        }
        Ok(())
    }

    /// Sets the groups from a setup (each a list of seats).
    pub(crate) fn set_duels(&mut self, groups: &[Vec<Seat>]) -> Result<(), SetupError> {
        for (g, members) in groups.iter().enumerate() {
            for &s in members {
                if s.index() >= self.n() || self.table.rounds.duels.grouped & bit(s) != 0 || g > 3 {
                    return Err(SetupError::Duels("a seat that is not a player, or in two groups"));
                }
                self.table.rounds.duels.groups |= (g as u16) << (2 * s.index());
                self.table.rounds.duels.grouped |= bit(s);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(n: u8) -> Option<Bid> {
        Some(Bid::Single(n))
    }

    #[test]
    fn duel_points_case_by_case() {
        let r = DuelRules::default();
        // Both winners: 10 per trick, no bonus; a double bid half.
        assert_eq!(duel_points(&[(s(3), 3), (s(0), 0)], r), [30, 0, 0]);
        assert_eq!(duel_points(&[(Some(Bid::Double(2)), 3), (s(1), 1)], r), [15, 10, 0]);
        // Two winners of three share 10, 5 each; 30 lost by two losers to one winner.
        assert_eq!(duel_points(&[(s(1), 1), (s(1), 1), (s(3), 2)], r), [15, 15, -10]);
        assert_eq!(duel_points(&[(s(1), 1), (s(0), 2), (s(3), 2)], r), [40, -20, -10]);
        // Margins 2 and 2 and 3, no winner: the two tied split 10 (5 each).
        assert_eq!(duel_points(&[(s(0), 2), (s(4), 2), (s(5), 2)], r), [5, 5, -10]);
        // With the bonus and misses to the bank.
        let both = DuelRules { winner_bonus: true, misses_to_bank: true, ..r };
        assert_eq!(duel_points(&[(s(3), 3), (s(3), 2)], both), [60, -10, 0]);
        assert_eq!(duel_points(&[(s(2), 3), (s(0), 3)], both), [10, -50, 0]);
    }
}
