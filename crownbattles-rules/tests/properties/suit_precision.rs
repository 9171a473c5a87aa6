//! Rulebook "Suit Precision": a bid per suit, each won trick placed under a suit ("How to
//! win a suited trick", "Special cases"), the printed scoring and "Double-bids"; readings
//! 45–49.

use std::collections::BTreeSet;

use crownbattles_rules::{Bid, Event, Phase, PrecisionTeamDouble, RoundType, SuitId, Trump};
use duke_core::{Game, Observer, Seat};

use crate::oracle::{Table, Won, ally_of, combined_bid, longer_property, property};

fn precision(t: &Table) -> bool {
    t.view.round_type.bids_per_suit()
}

/// The suits a set of suit bids predicts a trick in (a bid above 0).
fn predicted(bids: &[Option<Bid>; 4]) -> BTreeSet<SuitId> {
    SuitId::ALL.into_iter().zip(bids).filter(|(_, b)| b.is_some_and(|b| b.high() > 0)).map(|(s, _)| s).collect()
}

/// The printed points of one player, suit by suit: all met, 10 per trick and 10 per suit
/// with a trick (a double bid 5 and 5), or 10 for four bids of 0; otherwise 10 per trick of
/// a met suit (5 for a double bid), -10 per trick off in a missed one, no bonus.
pub fn printed_points(bids: &[Option<Bid>; 4], won: &[u8; 4]) -> i32 {
    let met = |b: &Option<Bid>, w: u8| b.is_some_and(|b| b.low() <= w && w <= b.high());
    let all = bids.iter().zip(won).all(|(b, &w)| met(b, w));
    if all && bids.iter().all(|b| *b == Some(Bid::Single(0))) {
        return 10;
    }
    let mut total = 0;
    for (b, &w) in bids.iter().zip(won) {
        let Some(bid) = b else { continue };
        let per = if matches!(bid, Bid::Double(_)) { 5 } else { 10 };
        let w = i32::from(w);
        if !met(b, w as u8) {
            let off = if w < i32::from(bid.low()) { i32::from(bid.low()) - w } else { w - i32::from(bid.high()) };
            total -= 10 * off;
        } else {
            total += per * w + if all && w > 0 { per } else { 0 };
        }
    }
    total
}

/// A Suit Precision or Suit Precision-Alliances round's end, as its events show it.
pub struct SuitsScored {
    /// Each player's bid per suit.
    pub bids: Vec<[Option<Bid>; 4]>,
    /// The tricks each player placed under each suit.
    pub tricks: Vec<[u8; 4]>,
    /// Each player's points for the round.
    pub points: Vec<i32>,
    /// Each player's tricks in all.
    pub won: Vec<u8>,
}

impl SuitsScored {
    /// The scored suits among `events`, `None` where no suit is scored.
    pub fn of(events: &[Event]) -> Result<Option<Self>, String> {
        let Some((bids, tricks)) = events.iter().find_map(|e| match e {
            Event::SuitsScored { bids, tricks } => Some((bids.clone(), tricks.clone())),
            _ => None,
        }) else {
            return Ok(None);
        };
        let (points, won) = events
            .iter()
            .find_map(|e| match e {
                Event::RoundScored { points, tricks, .. } => Some((points.clone(), tricks.clone())),
                _ => None,
            })
            .ok_or("suits scored without the round's score")?;
        Ok(Some(SuitsScored { bids, tricks, points, won }))
    }

    /// The points the rulebook gives player `i`: the printed points of its suit bids and
    /// tricks; in Suit Precision-Alliances those of its team's combined bids and tricks per
    /// suit ("both players earn", "both players lose"; no suit double-bid by both members),
    /// the solo player its own, its met tricks counted twice with `precision_solo_doubled`
    /// (readings 60 to 64).
    pub fn want(&self, t: &Table, i: usize) -> Result<i32, String> {
        let (own, tricks) = (&self.bids[i], &self.tricks[i]);
        let alliances = t.view.round_type == RoundType::SuitPrecisionAlliances;
        match ally_of(t, Seat(i as u8)).filter(|_| alliances) {
            Some(a) => {
                let other = self.bids.get(a.index()).ok_or("an ally beyond the players")?;
                let (mut b, mut w) = ([None; 4], [0u8; 4]);
                for k in 0..4 {
                    if matches!(own[k], Some(Bid::Double(_))) && matches!(other[k], Some(Bid::Double(_))) {
                        return Err(format!("P{i} and its ally both double-bid suit {k}"));
                    }
                    b[k] = combined_bid(own[k], other[k]);
                    w[k] = tricks[k] + self.tricks[a.index()][k];
                }
                Ok(printed_points(&b, &w))
            }
            None if alliances && t.config.precision_solo_doubled => {
                let extra: i32 = own
                    .iter()
                    .zip(tricks)
                    .filter_map(|(b, &w)| {
                        let b = (*b)?;
                        let per = if matches!(b, Bid::Double(_)) { 5 } else { 10 };
                        (b.low() <= w && w <= b.high()).then_some(per * i32::from(w))
                    })
                    .sum();
                Ok(printed_points(own, tricks) + extra)
            }
            None => Ok(printed_points(own, tricks)),
        }
    }
}

#[test]
fn suit_precision_bids_one_suit_at_a_time_in_suit_order() {
    property("suit_precision_bids_one_suit_at_a_time_in_suit_order", None, 300, |step| {
        let t = step.before;
        let Phase::Bidding(s) = t.phase else { return Ok(()) };
        if !precision(t) {
            return Ok(());
        }
        step.reached();
        let bids = &t.view.precision.as_ref().ok_or("no suit bids in view")?.bids;
        if t.view.bids.iter().any(Option::is_some) {
            return Err("a single bid in a Suit Precision round".into());
        }
        // The seats before `s` from the dealer's left have all four bids, the others none.
        let mut seat = crate::oracle::clockwise(t.dealer, 1, t.n);
        while seat != s {
            if bids[seat.index()].iter().any(Option::is_none) {
                return Err(format!("{seat} bid before {s} but misses a suit bid"));
            }
            seat = crate::oracle::clockwise(seat, 1, t.n);
        }
        let mine = &bids[s.index()];
        let placed = mine.iter().take_while(|b| b.is_some()).count();
        if mine.iter().skip(placed).any(Option::is_some) {
            return Err(format!("{s}'s suit bids out of suit order: {mine:?}"));
        }
        let suit = SuitId::ALL[placed];
        let max = t.config.max_bid;
        // Suit Precision-Alliances, "Only one team member can make a double-bid" (reading
        // 60): once the ally double-bid any suit (as printed), the ally double-bid this suit
        // (`PerSuit`), or either member double-bid any suit (`OneBid`).
        let doubled = |x: usize, k: usize| matches!(bids[x][k], Some(crownbattles_rules::Bid::Double(_)));
        let ally_doubled = crate::oracle::ally_of(t, s).is_some_and(|a| match t.config.precision_team_double {
            PrecisionTeamDouble::OneMember => (0..4).any(|k| doubled(a.index(), k)),
            PrecisionTeamDouble::PerSuit => doubled(a.index(), placed),
            PrecisionTeamDouble::OneBid => (0..4).any(|k| doubled(a.index(), k) || doubled(s.index(), k)),
            other => panic!("the oracle does not know {other:?}"),
        });
        let mut want = BTreeSet::new();
        for n in 0..=max {
            want.insert(format!("bid {}{n}", suit.letter()));
            // A double bid as in Normal Bidding: two numbers within the tokens, not with one card.
            if n < max && t.view.cards_dealt > 1 && !ally_doubled {
                want.insert(format!("bid {}{n}-{}", suit.letter(), n + 1));
            }
        }
        let got: BTreeSet<String> = step.legal(s).into_iter().filter(|a| a.starts_with("bid ")).collect();
        if got != want {
            return Err(format!("{s} may bid {got:?}, want {want:?}"));
        }
        Ok(())
    });
}

#[test]
fn suit_precision_places_each_trick_under_a_suit_its_winner_may_choose() {
    property("suit_precision_places_each_trick_under_a_suit_its_winner_may_choose", None, 100, |step| {
        let t = step.before;
        if !precision(t) {
            return Ok(());
        }
        let Some(c) = step.completed_trick() else { return Ok(()) };
        let won = Won::of(&c, t.n, t.config.wizard_affects_kings);
        let Some(w) = won.winner else { return Ok(()) };
        step.reached();
        let v = crate::ranking::judge(&c.fighters, c.trump, t.config.wizard_affects_kings);
        let tier = v.ranks[v.winner.unwrap()].0;
        let all: BTreeSet<SuitId> = SuitId::ALL.into_iter().collect();
        let bids = t.view.precision.as_ref().ok_or("no suit bids in view")?.bids[w.index()];
        let want: BTreeSet<SuitId> = match (won.kind, tier) {
            // A numbered card: the led suit, or with a trump the led or the trump suit.
            (Some(crate::ranking::Kind::Number { suit, .. }), 1 | 2) => won.led.into_iter().chain([suit]).collect(),
            // A Golem or a Dragon fighting: any suit.
            (_, 3..) => all.clone(),
            // A trick won at a Peasant's strength: among the suit predictions (reading 46).
            _ => {
                let p = predicted(&bids);
                if p.is_empty() || t.config.precision_peasant_any { all.clone() } else { p }
            }
        };
        if c.trump == Trump::NoTrump && tier == 2 {
            return Err("a trump tier without a trump".into());
        }
        let placed: Vec<(Seat, SuitId)> = step
            .events(Observer::Spectator)
            .into_iter()
            .filter_map(|e| match e {
                Event::TrickPlaced { seat, suit } => Some((seat, suit)),
                _ => None,
            })
            .collect();
        if want.len() == 1 {
            let suit = *want.iter().next().unwrap();
            if placed.first() != Some(&(w, suit)) {
                return Err(format!("{w}'s trick placed as {placed:?}, want under {suit}"));
            }
        } else {
            if step.after.phase != (Phase::Place { seat: w, stolen: false }) || !placed.is_empty() {
                return Err(format!("{w} should choose among {want:?}: {:?} {placed:?}", step.after.phase));
            }
            let mut out = Vec::new();
            step.check.after.legal_actions(w, &mut out);
            let got: BTreeSet<String> = out.iter().map(ToString::to_string).collect();
            let want: BTreeSet<String> = want.iter().map(|s| format!("place {}", s.letter())).collect();
            if got != want {
                return Err(format!("{w} may place under {got:?}, want {want:?}"));
            }
        }
        Ok(())
    });
}

#[test]
fn suit_precision_scores_each_suit_as_printed() {
    longer_property("suit_precision_scores_each_suit_as_printed", 3, None, 50, |step| {
        // (Suit Precision-Alliances scores teams: `suit_precision_alliances.rs`.)
        if step.before.view.round_type != RoundType::SuitPrecision {
            return Ok(());
        }
        let Some(scored) = SuitsScored::of(&step.events(Observer::Spectator))? else { return Ok(()) };
        step.reached();
        for (i, (b, t)) in scored.bids.iter().zip(&scored.tricks).enumerate() {
            if t.iter().map(|&x| u32::from(x)).sum::<u32>() != u32::from(scored.won[i]) {
                return Err(format!("P{i}'s tricks under the suits {t:?} are not its {} tricks", scored.won[i]));
            }
            let want = scored.want(step.before, i)?;
            if scored.points[i] != want {
                return Err(format!("P{i} bid {b:?} took {t:?}: {} points, want {want}", scored.points[i]));
            }
        }
        Ok(())
    });
}

#[test]
fn suit_precision_thief_and_jester_act_on_one_suit() {
    let bias = crownbattles_rules::testing::bias_theft;
    longer_property("suit_precision_thief_and_jester_act_on_one_suit", 4, Some(bias), 20, |step| {
        let t = step.before;
        if !precision(t) || step.ends_round() {
            return Ok(());
        }
        let (Some(before), Some(after)) = (t.view.precision.as_ref(), step.after.view.precision.as_ref()) else {
            return Ok(());
        };
        let me = step.seat();
        match step.action() {
            crownbattles_rules::Action::StealFrom(victim, suit) => {
                step.reached();
                let k = suit.index();
                if after.tricks[victim.index()][k] + 1 != before.tricks[victim.index()][k] {
                    return Err(format!("{me} stole from {victim}'s {suit} but it still has {:?}", after.tricks));
                }
                // Under the same suit, or (the other reading) under a suit it bid above 0.
                let gained: Vec<usize> =
                    (0..4).filter(|&i| after.tricks[me.index()][i] > before.tricks[me.index()][i]).collect();
                let ok = if t.config.precision_thief_own_bid {
                    let own = predicted(&before.bids[me.index()]);
                    match gained.as_slice() {
                        [] => step.after.phase == (Phase::Place { seat: me, stolen: true }),
                        [i] => own.is_empty() || own.contains(&SuitId::ALL[*i]),
                        _ => false,
                    }
                } else {
                    gained == vec![k]
                };
                if !ok {
                    return Err(format!("{me}'s stolen {suit} trick went to {gained:?}"));
                }
            }
            crownbattles_rules::Action::JestSuit(suit, d) => {
                step.reached();
                let (was, now) = (before.bids[me.index()], after.bids[me.index()]);
                for (i, (a, b)) in was.iter().zip(&now).enumerate() {
                    let moved = a.map(|a| i16::from(a.low()) + i16::from(d)) == b.map(|b| i16::from(b.low()));
                    if i == suit.index() && !moved || i != suit.index() && a != b {
                        return Err(format!("{me}'s jest {suit} {d:+} changed {was:?} into {now:?}"));
                    }
                }
            }
            crownbattles_rules::Action::Steal(_) | crownbattles_rules::Action::Jest(1 | -1) => {
                return Err("a whole-bid Jester or a suitless Thief in a Suit Precision round".into());
            }
            _ => {}
        }
        Ok(())
    });
}
