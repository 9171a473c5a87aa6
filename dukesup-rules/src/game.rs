//! The [`Game`] implementation.

use duke_core::{Game, InvalidState, Observer, Outcome, Seat, SeatSet};
use serde::{Deserialize, Serialize};

use crate::actions::{Action, ActionError, Sink};
use crate::config::{Config, ConfigError};
use crate::events::Event;
use crate::position::{Setup, SetupError};
use crate::state::{Phase, Position};
use crate::undo::Undo;
use crate::view::View;
use crate::{scoring, setup, turn};

/// A validated game of Dukes Up!: build one with [`Game::new`] (a new game from a seed) or
/// [`DukesUp::from_setup`] (any position).
///
/// Serialised (serde) as its [`Setup`]: the documented position, checked on load, so a
/// tampered state is an error, never a later panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Setup", into = "Setup")]
pub struct DukesUp(pub(crate) Position);

impl DukesUp {
    /// The step the game is in.
    pub fn phase(&self) -> Phase {
        self.0.phase
    }

    /// The cards `seat` counts now ("Scoring"): its cards on the table, its DUKES and its
    /// CASTLE in place, one each.
    pub fn round_score(&self, seat: Seat) -> u32 {
        scoring::round_score(&self.0, seat)
    }

    /// Why `seat` may not play `action` now, or `Ok`.
    pub fn check(&self, seat: Seat, action: Action) -> Result<(), ActionError> {
        let pos = &self.0;
        let illegal = |why| ActionError::Illegal { action, why };
        if pos.phase == Phase::Over {
            return Err(ActionError::GameOver);
        }
        if !self.to_act().contains(seat) {
            return Err(ActionError::NotYourTurn(seat));
        }
        match (pos.phase, action) {
            (Phase::Choosing, Action::Choose { castle, dukes }) => {
                setup::check_choose(pos, seat, castle, dukes).map_err(illegal)
            }
            (Phase::Draw, Action::Draw { source, count }) => {
                if turn::draw_allowed(pos, source, count) {
                    Ok(())
                } else {
                    Err(illegal("up to 2 cards from one pile, never above 4 in hand"))
                }
            }
            (Phase::Play, Action::Choose { .. } | Action::Draw { .. })
            | (Phase::Choosing | Phase::Draw, _)
            | (Phase::Over, _) => Err(ActionError::WrongStep(action)),
            (Phase::Play, _) => turn::check_play(pos, action).map_err(illegal),
        }
    }

    /// Writes `seat`'s legal actions into `out` (nothing for a seat that may not act): the
    /// engine's list ([`Game::legal_actions`]) or a learning mask, from the same move
    /// generation.
    #[inline]
    pub(crate) fn list<S: Sink>(&self, seat: Seat, out: &mut S) {
        if !self.to_act().contains(seat) {
            return;
        }
        let pos = &self.0;
        match pos.phase {
            Phase::Choosing => setup::choose_candidates(pos, seat, out),
            Phase::Draw => turn::draw_candidates(pos, out),
            Phase::Play => turn::play_actions(pos, out),
            Phase::Over => {}
        }
    }
}

impl Game for DukesUp {
    type Config = Config;
    type Action = Action;
    type Undo = Undo;
    type View = View;
    type Event = Event;
    type ConfigError = ConfigError;
    type ActionError = ActionError;

    const NAME: &'static str = "dukesup";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    type Setup = Setup;
    type SetupError = SetupError;

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        DukesUp::from_setup(setup)
    }

    fn to_setup(&self) -> Setup {
        DukesUp::to_setup(self)
    }

    fn new(config: &Config, seed: u64) -> Result<DukesUp, ConfigError> {
        config.check()?;
        Ok(DukesUp(setup::new_game(*config, seed)))
    }

    fn config(&self) -> Config {
        self.0.config
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn to_act(&self) -> SeatSet {
        let pos = &self.0;
        match pos.phase {
            Phase::Choosing => {
                [Seat(0), Seat(1)].into_iter().filter(|s| !pos.chosen.get(s.index()).copied().unwrap_or(true)).collect()
            }
            Phase::Draw | Phase::Play => SeatSet::single(pos.current),
            Phase::Over => SeatSet::EMPTY,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        self.list(seat, out);
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<Undo, ActionError> {
        self.check(seat, action)?;
        // Built as the result itself, so that the record is not copied once more on return.
        let before = Ok(Undo::save(&self.0));
        let pos = &mut self.0;
        match action {
            Action::Choose { castle, dukes } => setup::apply_choose(pos, seat, castle, dukes),
            Action::Draw { source, count } => turn::apply_draw(pos, source, count),
            _ => turn::apply_play(pos, action),
        }
        before
    }

    /// The full notation for the acting seat; for the others, a choice of CASTLE and DUKES
    /// and a discard from the hand are face down ("Setup", "Discarding"): see [`Event`].
    fn seen_action(&self, seat: Seat, action: Action, observer: Observer) -> Event {
        crate::events::seen_action(&self.0, seat, action, observer)
    }

    /// See [`Event`] for what each observer is told.
    fn events(before: &DukesUp, seat: Seat, action: Action, after: &DukesUp, observer: Observer, out: &mut Vec<Event>) {
        crate::events::events(&before.0, seat, action, &after.0, observer, out);
    }

    /// The first round's start: the round and who goes first, then the deal (Setup 3), each
    /// seat's four cards for itself only.
    fn opening_events(&self, observer: Observer, out: &mut Vec<Event>) {
        out.clear();
        if !self.is_over() {
            crate::events::push_round_start(&self.0, observer, out);
        }
    }

    fn undo(&mut self, undo: Undo) {
        undo.restore(&mut self.0);
    }

    fn outcome(&self) -> Option<Outcome> {
        scoring::outcome(&self.0)
    }

    fn running_scores(&self) -> Vec<i64> {
        scoring::running_scores(&self.0).to_vec()
    }

    fn view(&self, observer: Observer) -> View {
        crate::view::view(&self.0, observer)
    }

    fn determinize(&self, seat: Seat, seed: u64) -> DukesUp {
        DukesUp(crate::determinize::determinize(&self.0, seat, seed))
    }

    fn validate(&self) -> Result<(), InvalidState> {
        self.0.validate()
    }

    /// Per round: 2 choices, then per turn at most 1 draw, 10 plays (6 hand cards, 2
    /// opponent's DUKES, 2 CASTLES), 2 DUKE changes, THE MOVE, its return and the discard or
    /// end: 17. Without a turn limit there is no bound (`u64::MAX`).
    fn max_actions(config: &Config) -> u64 {
        match config.turn_limit {
            Some(limit) => u64::from(config.rounds) * (2 + u64::from(limit) * 17),
            None => u64::MAX,
        }
    }

    /// The seat's visible card count minus the opponent's, plus the points of finished rounds:
    /// material on the table and in place, as the seat sees it.
    fn evaluate(view: &View, seat: Seat) -> f64 {
        let opp = crate::state::other(seat);
        let now = f64::from(view.visible_score(seat)) - f64::from(view.visible_score(opp));
        let pts = |s: Seat| f64::from(view.points.get(s.index()).copied().unwrap_or(0));
        now + pts(seat) - pts(opp)
    }
}

duke_core::impl_vocabulary!(config: Config, error: ConfigError, setup: Setup, seats: |_config| 2);
