//! Matching (rulebook, "Matching"; FAQ "Can you match a card you just discarded?", "What
//! happens if you match an Action card?", "Can you match at the end of a round?").
//!
//! After every discard a window is open for every player, out of turn included. A player may
//! put a grid card matching the top of the discard pile onto it, leaving the position
//! empty; several players may match, one player may match several cards, even onto his own
//! discard. A wrong attempt puts the card back, now seen by everyone, and its owner takes a
//! penalty card unseen. The window closes when the next player draws (or, after the final
//! turns, when the caller ends the round).
//!
//! The engine applies actions in the order they arrive, so "too late" attempts cannot
//! happen: once the next player has drawn, no match is listed.

use crate::notation::Slot;
use crate::state::{Archduke, Phase};

impl Archduke {
    /// Whether `seat` may try to match now. This depends on public facts only (whether a
    /// discard is face up, whether the seat has a card and room for a penalty card), never
    /// on faces: any card may be tried, and a wrong try costs a penalty card.
    #[inline]
    pub(crate) fn can_match(&self, seat: u8) -> bool {
        self.phase == Phase::Window
            && !self.discard.is_empty()
            && self.is_active(seat)
            && self.grid(seat).is_some_and(|g| g.occupied != 0 && g.has_room())
    }

    /// `seat` tries to match its card at `slot` onto the discard pile.
    pub(crate) fn attempt_match(&mut self, seat: u8, slot: Slot) {
        let everyone = self.everyone();
        let (Some(top), Some(grid)) = (self.discard.top(), self.grids.get_mut(seat as usize)) else { return };
        let Some(card) = grid.card(slot.0) else { return };
        if self.rules.deck.matches(card, top) {
            grid.remove(slot.0);
            let left = grid.count();
            self.discard.push(card);
            // A matched action card is used after matching, in the order matched.
            if let Some(power) = self.rules.deck.role(card).power() {
                self.push_pending(seat, power);
            }
            if left == 0 {
                // "If at any point a player matches down to zero cards, the round ends
                // immediately."
                self.end_round();
            }
        } else {
            if let Some(seen) = grid.seen.get_mut(slot.0 as usize) {
                *seen = everyone;
            }
            self.give_penalty(seat);
        }
    }

    /// A penalty card from the draw pile, unseen by anyone, into `seat`'s grid.
    pub(crate) fn give_penalty(&mut self, seat: u8) -> bool {
        let Some(card) = self.draw_card() else { return false };
        let placed = self.grids.get_mut(seat as usize).is_some_and(|grid| grid.add_penalty(card, 0, self.epoch));
        if !placed {
            // No room (cannot happen for a listed action): the card goes back.
            self.draw.push(card);
        }
        placed
    }
}
