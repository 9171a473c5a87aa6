//! Rulebook "Place a New Troop Tile" (the draw, where the tile goes, a surrounded Duke,
//! an empty bag) and "Stuck Tiles".

use std::cell::RefCell;
use std::collections::HashSet;

use duke_core::Observer;
use theduke_rules::testing::bias_draws;
use theduke_rules::{Action, Event, Phase, Piece, STANDARD_TILES, Standard, TileKind};

use crate::common;
use crate::oracle::{
    CASES, at, bag_total, candidates, duke_of, grid, listed, other, placements, property, shares_a_side, squares,
    tiles_of,
};

#[test]
fn a_drawn_tile_comes_from_the_bag_and_is_placed_beside_the_duke() {
    property::<Standard>(
        "a_drawn_tile_comes_from_the_bag_and_is_placed_beside_the_duke",
        CASES,
        Some(bias_draws),
        3000,
        |step| {
            let (me, before, after) = (step.seat, step.before, step.after);
            match (step.action, before.phase()) {
                (Action::Draw, _) => {
                    step.reached();
                    let Phase::Place { drawn } = after.phase() else {
                        return Err(format!("after a draw: {:?}", after.phase()));
                    };
                    for k in 0..before.tiles().len() as u8 {
                        let want = before.bag_count(me, TileKind(k)) - u8::from(TileKind(k) == drawn);
                        if after.bag_count(me, TileKind(k)) != want
                            || after.bag_count(other(me), TileKind(k)) != before.bag_count(other(me), TileKind(k))
                        {
                            return Err(format!(
                                "the bags after drawing a {drawn:?} are not the bags before less that tile"
                            ));
                        }
                    }
                    if grid(after) != grid(before) {
                        return Err("a draw changed the board".into());
                    }
                    let shown = step
                        .events(Observer::Spectator)
                        .iter()
                        .any(|e| matches!(e, Event::DrawnTile { seat, tile } if *seat == me && tile.kind == drawn));
                    if !shown {
                        return Err("the drawn tile is not shown".into());
                    }
                }
                (Action::Place(square), Phase::Place { drawn }) => {
                    step.reached();
                    let g = grid(before);
                    let duke = duke_of(&g, me).ok_or("no Duke")?;
                    let want: HashSet<Action> =
                        placements(&STANDARD_TILES, &g, me).into_iter().map(Action::Place).collect();
                    if listed(step) != want {
                        return Err(format!("placements listed {:?}, the rulebook allows {want:?}", listed(step)));
                    }
                    if !shares_a_side(square, duke) || at(&g, square).is_some() {
                        return Err(format!("placed on {square}, Duke on {duke}"));
                    }
                    if after.piece_at(square) != Some(Piece::new(drawn, me)) {
                        return Err(format!("{square} holds {:?} after placing a {drawn:?}", after.piece_at(square)));
                    }
                }
                _ => {}
            }
            Ok(())
        },
    );
}

#[test]
fn draws_are_uniform_over_the_tiles_in_the_bag() {
    // Per tile type: draws seen, and draws expected (the sum of its share of the bag) with
    // their variance.
    let tally = RefCell::new(vec![(0.0f64, 0.0f64, 0.0f64); STANDARD_TILES.len()]);
    let coverage = property::<Standard>(
        "draws_are_uniform_over_the_tiles_in_the_bag",
        CASES * 2,
        Some(bias_draws),
        3000,
        |step| {
            if step.action != Action::Draw {
                return Ok(());
            }
            let Phase::Place { drawn } = step.after.phase() else { return Err("a draw drew nothing".into()) };
            step.reached();
            let total = f64::from(bag_total(step.before, step.seat));
            let mut tally = tally.borrow_mut();
            for (k, (seen, expected, variance)) in tally.iter_mut().enumerate() {
                let p = f64::from(step.before.bag_count(step.seat, TileKind(k as u8))) / total;
                *expected += p;
                *variance += p * (1.0 - p);
                *seen += f64::from(u8::from(drawn.index() == k));
            }
            Ok(())
        },
    );
    for (k, (seen, expected, variance)) in tally.into_inner().into_iter().enumerate() {
        let name = STANDARD_TILES[k].name;
        assert!(
            (seen - expected).abs() <= 4.5 * variance.sqrt() + 1.0,
            "{name}: drawn {seen} times in {coverage:?}, expected {expected:.1}"
        );
    }
}

#[test]
fn no_draw_when_the_duke_has_no_free_side() {
    property::<Standard>("no_draw_when_the_duke_has_no_free_side", CASES, Some(bias_draws), 2500, |step| {
        let (me, before) = (step.seat, step.before);
        if before.phase() != Phase::Play {
            return Ok(());
        }
        let g = grid(before);
        let duke = duke_of(&g, me).ok_or("no Duke")?;
        let free_side = squares().any(|sq| shares_a_side(sq, duke) && at(&g, sq).is_none());
        let draw = listed(step).contains(&Action::Draw);
        if bag_total(before, me) > 0 && !free_side {
            step.reached();
        }
        let want = bag_total(before, me) > 0 && !common::placements(&g, me).is_empty();
        if draw != want {
            return Err(format!(
                "draw listed: {draw}; bag {}, free side {free_side}, safe placements {:?}",
                bag_total(before, me),
                common::placements(&g, me)
            ));
        }
        Ok(())
    });
}

#[test]
fn a_drawn_tile_must_be_placed_even_into_danger() {
    property::<Standard>("a_drawn_tile_must_be_placed_even_into_danger", CASES, Some(bias_draws), 450, |step| {
        let Phase::Place { drawn } = step.before.phase() else { return Ok(()) };
        let listed = listed(step);
        if listed.is_empty() || listed.iter().any(|a| !matches!(a, Action::Place(_))) {
            return Err(format!("with a drawn tile the listed actions are {listed:?}"));
        }
        // The new tile's own safety is not asked: squares where the opponent could take it
        // are listed too.
        let g = grid(step.before);
        let me = step.seat;
        let into_danger = listed.iter().any(|&a| {
            let Action::Place(sq) = a else { return false };
            let placed = crate::oracle::apply(&g, me, a, Some(drawn));
            common::pseudo(&placed, other(me)).iter().any(|t| t.ends_with(&sq.to_string()))
        });
        if into_danger {
            step.reached();
        }
        Ok(())
    });
}

#[test]
fn no_draw_from_an_empty_bag() {
    property::<Standard>("no_draw_from_an_empty_bag", CASES, Some(bias_draws), 4000, |step| {
        if step.before.phase() != Phase::Play || bag_total(step.before, step.seat) > 0 {
            return Ok(());
        }
        step.reached();
        if listed(step).contains(&Action::Draw) {
            return Err("draw listed with an empty bag".into());
        }
        Ok(())
    });
}

#[test]
fn stuck_tiles_stay_on_the_board() {
    property::<Standard>("stuck_tiles_stay_on_the_board", CASES, Some(bias_draws), 7000, |step| {
        if step.before.phase() != Phase::Play {
            return Ok(());
        }
        let g = grid(step.before);
        let commanded = match step.action {
            Action::Command { from, .. } => Some(from),
            _ => None,
        };
        for (sq, piece) in tiles_of(&g, step.seat) {
            let stuck = !candidates(&STANDARD_TILES, &g, sq, true).iter().any(|c| c.allowed);
            if !stuck || commanded == Some(sq) {
                continue;
            }
            step.reached();
            if step.after.piece_at(sq) != Some(piece) {
                return Err(format!("the stuck {piece:?} on {sq} did not stay"));
            }
        }
        Ok(())
    });
}
