//! Rulebook "Terrain Tiles", "Dragon Tile", in Expanded play with the Dragon on the board
//! (`testing::dragon_configs`). The oracle is the rulebook text written out here: the Dragon's
//! own-frame profile turned to its facing.

use duke_core::Seat;
use theduke_rules::testing::dragon_configs;
use theduke_rules::{Action, Dragon, ExpandedDuke, Facing, Phase, Square};

use crate::oracle::{game_property, listed};

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
    game_property::<ExpandedDuke>(
        "enraging_pushes_the_calm_dragon_one_square_on_and_aims_it_or_takes_the_tile_there",
        dragon_configs(),
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
            let taken = onto.is_some_and(|o| step.before.piece_at(o).is_some());
            match (taken, aim, after) {
                (true, None, Some(a)) if !a.enraged => Ok(()),
                (false, Some(f), Some(a)) if a.enraged && a.facing == f => Ok(()),
                _ => Err(format!("{} gave {after:?}", step.action)),
            }
        },
    );
}
