//! Stealth Play (rulebook "Stealth Play"): "Once the trick leader plays a card, all other
//! players place their cards face down. After all cards are played, flip them to reveal
//! the winner of the trick."
//!
//! The trick's cards after the leader's are face down while it is incomplete
//! ([`CrownBattles::face_down`]); no extra state is kept, so a saved game is unchanged.
//! Readings (RULES.md, reading 35):
//! - A face-down card is unseen by everyone but its player: views leave it out of the trick
//!   and the played cards and list its seat in `View::face_down`; the others' events say
//!   "P2 plays a card face down"; a card another seat knew in that hand stays "known in the
//!   hand" for it until the reveal (it cannot tell whether that card was played).
//! - Only the face-up lead sets a suit to follow: after a Peasant or power-card lead nobody
//!   has to follow (no one can see a face-down suit); the first numbered card's suit still
//!   decides the winner, as in every trick.
//! - Nobody can lack the led suit "publicly" before the reveal: voids are marked then.
//! - A power card played face down acts at the reveal: its trick flags (Wizard, Bomb) and
//!   the Wizard's protection before the winner is decided; the Spy's look at the reveal;
//!   every other action, immediate or not, with the end-of-trick actions, in play order.
//!   With `Config::stealth_actions_at_flip` the immediate actions resolve at the flip, in
//!   play order, before the winner is decided (`Trick::flipping`).

use duke_core::{GameRng, Seat};

use super::RoundType;
use crate::cards::{Card, CardSet, Power};
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, bit, update};
use crate::trick::{Form, Trick};

impl CrownBattles {
    /// Whether this round is a Stealth Play round.
    #[inline]
    pub(crate) fn stealth(&self) -> bool {
        self.round_type == RoundType::StealthPlay
    }

    /// The positions of the ongoing trick lying face down (bit per position): every card
    /// after the leader's in a Stealth Play round, until the trick is complete.
    pub(crate) fn face_down(&self) -> u8 {
        let len = self.trick.len;
        if !self.stealth() || usize::from(len) >= self.n() || len < 2 {
            return 0;
        }
        ((1u16 << len) - 2) as u8
    }

    /// Whether a card played now goes face down (Stealth Play, after the leader's).
    pub(crate) fn plays_face_down(&self) -> bool {
        self.stealth() && self.trick.len > 0 && matches!(self.phase, crate::state::Phase::Play(_))
    }

    /// Whether the card at `pos` of a complete trick was played face down (its actions wait
    /// for the reveal).
    #[inline]
    pub(crate) fn revealed_late(&self, pos: usize) -> bool {
        pos > 0 && self.stealth()
    }

    /// Whether the action of `power` on the card at `pos` resolves at the end of the trick.
    pub(crate) fn acts_at_end(&self, pos: usize, power: Power) -> bool {
        !self.is_immediate(power) || self.revealed_late(pos)
    }

    /// Whether the action of `power` on the card at `pos` resolves at the flip, before the
    /// winner is decided (`Config::stealth_actions_at_flip`: an immediate action of a card
    /// played face down).
    #[inline]
    pub(crate) fn acts_at_flip(&self, pos: usize, power: Power) -> bool {
        self.config.stealth_actions_at_flip && self.revealed_late(pos) && self.is_immediate(power)
    }

    /// `Config::stealth_actions_at_flip`: resolves the immediate actions of the face-down
    /// cards in play order from position `trick.resolving`, stopping at each decision (a
    /// decision resolving after the trick is complete: `end`), then the winner takes the
    /// trick. On the last trick the Alchemist still acts (its trump decides this trick).
    pub(crate) fn continue_flip(&mut self) {
        let n = self.n();
        for pos in usize::from(self.trick.resolving).max(1)..usize::from(self.trick.len) {
            self.trick.resolving = pos as u8;
            let seat = crate::state::after(self.trick.leader, pos, n);
            // Availability as when played (`end` false), then marked as resolving after the
            // trick is complete.
            if let Some(p) = self.trick.effect(pos).filter(|&p| self.acts_at_flip(pos, p))
                && self.start_effect(seat, p, false)
            {
                if let crate::state::Phase::Effect { end, .. } = &mut self.phase {
                    *end = true;
                }
                return;
            }
        }
        self.trick.flipping = false;
        self.take_trick();
    }

    /// The cards on the table `me` does not see (a spectator sees none of the face-down
    /// cards), and the seats that played them (bit per seat).
    pub(crate) fn hidden_from(&self, me: Option<Seat>) -> (CardSet, u8) {
        let down = self.face_down();
        if down == 0 {
            return (CardSet::EMPTY, 0);
        }
        let n = self.n();
        let mut cards = CardSet::EMPTY;
        let mut seats = 0;
        for pos in 1..usize::from(self.trick.len) {
            let seat = self.trick.leader.offset(pos, n);
            if Some(seat) != me
                && let Some(c) = self.trick.card(pos)
            {
                cards.insert(c);
                seats |= bit(seat);
            }
        }
        (cards, seats)
    }

    /// Who played `card` to the ongoing trick, if it is on it.
    pub(crate) fn trick_seat(&self, card: crate::cards::Card) -> Option<Seat> {
        (0..usize::from(self.trick.len))
            .find(|&pos| self.trick.card(pos) == Some(card))
            .map(|pos| self.trick.leader.offset(pos, self.n()))
    }

    /// Stealth Play: a lead that is not a number sets no suit to follow (reading 35).
    pub(crate) fn stealth_lead(&mut self) {
        if self.trick.led.is_none() {
            self.trick.free = true;
        }
    }

    /// The flip: the face-down cards' trick flags (Wizard, Bomb), the Wizard's protection,
    /// the Spy's look and the suits the cards show their players lack.
    pub(crate) fn reveal_trick(&mut self) {
        let n = self.n();
        let wizards = self.trick.reveal_marks(n);
        self.wizards |= wizards;
        let lead = self.trick.led.filter(|_| !self.trick.free);
        for pos in 1..usize::from(self.trick.len) {
            let seat = self.trick.leader.offset(pos, n);
            if let (Some(led), Some(suit)) = (lead, self.trick.card(pos).and_then(|c| c.suit()))
                && suit != led
            {
                update(&mut self.voids, seat, |v| v | 1 << led.index());
            }
            if self.trick.effect(pos) == Some(Power::Spy) {
                let deck = self.deck;
                update(&mut self.known, seat, |v| v.or(deck));
            }
        }
    }

    /// The round's last trick, turned up as the round ends: kept in views until the next
    /// round ends (the views of the next round would not show it otherwise).
    pub(crate) fn keep_revealed_trick(&mut self) {
        let mut cards = [NONE; MAX_PLAYERS];
        for (pos, slot) in cards.iter_mut().enumerate().take(usize::from(self.trick.len)) {
            if let Some(c) = self.trick.card(pos) {
                let golem = c == Power::DoubleFaced.card() && matches!(self.trick.form(pos), Some(Form::Golem { .. }));
                *slot = c.id() | if golem { 0x80 } else { 0 };
            }
        }
        self.revealed_trick = cards;
        self.revealed_leader = self.trick.leader;
    }

    /// [`Self::revealed_trick`]'s cards in play order, and whether the Double-faced card
    /// among them was played as a Golem.
    pub(crate) fn revealed_cards(&self) -> (Vec<Card>, bool) {
        let ids = self.revealed_trick.iter().take_while(|&&id| id != NONE);
        let golem = ids.clone().any(|&id| id & 0x80 != 0);
        (ids.filter_map(|&id| Card::new(id & 0x7F)).collect(), golem)
    }

    /// Determinization for `seat`: the face-down cards it did not see go back to their
    /// players' hands (in `out`, a copy being re-dealt) before the re-deal.
    pub(crate) fn lift_face_down(&self, seat: Seat, out: &mut CrownBattles) -> CardSet {
        let (hidden, _) = self.hidden_from(Some(seat));
        if hidden.is_empty() {
            return hidden;
        }
        let n = self.n();
        for pos in 1..usize::from(self.trick.len) {
            let s = self.trick.leader.offset(pos, n);
            if let Some(c) = self.trick.card(pos).filter(|&c| hidden.has(c)) {
                out.give(s, c);
            }
        }
        out.played = out.played.minus(hidden);
        hidden
    }

    /// Determinization, after the re-deal: each face-down card `seat` did not see is
    /// played again from its player's imagined hand, as a legal play (the face-up lead's
    /// suit if the hand holds it, or any non-numbered card; otherwise any card), in play
    /// order; the Double-faced card's form is drawn, a Summoner copies the card before it.
    pub(crate) fn replay_face_down(&mut self, seat: Seat, original: &Trick, rng: &mut GameRng) {
        let n = self.n();
        let mut trick = Trick::new(original.leader);
        let (Some(lead), Some(form)) = (original.card(0), original.form(0)) else { return };
        trick.push(lead, form, original.effect(0));
        trick.free = original.free;
        trick.wizard = original.wizard;
        trick.bombed = original.bombed;
        trick.next_leader = original.next_leader;
        let follow = original.led.filter(|_| !original.free);
        for pos in 1..usize::from(original.len) {
            let s = original.leader.offset(pos, n);
            let (card, golem) = if s == seat {
                let Some(c) = original.card(pos) else { return };
                (c, original.form(pos).is_some_and(|f| matches!(f, Form::Golem { .. })))
            } else {
                let hand = self.hand(s);
                let suited = follow.map_or(CardSet::EMPTY, |l| hand.and(CardSet::suit(l)));
                let legal = if suited.is_empty() { hand } else { suited.or(hand.minus(crate::play::NUMBERS)) };
                let Some(c) = legal.nth(rng.below(legal.len())) else { return };
                (c, c == Power::DoubleFaced.card() && rng.below(2) == 1)
            };
            self.take(s, card);
            self.played.insert(card);
            let last = pos.checked_sub(1);
            let (form, effect) = if card == Power::Summoner.card() {
                let copied = last.and_then(|p| trick.effect(p));
                let form = if copied.is_some() {
                    Form::Peasant { half: true }
                } else {
                    Form::summoned(last.and_then(|p| trick.form(p)))
                };
                (form, copied)
            } else {
                (Form::of(card, golem), card.power().filter(|p| p.has_action()))
            };
            trick.push(card, form, effect);
        }
        self.trick = trick;
    }
}

impl Trick {
    /// Stealth Play's flip: the flags the face-down cards (every card after the leader's)
    /// put on the trick (a Wizard, a Bomb: as `on_play` does when a card is played face
    /// up), in play order; returns the seats of the Wizards (bit per seat).
    pub(crate) fn reveal_marks(&mut self, n: usize) -> u8 {
        let mut wizards = 0;
        for pos in 1..usize::from(self.len) {
            let seat = self.leader.offset(pos, n);
            match self.effect(pos) {
                Some(Power::Wizard) => {
                    self.wizard = true;
                    wizards |= bit(seat);
                }
                Some(Power::Bomb) => {
                    self.bombed = true;
                    self.next_leader = seat;
                }
                _ => {}
            }
        }
        wizards
    }
}
