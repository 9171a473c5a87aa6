//! The Duke-danger rule ("Putting the Duke Tile in Danger") where more than the board after
//! the action decides it: a new tile's own icons (a Dread icon freezing the attacker, judged by
//! the placement's effect: "After any movement or placement of a new tile is complete, any tile
//! ... covered by a Dread icon is frozen"; reading 70), and an action that wins the game in the
//! objectives with Flags, after which there is no "next turn" (reading 71).

use duke_core::Seat;

use crate::actions::Action;
use crate::board::Square;
use crate::config::NewTileDanger;
use crate::source::{ExtraState, Packed, TileSource};
use crate::state::{Duke, Ending, Phase};
use crate::tiles::TileKind;

impl<S: TileSource> Duke<S> {
    /// Whether this state, after an action of `me`, is a game of Counting Coup or Trophy
    /// Hunters, or of Dark Rider, that `me` has won by its objective: the game is over, so
    /// the opponent has no "next turn" in which to capture the Duke (reading 71) or the rider
    /// protected as a Duke (`RiderDanger::Avoided`, reading 59: the rider's winning third
    /// capture).
    pub(crate) fn objective_win_by(&self, me: usize) -> bool {
        (self.flag_game() || self.army().is_some())
            && matches!(self.phase, Phase::Over(Ending { winner: Some(w), .. }) if usize::from(w.0 & 1) == me)
    }

    /// Whether the reading asks for a safe square for every tile a draw could bring.
    fn every_tile(&self) -> bool {
        self.set.readings().new_tile_danger == NewTileDanger::EveryTile
    }

    /// Whether placing the drawn tile (`Phase::Place`) on `sq` leaves `me`'s Duke safe, judged
    /// by the placement's effect (the tile's Dread icons included), or wins.
    fn x_place_safe(&self, me: usize, sq: Square) -> bool {
        if let Some(safe) = self.plain_place_safe(me, sq) {
            return safe;
        }
        let mut next = self.clone();
        next.lull_dragon();
        next.play_inner(Action::Place(sq), false);
        next.x_duke_safe(me) || next.objective_win_by(me)
    }

    /// The squares the drawn tile may go on: those where it leaves the Duke safe; with
    /// [`NewTileDanger::SomeTile`], when there is none, every square beside the Duke (the
    /// tile "must be placed").
    pub(crate) fn x_place_squares(&self, me: usize) -> u64 {
        let empty = self.placement_squares(me);
        let slow = |squares: u64| {
            Square::iter(squares).filter(|&sq| self.x_place_safe(me, sq)).fold(0, |acc, sq| acc | sq.bit())
        };
        let safe = if let Some(c) = self.plain_context(me) {
            // The plain test (`danger.rs`): every square at once.
            self.placements_in(&c) & empty
        } else if let Some(j) = self.judge_context(me) {
            // The bound: the squares it clears at once, the others by their effect.
            let sure = self.placements_in(&j.c) & empty;
            sure | slow(empty & !sure)
        } else {
            slow(empty)
        };
        if safe == 0 && !self.every_tile() { empty } else { safe }
    }

    /// Whether a tile of `kind` drawn now by `me` would have a square leaving the Duke safe.
    fn drawn_placeable(&self, me: usize, kind: usize) -> bool {
        let mut probe = self.clone();
        if let Some(b) = probe.bag.get_mut(me) {
            *b = b.minus(kind);
        }
        probe.phase = Phase::Place { drawn: TileKind(kind as u8) };
        Square::iter(probe.placement_squares(me)).any(|sq| probe.x_place_safe(me, sq))
    }

    /// The Duke-danger rule for a draw (readings 3, 70): a square where a tile without icons
    /// leaves the Duke safe does for every tile; otherwise every tile type in the bag
    /// ([`NewTileDanger::EveryTile`]), or at least one ([`NewTileDanger::SomeTile`]), must
    /// have a square where it leaves the Duke safe by its effect.
    pub(crate) fn x_draw_allowed(&self, me: usize) -> bool {
        if self.x_draw_squares(me) != 0 {
            return true;
        }
        let bag = self.bag.get(me).copied().unwrap_or_default();
        if bag.is_empty() {
            return false;
        }
        let mut kinds = (0..S::Bag::KINDS).filter(|&k| bag.count(k) != 0);
        if self.every_tile() {
            kinds.all(|k| self.drawn_placeable(me, k))
        } else {
            kinds.any(|k| self.drawn_placeable(me, k))
        }
    }

    /// Whether keeping a divined tile of `kind` on `to` leaves `me`'s Duke safe (by its
    /// effect), or wins.
    pub(crate) fn x_keep_safe(&self, me: usize, kind: TileKind, to: Square) -> bool {
        if let Some(safe) = self.plain_place_safe(me, to) {
            return safe;
        }
        let mut next = self.clone();
        next.lull_dragon();
        next.play_inner(Action::Keep { kind, to }, false);
        next.end_turn_frozen(me);
        next.x_duke_safe(me) || next.objective_win_by(me)
    }

    /// Whether, with the Divination's tile flipped (`self`), a divined tile of `kind` could be
    /// kept with the Duke safe.
    fn keepable(&self, me: usize, kind: usize) -> bool {
        let mut probe = self.clone();
        if let Some(b) = probe.bag.get_mut(me) {
            *b = b.minus(kind);
        }
        probe.extra.set_hand([(kind as u8).wrapping_add(1), 0, 0]);
        probe.phase = Phase::Divine { drawn: 1 };
        let tile = TileKind(kind as u8);
        Square::iter(probe.placement_squares(me)).any(|to| probe.x_keep_safe(me, tile, to))
    }

    /// The Duke-danger rule for a Divination (readings 29, 70): after the flip, a square safe
    /// for a tile without icons does for every tile; otherwise every hand it could draw must
    /// hold a tile with a safe square ([`NewTileDanger::EveryTile`]: fewer tiles without one
    /// in the bag than it draws), or at least one tile of the bag must have one
    /// ([`NewTileDanger::SomeTile`]).
    pub(crate) fn divination_allowed(&self, me: usize, sq: Square) -> bool {
        let mut flipped = self.clone();
        flipped.set_code(sq, crate::state::flip_code(self.code_at(sq)));
        if flipped.x_draw_squares(me) != 0 {
            return true;
        }
        let bag = self.bag.get(me).copied().unwrap_or_default();
        let (mut good, mut bad) = (0u32, 0u32);
        for k in (0..S::Bag::KINDS).filter(|&k| bag.count(k) != 0) {
            let n = u32::from(bag.count(k));
            if flipped.keepable(me, k) { good += n } else { bad += n }
        }
        let drawn = u32::from(self.divination_count(me));
        good > 0 && (!self.every_tile() || bad < drawn)
    }

    /// Whether the keeps of the hand must be listed whatever their effect: with
    /// [`NewTileDanger::SomeTile`], no divined tile has a safe square (it "is placed
    /// normally", and must be placed).
    pub(crate) fn keep_lenient(&self, me: usize, kinds: &[TileKind]) -> bool {
        !self.every_tile()
            && !kinds.iter().any(|&k| Square::iter(self.placement_squares(me)).any(|to| self.x_keep_safe(me, k, to)))
    }

    /// `seat`'s Duke square, for the Duke-danger rule's exception (reading 4): taking the
    /// opposing Duke is always allowed where it ends the game, not with the Flags, where the
    /// opponent still has a next turn (reading 71).
    pub(crate) fn duke_taking_exempt(&self, seat: usize) -> Option<Square> {
        if self.flag_game() { None } else { self.guarded_square(Seat(seat as u8)) }
    }
}
