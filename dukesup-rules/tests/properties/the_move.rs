//! Rulebook "THE MOVE": a player plays his own CASTLE (flipping it up if face down) to take
//! the opponent's; the round must then end, or the CASTLE goes back face up (reading 5: only
//! against a face-up or taken CASTLE, and back only when the round can no longer end).

use duke_core::{Game, Observer, Seat};
use dukesup_rules::testing::bias_castles;
use dukesup_rules::{Action, CastleState, Event, Phase};

use crate::oracle::{CASES, castle_in_place, other, player, property, same_list, table};
use crate::reference::{play_allowed, play_universe};

#[test]
fn the_move_is_offered_exactly_when_the_rules_allow() {
    property("the_move_is_offered_exactly_when_the_rules_allow", CASES, Some(bias_castles), 9000, |step| {
        let seat = step.seat();
        let (me, opp) = (player(step.before, seat), player(step.before, other(seat)));
        let possible = castle_in_place(me).is_some() && opp.castle_state != CastleState::FaceDown;
        if step.before.phase != Phase::Play || !(possible || me.castle_state == CastleState::OnTable) {
            return Ok(());
        }
        step.reached();
        same_list(
            &step.legal_before(),
            play_universe(step.before),
            |a| matches!(a, Action::Move | Action::Return),
            |a| play_allowed(step.before, &step.was.turn, a),
        )
    });
}

#[test]
fn the_move_succeeds_with_the_castle_or_goes_back_face_up() {
    property("the_move_succeeds_with_the_castle_or_goes_back_face_up", CASES, Some(bias_castles), 4000, |step| {
        let seat = step.seat();
        let (was, now) = step.mine();
        let Some(castle) = was.castle else { return Ok(()) };
        let want = match step.action() {
            Action::Move => Event::MoveMade { seat, castle, flipped: was.castle_state == CastleState::FaceDown },
            Action::Return => Event::MoveFailed { seat, castle },
            Action::End if was.castle_state == CastleState::OnTable => Event::MoveSucceeded { seat, castle },
            _ => return Ok(()),
        };
        step.reached();
        for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator] {
            if !step.events(observer).contains(&want) {
                return Err(format!("{observer:?} is not told {want:?}"));
            }
        }
        match step.action() {
            Action::Move if now.castle_state != CastleState::OnTable || !table(step.after).contains(castle) => {
                Err("THE MOVE did not put the CASTLE on the table".into())
            }
            Action::Return => {
                if now.castle_state != CastleState::FaceUp || table(step.after).contains(castle) {
                    return Err("the CASTLE did not go back face up".into());
                }
                // "If you need to put your CASTLE back, it must remain face-up", and this
                // turn's MOVE is spent (reading 5).
                let mut listed = Vec::new();
                step.check.after.legal_actions(seat, &mut listed);
                if listed.contains(&Action::Move) {
                    return Err("THE MOVE is offered again in the same turn".into());
                }
                Ok(())
            }
            Action::End if step.after.last_round.is_some_and(|c| c[seat.index()] == 0) => {
                Err("THE MOVE's CASTLE does not count on the table".into())
            }
            _ => Ok(()),
        }
    });
}
