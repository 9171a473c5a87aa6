//! A property for every rule of RULES.md ("Rules by section"), checked at every step of
//! random games with every config (`theduke_rules::testing::configs`), biased where
//! uniform play rarely meets the rule, each held to a coverage threshold. The oracles are
//! the reference generator of `tests/common` and the rulebook-text oracles of
//! `oracle.rs`; the engine is read only through its public API.
//!
//! One module per rulebook section; `coverage.rs` checks that RULES.md names a property
//! (or a scenario, with the reason) for every rule. `--nocapture` prints each property's
//! coverage line: games, steps checked, steps where the rule's situation arose, threshold.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

#[path = "../common/mod.rs"]
mod common;
mod oracle;

mod alternate_objectives;
mod capturing_tiles;
mod coverage;
mod customization;
mod dark_rider;
mod dragon;
mod dread_and_defense;
mod dynastic_dispute;
mod enhanced_abilities;
mod how_to_play;
mod movement_icons;
mod place_a_new_troop_tile;
mod set_up;
mod terrain;
mod winning_the_game;
