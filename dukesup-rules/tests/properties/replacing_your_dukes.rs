//! Rulebook "Replacing Your DUKES": DUKES are interchangeable with hand cards (not on the
//! first player's first turn), slots may stay empty with the CASTLE face down until the
//! next own turn, a single DUKE is refilled only under a face-up CASTLE with no DUKES
//! (reading 2), and the CASTLE is never exchanged.

use duke_core::{Observer, Seat};
use dukesup_rules::testing::bias_duke_changes;
use dukesup_rules::{Action, CastleState, Event, Phase};

use crate::oracle::{CASES, dukes, hand, player, property, same_list};
use crate::reference::{play_allowed, play_universe};

#[test]
fn dukes_are_picked_up_and_exchanged_except_on_the_first_turn() {
    let name = "dukes_are_picked_up_and_exchanged_except_on_the_first_turn";
    property(name, CASES, Some(bias_duke_changes), 10000, |step| {
        let (was, now) = step.mine();
        if step.before.phase != Phase::Play || dukes(was).is_empty() {
            return Ok(());
        }
        step.reached();
        let listed = step.legal_before();
        let changes = |a: &Action| matches!(a, Action::PickUp(_) | Action::Swap { .. });
        if step.before.turns == 0 && listed.iter().any(changes) {
            return Err("a DUKE change is listed on the first player's first turn".into());
        }
        same_list(&listed, play_universe(step.before), changes, |a| play_allowed(step.before, &step.was.turn, a))?;
        let (gone, came) = match step.action() {
            Action::PickUp(d) => (d, None),
            Action::Swap { duke, with } => (duke, Some(with)),
            _ => return Ok(()),
        };
        let slot = was.dukes.iter().position(|d| *d == Some(gone)).ok_or("no such DUKE")?;
        if now.dukes[slot] != came || !hand(now).contains(gone) || came.is_some_and(|c| hand(now).contains(c)) {
            return Err(format!("{}: DUKES {:?} and hand {:?}", step.action(), now.dukes, now.hand));
        }
        // DUKES are face up: everyone sees the change.
        let acted = Event::Acted { seat: step.seat(), action: step.action() };
        if step.events(Observer::Spectator).first() != Some(&acted) {
            return Err(format!("the spectator does not see {}", step.action()));
        }
        Ok(())
    });
}

#[test]
fn a_castle_left_without_dukes_stays_face_down_until_the_next_own_turn() {
    let name = "a_castle_left_without_dukes_stays_face_down_until_the_next_own_turn";
    property(name, CASES, Some(bias_duke_changes), 200, |step| {
        let ends_turn = matches!(
            step.action(),
            Action::Discard(_) | Action::DiscardTwo(..) | Action::Bury | Action::DiscardTable(_)
        );
        let (was, now) = step.mine();
        if !ends_turn || step.round_ended() || !dukes(now).is_empty() || was.castle_state != CastleState::FaceDown {
            return Ok(());
        }
        step.reached();
        if now.castle_state != CastleState::FaceDown {
            return Err("the CASTLE flipped up at the end of its owner's own turn".into());
        }
        Ok(())
    });
}

#[test]
fn one_duke_is_refilled_only_with_the_castle_face_up_and_no_dukes() {
    let name = "one_duke_is_refilled_only_with_the_castle_face_up_and_no_dukes";
    property(name, CASES, Some(bias_duke_changes), 2000, |step| {
        let (was, now) = step.mine();
        if step.before.phase != Phase::Play || was.castle_state != CastleState::FaceUp || !dukes(was).is_empty() {
            return Ok(());
        }
        step.reached();
        same_list(
            &step.legal_before(),
            play_universe(step.before),
            |a| matches!(a, Action::Refill(_)),
            |a| play_allowed(step.before, &step.was.turn, a),
        )?;
        if let Action::Refill(c) = step.action()
            && (dukes(now).len() != 1 || !dukes(now).contains(c) || hand(now).contains(c))
        {
            return Err(format!("refilling {c} left DUKES {:?} and hand {:?}", now.dukes, now.hand));
        }
        Ok(())
    });
}

#[test]
fn the_castle_is_never_exchanged() {
    property("the_castle_is_never_exchanged", CASES, Some(bias_duke_changes), 15000, |step| {
        if step.before.phase == Phase::Choosing || step.round_ended() {
            return Ok(());
        }
        step.reached();
        for seat in [Seat(0), Seat(1)] {
            let (was, now) = (player(step.before, seat), player(step.after, seat));
            if was.castle != now.castle {
                return Err(format!("{seat}'s CASTLE {:?} became {:?}", was.castle, now.castle));
            }
            let castle = now.castle.ok_or("no CASTLE")?;
            if hand(now).contains(castle) || dukes(now).contains(castle) {
                return Err(format!("{seat}'s CASTLE {castle} went to the hand or a DUKE slot"));
            }
        }
        Ok(())
    });
}
