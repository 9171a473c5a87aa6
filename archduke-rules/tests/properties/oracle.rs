//! The runner every property goes through, and small rulebook helpers (how cards match, who
//! sits left of whom, what a hand is worth). The engine is read only through its public API:
//! `to_setup` (the whole position, every card as its face), views, legal actions, events.

use std::cell::RefCell;

use archduke_rules::testing::configs;
use archduke_rules::{Action, Archduke, Config, Face, Mark, Power, Role, Scoring, Setup, Slot, Stage};
use duke_core::testing::Settings;
use duke_core::testing::invariants::{Bias, Coverage, StepCheck, check_steps};
use duke_core::{Game, Seat, SeatSet};
use proptest::prelude::*;

/// Random games per property (times `DUKE_TEST_SCALE`).
pub const CASES: u32 = 100;

/// Runs `invariant` over every step of `cases` random games with every config
/// (`archduke_rules::testing::configs`), optionally biased; panics with the shrunk record on
/// a failure, prints the property's coverage line and requires the rule's situation to
/// have arisen at least `at_least` times.
pub fn property(
    name: &str,
    cases: u32,
    bias: Option<Bias<Archduke>>,
    at_least: u64,
    invariant: impl Fn(&StepCheck<'_, Archduke>) -> Result<(), String>,
) -> Coverage {
    property_in(name, configs(), cases, bias, at_least, invariant)
}

/// [`property`] over the configs of `configs` (for a rule of one scoring mode: every other
/// option still drawn by `archduke_rules::testing::configs`).
pub fn property_in(
    name: &str,
    configs: impl Strategy<Value = Config>,
    cases: u32,
    bias: Option<Bias<Archduke>>,
    at_least: u64,
    invariant: impl Fn(&StepCheck<'_, Archduke>) -> Result<(), String>,
) -> Coverage {
    assert!(at_least > 0, "{name}: every property holds itself to a coverage threshold");
    let settings = Settings { cases, max_steps: 300, max_game_actions: 700, ..Settings::default() };
    let coverage = match check_steps::<Archduke>(configs, &settings, bias, invariant) {
        Ok(coverage) => coverage,
        Err(failure) => panic!("{name}: {failure}"),
    };
    eprintln!(
        "| {name:<72} | {:>5} | {:>7} | {:>6} | {at_least:>6} |",
        coverage.games, coverage.steps, coverage.reached
    );
    assert!(coverage.reached >= at_least, "{name} reached its situation too rarely: {coverage:?}, want {at_least}");
    coverage
}

/// Holds a property's extra counter (a case of its rule that must arise too) to its own
/// threshold, printed under the property's coverage line.
pub fn counted(name: &str, what: &str, counter: &std::cell::Cell<u64>, want: u64) {
    eprintln!("|   {what:<70} |       |         | {:>6} | {want:>6} |", counter.get());
    assert!(counter.get() >= want, "{name}: {what} reached {} times, want {want}", counter.get());
}

/// Every config of `archduke_rules::testing::configs` with its scoring replaced by one of
/// `scoring` (mark 2 needs four players: with fewer it falls back to mark 1, as `configs`
/// does; no filter, so long runs never hit proptest's rejection limit).
pub fn scored_by(scoring: impl Strategy<Value = Scoring>) -> impl Strategy<Value = Config> {
    (configs(), scoring).prop_map(|(config, scoring)| {
        let scoring = match scoring {
            Scoring::Points { mark: Mark::EliminateToThree { threshold } } if config.players < 4 => {
                Scoring::Points { mark: Mark::EliminateAt { threshold } }
            }
            other => other,
        };
        let mut config = config;
        config.scoring = scoring;
        config
    })
}

/// Memory of one game for properties about a sequence of steps: reset at each game's first
/// step (shrinking replays games from their start too).
pub struct PerGame<T: Default>(RefCell<T>);

impl<T: Default> PerGame<T> {
    pub fn new() -> Self {
        PerGame(RefCell::new(T::default()))
    }

    /// The game's memory, fresh at step 0.
    pub fn at<R>(&self, step: &StepCheck<'_, Archduke>, f: impl FnOnce(&mut T) -> R) -> R {
        let mut memory = self.0.borrow_mut();
        if step.index == 0 {
            *memory = T::default();
        }
        f(&mut memory)
    }
}

/// The states before and after a step as positions (every card as its face).
pub fn setups(step: &StepCheck<'_, Archduke>) -> (Setup, Setup) {
    (step.before.to_setup(), step.after.to_setup())
}

/// Whether the step ended a round (the next deal or the game's end followed).
pub fn round_ended(before: &Setup, after: &Setup) -> bool {
    after.round != before.round || (after.stage == Stage::Over && before.stage != Stage::Over)
}

/// "A discarded card matches the value (or symbol in some cases)": number cards by value,
/// face cards (ARCHDUKE, ECLIPSE, GIVE, SWAP, PEEK) by symbol, whatever value they carry.
pub fn fits(card: Face, top: Face) -> bool {
    match (card.role, top.role) {
        (Role::Number, Role::Number) => card.value == top.value,
        (a, b) => a != Role::Number && a == b,
    }
}

/// The action a discarded or matched card of this face triggers ("Action + special cards").
pub fn power(face: Face) -> Option<Power> {
    match face.role {
        Role::Peek => Some(Power::Peek),
        Role::Swap => Some(Power::Swap),
        Role::Give => Some(Power::Give),
        Role::Number | Role::Archduke | Role::Eclipse => None,
    }
}

/// Seats at the table.
pub fn seats(setup: &Setup) -> impl Iterator<Item = Seat> + use<> {
    (0..setup.config.players).map(Seat)
}

/// Whether `seat` is still in the game.
pub fn active(setup: &Setup, seat: Seat) -> bool {
    seat.0 < setup.config.players && !setup.eliminated.contains_key(&seat)
}

/// The seats still in the game.
pub fn actives(setup: &Setup) -> Vec<Seat> {
    seats(setup).filter(|&s| active(setup, s)).collect()
}

/// Every seat at the table (a card all of them have seen is public).
pub fn everyone(setup: &Setup) -> SeatSet {
    seats(setup).collect()
}

/// The next seat still in the game clockwise (to the left: increasing seat numbers, our
/// reading 19).
pub fn left_of(setup: &Setup, seat: Seat) -> Seat {
    let n = setup.config.players;
    (1..=n).map(|k| Seat((seat.0 + k) % n)).find(|&s| active(setup, s)).unwrap_or(seat)
}

/// The next seat still in the game anticlockwise (to the right).
pub fn right_of(setup: &Setup, seat: Seat) -> Seat {
    let n = setup.config.players;
    (1..=n).map(|k| Seat((seat.0 + n - k) % n)).find(|&s| active(setup, s)).unwrap_or(seat)
}

/// The face at `seat`'s `slot`.
pub fn face_at(setup: &Setup, seat: Seat, slot: Slot) -> Option<Face> {
    setup.grids.get(seat.index()).and_then(|g| g.cards.get(slot.0 as usize)).copied().flatten()
}

/// Who has seen the card at `seat`'s `slot`.
pub fn seen_at(setup: &Setup, seat: Seat, slot: Slot) -> SeatSet {
    setup.grids.get(seat.index()).and_then(|g| g.seen.get(&slot)).copied().unwrap_or(SeatSet::EMPTY)
}

/// The filled positions of `seat`'s grid.
pub fn filled(setup: &Setup, seat: Seat) -> Vec<Slot> {
    let cards = setup.grids.get(seat.index()).map(|g| g.cards.as_slice()).unwrap_or(&[]);
    (0u8..).zip(cards).filter(|(_, c)| c.is_some()).map(|(i, _)| Slot(i)).collect()
}

/// Whether a penalty card still fits `seat`'s grid (engine limit, reading 7: 16 columns).
pub fn has_room(setup: &Setup, seat: Seat) -> bool {
    let cards = setup.grids.get(seat.index()).map(|g| g.cards.as_slice()).unwrap_or(&[]);
    cards.iter().any(Option::is_none) || cards.len() < 32
}

/// Hand value, number of cards and lowest card of a grid ("Round scoring", "In case of a
/// tie").
pub fn hand(grid: &[Option<Face>]) -> (i32, u8, i8) {
    let faces = grid.iter().flatten();
    let sum = faces.clone().map(|f| i32::from(f.value)).sum();
    let lowest = faces.clone().map(|f| f.value).min().unwrap_or(i8::MAX);
    (sum, faces.count() as u8, lowest)
}

/// Whether the round is in its matching window and nobody may start a turn but by `end`:
/// the final turns are over (the caller is next) or the engine's turn limit is reached
/// (reading 17).
pub fn must_end(setup: &Setup) -> bool {
    let Stage::Window { next, .. } = setup.stage else { return false };
    setup.caller == Some(next) || setup.config.turn_limit.is_some_and(|limit| u32::from(setup.turns) >= limit)
}

/// The legal actions of every seat before the step, as a list per seat.
pub fn listed(step: &StepCheck<'_, Archduke>) -> Vec<Vec<Action>> {
    (0..step.before.seat_count() as u8).map(|s| step.legal_before(Seat(s))).collect()
}

/// A multiset of faces, as a sorted list of their notation.
pub fn sorted(faces: impl IntoIterator<Item = Face>) -> Vec<String> {
    let mut all: Vec<String> = faces.into_iter().map(|f| f.to_string()).collect();
    all.sort();
    all
}
