//! `CrownBattles::why_illegal`: the reason a refused card could not be played, for a
//! player at a terminal ("Players must follow suit if possible").

mod common;

use common::*;
use crownbattles_rules::{Action, Power, Setup, Trump};
use duke_core::Seat;

fn action(text: &str) -> Action {
    text.parse().unwrap()
}

#[test]
fn a_refused_off_suit_card_is_explained_as_must_follow_suit() {
    let c = config(3, &[3], &[Power::Wizard]);
    let mut game = start(&Setup {
        bids: bids(&["1"; 3]),
        ..table(&c, Trump::NoTrump, &["R5 B2 B3", "R9 B13 peasant", "golem wizard Y1"])
    });
    steps(&mut game, &["P0 play R5"]);
    assert!(refused(&game, "P1 play B13"));
    assert_eq!(
        game.why_illegal(Seat(1), action("play B13")),
        Some("you must follow the suit led while you hold a card of it")
    );
    assert!(refused(&game, "P1 play Y1"));
    assert_eq!(game.why_illegal(Seat(1), action("play Y1")), Some("that card is not in your hand"));
    // Legal, or not this seat's turn: nothing more to say.
    assert_eq!(game.why_illegal(Seat(1), action("play R9")), None);
    assert_eq!(game.why_illegal(Seat(2), action("play Y1")), None);
}
