//! Terrain tiles (rulebook "Terrain Tiles"): the Mountain and the Fort, placed at random on
//! open squares once set-up is complete, and what they change.
//!
//! - The Mountain ("Mountain Tile"): nothing enters its square (Move, Slide, Jump Slide,
//!   Jump, Command, a new tile); it blocks Move and Slide paths, a Jump Slide cannot pass it,
//!   a straight Jump cannot pass over it (a Jump off the lines may go round it, as round a
//!   Defense square); a Strike needs a line of sight past it.
//! - The Fort ("Fort Tile"): one tile may stand in it, entering by Move, Slide or Jump Slide
//!   (reading 37) or Command, never by a Jump; a Strike cannot capture in it, but a tile in it
//!   strikes out; a Strike needs a line of sight past it; no new tile is placed in it; Dread
//!   does not cross its walls (`dread.rs`).
//!
//! Line of sight ("The Strike icon cannot be used if a straight line between the target
//! square and the center of the square occupied by the Troop Tile crosses any part of a
//! square occupied by the Mountain Tile", "kitty corner"): the segment between the two
//! squares' centres must not pass through the inside of a terrain square; a segment that only
//! touches a corner of it passes (the rulebook's Bowman example).

use duke_core::Seat;

use crate::board::{FULL, SQUARES, Square};
use crate::source::{ExtraState, TileSource};
use crate::state::Duke;
pub use crate::terrain::Terrain;

/// Whether the segment between the centres of squares `a` and `b` passes through the
/// inside of square `c` (touching a corner is not passing through). Doubled coordinates
/// keep every centre on odd integers; the test is the separating-axis one: the segment and
/// the open square meet unless the two axes or the segment's normal separate them.
const fn crosses(a: usize, b: usize, c: usize) -> bool {
    let (ax, ay) = (2 * (a % 6) as i32 + 1, 2 * (a / 6) as i32 + 1);
    let (bx, by) = (2 * (b % 6) as i32 + 1, 2 * (b / 6) as i32 + 1);
    let (cx, cy) = (2 * (c % 6) as i32 + 1, 2 * (c / 6) as i32 + 1);
    let (lo_x, hi_x) = if ax < bx { (ax, bx) } else { (bx, ax) };
    let (lo_y, hi_y) = if ay < by { (ay, by) } else { (by, ay) };
    // The open square spans (cx - 1, cx + 1) x (cy - 1, cy + 1).
    let (left, right, bottom, top) = (cx - 1, cx + 1, cy - 1, cy + 1);
    if hi_x <= left || lo_x >= right || hi_y <= bottom || lo_y >= top {
        return false;
    }
    let (dx, dy) = (bx - ax, by - ay);
    let on_line = dx * ay - dy * ax;
    let centre = dx * cy - dy * cx;
    (centre - on_line).abs() < dx.abs() + dy.abs()
}

/// `SIGHT[a][b]`: the squares, other than `a` and `b`, whose inside the segment between
/// their centres passes through.
static SIGHT: [[u64; SQUARES]; SQUARES] = build_sight();

#[allow(clippy::indexing_slicing)] // evaluated at compile time; indices bounded by the loops
const fn build_sight() -> [[u64; SQUARES]; SQUARES] {
    let mut out = [[0u64; SQUARES]; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut b = 0;
        while b < SQUARES {
            let mut c = 0;
            while c < SQUARES {
                if c != a && c != b && a != b && crosses(a, b, c) {
                    out[a][b] |= 1u64 << c;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// The squares a Strike from `from` at `to` must see past (see the module doc).
#[inline]
pub(crate) fn sight_line(from: Square, to: Square) -> u64 {
    SIGHT.get(from.index()).and_then(|row| row.get(to.index())).copied().unwrap_or(0)
}

impl<S: TileSource> Duke<S> {
    /// Where the terrain tiles stand (none without Expanded play's terrain options).
    pub fn terrain(&self) -> Terrain {
        Terrain { flags: self.flags(), ..Terrain::unpacked(self.extra.terrain()) }
    }

    /// The Mountain's square as a mask (0 without one).
    #[inline]
    pub(crate) fn mountain(&self) -> u64 {
        if !S::EXPANDED {
            return 0;
        }
        let n = self.extra.terrain()[0];
        if n == 0 { 0 } else { (1u64 << ((n - 1) % SQUARES as u8)) & FULL }
    }

    /// The Fort's square as a mask (0 without one).
    #[inline]
    pub(crate) fn fort(&self) -> u64 {
        if !S::EXPANDED {
            return 0;
        }
        let n = self.extra.terrain()[1];
        if n == 0 { 0 } else { (1u64 << ((n - 1) % SQUARES as u8)) & FULL }
    }

    /// Squares no new tile may be placed on (rulebook "Mountain Tile", "Fort Tile": "New
    /// Troop Tiles drawn from the bag cannot be placed in this square"; a Flag is picked up
    /// by ending a move, which a placement is not: reading 61).
    #[inline]
    pub(crate) fn no_placement(&self) -> u64 {
        self.mountain() | self.fort() | self.dragon_mask() | self.flag_mask()
    }

    /// Whether a Strike from `from` may reach `to` past the terrain: not into the Fort,
    /// and with a line of sight past the Mountain and the Fort.
    #[inline]
    pub(crate) fn strike_in_sight(&self, from: Square, to: Square) -> bool {
        let fort = self.fort();
        let terrain = self.mountain() | fort;
        terrain == 0 || (fort & to.bit() == 0 && sight_line(from, to) & terrain == 0)
    }

    /// Places the terrain tiles the config asks for, each on an open square drawn with the
    /// game generator, the Mountain first (rulebook: "randomly determine the placement ...
    /// into any open square after set-up is complete").
    pub(crate) fn place_terrain(&mut self) {
        let options = self.set.terrain();
        for (slot, wanted) in [(0usize, options.mountain), (1, options.fort)] {
            if !wanted {
                continue;
            }
            let taken = self.occupancy(Seat(0)) | self.occupancy(Seat(1)) | self.mountain() | self.fort();
            let open = FULL & !taken;
            let pick = self.rng.below(open.count_ones());
            if let Some(sq) = Square::iter(open).nth(pick as usize) {
                let mut packed = self.extra.terrain();
                if let Some(p) = packed.get_mut(slot) {
                    *p = sq.index() as u8 + 1;
                }
                self.extra.set_terrain(packed);
            }
        }
        // With the Flags, the Dragon comes after them ("including placing any other tiles such
        // as Flags").
        if !self.flag_game() {
            self.place_dragon();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn a_line_through_a_corner_passes_and_a_line_through_a_square_does_not() {
        // The Bowman's diagonal past the Mountain's corner.
        assert_eq!(sight_line(s("c3"), s("b4")), 0);
        // The Pikeman's (1, 2) line crosses the square in front.
        assert_ne!(sight_line(s("c3"), s("b5")) & s("c4").bit(), 0);
        // A straight line crosses every square between.
        assert_eq!(sight_line(s("c3"), s("c6")), s("c4").bit() | s("c5").bit());
        assert_eq!(sight_line(s("a1"), s("d4")), s("b2").bit() | s("c3").bit());
        // Symmetric.
        for a in 0..36u8 {
            for b in 0..36u8 {
                let (a, b) = (Square::new(a).unwrap(), Square::new(b).unwrap());
                assert_eq!(sight_line(a, b), sight_line(b, a));
            }
        }
    }
}
