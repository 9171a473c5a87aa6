//! Why an action is refused, in a player's words (issue #26 item 6): asked only after
//! [`Game::apply`](duke_core::Game::apply) refused it, so the hot paths never pay for it.
//! Each reason names the rule that forbids the action: set-up ("Set-up"), the icons of the
//! tile's side ("Movement Icons"), the Duke-danger rule ("Capturing Tiles": Guard), "Place a
//! New Troop Tile", and in Expanded play the terrain and Dread.

use duke_core::Seat;

use crate::actions::Action;
use crate::board::{Square, orthogonal_neighbours};
use crate::source::{Packed, TileSource};
use crate::state::{Duke, Phase};

impl<S: TileSource> Duke<S> {
    /// Why `seat` may not play `action` now, where the engine can tell ("your Duke would
    /// stay in Guard", "that tile cannot reach that square", "the Dragon stands on that
    /// square ..."); `None` if the action is legal, if it is not `seat`'s turn or the game
    /// is over (the refusal says so), or if no reason more precise than "not legal now" is
    /// known. Kept off [`Game::apply`](duke_core::Game::apply)'s path: ask after a refusal.
    pub fn why_illegal(&self, seat: Seat, action: Action) -> Option<&'static str> {
        if matches!(self.phase, Phase::Over(_)) || seat.0 != self.to_move || self.is_legal(action) {
            return None;
        }
        let me = usize::from(seat.0 & 1);
        match (self.phase, action) {
            (Phase::SetupDuke, Action::SetDuke(_)) => {
                Some("the Duke starts on a centre square (c or d) of your home edge")
            }
            (Phase::SetupDuke, _) => Some("set-up first: place your Duke on a centre square of your home edge"),
            (Phase::SetupFootman { .. }, Action::SetFootman(_)) => {
                Some("a Footman goes on an empty square sharing a side with your Duke")
            }
            (Phase::SetupFootman { .. }, _) => Some("set-up first: place your Footmen beside your Duke"),
            (Phase::Place { .. }, Action::Place(square)) => self.why_not_placed(me, square),
            (Phase::Place { .. }, _) => Some("place the tile you drew first, on an empty square beside your Duke"),
            (Phase::Play, Action::SetDuke(_) | Action::SetFootman(_)) => Some("set-up is over"),
            (Phase::Play, Action::Place(_)) => Some("a new tile is placed right after it is drawn: draw first"),
            (Phase::Play, Action::Draw) => self.why_no_draw(me),
            (Phase::Play, Action::Move { from, to }) => self.why_not_moved(me, from, to),
            (Phase::Play, Action::Strike { from, target }) => self.why_not_struck(me, from, target),
            (Phase::Play, Action::Command { by, from, to }) => self.why_not_commanded(me, by, from, to),
            _ => None,
        }
    }

    /// The reason when the Duke-danger rule is what forbids an action the icons allow. Exact
    /// for a compile-time tile set; Expanded play (Dread, Defense, terrain, the objectives'
    /// readings of the rule) says nothing more precise than "not legal now".
    fn why_danger(&self, me: usize) -> Option<&'static str> {
        if S::EXPANDED {
            return None;
        }
        if self.in_guard(Seat(me as u8)) {
            Some("your Duke would stay in Guard")
        } else {
            Some("that would leave your Duke in Guard, capturable next turn")
        }
    }

    fn why_not_placed(&self, me: usize, square: Square) -> Option<&'static str> {
        let duke = self.duke_square(Seat(me as u8))?;
        let all = self.occ[0] | self.occ[1];
        if orthogonal_neighbours(duke) & !all & square.bit() == 0 {
            return Some("a new tile goes on an empty square sharing a side with your Duke");
        }
        if let Some(reason) = self.why_terrain(square) {
            return Some(reason);
        }
        self.why_danger(me)
    }

    fn why_no_draw(&self, me: usize) -> Option<&'static str> {
        let bag = self.bag.get(me).copied().unwrap_or_default();
        if bag.is_empty() {
            return Some("your bag is empty");
        }
        let duke = self.duke_square(Seat(me as u8))?;
        let all = self.occ[0] | self.occ[1];
        if orthogonal_neighbours(duke) & !all == 0 {
            return Some("no empty square shares a side with your Duke, where a drawn tile would go");
        }
        if S::EXPANDED {
            return None;
        }
        Some("no new tile beside your Duke would get it out of Guard")
    }

    /// The tile on `from` is not `me`'s, or is frozen.
    fn why_not_yours(&self, me: usize, from: Square) -> Option<&'static str> {
        if self.piece_at(from).is_none_or(|p| usize::from(p.owner.0) != me) {
            return Some("you have no tile on that square");
        }
        if self.frozen() & from.bit() != 0 {
            return Some("that tile is frozen by Dread");
        }
        None
    }

    /// A terrain tile that keeps a tile out of `to`.
    fn why_terrain(&self, to: Square) -> Option<&'static str> {
        if !S::EXPANDED {
            return None;
        }
        if self.dragon().is_some_and(|d| d.square == to) {
            return Some(
                "the Dragon stands on that square: only a Slide or Jump Slide onto the calm Dragon enters it, enraging it",
            );
        }
        if self.terrain().mountain == Some(to) {
            return Some("nothing enters the Mountain's square");
        }
        None
    }

    fn why_not_moved(&self, me: usize, from: Square, to: Square) -> Option<&'static str> {
        if let Some(reason) = self.why_not_yours(me, from) {
            return Some(reason);
        }
        let own = self.occ.get(me).copied().unwrap_or(0);
        let all = self.occ[0] | self.occ[1];
        let t = self.targets_of_code(self.code_at(from), me, from);
        if Self::destinations(from, &t, own, all) & to.bit() == 0 {
            return Some(if own & to.bit() != 0 {
                "your own tile stands on that square"
            } else if t.reach & !t.strikes & !t.commands & to.bit() != 0 {
                "the path to that square is blocked"
            } else {
                "that tile cannot reach that square"
            });
        }
        // The icons reach it (the terrain tiles are not in the occupancy): a terrain tile
        // may still keep the tile out.
        self.why_terrain(to).or_else(|| self.why_danger(me))
    }

    fn why_not_struck(&self, me: usize, from: Square, target: Square) -> Option<&'static str> {
        if let Some(reason) = self.why_not_yours(me, from) {
            return Some(reason);
        }
        let t = self.targets_of_code(self.code_at(from), me, from);
        if t.strikes & target.bit() == 0 {
            return Some("that tile cannot strike that square");
        }
        if self.occ.get(1 - me).copied().unwrap_or(0) & target.bit() == 0 {
            return Some("there is no enemy tile to strike on that square");
        }
        self.why_danger(me)
    }

    fn why_not_commanded(&self, me: usize, by: Square, from: Square, to: Square) -> Option<&'static str> {
        if let Some(reason) = self.why_not_yours(me, by) {
            return Some(reason);
        }
        let t = self.targets_of_code(self.code_at(by), me, by);
        if t.commands & from.bit() == 0 || t.commands & to.bit() == 0 {
            return Some("that tile's Command icons do not mark both squares");
        }
        let own = self.occ.get(me).copied().unwrap_or(0);
        if own & from.bit() == 0 {
            return Some("a Command moves one of your own tiles");
        }
        if own & to.bit() != 0 {
            return Some("your own tile stands on that square");
        }
        if self.frozen() & from.bit() != 0 {
            return Some("that tile is frozen by Dread");
        }
        self.why_terrain(to).or_else(|| self.why_danger(me))
    }
}
