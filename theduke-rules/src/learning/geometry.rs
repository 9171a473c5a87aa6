//! The board geometry the action layout counts with: the reach rectangle of a family of
//! icons around a square, and the fixed lists of square pairs (orthogonal neighbours, squares
//! on one line), all dense so that every index names an action.

use crate::Square;

/// Squares per side of the board.
const SIDE: usize = 6;
/// Squares of the board.
const SQUARES: usize = SIDE * SIDE;
/// Every square of the board as a mask.
#[cfg(test)]
const EVERY_SQUARE: u64 = (1 << 36) - 1;

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
const fn span(c: usize, r: u8) -> (usize, usize) {
    let r = r as usize;
    let hi = c + r;
    (c.saturating_sub(r), if hi < SIDE { hi } else { SIDE - 1 })
}

impl Reach {
    /// The reach covering this one and `(files, ranks)`.
    pub(crate) const fn widened(this: Option<Reach>, files: u8, ranks: u8) -> Option<Reach> {
        const fn max(a: u8, b: u8) -> u8 {
            if a > b { a } else { b }
        }
        let (f, r) = (if files > 5 { 5 } else { files }, if ranks > 5 { 5 } else { ranks });
        Some(match this {
            Some(reach) => Reach { files: max(reach.files, f), ranks: max(reach.ranks, r) },
            None => Reach { files: f, ranks: r },
        })
    }

    /// The rectangle around `sq`.
    const fn rect(self, sq: Square) -> Rect {
        self.rect_at(sq.index())
    }

    /// The rectangle around the square of index `sq`.
    const fn rect_at(self, sq: usize) -> Rect {
        let (flo, fhi) = span(sq % SIDE, self.files);
        let (rlo, rhi) = span(sq / SIDE, self.ranks);
        Rect { flo, fhi, rlo, rhi }
    }
}

/// The squares within a reach of one square: files `flo..=fhi`, ranks `rlo..=rhi`.
#[derive(Clone, Copy, Debug)]
struct Rect {
    flo: usize,
    fhi: usize,
    rlo: usize,
    rhi: usize,
}

impl Rect {
    const fn width(self) -> usize {
        self.fhi - self.flo + 1
    }

    const fn area(self) -> usize {
        self.width() * (self.rhi - self.rlo + 1)
    }

    /// The position of `to` in the rectangle, row by row.
    #[inline]
    const fn position(self, to: Square) -> Option<usize> {
        self.position_at(to.index())
    }

    /// The position of the square of index `to` in the rectangle, row by row.
    #[inline]
    const fn position_at(self, to: usize) -> Option<usize> {
        let (f, r) = (to % SIDE, to / SIDE);
        if f < self.flo || f > self.fhi || r < self.rlo || r > self.rhi {
            return None;
        }
        Some((r - self.rlo) * self.width() + (f - self.flo))
    }

    /// The square at `position` (below the area).
    fn at(self, position: usize) -> Option<Square> {
        if position >= self.area() {
            return None;
        }
        let w = self.width();
        Square::at((self.flo + position % w) as i8, (self.rlo + position / w) as i8)
    }
}

/// A reach with its per-square offsets, computed once per config (the config's layouts keep
/// it), so that indexing a pair or a triple, or decoding one, is a few operations: the
/// pairs (or triples) of each square follow those of the squares before it (`a1, b1, ..`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ReachTable {
    reach: Reach,
    /// `position[from * 36 + to]`: the position of `to` in the rectangle around `from`
    /// ([`OUT`] if out of reach).
    position: [u8; SQUARES * SQUARES],
    /// The pairs before each square's, then the number of pairs.
    pairs: [u32; SQUARES + 1],
    /// The triples before each square's (as `by`), then the number of triples.
    triples: [u32; SQUARES + 1],
    /// Whether every rectangle is the whole board (a slide both ways along both axes): the
    /// pairs of `from` are then `from * 36 + to`, a run of 36 in square order.
    full: bool,
}

/// Out of reach, in [`ReachTable`]'s positions.
const OUT: u8 = u8::MAX;

/// The square of index `i` (below 36).
fn square_of(i: usize) -> Option<Square> {
    u8::try_from(i).ok().and_then(Square::new)
}

/// The square whose entries hold `index` in `starts` (offsets, ascending, then the total).
fn owner_of(starts: &[u32; SQUARES + 1], index: usize) -> Option<(Square, usize)> {
    let i = u32::try_from(index).ok()?;
    let after = starts.partition_point(|&s| s <= i);
    let sq = after.checked_sub(1)?;
    let (&start, &end) = (starts.get(sq)?, starts.get(after)?);
    (i < end).then(|| square_of(sq).map(|s| (s, (i - start) as usize)))?
}

impl ReachTable {
    /// The offsets of `reach` (a const fn: a compile-time set's layouts are constants).
    #[allow(clippy::indexing_slicing)] // evaluated within the arrays' fixed lengths
    pub(crate) const fn new(reach: Reach) -> ReachTable {
        let (mut pairs, mut triples) = ([0; SQUARES + 1], [0; SQUARES + 1]);
        let mut position = [OUT; SQUARES * SQUARES];
        let (mut p, mut t) = (0u32, 0u32);
        let mut from = 0;
        while from < SQUARES {
            let rect = reach.rect_at(from);
            // The rectangle's squares in order, row by row: positions 0, 1, ..
            let mut at = 0u8;
            let mut rank = rect.rlo;
            while rank <= rect.rhi {
                let mut file = rect.flo;
                while file <= rect.fhi {
                    position[from * SQUARES + rank * SIDE + file] = at;
                    at += 1;
                    file += 1;
                }
                rank += 1;
            }
            pairs[from] = p;
            triples[from] = t;
            let area = rect.area() as u32;
            p += area;
            t += area * area;
            from += 1;
        }
        pairs[SQUARES] = p;
        triples[SQUARES] = t;
        let full = reach.files as usize >= SIDE - 1 && reach.ranks as usize >= SIDE - 1;
        ReachTable { reach, position, pairs, triples, full }
    }

    /// How many (from, to) pairs: every square, then every square of its rectangle.
    pub(crate) const fn pair_count(&self) -> usize {
        match self.pairs.last() {
            Some(&n) => n as usize,
            None => 0,
        }
    }

    /// How many (by, from, to) triples: every square, then two squares of its rectangle.
    pub(crate) const fn triple_count(&self) -> usize {
        match self.triples.last() {
            Some(&n) => n as usize,
            None => 0,
        }
    }

    /// The index of the pair `(from, to)`, `None` if `to` is out of reach.
    #[inline]
    pub(crate) fn pair_index(&self, from: Square, to: Square) -> Option<usize> {
        let base = *self.pairs.get(from.index())? as usize;
        Some(base + self.reach.rect(from).position(to)?)
    }

    /// The pair at `index`.
    pub(crate) fn pair_at(&self, index: usize) -> Option<(Square, Square)> {
        let (from, within) = owner_of(&self.pairs, index)?;
        Some((from, self.reach.rect(from).at(within)?))
    }

    /// The index of the triple `(by, from, to)`, `None` if `from` or `to` is out of reach.
    #[inline]
    pub(crate) fn triple_index(&self, by: Square, from: Square, to: Square) -> Option<usize> {
        let base = *self.triples.get(by.index())? as usize;
        let rect = self.reach.rect(by);
        Some(base + rect.position(from)? * rect.area() + rect.position(to)?)
    }

    /// The triple at `index`.
    pub(crate) fn triple_at(&self, index: usize) -> Option<(Square, Square, Square)> {
        let (by, within) = owner_of(&self.triples, index)?;
        let rect = self.reach.rect(by);
        let area = rect.area();
        Some((by, rect.at(within / area)?, rect.at(within % area)?))
    }

    /// The positions of every square in the rectangle around `sq` ([`OUT`]: out of it).
    #[inline]
    fn positions(&self, sq: Square) -> &[u8] {
        let start = sq.index() * SQUARES;
        self.position.get(start..start + SQUARES).unwrap_or(&[])
    }

    /// With a full reach, the index of `(from, a1)`: the index of `(from, to)` is that plus
    /// `to`'s (so a set of targets is one run of bits); `None` otherwise.
    #[inline]
    pub(crate) fn pair_run(&self, from: Square) -> Option<usize> {
        self.full.then_some(from.index() * SQUARES)
    }

    /// With a full reach, the index of `(by, from, a1)`, as [`pair_run`](Self::pair_run).
    #[inline]
    pub(crate) fn triple_run(&self, by: Square, from: Square) -> Option<usize> {
        self.full.then_some((by.index() * SQUARES + from.index()) * SQUARES)
    }

    /// Calls `f` with the index of `(from, to)` for every `to` of `targets` within reach.
    #[inline]
    pub(crate) fn each_pair(&self, from: Square, targets: u64, f: impl FnMut(usize)) {
        if let Some(&base) = self.pairs.get(from.index()) {
            each_in(self.positions(from), base as usize, targets, f);
        }
    }

    /// Calls `f` with the index of `(by, from, to)` for every `to` of `targets` within
    /// reach (nothing if `from` is out of reach).
    #[inline]
    pub(crate) fn each_triple(&self, by: Square, from: Square, targets: u64, f: impl FnMut(usize)) {
        let rect = self.reach.rect(by);
        if let (Some(&base), Some(p)) = (self.triples.get(by.index()), rect.position(from)) {
            each_in(self.positions(by), base as usize + p * rect.area(), targets, f);
        }
    }
}

/// `f(base + positions[to])` for every square `to` of `targets` in reach.
#[inline]
fn each_in(positions: &[u8], base: usize, targets: u64, mut f: impl FnMut(usize)) {
    let mut rest = targets;
    while rest != 0 {
        let to = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if let Some(&p) = positions.get(to)
            && p != OUT
        {
            f(base + usize::from(p));
        }
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
                let reach = ReachTable::new(Reach { files, ranks });
                for i in 0..reach.pair_count() {
                    let (from, to) = reach.pair_at(i).unwrap();
                    assert_eq!(reach.pair_index(from, to), Some(i), "{reach:?}");
                }
                assert_eq!(reach.pair_at(reach.pair_count()), None);
                for (by, from) in [(0u8, 0u8), (14, 15), (35, 29), (20, 8)] {
                    let (by, from) = (Square::new(by).unwrap(), Square::new(from).unwrap());
                    let mut seen = Vec::new();
                    reach.each_pair(by, EVERY_SQUARE, |i| seen.push(i));
                    let expected: Vec<usize> =
                        Square::iter(EVERY_SQUARE).filter_map(|to| reach.pair_index(by, to)).collect();
                    assert_eq!(seen, expected, "{reach:?}");
                    if let Some(run) = reach.pair_run(by) {
                        assert_eq!(seen, (run..run + 36).collect::<Vec<_>>());
                    }
                    seen.clear();
                    reach.each_triple(by, from, EVERY_SQUARE, |i| seen.push(i));
                    if let Some(run) = reach.triple_run(by, from) {
                        assert_eq!(seen, (run..run + 36).collect::<Vec<_>>());
                    }
                    let expected: Vec<usize> =
                        Square::iter(EVERY_SQUARE).filter_map(|to| reach.triple_index(by, from, to)).collect();
                    assert_eq!(seen, expected, "{reach:?}");
                }
                for i in 0..reach.triple_count() {
                    let (by, from, to) = reach.triple_at(i).unwrap();
                    assert_eq!(reach.triple_index(by, from, to), Some(i), "{reach:?}");
                }
                assert_eq!(reach.triple_at(reach.triple_count()), None);
            }
        }
        let full = ReachTable::new(Reach { files: 5, ranks: 5 });
        assert_eq!((full.pair_count(), full.triple_count()), (36 * 36, 36 * 36 * 36));
        assert!(full.pair_run(Square::new(7).unwrap()).is_some());
        assert_eq!(ReachTable::new(Reach { files: 5, ranks: 4 }).pair_run(Square::new(7).unwrap()), None);
        let (c2, c3) = ("c2".parse().unwrap(), "c3".parse().unwrap());
        assert_eq!(full.pair_index(c2, c3), Some(8 * 36 + 14));
    }
}
