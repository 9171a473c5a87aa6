//! A turn (rulebook, "On your turn"): draw from the draw pile or the discard pile, keep or
//! discard, and the call of "Archduke!" (rulebook, "End of round").

use duke_core::{Seat, SeatSet};

use crate::config::ActionTrigger;
use crate::notation::Slot;
use crate::state::{Archduke, Phase};

impl Archduke {
    /// Whether the next player must end the round instead of drawing: the final turns after
    /// "Archduke!" are over (the caller is next), or the engine's turn limit is reached.
    pub(crate) fn must_end(&self) -> bool {
        self.next == self.caller || self.rules.turn_limit.is_some_and(|limit| u32::from(self.turns) >= limit)
    }

    /// Draws the top card of the draw pile; only the drawer sees it. Touching a pile closes
    /// the matching window.
    pub(crate) fn draw_from_pile(&mut self, seat: u8) {
        self.turns = self.turns.saturating_add(1);
        self.current = seat;
        match self.draw_card() {
            Some(card) => self.phase = Phase::Holding { card },
            // Unreachable in a valid state (the round ends as soon as both piles are empty).
            None => self.end_round(),
        }
    }

    /// Takes the top of the discard pile, which must be kept: it replaces the card at
    /// `slot`, which is discarded face up. Everyone saw the card taken.
    pub(crate) fn take_from_discard(&mut self, seat: u8, slot: Slot) {
        self.turns = self.turns.saturating_add(1);
        self.current = seat;
        let everyone = self.everyone();
        let Some(card) = self.discard.pop() else { return };
        self.replace(seat, slot, card, everyone, 0);
    }

    /// Keeps the drawn card at `slot`; the replaced card is discarded.
    pub(crate) fn keep(&mut self, seat: u8, slot: Slot, card: u8) {
        self.replace(seat, slot, card, SeatSet::single(Seat(seat)).0, self.epoch);
    }

    /// Discards the drawn card at once; it triggers its action only under the online rules.
    pub(crate) fn discard_drawn(&mut self, seat: u8, card: u8) {
        let triggers = self.rules.action_trigger == ActionTrigger::AnyDiscard;
        self.discard_and_open(seat, card, triggers);
    }

    fn replace(&mut self, seat: u8, slot: Slot, card: u8, seen: u16, origin: u8) {
        let Some(grid) = self.grids.get_mut(seat as usize) else { return };
        let i = slot.0 as usize;
        let (Some(old), Some(mask), Some(from)) = (grid.cards.get_mut(i), grid.seen.get_mut(i), grid.origin.get_mut(i))
        else {
            return;
        };
        let replaced = *old;
        *old = card;
        *mask = seen;
        *from = origin;
        self.discard_and_open(seat, replaced, true);
    }

    /// The end of a turn: the card goes face up on the discard pile, an action card from the
    /// grid waits to be resolved, and a matching window opens for everyone.
    fn discard_and_open(&mut self, seat: u8, card: u8, triggers: bool) {
        self.discard.push(card);
        if triggers && let Some(power) = self.rules.deck.role(card).power() {
            self.push_pending(seat, power);
        }
        self.phase = Phase::Window;
        self.current = seat;
        self.next = self.next_active(seat);
    }

    /// "Archduke!": every other player has one more turn; the caller is immune to their
    /// actions from now on.
    pub(crate) fn call(&mut self, seat: u8) {
        self.caller = seat;
    }
}
