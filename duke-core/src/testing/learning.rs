//! The conformance checks of the learning surface ([`Learning`]): [`run_learning`].
//!
//! Like [`run`](super::run), it plays random games (proptest playouts from arbitrary configs
//! and seeds; the first [`Settings::max_steps`] choices shrink, a failure prints the minimal
//! record as JSON and in notation with how to replay it) and checks at **every** state of
//! every game, the finished one included:
//!
//! - *config only*: [`action_count`](Learning::action_count),
//!   [`observation_shape`](Learning::observation_shape),
//!   [`return_bounds`](Learning::return_bounds) and [`utility`](Learning::utility) are those
//!   of the game's first state (and of every determinization); the bounds are finite with
//!   `low <= high`;
//! - *buffers*: a mask, observation or returns buffer one entry too long or too short is a
//!   [`BufferLength`] error naming the needed and the given length;
//! - *action index*: every legal action of every seat has an index in `0..action_count`
//!   that [`index_action`](Learning::index_action) maps back to it; at the start, every
//!   index of `0..action_count` maps to an action whose index it is, and `action_count`
//!   itself to none;
//! - *masks*: for every seat, [`legal_mask`](Learning::legal_mask) (into a mask filled with
//!   `true` beforehand, so a mask that is not cleared shows) is true exactly at the indices
//!   of the seat's legal actions, all false for a seat that may not act; and
//!   [`legal_mask_bits`](Learning::legal_mask_bits) (into words of all ones beforehand)
//!   has exactly the same bits set, none past `action_count`;
//! - *observations*: for every observer (each seat and the spectator),
//!   [`observe`](Learning::observe) accepts a buffer of `observation_shape().len()` entries
//!   and writes every entry (the buffer is filled with NaN beforehand) with a finite value;
//!   twice gives the same tensor (the second time over other garbage);
//! - *nothing leaks*: for every seat, a state and its [`determinize`](crate::Game::determinize)
//!   twin give that seat identical observations and the spectator identical spectator
//!   observations;
//! - *returns*: one per seat, finite, within the bounds; all 0 at the start; once the game
//!   is over, their sum follows the [`Utility`] (0 for zero-sum, the constant for
//!   constant-sum);
//! - *no allocation*: when the test binary installed [`CountingAlloc`](super::CountingAlloc)
//!   (see [`alloc`](super::alloc)), `legal_mask` and `legal_mask_bits` for every seat (with
//!   a warm scratch buffer)
//!   and `observe` for every observer allocate nothing. Without it this check is skipped.
//!
//! ```
//! use duke_core::testing::learning::run_learning;
//! use duke_core::testing::{Settings, toy::{HighCard, HighCardConfig}};
//! use proptest::prelude::*;
//!
//! let configs = (2u8..=4, 1u8..=5).prop_map(|(players, rounds)| HighCardConfig { players, rounds });
//! run_learning::<HighCard>(configs, &Settings { cases: 8, ..Settings::default() }).unwrap();
//! ```

use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestError};

use super::alloc::{count_allocations, counting_installed};
use super::{Failure, Settings, failure_text, pick};
use crate::game::Observer;
use crate::learning::{BufferLength, Learning, Shape, Utility, mask_words};
use crate::record::Record;
use crate::rng::GameRng;
use crate::seat::Seat;

/// Plays `settings.cases` random games with configs drawn from `configs` and checks the
/// [`Learning`] contract at every state (see the [module docs](self)). Returns the shrunk
/// failure, if any, with its record.
pub fn run_learning<G: Learning>(
    configs: impl Strategy<Value = G::Config>,
    settings: &Settings,
) -> Result<(), Failure> {
    let mut runner = settings.runner();
    let strategy = (configs, any::<u64>(), proptest::collection::vec(any::<u32>(), 0..=settings.max_steps));
    let outcome = runner.run(&strategy, |(config, seed, choices)| playout::<G>(&config, seed, &choices, settings));
    match outcome {
        Ok(()) => Ok(()),
        Err(TestError::Fail(reason, _)) => {
            Err(Failure { message: format!("{} learning conformance failure: {reason}", G::NAME) })
        }
        Err(TestError::Abort(reason)) => {
            Err(Failure { message: format!("{} learning conformance aborted: {reason}", G::NAME) })
        }
    }
}

/// Plays one game, `choices` steering the first actions and a generator from `seed` the
/// rest, checking every state.
fn playout<G: Learning>(
    config: &G::Config,
    seed: u64,
    choices: &[u32],
    settings: &Settings,
) -> Result<(), TestCaseError> {
    let mut record: Record<G> = Record::new(config.clone(), seed);
    let fail = |record: &Record<G>, what: String| TestCaseError::fail(failure_text(record, &what));
    let mut state = match G::new(config, seed) {
        Ok(state) => state,
        Err(e) => return Err(fail(&record, format!("the config strategy produced a config that new() refuses: {e}"))),
    };
    let bound = G::max_actions(config).min(settings.max_game_actions);
    let mut checker = Checker::<G>::new(&state);
    let mut free_choices = GameRng::new(seed ^ 0x00C0_FFEE);
    let mut legal = Vec::new();
    loop {
        let step = record.steps.len();
        checker.check_state(&state, step).map_err(|what| fail(&record, format!("at step {step}: {what}")))?;
        let to_act = state.to_act();
        if to_act.is_empty() {
            break;
        }
        if step as u64 >= bound {
            return Err(fail(&record, format!("the game did not end within max_actions = {bound}")));
        }
        let choice = choices.get(step).copied().unwrap_or_else(|| free_choices.next_u64() as u32);
        let (seat, action) = pick(&state, to_act, choice, &mut legal, step).map_err(|what| fail(&record, what))?;
        record.push(seat, action);
        if let Err(e) = state.apply(seat, action) {
            return Err(fail(&record, format!("at step {step}: listed action {action} of {seat} refused: {e}")));
        }
    }
    Ok(())
}

/// Who an observer is, in a failure message.
fn named(observer: Observer) -> String {
    match observer {
        Observer::Seat(seat) => seat.to_string(),
        Observer::Spectator => "the spectator".into(),
    }
}

/// The first index where two tensors differ (bit for bit: `-0.0` is not `0.0`).
fn first_difference(a: &[f32], b: &[f32]) -> Option<usize> {
    if a.len() != b.len() {
        return Some(a.len().min(b.len()));
    }
    a.iter().zip(b).position(|(x, y)| x.to_bits() != y.to_bits())
}

/// The config-only values of the first state, and reusable buffers.
struct Checker<G: Learning> {
    action_count: usize,
    shape: Shape,
    bounds: (f64, f64),
    utility: Utility,
    scratch: Vec<G::Action>,
    legal: Vec<G::Action>,
    mask: Vec<bool>,
    bits: Vec<u64>,
    expected: Vec<bool>,
    obs: Vec<f32>,
    again: Vec<f32>,
    returns: Vec<f64>,
}

impl<G: Learning> Checker<G> {
    fn new(first: &G) -> Self {
        Checker {
            action_count: first.action_count(),
            shape: first.observation_shape(),
            bounds: first.return_bounds(),
            utility: first.utility(),
            scratch: Vec::new(),
            legal: Vec::new(),
            mask: Vec::new(),
            bits: Vec::new(),
            expected: Vec::new(),
            obs: Vec::new(),
            again: Vec::new(),
            returns: Vec::new(),
        }
    }

    fn check_state(&mut self, state: &G, step: usize) -> Result<(), String> {
        self.check_constants(state, "this state")?;
        if step == 0 {
            self.check_bounds()?;
        }
        self.check_buffer_lengths(state)?;
        self.check_masks(state)?;
        if step == 0 {
            self.check_index_table(state)?;
        }
        self.check_observations(state)?;
        self.check_twins(state, step)?;
        self.check_returns(state, step)?;
        self.check_allocations(state)
    }

    /// The config-only values of `state` are the first state's.
    fn check_constants(&self, state: &G, which: &str) -> Result<(), String> {
        let differ = |what: &str, first: String, now: String| {
            Err(format!("{what} must depend on the config only, but is {first} at the start and {now} in {which}"))
        };
        if state.action_count() != self.action_count {
            return differ("action_count()", self.action_count.to_string(), state.action_count().to_string());
        }
        if state.observation_shape() != self.shape {
            return differ(
                "observation_shape()",
                format!("{:?}", self.shape.dims()),
                format!("{:?}", state.observation_shape().dims()),
            );
        }
        if state.return_bounds().0.to_bits() != self.bounds.0.to_bits()
            || state.return_bounds().1.to_bits() != self.bounds.1.to_bits()
        {
            return differ("return_bounds()", format!("{:?}", self.bounds), format!("{:?}", state.return_bounds()));
        }
        if state.utility() != self.utility {
            return differ("utility()", format!("{:?}", self.utility), format!("{:?}", state.utility()));
        }
        Ok(())
    }

    fn check_bounds(&self) -> Result<(), String> {
        let (low, high) = self.bounds;
        if !(low.is_finite() && high.is_finite() && low <= high) {
            return Err(format!("return_bounds() ({low}, {high}) must be finite, the least first"));
        }
        if let Utility::ConstantSum(sum) = self.utility
            && !sum.is_finite()
        {
            return Err(format!("utility() ConstantSum({sum}) must be finite"));
        }
        Ok(())
    }

    /// Buffers one entry too long or too short are `BufferLength` errors.
    fn check_buffer_lengths(&mut self, state: &G) -> Result<(), String> {
        let wrong = |needed: usize| [needed.checked_add(1), needed.checked_sub(1)].into_iter().flatten();
        let expect = |what: &str, needed: usize, given: usize, got: Result<(), BufferLength>| match got {
            Err(e) if e == (BufferLength { needed, given }) => Ok(()),
            Err(e) => Err(format!(
                "{what} with a buffer of {given} entries (the config needs {needed}) gives {e:?}, not BufferLength {{ needed: {needed}, given: {given} }}"
            )),
            Ok(()) => Err(format!(
                "{what} accepted a buffer of {given} entries, but the config needs {needed}: wrong buffer lengths must be BufferLength errors"
            )),
        };
        for given in wrong(self.action_count) {
            let mut mask = vec![false; given];
            expect("legal_mask", self.action_count, given, state.legal_mask(Seat(0), &mut self.scratch, &mut mask))?;
        }
        let words = mask_words(self.action_count);
        for given in wrong(words) {
            let mut bits = vec![0; given];
            expect("legal_mask_bits", words, given, state.legal_mask_bits(Seat(0), &mut self.scratch, &mut bits))?;
        }
        let len = self.shape.len();
        for given in wrong(len) {
            let mut out = vec![0.0; given];
            expect("observe", len, given, state.observe(Observer::Spectator, &mut out))?;
        }
        let seats = state.seat_count();
        for given in wrong(seats) {
            let mut out = vec![0.0; given];
            expect("returns", seats, given, state.returns(&mut out))?;
        }
        Ok(())
    }

    /// Every legal action round-trips through its index; masks are true exactly there.
    fn check_masks(&mut self, state: &G) -> Result<(), String> {
        let count = self.action_count;
        let to_act = state.to_act();
        for seat in (0..state.seat_count()).map(|s| Seat(s as u8)) {
            state.legal_actions(seat, &mut self.legal);
            self.expected.clear();
            self.expected.resize(count, false);
            for &action in &self.legal {
                let index = state
                    .action_index(action)
                    .ok_or_else(|| format!("{seat}'s legal action {action} has no index (action_index is None)"))?;
                if index >= count {
                    return Err(format!(
                        "{seat}'s legal action {action} has index {index}, out of range 0..{count} (action_count)"
                    ));
                }
                match state.index_action(index) {
                    Some(back) if back == action => {}
                    back => {
                        return Err(format!(
                            "{seat}'s legal action {action} has index {index}, which index_action maps back to {back:?}"
                        ));
                    }
                }
                self.expected[index] = true;
            }
            // Filled with `true` first: a mask that is not cleared shows.
            self.mask.clear();
            self.mask.resize(count, true);
            state
                .legal_mask(seat, &mut self.scratch, &mut self.mask)
                .map_err(|e| format!("legal_mask({seat}) refused a buffer of action_count() entries: {e}"))?;
            if let Some(index) = self.mask.iter().zip(&self.expected).position(|(got, want)| got != want) {
                let action = state.index_action(index);
                return Err(if !to_act.contains(seat) {
                    format!(
                        "legal_mask({seat}) is true at index {index} ({action:?}), but {seat} may not act: the mask must be all false"
                    )
                } else if self.mask[index] {
                    format!(
                        "legal_mask({seat}) is true at index {index} ({action:?}), which is not the index of a legal action"
                    )
                } else {
                    format!(
                        "legal_mask({seat}) is false at index {index} ({action:?}), the index of a legal action of {seat}"
                    )
                });
            }
            self.check_bits(state, seat)?;
        }
        Ok(())
    }

    /// `legal_mask_bits` sets exactly the bits of the `bool` mask just checked, none past
    /// the end (the words are all ones beforehand, so bits that are not cleared show).
    fn check_bits(&mut self, state: &G, seat: Seat) -> Result<(), String> {
        let words = mask_words(self.action_count);
        self.bits.clear();
        self.bits.resize(words, u64::MAX);
        state.legal_mask_bits(seat, &mut self.scratch, &mut self.bits).map_err(|e| {
            format!("legal_mask_bits({seat}) refused {words} words for {} actions: {e}", self.action_count)
        })?;
        for index in 0..words * 64 {
            let set = self.bits.get(index / 64).is_some_and(|w| w >> (index % 64) & 1 == 1);
            let want = self.expected.get(index).copied().unwrap_or(false);
            if set != want {
                let action = state.index_action(index);
                return Err(if index >= self.action_count {
                    format!(
                        "legal_mask_bits({seat}) sets bit {index}, past action_count {}: the bits past the end must be 0",
                        self.action_count
                    )
                } else {
                    format!(
                        "legal_mask_bits({seat}) has bit {index} ({action:?}) {}, but legal_mask says {want}: the two masks must agree",
                        if set { "set" } else { "clear" }
                    )
                });
            }
        }
        Ok(())
    }

    /// Every index maps to an action that maps back; the first index past the end to none.
    fn check_index_table(&self, state: &G) -> Result<(), String> {
        let count = self.action_count;
        for index in 0..count {
            let action = state
                .index_action(index)
                .ok_or_else(|| format!("index {index} of 0..{count} (action_count) maps to no action"))?;
            let back = state.action_index(action);
            if back != Some(index) {
                return Err(format!("index {index} maps to the action {action}, whose index is {back:?}"));
            }
        }
        if let Some(action) = state.index_action(count) {
            return Err(format!("index_action({count}), out of range, gives {action} instead of None"));
        }
        Ok(())
    }

    /// Fills `self.obs` with `observer`'s observation of `state`, checking it is whole and
    /// finite.
    fn observe_into(obs: &mut Vec<f32>, len: usize, state: &G, observer: Observer, garbage: f32) -> Result<(), String> {
        obs.clear();
        obs.resize(len, garbage);
        state.observe(observer, obs).map_err(|e| {
            format!("observe({}) refused a buffer of observation_shape().len() = {len} entries: {e}", named(observer))
        })?;
        if let Some(index) = obs.iter().position(|v| !v.is_finite()) {
            return Err(format!(
                "observe({}) leaves {} at index {index}: every entry must be written, with a finite value",
                named(observer),
                obs[index]
            ));
        }
        Ok(())
    }

    fn observers(state: &G) -> impl Iterator<Item = Observer> {
        (0..state.seat_count()).map(|s| Observer::Seat(Seat(s as u8))).chain([Observer::Spectator])
    }

    fn check_observations(&mut self, state: &G) -> Result<(), String> {
        let len = self.shape.len();
        for observer in Self::observers(state) {
            Self::observe_into(&mut self.obs, len, state, observer, f32::NAN)?;
            // Over other garbage: a deterministic observe writes the same tensor.
            self.again.clear();
            self.again.resize(len, -7.0);
            let _ = state.observe(observer, &mut self.again);
            if let Some(index) = first_difference(&self.obs, &self.again) {
                return Err(format!(
                    "observe({}) is not deterministic: two calls give {} and {} at index {index}",
                    named(observer),
                    self.obs[index],
                    self.again[index]
                ));
            }
        }
        Ok(())
    }

    /// A state and its determinization for a seat look the same to that seat and to the
    /// spectator.
    fn check_twins(&mut self, state: &G, step: usize) -> Result<(), String> {
        let len = self.shape.len();
        for seat in (0..state.seat_count()).map(|s| Seat(s as u8)) {
            let seed = (step as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (seat.index() as u64) << 8;
            let twin = state.determinize(seat, seed);
            self.check_constants(&twin, &format!("determinize({seat})"))?;
            for (observer, whose) in
                [(Observer::Seat(seat), format!("{seat}'s")), (Observer::Spectator, "the spectator's".into())]
            {
                Self::observe_into(&mut self.obs, len, state, observer, f32::NAN)?;
                Self::observe_into(&mut self.again, len, &twin, observer, f32::NAN)?;
                if let Some(index) = first_difference(&self.obs, &self.again) {
                    return Err(format!(
                        "determinize({seat}) changes {whose} observation at index {index} ({} in the state, {} in the twin): the observation shows something {} cannot know",
                        self.obs[index],
                        self.again[index],
                        named(observer)
                    ));
                }
            }
        }
        Ok(())
    }

    fn check_returns(&mut self, state: &G, step: usize) -> Result<(), String> {
        let seats = state.seat_count();
        self.returns.clear();
        self.returns.resize(seats, f64::NAN);
        state
            .returns(&mut self.returns)
            .map_err(|e| format!("returns() refused a buffer of one entry per seat: {e}"))?;
        let (low, high) = self.bounds;
        for (seat, &r) in self.returns.iter().enumerate() {
            if !(low..=high).contains(&r) {
                return Err(format!("P{seat}'s return {r} is outside return_bounds() ({low}, {high})"));
            }
            if step == 0 && r != 0.0 {
                return Err(format!("returns at the start must all be 0, but P{seat}'s is {r}"));
            }
        }
        if state.is_over() {
            let sum: f64 = self.returns.iter().sum();
            let tolerance = 1e-9 * low.abs().max(high.abs()).max(1.0) * seats as f64;
            let target = match self.utility {
                Utility::ZeroSum => Some(0.0),
                Utility::ConstantSum(c) => Some(c),
                _ => None,
            };
            if let Some(target) = target
                && (sum - target).abs() > tolerance
            {
                return Err(format!(
                    "the game is over and utility() is {:?}, but the returns {:?} sum to {sum}",
                    self.utility, self.returns
                ));
            }
        }
        Ok(())
    }

    /// With [`CountingAlloc`](super::CountingAlloc) installed: masks (warm scratch) and
    /// observations allocate nothing.
    fn check_allocations(&mut self, state: &G) -> Result<(), String> {
        if !counting_installed() {
            return Ok(());
        }
        let seats = state.seat_count();
        // Warm: the scratch buffer has held every seat's actions of this state already.
        let (scratch, mask, bits) = (&mut self.scratch, &mut self.mask, &mut self.bits);
        let ((), masks) = count_allocations(|| {
            for seat in (0..seats).map(|s| Seat(s as u8)) {
                let _ = state.legal_mask(seat, scratch, mask);
                let _ = state.legal_mask_bits(seat, scratch, bits);
            }
        });
        if let Some(n) = masks.filter(|&n| n > 0) {
            return Err(format!(
                "legal_mask or legal_mask_bits allocated {n} times for the seats of this state, with a warm scratch buffer: masks must not allocate"
            ));
        }
        let obs = &mut self.obs;
        let ((), observations) = count_allocations(|| {
            for observer in Self::observers(state) {
                let _ = state.observe(observer, obs);
            }
        });
        if let Some(n) = observations.filter(|&n| n > 0) {
            return Err(format!(
                "observe allocated {n} times for the observers of this state: observations must not allocate"
            ));
        }
        Ok(())
    }
}
