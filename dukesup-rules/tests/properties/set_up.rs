//! Rulebook "Setup": the deck split by colour, who goes first, the deal, the choice of
//! CASTLE and DUKES, and "Dukes Up!".

use duke_core::{Card, Game, Observer, Seat};
use dukesup_rules::{CastleState, CastleView, DukeView, Event, Phase, Setup};

use crate::oracle::{CASES, half, hand, other, owner, places, player, property, set, table};
use crate::reference::choices;

/// The first player of `round`: the configured one, then "switch back and forth". A config
/// that draws the first player (`None`) names none; the saved state then says who was drawn.
fn first_of(s: &Setup, round: u8) -> Option<Seat> {
    let first = s.config.first_player?;
    Some(if round % 2 == 1 { first } else { other(first) })
}

/// The first player of the round `s` is in, as its config or its saved state says.
fn round_first(s: &Setup) -> Option<Seat> {
    first_of(s, s.round).or(s.round_first)
}

fn every_card_once(s: &Setup) -> Result<(), String> {
    let mut seen = [0u8; 52];
    for c in &s.table {
        seen[usize::from(c.index())] += 1;
    }
    for seat in [Seat(0), Seat(1)] {
        for (place, cards) in places(s, seat) {
            for c in cards {
                if owner(c) != seat {
                    return Err(format!("{c} is in {seat}'s {place}, but it is {}'s card", owner(c)));
                }
                seen[usize::from(c.index())] += 1;
            }
        }
    }
    match Card::all().find(|c| seen[usize::from(c.index())] != 1) {
        Some(c) => Err(format!("{c} is in {} places", seen[usize::from(c.index())])),
        None => Ok(()),
    }
}

#[test]
fn every_card_is_its_owners_colour_and_in_exactly_one_place() {
    property("every_card_is_its_owners_colour_and_in_exactly_one_place", CASES, None, 25000, |step| {
        step.reached();
        if step.check.index == 0 {
            every_card_once(step.before).map_err(|e| format!("new game: {e}"))?;
        }
        every_card_once(step.after)
    });
}

#[test]
fn the_first_player_is_the_configured_one_and_rounds_alternate() {
    property("the_first_player_is_the_configured_one_and_rounds_alternate", CASES, None, 180, |step| {
        let (before, after) = (step.before, step.after);
        if step.check.index == 0 && before.current != round_first(before) {
            return Err(format!(
                "round 1 names {:?} first, the config {:?}",
                before.current, before.config.first_player
            ));
        }
        if step.check.index == 0 && before.config.first_player.is_none() && before.round_first.is_none() {
            return Err("a drawn first player is not in the saved state".to_owned());
        }
        if before.phase == Phase::Choosing && after.phase == Phase::Draw {
            step.reached();
            let want = round_first(after).ok_or("no first player")?;
            if after.current != Some(want) {
                return Err(format!("round {} begins with {:?}, want {want}", after.round, after.current));
            }
        }
        if step.round_ended() && after.phase != Phase::Over {
            // "switch back and forth": the other seat than the last round's first player.
            let want = other(round_first(before).ok_or("no first player")?);
            if round_first(after) != Some(want) {
                return Err(format!("round {} has first player {:?}, want {want}", after.round, round_first(after)));
            }
            let started = step.events(Observer::Spectator).into_iter().find_map(|e| match e {
                Event::RoundStarted { first, .. } => Some(first),
                _ => None,
            });
            if started != Some(want) {
                return Err(format!("round {} announced with first player {started:?}, want {want}", after.round));
            }
        }
        Ok(())
    });
}

/// "Each shuffle your half of the deck and draw 4 cards. Set the remaining cards aside as
/// your draw pile."
fn dealt(s: &Setup) -> Result<(), String> {
    if !table(s).is_empty() || s.phase != Phase::Choosing || s.turns != 0 {
        return Err(format!("a new round starts with the table {:?}, {:?}, {} turns", s.table, s.phase, s.turns));
    }
    for seat in [Seat(0), Seat(1)] {
        let p = player(s, seat);
        let draw = set(p.draw.as_deref().unwrap_or(&[]));
        if p.hand.len() != 4 || hand(p).union(draw) != half(seat) || draw.len() != 22 {
            return Err(format!("{seat} was dealt {:?} with {} cards in the draw pile", p.hand, draw.len()));
        }
        if !p.discards.is_empty() || p.castle.is_some() || p.dukes.iter().any(Option::is_some) {
            return Err(format!("{seat} starts the round with discards, a CASTLE or DUKES"));
        }
    }
    Ok(())
}

#[test]
fn each_round_deals_four_cards_to_each_player_from_his_own_half() {
    property("each_round_deals_four_cards_to_each_player_from_his_own_half", CASES, None, 180, |step| {
        if step.check.index == 0 {
            step.reached();
            dealt(step.before).map_err(|e| format!("new game: {e}"))?;
        }
        if step.round_ended() && step.after.phase != Phase::Over {
            step.reached();
            dealt(step.after)?;
            for seat in [Seat(0), Seat(1)] {
                let cards = hand(player(step.after, seat));
                for observer in [Observer::Seat(seat), Observer::Seat(other(seat)), Observer::Spectator] {
                    let want = (observer == Observer::Seat(seat)).then_some(cards);
                    let events = step.events(observer);
                    if !events.contains(&Event::Dealt { seat, cards: want }) {
                        return Err(format!("{observer:?} is not told of {seat}'s deal as {want:?}: {events:?}"));
                    }
                }
            }
        }
        Ok(())
    });
}

#[test]
fn choosing_puts_one_castle_face_down_and_two_dukes_and_keeps_one_card() {
    property("choosing_puts_one_castle_face_down_and_two_dukes_and_keeps_one_card", CASES, None, 350, |step| {
        if step.before.phase != Phase::Choosing {
            return Ok(());
        }
        step.reached();
        let (was, now) = step.mine();
        let want = choices(hand(was));
        let got = step.legal_before();
        if want.len() != 12 || got.len() != 12 || want.iter().any(|a| !got.contains(a)) {
            return Err(format!("{} may choose {got:?}, the rules give {want:?}", step.seat()));
        }
        let dukesup_rules::Action::Choose { castle, dukes } = step.action() else {
            return Err(format!("{} in the choosing step", step.action()));
        };
        let kept = hand(was).difference(set(&[castle, dukes[0], dukes[1]]));
        if now.castle != Some(castle) || now.castle_state != CastleState::FaceDown {
            return Err(format!("the CASTLE is {:?} ({:?}), chosen {castle}", now.castle, now.castle_state));
        }
        if now.dukes != dukes.map(Some) || hand(now) != kept || kept.len() != 1 {
            return Err(format!("DUKES {:?} and hand {:?} after choosing {dukes:?}", now.dukes, now.hand));
        }
        Ok(())
    });
}

#[test]
fn dukes_show_only_once_both_have_chosen_and_castles_stay_face_down() {
    property("dukes_show_only_once_both_have_chosen_and_castles_stay_face_down", CASES, None, 350, |step| {
        if step.before.phase != Phase::Choosing {
            return Ok(());
        }
        step.reached();
        let game = step.check.after;
        let up = step.after.phase != Phase::Choosing;
        for seat in [Seat(0), Seat(1)] {
            let p = player(step.after, seat);
            for observer in [Observer::Seat(other(seat)), Observer::Spectator] {
                let seen = &game.view(observer).players[seat.index()];
                let dukes_ok = if up {
                    seen.dukes == p.dukes.map(|d| d.map_or(DukeView::Empty, DukeView::Shown))
                } else {
                    seen.dukes.iter().all(|d| matches!(d, DukeView::Hidden | DukeView::Empty))
                };
                let castle_ok = matches!(seen.castle, CastleView::Hidden | CastleView::NotChosen);
                if !dukes_ok || !castle_ok {
                    return Err(format!(
                        "{observer:?} sees {seat}'s DUKES {:?} and CASTLE {:?}",
                        seen.dukes, seen.castle
                    ));
                }
            }
        }
        if up {
            let dukes = [player(step.after, Seat(0)).dukes, player(step.after, Seat(1)).dukes];
            for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator] {
                if !step.events(observer).contains(&Event::DukesUp { dukes }) {
                    return Err(format!("{observer:?} is not told \"Dukes Up!\" with {dukes:?}"));
                }
            }
        }
        Ok(())
    });
}
