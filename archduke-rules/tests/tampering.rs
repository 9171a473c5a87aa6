//! The general rule on tampered saved games: a saved game with one number changed, one card
//! changed or one field left out either fails to load with a typed error, or is a state the
//! game can go on from: somebody may act unless the game is over, every seat that may act
//! has a legal action, every listed action leads to a valid state, undo restores the state
//! exactly, and the state round-trips through its setup.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use archduke_rules::{Archduke, Config, Face, Mark, RuleSet, Scoring, standard_deck};
use duke_core::testing::strategies::reachable;
use duke_core::{Game, Seat};
use proptest::prelude::*;
use serde_json::Value;

fn configs() -> impl Strategy<Value = Config> {
    (2u8..=5, any::<bool>(), 0u8..4).prop_map(|(players, online, scoring)| {
        let rules = if online { RuleSet::Online } else { RuleSet::Box };
        let mut config = rules.config(players);
        config.turn_limit = Some(12);
        config.round_limit = Some(3);
        config.scoring = match scoring {
            0 => Scoring::Tokens { rounds: 2 },
            1 => Scoring::BattleRoyal,
            2 => Scoring::Points { mark: Mark::EliminateAt { threshold: 30 } },
            _ => config.scoring,
        };
        config
    })
}

/// Leaves of a JSON tree (numbers, strings, object fields) in a fixed order.
fn leaves(value: &Value, out: &mut Vec<String>, path: &str) {
    match value {
        Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| leaves(v, out, &format!("{path}/{i}"))),
        Value::Object(map) => map.iter().for_each(|(k, v)| {
            out.push(format!("{path}/{k}"));
            leaves(v, out, &format!("{path}/{k}"));
        }),
        _ => out.push(path.to_owned()),
    }
}

const NASTY: [i64; 12] = [0, 1, 2, 3, 7, 12, 13, 52, 255, 65_535, -1, 4_294_967_295];

/// Changes the leaf at `path`: a number to a nasty value or by one, a card to another card,
/// an object field removed (its default then applies).
fn tamper(value: &mut Value, path: &str, pick: usize) {
    let (parent, last) = path.rsplit_once('/').unwrap();
    let Some(node) = value.pointer_mut(path) else { return };
    match node {
        Value::Number(n) => {
            let old = n.as_i64().unwrap_or(0);
            *node = Value::from(match pick % 14 {
                12 => old.wrapping_add(1),
                13 => old.wrapping_sub(1),
                k => NASTY[k],
            });
        }
        Value::String(s) if s.parse::<Face>().is_ok() => {
            let deck = standard_deck();
            let entry = deck[pick % deck.len()];
            *node = Value::from(Face { value: entry.value, role: entry.role }.to_string());
        }
        _ => {
            if let Some(Value::Object(map)) = value.pointer_mut(parent) {
                map.remove(last);
            }
        }
    }
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(2048))]

    #[test]
    fn a_tampered_save_is_refused_or_can_go_on(
        reached in reachable::<Archduke>(configs(), 150),
        target in any::<usize>(),
        pick in any::<usize>(),
    ) {
        let mut value = serde_json::to_value(reached.state).unwrap();
        let mut paths = Vec::new();
        leaves(&value, &mut paths, "");
        let path = &paths[target % paths.len()];
        tamper(&mut value, path, pick);
        let text = value.to_string();
        let Ok(game) = serde_json::from_value::<Archduke>(value) else { return Ok(()) };
        prop_assert!(game.validate().is_ok());
        prop_assert_eq!(Archduke::from_setup(&game.to_setup()), Ok(game), "{}", text);
        prop_assert!(game.is_over() || !game.to_act().is_empty(), "nobody may act: {}", text);
        let mut legal = Vec::new();
        for seat in game.to_act() {
            game.legal_actions(seat, &mut legal);
            prop_assert!(!legal.is_empty(), "{} may act but has no legal action: {}", seat, text);
        }
        for seat in (0..game.seat_count() as u8).map(Seat) {
            game.legal_actions(seat, &mut legal);
            for &action in &legal {
                let mut after = game;
                let undo = after.apply(seat, action).unwrap();
                let valid = after.validate();
                prop_assert!(valid.is_ok(), "{} {} leads to {:?}: {}", seat, action, valid, text);
                after.undo(undo);
                prop_assert_eq!(after, game, "undo of {} {}: {}", seat, action, text);
            }
        }
    }
}
