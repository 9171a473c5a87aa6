//! Proptest strategies over any game: reachable states and legal steps.
//!
//! A reachable state is drawn as a config, a seed and a list of choices that steer the
//! first actions (each choice picks the acting seat, then the action, modulo how many
//! there are). Proptest shrinks the list (fewer and earlier choices), so a failing state
//! shrinks to a short game, printed as its record in notation.

use core::fmt;

use proptest::prelude::*;

use crate::game::Game;
use crate::record::{Record, Step};
use crate::seat::Seat;

/// A state reached by playing legal actions from a new game, with the record that reaches
/// it. `Debug` prints the record one step per line, so a shrunk failure is readable.
#[derive(Clone)]
pub struct Reached<G: Game> {
    /// How the state was reached: config, seed and every step.
    pub record: Record<G>,
    /// The state after the record's last step.
    pub state: G,
}

impl<G: Game> fmt::Debug for Reached<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.record)
    }
}

/// Plays `choices` from `config` and `seed`: each choice picks the seat (modulo the seats
/// that may act) and then the action (modulo its legal actions); stops at the game's end.
/// `None` if the config is refused.
pub fn play_choices<G: Game>(config: &G::Config, seed: u64, choices: &[u32]) -> Option<Reached<G>> {
    let mut state = G::new(config, seed).ok()?;
    let mut record = Record::new(config.clone(), seed);
    let mut legal = Vec::new();
    for &choice in choices {
        let Some((seat, action)) = steer(&state, choice, &mut legal) else { break };
        state.apply(seat, action).ok()?;
        record.push(seat, action);
    }
    Some(Reached { record, state })
}

/// The seat and action that `choice` picks in `state`, if anyone may act.
pub(super) fn steer<G: Game>(state: &G, choice: u32, legal: &mut Vec<G::Action>) -> Option<(Seat, G::Action)> {
    let to_act = state.to_act();
    let seats = to_act.len() as u32;
    let seat = to_act.nth((choice % seats.max(1)) as usize)?;
    state.legal_actions(seat, legal);
    let action = *legal.get(((choice / seats.max(1)) as usize) % legal.len().max(1))?;
    Some((seat, action))
}

/// Reachable states: a config from `configs`, any seed, and up to `max_steps` steered
/// actions. Configs the game refuses are filtered out.
///
/// ```
/// use duke_core::testing::strategies::reachable;
/// use duke_core::testing::toy::{HighCard, HighCardConfig};
/// use duke_core::Game;
/// use proptest::prelude::*;
///
/// proptest!(duke_core::testing::proptest_config(256), |(reached in reachable::<HighCard>(Just(HighCardConfig::default()), 20))| {
///     // A house rule: nobody ever has more round wins than rounds played.
///     let wins = reached.state.running_scores();
///     prop_assert!(wins.iter().all(|&w| w <= reached.record.steps.len() as i64));
/// });
/// ```
pub fn reachable<G: Game>(
    configs: impl Strategy<Value = G::Config>,
    max_steps: usize,
) -> impl Strategy<Value = Reached<G>> {
    (configs, any::<u64>(), proptest::collection::vec(any::<u32>(), 0..=max_steps))
        .prop_filter_map("the game refuses the config", |(config, seed, choices)| {
            play_choices::<G>(&config, seed, &choices)
        })
}

/// A legal step in `state`: one of the seats that may act and one of its legal actions;
/// `None` once the game is over.
pub fn legal_step<G: Game>(state: &G) -> BoxedStrategy<Option<Step<G::Action>>> {
    let mut steps = Vec::new();
    let mut legal = Vec::new();
    for seat in state.to_act().iter() {
        state.legal_actions(seat, &mut legal);
        steps.extend(legal.iter().map(|&action| Step { seat, action }));
    }
    if steps.is_empty() {
        return Just(None).boxed();
    }
    proptest::sample::select(steps).prop_map(Some).boxed()
}
