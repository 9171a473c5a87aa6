//! Helpers for scenario tests: set-up positions and scripted actions.
#![allow(dead_code)]

use crownbattles_rules::{
    Action, Bid, CardName, Config, CrownBattles, DeckSpec, Event, Face, Power, Schedule, Setup, Trump,
};
use duke_core::{Game, Observer, Seat};

/// A config for `players` with the standard deck plus `powers`, dealing `cards` in one round.
pub fn config(players: u8, cards: &[u8], powers: &[Power]) -> Config {
    let mut c = Config::rulebook(Some(players)).unwrap();
    c.deck = DeckSpec::standard().with_powers(powers);
    c.schedule = Schedule::new(cards).unwrap();
    c.max_tie_replays = 0;
    {
        c.check().unwrap();
        c
    }
}

/// Parses a list of space-separated card names.
pub fn faces(list: &str) -> Vec<Face> {
    list.split_whitespace().map(|w| w.parse().unwrap()).collect()
}

/// Parses a list of space-separated card names (`R12 golem golem#2`).
pub fn cards(list: &str) -> Vec<CardName> {
    list.split_whitespace().map(|w| w.parse().unwrap()).collect()
}

/// One list of cards per seat, from one string per seat.
pub fn hands(hands: &[&str]) -> Option<Vec<Vec<CardName>>> {
    Some(hands.iter().map(|h| cards(h)).collect())
}

/// Bids in notation (`"2-3"`, `"-"` for none), one per seat.
pub fn bids(bids: &[&str]) -> Vec<Option<Bid>> {
    bids.iter().map(|b| if *b == "-" { None } else { Some(b.parse().unwrap()) }).collect()
}

/// The start of the first round of `config` with these hands and trump: the last seat
/// deals, so P0 bids and leads first; the rest of the deck is undealt (generator seed 1).
pub fn table(config: &Config, trump: Trump, cards: &[&str]) -> Setup {
    Setup { seed: 1, trump: Some(trump), hands: hands(cards), ..Setup::new(config.clone()) }
}

/// The game of a setup (panics with the reason if it is refused).
pub fn start(setup: &Setup) -> CrownBattles {
    CrownBattles::from_setup(setup).unwrap_or_else(|e| panic!("setup refused: {e}\n{setup:#?}"))
}

/// A game at the start of the first round: one string of cards per seat, the last seat
/// deals ([`table`]).
pub fn deal(config: &Config, trump: Trump, cards: &[&str]) -> CrownBattles {
    start(&table(config, trump, cards))
}

/// Applies "P1 play R12"-style steps, panicking with context on refusal.
pub fn steps(game: &mut CrownBattles, script: &[&str]) {
    for line in script {
        let (seat, action) = line.split_once(' ').unwrap();
        let seat = Seat(seat.trim_start_matches('P').parse().unwrap());
        let action: Action = action.parse().unwrap();
        if let Err(e) = game.apply(seat, action) {
            panic!("step {line:?} refused: {e}\n{}", game.view(duke_core::Observer::Spectator));
        }
    }
}

/// Whether a step is refused.
pub fn refused(game: &CrownBattles, line: &str) -> bool {
    let (seat, action) = line.split_once(' ').unwrap();
    let seat = Seat(seat.trim_start_matches('P').parse().unwrap());
    let action: Action = action.parse().unwrap();
    game.clone().apply(seat, action).is_err()
}

/// The legal actions of a seat, in notation.
pub fn legal(game: &CrownBattles, seat: u8) -> Vec<String> {
    let mut out = Vec::new();
    game.legal_actions(Seat(seat), &mut out);
    out.iter().map(ToString::to_string).collect()
}

/// Everyone bids this (seat order from the dealer's left).
pub fn all_bid(game: &mut CrownBattles, bid: &str) {
    for _ in 0..game.seat_count() {
        let seat = game.to_act().first().unwrap();
        game.apply(seat, format!("bid {bid}").parse().unwrap()).unwrap();
    }
}

/// Builders on a scenario's setup.
pub trait Scenario {
    /// The same setup with `seat`'s hand replaced.
    fn with_hand(self, seat: usize, cards: &str) -> Setup;
}

impl Scenario for Setup {
    fn with_hand(mut self, seat: usize, list: &str) -> Setup {
        if let Some(hand) = self.hands.as_mut().and_then(|h| h.get_mut(seat)) {
            *hand = cards(list);
        }
        self
    }
}

/// Plays `line` (`P1 bid 2`; the state must stay valid) and returns the events `observer`
/// receives for it.
pub fn step_events(game: &mut CrownBattles, line: &str, observer: Observer) -> Vec<Event> {
    let before = game.clone();
    let (seat, action) = line.split_once(' ').unwrap();
    let seat = Seat(seat.trim_start_matches('P').parse().unwrap());
    let action: Action = action.parse().unwrap();
    game.apply(seat, action).unwrap_or_else(|e| panic!("{line}: {e}\n{}", game.view(Observer::Spectator)));
    game.validate().unwrap();
    let mut events = Vec::new();
    CrownBattles::events(&before, seat, action, game, observer, &mut events);
    events
}

/// Plays `line` (`P1 bid 2`) and returns the events `observer` receives for it, as text.
pub fn seen(game: &mut CrownBattles, line: &str, observer: Observer) -> Vec<String> {
    step_events(game, line, observer).iter().map(ToString::to_string).collect()
}

/// Plays `lines` and returns the points of the round's score event (the spectator's).
pub fn round_points_of(game: &mut CrownBattles, lines: &[&str]) -> Vec<i32> {
    let mut found = None;
    for line in lines {
        for e in step_events(game, line, Observer::Spectator) {
            if let Event::RoundScored { points, .. } = e {
                found = Some(points);
            }
        }
    }
    found.expect("the round was scored")
}

/// Plays `hands` (a card a seat, P0 first) as a round's one trick after every seat bid 0,
/// and checks that seat `winner` took it: -10 for it, 20 for every other seat.
pub fn assert_trick_won_by(game: &mut CrownBattles, hands: &[&str], winner: usize) {
    for (s, card) in hands.iter().enumerate() {
        steps(game, &[&format!("P{s} play {card}")]);
    }
    let mut expected = vec![20; hands.len()];
    expected[winner] = -10;
    assert_eq!(game.running_scores(), expected, "{hands:?}");
}
