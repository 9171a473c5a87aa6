//! The board geometry the action layout counts with: the reach rectangle of a family of
//! icons around a square, and the fixed lists of square pairs (orthogonal neighbours, squares
//! on one line), all dense so that every index names an action.

use crate::Square;

/// Squares per side of the board.
const SIDE: usize = 6;
/// Every square of the board as a mask.
pub(crate) const EVERY_SQUARE: u64 = (1 << 36) - 1;

/// How far from its tile a family of icons (Move-like, Strike, Command) can mark a square,
/// in files and in ranks, whichever way the tile faces: the rectangle of squares around a
/// square that an action of the family can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reach {
    /// Files either side (0 to 5).
    pub(crate) files: u8,
    /// Ranks either side (0 to 5).
    pub(crate) ranks: u8,
}

/// The first and last coordinate within `r` of `c` on the board.
fn span(c: usize, r: u8) -> (usize, usize) {
    (c.saturating_sub(usize::from(r)), (c + usize::from(r)).min(SIDE - 1))
}

/// How many coordinates lie within `r` of `c` on the board.
fn width(c: usize, r: u8) -> usize {
    let (lo, hi) = span(c, r);
    hi - lo + 1
}

/// `x` or `x` squared.
fn power(x: usize, squared: bool) -> usize {
    if squared { x * x } else { x }
}

impl Reach {
    /// The reach covering this one and `(files, ranks)`.
    pub(crate) fn widened(this: Option<Reach>, files: u8, ranks: u8) -> Option<Reach> {
        let (f, r) = (files.min(5), ranks.min(5));
        Some(match this {
            Some(reach) => Reach { files: reach.files.max(f), ranks: reach.ranks.max(r) },
            None => Reach { files: f, ranks: r },
        })
    }

    /// How many squares the rectangle around `sq` holds.
    fn area(self, sq: Square) -> usize {
        width(sq.file() as usize, self.files) * width(sq.rank() as usize, self.ranks)
    }

    /// The position of `to` in the rectangle around `from`, row by row.
    fn position(self, from: Square, to: Square) -> Option<usize> {
        let (flo, fhi) = span(from.file() as usize, self.files);
        let (rlo, rhi) = span(from.rank() as usize, self.ranks);
        let (f, r) = (to.file() as usize, to.rank() as usize);
        if f < flo || f > fhi || r < rlo || r > rhi {
            return None;
        }
        Some((r - rlo) * (fhi - flo + 1) + (f - flo))
    }

    /// The square at `position` in the rectangle around `from`.
    fn at(self, from: Square, position: usize) -> Option<Square> {
        let (flo, fhi) = span(from.file() as usize, self.files);
        let (rlo, _) = span(from.rank() as usize, self.ranks);
        let w = fhi - flo + 1;
        let (f, r) = (flo + position % w, rlo + position / w);
        if position >= self.area(from) {
            return None;
        }
        Square::at(f as i8, r as i8)
    }

    /// The entries before square `sq`'s, each square counting its area (pairs) or its area
    /// squared (triples): full ranks below, then the squares to its left on its rank.
    fn base(self, sq: Square, squared: bool) -> usize {
        let (file, rank) = (sq.file() as usize, sq.rank() as usize);
        let row: usize = (0..SIDE).map(|f| power(width(f, self.files), squared)).sum();
        let below: usize = (0..rank).map(|r| power(width(r, self.ranks), squared)).sum();
        let left: usize = (0..file).map(|f| power(width(f, self.files), squared)).sum();
        below * row + power(width(rank, self.ranks), squared) * left
    }

    /// How many (from, to) pairs: every square, then every square of its rectangle.
    pub(crate) fn pairs(self) -> usize {
        let row: usize = (0..SIDE).map(|f| width(f, self.files)).sum();
        let column: usize = (0..SIDE).map(|r| width(r, self.ranks)).sum();
        row * column
    }

    /// The index of the pair `(from, to)`, `None` if `to` is out of reach.
    pub(crate) fn pair_index(self, from: Square, to: Square) -> Option<usize> {
        Some(self.base(from, false) + self.position(from, to)?)
    }

    /// The pair at `index`.
    pub(crate) fn pair_at(self, index: usize) -> Option<(Square, Square)> {
        let mut start = 0;
        for from in Square::iter(EVERY_SQUARE) {
            let area = self.area(from);
            if index < start + area {
                return Some((from, self.at(from, index - start)?));
            }
            start += area;
        }
        None
    }

    /// How many (by, from, to) triples: every square, then two squares of its rectangle.
    pub(crate) fn triples(self) -> usize {
        let row: usize = (0..SIDE).map(|f| power(width(f, self.files), true)).sum();
        let column: usize = (0..SIDE).map(|r| power(width(r, self.ranks), true)).sum();
        row * column
    }

    /// The index of the triple `(by, from, to)`, `None` if `from` or `to` is out of reach.
    pub(crate) fn triple_index(self, by: Square, from: Square, to: Square) -> Option<usize> {
        let area = self.area(by);
        Some(self.base(by, true) + self.position(by, from)? * area + self.position(by, to)?)
    }

    /// The triple at `index`.
    pub(crate) fn triple_at(self, index: usize) -> Option<(Square, Square, Square)> {
        let mut start = 0;
        for by in Square::iter(EVERY_SQUARE) {
            let area = self.area(by);
            let size = area * area;
            if index < start + size {
                let within = index - start;
                return Some((by, self.at(by, within / area)?, self.at(by, within % area)?));
            }
            start += size;
        }
        None
    }
}

/// Two distinct squares sharing a side (`ORTHOGONAL`) or on one straight line, orthogonal
/// or diagonal (`LINE`).
const fn related(kind: u8, a: usize, b: usize) -> bool {
    let (df, dr) = ((a % SIDE) as i32 - (b % SIDE) as i32, (a / SIDE) as i32 - (b / SIDE) as i32);
    let (df, dr) = (df.abs(), dr.abs());
    if a == b {
        return false;
    }
    if kind == ORTHOGONAL { df + dr == 1 } else { df == 0 || dr == 0 || df == dr }
}

const ORTHOGONAL: u8 = 0;
const LINE: u8 = 1;

const fn count(kind: u8) -> usize {
    let mut n = 0;
    let mut a = 0;
    while a < 36 {
        let mut b = 0;
        while b < 36 {
            if related(kind, a, b) {
                n += 1;
            }
            b += 1;
        }
        a += 1;
    }
    n
}

/// The pairs of `kind`, the first square major, both ascending.
#[allow(clippy::indexing_slicing)] // evaluated at compile time; the counts bound the list
const fn list<const N: usize>(kind: u8) -> [[u8; 2]; N] {
    let mut out = [[0u8; 2]; N];
    let mut n = 0;
    let mut a = 0;
    while a < 36 {
        let mut b = 0;
        while b < 36 {
            if related(kind, a, b) && n < N {
                out[n] = [a as u8, b as u8];
                n += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// Each pair's position in its list (`u16::MAX`: not a pair of the kind).
#[allow(clippy::indexing_slicing)] // evaluated at compile time; indices bounded by the loops
const fn positions(kind: u8) -> [[u16; 36]; 36] {
    let mut out = [[u16::MAX; 36]; 36];
    let mut n = 0;
    let mut a = 0;
    while a < 36 {
        let mut b = 0;
        while b < 36 {
            if related(kind, a, b) {
                out[a][b] = n;
                n += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// Ordered pairs of squares sharing a side (120).
pub(crate) const NEIGHBOUR_PAIRS: usize = count(ORTHOGONAL);
/// Ordered pairs of distinct squares on one line (580).
pub(crate) const LINE_PAIRS: usize = count(LINE);

static NEIGHBOURS: [[u8; 2]; NEIGHBOUR_PAIRS] = list(ORTHOGONAL);
static NEIGHBOUR_POSITIONS: [[u16; 36]; 36] = positions(ORTHOGONAL);
static LINES: [[u8; 2]; LINE_PAIRS] = list(LINE);
static LINE_POSITIONS: [[u16; 36]; 36] = positions(LINE);

fn position_in(table: &[[u16; 36]; 36], a: Square, b: Square) -> Option<usize> {
    let p = *table.get(a.index())?.get(b.index())?;
    (p != u16::MAX).then_some(usize::from(p))
}

fn pair_in(list: &[[u8; 2]], index: usize) -> Option<(Square, Square)> {
    let [a, b] = *list.get(index)?;
    Some((Square::new(a)?, Square::new(b)?))
}

/// The index of `(a, b)` among the pairs of squares sharing a side.
pub(crate) fn neighbour_index(a: Square, b: Square) -> Option<usize> {
    position_in(&NEIGHBOUR_POSITIONS, a, b)
}

/// The pair of squares sharing a side at `index`.
pub(crate) fn neighbour_pair(index: usize) -> Option<(Square, Square)> {
    pair_in(&NEIGHBOURS, index)
}

/// The index of `(a, b)` among the pairs of squares on one line.
pub(crate) fn line_index(a: Square, b: Square) -> Option<usize> {
    position_in(&LINE_POSITIONS, a, b)
}

/// The pair of squares on one line at `index`.
pub(crate) fn line_pair(index: usize) -> Option<(Square, Square)> {
    pair_in(&LINES, index)
}

/// The Duke's starting squares (rulebook "Set-up": the centre squares of the home edges,
/// where Escape and Ransom land): c1, d1, c6, d6.
const STARTS: [u8; 4] = [2, 3, 32, 33];

/// The index of a starting square (0 to 3).
pub(crate) fn start_index(sq: Square) -> Option<usize> {
    STARTS.iter().position(|&s| usize::from(s) == sq.index())
}

/// The starting square of index `i` (0 to 3).
pub(crate) fn start_square(i: usize) -> Option<Square> {
    STARTS.get(i).and_then(|&s| Square::new(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The module docs' counts, and every pair and triple of every reach indexed densely.
    #[test]
    fn every_reach_indexes_its_pairs_and_triples_densely() {
        assert_eq!((NEIGHBOUR_PAIRS, LINE_PAIRS), (120, 580));
        for i in 0..NEIGHBOUR_PAIRS {
            let (a, b) = neighbour_pair(i).unwrap();
            assert_eq!(neighbour_index(a, b), Some(i));
        }
        for i in 0..LINE_PAIRS {
            let (a, b) = line_pair(i).unwrap();
            assert_eq!(line_index(a, b), Some(i));
        }
        for files in 0..=5 {
            for ranks in 0..=5 {
                let reach = Reach { files, ranks };
                for i in 0..reach.pairs() {
                    let (from, to) = reach.pair_at(i).unwrap();
                    assert_eq!(reach.pair_index(from, to), Some(i), "{reach:?}");
                }
                assert_eq!(reach.pair_at(reach.pairs()), None);
                for i in 0..reach.triples() {
                    let (by, from, to) = reach.triple_at(i).unwrap();
                    assert_eq!(reach.triple_index(by, from, to), Some(i), "{reach:?}");
                }
                assert_eq!(reach.triple_at(reach.triples()), None);
            }
        }
        let full = Reach { files: 5, ranks: 5 };
        assert_eq!((full.pairs(), full.triples()), (36 * 36, 36 * 36 * 36));
        let (c2, c3) = ("c2".parse().unwrap(), "c3".parse().unwrap());
        assert_eq!(full.pair_index(c2, c3), Some(8 * 36 + 14));
    }
}
