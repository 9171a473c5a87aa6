//! Tampered and crossbred states: deserialising must refuse them, or they must be states
//! the game can go on from: no panic in any method, no seat in `to_act` without a legal
//! action, every listed action accepted, `validate` holding after it and apply then undo
//! restoring the state exactly, and every seat's determinization valid and
//! indistinguishable from the state for that seat and for the spectator.
//!
//! Tampering changes one JSON value of a state of the game (see [`Mutation`]: numbers,
//! booleans, enum and string values swapped with values seen at the same path in other
//! states, optional fields emptied or filled, list elements dropped or duplicated), so it
//! reaches every field a state serialises, the expansions' included. Crossbreeding
//! ([`crossbreed`]) builds a state from two reachable states of the same config (two of
//! the game's, or one of it and one of another playout), each field from one parent or the
//! other: plausible fields that need not agree with each other.

use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::Value;

use super::Settings;
use super::mutate::{Catalog, Mutation, crossbreed, mutate};
use crate::game::{Game, Observer};
use crate::rng::GameRng;
use crate::seat::{MAX_SEATS, Seat};

/// States of a game whose values are collected for swaps.
const CATALOG_STATES: usize = 16;

/// Random actions played on from an accepted state.
const PLAY_ON: usize = 64;

pub(super) fn check_tampering<G: Game>(trajectory: &[G], seed: u64, settings: &Settings) -> Result<(), String> {
    let Some(first) = trajectory.first() else { return Ok(()) };
    let mut rng = GameRng::new(seed ^ 0x7A3E_E2ED);
    let serialised = |state: &G| serde_json::to_value(state).map_err(|e| format!("the state does not serialise: {e}"));
    let mut catalog = Catalog::default();
    let stride = trajectory.len().div_ceil(CATALOG_STATES).max(1);
    for state in trajectory.iter().step_by(stride) {
        catalog.add(&serialised(state)?);
    }
    for k in 0..settings.tamperings {
        let pick = rng.below(trajectory.len() as u32) as usize;
        let Some(original) = trajectory.get(pick) else { continue };
        let mut value = serialised(original)?;
        let wanted = Mutation::ALL[k % Mutation::ALL.len()];
        // A state without the wanted kind of value gets a number changed instead.
        let done = match mutate(&mut value, wanted, &catalog, &mut rng) {
            Some(change) => Some((wanted, change)),
            None => mutate(&mut value, Mutation::Number, &catalog, &mut rng).map(|c| (Mutation::Number, c)),
        };
        let Some((mutation, change)) = done else { continue };
        let what = format!("a tampered state of step {pick} ({}, {change})", mutation.name());
        try_loaded::<G>(value, &what, seed)?;
    }
    let config = first.config();
    for k in 0..settings.crossbreedings {
        let pick = rng.below(trajectory.len() as u32) as usize;
        let Some(mother) = trajectory.get(pick) else { continue };
        // Every other child has a parent from another playout of the same config.
        let father = if k % 2 == 0 {
            trajectory.get(rng.below(trajectory.len() as u32) as usize).cloned()
        } else {
            other_playout::<G>(&config, seed ^ rng.next_u64(), pick)
        };
        let Some(father) = father else { continue };
        let (mother, father) = (serialised(mother)?, serialised(&father)?);
        let child = crossbreed(&mother, &father, 3, &mut rng);
        let what = format!(
            "a crossbred state (of step {pick} and {}; top-level fields from the second parent: {})",
            if k % 2 == 0 { "another state of the game" } else { "another playout" },
            from_second(&mother, &father, &child)
        );
        try_loaded::<G>(child, &what, seed)?;
    }
    Ok(())
}

/// The top-level fields of `child` that differ from `mother`'s and equal `father`'s (whole
/// or crossbred further down: `field*`).
fn from_second(mother: &Value, father: &Value, child: &Value) -> String {
    let (Some(m), Some(f), Some(c)) = (mother.as_object(), father.as_object(), child.as_object()) else {
        return "(not an object)".to_owned();
    };
    let names: Vec<String> = c
        .iter()
        .filter(|(key, value)| m.get(*key) != Some(value))
        .map(|(key, value)| if f.get(key) == Some(value) { key.clone() } else { format!("{key}*") })
        .collect();
    if names.is_empty() { "none".to_owned() } else { names.join(", ") }
}

/// A state `steps` random actions into a new game of `config` from `seed` (fewer if it ends).
fn other_playout<G: Game>(config: &G::Config, seed: u64, steps: usize) -> Option<G> {
    let mut game = G::new(config, seed).ok()?;
    let mut rng = GameRng::new(seed);
    let mut buf = Vec::new();
    for _ in 0..steps {
        let to_act = game.to_act();
        let Some(seat) = to_act.nth(rng.below(to_act.len() as u32) as usize) else { break };
        game.legal_actions(seat, &mut buf);
        let Some(&action) = buf.get(rng.below(buf.len() as u32) as usize) else { break };
        game.apply(seat, action).ok()?;
    }
    Some(game)
}

/// If `value` loads as a state, exercises it; `what` names it in the failure.
fn try_loaded<G: Game>(value: Value, what: &str, seed: u64) -> Result<(), String> {
    let text = value.to_string();
    let Ok(loaded) = serde_json::from_value::<G>(value) else { return Ok(()) };
    match catch_unwind(AssertUnwindSafe(|| exercise(&loaded, seed))) {
        Ok(Ok(())) => Ok(()),
        Ok(Err(failure)) => Err(format!("{what} was accepted by deserialisation but {failure}\n{text}")),
        Err(_) => Err(format!("{what} was accepted by deserialisation and then panicked:\n{text}")),
    }
}

/// Calls every method of the contract on `state`, checks what a state that loads owes
/// (see the module documentation), then plays a few random actions.
fn exercise<G: Game>(state: &G, seed: u64) -> Result<(), String> {
    state.validate().map_err(|e| format!("validate() refuses it: {e}"))?;
    let seats = state.seat_count().min(MAX_SEATS);
    let _ = state.outcome();
    let _ = state.running_scores();
    let public = state.view(Observer::Spectator);
    let mut buf = Vec::new();
    let to_act = state.to_act();
    let awaited = state.awaited();
    for seat in (0..seats).map(|s| Seat(s as u8)) {
        state.legal_actions(seat, &mut buf);
        // A state that loads is one the game can go on from.
        if to_act.contains(seat) && buf.is_empty() {
            return Err(format!("{seat} is in to_act but has no legal action"));
        }
        for &action in &buf {
            let mut after = state.clone();
            match after.apply(seat, action) {
                Ok(undo) => {
                    after
                        .validate()
                        .map_err(|e| format!("after the listed {seat} {action}, validate() refuses the state: {e}"))?;
                    after.undo(undo);
                    if &after != state {
                        return Err(format!("apply then undo of the listed {seat} {action} does not restore it"));
                    }
                }
                Err(e) => return Err(format!("the listed {seat} {action} is refused: {e}")),
            }
        }
    }
    for seat in (0..seats).map(|s| Seat(s as u8)) {
        let own = state.view(Observer::Seat(seat));
        let twin = state.determinize(seat, seed);
        twin.validate().map_err(|e| format!("determinize({seat}) gives a state validate() refuses: {e}"))?;
        if twin.view(Observer::Seat(seat)) != own {
            return Err(format!("determinize({seat}) changes {seat}'s view"));
        }
        if twin.view(Observer::Spectator) != public {
            return Err(format!("determinize({seat}) changes the spectator's view"));
        }
        if twin.to_act() != to_act || twin.awaited() != awaited {
            return Err(format!("determinize({seat}) changes who may act or who is awaited"));
        }
    }
    let mut game = state.clone();
    let mut rng = GameRng::new(seed);
    for _ in 0..PLAY_ON {
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
