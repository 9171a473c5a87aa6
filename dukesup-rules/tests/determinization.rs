//! Determinization uses only what the seat knows: two positions that look the same to a seat
//! determinize the same way, and every result is consistent with the seat's knowledge.

use duke_core::{Card, CardSet, Game, Observer, Seat};
use dukesup_rules::{CastleState, DukesUp, Phase, PlayerSetup, Setup, TurnFlags, colour_of};

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// Seat 0 (black) to act in his play step with `hand` and face-down CASTLE `castle`, DUKES
/// 2C 2S, on `table`; seat 1 (red) has no DUKES, and his CASTLE 8H was taken onto the table.
/// Each draw pile holds the seat's other cards in a fixed order.
fn position(table: &str, hand: &str, castle: &str) -> DukesUp {
    let placed = cards(table).union(cards(hand)).union(cards("2C 2S")).union(cards(castle));
    let rest = |seat: u8| Some(CardSet::colour(colour_of(Seat(seat))).difference(placed).iter().collect());
    let black = PlayerSetup {
        hand: cards(hand).iter().collect(),
        dukes: [Some(card("2C")), Some(card("2S"))],
        castle: Some(card(castle)),
        draw: rest(0),
        ..PlayerSetup::default()
    };
    let red = PlayerSetup {
        castle: Some(card("8H")),
        castle_state: CastleState::OnTable,
        draw: rest(1),
        ..PlayerSetup::default()
    };
    DukesUp::from_setup(&Setup {
        phase: Phase::Play,
        turns: 5,
        turn: TurnFlags { acted: true, ..TurnFlags::default() },
        table: cards(table).iter().collect(),
        players: [black, red],
        ..Setup::default()
    })
    .unwrap()
}

/// P0 has played P1's face-up CASTLE 8H: his turn can end only with two more black cards
/// around it (8C 8S, 6C 7C, 7C 9C or 9C TC), one in his single hand card and one as his
/// face-down CASTLE (through THE MOVE). P1 cannot tell which. Random re-deals rarely hit
/// such a pair, so determinization must construct one, and must not copy the true cards.
#[test]
fn determinization_depends_only_on_the_view() {
    let a = position("8H", "8C", "8S");
    let b = position("8H", "9C", "7C");
    assert_eq!(a.view(Observer::Seat(Seat(1))), b.view(Observer::Seat(Seat(1))));
    let mut hands = CardSet::EMPTY;
    for seed in 0..40 {
        let da = a.determinize(Seat(1), seed);
        let db = b.determinize(Seat(1), seed);
        assert_eq!(da, db, "seed {seed}: the real hidden cards leaked into the deal");
        da.validate().unwrap();
        assert_eq!(da.view(Observer::Seat(Seat(1))), a.view(Observer::Seat(Seat(1))));
        hands = hands.union(da.to_setup().players[0].hand.iter().copied().collect());
    }
    // The deals vary: not always the true (or any single) hand.
    assert!(hands.len() > 1, "{hands}");
}

/// The same with a three-card hand: whichever way the deal is found (drawn at random or
/// constructed), it never depends on the real hand or CASTLE.
#[test]
fn determinization_ignores_the_real_hand_of_three() {
    let a = position("8H", "8C 8S 3C", "KS");
    let b = position("8H", "9C TC 4S", "KC");
    assert_eq!(a.view(Observer::Seat(Seat(1))), b.view(Observer::Seat(Seat(1))));
    for seed in 0..20 {
        let da = a.determinize(Seat(1), seed);
        assert_eq!(da, b.determinize(Seat(1), seed));
        da.validate().unwrap();
    }
}
