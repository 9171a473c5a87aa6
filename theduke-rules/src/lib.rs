//! # The Duke
//!
//! A rules engine for *The Duke* (Catalyst Game Labs, 2013), the standard two-player game:
//! a 6x6 board, troop tiles that flip to a different movement profile after every use,
//! and a bag of reinforcements drawn at random. Capture the opposing Duke to win.
//!
//! - Set-up is played as actions: the first player places his Duke on a centre square of
//!   his home edge, then two Footmen beside it; then the second player. Who sets up first
//!   (and so moves first) is [`Config::first_player`] (`None`, as printed: drawn at random).
//! - A turn is one [`Action`]: move a tile with one icon of its current side (Move, Jump,
//!   Slide, Jump Slide, Strike, Command), or [`Action::Draw`] a random tile from the bag
//!   followed by [`Action::Place`] on an empty square beside the Duke.
//! - No action may leave your Duke capturable next turn ([`Duke::in_guard`]); a player
//!   without any legal action loses; an optional turn limit ends the game drawn.
//!   After a refusal, [`Duke::why_illegal`] says which rule refused the action ("your Duke
//!   would stay in Guard", "that tile cannot reach that square", ...).
//! - Every step yields [`Event`]s (`Game::events`): set-up placements, moves with the side
//!   the tile flipped to, strikes, commands, captures, the tile a draw brought out and its
//!   placement, "Guard", the end of the game. Everything is public, so every observer sees
//!   the same events and the redacted notation (`Game::notation_for`) is the full notation;
//!   in Expanded play only the tiles a Divination draws are the diviner's secret.
//! - Tiles are data ([`TileDef`], [`Icon`]); [`Standard`] is the base box, and a custom
//!   [`TileSet`] plays with other tiles.
//! - Expanded play: [`ExpandedDuke`] reads its tiles at run time (the base box, or a custom
//!   [`TileSetSpec`] in the config) and plays the Dread and Defense icons, the enhanced tiles
//!   (the Duchess and the Oracle), the four enhanced abilities (Summon, Divination, Escape,
//!   Ransom), the terrain tiles Mountain, Fort and Dragon ([`TerrainOptions`], placed at random
//!   once set-up is complete, [`Duke::terrain`]; the Dragon acts on its own between the turns
//!   and may be enraged, [`Duke::dragon`], [`Action::Enrage`]) and the alternate objectives
//!   ([`Objective`]): Dynastic Dispute (the bags drafted with [`Action::Pick`] before set-up),
//!   Counting Coup and Trophy Hunters (the Flags placed, carried and passed with
//!   [`Action::Flag`], [`Duke::flags`], [`Duke::points`]) and Dark Rider ([`DarkRider`]:
//!   Pikemen against a rider, deployed with [`Action::Deploy`]); [`TheDuke`] is the standard
//!   game with compile-time tables.
//! - [`Duke::perft`] counts game-tree leaves; the generator uses 36-bit occupancy masks,
//!   precomputed icon tables and ray walks, and never allocates.
//! - A [`Setup`] describes any position (tiles and sides, bags, phase, who acts);
//!   [`Duke::from_setup`] checks it into a game (typed [`SetupError`]) and
//!   [`Duke::to_setup`] gives it back. A saved state is its setup in JSON, and actions and
//!   squares travel as their notation (`"c2-c4"`, `"c2"`).
//! - [`tile_reference`] prints both sides of every tile of a set; the crate's `TILE_REFERENCE.md`
//!   is that reference for the standard tiles.
//! - With the `testing` feature, `theduke_rules::testing` has proptest strategies to fuzz
//!   the rules with your own invariants: every config, reachable states, and biases towards
//!   the rules random play rarely meets (strikes, commands, empty bags, Guard).
//!
//! ## Notation
//!
//! Squares are `a1`..`f6`: files a-f from seat 0's left, rank 1 is seat 0's home edge.
//! `duke c1`, `footman b1` (set-up), `c2-c4` (move with Move/Jump/Slide/Jump Slide),
//! `c2*d4` (strike), `d1:c2-c3` (the tile on d1 commands c2 to c3), `draw`, `place d2`.
//!
//! Expanded play adds:
//!
//! | Action | Text |
//! |---|---|
//! | Expanded play: Summon (the tile on e5 comes beside the Duke on c2) | `summon e5-c2` |
//! | Expanded play: Divination by the tile on c3, keep a tile of type 16 on d2, put back type 5, destroy type 2 | `divine c3`, `keep 16 d2`, `return 5`, `destroy 2` |
//! | Dynastic Dispute's draft: take every tile of type 2 into the bag | `pick 2` |
//! | Counting Coup, Trophy Hunters: place a Flag (set-up); pass the Flag from c2 to the tile on d2; after a point, move one's Flag from e6 to b6 or leave it | `flag a6`; `flag c2-d2`; `flag e6-b6`, `flag e6` |
//! | Dark Rider's set-up: place the next Pikeman (or the rider) on a1 | `deploy a1` |
//! | Expanded play: Escape (sacrificing d1, or giving back a captured Ransom tile of type 17); Ransom trade | `escape c1-d1 sacrifice d1`, `escape c3-d1 ransom 17`, `ransom 17 for 18 d1` |
//!
//! ## Example
//!
//! ```
//! use duke_core::{Game, Seat};
//! use theduke_rules::{Action, Config, TheDuke};
//!
//! let mut config = Config::default();
//! config.first_player = Some(Seat(0)); // seat 0 sets up and moves first
//! let mut game = TheDuke::new(&config, 42).unwrap();
//! for (seat, text) in [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"),
//!                      (1, "duke d6"), (1, "footman c6"), (1, "footman e6"),
//!                      (0, "b1-b2")] {
//!     let action: Action = text.parse().unwrap();
//!     game.apply(Seat(seat), action).unwrap();
//! }
//! // Drawing is a chance event: the tile appears, then it must be placed.
//! game.apply(Seat(1), "draw".parse().unwrap()).unwrap();
//! let mut actions = Vec::new();
//! game.legal_actions(Seat(1), &mut actions);
//! assert!(actions.iter().all(|a| matches!(a, Action::Place(_))));
//! game.apply(Seat(1), actions[0]).unwrap();
//! println!("{}", game.view(duke_core::Observer::Spectator));
//! ```
//!
//! ## Set up a position
//!
//! ```
//! use duke_core::{Game, Seat};
//! use theduke_rules::{Phase, Piece, Setup, Side, TheDuke, TileKind};
//!
//! // Light's Duke on c1 and a Footman on c2 showing its non-starting side; dark's Duke on
//! // d6. Light is to act; every other tile is in its owner's bag.
//! let footman = Piece { side: Side::Back, ..Piece::new(TileKind::FOOTMAN, Seat(0)) };
//! let setup = Setup {
//!     board: [
//!         ("c1".parse().unwrap(), Piece::new(TileKind::DUKE, Seat(0))),
//!         ("c2".parse().unwrap(), footman),
//!         ("d6".parse().unwrap(), Piece::new(TileKind::DUKE, Seat(1))),
//!     ]
//!     .into(),
//!     phase: Phase::Play,
//!     to_move: Seat(0),
//!     ..Setup::default()
//! };
//! let mut game = TheDuke::from_setup(&setup).unwrap();
//! game.apply(Seat(0), "c2-c4".parse().unwrap()).unwrap();
//! assert_eq!(game.piece_at("c4".parse().unwrap()), Some(Piece::new(TileKind::FOOTMAN, Seat(0))));
//! // A saved game is its setup: JSON with squares and actions in notation.
//! let saved = serde_json::to_string(&game).unwrap();
//! assert!(saved.contains(r#""c4":{"kind":1,"side":"Start","owner":0}"#));
//! assert_eq!(serde_json::from_str::<TheDuke>(&saved).unwrap(), game);
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
//! use theduke_rules::testing::{bias_draws, configs};
//! use theduke_rules::{Action, TheDuke};
//!
//! // House rule: a drawn tile goes on a square sharing a side with its owner's Duke.
//! let settings = Settings { cases: 8, ..Settings::default() };
//! let coverage = check_steps::<TheDuke>(configs(), &settings, Some(bias_draws), |step| {
//!     if let Action::Place(square) = step.action {
//!         step.reached(); // counted: how often the rule was exercised
//!         let duke = step.before.duke_square(step.seat).ok_or("no Duke")?;
//!         let apart = (square.file() - duke.file()).abs() + (square.rank() - duke.rank()).abs();
//!         if apart != 1 {
//!             return Err(format!("placed on {square}, the Duke is on {duke}"));
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
mod board;
mod config;
mod config_wire;
mod event_lines;
mod events;
mod expanded;
mod format;
mod game;
mod invariants;
pub mod learning;
mod movegen;
pub mod notation;
mod objective;
mod perft;
mod position;
mod setup;
mod source;
mod state;
mod tables;
mod terrain;
#[cfg(feature = "testing")]
pub mod testing;
mod tile_reference;
mod tiles;
mod turn;
mod view;
mod why;

pub use actions::{Action, EscapeCost};
pub use board::Square;
// The readings added by the review of issue #25 (kept apart from the list below).
pub use config::{
    BOUNDED_TURN_LIMIT, Config, ConfigError, CoupFlag, CoupPoints, DivinationDraws, DivinationShown, DragonDanger,
    DragonDuke, DreadImmunity, DreadThaw, EdgeFreeze, FlagDukeDanger, FortJumpSlide, Objective, RansomTrade, Readings,
    RiderDanger, TerrainOptions, TrophyFlags,
};
pub use config::{CoupFlagMove, DragonEdge};
pub use config::{DragonPush, NewTileDanger};
pub use events::{Event, NamedTile};
pub use expanded::{Expanded, ExpandedDuke, ExpandedState, enhanced_tiles};
pub use format::{CustomTiles, IconError, MAX_EXPANDED_KINDS, TileSetError, TileSetSpec, TileSpec};
pub use objective::{DarkRider, DarkRiderEnd, DarkRiderError, Rider};
pub use position::{Setup, SetupError};
pub use source::{ExtraState, Packed, TileRef, TileSource};
pub use state::{Duke, EndReason, Ending, Phase, Piece, TheDuke};
pub use tables::{Special, Tables, Targets, TileDataError};
pub use terrain::{Dragon, Facing, Terrain, TerrainKind};
pub use tile_reference::tile_reference;
pub use tiles::{
    Abilities, Ability, Icon, IconKind, MAX_KINDS, STANDARD_TILES, Side, Standard, TileDef, TileKind, TileSet,
};
pub use turn::ActionError;
pub use view::View;

/// The README's code samples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
