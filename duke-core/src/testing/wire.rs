//! The wire-format checks every rules crate runs in its `tests/wire_format.rs`: what a
//! server stores and sends (a game's record, a seat's view, a saved state, events and
//! actions) serialises to JSON, reads back equal, and is pinned by golden files, so that
//! any change of the format is deliberate.
//!
//! [`Wire::play`] plays one short game from a fixed seed and keeps every state on the way.
//! Then:
//!
//! - [`Wire::record`] pins `record.json` (pretty JSON of the [`Record`]): the stored text
//!   reads back as the same record, which replays to the game's last state, a finished one;
//! - [`Wire::view`] pins `view.json`: an observer's view of a chosen state reads back equal;
//! - [`Wire::state`] pins `state.json`: a chosen (saved) state reads back equal;
//! - [`Wire::events`] serialises every event of every step, for the observers asked for,
//!   and reads each back equal;
//! - [`notation`] checks that values (actions) travel as the JSON string of their
//!   notation and read back, and [`refused`] that malformed JSON is refused, saying why.
//!
//! Each check returns the JSON it wrote or read, so that the crate's own test adds what
//! only that game knows: exact shapes, field names, the absence of internal codes.
//!
//! Golden files are compared with [`golden_file`]: after an intended change of the format,
//! rerun the test with `UPDATE_GOLDEN=1` and review the diff.
//!
//! ```
//! use duke_core::Observer;
//! use duke_core::testing::toy::{HighCard, HighCardAction, HighCardConfig};
//! use duke_core::testing::wire::{self, SeatChoice, Wire, uniform};
//!
//! let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");
//! let game = Wire::<HighCard>::play(golden, HighCardConfig::default(), 7, SeatChoice::Random, uniform)?;
//! let record = game.record(4..=40)?; // record.json: pinned, reads back, replays
//! assert!(record.contains(r#""game": "highcard""#));
//! game.view(&game.states[3], Observer::Seat(duke_core::Seat(0)))?; // view.json
//! game.state(&game.states[3])?; // state.json
//! let events = game.events(|seat| vec![Observer::Seat(seat), Observer::Spectator])?;
//! assert!(events.contains(r#""Dealt""#));
//! wire::refused::<HighCardAction>(r#""fold""#, "unknown variant")?;
//! # Ok::<(), duke_core::testing::Failure>(())
//! ```

use core::fmt;
use core::ops::RangeInclusive;
use core::str::FromStr;
use std::path::PathBuf;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::Failure;
use super::rules_table::golden_file;
use crate::game::{Game, Observer};
use crate::record::Record;
use crate::rng::GameRng;
use crate::seat::Seat;

/// Which seat [`Wire::play`] lets act when several may.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    /// The first seat of `to_act`; the generator is not used.
    First,
    /// A seat of `to_act` drawn from the generator, before the action is chosen.
    Random,
}

/// One of `actions` drawn uniformly from `rng` (one draw; `None` when there is none): the
/// usual action choice of [`Wire::play`].
pub fn uniform<A: Copy>(actions: &[A], rng: &mut GameRng) -> Option<A> {
    actions.get(rng.below(actions.len() as u32) as usize).copied()
}

fn fail(message: impl Into<String>) -> Failure {
    Failure { message: message.into() }
}

fn to_json<T: Serialize>(what: &str, value: &T) -> Result<String, Failure> {
    serde_json::to_string_pretty(value).map_err(|e| fail(format!("{what} does not serialise: {e}")))
}

/// `json` read as a `T`, which must equal `expected`.
fn read_back<T: DeserializeOwned + PartialEq + fmt::Debug>(what: &str, json: &str, expected: &T) -> Result<T, Failure> {
    let read: T = serde_json::from_str(json).map_err(|e| fail(format!("{what} does not read back: {e}\n{json}")))?;
    if read != *expected {
        return Err(fail(format!("{what} reads back as {read:?}, not {expected:?}")));
    }
    Ok(read)
}

/// One short game played to its end from a fixed seed, with every state on the way, and
/// the folder of the golden files its checks compare with.
#[derive(Clone, Debug)]
pub struct Wire<G: Game> {
    /// The folder of `record.json`, `view.json` and `state.json` (a crate's `tests/golden`).
    pub golden_dir: PathBuf,
    /// The game: config, seed and every step.
    pub record: Record<G>,
    /// Every state, the start first: `states[i + 1]` is the state after `record.steps[i]`.
    pub states: Vec<G>,
}

impl<G: Game> Wire<G> {
    /// Plays a game from `config` and `seed` to its end: at each step a seat of `to_act`
    /// (by `seats`), then `choose` picks from that seat's legal actions; both draw from one
    /// generator seeded with `seed`, so the game is the same on every run. Fails when the
    /// config is refused, a chosen action is refused, nothing is chosen, or the game runs
    /// past [`Game::max_actions`].
    pub fn play(
        golden_dir: impl Into<PathBuf>,
        config: G::Config,
        seed: u64,
        seats: SeatChoice,
        mut choose: impl FnMut(&[G::Action], &mut GameRng) -> Option<G::Action>,
    ) -> Result<Wire<G>, Failure> {
        let mut game = G::new(&config, seed).map_err(|e| fail(format!("{}: the config is refused: {e}", G::NAME)))?;
        let bound = G::max_actions(&config);
        let mut record = Record::new(config, seed);
        let mut states = vec![game.clone()];
        let mut rng = GameRng::new(seed);
        let mut buf = Vec::new();
        while !game.is_over() {
            let step = record.steps.len();
            if step as u64 >= bound {
                return Err(fail(format!("the game did not end within max_actions = {bound}")));
            }
            let to_act = game.to_act();
            let seat = match seats {
                SeatChoice::First => to_act.first(),
                SeatChoice::Random => to_act.nth(rng.below(to_act.len() as u32) as usize),
            }
            .ok_or_else(|| fail(format!("step {step}: no seat chosen from {to_act:?}")))?;
            game.legal_actions(seat, &mut buf);
            let action = choose(&buf, &mut rng).ok_or_else(|| fail(format!("step {step}: no action for {seat}")))?;
            game.apply(seat, action).map_err(|e| fail(format!("step {step}: {seat} {action} refused: {e}")))?;
            record.push(seat, action);
            states.push(game.clone());
        }
        Ok(Wire { golden_dir: golden_dir.into(), record, states })
    }

    /// Compares `text` with the golden file `name` of [`golden_dir`](Wire::golden_dir)
    /// (see [`golden_file`]) and returns the file's text.
    pub fn golden(&self, name: &str, text: &str) -> Result<String, Failure> {
        golden_file(&self.golden_dir.join(name), text).map_err(fail)
    }

    /// Pins the record in `record.json` and checks that the stored text reads back as the
    /// same record, which replays to the last state of the game, a finished one; and that
    /// the game's length is in `steps` (a short game, yet not a trivial one). Returns the
    /// stored text.
    pub fn record(&self, steps: RangeInclusive<usize>) -> Result<String, Failure> {
        let len = self.record.steps.len();
        if !steps.contains(&len) {
            return Err(fail(format!("the game has {len} steps, not {steps:?}")));
        }
        let stored = self.golden("record.json", &to_json("the record", &self.record)?)?;
        let read = read_back("record.json", &stored, &self.record)?;
        let end = read.replay().map_err(|e| fail(format!("record.json does not replay: {e}")))?;
        if Some(&end) != self.states.last() {
            return Err(fail("record.json replays to another state than the game's last"));
        }
        if !end.is_over() {
            return Err(fail("record.json replays to a game that is not over"));
        }
        Ok(stored)
    }

    /// Pins `observer`'s view of `state` in `view.json` and checks that it reads back
    /// equal. Returns the stored text.
    pub fn view(&self, state: &G, observer: Observer) -> Result<String, Failure> {
        let view = state.view(observer);
        let stored = self.golden("view.json", &to_json("the view", &view)?)?;
        read_back("view.json", &stored, &view)?;
        Ok(stored)
    }

    /// Pins `state` (a saved game) in `state.json` and checks that it loads back equal.
    /// Returns the stored text.
    pub fn state(&self, state: &G) -> Result<String, Failure> {
        let stored = self.golden("state.json", &to_json("the state", state)?)?;
        read_back("state.json", &stored, state)?;
        Ok(stored)
    }

    /// Serialises every event of every step as `observers(acting seat)` see it, checks that
    /// each reads back equal, and returns all of them as compact JSON, one after another.
    pub fn events(&self, observers: impl Fn(Seat) -> Vec<Observer>) -> Result<String, Failure> {
        let mut events = Vec::new();
        let mut text = String::new();
        for (i, step) in self.record.steps.iter().enumerate() {
            let (Some(before), Some(after)) = (self.states.get(i), self.states.get(i + 1)) else {
                return Err(fail(format!("no states around step {i}")));
            };
            for observer in observers(step.seat) {
                G::events(before, step.seat, step.action, after, observer, &mut events);
                for event in &events {
                    let json = serde_json::to_string(event)
                        .map_err(|e| fail(format!("step {i}: event {event:?} does not serialise: {e}")))?;
                    read_back(&format!("step {i}: event {json}"), &json, event)?;
                    text.push_str(&json);
                }
            }
        }
        Ok(text)
    }
}

/// Each of `texts` reads as a `T` by its notation (`FromStr`), serialises as exactly that
/// text as a JSON string, and reads back from it as the same value: actions (and any other
/// value with a notation) travel as their notation.
pub fn notation<T>(texts: &[&str]) -> Result<(), Failure>
where
    T: FromStr + Serialize + DeserializeOwned + PartialEq + fmt::Debug,
    T::Err: fmt::Display,
{
    for text in texts {
        let value: T = text.parse().map_err(|e| fail(format!("{text:?} does not parse: {e}")))?;
        let json = serde_json::to_string(&value).map_err(|e| fail(format!("{text:?} does not serialise: {e}")))?;
        if json != format!("\"{text}\"") {
            return Err(fail(format!("{text:?} serialises as {json}, not as its notation")));
        }
        read_back(&json, &json, &value)?;
    }
    Ok(())
}

/// The JSON text `json` is refused as a `T`, with an error message containing `reason`
/// (`""`: any error): malformed input and superseded forms do not load.
pub fn refused<T: DeserializeOwned + fmt::Debug>(json: &str, reason: &str) -> Result<(), Failure> {
    match serde_json::from_str::<T>(json) {
        Ok(value) => Err(fail(format!("{json} is read as {value:?}, not refused"))),
        Err(e) if !e.to_string().contains(reason) => {
            Err(fail(format!("{json} is refused with \"{e}\", which does not say {reason:?}")))
        }
        Err(_) => Ok(()),
    }
}
