//! Rulebook "Terrain Tiles", "Dragon Tile", in Expanded play with the Dragon on the board
//! (`testing::dragon_configs`). The oracle is the rulebook text written out here: the Dragon's
//! own-frame profile turned to its facing.

use duke_core::Seat;
use proptest::prelude::*;
use theduke_rules::testing::{before_the_dragons_turn, dragon_configs, flag_configs};
use theduke_rules::{Action, Dragon, EndReason, ExpandedDuke, Facing, Objective, Phase, Square, TerrainOptions};

use crate::oracle::{game_property, listed, squares};

const GAMES: u32 = 120;

/// Enraging favoured (uniform play meets it rarely), captures over draws.
fn bias(state: &ExpandedDuke, seat: Seat, action: &Action) -> u32 {
    match *action {
        Action::Enrage { .. } => 40,
        Action::Draw => 3,
        Action::Move { to, .. } if state.piece_at(to).is_some_and(|p| p.owner != seat) => 6,
        _ => 2,
    }
}

/// The square `(dx, dy)` of the Dragon's own frame (`+dy` ahead, `+dx` to its right).
fn step_of(d: Dragon, (dx, dy): (i8, i8)) -> Option<Square> {
    let (fx, fy) = match d.facing {
        Facing::North => (0, 1),
        Facing::East => (1, 0),
        Facing::South => (0, -1),
        Facing::West => (-1, 0),
    };
    d.square.offset(dx * fy + dy * fx, -dx * fx + dy * fy)
}

const MIDDLE: [&str; 4] = ["c3", "d3", "c4", "d4"];

#[test]
fn the_dragon_is_placed_in_the_middle_facing_sideways_once_set_up_is_complete() {
    game_property::<ExpandedDuke>(
        "the_dragon_is_placed_in_the_middle_facing_sideways_once_set_up_is_complete",
        dragon_configs(),
        GAMES,
        None,
        GAMES.into(),
        |step| {
            let setting_up = |phase: Phase| matches!(phase, Phase::SetupDuke | Phase::SetupFootman { .. });
            if !setting_up(step.before.phase()) || setting_up(step.after.phase()) {
                return Ok(());
            }
            step.reached();
            let Some(d) = step.after.dragon() else { return Err("set-up complete without the Dragon".into()) };
            let middle = MIDDLE.iter().any(|m| m.parse::<Square>().ok() == Some(d.square));
            if !middle || !matches!(d.facing, Facing::East | Facing::West) || d.enraged || d.turning {
                return Err(format!("placed as {d:?}"));
            }
            Ok(())
        },
    );
}

#[test]
fn no_tile_shares_the_dragons_square_and_only_an_enraging_ends_there() {
    game_property::<ExpandedDuke>(
        "no_tile_shares_the_dragons_square_and_only_an_enraging_ends_there",
        dragon_configs(),
        GAMES,
        Some(bias),
        1_500,
        |step| {
            let Some(d) = step.before.dragon() else { return Ok(()) };
            step.reached();
            if step.before.piece_at(d.square).is_some() {
                return Err(format!("a tile with the Dragon on {}", d.square));
            }
            for a in listed(step) {
                let lands = match a {
                    Action::Move { to, .. } | Action::Command { to, .. } | Action::Place(to) => Some(to),
                    Action::Summon { to, .. } | Action::Keep { to, .. } | Action::Escape { to, .. } => Some(to),
                    Action::Strike { target, .. } => Some(target),
                    _ => None,
                };
                if lands == Some(d.square) {
                    return Err(format!("{a} reaches the Dragon's square {}", d.square));
                }
            }
            Ok(())
        },
    );
}

#[test]
fn a_calm_dragon_keeps_its_side_and_facing_and_moves_only_by_its_move_icons() {
    game_property::<ExpandedDuke>(
        "a_calm_dragon_keeps_its_side_and_facing_and_moves_only_by_its_move_icons",
        dragon_configs(),
        GAMES,
        Some(bias),
        100,
        |step| {
            let (Some(d), Some(after)) = (step.before.dragon(), step.after.dragon()) else { return Ok(()) };
            if d.enraged || matches!(step.action, Action::Enrage { .. }) || step.before.phase() != Phase::Play {
                return Ok(());
            }
            if matches!(step.action, Action::Draw) || step.after.side_to_move() == step.seat {
                return Ok(());
            }
            if d.turning {
                return if after.square == d.square && after.facing == d.facing.turned(2) && !after.turning {
                    Ok(())
                } else {
                    Err(format!("{d:?} at the edge became {after:?}"))
                };
            }
            if after.square == d.square {
                return if after == d { Ok(()) } else { Err(format!("{d:?} became {after:?} in place")) };
            }
            step.reached();
            let reach = [(0, 1), (0, 2), (-1, 0), (1, 0)].into_iter().filter_map(|icon| step_of(d, icon));
            let by_icon = reach.into_iter().any(|sq| sq == after.square);
            if !by_icon || after.facing != d.facing || after.enraged {
                return Err(format!("{d:?} became {after:?}"));
            }
            // It moved to take a tile: something stood there before its turn.
            if step.after.piece_at(after.square).is_some() {
                return Err(format!("a tile with the Dragon on {}", after.square));
            }
            Ok(())
        },
    );
}

#[test]
fn enraging_pushes_the_calm_dragon_one_square_on_and_aims_it_or_takes_the_tile_there() {
    // The objectives with Flags too, where a push that takes a Duke does not end the game
    // (and the Dragon still rests).
    let with_flags = |objective| {
        flag_configs(objective).prop_map(|config| {
            let mut config = config;
            config.terrain = TerrainOptions { dragon: true, ..config.terrain };
            config
        })
    };
    let configs = prop_oneof![
        4 => dragon_configs(),
        1 => with_flags(Objective::CountingCoup),
        1 => with_flags(Objective::TrophyHunters),
    ];
    game_property::<ExpandedDuke>(
        "enraging_pushes_the_calm_dragon_one_square_on_and_aims_it_or_takes_the_tile_there",
        configs,
        GAMES,
        Some(bias),
        30,
        |step| {
            let Action::Enrage { from, to, aim } = step.action else { return Ok(()) };
            step.reached();
            let Some(d) = step.before.dragon() else { return Err("enraging without a Dragon".into()) };
            if d.enraged || d.square != to {
                return Err(format!("{} on {d:?}", step.action));
            }
            let (df, dr) = ((to.file() - from.file()).signum(), (to.rank() - from.rank()).signum());
            let onto = to.offset(df, dr);
            let after = step.after.dragon();
            if after.map(|a| a.square) != onto {
                return Err(format!("pushed from {to} to {after:?}, not {onto:?}"));
            }
            let mover = step.before.piece_at(from).map(|p| (p.kind, p.owner));
            if step.after.piece_at(to).map(|p| (p.kind, p.owner)) != mover {
                return Err(format!("the sliding tile is not on {to}"));
            }
            // "The enraging and re-orienting of the Dragon tile takes the Dragon's next in
            // between turn action": no other tile is taken in this turn.
            let touched = [Some(from), Some(to), onto];
            if let Some(square) = Square::iter(u64::MAX)
                .find(|s| !touched.contains(&Some(*s)) && step.before.piece_at(*s) != step.after.piece_at(*s))
            {
                return Err(format!("{} changed {square}: the Dragon did not rest", step.action));
            }
            let taken = onto.is_some_and(|o| step.before.piece_at(o).is_some());
            match (taken, aim, after) {
                (true, None, Some(a)) if !a.enraged => Ok(()),
                (false, Some(f), Some(a)) if a.enraged && a.facing == f => Ok(()),
                _ => Err(format!("{} gave {after:?}", step.action)),
            }
        },
    );
}

/// The enraged side's Strike icons, in the Dragon's frame (the printed tile).
const ENRAGED_STRIKES: [(i8, i8); 7] = [(0, 1), (-1, 2), (0, 2), (1, 2), (-1, 3), (0, 3), (1, 3)];

#[test]
fn an_enraged_dragon_strikes_up_to_two_tiles_else_moves_sideways_turning_and_calms_after_a_capture() {
    game_property::<ExpandedDuke>(
        "an_enraged_dragon_strikes_up_to_two_tiles_else_moves_sideways_turning_and_calms_after_a_capture",
        dragon_configs(),
        GAMES,
        Some(bias),
        30,
        |step| {
            let Some(d) = step.before.dragon() else { return Ok(()) };
            if !d.enraged || d.turning || step.before.phase() != Phase::Play {
                return Ok(());
            }
            // The position the Dragon's in-between turn starts from; it comes only once the
            // player's turn is over and his action took no Duke.
            let Some(mid) = before_the_dragons_turn(step.before, step.seat, step.action) else {
                return Err(format!("{} is not legal on a copy", step.action));
            };
            let duke_taken = matches!(mid.phase(), Phase::Over(e) if e.reason == EndReason::DukeCaptured);
            if mid.side_to_move() == step.seat || duke_taken {
                return Ok(());
            }
            step.reached();
            if mid.dragon() != Some(d) {
                return Err(format!("the player's action moved the Dragon: {:?}", mid.dragon()));
            }
            let Some(a) = step.after.dragon() else { return Err("the Dragon left the board".into()) };
            let gone: Vec<Square> =
                squares().filter(|&sq| mid.piece_at(sq).is_some() && step.after.piece_at(sq).is_none()).collect();
            let strikes = |dd: Dragon| -> Vec<Square> {
                ENRAGED_STRIKES
                    .iter()
                    .filter_map(|&icon| step_of(dd, icon))
                    .filter(|&sq| mid.piece_at(sq).is_some())
                    .collect()
            };
            // Terrain may hide a tile from its Strikes (line of sight, the Fort): the counts are
            // exact only on a board without it.
            let terrain = mid.terrain();
            let open = terrain.mountain.is_none() && terrain.fort.is_none();
            let calmed = |why: &str| -> Result<(), String> {
                if a.enraged || a.turning || !matches!(a.facing, Facing::East | Facing::West) {
                    return Err(format!("{why}, yet the Dragon is {a:?}"));
                }
                Ok(())
            };
            if a.square == d.square {
                let reach = strikes(d);
                if gone.is_empty() || gone.len() > 2 || gone.iter().any(|sq| !reach.contains(sq)) {
                    return Err(format!("{d:?} stayed and took {gone:?} of {reach:?}"));
                }
                if open && gone.len() != reach.len().min(2) {
                    return Err(format!("{d:?} took {gone:?}, not two of {reach:?}"));
                }
                return calmed("it struck");
            }
            if open && !strikes(d).is_empty() {
                return Err(format!("{d:?} moved to {} with {:?} to strike", a.square, strikes(d)));
            }
            let side = [((-1, 0), 3), ((1, 0), 1)].into_iter().find(|&(icon, _)| step_of(d, icon) == Some(a.square));
            let Some((_, quarters)) = side else { return Err(format!("{d:?} moved to {a:?}, no side Move")) };
            let turned = Dragon { square: a.square, facing: d.facing.turned(quarters), enraged: true, turning: false };
            if mid.piece_at(a.square).is_some() {
                if gone != [a.square] {
                    return Err(format!("{d:?} moved onto a tile on {} and took {gone:?}", a.square));
                }
                return calmed("it took the tile it moved onto");
            }
            if gone.is_empty() {
                if a != turned {
                    return Err(format!("{d:?} moved without a capture and is {a:?}, not {turned:?}"));
                }
                if open && !strikes(turned).is_empty() {
                    return Err(format!("{turned:?} did not strike {:?}", strikes(turned)));
                }
                return Ok(());
            }
            let reach = strikes(turned);
            if gone.len() > 2 || gone.iter().any(|sq| !reach.contains(sq)) || (open && gone.len() != reach.len().min(2))
            {
                return Err(format!("{turned:?} took {gone:?} of {reach:?}"));
            }
            calmed("it struck after its move")
        },
    );
}
