//! A property for every rule of RULES.md ("Every rule, where it lives, what proves it"),
//! checked at every step of random games with every config (`archduke_rules::testing::configs`:
//! both rule sets and every option, two decks up to 12 players), biased where uniform play
//! rarely meets the rule (matches that fit, calls, action cards, exhausted draw piles), each
//! held to a coverage threshold. The oracles are a slow reference of one step written from
//! the rulebooks (`model.rs`) and the rulebook helpers of `oracle.rs`; the engine is read
//! only through its public API.
//!
//! One module per rulebook section; `coverage.rs` checks that RULES.md names a property (or a
//! scenario, with the reason) for every rule. `--nocapture` prints each property's coverage
//! line: games, steps checked, steps where the rule's situation arose, threshold.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic, clippy::expect_used)]

mod model;
mod oracle;

mod action_cards;
mod components;
mod coverage;
mod end_of_game;
mod end_of_round;
mod faq;
mod game_setup;
mod hidden_information;
mod matching;
mod on_your_turn;
mod round_scoring;
