//! Generic bots and the machinery of the examples for the Duke family of rules engines.
//!
//! Everything here is written once against the [`duke_core::Game`] contract and works for
//! every game:
//!
//! - [`bots`]: the [`Bot`](bots::Bot) trait and three bots, random, greedy (one ply of
//!   lookahead scored by [`Game::evaluate`](duke_core::Game::evaluate)) and ISMCTS
//!   (information-set Monte Carlo tree search over determinizations). A bot sees the game
//!   only through a [`Perspective`](bots::Perspective): its seat's view, its legal actions
//!   and determinizations, never the hidden part of the true state.
//! - [`driver`]: the referee that asks seats to act (choosing at random, reproducibly,
//!   when several seats may act) and records the game.
//! - [`simulate`], [`interactive`], [`replay`]: the loops behind the three examples,
//!   written over any reader and writer so they are tested here; [`measure`]: the timing
//!   of the engines shared by the `fixed_work` and `speed` examples.
//! - [`cli`]: their command lines; [`catalog`]: the only per-game code (names, default
//!   configs, the [`options`] each game takes), with the [`with_game!`] dispatch.
//!
//! ```
//! use duke_core::Game;
//! use duke_examples::bots::{Bot, BotSpec};
//! use duke_examples::catalog::HighCard;
//! use duke_examples::driver::play_game;
//!
//! let config = <HighCard as Game>::Config::default();
//! let mut bots: Vec<Box<dyn Bot<HighCard>>> = vec![BotSpec::Greedy.build(1), BotSpec::Random.build(2)];
//! let finished = play_game::<HighCard>(&config, 7, &mut bots).unwrap();
//! assert_eq!(finished.record.replay().unwrap().outcome(), Some(finished.outcome));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod bots;
pub mod catalog;
pub mod cli;
pub mod driver;
pub mod interactive;
pub mod learner;
pub mod measure;
pub mod options;
pub mod replay;
pub mod seed;
pub mod simulate;
pub mod trajectories;

/// The README's code sample, compiled and run as a doc test.
#[cfg(all(doctest, feature = "theduke"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The repository README's code sample, compiled and run as a doc test.
#[cfg(all(doctest, feature = "theduke"))]
#[doc = include_str!("../../README.md")]
pub struct RepositoryReadmeDoctests;
