//! Box rulebook "Action + special cards" (GIVE, SWAP, PEEK; which discards act) with the
//! online rules' "even if that card was just pulled from the draw pile", and the actions'
//! being optional ("you may").

use std::collections::BTreeSet;

use archduke_rules::testing::bias_play;
use archduke_rules::{Action, ActionTrigger, Cell, Power, Setup, Slot, Spot, Stage};
use duke_core::testing::invariants::StepCheck;
use duke_core::{Game, Observer, Seat};

use crate::model::{Card, Model};
use crate::oracle::{CASES, active, face_at, filled, has_room, listed, property, round_ended, seats, seen_at, setups};

/// Whether `owner`'s action card may choose `target`'s cards: "that player is immune to any
/// actions from other players" once he has called "Archduke!".
fn targetable(setup: &Setup, owner: Seat, target: Seat) -> bool {
    active(setup, target) && (setup.caller.is_none() || setup.caller != Some(target) || owner == target)
}

/// Every card `owner`'s action may choose.
fn spots(setup: &Setup, owner: Seat) -> Vec<Spot> {
    seats(setup)
        .filter(|&t| targetable(setup, owner, t))
        .flat_map(|seat| filled(setup, seat).into_iter().map(move |slot| Spot { seat, slot }))
        .collect()
}

/// The action card waiting, if `seat` may use it now.
fn resolving(setup: &Setup, seat: Seat) -> Option<Power> {
    match (setup.stage, setup.pending.first()) {
        (Stage::Window { .. }, Some(&(owner, power))) if owner == seat => Some(power),
        _ => None,
    }
}

/// The listed uses of action cards, by seat, as notation.
fn uses(step: &StepCheck<'_, archduke_rules::Archduke>) -> Vec<BTreeSet<String>> {
    listed(step)
        .into_iter()
        .map(|l| {
            l.iter()
                .filter(|a| matches!(a, Action::Peek(_) | Action::Swap(..) | Action::Give(_) | Action::Pass))
                .map(|a| a.to_string())
                .collect()
        })
        .collect()
}

/// The grids after the step are the model's (positions, faces, who has seen each card).
fn grids_as_the_model(model: &Model, after: &Setup) -> Result<(), String> {
    for (seat, (want, got)) in model.grids.iter().zip(&after.grids).enumerate() {
        for (i, (w, g)) in want.iter().zip(&got.cards).enumerate() {
            let seen = got.seen.get(&Slot(i as u8)).copied().unwrap_or_default();
            let same = match (w, g) {
                (Some(Card::Known(w)), Some(g)) => w == g,
                (Some(Card::Unknown), Some(_)) | (None, None) => true,
                _ => false,
            };
            if !same || seen != model.seen[seat][i] || want.len() != got.cards.len() {
                return Err(format!(
                    "P{seat}:{} is {g:?} seen by {seen:?}, want {w:?} seen by {:?}",
                    Slot(i as u8),
                    model.seen[seat][i]
                ));
            }
        }
    }
    if model.pending != after.pending {
        return Err(format!("pending {:?}, want {:?}", after.pending, model.pending));
    }
    Ok(())
}

#[test]
fn which_discards_act_follows_the_rule_set() {
    property("which_discards_act_follows_the_rule_set", CASES, Some(bias_play), 400, |step| {
        let (before, after) = setups(step);
        let (gone, from_grid) = match step.action {
            Action::Keep(slot) | Action::Take(slot) => (face_at(&before, step.seat, slot), true),
            Action::Discard => match before.stage {
                Stage::Deciding { card, .. } => (card, false),
                _ => (None, false),
            },
            _ => return Ok(()),
        };
        let Some(power) = gone.and_then(crate::oracle::power) else { return Ok(()) };
        if round_ended(&before, &after) {
            return Ok(());
        }
        step.reached();
        // Box: "it must come from your grid; cards just drawn are ineligible"; online: "even
        // if that card was just pulled from the draw pile".
        let acts = from_grid || before.config.action_trigger == ActionTrigger::AnyDiscard;
        let mut want = before.pending.clone();
        if acts {
            want.push((step.seat, power));
        }
        if after.pending != want {
            return Err(format!(
                "{power} discarded (from the grid: {from_grid}): pending {:?}, want {want:?}",
                after.pending
            ));
        }
        Ok(())
    });
}

#[test]
fn give_adds_an_unseen_penalty_card_to_another_player() {
    property("give_adds_an_unseen_penalty_card_to_another_player", CASES, Some(bias_play), 150, |step| {
        let (before, after) = setups(step);
        for (seat, uses) in seats(&before).zip(uses(step)) {
            if resolving(&before, seat) != Some(Power::Give) {
                continue;
            }
            // "To any other player"; a full grid takes no more (reading 7).
            let want: BTreeSet<String> = seats(&before)
                .filter(|&t| t != seat && targetable(&before, seat, t) && has_room(&before, t))
                .map(|t| format!("give {t}"))
                .chain(["pass".to_owned()])
                .collect();
            if uses != want {
                return Err(format!("{seat} may {uses:?} with GIVE, the rules allow {want:?}"));
            }
        }
        let Action::Give(target) = step.action else { return Ok(()) };
        step.reached();
        let model = Model::after(&before, step.seat, step.action);
        if !round_ended(&before, &after) {
            grids_as_the_model(&model, &after)?;
        }
        // "The receiving player does not get to look at their new card."
        if let Some(&(_, slot)) = model.penalties.first() {
            for observer in seats(&before).map(Observer::Seat) {
                let view = step.after.view(observer);
                let cell = view.grids[target.index()].get(slot.0 as usize);
                if !round_ended(&before, &after) && !matches!(cell, Some(Cell::Hidden { .. })) {
                    return Err(format!("{observer:?} sees the given card at {target}:{slot}: {cell:?}"));
                }
            }
        }
        Ok(())
    });
}

#[test]
fn swap_exchanges_two_cards_unseen() {
    property("swap_exchanges_two_cards_unseen", CASES, Some(bias_play), 150, |step| {
        let (before, after) = setups(step);
        for (seat, uses) in seats(&before).zip(uses(step)) {
            if resolving(&before, seat) != Some(Power::Swap) {
                continue;
            }
            // "Any 2 cards (yours or another player's)", two of one grid included (reading 20).
            let cards = spots(&before, seat);
            let mut want: BTreeSet<String> = BTreeSet::from(["pass".to_owned()]);
            for (i, a) in cards.iter().enumerate() {
                want.extend(cards[i + 1..].iter().map(|b| format!("swap {a} {b}")));
            }
            if uses != want {
                return Err(format!("{seat} may {} uses of SWAP, the rules allow {}", uses.len(), want.len()));
            }
        }
        let Action::Swap(a, b) = step.action else { return Ok(()) };
        step.reached();
        if !round_ended(&before, &after) {
            grids_as_the_model(&Model::after(&before, step.seat, step.action), &after)?;
            // "No player (including the one swapping) may look at their new card": what was
            // known of each card follows it.
            if seen_at(&after, a.seat, a.slot) != seen_at(&before, b.seat, b.slot) {
                return Err(format!("{a} is seen by {:?} after the swap", seen_at(&after, a.seat, a.slot)));
            }
        }
        Ok(())
    });
}

#[test]
fn peek_shows_one_card_to_the_peeker() {
    property("peek_shows_one_card_to_the_peeker", CASES, Some(bias_play), 150, |step| {
        let (before, after) = setups(step);
        for (seat, uses) in seats(&before).zip(uses(step)) {
            if resolving(&before, seat) != Some(Power::Peek) {
                continue;
            }
            // "Any one card on the table (yours or another player's)".
            let want: BTreeSet<String> =
                spots(&before, seat).iter().map(|s| format!("peek {s}")).chain(["pass".to_owned()]).collect();
            if uses != want {
                return Err(format!("{seat} may {uses:?} with PEEK, the rules allow {want:?}"));
            }
        }
        let Action::Peek(spot) = step.action else { return Ok(()) };
        step.reached();
        if round_ended(&before, &after) {
            return Ok(());
        }
        grids_as_the_model(&Model::after(&before, step.seat, step.action), &after)?;
        let face = face_at(&before, spot.seat, spot.slot).ok_or("peeked at an empty position")?;
        for observer in seats(&before) {
            let knew = seen_at(&before, spot.seat, spot.slot).contains(observer);
            let cell = step.after.view(Observer::Seat(observer)).grids[spot.seat.index()][spot.slot.0 as usize];
            let sees = matches!(cell, Cell::Known { face: f, .. } if f == face);
            if sees != (knew || observer == step.seat) {
                return Err(format!("after {}'s PEEK at {spot}, {observer} sees it: {sees}", step.seat));
            }
        }
        Ok(())
    });
}

#[test]
fn every_pending_action_card_may_be_passed() {
    property("every_pending_action_card_may_be_passed", CASES, Some(bias_play), 500, |step| {
        let (before, after) = setups(step);
        for (seat, uses) in seats(&before).zip(uses(step)) {
            let Some(power) = resolving(&before, seat).filter(|_| active(&before, seat)) else {
                if !uses.is_empty() {
                    return Err(format!("{seat} may {uses:?} without an action card to use"));
                }
                continue;
            };
            step.reached();
            // "You may": using the card is optional, and only this card's action is offered.
            let verb = match power {
                Power::Peek => "peek",
                Power::Swap => "swap",
                Power::Give => "give",
            };
            if !uses.contains("pass") || uses.iter().any(|u| u != "pass" && !u.starts_with(verb)) {
                return Err(format!("{seat} holds {power}: may {uses:?}"));
            }
        }
        if step.action == Action::Pass && !round_ended(&before, &after) {
            grids_as_the_model(&Model::after(&before, step.seat, step.action), &after)?;
        }
        Ok(())
    });
}
