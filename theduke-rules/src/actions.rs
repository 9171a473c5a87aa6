//! Actions: one per turn (rulebook "How to Play"), plus the set-up placements.
//!
//! The notation is in [`notation`](crate::notation).

use crate::board::Square;
use crate::terrain::Facing;
use crate::tiles::TileKind;

/// One action of the player to act. On the wire (serde) an action is its notation, e.g.
/// `"c2-c4"` or `"place d2"` (see [`notation`](crate::notation)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Action {
    /// Dynastic Dispute, before set-up: take every tile of this type into the bag (the
    /// opponent puts his own in the box).
    Pick(TileKind),
    /// Dark Rider's set-up: place the next tile of the player's army (a Pikeman, or the
    /// rider) on an empty square of his home edge.
    Deploy(Square),
    /// Set-up: place the Duke on a centre square of the home edge.
    SetDuke(Square),
    /// Set-up: place a Footman on a square sharing a side with the Duke.
    SetFootman(Square),
    /// Move the tile on `from` to `to` (Move, Jump, Slide or Jump Slide icon).
    Move {
        /// The tile's square.
        from: Square,
        /// Where it goes (an enemy there is captured).
        to: Square,
    },
    /// The tile on `from` captures the enemy on `target` without moving (Strike icon).
    Strike {
        /// The striking tile.
        from: Square,
        /// The enemy struck.
        target: Square,
    },
    /// The tile on `by` moves the friendly tile on `from` to `to` (Command icons).
    Command {
        /// The commanding tile (it flips).
        by: Square,
        /// The commanded tile (it does not flip).
        from: Square,
        /// Where the commanded tile goes.
        to: Square,
    },
    /// Draw a random tile from the bag; a [`Action::Place`] follows.
    Draw,
    /// Place the tile just drawn.
    Place(Square),
    /// Expanded play, Summon (rulebook "Enhanced Abilities", I): the Duke flips in place
    /// and the Summon tile on `from` comes to `to`, an empty square sharing a side with the
    /// Duke, keeping its side up.
    Summon {
        /// The tile with Summon.
        from: Square,
        /// Where it comes (sharing a side with the Duke).
        to: Square,
    },
    /// Expanded play, Divination (II): the tile on the square, showing its non-starting
    /// side, flips back and the player draws up to three tiles; [`Action::Keep`] and then
    /// [`Action::Return`] or [`Action::Destroy`] for each other tile follow, the lowest tile
    /// type first.
    Divine(Square),
    /// The divined tile of this type goes onto the square, starting side up.
    Keep {
        /// The tile type kept.
        kind: TileKind,
        /// Where it is placed (sharing a side with the Duke).
        to: Square,
    },
    /// A divined tile of this type goes back into the bag.
    Return(TileKind),
    /// A divined tile of this type is destroyed: put beside the board as though captured;
    /// with it every other divined tile of this type left (within a type the tiles sent back
    /// come first: RULES.md reading 32).
    Destroy(TileKind),
    /// Expanded play, Escape (III): pay `cost`, then the Escape tile on `from` goes to `to`,
    /// a starting square of the Duke, starting side up, capturing an enemy there (or, both
    /// starting squares holding friends, sacrificing the one on `to`).
    Escape {
        /// The tile with Escape.
        from: Square,
        /// The starting square it goes to.
        to: Square,
        /// A friendly tile sharing a side with it sacrificed, or (Ransom, IV) a captured
        /// Ransom tile given back.
        cost: EscapeCost,
    },
    /// Expanded play, Ransom (IV): trade `give`, an opponent's Ransom tile captured by the
    /// player (it goes back into the opponent's bag), for `take`, the player's own Escape
    /// tile the opponent captured, placed on the starting square `to` as though it escaped.
    Ransom {
        /// The opponent's captured Ransom tile given back.
        give: TileKind,
        /// The player's captured Escape tile taken back.
        take: TileKind,
        /// The starting square it goes to.
        to: Square,
    },
    /// Expanded play, "Dragon Tile": the tile on `from` slides (Slide or Jump Slide) onto
    /// the calm Dragon's square `to`, pushing it one square on; the Dragon turns enraged
    /// aimed at `aim` (north or south: at either player), or, with a tile where it lands
    /// (taken), stays calm and is re-oriented at random (`aim` is `None`).
    Enrage {
        /// The sliding tile.
        from: Square,
        /// The Dragon's square, where the tile ends.
        to: Square,
        /// Where the enraged Dragon is aimed (`None`: a tile is taken where it lands).
        aim: Option<Facing>,
    },
    /// Counting Coup and Trophy Hunters (rulebook "Flag Tiles", "Alternate Objectives"): a
    /// Flag goes from `from` to `to`. In set-up ([`Phase::SetupFlag`](crate::Phase::SetupFlag))
    /// `from == to` is where a Flag is placed; in a turn the Flag passes from the tile carrying
    /// it to a friendly tile sharing a side with it (the whole turn); after a point of Counting
    /// Coup ([`Phase::MoveFlag`](crate::Phase::MoveFlag)) its owner moves it beside one of his
    /// tiles, or leaves it (`from == to`).
    Flag {
        /// The Flag's square (its placement square in set-up).
        from: Square,
        /// Where it goes (the same square: placed there, or left there).
        to: Square,
    },
}

/// What an [`Action::Escape`] costs: a friendly tile sharing a side with the Escape tile,
/// sacrificed, or (Ransom's first instance) a captured Ransom tile given back to its owner.
/// One byte, so that an action stays four bytes. In notation `sacrifice d1` or `ransom 17`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EscapeCost(u8);

const RANSOM_BIT: u8 = 0x40;

impl EscapeCost {
    /// Sacrificing the tile on `square`.
    pub const fn sacrifice(square: Square) -> EscapeCost {
        EscapeCost(square.index() as u8)
    }

    /// Giving back a captured Ransom tile of type `kind` (types below 64).
    pub const fn ransom(kind: TileKind) -> EscapeCost {
        EscapeCost(RANSOM_BIT | (kind.0 & 0x3f))
    }

    /// The square of the tile sacrificed, if that is the cost.
    pub const fn sacrificed(self) -> Option<Square> {
        if self.0 & RANSOM_BIT == 0 { Square::new(self.0) } else { None }
    }

    /// The type of the Ransom tile given back, if that is the cost.
    pub const fn ransomed(self) -> Option<TileKind> {
        if self.0 & RANSOM_BIT != 0 { Some(TileKind(self.0 & 0x3f)) } else { None }
    }
}

duke_core::serde_as_notation!(EscapeCost);

duke_core::serde_as_notation!(Action);
