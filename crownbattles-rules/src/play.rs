//! Playing each trick (How to Play 4–7, "Playing card rules", "Special Cases").

use duke_core::Seat;

use crate::actions::Action;
use crate::cards::{Card, CardSet, Power};
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, Phase, at, bit, update};
use crate::trick::{Form, Trick};

/// `Action::Play` of the card ids `offset..offset + 64` (one 64-bit word of a `CardSet`), so
/// generating a play is one table load; slots beyond the box are never read. (Evaluated at
/// compile time: an out-of-range index fails the build.)
#[allow(clippy::indexing_slicing)]
const fn play_table(offset: usize) -> [Action; 64] {
    let faces = crate::cards::FACE_TABLE;
    let mut out = [Action::Keep; 64];
    let mut i = 0;
    while i < 64 && offset + i < crate::cards::BOX_SIZE {
        out[i] = Action::Play(faces[offset + i]);
        i += 1;
    }
    out
}

/// Plays of the card ids 0..64: numbered cards, Golems, Dragons, Peasants, four powers.
const PLAY_LOW: [Action; 64] = play_table(0);
/// Plays of the card ids 64..76: the other power cards.
const PLAY_HIGH: [Action; 64] = play_table(64);

const GOLEMS: u64 = 0b11 << 52;
const DRAGONS: u64 = 0b11 << 54;
const PEASANTS: u64 = 0b1111 << 56;
const DUPLICATES: u64 = GOLEMS | DRAGONS | PEASANTS;

/// Pushes the play of every card id in `bits` (one 64-bit word of a set) from `table`.
///
/// `CHUNK` at a time and without a branch per card: a word with up to `CHUNK` cards takes
/// one pass, so the loop's exit is predictable; the surplus entries of the last pass are
/// cut off. (Eight for the low word, which holds most of a hand; two for the high word,
/// which holds only power cards.)
#[inline]
fn push_ids<const CHUNK: usize>(mut bits: u64, table: &[Action; 64], out: &mut Vec<Action>) {
    // Counted in the loop: `count_ones` is a long sequence without the POPCNT instruction,
    // which the default x86-64 target lacks.
    let mut end = out.len();
    while bits != 0 {
        // Written in place (a chunk built on the stack and copied would be read back
        // by a wide load from narrow stores, which the CPU cannot forward).
        let start = out.len();
        out.resize(start + CHUNK, Action::Keep);
        for slot in out.iter_mut().skip(start) {
            end += usize::from(bits != 0);
            // `trailing_zeros` of 0 is 64: masked to a valid (cut off) entry.
            let id = bits.trailing_zeros() as usize & 63;
            bits &= bits.wrapping_sub(1);
            if let Some(&action) = table.get(id) {
                *slot = action;
            }
        }
    }
    out.truncate(end);
}

/// All numbered cards (the cards that follow suit).
pub(crate) const NUMBERS: CardSet = CardSet((1u128 << 52) - 1);

impl CrownBattles {
    /// The cards `seat` may play now: the led suit if it has one ("Players must follow
    /// suit if possible"), plus every non-numbered card ("Dragons, Golems, Peasants are
    /// special cards that can be played at any time"; so are Special Power cards).
    pub(crate) fn playable(&self, seat: Seat) -> CardSet {
        let hand = self.hand(seat);
        match self.table.trick.led {
            Some(suit) if !self.table.trick.free => {
                let follow = hand.and(CardSet::suit(suit));
                if follow.is_empty() { hand } else { follow.or(hand.minus(NUMBERS)) }
            }
            _ => hand,
        }
    }

    /// Why `seat` may not play `action` now, when it is a card that `seat` may not play on
    /// its turn to play ("Players must follow suit if possible"); `None` otherwise (the
    /// action may be legal, or refused for a reason this does not name). Kept off
    /// [`Game::apply`](duke_core::Game::apply)'s path: a caller asks after a refusal.
    pub fn why_illegal(&self, seat: Seat, action: Action) -> Option<&'static str> {
        let (Phase::Play(turn), Action::Play(face)) = (self.table.phase, action) else {
            return None;
        };
        if turn != seat {
            return None;
        }
        if self.hand(seat).find(face).is_none() {
            Some("that card is not in your hand")
        } else if self.playable(seat).find(face).is_none() {
            Some("you must follow the suit led while you hold a card of it")
        } else {
            None
        }
    }

    #[inline]
    pub(crate) fn push_plays(&self, seat: Seat, out: &mut Vec<Action>) {
        let playable = self.playable(seat).0;
        let (low, high) = (playable as u64, (playable >> 64) as u64);
        // Numbered cards, Golems, Dragons and Peasants are ids 0..60 (the low word); keep
        // one card of each duplicated face.
        let mut bits = low & !DUPLICATES;
        for group in [GOLEMS, DRAGONS, PEASANTS] {
            let g = low & group;
            bits |= g & g.wrapping_neg();
        }
        push_ids::<8>(bits, &PLAY_LOW, out);
        if high != 0 {
            push_ids::<2>(high, &PLAY_HIGH, out);
            if playable >> Power::DoubleFaced.card().id() & 1 == 1 {
                out.push(Action::PlayDoubleFacedAsGolem);
            }
        }
    }

    /// Plays `card` for `seat` (legality already checked).
    #[inline]
    pub(crate) fn play(&mut self, seat: Seat, card: Card, golem: bool) {
        match card.power() {
            Some(Power::Summoner) => {
                self.remove_from_hand(seat, card);
                // (Long Play: at a second pass's start, after the first pass's last card.)
                let (form, copied) = self.next_form(card, false);
                self.table.trick.push(card, form, copied);
                self.after_push(seat, copied);
            }
            _ if golem => {
                self.remove_from_hand(seat, card);
                self.table.trick.push(card, Form::of(card, true), None);
                self.after_push(seat, None);
            }
            _ => self.play_printed(seat, card),
        }
    }

    /// Plays a card as printed (not a Summoner, not the Double-faced card as a Golem): the
    /// play of almost every card, kept small enough to inline.
    #[inline]
    pub(crate) fn play_printed(&mut self, seat: Seat, card: Card) {
        self.remove_from_hand(seat, card);
        let effect = card.power().filter(|p| p.has_action());
        self.table.trick.push_printed(card, effect);
        self.after_push(seat, effect);
    }

    /// The card leaves the hand for the table.
    #[inline]
    fn remove_from_hand(&mut self, seat: Seat, card: Card) {
        // `known` keeps the card: every reader subtracts the (public) played cards.
        self.take(seat, card);
        self.table.played.insert(card);
        // A numbered card off the led suit shows the player has none of it.
        if let (Some(led), Some(suit), false) = (self.table.trick.led, card.suit(), self.table.trick.free)
            && led != suit
            && !(self.table.trick.len > 0 && self.stealth())
        {
            update(&mut self.table.voids, seat, |v| v | 1 << led.index());
        }
    }

    /// The card's immediate action, then the next player or the end of the trick.
    #[inline]
    fn after_push(&mut self, seat: Seat, effect: Option<Power>) {
        // (One test for the base game: every other round type takes the general path.)
        if !self.table.rounds.round_type.is_normal() {
            self.after_round_type_push(seat, effect);
            return;
        }
        if let Some(p) = effect
            && self.on_play(seat, p)
        {
            return;
        }
        self.after_play();
    }

    /// [`Self::after_push`] outside Normal Bidding: Stealth Play's face-down cards, Long
    /// Play's second pass keeping the first pass's lead.
    #[inline(never)]
    fn after_round_type_push(&mut self, seat: Seat, effect: Option<Power>) {
        if self.stealth() {
            self.after_stealth_push(seat, effect);
            return;
        }
        if self.table.trick.len == 1 && self.long_play() {
            self.second_pass_lead();
        }
        if let Some(p) = effect
            && self.on_play(seat, p)
        {
            return;
        }
        self.after_play();
    }

    /// [`Self::after_push`] in a Stealth Play round: a card played face down acts at the
    /// reveal.
    fn after_stealth_push(&mut self, seat: Seat, effect: Option<Power>) {
        if self.table.trick.len == 1 {
            self.stealth_lead();
        }
        if let Some(p) = effect
            && self.table.trick.len <= 1
            && self.on_play(seat, p)
        {
            return;
        }
        self.after_play();
    }

    /// Next player, or the end of the trick.
    #[inline]
    pub(crate) fn after_play(&mut self) {
        if usize::from(self.table.trick.len) < self.n() {
            let next = crate::state::after(self.table.trick.leader, usize::from(self.table.trick.len), self.n());
            self.table.phase = Phase::Play(next);
        } else {
            self.finish_trick();
        }
    }

    /// Whether the ongoing trick is the round's last ("no effect on the last trick").
    pub(crate) fn last_trick(&self) -> bool {
        // Hands are equal at the start of a trick, so the leader's hand tells.
        let left = self.hand(self.table.trick.leader).0;
        let last = if self.table.trick.len > 0 { left == 0 } else { left & left.wrapping_sub(1) == 0 };
        // Long Play: the first pass of a long trick (its odd last trick is a normal one).
        if !last
            && !self.table.rounds.round_type.is_normal()
            && self.long_play()
            && self.table.trick.len > 0
            && self.table.rounds.long.is_empty()
        {
            return self.last_long_first_pass();
        }
        last
    }

    /// The winner takes the trick (unless a Bomb destroyed it); then the end-of-trick effects.
    #[inline(never)]
    fn finish_trick(&mut self) {
        // (One test for the base game.)
        if self.table.rounds.round_type.is_normal() {
            self.take_trick();
            return;
        }
        if self.long_play() {
            self.finish_long_pass();
            return;
        }
        if self.stealth() {
            self.reveal_trick();
            if self.config.stealth_actions_at_flip {
                self.table.trick.flipping = true;
                self.table.trick.resolving = 1;
                self.continue_flip();
                return;
            }
        }
        self.take_trick();
    }

    /// The winner takes the trick (unless a Bomb destroyed it); then the end-of-trick effects.
    pub(crate) fn take_trick(&mut self) {
        if !self.table.trick.bombed {
            let pos = self.table.trick.winner(self.table.trump, self.config.wizard_affects_kings);
            let winner = crate::state::after(self.table.trick.leader, pos, self.n());
            update(&mut self.table.tricks, winner, |v| v.saturating_add(1));
            self.table.trick.next_leader = winner;
            // (One test for the base game: Normal Bidding records nothing more.)
            if !self.table.rounds.round_type.is_normal() && self.round_type_takes_trick(winner, pos) {
                self.table.trick.resolving = 0;
                return;
            }
        }
        self.table.trick.resolving = 0;
        self.continue_end_effects();
    }

    /// What a round type does as a trick is taken: the missions' records, and Suit
    /// Precision's placement before the end-of-trick actions (`true`: the winner chooses).
    #[inline(never)]
    fn round_type_takes_trick(&mut self, winner: Seat, pos: usize) -> bool {
        if self.table.rounds.round_type.has_missions() {
            self.note_mission_trick(winner, pos);
        }
        self.precision() && self.place_won_trick(winner)
    }

    /// Resolves the end-of-trick effects in play order, stopping at each decision.
    pub(crate) fn continue_end_effects(&mut self) {
        // No card of the trick carries an effect (always so without power cards).
        if self.table.trick.effects == [NONE; MAX_PLAYERS] {
            self.close_trick();
            return;
        }
        let n = self.n();
        let len = usize::from(self.table.trick.len);
        // A byte of `effects` below 0x80 carries an effect: visit only those positions.
        let carried = !u64::from_le_bytes(self.table.trick.effects) & 0x8080_8080_8080_8080;
        let from = u32::from(self.table.trick.resolving) * 8;
        let mut pending = if from < 64 { carried >> from << from } else { 0 };
        while pending != 0 {
            let pos = (pending.trailing_zeros() / 8) as usize;
            if pos >= len {
                break;
            }
            pending &= pending - 1;
            self.table.trick.resolving = pos as u8;
            let seat = crate::state::after(self.table.trick.leader, pos, n);
            if let Some(p) = self.table.trick.effect(pos)
                && self.acts_at_end(pos, p)
                && !self.acts_at_flip(pos, p)
                && self.start_effect(seat, p, true)
            {
                return;
            }
        }
        self.table.trick.resolving = self.table.trick.len;
        self.close_trick();
    }

    /// Clears the table: next trick, or the end of the round.
    fn close_trick(&mut self) {
        let next = self.table.trick.next_leader;
        let last = self.hand(next).is_empty();
        if !self.table.rounds.round_type.is_normal() {
            if self.stealth() {
                self.keep_revealed_trick();
            }
            if last && self.split() && !self.second_half() {
                self.table.trick = Trick::new(next);
                self.start_second_half();
                return;
            }
        }
        self.table.trick = Trick::new(next);
        if last {
            self.end_round();
        } else {
            self.table.phase = Phase::Play(next);
        }
    }

    /// Called after an effect decision completes.
    pub(crate) fn effect_done(&mut self, end: bool) {
        if end {
            self.table.trick.resolving = self.table.trick.resolving.saturating_add(1);
            if self.table.trick.flipping {
                self.continue_flip();
            } else if !self.table.rounds.long.is_empty() {
                self.continue_long_effects();
            } else {
                self.continue_end_effects();
            }
        } else {
            self.after_play();
        }
    }

    /// Passes are pending (Magician) for these seats.
    pub(crate) fn passers_waiting(&self, magician: Seat) -> u8 {
        let mut waiting = 0;
        for s in self.seats() {
            if s != magician && at(&self.table.passes, s) == NONE {
                waiting |= bit(s);
            }
        }
        waiting
    }
}
