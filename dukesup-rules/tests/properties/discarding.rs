//! Rulebook "Discarding": a turn ends with exactly one of the four discards, face down;
//! two cards only after nothing but drawing; burying is unseen; a table card only if valid
//! runs and sets remain; and "You cannot look back through your discard pile" (what each
//! seat knows of the piles: readings 12 and 16).

use duke_core::{Card, CardSet, Game, Observer, Seat};
use dukesup_rules::testing::{bias_discards, bias_plays};
use dukesup_rules::{Action, Event, Phase};

use crate::oracle::{CASES, Memory, Step, draw_pile, hand, other, player, property, same_list, set, table};
use crate::reference::{play_allowed, play_universe};

fn ends_turn(action: Action) -> bool {
    matches!(action, Action::Discard(_) | Action::DiscardTwo(..) | Action::Bury | Action::DiscardTable(_))
}

/// Compares the engine's listed discards of one kind with the rules'.
fn same_discards(step: &Step<'_, '_>, kind: impl Fn(&Action) -> bool) -> Result<(), String> {
    same_list(&step.legal_before(), play_universe(step.before), kind, |a| play_allowed(step.before, &step.was.turn, a))
}

#[test]
fn every_turn_ends_with_one_discard_or_the_round() {
    property("every_turn_ends_with_one_discard_or_the_round", CASES, None, 8000, |step| {
        let (before, after) = (step.before, step.after);
        if before.phase != Phase::Play {
            return Ok(());
        }
        let seat = step.seat();
        if ends_turn(step.action()) {
            step.reached();
            if step.round_ended() {
                return Ok(());
            }
            if after.phase != Phase::Draw || after.current != Some(other(seat)) || after.turns != before.turns + 1 {
                return Err(format!(
                    "after the discard: {:?}, {:?} to act, turn {}",
                    after.phase, after.current, after.turns
                ));
            }
        } else if step.action() == Action::End {
            if !step.round_ended() {
                return Err("`end` did not end the round".into());
            }
        } else if after.phase != Phase::Play || after.current != Some(seat) || after.turns != before.turns {
            return Err(format!("{} ended the turn", step.action()));
        }
        Ok(())
    });
}

/// The cards a hand discard takes, in order.
fn gone(action: Action) -> Option<Vec<Card>> {
    match action {
        Action::Discard(c) => Some(vec![c]),
        Action::DiscardTwo(a, b) => Some(vec![a, b]),
        _ => None,
    }
}

#[test]
fn hand_discards_are_face_down_for_the_others() {
    property("hand_discards_are_face_down_for_the_others", CASES, None, 6000, |step| {
        let Some(cards) = gone(step.action()) else { return Ok(()) };
        step.reached();
        let seat = step.seat();
        // The others can name the cards only if the hand held just these and they knew them all.
        let seen =
            hand(step.mine().0) == set(&cards) && set(&cards).is_subset(step.was.seats[seat.index()].hand_public);
        let known = if seen { set(&cards) } else { CardSet::EMPTY };
        let want = Event::DiscardedFaceDown { seat, count: cards.len() as u8, known };
        for observer in [Observer::Seat(other(seat)), Observer::Spectator] {
            let first = step.events(observer).into_iter().next();
            if first.as_ref() != Some(&want) {
                return Err(format!("{observer:?} saw {first:?}, want {want:?}"));
            }
            let notation = step.check.before.notation_for(seat, step.action(), observer);
            if !seen && cards.iter().any(|c| notation.contains(&c.to_string())) {
                return Err(format!("{observer:?} reads \"{notation}\""));
            }
        }
        let own = step.check.before.notation_for(seat, step.action(), Observer::Seat(seat));
        if !own.contains(&step.action().to_string()) {
            return Err(format!("{seat} reads its own discard as \"{own}\""));
        }
        Ok(())
    });
}

#[test]
fn two_known_cards_discarded_together_are_known_only_as_a_pair() {
    let name = "two_known_cards_discarded_together_are_known_only_as_a_pair";
    property(name, CASES * 2, Some(bias_discards), 10, |step| {
        let Action::DiscardTwo(a, b) = step.action() else { return Ok(()) };
        let seat = step.seat();
        let pile = &step.now.seats[seat.index()].discards;
        if !pile.last().is_some_and(|d| d.public) || step.round_ended() {
            return Ok(());
        }
        step.reached();
        let at = pile.len() - 2;
        for observer in [Observer::Seat(other(seat)), Observer::Spectator] {
            let view = step.check.after.view(observer);
            let p = &view.players[seat.index()];
            let shown = (p.discards[at], p.discards[at + 1]);
            if shown != (Some(a.min(b)), Some(a.max(b))) || !p.unordered.contains(&(at as u8)) {
                return Err(format!("{observer:?} sees the pair as {shown:?}, unordered {:?}", p.unordered));
            }
        }
        Ok(())
    });
}

#[test]
fn a_hand_discard_goes_on_top_of_the_discard_pile() {
    property("a_hand_discard_goes_on_top_of_the_discard_pile", CASES, None, 4000, |step| {
        if step.before.phase != Phase::Play {
            return Ok(());
        }
        same_discards(step, |a| matches!(a, Action::Discard(_)))?;
        let Action::Discard(c) = step.action() else { return Ok(()) };
        step.reached();
        let (was, now) = step.mine();
        let mut want = was.discards.clone();
        want.push(c);
        if !step.round_ended()
            && (now.discards != want
                || hand(now) != {
                    let mut h = hand(was);
                    h.remove(c);
                    h
                })
        {
            return Err(format!("discarding {c}: pile {:?}, hand {:?}", now.discards, now.hand));
        }
        Ok(())
    });
}

#[test]
fn two_cards_are_discarded_only_after_nothing_but_drawing() {
    property("two_cards_are_discarded_only_after_nothing_but_drawing", CASES, Some(bias_discards), 10000, |step| {
        if step.before.phase != Phase::Play {
            return Ok(());
        }
        same_discards(step, |a| matches!(a, Action::DiscardTwo(..)))?;
        let Action::DiscardTwo(a, b) = step.action() else { return Ok(()) };
        step.reached();
        if step.was.turn.acted {
            return Err("two cards discarded after another action this turn".into());
        }
        let (was, now) = step.mine();
        let mut want = was.discards.clone();
        want.extend([a, b]);
        if !step.round_ended() && now.discards != want {
            return Err(format!("discarding {a} {b}: pile {:?}, want {b} on top", now.discards));
        }
        Ok(())
    });
}

#[test]
fn burying_moves_the_unseen_top_card_to_the_bottom_of_the_discard_pile() {
    let name = "burying_moves_the_unseen_top_card_to_the_bottom_of_the_discard_pile";
    property(name, CASES, Some(bias_discards), 300, |step| {
        if step.before.phase != Phase::Play {
            return Ok(());
        }
        same_discards(step, |a| *a == Action::Bury)?;
        if step.action() != Action::Bury || step.round_ended() {
            return Ok(());
        }
        let (was, now) = step.mine();
        let seat = step.seat();
        let Some(&top) = draw_pile(was).last() else { return Ok(()) };
        if draw_pile(now).len() + 1 != draw_pile(was).len() {
            return Ok(()); // a reshuffle followed: `an_empty_draw_pile_is_refilled_from_the_discard_pile`
        }
        step.reached();
        let mut want = vec![top];
        want.extend(&was.discards);
        if now.discards != want || draw_pile(now) != &draw_pile(was)[..draw_pile(was).len() - 1] {
            return Err(format!("burying {top}: discard pile {:?}", now.discards));
        }
        for observer in [Observer::Seat(seat), Observer::Seat(other(seat)), Observer::Spectator] {
            if step.check.after.view(observer).players[seat.index()].discards.first() != Some(&None) {
                return Err(format!("{observer:?} sees the buried card"));
            }
            let events = step.events(observer);
            let quoted = format!("\"{top}\"");
            if events.iter().any(|e| serde_json::to_string(e).is_ok_and(|json| json.contains(&quoted))) {
                return Err(format!("{observer:?} is told the buried card: {events:?}"));
            }
        }
        Ok(())
    });
}

#[test]
fn an_own_table_card_is_discarded_only_if_valid_runs_and_sets_remain() {
    let name = "an_own_table_card_is_discarded_only_if_valid_runs_and_sets_remain";
    property(name, CASES, Some(bias_plays), 8000, |step| {
        let seat = step.seat();
        let mine = table(step.before).iter().filter(|c| crate::oracle::owner(*c) == seat).count();
        if step.before.phase != Phase::Play || mine == 0 {
            return Ok(());
        }
        step.reached();
        same_discards(step, |a| matches!(a, Action::DiscardTable(_)))?;
        if let Action::DiscardTable(c) = step.action()
            && !step.round_ended()
            && (step.mine().1.discards.last() != Some(&c) || table(step.after).contains(c))
        {
            return Err(format!("{c} did not go from the table to the top of the discard pile"));
        }
        Ok(())
    });
}

/// A discard pile as `observer` should see it from what the game remembers: its owner
/// the cards he discarded knowingly, the others the public ones, a face-down pair lower card
/// first.
fn expected(mem: &Memory, own: bool) -> (Vec<Option<Card>>, Vec<u8>) {
    let mut cards: Vec<Option<Card>> =
        mem.discards.iter().map(|d| if (own && d.owner) || (!own && d.public) { Some(d.card) } else { None }).collect();
    let mut pairs = Vec::new();
    for (i, d) in mem.discards.iter().enumerate() {
        if d.paired && !own {
            pairs.push(i as u8);
            cards[i..i + 2].sort_unstable();
        }
    }
    (cards, pairs)
}

#[test]
fn a_player_sees_only_the_discards_he_made_knowingly() {
    property("a_player_sees_only_the_discards_he_made_knowingly", CASES, Some(bias_discards), 60000, |step| {
        if step.after.phase == Phase::Choosing {
            return Ok(());
        }
        for seat in [Seat(0), Seat(1)] {
            let mem = &step.now.seats[seat.index()];
            let pile = &player(step.after, seat).discards;
            if mem.discards.iter().map(|d| d.card).collect::<Vec<_>>() != *pile {
                return Err(format!("{seat}'s discard pile {pile:?}, remembered {:?}", mem.discards));
            }
            if !pile.is_empty() {
                step.reached();
            }
            for observer in [Observer::Seat(seat), Observer::Seat(other(seat)), Observer::Spectator] {
                let own = observer == Observer::Seat(seat);
                let view = step.check.after.view(observer);
                let p = &view.players[seat.index()];
                let (cards, pairs) = expected(mem, own);
                if p.discards != cards || p.unordered != pairs {
                    return Err(format!(
                        "{observer:?} sees {seat}'s discards {:?} (pairs {:?}), the rules give {cards:?} ({pairs:?})",
                        p.discards, p.unordered
                    ));
                }
                if !own && p.hand_known != mem.hand_public {
                    return Err(format!(
                        "{observer:?} knows {seat}'s hand cards {}, want {}",
                        p.hand_known, mem.hand_public
                    ));
                }
            }
        }
        Ok(())
    });
}
