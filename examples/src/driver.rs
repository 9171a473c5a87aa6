//! The referee: holds the true state, asks seats to act, records every step.
//!
//! When several seats may act at once (simultaneous choices, out-of-turn plays), the
//! referee asks them in a uniformly random order drawn with its own generator, seeded from
//! the game seed, so the arrival order of the actions is part of the game's chance and a
//! run is reproducible from its seed. Each seat asked may [wait](crate::bots::Decision::Wait)
//! (let the others go first: a player who does not want to match out of turn); the first
//! that acts takes the step, and the asking starts again from the new state. If every seat
//! waits, the referee makes one act: the first asked of the seats the game is waiting for
//! ([`Game::awaited`]: in Archduke the next player, whose draw closes the matching window,
//! or the owner of a pending action card). The
//! order is recorded implicitly: every [`Step`](duke_core::Step) of the [`Record`] names
//! its seat, so replay needs no generator.

use core::fmt;

use duke_core::{Game, GameRng, Observer, Outcome, Record, Seat};

use crate::bots::{Bot, Decision, Perspective};
use crate::seed::mix;

/// Something went wrong that a correct game and bots never cause: the driver reports it
/// instead of panicking, with the step where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DriverError {
    /// The game refused the config.
    Config(String),
    /// One bot per seat is needed.
    BotCount {
        /// Seats of the game.
        seats: usize,
        /// Bots given.
        bots: usize,
    },
    /// The seat made to act waited anyway.
    WaitedLast {
        /// Index of the step, from 0.
        step: usize,
        /// The seat asked to act.
        seat: Seat,
    },
    /// A seat in `to_act` has no legal action, or its bot chose none.
    NoAction {
        /// Index of the step, from 0.
        step: usize,
        /// The seat asked to act.
        seat: Seat,
    },
    /// The game refused an action it had listed as legal.
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
    /// The game went past its own `max_actions` bound.
    TooLong(u64),
    /// Nobody may act but there is no outcome.
    NoOutcome,
}

impl fmt::Display for DriverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DriverError::Config(why) => write!(f, "bad config: {why}"),
            DriverError::BotCount { seats, bots } => write!(f, "the game has {seats} seats but {bots} bots were given"),
            DriverError::NoAction { step, seat } => {
                write!(f, "step {step}: {seat} may act but no action was chosen (empty legal-action list?)")
            }
            DriverError::Refused { step, seat, action, reason } => {
                write!(
                    f,
                    "step {step}: {seat} plays {action}, a listed legal action, and the game refuses it: {reason}"
                )
            }
            DriverError::WaitedLast { step, seat } => {
                write!(f, "step {step}: {seat} waited but everyone had waited and it had to act")
            }
            DriverError::TooLong(bound) => write!(f, "the game did not end within its bound of {bound} actions"),
            DriverError::NoOutcome => f.write_str("the game is over (nobody may act) but has no outcome"),
        }
    }
}

impl std::error::Error for DriverError {}

/// A game in progress under a referee.
#[derive(Clone, Debug)]
pub struct Table<G: Game> {
    state: G,
    record: Record<G>,
    picker: GameRng,
    buf: Vec<G::Action>,
}

impl<G: Game> Table<G> {
    /// Sets up the game from `config` and `seed`.
    pub fn new(config: &G::Config, seed: u64) -> Result<Table<G>, G::ConfigError> {
        let state = G::new(config, seed)?;
        Ok(Table {
            state,
            record: Record::new(config.clone(), seed),
            picker: GameRng::new(mix(seed, 0x5EA7)),
            buf: Vec::new(),
        })
    }

    /// The seats that may act now in the order the referee asks them: uniformly random
    /// (reproducibly from the seed) when there are several; empty when the game is over.
    pub fn asking_order(&mut self) -> Vec<Seat> {
        let mut seats: Vec<Seat> = self.state.to_act().iter().collect();
        if seats.len() > 1 {
            self.picker.shuffle(&mut seats);
        }
        seats
    }

    /// When every seat of `order` has waited, the seat that must act: the first of `order`
    /// that the game is waiting for ([`Game::awaited`]): the seat whose action ends the
    /// simultaneous step or lets the next player start. This is the referee's procedure.
    pub fn seat_to_force(&self, order: &[Seat]) -> Option<Seat> {
        let awaited = self.state.awaited();
        order.iter().copied().find(|&seat| awaited.contains(seat)).or_else(|| order.first().copied())
    }

    /// What `seat` may use to decide; `may_wait` when it may let others act first.
    pub fn perspective(&self, seat: Seat, may_wait: bool) -> Perspective<'_, G> {
        if may_wait { Perspective::with_wait(&self.state, seat) } else { Perspective::new(&self.state, seat) }
    }

    /// The legal actions of `seat` now.
    pub fn legal_actions(&mut self, seat: Seat) -> &[G::Action] {
        self.state.legal_actions(seat, &mut self.buf);
        &self.buf
    }

    /// Applies and records `action` for `seat`, or refuses it (the game is unchanged).
    pub fn play(&mut self, seat: Seat, action: G::Action) -> Result<(), G::ActionError> {
        self.state.apply(seat, action)?;
        self.record.push(seat, action);
        Ok(())
    }

    /// Whether `observer` can tell, from its own view afterwards, that `seat` chose
    /// `action` rather than any other of its legal actions: false for a secret choice
    /// (a hidden bid, a face-down card). Call it before [`play`](Table::play).
    pub fn is_visible_to(&self, observer: Observer, seat: Seat, action: G::Action) -> bool {
        if observer == Observer::Seat(seat) {
            return true;
        }
        let mut actions = Vec::new();
        self.state.legal_actions(seat, &mut actions);
        let after = |a: G::Action| {
            let mut state = self.state.clone();
            state.apply(seat, a).ok().map(|_| state.view(observer))
        };
        let Some(chosen) = after(action) else { return false };
        actions.iter().filter(|&&a| a != action).all(|&a| after(a).is_none_or(|view| view != chosen))
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
    /// only with `may_wait`).
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

    /// Plays an action the game listed as legal; a refusal is the game's contract violation.
    pub fn play_listed(&mut self, seat: Seat, action: G::Action) -> Result<(), DriverError> {
        let step = self.record.steps.len();
        self.play(seat, action).map_err(|e| DriverError::Refused {
            step,
            seat,
            action: action.to_string(),
            reason: e.to_string(),
        })
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Finished<G: Game> {
    /// Everything needed to replay it.
    pub record: Record<G>,
    /// Its result.
    pub outcome: Outcome,
}

/// Plays a whole game, `bots[k]` playing seat `k`.
pub fn play_game<G: Game>(
    config: &G::Config,
    seed: u64,
    bots: &mut [Box<dyn Bot<G>>],
) -> Result<Finished<G>, DriverError> {
    let mut table = Table::<G>::new(config, seed).map_err(|e| DriverError::Config(e.to_string()))?;
    if bots.len() != table.seat_count() {
        return Err(DriverError::BotCount { seats: table.seat_count(), bots: bots.len() });
    }
    let bound = G::max_actions(config);
    while !table.is_over() {
        if table.record.steps.len() as u64 >= bound {
            return Err(DriverError::TooLong(bound));
        }
        let order = table.asking_order();
        let step = table.record.steps.len();
        let mut acted = false;
        for &seat in &order {
            let bot = bots.get_mut(seat.index()).ok_or(DriverError::NoAction { step, seat })?;
            if table.ask_bot(seat, bot.as_mut(), order.len() > 1)?.is_some() {
                acted = true;
                break;
            }
        }
        if !acted {
            let seat = table.seat_to_force(&order).ok_or(DriverError::NoOutcome)?;
            let bot = bots.get_mut(seat.index()).ok_or(DriverError::NoAction { step, seat })?;
            table.ask_bot(seat, bot.as_mut(), false)?;
        }
    }
    let outcome = table.outcome().ok_or(DriverError::NoOutcome)?;
    Ok(Finished { record: table.record, outcome })
}
