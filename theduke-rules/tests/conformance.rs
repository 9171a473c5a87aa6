//! The duke-core conformance suite on random playouts of The Duke.

use duke_core::testing::{Settings, run};
use proptest::prelude::*;
use theduke_rules::{Config, FirstPlayer, TheDuke};

fn configs() -> impl Strategy<Value = Config> {
    let first = prop_oneof![Just(FirstPlayer::Random), Just(FirstPlayer::Seat0), Just(FirstPlayer::Seat1)];
    (first, 1u32..150).prop_map(|(first_player, limit)| Config { first_player, turn_limit: Some(limit) })
}

#[test]
fn conformance() -> Result<(), duke_core::testing::Failure> {
    run::<TheDuke>(configs(), &Settings { cases: 300, max_steps: 200, ..Settings::default() })
}
