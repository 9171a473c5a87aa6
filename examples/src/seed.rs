//! Deriving independent seeds from one master seed.

/// A seed for the `index`th consumer of `seed`: games of a run, bots of a game (duke-core's
/// [`split_seed`](duke_core::split_seed)).
pub use duke_core::split_seed as mix;
