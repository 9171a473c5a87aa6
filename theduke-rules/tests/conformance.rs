//! The duke-core conformance suite on random playouts of The Duke, the standard game and
//! Expanded play (custom tile sets with every icon, every option and reading on, every
//! objective with terrain).

use duke_core::Seat;
use duke_core::testing::{Settings, run};
use proptest::prelude::*;
use theduke_rules::testing::{
    dark_rider_configs, dragon_configs, expanded_configs, flag_configs, guard_configs, overlapping_configs,
};
use theduke_rules::{Config, ExpandedDuke, Objective, TheDuke};

fn configs() -> impl Strategy<Value = Config> {
    let first = prop_oneof![Just(None), Just(Some(Seat(0))), Just(Some(Seat(1)))];
    (first, 1u32..150).prop_map(|(first_player, limit)| {
        let mut config = Config::default();
        config.first_player = first_player;
        config.turn_limit = Some(limit);
        config
    })
}

#[test]
fn conformance() -> Result<(), duke_core::testing::Failure> {
    run::<TheDuke>(configs(), &Settings { cases: 300, max_steps: 200, ..Settings::default() })
}

#[test]
fn conformance_of_expanded_play() -> Result<(), duke_core::testing::Failure> {
    let bounded = (expanded_configs(), 1u32..150).prop_map(|(config, limit)| {
        let mut config = config;
        config.turn_limit = Some(limit);
        config
    });
    run::<ExpandedDuke>(bounded, &Settings { cases: 80, max_steps: 200, ..Settings::default() })
}

#[test]
fn conformance_of_expanded_play_with_the_dragon() -> Result<(), duke_core::testing::Failure> {
    let bounded = (dragon_configs(), 1u32..150).prop_map(|(config, limit)| {
        let mut config = config;
        config.turn_limit = Some(limit);
        config
    });
    run::<ExpandedDuke>(bounded, &Settings { cases: 60, max_steps: 200, ..Settings::default() })
}

#[test]
fn conformance_of_counting_coup() -> Result<(), duke_core::testing::Failure> {
    let bounded = (flag_configs(Objective::CountingCoup), 1u32..150).prop_map(|(config, limit)| {
        let mut config = config;
        config.turn_limit = Some(limit);
        config
    });
    run::<ExpandedDuke>(bounded, &Settings { cases: 60, max_steps: 200, ..Settings::default() })
}

#[test]
fn conformance_of_trophy_hunters() -> Result<(), duke_core::testing::Failure> {
    let bounded = (flag_configs(Objective::TrophyHunters), 1u32..150).prop_map(|(config, limit)| {
        let mut config = config;
        config.turn_limit = Some(limit);
        config
    });
    run::<ExpandedDuke>(bounded, &Settings { cases: 60, max_steps: 200, ..Settings::default() })
}

#[test]
fn conformance_of_dark_rider() -> Result<(), duke_core::testing::Failure> {
    // The terrain and the Dragon of `expanded_configs` come with it in some games.
    let bounded = (dark_rider_configs(), 1u32..150).prop_map(|(config, limit)| {
        let mut config = config;
        config.turn_limit = Some(limit);
        config
    });
    run::<ExpandedDuke>(bounded, &Settings { cases: 60, max_steps: 200, ..Settings::default() })
}

#[test]
fn conformance_of_expanded_play_with_overlapping_icons() -> Result<(), duke_core::testing::Failure> {
    // Custom sets where several icons of a tile reach one square (no action listed twice).
    let bounded = (overlapping_configs(), 1u32..150).prop_map(|(config, limit)| {
        let mut config = config;
        config.turn_limit = Some(limit);
        config
    });
    run::<ExpandedDuke>(bounded, &Settings { cases: 60, max_steps: 200, ..Settings::default() })
}

#[test]
fn conformance_of_the_duke_danger_readings() -> Result<(), duke_core::testing::Failure> {
    // Dread-rich sets, both readings of a new tile's icons and of the Dragon's push, the
    // objectives with Flags with the Duke-danger rule kept.
    let bounded = (guard_configs(), 1u32..150).prop_map(|(config, limit)| {
        let mut config = config;
        config.turn_limit = Some(limit);
        config
    });
    run::<ExpandedDuke>(bounded, &Settings { cases: 60, max_steps: 200, ..Settings::default() })
}

/// The vocabulary every game shares: configs, set-ups, records (`duke_core::vocabulary`),
/// for the standard engine and the run-time engine of Expanded play.
#[test]
fn the_shared_vocabulary() -> Result<(), duke_core::testing::Failure> {
    let settings = duke_core::testing::Settings { cases: 8, ..Default::default() };
    duke_core::testing::vocabulary::check_vocabulary::<theduke_rules::TheDuke>(None, &settings)?;
    duke_core::testing::vocabulary::check_vocabulary::<theduke_rules::TheDuke>(Some(2), &settings)?;
    duke_core::testing::vocabulary::check_vocabulary::<theduke_rules::ExpandedDuke>(None, &settings)
}
