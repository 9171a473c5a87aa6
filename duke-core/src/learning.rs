//! The learning surface: fixed action indices, legal-action masks, observation tensors and
//! returns, the few things every learning algorithm consumes (OpenSpiel's
//! `NumDistinctActions`, `LegalActionsMask`, `ObservationTensor`, `Returns`).
//!
//! # Chance
//!
//! Every game is *sampled-stochastic*: chance (a shuffle, a tile drawn from a bag, a
//! spinner) is drawn inside [`Game::apply`] from the generator stored in
//! the state, so there are no explicit chance nodes. The same state and action always give
//! the same result; a search that needs other outcomes resamples the hidden information with
//! [`Game::determinize`], which is the resampling of an information
//! state (OpenSpiel's `ResampleFromInfostate`): a state the seat cannot tell apart from the
//! real one, with a reseeded generator.
//!
//! # Contract
//!
//! For one config, every value is fixed: [`action_count`](Learning::action_count) distinct
//! actions, [`action_index`](Learning::action_index) and
//! [`index_action`](Learning::index_action) a bijection between `0..action_count` and every
//! action a game of that config can produce (they depend on the config only, not on the
//! position); [`observation_shape`](Learning::observation_shape) the shape of every
//! observation. [`observe`](Learning::observe) writes only what the observer may know, so a
//! state and its [`determinize`](crate::Game::determinize) twin give the seat identical
//! tensors; masks and observations are filled without allocating. Returns stay within
//! [`return_bounds`](Learning::return_bounds) and follow [`utility`](Learning::utility).
//! The conformance suite checks all of this on every game: `duke_core::testing::run_learning`
//! (feature `testing`), on random playouts of any configs.

use crate::game::{Game, Observer};
use crate::seat::Seat;

/// How the seats' returns relate (OpenSpiel's `Utility`).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub enum Utility {
    /// The returns of a finished game always sum to zero.
    ZeroSum,
    /// The returns of a finished game always sum to this constant.
    ConstantSum(f64),
    /// No relation between the seats' returns.
    GeneralSum,
}

/// A mask or observation buffer of the wrong length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("buffer of length {given}, the config needs {needed}")]
pub struct BufferLength {
    /// The length the config needs.
    pub needed: usize,
    /// The length given.
    pub given: usize,
}

impl BufferLength {
    /// `Ok` when `given == needed`.
    pub fn check(needed: usize, given: usize) -> Result<(), BufferLength> {
        if needed == given { Ok(()) } else { Err(BufferLength { needed, given }) }
    }
}

/// Where a legal-action mask is written: one `bool` per action
/// ([`Learning::legal_mask`]) or one bit per action ([`Learning::legal_mask_bits`]). A game
/// that writes its masks straight from its move generation writes one generic function
/// over `M: MaskBuffer + ?Sized` and calls it from both methods.
pub trait MaskBuffer {
    /// Clears every entry (no action legal).
    fn clear(&mut self);
    /// Marks the action of `index` legal; an index out of range is ignored.
    fn set(&mut self, index: usize);
}

impl MaskBuffer for [bool] {
    fn clear(&mut self) {
        self.fill(false);
    }
    fn set(&mut self, index: usize) {
        if let Some(slot) = self.get_mut(index) {
            *slot = true;
        }
    }
}

/// Bit `i % 64` (least significant first) of word `i / 64`.
impl MaskBuffer for [u64] {
    fn clear(&mut self) {
        self.fill(0);
    }
    fn set(&mut self, index: usize) {
        if let Some(word) = self.get_mut(index / 64) {
            *word |= 1 << (index % 64);
        }
    }
}

/// The number of 64-bit words of a bit mask of `action_count` actions
/// ([`Learning::legal_mask_bits`]).
pub const fn mask_words(action_count: usize) -> usize {
    action_count.div_ceil(64)
}

/// The shape of an observation tensor: up to four dimensions, row-major.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    dims: [usize; 4],
    rank: u8,
}

impl Shape {
    /// A shape of these dimensions (at most four; more are folded into the last).
    pub fn new(dims: &[usize]) -> Shape {
        let mut shape = Shape { dims: [1; 4], rank: 0 };
        for (i, &d) in dims.iter().enumerate() {
            match shape.dims.get_mut(i) {
                Some(slot) => {
                    *slot = d;
                    shape.rank = shape.rank.saturating_add(1);
                }
                None => {
                    if let Some(last) = shape.dims.last_mut() {
                        *last = last.saturating_mul(d);
                    }
                }
            }
        }
        shape
    }

    /// The dimensions.
    pub fn dims(&self) -> &[usize] {
        self.dims.get(..usize::from(self.rank)).unwrap_or(&[])
    }

    /// The number of values: the product of the dimensions.
    pub fn len(&self) -> usize {
        self.dims().iter().product()
    }

    /// Whether the shape holds no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The learning surface of a game: see the [module docs](self). Every method depends on
/// the state's config only, except [`legal_mask`](Learning::legal_mask),
/// [`observe`](Learning::observe) and [`returns`](Learning::returns).
pub trait Learning: Game {
    /// The number of distinct actions of games of this config: indices are
    /// `0..action_count()`.
    fn action_count(&self) -> usize;

    /// The index of `action` under this game's config, or `None` for an action no game of
    /// the config can produce.
    fn action_index(&self, action: Self::Action) -> Option<usize>;

    /// The action with this index under this game's config; `None` out of range.
    fn index_action(&self, index: usize) -> Option<Self::Action>;

    /// Sets `mask[i]` exactly for the indices of `seat`'s legal actions (all `false` for a
    /// seat that may not act). `scratch` is a reusable action buffer: with a warm one
    /// nothing allocates. `mask` must have [`action_count`](Learning::action_count)
    /// entries.
    ///
    /// The default lists the legal actions and indexes them; games may do it faster.
    fn legal_mask(&self, seat: Seat, scratch: &mut Vec<Self::Action>, mask: &mut [bool]) -> Result<(), BufferLength> {
        BufferLength::check(self.action_count(), mask.len())?;
        mask.fill(false);
        self.legal_actions(seat, scratch);
        for &action in scratch.iter() {
            if let Some(slot) = self.action_index(action).and_then(|i| mask.get_mut(i)) {
                *slot = true;
            }
        }
        Ok(())
    }

    /// The same mask as [`legal_mask`](Learning::legal_mask), packed as bits: index `i` is
    /// bit `i % 64` (least significant first) of `bits[i / 64]`, and the bits past
    /// `action_count` are 0. `bits` must have [`mask_words`]`(action_count())` words. An
    /// eighth of the bytes of a `bool` mask: for games with large action spaces (Archduke,
    /// Dukes Up!) clearing a `bool` mask costs more than listing the legal actions, and a
    /// bit mask is what a GPU or a bitwise sampler wants anyway. In numpy,
    /// `np.unpackbits(bits.view(np.uint8), bitorder="little")[:action_count]` unpacks it on
    /// a little-endian machine.
    ///
    /// The default lists the legal actions and indexes them; games may do it faster.
    fn legal_mask_bits(
        &self,
        seat: Seat,
        scratch: &mut Vec<Self::Action>,
        bits: &mut [u64],
    ) -> Result<(), BufferLength> {
        BufferLength::check(mask_words(self.action_count()), bits.len())?;
        bits.clear();
        self.legal_actions(seat, scratch);
        for &action in scratch.iter() {
            if let Some(index) = self.action_index(action) {
                bits.set(index);
            }
        }
        Ok(())
    }

    /// The shape of every observation of games of this config.
    fn observation_shape(&self) -> Shape;

    /// Writes what `observer` knows now into `out` (every value finite): a seat's private
    /// information and perfect memory, or only public information for the spectator. A
    /// state and its [`determinize`](crate::Game::determinize) twin for a seat give that
    /// seat identical observations. `out` must have `observation_shape().len()` entries;
    /// nothing allocates.
    fn observe(&self, observer: Observer, out: &mut [f32]) -> Result<(), BufferLength>;

    /// Writes each seat's return so far into `out` (one per seat): 0 for everyone at the
    /// start, the final returns once the game is over; multi-round games may credit each
    /// round's result when it is scored, so the reward of a step is the difference of the
    /// returns after and before it. Within [`return_bounds`](Learning::return_bounds).
    fn returns(&self, out: &mut [f64]) -> Result<(), BufferLength>;

    /// The least and the greatest return any seat can have in games of this config.
    fn return_bounds(&self) -> (f64, f64);

    /// How the returns of a finished game relate.
    fn utility(&self) -> Utility;
}
