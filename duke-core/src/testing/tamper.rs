//! Tampered states: deserialising must refuse them, or they must be states the game can go
//! on from: no panic in any method, no seat in `to_act` without a legal action, every
//! listed action accepted, and apply then undo restoring the state exactly.

use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::Value;

use super::Settings;
use crate::game::{Game, Observer};
use crate::rng::GameRng;
use crate::seat::{MAX_SEATS, Seat};

/// Values that break naive code: boundaries of every integer width, and negatives.
const NASTY: [i64; 12] = [0, 1, 2, 3, 7, 12, 13, 52, 255, 65_535, -1, 4_294_967_295];

pub(super) fn check_tampering<G: Game>(trajectory: &[G], seed: u64, settings: &Settings) -> Result<(), String> {
    if trajectory.is_empty() {
        return Ok(());
    }
    let mut rng = GameRng::new(seed ^ 0x7A3E_E2ED);
    for _ in 0..settings.tamperings {
        let pick = rng.below(trajectory.len() as u32) as usize;
        let Some(original) = trajectory.get(pick) else { continue };
        let Ok(mut value) = serde_json::to_value(original) else {
            return Err("the state does not serialise".into());
        };
        let numbers = count_numbers(&value);
        if numbers == 0 {
            return Ok(());
        }
        let target = rng.below(numbers as u32) as usize;
        let nasty = NASTY[rng.below(NASTY.len() as u32) as usize];
        let bump = rng.below(2) == 0;
        replace_number(&mut value, &mut { target }, &|old| if bump { old.wrapping_add(1) } else { nasty });
        let text = value.to_string();
        let Ok(tampered) = serde_json::from_value::<G>(value) else { continue };
        let survived = catch_unwind(AssertUnwindSafe(|| exercise(&tampered, seed)));
        match survived {
            Ok(Ok(())) => {}
            Ok(Err(what)) => return Err(format!("a tampered state was accepted but {what}\n{text}")),
            Err(_) => {
                return Err(format!("a tampered state was accepted by deserialisation and then panicked:\n{text}"));
            }
        }
    }
    Ok(())
}

/// Calls every method of the contract on `state`, then plays a few random actions.
fn exercise<G: Game>(state: &G, seed: u64) -> Result<(), String> {
    state.validate().map_err(|e| format!("validate() refuses it: {e}"))?;
    let seats = state.seat_count().min(MAX_SEATS);
    let _ = state.outcome();
    let _ = state.running_scores();
    let _ = state.view(Observer::Spectator);
    let mut buf = Vec::new();
    let to_act = state.to_act();
    for seat in (0..seats).map(|s| Seat(s as u8)) {
        let _ = state.view(Observer::Seat(seat));
        let _ = state.determinize(seat, seed);
        state.legal_actions(seat, &mut buf);
        // A state that loads is one the game can go on from.
        if to_act.contains(seat) && buf.is_empty() {
            return Err(format!("{seat} is in to_act but has no legal action"));
        }
        for &action in buf.iter().take(8) {
            let mut after = state.clone();
            match after.apply(seat, action) {
                Ok(undo) => {
                    after.undo(undo);
                    if &after != state {
                        return Err(format!("apply then undo of the listed {seat} {action} does not restore it"));
                    }
                }
                Err(e) => return Err(format!("the listed {seat} {action} is refused: {e}")),
            }
        }
    }
    let mut game = state.clone();
    let mut rng = GameRng::new(seed);
    for _ in 0..64 {
        let to_act = game.to_act();
        let Some(seat) = to_act.nth(rng.below(to_act.len() as u32) as usize) else { break };
        game.legal_actions(seat, &mut buf);
        let Some(&action) = buf.get(rng.below(buf.len() as u32) as usize) else { break };
        if game.apply(seat, action).is_err() {
            break;
        }
    }
    Ok(())
}

fn count_numbers(value: &Value) -> usize {
    match value {
        Value::Number(_) => 1,
        Value::Array(items) => items.iter().map(count_numbers).sum(),
        Value::Object(map) => map.values().map(count_numbers).sum(),
        _ => 0,
    }
}

/// Replaces the `target`th number (depth-first) with `with(old)`.
fn replace_number(value: &mut Value, target: &mut usize, with: &dyn Fn(i64) -> i64) -> bool {
    match value {
        Value::Number(n) => {
            if *target == 0 {
                let old = n.as_i64().unwrap_or(i64::MAX);
                *value = Value::from(with(old));
                return true;
            }
            *target -= 1;
            false
        }
        Value::Array(items) => items.iter_mut().any(|v| replace_number(v, target, with)),
        Value::Object(map) => map.values_mut().any(|v| replace_number(v, target, with)),
        _ => false,
    }
}
