//! The conformance suite on the demonstration game, and on deliberately broken variants of
//! it, each of which the suite must catch.

use duke_core::testing::toy::{
    HighCard, HighCardAction, HighCardConfig, HighCardConfigError, HighCardError, HighCardEvent, HighCardView,
};
use duke_core::testing::{Failure, Settings, run};
use duke_core::{Game, InvalidState, Observer, Outcome, Record, Seat, SeatSet};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

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

/// Which contract a [`Broken`] game breaks.
const UNDO_FORGETS_GENERATOR: u8 = 1;
const VIEW_LEAKS_HIDDEN_CARD: u8 = 2;
const MUTATES_BEFORE_REJECTING: u8 = 3;
const LISTS_ACTIONS_FOR_IDLE_SEATS: u8 = 5;
const EVENTS_LEAK_DEALT_CARDS: u8 = 6;
const EVENTS_HIDE_OWN_DRAW: u8 = 7;
const SEEN_ACTION_NOT_FIRST: u8 = 8;

/// High Card with one deliberate bug; the second field counts refused actions (bug 3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Broken<const BUG: u8>(HighCard, u32);

impl<const BUG: u8> Game for Broken<BUG> {
    type Config = HighCardConfig;
    type Action = HighCardAction;
    type Undo = HighCard;
    type View = HighCardView;
    type Event = HighCardEvent;
    type ConfigError = HighCardConfigError;
    type ActionError = HighCardError;
    const NAME: &'static str = "broken-highcard";
    const VERSION: &'static str = HighCard::VERSION;
    fn rulebook_config(players: Option<u8>) -> Result<HighCardConfig, HighCardConfigError> {
        HighCard::rulebook_config(players)
    }
    fn bounded_config(players: Option<u8>) -> Result<HighCardConfig, HighCardConfigError> {
        HighCard::bounded_config(players)
    }

    fn new(config: &HighCardConfig, seed: u64) -> Result<Self, HighCardConfigError> {
        HighCard::new(config, seed).map(|g| Broken(g, 0))
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
    fn legal_actions(&self, seat: Seat, out: &mut Vec<HighCardAction>) {
        self.0.legal_actions(seat, out);
        if BUG == LISTS_ACTIONS_FOR_IDLE_SEATS && out.is_empty() && !self.0.is_over() {
            out.push(HighCardAction::Keep);
        }
    }
    fn apply(&mut self, seat: Seat, action: HighCardAction) -> Result<HighCard, HighCardError> {
        let result = self.0.apply(seat, action);
        if BUG == MUTATES_BEFORE_REJECTING && result.is_err() {
            self.1 += 1;
        }
        result
    }
    fn seen_action(&self, seat: Seat, action: HighCardAction, observer: Observer) -> HighCardEvent {
        self.0.seen_action(seat, action, observer)
    }
    fn events(
        before: &Self,
        seat: Seat,
        action: HighCardAction,
        after: &Self,
        observer: Observer,
        out: &mut Vec<HighCardEvent>,
    ) {
        HighCard::events(&before.0, seat, action, &after.0, observer, out);
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
        Broken(self.0.determinize(seat, seed), self.1)
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

#[test]
fn catches_an_undo_that_forgets_the_generator() {
    caught::<Broken<UNDO_FORGETS_GENERATOR>>("does not restore the state");
}

#[test]
fn catches_a_view_that_leaks_a_hidden_card() {
    caught::<Broken<VIEW_LEAKS_HIDDEN_CARD>>("changes P");
}

#[test]
fn catches_an_apply_that_mutates_before_rejecting() {
    caught::<Broken<MUTATES_BEFORE_REJECTING>>("changed the state");
}

#[test]
fn catches_actions_listed_for_seats_that_may_not_act() {
    caught::<Broken<LISTS_ACTIONS_FOR_IDLE_SEATS>>("is not in to_act but has legal actions");
}

#[test]
fn catches_events_that_leak_hidden_cards() {
    caught::<Broken<EVENTS_LEAK_DEALT_CARDS>>("leak:");
}

#[test]
fn catches_events_that_miss_what_the_view_shows() {
    caught::<Broken<EVENTS_HIDE_OWN_DRAW>>("incomplete events");
}

#[test]
fn catches_events_that_do_not_start_with_the_seen_action() {
    caught::<Broken<SEEN_ACTION_NOT_FIRST>>("must be seen_action");
}

/// Like High Card, but its actions print in a notation that does not read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Mumble(HighCardAction);

impl std::fmt::Display for Mumble {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}!", self.0)
    }
}

impl std::str::FromStr for Mumble {
    type Err = duke_core::NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(Mumble)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Mumbling(HighCard);

impl Game for Mumbling {
    type Config = HighCardConfig;
    type Action = Mumble;
    type Undo = HighCard;
    type View = HighCardView;
    type Event = HighCardEvent;
    type ConfigError = HighCardConfigError;
    type ActionError = HighCardError;
    const NAME: &'static str = "mumbling-highcard";
    const VERSION: &'static str = HighCard::VERSION;
    fn rulebook_config(players: Option<u8>) -> Result<HighCardConfig, HighCardConfigError> {
        HighCard::rulebook_config(players)
    }
    fn bounded_config(players: Option<u8>) -> Result<HighCardConfig, HighCardConfigError> {
        HighCard::bounded_config(players)
    }
    fn new(config: &HighCardConfig, seed: u64) -> Result<Self, HighCardConfigError> {
        HighCard::new(config, seed).map(Mumbling)
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
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Mumble>) {
        let mut inner = Vec::new();
        self.0.legal_actions(seat, &mut inner);
        out.clear();
        out.extend(inner.into_iter().map(Mumble));
    }
    fn apply(&mut self, seat: Seat, action: Mumble) -> Result<HighCard, HighCardError> {
        self.0.apply(seat, action.0)
    }
    fn seen_action(&self, seat: Seat, action: Mumble, observer: Observer) -> HighCardEvent {
        self.0.seen_action(seat, action.0, observer)
    }
    fn events(
        before: &Self,
        seat: Seat,
        action: Mumble,
        after: &Self,
        observer: Observer,
        out: &mut Vec<HighCardEvent>,
    ) {
        HighCard::events(&before.0, seat, action.0, &after.0, observer, out);
    }
    fn undo(&mut self, undo: HighCard) {
        self.0.undo(undo);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn running_scores(&self) -> Vec<i64> {
        self.0.running_scores()
    }
    fn view(&self, observer: Observer) -> HighCardView {
        self.0.view(observer)
    }
    fn determinize(&self, seat: Seat, seed: u64) -> Self {
        Mumbling(self.0.determinize(seat, seed))
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

#[test]
fn catches_a_notation_that_does_not_round_trip() {
    caught::<Mumbling>("does not read back");
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
