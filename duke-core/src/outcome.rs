//! Final results: a score and a rank per seat, with ties explicit.

use serde::{Deserialize, Serialize};

use crate::seat::{Seat, SeatSet};

/// The result of a finished game.
///
/// `ranks[i]` is 1 for the best seat; tied seats share a rank and the next rank skips
/// (1, 1, 3). `scores` are in the game's own units.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// One score per seat.
    pub scores: Vec<i64>,
    /// One rank per seat, 1 = best; equal ranks are ties.
    pub ranks: Vec<u8>,
}

/// Which way scores count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Better {
    /// The highest score ranks first (points).
    Higher,
    /// The lowest score ranks first (penalty tokens, card totals).
    Lower,
}

impl Outcome {
    /// Ranks seats by `scores`; equal scores tie.
    pub fn from_scores(scores: Vec<i64>, better: Better) -> Outcome {
        let ranks = scores
            .iter()
            .map(|&mine| {
                let ahead = scores
                    .iter()
                    .filter(|&&other| match better {
                        Better::Higher => other > mine,
                        Better::Lower => other < mine,
                    })
                    .count();
                u8::try_from(ahead + 1).unwrap_or(u8::MAX)
            })
            .collect();
        Outcome { scores, ranks }
    }

    /// An outcome with given scores and explicit ranks (for games whose ranking is not a
    /// plain sort of the scores: tie-breaks, eliminations).
    pub fn with_ranks(scores: Vec<i64>, ranks: Vec<u8>) -> Outcome {
        Outcome { scores, ranks }
    }

    /// The seats ranked first.
    pub fn winners(&self) -> SeatSet {
        self.ranks.iter().enumerate().filter(|&(_, &rank)| rank == 1).map(|(i, _)| Seat(i as u8)).collect()
    }

    /// Whether every seat shares first place.
    pub fn is_draw(&self) -> bool {
        self.ranks.iter().all(|&r| r == 1)
    }

    /// A reward in `[0, 1]` for `seat`: 1 for a sole win, 0 for sole last, shared evenly
    /// across ties (the mean of the places the tied seats occupy). Search bots use it.
    pub fn reward(&self, seat: Seat) -> f64 {
        let n = self.ranks.len();
        let Some(&rank) = self.ranks.get(seat.index()) else { return 0.0 };
        if n <= 1 {
            return 1.0;
        }
        let tied = self.ranks.iter().filter(|&&r| r == rank).count();
        // Places rank..rank+tied-1 (1-based), each worth (n - place) / (n - 1).
        let first = f64::from(rank);
        let mean_place = first + (tied as f64 - 1.0) / 2.0;
        (n as f64 - mean_place) / (n as f64 - 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_share_ties_and_skip() {
        let o = Outcome::from_scores(vec![10, 30, 30, 5], Better::Higher);
        assert_eq!(o.ranks, vec![3, 1, 1, 4]);
        assert_eq!(o.winners(), [Seat(1), Seat(2)].into_iter().collect());
        assert!(!o.is_draw());
        assert_eq!(o.reward(Seat(1)), o.reward(Seat(2)));
        assert!((o.reward(Seat(1)) - 5.0 / 6.0).abs() < 1e-12);
        assert_eq!(o.reward(Seat(3)), 0.0);
        let low = Outcome::from_scores(vec![4, 2], Better::Lower);
        assert_eq!(low.ranks, vec![2, 1]);
        let draw = Outcome::from_scores(vec![1, 1], Better::Lower);
        assert!(draw.is_draw());
        assert_eq!(draw.reward(Seat(0)), 0.5);
        assert_eq!(draw.reward(Seat(9)), 0.0);
    }
}
