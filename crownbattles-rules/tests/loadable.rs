//! A position that loads (a saved state, a `Setup`) is one the game can go on from: every
//! seat to act has a legal action, and `apply` then `undo` restores it exactly. Each test
//! tampers with a real game's saved setup the way an adversarial review of saved states
//! did, and expects the typed refusal, both from `from_setup` and from deserialisation.

mod common;

use common::*;
use crownbattles_rules::{CrownBattles, Phase, Power, Setup, SetupError, SuitId, Trump};
use duke_core::{Game, Seat};

/// `from_setup` refuses `setup` with `expected`, and so does loading it as a saved state.
fn refused_as(setup: &Setup, expected: SetupError) {
    assert_eq!(CrownBattles::from_setup(setup), Err(expected.clone()));
    let json = serde_json::to_string(setup).unwrap();
    let err = serde_json::from_str::<CrownBattles>(&json).unwrap_err();
    assert!(err.to_string().contains(&expected.to_string()), "{err}");
}

/// A position no one can play on from: a power's decision phase for a power that decides
/// nothing (the Spy looks, the Wizard protects, the Kings and the Double-faced card only
/// fight). Loaded, its seat would be to act with no legal action forever.
#[test]
fn a_decision_for_a_power_without_one_is_refused() {
    for (power, card) in [(Power::Spy, "spy"), (Power::Wizard, "wizard"), (Power::GolemKing, "golem-king")] {
        let c = config(3, &[2], &[power]);
        let mut game = deal(&c, Trump::NoTrump, &[&format!("{card} R1"), "G2 G3", "B4 B5"]);
        all_bid(&mut game, "0");
        steps(&mut game, &[&format!("P0 play {card}")]);
        let mut setup = game.to_setup();
        assert_eq!(CrownBattles::from_setup(&setup), Ok(game));
        setup.phase = Some(Phase::Effect { seat: Seat(0), power, end: false, steps: 0 });
        refused_as(&setup, SetupError::NoDecision { power });
    }
}

/// The Witch's decision with every opponent shielded: her player would be to act with no
/// one to take points from (in play the Witch then does nothing).
#[test]
fn a_seat_to_act_without_a_legal_action_is_refused() {
    let mut c = config(3, &[2], &[Power::Witch]);
    c.shields = crownbattles_rules::Shields::Game;
    let mut game = deal(&c, Trump::NoTrump, &["witch R1", "G2 G3", "B4 B5"]);
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play witch"]);
    let mut setup = game.to_setup();
    assert!(matches!(setup.phase, Some(Phase::Effect { power: Power::Witch, .. })));
    setup.shields = vec![Seat(1), Seat(2)];
    refused_as(&setup, SetupError::NoLegalAction { seat: Seat(0) });
}

/// Suits a seat is known to lack must not be in its hand: determinization deals around
/// them, and could not deal this hand back (it returned hand sizes [12, 0, 3, 0] for
/// [12, 12, 12, 12], a state `validate` refuses).
#[test]
fn a_hand_holding_a_suit_its_seat_is_known_to_lack_is_refused() {
    let c = config(4, &[12], &[]);
    let mut game = CrownBattles::new(&c, 5).unwrap();
    let seat = game.to_act().first().unwrap();
    game.apply(seat, "bid 0".parse().unwrap()).unwrap();
    let mut setup = game.to_setup();
    let hand = &setup.hands.as_ref().unwrap()[1];
    let suit = SuitId::ALL
        .into_iter()
        .find(|&s| hand.iter().any(|c| matches!(c.face, crownbattles_rules::Face::Number(x, _) if x == s)))
        .unwrap();
    let mut voids = vec![Vec::new(); 4];
    voids[1].push(suit);
    setup.voids = Some(voids);
    refused_as(&setup, SetupError::Void { seat: Seat(1), suit });
}

/// Which seats have bid matters, not only how many: with P2 to bid while already holding
/// a bid, P2's bid would overwrite it and `undo` would not bring it back.
#[test]
fn a_seat_to_bid_that_has_bid_already_is_refused() {
    let c = config(4, &[2], &[]);
    let mut game = deal(&c, Trump::NoTrump, &["R1 R2", "G1 G2", "B1 B2", "Y1 Y2"]);
    steps(&mut game, &["P0 bid 1", "P1 bid 0"]);
    let mut setup = game.to_setup();
    assert_eq!(setup.phase, None, "P2 bids next, as the bids say");
    setup.bids = bids(&["1", "-", "0", "-"]);
    setup.phase = Some(Phase::Bidding(Seat(2)));
    refused_as(&setup, SetupError::BidOrder);
}

/// During the bidding the first trick is led by the player left of the dealer; another
/// leader made the state fail `validate` as soon as the last bid was placed.
#[test]
fn a_first_trick_led_by_another_seat_during_the_bidding_is_refused() {
    let c = config(4, &[2], &[]);
    let game = deal(&c, Trump::NoTrump, &["R1 R2", "G1 G2", "B1 B2", "Y1 Y2"]);
    let mut setup = game.to_setup();
    setup.leader = Some(Seat(2));
    refused_as(&setup, SetupError::Leader { leader: Seat(2), expected: Seat(0) });
    // Once everyone has bid, a later trick may be led by anyone (its winner).
    let setup = Setup {
        bids: bids(&["0", "0", "0", "0"]),
        leader: Some(Seat(2)),
        hands: hands(&["R1", "G1", "B1", "Y1"]),
        played: cards("R2 G2 B2 Y2"),
        tricks: vec![0, 0, 1, 0],
        ..table(&c, Trump::NoTrump, &[])
    };
    let game = start(&setup);
    assert_eq!(game.to_act().first(), Some(Seat(2)));
}
