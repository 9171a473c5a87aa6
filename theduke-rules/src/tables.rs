//! Precomputed target tables: for every (tile type, side, owner, square), the squares each
//! kind of icon marks on the board. Built at compile time from the tile data.

use crate::board::{SQUARES, Square, direction_index};
use crate::tiles::{IconKind, MAX_KINDS, TileDef};

/// The squares one tile's icons mark from one square, for one owner and side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Targets {
    /// Move icons on adjacent squares (no path to check).
    pub steps: u64,
    /// Move icons further out (a clear straight path is needed).
    pub moves: u64,
    /// Jump icons.
    pub jumps: u64,
    /// Strike icons.
    pub strikes: u64,
    /// Command icons.
    pub commands: u64,
    /// Every square any icon could ever affect from here (a quick filter).
    pub reach: u64,
    /// Slide directions (bit `d` = direction `d`).
    pub slides: u8,
    /// Jump Slide directions.
    pub jump_slides: u8,
}

/// The Dread and Defense squares of one tile from one square, for one owner and side
/// (Expanded play; both empty for every tile of the base box).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Special {
    /// Squares its Dread icons cover (rulebook "Dread").
    pub dread: u64,
    /// Squares its Defense icons mark (rulebook "Defense").
    pub defense: u64,
}

/// The target tables of a tile set.
#[derive(Debug)]
pub struct Tables {
    entries: [[[[Targets; SQUARES]; 2]; 2]; MAX_KINDS],
    kinds: u8,
    counts: u64,
}

impl Tables {
    /// Builds the tables from tile data, or says what is wrong with the data (see
    /// [`TileSet`](crate::TileSet) for the rules). A const fn: a tile set's `TABLES`
    /// constant calls it at compile time, so bad data there is a compile error; called at
    /// run time it returns the error and never panics.
    #[allow(clippy::indexing_slicing)] // every index is bounded by a length checked just before
    pub const fn try_build(tiles: &[TileDef]) -> Result<Tables, TileDataError> {
        if tiles.len() > MAX_KINDS || tiles.len() < 2 {
            return Err(TileDataError::KindCount);
        }
        if tiles[0].count != 1 || tiles[1].count < 2 {
            return Err(TileDataError::SetUpTiles);
        }
        let mut entries =
            [[[[Targets { steps: 0, moves: 0, jumps: 0, strikes: 0, commands: 0, reach: 0, slides: 0, jump_slides: 0 };
                SQUARES]; 2]; 2]; MAX_KINDS];
        let mut counts = 0u64;
        let mut k = 0;
        while k < tiles.len() && k < MAX_KINDS {
            let def = &tiles[k];
            if def.count > 15 {
                return Err(TileDataError::Count);
            }
            // The board display tells tiles apart by their abbreviation, upper case for
            // seat 0 and lower case for seat 1, so it must be two letters unique in any case.
            let ab = def.abbrev.as_bytes();
            if ab.len() != 2 || !ab[0].is_ascii_uppercase() || !ab[1].is_ascii_alphabetic() {
                return Err(TileDataError::Abbrev);
            }
            let mut j = 0;
            while j < k {
                let other = tiles[j].abbrev.as_bytes();
                if other.len() == 2 && other[0].eq_ignore_ascii_case(&ab[0]) && other[1].eq_ignore_ascii_case(&ab[1]) {
                    return Err(TileDataError::Abbrev);
                }
                j += 1;
            }
            counts |= (def.count as u64) << (4 * k);
            let mut side = 0;
            while side < 2 {
                let icons = if side == 0 { def.start } else { def.back };
                let mut owner = 0;
                while owner < 2 {
                    let mut s = 0;
                    while s < SQUARES {
                        let t = match targets_of(icons, owner, s, false) {
                            Ok((t, _)) => t,
                            Err(e) => return Err(e),
                        };
                        entries[k][side][owner][s] = t;
                        s += 1;
                    }
                    owner += 1;
                }
                side += 1;
            }
            k += 1;
        }
        Ok(Tables { entries, kinds: tiles.len() as u8, counts })
    }

    /// [`try_build`](Self::try_build) in const context, for a tile set's `TABLES`
    /// constant: bad data stops the compilation with the error's message.
    #[allow(clippy::panic)] // only ever evaluated at compile time (`TileSet::TABLES`)
    pub(crate) const fn build(tiles: &[TileDef]) -> Tables {
        match Tables::try_build(tiles) {
            Ok(t) => t,
            Err(e) => panic!("{}", e.message()),
        }
    }

    /// The targets of tile type `kind`, side `side` (0 start, 1 back), owned by seat
    /// `owner`, standing on `sq`. Out-of-range inputs give no targets.
    #[inline]
    pub fn targets(&self, kind: usize, side: usize, owner: usize, sq: Square) -> Targets {
        self.entries
            .get(kind)
            .and_then(|e| e.get(side))
            .and_then(|e| e.get(owner))
            .and_then(|e| e.get(sq.index()))
            .copied()
            .unwrap_or_default()
    }

    /// How many tile types the set has.
    pub fn kinds(&self) -> usize {
        usize::from(self.kinds)
    }

    /// Tiles of each type one player owns, 4 bits per type.
    pub fn counts(&self) -> u64 {
        self.counts
    }
}

/// The targets and special squares of one side's `icons` for `owner` on square index `s`;
/// Dread and Defense icons are refused unless `special` (a run-time Expanded set).
#[allow(clippy::indexing_slicing)] // `n < icons.len()`
pub(crate) const fn targets_of(
    icons: &[crate::tiles::Icon],
    owner: usize,
    s: usize,
    special: bool,
) -> Result<(Targets, Special), TileDataError> {
    let mut t = Targets { steps: 0, moves: 0, jumps: 0, strikes: 0, commands: 0, reach: 0, slides: 0, jump_slides: 0 };
    let mut sp = Special { dread: 0, defense: 0 };
    let Some(sq) = Square::new(s as u8) else { return Ok((t, sp)) };
    let flip: i8 = if owner == 0 { 1 } else { -1 };
    let mut n = 0;
    while n < icons.len() {
        let icon = icons[n];
        if icon.dx < -5 || icon.dx > 5 || icon.dy < -5 || icon.dy > 5 || (icon.dx == 0 && icon.dy == 0) {
            return Err(TileDataError::Offset);
        }
        let df = icon.dx * flip;
        let dr = icon.dy * flip;
        let target = match sq.offset(df, dr) {
            Some(x) => x.bit(),
            None => 0,
        };
        match icon.kind {
            IconKind::Move => {
                let adf = if df < 0 { -df } else { df };
                let adr = if dr < 0 { -dr } else { dr };
                if !(adf == 0 || adr == 0 || adf == adr) {
                    return Err(TileDataError::MoveOffLine);
                }
                if adf <= 1 && adr <= 1 {
                    t.steps |= target;
                } else {
                    t.moves |= target;
                }
            }
            IconKind::Jump => t.jumps |= target,
            IconKind::Dread | IconKind::Defense if !special => return Err(TileDataError::ExpandedIcon),
            IconKind::Dread => sp.dread |= target,
            IconKind::Defense => sp.defense |= target,
            IconKind::Strike => t.strikes |= target,
            IconKind::Command => t.commands |= target,
            IconKind::Slide => match direction_index(df, dr) {
                Some(d) => {
                    t.slides |= 1 << d;
                    t.reach |= const_ray(sq, d);
                }
                None => return Err(TileDataError::SlideOffset),
            },
            IconKind::JumpSlide => {
                if df % 2 != 0 || dr % 2 != 0 {
                    return Err(TileDataError::JumpSlideOffset);
                }
                match direction_index(df / 2, dr / 2) {
                    Some(d) => {
                        t.jump_slides |= 1 << d;
                        let first = match sq.offset(df / 2, dr / 2) {
                            Some(x) => x.bit(),
                            None => 0,
                        };
                        t.reach |= const_ray(sq, d) & !first;
                    }
                    None => return Err(TileDataError::JumpSlideOffset),
                }
            }
        }
        n += 1;
    }
    t.reach |= t.steps | t.moves | t.jumps | t.strikes | t.commands;
    Ok((t, sp))
}

/// What is wrong with the data of a tile set (see [`TileSet`](crate::TileSet)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TileDataError {
    /// A set holds 2 to [`MAX_KINDS`] tile types.
    #[error("a tile set holds 2 to 16 tile types")]
    KindCount,
    /// Index 0 must be the Duke (one tile) and index 1 the Footman (two or more).
    #[error("index 0 must be the Duke (1 tile) and index 1 the Footman (2 or more)")]
    SetUpTiles,
    /// At most 15 tiles of a type.
    #[error("at most 15 tiles of a type")]
    Count,
    /// An abbreviation is two ASCII letters, the first upper-case, unique in the set
    /// whatever the case.
    #[error("an abbreviation is two ASCII letters, the first upper-case, unique in the set")]
    Abbrev,
    /// Icon offsets lie within 5 squares and not on the tile itself.
    #[error("icon offsets lie within 5 squares and not on the tile itself")]
    Offset,
    /// A Move icon must lie on a straight orthogonal or diagonal line from the tile.
    #[error("a Move icon must lie on a straight line from the tile")]
    MoveOffLine,
    /// A Slide icon sits on an adjacent square.
    #[error("a Slide icon sits on an adjacent square")]
    SlideOffset,
    /// A Jump Slide icon sits two squares out in a straight line.
    #[error("a Jump Slide icon sits two squares out in a straight line")]
    JumpSlideOffset,
    /// Dread and Defense icons play only in an [`Expanded`](crate::Expanded) set.
    #[error("Dread and Defense icons play only in an Expanded tile set")]
    ExpandedIcon,
}

impl TileDataError {
    /// The message, in const context (for the compile-time check).
    const fn message(self) -> &'static str {
        match self {
            TileDataError::KindCount => "a tile set holds 2 to 16 tile types",
            TileDataError::SetUpTiles => "index 0 must be the Duke (1 tile) and index 1 the Footman (2 or more)",
            TileDataError::Count => "at most 15 tiles of a type",
            TileDataError::Abbrev => "an abbreviation is two ASCII letters, the first upper-case, unique in the set",
            TileDataError::Offset => "icon offsets lie within 5 squares and not on the tile itself",
            TileDataError::MoveOffLine => "a Move icon must lie on a straight line from the tile",
            TileDataError::SlideOffset => "a Slide icon sits on an adjacent square",
            TileDataError::JumpSlideOffset => "a Jump Slide icon sits two squares out in a straight line",
            TileDataError::ExpandedIcon => "Dread and Defense icons play only in an Expanded tile set",
        }
    }
}

/// `board::ray` for const context (the runtime version reads the line tables).
#[allow(clippy::indexing_slicing)] // `d % 8` indexes an 8-array
const fn const_ray(sq: Square, d: usize) -> u64 {
    let (df, dr) = crate::board::DIRECTIONS[d % 8];
    let mut out = 0u64;
    let mut cur = sq.offset(df, dr);
    while let Some(x) = cur {
        out |= x.bit();
        cur = x.offset(df, dr);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::ray;

    #[test]
    fn const_rays_match_runtime_rays() {
        for s in 0..36u8 {
            let sq = Square::new(s).unwrap();
            for d in 0..8 {
                assert_eq!(const_ray(sq, d), ray(sq, d));
            }
        }
    }
}
