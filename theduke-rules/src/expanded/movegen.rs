//! The Expanded generator: every action of the rulebook's icons with Dread and Defense,
//! the enhanced abilities, and the Duke-danger rule (rulebook "Putting the Duke Tile in
//! Danger", which governs every action here, abilities included): by the plain test or the
//! bound of `danger.rs` where they answer, otherwise by playing the candidate on a copy and
//! asking whether the opponent could then capture the Duke.

use duke_core::Seat;

use crate::actions::Action;
use crate::board::{Square, orthogonal_neighbours};
use crate::movegen::Visit;
use crate::source::{Packed, TileSource};
use crate::state::{Duke, Phase};

impl<S: TileSource> Duke<S> {
    /// Whether `by` could capture the tile of `1 - by` on `target` with one action now (any
    /// icon or ability, ignoring `by`'s own Duke-danger: taking a Duke ends the game). Only
    /// the tiles whose icons reach `target` are looked at.
    pub(crate) fn captures_on(&self, by: usize, target: Square) -> bool {
        let tb = target.bit();
        let own = self.occupancy(Seat(by as u8));
        let theirs = self.occupancy(Seat(1 - by as u8));
        let frozen = self.frozen();
        // A frozen tile "cannot be ... captured" ("Dread"); a Flag the other seat carries: no
        // tile of `by` ends a move there (a Strike still takes its carrier).
        let open = theirs & !frozen & tb;
        let barred = self.barred(by);
        if open != 0 {
            let all = own | theirs;
            let blockers = all | self.mountain() | self.dragon_mask() | self.path_barred(by);
            for sq in Square::iter(own & !frozen) {
                let t = self.targets_of_code(self.code_at(sq), by, sq);
                if t.reach & tb == 0 {
                    continue;
                }
                if Self::destinations(sq, &t, own, blockers) & open & !barred != 0
                    && self.icon_allowed(sq, target, &t, blockers)
                {
                    return true;
                }
                if t.strikes & open != 0 && self.strike_allowed(sq, target) {
                    return true;
                }
                if t.commands & own & !frozen != 0 && t.commands & open & !barred != 0 {
                    return true;
                }
            }
        }
        (self.ability_captures(by, frozen) | self.push_captures(by)) & tb != 0
    }

    /// Whether `seat`'s Duke could be captured by the opponent's next action.
    pub(crate) fn x_in_guard(&self, seat: Seat) -> bool {
        let Some(duke) = self.guarded_square(seat) else { return false };
        self.captures_on(1 - (seat.index() & 1), duke)
    }

    /// Visits every candidate action of `me` in a turn (before the Duke-danger rule);
    /// `emit` returns `true` to stop.
    pub(crate) fn x_candidates(&self, me: usize, emit: &mut dyn FnMut(Action) -> bool) -> bool {
        self.x_candidates_of(me, crate::board::FULL, true, self.frozen(), emit)
    }

    /// [`x_candidates`](Self::x_candidates) of the tiles of `tiles` only (their moves, strikes
    /// and commands), then, with `rest`, the abilities, the enragings, the Flags' actions and
    /// the draw.
    /// `frozen` is [`frozen`](Self::frozen), which the caller may have at hand.
    pub(crate) fn x_candidates_of(
        &self,
        me: usize,
        tiles: u64,
        rest: bool,
        frozen: u64,
        emit: &mut dyn FnMut(Action) -> bool,
    ) -> bool {
        let own = self.occupancy(Seat(me as u8));
        let theirs = self.occupancy(Seat(1 - me as u8));
        let all = own | theirs;
        let mountain = self.mountain();
        let terrain = mountain | self.fort();
        // The Dragon blocks paths like a tile and no tile enters its square.
        let dragon = self.dragon_mask();
        // No move ends on a Flag the other seat carries.
        let barred = self.barred(me);
        // With `CoupFlag::Paths` that Flag blocks paths like a tile too (reading 61).
        let blocking = all | dragon | self.path_barred(me);
        for sq in Square::iter(own & !frozen & tiles) {
            let t = self.targets_of_code(self.code_at(sq), me, sq);
            // The Mountain blocks paths like a tile; `icon_allowed` has the rest of terrain.
            let dest = Self::destinations(sq, &t, own, blocking | mountain) & !mountain & !dragon & !barred;
            for to in Square::iter(dest) {
                let capture = theirs & to.bit() != 0;
                if capture && frozen & to.bit() != 0 {
                    continue;
                }
                if (capture || terrain != 0) && !self.icon_allowed(sq, to, &t, blocking) {
                    continue;
                }
                if emit(Action::Move { from: sq, to }) {
                    return true;
                }
            }
            for target in Square::iter(t.strikes & theirs & !frozen) {
                if self.strike_allowed(sq, target) && emit(Action::Strike { from: sq, target }) {
                    return true;
                }
            }
            // Command moves a tile into or out of the Fort, never onto the Mountain.
            let destinations = t.commands & !own & !(theirs & frozen) & !mountain & !dragon & !barred;
            for from in Square::iter(t.commands & own & !frozen) {
                for to in Square::iter(destinations) {
                    if emit(Action::Command { by: sq, from, to }) {
                        return true;
                    }
                }
            }
        }
        if !rest {
            return false;
        }
        if self.ability_candidates(me, frozen, emit)
            || self.dragon_candidates(me, emit)
            || self.flag_candidates(me, emit)
        {
            return true;
        }
        !self.bag.get(me).copied().unwrap_or_default().is_empty() && emit(Action::Draw)
    }

    /// The square an action would capture on, if it takes a tile there.
    fn x_target(action: Action) -> Option<Square> {
        match action {
            Action::Move { to, .. } | Action::Command { to, .. } => Some(to),
            Action::Strike { target, .. } => Some(target),
            Action::Enrage { from, to, .. } => Self::pushed_onto(from, to),
            _ => Self::ability_target(action),
        }
    }

    /// Whether `me`'s Duke is safe on this state (after an action of `me`).
    pub(crate) fn x_duke_safe(&self, me: usize) -> bool {
        // Counting Coup, Trophy Hunters: capturing a Duke does not win (reading 60).
        if self.duke_danger_lifted() {
            return true;
        }
        !self.x_in_guard(Seat(me as u8)) && !self.dragon_threatens_duke(me)
    }

    /// Whether an empty square `sq` beside the Duke could take a new tile with the Duke
    /// safe, whatever the tile: a tile with no icon stands there (any tile blocks as well;
    /// its Dread could only freeze more tiles, its Defense protects only itself). One way
    /// only: a tile's Dread can make safe a square this refuses (`guard.rs`, reading 70).
    pub(crate) fn x_placement_safe(&self, me: usize, sq: Square) -> bool {
        let mut probe = self.clone();
        if let Some(m) = probe.occ.get_mut(me) {
            *m |= sq.bit();
        }
        probe.end_turn_frozen(me);
        probe.x_duke_safe(me)
    }

    /// With [`DreadThaw::ControllerTurn`](crate::DreadThaw::ControllerTurn), a copy whose turn
    /// passes to the opponent of `me` (whose tiles no icon covers thaw), for the Duke-danger
    /// rule of a step that does not end the turn itself; nothing otherwise.
    pub(crate) fn end_turn_frozen(&mut self, me: usize) {
        if self.thaw_at_turn() {
            let before = self.frozen();
            self.to_move = 1 - (me as u8 & 1);
            self.settle_frozen(before, me as u8);
        }
    }

    /// The Duke-danger rule for a candidate of `me`: taking the opposing Duke is always
    /// allowed where it wins (reading 4); a draw needs a square where a new tile leaves the
    /// Duke safe (readings 3, 70); anything else is played on a copy, after which the Duke
    /// must be safe, or the game won (reading 71).
    pub(crate) fn x_allowed(&self, me: usize, action: Action) -> bool {
        let enemy_duke = self.duke_taking_exempt(1 - me);
        if Self::x_target(action).is_some_and(|t| Some(t) == enemy_duke) {
            return true;
        }
        match action {
            Action::Draw => self.x_draw_allowed(me),
            Action::Divine(sq) => self.divination_allowed(me, sq),
            _ if self.duke_danger_lifted() => true,
            _ => {
                let mut next = self.clone();
                next.lull_dragon();
                next.play_inner(action, false);
                // A win by the Flags or by Dark Rider's objective leaves no next turn (readings 71, 59).
                next.x_duke_safe(me) || next.objective_win_by(me)
            }
        }
    }

    /// The empty squares beside `me`'s Duke where a new tile leaves the Duke safe.
    pub(crate) fn x_draw_squares(&self, me: usize) -> u64 {
        let empty = self.placement_squares(me);
        Square::iter(empty).filter(|&sq| self.x_placement_safe(me, sq)).fold(0, |acc, sq| acc | sq.bit())
    }

    /// The empty squares sharing a side with `me`'s Duke that a new tile may go on: not
    /// the Mountain's nor the Fort's (rulebook "Place a New Troop Tile", "Mountain Tile",
    /// "Fort Tile").
    pub(crate) fn placement_squares(&self, me: usize) -> u64 {
        let Some(duke) = self.duke_square(Seat(me as u8)) else { return 0 };
        orthogonal_neighbours(duke) & !(self.occ[0] | self.occ[1]) & !self.no_placement()
    }

    /// Whether `action` is legal in a turn (`None` outside [`Phase::Play`]): a candidate, of
    /// its tile only for a move, strike or command, that the Duke-danger rule allows (one
    /// test, of this action only).
    pub(crate) fn x_is_legal(&self, action: Action) -> Option<bool> {
        if self.phase != Phase::Play {
            return None;
        }
        let me = usize::from(self.to_move & 1);
        // Moves, strikes and commands are only the acting tile's candidates.
        let tile = match action {
            Action::Move { from, .. } | Action::Strike { from, .. } => from.bit(),
            Action::Command { by, .. } => by.bit(),
            _ => 0,
        };
        let mut found = false;
        let mut find = |a| {
            found = a == action;
            found
        };
        if let Some(c) = self.plain_context(me) {
            self.x_candidates_of(me, tile, tile == 0, self.frozen(), &mut find);
            return Some(found && self.plain_judge(&c, action));
        }
        if self.unguarded(me) {
            self.x_candidates_of(me, tile, tile == 0, self.frozen(), &mut find);
            return Some(found && self.unguarded_allowed(me, action));
        }
        let judge = self.judge_context(me);
        let frozen = judge.as_ref().map_or_else(|| self.frozen(), |j| j.frozen);
        self.x_candidates_of(me, tile, tile == 0, frozen, &mut find);
        Some(
            found
                && match judge {
                    Some(j) => self.judge(&j, action),
                    None => self.x_allowed(me, action),
                },
        )
    }

    /// Visits the legal actions of the player to act in a turn or a turn's later step.
    pub(crate) fn x_visit<V: Visit>(&self, v: &mut V) -> bool {
        let me = usize::from(self.to_move & 1);
        match self.phase {
            Phase::Play => {
                // The standard game's generator and test where the set allows it (`danger.rs`).
                if let Some(c) = self.plain_context(me) {
                    return self.plain_visit_turn(&c, v);
                }
                // Nothing guarded: every candidate but a draw and a Divination (`danger.rs`).
                if self.unguarded(me) {
                    return self.x_candidates(me, &mut |a| self.unguarded_allowed(me, a) && v.action(a));
                }
                match self.judge_context(me) {
                    // The bound clears most candidates; the rest are played on a copy.
                    Some(j) => self.x_candidates_of(me, crate::board::FULL, true, j.frozen, &mut |a| {
                        self.judge(&j, a) && v.action(a)
                    }),
                    None => self.x_candidates(me, &mut |a| self.x_allowed(me, a) && v.action(a)),
                }
            }
            // Judged by the placement's effect, the tile's own icons included (reading 70).
            Phase::Place { .. } => Square::iter(self.x_place_squares(me)).any(|sq| v.action(Action::Place(sq))),
            _ => self.ability_steps(me, v),
        }
    }
}
