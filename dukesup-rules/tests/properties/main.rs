//! A property for every rule of RULES.md ("Every rule"), checked at every step of random
//! games with every config and preset (`dukesup_rules::testing::configs`), biased where
//! uniform play rarely meets the rule, each held to a coverage threshold. The oracles are
//! written from the rulebook text: a brute-force runs-and-sets search (`melds.rs`), the
//! actions the rules allow (`reference.rs`) and what a game remembers (`oracle.rs`); the
//! engine is read only through its public API (`to_setup`, views, events, legal actions).
//!
//! One module per rulebook section; `coverage.rs` checks that RULES.md names a property
//! (or a scenario, with the reason) for every rule. `--nocapture` prints each property's
//! coverage line: games, steps checked, steps where the rule's situation arose, threshold.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

mod melds;
mod oracle;
mod reference;

mod coverage;
mod discarding;
mod drawing;
mod ending_the_game;
mod engine;
mod playing_cards;
mod replacing_your_dukes;
mod runs_and_sets;
mod scoring;
mod set_up;
mod taking_your_opponents_dukes;
mod the_move;
