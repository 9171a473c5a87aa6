//! What a position of Counting Coup or Trophy Hunters obeys (for [`Setup`](crate::Setup) and
//! `validate`): the Flags where the rules can have put them, the points below three while the
//! game runs, and the endings of these objectives.

use duke_core::Seat;

use crate::expanded::counting_coup::WINNING_POINTS;
use crate::expanded::flags::{SCORED, home_edge};
use crate::position::SetupError;
use crate::source::{ExtraState, TileSource};
use crate::state::{Duke, EndReason, Ending, Phase};

impl<S: TileSource> Duke<S> {
    /// The Flags and the points fit the objective, the phase and the board (the list is on
    /// [`SetupError::Flags`]).
    pub(crate) fn check_flags(&self) -> Result<(), SetupError> {
        let packed = self.extra.flags();
        let flag_phase = matches!(self.phase, Phase::SetupFlag | Phase::MoveFlag);
        if !self.flag_game() {
            return if packed == [0; 4] && !flag_phase { Ok(()) } else { Err(SetupError::Flags) };
        }
        if self.flags_fit(packed) { Ok(()) } else { Err(SetupError::Flags) }
    }

    fn flags_fit(&self, [.., pa, pb]: [u8; 4]) -> bool {
        let flags = self.flags();
        let points = [pa & !SCORED, pb & !SCORED];
        let due = [pa & SCORED != 0, pb & SCORED != 0];
        let running = !matches!(self.phase, Phase::Over(_));
        let coup = self.counting_coup();
        if !coup && (points != [0, 0] || self.phase == Phase::MoveFlag) {
            return false;
        }
        if running && points.iter().any(|&p| p >= WINNING_POINTS) || points.iter().any(|&p| p > WINNING_POINTS) {
            return false;
        }
        // A point's Flag move is due only between the steps of the scorer's Divination.
        let due_ok = match due {
            [false, false] => true,
            [a, b] => {
                a != b
                    && matches!(self.phase, Phase::Dismiss { .. })
                    && due.get(usize::from(self.to_move)) == Some(&true)
            }
        };
        if !due_ok {
            return false;
        }
        let in_set_up = self.set_up_progress(0).is_some();
        let expected: [bool; 2] = match self.phase {
            _ if in_set_up => [false, false],
            Phase::SetupFlag => {
                let first_placed = self.flag_placed_by(usize::from(1 - self.first));
                let placed = self.to_move == self.first;
                [placed && first_placed == 0, placed && first_placed == 1]
            }
            _ => [true, true],
        };
        if flags.map(|f| f.is_some()) != expected {
            return false;
        }
        if (in_set_up || self.phase == Phase::SetupFlag) && (points != [0, 0] || self.turns != 0) {
            return false;
        }
        // A Flag goes into the Fort only under its carrier, and stays there if the carrier is
        // sacrificed (reading 65): a Flag alone in the Fort is a position play reaches.
        let terrain = self.mountain() | self.dragon_mask();
        for (owner, flag) in flags.into_iter().enumerate() {
            let Some(sq) = flag else { continue };
            let other = flags.get(1 - owner).copied().flatten();
            let wrong_side = self.occupancy(Seat(1 - self.carrier_of(owner) as u8));
            if sq.bit() & (terrain | wrong_side) != 0 || other == Some(sq) {
                return false;
            }
            if self.phase == Phase::SetupFlag && self.flag_setup_squares(owner) & sq.bit() == 0 {
                // Placed a moment ago: on its edge, with no tile on it.
                return false;
            }
            // Trophy Hunters: a Flag on its hunter's home edge has already won.
            if !coup && running && sq.bit() & home_edge(1 - owner) != 0 {
                return false;
            }
        }
        if self.phase == Phase::MoveFlag && (self.turns == 0 || self.relocations(usize::from(self.to_move)) == 0) {
            return false;
        }
        // A player left without a tile has lost.
        !(running && !in_set_up && (self.occ[0] == 0 || self.occ[1] == 0))
    }

    /// Whether an ending of these objectives fits the position (`None`: not one of theirs).
    pub(crate) fn flag_ending_fits(&self, ending: Ending) -> Option<bool> {
        if !self.flag_game() {
            return match ending.reason {
                EndReason::CoupCounted | EndReason::TrophyTaken | EndReason::NoTilesLeft => Some(false),
                _ => None,
            };
        }
        let tiles = |s: usize| self.occ.get(s).copied().unwrap_or(0) != 0;
        Some(match (ending.winner.map(|w| usize::from(w.0)), ending.reason) {
            (Some(w), EndReason::CoupCounted) => {
                w <= 1 && self.counting_coup() && self.points(Seat(w as u8)) == WINNING_POINTS
            }
            (Some(w), EndReason::TrophyTaken) => {
                w <= 1 && !self.counting_coup() && self.flag_of(1 - w) & home_edge(w) != 0
            }
            (Some(w), EndReason::NoTilesLeft) => w <= 1 && tiles(w) && !tiles(1 - w),
            (None, EndReason::NoTilesLeft) => !tiles(0) && !tiles(1),
            // Capturing a Duke does not end these games.
            (_, EndReason::DukeCaptured | EndReason::DragonTookDuke) => false,
            _ => return None,
        })
    }
}
