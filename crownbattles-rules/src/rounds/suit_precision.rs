//! Suit Precision (rulebook "Suit Precision"): "players must be precise in their bids,
//! predicting both the number of tricks they'll win and the suit for each trick".
//!
//! The round goes: the deal and the spin as always; the bids: clockwise from the dealer's
//! left, each seat places its four suit bids on its turn, in suit order R, G, B, Y (`bid
//! R2`, `bid G0`, …; "Give all players one token for each suit"); the tricks, each placed
//! face up under one suit of its winner's ("How to win a suited trick"): automatically
//! when only one suit is possible, else by the winner's choice (`place B`,
//! [`Phase::Place`]) before the end-of-trick actions; the round is scored per suit
//! ([`suit_precision_points`]).
//!
//! State: [`Precision`], the suit bids and the tricks placed under each suit; `bids` stays
//! empty (no single bid) and `tricks` counts each seat's tricks of all suits. Readings
//! (RULES.md, readings 45–49): the bids and their tokens (45), where a trick goes (46), the
//! Thief and the Jester (47), the scoring and its "double-bidged" sentences (48), the
//! "0 tricks in all suits" exception (49).

use duke_core::Seat;

use crate::actions::{Action, Bid, Trump};
use crate::cards::SuitId;
use crate::position::SetupError;
use crate::round_types::RoundType;
use crate::rounds::records::{decode, encode};
use crate::state::{CrownBattles, NONE, Phase, at, update};
use crate::trick::{Form, Trick};

/// Whether `won` tricks meet `bid` (a missing bid is never met).
fn met(bid: Option<Bid>, won: u8) -> bool {
    bid.is_some_and(|b| b.low() <= won && won <= b.high())
}

/// The points of a round of Suit Precision for one player, from its bid and its tricks in
/// each suit (rulebook "Suit Precision", "The points", "Failing to meet your bid",
/// "Double-bids"; RULES.md, readings 48 and 49):
/// - every suit met: 10 per trick and a 10-point bonus per suit with at least one trick
///   ("if you bid 1 blue, 1 green, and 1 red suit and win all 3 tricks, you score 60");
///   a double-bid suit scores 5 per trick and a 5-point bonus; four single bids of 0, met,
///   score 10 ("you still earn 10 bonus points");
/// - otherwise: a missed suit loses 10 per trick it is off (from the nearer number of a
///   double bid), a met suit scores 10 per trick (5 for a double bid), no bonus.
///
/// A missing bid counts as missed with no trick to be off by (0 points for its suit).
/// Suit Precision-Alliances scores its suits with it too.
pub fn suit_precision_points(bids: [Option<Bid>; 4], won: [u8; 4]) -> i32 {
    let suits = || bids.into_iter().zip(won);
    let all_met = suits().all(|(b, w)| met(b, w));
    if all_met && bids.iter().all(|&b| b == Some(Bid::Single(0))) {
        return 10;
    }
    suits()
        .map(|(bid, w)| {
            let Some(b) = bid else { return 0 };
            // A double bid scores half: computed doubled, then halved.
            let per = if matches!(b, Bid::Single(_)) { 10 } else { 5 };
            let w32 = i32::from(w);
            if !met(bid, w) {
                let (low, high) = (i32::from(b.low()), i32::from(b.high()));
                -10 * (low - w32).max(w32 - high).max(0)
            } else if all_met && w > 0 {
                per * w32 + per
            } else {
                per * w32
            }
        })
        .sum()
}

/// The round types bidding per suit, a bit per [`RoundType::index`].
const PER_SUIT: u16 = 1 << RoundType::SuitPrecision as u16 | 1 << RoundType::SuitPrecisionAlliances as u16;

/// The suits as a set, a bit per [`SuitId::index`].
const ALL_SUITS: u8 = 0b1111;

/// The suits of a set, in [`SuitId::ALL`] order.
pub(crate) fn suits_of(set: u8) -> impl Iterator<Item = SuitId> {
    SuitId::ALL.into_iter().filter(move |s| set >> s.index() & 1 == 1)
}

impl RoundType {
    /// Whether its bids are placed per suit (Suit Precision, Suit Precision-Alliances).
    pub const fn bids_per_suit(self) -> bool {
        matches!(self, RoundType::SuitPrecision | RoundType::SuitPrecisionAlliances)
    }
}

impl CrownBattles {
    /// Whether this round bids and places tricks per suit (Suit Precision, Suit
    /// Precision-Alliances).
    #[inline(always)]
    pub(crate) fn precision(&self) -> bool {
        // (One test of a bit set: the base game's hot paths call it.)
        1u16 << (self.table.rounds.round_type as u16) & PER_SUIT != 0
    }

    /// Suit Precision: `seat`'s bid per suit (None: not placed yet).
    pub(crate) fn suit_bids(&self, seat: Seat) -> [Option<Bid>; 4] {
        at(&self.table.rounds.suit_precision.bids, seat).map(decode)
    }

    /// Suit Precision: the tricks `seat` placed under each suit.
    pub(crate) fn suit_tricks(&self, seat: Seat) -> [u8; 4] {
        at(&self.table.rounds.suit_precision.tricks, seat)
    }

    /// Suit Precision: how many of its suit bids `seat` has placed (they go in suit order).
    fn suit_bids_placed(&self, seat: Seat) -> usize {
        at(&self.table.rounds.suit_precision.bids, seat).iter().filter(|&&c| c != 0).count()
    }

    /// Whether `seat` has not placed a suit bid yet (always outside Suit Precision): a
    /// shield and the Smuggler's swap come before the bids (RULES.md, reading 45).
    pub(crate) fn before_suit_bids(&self, seat: Seat) -> bool {
        !self.precision() || self.suit_bids_placed(seat) == 0
    }

    /// Suit Precision: whether `seat` has placed all four suit bids.
    #[inline(never)]
    pub(crate) fn has_suit_bids(&self, seat: Seat) -> bool {
        self.suit_bids_placed(seat) == 4
    }

    /// Suit Precision: the seats that placed all four suit bids.
    pub(crate) fn precision_bidders_done(&self) -> usize {
        self.seats().filter(|&s| self.has_suit_bids(s)).count()
    }

    /// Suit Precision: the suit `seat` bids for next (None: all four placed).
    pub(crate) fn next_bid_suit(&self, seat: Seat) -> Option<SuitId> {
        SuitId::ALL.get(self.suit_bids_placed(seat)).copied()
    }

    /// Suit Precision: whether `bid` for `suit` is `seat`'s next bid and within the bid
    /// tokens: up to the highest token, a double bid but in a one-card round, as Normal
    /// Bidding ("Double-bids"; RULES.md, reading 45).
    pub(crate) fn suit_bid_allowed(&self, seat: Seat, suit: SuitId, bid: Bid) -> bool {
        let ok = match bid {
            Bid::Single(n) => n <= self.config.max_bid,
            Bid::Double(n) => {
                n < self.config.max_bid && self.table.rounds.round_type.allows_double_bid(self.cards_this_round())
            }
        };
        ok && self.precision() && self.next_bid_suit(seat) == Some(suit) && !self.ally_doubled_suit(seat, suit, bid)
    }

    /// Suit Precision's legal bids: the next suit's, 0, 0-1, 1, …, the highest token.
    pub(crate) fn push_suit_bids(&self, seat: Seat, out: &mut Vec<Action>) {
        let Some(suit) = self.next_bid_suit(seat) else { return };
        for n in 0..=self.config.max_bid {
            out.push(Action::SuitBid(suit, Bid::Single(n)));
            if self.suit_bid_allowed(seat, suit, Bid::Double(n)) {
                out.push(Action::SuitBid(suit, Bid::Double(n)));
            }
        }
    }

    /// Places a legal suit bid; after a seat's fourth the next seat bids, and after the
    /// dealer's the player left of the dealer leads.
    pub(crate) fn place_suit_bid(&mut self, seat: Seat, suit: SuitId, bid: Bid) {
        if let Some(slot) =
            self.table.rounds.suit_precision.bids.get_mut(seat.index()).and_then(|b| b.get_mut(suit.index()))
        {
            *slot = encode(bid);
        }
        if !self.has_suit_bids(seat) {
            return;
        }
        let n = self.n();
        let next = seat.left(n);
        self.table.phase = if next == self.table.dealer.left(n) { Phase::Play(next) } else { Phase::Bidding(next) };
    }

    /// Suit Precision: the suits the winner of the complete `trick` may place it under
    /// ("How to win a suited trick"; RULES.md, reading 46): a numbered card of the led suit
    /// (every numbered winner without a trump), the led suit; a trump that won another led
    /// suit, the led or the trump suit; a Golem or a Dragon (the Kings, the Double-faced
    /// card played as a Golem, a Summoner copying one of them), any suit; a trick won at a
    /// Peasant's strength (no numbered card, no Golem or Dragon fighting), a suit of its
    /// bids above 0 ("among their suit predictions"; any suit if it bid 0 in all, or with
    /// `Config::precision_peasant_any`).
    pub(crate) fn winner_suits(&self, trick: &Trick, trump: Trump, winner: Seat) -> u8 {
        let pos = trick.winner(trump, self.config.wizard_affects_kings);
        let Some(form) = trick.form(pos) else { return ALL_SUITS };
        let strength = form.strength(trump, trick.led, trick.wizard, self.config.wizard_affects_kings);
        match form {
            Form::Number { suit, .. } => {
                let led = trick.led.map_or(0, |l| 1 << l.index());
                led | 1 << suit.index()
            }
            // A Golem or a Dragon still fighting (not a Peasant under a Wizard).
            _ if strength >= 4 << 8 => ALL_SUITS,
            _ => self.predicted_suits(winner),
        }
    }

    /// Suit Precision: the suits `seat` predicted a trick in (bids above 0), or every suit
    /// when it predicted none or with `Config::precision_peasant_any` (RULES.md, reading 46).
    fn predicted_suits(&self, seat: Seat) -> u8 {
        let predicted = self.suits_bid_above_zero(seat);
        if predicted == 0 || self.config.precision_peasant_any { ALL_SUITS } else { predicted }
    }

    /// The suits `seat` bid above 0 in, a bit per suit.
    fn suits_bid_above_zero(&self, seat: Seat) -> u8 {
        self.suit_bids(seat)
            .iter()
            .zip(SuitId::ALL)
            .filter(|(b, _)| b.is_some_and(|b| b.high() > 0))
            .fold(0, |m, (_, s)| m | 1 << s.index())
    }

    /// Suit Precision, the Thief with `Config::precision_thief_own_bid`: the suits the
    /// stolen trick may go under, those of the Thief's bids above 0 (every suit if none).
    fn thief_suits(&self, seat: Seat) -> u8 {
        let own = self.suits_bid_above_zero(seat);
        if own == 0 { ALL_SUITS } else { own }
    }

    /// The suits the pending placement of [`Phase::Place`] may choose from.
    pub(crate) fn place_choices(&self, seat: Seat, stolen: bool) -> u8 {
        if stolen { self.thief_suits(seat) } else { self.winner_suits(&self.table.trick, self.table.trump, seat) }
    }

    /// Puts a trick under `suit` for `seat`.
    pub(crate) fn put_under(&mut self, seat: Seat, suit: SuitId) {
        if let Some(t) =
            self.table.rounds.suit_precision.tricks.get_mut(seat.index()).and_then(|t| t.get_mut(suit.index()))
        {
            *t = t.saturating_add(1);
        }
    }

    /// The winner of the complete trick places it (`tricks` already counts it): at once
    /// when only one suit is possible, else [`Phase::Place`] waits for the choice. Returns
    /// whether it waits. The end-of-trick actions follow the placement.
    #[inline(never)]
    pub(crate) fn place_won_trick(&mut self, winner: Seat) -> bool {
        let choices = self.winner_suits(&self.table.trick, self.table.trump, winner);
        self.place_or_wait(winner, choices, false)
    }

    /// Places at once under the only choice, or waits for the seat's choice.
    fn place_or_wait(&mut self, seat: Seat, choices: u8, stolen: bool) -> bool {
        if choices.count_ones() == 1 {
            if let Some(suit) = suits_of(choices).next() {
                self.put_under(seat, suit);
            }
            return false;
        }
        self.table.phase = Phase::Place { seat, stolen };
        true
    }

    /// The legal placements of [`Phase::Place`].
    pub(crate) fn push_places(&self, seat: Seat, stolen: bool, out: &mut Vec<Action>) {
        out.extend(suits_of(self.place_choices(seat, stolen)).map(Action::Place));
    }

    /// Places the trick under the chosen suit, then the end-of-trick actions go on (after
    /// the Thief's placement, with the next card's).
    pub(crate) fn place(&mut self, seat: Seat, suit: SuitId, stolen: bool) {
        self.put_under(seat, suit);
        if stolen {
            self.effect_done(true);
        } else {
            self.continue_end_effects();
        }
    }

    /// Suit Precision's Thief: the victims' suits with a trick to steal (RULES.md, reading
    /// 47).
    #[inline(never)]
    pub(crate) fn push_suit_steals(&self, victims: impl Iterator<Item = Seat>, out: &mut Vec<Action>) {
        for v in victims {
            let tricks = self.suit_tricks(v);
            out.extend(
                SuitId::ALL
                    .into_iter()
                    .filter(|s| tricks.get(s.index()).is_some_and(|&t| t > 0))
                    .map(|s| Action::StealFrom(v, s)),
            );
        }
    }

    /// Whether `victim` has a trick under `suit`.
    pub(crate) fn has_suit_trick(&self, victim: Seat, suit: SuitId) -> bool {
        self.suit_tricks(victim).get(suit.index()).is_some_and(|&t| t > 0)
    }

    /// The Thief takes a trick from `victim`'s `suit` and places it under the same suit
    /// ("must place the stolen trick under the same suit of their bid"), or with
    /// `Config::precision_thief_own_bid` under a suit of its own bids (its choice). Returns
    /// whether the choice is awaited.
    #[inline(never)]
    pub(crate) fn steal_from(&mut self, thief: Seat, victim: Seat, suit: SuitId) -> bool {
        if let Some(t) =
            self.table.rounds.suit_precision.tricks.get_mut(victim.index()).and_then(|t| t.get_mut(suit.index()))
        {
            *t = t.saturating_sub(1);
        }
        update(&mut self.table.tricks, victim, |v| v.saturating_sub(1));
        update(&mut self.table.tricks, thief, |v| v.saturating_add(1));
        let choices = if self.config.precision_thief_own_bid { self.thief_suits(thief) } else { 1 << suit.index() };
        self.place_or_wait(thief, choices, true)
    }

    /// Suit Precision's Jester: `suit`'s bid after moving it by `d`, if it stays within the
    /// bid tokens (RULES.md, reading 47).
    #[inline(never)]
    pub(crate) fn jested_suit(&self, seat: Seat, suit: SuitId, d: i8) -> Option<Bid> {
        let bid = self.suit_bids(seat).get(suit.index()).copied().flatten()?;
        let low = i16::from(bid.low()) + i16::from(d);
        let high = i16::from(bid.high()) + i16::from(d);
        if low < 0 || high > i16::from(self.config.max_bid) || !(d == -1 || d == 1) {
            return None;
        }
        Some(match bid {
            Bid::Single(_) => Bid::Single(low as u8),
            Bid::Double(_) => Bid::Double(low as u8),
        })
    }

    /// Suit Precision's Jester decisions: each suit's bid one up or down, or no change.
    #[inline(never)]
    pub(crate) fn push_suit_jests(&self, seat: Seat, out: &mut Vec<Action>) {
        for suit in SuitId::ALL {
            for d in [-1, 1] {
                if self.jested_suit(seat, suit, d).is_some() {
                    out.push(Action::JestSuit(suit, d));
                }
            }
        }
        out.push(Action::Jest(0));
    }

    /// Moves `suit`'s bid by `d` (legality already checked).
    #[inline(never)]
    pub(crate) fn jest_suit(&mut self, seat: Seat, suit: SuitId, d: i8) {
        if let Some(bid) = self.jested_suit(seat, suit, d)
            && let Some(slot) =
                self.table.rounds.suit_precision.bids.get_mut(seat.index()).and_then(|b| b.get_mut(suit.index()))
        {
            *slot = encode(bid);
        }
    }

    /// The points `seat` scores for a round of Suit Precision.
    #[inline(never)]
    pub(crate) fn precision_points(&self, seat: Seat) -> i32 {
        suit_precision_points(self.suit_bids(seat), self.suit_tricks(seat))
    }

    /// Suit Precision's state fits the phase: nothing of it outside the round; bids placed
    /// clockwise from the dealer's left, each seat's in suit order, within the tokens; every
    /// seat's tricks placed (but one, by the seat placing it) and counted in `tricks`.
    pub(crate) fn check_precision(&self, first: Seat) -> Result<(), SetupError> {
        let n = self.n();
        let p = &self.table.rounds.suit_precision;
        let unused = |from: usize| {
            p.bids.iter().skip(from).all(|b| *b == [0; 4]) && p.tricks.iter().skip(from).all(|t| *t == [0; 4])
        };
        if !self.precision() {
            return if unused(0) {
                Ok(())
            } else {
                Err(SetupError::Precision("suit bids or tricks outside Suit Precision"))
            };
        }
        if !unused(n) || self.table.bids.iter().any(Option::is_some) {
            return Err(SetupError::Precision("suit bids or tricks of a seat beyond the players, or a single bid"));
        }
        let done = self.precision_bidders_done();
        for i in 0..n {
            let s = first.offset(i, n);
            let placed = self.suit_bids_placed(s);
            let codes = at(&p.bids, s);
            // In suit order: the placed bids are the first ones.
            let ordered = codes.iter().skip(placed).all(|&c| c == 0);
            let in_turn = match i.cmp(&done) {
                core::cmp::Ordering::Less => placed == 4,
                core::cmp::Ordering::Equal => placed < 4 && (placed == 0 || self.table.phase == Phase::Bidding(s)),
                core::cmp::Ordering::Greater => placed == 0,
            };
            if !ordered || !in_turn {
                return Err(SetupError::BidOrder);
            }
            for bid in self.suit_bids(s).into_iter().flatten() {
                let double = matches!(bid, Bid::Double(_));
                if bid.high() > self.config.max_bid
                    || double && !self.table.rounds.round_type.allows_double_bid(self.cards_this_round())
                {
                    return Err(SetupError::Bid { seat: s, bid });
                }
            }
            let placed_tricks: u32 = at(&p.tricks, s).iter().map(|&t| u32::from(t)).sum();
            let pending = matches!(self.table.phase, Phase::Place { seat, .. } if seat == s);
            if placed_tricks + u32::from(pending) != u32::from(at(&self.table.tricks, s)) {
                return Err(SetupError::Precision("the tricks under the suits do not add up to the tricks won"));
            }
        }
        if let Phase::Place { seat, stolen } = self.table.phase {
            let t = &self.table.trick;
            let winner_places = !stolen
                && !t.bombed
                && t.resolving == 0
                && seat == t.leader.offset(t.winner(self.table.trump, self.config.wizard_affects_kings), n);
            let thief_places = stolen
                && self.config.precision_thief_own_bid
                && t.resolving != NONE
                && t.effect(usize::from(t.resolving)) == Some(crate::cards::Power::Thief)
                && seat == t.leader.offset(usize::from(t.resolving), n);
            let complete = usize::from(t.len) == n && !t.flipping;
            if !complete || !(winner_places || thief_places) || self.place_choices(seat, stolen).count_ones() < 2 {
                return Err(SetupError::Phase(Some(self.table.phase)));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bids_encode_and_decode() {
        for n in 0..=20 {
            for b in [Bid::Single(n), Bid::Double(n)] {
                assert_eq!(decode(encode(b)), Some(b));
            }
        }
        assert_eq!(decode(0), None);
    }
}
