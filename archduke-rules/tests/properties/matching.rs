//! Box rulebook "Matching" and "Penalty cards", the FAQ on matching one's own discard and
//! matched action cards, ECLIPSE ("Action + special cards"), with readings 3-5 and 7.

use std::cell::Cell as Counter;
use std::collections::BTreeSet;

use archduke_rules::testing::{bias_draws, bias_matches, bias_play};
use archduke_rules::{Action, Cell, Event, Role, Stage};
use duke_core::{Game, Observer};

use crate::model::{Card, Model};
use crate::oracle::{
    CASES, PerGame, active, actives, counted, everyone, face_at, filled, fits, has_room, listed, property, round_ended,
    seats, seen_at, setups,
};

#[test]
fn a_match_succeeds_exactly_when_value_or_symbol_fits() {
    let (in_turn, out_of_turn) = (Counter::new(0), Counter::new(0));
    let name = "a_match_succeeds_exactly_when_value_or_symbol_fits";
    property(name, CASES, Some(bias_matches), 3000, |step| {
        let Action::Match(slot) = step.action else { return Ok(()) };
        step.reached();
        let (before, after) = setups(step);
        let card = face_at(&before, step.seat, slot).ok_or("a match from an empty position")?;
        let top = *before.discard.last().ok_or("a match onto an empty discard pile")?;
        let fit = fits(card, top);
        let opened = matches!(before.stage, Stage::Window { after: Some(s), .. } if s == step.seat);
        if fit {
            let counter = if opened { &in_turn } else { &out_of_turn };
            counter.set(counter.get() + 1);
        }
        let want = if fit {
            Event::Matched { seat: step.seat, slot, face: card }
        } else {
            Event::Missed { seat: step.seat, slot, face: card }
        };
        if step.events(Observer::Spectator).get(1) != Some(&want) {
            return Err(format!("{card} onto {top}: events {:?}, want {want:?}", step.events(Observer::Spectator)));
        }
        if round_ended(&before, &after) {
            return Ok(());
        }
        let left = face_at(&after, step.seat, slot);
        let top_after = after.discard.last().copied();
        if fit && (left.is_some() || top_after != Some(card)) {
            return Err(format!("{card} fits {top}, but {slot} holds {left:?} and the discard top is {top_after:?}"));
        }
        if !fit && left != Some(card) {
            return Err(format!("{card} does not fit {top}, but {slot} holds {left:?}"));
        }
        Ok(())
    });
    counted(name, "matches that fit, by the player whose discard it is", &in_turn, 100);
    counted(name, "matches that fit, out of turn", &out_of_turn, 300);
}

#[test]
fn eclipses_match_each_other_and_count_their_own_value() {
    property("eclipses_match_each_other_and_count_their_own_value", CASES * 2, Some(bias_matches), 20, |step| {
        let Action::Match(slot) = step.action else { return Ok(()) };
        let (before, after) = setups(step);
        let (Some(card), Some(&top)) = (face_at(&before, step.seat, slot), before.discard.last()) else {
            return Ok(());
        };
        if card.role != Role::Eclipse || top.role != Role::Eclipse || card.value == top.value {
            return Ok(());
        }
        step.reached();
        // "These cards may be matched with one another"; FAQ: "you can match your 13 card to
        // the 0". The value scored stays the card's own (the round's result checks sums).
        let matched = step.events(Observer::Spectator).contains(&Event::Matched { seat: step.seat, slot, face: card });
        if !matched || (!round_ended(&before, &after) && after.discard.last() != Some(&card)) {
            return Err(format!("ECLIPSE {card} did not match ECLIPSE {top}"));
        }
        Ok(())
    });
}

#[test]
fn matches_are_listed_exactly_while_a_window_is_open() {
    property("matches_are_listed_exactly_while_a_window_is_open", CASES, Some(bias_play), 10000, |step| {
        let (before, _) = setups(step);
        let open = matches!(before.stage, Stage::Window { .. }) && !before.discard.is_empty();
        for (seat, listed) in seats(&before).zip(listed(step)) {
            // Any own card may be tried while a card is face up and the next player has not
            // started (reading 3), if a penalty card would still fit (reading 7).
            let may = open && active(&before, seat) && has_room(&before, seat);
            let want: BTreeSet<String> = if may {
                filled(&before, seat).iter().map(|s| format!("match {s}")).collect()
            } else {
                BTreeSet::new()
            };
            let got: BTreeSet<String> =
                listed.iter().filter(|a| matches!(a, Action::Match(_))).map(|a| a.to_string()).collect();
            if got != want {
                return Err(format!("{seat} may {got:?}, the rules allow {want:?} (stage {:?})", before.stage));
            }
        }
        step.reached();
        Ok(())
    });
}

#[test]
fn a_failed_match_keeps_the_card_reveals_it_and_adds_an_unseen_penalty() {
    property(
        "a_failed_match_keeps_the_card_reveals_it_and_adds_an_unseen_penalty",
        CASES,
        Some(bias_play),
        1500,
        |step| {
            let Action::Match(slot) = step.action else { return Ok(()) };
            let (before, after) = setups(step);
            let (Some(card), Some(&top)) = (face_at(&before, step.seat, slot), before.discard.last()) else {
                return Ok(());
            };
            if fits(card, top) || round_ended(&before, &after) {
                return Ok(());
            }
            step.reached();
            // "They must keep the attempted match card AND take a penalty card from the draw
            // pile, adding it to their grid without viewing it."
            if face_at(&after, step.seat, slot) != Some(card) || seen_at(&after, step.seat, slot) != everyone(&before) {
                return Err(format!(
                    "{card} tried: {} seen by {:?}",
                    after.grids[step.seat.index()],
                    seen_at(&after, step.seat, slot)
                ));
            }
            let model = Model::after(&before, step.seat, step.action);
            let Some(&(_, penalty)) = model.penalties.first() else {
                return if before.draw.is_empty() && before.discard.is_empty() {
                    Ok(())
                } else {
                    Err("no penalty card, but a pile has cards".into())
                };
            };
            let added = after.grids[step.seat.index()].cards.get(penalty.0 as usize).copied().flatten();
            let fair = match model.card(step.seat, penalty) {
                Some(Card::Known(face)) => added == Some(face),
                _ => added.is_some(),
            };
            if !fair || !seen_at(&after, step.seat, penalty).is_empty() {
                return Err(format!(
                    "the penalty card at {penalty}: {added:?} seen by {:?}",
                    seen_at(&after, step.seat, penalty)
                ));
            }
            for observer in seats(&before).map(Observer::Seat) {
                let view = step.after.view(observer);
                let cells = &view.grids[step.seat.index()];
                let tried = matches!(cells[slot.0 as usize], Cell::Known { face, .. } if face == card);
                if !tried || !matches!(cells[penalty.0 as usize], Cell::Hidden { .. }) {
                    return Err(format!(
                        "{observer:?} sees {:?} and {:?}",
                        cells[slot.0 as usize], cells[penalty.0 as usize]
                    ));
                }
            }
            Ok(())
        },
    );
}

/// Per game: whether the previous step was a match that fitted, in a window still open.
#[derive(Default)]
struct Chain {
    matched: bool,
}

#[test]
fn matching_stays_open_after_a_match_for_everyone_and_onto_ones_own_discard() {
    let (own, chains) = (Counter::new(0), Counter::new(0));
    let memory = PerGame::<Chain>::new();
    let name = "matching_stays_open_after_a_match_for_everyone_and_onto_ones_own_discard";
    property(name, CASES, Some(bias_matches), 1500, |step| {
        let (before, after) = setups(step);
        let fitted = match step.action {
            Action::Match(slot) => {
                face_at(&before, step.seat, slot).zip(before.discard.last()).is_some_and(|(c, &t)| fits(c, t))
            }
            _ => false,
        };
        let follows = memory.at(step, |m| std::mem::replace(&mut m.matched, fitted && !round_ended(&before, &after)));
        if !fitted || round_ended(&before, &after) {
            return Ok(());
        }
        step.reached();
        if follows {
            chains.set(chains.get() + 1);
        }
        if matches!(before.stage, Stage::Window { after: Some(s), .. } if s == step.seat) {
            own.set(own.get() + 1);
        }
        // "There is no limit to the amount of cards that can be matched at one time as long as
        // the next player hasn't begun their turn."
        if after.stage != before.stage {
            return Err(format!("a match moved the round from {:?} to {:?}", before.stage, after.stage));
        }
        for seat in actives(&after).into_iter().filter(|&s| has_room(&after, s) && !filled(&after, s).is_empty()) {
            let mut legal = Vec::new();
            step.after.legal_actions(seat, &mut legal);
            if !legal.iter().any(|a| matches!(a, Action::Match(_))) {
                return Err(format!("after a match {seat} may not match any more"));
            }
        }
        Ok(())
    });
    counted(name, "matches onto one's own discard", &own, 100);
    counted(name, "matches right after another match", &chains, 300);
}

#[test]
fn action_cards_resolve_in_order_each_by_its_player() {
    property("action_cards_resolve_in_order_each_by_its_player", CASES, Some(bias_matches), 300, |step| {
        let (before, after) = setups(step);
        if !round_ended(&before, &after) {
            let model = Model::after(&before, step.seat, step.action);
            if after.pending != model.pending {
                return Err(format!("pending {:?}, want {:?}", after.pending, model.pending));
            }
        }
        let Some(&(owner, power)) = before.pending.first() else { return Ok(()) };
        if before.pending.len() > 1 {
            step.reached();
        }
        // "Actions are taken in the order they were matched"; the turn ends "once that action
        // is resolved", so nobody starts a turn or calls in the meantime.
        for (seat, listed) in seats(&before).zip(listed(step)) {
            for action in listed {
                let starts = matches!(action, Action::Draw | Action::Take(_) | Action::End | Action::Archduke);
                let uses = matches!(action, Action::Peek(_) | Action::Swap(..) | Action::Give(_) | Action::Pass);
                if starts || (uses && seat != owner) {
                    return Err(format!("{seat} may {action} while {owner}'s {power} waits"));
                }
            }
        }
        Ok(())
    });
}

#[test]
fn penalty_cards_fill_the_first_empty_position_then_new_columns() {
    let columns = Counter::new(0);
    let name = "penalty_cards_fill_the_first_empty_position_then_new_columns";
    property(name, CASES, Some(bias_draws), 1500, |step| {
        let (before, after) = setups(step);
        if round_ended(&before, &after) {
            return Ok(());
        }
        let model = Model::after(&before, step.seat, step.action);
        for &(seat, slot) in &model.penalties {
            step.reached();
            let width = before.grids[seat.index()].cards.len();
            // Reading 5: the first empty position, else the top of a new column to the right.
            let first_empty = before.grids[seat.index()].cards.iter().position(Option::is_none);
            let want = first_empty.unwrap_or(width);
            if slot.0 as usize != want || after.grids[seat.index()].cards.get(want).copied().flatten().is_none() {
                return Err(format!(
                    "{seat}'s penalty card: {}, want a card at {}",
                    after.grids[seat.index()],
                    archduke_rules::Slot(want as u8)
                ));
            }
            if first_empty.is_none() {
                columns.set(columns.get() + 1);
                if after.grids[seat.index()].cards.len() != width + 2 {
                    return Err(format!(
                        "{seat}'s grid grew from {width} to {} positions",
                        after.grids[seat.index()].cards.len()
                    ));
                }
            }
            if !step.events(Observer::Spectator).contains(&Event::Penalty { seat, slot, face: None }) {
                return Err(format!("no penalty event for {seat} at {slot}"));
            }
        }
        Ok(())
    });
    counted(name, "penalty cards starting a new column", &columns, 300);
}
