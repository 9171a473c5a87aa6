//! What a seat knows of interchangeable copies: the two Golems, the two Dragons and the
//! four Peasants ("Components": the deck holds several copies of each).
//!
//! Knowledge is kept per card id (`CrownBattles::known`), but copies of a face cannot be
//! told apart at the table. If a seat knew copy X was in a hand that also held another,
//! unseen copy Y, and the engine played Y for "play golem", the seat would go on "knowing"
//! a Golem in that hand, which it cannot know (it saw a Golem leave). So knowledge of
//! copies is kept *canonical*: in every hand, the copies a seat knows are the hand's
//! lowest ids of that face. Every action that takes a face from a hand takes its lowest
//! id, so a known copy leaves first and the knowledge is used up exactly when it should be.

use crate::cards::{CardSet, Face};
use crate::state::CrownBattles;

/// The faces with several copies in the box.
const COPIES: [Face; 3] = [Face::Golem, Face::Dragon, Face::Peasant];

/// The `count` lowest cards of `set`.
fn lowest(set: CardSet, count: u32) -> CardSet {
    set.iter().take(count as usize).fold(CardSet::EMPTY, |acc, c| acc.or(CardSet::one(c)))
}

impl CrownBattles {
    /// Relabels every seat's knowledge of copies so that, in each other hand, the known
    /// copies of a face are that hand's lowest ids of it (the same number of them): what
    /// each seat can see is unchanged, since copies look alike. Leaked Suit's `shown` (what
    /// a spectator knows) is relabelled the same way in every hand.
    ///
    /// Called after the actions that move single cards between hands unseen by some
    /// (Magician passes, Merchant trades) and by determinization.
    pub(crate) fn canonical_knowledge(&mut self) {
        let n = self.n();
        let hands = self.table.hands;
        for (x, known) in self.table.known.iter_mut().enumerate().take(n) {
            for (_, &hand) in hands.iter().enumerate().take(n).filter(|&(p, _)| p != x) {
                *known = canonical(*known, hand);
            }
        }
        if self.leaked_round() {
            self.table.rounds.shown =
                hands.iter().take(n).fold(self.table.rounds.shown, |shown, &hand| canonical(shown, hand));
        }
    }
}

/// `known` with its copies in `hand` relabelled as the hand's lowest ids of each face.
fn canonical(mut known: CardSet, hand: CardSet) -> CardSet {
    for face in COPIES {
        let copies = hand.and(face.cards());
        let count = known.and(copies).len();
        if count > 0 && count < copies.len() {
            known = known.minus(copies).or(lowest(copies, count));
        }
    }
    known
}
