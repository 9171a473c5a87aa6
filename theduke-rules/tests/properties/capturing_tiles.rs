//! Rulebook "Capturing Tiles" (captures, "Guard"), "Putting the Duke Tile in Danger" and
//! "Looking at Opposite Sides of a Tile".

use duke_core::{Game, Observer, Seat};
use theduke_rules::testing::{bias_captures, bias_guard};
use theduke_rules::{Action, Event, Phase, STANDARD_TILES, Standard, TileKind};

use crate::common;
use crate::oracle::{CASES, apply, at, duke_of, grid, listed, other, placements, property, squares, target};

#[test]
fn a_capture_removes_exactly_the_target() {
    property::<Standard>("a_capture_removes_exactly_the_target", CASES, Some(bias_captures), 1300, |step| {
        let (before, after) = (step.before, step.after);
        let victim = target(step.action).and_then(|sq| before.piece_at(sq).map(|p| (sq, p)));
        let victim = victim.filter(|(_, p)| p.owner != step.seat);
        let events = step.events(Observer::Spectator);
        let announced: Vec<_> = events.iter().filter(|e| matches!(e, Event::Captured { .. })).collect();
        for seat in [Seat(0), Seat(1)] {
            for k in 0..before.tiles().len() as u8 {
                let kind = TileKind(k);
                let taken = victim.is_some_and(|(_, p)| p.owner == seat && p.kind == kind);
                let want = before.captured_count(seat, kind) + u8::from(taken);
                if after.captured_count(seat, kind) != want {
                    return Err(format!(
                        "{seat}'s captured {kind:?}: {}, want {want}",
                        after.captured_count(seat, kind)
                    ));
                }
            }
        }
        let Some((square, piece)) = victim else {
            return if announced.is_empty() { Ok(()) } else { Err(format!("a capture announced: {announced:?}")) };
        };
        step.reached();
        // The captured tile is gone from the board: the capturer stands there, or nobody
        // after a Strike; every other square is as the action alone leaves it.
        let now = after.piece_at(square);
        if now.is_some_and(|p| p.owner != step.seat) || (matches!(step.action, Action::Strike { .. }) && now.is_some())
        {
            return Err(format!("{square} holds {now:?} after the capture"));
        }
        if grid(after) != apply(&grid(before), step.seat, step.action, None) {
            return Err("the board differs from the capture's effect".into());
        }
        let want = Event::Captured { by: step.seat, owner: piece.owner, tile: named(piece.kind), square };
        if announced != [&want] {
            return Err(format!("capture events {announced:?}, want {want:?}"));
        }
        Ok(())
    });
}

fn named(kind: TileKind) -> theduke_rules::NamedTile {
    theduke_rules::NamedTile { kind, name: STANDARD_TILES[kind.index()].name.to_owned() }
}

#[test]
fn guard_is_announced_exactly_when_the_duke_is_capturable() {
    property::<Standard>(
        "guard_is_announced_exactly_when_the_duke_is_capturable",
        CASES,
        Some(bias_guard),
        10000,
        |step| {
            let g = grid(step.after);
            for observer in [Observer::Spectator, Observer::Seat(Seat(0)), Observer::Seat(Seat(1))] {
                let view = step.after.view(observer);
                for seat in [Seat(0), Seat(1)] {
                    let want = duke_of(&g, seat).is_some() && common::duke_capturable(&g, other(seat));
                    if view.in_guard[seat.index()] != want {
                        return Err(format!("{observer:?}'s view says {seat}'s Duke in Guard: {}", !want));
                    }
                }
            }
            let events = step.events(Observer::Spectator);
            let guards: Vec<_> = events.iter().filter(|e| matches!(e, Event::Guard { .. })).collect();
            let turn_ended = matches!(
                step.action,
                Action::Move { .. } | Action::Strike { .. } | Action::Command { .. } | Action::Place(_)
            );
            let opponent = other(step.seat);
            let duke = duke_of(&g, opponent);
            let say = turn_ended && duke.is_some() && common::duke_capturable(&g, step.seat);
            if say {
                step.reached();
                let want = Event::Guard { seat: step.seat, duke_of: opponent, square: duke.unwrap() };
                if guards != [&want] {
                    return Err(format!("Guard events {guards:?}, want {want:?}"));
                }
            } else if !guards.is_empty() {
                return Err(format!("Guard announced but the mover cannot take the Duke next turn: {guards:?}"));
            }
            Ok(())
        },
    );
}

#[test]
fn no_listed_action_leaves_the_own_duke_capturable() {
    property::<Standard>("no_listed_action_leaves_the_own_duke_capturable", CASES, Some(bias_guard), 6000, |step| {
        let (me, before) = (step.seat, step.before);
        let g = grid(before);
        let listed = listed(step);
        match before.phase() {
            Phase::Play => {
                let enemy_duke = duke_of(&g, other(me));
                let mut moves = 0;
                for &action in &listed {
                    if action == Action::Draw {
                        if placements(&STANDARD_TILES, &g, me).is_empty() {
                            return Err("draw listed, but every placement would leave the Duke capturable".into());
                        }
                        continue;
                    }
                    moves += 1;
                    if target(action) != enemy_duke && common::duke_capturable(&apply(&g, me, action, None), other(me))
                    {
                        return Err(format!("{action} listed, but it lets the opponent take the Duke"));
                    }
                }
                // The rule bit: some action the icons allow is not listed.
                if common::pseudo(&g, me).len() > moves {
                    step.reached();
                }
            }
            Phase::Place { drawn } => {
                for &action in &listed {
                    if common::duke_capturable(&apply(&g, me, action, Some(drawn)), other(me)) {
                        return Err(format!("{action} listed, but it lets the opponent take the Duke"));
                    }
                }
            }
            _ => {}
        }
        Ok(())
    });
}

#[test]
fn both_sides_of_every_tile_are_public() {
    property::<Standard>("both_sides_of_every_tile_are_public", CASES, None, 10000, |step| {
        step.reached();
        let state = step.after;
        let spectator = state.view(Observer::Spectator);
        for seat in [Seat(0), Seat(1)] {
            let mut view = state.view(Observer::Seat(seat));
            view.observer = Observer::Spectator;
            if view != spectator {
                return Err(format!("{seat} sees something the spectator does not"));
            }
            for k in 0..state.tiles().len() {
                let kind = TileKind(k as u8);
                if spectator.bags[seat.index()][k] != state.bag_count(seat, kind)
                    || spectator.captured[seat.index()][k] != state.captured_count(seat, kind)
                {
                    return Err(format!("the view hides {seat}'s bag or captured tiles"));
                }
            }
        }
        // Every tile shows its type, side and owner to everyone.
        let g = grid(state);
        for sq in squares() {
            if spectator.board[sq.index()] != at(&g, sq) {
                return Err(format!("the view of {sq} is {:?}", spectator.board[sq.index()]));
            }
        }
        Ok(())
    });
}
