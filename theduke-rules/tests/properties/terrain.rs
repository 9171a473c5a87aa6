//! Rulebook "Terrain Tiles" ("Mountain Tile", "Fort Tile"), in Expanded play with both
//! terrain tiles on the board (`testing::terrain_configs`). The oracle is the Expanded
//! reference of `tests/common/expanded.rs` (its terrain rules, and its Liang-Barsky line of
//! sight), written from the rulebook text.

use duke_core::Seat;
use theduke_rules::testing::terrain_configs;
use theduke_rules::{Action, ExpandedDuke, Phase, Square};

use crate::common::expanded::{Model, line_crosses, model};
use crate::oracle::{game_property, listed};

const GAMES: u32 = 150;

/// Moves and captures favoured over draws once a few tiles are out: more tiles walk into
/// the terrain's way.
fn bias(state: &ExpandedDuke, seat: Seat, action: &Action) -> u32 {
    match *action {
        Action::Draw => 3,
        Action::Strike { .. } | Action::Command { .. } => 20,
        Action::Move { to, .. } if state.piece_at(to).is_some_and(|p| p.owner != seat) => 6,
        _ => 2,
    }
}

/// The square an action ends a tile on (a move, a command, a placement, an ability).
fn landing(action: Action) -> Option<Square> {
    match action {
        Action::Move { to, .. }
        | Action::Command { to, .. }
        | Action::Place(to)
        | Action::Summon { to, .. }
        | Action::Keep { to, .. }
        | Action::Escape { to, .. }
        | Action::Ransom { to, .. } => Some(to),
        _ => None,
    }
}

#[test]
fn terrain_is_placed_at_random_on_open_squares_once_set_up_is_complete() {
    game_property::<ExpandedDuke>(
        "terrain_is_placed_at_random_on_open_squares_once_set_up_is_complete",
        terrain_configs(),
        GAMES,
        None,
        GAMES.into(),
        |step| {
            let (before, after) = (step.before.terrain(), step.after.terrain());
            let setting_up = |phase: Phase| matches!(phase, Phase::SetupDuke | Phase::SetupFootman { .. });
            if setting_up(step.before.phase()) && setting_up(step.after.phase()) {
                return if after.is_empty() { Ok(()) } else { Err(format!("terrain during set-up: {after:?}")) };
            }
            if setting_up(step.before.phase()) {
                step.reached();
                let (Some(m), Some(f)) = (after.mountain, after.fort) else {
                    return Err(format!("set-up complete without both terrain tiles: {after:?}"));
                };
                if m == f || step.after.piece_at(m).is_some() || step.after.piece_at(f).is_some() {
                    return Err(format!("terrain not on two open squares: {after:?}"));
                }
                return Ok(());
            }
            if before != after {
                return Err(format!("the terrain moved: {before:?} to {after:?}"));
            }
            Ok(())
        },
    );
}

#[test]
fn nothing_enters_the_mountain_nor_passes_it() {
    game_property::<ExpandedDuke>(
        "nothing_enters_the_mountain_nor_passes_it",
        terrain_configs(),
        GAMES,
        Some(bias),
        300,
        |step| {
            let Some(mountain) = step.before.terrain().mountain else { return Ok(()) };
            let listed = listed(step);
            if let Some(a) = listed.iter().find(|a| landing(**a) == Some(mountain)) {
                return Err(format!("{a} ends on the Mountain on {mountain}"));
            }
            if step.before.phase() != Phase::Play {
                return Ok(());
            }
            let m = model(step.before);
            let open = Model { mountain: None, ..m.clone() };
            let allowed = m.candidates(step.seat);
            for a in open.candidates(step.seat).iter().filter(|a| !allowed.contains(a)) {
                if listed.contains(a) {
                    return Err(format!("{a} enters or passes the Mountain on {mountain} but is listed"));
                }
                step.reached();
            }
            Ok(())
        },
    );
}

#[test]
fn strikes_need_a_line_of_sight_past_terrain_and_never_capture_in_the_fort() {
    game_property::<ExpandedDuke>(
        "strikes_need_a_line_of_sight_past_terrain_and_never_capture_in_the_fort",
        terrain_configs(),
        GAMES,
        Some(bias),
        30,
        |step| {
            let terrain = step.before.terrain();
            let listed = listed(step);
            for a in &listed {
                let Action::Strike { from, target } = *a else { continue };
                if Some(target) == terrain.fort {
                    return Err(format!("{a} strikes into the Fort"));
                }
                if let Some((kind, sq)) =
                    terrain.tiles().find(|&(_, t)| t != from && t != target && line_crosses(from, target, t))
                {
                    return Err(format!("{a} strikes through the {kind:?} on {sq}"));
                }
            }
            if step.before.phase() == Phase::Play {
                let m = model(step.before);
                let open = Model { mountain: None, fort: None, ..m.clone() };
                let allowed = m.candidates(step.seat);
                let blocked = open
                    .candidates(step.seat)
                    .into_iter()
                    .filter(|a| matches!(a, Action::Strike { .. }) && !allowed.contains(a))
                    .count();
                for _ in 0..blocked {
                    step.reached();
                }
            }
            Ok(())
        },
    );
}

#[test]
fn the_fort_holds_one_tile_entered_by_move_slide_jump_slide_or_command_never_by_a_jump() {
    game_property::<ExpandedDuke>(
        "the_fort_holds_one_tile_entered_by_move_slide_jump_slide_or_command_never_by_a_jump",
        terrain_configs(),
        GAMES,
        Some(bias),
        30,
        |step| {
            let Some(fort) = step.before.terrain().fort else { return Ok(()) };
            if step.before.phase() != Phase::Play {
                return Ok(());
            }
            let m = model(step.before);
            let listed = listed(step);
            let into_fort =
                |a: &Action| matches!(a, Action::Move { .. } | Action::Command { .. }) && landing(*a) == Some(fort);
            let candidates: Vec<Action> = m.candidates(step.seat).into_iter().filter(into_fort).collect();
            if let Some(a) = listed.iter().find(|a| into_fort(a) && !candidates.contains(a)) {
                return Err(format!("{a} enters the Fort on {fort} by no icon that may"));
            }
            for a in candidates {
                if listed.contains(&a) != m.allowed(step.seat, a) {
                    return Err(format!("{a} into the Fort on {fort}: listed {}", listed.contains(&a)));
                }
                step.reached();
            }
            Ok(())
        },
    );
}

#[test]
fn no_new_tile_is_placed_on_terrain() {
    game_property::<ExpandedDuke>(
        "no_new_tile_is_placed_on_terrain",
        terrain_configs(),
        GAMES,
        Some(bias),
        5,
        |step| {
            let terrain = step.before.terrain();
            let on_terrain = |sq: Square| Some(sq) == terrain.mountain || Some(sq) == terrain.fort;
            let listed = listed(step);
            if let Some(a) =
                listed.iter().find(|a| matches!(a, Action::Place(to) | Action::Keep { to, .. } if on_terrain(*to)))
            {
                return Err(format!("{a} places a new tile on terrain {terrain:?}"));
            }
            if matches!(step.before.phase(), Phase::Place { .. })
                && let Some(duke) = step.before.duke_square(step.seat)
                && terrain.tiles().any(|(_, t)| (t.file() - duke.file()).abs() + (t.rank() - duke.rank()).abs() == 1)
            {
                step.reached();
            }
            Ok(())
        },
    );
}

#[test]
fn dread_does_not_cross_the_fort() {
    // Rare: a Dread tile, the Fort between it and an enemy; twice the games.
    game_property::<ExpandedDuke>(
        "dread_does_not_cross_the_fort",
        terrain_configs(),
        GAMES * 2,
        Some(bias),
        5,
        |step| {
            let Some(fort) = step.before.terrain().fort else { return Ok(()) };
            let m = model(step.before);
            let frozen: std::collections::BTreeSet<Square> =
                duke_core::Game::view(step.before, duke_core::Observer::Spectator).frozen.into_iter().collect();
            if frozen != m.frozen() {
                return Err(format!("frozen {frozen:?}, the oracle says {:?}", m.frozen()));
            }
            if frozen.contains(&fort) {
                return Err(format!("the tile in the Fort on {fort} is frozen"));
            }
            let sheltered = Model { fort: None, ..m.clone() }.frozen();
            if sheltered != frozen {
                step.reached();
            }
            Ok(())
        },
    );
}
