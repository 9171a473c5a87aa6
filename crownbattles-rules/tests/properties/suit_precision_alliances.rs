//! Rulebook "Suit Precision Alliances": the team's combined bids and tricks per suit, one
//! double bid per suit and team, the solo player (RULES.md, readings 60 to 64).

use crownbattles_rules::testing::configs;
use crownbattles_rules::{RoundType, RoundTypes};
use duke_core::Observer;
use proptest::prelude::*;

use crate::oracle::property_on;
use crate::suit_precision::SuitsScored;

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
        let Some(scored) = SuitsScored::of(&step.events(Observer::Spectator))? else { return Ok(()) };
        step.reached();
        for i in 0..scored.bids.len() {
            let want = scored.want(step.before, i)?;
            if scored.points[i] != want {
                return Err(format!("P{i} scored {} in Suit Precision-Alliances, want {want}", scored.points[i]));
            }
        }
        Ok(())
    });
}
