//! Rulebook "The expansion game": the round type of each round ("Organize the fights"),
//! and the round types' own rules (Blind Bidding).

use std::collections::BTreeSet;

use crownbattles_rules::testing::bias_power_cards;
use crownbattles_rules::{Action, Bid, Event, Phase, RoundType, RoundTypes};
use duke_core::{Game, Observer, Seat};

use crate::oracle::{Step, clockwise, property};

/// The round types a round may play under the config, by "Organize the fights": the one
/// type of every round, the sequence's entry (a tie replay plays the last), or any chosen
/// card (never an Alliance in the final round).
fn allowed(step: &Step, round: u8, final_round: bool) -> BTreeSet<RoundType> {
    match step.before.config.round_types {
        RoundTypes::Every(t) => BTreeSet::from([t]),
        RoundTypes::Sequence { .. } => {
            let list = step.before.config.round_types.sequence_slice();
            BTreeSet::from([list[usize::from(round - 1).min(list.len() - 1)]])
        }
        RoundTypes::Deal(m) | RoundTypes::Draw(m) => RoundType::ALL
            .into_iter()
            .filter(|t| m >> t.index() & 1 == 1 && !(final_round && t.is_alliance()))
            .collect(),
    }
}

#[test]
fn every_round_plays_a_round_type_the_config_allows() {
    property("every_round_plays_a_round_type_the_config_allows", None, 100, |step| {
        let t = step.before;
        let now = t.view.round_type;
        if !allowed(step, t.round, t.final_round()).contains(&now) {
            return Err(format!("round {} plays {now:?} under {:?}", t.round, t.config.round_types));
        }
        let starts = step.ends_round() && !step.after.over;
        if !starts {
            return Ok(());
        }
        let next = step.after.view.round_type;
        // The new round's card is revealed to everyone, in games that play round types.
        let revealed = Event::RoundTypeRevealed { round_type: next };
        let base = t.config.round_types == RoundTypes::default();
        for observer in [Observer::Spectator, Observer::Seat(Seat(0))] {
            if step.events(observer).contains(&revealed) == base {
                return Err(format!("{observer:?}: the reveal of {next:?} is missing or shown in the base game"));
            }
        }
        // A dealt card leaves the pile until every chosen card has been revealed.
        if let RoundTypes::Deal(chosen) = t.config.round_types {
            step.reached();
            let pile = |s: &crownbattles_rules::CrownBattles| -> u16 {
                s.to_setup().round_pile.unwrap_or_default().iter().fold(0, |m, t| m | 1 << t.index())
            };
            let before = pile(step.check.before);
            let refilled = if before == 0 { chosen } else { before };
            if refilled >> next.index() & 1 == 0 || pile(step.check.after) != refilled & !(1 << next.index()) {
                return Err(format!("{next:?} revealed from the pile {before:#b} of {chosen:#b}"));
            }
        } else if !base {
            step.reached();
        }
        Ok(())
    });
}

#[test]
fn blind_bids_are_placed_at_once_and_face_down() {
    property("blind_bids_are_placed_at_once_and_face_down", Some(bias_power_cards), 300, |step| {
        let t = step.before;
        if t.view.round_type != RoundType::BlindBidding || t.over {
            return Ok(());
        }
        // Until the round ends, each seat sees its own bid only.
        for s in t.seats() {
            let seen = step.check.before.view(Observer::Seat(s)).bids;
            let want: Vec<Option<Bid>> = t.seats().map(|x| if x == s { t.bids[x.index()] } else { None }).collect();
            if seen != want {
                return Err(format!("{s} sees the bids {seen:?}"));
            }
        }
        if t.phase != Phase::BlindBidding {
            return Ok(());
        }
        step.reached();
        // "Secretly predict and choose your bids": everyone without a bid acts at once.
        let waiting: Vec<Seat> = t.seats().filter(|s| t.bids[s.index()].is_none()).collect();
        if step.check.before.to_act().iter().collect::<Vec<_>>() != waiting {
            return Err(format!("to act {:?}, without a bid {waiting:?}", step.check.before.to_act()));
        }
        let Action::Bid(bid) = step.action() else { return Ok(()) };
        for x in t.seats().filter(|&x| x != step.seat()) {
            let first = step.events(Observer::Seat(x)).into_iter().next();
            if first != Some(Event::BidFaceDown { seat: step.seat() }) {
                return Err(format!("{x} sees {first:?}"));
            }
        }
        let next = if waiting.len() == 1 { Phase::Play(clockwise(t.dealer, 1, t.n)) } else { Phase::BlindBidding };
        if step.after.phase != next || step.after.bids[step.seat().index()] != Some(bid) {
            return Err(format!("after {bid}: {:?}, bids {:?}", step.after.phase, step.after.bids));
        }
        Ok(())
    });
}

#[test]
fn blind_bids_are_revealed_and_scored_when_the_round_ends() {
    property("blind_bids_are_revealed_and_scored_when_the_round_ends", None, 40, |step| {
        let t = step.before;
        let blind = t.view.round_type == RoundType::BlindBidding;
        if !step.ends_round() {
            // The revealed bids stay as they were within a round.
            if step.after.view.revealed_bids != t.view.revealed_bids {
                return Err("the revealed bids changed within a round".into());
            }
            return Ok(());
        }
        let scored = step.events(Observer::Seat(Seat(0))).into_iter().find_map(|e| match e {
            Event::RoundScored { bids, .. } => Some(bids),
            _ => None,
        });
        let Some(bids) = scored else { return Err("no round score".into()) };
        let shown = step.after.view.revealed_bids.clone();
        if blind {
            step.reached();
            // "Reveal your bids": every bid of the round, in every view, until the next round ends.
            let all: Option<Vec<Bid>> = bids.into_iter().collect();
            if all.is_none() || shown != all {
                return Err(format!("revealed {shown:?}, scored with {all:?}"));
            }
        } else if shown.is_some() {
            return Err(format!("a {:?} round reveals {shown:?}", t.view.round_type));
        }
        Ok(())
    });
}
