//! The rounds (rulebook "How to Play 1" and its table of rounds, "Gameplay suggestions"):
//! how many cards each player is dealt, round by round.

use serde::{Deserialize, Serialize};

use crate::error::ConfigError;

pub use crate::compact::MAX_ROUNDS;

/// Cards dealt to each player, round by round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<u8>", into = "Vec<u8>")]
pub struct Schedule {
    len: u8,
    cards: [u8; MAX_ROUNDS],
}

impl Schedule {
    /// A schedule from a list (at most [`MAX_ROUNDS`], each at least 1).
    pub fn new(cards: &[u8]) -> Result<Schedule, ConfigError> {
        if cards.is_empty() || cards.len() > MAX_ROUNDS || cards.contains(&0) {
            return Err(ConfigError::Schedule);
        }
        let mut out = Schedule { len: cards.len() as u8, cards: [0; MAX_ROUNDS] };
        for (slot, &c) in out.cards.iter_mut().zip(cards) {
            *slot = c;
        }
        Ok(out)
    }

    pub(crate) fn from_iter(cards: impl IntoIterator<Item = u8>) -> Schedule {
        let list: Vec<u8> = cards.into_iter().take(MAX_ROUNDS).collect();
        Schedule::new(&list).unwrap_or(Schedule { len: 1, cards: [1; MAX_ROUNDS] })
    }

    /// The rounds of the table in "How to Play": 2, 4, 6, … and the rest of the deck in
    /// the last round.
    pub fn by_twos(rounds: u8, last: u8) -> Schedule {
        Schedule::from_iter((1..rounds).map(|r| r.saturating_mul(2)).chain([last]))
    }

    /// 1, 2, 3, … `rounds` (the longer presets of "Gameplay suggestions").
    pub fn one_more_each(rounds: u8) -> Schedule {
        Schedule::from_iter(1..=rounds)
    }

    /// The rounds.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        self.cards.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// Number of rounds.
    #[inline]
    pub fn rounds(&self) -> usize {
        self.as_slice().len()
    }

    /// Cards dealt in round `r` (0-based; tie replays use the last round).
    #[inline]
    pub fn cards(&self, r: usize) -> u8 {
        let s = self.as_slice();
        s.get(r).or(s.last()).copied().unwrap_or(1)
    }
}

impl TryFrom<Vec<u8>> for Schedule {
    type Error = ConfigError;
    fn try_from(v: Vec<u8>) -> Result<Self, ConfigError> {
        Schedule::new(&v)
    }
}

impl From<Schedule> for Vec<u8> {
    fn from(s: Schedule) -> Vec<u8> {
        s.as_slice().to_vec()
    }
}
