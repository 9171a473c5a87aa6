//! # archduke-rules
//!
//! A rules engine for *Archduke* (Stellar Factory, Ryan Tibbitts), the card game of hidden
//! 2x2 grids, memory and out-of-turn matching, on the duke-core [`Game`](duke_core::Game)
//! contract.
//!
//! Each player has a face-down grid; he looks at two of its cards before the round. On his
//! turn he draws from the draw pile (seen only by him; keep it in place of a grid card, or
//! discard it) or takes the discard (which he must keep). After every discard a matching
//! window opens for **everyone**: any player may throw a grid card matching the discard
//! pile's top, out of turn; a wrong try costs a penalty card. Discarded PEEK, SWAP and GIVE
//! cards act. At the end of his turn a player may call "Archduke!": everyone else has one
//! more turn, and the caller takes a penalty card unless strictly lowest. Lowest hands win.
//! Views and per-observer [`Event`]s say exactly what each seat (or a spectator) may know.
//!
//! Both published texts are supported: the box rulebook ([`RuleSet::Box`], the default) and
//! the online "Learn to Play" ([`RuleSet::Online`], up to 12 players with two decks). Every
//! difference is a [`Config`] field; RULES.md lists them.
//!
//! The deck composition is **inferred** (COMPONENTS.md §1.2; no publisher list exists): 2
//! ARCHDUKE −3, 4 ECLIPSE 0, 8 GIVE 1, 8 each of 2–10, 6 SWAP 11, 8 PEEK 12, 4 ECLIPSE 13.
//! It is a data table in the config ([`Config::deck`]).
//!
//! ## Simultaneity
//!
//! [`Game::to_act`](duke_core::Game::to_act) is a set: during a matching window it holds
//! every player who can try a match, the owner of the first pending action card, the next
//! player (who closes the window by drawing) and the current player (who may call
//! "Archduke!"). Actions apply in the order they arrive.
//!
//! ## Hidden information
//!
//! Every grid card carries the set of seats that have seen its face since it last moved
//! unseen. A seat's [`View`] shows exactly those faces (and the whole discard pile), the
//! spectator's the faces every seat has seen;
//! [`Game::determinize`](duke_core::Game::determinize) re-deals only what the seat has not
//! seen.
//!
//! ## Events
//!
//! [`Game::events`](duke_core::Game::events) tells each observer what it witnessed in one
//! step, as [`Event`]s: first the action as it saw it (the redacted notation: "P1 draw (7)"
//! for the drawer, "P1 draws a card" for everyone else), then the public consequences (a card
//! going face up, a match and whether it worked, penalty cards face down, reshuffles, the
//! final turns, the round-end reveal and scores, the game over). Faces reach only the
//! observers whose view shows them afterwards.
//!
//! ```
//! use archduke_rules::{Action, Archduke, Config};
//! use duke_core::{Game, Observer, Seat};
//!
//! let config = Config { players: 2, dealer: Some(1), ..Config::default() };
//! let mut game = Archduke::new(&config, 7).unwrap();
//! game.apply(Seat(1), "look a2 b2".parse().unwrap()).unwrap();
//! game.apply(Seat(0), "look a2 b2".parse().unwrap()).unwrap();
//! let before = game;
//! game.apply(Seat(0), Action::Draw).unwrap();
//! let mut events = Vec::new();
//! Archduke::events(&before, Seat(0), Action::Draw, &game, Observer::Seat(Seat(1)), &mut events);
//! assert_eq!(events[0].to_string(), "P0 draws a card");
//! Archduke::events(&before, Seat(0), Action::Draw, &game, Observer::Seat(Seat(0)), &mut events);
//! assert!(events[0].to_string().starts_with("P0 draw (")); // "P0 draw (7)": the drawer sees it
//! ```
//!
//! ## Action notation
//!
//! Positions are `a1 a2 b1 b2` (column letter, row), penalty columns continue `c1 c2 ...`;
//! another player's card is `P2:b1`. Actions: `look a1 b2`, `draw`, `take b1`, `keep a2`,
//! `discard`, `match a1`, `peek P1:a2`, `swap P0:a1 P2:b2`, `give P3`, `pass`, `archduke`,
//! `end`. See [`Action`].
//!
//! ## Example
//!
//! ```
//! use archduke_rules::{Action, Archduke, Config, Slot};
//! use duke_core::{Game, Observer, Seat};
//!
//! let config = Config { players: 2, dealer: Some(1), ..Config::default() };
//! let mut game = Archduke::new(&config, 7).unwrap();
//! // Pre-round peek: both players look at their two near cards, in any order.
//! game.apply(Seat(1), "look a2 b2".parse().unwrap()).unwrap();
//! game.apply(Seat(0), Action::Look(Slot(1), Slot(3))).unwrap();
//! // The dealer's first card is up; P0 (left of the dealer) draws, and keeps it at a1.
//! game.apply(Seat(0), Action::Draw).unwrap();
//! game.apply(Seat(0), "keep a1".parse().unwrap()).unwrap();
//! // The matching window is open for everyone; P0 calls "Archduke!".
//! assert!(game.to_act().contains(Seat(1)));
//! game.apply(Seat(0), Action::Archduke).unwrap();
//! println!("{}", game.view(Observer::Seat(Seat(0))));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing, clippy::unreachable)
)]

mod actions;
mod cards;
mod config;
mod deal;
mod events;
mod game;
mod invariants;
mod legal;
mod matching;
mod notation;
mod position;
mod reveal;
#[cfg(test)]
mod scenarios;
mod scoring;
mod seat_list;
mod setup;
mod state;
mod turn;
mod undo;
mod view;
mod witness;

pub use cards::{DeckEntry, Face, MAX_KINDS, Power, Role, standard_deck};
pub use config::{
    ActionTrigger, BOUNDED_TURN_LIMIT, CallerPenalty, Config, ConfigError, MAX_CARDS, MAX_PLAYERS, Mark, RuleSet,
    Scoring,
};
pub use events::Event;
pub use game::ActionError;
pub use notation::{Action, Slot, Spot};
pub use setup::{Setup, SetupError, SetupGrid};
pub use state::{Archduke, MAX_COLUMNS, MAX_SLOTS};
pub use undo::Undo;
pub use view::{Cell, RoundResult, Stage, View};
