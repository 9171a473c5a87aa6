//! The enhanced abilities (rulebook "Enhanced Abilities") as actions: the hooks the
//! Expanded generator calls. No ability is played yet: every hook offers nothing.

use crate::actions::Action;
use crate::board::Square;
use crate::movegen::Visit;
use crate::source::TileSource;
use crate::state::Duke;

impl<S: TileSource> Duke<S> {
    /// Squares `by` could capture on with an ability (none yet).
    pub(crate) fn ability_captures(&self, _by: usize, _frozen: u64) -> u64 {
        0
    }

    /// The ability actions of `me` in a turn (none yet).
    pub(crate) fn ability_candidates(&self, _me: usize, _frozen: u64, _emit: &mut dyn FnMut(Action) -> bool) -> bool {
        false
    }

    /// The square an ability action captures on (none yet).
    pub(crate) fn ability_target(_action: Action) -> Option<Square> {
        None
    }

    /// The later steps of an ability's turn (none yet).
    pub(crate) fn ability_steps<V: Visit>(&self, _me: usize, _v: &mut V) -> bool {
        false
    }
}
