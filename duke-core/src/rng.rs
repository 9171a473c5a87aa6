//! The game generator: the one source of chance in every game state.
//!
//! A [`GameRng`] is a ChaCha8 stream (from `rand_chacha`) stored compactly as its seed and
//! its position in the stream. That makes it `Copy`, 16 bytes, trivially serialisable and
//! exactly restorable by undo, where a live `ChaCha8Rng` is 300 bytes of buffered output.
//! Each draw rebuilds the ChaCha state at the stored word position, so a sequence of draws
//! should go through [`GameRng::with_stream`], which rebuilds it once.
//!
//! Uniform integers are drawn by rejection sampling written here, not by `rand`'s
//! distributions, so that the sequence of outcomes for a seed is fixed by this crate alone
//! and identical on every platform.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A seed for the `index`th consumer of `seed` (the SplitMix64 finaliser of both): the
/// games of a run, the bots of a game, the referee's asking order. Distinct indices give
/// unrelated seeds.
///
/// ```
/// use duke_core::split_seed;
/// assert_ne!(split_seed(1, 0), split_seed(1, 1));
/// assert_eq!(split_seed(42, 7), split_seed(42, 7));
/// ```
pub const fn split_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seeded ChaCha8 generator, stored as (seed, word position).
///
/// ```
/// use duke_core::GameRng;
/// let mut a = GameRng::new(42);
/// let mut b = a;
/// assert_eq!(a.below(6), b.below(6));
/// let before = a;
/// a.below(1000);
/// assert_ne!(a, before); // the position moved
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameRng {
    seed: u64,
    word_pos: u64,
}

impl GameRng {
    /// A generator at the start of the stream for `seed`.
    pub const fn new(seed: u64) -> GameRng {
        GameRng { seed, word_pos: 0 }
    }

    /// The seed of the stream.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// How many 32-bit words of the stream have been consumed.
    pub const fn word_pos(&self) -> u64 {
        self.word_pos
    }

    /// Runs `f` with a live stream positioned where this generator stands, then stores the
    /// new position. Use this for a batch of draws (a shuffle) so the ChaCha state is built once.
    pub fn with_stream<T>(&mut self, f: impl FnOnce(&mut Stream) -> T) -> T {
        let mut inner = ChaCha8Rng::seed_from_u64(self.seed);
        inner.set_word_pos(u128::from(self.word_pos));
        let mut stream = Stream { inner };
        let out = f(&mut stream);
        // The stream is at most 2^68 words long; a u64 position suffices for any real game.
        self.word_pos = stream.inner.get_word_pos() as u64;
        out
    }

    /// A uniform integer in `0..n` (0 when `n == 0`).
    pub fn below(&mut self, n: u32) -> u32 {
        self.with_stream(|s| s.below(n))
    }

    /// A raw 64-bit value, for deriving seeds.
    pub fn next_u64(&mut self) -> u64 {
        self.with_stream(|s| s.next_u64())
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.with_stream(|s| s.shuffle(items));
    }

    /// The live stream at this generator's position, to keep across many draws (a bot's or
    /// a referee's own generator, drawn from at every step): the ChaCha state is built once
    /// here instead of at every [`with_stream`](GameRng::with_stream). It draws exactly the
    /// words this generator would, draw after draw.
    pub fn into_stream(self) -> Stream {
        let mut inner = ChaCha8Rng::seed_from_u64(self.seed);
        inner.set_word_pos(u128::from(self.word_pos));
        Stream { inner }
    }

    /// Picks an index in `0..weights.len()` with probability proportional to its weight.
    /// Returns `None` when the weights sum to zero.
    pub fn weighted(&mut self, weights: &[u32]) -> Option<usize> {
        self.with_stream(|s| s.weighted(weights))
    }
}

/// A live ChaCha8 stream borrowed from a [`GameRng`] for a batch of draws, or owned
/// ([`GameRng::into_stream`]) by a player that draws at every step.
#[derive(Clone, Debug)]
pub struct Stream {
    inner: ChaCha8Rng,
}

impl Stream {
    /// A raw 32-bit value.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.inner.next_u32()
    }

    /// A raw 64-bit value.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform integer in `0..n` (0 when `n == 0`), by Lemire's multiply-and-reject.
    ///
    /// Nearly divisionless: the threshold `2^32 mod n` (a division) is computed only when
    /// the low half of the product is below `n`, which is rare; a draw is accepted exactly
    /// when its low half is at least the threshold, as in the plain method.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let mut product = u64::from(self.next_u32()) * u64::from(n);
        if (product as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (product as u32) < threshold {
                product = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (product >> 32) as u32
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// Picks an index with probability proportional to its weight; `None` if they sum to 0.
    pub fn weighted(&mut self, weights: &[u32]) -> Option<usize> {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        if total == 0 {
            return None;
        }
        let total = u32::try_from(total).unwrap_or(u32::MAX);
        let mut pick = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if pick < w {
                return Some(i);
            }
            pick -= w;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_positions_resume() {
        let mut a = GameRng::new(7);
        let first: Vec<u32> = (0..20).map(|_| a.below(10)).collect();
        let mut b = GameRng::new(7);
        let mut batch = Vec::new();
        b.with_stream(|s| batch.extend((0..20).map(|_| s.below(10))));
        assert_eq!(first, batch);
        assert_eq!(a, b);
        assert!(first.iter().all(|&x| x < 10));
    }

    #[test]
    fn an_owned_stream_draws_what_the_generator_would() {
        // Started mid-stream (across a 64-word block), then draw after draw.
        let mut compact = GameRng::new(99);
        for _ in 0..70 {
            compact.below(6);
        }
        let mut owned = compact.into_stream();
        let mut items: Vec<u8> = (0..9).collect();
        let mut again = items.clone();
        for n in 1..300 {
            assert_eq!(owned.below(n), compact.below(n));
        }
        owned.shuffle(&mut items);
        compact.shuffle(&mut again);
        assert_eq!(items, again);
        assert_eq!(owned.next_u64(), compact.next_u64());
    }

    #[test]
    fn stream_values_are_pinned() {
        // Guards cross-platform and cross-version determinism of every game.
        let mut rng = GameRng::new(0xD0CE);
        let values: Vec<u32> = (0..5).map(|_| rng.below(1000)).collect();
        let mut again = GameRng::new(0xD0CE);
        assert_eq!(values, (0..5).map(|_| again.below(1000)).collect::<Vec<_>>());
        assert_eq!(rng.word_pos(), 5);
        assert_eq!(values, vec![631, 58, 790, 461, 841]);
    }

    #[test]
    fn shuffle_is_a_permutation_and_weighted_respects_zeros() {
        let mut rng = GameRng::new(1);
        let mut items: Vec<u8> = (0..52).collect();
        rng.shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..52).collect::<Vec<u8>>());
        assert_ne!(items, sorted);
        for _ in 0..100 {
            assert_eq!(rng.weighted(&[0, 3, 0]), Some(1));
        }
        assert_eq!(rng.weighted(&[0, 0]), None);
        assert_eq!(rng.below(0), 0);
    }
}
