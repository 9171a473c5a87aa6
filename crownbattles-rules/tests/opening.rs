//! What every observer witnessed at set-up ([`Game::opening_events`]).

use crownbattles_rules::{CrownBattles, Event};
use duke_core::referee::Table;
use duke_core::{Game, Observer, Seat};

/// The first round's start (round 1, the deal, the spinner) opens every referee log: the
/// contract's `opening_events` is the inherent [`CrownBattles::opening_events`].
#[test]
fn the_first_round_opens_every_log() {
    let config = <crownbattles_rules::Config as duke_core::GameConfig>::rulebook(None).unwrap();
    let table = Table::<CrownBattles>::new(&config, 11).unwrap();
    let game = CrownBattles::new(&config, 11).unwrap();
    let mut out = vec![Event::Crown { holder: None }];
    for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(2)), Observer::Spectator] {
        Game::opening_events(&game, observer, &mut out);
        assert_eq!(out, game.opening_events(observer));
        assert_eq!(table.events(observer), out.as_slice());
        assert!(matches!(out[0], Event::RoundStarted { round: 1, .. }), "{out:?}");
    }
}
