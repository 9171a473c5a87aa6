//! Reading a record file of any game and stepping through it: the loop behind the
//! `replay` example.

use core::fmt;
use std::io::{self, Write};

use duke_core::{Game, Observer, Record, Step};
use serde_json::Value;

use crate::catalog::GameId;
use crate::with_game;

/// Why a record could not be replayed; the message names the step where it applies.
#[derive(Debug)]
pub enum ReplayFailure {
    /// The file is not a record.
    Format(String),
    /// A step is unreadable or illegal.
    Step(String),
    /// Writing the output failed.
    Io(io::Error),
}

impl fmt::Display for ReplayFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayFailure::Format(why) | ReplayFailure::Step(why) => f.write_str(why),
            ReplayFailure::Io(e) => write!(f, "output error: {e}"),
        }
    }
}

impl std::error::Error for ReplayFailure {}

impl From<io::Error> for ReplayFailure {
    fn from(e: io::Error) -> Self {
        ReplayFailure::Io(e)
    }
}

/// The game a record (as JSON) is of.
pub fn game_of(json: &Value) -> Result<GameId, ReplayFailure> {
    let name = json
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| ReplayFailure::Format("not a game record: no \"game\" name".to_owned()))?;
    GameId::of_record(name, json.get("config"))
        .ok_or_else(|| ReplayFailure::Format(format!("the record is of an unknown game {name:?}")))
}

/// Reads a record of the game `G` from JSON, naming the step that does not read.
pub fn read_record<G: Game>(json: &Value) -> Result<Record<G>, ReplayFailure> {
    let field = |name: &str| json.get(name).ok_or_else(|| ReplayFailure::Format(format!("the record has no {name:?}")));
    let config = serde_json::from_value(field("config")?.clone())
        .map_err(|e| ReplayFailure::Format(format!("the record's config does not read: {e}")))?;
    let seed =
        field("seed")?.as_u64().ok_or_else(|| ReplayFailure::Format("the record's seed is not a u64".to_owned()))?;
    let steps = field("steps")?
        .as_array()
        .ok_or_else(|| ReplayFailure::Format("the record's steps are not a list".to_owned()))?;
    let mut record = Record::<G>::new(config, seed);
    record.format = json.get("format").and_then(Value::as_u64).and_then(|f| u32::try_from(f).ok()).unwrap_or(0);
    record.engine = json.get("engine").and_then(Value::as_str).unwrap_or_default().to_owned();
    for (index, step) in steps.iter().enumerate() {
        let step: Step<G::Action> = serde_json::from_value(step.clone())
            .map_err(|e| ReplayFailure::Step(format!("step {index} does not read: {e} (in {step})")))?;
        record.steps.push(step);
    }
    Ok(record)
}

/// Replays the record in `json` from `observer`'s perspective (its events, then its view,
/// after every step); `pause` runs between steps.
pub fn replay(json: &str, observer: Observer, out: &mut impl Write, pause: impl FnMut()) -> Result<(), ReplayFailure> {
    let value: Value =
        serde_json::from_str(json).map_err(|e| ReplayFailure::Format(format!("not a JSON record: {e}")))?;
    let id = game_of(&value)?;
    with_game!(id, G => replay_record(&read_record::<G>(&value)?, observer, out, pause))
}

/// Replays a record, printing after every step what `observer` saw: the events of the
/// step (in the redacted form it may see) and its view. Nothing hidden from `observer` is
/// printed: a spectator sees only what every player sees.
pub fn replay_record<G: Game>(
    record: &Record<G>,
    observer: Observer,
    out: &mut impl Write,
    mut pause: impl FnMut(),
) -> Result<(), ReplayFailure> {
    let start = record.start().map_err(|e| ReplayFailure::Format(e.to_string()))?;
    if let Observer::Seat(seat) = observer
        && seat.index() >= start.seat_count()
    {
        return Err(ReplayFailure::Format(format!(
            "--seat {}: the game has seats 0 to {}",
            seat.0,
            start.seat_count().saturating_sub(1)
        )));
    }
    let who = match observer {
        Observer::Seat(seat) => format!("as seen by {seat}"),
        Observer::Spectator => "as seen by a spectator".to_owned(),
    };
    writeln!(
        out,
        "{} seed {}, {} steps, {who}\n{}",
        record.game,
        record.seed,
        record.steps.len(),
        start.view(observer)
    )?;
    let mut events = Vec::new();
    // What the observer saw at set-up, before the first step.
    start.opening_events(observer, &mut events);
    if !events.is_empty() {
        writeln!(out, "set-up:")?;
        for event in &events {
            writeln!(out, "  {event}")?;
        }
    }
    let mut written = Ok(());
    let mut before = start;
    let end = record
        .replay_with(|index, step, state| {
            if written.is_ok() {
                pause();
                G::events(&before, step.seat, step.action, state, observer, &mut events);
                written = print_step(index, &events, &state.view(observer), out);
            }
            before = state.clone();
        })
        .map_err(|e| ReplayFailure::Step(e.to_string()))?;
    written?;
    match end.outcome() {
        Some(outcome) => {
            writeln!(out, "Game over.")?;
            for (seat, (score, rank)) in outcome.scores.iter().zip(&outcome.ranks).enumerate() {
                writeln!(out, "  P{seat}: score {score}, rank {rank}")?;
            }
        }
        None => writeln!(out, "The record ends before the game does.")?,
    }
    Ok(())
}

fn print_step<E: fmt::Display, V: fmt::Display>(
    index: usize,
    events: &[E],
    view: &V,
    out: &mut impl Write,
) -> io::Result<()> {
    writeln!(out, "step {index}:")?;
    for event in events {
        writeln!(out, "  {event}")?;
    }
    writeln!(out, "{view}")
}
