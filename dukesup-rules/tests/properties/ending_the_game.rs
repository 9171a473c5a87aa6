//! Rulebook "Ending the Game": after taking the CASTLE the attacker plays on and then the
//! round is scored; a player who empties both piles plays from his hand and then the round
//! is scored; a round ends in no other way but the configured turn limit (reading 14).

use duke_core::Observer;
use dukesup_rules::testing::{bias_castles, bias_empty_piles};
use dukesup_rules::{Action, CastleState, Event, Phase, RoundEnd};

use crate::oracle::{CASES, Step, draw_pile, other, player, property, same_list};
use crate::reference::{play_allowed, play_universe};

fn is_discard(a: &Action) -> bool {
    matches!(a, Action::Discard(_) | Action::DiscardTwo(..) | Action::Bury | Action::DiscardTable(_))
}

/// Why the round ended, from the spectator's events.
fn reason(step: &Step<'_, '_>) -> Option<RoundEnd> {
    step.events(Observer::Spectator).into_iter().find_map(|e| match e {
        Event::RoundEnded { reason, .. } => Some(reason),
        _ => None,
    })
}

#[test]
fn after_the_castle_is_taken_the_attacker_plays_on_and_ends_the_round() {
    let name = "after_the_castle_is_taken_the_attacker_plays_on_and_ends_the_round";
    property(name, CASES, Some(bias_castles), 500, |step| {
        let seat = step.seat();
        if step.before.phase != Phase::Play || player(step.before, other(seat)).castle_state != CastleState::OnTable {
            return Ok(());
        }
        step.reached();
        // No discard: more plays from the hand, then `end`.
        same_list(
            &step.legal_before(),
            play_universe(step.before),
            |a| is_discard(a) || matches!(a, Action::Play(_) | Action::End),
            |a| play_allowed(step.before, &step.was.turn, a),
        )?;
        if step.action() == Action::End && reason(step) != Some(RoundEnd::CastleTaken { by: seat }) {
            return Err(format!("the round ended for {:?}", reason(step)));
        }
        Ok(())
    });
}

#[test]
fn emptying_both_piles_ends_the_round_after_playing_from_hand() {
    let name = "emptying_both_piles_ends_the_round_after_playing_from_hand";
    property(name, CASES * 2, Some(bias_empty_piles), 15, |step| {
        let seat = step.seat();
        let me = player(step.before, seat);
        if step.before.phase != Phase::Play || !draw_pile(me).is_empty() || !me.discards.is_empty() {
            return Ok(());
        }
        step.reached();
        same_list(
            &step.legal_before(),
            play_universe(step.before),
            |a| is_discard(a) || matches!(a, Action::Play(_) | Action::End),
            |a| play_allowed(step.before, &step.was.turn, a),
        )?;
        let castle_taken = player(step.before, other(seat)).castle_state == CastleState::OnTable;
        if step.action() == Action::End && !castle_taken && reason(step) != Some(RoundEnd::PilesEmpty { seat }) {
            return Err(format!("the round ended for {:?}", reason(step)));
        }
        Ok(())
    });
}

#[test]
fn a_round_ends_only_when_the_rules_end_it() {
    property("a_round_ends_only_when_the_rules_end_it", CASES, Some(bias_castles), 200, |step| {
        let (before, seat) = (step.before, step.seat());
        let limit = before.config.turn_limit;
        let at_limit = is_discard(&step.action()) && limit.is_some_and(|n| before.turns + 1 >= n);
        let ends = step.action() == Action::End || at_limit;
        if ends != step.round_ended() {
            return Err(format!("{} {} the round", step.action(), if ends { "did not end" } else { "ended" }));
        }
        if !ends {
            return Ok(());
        }
        step.reached();
        let want = if at_limit {
            RoundEnd::TurnLimit
        } else if player(before, other(seat)).castle_state == CastleState::OnTable {
            RoundEnd::CastleTaken { by: seat }
        } else {
            RoundEnd::PilesEmpty { seat }
        };
        if reason(step) != Some(want) {
            return Err(format!("the round ended for {:?}, want {want:?}", reason(step)));
        }
        let last = before.round == before.config.rounds;
        if (step.after.phase == Phase::Over) != last {
            return Err(format!("round {} of {} ended: {:?}", before.round, before.config.rounds, step.after.phase));
        }
        Ok(())
    });
}
