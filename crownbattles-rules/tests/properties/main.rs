//! A property for every rule of RULES.md ("Rules as written"), checked at every step of
//! random games with every config (`crownbattles_rules::testing::configs`: every player
//! count, the base game and every preset, decks with all 16 Special Power cards, every
//! option), biased towards the power cards where uniform play rarely meets a rule, each
//! held to a coverage threshold. The oracles (`oracle.rs`) are written from the rulebook
//! text; the engine is read only through its public API (`to_setup`, views, events).
//!
//! One module per rulebook section; `coverage.rs` checks that RULES.md names a property
//! (or a scenario, with the reason) for every rule. `--nocapture` prints each property's
//! coverage line: games, steps checked, steps where the rule's situation arose, threshold.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

mod oracle;
mod ranking;

mod action_cards;
mod alliances;
mod contract;
mod coverage;
mod duel_fights;
mod how_to_play;
mod leaked_suit;
mod long_play;
mod missions;
mod non_action_cards;
mod round_types;
mod scoring;
mod set_up;
mod suit_precision;
mod suit_precision_alliances;
mod theft_and_protection;
mod wagering;
