//! Defense (rulebook "Movement Icons", Defense): a tile cannot capture a target whose
//! Defense icons mark a square its straight path toward the target passes through, the
//! square it starts on included. Move, Slide and Jump Slide paths are straight; a Jump or
//! Strike whose target lies on a straight line must take that line; a Jump or Strike off
//! the lines may take any shortest path (king steps) that avoids the marked squares
//! (rulebook's Sir Guy and Ranger examples). Command ignores Defense.

use crate::board::{Square, between, ray};
use crate::config::FortJumpSlide;
use crate::source::TileSource;
use crate::state::{Duke, code_kind, code_owner, code_side};
use crate::tables::Targets;

/// Whether `a` and `b` lie on one orthogonal or diagonal line.
fn aligned(a: Square, b: Square) -> bool {
    let (df, dr) = (b.file() - a.file(), b.rank() - a.rank());
    df == 0 || dr == 0 || df.abs() == dr.abs()
}

fn chebyshev(a: Square, b: Square) -> i8 {
    (a.file() - b.file()).abs().max((a.rank() - b.rank()).abs())
}

/// Whether some shortest king-step path from `from` to `to` avoids every square of
/// `marked` (`from` included, `to` never marked: a Defense icon is never on its tile).
pub(crate) fn path_avoids(from: Square, to: Square, marked: u64) -> bool {
    if from.bit() & marked != 0 {
        return false;
    }
    if aligned(from, to) {
        return between(from, to) & marked == 0;
    }
    let n = chebyshev(from, to);
    // Squares reachable in `step` king steps along a shortest path, avoiding `marked`.
    let mut reached = from.bit();
    for step in 1..n {
        let mut next = 0;
        for x in Square::iter(!marked & crate::board::FULL) {
            if chebyshev(from, x) == step
                && chebyshev(x, to) == n - step
                && Square::iter(reached).any(|y| chebyshev(x, y) == 1)
            {
                next |= x.bit();
            }
        }
        reached = next;
        if reached == 0 {
            return false;
        }
    }
    true
}

impl<S: TileSource> Duke<S> {
    /// The squares the tile on `sq` is defended from (0 for an empty square or a tile
    /// without Defense icons).
    #[inline]
    pub(crate) fn defense_at(&self, sq: Square) -> u64 {
        let code = self.code_at(sq);
        if code == 0 {
            return 0;
        }
        self.set.special(code_kind(code), code_side(code), code_owner(code), sq).defense
    }

    /// Whether the tile on `from`, with targets `t`, may go to `to` (occupancy `all`) with
    /// one of its Move, Jump, Slide or Jump Slide icons that reach it, given the Defense
    /// icons of a tile there and the terrain (`terrain.rs`): the Mountain is entered by
    /// nothing, blocks Move and Slide paths, cannot be passed by a Jump Slide nor jumped
    /// over on a straight line (a Jump off the lines may go round it, as round a Defense
    /// square); the Fort is entered by no Jump (nor Jump Slide, with
    /// [`FortJumpSlide::PassesOnly`](crate::FortJumpSlide)). The caller has the square among
    /// the icons' destinations on a board where the Mountain blocks like a tile. With
    /// `PassesOnly` a Jump Slide's sliding part does not pass through the Fort either: only
    /// the square it leaps may be the Fort (readings 37 and 39).
    pub(crate) fn icon_allowed(&self, from: Square, to: Square, t: &Targets, all: u64) -> bool {
        let marked = self.defense_at(to);
        let mountain = self.mountain();
        let fort = self.fort();
        if marked == 0 && mountain | fort == 0 {
            return true;
        }
        let tb = to.bit();
        if tb & mountain != 0 {
            return false;
        }
        let into_fort = tb & fort != 0;
        let blockers = all | mountain;
        let line = between(from, to);
        let straight_ok = (from.bit() | line) & marked == 0;
        if straight_ok && (t.steps & tb != 0 || (t.moves & tb != 0 && line & blockers == 0)) {
            return true;
        }
        if straight_ok {
            let passes_only = self.set.readings().fort_jump_slide == FortJumpSlide::PassesOnly;
            let jump_slide_in = !into_fort || !passes_only;
            // With `PassesOnly` the Fort is "jumped over" only as the square a Jump Slide
            // leaps; its sliding part would enter it (reading 39), so it stops before it.
            let fort_barred = if passes_only { fort } else { 0 };
            for d in 0..8 {
                if ray(from, d) & tb == 0 {
                    continue;
                }
                if t.slides & (1 << d) != 0 && line & blockers == 0 {
                    return true;
                }
                let first = crate::movegen::first_of_ray(from, d);
                let clear = line & all & !first == 0 && line & mountain == 0 && line & fort_barred & !first == 0;
                if t.jump_slides & (1 << d) != 0 && tb != first && clear && jump_slide_in {
                    return true;
                }
            }
        }
        !into_fort && t.jumps & tb != 0 && path_avoids(from, to, marked | mountain)
    }

    /// Whether a Strike from `from` may capture the tile on `to`: the Jump's path rule for
    /// Defense, and the terrain's (no capture in the Fort, a line of sight past terrain).
    #[inline]
    pub(crate) fn strike_allowed(&self, from: Square, to: Square) -> bool {
        self.strike_in_sight(from, to) && path_avoids(from, to, self.defense_at(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn a_knight_jump_has_two_shortest_paths_and_needs_one_free() {
        // c1 to d3: through c2 or d2.
        assert!(path_avoids(s("c1"), s("d3"), 0));
        assert!(path_avoids(s("c1"), s("d3"), s("c2").bit()));
        assert!(path_avoids(s("c1"), s("d3"), s("d2").bit()));
        assert!(!path_avoids(s("c1"), s("d3"), s("c2").bit() | s("d2").bit()));
        // The starting square counts.
        assert!(!path_avoids(s("c1"), s("d3"), s("c1").bit()));
    }

    #[test]
    fn a_straight_jump_must_take_its_line() {
        // c1 to c3 is straight: only c2 matters, b2 and d2 are no way round.
        assert!(!path_avoids(s("c1"), s("c3"), s("c2").bit()));
        assert!(path_avoids(s("c1"), s("c3"), s("b2").bit() | s("d2").bit()));
    }
}
