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
//! more turn, and the caller takes a penalty card if someone is lower (the online rules: or
//! tied). Lowest hands win.
//! Views and per-observer [`Event`]s say exactly what each seat (or a spectator) may know; a
//! [`Setup`] describes any position to start from (and is what a saved game holds); actions,
//! positions and cards travel as their notation. With the `testing` feature,
//! `archduke_rules::testing` has proptest strategies (every config, reachable states, biases
//! towards matches, calls and action cards) to fuzz the rules with your own invariants.
//!
//! Both published texts are supported: the box rulebook ([`RuleSet::Box`], the default) and
//! the online "Learn to Play" ([`RuleSet::Online`], up to 12 players with two decks). Every
//! difference is a [`Config`] field; RULES.md lists them.
//!
//! ## The deck
//!
//! What the rulebooks say: a deck is 104 cards ("Components"), one deck seats 2 to 6 and two
//! decks combined up to 12 (online rules). Besides plain number cards there are three action
//! cards, PEEK (look at any one card on the table), SWAP (exchange any two cards on the
//! table) and GIVE (a penalty card from the draw pile to another player); the ARCHDUKE card,
//! the only one worth negative points; and ECLIPSE cards, some worth 0 and some 13, which all
//! match one another. Number cards match by value, the others by symbol ("Matching"). Every
//! card counts its points at the end of a round.
//!
//! What we inferred, since no published card list exists: the number of copies of each card
//! and the values the special cards carry. The default table ([`standard_deck`]) is 2 ARCHDUKE
//! worth −3, 4 ECLIPSE worth 0, 8 GIVE worth 1, 8 each of the numbers 2 to 10, 6 SWAP worth
//! 11, 8 PEEK worth 12 and 4 ECLIPSE worth 13. It is the list a fan-made version of the game
//! uses; it adds up to the 104 cards of the box, spans the range −3 to 13 of the game's
//! published description, and has the shape of two 52-card decks (eight cards of each rank).
//! What the engine relies on is only what the table says: each line's value (scoring), its
//! role (which action a discard triggers, how cards match) and its copies (card
//! conservation). The table is data ([`Config::deck`]), so a correction is a one-line change.
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
//! let mut config = Config::rulebook(Some(2)).unwrap();
//! config.first_dealer = Some(Seat(1));
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
//! ## Set up a position
//!
//! A [`Setup`] names a position: the grids (written as card faces), the top of the draw pile,
//! the discard pile, the stage of the round, and whatever else differs from the start of a
//! game; every card it leaves out is shuffled into the draw pile. [`Archduke::from_setup`]
//! checks it ([`SetupError`] says what is wrong) and [`Archduke::to_setup`] gives any game's
//! setup back.
//!
//! ```
//! use archduke_rules::{Archduke, Config, Setup, SetupGrid, Stage};
//! use duke_core::{Game, Observer, Seat};
//!
//! // The rulebook's matching example: Player A (P0) has just discarded a 7; Player C (P2),
//! // who looked at his 7 before the round, matches it before Player B (P1) draws.
//! let mut config = Config::rulebook(Some(3)).unwrap();
//! config.first_dealer = Some(Seat(2));
//! let c = SetupGrid { looked: Some(["a2".parse()?, "b2".parse()?]), .."2 7 3 4".parse()? };
//! let mut game = Archduke::from_setup(&Setup {
//!     grids: vec!["9 2 3 4".parse()?, "5 6 8 9".parse()?, c],
//!     discard: vec!["12P".parse()?, "7".parse()?],
//!     stage: Stage::Window { after: Some(Seat(0)), next: Seat(1) },
//!     ..Setup::new(config)
//! })?;
//! game.apply(Seat(2), "match a2".parse()?)?;
//! assert_eq!(game.view(Observer::Spectator).discard.last().map(|f| f.to_string()), Some("7".into()));
//! assert_eq!(Archduke::from_setup(&game.to_setup())?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Wire format
//!
//! Actions travel (serde) as their notation (`"swap P0:a1 P2:b2"`), positions as `"b1"`, cards
//! on the table as `"P2:b1"`, card faces as `"7"`, `"-3A"`, `"12P"`, and sets of seats in views
//! as lists (`[0, 2]`). A saved game is its [`Setup`], checked on load like any setup.
//!
//! ## Learning
//!
//! `Archduke` implements duke-core's [`Learning`](duke_core::Learning) for every config: a
//! fixed action index (8,367 actions for 4 players: looks, draw and the other plain
//! decisions, take/keep/match by position, PEEK and GIVE targets, SWAP pairs), legal-action
//! masks, observation tensors of what the observer's view shows (512 values for 4 players
//! and the standard deck), and zero-sum returns (normalised placement, credited as rounds are scored). The layouts
//! are in the README's "Learning" section.
//!
//! ## Fuzz your own rules
//!
//! With the `testing` feature (in your dev-dependencies), a house rule is an invariant over
//! every step of random games of every config (both rule sets, every option, two decks up to
//! 12 players), checked by duke-core's `check_steps`; a failure shrinks to a short game
//! printed in notation.
//!
//! ```
//! # #[cfg(feature = "testing")] {
//! use archduke_rules::testing::{bias_matches, configs};
//! use archduke_rules::{Action, Archduke};
//! use duke_core::testing::{Settings, invariants::check_steps};
//!
//! // House rule: a match try costs at most one card (the penalty for a wrong one).
//! let settings = Settings { cases: 8, ..Settings::default() };
//! let coverage = check_steps::<Archduke>(configs(), &settings, Some(bias_matches), |step| {
//!     let (before, after) = (step.before.to_setup(), step.after.to_setup());
//!     if let Action::Match(_) = step.action
//!         && before.round == after.round
//!     {
//!         step.reached(); // counted: how often the rule was exercised
//!         let cards = |grids: &[archduke_rules::SetupGrid]| grids[step.seat.index()].cards.iter().flatten().count();
//!         if cards(&after.grids) > cards(&before.grids) + 1 {
//!             return Err(format!("{} gained two cards on one try", step.seat));
//!         }
//!     }
//!     Ok(())
//! })
//! .unwrap();
//! assert!(coverage.reached > 0, "{coverage:?}");
//! # }
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
//! let mut config = Config::rulebook(Some(2)).unwrap();
//! config.first_dealer = Some(Seat(1));
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
pub mod learning;
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
mod snapshot;
mod state;
#[cfg(feature = "testing")]
pub mod testing;
mod turn;
mod undo;
mod view;
mod why;
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

/// The README's code samples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
