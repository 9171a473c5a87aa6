//! What every observer witnessed at set-up ([`Game::opening_events`]).

use duke_core::referee::Table;
use duke_core::{Game, Observer, Seat};
use theduke_rules::{Event, TheDuke};

/// Rulebook "Set-up": "Determine which player will set up first": the one chance result of
/// a new game, told to everyone, and the start of every referee log.
#[test]
fn who_sets_up_first_opens_every_log() {
    for seed in 0..8 {
        let config = <theduke_rules::Config as duke_core::GameConfig>::rulebook(None).unwrap();
        let table = Table::<TheDuke>::new(&config, seed).unwrap();
        let first = TheDuke::new(&config, seed).unwrap().to_act().first().unwrap();
        for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator] {
            assert_eq!(table.events(observer), [Event::FirstToSetUp { seat: first }]);
        }
    }
}
