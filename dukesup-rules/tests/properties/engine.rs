//! Not in the rulebook: every reached state is a loadable position (its `Setup` and its
//! JSON give it back), and the configured turn limit (readings 14 and 20).

use duke_core::Game;
use dukesup_rules::testing::bias_plays;
use dukesup_rules::{Action, DukesUp, Event};

use crate::oracle::{CASES, property};

#[test]
fn every_state_round_trips_through_its_setup_and_json() {
    property("every_state_round_trips_through_its_setup_and_json", CASES / 2, Some(bias_plays), 8000, |step| {
        step.reached();
        let game = step.check.after;
        game.validate().map_err(|e| format!("a reached state is invalid: {e}"))?;
        let back = DukesUp::from_setup(step.after).map_err(|e| format!("its own setup is refused: {e}"))?;
        if &back != game {
            return Err("from_setup(to_setup(g)) differs from g".into());
        }
        let json = serde_json::to_string(game).map_err(|e| e.to_string())?;
        let read: DukesUp = serde_json::from_str(&json).map_err(|e| format!("{e}: {json}"))?;
        if &read != game {
            return Err("the state does not round-trip through JSON".into());
        }
        Ok(())
    });
}

#[test]
fn the_turn_limit_scores_the_round_as_it_stands() {
    property("the_turn_limit_scores_the_round_as_it_stands", CASES, None, 80, |step| {
        let Some(limit) = step.config().turn_limit else { return Ok(()) };
        if step.after.turns > limit || (step.after.turns == limit && !step.round_ended()) {
            return Err(format!("{} turns under way with a limit of {limit}", step.after.turns));
        }
        let ends_turn = matches!(
            step.action(),
            Action::Discard(_) | Action::DiscardTwo(..) | Action::Bury | Action::DiscardTable(_)
        );
        if !ends_turn || step.before.turns + 1 < limit {
            return Ok(());
        }
        step.reached();
        let limited = step
            .events(duke_core::Observer::Spectator)
            .into_iter()
            .any(|e| matches!(e, Event::RoundEnded { reason: dukesup_rules::RoundEnd::TurnLimit, .. }));
        if !step.round_ended() || !limited {
            return Err(format!("turn {} of {limit} ended, yet the round goes on", step.before.turns + 1));
        }
        Ok(())
    });
}
