//! The learning surface ([`duke_core::Learning`], issue #27): fixed action indices, masks,
//! observation tensors and returns. The action index is the same in every config; the
//! observation has one block more in games of several rounds.
//!
//! # Action index ([`ACTION_COUNT`] = 18 469)
//!
//! The engine cuts a turn into single steps (one card to the table at a time, the table kept
//! as a set of cards and rearranged implicitly), so there are no meld actions to index: a
//! meld is built card by card with `play`. A card's *colour position* is its place, 0..26,
//! among the 26 cards of its colour in card-index order (clubs A-K then spades A-K for black,
//! diamonds then hearts for red); seat 0 plays the black cards, seat 1 the red ones, so every
//! two-card and three-card action names cards of one colour.
//!
//! | first index | count | actions |
//! |---|---|---|
//! | [`DRAWS`] = 0 | 5 | `draw 0`, `draw 1`, `draw 2`, `draw 1 discards`, `draw 2 discards` |
//! | [`PLAYS`] = 5 | 52 | `play C`, by card index |
//! | [`PICK_UPS`] = 57 | 52 | `pickup C`, by card index |
//! | [`SWAPS`] = 109 | 1 300 | `swap D W`: colour × DUKE position × replacement position (an ordered pair of distinct cards of one colour, 650 per colour) |
//! | [`REFILLS`] = 1 409 | 52 | `duke C`, by card index |
//! | [`MOVE`] = 1 461, [`RETURN`] = 1 462 | 2 | `move`, `return` |
//! | [`DISCARDS`] = 1 463 | 52 | `discard C`, by card index |
//! | [`DISCARD_TWOS`] = 1 515 | 1 300 | `discard A B` (B ends on top), as the swaps |
//! | [`BURY`] = 2 815 | 1 | `bury` |
//! | [`DISCARD_TABLES`] = 2 816 | 52 | `discard table C`, by card index |
//! | [`END`] = 2 868 | 1 | `end` |
//! | [`CHOOSES`] = 2 869 | 15 600 | `castle C dukes A B`: colour × CASTLE position (26) × the unordered pair of DUKES among the other 25 cards (300, in lexicographic order of their positions with the CASTLE's removed) |
//!
//! Every action the engine can list has exactly one index and every index one action; an
//! action the engine never lists (`draw 0 discards`, two cards of different colours, DUKES
//! written higher card first) has none. Both directions are O(1) arithmetic on card
//! indices (one table of the 300 unordered pairs). The choice of CASTLE and DUKES is most of
//! the space: any three cards of a colour can be the four dealt.
//!
//! [`legal_mask`](Learning::legal_mask) clears the mask, lists the legal actions into the
//! scratch buffer (the engine's move generation) and sets the index of each. Clearing the
//! 18 469 entries is most of its cost beyond the listing itself (about 0.1 µs on the
//! project's 2-core machine, the store bandwidth of 18 KB), and the choice of CASTLE and
//! DUKES is most of the entries.
//!
//! # Observation (304 values, 314 in games of several rounds; shape `[n]`, [`observation_len`])
//!
//! Only what [`Game::view`] shows the observer, read from the view's
//! sources without building it. The buffer is cleared, then only the non-zero values are
//! written. Every card belongs to the seat of its colour wherever it lies (seat 0 black,
//! seat 1 red: the engine never moves a card to the other seat's hand or piles), so one
//! plane of 52 values, by card index, serves both seats: a card's colour says whose it is.
//!
//! **Card planes**, 5 × 52 values (0/1 unless said):
//!
//! | first value | plane |
//! |---|---|
//! | [`TABLE_PLANE`] = 0 | on the table (the runs and sets; a CASTLE taken or played in THE MOVE too; a card of the other colour there was taken from the opponent) |
//! | [`HAND_PLANE`] = 52 | in its owner's hand, known to the observer (its own hand; of the opponent's, the picked-up DUKES and the cards drawn back in plain sight) |
//! | [`DUKE_PLANE`] = 104 | a DUKE in place that the observer sees (its own always; everyone's once both have chosen): 1 in slot 0, 0.5 in slot 1 (the turn's flags name slots) |
//! | [`CASTLE_PLANE`] = 156 | a CASTLE the observer knows (its owner's always; everyone's once face up or on the table): where it is, in the seat's values |
//! | [`DISCARD_PLANE`] = 208 | in its owner's discard pile, known to the observer: `1 - d/26` for a card `d` cards below the top; both cards of a face-down pair whose order the observer does not know get the depth between theirs |
//!
//! **Per seat** ([`SEAT_BLOCK`] = 260, [`SEAT_VALUES`] = 11 values, seat 0 then seat 1): hand
//! size / 26, draw pile size / 26, discard pile size / 26, DUKES chosen but still hidden from
//! the observer / 2, the CASTLE one-hot (not chosen, face down and unknown to the observer,
//! face down and known, face up, on the table), whether it has chosen this round, and the
//! cards it counts now / 26 ("Scoring": own cards on the table, DUKES and CASTLE in place,
//! hidden ones included).
//!
//! **Globals** ([`GLOBALS`] = 282, [`GLOBAL_VALUES`] = 22 values): the observer one-hot (seat
//! 0, seat 1, spectator or a seat the game does not have), the phase one-hot (choosing, draw,
//! play, over), the seat to move one-hot (in the choosing step, the round's first player; who
//! has chosen is in the seats' values), turns of the round / the turn limit (without one,
//! turns / 1000, at most 1), this turn's flags (acted, DUKE slot 0 touched, slot 1 touched,
//! refilled, CASTLE returned, last turn), and the options that change play: the Ace rule
//! one-hot (low, high, low or high, around), whether the discard pile is reshuffled at once,
//! whether there is a turn limit.
//!
//! **Multi-round** ([`MULTI_ROUND_BLOCK`] = 304, [`MULTI_ROUND_VALUES`] = 10 values, only when
//! the config has several rounds): round / rounds, rounds / 99, whether rounds won are
//! counted (else points are added), whether a round has finished, then per seat (seat 0
//! first) points of finished rounds / (26 × rounds), rounds won / rounds, and its count in
//! the last finished round / 26.
//!
//! # Returns
//!
//! Zero-sum win/loss/draw: +1 for the seat with the higher final score once the game is
//! over ([`MultiRound::AddScores`]: cards counted over all rounds; [`MultiRound::CountWins`]:
//! rounds won), -1 for the other, 0 each on a tie. A game of several rounds credits each
//! round when it is scored, so that a learner is rewarded at round ends: between rounds a
//! seat's return is half the lead it has built in finished rounds, squashed into (-1/2, 1/2)
//! (`tanh(lead / 50) / 2` of the points, or `lead / rounds / 2` of the rounds won); the end
//! brings it to the result. A game of one round pays at its end only.

use duke_core::{BufferLength, Game, Learning, Observer, Seat, Shape, Utility};

use crate::actions::Action;
use crate::config::MultiRound;
use crate::game::DukesUp;
use crate::state::Phase;

mod index;
mod observe;

pub use index::{
    ACTION_COUNT, BURY, CHOOSES, DISCARD_TABLES, DISCARD_TWOS, DISCARDS, DRAWS, END, MOVE, PICK_UPS, PLAYS, REFILLS,
    RETURN, SWAPS,
};
pub use observe::{
    CASTLE_PLANE, DISCARD_PLANE, DUKE_PLANE, GLOBAL_VALUES, GLOBALS, HAND_PLANE, MULTI_ROUND_BLOCK, MULTI_ROUND_VALUES,
    SEAT_BLOCK, SEAT_VALUES, TABLE_PLANE, observation_len,
};

impl Learning for DukesUp {
    /// [`ACTION_COUNT`] in every config: see the [module docs](self).
    fn action_count(&self) -> usize {
        ACTION_COUNT
    }

    /// O(1).
    fn action_index(&self, action: Action) -> Option<usize> {
        index::action_index(action)
    }

    /// O(1).
    fn index_action(&self, index: usize) -> Option<Action> {
        index::index_action(index)
    }

    /// The mask cleared, the legal actions listed into `scratch`, then each index set in
    /// O(1): no allocation with a warm `scratch`.
    fn legal_mask(&self, seat: Seat, scratch: &mut Vec<Action>, mask: &mut [bool]) -> Result<(), BufferLength> {
        BufferLength::check(ACTION_COUNT, mask.len())?;
        mask.fill(false);
        self.legal_actions(seat, scratch);
        for &action in scratch.iter() {
            if let Some(slot) = index::action_index(action).and_then(|i| mask.get_mut(i)) {
                *slot = true;
            }
        }
        Ok(())
    }

    /// `[304]`, or `[314]` in games of several rounds: see the [module docs](self).
    fn observation_shape(&self) -> Shape {
        Shape::new(&[observation_len(&self.0.config)])
    }

    fn observe(&self, observer: Observer, out: &mut [f32]) -> Result<(), BufferLength> {
        BufferLength::check(observation_len(&self.0.config), out.len())?;
        observe::observe(&self.0, observer, out);
        Ok(())
    }

    /// +1 / -1 by the final scores once over (0 each on a tie); between the rounds of a
    /// longer game, half the lead of the finished rounds, squashed (see the module docs).
    fn returns(&self, out: &mut [f64]) -> Result<(), BufferLength> {
        BufferLength::check(2, out.len())?;
        let pos = &self.0;
        let first = if pos.phase == Phase::Over {
            let [a, b] = crate::scoring::running_scores(pos);
            match a.cmp(&b) {
                core::cmp::Ordering::Greater => 1.0,
                core::cmp::Ordering::Less => -1.0,
                core::cmp::Ordering::Equal => 0.0,
            }
        } else {
            match pos.config.multi_round {
                MultiRound::AddScores => {
                    let [a, b] = pos.points.map(f64::from);
                    ((a - b) / 50.0).tanh() / 2.0
                }
                MultiRound::CountWins => {
                    let [a, b] = pos.wins.map(f64::from);
                    (a - b) / f64::from(pos.config.rounds.max(1)) / 2.0
                }
            }
        };
        out.copy_from_slice(&[first, -first]);
        Ok(())
    }

    fn return_bounds(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }

    fn utility(&self) -> Utility {
        Utility::ZeroSum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    #[test]
    fn the_observation_blocks_add_up() {
        assert_eq!((HAND_PLANE, DUKE_PLANE, CASTLE_PLANE, DISCARD_PLANE, SEAT_BLOCK), (52, 104, 156, 208, 260));
        assert_eq!((GLOBALS, MULTI_ROUND_BLOCK), (282, 304));
        let mut config = Config::default();
        assert_eq!(observation_len(&config), 304);
        config.rounds = 2;
        assert_eq!(observation_len(&config), 314);
    }
}
