//! Box rulebook "How to play" and "End of round" ("Archduke!", the final turns, the caller's
//! immunity and penalty, matching down to zero), the online rules' "Archduke" section, and
//! the FAQ "Can you match at the end of a round?"; reading 1 (when a call may be made).

use std::cell::Cell as Counter;
use std::collections::BTreeSet;

use archduke_rules::testing::{bias_calls, bias_matches};
use archduke_rules::{Action, Event, Stage};
use duke_core::{Game, Observer, Seat};

use crate::oracle::{
    CASES, PerGame, active, actives, counted, face_at, filled, fits, has_room, listed, property, round_ended, seats,
    setups,
};
use crate::round_scoring::round_end;

#[test]
fn archduke_is_called_once_at_the_end_of_ones_own_turn() {
    property("archduke_is_called_once_at_the_end_of_ones_own_turn", CASES, Some(bias_calls), 600, |step| {
        let (before, after) = setups(step);
        for (seat, listed) in seats(&before).zip(listed(step)) {
            // "At the end of their own turn" (after its action cards are resolved), once a
            // round (reading 1).
            let own_turn = matches!(before.stage, Stage::Window { after: Some(s), .. } if s == seat);
            let may = own_turn && before.pending.is_empty() && before.caller.is_none() && active(&before, seat);
            if may {
                step.reached();
            }
            if listed.contains(&Action::Archduke) != may {
                return Err(format!("{seat} may call: {}, the rules say {may}", !may));
            }
        }
        if step.action == Action::Archduke
            && (after.caller != Some(step.seat) || after.stage != before.stage || after.grids != before.grids)
        {
            return Err(format!("after the call: caller {:?}, stage {:?}", after.caller, after.stage));
        }
        Ok(())
    });
}

/// Per game: the caller of the round under way and who has had a final turn.
#[derive(Default)]
struct FinalTurns {
    call: Option<(u16, Seat, BTreeSet<Seat>)>,
}

#[test]
fn each_other_player_has_exactly_one_final_turn() {
    let memory = PerGame::<FinalTurns>::new();
    property("each_other_player_has_exactly_one_final_turn", CASES, Some(bias_calls), 60, |step| {
        let (before, after) = setups(step);
        memory.at(step, |m| {
            if m.call.as_ref().is_some_and(|(round, ..)| *round != before.round) {
                m.call = None;
            }
            let final_turn = step.events(Observer::Spectator).contains(&Event::FinalTurn { seat: step.seat });
            match step.action {
                Action::Archduke => m.call = Some((before.round, step.seat, BTreeSet::new())),
                Action::Draw | Action::Take(_) => match &mut m.call {
                    // "Each player has one more turn except the player that called".
                    Some((_, caller, done)) => {
                        let again = step.seat == *caller || done.contains(&step.seat);
                        done.insert(step.seat);
                        if again || !final_turn {
                            return Err(format!(
                                "{} takes another turn after {caller}'s call (done: {done:?})",
                                step.seat
                            ));
                        }
                    }
                    None if final_turn => return Err("a final turn without a call".into()),
                    None => {}
                },
                Action::End => {
                    if let Some((_, caller, done)) = &m.call
                        && step.seat == *caller
                    {
                        step.reached();
                        let others: BTreeSet<Seat> = actives(&before).into_iter().filter(|s| s != caller).collect();
                        if *done != others || !round_ended(&before, &after) {
                            return Err(format!(
                                "{caller} ends the round after final turns of {done:?}, not {others:?}"
                            ));
                        }
                    }
                }
                _ => {}
            }
            Ok(())
        })
    });
}

#[test]
fn the_caller_is_immune_to_other_players_actions() {
    property("the_caller_is_immune_to_other_players_actions", CASES * 2, Some(bias_calls), 60, |step| {
        let (before, _) = setups(step);
        let (Some(caller), Some(&(owner, power))) = (before.caller, before.pending.first()) else { return Ok(()) };
        if owner == caller {
            return Ok(());
        }
        step.reached();
        // "That player is immune to any actions from other players during these last turns."
        let mut legal = Vec::new();
        step.before.legal_actions(owner, &mut legal);
        for action in legal {
            let touches = match action {
                Action::Peek(spot) => spot.seat == caller,
                Action::Swap(a, b) => a.seat == caller || b.seat == caller,
                Action::Give(target) => target == caller,
                _ => false,
            };
            if touches {
                return Err(format!("{owner}'s {power} may {action}, but {caller} called"));
            }
        }
        Ok(())
    });
}

#[test]
fn matching_down_to_zero_ends_the_round_at_once() {
    property("matching_down_to_zero_ends_the_round_at_once", CASES * 2, Some(bias_matches), 30, |step| {
        let Action::Match(slot) = step.action else { return Ok(()) };
        let (before, after) = setups(step);
        let (Some(card), Some(&top)) = (face_at(&before, step.seat, slot), before.discard.last()) else {
            return Ok(());
        };
        if !fits(card, top) || filled(&before, step.seat).len() != 1 {
            return Ok(());
        }
        step.reached();
        // "If at any point a player matches down to zero cards, the round ends immediately."
        if !round_ended(&before, &after) {
            return Err(format!("{} matched its last card, the round goes on", step.seat));
        }
        let ended = round_end(step)?.ok_or("no round result")?;
        let last = ended.after.last_round.as_ref().ok_or("no result")?;
        let penalised = last.caller == Some(step.seat) && last.caller_penalised;
        if last.cards[step.seat.index()] != u8::from(penalised) {
            return Err(format!("{} ends with {} cards", step.seat, last.cards[step.seat.index()]));
        }
        Ok(())
    });
}

#[test]
fn after_the_final_turns_matching_goes_on_until_the_caller_ends_the_round() {
    property(
        "after_the_final_turns_matching_goes_on_until_the_caller_ends_the_round",
        CASES,
        Some(bias_calls),
        150,
        |step| {
            let (before, after) = setups(step);
            let (Some(caller), Stage::Window { next, .. }) = (before.caller, before.stage) else { return Ok(()) };
            if next != caller || !before.pending.is_empty() {
                return Ok(());
            }
            step.reached();
            // FAQ: "players can continue to Match until the player who called "Archduke!"
            // taps the discard pile".
            let all = listed(step);
            let mine: BTreeSet<String> =
                all[caller.index()].iter().filter(|a| !matches!(a, Action::Match(_))).map(|a| a.to_string()).collect();
            if mine != BTreeSet::from(["end".to_owned()]) {
                return Err(format!("after the final turns {caller} may {mine:?}"));
            }
            for seat in actives(&before) {
                let can = !filled(&before, seat).is_empty() && has_room(&before, seat) && !before.discard.is_empty();
                if can != all[seat.index()].iter().any(|a| matches!(a, Action::Match(_))) {
                    return Err(format!("{seat} may match: {}", !can));
                }
            }
            if step.action == Action::End && !round_ended(&before, &after) {
                return Err("the caller tapped, the round goes on".into());
            }
            Ok(())
        },
    );
}

#[test]
fn the_caller_takes_a_penalty_unless_lowest() {
    let (penalised, spared, ties) = (Counter::new(0), Counter::new(0), Counter::new(0));
    let name = "the_caller_takes_a_penalty_unless_lowest";
    property(name, CASES, Some(bias_calls), 150, |step| {
        let Some(ended) = round_end(step)? else { return Ok(()) };
        let (Some(caller), Some(hands)) = (caller_of(&ended), &ended.end.hands) else { return Ok(()) };
        if !active(&ended.before, caller) {
            return Ok(());
        }
        step.reached();
        let counter = if ended.end.caller_beaten { &penalised } else { &spared };
        counter.set(counter.get() + 1);
        // The hands before the penalty card: a tie with the lowest other hand is where the two
        // texts differ (online: "tied or beat them"; box: "if their hand is higher").
        let mut pre = hands.clone();
        if let Some((_, slot)) = ended.end.caller_penalty
            && let Some(Some(card)) = ended.end.revealed[caller.index()].get(slot.0 as usize)
            && let Some(face) = card.face()
        {
            pre[caller.index()].0 -= i32::from(face.value);
        }
        let lowest_other = ended.places.iter().filter(|&&s| s != caller).map(|s| pre[s.index()].0).min();
        if lowest_other == Some(pre[caller.index()].0) {
            ties.set(ties.get() + 1);
        }
        Ok(())
    });
    counted(name, "callers penalised", &penalised, 40);
    counted(name, "callers spared", &spared, 40);
    // Ties are rare (a few in 200 games): one suffices to show the case is met, so that a
    // run with another `DUKE_TEST_SEED` does not fall short by chance.
    counted(name, "callers tied with the lowest other hand", &ties, 1);
}

/// The caller of the round that ended, from its result.
fn caller_of(ended: &crate::round_scoring::Ended) -> Option<Seat> {
    ended.after.last_round.as_ref().and_then(|l| l.caller)
}
