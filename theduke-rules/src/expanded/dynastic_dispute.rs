//! Dynastic Dispute (rulebook "Alternate Objectives", Dynastic Dispute): before set-up the
//! players draft their bags. The Duke and the Footmen (the set-up tiles, the tile set's
//! first two types) are set aside; then, the first player first and alternating, each picks
//! one tile type still in front of both ([`Action::Pick`]): every tile of that type of his
//! goes into his bag, every one of his opponent's into the box, out of the game. When no
//! type is left each player's third Footman is in his bag (it is put there from the start:
//! the bag is not used during the draft, so the game is the same), the player who picked
//! first sets up first and the other takes the first turn; the standard rules follow.

use duke_core::Seat;

use crate::actions::Action;
use crate::config::Objective;
use crate::movegen::Visit;
use crate::source::{ExtraState, Packed, TileSource};
use crate::state::{Duke, Phase};
use crate::tiles::TileKind;

impl<S: TileSource> Duke<S> {
    /// Whether this game is a Dynastic Dispute.
    #[inline]
    pub(crate) fn dynastic(&self) -> bool {
        S::EXPANDED && self.set.objective() == Objective::DynasticDispute
    }

    /// The tile types the draft hands out: every type but the Duke and the Footman.
    pub(crate) fn draftable(&self) -> u32 {
        let kinds = self.set.kinds().min(32) as u32;
        let all = if kinds >= 32 { u32::MAX } else { (1u32 << kinds) - 1 };
        // Not the Duke nor the Footman (the first two types), nor a tile acting as seat 1's
        // Duke: they are set aside for set-up.
        let p1_duke = 1u32.checked_shl(self.set.duke_kind(1) as u32).unwrap_or(0);
        all & !0b11 & !p1_duke
    }

    /// The tile types still in front of both players (none outside Dynastic Dispute).
    pub(crate) fn draft_pool(&self) -> u32 {
        if !self.dynastic() {
            return 0;
        }
        let [a, b] = self.extra.drafted();
        self.draftable() & !(a | b)
    }

    /// The tile types `seat` picked (in Dynastic Dispute; none otherwise).
    pub fn drafted(&self, seat: Seat) -> Vec<TileKind> {
        let picked = self.extra.drafted().get(seat.index()).copied().unwrap_or(0);
        (0..32u8).filter(|k| picked & (1 << k) != 0).map(TileKind).collect()
    }

    /// `owner`'s tiles of type `kind` that are in front of him (not drafted yet) or in the
    /// box (drafted by the opponent): out of play.
    pub(crate) fn undrafted(&self, owner: u8, kind: usize) -> u32 {
        if !self.dynastic() || kind >= 32 || self.draftable() & (1 << kind) == 0 {
            return 0;
        }
        let picked = self.extra.drafted().get(usize::from(owner)).copied().unwrap_or(0);
        if picked & (1 << kind) != 0 { 0 } else { u32::from(self.set.counts().count(kind)) }
    }

    /// The picks of the player to act: one per type in the pool.
    pub(crate) fn visit_draft<V: Visit>(&self, v: &mut V) -> bool {
        let pool = self.draft_pool();
        (0..32u8).filter(|k| pool & (1 << k) != 0).any(|k| v.action(Action::Pick(TileKind(k))))
    }

    /// `me` picks `kind`: all his tiles of that type go into his bag (the opponent's go into
    /// the box, which the picks record); then the opponent picks, or set-up begins with the
    /// player who picked first.
    pub(crate) fn pick(&mut self, me: u8, kind: TileKind) {
        let k = kind.index();
        let mut drafted = self.extra.drafted();
        if let Some(mine) = drafted.get_mut(usize::from(me)) {
            *mine |= 1u32.checked_shl(k as u32).unwrap_or(0);
        }
        self.extra.set_drafted(drafted);
        let count = self.set.counts().count(k);
        if let Some(bag) = self.bag.get_mut(usize::from(me)) {
            *bag = bag.add(S::Bag::of(k, count));
        }
        if self.draft_pool() == 0 {
            self.phase = Phase::SetupDuke;
            self.to_move = self.first;
        } else {
            self.to_move = 1 - me;
        }
    }
}
