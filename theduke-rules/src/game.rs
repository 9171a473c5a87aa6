//! The duke-core [`Game`] contract for [`Duke`].

use duke_core::{Game, GameRng, InvalidState, Observer, Outcome, Seat, SeatSet};

use crate::actions::Action;
use crate::config::{Config, ConfigError};
use crate::events::Event;
use crate::movegen::Lister;
use crate::position::{Setup, SetupError};
use crate::source::{Packed, TileSource};
use crate::state::{Duke, Phase};
use crate::turn::ActionError;
use crate::view::View;

impl<S: TileSource> Game for Duke<S> {
    type Config = Config;
    type Action = Action;
    /// The state before the action: the state is a small `Copy` value, so the previous
    /// state is the cheapest exact undo record.
    type Undo = Duke<S>;
    type View = View;
    /// The same for every observer (everything in The Duke is public once it happens), but
    /// the tiles of a Divination in Expanded play, seen by the diviner only.
    type Event = Event;
    type ConfigError = ConfigError;
    type ActionError = ActionError;

    const NAME: &'static str = "theduke";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    type Setup = Setup;
    type SetupError = SetupError;

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        Duke::<S>::from_setup(setup)
    }

    fn to_setup(&self) -> Setup {
        Duke::<S>::to_setup(self)
    }

    fn new(config: &Config, seed: u64) -> Result<Self, ConfigError> {
        Duke::with_config(config, seed)
    }

    fn config(&self) -> Config {
        Duke::config(self)
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn to_act(&self) -> SeatSet {
        match self.phase {
            Phase::Over(_) => SeatSet::EMPTY,
            _ => SeatSet::single(Seat(self.to_move)),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if seat.0 != self.to_move || matches!(self.phase, Phase::Over(_)) {
            return;
        }
        self.visit(&mut Lister(out));
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<Duke<S>, ActionError> {
        let before = S::duplicate(self);
        self.play(seat, action)?;
        Ok(before)
    }

    /// Every action is public (see [`Event`]) but a divined tile sent back to the bag,
    /// whose type only the diviner sees.
    fn seen_action(&self, seat: Seat, action: Action, observer: Observer) -> Event {
        self.seen(seat, action, observer)
    }

    /// The action, the tile drawn, the tiles a Divination drew (the diviner only), a capture,
    /// "Guard", the end.
    fn events(before: &Self, seat: Seat, action: Action, after: &Self, observer: Observer, out: &mut Vec<Event>) {
        Duke::step_events(before, seat, action, after, observer, out);
    }

    /// Who acts first in set-up ([`Event::FirstToSetUp`]): the one chance result of
    /// [`new`](Game::new), public (the terrain comes as set-up completes, in that step's
    /// events).
    fn opening_events(&self, _observer: Observer, out: &mut Vec<Event>) {
        out.clear();
        if !self.is_over() {
            out.push(Event::FirstToSetUp { seat: Seat(self.first) });
        }
    }

    fn undo(&mut self, undo: Duke<S>) {
        *self = undo;
    }

    /// Ranks: the winner first; a draw ranks both first. Scores are captured enemy tiles.
    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over(end) = self.phase else { return None };
        let ranks = match end.winner {
            Some(Seat(0)) => vec![1, 2],
            Some(_) => vec![2, 1],
            None => vec![1, 1],
        };
        Some(Outcome::with_ranks(self.running_scores(), ranks))
    }

    /// Tiles of the opponent each seat has captured.
    fn running_scores(&self) -> Vec<i64> {
        let lost = |o: usize| i64::from(self.lost.get(o).map_or(0, |l| l.total()));
        vec![lost(1), lost(0)]
    }

    fn view(&self, observer: Observer) -> View {
        self.view_of(observer)
    }

    /// Nothing is hidden but the generator's future draws and, from the diviner's opponent,
    /// the tiles a Divination drew: determinizing reseeds the generator and, for that
    /// opponent, draws the divined tiles again from the diviner's bag and hand (not with
    /// [`DivinationShown::Everyone`](crate::DivinationShown::Everyone): nothing is hidden).
    fn determinize(&self, seat: Seat, seed: u64) -> Self {
        let mut copy = self.clone();
        copy.rng = GameRng::new(seed);
        if S::EXPANDED
            && !self.sees_divined(Seat(self.to_move), Observer::Seat(seat))
            && matches!(self.phase, Phase::Divine { .. } | Phase::Dismiss { .. })
        {
            copy.redraw_hand();
        }
        copy
    }

    fn validate(&self) -> Result<(), InvalidState> {
        self.check()
    }

    /// Set-up takes 6 actions (and Dynastic Dispute's draft at most 32 before it, or the two
    /// Flags after it) and each turn at most 2 (a draw and its placement), or 4 in Expanded
    /// play (a Divination, the tile kept, two sent back or destroyed; one more for a Flag move
    /// in Counting Coup); without a turn limit no bound exists (`u64::MAX`).
    fn max_actions(config: &Config) -> u64 {
        // Counting Coup: a Flag move after a point may come before a turn.
        let flag_move = u64::from(config.objective == crate::Objective::CountingCoup);
        let per_turn = if config.is_expanded() { 4 + flag_move } else { 2 };
        // Dynastic Dispute drafts up to 32 tile types before set-up; the Flags are placed
        // after it.
        let draft = match config.objective {
            crate::Objective::Standard => 0,
            crate::Objective::CountingCoup | crate::Objective::TrophyHunters => 2,
            // Dark Rider deploys at most 5 tiles, fewer than the draft's bound.
            crate::Objective::DynasticDispute | crate::Objective::DarkRider(_) => 32,
        };
        match config.turn_limit {
            Some(n) => 6 + draft + per_turn * u64::from(n),
            None => u64::MAX,
        }
    }

    /// Material from the view: see [`View::material`].
    fn evaluate(view: &View, seat: Seat) -> f64 {
        view.material(seat)
    }
}

duke_core::impl_vocabulary!(config: Config, error: ConfigError, setup: Setup, seats: |_config| 2);
