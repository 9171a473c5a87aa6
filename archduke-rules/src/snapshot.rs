//! A compact copy of a whole state, for the undo records of actions that may reshuffle, end
//! the round or end the game.
//!
//! The state keeps a fixed grid of 32 positions for each of 12 seats and two piles of 208
//! cards, but the cards in play number at most 208 in all ([`MAX_CARDS`]). The snapshot
//! keeps every other field as it is and only the cards that are there: each seat's
//! occupied positions and width, then every grid card with what is known of it, then the
//! draw pile and the discard pile, one after the other. The undo record, which every
//! `apply` returns and every caller moves, is then about half the size of the state.

use duke_core::{GameRng, SeatSet};

use crate::config::{MAX_CARDS, MAX_PENDING, MAX_PLAYERS, Rules};
use crate::state::{Archduke, Bits, Grid, LastRound, Pending, Phase, Stack};

/// Declares [`Snapshot`] with the fields of [`Archduke`] it keeps as they are, each named
/// once for the struct, the copy in [`Snapshot::save`] and the copy back in
/// [`Snapshot::restore`].
macro_rules! snapshot {
    ($($field:ident: $ty:ty,)*) => {
        /// Every field of an [`Archduke`], the grids and piles packed.
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct Snapshot {
            $($field: $ty,)*
            /// Per seat: the grid's occupied positions and its number of columns.
            occupied: [u32; MAX_PLAYERS],
            columns: [u8; MAX_PLAYERS],
            /// The grid cards seat by seat in position order, then the draw pile, then the
            /// discard pile (bottom first).
            cards: [u8; MAX_CARDS],
            /// For the grid cards (same index as in `cards`): who has seen each, and its
            /// draw-pile generation.
            seen: [u16; MAX_CARDS],
            origin: [u8; MAX_CARDS],
            draw_len: u8,
            discard_len: u8,
        }

        impl Snapshot {
            /// The snapshot of `state` with its fields kept as they are and the piles'
            /// lengths, no card yet.
            #[inline(always)]
            fn unpacked(state: &Archduke) -> Snapshot {
                // Destructured so that a new field of `Archduke` cannot be forgotten here.
                let Archduke { $($field,)* ref draw, ref discard, grids: _ } = *state;
                Snapshot {
                    $($field,)*
                    occupied: [0; MAX_PLAYERS],
                    columns: [0; MAX_PLAYERS],
                    cards: [0; MAX_CARDS],
                    seen: [0; MAX_CARDS],
                    origin: [0; MAX_CARDS],
                    draw_len: draw.len,
                    discard_len: discard.len,
                }
            }

            /// Puts the fields kept as they are back into `state`.
            #[inline(always)]
            fn restore_unpacked(&self, state: &mut Archduke) {
                $(state.$field = self.$field;)*
            }
        }
    };
}

snapshot! {
    rules: Rules,
    rng: GameRng,
    round: u16,
    phase: Phase,
    dealer: u8,
    first: u8,
    current: u8,
    next: u8,
    caller: u8,
    turns: u16,
    looked: SeatSet,
    active: SeatSet,
    final_round: bool,
    epoch: u8,
    pending: [Pending; MAX_PENDING],
    pending_len: u8,
    scores: [i32; MAX_PLAYERS],
    out_round: [u16; MAX_PLAYERS],
    last: LastRound,
}

impl Snapshot {
    /// The snapshot of `state`.
    ///
    /// Exact for every state that can be built or reached: its empty positions hold no
    /// card and nothing known and its cards number at most [`MAX_CARDS`], every card in
    /// exactly one place (both checked by `Archduke::check`), and positions past a pile's
    /// top hold no card (piles only change by push and pop). Cards beyond that room would
    /// be left out, never a panic.
    pub fn save(state: &Archduke) -> Snapshot {
        let mut snap = Snapshot::unpacked(state);
        let mut at = 0;
        for ((grid, occupied), columns) in state.grids.iter().zip(&mut snap.occupied).zip(&mut snap.columns) {
            *occupied = grid.occupied;
            *columns = grid.columns;
            for slot in grid.filled() {
                let slot = slot as usize;
                if let (Some(c), Some(s), Some(o), Some(&card), Some(&seen), Some(&origin)) = (
                    snap.cards.get_mut(at),
                    snap.seen.get_mut(at),
                    snap.origin.get_mut(at),
                    grid.cards.get(slot),
                    grid.seen.get(slot),
                    grid.origin.get(slot),
                ) {
                    *c = card;
                    *s = seen;
                    *o = origin;
                    at += 1;
                }
            }
        }
        for pile in [&state.draw, &state.discard] {
            let cards = pile.as_slice();
            let end = (at + cards.len()).min(MAX_CARDS);
            if let (Some(to), Some(from)) = (snap.cards.get_mut(at..end), cards.get(..end - at)) {
                to.copy_from_slice(from);
            }
            at = end;
        }
        snap
    }

    /// Puts `state` back as it was when the snapshot was taken.
    pub fn restore(&self, state: &mut Archduke) {
        self.restore_unpacked(state);
        let mut at = 0;
        for ((grid, &occupied), &columns) in state.grids.iter_mut().zip(&self.occupied).zip(&self.columns) {
            *grid = Grid::EMPTY;
            grid.columns = columns;
            grid.occupied = occupied;
            for slot in Bits(occupied) {
                let slot = slot as usize;
                if let (Some(c), Some(s), Some(o), Some(&card), Some(&seen), Some(&origin)) = (
                    grid.cards.get_mut(slot),
                    grid.seen.get_mut(slot),
                    grid.origin.get_mut(slot),
                    self.cards.get(at),
                    self.seen.get(at),
                    self.origin.get(at),
                ) {
                    *c = card;
                    *s = seen;
                    *o = origin;
                    at += 1;
                }
            }
        }
        for (pile, len) in [(&mut state.draw, self.draw_len), (&mut state.discard, self.discard_len)] {
            *pile = Stack::EMPTY;
            let end = (at + len as usize).min(MAX_CARDS);
            if let (Some(to), Some(from)) = (pile.cards.get_mut(..end - at), self.cards.get(at..end)) {
                to.copy_from_slice(from);
            }
            pile.len = (end - at) as u8;
            at = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use duke_core::{Game, GameRng};

    use super::*;
    use crate::Config;

    #[test]
    fn a_snapshot_restores_every_state_along_random_games() {
        let config = Config { players: 4, turn_limit: Some(60), ..Config::default() };
        let mut rng = GameRng::new(3);
        let mut buf = Vec::new();
        let mut checked = 0;
        for seed in 0..12 {
            let mut game = Archduke::new(&config, seed).unwrap();
            let other = Archduke::new(&config, seed + 100).unwrap();
            for _ in 0..400 {
                let mut back = other;
                Snapshot::save(&game).restore(&mut back);
                assert_eq!(back, game);
                checked += 1;
                let to_act = game.to_act();
                let Some(seat) = to_act.nth(rng.below(to_act.len() as u32) as usize) else { break };
                game.legal_actions(seat, &mut buf);
                let Some(&action) = buf.get(rng.below(buf.len() as u32) as usize) else { break };
                game.apply(seat, action).unwrap();
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
