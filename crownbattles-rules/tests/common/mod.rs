//! Helpers for scenario tests: prepared deals and scripted actions.
#![allow(dead_code)]

use crownbattles_rules::{Action, Config, CrownBattles, DeckSpec, Face, Power, Schedule, Trump};
use duke_core::{Game, Seat};

/// A config for `players` with the standard deck plus `powers`, dealing `cards` in one round.
pub fn config(players: u8, cards: &[u8], powers: &[Power]) -> Config {
    let mut c = Config::base(players).unwrap();
    c.deck = DeckSpec::standard().with_powers(powers);
    c.schedule = Schedule::new(cards).unwrap();
    c.max_tie_replays = 0;
    c.validated().unwrap()
}

/// Parses a list of space-separated card names.
pub fn faces(list: &str) -> Vec<Face> {
    list.split_whitespace().map(|w| w.parse().unwrap()).collect()
}

/// A game from a prepared deal: one string of cards per seat; dealer is the last seat.
pub fn deal(config: &Config, trump: Trump, hands: &[&str]) -> CrownBattles {
    let parsed: Vec<Vec<Face>> = hands.iter().map(|h| faces(h)).collect();
    let refs: Vec<&[Face]> = parsed.iter().map(|h| h.as_slice()).collect();
    let dealer = Seat(config.players - 1);
    CrownBattles::with_deal(config, 1, dealer, trump, &refs).unwrap()
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
