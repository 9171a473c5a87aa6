//! The learning surface ([`Learning`], issue #27): a fixed action index, legal-action masks,
//! observation tensors and returns, for every config (2–12 players, one or two decks, any
//! deck table). `n` is the number of players, `K` the number of lines of the deck table (15
//! for [`standard_deck`](crate::standard_deck), at most 16), `S` = 32 grid positions per
//! player ([`MAX_SLOTS`](crate::MAX_SLOTS): 16 columns of 2, penalty columns included), a *spot* is a seat's
//! position, numbered `seat * 32 + position` (`N = 32 n` spots).
//!
//! # Action index
//!
//! | indices | actions |
//! | --- | --- |
//! | 0..6 | `look` of two dealt positions: `a1 a2`, `a1 b1`, `a1 b2`, `a2 b1`, `a2 b2`, `b1 b2` |
//! | 6..11 | `draw`, `discard`, `pass`, `archduke`, `end` |
//! | 11..43 | `take` position 0..32 (`a1 a2 b1 b2 c1 ...`) |
//! | 43..75 | `keep` position 0..32 |
//! | 75..107 | `match` position 0..32 (out of turn too: any seat, any window) |
//! | 107..107+N | `peek` spot 0..N |
//! | then n | `give` seat 0..n |
//! | then N(N−1)/2 | `swap` of spots `i < j`, in the order (0,1), (0,2), ..., (0,N−1), (1,2), ... |
//!
//! That is `107 + 33 n + 16 n (32 n − 1)` actions: 8,367 for 4 players, 74,039 for 12 (the
//! most), nearly all of them SWAP's choices of two cards on the table. The index is as small
//! as a bijection allows: every index is an action some game of the config can produce. A
//! grid reaches 16 columns with penalty cards (or in a [`Setup`](crate::Setup) of any deck,
//! with emptied positions), so all 32 positions of every seat can hold a card; SWAP takes
//! any two cards on the table, so every pair of spots is a SWAP some game lists; every seat
//! can be given a card by another (`give` names the target, not the giver). The indices
//! depend on `n` only, not on the seat to act or the deck.
//!
//! [`legal_mask`](Learning::legal_mask) runs the engine's own listing of the legal actions
//! (the one behind [`legal_actions`](duke_core::Game::legal_actions)) with the mask as its
//! sink: one `fill(false)` of the mask, then each legal action set at its index in O(1) (a
//! SWAP's row of the triangle is computed once per first card); the scratch buffer is not
//! used, so nothing allocates. [`legal_mask_bits`](Learning::legal_mask_bits) runs the same code into
//! a bit mask (1,046 bytes for 4 players instead of 8,367), whose clearing costs next to
//! nothing.
//!
//! # Observation
//!
//! A flat vector of `112 n + 3 K + 19` values: 512 for 4 players and the standard deck,
//! 1,411 at most (12 players, a 16-line table). It holds what the observer's
//! [`View`](crate::View) shows and nothing else (never the draw pile's order, nor a face the
//! observer has not seen), plus the public count of this round's reshuffles. The deck table
//! (values, roles, copies) is the config's, the same in every observation, so it is not
//! repeated: the kind codes below are lines of it. Blocks, in this order:
//!
//! 1. **Observer** (`n + 1`): one-hot, seat `0..n`, or the spectator at `n`.
//! 2. **Grids** (`n × 3 × 32`): per seat, three planes over its 32 positions (`a1 a2 b1 b2
//!    c1 ...`, up to 16 columns): *card*, 1 where a card lies; *face*, the kind code
//!    `(line + 1) / K` of the card's line of the deck table where the observer knows the
//!    face, else 0 (one value in place of a one-hot over the `K` lines; with the standard
//!    deck the codes rise with the value, from the −3 ARCHDUKE to the 13 ECLIPSE); *seen
//!    by*, the seats that have seen the card (public: peeking is done in plain sight) as
//!    the number `Σ 2^s / 2^n` over those seats `s` (exact; its binary digits are one flag
//!    per seat, in place of `n` flag planes). The observer's hand is its own seat's planes.
//! 3. **Piles** (`3 + 2 K`): cards in the draw pile / 208, in the discard pile / 208,
//!    reshuffles this round / 4; the discard pile's cards per line / 8 (counts); its top
//!    one-hot.
//! 4. **Stage** (`4 + K`): pre-round peek, a drawn card being decided, matching window, game
//!    over (one-hot); the drawn card one-hot, for its drawer only.
//! 5. **Seats** (`8 n`): per seat: still to look (pre-round peek), in the game, dealer,
//!    first player, current player (whose turn it is or was), next player (in a matching
//!    window), caller of "Archduke!", score / 100 (tokens, points or rounds survived).
//! 6. **Action cards** (`4 + 3 n`): the first pending card's action one-hot (PEEK, SWAP,
//!    GIVE); pending cards per seat and action / 8; pending cards / 32.
//! 7. **Round** (`5`): round / 10, turns this round / 100, the next player must end the
//!    round, the last round of mark 2, "Archduke!" was called.
//! 8. **Last round** (`4 n + 2`): a round has been scored; the caller was penalised; per
//!    seat: hand value / 50, cards / 32, place / n, was the caller.
//!
//! Cost: every block but the grids is zeroed once, then only its non-zero values are
//! written (one per scalar; no scalar is repeated over positions). The grids block is
//! written whole: each plane is one branch-free loop over a grid's 32 positions, a few
//! vector instructions, cheaper than zeroing it and then writing card by card.
//!
//! # Returns
//!
//! Once the game is over, each seat's normalised final placement,
//! `(seats it ranks ahead of − seats ranked ahead of it) / (n − 1)`, by the game's ranking
//! ([`Game::outcome`](duke_core::Game::outcome)): +1 alone first, −1 alone last, 0 for a draw
//! of everyone. Each pair of seats contributes +1 and −1 (or 0 and 0 when tied), so the
//! returns always sum to zero ([`Utility::ZeroSum`]; for two players, +1/−1/0 for a win, a
//! loss, a tie). Rounds are credited as they are scored: between rounds a seat's return is
//! half its placement by the same ranking of the finished rounds' totals (0 for everyone
//! before the first round is scored), so the reward of a step is the change of the return
//! and comes at round ends.

mod index;
mod observe;

use duke_core::{BufferLength, Learning, Observer, Seat, Shape, Utility};

use crate::notation::Action;
use crate::state::{Archduke, Phase};
use index::Layout;

impl Archduke {
    fn layout(&self) -> Layout {
        Layout { n: self.players() }
    }
}

impl Learning for Archduke {
    fn action_count(&self) -> usize {
        self.layout().count()
    }

    fn action_index(&self, action: Action) -> Option<usize> {
        self.layout().index(action)
    }

    fn index_action(&self, index: usize) -> Option<Action> {
        self.layout().action(index)
    }

    fn legal_mask(&self, seat: Seat, _scratch: &mut Vec<Action>, mask: &mut [bool]) -> Result<(), BufferLength> {
        let layout = self.layout();
        BufferLength::check(layout.count(), mask.len())?;
        mask.fill(false);
        self.mark_legal(layout, seat, mask);
        Ok(())
    }

    fn legal_mask_bits(&self, seat: Seat, _scratch: &mut Vec<Action>, bits: &mut [u64]) -> Result<(), BufferLength> {
        let layout = self.layout();
        BufferLength::check(duke_core::mask_words(layout.count()), bits.len())?;
        bits.fill(0);
        self.mark_legal(layout, seat, bits);
        Ok(())
    }

    fn observation_shape(&self) -> Shape {
        Shape::new(&[self.observation_len()])
    }

    fn observe(&self, observer: Observer, out: &mut [f32]) -> Result<(), BufferLength> {
        BufferLength::check(self.observation_len(), out.len())?;
        self.write_observation(observer, out);
        Ok(())
    }

    fn returns(&self, out: &mut [f64]) -> Result<(), BufferLength> {
        let n = self.players();
        BufferLength::check(n, out.len())?;
        // The ranking by the totals of the finished rounds (which change only when a round
        // is scored): the result once over, half of it between rounds.
        let weight = if self.phase == Phase::Over { 1.0 } else { 0.5 };
        let others = (n.max(2) - 1) as f64;
        for (me, value) in out.iter_mut().enumerate() {
            let key = self.rank_key(me);
            let behind = (0..n).filter(|&o| self.rank_key(o) > key).count() as f64;
            let ahead = (0..n).filter(|&o| self.rank_key(o) < key).count() as f64;
            *value = weight * (behind - ahead) / others;
        }
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
    use crate::cards::Role;
    use duke_core::Game;

    #[test]
    fn the_layout_sizes_are_the_documented_ones() {
        assert_eq!(Layout { n: 4 }.count(), 8_367);
        assert_eq!(Layout { n: 12 }.count(), 74_039);
        for n in 2..=12 {
            assert_eq!(Layout { n }.count(), 107 + 33 * n + 16 * n * (32 * n - 1));
        }
        let game = Archduke::new(&crate::Config::default(), 0).unwrap();
        assert_eq!(game.observation_shape().len(), 512);
        let mut most = crate::Config::rulebook(Some(12)).unwrap();
        // A 16-line table within the 208 cards of two decks: one 2 becomes a 14.
        most.deck[3].copies -= 1;
        most.deck.push(crate::DeckEntry { value: 14, copies: 1, role: Role::Number });
        let game = Archduke::new(&most, 0).unwrap();
        assert_eq!(game.observation_shape().len(), 1_411);
    }
}
