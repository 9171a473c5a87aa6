//! Troop tiles as data: each side of a tile is a profile of `(icon kind, offset)` entries
//! (rulebook "Movement Icons", p. 3-5; the profiles are those of the rulebook's tile
//! reference pages, drawn from this data in the crate's `TILE_REFERENCE.md`).
//!
//! Offsets are from the point of view of the tile's owner: `+dy` is forward (toward the
//! opponent's home edge) and `+dx` is the owner's right. The second player's tiles face
//! him, so on the board their offsets are turned 180 degrees (rulebook "Orientation").

use serde::{Deserialize, Serialize};

use crate::tables::Tables;

/// The kind of a movement icon (rulebook "Movement Icons").
///
/// No tile of the base box carries Dread or Defense; they play in an
/// [`Expanded`](crate::Expanded) tile set (a compile-time [`TileSet`] refuses them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum IconKind {
    /// Move to the square if the straight path to it is clear.
    Move,
    /// Jump to the square over anything in between.
    Jump,
    /// Slide any distance in the icon's direction while the path is clear; the icon sits on
    /// the adjacent square, so its offset is the unit direction.
    Slide,
    /// Like Slide, but the first square in the direction is ignored; the icon sits two
    /// squares out, so its offset is twice the unit direction.
    JumpSlide,
    /// Capture an enemy on the square without moving.
    Strike,
    /// Move one of your own tiles from one Command square to another.
    Command,
    /// Freeze any tile on the square (rulebook "Dread"): it cannot move, be captured, be
    /// commanded or use an ability while the icon covers it. The tile acting as the Duke and
    /// tiles showing a Dread icon are immune.
    Dread,
    /// Mark a square the tile is defended from (rulebook "Defense"): nothing captures it
    /// by a straight path through the square (Move, Slide, Jump Slide; Jump and Strike on a
    /// straight line), nor from the square itself. Command ignores it.
    Defense,
}

/// An enhanced ability (rulebook "Enhanced Abilities"), by its Roman numeral.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Ability {
    /// I: in place of a move or a draw, flip the Duke and bring this tile to an empty
    /// square sharing a side with it, keeping its side up; never a capture.
    Summon,
    /// II: while this tile shows its non-starting side, flip it back, draw three tiles,
    /// place one and send each other back to the bag or destroy it.
    Divination,
    /// III: sacrifice a tile sharing a side with this one and send this one to a starting
    /// square of the Duke, starting side up, capturing an enemy there.
    Escape,
    /// IV: the opponent who captured this tile may ransom it back, in place of an
    /// Escape's sacrifice or in trade for his own captured Escape tile.
    Ransom,
}

impl Ability {
    /// Every ability, in the rulebook's order.
    pub const ALL: [Ability; 4] = [Ability::Summon, Ability::Divination, Ability::Escape, Ability::Ransom];

    const fn bit(self) -> u8 {
        match self {
            Ability::Summon => 1,
            Ability::Divination => 2,
            Ability::Escape => 4,
            Ability::Ransom => 8,
        }
    }

    /// The rulebook's name ("Summon").
    pub const fn name(self) -> &'static str {
        match self {
            Ability::Summon => "Summon",
            Ability::Divination => "Divination",
            Ability::Escape => "Escape",
            Ability::Ransom => "Ransom",
        }
    }

    /// The Roman numeral printed on the tile ("I" for Summon).
    pub const fn numeral(self) -> &'static str {
        match self {
            Ability::Summon => "I",
            Ability::Divination => "II",
            Ability::Escape => "III",
            Ability::Ransom => "IV",
        }
    }
}

/// The enhanced abilities of a tile type: a small set of [`Ability`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Abilities(u8);

impl Abilities {
    /// No ability (every tile of the base box but the Duchess and the Oracle).
    pub const NONE: Abilities = Abilities(0);

    /// The set of the given abilities.
    pub fn of(abilities: &[Ability]) -> Abilities {
        Abilities(abilities.iter().fold(0, |acc, a| acc | a.bit()))
    }

    /// Whether `ability` is in the set.
    pub const fn has(self, ability: Ability) -> bool {
        self.0 & ability.bit() != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The abilities of the set, in the rulebook's order.
    pub fn iter(self) -> impl Iterator<Item = Ability> {
        Ability::ALL.into_iter().filter(move |&a| self.has(a))
    }
}

/// One icon of a profile: its kind and the square it marks, relative to the tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Icon {
    /// What the icon lets the tile do.
    pub kind: IconKind,
    /// Columns to the owner's right.
    pub dx: i8,
    /// Rows forward, toward the opponent.
    pub dy: i8,
}

impl Icon {
    /// An icon of `kind` on `(dx, dy)`.
    pub const fn new(kind: IconKind, dx: i8, dy: i8) -> Icon {
        Icon { kind, dx, dy }
    }
}

/// The two sides of a troop tile (rulebook "Starting Side").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The starting side: every tile enters play with it up.
    Start,
    /// The non-starting side.
    Back,
}

impl Side {
    /// The other side: where a tile ends after it acts.
    pub const fn flipped(self) -> Side {
        match self {
            Side::Start => Side::Back,
            Side::Back => Side::Start,
        }
    }
}

/// A troop tile type: its name, a two-letter abbreviation for the board display, how
/// many each player owns, and the profile of each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileDef {
    /// Full name, as printed.
    pub name: &'static str,
    /// Two ASCII letters, first upper-case, unique in the set.
    pub abbrev: &'static str,
    /// How many tiles of this type each player owns.
    pub count: u8,
    /// The starting side.
    pub start: &'static [Icon],
    /// The non-starting side.
    pub back: &'static [Icon],
}

impl TileDef {
    /// The profile of one side.
    pub const fn profile(&self, side: Side) -> &'static [Icon] {
        match side {
            Side::Start => self.start,
            Side::Back => self.back,
        }
    }
}

/// A tile type, as an index into the tile set ([`TileSet::TILES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TileKind(pub u8);

impl TileKind {
    /// The Duke: index 0 of every tile set.
    pub const DUKE: TileKind = TileKind(0);
    /// The Footman: index 1 of every tile set, the two set-up companions of the Duke.
    pub const FOOTMAN: TileKind = TileKind(1);

    /// The index into the tile set.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// Most tile types a set may hold (bag counts are packed in 4-bit fields of a `u64`).
pub const MAX_KINDS: usize = 16;

/// A complete set of tile types, given as data. The standard game uses [`Standard`];
/// custom tiles (rulebook "Customization Tiles", p. 17) are another implementation with
/// its own `TILES`, e.g. the standard list with one profile changed.
///
/// Rules for the data, checked when the tables are built (at compile time for a
/// `TileSet`; [`Tables::try_build`] checks data at run time with a typed error): at most
/// [`MAX_KINDS`] types; index 0 is the Duke (count 1) and index 1 the Footman (count at
/// least 2), as set-up needs them; counts at most 15; abbreviations two ASCII letters, the
/// first upper-case, unique whatever the case; Move icons lie on a straight
/// orthogonal or diagonal line; Slide offsets are unit steps and Jump Slide offsets twice
/// a unit step; every offset within 5 squares; no Dread or Defense icon (Expanded play:
/// tiles with them, and tiles with enhanced abilities, play in an
/// [`Expanded`](crate::Expanded) set, loaded at run time).
///
/// ```
/// use duke_core::{Game, Seat};
/// use theduke_rules::{Config, Duke, Icon, IconKind, STANDARD_TILES, TileDef, TileSet};
///
/// /// The standard tiles, but the Footman's starting side jumps two squares forward.
/// #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
/// struct Leapers;
///
/// const LEAPERS: [TileDef; 15] = {
///     let mut tiles = STANDARD_TILES;
///     tiles[1] = TileDef {
///         name: "Leaper",
///         abbrev: "Le",
///         count: 3,
///         start: &[Icon::new(IconKind::Jump, 0, 2)],
///         back: STANDARD_TILES[1].back,
///     };
///     tiles
/// };
///
/// impl TileSet for Leapers {
///     const TILES: &'static [TileDef] = &LEAPERS;
/// }
///
/// let game = Duke::<Leapers>::new(&Config::default(), 7).unwrap();
/// assert_eq!(game.tiles()[1].name, "Leaper");
/// ```
pub trait TileSet: Copy + Clone + core::fmt::Debug + Default + PartialEq + Eq + Send + Sync + 'static {
    /// The tile types, indexed by [`TileKind`].
    const TILES: &'static [TileDef];
    /// The precomputed target tables for these tiles.
    const TABLES: &'static Tables = &Tables::build(Self::TILES);
}

/// The standard tiles of the base box ([`STANDARD_TILES`]; the enhanced tiles Duchess and
/// Oracle are Expanded play and not included).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Standard;

impl TileSet for Standard {
    const TILES: &'static [TileDef] = &STANDARD_TILES;
}

use IconKind::{Command as C, Jump as J, JumpSlide as T, Move as M, Slide as SL, Strike as X};

const fn i(kind: IconKind, dx: i8, dy: i8) -> Icon {
    Icon::new(kind, dx, dy)
}

/// The fifteen standard troop tiles: both sides of each as printed (rulebook "Contents" and
/// the tile reference pages; the Ranger, absent from those pages, as printed on the tile,
/// see RULES.md reading 18). The crate's `TILE_REFERENCE.md` draws them, generated from this table.
pub const STANDARD_TILES: [TileDef; 15] = [
    TileDef {
        name: "Duke",
        abbrev: "Du",
        count: 1,
        start: &[i(SL, -1, 0), i(SL, 1, 0)],
        back: &[i(SL, 0, 1), i(SL, 0, -1)],
    },
    TileDef {
        name: "Footman",
        abbrev: "Ft",
        count: 3,
        start: &[i(M, 0, 1), i(M, 0, -1), i(M, -1, 0), i(M, 1, 0)],
        back: &[i(M, 0, 2), i(M, -1, 1), i(M, 1, 1), i(M, -1, -1), i(M, 1, -1)],
    },
    TileDef {
        name: "Pikeman",
        abbrev: "Pk",
        count: 3,
        start: &[i(M, -1, 1), i(M, 1, 1), i(M, -2, 2), i(M, 2, 2)],
        back: &[i(M, 0, 1), i(M, 0, -1), i(M, 0, -2), i(X, -1, 2), i(X, 1, 2)],
    },
    TileDef {
        name: "Knight",
        abbrev: "Kn",
        count: 1,
        start: &[i(M, -1, 0), i(M, 1, 0), i(M, 0, -1), i(M, 0, -2), i(J, -1, 2), i(J, 1, 2)],
        back: &[i(SL, 0, 1), i(M, -1, -1), i(M, 1, -1), i(M, -2, -2), i(M, 2, -2)],
    },
    TileDef {
        name: "Wizard",
        abbrev: "Wz",
        count: 1,
        start: &[i(M, 0, 1), i(M, 0, -1), i(M, -1, 0), i(M, 1, 0), i(M, -1, 1), i(M, 1, 1), i(M, -1, -1), i(M, 1, -1)],
        back: &[i(J, 0, 2), i(J, 0, -2), i(J, -2, 0), i(J, 2, 0), i(J, -2, 2), i(J, 2, 2), i(J, -2, -2), i(J, 2, -2)],
    },
    TileDef {
        name: "Ranger",
        abbrev: "Rg",
        count: 1,
        start: &[i(SL, 0, 1), i(SL, 0, -1), i(J, -1, 2), i(J, 1, 2), i(J, -2, 1), i(J, 2, 1)],
        back: &[i(SL, -1, 1), i(SL, 1, 1), i(J, -1, -2), i(J, 1, -2)],
    },
    TileDef {
        name: "Seer",
        abbrev: "Se",
        count: 1,
        start: &[i(M, -1, 1), i(M, 1, 1), i(M, -1, -1), i(M, 1, -1), i(J, 0, 2), i(J, 0, -2), i(J, -2, 0), i(J, 2, 0)],
        back: &[i(M, 0, 1), i(M, 0, -1), i(M, -1, 0), i(M, 1, 0), i(J, -2, 2), i(J, 2, 2), i(J, -2, -2), i(J, 2, -2)],
    },
    TileDef {
        name: "General",
        abbrev: "Gn",
        count: 1,
        start: &[i(M, 0, 1), i(M, 0, -1), i(M, -2, 0), i(M, 2, 0), i(J, -1, 2), i(J, 1, 2)],
        back: &[
            i(M, 0, 1),
            i(M, -1, 0),
            i(M, 1, 0),
            i(M, -2, 0),
            i(M, 2, 0),
            i(J, -1, 2),
            i(J, 1, 2),
            i(C, -1, 0),
            i(C, 1, 0),
            i(C, -1, -1),
            i(C, 0, -1),
            i(C, 1, -1),
        ],
    },
    TileDef {
        name: "Priest",
        abbrev: "Pr",
        count: 1,
        start: &[i(SL, -1, 1), i(SL, 1, 1), i(SL, -1, -1), i(SL, 1, -1)],
        back: &[i(M, -1, 1), i(M, 1, 1), i(M, -1, -1), i(M, 1, -1), i(J, -2, 2), i(J, 2, 2), i(J, -2, -2), i(J, 2, -2)],
    },
    TileDef {
        name: "Champion",
        abbrev: "Ch",
        count: 1,
        start: &[i(M, 0, 1), i(M, 0, -1), i(M, -1, 0), i(M, 1, 0), i(J, 0, 2), i(J, 0, -2), i(J, -2, 0), i(J, 2, 0)],
        back: &[i(X, 0, 1), i(X, 0, -1), i(X, -1, 0), i(X, 1, 0), i(J, 0, 2), i(J, 0, -2), i(J, -2, 0), i(J, 2, 0)],
    },
    TileDef {
        name: "Marshall",
        abbrev: "Ms",
        count: 1,
        start: &[i(SL, -1, 0), i(SL, 1, 0), i(J, -2, 2), i(J, 2, 2), i(J, 0, -2)],
        back: &[
            i(M, -1, 1),
            i(M, 0, 1),
            i(M, 1, 1),
            i(M, -1, 0),
            i(M, 1, 0),
            i(M, -2, 0),
            i(M, 2, 0),
            i(M, -1, -1),
            i(M, 1, -1),
            i(C, -1, 1),
            i(C, 0, 1),
            i(C, 1, 1),
        ],
    },
    TileDef {
        name: "Bowman",
        abbrev: "Bw",
        count: 1,
        start: &[i(M, 0, 1), i(M, -1, 0), i(M, 1, 0), i(J, -2, 0), i(J, 2, 0), i(J, 0, -2)],
        back: &[i(M, 0, 1), i(M, -1, -1), i(M, 1, -1), i(X, 0, 2), i(X, -1, 1), i(X, 1, 1)],
    },
    TileDef {
        name: "Dragoon",
        abbrev: "Dg",
        count: 1,
        start: &[i(M, -1, 0), i(M, 1, 0), i(X, -2, 2), i(X, 0, 2), i(X, 2, 2)],
        back: &[i(M, 0, 1), i(M, 0, 2), i(J, -1, 2), i(J, 1, 2), i(SL, -1, -1), i(SL, 1, -1)],
    },
    TileDef {
        name: "Assassin",
        abbrev: "As",
        count: 1,
        start: &[i(T, 0, 2), i(T, -2, -2), i(T, 2, -2)],
        back: &[i(T, -2, 2), i(T, 2, 2), i(T, 0, -2)],
    },
    TileDef {
        name: "Longbowman",
        abbrev: "Lb",
        count: 1,
        start: &[i(M, 0, 1), i(M, 0, -1), i(M, -1, 0), i(M, 1, 0)],
        back: &[i(X, 0, 2), i(X, 0, 3), i(M, -1, -1), i(M, 1, -1)],
    },
];
