//! Rulebook "Wagering": the pot, its shares rounded down to 5, the pot carried over when
//! no one wins, the optional extra wagers and their bonus, no double bids (RULES.md,
//! readings 50–52).

use crownbattles_rules::testing::bias_power_cards;
use crownbattles_rules::{Action, Bid, Event, RoundType};
use duke_core::Observer;

use crate::oracle::{Table, focused_property, points};

/// Whether a bid is met with these tricks.
fn met(bid: Option<Bid>, won: u8) -> bool {
    bid.is_some_and(|b| b.low() <= won && won <= b.high())
}

/// A Wagering round's points, by the rulebook: everyone puts 20 into the pot (`pot` is
/// the pot on the table, the carried one included); those who meet their bids share it
/// rounded down to 5 (the rest to the bank); an extra wager met earns as much again from
/// the bank, one failed is lost; Normal Bidding's points too with `bid_points`. Also the
/// pot carried over (all of it when no one met its bid, else none).
pub fn wagering_round(t: &Table, bids: &[Option<Bid>], tricks: &[u8]) -> (Vec<i32>, u16) {
    let winners = (0..t.n).filter(|&s| met(bids[s], tricks[s])).count() as u16;
    let share = t.view.pot.checked_div(winners).map_or(0, |s| i32::from(s / 5 * 5));
    let carried = if winners == 0 { t.view.pot } else { 0 };
    let deltas = (0..t.n)
        .map(|s| {
            let wager = i32::from(t.view.wagers.get(s).copied().unwrap_or(0));
            let normal = if t.config.wagering.bid_points { points(bids[s], tricks[s]) } else { 0 };
            if met(bids[s], tricks[s]) { -20 + share + wager + normal } else { -20 - wager + normal }
        })
        .collect();
    (deltas, carried)
}

#[test]
fn wagering_shares_the_pot_among_those_who_meet_their_bids() {
    focused_property(
        "wagering_shares_the_pot_among_those_who_meet_their_bids",
        RoundType::Wagering,
        None,
        150,
        |step| {
            let t = step.before;
            if t.view.round_type != RoundType::Wagering || t.over {
                return Ok(());
            }
            // The pot on the table: the carried pot (a multiple of 20) and everyone's stake.
            if t.view.pot < 20 * t.n as u16 || t.view.pot % 20 != 0 {
                return Err(format!("a pot of {} with {} players", t.view.pot, t.n));
            }
            if !step.ends_round() {
                return Ok(());
            }
            step.reached();
            let settled = step.events(Observer::Spectator).into_iter().find_map(|e| match e {
                Event::PotSettled { pot, share, to_bank, carried, winners } => {
                    Some((pot, share, to_bank, carried, winners))
                }
                _ => None,
            });
            let Some((pot, share, to_bank, carried, winners)) = settled else {
                return Err("no PotSettled event at a Wagering round's end".into());
            };
            let k = winners.len() as u16;
            if pot != t.view.pot || k > 0 && (share % 5 != 0 || share * k + to_bank != pot || to_bank >= 5 * k) {
                return Err(format!("pot {pot} to {winners:?}: {share} each, {to_bank} to the bank"));
            }
            // The pot left: carried into the next round's view (with its stakes if it wagers),
            // or left in the game's last view.
            let (_, want) = crate::scoring::wagering_expected(step);
            let stakes =
                if !step.after.over && step.after.view.round_type == RoundType::Wagering { 20 * t.n as u16 } else { 0 };
            if carried != want || step.after.view.pot != want + stakes {
                return Err(format!("carried {carried}, next pot {}, want {want} (+{stakes})", step.after.view.pot));
            }
            Ok(())
        },
    );
}

#[test]
fn wagering_bids_are_single_and_wagers_come_first() {
    focused_property(
        "wagering_bids_are_single_and_wagers_come_first",
        RoundType::Wagering,
        Some(bias_power_cards),
        800,
        |step| {
            let t = step.before;
            let legal = step.legal(step.seat());
            let wagers = legal.iter().filter(|a| a.starts_with("wager")).count();
            if t.view.round_type != RoundType::Wagering {
                return if wagers == 0 { Ok(()) } else { Err(format!("wagers outside Wagering: {legal:?}")) };
            }
            // "Double-bidding is not allowed in this round."
            if legal.iter().any(|a| a.starts_with("bid") && a.contains('-')) {
                return Err(format!("a double bid offered: {legal:?}"));
            }
            let s = step.seat().index();
            let bidding = t.phase == crownbattles_rules::Phase::Bidding(step.seat());
            if bidding {
                step.reached();
            }
            let may = t.config.wagering.extra_wagers
                && bidding
                && t.bids[s].is_none()
                && t.view.wagers.get(s).copied().unwrap_or(0) == 0;
            if wagers != if may { 2 } else { 0 } {
                return Err(format!("{wagers} wagers offered to {} (may: {may})", step.seat()));
            }
            if let Action::Wager(p) = step.action() {
                // Public: everyone sees the wager, and the scores do not move until the end.
                if step.after.view.wagers.get(s) != Some(&p) || step.after.scores != t.scores {
                    return Err(format!("wager {p}: {:?}, scores {:?}", step.after.view.wagers, step.after.scores));
                }
                if !step
                    .events(Observer::Spectator)
                    .contains(&Event::Acted { seat: step.seat(), action: step.action() })
                {
                    return Err("the wager is not seen by everyone".into());
                }
            }
            Ok(())
        },
    );
}
