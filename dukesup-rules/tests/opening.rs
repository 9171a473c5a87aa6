//! What every observer witnessed at set-up ([`Game::opening_events`]).

use duke_core::referee::Table;
use duke_core::{Observer, Seat};
use dukesup_rules::{DukesUp, Event};

/// Setup 3: four cards dealt to each player, seen by their owner only; the round and who
/// goes first open every referee log.
#[test]
fn the_first_deal_opens_every_log() {
    let config = <dukesup_rules::Config as duke_core::GameConfig>::rulebook(None).unwrap();
    let table = Table::<DukesUp>::new(&config, 7).unwrap();
    let first = table.view(Observer::Spectator).current;
    let own = table.view(Observer::Seat(Seat(1))).players[1].hand_known;
    assert_eq!(own.len(), 4);
    assert_eq!(
        table.events(Observer::Seat(Seat(1))),
        [
            Event::RoundStarted { round: 1, first },
            Event::Dealt { seat: Seat(0), cards: None },
            Event::Dealt { seat: Seat(1), cards: Some(own) },
        ]
    );
    assert!(table.events(Observer::Spectator).iter().all(|e| !matches!(e, Event::Dealt { cards: Some(_), .. })));
}
