//! Rulebook "Suit Precision Alliances": the team's combined bids and tricks per suit, one
//! double bid per suit and team, the solo player (RULES.md, readings 60 to 64).

use crownbattles_rules::testing::configs;
use crownbattles_rules::{Bid, Event, RoundType, RoundTypes};
use duke_core::Observer;
use proptest::prelude::*;

use crate::oracle::{ally_of, property_on};
use crate::suit_precision::printed_points;

/// "Combine both players' bids to determine their total bid": per suit, the sum, a double
/// bid when either is.
fn combined(a: Option<Bid>, b: Option<Bid>) -> Option<Bid> {
    let (a, b) = (a?, b?);
    let low = a.low() + b.low();
    Some(if matches!(a, Bid::Double(_)) || matches!(b, Bid::Double(_)) { Bid::Double(low) } else { Bid::Single(low) })
}

/// At a Suit Precision-Alliances round's end each member of a team scores the printed
/// Suit Precision points of the team's combined bids and tricks per suit ("both players
/// earn", "both players lose"), the solo player those of its own; no suit is double-bid by
/// both members of a team. Configs of every kind, with the round types dealt from Suit
/// Precision-Alliances and Normal Bidding (2 players: no Alliance round).
#[test]
fn suit_precision_alliances_score_the_team_s_combined_suits() {
    let with_spa = configs().prop_map(|mut c| {
        if c.players > 2 {
            c.round_types = RoundTypes::deal(&[RoundType::SuitPrecisionAlliances, RoundType::Normal]);
        }
        c
    });
    property_on("suit_precision_alliances_score_the_team_s_combined_suits", with_spa, 64, None, 20, |step| {
        if step.before.view.round_type != RoundType::SuitPrecisionAlliances {
            return Ok(());
        }
        let events = step.events(Observer::Spectator);
        let Some((bids, tricks)) = events.iter().find_map(|e| match e {
            Event::SuitsScored { bids, tricks } => Some((bids.clone(), tricks.clone())),
            _ => None,
        }) else {
            return Ok(());
        };
        step.reached();
        let points = events
            .iter()
            .find_map(|e| match e {
                Event::RoundScored { points, .. } => Some(points.clone()),
                _ => None,
            })
            .ok_or("suits scored without the round's score")?;
        for (i, own) in bids.iter().enumerate() {
            let seat = duke_core::Seat(i as u8);
            let want = match ally_of(step.before, seat) {
                Some(a) => {
                    let other = bids.get(a.index()).ok_or("an ally beyond the players")?;
                    let (mut b, mut w) = ([None; 4], [0u8; 4]);
                    for k in 0..4 {
                        if matches!(own[k], Some(Bid::Double(_))) && matches!(other[k], Some(Bid::Double(_))) {
                            return Err(format!("P{i} and its ally both double-bid suit {k}"));
                        }
                        b[k] = combined(own[k], other[k]);
                        w[k] = tricks[i][k] + tricks[a.index()][k];
                    }
                    printed_points(&b, &w)
                }
                // With `precision_solo_doubled` the solo player's met tricks count twice
                // (reading 62).
                None if step.before.config.precision_solo_doubled => {
                    let extra: i32 = own
                        .iter()
                        .zip(&tricks[i])
                        .filter_map(|(b, &w)| {
                            let b = (*b)?;
                            let per = if matches!(b, Bid::Double(_)) { 5 } else { 10 };
                            (b.low() <= w && w <= b.high()).then_some(per * i32::from(w))
                        })
                        .sum();
                    printed_points(own, &tricks[i]) + extra
                }
                None => printed_points(own, &tricks[i]),
            };
            if points[i] != want {
                return Err(format!("P{i} scored {} in Suit Precision-Alliances, want {want}", points[i]));
            }
        }
        Ok(())
    });
}
