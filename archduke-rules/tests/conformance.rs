//! The duke-core conformance suite on random configs of both rule sets.

use archduke_rules::{ActionTrigger, Archduke, CallerPenalty, Config, DeckEntry, Mark, Role, RuleSet, Scoring};
use duke_core::testing::{Settings, run};
use proptest::prelude::*;

fn scoring() -> impl Strategy<Value = Scoring> {
    prop_oneof![
        (1u8..=3).prop_map(|rounds| Scoring::Tokens { rounds }),
        Just(Scoring::BattleRoyal),
        (1i32..=40).prop_map(|threshold| Scoring::Points { mark: Mark::EliminateAt { threshold } }),
        (1i32..=40).prop_map(|threshold| Scoring::Points { mark: Mark::EliminateToThree { threshold } }),
        (1i32..=60).prop_map(|threshold| Scoring::Points { mark: Mark::FirstTo { threshold } }),
        (1u16..=3).prop_map(|rounds| Scoring::Points { mark: Mark::Rounds { rounds } }),
    ]
}

/// A small deck where most tries match: it drives games through long matching chains,
/// queues of action cards and players matching down to zero.
fn matchy_deck() -> Vec<DeckEntry> {
    vec![
        DeckEntry { value: 5, copies: 16, role: Role::Number },
        DeckEntry { value: 12, copies: 6, role: Role::Peek },
        DeckEntry { value: 11, copies: 6, role: Role::Swap },
        DeckEntry { value: 1, copies: 6, role: Role::Give },
        DeckEntry { value: 0, copies: 2, role: Role::Eclipse },
        DeckEntry { value: 13, copies: 2, role: Role::Eclipse },
    ]
}

fn configs(max_players: u8, decks: u8) -> impl Strategy<Value = Config> {
    let options = (any::<bool>(), proptest::option::of(0u8..12));
    (2u8..=max_players, scoring(), any::<bool>(), any::<bool>(), 1u16..=20, 1u16..=3, options).prop_map(
        move |(players, scoring, online, strict, turns, rounds, (matchy, dealer))| {
            let mut config = if online { RuleSet::Online.config(players) } else { RuleSet::Box.config(players) };
            config.decks = decks;
            config.scoring = match scoring {
                Scoring::Points { mark: Mark::EliminateToThree { threshold } } if players < 4 => {
                    Scoring::Points { mark: Mark::EliminateAt { threshold } }
                }
                other => other,
            };
            config.action_trigger = if online { ActionTrigger::AnyDiscard } else { ActionTrigger::GridOnly };
            config.caller_penalty =
                if strict { CallerPenalty::UnlessStrictlyLowest } else { CallerPenalty::OnlyIfBeaten };
            config.turn_limit = Some(u32::from(turns));
            config.round_limit = Some(rounds);
            config.first_dealer = dealer.filter(|&d| d < players).map(duke_core::Seat);
            if matchy && decks == 1 {
                config.deck = matchy_deck();
            }
            config
        },
    )
}

#[test]
fn conformance_one_deck() -> Result<(), duke_core::testing::Failure> {
    run::<Archduke>(configs(6, 1), &Settings { cases: 96, max_steps: 120, ..Settings::default() })
}

#[test]
fn conformance_two_decks() -> Result<(), duke_core::testing::Failure> {
    run::<Archduke>(configs(12, 2), &Settings { cases: 16, max_steps: 40, seed: 0xA2C4, ..Settings::default() })
}

/// The suite on every config `testing::configs` draws (random deck tables included), with
/// the engine's limits kept short so that every game ends within the budget.
#[test]
fn conformance_every_config() -> Result<(), duke_core::testing::Failure> {
    let bounded = archduke_rules::testing::configs().prop_map(|mut config| {
        config.turn_limit = Some(config.turn_limit.unwrap_or(20).min(20));
        config.round_limit = Some(config.round_limit.unwrap_or(3).min(3));
        config
    });
    run::<Archduke>(bounded, &Settings { cases: 48, max_steps: 80, seed: 0xA2C5, ..Settings::default() })
}
