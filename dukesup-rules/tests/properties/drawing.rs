//! Rulebook "Drawing": up to 2 cards from one of the own piles, never above 4 in hand, and
//! an empty draw pile refilled from the discard pile (when: the config's `Reshuffle`,
//! reading 6).

use duke_core::{Card, Observer, Seat};
use dukesup_rules::testing::bias_reshuffles;
use dukesup_rules::{Action, Event, Phase, Reshuffle, Source};

use crate::oracle::{CASES, draw_pile, hand, other, player, property, reshuffles, same_list, set};
use crate::reference::{draw_allowed, draw_universe};

#[test]
fn a_draw_takes_up_to_two_cards_from_one_own_pile_never_above_four() {
    let name = "a_draw_takes_up_to_two_cards_from_one_own_pile_never_above_four";
    property(name, CASES, None, 8000, |step| {
        if step.before.phase != Phase::Draw {
            return Ok(());
        }
        step.reached();
        same_list(
            &step.legal_before(),
            draw_universe(),
            |a| matches!(a, Action::Draw { .. }),
            |a| draw_allowed(step.before, a),
        )?;
        let Action::Draw { source, count } = step.action() else {
            return Err(format!("{} in the draw step", step.action()));
        };
        let (was, now) = step.mine();
        let drawn = hand(now).difference(hand(was));
        if !hand(was).is_subset(hand(now)) || drawn.len() != usize::from(count) {
            return Err(format!("drew {count}: hand {:?} became {:?}", was.hand, now.hand));
        }
        if count > 0 && now.hand.len() > 4 {
            return Err(format!("a draw took the hand to {} cards", now.hand.len()));
        }
        let n = usize::from(count);
        let top = |pile: &[Card]| set(&pile[pile.len().saturating_sub(n)..]);
        let reshuffled = !reshuffles(draw_pile(was).len(), was.discards.len(), n, false, false).early.is_empty();
        let expected = match source {
            Source::Discards => Some(top(&was.discards)),
            Source::DrawPile if !reshuffled => Some(top(draw_pile(was))),
            Source::DrawPile => None,
        };
        if expected.is_some_and(|want| want != drawn) {
            return Err(format!("drew {drawn} from {source:?}, the top cards are {expected:?}"));
        }
        // Only the drawer's own piles fed the draw.
        let own = set(draw_pile(was)).union(set(&was.discards));
        if !drawn.is_subset(own) || player(step.before, other(step.seat())) != player(step.after, other(step.seat())) {
            return Err("the draw touched what is not the drawer's own piles".into());
        }
        Ok(())
    });
}

#[test]
fn an_empty_draw_pile_is_refilled_from_the_discard_pile() {
    property("an_empty_draw_pile_is_refilled_from_the_discard_pile", CASES, Some(bias_reshuffles), 800, |step| {
        let (was, now) = step.mine();
        let (take, back, bury) = match step.action() {
            Action::Draw { source: Source::DrawPile, count } => (usize::from(count), 0, false),
            Action::Draw { source: Source::Discards, count } => (0, usize::from(count), false),
            Action::Bury => (1, 0, true),
            _ => return Ok(()),
        };
        let at_once = step.config().reshuffle == Reshuffle::AtOnce;
        let r = reshuffles(draw_pile(was).len(), was.discards.len() - back, take, bury, at_once);
        let want: Vec<u8> = r.early.iter().chain(&r.late).map(|&n| n as u8).collect();
        for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator] {
            let got: Vec<u8> = step
                .events(observer)
                .into_iter()
                .filter_map(|e| match e {
                    Event::Reshuffled { seat, cards } if seat == step.seat() => Some(cards),
                    _ => None,
                })
                .collect();
            if got != want {
                return Err(format!("{observer:?} is told of reshuffles {got:?}, the rules make {want:?}"));
            }
        }
        if step.round_ended() {
            return Ok(());
        }
        if (draw_pile(now).len(), now.discards.len()) != (r.draw, r.discards) {
            return Err(format!(
                "piles of {} and {} cards after the step, the rules leave {} and {}",
                draw_pile(now).len(),
                now.discards.len(),
                r.draw,
                r.discards
            ));
        }
        // Every card of the two piles is still in them or was drawn: nothing else moved.
        let mine = set(draw_pile(was)).union(set(&was.discards)).union(hand(was));
        let after = set(draw_pile(now)).union(set(&now.discards)).union(hand(now));
        if mine != after {
            return Err(format!("the step changed the cards: {mine} became {after}"));
        }
        if !want.is_empty() {
            step.reached();
        }
        Ok(())
    });
}
