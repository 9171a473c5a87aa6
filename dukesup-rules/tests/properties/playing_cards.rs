//! Rulebook "Playing Cards" and "Rearranging Cards": cards go to the table one at a time
//! exactly when the turn can still end with valid runs and sets (RULES.md, "Design"), and
//! nothing leaves the table during play.

use dukesup_rules::testing::bias_plays;
use dukesup_rules::{Action, CastleState, Phase};

use crate::melds::splits;
use crate::oracle::{CASES, hand, player, property, same_list, table};
use crate::reference::{play_allowed, play_universe};

#[test]
fn a_card_is_played_exactly_when_the_turn_can_still_end() {
    property("a_card_is_played_exactly_when_the_turn_can_still_end", CASES, Some(bias_plays), 10000, |step| {
        if step.before.phase != Phase::Play {
            return Ok(());
        }
        let (was, now) = step.mine();
        if hand(was).is_empty() {
            return Ok(());
        }
        step.reached();
        same_list(
            &step.legal_before(),
            play_universe(step.before),
            |a| matches!(a, Action::Play(_)),
            |a| play_allowed(step.before, &step.was.turn, a),
        )?;
        if let Action::Play(c) = step.action()
            && hand(was).contains(c)
            && (hand(now).contains(c) || !table(step.after).contains(c))
        {
            return Err(format!("{c} did not go from the hand to the table"));
        }
        Ok(())
    });
}

#[test]
fn cards_never_leave_the_table_during_play() {
    property("cards_never_leave_the_table_during_play", CASES, Some(bias_plays), 10000, |step| {
        let (before, after) = (table(step.before), table(step.after));
        if step.round_ended() || before.is_empty() {
            return Ok(());
        }
        step.reached();
        let mut allowed = before;
        match step.action() {
            // THE MOVE's CASTLE goes back to its place (reading 5) ...
            Action::Return => {
                if let Some(c) = player(step.before, step.seat()).castle {
                    allowed.remove(c);
                }
            }
            // ... and a table discard takes an own card to the discard pile ("Discarding").
            Action::DiscardTable(c) => {
                allowed.remove(c);
                if !splits(after, step.config().ace) {
                    return Err(format!("discarding {c} left the table {after}, not in runs and sets"));
                }
            }
            _ => {}
        }
        if !allowed.is_subset(after) {
            return Err(format!("{} left the table", allowed.difference(after)));
        }
        let ends_turn = matches!(step.action(), Action::Discard(_) | Action::DiscardTwo(..) | Action::Bury);
        if ends_turn && !splits(before, step.config().ace) {
            return Err(format!("the turn ended with the table {before}, not in runs and sets"));
        }
        let castle_back =
            step.action() == Action::Return && player(step.after, step.seat()).castle_state != CastleState::FaceUp;
        if castle_back {
            return Err("the CASTLE put back is not face up in place".into());
        }
        Ok(())
    });
}
