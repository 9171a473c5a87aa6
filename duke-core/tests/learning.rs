//! The learning checks ([`run_learning`]) on the demonstration game, and on deliberately
//! broken variants of its learning surface, one per check, each of which must be caught.
//!
//! This binary installs the counting allocator, as a rules crate's `tests/learning.rs`
//! does, so the no-allocation checks run too.

use std::hint::black_box;
use std::sync::atomic::{AtomicU32, Ordering};

use duke_core::testing::toy::{
    HighCard, HighCardAction, HighCardConfig, HighCardConfigError, HighCardError, HighCardEvent, HighCardSetup,
    HighCardSetupError, HighCardView,
};
use duke_core::testing::{CountingAlloc, Failure, Settings, counting_installed, run_learning};
use duke_core::{
    BufferLength, Game, InvalidState, Learning, Observer, Outcome, Seat, SeatSet, Shape, Utility, mask_words,
};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

#[global_allocator]
static COUNTING: CountingAlloc = CountingAlloc;

fn configs() -> impl Strategy<Value = HighCardConfig> {
    (2u8..=4, 1u8..=5).prop_map(|(players, rounds)| HighCardConfig { players, rounds })
}

fn settings() -> Settings {
    Settings { cases: 48, ..Settings::default() }
}

#[test]
fn the_demonstration_game_passes_the_learning_checks() -> Result<(), Failure> {
    assert!(counting_installed(), "the no-allocation checks need the counting allocator");
    run_learning::<HighCard>(configs(), &settings())
}

/// Which part of the learning contract a [`Broken`] game breaks.
const MASK_MISSES_A_LEGAL_ACTION: u8 = 1;
const MASK_NOT_CLEARED: u8 = 2;
const INDEX_OUT_OF_RANGE: u8 = 3;
const INDEX_DOES_NOT_MAP_BACK: u8 = 4;
const INDEX_WITHOUT_ACTION: u8 = 5;
const SHAPE_CHANGES_WITH_THE_ROUND: u8 = 6;
const OBSERVE_IGNORES_THE_LENGTH: u8 = 7;
const OBSERVE_WRITES_INFINITY: u8 = 8;
const OBSERVE_NOT_DETERMINISTIC: u8 = 9;
const OBSERVATION_LEAKS_TO_A_SEAT: u8 = 10;
const OBSERVATION_LEAKS_TO_THE_SPECTATOR: u8 = 11;
const RETURNS_OUT_OF_BOUNDS: u8 = 12;
const RETURNS_NOT_ZERO_AT_THE_START: u8 = 13;
const UTILITY_MISSTATED: u8 = 14;
const MASK_ALLOCATES: u8 = 15;
const OBSERVE_ALLOCATES: u8 = 16;
const BITS_NOT_CLEARED: u8 = 17;
const BITS_PAST_THE_END: u8 = 18;

/// Calls of the nondeterministic observation.
static OBSERVATIONS: AtomicU32 = AtomicU32::new(0);

/// High Card whose learning surface has one deliberate bug; its rules are High Card's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Broken<const BUG: u8>(HighCard);

impl<const BUG: u8> Game for Broken<BUG> {
    type Config = HighCardConfig;
    type Action = HighCardAction;
    type Undo = HighCard;
    type View = HighCardView;
    type Event = HighCardEvent;
    type ConfigError = HighCardConfigError;
    type ActionError = HighCardError;
    type Setup = HighCardSetup;
    type SetupError = HighCardSetupError;
    const NAME: &'static str = "broken-highcard";
    const VERSION: &'static str = HighCard::VERSION;
    fn new(config: &HighCardConfig, seed: u64) -> Result<Self, HighCardConfigError> {
        HighCard::new(config, seed).map(Broken)
    }
    fn from_setup(setup: &HighCardSetup) -> Result<Self, HighCardSetupError> {
        HighCard::from_setup(setup).map(Broken)
    }
    fn to_setup(&self) -> HighCardSetup {
        self.0.to_setup()
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
        Broken(self.0.determinize(seat, seed))
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

impl<const BUG: u8> Learning for Broken<BUG> {
    fn action_count(&self) -> usize {
        self.0.action_count() + usize::from(BUG == INDEX_WITHOUT_ACTION)
    }
    fn action_index(&self, action: HighCardAction) -> Option<usize> {
        match action {
            HighCardAction::Redraw if BUG == INDEX_OUT_OF_RANGE => Some(2),
            _ => self.0.action_index(action),
        }
    }
    fn index_action(&self, index: usize) -> Option<HighCardAction> {
        match index {
            1 if BUG == INDEX_DOES_NOT_MAP_BACK => Some(HighCardAction::Keep),
            _ => self.0.index_action(index),
        }
    }
    fn legal_mask(&self, seat: Seat, scratch: &mut Vec<HighCardAction>, mask: &mut [bool]) -> Result<(), BufferLength> {
        BufferLength::check(self.action_count(), mask.len())?;
        if BUG == MASK_NOT_CLEARED {
            // Sets the legal indices but forgets to clear the others first.
            self.0.legal_actions(seat, scratch);
            for &action in scratch.iter() {
                if let Some(slot) = self.action_index(action).and_then(|i| mask.get_mut(i)) {
                    *slot = true;
                }
            }
            return Ok(());
        }
        if BUG == MASK_ALLOCATES {
            let mut fresh = Vec::new();
            self.0.legal_actions(seat, &mut fresh);
            black_box(&fresh);
        }
        match BUG {
            INDEX_WITHOUT_ACTION | INDEX_OUT_OF_RANGE => {
                mask.fill(false);
                self.0.legal_actions(seat, scratch);
                for &action in scratch.iter() {
                    if let Some(slot) = self.action_index(action).and_then(|i| mask.get_mut(i)) {
                        *slot = true;
                    }
                }
                Ok(())
            }
            _ => {
                self.0.legal_mask(seat, scratch, mask)?;
                if BUG == MASK_MISSES_A_LEGAL_ACTION
                    && let Some(redraw) = mask.get_mut(1)
                {
                    *redraw = false;
                }
                Ok(())
            }
        }
    }
    fn legal_mask_bits(
        &self,
        seat: Seat,
        scratch: &mut Vec<HighCardAction>,
        bits: &mut [u64],
    ) -> Result<(), BufferLength> {
        match BUG {
            BITS_NOT_CLEARED => {
                // Sets the legal bits but forgets to clear the others first.
                BufferLength::check(mask_words(self.action_count()), bits.len())?;
                self.0.legal_actions(seat, scratch);
                for &action in scratch.iter() {
                    if let (Some(i), Some(word)) = (self.action_index(action), bits.first_mut()) {
                        *word |= 1 << i;
                    }
                }
                Ok(())
            }
            BITS_PAST_THE_END => {
                self.0.legal_mask_bits(seat, scratch, bits)?;
                if let Some(word) = bits.first_mut() {
                    *word |= 1 << 63;
                }
                Ok(())
            }
            _ => self.0.legal_mask_bits(seat, scratch, bits),
        }
    }
    fn observation_shape(&self) -> Shape {
        let shape = self.0.observation_shape();
        if BUG == SHAPE_CHANGES_WITH_THE_ROUND && self.0.running_scores().iter().any(|&w| w > 0) {
            return Shape::new(&[1, shape.len()]);
        }
        shape
    }
    fn observe(&self, observer: Observer, out: &mut [f32]) -> Result<(), BufferLength> {
        let len = self.0.observation_shape().len();
        if BUG == OBSERVE_IGNORES_THE_LENGTH && out.len() != len {
            out.fill(0.0);
            return Ok(());
        }
        self.0.observe(observer, out)?;
        let last = out.last_mut();
        match (BUG, observer, last) {
            (OBSERVE_WRITES_INFINITY, _, Some(last)) => *last = f32::INFINITY,
            (OBSERVE_NOT_DETERMINISTIC, _, Some(last)) => {
                *last = (OBSERVATIONS.fetch_add(1, Ordering::Relaxed) % 7) as f32;
            }
            (OBSERVATION_LEAKS_TO_A_SEAT, Observer::Seat(seat), Some(last)) => {
                let next = Seat(((seat.index() + 1) % self.seat_count()) as u8);
                *last = f32::from(self.0.card_of(next).unwrap_or(0));
            }
            (OBSERVATION_LEAKS_TO_THE_SPECTATOR, Observer::Spectator, Some(last)) => {
                *last = f32::from(self.0.card_of(Seat(0)).unwrap_or(0));
            }
            (OBSERVE_ALLOCATES, _, Some(last)) => *last = black_box(vec![*last; 4])[0],
            _ => {}
        }
        Ok(())
    }
    fn returns(&self, out: &mut [f64]) -> Result<(), BufferLength> {
        self.0.returns(out)?;
        match BUG {
            RETURNS_OUT_OF_BOUNDS => out.iter_mut().for_each(|r| *r *= 100.0),
            RETURNS_NOT_ZERO_AT_THE_START => {
                // Still zero-sum: a head start for the first seat.
                out[0] += 0.25;
                out[1] -= 0.25;
            }
            _ => {}
        }
        Ok(())
    }
    fn return_bounds(&self) -> (f64, f64) {
        self.0.return_bounds()
    }
    fn utility(&self) -> Utility {
        if BUG == UTILITY_MISSTATED { Utility::ConstantSum(1.0) } else { self.0.utility() }
    }
}

fn caught<G: Learning<Config = HighCardConfig>>(expected: &str) {
    match run_learning::<G>(configs(), &settings()) {
        Ok(()) => panic!("the learning checks missed a broken game (expected a failure mentioning {expected:?})"),
        Err(failure) => {
            assert!(failure.message.contains(expected), "unexpected failure:\n{failure}");
            assert!(failure.message.contains("minimal record (JSON)"), "no printable record:\n{failure}");
        }
    }
}

/// One test per broken game: the checks must fail it with a message containing the text.
macro_rules! catches {
    ($($test:ident: $bug:ident => $expected:literal;)*) => {
        $(
            #[test]
            fn $test() {
                caught::<Broken<$bug>>($expected);
            }
        )*
    };
}

catches! {
    catches_a_mask_that_misses_a_legal_action: MASK_MISSES_A_LEGAL_ACTION => "is false at index 1";
    catches_a_mask_that_is_not_cleared_for_a_seat_that_may_not_act: MASK_NOT_CLEARED => "may not act: the mask must be all false";
    catches_an_action_index_out_of_range: INDEX_OUT_OF_RANGE => "out of range 0..2";
    catches_an_index_that_does_not_map_back: INDEX_DOES_NOT_MAP_BACK => "which index_action maps back to Some(Keep)";
    catches_an_index_that_maps_to_no_action: INDEX_WITHOUT_ACTION => "index 2 of 0..3 (action_count) maps to no action";
    catches_an_observation_shape_that_depends_on_the_position: SHAPE_CHANGES_WITH_THE_ROUND => "observation_shape() must depend on the config only";
    catches_an_observe_that_accepts_a_wrong_buffer_length: OBSERVE_IGNORES_THE_LENGTH => "observe accepted a buffer";
    catches_an_observation_with_a_non_finite_value: OBSERVE_WRITES_INFINITY => "leaves inf at index";
    catches_an_observe_that_is_not_deterministic: OBSERVE_NOT_DETERMINISTIC => "is not deterministic";
    catches_an_observation_that_leaks_another_seats_card: OBSERVATION_LEAKS_TO_A_SEAT => ") changes P";
    catches_a_spectator_observation_that_leaks_a_card: OBSERVATION_LEAKS_TO_THE_SPECTATOR => "changes the spectator's observation";
    catches_returns_outside_their_bounds: RETURNS_OUT_OF_BOUNDS => "is outside return_bounds()";
    catches_returns_that_are_not_zero_at_the_start: RETURNS_NOT_ZERO_AT_THE_START => "returns at the start must all be 0";
    catches_returns_that_do_not_follow_the_utility: UTILITY_MISSTATED => "utility() is ConstantSum(1.0), but the returns";
    catches_a_mask_that_allocates: MASK_ALLOCATES => "legal_mask or legal_mask_bits allocated";
    catches_bits_that_are_not_cleared: BITS_NOT_CLEARED => "legal_mask_bits(P";
    catches_bits_past_the_end: BITS_PAST_THE_END => "the bits past the end must be 0";
    catches_an_observe_that_allocates: OBSERVE_ALLOCATES => "observe allocated";
}
