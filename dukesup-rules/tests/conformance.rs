//! The duke-core conformance suite on random playouts.

use duke_core::Seat;
use duke_core::testing::{Settings, run};
use dukesup_rules::{AceRule, Config, DukesUp, MultiRound, Reshuffle};
use proptest::prelude::*;

/// Every option drawn on its own (the reshuffle timing used to follow the first player and
/// the Ace rule, so `AtOnce` never met seat 0 first nor the High and Around Aces), with a turn
/// limit so that every game ends within the budget.
fn configs() -> impl Strategy<Value = Config> {
    (0u8..2, 0u8..4, 1u8..=2, any::<bool>(), 4u32..80, any::<bool>()).prop_map(
        |(first, ace, rounds, wins, limit, at_once)| {
            let mut config = Config::default();
            config.first_player = Some(Seat(first));
            config.ace = [AceRule::Low, AceRule::High, AceRule::LowOrHigh, AceRule::Around][usize::from(ace)];
            config.rounds = rounds;
            config.multi_round = if wins { MultiRound::CountWins } else { MultiRound::AddScores };
            config.turn_limit = Some(limit);
            config.reshuffle = if at_once { Reshuffle::AtOnce } else { Reshuffle::WhenNeeded };
            config
        },
    )
}

#[test]
fn conformance() -> Result<(), duke_core::testing::Failure> {
    run::<DukesUp>(configs(), &Settings { cases: 128, max_steps: 200, ..Settings::default() })
}

/// The vocabulary every game shares: configs, set-ups, records (`duke_core::vocabulary`).
#[test]
fn the_shared_vocabulary() -> Result<(), duke_core::testing::Failure> {
    duke_core::testing::vocabulary::check_vocabulary::<DukesUp>(None, &Settings::default())?;
    duke_core::testing::vocabulary::check_vocabulary::<DukesUp>(Some(2), &Settings::default())
}
