//! The event contract: nothing leaks, nothing is missing, the first event is the action as
//! seen, the acting seat sees its full notation, and events survive serde.
//!
//! *Twin worlds.* A state and its [`determinize`](Game::determinize) twin for a seat are
//! worlds that seat (and the spectator, who knows less) cannot tell apart. Given the same
//! action in both, an observer's events must be equal exactly when its views afterwards
//! are equal:
//!
//! - views equal, events different: the events tell the observer something its view does
//!   not: a leak;
//! - events equal, views different: the view changed in a way no event told: a client
//!   that keeps the event log would miss it.
//!
//! (Events may legitimately differ between twins when the step reveals something new to
//! the observer, a card it draws for example, which the reseeded generator makes differ;
//! then its views differ too.) Within one state, two actions of the same seat that give an
//! observer equal events must give it equal views.

use super::checks::round_trip;
use crate::game::{Game, Observer};
use crate::seat::Seat;

/// Reusable buffers for the event checks.
pub(super) struct EventChecker<G: Game> {
    first: Vec<G::Event>,
    second: Vec<G::Event>,
    legal: Vec<G::Action>,
    other_legal: Vec<G::Action>,
}

impl<G: Game> EventChecker<G> {
    pub(super) fn new() -> Self {
        EventChecker { first: Vec::new(), second: Vec::new(), legal: Vec::new(), other_legal: Vec::new() }
    }

    /// The events of `seat` applying `action` to `state` for every observer: the first is
    /// the seen action, each round-trips through serde, and the acting seat's redacted
    /// notation holds the full notation.
    pub(super) fn check_step(&mut self, state: &G, seat: Seat, action: G::Action, after: &G) -> Result<(), String> {
        let full = action.to_string();
        let own = state.notation_for(seat, action, Observer::Seat(seat));
        if !own.contains(&full) {
            return Err(format!("{seat}'s own redacted notation {own:?} of {full} does not hold the full notation"));
        }
        for observer in observers(state) {
            G::events(state, seat, action, after, observer, &mut self.first);
            let seen = state.seen_action(seat, action, observer);
            if self.first.first() != Some(&seen) {
                return Err(format!(
                    "the first event of {seat} {full} for {observer:?} must be seen_action ({seen}), found {:?}",
                    self.first.first()
                ));
            }
            for event in &self.first {
                if &round_trip(event)? != event {
                    return Err(format!("the event {event} ({event:?}) changes through serde"));
                }
            }
        }
        Ok(())
    }

    /// Twin worlds: `twin` is a state `knower` cannot tell from `state`. For up to
    /// `samples` actions legal in both, for `knower` and the spectator, events are equal
    /// exactly when the views afterwards are.
    pub(super) fn check_twins(&mut self, state: &G, twin: &G, knower: Seat, samples: usize) -> Result<(), String> {
        for actor in state.to_act().iter() {
            state.legal_actions(actor, &mut self.legal);
            twin.legal_actions(actor, &mut self.other_legal);
            let shared: Vec<G::Action> = self.legal.iter().copied().filter(|a| self.other_legal.contains(a)).collect();
            for action in spread(&shared, samples) {
                let (Some(here), Some(there)) = (applied(state, actor, action), applied(twin, actor, action)) else {
                    return Err(format!("{actor} {action} is listed in a twin world but refused"));
                };
                for observer in [Observer::Seat(knower), Observer::Spectator] {
                    G::events(state, actor, action, &here, observer, &mut self.first);
                    G::events(twin, actor, action, &there, observer, &mut self.second);
                    let same_events = self.first == self.second;
                    let same_views = here.view(observer) == there.view(observer);
                    if same_views && !same_events {
                        return Err(format!(
                            "leak: {actor} {action} gives {observer:?} different events in two worlds it cannot tell apart (its views afterwards are equal):\n  {}\n  {}",
                            show(&self.first),
                            show(&self.second)
                        ));
                    }
                    if same_events && !same_views {
                        return Err(format!(
                            "incomplete events: after {actor} {action} in two worlds {observer:?} cannot tell apart, its events are equal ({}) but its views differ",
                            show(&self.first)
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Within one state: two actions of a seat that give an observer equal events give it
    /// equal views (the events say everything that changed).
    pub(super) fn check_distinct_actions(&mut self, state: &G, samples: usize) -> Result<(), String> {
        for actor in state.to_act().iter() {
            state.legal_actions(actor, &mut self.legal);
            let picked = spread(&self.legal, samples);
            let results: Vec<(G::Action, G)> =
                picked.iter().filter_map(|&a| applied(state, actor, a).map(|after| (a, after))).collect();
            for observer in observers(state) {
                for (i, (a, after_a)) in results.iter().enumerate() {
                    G::events(state, actor, *a, after_a, observer, &mut self.first);
                    for (b, after_b) in results.iter().skip(i + 1) {
                        G::events(state, actor, *b, after_b, observer, &mut self.second);
                        if self.first == self.second && after_a.view(observer) != after_b.view(observer) {
                            return Err(format!(
                                "incomplete events: {actor} {a} and {actor} {b} give {observer:?} the same events ({}) but different views",
                                show(&self.first)
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// Every seat and the spectator.
fn observers<G: Game>(state: &G) -> impl Iterator<Item = Observer> {
    (0..state.seat_count()).map(|s| Observer::Seat(Seat(s as u8))).chain([Observer::Spectator])
}

/// `state` after `seat` plays `action`, if it is accepted.
fn applied<G: Game>(state: &G, seat: Seat, action: G::Action) -> Option<G> {
    let mut after = state.clone();
    after.apply(seat, action).ok().map(|_| after)
}

/// Up to `n` items spread evenly over `items` (first and last included).
fn spread<T: Copy>(items: &[T], n: usize) -> Vec<T> {
    if items.len() <= n {
        return items.to_vec();
    }
    let last = items.len() - 1;
    let steps = n.saturating_sub(1).max(1);
    (0..n.max(1)).map(|k| items[k * last / steps]).collect()
}

fn show<E: core::fmt::Display>(events: &[E]) -> String {
    events.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}
