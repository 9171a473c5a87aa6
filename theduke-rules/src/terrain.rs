//! The terrain tiles on the board as data (rulebook "Terrain Tiles", "Dragon Tile", "Flag
//! Tiles"): which stand where, and where the Dragon faces. Public position data that the
//! actions, events, setups and views name; the rules of the terrain tiles are played in
//! `expanded/` (`expanded/terrain.rs`, `expanded/dragon.rs`, `expanded/flags.rs`).

use serde::{Deserialize, Serialize};

use crate::board::Square;

/// Where the Dragon faces on the board (rulebook "Dragon Tile": placed facing right or left,
/// "the orientation of the tile should not match either player").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Facing {
    /// Toward the sixth row (the second player's home edge in the notation).
    North,
    /// Toward file f.
    East,
    /// Toward the first row.
    South,
    /// Toward file a.
    West,
}

impl Facing {
    pub(crate) const ALL: [Facing; 4] = [Facing::North, Facing::East, Facing::South, Facing::West];

    pub(crate) fn index(self) -> u8 {
        match self {
            Facing::North => 0,
            Facing::East => 1,
            Facing::South => 2,
            Facing::West => 3,
        }
    }

    pub(crate) fn of_index(i: u8) -> Facing {
        Facing::ALL.get(usize::from(i & 3)).copied().unwrap_or(Facing::East)
    }

    /// The facing a quarter turn to the right (`quarters` 1), to the left (3) or reversed (2).
    pub fn turned(self, quarters: u8) -> Facing {
        Facing::of_index(self.index().wrapping_add(quarters))
    }

    /// The board step (file, rank) of one square ahead.
    pub(crate) fn ahead(self) -> (i8, i8) {
        match self {
            Facing::North => (0, 1),
            Facing::East => (1, 0),
            Facing::South => (0, -1),
            Facing::West => (-1, 0),
        }
    }

    /// The square `(dx, dy)` of the Dragon's own frame from `sq` (off the board: `None`).
    pub(crate) fn step(self, sq: Square, (dx, dy): (i8, i8)) -> Option<Square> {
        let (fx, fy) = self.ahead();
        // Its right hand is the facing turned a quarter clockwise.
        let (rx, ry) = (fy, -fx);
        sq.offset(dx * rx + dy * fx, dx * ry + dy * fy)
    }
}

/// The Dragon on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dragon {
    /// Its square (it may share it with the Mountain or the Fort, never with a tile).
    pub square: Square,
    /// Where it faces.
    pub facing: Facing,
    /// Whether its enraged (non-starting) side is up.
    pub enraged: bool,
    /// Whether its last calm move left it at an edge (any edge square, or the edge it faces
    /// with [`DragonEdge::FacedEdge`](crate::DragonEdge)), so that its next in-between
    /// turn only reverses it (rulebook: "it will not move to capture a new tile on the
    /// turn it re-orients").
    #[serde(default)]
    pub turning: bool,
}

/// Bits of the Dragon's packed byte (bits 0-1: its facing; `expanded/dragon.rs` keeps two
/// engine marks in bits 6-7).
const ENRAGED: u8 = 4;
const TURNING: u8 = 8;
impl Dragon {
    /// The packed form a state keeps: its square plus one and the flags.
    pub(crate) fn packed(this: Option<Dragon>) -> [u8; 2] {
        match this {
            None => [0, 0],
            Some(d) => {
                let flags =
                    d.facing.index() | if d.enraged { ENRAGED } else { 0 } | if d.turning { TURNING } else { 0 };
                [d.square.index() as u8 + 1, flags]
            }
        }
    }

    pub(crate) fn unpacked([square, flags]: [u8; 2]) -> Option<Dragon> {
        let square = square.checked_sub(1).and_then(Square::new)?;
        Some(Dragon {
            square,
            facing: Facing::of_index(flags),
            enraged: flags & ENRAGED != 0,
            turning: flags & TURNING != 0,
        })
    }
}

/// A terrain tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TerrainKind {
    /// The Mountain (rulebook "Mountain Tile").
    Mountain,
    /// The Fort (rulebook "Fort Tile").
    Fort,
    /// The Dragon (rulebook "Dragon Tile").
    Dragon,
    /// A Flag (rulebook "Flag Tiles").
    Flag,
}

/// Where the terrain tiles stand (public: they are on the board for all to see).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Terrain {
    /// The Mountain's square, if the game has one on the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mountain: Option<Square>,
    /// The Fort's square, if the game has one on the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fort: Option<Square>,
    /// The Dragon, if the game has it on the board (`dragon.rs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dragon: Option<Dragon>,
    /// Counting Coup, Trophy Hunters: the squares of seat 0's and seat 1's Flags, once
    /// placed (`flags.rs`). A Flag under a tile is carried by it.
    #[serde(skip_serializing_if = "no_flags")]
    pub flags: [Option<Square>; 2],
}

fn no_flags(flags: &[Option<Square>; 2]) -> bool {
    flags.iter().all(Option::is_none)
}

impl Terrain {
    /// Whether no terrain tile is on the board.
    pub fn is_empty(&self) -> bool {
        self.mountain.is_none() && self.fort.is_none() && self.dragon.is_none() && no_flags(&self.flags)
    }

    /// The terrain tiles with their squares, Mountain first, the Dragon last.
    pub fn tiles(&self) -> impl Iterator<Item = (TerrainKind, Square)> {
        let mountain = self.mountain.map(|s| (TerrainKind::Mountain, s));
        let fort = self.fort.map(|s| (TerrainKind::Fort, s));
        let dragon = self.dragon.map(|d| (TerrainKind::Dragon, d.square));
        mountain.into_iter().chain(fort).chain(dragon)
    }

    /// The packed form a state keeps: each square plus one, 0 for none, then the Dragon's
    /// flags.
    pub(crate) fn packed(&self) -> [u8; 4] {
        let pack = |s: Option<Square>| s.map_or(0, |s| s.index() as u8 + 1);
        let [square, flags] = Dragon::packed(self.dragon);
        [pack(self.mountain), pack(self.fort), square, flags]
    }

    pub(crate) fn unpacked(packed: [u8; 4]) -> Terrain {
        let unpack = |n: u8| n.checked_sub(1).and_then(Square::new);
        let [mountain, fort, square, flags] = packed;
        Terrain {
            mountain: unpack(mountain),
            fort: unpack(fort),
            dragon: Dragon::unpacked([square, flags]),
            flags: [None, None],
        }
    }
}
