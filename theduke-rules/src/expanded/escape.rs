//! Escape (III) and Ransom (IV) (rulebook "Enhanced Abilities"), for any tile that
//! carries them.
//!
//! Escape: in place of a move or a draw, the player sacrifices one of his tiles sharing a
//! side with the Escape tile (or, Ransom's first instance, gives back a captured Ransom
//! tile), then the Escape tile goes to one of the two starting squares of the Duke,
//! starting side up: onto an empty square, capturing an enemy there, or, when both squares
//! hold friendly tiles, sacrificing the one it lands on. Ransom's second instance trades a
//! captured Ransom tile for the player's own captured Escape tile (any own captured tile
//! under [`RansomTrade::AnyTile`]), which returns to a starting square the same way. A Ransom tile given back goes into its owner's bag.

use duke_core::Seat;

use crate::actions::{Action, EscapeCost};
use crate::board::{Square, orthogonal_neighbours};
use crate::config::RansomTrade;
use crate::source::{ExtraState, Packed, TileSource};
use crate::state::{Duke, Piece, code_kind, start_code};
use crate::tiles::{Ability, TileKind};

/// The two starting squares of `me`'s Duke (rulebook "Set-up": the centre squares of the
/// home edge).
pub(crate) fn starting_squares(me: usize) -> u64 {
    let rank = if me == 0 { 0 } else { 5 };
    [2, 3].into_iter().filter_map(|f| Square::at(f, rank)).fold(0, |acc, sq| acc | sq.bit())
}

impl<S: TileSource> Duke<S> {
    /// The tile types of `of` held in `pile` (a captured pile) whose tiles have `ability`.
    fn kinds_with(&self, pile: S::Bag, ability: Ability) -> impl Iterator<Item = TileKind> + '_ {
        (0..self.set.kinds())
            .filter(move |&k| pile.count(k) > 0 && self.set.abilities(k).has(ability))
            .map(|k| TileKind(k as u8))
    }

    /// The opponent's Ransom tiles `me` has captured (types).
    fn ransoms_held(&self, me: usize) -> impl Iterator<Item = TileKind> + '_ {
        self.kinds_with(self.lost.get(1 - me).copied().unwrap_or_default(), Ability::Ransom)
    }

    /// `me`'s own captured tiles a Ransom trade may take back (types): those with Escape,
    /// or any under [`RansomTrade::AnyTile`] (reading 35).
    fn escapes_lost(&self, me: usize) -> impl Iterator<Item = TileKind> + '_ {
        let pile = self.lost.get(me).copied().unwrap_or_default();
        let any = self.set.readings().ransom_trade == RansomTrade::AnyTile;
        (0..self.set.kinds())
            .filter(move |&k| pile.count(k) > 0 && (any || self.set.abilities(k).has(Ability::Escape)))
            .map(|k| TileKind(k as u8))
    }

    /// Where a tile escaping (or ransomed back) for `me` may land: the starting squares but
    /// `from` (the escaping tile's own), with `vacated` emptied by the cost; an empty square
    /// or an unfrozen enemy to capture; a friend (not the Duke, not frozen) to sacrifice
    /// only when every such square holds a friend (reading 33).
    fn landings(&self, me: usize, from: Option<Square>, vacated: Option<Square>, frozen: u64) -> u64 {
        let gone = from.map_or(0, Square::bit) | vacated.map_or(0, Square::bit);
        // No tile ever stands on the Mountain (reading 38).
        let starts = starting_squares(me) & !from.map_or(0, Square::bit) & !self.mountain() & !self.dragon_mask();
        let own = self.occupancy(Seat(me as u8)) & !gone;
        let theirs = self.occupancy(Seat(1 - me as u8));
        // A Flag the other seat carries is no landing (and, empty, no friend to sacrifice).
        let barred = self.barred(me);
        if starts != 0 && starts & !own == 0 {
            let duke = self.duke_square(Seat(me as u8)).map_or(0, Square::bit);
            starts & own & !frozen & !duke & !barred
        } else {
            starts & !own & !(theirs & frozen) & !barred
        }
    }

    /// Escape and Ransom candidates of `me` (before the Duke-danger rule).
    pub(crate) fn escape_candidates(&self, me: usize, frozen: u64, emit: &mut dyn FnMut(Action) -> bool) -> bool {
        // Without an Escape or a Ransom tile in the set there is none.
        let every = self.set.every_ability();
        if !every.has(Ability::Escape) && !every.has(Ability::Ransom) {
            return false;
        }
        let own = self.occupancy(Seat(me as u8));
        let duke = self.duke_square(Seat(me as u8)).map_or(0, Square::bit);
        for from in Square::iter(own & !frozen) {
            if !self.set.abilities(code_kind(self.code_at(from))).has(Ability::Escape) {
                continue;
            }
            for victim in Square::iter(orthogonal_neighbours(from) & own & !frozen & !duke) {
                let cost = EscapeCost::sacrifice(victim);
                for to in Square::iter(self.landings(me, Some(from), Some(victim), frozen)) {
                    if emit(Action::Escape { from, to, cost }) {
                        return true;
                    }
                }
            }
            for kind in self.ransoms_held(me) {
                let cost = EscapeCost::ransom(kind);
                for to in Square::iter(self.landings(me, Some(from), None, frozen)) {
                    if emit(Action::Escape { from, to, cost }) {
                        return true;
                    }
                }
            }
        }
        let landings = self.landings(me, None, None, frozen);
        for give in self.ransoms_held(me) {
            for take in self.escapes_lost(me) {
                for to in Square::iter(landings) {
                    if emit(Action::Ransom { give, take, to }) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The squares `by` could capture on with an Escape or a Ransom: the enemy tiles (not
    /// frozen) on its starting squares, if it has an Escape tile able to pay, or a trade.
    pub(crate) fn escape_captures(&self, by: usize, frozen: u64) -> u64 {
        let own = self.occupancy(Seat(by as u8));
        let enemies = self.occupancy(Seat(1 - by as u8)) & !frozen & starting_squares(by) & !self.barred(by);
        if enemies == 0 {
            return 0;
        }
        let duke = self.duke_square(Seat(by as u8)).map_or(0, Square::bit);
        let ransom = self.ransoms_held(by).next().is_some();
        if ransom && self.escapes_lost(by).next().is_some() {
            return enemies;
        }
        let mut map = 0;
        for from in Square::iter(own & !frozen) {
            let escapes = self.set.abilities(code_kind(self.code_at(from))).has(Ability::Escape);
            if escapes && (ransom || orthogonal_neighbours(from) & own & !frozen & !duke != 0) {
                map |= enemies & !from.bit();
            }
        }
        map
    }

    /// Removes `me`'s tile on `sq` as sacrificed (beside the board, not captured).
    fn sacrifice(&mut self, me: usize, sq: Square) {
        let code = self.take_code(sq);
        if code != 0 {
            let removed = u128::plus(self.extra.removed(me), code_kind(code));
            self.extra.set_removed(me, removed);
        }
    }

    /// Gives back a Ransom tile `me` captured: it goes into its owner's bag.
    fn give_back(&mut self, me: usize, kind: TileKind) {
        let opp = 1 - me;
        if let Some(l) = self.lost.get_mut(opp) {
            *l = l.minus(kind.index());
        }
        if let Some(b) = self.bag.get_mut(opp) {
            *b = b.plus(kind.index());
        }
    }

    /// Puts `me`'s tile `code` on the starting square `to`, starting side up, capturing an
    /// enemy there or sacrificing a friend; returns whether a Duke was captured.
    fn land(&mut self, me: usize, to: Square, code: u8) -> bool {
        let occupant = self.code_at(to);
        let mut duke_taken = false;
        if occupant != 0 {
            if self.occupancy(Seat(me as u8)) & to.bit() != 0 {
                self.sacrifice(me, to);
            } else {
                duke_taken = self.capture_on(to);
            }
        }
        self.put_code(to, start_code(code));
        duke_taken
    }

    /// Does an Escape or a Ransom of `me`; returns whether it captured the opposing Duke.
    pub(crate) fn play_escape(&mut self, me: u8, action: Action) -> bool {
        let me = usize::from(me);
        match action {
            Action::Escape { from, to, cost } => {
                if let Some(victim) = cost.sacrificed() {
                    self.sacrifice(me, victim);
                }
                if let Some(kind) = cost.ransomed() {
                    self.give_back(me, kind);
                }
                let code = self.take_code(from);
                self.land(me, to, code)
            }
            Action::Ransom { give, take, to } => {
                self.give_back(me, give);
                if let Some(l) = self.lost.get_mut(me) {
                    *l = l.minus(take.index());
                }
                self.land(me, to, Piece::new(take, Seat(me as u8)).code())
            }
            _ => false,
        }
    }
}
