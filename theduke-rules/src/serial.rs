//! Serialised form of the state; deserialising validates, so a tampered state is an error.

use duke_core::{GameRng, InvalidState};
use serde::{Deserialize, Serialize};

use crate::board::SQUARES;
use crate::config::FirstPlayer;
use crate::state::{Duke, Phase};
use crate::tiles::{SetMarker, TileSet};

/// The plain data of a state, before validation.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RawState {
    board: Vec<u8>,
    occ: [u64; 2],
    bag: [u64; 2],
    lost: [u64; 2],
    rng: GameRng,
    turns: u32,
    limit: u32,
    duke: [u8; 2],
    phase: Phase,
    to_move: u8,
    first: u8,
    first_choice: FirstPlayer,
}

impl<S: TileSet> From<Duke<S>> for RawState {
    fn from(d: Duke<S>) -> RawState {
        RawState {
            board: d.board.to_vec(),
            occ: d.occ,
            bag: d.bag,
            lost: d.lost,
            rng: d.rng,
            turns: d.turns,
            limit: d.limit,
            duke: d.duke,
            phase: d.phase,
            to_move: d.to_move,
            first: d.first,
            first_choice: d.first_choice,
        }
    }
}

impl<S: TileSet> TryFrom<RawState> for Duke<S> {
    type Error = InvalidState;
    fn try_from(r: RawState) -> Result<Duke<S>, InvalidState> {
        let board: [u8; SQUARES] = r.board.try_into().map_err(|_| InvalidState::new("the board has 36 squares"))?;
        let state = Duke {
            board,
            occ: r.occ,
            bag: r.bag,
            lost: r.lost,
            rng: r.rng,
            turns: r.turns,
            limit: r.limit,
            duke: r.duke,
            phase: r.phase,
            to_move: r.to_move,
            first: r.first,
            first_choice: r.first_choice,
            guard: 0,
            set: SetMarker::<S>::default(),
        };
        let mut state = state;
        state.guard = state.compute_guard();
        state.check()?;
        Ok(state)
    }
}
