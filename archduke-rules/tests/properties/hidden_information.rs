//! Who sees which card, from the rules' text alone: the pre-round peek ("look at any 2 of
//! their own cards"), a drawn card kept ("without revealing it"), a card taken from the
//! face-up discard pile, PEEK, a failed match (the card is shown), SWAP ("no player ... may
//! look at their new card": what was known follows the card), GIVE and penalty cards
//! ("without viewing it"), the round-end reveal; the spectator sees what every seat has seen
//! (reading 13). Each seat's view and the spectator's are compared with this model at every
//! step.

use archduke_rules::testing::bias_play;
use archduke_rules::{Action, Cell, Setup, Stage};
use duke_core::{Game, Observer, Seat};

use crate::oracle::{CASES, PerGame, face_at, property, round_ended, seats, setups};

/// `known[observer][seat][slot]` for the round under way.
#[derive(Default)]
struct Knowledge {
    known: Vec<Vec<Vec<bool>>>,
}

impl Knowledge {
    fn fresh(n: usize) -> Vec<Vec<Vec<bool>>> {
        vec![vec![vec![false; 32]; n]; n]
    }

    fn everyone(&mut self, seat: usize, slot: usize, value: bool) {
        self.known.iter_mut().for_each(|o| o[seat][slot] = value);
    }
}

/// Positions of `seat` holding a card after the step that were empty (or absent) before.
fn new_cards(before: &Setup, after: &Setup, seat: Seat) -> Vec<usize> {
    let had = |s: usize| before.grids[seat.index()].cards.get(s).copied().flatten().is_some();
    (0..after.grids[seat.index()].cards.len())
        .filter(|&s| !had(s) && after.grids[seat.index()].cards[s].is_some())
        .collect()
}

#[test]
fn views_show_exactly_what_each_observer_has_seen() {
    let memory = PerGame::<Knowledge>::new();
    property("views_show_exactly_what_each_observer_has_seen", CASES, Some(bias_play), 15000, |step| {
        let (before, after) = setups(step);
        let n = usize::from(before.config.players);
        memory.at(step, |k| {
            if step.index == 0 {
                k.known = Knowledge::fresh(n);
            }
            let s = step.seat.index();
            if round_ended(&before, &after) {
                // A new deal: nobody has seen a card of it.
                k.known = Knowledge::fresh(n);
            } else {
                match step.action {
                    Action::Look(a, b) => {
                        k.known[s][s][a.0 as usize] = true;
                        k.known[s][s][b.0 as usize] = true;
                    }
                    Action::Keep(slot) => {
                        k.everyone(s, slot.0 as usize, false);
                        k.known[s][s][slot.0 as usize] = true;
                    }
                    Action::Take(slot) => k.everyone(s, slot.0 as usize, true),
                    Action::Match(slot) => {
                        let tried = face_at(&after, step.seat, slot).is_some();
                        k.everyone(s, slot.0 as usize, tried);
                        for new in new_cards(&before, &after, step.seat) {
                            k.everyone(s, new, false);
                        }
                    }
                    Action::Peek(spot) => k.known[s][spot.seat.index()][spot.slot.0 as usize] = true,
                    Action::Swap(a, b) => {
                        for o in &mut k.known {
                            let x = o[a.seat.index()][a.slot.0 as usize];
                            o[a.seat.index()][a.slot.0 as usize] = o[b.seat.index()][b.slot.0 as usize];
                            o[b.seat.index()][b.slot.0 as usize] = x;
                        }
                    }
                    Action::Give(target) => {
                        for new in new_cards(&before, &after, target) {
                            k.everyone(target.index(), new, false);
                        }
                    }
                    Action::Draw | Action::Discard | Action::Pass | Action::Archduke | Action::End => {}
                }
            }
            let over = after.stage == Stage::Over;
            for observer in seats(&after).map(Observer::Seat).chain([Observer::Spectator]) {
                let view = step.after.view(observer);
                for seat in seats(&after) {
                    for (slot, cell) in view.grids[seat.index()].iter().enumerate() {
                        let card = after.grids[seat.index()].cards.get(slot).copied().flatten();
                        let knows = |o: usize| k.known[o][seat.index()][slot];
                        let sees = over
                            || match observer {
                                Observer::Seat(o) => knows(o.index()),
                                Observer::Spectator => (0..n).all(knows),
                            };
                        let fits = match (cell, card) {
                            (Cell::Empty, None) => true,
                            (Cell::Known { face, .. }, Some(card)) => sees && *face == card,
                            (Cell::Hidden { .. }, Some(_)) => !sees,
                            _ => false,
                        };
                        if !fits {
                            return Err(format!(
                                "{observer:?} sees {seat}:{} as {cell:?}; knows it: {sees}",
                                archduke_rules::Slot(slot as u8)
                            ));
                        }
                    }
                }
            }
            step.reached();
            Ok(())
        })
    });
}
