//! Trophy Hunters (rulebook "Alternate Objectives", Trophy Hunters): each Flag starts on its
//! owner's home edge (reading 64); a player carries and passes his opponent's Flag (never his
//! own) and wins at once when it reaches his own home edge. The rest (carrying, passing, the
//! Duke, losing every tile) is in `flags.rs`.

use crate::expanded::flags::home_edge;
use crate::source::TileSource;
use crate::state::{Duke, EndReason};

impl<S: TileSource> Duke<S> {
    /// "A player wins immediately by moving his opponent's Flag Tile to any square along his
    /// own edge of the gameboard": ends the game if `me`'s turn brought it there; returns
    /// whether it did.
    pub(crate) fn trophy_taken(&mut self, me: usize) -> bool {
        if !self.flag_game() || self.counting_coup() {
            return false;
        }
        if self.flag_of(1 - (me & 1)) & home_edge(me & 1) == 0 {
            return false;
        }
        self.over(Some(me as u8 & 1), EndReason::TrophyTaken);
        true
    }
}
