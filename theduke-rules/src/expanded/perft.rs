//! Perft for Expanded play: one ply is one turn; a turn's later steps (placing a drawn
//! tile, the steps of an ability) stay within the ply, and every chance outcome (each tile
//! type a draw could bring out, each set of tile types a Divination could draw) is a branch.
//! The last ply is bulk-counted: its actions are counted from the list without being played,
//! but for a draw and a Divination, whose outcomes and later steps are counted within it.

use crate::actions::Action;
use crate::movegen::Lister;
use crate::source::{Packed, TileSource};
use crate::state::{Duke, Phase};
use crate::tiles::TileKind;

impl<S: TileSource> Duke<S> {
    /// Whether the player to act is in the middle of a turn (a drawn tile to place, an
    /// ability's later step).
    pub(crate) fn mid_turn(&self) -> bool {
        matches!(self.phase, Phase::Place { .. } | Phase::Divine { .. } | Phase::Dismiss { .. })
    }

    /// The states an action can lead to: one per chance outcome for a draw (each tile type
    /// in the bag), else the one state.
    pub(crate) fn outcomes(&self, action: Action) -> Vec<Duke<S>> {
        let me = usize::from(self.to_move & 1);
        let bag = self.bag.get(me).copied().unwrap_or_default();
        match action {
            Action::Draw => (0..S::Bag::KINDS)
                .filter(|&k| bag.count(k) != 0)
                .filter_map(|k| self.with_drawn(TileKind(k as u8)))
                .collect(),
            Action::Divine(sq) => {
                self.divination_outcomes().iter().filter_map(|kinds| self.with_divined(sq, kinds)).collect()
            }
            _ => {
                let mut next = self.clone();
                next.play_inner(action, false);
                vec![next]
            }
        }
    }

    pub(crate) fn x_perft(&self, depth: u32) -> u64 {
        self.x_perft_with(depth, true)
    }

    /// Perft; with `bulk`, the last ply is counted from the action list: an action whose
    /// state is the next ply's (any action but a draw or a Divination, whose chance outcomes
    /// and later steps stay within the ply) is one leaf, without being played.
    pub(crate) fn x_perft_with(&self, depth: u32, bulk: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        if matches!(self.phase, Phase::Over(_)) {
            return 0;
        }
        let mut actions = Vec::new();
        self.visit(&mut Lister(&mut actions));
        // Counting Coup's Flag move after a point comes before the owner's turn: its ply.
        let before_turn = self.phase == Phase::MoveFlag;
        // Only a draw (a tile to place), a Divination and its keeping and dismissing steps
        // leave the turn unfinished; in a turn's first step or a placement, every other
        // action ends it.
        let bulk =
            bulk && depth == 1 && !before_turn && !matches!(self.phase, Phase::Divine { .. } | Phase::Dismiss { .. });
        let mut total = 0;
        for action in actions {
            if bulk && !matches!(action, Action::Draw | Action::Divine(_)) {
                total += 1;
                continue;
            }
            for child in self.outcomes(action) {
                let same_ply = child.mid_turn() || before_turn;
                total += if same_ply { child.x_perft_with(depth, bulk) } else { child.x_perft_with(depth - 1, bulk) };
            }
        }
        total
    }
}

impl Duke<crate::expanded::Expanded> {
    /// [`perft`](Duke::perft) with every leaf played (no bulk counting): the count the bulk
    /// counting must give, for tests.
    #[doc(hidden)]
    pub fn perft_played(&self, depth: u32) -> u64 {
        self.x_perft_with(depth, false)
    }
}
