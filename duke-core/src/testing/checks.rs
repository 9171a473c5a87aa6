//! The checks the suite runs at each state and after each game.

use std::collections::HashSet;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::Settings;
use super::events::EventChecker;
use crate::game::{Game, Observer};
use crate::record::Record;
use crate::seat::Seat;

/// Distinct actions seen anywhere in the game, kept to try as unlisted actions elsewhere.
const POOL_CAP: usize = 512;

pub(super) struct Checker<'s, G: Game> {
    settings: &'s Settings,
    pool: Vec<G::Action>,
    pooled: HashSet<G::Action>,
    buf: Vec<G::Action>,
    again: Vec<G::Action>,
    events: EventChecker<G>,
}

pub(super) fn round_trip<T: Serialize + DeserializeOwned>(value: &T) -> Result<T, String> {
    let json = serde_json::to_string(value).map_err(|e| format!("does not serialise: {e}"))?;
    serde_json::from_str(&json).map_err(|e| format!("does not deserialise what it serialised: {e}\n{json}"))
}

impl<'s, G: Game> Checker<'s, G> {
    pub(super) fn new(settings: &'s Settings) -> Self {
        Checker {
            settings,
            pool: Vec::new(),
            pooled: HashSet::new(),
            buf: Vec::new(),
            again: Vec::new(),
            events: EventChecker::new(),
        }
    }

    /// All per-state checks; `full` selects the expensive ones too.
    pub(super) fn check_state(&mut self, state: &G, full: bool, step: u64) -> Result<(), String> {
        state.validate().map_err(|e| format!("validate() fails: {e}"))?;
        let seats = state.seat_count();
        if seats == 0 || seats > crate::seat::MAX_SEATS {
            return Err(format!("seat_count() is {seats}"));
        }
        let to_act = state.to_act();
        if to_act.iter().any(|s| s.index() >= seats) {
            return Err(format!("to_act {to_act:?} names a seat beyond seat_count {seats}"));
        }
        let awaited = state.awaited();
        if awaited.intersection(to_act) != awaited || awaited.is_empty() != to_act.is_empty() {
            return Err(format!(
                "awaited() {awaited:?} must be a subset of to_act {to_act:?}, empty exactly when it is"
            ));
        }
        if to_act.is_empty() != state.outcome().is_some() {
            return Err("outcome() must be Some exactly when nobody may act".into());
        }
        if state.running_scores().len() != seats {
            return Err("running_scores() must have one score per seat".into());
        }
        for seat in (0..seats).map(|s| Seat(s as u8)) {
            state.legal_actions(seat, &mut self.buf);
            if to_act.contains(seat) && self.buf.is_empty() {
                return Err(format!("{seat} is in to_act but has no legal action"));
            }
            if !to_act.contains(seat) && !self.buf.is_empty() {
                return Err(format!("{seat} is not in to_act but has legal actions: {:?}", self.buf));
            }
            if !full {
                continue;
            }
            let distinct: HashSet<_> = self.buf.iter().collect();
            if distinct.len() != self.buf.len() {
                return Err(format!("{seat}'s legal actions contain duplicates: {:?}", self.buf));
            }
            state.legal_actions(seat, &mut self.again);
            if self.again != self.buf {
                return Err(format!("{seat}'s legal actions differ between two calls"));
            }
            for &action in &self.buf {
                check_notation::<G>(action)?;
                let mut after = state.clone();
                let undo =
                    after.apply(seat, action).map_err(|e| format!("listed action {action} of {seat} refused: {e}"))?;
                after.validate().map_err(|e| format!("after {seat} plays {action}: validate() fails: {e}"))?;
                self.events.check_step(state, seat, action, &after)?;
                after.undo(undo);
                if &after != state {
                    return Err(format!("apply then undo of {seat} {action} does not restore the state"));
                }
                if self.pool.len() < POOL_CAP && self.pooled.insert(action) {
                    self.pool.push(action);
                }
            }
            self.check_unlisted(state, seat, step)?;
        }
        if full {
            self.check_views_and_determinization(state, step)?;
        }
        Ok(())
    }

    /// Actions seen elsewhere but not listed now must be refused without a trace.
    fn check_unlisted(&self, state: &G, seat: Seat, step: u64) -> Result<(), String> {
        if self.pool.is_empty() {
            return Ok(());
        }
        let start = (step as usize).wrapping_mul(31).wrapping_add(seat.index() * 7) % self.pool.len();
        let candidates = self.pool.iter().cycle().skip(start).take(self.pool.len());
        let unlisted = candidates.filter(|a| !self.buf.contains(a)).take(self.settings.illegal_samples);
        for &action in unlisted {
            let mut after = state.clone();
            if after.apply(seat, action).is_ok() {
                return Err(format!("{seat} {action} is not listed as legal but apply() accepts it"));
            }
            if &after != state {
                return Err(format!("refusing {seat} {action} changed the state"));
            }
        }
        Ok(())
    }

    fn check_views_and_determinization(&mut self, state: &G, step: u64) -> Result<(), String> {
        round_trip(state)
            .and_then(|back| if &back == state { Ok(()) } else { Err("the state changes through serde".into()) })?;
        let public = state.view(Observer::Spectator);
        if round_trip(&public)? != public {
            return Err("the spectator view changes through serde".into());
        }
        let to_act = state.to_act();
        let mut twins = Vec::new();
        for seat in (0..state.seat_count()).map(|s| Seat(s as u8)) {
            let view = state.view(Observer::Seat(seat));
            if round_trip(&view)? != view {
                return Err(format!("{seat}'s view changes through serde"));
            }
            for k in 0..2u64 {
                let seed = step.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (seat.index() as u64) << 8 ^ k;
                let other = state.determinize(seat, seed);
                other.validate().map_err(|e| format!("determinize({seat}) gives an invalid state: {e}"))?;
                if other.view(Observer::Seat(seat)) != view {
                    return Err(format!(
                        "determinize({seat}) changes {seat}'s view: the view shows something the seat cannot know, or determinization changed what it knows"
                    ));
                }
                if other.view(Observer::Spectator) != public {
                    return Err(format!("determinize({seat}) changes the public view"));
                }
                if other.to_act() != to_act || other.awaited() != state.awaited() {
                    return Err(format!("determinize({seat}) changes who may act or who is awaited"));
                }
                state.legal_actions(seat, &mut self.buf);
                other.legal_actions(seat, &mut self.again);
                if self.buf != self.again {
                    return Err(format!("determinize({seat}) changes {seat}'s legal actions"));
                }
                twins.push((seat, other));
            }
        }
        // After the view checks, so that a leaking view is reported as such.
        for (seat, twin) in &twins {
            self.events.check_twins(state, twin, *seat, self.settings.event_samples)?;
        }
        self.events.check_distinct_actions(state, self.settings.event_samples)?;
        Ok(())
    }
}

fn check_notation<G: Game>(action: G::Action) -> Result<(), String> {
    let text = action.to_string();
    match text.parse::<G::Action>() {
        Ok(back) if back == action => {}
        Ok(back) => return Err(format!("notation {text:?} of {action:?} reads back as {back:?}")),
        Err(e) => return Err(format!("notation {text:?} of {action:?} does not read back: {e}")),
    }
    // Garbled notation, when refused, names the whole text given.
    let mut cut = text.clone();
    cut.pop();
    for garbled in
        [format!("{text} ]"), format!("{text}x"), format!("{text} 17"), format!("] {text}"), format!("{cut}]")]
    {
        if let Err(e) = garbled.parse::<G::Action>()
            && e.input != garbled
        {
            return Err(format!(
                "the refused notation {garbled:?} names {:?} as its input: a notation error names the whole text given",
                e.input
            ));
        }
    }
    Ok(())
}

pub(super) fn check_outcome<G: Game>(state: &G) -> Result<(), String> {
    let outcome = state.outcome().ok_or("the game is over but has no outcome")?;
    let seats = state.seat_count();
    if outcome.scores.len() != seats || outcome.ranks.len() != seats {
        return Err("the outcome must have one score and one rank per seat".into());
    }
    if outcome.ranks.iter().any(|&r| r == 0 || usize::from(r) > seats) || !outcome.ranks.contains(&1) {
        return Err(format!("outcome ranks {:?} are not 1..=seats with a first place", outcome.ranks));
    }
    if state.running_scores() != outcome.scores {
        return Err("running_scores() must equal the outcome's scores at the end".into());
    }
    Ok(())
}

pub(super) fn check_replay<G: Game>(record: &Record<G>, trajectory: &[G]) -> Result<(), String> {
    let start = record.start().map_err(|e| format!("the record does not start: {e}"))?;
    if Some(&start) != trajectory.first() {
        return Err("new() with the same config and seed gives another state".into());
    }
    let mut mismatch = None;
    record
        .replay_with(|index, _, state| {
            if mismatch.is_none() && trajectory.get(index + 1) != Some(state) {
                mismatch = Some(index);
            }
        })
        .map_err(|e| format!("the record does not replay: {e}"))?;
    match mismatch {
        Some(index) => Err(format!("replaying the record differs from the game after step {index}")),
        None => Ok(()),
    }
}

pub(super) fn check_undo_chain<G: Game>(state: &mut G, undos: Vec<G::Undo>, trajectory: &[G]) -> Result<(), String> {
    for (index, undo) in undos.into_iter().enumerate().rev() {
        state.undo(undo);
        if trajectory.get(index) != Some(state) {
            return Err(format!("undoing the game step by step differs from the game before step {index}"));
        }
    }
    Ok(())
}

pub(super) fn check_record_serde<G: Game>(record: &Record<G>) -> Result<(), String> {
    if &round_trip(record)? != record {
        return Err("the record changes through serde".into());
    }
    Ok(())
}
