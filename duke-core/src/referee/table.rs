//! The table: the true state, the record and the event logs it keeps.

use crate::game::{Game, Observer};
use crate::outcome::Outcome;
use crate::record::Record;
use crate::rng::{GameRng, Stream, split_seed};
use crate::seat::{Seat, SeatSet};

use super::bot::{Bot, Decision, Perspective};
use super::log_index;
use super::logs::Logs;
use super::update::Update;

/// Something went wrong that a correct game and bots never cause: the referee reports it
/// instead of panicking, with the step where it happened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DriverError {
    /// The game refused the config.
    #[error("bad config: {0}")]
    Config(String),
    /// One bot per seat is needed.
    #[error("the game has {seats} seats but {bots} bots were given")]
    BotCount {
        /// Seats of the game.
        seats: usize,
        /// Bots given.
        bots: usize,
    },
    /// The seat made to act waited anyway.
    #[error("step {step}: {seat} waited but everyone had waited and it had to act")]
    WaitedLast {
        /// Index of the step, from 0.
        step: usize,
        /// The seat asked to act.
        seat: Seat,
    },
    /// A seat in `to_act` has no legal action, or its bot chose none.
    #[error("step {step}: {seat} may act but no action was chosen (empty legal-action list?)")]
    NoAction {
        /// Index of the step, from 0.
        step: usize,
        /// The seat asked to act.
        seat: Seat,
    },
    /// The game refused an action it had listed as legal.
    #[error("step {step}: {seat} plays {action}, a listed legal action, and the game refuses it: {reason}")]
    Refused {
        /// Index of the step, from 0.
        step: usize,
        /// The seat that acted.
        seat: Seat,
        /// The action, in notation.
        action: String,
        /// The game's error.
        reason: String,
    },
    /// A bot was asked for a seat the referee is not asking now ([`Table::ask`]).
    #[error("step {step}: {seat} is not asked to act now")]
    NotAsked {
        /// Index of the step, from 0.
        step: usize,
        /// The seat.
        seat: Seat,
    },
    /// The game went past its own `max_actions` bound.
    #[error("the game did not end within its bound of {0} actions")]
    TooLong(u64),
    /// Nobody may act but there is no outcome.
    #[error("the game is over (nobody may act) but has no outcome")]
    NoOutcome,
}

/// A game in progress under a referee: the true state, its record, the log of what each
/// observer it keeps a log for ([`Logs`]: each seat, then the spectator) saw happen, and
/// where the current step's asking stands (the drawn order, the seats that declined, how
/// much of each log was sent).
///
/// [`Table::new`] keeps every observer's log; [`Table::with_logs`] only those asked for, and
/// with none it runs at the engine's pace: a step is the bot's choice, `apply`, a push to
/// the record and the next step's asking order, without allocating.
///
/// Drive it with the ask/answer API ([`Table::pending`], [`Table::answer`],
/// [`Table::decline`]; see the [module docs](super)), or with bots through [`Table::step`]
/// and [`play_game`], which are built on it.
#[derive(Clone, Debug)]
pub struct Table<G: Game> {
    pub(super) state: G,
    pub(super) record: Record<G>,
    /// The referee's own generator for the asking order, kept live: rebuilding ChaCha at
    /// every step would cost more than the step.
    picker: Stream,
    buf: Vec<G::Action>,
    /// The logs kept ([`Logs::of_game`]: no seat beyond the game's).
    kept: Logs,
    /// One log per observer (seats, then the spectator); empty for those not kept.
    logs: Vec<Vec<G::Event>>,
    scratch: Vec<G::Event>,
    /// The current step's asking order, drawn when the step began.
    pub(super) order: Vec<Seat>,
    /// The seats of `order` that declined (waited) in the current step.
    pub(super) declined: SeatSet,
    /// Per observer (seats, then the spectator): how many events of its log were sent
    /// ([`Table::next_update`]).
    pub(super) sent: Vec<usize>,
}

impl<G: Game> Table<G> {
    /// Sets up the game from `config` and `seed`, keeping every observer's log
    /// ([`Logs::ALL`]). Every log starts with what its observer witnessed at set-up
    /// ([`Game::opening_events`]).
    pub fn new(config: &G::Config, seed: u64) -> Result<Table<G>, G::ConfigError> {
        Table::with_logs(config, seed, Logs::ALL)
    }

    /// Sets up the game from `config` and `seed`, keeping the event logs of the observers
    /// of `logs` only: the others' logs stay empty ([`Table::events`], the events of
    /// [`Table::next_update`] and of a [`Perspective`]) and their events are never computed.
    /// The game is the same whatever the logs: same asking order, same record.
    pub fn with_logs(config: &G::Config, seed: u64, logs: Logs) -> Result<Table<G>, G::ConfigError> {
        let state = G::new(config, seed)?;
        let seats = state.seat_count();
        let kept = logs.of_game(seats);
        let logs = observers(seats)
            .map(|observer| {
                let mut log = Vec::new();
                if kept.keeps(observer) {
                    state.opening_events(observer, &mut log);
                }
                log
            })
            .collect();
        let mut table = Table {
            state,
            record: Record::new(config.clone(), seed),
            picker: GameRng::new(split_seed(seed, 0x5EA7)).into_stream(),
            buf: Vec::new(),
            kept,
            logs,
            scratch: Vec::new(),
            order: Vec::new(),
            declined: SeatSet::EMPTY,
            sent: vec![0; seats + 1],
        };
        table.begin_step();
        Ok(table)
    }

    /// Starts a step: draws the asking order of the seats that may act (shuffled only when
    /// there are several, so the generator advances exactly as it always has) and forgets
    /// who declined.
    fn begin_step(&mut self) {
        self.order.clear();
        self.order.extend(self.state.to_act().iter());
        if self.order.len() > 1 {
            self.picker.shuffle(&mut self.order);
        }
        self.declined = SeatSet::EMPTY;
    }

    /// The seats that may act now in the order the referee asks them, drawn when the step
    /// began: uniformly random (reproducibly from the seed) when there are several; empty
    /// when the game is over. Seats that declined are still listed ([`Table::asked`] leaves
    /// them out).
    pub fn asking_order(&self) -> Vec<Seat> {
        self.order.clone()
    }

    /// When every seat of `order` has waited, the seat that must act: the first of `order`
    /// that the game is waiting for ([`Game::awaited`]): the seat whose action ends the
    /// simultaneous step or lets the next player start.
    pub fn seat_to_force(&self, order: &[Seat]) -> Option<Seat> {
        let awaited = self.state.awaited();
        order.iter().copied().find(|&seat| awaited.contains(seat)).or_else(|| order.first().copied())
    }

    /// What `seat` may use to decide, its event log included; `may_wait` when it may let
    /// others act first.
    pub fn perspective(&self, seat: Seat, may_wait: bool) -> Perspective<'_, G> {
        let base =
            if may_wait { Perspective::with_wait(&self.state, seat) } else { Perspective::new(&self.state, seat) };
        base.with_events(self.events(Observer::Seat(seat)))
    }

    /// The legal actions of `seat` now.
    pub fn legal_actions(&mut self, seat: Seat) -> &[G::Action] {
        self.state.legal_actions(seat, &mut self.buf);
        &self.buf
    }

    /// Applies and records `action` for `seat`, appends what each observer whose log is
    /// kept saw to its log and begins the next step (a new asking order); or refuses it (the
    /// table is unchanged). It does not check the asking procedure (whether `seat` is asked
    /// now): [`Table::answer`] does; this is for replaying or for callers with their own
    /// procedure.
    pub fn play(&mut self, seat: Seat, action: G::Action) -> Result<(), G::ActionError> {
        if self.kept.is_none() {
            // No observer to tell: no copy of the state, no events.
            self.state.apply(seat, action)?;
        } else {
            let before = self.state.clone();
            self.state.apply(seat, action)?;
            let seats = self.state.seat_count();
            for observer in observers(seats).filter(|&observer| self.kept.keeps(observer)) {
                G::events(&before, seat, action, &self.state, observer, &mut self.scratch);
                if let Some(log) = self.logs.get_mut(log_index(observer, seats)) {
                    log.append(&mut self.scratch);
                }
            }
        }
        self.record.push(seat, action);
        self.begin_step();
        Ok(())
    }

    /// The observers whose event logs this table keeps.
    pub fn logs(&self) -> Logs {
        self.kept
    }

    /// Everything `observer` saw happen so far, oldest first; empty if its log is not kept
    /// ([`Table::logs`]).
    pub fn events(&self, observer: Observer) -> &[G::Event] {
        self.logs.get(log_index(observer, self.state.seat_count())).map_or(&[], Vec::as_slice)
    }

    /// What `observer` is sent now: its events from index `since` of its log on, its view,
    /// and its legal actions if it may act (`may_wait` as the referee asks it).
    pub fn update(&self, observer: Observer, since: usize, may_wait: bool) -> Update<G> {
        match observer {
            Observer::Seat(seat) => self.perspective(seat, may_wait).update(since),
            Observer::Spectator => Update {
                observer,
                first_event: since,
                events: self.events(observer).get(since..).unwrap_or_default().to_vec(),
                view: self.state.view(observer),
                to_act: self.state.to_act(),
                legal: Vec::new(),
                may_wait: false,
                outcome: self.state.outcome(),
            },
        }
    }

    /// What `observer` sees now.
    pub fn view(&self, observer: Observer) -> G::View {
        self.state.view(observer)
    }

    /// How many seats the game has.
    pub fn seat_count(&self) -> usize {
        self.state.seat_count()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The record so far.
    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    /// Asks `bot` to act for `seat` and plays its choice; `None` if it waited (allowed
    /// only with `may_wait`). Outside the asking procedure: `may_wait` is the caller's and
    /// a wait is not recorded as a decline ([`Table::ask`] follows the procedure).
    pub fn ask_bot(
        &mut self,
        seat: Seat,
        bot: &mut dyn Bot<G>,
        may_wait: bool,
    ) -> Result<Option<G::Action>, DriverError> {
        let step = self.record.steps.len();
        match bot.choose(&self.perspective(seat, may_wait)) {
            Some(Decision::Act(action)) => {
                self.play_listed(seat, action)?;
                Ok(Some(action))
            }
            Some(Decision::Wait) if may_wait => Ok(None),
            Some(Decision::Wait) => Err(DriverError::WaitedLast { step, seat }),
            None => Err(DriverError::NoAction { step, seat }),
        }
    }

    /// Plays an action the game listed as legal; a refusal is the game's contract
    /// violation, reported as [`DriverError::Refused`].
    pub fn play_listed(&mut self, seat: Seat, action: G::Action) -> Result<(), DriverError> {
        let step = self.record.steps.len();
        self.play(seat, action).map_err(|e| DriverError::Refused {
            step,
            seat,
            action: action.to_string(),
            reason: e.to_string(),
        })
    }

    /// Runs one step of the referee's procedure with `bots[k]` playing seat `k`: asks the
    /// first seat [`asked`](Table::asked) (through [`Table::ask`]) until one acts: the seats
    /// that may act in the drawn order, each of which may decline, then the seat made to act
    /// when all declined. Returns the seat that acted and its action.
    pub fn step(&mut self, bots: &mut [Box<dyn Bot<G>>]) -> Result<(Seat, G::Action), DriverError> {
        let step = self.record.steps.len();
        // Each pass either ends the step or records a decline; after every seat declined,
        // the seat asked last may not decline, so the loop ends.
        loop {
            let (seat, may_wait) = self.asked().next().ok_or(DriverError::NoOutcome)?;
            let bot = bots.get_mut(seat.index()).ok_or(DriverError::NoAction { step, seat })?;
            if let Some(action) = self.ask_asked(seat, may_wait, bot.as_mut())? {
                return Ok((seat, action));
            }
        }
    }

    /// Ends the table: the record, the outcome and the event logs of a finished game.
    pub fn finish(self) -> Result<Finished<G>, DriverError> {
        let outcome = self.state.outcome().ok_or(DriverError::NoOutcome)?;
        Ok(Finished { record: self.record, outcome, kept: self.kept, logs: self.logs })
    }
}

/// Every seat, then the spectator: the order of a table's logs.
fn observers(seats: usize) -> impl Iterator<Item = Observer> {
    (0..seats).map(|s| Observer::Seat(Seat(s as u8))).chain([Observer::Spectator])
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Finished<G: Game> {
    /// Everything needed to replay it.
    pub record: Record<G>,
    /// Its result.
    pub outcome: Outcome,
    kept: Logs,
    logs: Vec<Vec<G::Event>>,
}

impl<G: Game> Finished<G> {
    /// Everything `observer` saw happen, oldest first; empty if the table did not keep its
    /// log ([`Finished::logs`]).
    pub fn events(&self, observer: Observer) -> &[G::Event] {
        self.logs.get(log_index(observer, self.outcome.scores.len())).map_or(&[], Vec::as_slice)
    }

    /// The observers whose event logs the table kept.
    pub fn logs(&self) -> Logs {
        self.kept
    }
}

/// Plays a whole game, `bots[k]` playing seat `k`, by the referee's procedure, keeping
/// every observer's event log ([`Finished::events`]).
pub fn play_game<G: Game>(
    config: &G::Config,
    seed: u64,
    bots: &mut [Box<dyn Bot<G>>],
) -> Result<Finished<G>, DriverError> {
    play_game_with(config, seed, bots, Logs::ALL)
}

/// [`play_game`] keeping only the event logs of `logs` and of the seats whose bot
/// [reads its events](Bot::reads_events): the same game (the same record and outcome) at the
/// engine's pace when no log is kept ([`Logs::NONE`] with bots that read none), as a
/// simulation plays it.
pub fn play_game_with<G: Game>(
    config: &G::Config,
    seed: u64,
    bots: &mut [Box<dyn Bot<G>>],
    logs: Logs,
) -> Result<Finished<G>, DriverError> {
    let mut readers = logs;
    for (seat, bot) in bots.iter().enumerate() {
        if let Ok(seat) = u8::try_from(seat)
            && bot.reads_events()
        {
            readers = readers.with(Observer::Seat(Seat(seat)));
        }
    }
    let mut table = Table::<G>::with_logs(config, seed, readers).map_err(|e| DriverError::Config(e.to_string()))?;
    if bots.len() != table.seat_count() {
        return Err(DriverError::BotCount { seats: table.seat_count(), bots: bots.len() });
    }
    let bound = G::max_actions(config);
    // The step's asking order holds the seats of `to_act`, drawn when the step began: it is
    // empty exactly when the game is over (the contract of `Game::to_act`), and reading it
    // spares a second `to_act` per step.
    while !table.order.is_empty() {
        if table.record.steps.len() as u64 >= bound {
            return Err(DriverError::TooLong(bound));
        }
        table.step(bots)?;
    }
    table.finish()
}
