//! The vocabulary check ([`check_vocabulary`]) on the demonstration game, and on a variant
//! whose set-up forgets the position, which it must catch.

use duke_core::testing::toy::{
    HighCard, HighCardAction, HighCardConfig, HighCardConfigError, HighCardError, HighCardEvent, HighCardSetup,
    HighCardSetupError, HighCardView,
};
use duke_core::testing::vocabulary::check_vocabulary;
use duke_core::testing::{Failure, Settings};
use duke_core::{Game, GameSetup, InvalidState, Observer, Outcome, Seat, SeatSet};
use serde::{Deserialize, Serialize};

fn settings() -> Settings {
    Settings { cases: 32, ..Settings::default() }
}

#[test]
fn the_demonstration_game_speaks_the_vocabulary_for_every_seat_count() -> Result<(), Failure> {
    for players in [None, Some(2), Some(3), Some(4)] {
        check_vocabulary::<HighCard>(players, &settings())?;
    }
    Ok(())
}

#[test]
fn a_seat_count_the_game_does_not_take_is_a_failure_not_a_panic() {
    let failure = check_vocabulary::<HighCard>(Some(5), &settings()).unwrap_err();
    assert!(failure.message.contains("Config::rulebook(Some(5)) is refused"), "{failure}");
}

/// High Card whose `to_setup` forgets the position: only the config and the seed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct ForgetfulSetup(HighCard);

impl Game for ForgetfulSetup {
    type Config = HighCardConfig;
    type Action = HighCardAction;
    type Undo = HighCard;
    type View = HighCardView;
    type Event = HighCardEvent;
    type ConfigError = HighCardConfigError;
    type ActionError = HighCardError;
    type Setup = HighCardSetup;
    type SetupError = HighCardSetupError;
    const NAME: &'static str = "forgetful-highcard";
    const VERSION: &'static str = HighCard::VERSION;
    fn new(config: &HighCardConfig, seed: u64) -> Result<Self, HighCardConfigError> {
        HighCard::new(config, seed).map(ForgetfulSetup)
    }
    fn from_setup(setup: &HighCardSetup) -> Result<Self, HighCardSetupError> {
        HighCard::from_setup(setup).map(ForgetfulSetup)
    }
    fn to_setup(&self) -> HighCardSetup {
        HighCardSetup::new(self.0.config()).with_seed(self.0.to_setup().seed)
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
    }
    fn apply(&mut self, seat: Seat, action: HighCardAction) -> Result<HighCard, HighCardError> {
        self.0.apply(seat, action)
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
        ForgetfulSetup(self.0.determinize(seat, seed))
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
fn catches_a_set_up_that_forgets_the_position() {
    let failure = check_vocabulary::<ForgetfulSetup>(None, &settings()).unwrap_err();
    assert!(failure.message.contains("at step 1: from_setup(&to_setup()) is another state"), "{failure}");
    assert!(failure.message.contains("first difference (JSON path: one / the other) $."), "{failure}");
    assert!(failure.message.contains("minimal record (JSON)"), "{failure}");
}
