//! The tampering and crossbreeding checks on a demonstration game with extra fields of every
//! JSON kind, and on deliberately broken variants of it, each of which the suite must catch
//! only through the kind of damage named in its test.

use duke_core::testing::toy::{
    HighCard, HighCardAction, HighCardConfig, HighCardConfigError, HighCardError, HighCardEvent, HighCardSetup,
    HighCardSetupError, HighCardView,
};
use duke_core::testing::{Settings, run};
use duke_core::{Game, InvalidState, Observer, Outcome, Seat, SeatSet};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

fn configs() -> impl Strategy<Value = HighCardConfig> {
    (2u8..=4, 2u8..=5).prop_map(|(players, rounds)| HighCardConfig { players, rounds })
}

/// Whether the round is the first: an enum field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Stage {
    First,
    Later,
}

/// Fields derived from the game, one of each JSON kind: a boolean, an enum, an option and
/// a list. They change only when a round ends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Extra {
    /// The round is the first.
    first_round: bool,
    /// The same, as an enum.
    stage: Stage,
    /// `None` in the first round, then the round number.
    round: Option<u8>,
    /// Rounds won per seat.
    wins: Vec<u8>,
}

impl Extra {
    fn of(game: &HighCard) -> Extra {
        let view = game.view(Observer::Spectator);
        let first = view.round == 0;
        Extra {
            first_round: first,
            stage: if first { Stage::First } else { Stage::Later },
            round: (!first).then_some(view.round),
            wins: view.wins,
        }
    }
}

const NO_BUG: u8 = 0;
/// `validate` checks the stage only once someone chose this round (a weak check on load):
/// a listed action then leads to a state `validate` refuses. Only an enum swap (or a
/// crossbreeding) reaches it.
const STAGE_CHECKED_LATE: u8 = 1;
/// `validate` does not check the boolean, and `determinize` rebuilds the stage from it: a
/// twin `validate` refuses. Only a flipped boolean (or a swap, a crossbreeding) reaches it.
const DETERMINIZE_TRUSTS_THE_FLAG: u8 = 2;
/// `validate` does not check the list of wins, which the spectator's view shows, and
/// `determinize` rebuilds it: the seat's view is kept, the spectator's changes.
const SPECTATOR_SEES_UNCHECKED_WINS: u8 = 3;
/// `validate` checks the boolean and the enum against each other but not against the game,
/// and every view's round is read from the enum: only a crossbred state (both fields of a
/// first-round state with a later state's game) loads with them wrong.
const EXTRA_CHECKED_ONLY_WITHIN_ITSELF: u8 = 4;

/// High Card carrying [`Extra`], with one deliberate validation gap.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Unchecked")]
struct Carrier<const BUG: u8> {
    game: HighCard,
    extra: Extra,
}

#[derive(Deserialize)]
struct Unchecked {
    game: HighCard,
    extra: Extra,
}

impl<const BUG: u8> TryFrom<Unchecked> for Carrier<BUG> {
    type Error = InvalidState;
    fn try_from(raw: Unchecked) -> Result<Self, InvalidState> {
        let state = Carrier { game: raw.game, extra: raw.extra };
        state.validate()?;
        Ok(state)
    }
}

impl<const BUG: u8> Game for Carrier<BUG> {
    type Config = HighCardConfig;
    type Action = HighCardAction;
    type Undo = (HighCard, Extra);
    type View = HighCardView;
    type Event = HighCardEvent;
    type ConfigError = HighCardConfigError;
    type ActionError = HighCardError;
    const NAME: &'static str = "carrier-highcard";
    const VERSION: &'static str = HighCard::VERSION;
    type Setup = HighCardSetup;
    type SetupError = HighCardSetupError;
    fn from_setup(setup: &HighCardSetup) -> Result<Self, HighCardSetupError> {
        HighCard::from_setup(setup).map(|game| Carrier { extra: Extra::of(&game), game })
    }
    fn to_setup(&self) -> HighCardSetup {
        self.game.to_setup()
    }
    fn new(config: &HighCardConfig, seed: u64) -> Result<Self, HighCardConfigError> {
        HighCard::new(config, seed).map(|game| Carrier { extra: Extra::of(&game), game })
    }
    fn config(&self) -> HighCardConfig {
        self.game.config()
    }
    fn seat_count(&self) -> usize {
        self.game.seat_count()
    }
    fn to_act(&self) -> SeatSet {
        self.game.to_act()
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<HighCardAction>) {
        self.game.legal_actions(seat, out);
    }
    fn apply(&mut self, seat: Seat, action: HighCardAction) -> Result<(HighCard, Extra), HighCardError> {
        let undo = (self.game, self.extra.clone());
        let round = self.game.view(Observer::Spectator).round;
        self.game.apply(seat, action)?;
        // The extra fields change only with the round (so a wrong one survives a step).
        if self.game.view(Observer::Spectator).round != round {
            self.extra = Extra::of(&self.game);
        }
        Ok(undo)
    }
    fn seen_action(&self, seat: Seat, action: HighCardAction, observer: Observer) -> HighCardEvent {
        self.game.seen_action(seat, action, observer)
    }
    fn events(
        before: &Self,
        seat: Seat,
        action: HighCardAction,
        after: &Self,
        observer: Observer,
        out: &mut Vec<HighCardEvent>,
    ) {
        HighCard::events(&before.game, seat, action, &after.game, observer, out);
    }
    fn opening_events(&self, observer: Observer, out: &mut Vec<HighCardEvent>) {
        self.game.opening_events(observer, out);
    }
    fn undo(&mut self, (game, extra): (HighCard, Extra)) {
        self.game = game;
        self.extra = extra;
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn running_scores(&self) -> Vec<i64> {
        self.game.running_scores()
    }
    fn view(&self, observer: Observer) -> HighCardView {
        let mut view = self.game.view(observer);
        if BUG == SPECTATOR_SEES_UNCHECKED_WINS && observer == Observer::Spectator {
            view.wins = self.extra.wins.clone();
        }
        if BUG == EXTRA_CHECKED_ONLY_WITHIN_ITSELF && self.extra.stage == Stage::First {
            view.round = 0;
        }
        view
    }
    fn determinize(&self, seat: Seat, seed: u64) -> Self {
        let game = self.game.determinize(seat, seed);
        let mut extra = Extra::of(&game);
        if BUG == DETERMINIZE_TRUSTS_THE_FLAG {
            extra.stage = if self.extra.first_round { Stage::First } else { Stage::Later };
        }
        Carrier { game, extra }
    }
    fn validate(&self) -> Result<(), InvalidState> {
        self.game.validate()?;
        let want = Extra::of(&self.game);
        let anyone_chose = !self.game.view(Observer::Spectator).chosen.is_empty();
        let stage_ok = match BUG {
            STAGE_CHECKED_LATE => !anyone_chose || self.extra.stage == want.stage,
            EXTRA_CHECKED_ONLY_WITHIN_ITSELF => (self.extra.stage == Stage::First) == self.extra.first_round,
            _ => self.extra.stage == want.stage,
        };
        let flag_ok = match BUG {
            DETERMINIZE_TRUSTS_THE_FLAG => true,
            EXTRA_CHECKED_ONLY_WITHIN_ITSELF => true,
            _ => self.extra.first_round == want.first_round,
        };
        let round_ok = self.extra.round == want.round;
        let wins_ok = BUG == SPECTATOR_SEES_UNCHECKED_WINS || self.extra.wins == want.wins;
        if stage_ok && flag_ok && round_ok && wins_ok {
            Ok(())
        } else {
            Err(InvalidState::new(format!("extra fields {:?} do not fit the game ({want:?})", self.extra)))
        }
    }
    fn max_actions(config: &HighCardConfig) -> u64 {
        HighCard::max_actions(config)
    }
    fn evaluate(view: &HighCardView, seat: Seat) -> f64 {
        HighCard::evaluate(view, seat)
    }
}

/// Enough games and damage for every broken variant to be met.
fn settings(tamperings: usize, crossbreedings: usize) -> Settings {
    Settings { cases: 48, tamperings, crossbreedings, ..Settings::default() }
}

fn caught<G: Game<Config = HighCardConfig>>(settings: &Settings, expected: &[&str]) {
    match run::<G>(configs(), settings) {
        Ok(()) => panic!("the suite missed a broken game (expected a failure mentioning {expected:?})"),
        Err(failure) => {
            for text in expected {
                assert!(failure.message.contains(text), "unexpected failure (no {text:?}):\n{failure}");
            }
        }
    }
}

#[test]
fn a_game_that_checks_every_field_passes_every_kind_of_damage() {
    run::<Carrier<NO_BUG>>(configs(), &settings(40, 16)).unwrap();
}

#[test]
fn a_swapped_enum_that_breaks_validate_after_a_listed_action_is_caught() {
    caught::<Carrier<STAGE_CHECKED_LATE>>(
        &settings(40, 0),
        &["a tampered state", "at /extra/stage", "validate() refuses the state"],
    );
}

#[test]
fn a_flipped_boolean_that_makes_determinize_invalid_is_caught() {
    caught::<Carrier<DETERMINIZE_TRUSTS_THE_FLAG>>(
        &settings(40, 0),
        &["a tampered state", "at /extra/first_round", "gives a state validate() refuses"],
    );
}

#[test]
fn a_list_element_the_spectator_sees_and_determinize_changes_is_caught() {
    caught::<Carrier<SPECTATOR_SEES_UNCHECKED_WINS>>(
        &settings(40, 0),
        &["a tampered state", "changes the spectator's view"],
    );
}

#[test]
fn fields_that_agree_only_with_each_other_are_caught_by_crossbreeding() {
    // Single changes break the agreement and are refused on load.
    run::<Carrier<EXTRA_CHECKED_ONLY_WITHIN_ITSELF>>(configs(), &settings(40, 0)).unwrap();
    caught::<Carrier<EXTRA_CHECKED_ONLY_WITHIN_ITSELF>>(&settings(0, 16), &["a crossbred state", "changes"]);
}
