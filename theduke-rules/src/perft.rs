//! Perft: the number of leaf nodes of the game tree to a given depth, for testing and
//! benchmarking the move generator.
//!
//! One ply is one turn (or one set-up placement). A bag draw is a chance event: it
//! expands into one branch per distinct tile type still in the bag, and each of those
//! into one child per legal placement square, so a draw turn contributes
//! `types x placements` nodes. Captures of the Duke and positions without a legal action
//! are terminal. The last ply is bulk-counted: leaves are counted from masks
//! without being played.

use crate::actions::Action;
use crate::movegen::{Counter, Lister};
use crate::source::{Packed, TileSource};
use crate::state::{Duke, Phase};
use crate::tiles::TileKind;

impl<S: TileSource> Duke<S> {
    /// The number of leaf nodes `depth` plies below this position (1 at depth 0).
    ///
    /// Expanded play counts the same way: each chance outcome of a draw (every tile type in
    /// the bag) is followed by its legal placements within the ply, and the last ply is
    /// bulk-counted but for a draw and a Divination, whose outcomes are expanded.
    pub fn perft(&self, depth: u32) -> u64 {
        if S::EXPANDED {
            return self.x_perft(depth);
        }
        // One action buffer per ply, made as the walk first reaches that ply: a huge
        // `depth` on a short tree must not allocate for plies that never occur.
        let mut buffers: Vec<Vec<Action>> = Vec::new();
        self.perft_with(depth, 0, &mut buffers)
    }

    fn perft_with(&self, depth: u32, ply: usize, buffers: &mut Vec<Vec<Action>>) -> u64 {
        if depth == 0 {
            return 1;
        }
        if matches!(self.phase, Phase::Over(_)) {
            return 0;
        }
        if depth == 1 {
            let mut count = Counter(0);
            self.visit(&mut count);
            return count.0;
        }
        if buffers.len() <= ply {
            buffers.resize_with(ply + 1, || Vec::with_capacity(128));
        }
        let mut buf = buffers.get_mut(ply).map(core::mem::take).unwrap_or_default();
        buf.clear();
        self.visit(&mut Lister(&mut buf));
        let mut total = 0;
        for &action in buf.iter() {
            if action == Action::Draw {
                let me = usize::from(self.to_move & 1);
                let bag = self.bag.get(me).copied().unwrap_or_default();
                for k in (0..S::Bag::KINDS).filter(|&k| bag.count(k) != 0) {
                    let mut drawn = S::duplicate(self);
                    drawn.force_draw(me, TileKind(k as u8));
                    let places = drawn.placements();
                    for sq in crate::board::Square::iter(places) {
                        let mut child = S::duplicate(&drawn);
                        child.play_inner(Action::Place(sq), false);
                        total += child.perft_with(depth - 1, ply + 1, buffers);
                    }
                }
            } else {
                let mut child = S::duplicate(self);
                child.play_inner(action, false);
                total += child.perft_with(depth - 1, ply + 1, buffers);
            }
        }
        if let Some(slot) = buffers.get_mut(ply) {
            *slot = buf;
        }
        total
    }

    /// The state after the player to act draws a tile of `kind` from his bag: the chance
    /// outcome of [`Action::Draw`] chosen instead of drawn (for expectimax search and
    /// perft). `None` if drawing is not legal now or no such tile is in the bag. The
    /// generator is not advanced.
    pub fn with_drawn(&self, kind: TileKind) -> Option<Duke<S>> {
        let me = usize::from(self.to_move & 1);
        let bag = self.bag.get(me).copied().unwrap_or_default();
        if bag.count(kind.index()) == 0 || !self.is_legal(Action::Draw) {
            return None;
        }
        let mut next = self.clone();
        next.force_draw(me, kind);
        Some(next)
    }

    /// Takes a tile of `kind` out of `me`'s bag as if drawn (the chance outcome chosen).
    fn force_draw(&mut self, me: usize, kind: TileKind) {
        if let Some(b) = self.bag.get_mut(me) {
            *b = b.minus(kind.index());
        }
        self.phase = Phase::Place { drawn: kind };
    }
}
