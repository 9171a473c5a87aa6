//! The 6x6 gameboard: squares `a1`..`f6` and 36-bit occupancy masks.
//!
//! Files `a`..`f` run left to right and ranks `1`..`6` bottom to top, both as seen by the
//! player in seat 0, whose home edge is rank 1; seat 1's home edge is rank 6.

use core::fmt;
use core::str::FromStr;

use duke_core::NotationError;

/// Squares on the board.
pub const SQUARES: usize = 36;
/// Columns (files) and rows (ranks).
pub const WIDTH: i8 = 6;
/// Every square of the board.
pub const FULL: u64 = (1u64 << SQUARES) - 1;

/// A square of the board, `0..36` = `a1, b1, .., f1, a2, .., f6`. On the wire (serde) a
/// square is its name, `"c2"`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

duke_core::serde_as_notation!(Square);

impl Square {
    /// The square at `index` (`0..36`), if on the board.
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < SQUARES { Some(Square(index)) } else { None }
    }

    /// The square at file `0..6` (a..f) and rank `0..6` (1..6), if on the board.
    pub const fn at(file: i8, rank: i8) -> Option<Square> {
        if file >= 0 && file < WIDTH && rank >= 0 && rank < WIDTH {
            Some(Square((rank * WIDTH + file) as u8))
        } else {
            None
        }
    }

    /// The index, `0..36`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, `0..6` for a..f.
    pub const fn file(self) -> i8 {
        (self.0 % 6) as i8
    }

    /// The rank, `0..6` for 1..6.
    pub const fn rank(self) -> i8 {
        (self.0 / 6) as i8
    }

    /// The one-bit mask of this square.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The square `(df, dr)` away on the board, if on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::at(self.file() + df, self.rank() + dr)
    }

    /// Iterates the squares of a mask, lowest first.
    pub fn iter(mask: u64) -> impl Iterator<Item = Square> {
        Bits(mask & FULL)
    }

    pub(crate) const fn from_index_unchecked(index: u32) -> Square {
        Square((index % SQUARES as u32) as u8)
    }
}

struct Bits(u64);

impl Iterator for Bits {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_unchecked(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

impl TryFrom<u8> for Square {
    type Error = &'static str;
    fn try_from(value: u8) -> Result<Self, Self::Error> {
        Square::new(value).ok_or("square index out of range")
    }
}

impl From<Square> for u8 {
    fn from(sq: Square) -> u8 {
        sq.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.0 % 6);
        let rank = char::from(b'1' + self.0 / 6);
        write!(f, "{file}{rank}")
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Square, NotationError> {
        let bytes = s.trim().as_bytes();
        match bytes {
            [f, r] => {
                let file = f.to_ascii_lowercase().wrapping_sub(b'a');
                let rank = r.wrapping_sub(b'1');
                if file < 6 && rank < 6 {
                    Ok(Square(rank * 6 + file))
                } else {
                    Err(NotationError::new(s, "square off the board (a1..f6)"))
                }
            }
            _ => Err(NotationError::new(s, "a square is a file a-f and a rank 1-6")),
        }
    }
}

/// The eight compass directions on the board, `(file step, rank step)`.
pub(crate) const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// The index in [`DIRECTIONS`] of a unit step, if it is one.
#[allow(clippy::indexing_slicing)] // const loop bounded by the array length
pub(crate) const fn direction_index(df: i8, dr: i8) -> Option<usize> {
    let mut d = 0;
    while d < 8 {
        if DIRECTIONS[d].0 == df && DIRECTIONS[d].1 == dr {
            return Some(d);
        }
        d += 1;
    }
    None
}

/// Whether walking in direction `d` increases the square index (N, NE, E, NW).
pub(crate) const fn increasing(d: usize) -> bool {
    matches!(d, 0 | 1 | 2 | 7)
}

/// Line geometry: rays from every square and the squares strictly between two squares.
pub(crate) struct Lines {
    /// `rays[sq][d]`: every square from `sq` (exclusive) to the edge in direction `d`.
    pub rays: [[u64; 8]; SQUARES],
    /// `between[a][b]`: squares strictly between `a` and `b` on a straight line, else 0.
    pub between: [[u64; SQUARES]; SQUARES],
}

impl Lines {
    #[allow(clippy::indexing_slicing)] // evaluated at compile time; indices bounded by the loops
    const fn build() -> Lines {
        let mut rays = [[0u64; 8]; SQUARES];
        let mut between = [[0u64; SQUARES]; SQUARES];
        let mut s = 0;
        while s < SQUARES {
            let f0 = (s % 6) as i8;
            let r0 = (s / 6) as i8;
            let mut d = 0;
            while d < 8 {
                let (df, dr) = DIRECTIONS[d];
                let mut f = f0 + df;
                let mut r = r0 + dr;
                let mut path = 0u64;
                while f >= 0 && f < 6 && r >= 0 && r < 6 {
                    let t = (r * 6 + f) as usize;
                    between[s][t] = path;
                    path |= 1u64 << t;
                    f += df;
                    r += dr;
                }
                rays[s][d] = path;
                d += 1;
            }
            s += 1;
        }
        Lines { rays, between }
    }
}

/// The line tables, built at compile time.
pub(crate) static LINES: Lines = Lines::build();

/// Squares strictly between `a` and `b` on a line (0 if adjacent or not on a line).
#[inline]
pub(crate) fn between(a: Square, b: Square) -> u64 {
    match LINES.between.get(a.index()) {
        Some(row) => row.get(b.index()).copied().unwrap_or(0),
        None => 0,
    }
}

/// The ray from `sq` in direction `d` (exclusive of `sq`).
#[inline]
pub(crate) fn ray(sq: Square, d: usize) -> u64 {
    match LINES.rays.get(sq.index()) {
        Some(row) => row.get(d).copied().unwrap_or(0),
        None => 0,
    }
}

/// The squares a slide from `sq` in direction `d` may end on, given occupancy `occ`
/// (the first occupied square is included; friends are removed by the caller).
/// `skip` squares are ignored as blockers (the Jump Slide's first square).
#[inline]
pub(crate) fn slide(sq: Square, d: usize, occ: u64, skip: u64) -> u64 {
    let r = ray(sq, d);
    let blockers = r & occ & !skip;
    if blockers == 0 {
        return r;
    }
    let first = if increasing(d) {
        Square::from_index_unchecked(blockers.trailing_zeros())
    } else {
        Square::from_index_unchecked(63 - blockers.leading_zeros())
    };
    r & !ray(first, d)
}

/// The four squares sharing a side with `sq` (rulebook: "sharing a side").
#[inline]
pub(crate) fn orthogonal_neighbours(sq: Square) -> u64 {
    let b = sq.bit();
    let left = (b >> 1) & !FILE_F;
    let right = (b << 1) & !FILE_A;
    (left | right | (b << 6) | (b >> 6)) & FULL
}

/// Every square of file a.
pub(crate) const FILE_A: u64 = 0x4104_1041;
/// Every square of file f.
pub(crate) const FILE_F: u64 = FILE_A << 5;
