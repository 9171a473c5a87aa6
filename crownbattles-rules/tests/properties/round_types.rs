//! Rulebook "The expansion game": the round type of each round ("Organize the fights"),
//! and the round types' own rules (Blind Bidding).

use std::collections::BTreeSet;

use crownbattles_rules::testing::bias_power_cards;
use crownbattles_rules::{Action, Bid, Event, Phase, Power, RoundType, RoundTypes};
use duke_core::{Game, Observer, Seat};

use crate::oracle::{Step, Table, clockwise, focused_property, property};

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
        other => panic!("the oracle does not know {other:?}"),
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
        // A dealt card leaves the pile until every chosen card has been revealed ("Do not
        // play any Alliances round in the final round": then a pile of Alliance cards only
        // is shuffled again with all the chosen cards, and no Alliance card is revealed).
        if let RoundTypes::Deal(chosen) = t.config.round_types {
            step.reached();
            let pile = |s: &crownbattles_rules::CrownBattles| -> u16 {
                s.to_setup().round_pile.unwrap_or_default().iter().fold(0, |m, t| m | 1 << t.index())
            };
            let before = pile(step.check.before);
            let alliances: u16 =
                [RoundType::Alliances, RoundType::MissionsAlliances, RoundType::SuitPrecisionAlliances]
                    .iter()
                    .fold(0, |m, t| m | 1 << t.index());
            let allowed = if step.after.final_round() { !alliances } else { u16::MAX };
            let refilled = if before & allowed == 0 { chosen } else { before };
            if (refilled & allowed) >> next.index() & 1 == 0
                || pile(step.check.after) != refilled & !(1 << next.index())
            {
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
    focused_property(
        "blind_bids_are_placed_at_once_and_face_down",
        RoundType::BlindBidding,
        Some(bias_power_cards),
        250,
        |step| {
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
        },
    );
}

#[test]
fn blind_bids_are_revealed_and_scored_when_the_round_ends() {
    // (Twice the games: the nine implemented round types in the mix make it rarer.)
    focused_property(
        "blind_bids_are_revealed_and_scored_when_the_round_ends",
        RoundType::BlindBidding,
        None,
        40,
        |step| {
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
        },
    );
}

/// Whether the step plays a card face down: a play after the lead in a Stealth Play round.
fn plays_face_down(step: &Step) -> bool {
    matches!(step.before.phase, Phase::Play(_))
        && crate::oracle::face_down(step.before)
        && crate::oracle::played_face(step.action()).is_some()
}

#[test]
fn stealth_cards_after_the_lead_are_face_down_until_the_reveal() {
    focused_property(
        "stealth_cards_after_the_lead_are_face_down_until_the_reveal",
        RoundType::StealthPlay,
        None,
        300,
        |step| {
            if !plays_face_down(step) {
                return Ok(());
            }
            step.reached();
            let me = step.seat();
            let complete = step.before.trick.len() + 1 == step.before.n;
            let mut observers: Vec<Option<Seat>> = step.before.seats().map(Some).collect();
            observers.push(None);
            for x in observers {
                let observer = x.map_or(Observer::Spectator, Observer::Seat);
                let events = step.events(observer);
                // "All other players place their cards face down."
                let first = events.first().ok_or("no event")?;
                let want = if x == Some(me) {
                    Event::Acted { seat: me, action: step.action() }
                } else {
                    Event::PlayedFaceDown { seat: me }
                };
                if *first != want {
                    return Err(format!("{observer:?} sees {first}, want {want}"));
                }
                if complete {
                    continue;
                }
                // Until the trick is complete, nobody else sees the card on the table.
                let view = step.check.after.view(observer);
                let shown = view.trick.iter().any(|c| c.seat == me);
                if shown != (x == Some(me)) || view.face_down.contains(&me) == (x == Some(me)) {
                    return Err(format!("{observer:?}: trick {:?}, face down {:?}", view.trick, view.face_down));
                }
            }
            Ok(())
        },
    );
}

#[test]
fn stealth_only_the_face_up_lead_sets_a_suit_to_follow() {
    // (Thresholds of the Stealth properties: Stealth Play is one of seven implemented round
    // types in `testing::configs` since Leaked Suit, The Split, Missions and Blind Missions.)
    // (Twice the games: the nine implemented round types in the mix make it rarer.)
    focused_property(
        "stealth_only_the_face_up_lead_sets_a_suit_to_follow",
        RoundType::StealthPlay,
        Some(bias_power_cards),
        350,
        |step| {
            let t = step.before;
            let Phase::Play(s) = t.phase else { return Ok(()) };
            if !crate::oracle::face_down(t)
                || matches!(t.trick[0], crownbattles_rules::Face::Number(..))
                || t.config.stealth_follow_face_down
            {
                return Ok(());
            }
            // After a lead that is not a number, every card may be played (reading 35).
            step.reached();
            let listed = step.legal(s);
            let hand = t.hand(s);
            let all = hand.iter().all(|f| listed.contains(&format!("play {f}")));
            if !all {
                return Err(format!("{s} holds {hand:?} after the lead {}: may {listed:?}", t.trick[0]));
            }
            Ok(())
        },
    );
}

#[test]
fn stealth_face_down_power_cards_act_at_the_reveal() {
    // (Twice the games: the nine implemented round types in the mix make it rarer.)
    focused_property(
        "stealth_face_down_power_cards_act_at_the_reveal",
        RoundType::StealthPlay,
        Some(bias_power_cards),
        40,
        |step| {
            if !plays_face_down(step) || crate::oracle::carried(step).is_none() {
                return Ok(());
            }
            step.reached();
            let (t, after) = (step.before, step.after);
            if t.trick.len() + 1 < t.n {
                // Nothing happens when it is played: the next player plays, nobody is protected
                // yet, nobody sees the deck.
                let next = crate::oracle::clockwise(t.leader, t.trick.len() + 1, t.n);
                if after.phase != Phase::Play(next) || after.view.protected != t.view.protected {
                    return Err(format!("after a face-down {:?}: {:?}", step.action(), after.phase));
                }
                let spied =
                    step.events(Observer::Seat(step.seat())).iter().any(|e| matches!(e, Event::DeckSeen { .. }));
                if spied {
                    return Err("a face-down Spy looked before the reveal".to_owned());
                }
            }
            Ok(())
        },
    );
}

#[test]
fn stealth_the_reveal_turns_the_whole_trick_up() {
    // (Thresholds lowered when Suit Precision joined the round types of `testing::configs`,
    // which makes every other type's rounds rarer.)
    focused_property("stealth_the_reveal_turns_the_whole_trick_up", RoundType::StealthPlay, None, 75, |step| {
        if !plays_face_down(step) {
            return Ok(());
        }
        let Some(c) = step.completed_trick() else { return Ok(()) };
        step.reached();
        // "After all cards are played, flip them to reveal the winner of the trick."
        if c.event.0.len() != step.before.n {
            return Err(format!("the trick taken shows {:?}", c.event.0));
        }
        let after = step.after.view.clone();
        if !after.face_down.is_empty() {
            return Err(format!("still face down: {:?}", after.face_down));
        }
        // The trick turned up stays in view as the table is cleared (the round's last
        // until the next round ends).
        if (step.ends_round() || after.trick.is_empty()) && after.revealed_trick != c.event.0 {
            return Err(format!("revealed {:?}, the trick taken {:?}", after.revealed_trick, c.event.0));
        }
        Ok(())
    });
}

/// The decision waiting for a card of the complete trick on `t`'s table, if any: the card's
/// position in the trick and its power.
fn decision_on_table(t: &Table) -> Option<(usize, Power)> {
    if t.trick.len() != t.n {
        return None;
    }
    let (seat, power) = match t.phase {
        Phase::Effect { seat, power, end: true, .. } => (seat, power),
        Phase::Passing { magician, .. } => (magician, Power::Magician),
        _ => return None,
    };
    Some(((seat.index() + t.n - t.leader.index()) % t.n, power))
}

#[test]
fn stealth_actions_at_the_flip_come_before_the_winner() {
    // (Three times the games since Alliances and Missions-Alliances joined the round types.)
    focused_property(
        "stealth_actions_at_the_flip_come_before_the_winner",
        RoundType::StealthPlay,
        Some(bias_power_cards),
        150,
        |step| {
            let (t, after) = (step.before, step.after);
            if !crate::oracle::stealth(t) || !t.config.stealth_actions_at_flip {
                return Ok(());
            }
            // An immediate action of a card played face down (reading 35, the option).
            let at_flip =
                |x: &Table| decision_on_table(x).filter(|&(pos, p)| pos > 0 && crate::oracle::immediate(&x.config, p));
            let events = step.events(Observer::Spectator);
            let revealed = events.iter().any(|e| matches!(e, Event::TrickRevealed { .. }));
            let Some((pos, power)) = at_flip(after) else {
                if revealed {
                    return Err("the trick was turned up with no action at the flip waiting".into());
                }
                return Ok(());
            };
            step.reached();
            // Turned up with the last card, the winner not decided yet.
            if step.completed_trick().is_some() || revealed != matches!(t.phase, Phase::Play(_)) {
                return Err(format!("{power:?} at the flip after {events:?}"));
            }
            // Before every end-of-trick action, in play order.
            if let Some(earlier) = decision_on_table(t)
                && at_flip(t).is_none_or(|(p, _)| p > pos)
            {
                return Err(format!("{power:?} at position {pos} after the decision {earlier:?}"));
            }
            Ok(())
        },
    );
}

#[test]
fn stealth_a_face_down_suit_to_follow_is_told_to_later_players_only() {
    // (More games: the other round types in the mix of `testing::configs` make Stealth
    // Play rounds rarer.)
    focused_property(
        "stealth_a_face_down_suit_to_follow_is_told_to_later_players_only",
        RoundType::StealthPlay,
        None,
        25,
        |step| {
            let t = step.after;
            if !crate::oracle::face_down(t) || !t.config.stealth_follow_face_down || t.trick.len() == t.n {
                return Ok(());
            }
            // The first numbered card after a lead that is not a number (nor a Golem or a
            // Dragon, which free the trick) sets the suit, face down or not (the option).
            let fighters = crate::oracle::fighters(&t.trick, t.df_golem);
            let set = (!crate::ranking::freed(&fighters)
                && !matches!(t.trick[0], crownbattles_rules::Face::Number(..)))
            .then(|| crate::ranking::led_suit(&fighters))
            .flatten();
            let setter = fighters.iter().position(|f| matches!(f.kind, crate::ranking::Kind::Number { .. }));
            let mut reached = false;
            for s in t.seats() {
                let pos = (s.index() + t.n - t.leader.index()) % t.n;
                // Told once its turn came after the card that set it.
                let want = set.filter(|_| setter.is_some_and(|k| k < pos) && pos <= t.trick.len());
                reached |= want.is_some();
                let told = step.check.after.view(Observer::Seat(s)).suit_told;
                if told != want {
                    return Err(format!("{s} is told {told:?}, want {want:?} (trick {:?})", t.trick));
                }
            }
            if step.check.after.view(Observer::Spectator).suit_told.is_some() {
                return Err("the spectator is told a face-down suit".into());
            }
            if reached {
                step.reached();
            }
            Ok(())
        },
    );
}

/// Whether the table is in a round of The Split.
fn split(t: &crate::oracle::Table) -> bool {
    t.view.round_type == RoundType::TheSplit
}

#[test]
fn split_hands_are_split_in_secret_into_two_halves() {
    // (Twice the games: the nine implemented round types in the mix make it rarer.)
    focused_property("split_hands_are_split_in_secret_into_two_halves", RoundType::TheSplit, None, 2000, |step| {
        let t = step.before;
        if !split(t) || t.phase != Phase::Splitting {
            return Ok(());
        }
        step.reached();
        // "Players split their hand of cards into two equals … the larger portion is played
        // in the second round": each sets aside its second half, all at once (reading 36).
        let second = usize::from(t.dealt() - t.dealt() / 2);
        let waiting: Vec<Seat> = t.seats().filter(|s| t.aside[s.index()].len() < second).collect();
        if step.check.before.to_act().iter().collect::<Vec<_>>() != waiting {
            return Err(format!("to act {:?}, still splitting {waiting:?}", step.check.before.to_act()));
        }
        for s in t.seats() {
            if t.hand(s).len() + t.aside[s.index()].len() != usize::from(t.dealt()) {
                return Err(format!("{s} holds {:?} and set aside {:?}", t.hand(s), t.aside[s.index()]));
            }
            let want: BTreeSet<String> = if waiting.contains(&s) {
                t.hand(s).iter().map(|f| format!("aside {f}")).collect()
            } else {
                BTreeSet::new()
            };
            if step.legal(s) != want {
                return Err(format!("{s} may {:?}, want {want:?}", step.legal(s)));
            }
            // The split is secret: each view shows its own set-aside cards only.
            let view = step.check.before.view(Observer::Seat(s));
            let shown = view.split.as_ref().map(|v| v.aside.clone()).unwrap_or_default();
            if !crate::oracle::same_cards(&shown, &t.aside[s.index()]) {
                return Err(format!("{s} sees its set-aside cards as {shown:?}"));
            }
        }
        let spectator = step.check.before.view(Observer::Spectator);
        if spectator.split.is_some_and(|v| !v.aside.is_empty()) {
            return Err("a spectator sees set-aside cards".into());
        }
        if waiting.len() == 1 && step.after.phase != Phase::Splitting {
            // Then the bids, from the dealer's left; each hand is its first half.
            let first = usize::from(t.dealt() / 2);
            let halves =
                step.after.hands.iter().all(|h| h.len() == first) && step.after.aside.iter().all(|a| a.len() == second);
            if step.after.phase != Phase::Bidding(clockwise(t.dealer, 1, t.n)) || !halves {
                return Err(format!("after the split: {:?}, hands {:?}", step.after.phase, step.after.hands));
            }
        }
        Ok(())
    });
}

#[test]
fn split_two_bids_per_seat_clockwise() {
    // (200 and 20 below: The Split is one of seven implemented round types in
    // `testing::configs`.)
    // (Twice the games: the nine implemented round types in the mix make it rarer.)
    focused_property("split_two_bids_per_seat_clockwise", RoundType::TheSplit, None, 1300, |step| {
        let t = step.before;
        let Phase::Bidding(s) = t.phase else { return Ok(()) };
        if !split(t) {
            return Ok(());
        }
        step.reached();
        // "Players place their 2 bids in a clockwise manner": a seat's first half's bid, then
        // its second half's, then the next seat's (reading 36).
        let done = t.seats().filter(|x| t.other_bids[x.index()].is_some()).count();
        if s != clockwise(t.dealer, 1 + done, t.n) {
            return Err(format!("{s} bids after {done} seats bid twice, dealer {}", t.dealer));
        }
        let Action::Bid(bid) = step.action() else { return Ok(()) };
        let first = t.bids[s.index()].is_none();
        let (after, placed) = (step.after, if first { &step.after.bids } else { &step.after.other_bids });
        let next = if first {
            Phase::Bidding(s)
        } else if done + 1 < t.n {
            Phase::Bidding(clockwise(s, 1, t.n))
        } else {
            Phase::Play(clockwise(t.dealer, 1, t.n))
        };
        // A first half of no card (one card dealt) is over as soon as the bids are.
        let over = !first && done + 1 == t.n && t.dealt() == 1;
        if over {
            return if step.ends_first_half() { Ok(()) } else { Err("the empty first half goes on".into()) };
        }
        if placed[s.index()] != Some(bid) || after.phase != next {
            return Err(format!(
                "after {bid} of {s}: {:?}, bids {:?} / {:?}",
                after.phase, after.bids, after.other_bids
            ));
        }
        Ok(())
    });
}

#[test]
fn split_the_second_half_follows_the_first() {
    focused_property(
        "split_the_second_half_follows_the_first",
        RoundType::TheSplit,
        Some(bias_power_cards),
        20,
        |step| {
            if !step.ends_first_half() {
                return Ok(());
            }
            step.reached();
            let (t, after) = (step.before, step.after);
            // "Two separate smaller rounds": the set-aside halves are taken up and led from the
            // dealer's left (or, by the option, by whoever leads after the last trick: its
            // winner, or the Bomb's choice); the first half's bids and tricks are kept.
            let mut next = step.memory.next_leader;
            if let Some(c) = step.completed_trick() {
                let v = crate::oracle::judge(&c.fighters, c.trump, t.config.wizard_affects_kings);
                let bomber = c.fighters.iter().rposition(|f| f.action == Some(crownbattles_rules::Power::Bomb));
                next = v.winner.or(bomber).map(|i| clockwise(c.leader, i, t.n));
            }
            if let Action::Lead(s) = step.action() {
                next = Some(s);
            }
            let last_winner = t.config.split_lead == crownbattles_rules::SplitLead::LastWinner;
            let leader = match next {
                Some(s) if last_winner && t.dealt() > 1 => s,
                _ => clockwise(t.dealer, 1, t.n),
            };
            for s in t.seats() {
                if !crate::oracle::same_cards(after.hand(s), &t.aside[s.index()]) || !after.aside[s.index()].is_empty()
                {
                    return Err(format!("{s} takes up {:?}, set aside {:?}", after.hand(s), t.aside[s.index()]));
                }
            }
            let kept = after.first_tricks.iter().map(|&k| usize::from(k)).sum::<usize>();
            if kept > usize::from(t.dealt() / 2) || after.tricks.iter().any(|&k| k != 0) {
                return Err(format!("first half tricks {:?}, now {:?}", after.first_tricks, after.tricks));
            }
            if after.phase != Phase::Play(leader) || after.leader != leader || !after.trick.is_empty() {
                return Err(format!("the second half starts with {:?} led by {}", after.phase, after.leader));
            }
            if !matches!(step.action(), Action::Jest(_))
                && after.other_bids != t.bids.clone()
                && !t.bids.contains(&None)
            {
                return Err(format!("first half bids {:?} kept as {:?}", t.bids, after.other_bids));
            }
            // Nothing of a set-aside half was shown: no seat is known to lack a suit in it.
            if after.view.voids.iter().any(|v| !v.is_empty()) {
                return Err(format!("voids {:?} in the second half", after.view.voids));
            }
            let told = Event::FirstHalfPlayed { bids: after.other_bids.clone(), tricks: after.first_tricks.clone() };
            for observer in [Observer::Spectator, Observer::Seat(Seat(0))] {
                if !step.events(observer).contains(&told) {
                    return Err(format!("{observer:?} is not told {told}"));
                }
            }
            Ok(())
        },
    );
}
