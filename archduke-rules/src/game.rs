//! The [`Game`] implementation.

use duke_core::{Game, InvalidState, Observer, Outcome, Seat, SeatSet};

use crate::config::{Config, ConfigError, Scoring};
use crate::events::Event;
use crate::notation::Action;
use crate::setup::{Setup, SetupError};
use crate::state::{Archduke, Phase};
use crate::undo::Undo;
use crate::view::{View, expected_hand};

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The action is not among the seat's legal actions now.
    #[error("{seat} may not play {action} now")]
    Illegal {
        /// Who tried.
        seat: Seat,
        /// What.
        action: Action,
    },
}

impl Archduke {
    /// Upper bound on the actions of one round (see [`Game::max_actions`]).
    fn round_bound(config: &Config) -> Option<u64> {
        let rules = config.compile().ok()?;
        let turns = u64::from(rules.turn_limit?);
        let cards = u64::from(rules.total_cards());
        let players = u64::from(rules.players);
        // In one window: each failed match takes a card from the draw pile, and once the
        // discard pile is reshuffled nothing can be matched until the next discard, so at most
        // `cards` failures; each success empties a grid position (at most `2 * cards`); each
        // pending action card takes one resolution. Then draw, keep/discard, call.
        let window = 5 * cards + 2;
        Some(players + (turns + 1) * (window + 3) + 1)
    }
}

impl Game for Archduke {
    type Config = Config;
    type Action = Action;
    type Undo = Undo;
    type View = View;
    type Event = Event;
    type ConfigError = ConfigError;
    type ActionError = ActionError;

    const NAME: &'static str = "archduke";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    type Setup = Setup;
    type SetupError = SetupError;

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        Archduke::from_setup(setup)
    }

    fn to_setup(&self) -> Setup {
        Archduke::to_setup(self)
    }

    fn new(config: &Config, seed: u64) -> Result<Archduke, ConfigError> {
        Archduke::setup(config, seed)
    }

    fn config(&self) -> Config {
        self.rules.to_config()
    }

    fn seat_count(&self) -> usize {
        self.players()
    }

    fn to_act(&self) -> SeatSet {
        self.seats_to_act()
    }

    fn awaited(&self) -> SeatSet {
        self.seats_awaited()
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.generate(seat, out);
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<Undo, ActionError> {
        // The record is written straight into the result: `Undo` is large (see `undo.rs`)
        // and every caller of `apply` moves it once more.
        let undo = self.undo_record(seat, action);
        if undo.is_ok() {
            self.play(seat, action);
        }
        undo
    }

    fn seen_action(&self, seat: Seat, action: Action, observer: Observer) -> Event {
        self.seen(seat, action, observer)
    }

    fn events(
        before: &Archduke,
        seat: Seat,
        action: Action,
        after: &Archduke,
        observer: Observer,
        out: &mut Vec<Event>,
    ) {
        Archduke::witness(before, seat, action, after, observer, out);
    }

    /// The first round's start (rulebook, "Start of round"): the round, its dealer and first
    /// player; the dealer's first card if it is already face up.
    fn opening_events(&self, observer: Observer, out: &mut Vec<Event>) {
        self.opening(observer, out);
    }

    fn undo(&mut self, undo: Undo) {
        self.restore(&undo);
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| self.final_outcome())
    }

    fn running_scores(&self) -> Vec<i64> {
        self.scores()
    }

    fn view(&self, observer: Observer) -> View {
        self.make_view(observer)
    }

    fn determinize(&self, seat: Seat, seed: u64) -> Archduke {
        self.redeal_unseen(seat, seed)
    }

    /// The checks of [`Archduke::from_setup`] (see [`Setup`](crate::Setup)), whose typed
    /// error is given as text.
    fn validate(&self) -> Result<(), InvalidState> {
        self.check().map_err(|e| InvalidState::new(e.to_string()))
    }

    /// Finite only with a [`Config::turn_limit`] and a bounded number of rounds (the box
    /// scorings, a fixed number of rounds, or a [`Config::round_limit`]); `u64::MAX` otherwise,
    /// since players may in principle keep drawing and discarding forever.
    fn max_actions(config: &Config) -> u64 {
        let Ok(rules) = config.compile() else { return 0 };
        match (Archduke::round_bound(config), rules.max_rounds()) {
            (Some(per_round), Some(rounds)) => per_round.saturating_mul(rounds),
            _ => u64::MAX,
        }
    }

    /// Minus the seat's expected hand value from its view (known cards at face value, each
    /// unknown card of its grid at the mean value of the cards the seat has not seen: the
    /// standard deck minus every face the view shows), minus its standing from the rounds
    /// already scored in the same units: points as they are (online scoring), each token
    /// (box scoring) or round survived (Battle Royal, in the seat's favour) as one card of
    /// the deck's mean value. A seat out of the game is worse than any seat still in.
    /// Higher is better.
    ///
    /// The standing matters to any bot that compares positions across a round's end (a
    /// search that plays past a call of "Archduke!"): without it, a new deal looks the same
    /// for everyone whatever the last round scored.
    fn evaluate(view: &View, seat: Seat) -> f64 {
        // Hand points by which a seat that is out trails every seat still in.
        const OUT: f64 = 1000.0;
        let copies: f64 = view.deck.iter().map(|e| f64::from(e.copies)).sum();
        let total: f64 = view.deck.iter().map(|e| f64::from(e.value) * f64::from(e.copies)).sum();
        let card = if copies > 0.0 { total / copies } else { 0.0 };
        let score = f64::from(view.scores.get(seat.index()).copied().unwrap_or(0));
        let standing = match view.scoring {
            Scoring::Tokens { .. } => score * card,
            Scoring::Points { .. } => score,
            Scoring::BattleRoyal => -score * card,
        };
        let out = if view.active.contains(seat) { 0.0 } else { OUT };
        -(expected_hand(view, seat) + standing + out)
    }
}

duke_core::impl_vocabulary!(config: Config, error: ConfigError, setup: Setup, seats: |config| usize::from(config.players));
