//! The game state: a small heap-free `Copy` value (board, bags, captured tiles, phase,
//! generator), and its invariants.

use duke_core::{GameRng, Seat};
use serde::{Deserialize, Serialize};

use crate::board::{SQUARES, Square};
use crate::source::{ExtraState, Packed, TileRef, TileSource};
use crate::tiles::{Side, Standard, TileKind, TileSet};

/// One tile on the board: its type, the side showing, and its owner (rulebook
/// "Orientation": a tile always faces its owner).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// The tile type.
    pub kind: TileKind,
    /// The side showing.
    pub side: Side,
    /// The seat that controls it (0 or 1).
    pub owner: Seat,
}

const OCCUPIED: u8 = 0x80;
const OWNER_BIT: u8 = 0x40;
const BACK_BIT: u8 = 0x20;
const KIND_MASK: u8 = 0x1f;

impl Piece {
    /// A tile of `kind` owned by `owner`, starting side up (as every tile enters play).
    pub const fn new(kind: TileKind, owner: Seat) -> Piece {
        Piece { kind, side: Side::Start, owner }
    }

    pub(crate) const fn code(self) -> u8 {
        let side = match self.side {
            Side::Start => 0,
            Side::Back => BACK_BIT,
        };
        let owner = if self.owner.0 == 0 { 0 } else { OWNER_BIT };
        OCCUPIED | owner | side | (self.kind.0 & KIND_MASK)
    }

    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        if code & OCCUPIED == 0 {
            return None;
        }
        let side = if code & BACK_BIT == 0 { Side::Start } else { Side::Back };
        let owner = Seat(if code & OWNER_BIT == 0 { 0 } else { 1 });
        Some(Piece { kind: TileKind(code & KIND_MASK), side, owner })
    }
}

#[inline]
pub(crate) const fn code_kind(code: u8) -> usize {
    (code & KIND_MASK) as usize
}
#[inline]
pub(crate) const fn code_side(code: u8) -> usize {
    if code & BACK_BIT == 0 { 0 } else { 1 }
}
#[inline]
pub(crate) const fn code_owner(code: u8) -> usize {
    if code & OWNER_BIT == 0 { 0 } else { 1 }
}
/// The same tile turned to its starting side.
#[inline]
pub(crate) const fn start_code(code: u8) -> u8 {
    code & !BACK_BIT
}
#[inline]
pub(crate) const fn flip_code(code: u8) -> u8 {
    code ^ BACK_BIT
}

/// Where the game is: set-up steps, a turn, placing a drawn tile, or over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Phase {
    /// Dynastic Dispute (rulebook "Alternate Objectives"): before set-up, the player to act
    /// picks a tile type for his bag ([`Action::Pick`](crate::Action::Pick)).
    Draft,
    /// The player to act places his Duke (rulebook "Set-up").
    SetupDuke,
    /// Dark Rider (rulebook "Alternate Objectives"): the player to act places the next tile
    /// of his army on his home edge ([`Action::Deploy`](crate::Action::Deploy)).
    Deploy,
    /// The player to act places his Footmen next to the Duke; `remaining` is 2 or 1.
    SetupFootman {
        /// Footmen still to place.
        remaining: u8,
    },
    /// A normal turn: move a tile or draw from the bag.
    Play,
    /// The player drew `drawn` from his bag and must now place it.
    Place {
        /// The tile drawn.
        drawn: TileKind,
    },
    /// Expanded play, Divination: the player drew `drawn` tiles (1 to 3, hidden from the
    /// opponent) and must now keep one ([`Action::Keep`](crate::Action::Keep)).
    Divine {
        /// How many tiles the Divination drew.
        drawn: u8,
    },
    /// Expanded play, Divination: `left` divined tiles still to send back to the bag or
    /// destroy ([`Action::Return`](crate::Action::Return),
    /// [`Action::Destroy`](crate::Action::Destroy)).
    Dismiss {
        /// Tiles left in the diviner's hand.
        left: u8,
    },
    /// Counting Coup and Trophy Hunters (rulebook "Alternate Objectives"): once set-up is
    /// complete, the player to act places a Flag ([`Action::Flag`](crate::Action::Flag)),
    /// the player who set up last first.
    SetupFlag,
    /// Counting Coup: the opponent scored a point by the player's Flag; before his turn the
    /// player to act may move his Flag beside one of his tiles, or leave it
    /// ([`Action::Flag`](crate::Action::Flag)); by default before the Dragon's in-between
    /// turn, which that action then plays ([`CoupFlagMove`](crate::CoupFlagMove)).
    MoveFlag,
    /// The game is over.
    Over(Ending),
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ending {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why it ended.
    pub reason: EndReason,
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum EndReason {
    /// A Duke was captured (rulebook "Winning the Game").
    DukeCaptured,
    /// The player to act had no legal action ("a player can never pass"; see RULES.md).
    NoLegalAction,
    /// The configured turn limit was reached: a draw.
    TurnLimit,
    /// Counting Coup: the winner scored three points (rulebook "Alternate Objectives").
    CoupCounted,
    /// Trophy Hunters: the winner brought the opponent's Flag to his own home edge.
    TrophyTaken,
    /// Counting Coup, Trophy Hunters: the loser has no tile left on the board ("If a
    /// player has all of his pieces captured, he automatically loses"); with no winner,
    /// neither has.
    NoTilesLeft,
    /// Dark Rider's objective decided the game (rulebook "Alternate Objectives").
    DarkRider(crate::objective::DarkRiderEnd),
    /// The Dragon took a Duke (RULES.md, reading 47: its owner loses by default, or the
    /// game is drawn; taking both Dukes at once is a draw).
    DragonTookDuke,
}

/// A game of The Duke with the tile set `S` ([`Standard`] for the base game).
///
/// Serialised (serde) as its [`Setup`](crate::Setup): the documented position, checked by
/// [`Duke::from_setup`] when read back.
///
/// A small `Copy` value (see `size_of` in the README): the board as 36 one-byte cells
/// plus two 36-bit occupancy masks, bag and captured counts packed 4 bits per tile type,
/// and the game generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(bound = "S: TileSource", try_from = "crate::position::Setup", into = "crate::position::Setup")]
pub struct Duke<S: TileSource = Standard> {
    pub(crate) board: [u8; SQUARES],
    pub(crate) occ: [u64; 2],
    pub(crate) bag: [S::Bag; 2],
    /// Per seat, its tiles captured by the opponent.
    pub(crate) lost: [S::Bag; 2],
    pub(crate) rng: GameRng,
    pub(crate) turns: u32,
    pub(crate) limit: u32,
    pub(crate) duke: [u8; 2],
    pub(crate) phase: Phase,
    pub(crate) to_move: u8,
    pub(crate) first: u8,
    /// The config's first player: 0 drawn at random, else the seat plus one (one byte, as
    /// the enum it replaced, so that the state's layout stays as it was).
    pub(crate) first_choice: u8,
    /// Cached Duke-danger data of the player to act (see `movegen::GUARD_VALID`): derived
    /// from the rest of the state, refreshed at every turn change and recomputed on load.
    pub(crate) guard: u64,
    /// What only Expanded play keeps (`()` for a compile-time tile set).
    pub(crate) extra: S::Extra,
    /// The tiles (zero-sized for a compile-time tile set).
    pub(crate) set: S,
}

/// The standard game.
pub type TheDuke = Duke<Standard>;

/// No Duke on the board for that seat.
pub(crate) const NO_SQUARE: u8 = SQUARES as u8;

impl<S: TileSource> Duke<S> {
    /// The tile on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq.index()).and_then(|&c| Piece::from_code(c))
    }

    #[inline]
    pub(crate) fn code_at(&self, sq: Square) -> u8 {
        self.board.get(sq.index()).copied().unwrap_or(0)
    }

    #[inline]
    pub(crate) fn set_code(&mut self, sq: Square, code: u8) {
        if let Some(c) = self.board.get_mut(sq.index()) {
            *c = code;
        }
    }

    /// The occupancy mask of `seat`'s tiles (bit `i` = square `i`).
    pub fn occupancy(&self, seat: Seat) -> u64 {
        self.occ.get(seat.index()).copied().unwrap_or(0)
    }

    /// The square of `seat`'s Duke, if on the board.
    pub fn duke_square(&self, seat: Seat) -> Option<Square> {
        self.duke.get(seat.index()).and_then(|&s| Square::new(s))
    }

    /// How many tiles of `kind` are in `seat`'s bag (public: rulebook bags hold known tiles).
    pub fn bag_count(&self, seat: Seat, kind: TileKind) -> u8 {
        self.bag.get(seat.index()).map_or(0, |b| b.count(kind.index()))
    }

    /// How many of `seat`'s tiles of `kind` have been captured.
    pub fn captured_count(&self, seat: Seat, kind: TileKind) -> u8 {
        self.lost.get(seat.index()).map_or(0, |l| l.count(kind.index()))
    }

    /// How many of `seat`'s tiles of `kind` were sacrificed (Escape) or destroyed
    /// (Divination): beside the board, not captured by the opponent (Expanded play).
    pub fn removed_count(&self, seat: Seat, kind: TileKind) -> u8 {
        if seat.0 > 1 {
            return 0;
        }
        u128::count(self.extra.removed(seat.index()), kind.index())
    }

    /// The tiles a Divination drew, by type, while its player chooses (Expanded play; the
    /// opponent's view does not show them).
    pub fn divined(&self) -> Vec<TileKind> {
        crate::source::hand_kinds(self.extra.hand()).collect()
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is (meaningless once the game is over).
    pub fn side_to_move(&self) -> Seat {
        Seat(self.to_move)
    }

    /// The seat that set up first, and so moved first (in Dynastic Dispute: picked first and
    /// set up first; the other seat moved first).
    pub fn first_player(&self) -> Seat {
        Seat(self.first)
    }

    /// Completed turns since set-up ended.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Tile type `kind` of this game's set.
    pub fn tile(&self, kind: TileKind) -> Option<TileRef<'_>> {
        self.set.tile(kind.index())
    }

    /// How many tile types this game's set has.
    pub fn tile_kinds(&self) -> usize {
        self.set.kinds()
    }

    /// The tiles of this game.
    pub fn tile_source(&self) -> &S {
        &self.set
    }
}

impl<S: TileSet> Duke<S> {
    /// The tile types of this game's set.
    pub fn tiles(&self) -> &'static [crate::tiles::TileDef] {
        S::TILES
    }
}
