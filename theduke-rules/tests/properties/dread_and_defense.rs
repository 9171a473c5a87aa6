//! Rulebook "Movement Icons": Dread and Defense, in Expanded play with custom tile sets
//! carrying them (`testing::expanded_duke_configs`). The oracle is the Expanded reference of
//! `tests/common/expanded.rs`, written from the rulebook text.

use std::collections::BTreeSet;

use duke_core::Seat;
use proptest::prelude::*;
use theduke_rules::testing::expanded_duke_configs;
use theduke_rules::{
    Action, CustomTiles, DreadThaw, ExpandedDuke, Icon, IconKind, Phase, Square, TileKind, TileSetSpec,
};

use crate::common::expanded::{Model, model};
use crate::oracle::{game_property, listed};

const GAMES: u32 = 80;

/// Draws and captures favoured: more tiles on the board, so more Dread and Defense.
fn bias(state: &ExpandedDuke, seat: Seat, action: &Action) -> u32 {
    match *action {
        Action::Draw => 6,
        Action::Move { to, .. } | Action::Strike { target: to, .. } | Action::Command { to, .. }
            if state.piece_at(to).is_some_and(|p| p.owner != seat) =>
        {
            4
        }
        _ => 1,
    }
}

/// Commands favoured, and moves toward enemy tiles: commanding onto a defended tile needs
/// an enemy on a Command icon's square.
fn bias_commands(state: &ExpandedDuke, seat: Seat, action: &Action) -> u32 {
    let near = |to: Square| {
        (0..36u8)
            .filter_map(Square::new)
            .filter(|&sq| (sq.file() - to.file()).abs() <= 1 && (sq.rank() - to.rank()).abs() <= 1)
            .filter(|&sq| state.piece_at(sq).is_some_and(|p| p.owner != seat))
            .count() as u32
    };
    match *action {
        Action::Command { to, .. } => 30 + 30 * near(to),
        Action::Move { to, .. } | Action::Place(to) => bias(state, seat, action) * (1 + 3 * near(to)),
        _ => bias(state, seat, action),
    }
}

/// The tile an action moves or uses, and the tile it captures.
fn touched(m: &Model, seat: Seat, action: Action) -> Vec<Square> {
    let mut out = Vec::new();
    match action {
        Action::Move { from, .. } | Action::Strike { from, .. } => out.push(from),
        Action::Command { by, from, .. } => out.extend([by, from]),
        Action::Summon { from, .. } | Action::Divine(from) => out.push(from),
        _ => {}
    }
    out.extend(m.captured_square(seat, action));
    out
}

#[test]
fn dread_freezes_covered_tiles_but_the_duke_and_dread_carriers() {
    game_property::<ExpandedDuke>(
        "dread_freezes_covered_tiles_but_the_duke_and_dread_carriers",
        expanded_duke_configs(),
        GAMES,
        Some(bias),
        150,
        |step| {
            if step.before.phase() != Phase::Play {
                return Ok(());
            }
            let m = model(step.before);
            let frozen = m.frozen();
            if let Some(duke) = frozen.iter().find(|&&sq| m.at(sq).is_some_and(|p| p.kind == TileKind::DUKE)) {
                return Err(format!("the oracle froze a Duke on {duke}"));
            }
            for action in listed(step) {
                if let Some(sq) = touched(&m, step.seat, action).into_iter().find(|sq| frozen.contains(sq)) {
                    return Err(format!("{action} moves, uses, commands or captures the frozen tile on {sq}"));
                }
            }
            // Reached: a frozen tile would otherwise act or be captured by the seat to act.
            let thawed = Model { ignore_dread: true, ..m.clone() };
            if thawed
                .candidates(step.seat)
                .iter()
                .any(|&a| touched(&m, step.seat, a).iter().any(|sq| frozen.contains(sq)))
            {
                step.reached();
            }
            Ok(())
        },
    );
}

#[test]
fn a_frozen_tile_thaws_as_the_reading_says() {
    game_property::<ExpandedDuke>(
        "a_frozen_tile_thaws_as_the_reading_says",
        expanded_duke_configs(),
        GAMES * 3,
        Some(bias),
        30,
        |step| {
            let (before, after, mover) = (step.before, step.after, step.seat);
            if matches!(after.phase(), Phase::Over(_)) {
                return Ok(());
            }
            let frozen = |g: &ExpandedDuke| -> BTreeSet<Square> {
                duke_core::Game::view(g, duke_core::Observer::Spectator).frozen.into_iter().collect()
            };
            // What the icons on the board cover now, from the oracle.
            let covered = Model { held: BTreeSet::new(), ..model(after) }.frozen();
            let expected: BTreeSet<Square> = match after.config().readings.dread_thaw {
                DreadThaw::WhenUncovered => covered.clone(),
                // Reading 24's other reading: what was frozen stays frozen (frozen tiles do not
                // move), but as a turn begins its player's tiles no icon covers thaw.
                DreadThaw::ControllerTurn => {
                    let passed = after.side_to_move() != before.side_to_move();
                    let stays = |sq: &Square| {
                        after.piece_at(*sq).is_some_and(|p| !passed || p.owner == mover) && !covered.contains(sq)
                    };
                    frozen(before).into_iter().filter(stays).chain(covered.iter().copied()).collect()
                }
            };
            let got = frozen(after);
            if got != expected {
                return Err(format!("frozen after {}: {got:?}, the reading says {expected:?}", step.action));
            }
            if got.len() > covered.len() {
                step.reached();
            }
            Ok(())
        },
    );
}

#[test]
fn defense_blocks_straight_captures_through_its_squares() {
    game_property::<ExpandedDuke>(
        "defense_blocks_straight_captures_through_its_squares",
        expanded_duke_configs(),
        // Half as many games again: a capture a Defense icon stops is rare in uniform play.
        GAMES * 3 / 2,
        Some(bias),
        80,
        |step| {
            if step.before.phase() != Phase::Play {
                return Ok(());
            }
            let m = model(step.before);
            let listed = listed(step);
            let allowed = m.candidates(step.seat);
            let open = Model { ignore_defense: true, ..m.clone() }.candidates(step.seat);
            for a in &listed {
                if m.captured_square(step.seat, *a).is_some() && !allowed.contains(a) {
                    return Err(format!("{a} is listed, but the target's Defense blocks every path"));
                }
            }
            for a in open.iter().filter(|a| !allowed.contains(a)) {
                if listed.contains(a) {
                    return Err(format!("{a} is blocked by Defense but listed"));
                }
                step.reached();
            }
            // An unblocked capture is listed exactly when it keeps the own Duke safe.
            for a in allowed.iter().filter(|&&a| m.captured_square(step.seat, a).is_some()) {
                if listed.contains(a) != m.allowed(step.seat, *a) {
                    return Err(format!("{a}: listed {} but the Duke-danger rule says otherwise", listed.contains(a)));
                }
            }
            Ok(())
        },
    );
}

/// Expanded configs whose sets also give the Footman's sides Command icons on the four
/// squares sharing a side with it and every tile a Defense icon ahead of it: commands onto
/// defended tiles then arise in play.
fn commanding_configs() -> impl Strategy<Value = theduke_rules::Config> {
    expanded_duke_configs().prop_map(|mut config| {
        let mut spec = config.tiles.as_ref().map_or_else(TileSetSpec::standard, |t| t.spec().clone());
        for (k, tile) in spec.tiles.iter_mut().enumerate() {
            for side in [&mut tile.start, &mut tile.back] {
                let mut add = vec![Icon::new(IconKind::Defense, 0, 1)];
                if k == 1 {
                    add.extend([(1, 0), (-1, 0), (0, 1), (0, -1)].map(|(x, y)| Icon::new(IconKind::Command, x, y)));
                }
                for icon in add {
                    if !side.contains(&icon) {
                        side.push(icon);
                    }
                }
            }
        }
        config.tiles = Some(CustomTiles::new(spec));
        config
    })
}

#[test]
fn command_ignores_defense() {
    game_property::<ExpandedDuke>(
        "command_ignores_defense",
        commanding_configs(),
        GAMES,
        Some(bias_commands),
        150,
        |step| {
            if step.before.phase() != Phase::Play {
                return Ok(());
            }
            let m = model(step.before);
            let listed = listed(step);
            for a in m.candidates(step.seat) {
                let Action::Command { to, .. } = a else { continue };
                if m.captured_square(step.seat, a).is_none() || m.defense(to).is_empty() {
                    continue;
                }
                if listed.contains(&a) != m.allowed(step.seat, a) {
                    return Err(format!("{a} commands onto a defended tile: listed {}", listed.contains(&a)));
                }
                step.reached();
            }
            Ok(())
        },
    );
}
