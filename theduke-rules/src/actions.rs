//! Actions: one per turn (rulebook "How to Play"), plus the set-up placements.
//!
//! The notation is in [`notation`](crate::notation).

use crate::board::Square;
use crate::tiles::TileKind;

/// One action of the player to act. On the wire (serde) an action is its notation, e.g.
/// `"c2-c4"` or `"place d2"` (see [`notation`](crate::notation)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
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
    /// [`Action::Return`] or [`Action::Destroy`] for each other tile follow.
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
    /// A divined tile of this type is destroyed: put beside the board as though captured.
    Destroy(TileKind),
}

duke_core::serde_as_notation!(Action);
