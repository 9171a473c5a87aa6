//! Rulebook "Movement Icons" (Move, Jump, Slide, Jump Slide, Strike, Command),
//! "Orientation" and "Flip the Tile".

use std::collections::{BTreeSet, HashSet};

use theduke_rules::testing::{bias_captures, bias_strikes_and_commands};
use theduke_rules::{Action, IconKind, Phase, STANDARD_TILES, Standard, TheDuke};

use duke_core::testing::invariants::{Bias, StepCheck};

use crate::common;
use crate::oracle::{
    CASES, Candidate, apply, at, candidates, captured_total, changed, grid, listed, other, property, tiles_of,
};

/// Rulebook "Putting the Duke Tile in Danger" by the reference generator: taking the
/// opposing Duke is always allowed (reading 4), anything else only if the opponent could
/// not take the own Duke next.
fn safe(step: &StepCheck<'_, TheDuke>, action: Action) -> bool {
    let g = grid(step.before);
    let takes_duke = crate::oracle::target(action)
        .and_then(|sq| at(&g, sq))
        .is_some_and(|p| p.kind == theduke_rules::TileKind::DUKE && p.owner != step.seat);
    takes_duke || !common::duke_capturable(&apply(&g, step.seat, action, None), other(step.seat))
}

/// The property of one icon kind at every turn: each action an icon of that kind allows
/// is listed exactly when it keeps the own Duke safe, and an action the icon does not
/// allow (path blocked, a friend there, no enemy to strike) is not listed unless another
/// icon of the same tile allows it. Reached: an icon of the kind allowed something.
fn icon_rule(name: &str, kind: IconKind, bias: Option<Bias<TheDuke>>, at_least: u64) {
    property::<Standard>(name, CASES, bias, at_least, |step| {
        if step.before.phase() != Phase::Play {
            return Ok(());
        }
        let listed = listed(step);
        let g = grid(step.before);
        let mut arose = false;
        for (from, _) in tiles_of(&g, step.seat) {
            let all = candidates(&STANDARD_TILES, &g, from, true);
            for c in all.iter().filter(|c| c.kind == kind) {
                if c.allowed {
                    arose = true;
                    if listed.contains(&c.action) != safe(step, c.action) {
                        let what =
                            if listed.contains(&c.action) { "listed though it exposes the Duke" } else { "not listed" };
                        return Err(format!("{kind:?} allows {}: {what}", c.action));
                    }
                } else if listed.contains(&c.action) && !all.iter().any(|o| o.allowed && o.action == c.action) {
                    return Err(format!(
                        "{} listed, but its {kind:?} icon does not allow it and no other icon does",
                        c.action
                    ));
                }
            }
        }
        if arose {
            step.reached();
        }
        Ok(())
    });
}

#[test]
fn move_icons_need_a_clear_straight_path_and_never_land_on_a_friend() {
    icon_rule("move_icons_need_a_clear_straight_path_and_never_land_on_a_friend", IconKind::Move, None, 8000);
}

#[test]
fn jump_icons_pass_over_anything_but_never_land_on_a_friend() {
    icon_rule("jump_icons_pass_over_anything_but_never_land_on_a_friend", IconKind::Jump, None, 3500);
}

#[test]
fn slide_icons_go_until_blocked_and_may_stop_on_the_first_enemy() {
    icon_rule("slide_icons_go_until_blocked_and_may_stop_on_the_first_enemy", IconKind::Slide, None, 10000);
}

#[test]
fn jump_slide_icons_ignore_the_first_square_then_slide() {
    icon_rule("jump_slide_icons_ignore_the_first_square_then_slide", IconKind::JumpSlide, None, 800);
}

/// The board after the step is the rulebook's effect of the action (rulebook "Flip the
/// Tile", "Capturing Tiles").
fn effect_is_the_rulebooks(step: &StepCheck<'_, TheDuke>) -> Result<(), String> {
    let want = apply(&grid(step.before), step.seat, step.action, None);
    let got = grid(step.after);
    if got != want {
        return Err(format!(
            "{} changed {:?}; the rulebook says the board becomes {want:?}",
            step.action,
            changed(&got, &want)
        ));
    }
    Ok(())
}

#[test]
fn strike_captures_an_enemy_without_moving_and_flips_the_striker() {
    icon_rule(
        "strike_captures_an_enemy_without_moving_and_flips_the_striker (listed)",
        IconKind::Strike,
        Some(bias_strikes_and_commands),
        300,
    );
    property::<Standard>(
        "strike_captures_an_enemy_without_moving_and_flips_the_striker",
        CASES,
        Some(bias_strikes_and_commands),
        200,
        |step| {
            if let Action::Strike { target, .. } = step.action {
                step.reached();
                effect_is_the_rulebooks(step)?;
                if captured_total(step.after, other(step.seat)) != captured_total(step.before, other(step.seat)) + 1 {
                    return Err(format!("the enemy on {target} was not captured"));
                }
            }
            Ok(())
        },
    );
}

#[test]
fn command_moves_a_friend_between_command_squares_and_only_the_commander_flips() {
    let name = "command_moves_a_friend_between_command_squares_and_only_the_commander_flips";
    icon_rule(&format!("{name} (listed)"), IconKind::Command, Some(bias_strikes_and_commands), 120);
    property::<Standard>(name, CASES, Some(bias_strikes_and_commands), 90, |step| {
        if let Action::Command { .. } = step.action {
            step.reached();
            effect_is_the_rulebooks(step)?;
        }
        Ok(())
    });
}

#[test]
fn profiles_face_their_owner_seat_1_turned_180_degrees() {
    property::<Standard>("profiles_face_their_owner_seat_1_turned_180_degrees", CASES, None, 300, |step| {
        if step.before.phase() != Phase::Play {
            return Ok(());
        }
        let g = grid(step.before);
        let allowed = |turned: bool| -> HashSet<Action> {
            tiles_of(&g, step.seat)
                .into_iter()
                .flat_map(|(sq, _)| candidates(&STANDARD_TILES, &g, sq, turned))
                .filter(|c: &Candidate| c.allowed)
                .map(|c| c.action)
                .collect()
        };
        let facing = allowed(true);
        let tile_moves: HashSet<Action> = listed(step).into_iter().filter(|a| !matches!(a, Action::Draw)).collect();
        if let Some(a) = tile_moves.difference(&facing).next() {
            return Err(format!("{a} listed, but no icon of the tile, facing {}, allows it", step.seat));
        }
        // Seat 1's listed actions that only the turned profile allows: the turn mattered.
        if step.seat.0 == 1 && !tile_moves.is_subset(&allowed(false)) {
            step.reached();
        }
        Ok(())
    });
}

#[test]
fn the_acting_tile_flips_at_its_new_square() {
    property::<Standard>("the_acting_tile_flips_at_its_new_square", CASES, Some(bias_captures), 20000, |step| {
        if !matches!(step.action, Action::Move { .. } | Action::Strike { .. } | Action::Command { .. }) {
            return Ok(());
        }
        step.reached();
        effect_is_the_rulebooks(step)
    });
}

#[test]
fn one_target_square_and_one_icon_per_turn() {
    property::<Standard>(
        "one_target_square_and_one_icon_per_turn",
        CASES,
        Some(bias_strikes_and_commands),
        9000,
        |step| {
            let own: BTreeSet<_> = match step.action {
                Action::Move { from, to } => [from, to].into(),
                Action::Strike { from, target } => [from, target].into(),
                Action::Command { by, from, to } => [by, from, to].into(),
                _ => return Ok(()),
            };
            step.reached();
            let moved = changed(&grid(step.before), &grid(step.after));
            if !moved.is_subset(&own) {
                return Err(format!("{} changed {moved:?}", step.action));
            }
            let captures = i64::from(captured_total(step.after, other(step.seat)))
                - i64::from(captured_total(step.before, other(step.seat)));
            if !(0..=1).contains(&captures)
                || captured_total(step.after, step.seat) != captured_total(step.before, step.seat)
            {
                return Err(format!("{} captured {captures} tiles (or an own tile)", step.action));
            }
            let g = grid(step.before);
            let acting = match step.action {
                Action::Command { by, .. } => by,
                Action::Move { from, .. } | Action::Strike { from, .. } => from,
                _ => return Ok(()),
            };
            if !candidates(&STANDARD_TILES, &g, acting, true).iter().any(|c| c.allowed && c.action == step.action) {
                return Err(format!("no single icon of the tile on {acting} allows {}", step.action));
            }
            Ok(())
        },
    );
}
