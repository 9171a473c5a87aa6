//! The vocabulary check ([`check_vocabulary`]): one generic test that builds a config and a
//! set-up, validates, plays, saves and loads any game through the names every crate shares
//! ([`GameConfig`], [`GameSetup`], [`Game::from_setup`], [`Game::to_setup`], [`Record`]).
//!
//! ```
//! use duke_core::testing::vocabulary::check_vocabulary;
//! use duke_core::testing::{Settings, toy::HighCard};
//!
//! check_vocabulary::<HighCard>(None, &Settings { cases: 8, ..Settings::default() }).unwrap();
//! check_vocabulary::<HighCard>(Some(4), &Settings { cases: 8, ..Settings::default() }).unwrap();
//! ```

use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestError};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Failure, Settings, failure_text, pick};
use crate::game::Game;
use crate::record::Record;
use crate::rng::GameRng;
use crate::seat::MAX_SEATS;
use crate::vocabulary::{GameConfig, GameSetup};

/// Checks the config and set-up vocabulary of `G` for `players` seats (`None`: the
/// rulebook's usual count):
///
/// - `Config::default()` is `Config::rulebook(None)`; `rulebook(players)` and
///   `bounded(players)` are configs (`Ok`) that pass `check`, whose `seat_count` is
///   `players` (when given) and the `seat_count` of their games, and that round-trip
///   through JSON; `rulebook` and `bounded` refuse 0 and `MAX_SEATS + 1` seats with a typed
///   error; `max_actions` of the bounded config is finite (below `u64::MAX`);
/// - for both configs and a few seeds, `Setup::new(config).with_seed(seed)` keeps its config
///   and seed, round-trips through JSON, and `from_setup` of it is `Game::new(&config,
///   seed)`;
/// - `settings.cases` random games of the bounded config (proptest playouts: the first
///   `settings.max_steps` choices shrink): at every step `from_setup(&game.to_setup())` is
///   the game, and the set-up round-trips through JSON to a set-up that gives the game
///   again; at the end, the game's [`Record`] saved as JSON, loaded and replayed gives the
///   final state.
///
/// A failure during a game prints its minimal record, like [`run`](super::run).
pub fn check_vocabulary<G: Game>(players: Option<u8>, settings: &Settings) -> Result<(), Failure> {
    let failure = |what: String| Failure { message: format!("{} vocabulary failure: {what}", G::NAME) };
    let bounded = check_configs::<G>(players, settings).map_err(failure)?;
    let mut runner = settings.runner();
    let strategy = (any::<u64>(), proptest::collection::vec(any::<u32>(), 0..=settings.max_steps));
    let outcome = runner.run(&strategy, |(seed, choices)| playout::<G>(&bounded, seed, &choices, settings));
    match outcome {
        Ok(()) => Ok(()),
        Err(TestError::Fail(reason, _)) => Err(failure(reason.to_string())),
        Err(TestError::Abort(reason)) => Err(failure(format!("aborted: {reason}"))),
    }
}

/// `value` through JSON and back.
fn json_round_trip<T: Serialize + DeserializeOwned>(value: &T, what: &str) -> Result<T, String> {
    let text = serde_json::to_string(value).map_err(|e| format!("{what} does not serialise: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("{what} does not read back from its JSON {text}: {e}"))
}

/// Where two states differ, as the first differing JSON path and its two values (or why
/// they cannot be compared so).
fn json_difference<T: Serialize>(left: &T, right: &T) -> String {
    fn walk(path: &str, a: &serde_json::Value, b: &serde_json::Value) -> Option<String> {
        use serde_json::Value;
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                let keys = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k)));
                keys.map(|k| match (x.get(k), y.get(k)) {
                    (Some(u), Some(v)) => walk(&format!("{path}.{k}"), u, v),
                    (u, v) => Some(format!("{path}.{k}: {u:?} / {v:?}")),
                })
                .find(Option::is_some)
                .flatten()
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                x.iter().zip(y).enumerate().find_map(|(i, (u, v))| walk(&format!("{path}[{i}]"), u, v))
            }
            _ if a == b => None,
            _ => Some(format!("{path}: {a} / {b}")),
        }
    }
    match (serde_json::to_value(left), serde_json::to_value(right)) {
        (Ok(a), Ok(b)) => walk("$", &a, &b).map_or_else(
            || "their JSON is equal: they differ in something serde does not write".into(),
            |at| format!("first difference (JSON path: one / the other) {at}"),
        ),
        _ => "one of them does not serialise".into(),
    }
}

/// The config checks; returns the bounded config the games are played with.
fn check_configs<G: Game>(players: Option<u8>, settings: &Settings) -> Result<G::Config, String> {
    let usual = G::Config::rulebook(None).map_err(|e| format!("Config::rulebook(None) is refused: {e}"))?;
    if G::Config::default() != usual {
        return Err(format!("Config::default() {:?} is not Config::rulebook(None) {usual:?}", G::Config::default()));
    }
    let rulebook =
        G::Config::rulebook(players).map_err(|e| format!("Config::rulebook({players:?}) is refused: {e}"))?;
    let bounded = G::Config::bounded(players).map_err(|e| format!("Config::bounded({players:?}) is refused: {e}"))?;
    for (name, config) in [("rulebook", &rulebook), ("bounded", &bounded)] {
        check_config::<G>(name, players, config, settings)?;
    }
    let bound = G::max_actions(&bounded);
    if bound == u64::MAX {
        return Err(format!("max_actions of Config::bounded({players:?}) is u64::MAX: a bounded game must end"));
    }
    for seats in [0, MAX_SEATS as u8 + 1] {
        if let Ok(config) = G::Config::rulebook(Some(seats)) {
            return Err(format!("Config::rulebook(Some({seats})) gives {config:?}: no game has {seats} seats"));
        }
        if let Ok(config) = G::Config::bounded(Some(seats)) {
            return Err(format!("Config::bounded(Some({seats})) gives {config:?}: no game has {seats} seats"));
        }
    }
    Ok(bounded)
}

/// One config: valid, its seat count, JSON, and set-ups of it for a few seeds.
fn check_config<G: Game>(
    name: &str,
    players: Option<u8>,
    config: &G::Config,
    settings: &Settings,
) -> Result<(), String> {
    let call = format!("Config::{name}({players:?})");
    config.check().map_err(|e| format!("{call} fails its own check(): {e}"))?;
    if let Some(n) = players
        && config.seat_count() != usize::from(n)
    {
        return Err(format!("{call}.seat_count() is {}, not {n}", config.seat_count()));
    }
    if &json_round_trip(config, &call)? != config {
        return Err(format!("{call} changes through JSON"));
    }
    let mut seeds = GameRng::new(settings.moved_seed());
    for seed in [0, 1, seeds.next_u64(), seeds.next_u64()] {
        let game = G::new(config, seed).map_err(|e| format!("Game::new({call}, {seed}) is refused: {e}"))?;
        if game.seat_count() != config.seat_count() {
            return Err(format!(
                "{call}.seat_count() is {}, but its game's seat_count() is {}",
                config.seat_count(),
                game.seat_count()
            ));
        }
        if &game.config() != config {
            return Err(format!("Game::new({call}, {seed}).config() is another config: {:?}", game.config()));
        }
        let setup = G::Setup::new(config.clone()).with_seed(seed);
        if setup.config() != config || setup.seed() != seed {
            return Err(format!(
                "Setup::new({call}).with_seed({seed}) has config {:?} and seed {}",
                setup.config(),
                setup.seed()
            ));
        }
        if json_round_trip(&setup, "a new set-up")? != setup {
            return Err(format!("Setup::new({call}).with_seed({seed}) changes through JSON"));
        }
        match G::from_setup(&setup) {
            Ok(from) if from == game => {}
            Ok(from) => {
                return Err(format!(
                    "from_setup(Setup::new({call}).with_seed({seed})) is not Game::new({call}, {seed}): {}",
                    json_difference(&from, &game)
                ));
            }
            Err(e) => return Err(format!("from_setup(Setup::new({call}).with_seed({seed})) is refused: {e}")),
        }
    }
    Ok(())
}

/// One game: a set-up of every state gives the state back, and the record saves, loads and
/// replays to the final state.
fn playout<G: Game>(config: &G::Config, seed: u64, choices: &[u32], settings: &Settings) -> Result<(), TestCaseError> {
    let mut record: Record<G> = Record::new(config.clone(), seed);
    let fail = |record: &Record<G>, what: String| TestCaseError::fail(failure_text(record, &what));
    let mut state = G::new(config, seed).map_err(|e| fail(&record, format!("the bounded config is refused: {e}")))?;
    let bound = G::max_actions(config).min(settings.max_game_actions);
    let mut free_choices = GameRng::new(seed ^ 0x00C0_FFEE);
    let mut legal = Vec::new();
    loop {
        let step = record.steps.len();
        check_setup(&state).map_err(|what| fail(&record, format!("at step {step}: {what}")))?;
        let to_act = state.to_act();
        if to_act.is_empty() {
            break;
        }
        if step as u64 >= bound {
            return Err(fail(&record, format!("the bounded game did not end within max_actions = {bound}")));
        }
        let choice = choices.get(step).copied().unwrap_or_else(|| free_choices.next_u64() as u32);
        let (seat, action) = pick(&state, to_act, choice, &mut legal, step).map_err(|what| fail(&record, what))?;
        record.push(seat, action);
        if let Err(e) = state.apply(seat, action) {
            return Err(fail(&record, format!("at step {step}: listed action {action} of {seat} refused: {e}")));
        }
    }
    let loaded = json_round_trip(&record, "the record").map_err(|what| fail(&record, what))?;
    match loaded.replay() {
        Ok(end) if end == state => Ok(()),
        Ok(end) => Err(fail(
            &record,
            format!(
                "the record, saved as JSON, loaded and replayed, ends in another state: {}",
                json_difference(&end, &state)
            ),
        )),
        Err(e) => Err(fail(&record, format!("the record, saved as JSON and loaded, does not replay: {e}"))),
    }
}

/// `from_setup(to_setup())` is the state, through JSON too.
fn check_setup<G: Game>(state: &G) -> Result<(), String> {
    let setup = state.to_setup();
    if setup.config() != &state.config() {
        return Err(format!("to_setup() has another config: {:?}", setup.config()));
    }
    match G::from_setup(&setup) {
        Ok(back) if &back == state => {}
        Ok(back) => {
            return Err(format!("from_setup(&to_setup()) is another state: {}", json_difference(&back, state)));
        }
        Err(e) => return Err(format!("from_setup(&to_setup()) is refused: {e}")),
    }
    let read = json_round_trip(&setup, "to_setup()")?;
    if read != setup {
        return Err("to_setup() changes through JSON".into());
    }
    match G::from_setup(&read) {
        Ok(back) if &back == state => Ok(()),
        Ok(back) => Err(format!(
            "from_setup of to_setup() read back from JSON is another state: {}",
            json_difference(&back, state)
        )),
        Err(e) => Err(format!("from_setup of to_setup() read back from JSON is refused: {e}")),
    }
}
