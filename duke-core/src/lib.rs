//! # duke-core
//!
//! The contract and building blocks shared by the rules engines of *The Duke*, *Archduke*,
//! *Dukes Up!* and *Crown Battles*.
//!
//! - [`Game`]: the trait every rules crate implements: a validated config and a seed, who
//!   may act now ([`SeatSet`]), legal actions into a reusable buffer, `apply` with typed
//!   errors and exact `undo`, the [`Outcome`], per-seat views, determinization for
//!   information-set search, an action notation that round-trips, and what each observer
//!   saw happen: [`Game::events`] and the redacted notation of [`Game::seen_action`].
//! - [`GameConfig`] and [`GameSetup`]: the config and set-up of every game, under one
//!   vocabulary (the table in [`vocabulary`]).
//! - [`Learning`]: fixed action indices, legal-action masks, observation tensors and
//!   returns, for learning programs ([`learning`]).
//! - [`GameRng`]: the seeded ChaCha8 generator stored in every state, the one source of
//!   chance; 16 bytes, `Copy`, restored exactly by undo.
//! - [`Record`]: config, seed and steps; replays to the identical state or names the first
//!   bad step.
//! - [`referee`]: the loop that asks seats to act (honouring [`Game::to_act`] and
//!   [`Game::awaited`]), keeps every observer's event log, and the [`Bot`](referee::Bot)
//!   trait through which programs, people and remote clients play, seeing only their
//!   seat's view, events and legal actions.
//! - [`cards`] and [`pile`]: the standard 52-card deck, compact card sets, draw and discard
//!   piles with reshuffle.
//! - `testing` (feature `testing`): the conformance suite every rules crate runs on random
//!   playouts, and a tiny demonstration game.
//!
//! Rules crates are pure: no I/O, clocks, threads, global state or printing.
//!
//! # The same idea in every game
//!
//! The four rules crates name the same ideas alike ([`GameConfig`] and [`GameSetup`] are
//! the traits behind the names; each crate also has them as inherent methods, so a user of
//! one game needs no trait import):
//!
//! | idea | every crate |
//! |---|---|
//! | the rulebook's game | `Config::rulebook(players)`; `Config::default()` is `rulebook(None)` |
//! | the game for programs (ends surely) | `Config::bounded(players)` |
//! | check a config | `Config::check(&self) -> Result<(), ConfigError>` |
//! | check a config on read | deserialising a `Config` runs `check` |
//! | number of seats | `GameConfig::seat_count(&config)`, `Game::seat_count(&game)` |
//! | who acts first in a two-player game | `first_player: Option<Seat>` (`None`: drawn with the game generator) |
//! | who deals first in a card game | `first_dealer: Option<Seat>` (`None`: drawn with the game generator) |
//! | engine turn limit | `turn_limit: Option<u32>` (`None`: the rulebook, unbounded); Crown Battles has none, every game of it ends |
//! | start a game | `Game::new(&config, seed)` |
//! | describe a position | `Setup::new(config)` (the start of the game `new` makes), then its public fields |
//! | play from a position | `Game::from_setup(&setup)` (an inherent `from_setup` too) |
//! | save a position | `Game::to_setup(&self)` |
//! | load user data (tile sets, mission catalogues) | plain `serde`: deserialising checks it |
//!
//! Game-specific names stay where the rulebook names something: a Duke, a trick, a CASTLE.
//! `testing::vocabulary::check_vocabulary` (feature `testing`) checks a game against this
//! table; every rules crate runs it.
//!
//! ```
//! use duke_core::{Seat, SeatSet, GameRng};
//! let dealer = Seat(3);
//! let first = dealer.left(4); // play starts left of the dealer
//! assert_eq!(first, Seat(0));
//! let waiting: SeatSet = [Seat(1), Seat(2)].into_iter().collect();
//! assert!(waiting.contains(Seat(2)));
//! let mut rng = GameRng::new(2024);
//! let mut deck: Vec<u8> = (0..52).collect();
//! rng.shuffle(&mut deck); // the same seed always gives the same order
//! ```
// Unsafe code is forbidden, except in the `testing` feature's counting allocator
// (`testing::alloc`, which allows it locally: implementing `GlobalAlloc` is unsafe).
#![cfg_attr(not(feature = "testing"), forbid(unsafe_code))]
#![cfg_attr(feature = "testing", deny(unsafe_code))]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing, clippy::unreachable)
)]

pub mod cards;
mod game;
pub mod learning;
pub mod notation;
mod outcome;
pub mod pile;
mod record;
pub mod referee;
mod rng;
mod seat;
#[cfg(feature = "testing")]
pub mod testing;
pub mod vocabulary;

pub use cards::{Card, CardSet, Colour, Rank, Suit};
pub use game::{Game, InvalidState, NotationError, Observer};
pub use learning::{BufferLength, Learning, MaskBuffer, Shape, Utility, mask_words};
pub use outcome::{Better, Outcome};
pub use pile::Pile;
pub use record::{OLDEST_RECORD_FORMAT, RECORD_FORMAT, Record, ReplayError, Step};

pub use rng::{GameRng, Stream, split_seed};
pub use seat::{MAX_SEATS, Seat, SeatSet, SeatSetIter, clockwise_from};
/// serde, for [`serde_as_notation!`]; not part of the API.
#[doc(hidden)]
pub use serde as __serde;
pub use vocabulary::{GameConfig, GameSetup};

/// The README's code samples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
