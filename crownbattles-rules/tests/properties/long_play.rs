//! Rulebook "Long Play": "After each player plays their first card, the trick continues,
//! and everyone plays a second card. This means that players will win half of the cards
//! dealt as tricks. If there is an odd number of cards in the round, play the last trick as
//! in the Normal Bidding round." (RULES.md, readings 40–44.)

use crownbattles_rules::testing::bias_power_cards;
use crownbattles_rules::{Action, Event, Phase, Power, RoundType};
use duke_core::Observer;

use crate::oracle::{Step, Table, allowed_bids, clockwise, fighters, focused_property, judge};

fn long(t: &Table) -> bool {
    t.view.round_type == RoundType::LongPlay
}

/// The trick the step took, per [`Event::TrickTaken`]: its number of cards and its winner.
fn taken(step: &Step) -> Option<(usize, Option<duke_core::Seat>)> {
    step.events(Observer::Spectator).into_iter().find_map(|e| match e {
        Event::TrickTaken { cards, winner } => Some((cards.len(), winner)),
        _ => None,
    })
}

#[test]
fn long_play_everyone_plays_twice_in_each_trick() {
    focused_property("long_play_everyone_plays_twice_in_each_trick", RoundType::LongPlay, None, 200, |step| {
        let t = step.before;
        let Phase::Play(s) = t.phase else { return Ok(()) };
        if !long(t) {
            return Ok(());
        }
        // The same clockwise order from the leader in both passes.
        if s != clockwise(t.leader, t.trick.len(), t.n) {
            return Err(format!("{s} plays with {} cards on the table led by {}", t.trick.len(), t.leader));
        }
        let on_table = t.trick.len() + 1;
        let hands_left: usize = t.hands.iter().map(Vec::len).sum::<usize>() - 1;
        match taken(step) {
            // A long trick is taken after both passes; the odd last trick, one card each,
            // only when the deal is odd and the hands are empty.
            Some((cards, _)) => {
                let odd_last = cards == t.n && t.dealt() % 2 == 1 && hands_left == 0;
                if cards != 2 * t.n && !odd_last || cards != on_table && cards != t.trick.len() {
                    return Err(format!(
                        "a trick of {cards} cards taken ({on_table} on the table, dealt {})",
                        t.dealt()
                    ));
                }
            }
            None if on_table == t.n && hands_left > 0 && step.after.phase == Phase::Play(t.leader) => {
                // The trick continues: the first pass stays on the table, the leader plays again.
                step.reached();
                if step.after.trick.len() != t.n || step.after.view.trick.len() != t.n {
                    return Err(format!("after the first pass: {:?}", step.after.view.trick));
                }
            }
            None if on_table == 2 * t.n && hands_left > 0 && matches!(step.after.phase, Phase::Play(_)) => {
                return Err("a second pass ended without a trick taken".into());
            }
            None => {}
        }
        Ok(())
    });
}

#[test]
fn long_play_winner_and_suit_over_both_passes() {
    // The trick oracle of the base game over all the trick's cards: one led suit (the
    // first numbered card's), the first of the highest strength in play order over both
    // passes, a Wizard in either pass acting on the whole trick (readings 41, 42).
    focused_property(
        "long_play_winner_and_suit_over_both_passes",
        RoundType::LongPlay,
        Some(bias_power_cards),
        500,
        |step| {
            if !long(step.before) {
                return Ok(());
            }
            let Some(c) = step.completed_trick() else { return Ok(()) };
            if c.fighters.len() != 2 * step.before.n {
                return Ok(());
            }
            step.reached();
            let v = judge(&c.fighters, c.trump, step.before.config.wizard_affects_kings);
            let bombed = c.fighters.iter().any(|f| f.action == Some(Power::Bomb));
            let want = if bombed { None } else { v.winner.map(|i| clockwise(c.leader, i, step.before.n)) };
            if c.event.1 != want {
                return Err(format!("winner {:?}, the rulebook says {want:?} ({:?})", c.event.1, c.fighters));
            }
            Ok(())
        },
    );
}

#[test]
fn long_play_tricks_are_half_the_cards_dealt() {
    focused_property("long_play_tricks_are_half_the_cards_dealt", RoundType::LongPlay, None, 150, |step| {
        if !long(step.before) || !step.ends_round() {
            return Ok(());
        }
        let scored = step.events(Observer::Spectator).into_iter().find_map(|e| match e {
            Event::RoundScored { tricks, .. } => Some(tricks),
            _ => None,
        });
        let Some(tricks) = scored else { return Ok(()) };
        step.reached();
        let dealt = usize::from(step.before.dealt());
        let want = dealt / 2 + dealt % 2;
        let won: usize = tricks.iter().map(|&t| usize::from(t)).sum();
        // A Bomb destroys a trick: nobody wins it.
        let bomb =
            crate::oracle::deck_faces(&step.before.config.deck).contains(&crownbattles_rules::Face::Power(Power::Bomb));
        if won > want || !bomb && won != want {
            return Err(format!("{won} tricks won with {dealt} cards dealt, want {want}"));
        }
        Ok(())
    });
}

#[test]
fn long_play_end_of_trick_actions_wait_for_the_second_pass() {
    // An action "at the end of the ongoing trick" played in the first pass waits for the
    // second: no decision of it while the second pass is under way (reading 43).
    focused_property(
        "long_play_end_of_trick_actions_wait_for_the_second_pass",
        RoundType::LongPlay,
        Some(bias_power_cards),
        450,
        |step| {
            let t = step.before;
            if !long(t) || t.trick.len() < t.n || t.trick.len() >= 2 * t.n {
                return Ok(());
            }
            // A complete odd last trick (a trick of one pass: no hand holds a card for a
            // second) has its end-of-trick actions now.
            if t.view.hand_sizes.iter().all(|&h| h == 0) {
                return Ok(());
            }
            let first = fighters(&t.trick[..t.n], t.df_golem);
            let waiting = first.iter().any(|f| matches!(f.action, Some(Power::Thief | Power::Bomb | Power::Cursed)));
            if !waiting {
                return Ok(());
            }
            step.reached();
            if let Phase::Effect { end: true, .. } = t.phase {
                return Err(format!("an end-of-trick decision during the second pass: {:?}", t.phase));
            }
            Ok(())
        },
    );
}

#[test]
fn long_play_bids_count_the_tricks() {
    // The bids of a Long Play round are those of a hand of as many cards as it has tricks
    // (reading 44): double bids with more than one trick, "Screw the dealer" against the
    // cards dealt, as printed (or the tricks, `long_play_screw_by_tricks`).
    focused_property("long_play_bids_count_the_tricks", RoundType::LongPlay, None, 700, |step| {
        let t = step.before;
        let Phase::Bidding(s) = t.phase else { return Ok(()) };
        if !long(t) {
            return Ok(());
        }
        step.reached();
        let listed: std::collections::BTreeSet<String> =
            step.legal(s).into_iter().filter(|a| a.starts_with("bid ")).collect();
        let (dealt, tricks) = (t.dealt(), t.dealt() / 2 + t.dealt() % 2);
        let want = allowed_bids(t, s);
        if tricks == 1 && want.iter().any(|b| b.contains('-')) {
            return Err("the oracle offers a double bid for one trick".into());
        }
        if listed != want {
            return Err(format!("bids {listed:?}, want {want:?} ({dealt} cards, {tricks} tricks)"));
        }
        if let Action::Bid(b) = step.action()
            && !want.contains(&format!("bid {b}"))
        {
            return Err(format!("bid {b} applied"));
        }
        Ok(())
    });
}
