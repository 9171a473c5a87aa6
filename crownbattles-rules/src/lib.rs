//! # crownbattles-rules
//!
//! A rules engine for **Crown Battles** (Andreas Lymbouras, Ant Fun Games): trick-taking
//! with bids, a spun trump, Golems, Dragons, Peasants and the 16 Special Power cards, for
//! 2–8 players, on the duke-core [`Game`](duke_core::Game) contract.
//!
//! - Each round the dealer deals a number of cards from the config's schedule (the
//!   rulebook's table, or a "Gameplay suggestions" [`Preset`]), spins the trump (a suit,
//!   X for no trump, or "dealer chooses"), then everyone bids from the dealer's left: one
//!   number, or two consecutive numbers for half the points.
//! - Tricks: follow the led suit if you can; Golems, Dragons, Peasants and Special Power
//!   cards may always be played. The first Dragon King, else the first Dragon, else the
//!   Golem King, else the first Golem, else the highest trump, else the highest card of
//!   the led suit wins; all Peasants: the first Peasant.
//! - A met single bid scores 10 per trick + 20, a met double bid 5 per trick + 10, a miss
//!   loses 10 per trick outside the bid. The crown goes to the sole leader after each
//!   round; a tie after the last round replays it (up to `max_tie_replays` times).
//!
//! - Each observer gets its own [`Event`]s for every step (`Game::events`): the action
//!   as it saw it (the redacted notation: a smuggle, a Magician pass or a Merchant's card
//!   is face down for the others), its own dealt cards, the cards passed or traded with
//!   it, the hand its Bishop saw, every trick's cards and winner, the round's scores, the
//!   crown and the result.
//!
//! The state is a compact `Copy` value (card ids in 128-bit sets); `legal_actions`,
//! `apply` and `undo` do not allocate. `RULES.md` maps every rule to code and tests and
//! lists every reading chosen where the rulebook is silent.
//!
//! ## Action notation
//!
//! Cards are written with a colour initial and a value (`R12`, `Y1`: red, green, blue,
//! yellow; Elves are yellow) or by name: `golem`, `dragon`, `peasant`, `alchemist`,
//! `bishop`, `bomb`, `cursed`, `jester`, `magician`, `merchant`, `smuggler`, `spy`,
//! `summoner`, `thief`, `witch`, `wizard`, `double-faced`, `golem-king`, `dragon-king`.
//! Seats are `P0`, `P1`, … Actions:
//! `trump R` / `trump X`, `shield`, `smuggle R7`, `bid 3`, `bid 2-3`, `play R12`,
//! `play double-faced:golem`, `look P2`, `lead P1`, `swap P0 P2`, `jest +1` / `jest -1` /
//! `jest +0`, `pass left` / `pass right`, `give R3`, `trade R3 P2`, `trade P1 P2`,
//! `steal P1`, `hex P1`, `keep`. See [`Action`].
//!
//! ## Example
//!
//! ```
//! use crownbattles_rules::{Config, CrownBattles, Action};
//! use duke_core::{Game, Observer};
//!
//! let config = Config::base(4).unwrap();
//! let mut game = CrownBattles::new(&config, 7).unwrap();
//! let mut legal = Vec::new();
//! for _ in 0..12 {
//!     let seat = game.to_act().first().unwrap();
//!     game.legal_actions(seat, &mut legal);
//!     let action = legal[0];
//!     // Actions have a readable notation that parses back.
//!     assert_eq!(action.to_string().parse::<Action>().unwrap(), action);
//!     game.apply(seat, action).unwrap();
//! }
//! let seat = game.to_act().first().unwrap();
//! println!("{}", game.view(Observer::Seat(seat)));
//!
//! // What P1 saw of the next step, one line per event.
//! game.legal_actions(seat, &mut legal);
//! let before = game;
//! game.apply(seat, legal[0]).unwrap();
//! let mut events = Vec::new();
//! CrownBattles::events(&before, seat, legal[0], &game, Observer::Seat(duke_core::Seat(1)), &mut events);
//! for event in &events {
//!     println!("{event}");
//! }
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing, clippy::unreachable)
)]

mod actions;
mod bidding;
mod cards;
mod determinize;
mod events;
mod game;
mod knowledge;
mod play;
mod position;
mod powers;
mod presets;
mod rounds;
mod scoring;
mod setup;
mod state;
mod trick;
mod validate;
mod view;
mod witness;

pub use actions::{Action, Bid, Direction, Trump};
pub use bidding::SHIELD_PRICE;
pub use cards::{BOX_SIZE, Card, CardSet, Face, Power, SuitId};
pub use events::Event;
pub use game::{ActionError, Undo};
pub use position::{CardName, Setup, SetupError};
pub use presets::Preset;
pub use scoring::{round_points, sole_leader};
pub use setup::{
    BID_TOKENS, Config, ConfigError, DeckSpec, MAX_ROUNDS, RoundType, Schedule, Shields, Timing, Timings, max_bid_for,
};
pub use state::{CrownBattles, MAX_PLAYERS, Phase};
pub use trick::{Form, Trick};
pub use view::{Place, TableCard, View};
