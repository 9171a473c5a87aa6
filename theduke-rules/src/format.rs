//! Tile sets at run time (rulebook "Customization Tiles"): a documented, versioned JSON
//! format for both sides of every tile with any icon, the enhanced abilities, the counts
//! per player and the tiles that start on the board. A set is checked where it is read:
//! deserialising a [`TileSetSpec`] (or a [`CustomTiles`], or a config holding one) with
//! any serde format refuses a set that breaks a rule of the format, so no invalid set is
//! read; [`TileSetSpec::load`] does the same with a typed [`TileSetError`].
//! [`TileSetSpec::standard`] is the base box in this format (it round-trips exactly).
//!
//! ```json
//! {
//!   "version": 1,
//!   "name": "The Duke, base box",
//!   "tiles": [
//!     {"name": "Duke", "abbrev": "Du", "count": 1, "on_board": 1,
//!      "start": [{"kind": "Slide", "dx": -1, "dy": 0}, {"kind": "Slide", "dx": 1, "dy": 0}],
//!      "back": [{"kind": "Slide", "dx": 0, "dy": 1}, {"kind": "Slide", "dx": 0, "dy": -1}]},
//!     {"name": "Footman", "abbrev": "Ft", "count": 3, "on_board": 2, "start": [...], "back": [...]},
//!     {"name": "Duchess", "abbrev": "Dc", "count": 1, "start": [...], "back": [...],
//!      "abilities": ["Summon"]}
//!   ]
//! }
//! ```
//!
//! Offsets are from the owner's point of view (`dy` forward, `dx` to his right). Icon kinds:
//! `Move`, `Jump`, `Slide`, `JumpSlide`, `Strike`, `Command`, `Dread`, `Defense`; abilities:
//! `Summon`, `Divination`, `Escape`, `Ransom`. `on_board` (default 0) and `abilities`
//! (default none) may be left out, and so may the set's `p1_duke` (the index of a tile
//! acting as P1's Duke; default none: the first tile is both players' Duke); unknown fields
//! are refused.

use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::tiles::{Ability, Icon, IconKind, STANDARD_TILES, Side};

/// Most tile types a run-time set may hold (bags are packed 4 bits a type in a `u128`).
pub const MAX_EXPANDED_KINDS: usize = 32;

/// A tile set as data: the run-time format, version [`TileSetSpec::VERSION`].
///
/// The rules it must obey ([`TileSetSpec::check`], each a [`TileSetError`]): the version
/// is known; 2 to [`MAX_EXPANDED_KINDS`] tiles; the first tile acts as the Duke (one per
/// player, on the board from set-up); the second is the set-up companion (at least two per
/// player, two of them on the board from set-up); no other tile starts on the board
/// (rulebook "Set-up") but the tile acting as P1's Duke ([`TileSetSpec::p1_duke`], a tile
/// after the first two, one per player and on the board); counts at most 15; names non-empty (at most 40 characters) and
/// unique; abbreviations two ASCII letters, the first upper-case, unique whatever the case;
/// every icon within 5 squares and not on the tile; Move icons on a straight line, Slide
/// icons on an adjacent square, Jump Slide icons two squares out in a straight line; no
/// icon twice on a side, no ability twice on a tile.
///
/// Deserialising checks all of them (the deserializer's error then carries the
/// [`TileSetError`]'s message); a set built in code is checked by [`TileSetSpec::check`]
/// and when a game is made with it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "TileSetWire")]
pub struct TileSetSpec {
    /// The format's version, [`TileSetSpec::VERSION`].
    pub version: u32,
    /// A name for the set (free text, default empty).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The tile types, indexed by [`TileKind`](crate::TileKind): the Duke first, then the
    /// set-up companion (the Footman of the base box).
    pub tiles: Vec<TileSpec>,
    /// The tile acting as P1's Duke (seat 1, rank 6), when it is not the first tile: its
    /// index in `tiles`, after the first two, with count 1 and `on_board` 1 (rulebook
    /// "Escape": the Richelieu player's "Richlieu Tile, acting as the Duke" against
    /// another Duke). P0's Duke stays the first tile; each player owns only his own Duke
    /// tile. Default (left out): the first tile acts as both players' Duke.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p1_duke: Option<usize>,
}

/// One tile type of a [`TileSetSpec`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileSpec {
    /// Full name, as printed.
    pub name: String,
    /// Two ASCII letters, the first upper-case, unique in the set whatever the case.
    pub abbrev: String,
    /// How many tiles of this type each player owns (0 to 15).
    pub count: u8,
    /// How many of them start on the board at set-up (the Duke 1, the companion 2, any
    /// other 0; default 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub on_board: u8,
    /// The icons of the starting side.
    pub start: Vec<Icon>,
    /// The icons of the non-starting side.
    pub back: Vec<Icon>,
    /// Its enhanced abilities (default none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<Ability>,
}

/// A [`TileSetSpec`] as it travels, before its check: the same fields, unknown ones
/// refused.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileSetWire {
    version: u32,
    #[serde(default)]
    name: String,
    tiles: Vec<TileSpec>,
    #[serde(default)]
    p1_duke: Option<usize>,
}

impl TryFrom<TileSetWire> for TileSetSpec {
    type Error = TileSetError;
    fn try_from(w: TileSetWire) -> Result<TileSetSpec, TileSetError> {
        let spec = TileSetSpec { version: w.version, name: w.name, tiles: w.tiles, p1_duke: w.p1_duke };
        spec.check()?;
        Ok(spec)
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl TileSpec {
    /// The icons of one side.
    pub fn profile(&self, side: Side) -> &[Icon] {
        match side {
            Side::Start => &self.start,
            Side::Back => &self.back,
        }
    }
}

/// What is wrong with a tile set. A tile is given by its index in the set (`tile`, counted
/// from 0, as [`TileKind`](crate::TileKind)) and its name; the message names it by its name
/// and its number counted from 1 ("tile 4 (\"Knight\")").
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum TileSetError {
    /// The input is not a tile set in the format (the deserializer's message).
    #[error("not a tile set: {0}")]
    Format(String),
    /// A version this engine does not read.
    #[error("tile set format version {0} is not supported (this engine reads version 1)")]
    Version(u32),
    /// A set holds 2 to 32 tile types.
    #[error("a tile set holds 2 to 32 tile types, not {0}")]
    KindCount(usize),
    /// The first tile acts as the Duke: one per player, on the board from set-up.
    #[error("tile 1 ({name:?}) acts as the Duke: count 1, on_board 1")]
    Duke {
        /// The first tile's name.
        name: String,
    },
    /// The second tile is the set-up companion: at least two per player, two on the board
    /// from set-up; no other tile starts on the board but the tile acting as P1's Duke.
    #[error("tile {} ({name:?}): set-up places the Duke and two of the second tile, nothing else", .tile + 1)]
    SetUp {
        /// The tile's index.
        tile: usize,
        /// Its name.
        name: String,
    },
    /// At most 15 tiles of a type.
    #[error("tile {} ({name:?}): at most 15 tiles of a type", .tile + 1)]
    Count {
        /// The tile's index.
        tile: usize,
        /// Its name.
        name: String,
    },
    /// A name is 1 to 40 characters, unique in the set.
    #[error("tile {} ({name:?}): a name is 1 to 40 characters and unique in the set", .tile + 1)]
    Name {
        /// The tile's index.
        tile: usize,
        /// Its name.
        name: String,
    },
    /// An abbreviation is two ASCII letters, the first upper-case, unique whatever the case.
    #[error(
        "tile {} ({name:?}): an abbreviation is two ASCII letters, the first upper-case, unique in the set",
        .tile + 1
    )]
    Abbrev {
        /// The tile's index.
        tile: usize,
        /// Its name.
        name: String,
    },
    /// An icon is misplaced (see [`IconError`]); `index` counts from 0 in the side's list.
    #[error("tile {} ({name:?}), {side:?} side, icon {}: {error}", .tile + 1, .index + 1)]
    Icon {
        /// The tile's index.
        tile: usize,
        /// Its name.
        name: String,
        /// The side.
        side: Side,
        /// The icon's position in the side's list.
        index: usize,
        /// What is wrong.
        error: IconError,
    },
    /// The same ability twice on a tile.
    #[error("tile {} ({name:?}): an ability is listed twice", .tile + 1)]
    DuplicateAbility {
        /// The tile's index.
        tile: usize,
        /// Its name.
        name: String,
    },
    /// [`TileSetSpec::p1_duke`] names a tile that cannot act as P1's Duke: it must be a tile
    /// of the set after the first two (the Duke and the set-up companion), with count 1 and
    /// `on_board` 1 (`tile` may then be past the set's end; its name is then empty).
    #[error("tile {} ({name:?}) cannot act as P1's Duke: a tile after the first two, count 1, on_board 1", .tile + 1)]
    P1Duke {
        /// The tile's index.
        tile: usize,
        /// Its name.
        name: String,
    },
}

/// What is wrong with one icon of a [`TileSpec`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum IconError {
    /// Offsets lie within 5 squares and not on the tile itself.
    #[error("offsets lie within 5 squares and not on the tile itself")]
    Offset,
    /// A Move icon lies on a straight orthogonal or diagonal line from the tile.
    #[error("a Move icon must lie on a straight line from the tile")]
    MoveOffLine,
    /// A Slide icon sits on an adjacent square.
    #[error("a Slide icon sits on an adjacent square")]
    SlideOffset,
    /// A Jump Slide icon sits two squares out in a straight line.
    #[error("a Jump Slide icon sits two squares out in a straight line")]
    JumpSlideOffset,
    /// The same icon kind on the same square twice.
    #[error("the same icon twice on one square")]
    Duplicate,
}

/// The check of one icon (the same rules as the compile-time tables, plus Dread and
/// Defense, which may sit on any square within reach).
fn check_icon(icon: &Icon) -> Result<(), IconError> {
    let (dx, dy) = (i32::from(icon.dx), i32::from(icon.dy));
    if dx.abs() > 5 || dy.abs() > 5 || (dx == 0 && dy == 0) {
        return Err(IconError::Offset);
    }
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    match icon.kind {
        IconKind::Move if !straight => Err(IconError::MoveOffLine),
        IconKind::Slide if dx.abs() > 1 || dy.abs() > 1 => Err(IconError::SlideOffset),
        IconKind::JumpSlide if !straight || dx.abs().max(dy.abs()) != 2 => Err(IconError::JumpSlideOffset),
        _ => Ok(()),
    }
}

impl TileSetSpec {
    /// The format version this engine reads and writes.
    pub const VERSION: u32 = 1;

    /// The base box's fifteen tiles (rulebook "Contents", tile reference pages) in this
    /// format: the Duke and two Footmen on the board from set-up.
    pub fn standard() -> TileSetSpec {
        let tiles = STANDARD_TILES
            .iter()
            .enumerate()
            .map(|(k, def)| TileSpec {
                name: def.name.to_owned(),
                abbrev: def.abbrev.to_owned(),
                count: def.count,
                on_board: crate::position::set_aside(k, 0, 0) as u8,
                start: def.start.to_vec(),
                back: def.back.to_vec(),
                abilities: Vec::new(),
            })
            .collect();
        TileSetSpec { version: TileSetSpec::VERSION, name: "The Duke, base box".to_owned(), tiles, p1_duke: None }
    }

    /// Reads a tile set with any serde deserializer and checks it: a typed error for text
    /// that is not a tile set ([`TileSetError::Format`], with the deserializer's message)
    /// and for every rule of the format, never a panic. For JSON:
    ///
    /// ```
    /// use theduke_rules::{TileSetError, TileSetSpec};
    ///
    /// let text = serde_json::to_string(&TileSetSpec::standard()).unwrap();
    /// let spec = TileSetSpec::load(&mut serde_json::Deserializer::from_str(&text)).unwrap();
    /// assert_eq!(spec, TileSetSpec::standard());
    ///
    /// let bad = text.replace(r#""version":1"#, r#""version":7"#);
    /// let err = TileSetSpec::load(&mut serde_json::Deserializer::from_str(&bad));
    /// assert_eq!(err, Err(TileSetError::Version(7)));
    /// ```
    pub fn load<'de, D: Deserializer<'de>>(deserializer: D) -> Result<TileSetSpec, TileSetError> {
        let wire = TileSetWire::deserialize(deserializer).map_err(|e| TileSetError::Format(e.to_string()))?;
        TileSetSpec::try_from(wire)
    }

    /// Checks every rule of the format (see [`TileSetSpec`]).
    pub fn check(&self) -> Result<(), TileSetError> {
        if self.version != TileSetSpec::VERSION {
            return Err(TileSetError::Version(self.version));
        }
        let n = self.tiles.len();
        if !(2..=MAX_EXPANDED_KINDS).contains(&n) {
            return Err(TileSetError::KindCount(n));
        }
        let p1_duke = self.p1_duke.unwrap_or(0);
        if let Some(d) = self.p1_duke {
            let fits = self.tiles.get(d).is_some_and(|t| t.count == 1 && t.on_board == 1);
            if d < 2 || !fits {
                let name = self.tiles.get(d).map_or_else(String::new, |t| t.name.clone());
                return Err(TileSetError::P1Duke { tile: d, name });
            }
        }
        for (k, tile) in self.tiles.iter().enumerate() {
            let name = || tile.name.clone();
            if k == 0 && (tile.count != 1 || tile.on_board != 1) {
                return Err(TileSetError::Duke { name: name() });
            }
            let set_up_ok = match k {
                0 => true,
                1 => tile.on_board == 2 && tile.count >= 2,
                k if k == p1_duke => true,
                _ => tile.on_board == 0,
            };
            if !set_up_ok {
                return Err(TileSetError::SetUp { tile: k, name: name() });
            }
            if tile.count > 15 {
                return Err(TileSetError::Count { tile: k, name: name() });
            }
            let chars = tile.name.chars().count();
            let named_before = self.tiles.iter().take(k).any(|t| t.name == tile.name);
            if chars == 0 || chars > 40 || named_before {
                return Err(TileSetError::Name { tile: k, name: name() });
            }
            let abbrev_ok =
                matches!(tile.abbrev.as_bytes(), [a, b] if a.is_ascii_uppercase() && b.is_ascii_alphabetic());
            let abbrev_before = self.tiles.iter().take(k).any(|t| t.abbrev.eq_ignore_ascii_case(&tile.abbrev));
            if !abbrev_ok || abbrev_before {
                return Err(TileSetError::Abbrev { tile: k, name: name() });
            }
            for side in [Side::Start, Side::Back] {
                let icons = tile.profile(side);
                for (index, icon) in icons.iter().enumerate() {
                    let twice = icons.iter().take(index).any(|other| other == icon);
                    let result = if twice { Err(IconError::Duplicate) } else { check_icon(icon) };
                    result.map_err(|error| TileSetError::Icon { tile: k, name: name(), side, index, error })?;
                }
            }
            let mut seen = Vec::new();
            for a in &tile.abilities {
                if seen.contains(a) {
                    return Err(TileSetError::DuplicateAbility { tile: k, name: name() });
                }
                seen.push(*a);
            }
        }
        Ok(())
    }
}

/// A custom tile set in a [`Config`](crate::Config): shared (a config is cloned with every
/// game) and written in JSON as the [`TileSetSpec`] itself, checked when it is read.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CustomTiles(pub Arc<TileSetSpec>);

impl CustomTiles {
    /// The custom set `spec` (a set read from data is checked already; one built in code is
    /// checked when a game is made with it).
    pub fn new(spec: TileSetSpec) -> CustomTiles {
        CustomTiles(Arc::new(spec))
    }

    /// The set.
    pub fn spec(&self) -> &TileSetSpec {
        &self.0
    }
}

impl Serialize for CustomTiles {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.as_ref().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for CustomTiles {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CustomTiles, D::Error> {
        TileSetSpec::deserialize(deserializer).map(CustomTiles::new)
    }
}
