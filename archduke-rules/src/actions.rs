//! The action cards (rulebook, "Action + special cards"): PEEK, SWAP and GIVE. Each is
//! optional (`pass`). Pending actions are resolved in the order their cards were discarded
//! or matched, each by the player who played the card. The caller of "Archduke!" cannot be
//! the target of another player's action.

use duke_core::{Seat, SeatSet};

use crate::notation::Spot;
use crate::state::Archduke;

impl Archduke {
    /// PEEK: `seat` looks at one card on the table.
    pub(crate) fn peek(&mut self, seat: u8, spot: Spot) {
        let bit = SeatSet::single(Seat(seat)).0;
        if let Some(seen) = self.grids.get_mut(spot.seat.index()).and_then(|g| g.seen.get_mut(spot.slot.0 as usize)) {
            *seen |= bit;
        }
        self.pop_pending();
    }

    /// SWAP: two cards change places in plain sight, unseen; what anyone knew of a card
    /// follows the card.
    pub(crate) fn swap(&mut self, a: Spot, b: Spot) {
        let at = |game: &Archduke, s: Spot| {
            let i = s.slot.0 as usize;
            game.grid(s.seat.0).map(|g| {
                (
                    g.cards.get(i).copied().unwrap_or(0),
                    g.seen.get(i).copied().unwrap_or(0),
                    g.origin.get(i).copied().unwrap_or(0),
                )
            })
        };
        if let (Some(x), Some(y)) = (at(self, a), at(self, b)) {
            self.put(b, x);
            self.put(a, y);
        }
        self.pop_pending();
    }

    fn put(&mut self, spot: Spot, (card, seen, origin): (u8, u16, u8)) {
        let i = spot.slot.0 as usize;
        if let Some(grid) = self.grids.get_mut(spot.seat.index())
            && let (Some(c), Some(s), Some(o)) = (grid.cards.get_mut(i), grid.seen.get_mut(i), grid.origin.get_mut(i))
        {
            *c = card;
            *s = seen;
            *o = origin;
        }
    }

    /// GIVE: a penalty card from the draw pile into `target`'s grid, unseen.
    pub(crate) fn give(&mut self, target: Seat) {
        self.pop_pending();
        self.give_penalty(target.0);
    }

    /// The pending action card is not used.
    pub(crate) fn pass(&mut self) {
        self.pop_pending();
    }
}
