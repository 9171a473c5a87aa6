//! The conformance suite on the demonstration game, and on deliberately broken variants of
//! it, each of which the suite must catch.

use duke_core::testing::toy::{
    HighCard, HighCardAction, HighCardConfig, HighCardConfigError, HighCardError, HighCardEvent, HighCardSetup,
    HighCardSetupError, HighCardView,
};
use duke_core::testing::{Failure, Settings, run};
use duke_core::{Game, InvalidState, NotationError, Observer, Outcome, Record, Seat, SeatSet};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;
use std::str::FromStr;

fn configs() -> impl Strategy<Value = HighCardConfig> {
    (2u8..=4, 1u8..=5).prop_map(|(players, rounds)| HighCardConfig { players, rounds })
}

fn settings() -> Settings {
    Settings { cases: 48, ..Settings::default() }
}

#[test]
fn the_demonstration_game_conforms() -> Result<(), Failure> {
    run::<HighCard>(configs(), &settings())
}

/// Which contract a [`Broken`] game breaks (besides what its action type breaks).
const NO_BUG: u8 = 0;
const UNDO_FORGETS_GENERATOR: u8 = 1;
const VIEW_LEAKS_HIDDEN_CARD: u8 = 2;
const MUTATES_BEFORE_REJECTING: u8 = 3;
const LISTS_ACTIONS_FOR_IDLE_SEATS: u8 = 5;
const EVENTS_LEAK_DEALT_CARDS: u8 = 6;
const EVENTS_HIDE_OWN_DRAW: u8 = 7;
const SEEN_ACTION_NOT_FIRST: u8 = 8;
const OPENING_LEAKS_DEALT_CARDS: u8 = 9;
const OPENING_MISSES_OWN_CARD: u8 = 10;

/// An action type over High Card's: its own, or one whose notation is broken.
trait Wrapped:
    Copy + Eq + Hash + fmt::Debug + fmt::Display + FromStr<Err = NotationError> + Serialize + DeserializeOwned + Send + Sync
{
    fn wrap(action: HighCardAction) -> Self;
    fn inner(self) -> HighCardAction;
}

impl Wrapped for HighCardAction {
    fn wrap(action: HighCardAction) -> Self {
        action
    }
    fn inner(self) -> HighCardAction {
        self
    }
}

/// Like High Card's actions, but printed in a notation that does not read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Mumble(HighCardAction);

impl fmt::Display for Mumble {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}!", self.0)
    }
}

impl FromStr for Mumble {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(Mumble)
    }
}

/// High Card's actions, read by a parser whose errors name only the last word given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Partial(HighCardAction);

impl fmt::Display for Partial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Partial {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let last = s.split_whitespace().last().unwrap_or_default();
        s.parse().map(Partial).map_err(|e: NotationError| NotationError::new(last, e.reason))
    }
}

impl Wrapped for Partial {
    fn wrap(action: HighCardAction) -> Self {
        Partial(action)
    }
    fn inner(self) -> HighCardAction {
        self.0
    }
}

impl Wrapped for Mumble {
    fn wrap(action: HighCardAction) -> Self {
        Mumble(action)
    }
    fn inner(self) -> HighCardAction {
        self.0
    }
}

/// High Card with one deliberate bug (or with actions of type `A`, whose notation may be
/// broken); the second field counts refused actions (bug 3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Broken<const BUG: u8, A = HighCardAction>(HighCard, u32, PhantomData<A>);

impl<const BUG: u8, A: Wrapped + 'static> Game for Broken<BUG, A> {
    type Config = HighCardConfig;
    type Action = A;
    type Undo = HighCard;
    type View = HighCardView;
    type Event = HighCardEvent;
    type ConfigError = HighCardConfigError;
    type ActionError = HighCardError;
    const NAME: &'static str = "broken-highcard";
    const VERSION: &'static str = HighCard::VERSION;
    type Setup = HighCardSetup;
    type SetupError = HighCardSetupError;
    fn from_setup(setup: &HighCardSetup) -> Result<Self, HighCardSetupError> {
        HighCard::from_setup(setup).map(|g| Broken(g, 0, PhantomData))
    }
    fn to_setup(&self) -> HighCardSetup {
        self.0.to_setup()
    }

    fn new(config: &HighCardConfig, seed: u64) -> Result<Self, HighCardConfigError> {
        HighCard::new(config, seed).map(|g| Broken(g, 0, PhantomData))
    }
    fn config(&self) -> HighCardConfig {
        self.0.config()
    }
    fn seat_count(&self) -> usize {
        self.0.seat_count()
    }
    fn to_act(&self) -> SeatSet {
        self.0.to_act()
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<A>) {
        let mut inner = Vec::new();
        self.0.legal_actions(seat, &mut inner);
        if BUG == LISTS_ACTIONS_FOR_IDLE_SEATS && inner.is_empty() && !self.0.is_over() {
            inner.push(HighCardAction::Keep);
        }
        out.clear();
        out.extend(inner.into_iter().map(A::wrap));
    }
    fn apply(&mut self, seat: Seat, action: A) -> Result<HighCard, HighCardError> {
        let result = self.0.apply(seat, action.inner());
        if BUG == MUTATES_BEFORE_REJECTING && result.is_err() {
            self.1 += 1;
        }
        result
    }
    fn seen_action(&self, seat: Seat, action: A, observer: Observer) -> HighCardEvent {
        self.0.seen_action(seat, action.inner(), observer)
    }
    fn events(before: &Self, seat: Seat, action: A, after: &Self, observer: Observer, out: &mut Vec<HighCardEvent>) {
        HighCard::events(&before.0, seat, action.inner(), &after.0, observer, out);
        for event in out.iter_mut() {
            match event {
                HighCardEvent::Dealt { seat, card } if BUG == EVENTS_LEAK_DEALT_CARDS => *card = after.0.card_of(*seat),
                HighCardEvent::Drew { card, .. } if BUG == EVENTS_HIDE_OWN_DRAW => *card = None,
                _ => {}
            }
        }
        if BUG == SEEN_ACTION_NOT_FIRST {
            out.rotate_left(1);
        }
    }
    fn opening_events(&self, observer: Observer, out: &mut Vec<HighCardEvent>) {
        self.0.opening_events(observer, out);
        for event in out.iter_mut() {
            if let HighCardEvent::Dealt { seat, card } = event {
                match BUG {
                    OPENING_LEAKS_DEALT_CARDS => *card = self.0.card_of(*seat),
                    OPENING_MISSES_OWN_CARD => *card = None,
                    _ => {}
                }
            }
        }
    }
    fn undo(&mut self, undo: HighCard) {
        let generator = *self.0.generator_mut();
        self.0.undo(undo);
        if BUG == UNDO_FORGETS_GENERATOR {
            *self.0.generator_mut() = generator;
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn running_scores(&self) -> Vec<i64> {
        self.0.running_scores()
    }
    fn view(&self, observer: Observer) -> HighCardView {
        let mut view = self.0.view(observer);
        if BUG == VIEW_LEAKS_HIDDEN_CARD {
            for (i, hand) in view.hands.iter_mut().enumerate() {
                *hand = self.0.card_of(Seat(i as u8));
            }
        }
        view
    }
    fn determinize(&self, seat: Seat, seed: u64) -> Self {
        Broken(self.0.determinize(seat, seed), self.1, PhantomData)
    }
    fn validate(&self) -> Result<(), InvalidState> {
        self.0.validate()
    }
    fn max_actions(config: &HighCardConfig) -> u64 {
        HighCard::max_actions(config)
    }
    fn evaluate(view: &HighCardView, seat: Seat) -> f64 {
        HighCard::evaluate(view, seat)
    }
}

fn caught<G: Game<Config = HighCardConfig>>(expected: &str) {
    match run::<G>(configs(), &settings()) {
        Ok(()) => panic!("the suite missed a broken game (expected a failure mentioning {expected:?})"),
        Err(failure) => {
            assert!(failure.message.contains(expected), "unexpected failure:\n{failure}");
            assert!(failure.message.contains("minimal record (JSON)"), "no printable record:\n{failure}");
        }
    }
}

/// One test per broken game: the suite must fail it with a message containing the text.
macro_rules! catches {
    ($($test:ident: $game:ty => $expected:literal;)*) => {
        $(
            #[test]
            fn $test() {
                caught::<$game>($expected);
            }
        )*
    };
}

catches! {
    // (Caught by the undo of a played action or of a tampered state's, whichever the seed meets first.)
    catches_an_undo_that_forgets_the_generator: Broken<UNDO_FORGETS_GENERATOR> => "does not restore";
    catches_a_view_that_leaks_a_hidden_card: Broken<VIEW_LEAKS_HIDDEN_CARD> => "changes P";
    catches_an_apply_that_mutates_before_rejecting: Broken<MUTATES_BEFORE_REJECTING> => "changed the state";
    catches_actions_listed_for_seats_that_may_not_act: Broken<LISTS_ACTIONS_FOR_IDLE_SEATS> => "is not in to_act but has legal actions";
    catches_events_that_leak_hidden_cards: Broken<EVENTS_LEAK_DEALT_CARDS> => "leak:";
    catches_events_that_miss_what_the_view_shows: Broken<EVENTS_HIDE_OWN_DRAW> => "incomplete events";
    catches_events_that_do_not_start_with_the_seen_action: Broken<SEEN_ACTION_NOT_FIRST> => "must be seen_action";
    catches_opening_events_that_leak_hidden_cards: Broken<OPENING_LEAKS_DEALT_CARDS> => "leak at the start";
    catches_opening_events_that_miss_what_the_view_shows: Broken<OPENING_MISSES_OWN_CARD> => "incomplete opening events";
    catches_a_notation_that_does_not_round_trip: Broken<NO_BUG, Mumble> => "does not read back";
    catches_a_notation_error_that_names_part_of_the_input: Broken<NO_BUG, Partial> => "names \"]\" as its input";
}

#[test]
fn records_replay_and_name_the_first_bad_step() {
    let config = HighCardConfig::default();
    let mut record: Record<HighCard> = Record::new(config, 11);
    let mut game = HighCard::new(&config, 11).unwrap();
    for _ in 0..3 {
        let seat = game.to_act().first().unwrap();
        game.apply(seat, HighCardAction::Redraw).unwrap();
        record.push(seat, HighCardAction::Redraw);
    }
    assert_eq!(record.replay().unwrap(), game);
    record.push(Seat(3), HighCardAction::Keep);
    let err = record.replay().unwrap_err();
    assert!(matches!(err, duke_core::ReplayError::Step { index: 3, seat: Seat(3), .. }), "{err}");
    assert!(err.to_string().contains("step 3"));
    let mut other = record.clone();
    other.game = "chess".into();
    assert!(matches!(other.replay(), Err(duke_core::ReplayError::WrongGame { .. })));
}

#[test]
fn tampered_states_are_refused_by_deserialisation() {
    let game = HighCard::new(&HighCardConfig::default(), 5).unwrap();
    let mut value = serde_json::to_value(game).unwrap();
    value["deck_len"] = serde_json::json!(200);
    assert!(serde_json::from_value::<HighCard>(value).is_err());
    let mut dup = serde_json::to_value(game).unwrap();
    dup["hands"][0] = dup["hands"][1].clone();
    assert!(serde_json::from_value::<HighCard>(dup).is_err());
}

#[test]
fn bad_configs_are_typed_errors() {
    assert_eq!(HighCard::new(&HighCardConfig { players: 1, rounds: 1 }, 0), Err(HighCardConfigError::Players(1)));
    assert_eq!(HighCard::new(&HighCardConfig { players: 2, rounds: 0 }, 0), Err(HighCardConfigError::Rounds(0)));
}

#[test]
fn the_same_seed_and_actions_give_the_same_game() {
    let config = HighCardConfig { players: 3, rounds: 2 };
    let play = |seed| {
        let mut game = HighCard::new(&config, seed).unwrap();
        while let Some(seat) = game.to_act().first() {
            game.apply(seat, HighCardAction::Redraw).unwrap();
        }
        game
    };
    assert_eq!(play(9), play(9));
    assert_ne!(play(9), play(10));
}

/// A view read back from JSON with the largest round prints instead of overflowing.
#[test]
fn a_deserialised_view_with_the_last_round_number_prints() {
    let game = HighCard::new(&HighCardConfig::default(), 1).unwrap();
    let mut value = serde_json::to_value(game.view(Observer::Spectator)).unwrap();
    value["round"] = serde_json::json!(255);
    let view: HighCardView = serde_json::from_value(value).unwrap();
    assert!(view.to_string().starts_with("round 256 "));
}
