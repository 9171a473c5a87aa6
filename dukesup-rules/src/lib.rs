//! # Dukes Up!
//!
//! A rules engine for *Dukes Up!* by Samuel Grey Keenan and Samuel Olaf Keenan: a
//! two-player rummy game with a standard deck split by colour. Seat 0 plays clubs and spades,
//! seat 1 hearts and diamonds. Each player hides a CASTLE behind two face-up DUKES; players lay
//! runs and sets on a shared table, may rearrange it freely, and win the round by playing the
//! opponent's DUKES and CASTLE into runs and sets. Runs use the suit groups THORNS
//! (spades, diamonds) and FLOWERS (clubs, hearts). The most cards on the table wins.
//!
//! - [`DukesUp`] implements [`duke_core::Game`]; [`Config`] holds the options (Ace rule,
//!   rounds, multi-round scoring, when to reshuffle, an optional turn limit).
//! - [`meld`] is the exact meld solver: whether any set of cards splits into valid runs and
//!   sets, one such split, and whether a table can still be completed.
//! - [`Setup`] describes any position (hands, table, DUKES, CASTLES, piles, what each seat
//!   has seen, scores), with defaults for what is left out; [`DukesUp::from_setup`]
//!   validates it with a typed [`SetupError`], and [`DukesUp::to_setup`] gives it back. A
//!   saved game is its setup.
//! - [`Event`] is what one observer witnessed of a step (`Game::events`): the action as it
//!   saw it, whose `Display` is the redacted notation (a choice of CASTLE and DUKES and a
//!   discard from the hand are face down for the others), then the consequences it may see.
//! - [`learning`]: `duke_core::Learning` (action indices, masks, observation tensors,
//!   returns) for reinforcement learning and search, with its layouts.
//! - [`DukesUp::why_illegal`] ([`explain`]) says why an action is refused beyond the typed
//!   error: the step of the turn, the draw rule, why a card fits no run or set.
//! - With the `testing` feature, `dukesup_rules::testing` has proptest strategies to fuzz
//!   the rules with your own invariants: every config and preset, reachable states, and
//!   biases towards what random play rarely meets (taking DUKES and CASTLES, THE MOVE, DUKE
//!   changes, two-card discards, reshuffles, empty piles).
//!
//! ## The deck
//!
//! One standard deck of 52 cards without jokers ("Setup" 1): four suits of thirteen
//! values, Ace, 2 to 10, Jack, Queen, King, written `A 2 … 9 T J Q K` followed by the suit
//! letter `C D H S` (`TD` is the ten of diamonds). The deck is split by colour: seat 0 gets
//! the 26 black cards (clubs, spades), seat 1 the 26 red ones (hearts, diamonds), so a
//! card's colour names its owner wherever it lies. For runs the four suits form two groups,
//! THORNS (spades, diamonds) and FLOWERS (clubs, hearts), each holding one black and one red
//! suit ("Runs and Sets"). Where the Ace stands in a run is not in the rulebook:
//! [`AceRule`] (low by default). Nothing else is assumed about the cards: the engine relies
//! on the rulebook alone.
//!
//! ## A turn
//!
//! After the simultaneous choice of CASTLE and DUKES, a turn is: one draw action, then any
//! number of play-step actions (one card to the table at a time, DUKE changes, THE MOVE), then
//! one discard (or `end` when the round ends). The table is kept as a set of cards: any
//! rearrangement is implicit, and a play is legal exactly when the table can still be made
//! valid with cards the player may still bring, so no legal action leads into a dead end.
//!
//! ## Action notation
//!
//! | Notation | Action |
//! |---|---|
//! | `castle QS dukes 3C 7S` | choose CASTLE and DUKES (lower DUKE first) |
//! | `draw 2`, `draw 0`, `draw 1 discards` | draw from the draw pile or the discard pile |
//! | `play 7H` | play a hand card, an opponent's DUKE or his face-up CASTLE |
//! | `pickup 3C`, `swap 3C 9S`, `duke 9S` | pick up, exchange, refill own DUKES |
//! | `move`, `return` | THE MOVE, and putting the CASTLE back when it fails |
//! | `discard 7H`, `discard 7H 8H`, `bury`, `discard table 7S` | the four discards |
//! | `end` | end the round |
//!
//! On the wire (serde) an action is its notation string, a card is `"7H"`, and every set of
//! cards in a view or an event is a list of cards.
//!
//! ## Example
//!
//! ```
//! use duke_core::{Game, Observer, Seat};
//! use dukesup_rules::{Action, Config, DukesUp};
//!
//! let mut game = DukesUp::new(&Config::default(), 7).unwrap();
//! let mut actions = Vec::new();
//! // Both players choose (simultaneously); then seat 0 draws and discards.
//! for seat in [Seat(0), Seat(1)] {
//!     game.legal_actions(seat, &mut actions);
//!     game.apply(seat, actions[0]).unwrap();
//! }
//! game.apply(Seat(0), "draw 2".parse().unwrap()).unwrap();
//! game.legal_actions(Seat(0), &mut actions);
//! assert!(actions.contains(&Action::Bury));
//! let undo = game.apply(Seat(0), Action::Bury).unwrap();
//! assert_eq!(game.to_act().first(), Some(Seat(1)));
//! game.undo(undo);
//! println!("{}", game.view(Observer::Seat(Seat(0))));
//!
//! // What each seat is told of a discard from the hand.
//! let discard = Action::Discard(game.view(Observer::Seat(Seat(0))).players[0].hand_known.first().unwrap());
//! let before = game;
//! game.apply(Seat(0), discard).unwrap();
//! let mut events = Vec::new();
//! DukesUp::events(&before, Seat(0), discard, &game, Observer::Seat(Seat(1)), &mut events);
//! assert_eq!(events[0].to_string(), "P0 discards a card face down");
//! assert_eq!(before.notation_for(Seat(0), discard, Observer::Seat(Seat(0))), format!("P0 {discard}"));
//! ```
//!
//! ## Set up a position
//!
//! Name the cards that matter; every other card goes to its owner's draw pile, shuffled
//! with the setup's seed. Here seat 0 has drawn and may take seat 1's DUKE 7H into his run.
//!
//! ```
//! use duke_core::{Card, Game, Observer, Seat};
//! use dukesup_rules::{DukeView, DukesUp, Phase, PlayerSetup, Setup};
//!
//! let cards = |s: &str| s.split_whitespace().map(|c| c.parse::<Card>()).collect::<Result<Vec<_>, _>>();
//! let black = PlayerSetup {
//!     hand: cards("5C 6C 9C")?,
//!     dukes: [Some("2C".parse()?), Some("2S".parse()?)],
//!     castle: Some("KS".parse()?),
//!     ..PlayerSetup::default()
//! };
//! let red = PlayerSetup {
//!     dukes: [Some("7H".parse()?), Some("QD".parse()?)],
//!     castle: Some("KH".parse()?),
//!     ..PlayerSetup::default()
//! };
//! let setup = Setup { phase: Phase::Play, turns: 4, players: [black, red], ..Setup::default() };
//! let mut game = DukesUp::from_setup(&setup)?;
//! for action in ["play 5C", "play 6C", "play 7H", "discard 9C"] {
//!     game.apply(Seat(0), action.parse()?)?;
//! }
//! assert_eq!(game.view(Observer::Spectator).players[1].dukes[0], DukeView::Empty);
//! assert_eq!(DukesUp::from_setup(&game.to_setup())?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Fuzz your own rules
//!
//! With the `testing` feature (in your dev-dependencies), a house rule is an invariant over
//! every step of random games of every config, checked by duke-core's `check_steps`; a
//! failure shrinks to a short game printed in notation.
//!
//! ```
//! # #[cfg(feature = "testing")] {
//! use duke_core::testing::{Settings, invariants::check_steps};
//! use duke_core::{Game, Observer};
//! use dukesup_rules::meld::can_split;
//! use dukesup_rules::testing::{bias_plays, configs};
//! use dukesup_rules::{Action, DukesUp};
//!
//! // Every turn ended by a discard from the hand leaves the table in runs and sets.
//! let settings = Settings { cases: 8, max_game_actions: 400, ..Settings::default() };
//! let coverage = check_steps::<DukesUp>(configs(), &settings, Some(bias_plays), |step| {
//!     if matches!(step.action, Action::Discard(_) | Action::DiscardTwo(..)) {
//!         step.reached(); // counted: how often the rule was exercised
//!         let table = step.after.view(Observer::Spectator).table;
//!         if !can_split(table, step.after.config().ace) {
//!             return Err(format!("a turn ended with the table {table}"));
//!         }
//!     }
//!     Ok(())
//! })
//! .unwrap();
//! assert!(coverage.reached > 0, "{coverage:?}");
//! # }
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing, clippy::unreachable)
)]

mod actions;
mod config;
mod determinize;
mod events;
pub mod explain;
mod game;
pub mod learning;
pub mod meld;
mod position;
mod scoring;
mod setup;
mod state;
#[cfg(feature = "testing")]
pub mod testing;
mod turn;
mod undo;
mod validate;
mod view;
mod wire;

pub use actions::{Action, ActionError, Source};
pub use config::{BOUNDED_TURN_LIMIT, Config, ConfigError, MultiRound, Reshuffle};
pub use events::{Event, RoundEnd};
pub use game::DukesUp;
pub use meld::AceRule;
pub use position::{PlayerSetup, Setup, SetupError};
pub use state::{CastleState, Phase, TurnFlags, colour_of};
pub use undo::Undo;
pub use view::{CastleView, DukeView, PlayerView, View};

/// The README's code samples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
