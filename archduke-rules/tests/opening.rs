//! What every observer witnessed at set-up ([`Game::opening_events`]).

use archduke_rules::{Archduke, Event};
use duke_core::referee::Table;
use duke_core::{Observer, Seat};

/// Rulebook, "Start of round": the first round, its dealer and the player to his left open
/// every referee log (the grids are dealt face down: nobody sees a face before peeking).
#[test]
fn the_first_round_opens_every_log() {
    let config = <archduke_rules::Config as duke_core::GameConfig>::rulebook(None).unwrap();
    let table = Table::<Archduke>::new(&config, 3).unwrap();
    let view = table.view(Observer::Spectator);
    for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(3)), Observer::Spectator] {
        let events = table.events(observer);
        assert_eq!(events.len(), 1, "{events:?}");
        assert!(
            matches!(events[0], Event::NewRound { round: 1, dealer, first } if dealer == view.dealer && first.0 == (dealer.0 + 1) % 4),
            "{events:?}"
        );
    }
}
