//! Unvalidated positions: a description of a mid-game board that becomes a validated
//! state with [`Duke::from_position`] (for puzzles, tests and analysis).

use duke_core::{GameRng, InvalidState, Seat};
use serde::{Deserialize, Serialize};

use crate::board::{SQUARES, Square};
use crate::config::Config;
use crate::state::{Duke, EndReason, Ending, NO_SQUARE, Phase, Piece, nibble};
use crate::tiles::{SetMarker, TileKind, TileSet};

/// A position to play from: the tiles on the board, each seat's bag, and who is to act.
/// Every tile of a seat that is neither on the board nor in its bag counts as captured.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The tiles on the board.
    pub pieces: Vec<(Square, Piece)>,
    /// Tiles in each seat's bag, per tile type (index = [`TileKind`]).
    pub bags: [[u8; 16]; 2],
    /// The seat to act.
    pub to_move: Seat,
    /// Turns already played (counts toward a turn limit).
    pub turns: u32,
}

impl Position {
    /// A position with these tiles where every other tile of each seat is still in its
    /// bag (nothing captured), given the tile set's counts.
    pub fn with_full_bags<S: TileSet>(pieces: Vec<(Square, Piece)>, to_move: Seat) -> Position {
        let mut bags = [[0u8; 16]; 2];
        for (k, def) in S::TILES.iter().enumerate() {
            for (o, bag) in bags.iter_mut().enumerate() {
                let on_board = pieces.iter().filter(|(_, p)| p.owner.index() == o && p.kind.index() == k).count();
                if let Some(c) = bag.get_mut(k) {
                    *c = def.count.saturating_sub(u8::try_from(on_board).unwrap_or(u8::MAX));
                }
            }
        }
        Position { pieces, bags, to_move, turns: 0 }
    }

    /// The same position with empty bags (every tile not on the board is captured).
    #[must_use]
    pub fn with_empty_bags(mut self) -> Position {
        self.bags = [[0; 16]; 2];
        self
    }
}

impl<S: TileSet> Duke<S> {
    /// A validated state from a position, in the turn phase. If the seat to act has no
    /// legal action, the game is already over (that seat loses). A position where the
    /// seat not to act is in Guard is accepted (no legal play reaches it, but it lets a
    /// puzzle show the Duke being captured).
    pub fn from_position(position: &Position, config: &Config, seed: u64) -> Result<Duke<S>, InvalidState> {
        config.check().map_err(|e| InvalidState::new(e.to_string()))?;
        if position.to_move.0 > 1 {
            return Err(InvalidState::new("seat out of range"));
        }
        let mut board = [0u8; SQUARES];
        let mut occ = [0u64; 2];
        let mut duke = [NO_SQUARE; 2];
        let mut on_board = [[0u32; 16]; 2];
        for &(sq, p) in &position.pieces {
            let o = p.owner.index();
            if o > 1 || p.kind.index() >= S::TILES.len() {
                return Err(InvalidState::new("bad tile"));
            }
            let cell = board.get_mut(sq.index()).ok_or_else(|| InvalidState::new("bad square"))?;
            if *cell != 0 {
                return Err(InvalidState::new(format!("two tiles on {sq}")));
            }
            *cell = p.code();
            if let Some(m) = occ.get_mut(o) {
                *m |= sq.bit();
            }
            if p.kind == TileKind::DUKE
                && let Some(d) = duke.get_mut(o)
            {
                *d = sq.index() as u8;
            }
            if let Some(c) = on_board.get_mut(o).and_then(|r| r.get_mut(p.kind.index())) {
                *c += 1;
            }
        }
        let mut bag = [0u64; 2];
        let mut lost = [0u64; 2];
        for o in 0..2 {
            for k in 0..16 {
                let total = u32::from(nibble(S::TABLES.counts(), k));
                let in_bag = u32::from(position.bags.get(o).and_then(|b| b.get(k)).copied().unwrap_or(0));
                let here = on_board.get(o).and_then(|r| r.get(k)).copied().unwrap_or(0);
                let Some(gone) = total.checked_sub(in_bag + here) else {
                    return Err(InvalidState::new(format!("too many tiles of type {k} for seat {o}")));
                };
                if let (Some(b), Some(l)) = (bag.get_mut(o), lost.get_mut(o)) {
                    *b |= u64::from(in_bag) << (4 * k);
                    *l |= u64::from(gone) << (4 * k);
                }
            }
        }
        let mut state = Duke {
            board,
            occ,
            bag,
            lost,
            rng: GameRng::new(seed),
            turns: position.turns,
            limit: config.turn_limit.unwrap_or(0),
            duke,
            phase: Phase::Play,
            to_move: position.to_move.0,
            first: position.to_move.0,
            first_choice: config.first_player,
            guard: 0,
            set: SetMarker::<S>::default(),
        };
        if state.limit != 0 && state.turns >= state.limit {
            return Err(InvalidState::new("the turn limit is already reached"));
        }
        state.guard = state.compute_guard();
        state.check()?;
        let mut any = crate::movegen::Any(false);
        state.visit(&mut any);
        if !any.0 {
            state.phase =
                Phase::Over(Ending { winner: Some(Seat(1 - position.to_move.0)), reason: EndReason::NoLegalAction });
            state.guard = 0;
        }
        Ok(state)
    }
}
