//! Rulebook "Winning the Game", with the readings for a player without a legal action
//! (reading 1), the Duke never falling in a game from the start (reading 2) and the turn
//! limit (reading 14).

use duke_core::{Game, Observer};
use theduke_rules::testing::bias_guard;
use theduke_rules::{EndReason, Ending, Event, Phase, Standard, TileKind};

use crate::common;
use crate::oracle::{CASES, bag_total, grid, other, property, target};

#[test]
fn the_game_ends_exactly_when_the_seat_to_move_has_no_legal_action() {
    property::<Standard>(
        "the_game_ends_exactly_when_the_seat_to_move_has_no_legal_action",
        CASES * 2,
        Some(bias_guard),
        80,
        |step| {
            let after = step.after;
            let next = other(step.seat);
            if !matches!(after.phase(), Phase::Play | Phase::Over(Ending { reason: EndReason::NoLegalAction, .. })) {
                return Ok(());
            }
            // The seat to act next, by the reference generator, as if the game went on.
            let can_act = !common::legal_in_play(&grid(after), next, bag_total(after, next)).is_empty();
            match after.phase() {
                Phase::Over(Ending { winner, .. }) => {
                    step.reached();
                    if can_act || winner != Some(step.seat) {
                        return Err(format!(
                            "ended for want of a legal action, won by {winner:?}, but {next} can act: {can_act}"
                        ));
                    }
                    if after.config().turn_limit.is_some_and(|n| after.turns() >= n) {
                        return Err("the turn limit was reached: a draw, not a loss".into());
                    }
                    let over = step.events(Observer::Spectator).last().cloned();
                    let want = Event::GameOver { winner, reason: EndReason::NoLegalAction, turns: after.turns() };
                    if over != Some(want) {
                        return Err(format!("last event {over:?}"));
                    }
                }
                _ if after.side_to_move() == next && !can_act => {
                    return Err(format!("{next} has no legal action but the game goes on"));
                }
                _ => {}
            }
            Ok(())
        },
    );
}

#[test]
fn the_turn_limit_ends_the_game_drawn() {
    property::<Standard>("the_turn_limit_ends_the_game_drawn", CASES, None, 35, |step| {
        let after = step.after;
        let limit = after.config().turn_limit;
        let at_limit = limit.is_some_and(|n| after.turns() >= n);
        if limit.is_some_and(|n| after.turns() > n) {
            return Err(format!("{} turns played with a limit of {limit:?}", after.turns()));
        }
        let limit_ending = after.phase() == Phase::Over(Ending { winner: None, reason: EndReason::TurnLimit });
        let captured = matches!(after.phase(), Phase::Over(Ending { reason: EndReason::DukeCaptured, .. }));
        if at_limit && !step.before.is_over() && !captured {
            step.reached();
            if !limit_ending {
                return Err(format!("the limit of {limit:?} turns is reached: {:?}", after.phase()));
            }
            if after.outcome().map(|o| o.ranks) != Some(vec![1, 1]) {
                return Err("a turn-limit draw does not rank both first".into());
            }
        } else if limit_ending {
            return Err(format!("a turn-limit ending after {} turns of {limit:?}", after.turns()));
        }
        Ok(())
    });
}

#[test]
fn a_duke_is_never_capturable_when_its_owner_is_to_act() {
    property::<Standard>(
        "a_duke_is_never_capturable_when_its_owner_is_to_act",
        CASES,
        Some(bias_guard),
        25000,
        |step| {
            if step.before.phase() != Phase::Play {
                return Ok(());
            }
            step.reached();
            // The opponent just moved and may not have left his Duke capturable (reading 2).
            if common::duke_capturable(&grid(step.before), step.seat) {
                return Err(format!("{} could take the opposing Duke at the start of its turn", step.seat));
            }
            let takes_duke =
                target(step.action).and_then(|sq| step.before.piece_at(sq)).is_some_and(|p| p.kind == TileKind::DUKE);
            if takes_duke || matches!(step.after.phase(), Phase::Over(Ending { reason: EndReason::DukeCaptured, .. })) {
                return Err("a Duke was captured in a game played from the start".into());
            }
            Ok(())
        },
    );
}
