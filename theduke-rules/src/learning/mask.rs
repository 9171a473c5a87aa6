//! The legal-action mask, set straight from the move generator: the generator hands over
//! each tile's moves, strikes and commands as a set of squares, and each square's index is
//! a few operations with the config's offsets; no action list is built. The same code writes
//! a `bool` mask and a bit mask (generic over [`MaskBuffer`]).

use duke_core::{MaskBuffer, Seat};

use super::actions::{ActionLayout, Block};
use crate::movegen::Visit;
use crate::{Action, Duke, Phase, Square, TileSource};

/// A mask buffer that also takes a run of entries at once: a set of target squares whose
/// indices are consecutive (a full reach, `ReachTable::pair_run`) is one or two word
/// operations in a bit mask instead of one per square.
pub(crate) trait Marks: MaskBuffer {
    /// Sets entry `start + i` for every bit `i` of `bits`, which holds squares (bits 0 to
    /// 35); entries out of range are ignored.
    fn set_run(&mut self, start: usize, bits: u64);
}

impl Marks for [bool] {
    #[inline]
    fn set_run(&mut self, start: usize, bits: u64) {
        let mut rest = bits;
        while rest != 0 {
            self.set(start + rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
}

impl Marks for [u64] {
    #[inline]
    fn set_run(&mut self, start: usize, bits: u64) {
        let (word, shift) = (start / 64, start % 64);
        if let Some(w) = self.get_mut(word) {
            *w |= bits << shift;
        }
        // The bits that overflow into the next word (none when the run starts a word).
        if shift != 0
            && let Some(w) = self.get_mut(word + 1)
        {
            *w |= bits >> (64 - shift);
        }
    }
}

/// Sets the mask entries of the actions the generator visits.
struct Marker<'a, M: Marks + ?Sized> {
    layout: &'a ActionLayout,
    mask: &'a mut M,
}

impl<M: Marks + ?Sized> Visit for Marker<'_, M> {
    fn action(&mut self, a: Action) -> bool {
        if let Some(i) = self.layout.index(a) {
            self.mask.set(i);
        }
        false
    }

    fn moves(&mut self, from: Square, to: u64) -> bool {
        self.layout.mark_pairs(Block::Move, from, to, self.mask);
        false
    }

    fn strikes(&mut self, from: Square, targets: u64) -> bool {
        self.layout.mark_pairs(Block::Strike, from, targets, self.mask);
        false
    }

    fn commands(&mut self, by: Square, from: Square, to: u64) -> bool {
        self.layout.mark_commands(by, from, to, self.mask);
        false
    }

    fn draws(&mut self, _types: u32, places: u64) -> bool {
        // One `Draw`, as the listing gives, whatever the tile and square to come.
        if places != 0 {
            self.action(Action::Draw);
        }
        false
    }
}

/// Clears `mask` (of the layout's length), then sets it at `seat`'s legal actions: those
/// [`legal_actions`](duke_core::Game::legal_actions) lists, from the same generator. One
/// code path for a `bool` mask and a bit mask.
pub(crate) fn mark<S: TileSource, M: Marks + ?Sized>(game: &Duke<S>, layout: &ActionLayout, seat: Seat, mask: &mut M) {
    mask.clear();
    if seat.0 != game.to_move || matches!(game.phase, Phase::Over(_)) {
        return;
    }
    game.visit(&mut Marker { layout, mask });
}
