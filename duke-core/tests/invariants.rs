//! The invariant runner and the strategies users fuzz their own rules with.

use duke_core::testing::invariants::check_steps;
use duke_core::testing::strategies::{legal_step, play_choices, reachable};
use duke_core::testing::toy::{HighCard, HighCardAction, HighCardConfig, HighCardEvent};
use duke_core::testing::{Settings, random_playout};
use duke_core::{Game, GameRng, Observer};
use proptest::prelude::*;

fn configs() -> impl Strategy<Value = HighCardConfig> {
    (2u8..=4, 1u8..=5).prop_map(|(players, rounds)| HighCardConfig { players, rounds })
}

#[test]
fn a_true_invariant_passes_and_reports_its_coverage() {
    let settings = Settings { cases: 24, ..Settings::default() };
    let coverage = check_steps::<HighCard>(configs(), &settings, None, |step| {
        if step.action == HighCardAction::Redraw {
            step.reached();
            let events = step.events(Observer::Spectator);
            if !events.iter().any(|e| matches!(e, HighCardEvent::Discarded { .. })) {
                return Err("a redraw shows no discarded card".into());
            }
        }
        Ok(())
    })
    .unwrap();
    assert!(coverage.steps > 50 && coverage.reached > 10 && coverage.reached < coverage.steps, "{coverage:?}");
}

#[test]
fn a_false_invariant_fails_with_a_minimal_printable_record() {
    let settings = Settings { cases: 24, ..Settings::default() };
    // False: someone eventually redraws.
    let failure = check_steps::<HighCard>(configs(), &settings, None, |step| {
        if step.action == HighCardAction::Redraw { Err("a redraw".into()) } else { Ok(()) }
    })
    .unwrap_err();
    let message = failure.to_string();
    assert!(message.contains("minimal record (JSON)") && message.contains("redraw"), "{message}");
    // Shrunk: the record ends at its only redraw, a few steps into the game (the configs
    // reach twenty steps and more; shrinking finds a local minimum, so the exact length
    // depends on the seed).
    let steps: Vec<&str> =
        message.lines().filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit())).collect();
    let redraws = steps.iter().filter(|l| l.ends_with("redraw")).count();
    assert!(
        steps.len() <= 4 && redraws == 1 && steps.last().is_some_and(|l| l.ends_with("redraw")),
        "not shrunk:\n{message}"
    );
}

#[test]
fn a_bias_steers_the_choice() {
    let settings = Settings { cases: 16, ..Settings::default() };
    let never_redraw = |_: &HighCard, _, action: &HighCardAction| u32::from(*action == HighCardAction::Keep);
    let coverage = check_steps::<HighCard>(configs(), &settings, Some(never_redraw), |step| {
        if step.action == HighCardAction::Redraw { Err("the bias allowed a redraw".into()) } else { Ok(()) }
    })
    .unwrap();
    assert!(coverage.steps > 0);
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(256))]
    #[test]
    fn reachable_states_replay_from_their_records(reached in reachable::<HighCard>(configs(), 30)) {
        prop_assert_eq!(reached.record.replay().ok(), Some(reached.state));
    }

    #[test]
    fn legal_steps_are_legal((state, step) in reachable::<HighCard>(configs(), 10)
        .prop_flat_map(|r| { let s = r.state; legal_step(&s).prop_map(move |step| (s, step)) }))
    {
        match step {
            Some(step) => {
                let mut after = state;
                prop_assert!(after.apply(step.seat, step.action).is_ok());
            }
            None => prop_assert!(state.is_over()),
        }
    }
}

#[test]
fn played_choices_stop_at_the_end() {
    let config = HighCardConfig { players: 2, rounds: 1 };
    let reached = play_choices::<HighCard>(&config, 3, &[0; 50]).unwrap();
    assert!(reached.state.is_over());
    assert_eq!(reached.record.steps.len(), 2);
    let mut game = HighCard::new(&config, 3).unwrap();
    assert_eq!(random_playout(&mut game, &mut GameRng::new(1), &mut Vec::new(), 100), 2);
}

/// Shrinking goes on until nothing simpler fails: a property that fails at the twelfth
/// step shrinks to twelve steps, each the first listed action of the first seat to act
/// (every choice 0), whatever length and choices the failing game started with (proptest's
/// own shrinking stopped with choices left unshrunk).
#[test]
fn a_failure_shrinks_until_no_simpler_record_fails() {
    let configs = (2u8..=4, 1u8..=5).prop_map(|(players, rounds)| HighCardConfig { players, rounds });
    let settings = Settings { cases: 24, ..Settings::default() };
    let failure =
        check_steps::<HighCard>(
            configs,
            &settings,
            None,
            |step| if step.index >= 11 { Err("late".into()) } else { Ok(()) },
        )
        .unwrap_err();
    let message = failure.to_string();
    let steps: Vec<&str> =
        message.lines().filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit())).collect();
    assert_eq!(steps.len(), 12, "not shrunk to twelve steps:\n{message}");
    assert!(steps.iter().all(|l| l.ends_with("keep")), "not every choice shrunk to the first action:\n{message}");
}

/// The failure says how to replay its record: the replay example's command and the Rust call.
#[test]
fn a_failure_tells_how_to_replay_its_record() {
    let settings = Settings { cases: 8, ..Settings::default() };
    let failure = check_steps::<HighCard>(configs(), &settings, None, |_| Err("always".into())).unwrap_err();
    let message = failure.to_string();
    assert!(message.contains("cargo run --release -p duke-examples --example replay -- record.json"), "{message}");
    assert!(
        message
            .contains("serde_json::from_str::<duke_core::Record<duke_core::testing::toy::HighCard>>(&json)?.replay()"),
        "{message}"
    );
}
