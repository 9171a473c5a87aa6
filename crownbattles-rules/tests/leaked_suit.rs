//! Leaked Suit ("Before bidding, players choose one suit to reveal. Then players reveal all
//! cards in their chosen suit simultaneously face up"), its printed variations
//! (`Config::leak_choice`) and RULES.md, reading 39.

mod common;

use common::*;
use crownbattles_rules::{
    Action, Config, CrownBattles, Face, Leak, LeakChoice, Phase, Place, Power, RoundType, RoundTypes, Setup,
    SetupError, Trump,
};
use duke_core::{Game, Observer, Seat};

fn leaked(players: u8, cards: &[u8], powers: &[Power], choice: LeakChoice) -> Config {
    let mut c = config(players, cards, powers);
    c.round_types = RoundTypes::Every(RoundType::LeakedSuit);
    c.leak_choice = choice;
    c
}

/// What `observer` knows to be in `seat`'s hand.
fn known_in(game: &CrownBattles, observer: Observer, seat: u8) -> Vec<Face> {
    let view = game.view(observer);
    view.known.iter().filter(|(p, _)| *p == Place::Hand(Seat(seat))).map(|&(_, f)| f).collect()
}

#[test]
fn the_choices_are_secret_until_everyone_has_chosen_then_all_reveal() {
    let config = leaked(3, &[3], &[Power::GolemKing], LeakChoice::Simultaneous);
    let mut game = deal(&config, Trump::NoTrump, &["R13 R2 golem", "G5 G6 peasant", "golem-king dragon B4"]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::LeakedSuit);
    assert_eq!(game.to_act().iter().count(), 3, "every seat chooses, in any order");
    // Bidding waits for the reveal.
    assert!(refused(&game, "P0 bid 1"));
    assert_eq!(
        seen(&mut game.clone(), "P1 leak G", Observer::Seat(Seat(0))),
        vec!["P1 chooses a suit to reveal face down"]
    );
    steps(&mut game, &["P1 leak G"]);
    assert_eq!(game.view(Observer::Seat(Seat(0))).leaks[1], None, "hidden from the others");
    assert_eq!(game.view(Observer::Seat(Seat(1))).leaks[1], Some(Leak::Suit("G".parse().unwrap())));
    assert!(known_in(&game, Observer::Seat(Seat(0)), 1).is_empty());
    steps(&mut game, &["P2 leak monsters"]);
    // The last choice reveals everyone's, in seat order.
    let events = seen(&mut game, "P0 leak R", Observer::Spectator);
    assert_eq!(
        events,
        vec![
            "P0 chooses a suit to reveal face down",
            "P0 reveals suit R: R2 R13",
            "P1 reveals suit G: G5 G6",
            "P2 reveals suit monsters: dragon golem-king",
        ]
    );
    // Revealed cards stay in hand, known to everyone (the spectator included).
    assert_eq!(known_in(&game, Observer::Seat(Seat(0)), 2), faces("dragon golem-king"));
    assert_eq!(known_in(&game, Observer::Spectator, 1), faces("G5 G6"));
    assert_eq!(game.view(Observer::Seat(Seat(1))).hand.len(), 3);
    // Then the bidding from the dealer's left, and the revealed cards play normally.
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Bidding(Seat(0)));
    all_bid(&mut game, "1");
    steps(&mut game, &["P0 play R13", "P1 play G5"]);
    assert_eq!(known_in(&game, Observer::Seat(Seat(2)), 1), faces("G6"));
}

#[test]
fn peasants_and_power_cards_cannot_be_chosen_and_the_monsters_are_one_suit() {
    let config = leaked(3, &[2], &[Power::DragonKing, Power::Bomb], LeakChoice::Simultaneous);
    let game = deal(&config, Trump::NoTrump, &["peasant bomb", "golem dragon-king", "R1 R2"]);
    // Any of the four suits or the monsters, held or not; never Peasants or a power card.
    assert_eq!(legal(&game, 0), vec!["leak R", "leak G", "leak B", "leak Y", "leak monsters"]);
    assert!("leak peasant".parse::<Action>().is_err());
    assert!(refused(&game, "P0 leak none"));
    let mut game = game;
    steps(&mut game, &["P0 leak B", "P1 leak monsters", "P2 leak R"]);
    // A suit the seat does not hold reveals nothing (but that it holds none of it).
    assert!(known_in(&game, Observer::Seat(Seat(1)), 0).is_empty());
    // The Golem and the Dragon King together.
    assert_eq!(known_in(&game, Observer::Seat(Seat(0)), 1), faces("golem dragon-king"));
}

#[test]
fn with_leak_only_held_a_player_must_reveal_a_suit_it_holds() {
    let mut config = leaked(3, &[2], &[], LeakChoice::Simultaneous);
    config.leak_only_held = true;
    let game = deal(&config, Trump::NoTrump, &["R1 golem", "peasant peasant", "B3 B4"]);
    assert_eq!(legal(&game, 0), vec!["leak R", "leak monsters"]);
    assert_eq!(legal(&game, 2), vec!["leak B"]);
    // A seat holding nothing that can be chosen chooses any suit (it reveals nothing).
    assert_eq!(legal(&game, 1), vec!["leak R", "leak G", "leak B", "leak Y", "leak monsters"]);
}

#[test]
fn clockwise_each_reveal_is_seen_before_the_next_choice() {
    let config = leaked(3, &[2], &[], LeakChoice::Clockwise);
    let mut game = deal(&config, Trump::NoTrump, &["R1 R2", "G5 B6", "Y3 Y4"]);
    assert_eq!(game.to_act().iter().collect::<Vec<_>>(), vec![Seat(0)]);
    assert!(refused(&game, "P1 leak G"));
    assert_eq!(seen(&mut game, "P0 leak R", Observer::Seat(Seat(2))), vec!["P0 leak R", "P0 reveals suit R: R1 R2"]);
    assert_eq!(game.to_act().iter().collect::<Vec<_>>(), vec![Seat(1)]);
    steps(&mut game, &["P1 leak B", "P2 leak Y"]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Bidding(Seat(0)));
}

#[test]
fn the_dealer_decides_the_suit_everyone_reveals() {
    let config = leaked(3, &[2], &[], LeakChoice::Dealer);
    let mut game = deal(&config, Trump::NoTrump, &["R1 R2", "G5 R6", "Y3 Y4"]);
    // The last seat deals.
    assert_eq!(game.to_act().iter().collect::<Vec<_>>(), vec![Seat(2)]);
    let events = seen(&mut game, "P2 leak R", Observer::Seat(Seat(0)));
    assert_eq!(
        events,
        vec!["P2 leak R", "P0 reveals suit R: R1 R2", "P1 reveals suit R: R6", "P2 reveals suit R: (none)"]
    );
    assert_eq!(game.view(Observer::Spectator).leaks, vec![Some(Leak::Suit("R".parse().unwrap())); 3]);
}

#[test]
fn the_spinner_decides_the_suit_or_lets_the_dealer_decide() {
    let with = |spinner: [u16; 6]| {
        let mut config = leaked(3, &[2], &[], LeakChoice::Spinner);
        config.spinner = spinner;
        deal(&config, Trump::NoTrump, &["R1 B2", "B5 R6", "Y3 B4"])
    };
    // Blue for everyone, drawn as the bidding would start.
    let game = with([0, 0, 1, 0, 0, 0]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Bidding(Seat(0)));
    assert_eq!(known_in(&game, Observer::Seat(Seat(0)), 2), faces("B4"));
    // X: no suit, nothing revealed.
    let game = with([0, 0, 0, 0, 1, 0]);
    assert_eq!(game.view(Observer::Spectator).leaks, vec![Some(Leak::Nothing); 3]);
    assert!(game.view(Observer::Seat(Seat(0))).known.is_empty());
    // The four colours: the dealer decides.
    let game = with([0, 0, 0, 0, 0, 1]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::LeakedSuit);
    assert_eq!(game.to_act().iter().collect::<Vec<_>>(), vec![Seat(2)]);
    // A saved game waiting for the dealer's choice does not spin again when loaded.
    assert_eq!(CrownBattles::from_setup(&game.to_setup()).unwrap(), game);
}

#[test]
fn a_random_card_from_the_left_neighbour_decides_its_suit() {
    let config = leaked(3, &[2], &[Power::Bomb], LeakChoice::Neighbour);
    for seed in 0..8 {
        let setup = Setup { seed, ..table(&config, Trump::NoTrump, &["R1 G2", "B5 B6", "peasant bomb"]) };
        let game = start(&setup);
        let leaks = game.view(Observer::Spectator).leaks;
        assert!(matches!(leaks[0], Some(Leak::Suit(s)) if s.letter() == 'R' || s.letter() == 'G'), "{leaks:?}");
        assert_eq!(leaks[1], Some(Leak::Suit("B".parse().unwrap())));
        // Only a Peasant and a power card: nothing can be chosen, nothing is revealed.
        assert_eq!(leaks[2], Some(Leak::Nothing));
        assert_eq!(known_in(&game, Observer::Seat(Seat(0)), 1), faces("B5 B6"));
        assert_eq!(game.view(Observer::Spectator).phase, Phase::Bidding(Seat(0)));
    }
}

#[test]
fn determinization_keeps_the_revealed_cards_and_no_more_of_the_suit() {
    let config = leaked(3, &[4], &[], LeakChoice::Simultaneous);
    let mut game = deal(&config, Trump::NoTrump, &["R1 R2 G3 G4", "B5 B6 R7 Y8", "Y3 Y4 G7 G8"]);
    steps(&mut game, &["P0 leak G", "P1 leak B", "P2 leak Y"]);
    for seed in 0..40 {
        let twin = game.determinize(Seat(0), seed);
        let setup = twin.to_setup();
        let hand = |s: usize| setup.hands.as_ref().unwrap()[s].iter().map(|c| c.face).collect::<Vec<Face>>();
        let blue: Vec<Face> =
            hand(1).into_iter().filter(|f| matches!(f, Face::Number(s, _) if s.letter() == 'B')).collect();
        assert_eq!(blue, faces("B5 B6"), "seed {seed}: P1 showed all its blue cards");
        let yellow: Vec<Face> =
            hand(2).into_iter().filter(|f| matches!(f, Face::Number(s, _) if s.letter() == 'Y')).collect();
        assert_eq!(yellow, faces("Y3 Y4"), "seed {seed}");
    }
}

#[test]
fn a_saved_leaked_suit_round_loads_and_goes_on() {
    let config = leaked(3, &[2], &[], LeakChoice::Simultaneous);
    let mut game = deal(&config, Trump::NoTrump, &["R1 R2", "G5 B6", "Y3 Y4"]);
    steps(&mut game, &["P1 leak G"]);
    let back = CrownBattles::from_setup(&game.to_setup()).unwrap();
    assert_eq!(back, game);
    steps(&mut game, &["P0 leak R", "P2 leak Y"]);
    let back = CrownBattles::from_setup(&game.to_setup()).unwrap();
    assert_eq!(back, game);
    // Suits outside a Leaked Suit round, or a spinner's "none" chosen by a player, are refused.
    let mut normal = Setup {
        leaks: vec![Some(Leak::Monsters), None, None],
        ..table(&config, Trump::NoTrump, &["R1 R2", "G5 B6", "Y3 Y4"])
    };
    normal.config.round_types = RoundTypes::default();
    assert_eq!(CrownBattles::from_setup(&normal), Err(SetupError::Leaks));
    let nothing = Setup {
        leaks: vec![Some(Leak::Nothing), None, None],
        ..table(&config, Trump::NoTrump, &["R1 R2", "G5 B6", "Y3 Y4"])
    };
    assert_eq!(CrownBattles::from_setup(&nothing), Err(SetupError::Leaks));
}

#[test]
fn a_deck_without_suits_reveals_nothing_and_bids_at_once() {
    let mut config = leaked(2, &[2], &[], LeakChoice::Simultaneous);
    config.deck = crownbattles_rules::DeckSpec { values: [0; 4], golems: 0, dragons: 0, peasants: 4, powers: 0 };
    let game = CrownBattles::new(&config, 3).unwrap();
    let view = game.view(Observer::Spectator);
    assert_eq!(view.leaks, vec![Some(Leak::Nothing); 2]);
    assert!(matches!(view.phase, Phase::Bidding(_) | Phase::ChooseTrump), "{:?}", view.phase);
    assert_eq!(CrownBattles::from_setup(&game.to_setup()).unwrap(), game);
}

/// A revealed copy (a Golem) moves by a Merchant trade: the trader that takes "a golem" from
/// a hand where it knew one cannot tell which copy it got, so it knows no Golem there any
/// more, whichever copy the random draw picked (conformance's twin worlds found the trader
/// still "knowing" the other copy when it drew the higher id).
#[test]
fn a_trader_taking_a_copy_it_knew_forgets_the_copy_whichever_it_drew() {
    let config = leaked(3, &[2], &[Power::Merchant], LeakChoice::Simultaneous);
    let world = |p2: &str, seed: u64| {
        // P2 revealed its monsters (one Golem), then got a card unseen (unsealed): P0 knows
        // one Golem there. P2 holds two Golems in one world, a Golem and B4 in the other.
        let setup = Setup {
            seed,
            bids: bids(&["0"; 3]),
            leaks: vec![Some("R".parse().unwrap()), Some("G".parse().unwrap()), Some(Leak::Monsters)],
            unsealed: vec![Seat(2)],
            shown: Some(cards("R1 G2 G3")),
            known: Some(vec![cards("G2 G3 golem"), cards("R1 golem"), cards("R1 G2 G3")]),
            ..table(&config, Trump::NoTrump, &["merchant R1", "G2 G3", p2])
        };
        let mut game = start(&setup);
        steps(&mut game, &["P0 play merchant"]);
        game
    };
    let mut golems = 0;
    for seed in 0..24 {
        let (mut here, mut there) = (world("golem golem", seed), world("golem B4", seed));
        assert_eq!(here.view(Observer::Seat(Seat(0))), there.view(Observer::Seat(Seat(0))), "P0 tells them apart");
        let seen_here = seen(&mut here, "P0 trade R1 P2", Observer::Seat(Seat(0)));
        let seen_there = seen(&mut there, "P0 trade R1 P2", Observer::Seat(Seat(0)));
        // P0 got a Golem and cannot tell which: none of P2's cards is known but R1.
        assert_eq!(seen_here, vec!["P0 trade R1 P2", "P0 gives R1 to P2 and gets golem"], "seed {seed}");
        assert_eq!(known_in(&here, Observer::Seat(Seat(0)), 2), faces("R1"), "seed {seed}");
        if seen_there == seen_here {
            golems += 1;
            assert_eq!(here.view(Observer::Seat(Seat(0))), there.view(Observer::Seat(Seat(0))), "seed {seed}");
        }
    }
    assert!(golems > 0, "some seed draws the Golem in the other world too");
}

/// A revealed copy moved in plain sight (the Cursed) stays shown to a spectator; in a twin
/// world where its new hand also holds the other copy unseen, playing "golem" must use the
/// shown one up as it does in the real world (conformance's twin worlds found the
/// spectator still seeing a Golem there, as `shown` kept the higher id).
#[test]
fn a_shown_copy_is_used_up_by_its_hand_playing_that_face_in_every_world() {
    let config = leaked(3, &[3], &[Power::Cursed], LeakChoice::Simultaneous);
    let mut game = deal(&config, Trump::NoTrump, &["cursed R1 R2", "golem#2 G5 G6", "B1 B2 B3"]);
    steps(&mut game, &["P0 leak R", "P1 leak monsters", "P2 leak B", "P0 bid 0", "P1 bid 0", "P2 bid 0"]);
    steps(&mut game, &["P0 play cursed", "P1 play G5", "P2 play B1", "P0 swap P0 P1", "P1 play R1", "P2 play B2"]);
    assert_eq!(known_in(&game, Observer::Spectator, 0), faces("golem"));
    let mut twins = 0;
    for seed in 0..400 {
        let twin = game.determinize(Seat(2), seed);
        let (mut here, mut there) = (game.clone(), twin.clone());
        let seen_here = seen(&mut here, "P0 play golem", Observer::Spectator);
        assert!(known_in(&here, Observer::Spectator, 0).is_empty());
        if there.view(Observer::Spectator).hand_sizes != game.view(Observer::Spectator).hand_sizes {
            continue;
        }
        let seen_there = seen(&mut there, "P0 play golem", Observer::Spectator);
        assert_eq!(seen_here, seen_there, "seed {seed}");
        assert_eq!(here.view(Observer::Spectator), there.view(Observer::Spectator), "seed {seed}");
        twins += twin.to_setup().hands.unwrap()[0].iter().filter(|c| c.face == Face::Golem).count() / 2;
    }
    assert!(twins > 0, "some twin gives P0 both Golems");
}
