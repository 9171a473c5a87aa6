//! An independent model of who has seen which card, built from the rules text alone (the
//! pre-round peek, drawing and keeping, taking the face-up discard, PEEK, failed matches,
//! SWAP moving knowledge with the cards, GIVE and penalty cards unseen), checked against every
//! seat's view and the spectator view (the faces every seat has seen) at every step of random
//! games.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::needless_range_loop
)]

use archduke_rules::{Action, Archduke, Cell, Face, RuleSet};
use duke_core::{Game, GameRng, Observer, Seat};
use proptest::prelude::*;

/// The true grids, from the state's setup: `cards[seat][slot]` = the face there.
fn truth(game: &Archduke) -> Vec<Vec<Option<Face>>> {
    game.to_setup().grids.into_iter().map(|g| g.cards).collect()
}

fn at(grids: &[Vec<Option<Face>>], seat: usize, slot: usize) -> Option<Face> {
    grids.get(seat).and_then(|g| g.get(slot)).copied().flatten()
}

/// `known[observer][seat][slot]`.
type Known = Vec<Vec<Vec<bool>>>;

fn fresh(n: usize) -> Known {
    vec![vec![vec![false; 32]; n]; n]
}

fn check(game: &Archduke, known: &Known) -> Result<(), TestCaseError> {
    let grids = truth(game);
    let n = game.seat_count();
    for o in 0..n {
        let view = game.view(Observer::Seat(Seat(o as u8)));
        for (seat, cells) in view.grids.iter().enumerate() {
            for (slot, cell) in cells.iter().enumerate() {
                let card = at(&grids, seat, slot);
                let expect = card.filter(|_| known[o][seat][slot]);
                let shown = match cell {
                    Cell::Known { face, .. } => Some(*face),
                    _ => None,
                };
                prop_assert_eq!(shown, expect, "P{} sees P{} slot {}", o, seat, slot);
                prop_assert_eq!(matches!(cell, Cell::Empty), card.is_none());
            }
        }
    }
    // The spectator sees only what every player sees: the faces every seat has seen.
    let spectator = game.view(Observer::Spectator);
    for (seat, cells) in spectator.grids.iter().enumerate() {
        for (slot, cell) in cells.iter().enumerate() {
            let common = at(&grids, seat, slot).is_some() && (0..n).all(|o| known[o][seat][slot]);
            prop_assert_eq!(matches!(cell, Cell::Known { .. }), common, "the spectator sees P{} slot {}", seat, slot);
        }
    }
    Ok(())
}

/// Positions filled after the action that were empty (or absent) before.
fn new_slots(before: &[Vec<Option<Face>>], after: &[Vec<Option<Face>>], seat: usize) -> Vec<usize> {
    (0..32).filter(|&s| at(before, seat, s).is_none() && at(after, seat, s).is_some()).collect()
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(40))]

    #[test]
    fn views_match_an_independent_knowledge_model(players in 2u8..=6, online in any::<bool>(), seed in any::<u64>()) {
        let rules = if online { RuleSet::Online } else { RuleSet::Box };
        let mut config = rules.config(players);
        config.turn_limit = Some(40);
        config.round_limit = Some(2);
        let mut game = Archduke::new(&config, seed).unwrap();
        let n = players as usize;
        let mut known = fresh(n);
        let mut rng = GameRng::new(seed);
        let mut buf = Vec::new();
        while !game.is_over() {
            let seats: Vec<Seat> = game.to_act().iter().collect();
            // Bias away from an early "Archduke!" so that games run long.
            let seat = seats[rng.below(seats.len() as u32) as usize];
            game.legal_actions(seat, &mut buf);
            let mut action = buf[rng.below(buf.len() as u32) as usize];
            if action == Action::Archduke && rng.below(8) != 0 {
                action = buf[0];
            }
            let before = truth(&game);
            let round = game.view(Observer::Spectator).round;
            game.apply(seat, action).unwrap();
            if game.is_over() {
                break;
            }
            if game.view(Observer::Spectator).round != round {
                known = fresh(n);
                check(&game, &known)?;
                continue;
            }
            let after = truth(&game);
            let s = seat.index();
            match action {
                Action::Look(a, b) => {
                    known[s][s][a.0 as usize] = true;
                    known[s][s][b.0 as usize] = true;
                }
                Action::Keep(slot) => {
                    (0..n).for_each(|o| known[o][s][slot.0 as usize] = false);
                    known[s][s][slot.0 as usize] = true;
                }
                Action::Take(slot) => (0..n).for_each(|o| known[o][s][slot.0 as usize] = true),
                Action::Match(slot) => {
                    let i = slot.0 as usize;
                    if at(&after, s, i).is_none() {
                        (0..n).for_each(|o| known[o][s][i] = false);
                    } else {
                        (0..n).for_each(|o| known[o][s][i] = true);
                        for new in new_slots(&before, &after, s) {
                            (0..n).for_each(|o| known[o][s][new] = false);
                        }
                    }
                }
                Action::Peek(spot) => known[s][spot.seat.index()][spot.slot.0 as usize] = true,
                Action::Swap(a, b) => {
                    for o in 0..n {
                        let x = known[o][a.seat.index()][a.slot.0 as usize];
                        let y = known[o][b.seat.index()][b.slot.0 as usize];
                        known[o][a.seat.index()][a.slot.0 as usize] = y;
                        known[o][b.seat.index()][b.slot.0 as usize] = x;
                    }
                }
                Action::Give(target) => {
                    for new in new_slots(&before, &after, target.index()) {
                        (0..n).for_each(|o| known[o][target.index()][new] = false);
                    }
                }
                Action::Draw | Action::Discard | Action::Pass | Action::Archduke | Action::End => {}
            }
            check(&game, &known)?;
        }
    }
}
