//! Rulebook "Taking Your Opponent's DUKES": the opponent's DUKES go into runs and sets like
//! own cards; a CASTLE without DUKES flips up at the start of its owner's next turn; a
//! face-up CASTLE falls only with every DUKE guarding it, and ends the round.

use duke_core::{Observer, Seat};
use dukesup_rules::testing::bias_castles;
use dukesup_rules::{Action, CastleState, Event, Phase, RoundEnd};

use crate::oracle::{CASES, dukes, other, player, property, same_list, table};
use crate::reference::{play_allowed, play_universe};

const OBSERVERS: [Observer; 3] = [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator];

#[test]
fn the_opponents_dukes_are_taken_exactly_when_they_fit() {
    property("the_opponents_dukes_are_taken_exactly_when_they_fit", CASES, Some(bias_castles), 200, |step| {
        let seat = step.seat();
        let theirs = dukes(player(step.before, other(seat)));
        if step.before.phase != Phase::Play || theirs.is_empty() {
            return Ok(());
        }
        same_list(
            &step.legal_before(),
            play_universe(step.before),
            |a| matches!(a, Action::Play(c) if theirs.contains(*c)),
            |a| play_allowed(step.before, &step.was.turn, a),
        )?;
        let Action::Play(c) = step.action() else { return Ok(()) };
        if !theirs.contains(c) {
            return Ok(());
        }
        step.reached();
        if dukes(player(step.after, other(seat))).contains(c) || !table(step.after).contains(c) {
            return Err(format!("the DUKE {c} did not go from its slot to the table"));
        }
        for observer in OBSERVERS {
            if !step.events(observer).contains(&Event::DukeTaken { by: seat, from: other(seat), card: c }) {
                return Err(format!("{observer:?} is not told that {seat} took the DUKE {c}"));
            }
        }
        Ok(())
    });
}

#[test]
fn a_castle_without_dukes_flips_up_at_the_start_of_its_owners_turn() {
    let name = "a_castle_without_dukes_flips_up_at_the_start_of_its_owners_turn";
    property(name, CASES, Some(bias_castles), 170, |step| {
        if step.round_ended() || step.before.phase == Phase::Choosing {
            return Ok(());
        }
        let turn_passes = step.before.phase == Phase::Play && step.after.phase == Phase::Draw;
        let next = step.after.current.unwrap_or(Seat(0));
        for seat in [Seat(0), Seat(1)] {
            let (was, now) = (player(step.before, seat), player(step.after, seat));
            let starts = turn_passes && seat == next;
            let flips = starts && was.castle_state == CastleState::FaceDown && dukes(was).is_empty();
            let want = match (was.castle_state, step.action()) {
                _ if flips => CastleState::FaceUp,
                (CastleState::FaceDown | CastleState::FaceUp, Action::Move) if seat == step.seat() => {
                    CastleState::OnTable
                }
                (CastleState::FaceUp, Action::Play(c)) if Some(c) == was.castle => CastleState::OnTable,
                (CastleState::OnTable, Action::Return) if seat == step.seat() => CastleState::FaceUp,
                (state, _) => state,
            };
            if now.castle_state != want {
                return Err(format!(
                    "{seat}'s CASTLE went from {:?} to {:?}, want {want:?}",
                    was.castle_state, now.castle_state
                ));
            }
            if flips {
                step.reached();
                let castle = now.castle.ok_or("no CASTLE")?;
                for observer in OBSERVERS {
                    if !step.events(observer).contains(&Event::CastleFlipped { seat, castle }) {
                        return Err(format!("{observer:?} is not told that {seat}'s CASTLE {castle} flipped up"));
                    }
                }
            }
        }
        Ok(())
    });
}

#[test]
fn a_face_up_castle_falls_only_with_its_guards_and_ends_the_round() {
    let name = "a_face_up_castle_falls_only_with_its_guards_and_ends_the_round";
    property(name, CASES, Some(bias_castles), 9000, |step| {
        let seat = step.seat();
        let opp = player(step.before, other(seat));
        if step.before.phase != Phase::Play || opp.castle_state == CastleState::FaceDown {
            return Ok(());
        }
        step.reached();
        let castle = opp.castle.ok_or("no CASTLE")?;
        same_list(
            &step.legal_before(),
            play_universe(step.before),
            |a| *a == Action::Play(castle) || *a == Action::End,
            |a| play_allowed(step.before, &step.was.turn, a),
        )?;
        let taken = opp.castle_state == CastleState::OnTable;
        let discards = step
            .legal_before()
            .into_iter()
            .filter(|a| {
                matches!(a, Action::Discard(_) | Action::DiscardTwo(..) | Action::Bury | Action::DiscardTable(_))
            })
            .count();
        if taken && discards > 0 {
            return Err("the CASTLE is taken, yet a discard is listed instead of ending the round".into());
        }
        if step.action() == Action::Play(castle) {
            let events = step.events(Observer::Spectator);
            if !events.contains(&Event::CastleTaken { by: seat, from: other(seat), card: castle }) {
                return Err(format!("the taking of {castle} is not announced: {events:?}"));
            }
        }
        if step.action() == Action::End && taken {
            if !dukes(opp).is_empty() {
                return Err(format!("the round ended with the guarding DUKES {} in place", dukes(opp)));
            }
            let ended = step
                .events(Observer::Spectator)
                .into_iter()
                .any(|e| matches!(e, Event::RoundEnded { reason: RoundEnd::CastleTaken { by }, .. } if by == seat));
            if !ended || !step.round_ended() {
                return Err("taking the CASTLE did not end the round".into());
            }
        }
        Ok(())
    });
}
