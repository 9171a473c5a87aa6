//! High Card's learning surface ([`Learning`]): the example the conformance checks of
//! [`run_learning`](crate::testing::learning::run_learning) are shown on.
//!
//! # Action index
//!
//! Two actions in every config: `0` keep, `1` redraw.
//!
//! # Observation
//!
//! One dimension of `12 P + 29` values for `P` players, block by block (every value in
//! `[0, 1]`), from what [`view`](crate::Game::view) shows the observer and nothing else:
//!
//! | block | values | what |
//! |---|---|---|
//! | observer | `P + 1` | one-hot: seat 0 to `P - 1`, then the spectator |
//! | hand | 9 | one-hot of the observer's own card (1 to 9); all 0 for the spectator or between games |
//! | chosen | `P` | 1 for each seat that has chosen this round |
//! | discards | 9 | 1 for each card thrown face up this round |
//! | last shown | `9 P` | per seat, one-hot of the card it showed at the end of the previous round |
//! | last discards | 9 | 1 for each card thrown away in the previous round |
//! | wins | `P` | each seat's round wins, divided by the rounds of the game |
//! | round | 1 | rounds played, divided by the rounds of the game |
//!
//! # Returns
//!
//! Zero-sum: a seat's return is its round wins minus the table's mean, divided by the
//! number of rounds, so each round is credited as soon as it is scored (the reward of a step
//! is the difference of the returns after and before it); within `[-1, 1]`.

use super::{DECK_SIZE, HighCard, HighCardAction};
use crate::game::Observer;
use crate::learning::{BufferLength, Learning, Shape, Utility};

/// The two actions, in index order.
const ACTIONS: [HighCardAction; 2] = [HighCardAction::Keep, HighCardAction::Redraw];

/// Writes a one-hot of `card` (1 to 9; 0 writes nothing) into a cleared 9-value block.
fn one_hot_card(block: &mut [f32], card: u8) {
    if let Some(slot) = usize::from(card).checked_sub(1).and_then(|i| block.get_mut(i)) {
        *slot = 1.0;
    }
}

/// Splits `count` values off the front of `rest`.
fn take<'a>(rest: &mut &'a mut [f32], count: usize) -> &'a mut [f32] {
    let whole = core::mem::take(rest);
    let (block, tail) = whole.split_at_mut(count.min(whole.len()));
    *rest = tail;
    block
}

impl Learning for HighCard {
    fn action_count(&self) -> usize {
        ACTIONS.len()
    }

    fn action_index(&self, action: HighCardAction) -> Option<usize> {
        ACTIONS.iter().position(|&a| a == action)
    }

    fn index_action(&self, index: usize) -> Option<HighCardAction> {
        ACTIONS.get(index).copied()
    }

    fn observation_shape(&self) -> Shape {
        Shape::new(&[12 * self.players() + 29])
    }

    fn observe(&self, observer: Observer, out: &mut [f32]) -> Result<(), BufferLength> {
        BufferLength::check(self.observation_shape().len(), out.len())?;
        out.fill(0.0);
        let players = self.players();
        let rounds = f32::from(self.config.rounds.max(1));
        let mut rest = out;
        let who = take(&mut rest, players + 1);
        let seat = match observer {
            Observer::Seat(seat) if seat.index() < players => Some(seat.index()),
            _ => None,
        };
        if let Some(slot) = who.get_mut(seat.unwrap_or(players)) {
            *slot = 1.0;
        }
        // The observer's own card: the only hidden information it may see.
        one_hot_card(take(&mut rest, DECK_SIZE), seat.and_then(|s| self.hands.get(s).copied()).unwrap_or(0));
        let chosen = take(&mut rest, players);
        for (i, slot) in chosen.iter_mut().enumerate() {
            *slot = f32::from(u8::from(self.chosen.contains(crate::seat::Seat(i as u8))));
        }
        let discards = take(&mut rest, DECK_SIZE);
        for &card in self.discards() {
            one_hot_card(discards, card);
        }
        for &card in self.last_shown.iter().take(players) {
            one_hot_card(take(&mut rest, DECK_SIZE), card);
        }
        let last = take(&mut rest, DECK_SIZE);
        for (card, slot) in (1..=DECK_SIZE as u8).zip(last.iter_mut()) {
            *slot = f32::from(u8::from(self.last_discards & 1 << card != 0));
        }
        for (slot, &wins) in take(&mut rest, players).iter_mut().zip(&self.wins) {
            *slot = f32::from(wins) / rounds;
        }
        if let Some(slot) = rest.first_mut() {
            *slot = f32::from(self.round) / rounds;
        }
        Ok(())
    }

    fn returns(&self, out: &mut [f64]) -> Result<(), BufferLength> {
        let players = self.players();
        BufferLength::check(players, out.len())?;
        let rounds = f64::from(self.config.rounds.max(1));
        let wins = self.wins.iter().take(players).map(|&w| f64::from(w));
        let mean = wins.clone().sum::<f64>() / players.max(1) as f64;
        for (slot, w) in out.iter_mut().zip(wins) {
            *slot = (w - mean) / rounds;
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
    use crate::Game;
    use crate::seat::Seat;
    use crate::testing::toy::HighCardConfig;

    #[test]
    fn the_observation_blocks_add_up_to_the_shape() {
        let game = HighCard::new(&HighCardConfig { players: 3, rounds: 2 }, 4).unwrap();
        let mut out = vec![f32::NAN; game.observation_shape().len()];
        game.observe(Observer::Seat(Seat(1)), &mut out).unwrap();
        // observer one-hot, then the seat's own card.
        assert_eq!(&out[..4], &[0.0, 1.0, 0.0, 0.0]);
        let card = game.card_of(Seat(1)).unwrap();
        assert_eq!(out[4 + usize::from(card) - 1], 1.0);
        assert_eq!(out[4..13].iter().sum::<f32>(), 1.0);
        assert!(out.iter().all(|v| v.is_finite()));
    }
}
