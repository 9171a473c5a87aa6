//! Counting Coup (rulebook "Alternate Objectives", Counting Coup): a point for ending a move
//! (or placing a new tile) on a square sharing a side with the opponent's Flag, by a tile
//! that did not begin the turn beside it; three points win. After a point the Flag's owner
//! may move his Flag to an open square sharing a side with one of his tiles before his turn
//! ([`Phase::MoveFlag`](crate::Phase::MoveFlag)), "immediately": before the Dragon's
//! in-between turn, or after it with [`CoupFlagMove::AfterTheDragon`](crate::CoupFlagMove). The rest (carrying, passing, the Duke,
//! losing every tile) is in `flags.rs`.

use crate::actions::Action;
use crate::board::{Square, orthogonal_neighbours};
use crate::config::CoupPoints;
use crate::expanded::flags::SCORED;
use crate::source::{ExtraState, TileSource};
use crate::state::{Duke, EndReason};

/// Points that win ("A player wins immediately upon scoring 3 points").
pub(crate) const WINNING_POINTS: u8 = 3;

impl<S: TileSource> Duke<S> {
    /// Whether `action` of `me` scores a point (before it is done): a tile of `me` ends a
    /// move, or a new tile is placed, on a square sharing a side with the opponent's Flag
    /// ("kitty-corners" do not count), and that tile did not begin the turn on such a square
    /// ("No points are scored for Troop Tiles that begin a turn in a square that shares a
    /// side with the opponent's Flag"; reading 62, or with [`CoupPoints::AnyMove`] any move
    /// to another square).
    pub(crate) fn coup_scored(&self, me: usize, action: Action) -> bool {
        if !self.counting_coup() {
            return false;
        }
        let Some(flag) = self.flags().get(1 - (me & 1)).copied().flatten() else { return false };
        let beside = orthogonal_neighbours(flag);
        let (start, end) = match action {
            Action::Move { from, to }
            | Action::Command { from, to, .. }
            | Action::Summon { from, to }
            | Action::Escape { from, to, .. }
            | Action::Enrage { from, to, .. } => (Some(from), to),
            Action::Place(to) | Action::Keep { to, .. } | Action::Ransom { to, .. } => (None, to),
            _ => return false,
        };
        let any_move = self.set.readings().coup_points == CoupPoints::AnyMove;
        end.bit() & beside != 0 && start.is_none_or(|s| s.bit() & beside == 0 || (any_move && s != end))
    }

    /// Scores a point for `me`: three win at once; otherwise the opponent's Flag move is
    /// due before his turn. Returns whether the game is over.
    pub(crate) fn score(&mut self, me: usize) -> bool {
        let mut packed = self.extra.flags();
        let Some(points) = packed.get_mut(2 + (me & 1)) else { return false };
        let total = (*points & !SCORED).saturating_add(1);
        *points = total | SCORED;
        if total >= WINNING_POINTS {
            *points = total;
            self.extra.set_flags(packed);
            self.over(Some(me as u8 & 1), EndReason::CoupCounted);
            return true;
        }
        self.extra.set_flags(packed);
        false
    }

    /// Whether the opponent of `scorer` now moves his Flag (a point of `scorer`'s turn is
    /// due and the Flag has somewhere to go: "If there is no open square that fits the
    /// criteria, the Flag Tile cannot be moved"); clears the due mark.
    pub(crate) fn take_relocation(&mut self, scorer: usize) -> bool {
        let mut packed = self.extra.flags();
        let Some(points) = packed.get_mut(2 + (scorer & 1)) else { return false };
        if *points & SCORED == 0 {
            return false;
        }
        *points &= !SCORED;
        self.extra.set_flags(packed);
        self.relocations(1 - (scorer & 1)) != 0
    }

    /// Where `owner` may move his Flag after a point ("to any square sharing a side with one
    /// of the Troop Tiles he controls"): open squares, i.e. no tile, no terrain tile and not
    /// the other Flag (reading 63).
    pub(crate) fn relocations(&self, owner: usize) -> u64 {
        let own = self.occupancy(duke_core::Seat(owner as u8));
        let beside = Square::iter(own).fold(0, |acc, sq| acc | orthogonal_neighbours(sq));
        beside
            & !(self.occ[0] | self.occ[1])
            & !self.mountain()
            & !self.fort()
            & !self.dragon_mask()
            & !self.flag_mask()
    }
}
