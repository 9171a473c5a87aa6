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
//! - [`Position`] is the raw, unvalidated position with public fields, for building any
//!   situation; [`DukesUp`] is a validated one.
//! - [`Event`] is what one observer witnessed of a step (`Game::events`): the action as it
//!   saw it, whose `Display` is the redacted notation (a choice of CASTLE and DUKES and a
//!   discard from the hand are face down for the others), then the consequences it may see.
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
//! let discard = Action::Discard(game.position().players[0].hand.first().unwrap());
//! let before = game;
//! game.apply(Seat(0), discard).unwrap();
//! let mut events = Vec::new();
//! DukesUp::events(&before, Seat(0), discard, &game, Observer::Seat(Seat(1)), &mut events);
//! assert_eq!(events[0].to_string(), "P0 discards a card face down");
//! assert_eq!(before.notation_for(Seat(0), discard, Observer::Seat(Seat(0))), format!("P0 {discard}"));
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
mod game;
pub mod meld;
mod scoring;
mod setup;
mod state;
mod turn;
mod view;

pub use actions::{Action, ActionError, Source};
pub use config::{Config, ConfigError, MultiRound, Reshuffle};
pub use events::{Event, RoundEnd};
pub use game::{DukesUp, Undo};
pub use meld::AceRule;
pub use scoring::round_score;
pub use state::{CastleState, Discards, PILE_CAP, Phase, Pile, Player, Position, TurnFlags, colour_of};
pub use view::{CastleView, DukeView, PlayerView, View};
