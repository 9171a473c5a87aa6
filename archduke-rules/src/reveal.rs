//! The round-end reveal (rulebook, "Round scoring": "All players add up the values of each of
//! their cards in their grid"): every grid is turned face up when a round is scored. The next
//! deal gathers the cards, so the state keeps a packed copy of the grids as they were shown,
//! for views (`RoundResult::grids`) and events after the deal.

use crate::config::MAX_PLAYERS;
use crate::state::{Grid, MAX_SLOTS, NONE};

/// Every grid as revealed at the end of the last round scored, packed: 4 bits of card kind
/// per position (the deck table has at most 16 kinds), which positions hold a card, and how
/// many columns the grid had (0 = nothing recorded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reveal {
    kinds: [[u8; MAX_SLOTS / 2]; MAX_PLAYERS],
    occupied: [u32; MAX_PLAYERS],
    columns: [u8; MAX_PLAYERS],
}

impl Reveal {
    /// No round has been scored yet.
    pub const NONE: Reveal =
        Reveal { kinds: [[0; MAX_SLOTS / 2]; MAX_PLAYERS], occupied: [0; MAX_PLAYERS], columns: [0; MAX_PLAYERS] };

    /// The grids of the first `players` seats as they are now.
    pub fn record(grids: &[Grid; MAX_PLAYERS], players: usize) -> Reveal {
        let mut reveal = Reveal::NONE;
        for (seat, grid) in grids.iter().enumerate().take(players) {
            let cards = grid.cards.iter().take(grid.width()).map(|&c| (c != NONE).then_some(c));
            reveal.set(seat, grid.columns, cards);
        }
        reveal
    }

    /// Records one seat's grid: `columns` columns, the card kind (or `None`) at each position.
    /// Positions beyond 16 columns and kinds beyond 15 are ignored (never produced by a valid
    /// state; the deserialiser checks them first).
    pub fn set(&mut self, seat: usize, columns: u8, cards: impl Iterator<Item = Option<u8>>) {
        let (Some(kinds), Some(occupied), Some(width)) =
            (self.kinds.get_mut(seat), self.occupied.get_mut(seat), self.columns.get_mut(seat))
        else {
            return;
        };
        *kinds = [0; MAX_SLOTS / 2];
        *occupied = 0;
        *width = columns.min((MAX_SLOTS / 2) as u8);
        for (slot, card) in cards.enumerate().take(MAX_SLOTS) {
            if let Some(kind) = card
                && let Some(byte) = kinds.get_mut(slot / 2)
            {
                *byte |= (kind & 0x0f) << (4 * (slot % 2));
                *occupied |= 1 << slot;
            }
        }
    }

    /// The revealed grid of `seat`, positions `a1 a2 b1 ...`: the card kind at each, `None` for
    /// an empty position. Empty if nothing was recorded for the seat.
    pub fn grid(&self, seat: usize) -> impl Iterator<Item = Option<u8>> + '_ {
        let kinds = self.kinds.get(seat);
        let occupied = self.occupied.get(seat).copied().unwrap_or(0);
        let width = self.columns.get(seat).map_or(0, |&c| c as usize * 2).min(MAX_SLOTS);
        (0..width).map(move |slot| {
            let byte = kinds.and_then(|k| k.get(slot / 2)).copied().unwrap_or(0);
            (occupied & (1 << slot) != 0).then_some((byte >> (4 * (slot % 2))) & 0x0f)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_reads_back_as_recorded() {
        let mut grids = [Grid::EMPTY; MAX_PLAYERS];
        assert!(grids[1].add_penalty(15, 0, 0));
        assert!(grids[1].add_penalty(3, 0, 0));
        assert!(grids[1].add_penalty(0, 0, 0));
        assert!(grids[1].add_penalty(9, 0, 0));
        assert!(grids[1].add_penalty(7, 0, 0));
        grids[1].remove(1);
        let reveal = Reveal::record(&grids, 2);
        let back: Vec<Option<u8>> = reveal.grid(1).collect();
        assert_eq!(back, vec![Some(15), None, Some(0), Some(9), Some(7), None]);
        assert_eq!(reveal.grid(0).collect::<Vec<_>>(), vec![None; 4]);
        assert_eq!(reveal.grid(2).count(), 0, "only the players' grids are recorded");
        assert_eq!(Reveal::NONE.grid(0).count(), 0);
    }
}
