//! Undo records: the position as it was, less what no action changes.

use duke_core::{CardSet, GameRng, Seat};

use crate::state::{Phase, Player, Position, TurnFlags};

/// Declares [`Undo`] with the fields of [`Position`] it keeps, each named once for the record,
/// [`Undo::save`] and [`Undo::restore`].
macro_rules! undo_record {
    ($($field:ident: $ty:ty,)*) => {
        /// What [`Game::undo`](duke_core::Game::undo) needs: the previous position without its
        /// options (no action changes them), a few hundred bytes and no allocation.
        ///
        /// Leaving the options out keeps the record within 256 bytes, the size up to which a copy
        /// takes the short path of the usual `memcpy` routines; search code copies a record two or
        /// three times per `apply` + `undo`.
        #[derive(Clone, Copy, Debug)]
        pub struct Undo {
            $($field: $ty,)*
        }

        impl Undo {
            /// The record of `pos` as it is now.
            #[inline]
            pub(crate) fn save(pos: &Position) -> Undo {
                // Destructured so that a new field of `Position` cannot be forgotten here.
                let Position { config: _, $($field,)* } = *pos;
                Undo { $($field,)* }
            }

            /// Puts `pos` back as it was when the record was saved.
            #[inline]
            pub(crate) fn restore(self, pos: &mut Position) {
                let Undo { $($field,)* } = self;
                *pos = Position { config: pos.config, $($field,)* };
            }
        }
    };
}

undo_record! {
    rng: GameRng,
    players: [Player; 2],
    table: CardSet,
    phase: Phase,
    current: Seat,
    round_first: Seat,
    round: u8,
    turns: u32,
    chosen: [bool; 2],
    turn: TurnFlags,
    points: [u32; 2],
    wins: [u8; 2],
    last_round: Option<[u32; 2]>,
}
