//! The reference's geometry of terrain ("Mountain Tile", "Fort Tile"): the Strike's line
//! of sight, computed by clipping the segment to the square (the engine uses a
//! separating-axis table).

use theduke_rules::Square;

/// "The Strike icon cannot be used if a straight line between the target square and the
/// center of the square occupied by the Troop Tile crosses any part of a square occupied by
/// the Mountain Tile. If that line directly cuts through a square 'kitty corner' ..., the icon
/// can still be used": the segment between the centres, clipped to the open square `c`
/// (Liang-Barsky), keeps a piece of positive length.
pub fn line_crosses(from: Square, to: Square, c: Square) -> bool {
    let (x0, y0) = (f64::from(from.file()) + 0.5, f64::from(from.rank()) + 0.5);
    let (dx, dy) = (f64::from(to.file() - from.file()), f64::from(to.rank() - from.rank()));
    let (mut enter, mut exit) = (0.0f64, 1.0f64);
    for (p0, d, lo) in [(x0, dx, f64::from(c.file())), (y0, dy, f64::from(c.rank()))] {
        let hi = lo + 1.0;
        if d == 0.0 {
            if p0 <= lo || p0 >= hi {
                return false;
            }
            continue;
        }
        let (t1, t2) = ((lo - p0) / d, (hi - p0) / d);
        enter = enter.max(t1.min(t2));
        exit = exit.min(t1.max(t2));
    }
    exit - enter > 1e-9
}
