//! One game behind a type-erased interface: the state, its undo stack and its record.
//!
//! Everything the Python classes need is here, written once for every `G: Learning`; the
//! Python layer ([`crate::game`], [`crate::batch`]) never sees a concrete game type.

use std::sync::Arc;

use duke_core::{Learning, Observer, Record, Seat};

/// A seat number from Python, or `None` for the spectator.
pub fn observer(seat: Option<u8>) -> Observer {
    seat.map_or(Observer::Spectator, |s| Observer::Seat(Seat(s)))
}

/// What the Python classes ask of a game, whatever its type.
pub trait DynGame: Send + Sync {
    /// The game's short name.
    fn name(&self) -> &'static str;
    /// A copy of this session.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// Seats in the game.
    fn seat_count(&self) -> usize;
    /// Seats that may act now.
    fn to_act(&self) -> Vec<u8>;
    /// Seats the game waits for.
    fn awaited(&self) -> Vec<u8>;
    /// The seat a turn-based driver asks next: the first awaited seat.
    fn current(&self) -> Option<u8>;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The legal actions of `seat`, in notation, in the order of their indices.
    fn legal_notation(&mut self, seat: u8) -> Vec<String>;
    /// The indices of the legal actions of `seat`, ascending (a buffer of the session's).
    fn legal_indices(&mut self, seat: u8) -> &[usize];
    /// Applies an action written in notation.
    fn apply_notation(&mut self, seat: u8, text: &str) -> Result<(), String>;
    /// Applies an action given by its index.
    fn apply_index(&mut self, seat: u8, index: usize) -> Result<(), String>;
    /// Takes back the last action; `false` when there is none.
    fn undo(&mut self) -> bool;
    /// Distinct actions of the config.
    fn action_count(&self) -> usize;
    /// The action of an index, in notation.
    fn index_notation(&self, index: usize) -> Option<String>;
    /// The index of an action written in notation.
    fn notation_index(&self, text: &str) -> Result<usize, String>;
    /// The observation shape.
    fn observation_shape(&self) -> Vec<usize>;
    /// Fills an observation.
    fn observe(&self, observer: Option<u8>, out: &mut [f32]) -> Result<(), String>;
    /// Fills a legal-action mask.
    fn legal_mask(&mut self, seat: u8, out: &mut [bool]) -> Result<(), String>;
    /// Fills the returns.
    fn returns(&self, out: &mut [f64]) -> Result<(), String>;
    /// The least and greatest return.
    fn return_bounds(&self) -> (f64, f64);
    /// The utility kind, as text (`zero-sum`, `constant-sum`, `general-sum`) and constant.
    fn utility(&self) -> (&'static str, f64);
    /// The view of an observer, as JSON.
    fn view_json(&self, observer: Option<u8>) -> String;
    /// The view of an observer, as terminal text.
    fn render(&self, observer: Option<u8>) -> String;
    /// Every event the observer saw since the start, as a JSON list of
    /// `{"step": i, "event": ..., "text": ...}` (`step` is `null` for the opening events).
    fn event_log_json(&self, observer: Option<u8>) -> Result<String, String>;
    /// The full state, as JSON.
    fn state_json(&self) -> String;
    /// The config, as JSON.
    fn config_json(&self) -> String;
    /// The record (config, seed, steps), as JSON.
    fn record_json(&self) -> String;
    /// The outcome once over, as JSON (`null` before).
    fn outcome_json(&self) -> String;
    /// Running scores in the game's units.
    fn running_scores(&self) -> Vec<i64>;
    /// A determinization for `seat`, as a new session with an empty undo stack.
    fn determinize(&self, seat: u8, seed: u64) -> Box<dyn DynGame>;
    /// Number of actions applied.
    fn steps(&self) -> usize;
    /// Starts a new game of the same config with `seed`, forgetting the history.
    fn reset(&mut self, seed: u64) -> Result<(), String>;
    /// Whether `apply` keeps an undo stack and a record (on by default; the batched
    /// stepper turns it off, so that stepping does not allocate).
    fn set_history(&mut self, keep: bool);
    /// Makes a table of every action of the config by index, which this session and its
    /// clones then read instead of asking the game (`Learning::index_action` depends on
    /// the config only, so the table is exact for every game of the config, and `reset`
    /// keeps the config). For the batched stepper, whose games share one table.
    fn build_action_table(&mut self);
    /// The batched step's first half, in one call (so the game's own code is inlined,
    /// not reached through a call per query): applies action `index` for the seat asked,
    /// writes each seat's reward (its return now minus `before`) into `reward`, updates
    /// `before` to the returns now, and tells whether the game is over.
    fn batch_apply(&mut self, index: usize, before: &mut [f64], reward: &mut [f64]) -> Result<bool, String>;
    /// The batched step's second half: writes the seat asked next, its observation and its
    /// legal mask.
    fn batch_fill(&mut self, obs: &mut [f32], mask: &mut [bool], seat: &mut i64) -> Result<(), String>;
}

/// How a session lists the indices of the legal actions (both give the same ascending
/// list; which is cheaper depends on the game, see [`crate::games`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// From the game's bit mask: no action list and no index lookup per action, but a
    /// scan of `action_count / 64` words.
    Bits,
    /// The legal actions, each indexed, then sorted.
    Actions,
}

/// A game, its undo stack, the record of its actions, and reusable buffers.
pub struct Session<G: Learning> {
    game: G,
    undo: Vec<G::Undo>,
    record: Record<G>,
    /// Whether `record` replays to `game` (not for a determinization, which has no history).
    replayable: bool,
    /// Whether `apply` keeps the undo stack and the record.
    history: bool,
    scratch: Vec<G::Action>,
    /// How [`DynGame::legal_indices`] lists.
    listing: Listing,
    /// The legal-action bit mask of [`DynGame::legal_indices`] (sized on first use).
    bits: Vec<u64>,
    /// The indices [`DynGame::legal_indices`] gives.
    indices: Vec<usize>,
    /// Every action of the config by index, when [`DynGame::build_action_table`] made it
    /// (shared by the clones).
    table: Option<Arc<[G::Action]>>,
}

impl<G: Learning> Clone for Session<G> {
    fn clone(&self) -> Self {
        Session {
            game: self.game.clone(),
            undo: self.undo.clone(),
            record: self.record.clone(),
            replayable: self.replayable,
            history: self.history,
            scratch: Vec::new(),
            listing: self.listing,
            bits: Vec::new(),
            indices: Vec::new(),
            table: self.table.clone(),
        }
    }
}

impl<G: Learning> Session<G> {
    /// A new game of `config` and `seed`.
    pub fn new(config: G::Config, seed: u64) -> Result<Session<G>, String> {
        let game = G::new(&config, seed).map_err(|e| e.to_string())?;
        Ok(Session {
            game,
            undo: Vec::new(),
            record: Record::new(config, seed),
            replayable: true,
            history: true,
            scratch: Vec::new(),
            listing: Listing::Bits,
            bits: Vec::new(),
            indices: Vec::new(),
            table: None,
        })
    }

    /// The same session, listing legal indices the way given.
    pub fn with_listing(mut self, listing: Listing) -> Session<G> {
        self.listing = listing;
        self
    }

    /// A session replayed from a record.
    pub fn from_record(record: Record<G>) -> Result<Session<G>, String> {
        let mut session = Session::new(record.config.clone(), record.seed)?;
        for (i, step) in record.steps.iter().enumerate() {
            session.apply(step.seat, step.action).map_err(|e| format!("step {i}: {e}"))?;
        }
        Ok(session)
    }

    /// The action of an index: from the table when there is one, else from the game.
    fn action_of(&self, index: usize) -> Result<G::Action, String> {
        let action = match &self.table {
            Some(table) => table.get(index).copied(),
            None => self.game.index_action(index),
        };
        action.ok_or_else(|| format!("action index {index} is out of range (0..{})", self.game.action_count()))
    }

    fn apply(&mut self, seat: Seat, action: G::Action) -> Result<(), String> {
        if self.history {
            match self.game.apply(seat, action) {
                // (Pushed straight from where the engine wrote it: one copy of the undo.)
                Ok(undo) => self.undo.push(undo),
                Err(e) => return Err(e.to_string()),
            }
            self.record.push(seat, action);
        } else if let Err(e) = self.game.apply(seat, action) {
            // (The undo is dropped where the engine wrote it: moving it out first would copy
            // the largest variant, a whole state in Crown Battles, at every step.)
            return Err(e.to_string());
        }
        Ok(())
    }
}

fn seats(set: duke_core::SeatSet) -> Vec<u8> {
    set.iter().map(|s| s.0).collect()
}

impl<G: Learning> DynGame for Session<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn seat_count(&self) -> usize {
        self.game.seat_count()
    }
    fn to_act(&self) -> Vec<u8> {
        seats(self.game.to_act())
    }
    fn awaited(&self) -> Vec<u8> {
        seats(self.game.awaited())
    }
    fn current(&self) -> Option<u8> {
        self.game.awaited().first().map(|s| s.0)
    }
    fn is_over(&self) -> bool {
        self.game.is_over()
    }
    fn legal_notation(&mut self, seat: u8) -> Vec<String> {
        let indices = self.legal_indices(seat).to_vec();
        indices.iter().filter_map(|&i| self.game.index_action(i)).map(|a| a.to_string()).collect()
    }
    fn legal_indices(&mut self, seat: u8) -> &[usize] {
        self.indices.clear();
        match self.listing {
            Listing::Bits => {
                self.bits.resize(duke_core::mask_words(self.game.action_count()), 0);
                // (A length error cannot happen: the buffer has the config's length.)
                if self.game.legal_mask_bits(Seat(seat), &mut self.scratch, &mut self.bits).is_ok() {
                    for (w, &word) in self.bits.iter().enumerate() {
                        let mut rest = word;
                        while rest != 0 {
                            self.indices.push(w * 64 + rest.trailing_zeros() as usize);
                            rest &= rest - 1;
                        }
                    }
                }
            }
            Listing::Actions => {
                self.game.legal_actions(Seat(seat), &mut self.scratch);
                self.indices.extend(self.scratch.iter().filter_map(|&a| self.game.action_index(a)));
                self.indices.sort_unstable();
                self.indices.dedup(); // (As the mask: an action listed twice is one index.)
            }
        }
        &self.indices
    }
    fn apply_notation(&mut self, seat: u8, text: &str) -> Result<(), String> {
        let action: G::Action = text.parse().map_err(|e: duke_core::NotationError| e.to_string())?;
        self.apply(Seat(seat), action)
    }
    fn apply_index(&mut self, seat: u8, index: usize) -> Result<(), String> {
        let action = self.action_of(index)?;
        self.apply(Seat(seat), action)
    }
    fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(undo) => {
                self.game.undo(undo);
                self.record.steps.pop();
                true
            }
            None => false,
        }
    }
    fn action_count(&self) -> usize {
        self.game.action_count()
    }
    fn index_notation(&self, index: usize) -> Option<String> {
        self.game.index_action(index).map(|a| a.to_string())
    }
    fn notation_index(&self, text: &str) -> Result<usize, String> {
        let action: G::Action = text.parse().map_err(|e: duke_core::NotationError| e.to_string())?;
        self.game.action_index(action).ok_or_else(|| format!("{text:?} is not an action of this config"))
    }
    fn observation_shape(&self) -> Vec<usize> {
        self.game.observation_shape().dims().to_vec()
    }
    fn observe(&self, observer_seat: Option<u8>, out: &mut [f32]) -> Result<(), String> {
        self.game.observe(observer(observer_seat), out).map_err(|e| e.to_string())
    }
    fn legal_mask(&mut self, seat: u8, out: &mut [bool]) -> Result<(), String> {
        self.game.legal_mask(Seat(seat), &mut self.scratch, out).map_err(|e| e.to_string())
    }
    fn returns(&self, out: &mut [f64]) -> Result<(), String> {
        self.game.returns(out).map_err(|e| e.to_string())
    }
    fn return_bounds(&self) -> (f64, f64) {
        self.game.return_bounds()
    }
    fn utility(&self) -> (&'static str, f64) {
        match self.game.utility() {
            duke_core::Utility::ZeroSum => ("zero-sum", 0.0),
            duke_core::Utility::ConstantSum(c) => ("constant-sum", c),
            _ => ("general-sum", 0.0),
        }
    }
    fn view_json(&self, observer_seat: Option<u8>) -> String {
        serde_json::to_string(&self.game.view(observer(observer_seat))).unwrap_or_else(|e| error_json(&e))
    }
    fn render(&self, observer_seat: Option<u8>) -> String {
        self.game.view(observer(observer_seat)).to_string()
    }
    fn event_log_json(&self, observer_seat: Option<u8>) -> Result<String, String> {
        if !self.replayable {
            return Err("a determinized game has no history: its events are unknown".to_owned());
        }
        let who = observer(observer_seat);
        let start = self.record.start().map_err(|e| e.to_string())?;
        let mut log = Vec::new();
        let mut events = Vec::new();
        start.opening_events(who, &mut events);
        for event in &events {
            log.push(serde_json::json!({"step": null, "event": event, "text": event.to_string()}));
        }
        let mut before = start;
        for (i, step) in self.record.steps.iter().enumerate() {
            let mut after = before.clone();
            after.apply(step.seat, step.action).map_err(|e| format!("step {i}: {e}"))?;
            G::events(&before, step.seat, step.action, &after, who, &mut events);
            for event in &events {
                log.push(serde_json::json!({"step": i, "event": event, "text": event.to_string()}));
            }
            before = after;
        }
        serde_json::to_string(&log).map_err(|e| e.to_string())
    }
    fn state_json(&self) -> String {
        serde_json::to_string(&self.game).unwrap_or_else(|e| error_json(&e))
    }
    fn config_json(&self) -> String {
        serde_json::to_string(&self.game.config()).unwrap_or_else(|e| error_json(&e))
    }
    fn record_json(&self) -> String {
        if !self.replayable {
            return serde_json::json!({ "error": "a determinized game has no record" }).to_string();
        }
        serde_json::to_string(&self.record).unwrap_or_else(|e| error_json(&e))
    }
    fn outcome_json(&self) -> String {
        serde_json::to_string(&self.game.outcome()).unwrap_or_else(|e| error_json(&e))
    }
    fn running_scores(&self) -> Vec<i64> {
        self.game.running_scores()
    }
    fn determinize(&self, seat: u8, seed: u64) -> Box<dyn DynGame> {
        let game = self.game.determinize(Seat(seat), seed);
        // The determinized world has no history of its own: its record starts where it is,
        // so only its state (not a replay) describes it.
        let record = Record::new(game.config(), seed);
        Box::new(Session {
            game,
            undo: Vec::new(),
            record,
            replayable: false,
            history: true,
            scratch: Vec::new(),
            listing: self.listing,
            bits: Vec::new(),
            indices: Vec::new(),
            table: None,
        })
    }
    fn steps(&self) -> usize {
        self.record.steps.len()
    }
    fn reset(&mut self, seed: u64) -> Result<(), String> {
        self.game = G::new(&self.record.config, seed).map_err(|e| e.to_string())?;
        self.undo.clear();
        self.record.seed = seed;
        self.record.steps.clear();
        self.replayable = self.history;
        Ok(())
    }
    fn build_action_table(&mut self) {
        let table: Option<Arc<[G::Action]>> =
            (0..self.game.action_count()).map(|i| self.game.index_action(i)).collect();
        self.table = table;
    }
    fn batch_apply(&mut self, index: usize, before: &mut [f64], reward: &mut [f64]) -> Result<bool, String> {
        let seat = self.game.awaited().first().ok_or("a game is over and was not reset")?;
        let action = self.action_of(index)?;
        self.apply(seat, action)?;
        // (`reward` holds the returns after the step, then their change.)
        self.game.returns(reward).map_err(|e| e.to_string())?;
        for (r, b) in reward.iter_mut().zip(before.iter_mut()) {
            let after = *r;
            *r = after - *b;
            *b = after;
        }
        Ok(self.game.is_over())
    }
    fn batch_fill(&mut self, obs: &mut [f32], mask: &mut [bool], seat: &mut i64) -> Result<(), String> {
        let s = self.game.awaited().first().ok_or("a game is over and was not reset")?;
        *seat = i64::from(s.0);
        self.game.observe(Observer::Seat(s), obs).map_err(|e| e.to_string())?;
        self.game.legal_mask(s, &mut self.scratch, mask).map_err(|e| e.to_string())
    }
    fn set_history(&mut self, keep: bool) {
        self.history = keep;
        self.replayable = keep && self.replayable;
        if !keep {
            self.undo.clear();
            self.record.steps.clear();
        }
    }
}

fn error_json(e: &serde_json::Error) -> String {
    serde_json::json!({ "error": e.to_string() }).to_string()
}
