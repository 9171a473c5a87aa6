//! Box rulebook "On your turn": draw from the draw pile or the discard pile; a drawn card is
//! seen by the drawer only, kept or discarded at once; a card from the discard pile must be
//! kept; the replaced card goes face up onto the discard pile and play goes clockwise.

use std::collections::BTreeSet;

use archduke_rules::testing::{bias_draws, bias_play};
use archduke_rules::{Action, Event, Stage};
use duke_core::{Game, Observer, SeatSet};

use crate::model::Model;
use crate::oracle::{
    CASES, active, everyone, face_at, filled, left_of, listed, must_end, property, round_ended, seats, seen_at, setups,
    sorted,
};

#[test]
fn the_next_player_draws_from_either_pile() {
    property("the_next_player_draws_from_either_pile", CASES, Some(bias_play), 3000, |step| {
        let (before, _) = setups(step);
        let window = match before.stage {
            Stage::Window { next, .. } => Some(next),
            _ => None,
        };
        for (seat, listed) in seats(&before).zip(listed(step)) {
            // The next player starts his turn once every action card is resolved (a turn
            // ends "once that action is resolved"), unless the round must end (reading 17).
            let starts = window == Some(seat) && active(&before, seat) && before.pending.is_empty();
            let draws = starts && !must_end(&before);
            let mut want: BTreeSet<String> = BTreeSet::new();
            if draws {
                step.reached();
                want.insert("draw".into());
                if !before.discard.is_empty() {
                    want.extend(filled(&before, seat).iter().map(|s| format!("take {s}")));
                }
            }
            if starts && must_end(&before) {
                want.insert("end".into());
            }
            let got: BTreeSet<String> = listed
                .iter()
                .filter(|a| matches!(a, Action::Draw | Action::Take(_) | Action::End))
                .map(|a| a.to_string())
                .collect();
            if got != want {
                return Err(format!("{seat} may {got:?} to start a turn, the rules allow {want:?}"));
            }
        }
        Ok(())
    });
}

#[test]
fn a_drawn_card_is_seen_by_the_drawer_only_then_kept_or_discarded() {
    property("a_drawn_card_is_seen_by_the_drawer_only_then_kept_or_discarded", CASES, Some(bias_draws), 600, |step| {
        let (before, after) = setups(step);
        match step.action {
            Action::Draw => {
                step.reached();
                let Stage::Deciding { player, card: Some(card) } = after.stage else {
                    return Err(format!("after a draw: {:?}", after.stage));
                };
                let from_top = before.draw.last().copied();
                let fair = match from_top {
                    Some(top) => card == top,
                    // The draw pile was exhausted: the card comes from the reshuffled discards.
                    None => before.discard.contains(&card),
                };
                if player != step.seat || !fair || after.turns != before.turns + 1 {
                    return Err(format!("{} drew {card} (top {from_top:?}), turn {}", player, after.turns));
                }
                // "Look at the new card (without revealing it)".
                for observer in seats(&before).map(Observer::Seat).chain([Observer::Spectator]) {
                    let shown = match step.after.view(observer).stage {
                        Stage::Deciding { card, .. } => card,
                        _ => None,
                    };
                    let mine = observer == Observer::Seat(step.seat);
                    if shown != Some(card).filter(|_| mine) {
                        return Err(format!("{observer:?} sees the drawn card as {shown:?}"));
                    }
                    let events = step.events(observer);
                    if events.first() != Some(&Event::Draw { seat: step.seat, face: Some(card).filter(|_| mine) }) {
                        return Err(format!("{observer:?} saw {:?}", events.first()));
                    }
                }
                // "Either choose to keep it ... or immediately discard it."
                let mut want: BTreeSet<String> =
                    filled(&after, step.seat).iter().map(|s| format!("keep {s}")).collect();
                want.insert("discard".into());
                let mut legal = Vec::new();
                step.after.legal_actions(step.seat, &mut legal);
                let got: BTreeSet<String> = legal.iter().map(|a| a.to_string()).collect();
                if got != want || step.after.to_act() != SeatSet::single(step.seat) {
                    return Err(format!("the drawer may {got:?}, {:?} may act", step.after.to_act()));
                }
            }
            Action::Keep(slot) if !round_ended(&before, &after) => {
                let Stage::Deciding { card: Some(card), .. } = before.stage else { return Err("no drawn card".into()) };
                if face_at(&after, step.seat, slot) != Some(card)
                    || seen_at(&after, step.seat, slot) != SeatSet::single(step.seat)
                {
                    return Err(format!("{card} kept at {slot}: {:?}", after.grids[step.seat.index()]));
                }
            }
            _ => {}
        }
        Ok(())
    });
}

#[test]
fn a_card_taken_from_the_discard_pile_is_kept() {
    property("a_card_taken_from_the_discard_pile_is_kept", CASES, Some(bias_play), 200, |step| {
        let (before, after) = setups(step);
        // Nothing but a card just drawn from the draw pile may be discarded.
        for (seat, listed) in seats(&before).zip(listed(step)) {
            let deciding = matches!(before.stage, Stage::Deciding { player, .. } if player == seat);
            if listed.contains(&Action::Discard) != deciding {
                return Err(format!("{seat} may discard: {}", !deciding));
            }
        }
        let Action::Take(slot) = step.action else { return Ok(()) };
        step.reached();
        let top = *before.discard.last().ok_or("taken from an empty discard pile")?;
        let replaced = face_at(&before, step.seat, slot).ok_or("taken into an empty position")?;
        // "If picking from the discard pile, the card must be played into your grid."
        if face_at(&after, step.seat, slot) != Some(top) || seen_at(&after, step.seat, slot) != everyone(&before) {
            return Err(format!("{top} taken into {slot}: {}", after.grids[step.seat.index()]));
        }
        let mut want = before.discard[..before.discard.len() - 1].to_vec();
        want.push(replaced);
        if after.discard != want || after.turns != before.turns + 1 {
            return Err(format!("the discard pile {:?}, want {want:?}", after.discard));
        }
        Ok(())
    });
}

#[test]
fn the_replaced_card_goes_face_up_and_play_passes_clockwise() {
    property("the_replaced_card_goes_face_up_and_play_passes_clockwise", CASES, Some(bias_play), 600, |step| {
        let (before, after) = setups(step);
        let gone = match step.action {
            Action::Keep(slot) | Action::Take(slot) => face_at(&before, step.seat, slot),
            Action::Discard => match before.stage {
                Stage::Deciding { card, .. } => card,
                _ => None,
            },
            _ => return Ok(()),
        };
        if round_ended(&before, &after) {
            return Ok(());
        }
        step.reached();
        let gone = gone.ok_or("nothing replaced")?;
        // "The card being replaced is immediately discarded face-up"; "play continues
        // clockwise".
        let next = left_of(&before, step.seat);
        if after.discard.last() != Some(&gone) || after.stage != (Stage::Window { after: Some(step.seat), next }) {
            return Err(format!(
                "discard top {:?} at {:?}, want {gone} and {next} next",
                after.discard.last(),
                after.stage
            ));
        }
        let model = Model::after(&before, step.seat, step.action);
        if model.discard != after.discard
            || model.pending != after.pending
            || sorted(model.draw) != sorted(after.draw.clone())
        {
            return Err(format!(
                "piles {:?} / pending {:?}, want {:?} / {:?}",
                after.discard, after.pending, model.discard, model.pending
            ));
        }
        let face_up = match step.action {
            Action::Keep(slot) | Action::Take(slot) => Event::Replaced { seat: step.seat, slot, face: gone },
            _ => Event::Discarded { seat: step.seat, face: gone },
        };
        for observer in seats(&before).map(Observer::Seat).chain([Observer::Spectator]) {
            if !step.events(observer).contains(&face_up) {
                return Err(format!("{observer:?} did not see {face_up:?}"));
            }
        }
        Ok(())
    });
}
