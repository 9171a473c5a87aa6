//! Rulebook "Contents", "Set-up" and "Starting Side".

use std::cell::Cell;
use std::collections::HashSet;

use duke_core::Seat;
use theduke_rules::{Action, Phase, Piece, Side, Square, Standard, TheDuke, TileKind};

use crate::common::CONTENTS;
use crate::oracle::{CASES, at, duke_of, grid, listed, other, property, shares_a_side, squares};

fn kind_named(state: &TheDuke, name: &str) -> Result<TileKind, String> {
    let index = state.tiles().iter().position(|t| t.name == name).ok_or(format!("no {name} in the tile set"))?;
    Ok(TileKind(index as u8))
}

/// Tiles `seat` still has set aside for set-up (rulebook "Set-up": the Duke and two
/// Footmen), from whose set-up it is.
fn set_aside(state: &TheDuke, seat: Seat, kind: TileKind) -> u8 {
    let (duke, footmen) = match state.phase() {
        Phase::SetupDuke if state.side_to_move() == seat => (1, 2),
        Phase::SetupFootman { remaining } if state.side_to_move() == seat => (0, remaining),
        // The other seat has finished if it set up first, else not begun.
        Phase::SetupDuke | Phase::SetupFootman { .. } if state.first_player() == seat => (0, 0),
        Phase::SetupDuke | Phase::SetupFootman { .. } => (1, 2),
        _ => (0, 0),
    };
    match kind {
        TileKind::DUKE => duke,
        TileKind::FOOTMAN => footmen,
        _ => 0,
    }
}

fn conserved(state: &TheDuke) -> Result<(), String> {
    if state.tiles().len() != CONTENTS.len() {
        return Err(format!("{} tile types, the box has {}", state.tiles().len(), CONTENTS.len()));
    }
    let g = grid(state);
    for seat in [Seat(0), Seat(1)] {
        let mut total = 0;
        for (name, count) in CONTENTS {
            let kind = kind_named(state, name)?;
            let on_board =
                squares().filter(|&sq| at(&g, sq).is_some_and(|p| p.owner == seat && p.kind == kind)).count() as u8;
            let drawn = u8::from(state.phase() == Phase::Place { drawn: kind } && state.side_to_move() == seat);
            let places = [
                on_board,
                state.bag_count(seat, kind),
                state.captured_count(seat, kind),
                drawn,
                set_aside(state, seat, kind),
            ];
            let sum: u8 = places.iter().sum();
            if sum != count {
                return Err(format!(
                    "{seat} has {sum} {name}s (board, bag, captured, drawn, set aside: {places:?}), the box {count}"
                ));
            }
            total += u32::from(sum);
        }
        if total != 19 {
            return Err(format!("{seat} has {total} tiles"));
        }
    }
    Ok(())
}

#[test]
fn contents_every_tile_is_in_exactly_one_place() {
    property::<Standard>("contents_every_tile_is_in_exactly_one_place", CASES, None, 10000, |step| {
        step.reached();
        if step.index == 0 {
            conserved(step.before)?;
        }
        conserved(step.after)
    });
}

#[test]
fn set_up_sets_aside_the_duke_and_two_footmen_and_bags_the_rest() {
    property::<Standard>("set_up_sets_aside_the_duke_and_two_footmen_and_bags_the_rest", CASES, None, 150, |step| {
        if step.index != 0 {
            return Ok(());
        }
        step.reached();
        let new = step.before;
        if squares().any(|sq| new.piece_at(sq).is_some()) || new.phase() != Phase::SetupDuke || new.turns() != 0 {
            return Err("a new game is not an empty board at the start of set-up".into());
        }
        for seat in [Seat(0), Seat(1)] {
            for (name, count) in CONTENTS {
                let kind = kind_named(new, name)?;
                let aside = match name {
                    "Duke" => 1,
                    "Footman" => 2,
                    _ => 0,
                };
                if new.bag_count(seat, kind) != count - aside || new.captured_count(seat, kind) != 0 {
                    return Err(format!(
                        "{seat}'s bag holds {} {name}s, want {}",
                        new.bag_count(seat, kind),
                        count - aside
                    ));
                }
            }
        }
        Ok(())
    });
}

#[test]
fn the_first_player_is_the_configured_one_or_drawn() {
    let drawn = [Cell::new(0u32), Cell::new(0u32)];
    property::<Standard>("the_first_player_is_the_configured_one_or_drawn", CASES, None, 150, |step| {
        if step.after.first_player() != step.before.first_player() {
            return Err("the first player changed".into());
        }
        if step.index != 0 {
            return Ok(());
        }
        step.reached();
        let first = step.before.first_player();
        if step.seat != first || step.before.side_to_move() != first {
            return Err(format!("{} sets up first but the first player is {first}", step.seat));
        }
        match step.before.config().first_player {
            Some(Seat(0)) if first != Seat(0) => Err("configured Seat0, drawn otherwise".into()),
            Some(Seat(1)) if first != Seat(1) => Err("configured Seat1, drawn otherwise".into()),
            None => {
                drawn[first.index() & 1].set(drawn[first.index() & 1].get() + 1);
                Ok(())
            }
            _ => Ok(()),
        }
    });
    // Drawn with the generator: both seats come up.
    assert!(drawn[0].get() >= 15 && drawn[1].get() >= 15, "first players drawn: {drawn:?}");
}

/// The home edge of `seat` (reading 10: seat 0's is rank 1).
fn home_rank(seat: Seat) -> i8 {
    if seat.0 == 0 { 0 } else { 5 }
}

#[test]
fn set_up_places_the_duke_then_two_footmen_beside_it_first_player_then_second() {
    property::<Standard>(
        "set_up_places_the_duke_then_two_footmen_beside_it_first_player_then_second",
        CASES,
        None,
        1000,
        |step| {
            let before = step.before;
            let first = before.first_player();
            if step.index == 6 && !matches!(before.phase(), Phase::Play | Phase::Over(_)) {
                return Err(format!("set-up not over after six placements: {:?}", before.phase()));
            }
            if step.index >= 6 {
                return Ok(());
            }
            step.reached();
            let want_seat = if step.index < 3 { first } else { other(first) };
            if step.seat != want_seat {
                return Err(format!("set-up step {} by {}, want {want_seat}", step.index, step.seat));
            }
            let g = grid(before);
            let expected: HashSet<Action> = if step.index % 3 == 0 {
                let rank = home_rank(step.seat);
                // "one of the two center squares in his edge row"
                [2, 3].into_iter().filter_map(|f| Square::at(f, rank)).map(Action::SetDuke).collect()
            } else {
                let duke = duke_of(&g, step.seat).ok_or("no Duke to place the Footmen beside")?;
                squares()
                    .filter(|&sq| shares_a_side(sq, duke) && at(&g, sq).is_none())
                    .map(Action::SetFootman)
                    .collect()
            };
            let got = listed(step);
            if got != expected {
                return Err(format!("set-up step {}: listed {got:?}, the rulebook allows {expected:?}", step.index));
            }
            if step.index == 5 && step.after.side_to_move() != first {
                return Err(format!("after set-up {} moves, but {first} set up first", step.after.side_to_move()));
            }
            Ok(())
        },
    );
}

#[test]
fn every_tile_enters_play_starting_side_up() {
    property::<Standard>("every_tile_enters_play_starting_side_up", CASES, None, 1400, |step| {
        let (square, kind) = match (step.action, step.before.phase()) {
            (Action::SetDuke(sq), _) => (sq, TileKind::DUKE),
            (Action::SetFootman(sq), _) => (sq, TileKind::FOOTMAN),
            (Action::Place(sq), Phase::Place { drawn }) => (sq, drawn),
            _ => return Ok(()),
        };
        step.reached();
        let want = Piece { kind, side: Side::Start, owner: step.seat };
        if step.after.piece_at(square) != Some(want) {
            return Err(format!("{square} holds {:?}, want {want:?}", step.after.piece_at(square)));
        }
        Ok(())
    });
}
