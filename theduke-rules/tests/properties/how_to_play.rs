//! Rulebook "How to Play" (who moves, one action a turn, never pass) and the reference
//! generator's legal-action set at every step.

use std::collections::BTreeSet;

use duke_core::Game;
use theduke_rules::{Action, Phase, Standard};

use crate::common;
use crate::oracle::{CASES, grid, other, property};

/// Whether `action` completes a turn (a draw is completed by its placement).
fn ends_turn(action: Action) -> bool {
    matches!(action, Action::Move { .. } | Action::Strike { .. } | Action::Command { .. } | Action::Place(_))
}

#[test]
fn turns_alternate_and_the_first_to_set_up_moves_first() {
    property::<Standard>("turns_alternate_and_the_first_to_set_up_moves_first", CASES, None, 10000, |step| {
        let (before, after) = (step.before, step.after);
        let set_up_ends = matches!(before.phase(), Phase::SetupFootman { .. }) && after.phase() == Phase::Play;
        if set_up_ends && after.side_to_move() != before.first_player() {
            return Err(format!("{} moves first, {} set up first", after.side_to_move(), before.first_player()));
        }
        if !matches!(before.phase(), Phase::Play | Phase::Place { .. }) {
            return Ok(());
        }
        step.reached();
        if before.phase() == Phase::Play && before.turns() == 0 && step.seat != before.first_player() {
            return Err(format!("{} has the first turn, {} set up first", step.seat, before.first_player()));
        }
        let want_turns = before.turns() + u32::from(ends_turn(step.action));
        if after.turns() != want_turns {
            return Err(format!("{} turns after {}, want {want_turns}", after.turns(), before.turns()));
        }
        if after.is_over() {
            return Ok(());
        }
        let next = if ends_turn(step.action) { other(step.seat) } else { step.seat };
        if after.side_to_move() != next {
            return Err(format!("{} to act after {}'s {}, want {next}", after.side_to_move(), step.seat, step.action));
        }
        Ok(())
    });
}

#[test]
fn a_turn_is_one_move_or_one_draw_then_its_placement() {
    property::<Standard>("a_turn_is_one_move_or_one_draw_then_its_placement", CASES, None, 10000, |step| {
        let phase = step.before.phase();
        if !matches!(phase, Phase::Play | Phase::Place { .. }) {
            return Ok(());
        }
        step.reached();
        if !step.legal_before(other(step.seat)).is_empty() {
            return Err("the seat not to act has legal actions".into());
        }
        for action in step.legal_before(step.seat) {
            let fits = match phase {
                Phase::Play => matches!(
                    action,
                    Action::Move { .. } | Action::Strike { .. } | Action::Command { .. } | Action::Draw
                ),
                _ => matches!(action, Action::Place(_)),
            };
            if !fits {
                return Err(format!("{action} listed in {phase:?}"));
            }
        }
        if step.action == Action::Draw {
            let places = step.after.phase() != phase && matches!(step.after.phase(), Phase::Place { .. });
            if !places || step.after.side_to_move() != step.seat {
                return Err(format!("after a draw: {:?}, {} to act", step.after.phase(), step.after.side_to_move()));
            }
        }
        Ok(())
    });
}

#[test]
fn listed_actions_are_exactly_what_the_icons_allow() {
    property::<Standard>("listed_actions_are_exactly_what_the_icons_allow", CASES, None, 10000, |step| {
        step.reached();
        let list = step.legal_before(step.seat);
        let got: BTreeSet<String> = list.iter().map(ToString::to_string).collect();
        if got.len() != list.len() {
            return Err(format!("duplicate actions listed: {list:?}"));
        }
        let want = common::legal(step.before);
        if got != want {
            let extra: Vec<_> = got.difference(&want).collect();
            let missing: Vec<_> = want.difference(&got).collect();
            return Err(format!("listed but not allowed: {extra:?}; allowed but not listed: {missing:?}"));
        }
        Ok(())
    });
}

#[test]
fn a_player_can_never_pass() {
    property::<Standard>("a_player_can_never_pass", CASES, None, 10000, |step| {
        if !step.after.is_over() {
            let mut list = Vec::new();
            step.after.legal_actions(step.after.side_to_move(), &mut list);
            if list.is_empty() {
                return Err(format!("{} must act but has no listed action", step.after.side_to_move()));
            }
        }
        if !matches!(step.before.phase(), Phase::Play) {
            return Ok(());
        }
        step.reached();
        let g = grid(step.before);
        for action in step.legal_before(step.seat) {
            let mut next = *step.before;
            next.apply(step.seat, action).map_err(|e| format!("listed {action} refused: {e}"))?;
            if grid(&next) == g && next.phase() == step.before.phase() {
                return Err(format!("{action} is a pass: nothing changed"));
            }
        }
        Ok(())
    });
}
