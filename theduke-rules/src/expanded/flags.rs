//! Flag Tiles (rulebook "Terrain Tiles", "Flag Tiles") and what Counting Coup and Trophy
//! Hunters share ("Alternate Objectives"): each seat has a Flag, placed as set-up completes
//! ([`Action::Flag`], [`Phase::SetupFlag`]); a tile of the seat allowed to carry it picks it
//! up by ending a move on its square and carries it along; instead of a move, the Flag
//! passes to a friendly tile sharing a side with its carrier; the other seat never ends a
//! move on its square (a Strike takes the carrier and leaves the Flag). Capturing a Duke
//! does not win: its owner can place no more tiles; a player left without a tile loses.
//!
//! Who carries which Flag: in Counting Coup a player carries his own ("A player cannot
//! enter the square occupied by an opponent's Flag Tile"), in Trophy Hunters his opponent's
//! ("A player cannot pick up or move his own Flag Tile").

use duke_core::Seat;

use crate::actions::Action;
use crate::board::{FULL, Square, orthogonal_neighbours};
use crate::config::{CoupFlag, FlagDukeDanger, Objective, TrophyFlags};
use crate::source::{ExtraState, TileSource};
use crate::state::{Duke, EndReason, Ending, Phase};

/// The squares of the four board edges (Counting Coup places its Flags on any of them).
pub(crate) const EDGES: u64 = edges();

const fn edges() -> u64 {
    let mut out = 0u64;
    let mut i = 0;
    while i < 36 {
        let (file, rank) = (i % 6, i / 6);
        if file == 0 || file == 5 || rank == 0 || rank == 5 {
            out |= 1u64 << i;
        }
        i += 1;
    }
    out
}

/// The home edge (rank 1 or 6) of `seat`.
pub(crate) const fn home_edge(seat: usize) -> u64 {
    if seat == 0 { 0x3f } else { 0x3f << 30 }
}

pub(crate) use crate::source::SCORED;

impl<S: TileSource> Duke<S> {
    /// Whether this game plays with the Flags (Counting Coup, Trophy Hunters). Constant
    /// `false` for a compile-time tile set.
    #[inline(always)]
    pub(crate) fn flag_game(&self) -> bool {
        S::EXPANDED && self.set.objective().has_flags()
    }

    /// Whether this game is Counting Coup.
    #[inline]
    pub(crate) fn counting_coup(&self) -> bool {
        S::EXPANDED && self.set.objective() == Objective::CountingCoup
    }

    /// The square of each seat's Flag (seat 0's, seat 1's), once placed (Counting Coup and
    /// Trophy Hunters; none otherwise).
    pub fn flags(&self) -> [Option<Square>; 2] {
        let [a, b, ..] = self.extra.flags();
        let unpack = |n: u8| n.checked_sub(1).and_then(Square::new);
        [unpack(a), unpack(b)]
    }

    /// `seat`'s points in Counting Coup (0 otherwise).
    pub fn points(&self, seat: Seat) -> u8 {
        let [.., a, b] = self.extra.flags();
        match seat.0 {
            0 => a & !SCORED,
            1 => b & !SCORED,
            _ => 0,
        }
    }

    /// The square of `owner`'s Flag as a mask (0 if not placed).
    pub(crate) fn flag_of(&self, owner: usize) -> u64 {
        if !S::EXPANDED {
            return 0;
        }
        self.flags().get(owner).copied().flatten().map_or(0, Square::bit)
    }

    /// Both Flags' squares as a mask (0 without them).
    #[inline]
    pub(crate) fn flag_mask(&self) -> u64 {
        if !S::EXPANDED {
            return 0;
        }
        let [a, b, ..] = self.extra.flags();
        let bit = |n: u8| if n == 0 { 0 } else { (1u64 << ((n - 1) % 36)) & FULL };
        bit(a) | bit(b)
    }

    pub(crate) fn set_flag(&mut self, owner: usize, square: Option<Square>) {
        let mut packed = self.extra.flags();
        if let Some(slot) = packed.get_mut(owner) {
            *slot = square.map_or(0, |s| s.index() as u8 + 1);
        }
        self.extra.set_flags(packed);
    }

    /// The seat whose tiles carry `owner`'s Flag: `owner` in Counting Coup, the opponent in
    /// Trophy Hunters.
    pub(crate) fn carrier_of(&self, owner: usize) -> usize {
        if self.counting_coup() { owner } else { 1 - owner }
    }

    /// The Flag squares `me`'s tiles may not end a move on: the Flags the other seat
    /// carries (0 outside these objectives).
    #[inline]
    pub(crate) fn barred(&self, me: usize) -> u64 {
        if !self.flag_game() {
            return 0;
        }
        let other = 1 - (me & 1);
        (0..2).filter(|&o| self.carrier_of(o) == other).fold(0, |acc, o| acc | self.flag_of(o))
    }

    /// The Flag squares that block `me`'s Move, Slide and Jump Slide paths like a tile:
    /// the opponent's Flag in Counting Coup with [`CoupFlag::Paths`] (reading 61), none
    /// otherwise.
    #[inline]
    pub(crate) fn path_barred(&self, me: usize) -> u64 {
        if self.counting_coup() && self.set.readings().coup_flag == CoupFlag::Paths { self.barred(me) } else { 0 }
    }

    /// Whether the Duke-danger rule is lifted (these objectives with
    /// [`FlagDukeDanger::Lifted`], reading 60).
    #[inline]
    pub(crate) fn duke_danger_lifted(&self) -> bool {
        self.flag_game() && self.set.readings().flag_duke_danger == FlagDukeDanger::Lifted
    }

    /// The Flag a set-up placement by `placer` puts down: his own in Counting Coup (and in
    /// Trophy Hunters with [`TrophyFlags::OwnerPlaces`]), his opponent's in Trophy Hunters.
    pub(crate) fn flag_placed_by(&self, placer: usize) -> usize {
        if self.counting_coup() || self.set.readings().trophy_flags == TrophyFlags::OwnerPlaces {
            placer
        } else {
            1 - placer
        }
    }

    /// Where `owner`'s Flag may be placed in set-up: an open square (no tile, no terrain,
    /// not the other Flag) on any edge in Counting Coup, on `owner`'s home edge in Trophy
    /// Hunters.
    pub(crate) fn flag_setup_squares(&self, owner: usize) -> u64 {
        let edge = if self.counting_coup() { EDGES } else { home_edge(owner) };
        edge & !(self.occ[0] | self.occ[1]) & !self.mountain() & !self.fort() & !self.flag_of(1 - (owner & 1))
    }

    /// The legal actions of the Flag phases: the placements in set-up, or (Counting Coup)
    /// the moves of the player's Flag after a point.
    pub(crate) fn visit_flag_phase(&self, v: &mut dyn FnMut(Action) -> bool) -> bool {
        let me = usize::from(self.to_move & 1);
        match self.phase {
            Phase::SetupFlag => {
                let squares = self.flag_setup_squares(self.flag_placed_by(me));
                Square::iter(squares).any(|at| v(Action::Flag { from: at, to: at }))
            }
            Phase::MoveFlag => {
                let Some(from) = self.flags().get(me).copied().flatten() else { return false };
                v(Action::Flag { from, to: from })
                    || Square::iter(self.relocations(me)).any(|to| v(Action::Flag { from, to }))
            }
            _ => false,
        }
    }

    /// The Flag passes of `me` in a turn ("the Flag may be moved to another Troop Tile
    /// controlled by the player if that Troop Tile occupies a square that shares a side with
    /// the current Flag Tile holder").
    pub(crate) fn flag_candidates(&self, me: usize, emit: &mut dyn FnMut(Action) -> bool) -> bool {
        if !self.flag_game() {
            return false;
        }
        let own = self.occupancy(Seat(me as u8));
        for owner in 0..2 {
            if self.carrier_of(owner) != me {
                continue;
            }
            let Some(from) = self.flags().get(owner).copied().flatten() else { continue };
            if own & from.bit() == 0 {
                continue;
            }
            for to in Square::iter(orthogonal_neighbours(from) & own) {
                if emit(Action::Flag { from, to }) {
                    return true;
                }
            }
        }
        false
    }

    /// Moves a Flag standing on `from` to `to` (a carrier moving, a pass, a relocation).
    fn carry_flag(&mut self, from: Square, to: Square) {
        for owner in 0..2 {
            if self.flag_of(owner) == from.bit() {
                self.set_flag(owner, Some(to));
            }
        }
    }

    /// The tile an action moves on the board, from where to where.
    fn moved_tile(action: Action) -> Option<(Square, Square)> {
        match action {
            Action::Move { from, to }
            | Action::Command { from, to, .. }
            | Action::Summon { from, to }
            | Action::Escape { from, to, .. }
            | Action::Enrage { from, to, .. } => Some((from, to)),
            _ => None,
        }
    }

    /// Does a legal action of these objectives (in place of the standard step): set-up
    /// placements of the Flags, passes and relocations, a carried Flag following its carrier,
    /// Counting Coup's points, and the end of the turn ([`Duke::flag_turn_end`]).
    pub(crate) fn play_flag_step(&mut self, action: Action, detect_stuck: bool) {
        let me = self.to_move & 1;
        if let Action::Flag { from, to } = action {
            match self.phase {
                Phase::SetupFlag => self.place_flag(usize::from(me), to),
                Phase::MoveFlag => {
                    self.carry_flag(from, to);
                    self.phase = Phase::Play;
                    // Moved "immediately" after the point: the Dragon's in-between turn,
                    // held back for it, comes now, before the owner's turn (reading 63).
                    if self.flag_move_first() && self.dragon_mask() != 0 {
                        self.dragon_turn();
                        if self.tiles_ending() {
                            return;
                        }
                    }
                    if detect_stuck && !self.has_legal_action() {
                        self.over(Some(1 - me), EndReason::NoLegalAction);
                    }
                }
                _ => {
                    self.carry_flag(from, to);
                    self.flag_turn_end(me, detect_stuck);
                }
            }
            return;
        }
        let scored = self.coup_scored(usize::from(me), action);
        if let Some((from, to)) = Self::moved_tile(action) {
            self.carry_flag(from, to);
        }
        let ends_turn = self.act(me, action).is_some();
        if scored && self.score(usize::from(me)) {
            return;
        }
        if ends_turn {
            self.flag_turn_end(me, detect_stuck);
        }
    }

    /// Places the Flag of set-up: the player who set up last places first, then the other;
    /// then the Dragon, and the first player's first turn.
    fn place_flag(&mut self, placer: usize, at: Square) {
        self.set_flag(self.flag_placed_by(placer), Some(at));
        if self.flags().iter().any(Option::is_none) {
            self.to_move = 1 - (placer as u8 & 1);
            return;
        }
        self.place_dragon();
        self.to_move = self.first;
        self.phase = Phase::Play;
    }

    /// Whether Counting Coup's Flag move after a point comes before the Dragon's in-between
    /// turn ([`CoupFlagMove::Immediately`](crate::CoupFlagMove), the default).
    pub(crate) fn flag_move_first(&self) -> bool {
        self.set.readings().coup_flag_move == crate::config::CoupFlagMove::Immediately
    }

    /// Ends the game.
    pub(crate) fn over(&mut self, winner: Option<u8>, reason: EndReason) {
        self.phase = Phase::Over(Ending { winner: winner.map(Seat), reason });
        self.guard = 0;
        self.drop_dragon_rest();
        // A Flag move still due is moot.
        let [a, b, pa, pb] = self.extra.flags();
        self.extra.set_flags([a, b, pa & !SCORED, pb & !SCORED]);
    }

    /// "If a player has all of his pieces captured, he automatically loses": ends the game
    /// when a seat has no tile on the board (a draw if neither has); returns whether it did.
    fn tiles_ending(&mut self) -> bool {
        match (self.occ[0] == 0, self.occ[1] == 0) {
            (false, false) => return false,
            (true, true) => self.over(None, EndReason::NoTilesLeft),
            (true, false) => self.over(Some(1), EndReason::NoTilesLeft),
            (false, true) => self.over(Some(0), EndReason::NoTilesLeft),
        }
        true
    }

    /// Completes the turn of `me` in these objectives: no win by capturing a Duke; a seat
    /// without tiles loses; Trophy Hunters' Flag on `me`'s edge wins; the Dragon's
    /// in-between turn; the opponent's Flag move after a point of Counting Coup; the turn
    /// limit; a next player without a legal action loses.
    fn flag_turn_end(&mut self, me: u8, detect_stuck: bool) {
        self.turns = self.turns.saturating_add(1);
        self.guard = 0;
        // The Flag home first: a move that also took the last enemy tile wins by the
        // objective, as a third point of Counting Coup does (reading 67).
        if self.trophy_taken(usize::from(me)) || self.tiles_ending() {
            return;
        }
        // "The owner of the Flag may immediately move that tile": before the Dragon's
        // in-between turn, which waits for it (reading 63); not when the turn limit ends the
        // game anyway (the Dragon acts, then the game is over, as with the other reading).
        let limit_reached = self.limit != 0 && self.turns >= self.limit;
        if self.flag_move_first() && !limit_reached && self.take_relocation(usize::from(me)) {
            self.to_move = 1 - me;
            self.phase = Phase::MoveFlag;
            return;
        }
        if self.dragon_mask() != 0 {
            // A Duke the Dragon takes is lost like any tile (no ending of its own here).
            self.dragon_turn();
            if self.tiles_ending() {
                return;
            }
        }
        self.to_move = 1 - me;
        self.phase = if self.take_relocation(usize::from(me)) { Phase::MoveFlag } else { Phase::Play };
        if self.limit != 0 && self.turns >= self.limit {
            self.over(None, EndReason::TurnLimit);
            return;
        }
        if detect_stuck && !self.has_legal_action() {
            self.over(Some(me), EndReason::NoLegalAction);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_edges_are_the_twenty_squares_of_the_rim() {
        assert_eq!(EDGES.count_ones(), 20);
        for sq in Square::iter(FULL) {
            let rim = sq.file() == 0 || sq.file() == 5 || sq.rank() == 0 || sq.rank() == 5;
            assert_eq!(EDGES & sq.bit() != 0, rim, "{sq}");
        }
    }
}
