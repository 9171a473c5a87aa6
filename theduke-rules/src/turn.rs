//! Doing an action (rulebook "How to Play", "Flip the Tile", "Capturing Tiles", "Winning
//! the Game"); the set-up placements are done here too.

use duke_core::Seat;

use crate::actions::Action;
use crate::board::Square;
use crate::config::Config;
use crate::movegen::Any;
use crate::source::{Packed, TileSource};
use crate::state::{Duke, EndReason, Ending, NO_SQUARE, Phase, Piece, code_kind, flip_code};
use crate::tiles::TileKind;

/// Why an action was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// It is not this seat's turn.
    #[error("it is not {0}'s turn")]
    NotYourTurn(Seat),
    /// The action is not legal now.
    #[error("{0} is not legal now")]
    Illegal(Action),
}

impl<S: TileSource> Duke<S> {
    /// The config this game was built from.
    pub fn config(&self) -> Config {
        Config {
            first_player: self.first_choice.checked_sub(1).map(Seat),
            turn_limit: if self.limit == 0 { None } else { Some(self.limit) },
            ..self.set.config()
        }
    }

    /// Checks and does `action` for `seat`; on error the state is unchanged.
    pub fn play(&mut self, seat: Seat, action: Action) -> Result<(), ActionError> {
        if matches!(self.phase, Phase::Over(_)) {
            return Err(ActionError::GameOver);
        }
        if seat.0 != self.to_move {
            return Err(ActionError::NotYourTurn(seat));
        }
        if !self.is_legal(action) {
            return Err(ActionError::Illegal(action));
        }
        self.play_unchecked(action);
        Ok(())
    }

    #[inline(always)]
    pub(crate) fn put_code(&mut self, sq: Square, code: u8) {
        let owner = usize::from(code & 0x40 != 0);
        self.set_code(sq, code);
        if let Some(m) = self.occ.get_mut(owner) {
            *m |= sq.bit();
        }
        if code_kind(code) == self.set.duke_kind(owner)
            && let Some(d) = self.duke.get_mut(owner)
        {
            *d = sq.index() as u8;
        }
    }

    #[inline(always)]
    pub(crate) fn take_code(&mut self, sq: Square) -> u8 {
        let code = self.code_at(sq);
        if code == 0 {
            return 0;
        }
        let owner = usize::from(code & 0x40 != 0);
        self.set_code(sq, 0);
        if let Some(m) = self.occ.get_mut(owner) {
            *m &= !sq.bit();
        }
        if code_kind(code) == self.set.duke_kind(owner)
            && let Some(d) = self.duke.get_mut(owner)
        {
            *d = NO_SQUARE;
        }
        code
    }

    /// Removes the tile on `sq` (if any) as captured; returns whether it was a Duke.
    #[inline(always)]
    pub(crate) fn capture_on(&mut self, sq: Square) -> bool {
        let code = self.take_code(sq);
        if code == 0 {
            return false;
        }
        let owner = usize::from(code & 0x40 != 0);
        let kind = code_kind(code);
        if let Some(l) = self.lost.get_mut(owner) {
            *l = l.plus(kind);
        }
        kind == self.set.duke_kind(owner)
    }

    /// Does a legal action (perft and playouts call this after generation).
    pub(crate) fn play_unchecked(&mut self, action: Action) {
        self.play_inner(action, true);
    }

    /// Does a legal action; `detect_stuck` looks for a next player without any legal
    /// action (perft skips it: such a node has no children either way).
    #[inline(always)]
    pub(crate) fn play_inner(&mut self, action: Action, detect_stuck: bool) {
        // Constant `false` for a compile-time set: the standard game pays nothing.
        if self.thaw_at_turn() {
            self.play_holding_frozen(action, detect_stuck);
            return;
        }
        self.play_step(action, detect_stuck);
    }

    /// [`play_inner`](Self::play_inner) with [`DreadThaw::ControllerTurn`]: the tiles frozen
    /// before the action are kept frozen as the reading says, before the next player's
    /// legal actions are looked at.
    ///
    /// [`DreadThaw::ControllerTurn`]: crate::DreadThaw::ControllerTurn
    fn play_holding_frozen(&mut self, action: Action, detect_stuck: bool) {
        let (before, mover, flag_move) = (self.frozen(), self.to_move, self.phase == Phase::MoveFlag);
        self.play_step(action, false);
        self.settle_frozen(before, mover);
        // After a Flag move of Counting Coup the same player goes on with his turn.
        let next = self.phase == Phase::Play && (self.to_move != mover || flag_move);
        if detect_stuck && next && !self.has_legal_action() {
            self.phase = Phase::Over(Ending { winner: Some(Seat(1 - self.to_move)), reason: EndReason::NoLegalAction });
            self.guard = 0;
        }
    }

    /// Does a legal action (the body of [`play_inner`](Self::play_inner)).
    #[inline(always)]
    fn play_step(&mut self, action: Action, detect_stuck: bool) {
        // Constant `false` for a compile-time set: the standard game pays nothing.
        if S::EXPANDED && self.flag_game() {
            self.play_flag_step(action, detect_stuck);
            return;
        }
        let me = self.to_move & 1;
        if let Some(duke_taken) = self.act(me, action) {
            self.end_turn(me, duke_taken, detect_stuck);
        }
    }

    /// Does the effect of a legal action of `me`: `Some(duke_taken)` if it completes the
    /// turn (whether it captured a Duke), `None` for a set-up placement or a step in the
    /// middle of a turn (or an action that ended the game itself).
    #[inline(always)]
    pub(crate) fn act(&mut self, me: u8, action: Action) -> Option<bool> {
        let mut duke_taken = false;
        match action {
            Action::SetDuke(sq) => {
                let duke = TileKind(self.set.duke_kind(usize::from(me)) as u8);
                self.put_code(sq, Piece::new(duke, Seat(me)).code());
                self.phase = Phase::SetupFootman { remaining: 2 };
                return None;
            }
            Action::SetFootman(sq) => {
                self.put_code(sq, Piece::new(TileKind::FOOTMAN, Seat(me)).code());
                self.phase = match self.phase {
                    Phase::SetupFootman { remaining: 2 } => Phase::SetupFootman { remaining: 1 },
                    _ if me == self.first => {
                        self.to_move = 1 - me;
                        Phase::SetupDuke
                    }
                    _ => {
                        // Dynastic Dispute: "The player who picked second takes the first turn."
                        self.to_move = if self.dynastic() { 1 - self.first } else { self.first };
                        Phase::Play
                    }
                };
                if S::EXPANDED && self.phase == Phase::Play {
                    self.place_terrain();
                    // Counting Coup, Trophy Hunters: the Flags are placed next, the player
                    // who set up last first ("Alternate Objectives").
                    if self.flag_game() {
                        self.phase = Phase::SetupFlag;
                        self.to_move = 1 - self.first;
                    }
                }
                self.guard = self.compute_guard();
                return None;
            }
            Action::Move { from, to } => {
                let code = self.take_code(from);
                duke_taken = self.capture_on(to);
                self.put_code(to, flip_code(code));
            }
            Action::Strike { from, target } => {
                duke_taken = self.capture_on(target);
                let code = self.take_code(from);
                self.put_code(from, flip_code(code));
            }
            Action::Command { by, from, to } => {
                let code = self.take_code(from);
                duke_taken = self.capture_on(to);
                self.put_code(to, code);
                let commander = self.take_code(by);
                self.put_code(by, flip_code(commander));
            }
            Action::Draw => {
                let drawn = self.draw_tile(usize::from(me));
                self.phase = Phase::Place { drawn };
                return None;
            }
            Action::Place(sq) => {
                if let Phase::Place { drawn } = self.phase {
                    self.put_code(sq, Piece::new(drawn, Seat(me)).code());
                }
                self.phase = Phase::Play;
            }
            // Never legal in a game of a compile-time set: the constant test drops these
            // arms from the standard game's code, which keeps `apply` as small as before
            // Expanded play.
            Action::Summon { .. }
            | Action::Divine(_)
            | Action::Keep { .. }
            | Action::Return(_)
            | Action::Destroy(_) => {
                if !S::EXPANDED || !self.play_ability(me, action) {
                    return None;
                }
            }
            Action::Escape { .. } | Action::Ransom { .. } => {
                if !S::EXPANDED {
                    return None;
                }
                duke_taken = self.play_escape(me, action);
            }
            Action::Enrage { from, to, aim } => {
                if !S::EXPANDED {
                    return None;
                }
                let dukes = self.play_enrage(from, to, aim);
                // In the objectives with Flags a Duke taken is lost like any tile.
                if dukes != 0 && !self.flag_game() {
                    self.turns = self.turns.saturating_add(1);
                    self.dragon_ending(dukes);
                    return None;
                }
            }
            Action::Pick(kind) => {
                if S::EXPANDED {
                    self.pick(me, kind);
                }
                return None;
            }
            // Done by `play_flag_step` (never legal without the Flags).
            Action::Flag { .. } => return None,
            Action::Deploy(sq) => {
                if S::EXPANDED {
                    self.deploy(me, sq);
                    self.guard = self.compute_guard();
                }
                return None;
            }
        }
        Some(duke_taken)
    }

    /// Whether the player to act has a legal action. Drawing is the cheapest to confirm:
    /// outside Guard any empty square beside the Duke will take the tile.
    pub(crate) fn has_legal_action(&self) -> bool {
        let me = usize::from(self.to_move & 1);
        // Expanded play where its Duke-danger rule is the standard game's test
        // (`expanded/danger.rs`), with the cache filled: the same shortcut (no square there
        // is barred from a new tile).
        if (!S::EXPANDED || (self.guard & crate::movegen::GUARD_VALID != 0 && self.plain_danger_now()))
            && self.guard & crate::movegen::GUARD_IN == 0
            && self.bag.get(me).is_some_and(|b| !b.is_empty())
            && let Some(duke) = self.duke_square(Seat(me as u8))
            && crate::board::orthogonal_neighbours(duke) & !(self.occ[0] | self.occ[1]) != 0
        {
            return true;
        }
        // Expanded play's bound (`expanded/danger.rs`) proves a draw legal the same way.
        if S::EXPANDED && self.x_draw_surely_legal(me) {
            return true;
        }
        let mut any = Any(false);
        self.visit(&mut any);
        any.0
    }

    /// Draws a tile uniformly from `me`'s bag with the game generator.
    #[inline(always)]
    pub(crate) fn draw_tile(&mut self, me: usize) -> TileKind {
        let bag = self.bag.get(me).copied().unwrap_or_default();
        let mut pick = self.rng.below(bag.total());
        let mut kind = 0;
        for k in 0..S::Bag::KINDS {
            let n = u32::from(bag.count(k));
            if pick < n {
                kind = k;
                break;
            }
            pick -= n;
        }
        if let Some(b) = self.bag.get_mut(me) {
            *b = b.minus(kind);
        }
        TileKind(kind as u8)
    }

    /// Completes the turn of `me`: win by Duke capture, draw at the turn limit, or loss
    /// for a next player without any legal action.
    fn end_turn(&mut self, me: u8, duke_taken: bool, detect_stuck: bool) {
        self.turns = self.turns.saturating_add(1);
        self.guard = 0;
        if duke_taken {
            self.phase = Phase::Over(Ending { winner: Some(Seat(me)), reason: EndReason::DukeCaptured });
            return;
        }
        // Constant `false` for a compile-time set: the standard game pays nothing. Dark
        // Rider's wins are immediate: before the Dragon's turn, and after it (the rider taken).
        if S::EXPANDED && self.dark_rider_ending() {
            return;
        }
        if S::EXPANDED && self.dragon_mask() != 0 {
            let dukes = self.dragon_turn();
            if self.dragon_ending(dukes) || self.dark_rider_ending() {
                return;
            }
        }
        self.to_move = 1 - me;
        self.phase = Phase::Play;
        if self.limit != 0 && self.turns >= self.limit {
            self.phase = Phase::Over(Ending { winner: None, reason: EndReason::TurnLimit });
            return;
        }
        self.guard = self.compute_guard();
        if !detect_stuck {
            return;
        }
        if !self.has_legal_action() {
            self.phase = Phase::Over(Ending { winner: Some(Seat(me)), reason: EndReason::NoLegalAction });
            self.guard = 0;
        }
    }
}
