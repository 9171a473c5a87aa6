//! Draw and discard piles, with the reshuffle of a spent discard pile into a new draw pile.

use serde::{Deserialize, Serialize};

use crate::rng::GameRng;

/// An ordered pile of cards; the top is the end of the vector.
///
/// Games whose hot paths cannot afford a `Vec` keep their own fixed-size piles; this type
/// serves the common case and documents the convention.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pile<T> {
    cards: Vec<T>,
}

impl<T: Copy> Pile<T> {
    /// An empty pile.
    pub const fn new() -> Pile<T> {
        Pile { cards: Vec::new() }
    }

    /// A pile from bottom-to-top cards.
    pub fn from_vec(cards: Vec<T>) -> Pile<T> {
        Pile { cards }
    }

    /// The cards, bottom first.
    pub fn as_slice(&self) -> &[T] {
        &self.cards
    }

    /// How many cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the pile is empty.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The top card.
    pub fn top(&self) -> Option<T> {
        self.cards.last().copied()
    }

    /// Takes the top card.
    pub fn draw(&mut self) -> Option<T> {
        self.cards.pop()
    }

    /// Puts a card on top.
    pub fn push(&mut self, card: T) {
        self.cards.push(card);
    }

    /// Puts a card at the bottom.
    pub fn push_bottom(&mut self, card: T) {
        self.cards.insert(0, card);
    }

    /// Takes the bottom card.
    pub fn draw_bottom(&mut self) -> Option<T> {
        if self.cards.is_empty() { None } else { Some(self.cards.remove(0)) }
    }

    /// Shuffles the pile with the game generator.
    pub fn shuffle(&mut self, rng: &mut GameRng) {
        rng.shuffle(&mut self.cards);
    }

    /// Draws the top card; if the pile is empty, first turns `discards` into a new shuffled
    /// draw pile, keeping the discard pile's top `keep_top` cards where they are (many games
    /// keep the face-up top discard). Returns `None` when there is nothing left to draw.
    pub fn draw_or_reshuffle(&mut self, discards: &mut Pile<T>, keep_top: usize, rng: &mut GameRng) -> Option<T> {
        if self.cards.is_empty() {
            let movable = discards.cards.len().saturating_sub(keep_top);
            self.cards.extend(discards.cards.drain(..movable));
            self.shuffle(rng);
        }
        self.draw()
    }

    /// Removes and returns all cards.
    pub fn take_all(&mut self) -> Vec<T> {
        core::mem::take(&mut self.cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reshuffle_keeps_the_top_discard() {
        let mut rng = GameRng::new(3);
        let mut draw: Pile<u8> = Pile::new();
        let mut discards = Pile::from_vec(vec![1, 2, 3, 4]);
        let first = draw.draw_or_reshuffle(&mut discards, 1, &mut rng);
        assert!(matches!(first, Some(1..=3)));
        assert_eq!(discards.as_slice(), &[4]);
        assert_eq!(draw.len(), 2);
        let mut empty: Pile<u8> = Pile::new();
        let mut none: Pile<u8> = Pile::new();
        assert_eq!(empty.draw_or_reshuffle(&mut none, 0, &mut rng), None);
        draw.push_bottom(9);
        assert_eq!(draw.draw_bottom(), Some(9));
        assert_eq!(draw.top(), draw.as_slice().last().copied());
    }
}
