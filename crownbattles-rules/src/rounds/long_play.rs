//! Long Play (rulebook "Long Play"): "After each player plays their first card, the trick
//! continues, and everyone plays a second card. This means that players will win half of
//! the cards dealt as tricks. If there is an odd number of cards in the round, play the
//! last trick as in the Normal Bidding round."
//!
//! A long trick is played in two passes around the table in the same clockwise order from
//! its leader; the engine's [`Trick`] holds one pass (at most eight cards, the base game's
//! hot structure, unchanged), and the first pass waits in [`LongPlay`] (its card ids, eight
//! bytes, the state's last field) while the second is played into a fresh `Trick` that
//! carries the first pass's suit to follow, its Golem/Dragon lead, its Wizard and its
//! Bomb. The base game pays one round-type test per trick (in `finish_trick`) and one on
//! each trick's first card.
//!
//! Readings (RULES.md, readings 40–44):
//! - 40: one trick of twice the players' cards; floor(dealt / 2) long tricks, then, with an
//!   odd deal, the last trick as in Normal Bidding; its winner leads next (or the Bomb's
//!   choice); all cards face up; the view and `TrickTaken` show all its cards in play order.
//! - 41: one suit to follow for the whole trick: the first numbered card's (a Peasant lead
//!   lets the next numbered card set it, in either pass); a second-pass card never changes
//!   it, and the leader's second card is no new lead; a Golem or Dragon led as the trick's
//!   first card frees both passes.
//! - 42: "the first Dragon wins" and every other tie: first in play order over both passes;
//!   a Wizard in either pass turns every Golem and Dragon of the trick into Peasants; the
//!   Summoner copies the card played just before it (the leader's second card copies the
//!   first pass's last card).
//! - 43: immediate actions right after their card in either pass; end-of-trick actions
//!   once, after the second pass, in play order (first pass first); a Bomb in either pass
//!   destroys the whole trick; a stolen trick is one long trick. "No effect on the last
//!   trick of the round" covers both passes of the round's last trick, unless
//!   `Config::long_play_first_pass_acts` (the first pass still leaves a card in hand).
//! - 44: bids count tricks: the bid tokens are those of Normal Bidding, a double bid needs
//!   more than one trick, and "Screw the dealer" compares the total with the cards dealt,
//!   as printed (with `Config::long_play_screw_by_tricks`, with the number of tricks).

use crate::cards::{Card, CardSet, Power};
use crate::position::SetupError;
use crate::round_types::RoundType;
use crate::rounds::records::{AS_GOLEM, LongPlay, long_winner, second_pass_of};
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, Phase, update};
use crate::trick::{Form, Trick};
use crate::view::TableCard;

impl CrownBattles {
    /// Whether this round is a Long Play round.
    #[inline]
    pub(crate) fn long_play(&self) -> bool {
        self.table.rounds.round_type == RoundType::LongPlay
    }

    /// The number of tricks this round: the cards dealt, or in Long Play half of them
    /// rounded down plus the odd last trick.
    pub(crate) fn tricks_this_round(&self) -> u8 {
        let dealt = self.cards_this_round();
        if self.long_play() { dealt / 2 + dealt % 2 } else { dealt }
    }

    /// The first pass of the ongoing long trick, rebuilt from its cards (an empty trick
    /// outside a second pass).
    pub(crate) fn first_pass(&self) -> Trick {
        let mut t = Trick::new(self.table.trick.leader);
        for &code in self.table.rounds.long.first.iter().take_while(|&&c| c != NONE) {
            let Some(card) = Card::new(code & !AS_GOLEM) else { break };
            let (form, effect) = t.next_form(card, code & AS_GOLEM != 0);
            t.push(card, form, effect);
            match effect {
                Some(Power::Wizard) => t.wizard = true,
                Some(Power::Bomb) => t.bombed = true,
                _ => {}
            }
        }
        t
    }

    /// The form `card` takes and the action it carries when played now
    /// ([`Trick::next_form`]): at a second pass's start, after the first pass's last card
    /// (the Summoner copies it; RULES.md, reading 42).
    #[inline(never)]
    pub(crate) fn next_form(&self, card: Card, as_golem: bool) -> (Form, Option<Power>) {
        if self.table.trick.len == 0 && !self.table.rounds.long.is_empty() {
            self.first_pass().next_form(card, as_golem)
        } else {
            self.table.trick.next_form(card, as_golem)
        }
    }

    /// The action carried by the card at `pos` of the table: in a second pass, positions
    /// `0..n` are the first pass's and `n..` the second's.
    pub(crate) fn effect_on_table(&self, pos: usize) -> Option<Power> {
        if self.table.rounds.long.is_empty() {
            return self.table.trick.effect(pos);
        }
        let n = self.n();
        if pos < n { self.first_pass().effect(pos) } else { self.table.trick.effect(pos - n) }
    }

    /// The first pass's cards as the view shows them (none outside a second pass).
    pub(crate) fn first_pass_table(&self) -> Vec<TableCard> {
        if self.table.rounds.long.is_empty() {
            return Vec::new();
        }
        let first = self.first_pass();
        let n = self.n();
        (0..usize::from(first.len))
            .filter_map(|i| {
                Some(TableCard { seat: first.leader.offset(i, n), face: first.card(i)?.face(), form: first.form(i)? })
            })
            .collect()
    }

    /// `finish_trick` in a Long Play round: a complete first pass starts the second (unless
    /// it is the odd last trick, played as in Normal Bidding); a complete second pass
    /// decides the winner over both passes, then the end-of-trick actions of both passes.
    #[cold]
    #[inline(never)]
    pub(crate) fn finish_long_pass(&mut self) {
        if self.table.rounds.long.is_empty() {
            if self.hand(self.table.trick.leader).is_empty() {
                self.take_trick();
            } else {
                self.table.rounds.long = LongPlay::keep(&self.table.trick);
                self.table.trick = second_pass_of(&self.table.trick);
                self.table.phase = Phase::Play(self.table.trick.leader);
            }
            return;
        }
        if !self.table.trick.bombed {
            let first = self.first_pass();
            let pos = long_winner(&first, &self.table.trick, self.table.trump, self.config.wizard_affects_kings);
            let winner = crate::state::after(self.table.trick.leader, pos, self.n());
            update(&mut self.table.tricks, winner, |v| v.saturating_add(1));
            self.table.trick.next_leader = winner;
        }
        self.table.trick.resolving = 0;
        self.continue_long_effects();
    }

    /// The second card of the second pass onwards follows the first pass's lead: the
    /// leader's second card is no new lead (RULES.md, reading 41).
    pub(crate) fn second_pass_lead(&mut self) {
        if !self.table.rounds.long.is_empty() {
            self.table.trick.free = self.first_pass().free;
        }
    }

    /// Resolves the end-of-trick actions of both passes in play order from position
    /// `trick.resolving` (0 to 2n - 1), stopping at each decision; then clears the table.
    pub(crate) fn continue_long_effects(&mut self) {
        let n = self.n();
        let first = self.first_pass();
        for pos in usize::from(self.table.trick.resolving)..2 * n {
            let (pass, at) = if pos < n { (&first, pos) } else { (&self.table.trick, pos - n) };
            let effect = pass.effect(at);
            self.table.trick.resolving = pos as u8;
            let seat = crate::state::after(self.table.trick.leader, pos, n);
            if let Some(p) = effect
                && self.acts_at_end(at, p)
                && self.start_effect(seat, p, true)
            {
                return;
            }
        }
        self.table.rounds.long = LongPlay::EMPTY;
        // With no action left on the table, the base game's path clears it (one caller of
        // `close_trick`, which the base game's trick end inlines).
        self.table.trick.effects = [NONE; MAX_PLAYERS];
        self.continue_end_effects();
    }

    /// "Has no effect if played on the last trick of the round" during a first pass: the
    /// round's last trick when the player's own second card is its last (RULES.md, reading
    /// 43); with `Config::long_play_first_pass_acts` never (a card is still in hand).
    pub(crate) fn last_long_first_pass(&self) -> bool {
        !self.config.long_play_first_pass_acts && self.hand(self.table.trick.leader).len() <= 1
    }

    /// The first pass fits (RULES.md, "Long Play"): it is kept exactly during a Long Play
    /// round's second passes (each player has played an odd number of cards before the pass
    /// on the table, and holds or played one for it: `base` is the hand size at the pass's
    /// start, of a hand of `dealt`); it is one played card per player, none of them on the
    /// pass on the table, the Golem mark only on the Double-faced card; and the pass on the
    /// table carries its suit to follow, lead, Wizard and Bomb.
    pub(crate) fn check_long_play(&self, base: usize, dealt: usize) -> Result<(), SetupError> {
        let n = self.n();
        let expected = self.long_play() && base >= 1 && dealt.saturating_sub(base) % 2 == 1;
        if self.table.rounds.long.is_empty() || !expected {
            return if self.table.rounds.long.is_empty() != expected { Ok(()) } else { Err(SetupError::LongPlay) };
        }
        let (cards, golem) = self.table.rounds.long.cards();
        let set = cards.iter().fold(CardSet::EMPTY, |s, &c| s.or(CardSet::one(c)));
        let pass = &self.table.trick;
        let on_pass =
            (0..usize::from(pass.len)).filter_map(|i| pass.card(i)).fold(CardSet::EMPTY, |s, c| s.or(CardSet::one(c)));
        let fits = cards.len() == n
            && set.len() as usize == n
            && self.table.played.and(set) == set
            && on_pass.and(set).is_empty()
            && (!golem || set.has(Power::DoubleFaced.card()))
            && self.table.rounds.long.first.iter().skip(n).all(|&c| c == NONE);
        if !fits {
            return Err(SetupError::LongPlay);
        }
        let mut expect = second_pass_of(&self.first_pass());
        let free = expect.free;
        for pos in 0..usize::from(pass.len) {
            if let (Some(card), Some(form)) = (pass.card(pos), pass.form(pos)) {
                let effect = pass.effect(pos);
                expect.push(card, form, effect);
                expect.free = free;
                match effect {
                    Some(Power::Wizard) => expect.wizard = true,
                    Some(Power::Bomb) => expect.bombed = true,
                    _ => {}
                }
            }
        }
        let flags = |t: &Trick| (t.led, t.free, t.wizard, t.bombed);
        if flags(&expect) != flags(pass) {
            return Err(SetupError::LongPlay);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use duke_core::Seat;

    use super::*;
    use crate::cards::SuitId;

    #[test]
    fn the_first_pass_is_kept_with_the_golem_choice() {
        let mut t = Trick::new(Seat(2));
        let r9 = Card::new(8).unwrap();
        t.push(r9, Form::of(r9, false), None);
        t.push(Power::DoubleFaced.card(), Form::Golem { half: false }, None);
        let kept = LongPlay::keep(&t);
        assert!(!kept.is_empty() && LongPlay::EMPTY.is_empty());
        assert_eq!(kept.cards(), (vec![r9, Power::DoubleFaced.card()], true));
        let second = second_pass_of(&t);
        assert_eq!((second.len, second.led, second.leader), (0, r9.suit(), Seat(2)));
        assert_eq!(r9.suit(), Some(SuitId::ALL[0]));
    }
}
