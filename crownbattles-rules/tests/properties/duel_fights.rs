//! Rulebook "Duel Fights": the dealer's pairing (one group of three when odd), the bidding
//! order in each group, and the two-player and three-way scoring (RULES.md, readings
//! 53–56).

use crownbattles_rules::testing::bias_power_cards;
use crownbattles_rules::{Action, Bid, DuelPairing, Event, Phase, RoundType};
use duke_core::{Observer, Seat};

use crate::oracle::{Table, clockwise, longer_property, points};

/// How many tricks a bid is off.
fn off(bid: Option<Bid>, won: u8) -> i32 {
    let Some(b) = bid else { return 0 };
    let (w, lo, hi) = (i32::from(won), i32::from(b.low()), i32::from(b.high()));
    if w < lo {
        lo - w
    } else if w > hi {
        w - hi
    } else {
        0
    }
}

/// "10 points for every trick won, but without any bonus points" (a double bid: half).
fn per_trick(bid: Option<Bid>, won: u8) -> i32 {
    match bid {
        Some(Bid::Double(_)) => 5 * i32::from(won),
        Some(Bid::Single(_)) => 10 * i32::from(won),
        None => 0,
    }
}

/// The points of one group by the rulebook's cases ("Duel Fight", "3-Way Fight").
fn group_points(t: &Table, group: &[(Option<Bid>, u8)]) -> Vec<i32> {
    let rules = t.config.duels;
    let offs: Vec<i32> = group.iter().map(|&(b, w)| off(b, w)).collect();
    let winners = offs.iter().filter(|&&o| o == 0).count() as i32;
    let size = group.len() as i32;
    if winners == size {
        return group.iter().map(|&(b, w)| per_trick(b, w)).collect();
    }
    if winners > 0 {
        let lost: i32 = offs.iter().map(|o| 10 * o).sum();
        let share = (lost / winners) - (lost / winners) % 5;
        return group
            .iter()
            .zip(&offs)
            .map(|(&(b, w), &o)| {
                if o > 0 {
                    -10 * o
                } else if rules.winner_bonus {
                    points(b, w) + share
                } else {
                    per_trick(b, w) + share
                }
            })
            .collect();
    }
    let least = *offs.iter().min().unwrap();
    let tied = offs.iter().filter(|&&o| o == least).count() as i32;
    if tied == size {
        return offs.iter().map(|o| -10 * o).collect();
    }
    let collected: i32 = offs.iter().map(|o| 10 * (o - least)).sum();
    let share = (collected / tied) - (collected / tied) % 5;
    offs.iter()
        .map(|&o| {
            let bank = if rules.misses_to_bank { -10 * o } else { 0 };
            bank + if o == least { share } else { -10 * (o - least) }
        })
        .collect()
}

/// Every seat's points for a Duel Fights round, group by group (the groups as the view
/// shows them).
pub fn duel_round(t: &Table, bids: &[Option<Bid>], tricks: &[u8]) -> Vec<i32> {
    let mut out = vec![0; t.n];
    for g in &t.view.duels {
        let group: Vec<(Option<Bid>, u8)> = g.iter().map(|s| (bids[s.index()], tricks[s.index()])).collect();
        for (s, p) in g.iter().zip(group_points(t, &group)) {
            out[s.index()] = p;
        }
    }
    out
}

#[test]
fn duel_fights_group_everyone_before_the_bids() {
    longer_property("duel_fights_group_everyone_before_the_bids", 4, None, 200, |step| {
        let t = step.before;
        if t.view.round_type != RoundType::DuelFights || t.over {
            return Ok(());
        }
        let grouped: usize = t.view.duels.iter().map(Vec::len).sum();
        if t.phase == Phase::Pairing {
            step.reached();
            // Only the dealer pairs, and only by the default rule.
            if t.config.duels.pairing != DuelPairing::Dealer || t.view.to_act != vec![t.dealer] {
                return Err(format!("pairing by {:?} under {:?}", t.view.to_act, t.config.duels.pairing));
            }
            let legal = step.legal(t.dealer);
            if legal.is_empty() || !legal.iter().all(|a| a.starts_with("duel")) {
                return Err(format!("the dealer's pairings: {legal:?}"));
            }
            if let Action::Duel(..) = step.action()
                && step.after.phase != Phase::Pairing
            {
                let groups = step.after.view.duels.clone();
                if !step.events(Observer::Seat(Seat(0))).contains(&Event::Paired { groups }) {
                    return Err("the completed pairing is not announced".into());
                }
            }
            return Ok(());
        }
        if t.phase == Phase::ChooseTrump {
            return Ok(());
        }
        // Everyone grouped, in twos, one three when the count is odd.
        let mut sizes: Vec<usize> = t.view.duels.iter().map(Vec::len).collect();
        sizes.sort_unstable();
        let want: Vec<usize> = (0..t.n / 2).map(|i| if t.n % 2 == 1 && i + 1 == t.n / 2 { 3 } else { 2 }).collect();
        if grouped != t.n || sizes != want {
            return Err(format!("groups {:?} of {} players", t.view.duels, t.n));
        }
        // The bids go clockwise from the dealer's left: in each group the player closest
        // to the dealer clockwise bids first.
        if let Phase::Bidding(s) = t.phase {
            step.reached();
            let placed = t.bids.iter().filter(|b| b.is_some()).count();
            if s != clockwise(t.dealer, 1 + placed, t.n) {
                return Err(format!("{s} bids after {placed} bids, dealer {}", t.dealer));
            }
        }
        Ok(())
    });
}

#[test]
fn duel_fights_score_each_group_against_itself() {
    longer_property("duel_fights_score_each_group_against_itself", 4, Some(bias_power_cards), 40, |step| {
        let t = step.before;
        if t.view.round_type != RoundType::DuelFights || !step.ends_round() {
            return Ok(());
        }
        step.reached();
        // (`scoring.rs` checks the scores with `duel_round`; here the announced points.)
        let (bids, tricks, scores) = crate::scoring::round_result_of(step);
        let want = duel_round(t, &bids, &tricks);
        let scored = step.events(Observer::Spectator).into_iter().find_map(|e| match e {
            Event::RoundScored { points, .. } => Some(points),
            _ => None,
        });
        if scored.as_ref() != Some(&want) || step.after.scores != scores {
            return Err(format!(
                "groups {:?}, bids {bids:?}, tricks {tricks:?}: {scored:?}, want {want:?}",
                t.view.duels
            ));
        }
        Ok(())
    });
}
