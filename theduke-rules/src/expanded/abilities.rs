//! The enhanced abilities (rulebook "Enhanced Abilities") as actions, for any tile that
//! carries them: Summon (I) and Divination (II) here, Escape (III) and Ransom (IV) in
//! `escape.rs`. Each is "in place of moving a tile or
//! drawing from the bag", so it is a turn's action; a frozen tile uses none (rulebook
//! "Dread"); the Duke-danger rule governs each (`x_allowed`).

use duke_core::{Observer, Seat};

use crate::actions::Action;
use crate::board::{Square, orthogonal_neighbours};
use crate::config::{DivinationDraws, DivinationShown};
use crate::movegen::Visit;
use crate::source::hand_kinds;
use crate::source::{ExtraState, Packed, TileSource};
use crate::state::{Duke, Phase, Piece, code_kind, code_side, flip_code};
use crate::tiles::{Ability, TileKind};

/// A hand in its canonical order (types ascending, empty slots last), so that two hands of
/// the same tiles are the same state.
fn sorted(mut hand: [u8; 3]) -> [u8; 3] {
    hand.sort_by_key(|&k| if k == 0 { u16::MAX } else { u16::from(k) });
    hand
}

impl<S: TileSource> Duke<S> {
    /// How many tiles a Divination by `me` draws now: three, or what the bag holds if fewer
    /// (reading 28); none if the reading asks for three and the bag has fewer.
    pub(crate) fn divination_count(&self, me: usize) -> u8 {
        let total = self.bag.get(me).map_or(0, |b| b.total());
        match self.set.readings().divination_draws {
            DivinationDraws::UpToThree => total.min(3) as u8,
            DivinationDraws::ExactlyThree if total >= 3 => 3,
            DivinationDraws::ExactlyThree => 0,
        }
    }

    /// Squares `by` could capture on with an ability (only Escape and Ransom capture).
    pub(crate) fn ability_captures(&self, by: usize, frozen: u64) -> u64 {
        self.escape_captures(by, frozen)
    }

    /// The ability actions of `me` in a turn, before the Duke-danger rule: Summon by every
    /// unfrozen Summon tile (not the Duke itself) to every empty square sharing a side with
    /// the Duke; Divination by every unfrozen Divination tile showing its non-starting side,
    /// when the bag has tiles to draw.
    pub(crate) fn ability_candidates(&self, me: usize, frozen: u64, emit: &mut dyn FnMut(Action) -> bool) -> bool {
        // Without a Duke (captured in Counting Coup or Trophy Hunters) only an Escape or a
        // Ransom, which land on its starting squares, can be.
        let Some(duke) = self.duke_square(Seat(me as u8)) else {
            return self.escape_candidates(me, frozen, emit);
        };
        let own = self.occupancy(Seat(me as u8));
        // A summoned tile is no new tile: it may come into the Fort, not onto the Mountain.
        let beside = orthogonal_neighbours(duke)
            & !(self.occ[0] | self.occ[1])
            & !self.mountain()
            & !self.dragon_mask()
            & !self.barred(me);
        let can_divine = self.divination_count(me) > 0;
        let every = self.set.every_ability();
        let tiles = if every.has(Ability::Summon) || every.has(Ability::Divination) { own & !frozen } else { 0 };
        for sq in Square::iter(tiles) {
            let code = self.code_at(sq);
            let abilities = self.set.abilities(code_kind(code));
            if abilities.is_empty() {
                continue;
            }
            if abilities.has(Ability::Summon) && sq != duke {
                for to in Square::iter(beside) {
                    if emit(Action::Summon { from: sq, to }) {
                        return true;
                    }
                }
            }
            if abilities.has(Ability::Divination) && code_side(code) == 1 && can_divine && emit(Action::Divine(sq)) {
                return true;
            }
        }
        self.escape_candidates(me, frozen, emit)
    }

    /// The square an ability action lands on (Escape and Ransom capture an enemy there).
    pub(crate) fn ability_target(action: Action) -> Option<Square> {
        match action {
            Action::Escape { to, .. } | Action::Ransom { to, .. } => Some(to),
            _ => None,
        }
    }

    /// The later steps of a Divination: keep one of the divined tiles on a square beside the
    /// Duke where it leaves the Duke safe, then send each other back to the bag or destroy it,
    /// the lowest tile type first (reading 32).
    pub(crate) fn ability_steps<V: Visit>(&self, me: usize, v: &mut V) -> bool {
        // At most three divined tiles: a fixed array, so that listing does not allocate.
        let mut held = [TileKind(0); 3];
        let mut len = 0;
        for kind in hand_kinds(self.extra.hand()) {
            if (len == 0 || held.get(len - 1) != Some(&kind))
                && let Some(slot) = held.get_mut(len)
            {
                *slot = kind;
                len += 1;
            }
        }
        let kinds = held.get(..len).unwrap_or(&[]);
        match self.phase {
            Phase::Divine { .. } => {
                let empty = self.placement_squares(me);
                // Judged by the kept tile's effect (reading 70).
                let lenient = self.keep_lenient(me, kinds);
                for &kind in kinds {
                    for to in Square::iter(empty) {
                        let action = Action::Keep { kind, to };
                        if (lenient || self.x_keep_safe(me, kind, to)) && v.action(action) {
                            return true;
                        }
                    }
                }
                false
            }
            // One order for the steps (reading 32): the lowest type left goes first (a destroy
            // takes every tile of its type left), so each position is reached by one sequence
            // of steps (perft counts positions).
            Phase::Dismiss { .. } => {
                kinds.first().is_some_and(|&k| v.action(Action::Return(k)) || v.action(Action::Destroy(k)))
            }
            _ => false,
        }
    }

    /// How many divined tiles the hand holds.
    fn phase_left(&self) -> u8 {
        hand_kinds(self.extra.hand()).count() as u8
    }

    /// How many tiles of `kind` the hand holds.
    pub(crate) fn in_hand(&self, kind: TileKind) -> usize {
        hand_kinds(self.extra.hand()).filter(|&k| k == kind).count()
    }

    /// Takes a tile of `kind` out of the hand; returns how many are left.
    fn take_from_hand(&mut self, kind: TileKind) -> u8 {
        let mut hand = self.extra.hand();
        if let Some(slot) = hand.iter_mut().find(|k| **k == kind.0.wrapping_add(1)) {
            *slot = 0;
        }
        let hand = sorted(hand);
        self.extra.set_hand(hand);
        hand.iter().filter(|&&k| k != 0).count() as u8
    }

    /// Does an ability action of `me`; returns `true` when the turn is over (the caller
    /// ends it), `false` when a later step of the same turn follows.
    pub(crate) fn play_ability(&mut self, me: u8, action: Action) -> bool {
        let seat = usize::from(me);
        match action {
            Action::Summon { from, to } => {
                let code = self.take_code(from);
                self.put_code(to, code);
                if let Some(duke) = self.duke_square(Seat(me)) {
                    let code = self.take_code(duke);
                    self.put_code(duke, flip_code(code));
                }
                true
            }
            Action::Divine(sq) => {
                self.set_code(sq, flip_code(self.code_at(sq)));
                let n = self.divination_count(seat);
                let mut hand = [0u8; 3];
                for slot in hand.iter_mut().take(usize::from(n)) {
                    *slot = self.draw_tile(seat).0.wrapping_add(1);
                }
                self.extra.set_hand(sorted(hand));
                self.phase = Phase::Divine { drawn: n };
                // No Duke-danger cache in a Divination's later steps (`compute_guard`).
                self.guard = 0;
                false
            }
            Action::Keep { kind, to } => {
                let left = self.take_from_hand(kind);
                self.put_code(to, Piece::new(kind, Seat(me)).code());
                self.phase = Phase::Dismiss { left };
                left == 0
            }
            Action::Return(kind) => {
                let left = self.take_from_hand(kind);
                if let Some(b) = self.bag.get_mut(seat) {
                    *b = b.plus(kind.index());
                }
                self.phase = Phase::Dismiss { left };
                left == 0
            }
            Action::Destroy(kind) => {
                // Within a type the tiles sent back come first (reading 32): once one is
                // destroyed, any other of its type left can only be destroyed too, here.
                let mut left = self.phase_left();
                while hand_kinds(self.extra.hand()).any(|k| k == kind) {
                    left = self.take_from_hand(kind);
                    let removed = u128::plus(self.extra.removed(seat), kind.index());
                    self.extra.set_removed(seat, removed);
                }
                self.phase = Phase::Dismiss { left };
                left == 0
            }
            _ => true,
        }
    }

    /// The state after the player to act divines with the tile on `square` and draws
    /// exactly `kinds`: a chance outcome of [`Action::Divine`] chosen instead of drawn (for
    /// search, perft and tests). `None` if the Divination is not legal now or the bag cannot
    /// give these tiles (as many as the Divination draws). The generator is not advanced.
    pub fn with_divined(&self, square: Square, kinds: &[TileKind]) -> Option<Duke<S>> {
        let me = usize::from(self.to_move & 1);
        if !S::EXPANDED
            || !self.is_legal(Action::Divine(square))
            || kinds.len() != usize::from(self.divination_count(me))
        {
            return None;
        }
        let mut next = self.clone();
        next.set_code(square, flip_code(self.code_at(square)));
        let mut hand = [0u8; 3];
        for (slot, kind) in hand.iter_mut().zip(kinds) {
            let bag = next.bag.get(me).copied().unwrap_or_default();
            if bag.count(kind.index()) == 0 {
                return None;
            }
            if let Some(b) = next.bag.get_mut(me) {
                *b = b.minus(kind.index());
            }
            *slot = kind.0.wrapping_add(1);
        }
        next.extra.set_hand(sorted(hand));
        next.phase = Phase::Divine { drawn: kinds.len() as u8 };
        next.guard = 0;
        Some(next)
    }

    /// Whether `observer` sees the tiles `diviner`'s Divination drew: the diviner, or every
    /// observer with [`DivinationShown::Everyone`] (reading 30).
    pub(crate) fn sees_divined(&self, diviner: Seat, observer: Observer) -> bool {
        observer == Observer::Seat(diviner) || self.set.readings().divination_shown == DivinationShown::Everyone
    }

    /// Puts the divined tiles back and draws as many again with the generator: what the
    /// opponent of a diviner cannot tell apart (`Game::determinize`).
    pub(crate) fn redraw_hand(&mut self) {
        let me = usize::from(self.to_move & 1);
        let held: Vec<TileKind> = hand_kinds(self.extra.hand()).collect();
        for kind in &held {
            if let Some(b) = self.bag.get_mut(me) {
                *b = b.plus(kind.index());
            }
        }
        let mut hand = [0u8; 3];
        for slot in hand.iter_mut().take(held.len()) {
            *slot = self.draw_tile(me).0.wrapping_add(1);
        }
        self.extra.set_hand(sorted(hand));
    }

    /// Every multiset of tile types a Divination by the player to act could draw now.
    pub(crate) fn divination_outcomes(&self) -> Vec<Vec<TileKind>> {
        let me = usize::from(self.to_move & 1);
        let bag = self.bag.get(me).copied().unwrap_or_default();
        let n = usize::from(self.divination_count(me));
        let mut out = Vec::new();
        let mut current = Vec::new();
        fn pick<B: Packed>(bag: B, from: usize, n: usize, current: &mut Vec<TileKind>, out: &mut Vec<Vec<TileKind>>) {
            if current.len() == n {
                out.push(current.clone());
                return;
            }
            for k in from..B::KINDS {
                if bag.count(k) > 0 {
                    current.push(TileKind(k as u8));
                    pick(bag.minus(k), k, n, current, out);
                    current.pop();
                }
            }
        }
        pick(bag, 0, n, &mut current, &mut out);
        out
    }
}
