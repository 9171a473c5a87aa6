//! `Archduke::why_illegal` (issue #26 item 6): every refused action says which rule it
//! breaks, and nothing legal is given a reason. Each reason is asserted on a position where
//! it applies; a property checks, over random games of every config, that the reasons fall
//! exactly on the actions the engine refuses.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::BTreeMap;

use archduke_rules::testing::configs;
use archduke_rules::{Action, Archduke, Config, Power, Scoring, Setup, SetupGrid, Slot, Spot, Stage};
use duke_core::testing::strategies::reachable;
use duke_core::{Game, Seat};
use proptest::prelude::*;

fn cfg(players: u8) -> Config {
    let mut config = Config::rulebook(Some(players)).unwrap();
    config.first_dealer = Some(Seat(players - 1));
    config
}

fn grids(seats: &[&str]) -> Vec<SetupGrid> {
    seats.iter().map(|g| g.parse().unwrap()).collect()
}

fn faces(text: &str) -> Vec<archduke_rules::Face> {
    text.split_whitespace().map(|f| f.parse().unwrap()).collect()
}

fn act(text: &str) -> Action {
    text.parse().unwrap()
}

/// `seat`'s reason for `action` (written in notation), checked against the engine: an action
/// with a reason is refused, one without is legal.
fn why(game: &Archduke, seat: u8, action: &str) -> Option<&'static str> {
    let action = act(action);
    let reason = game.why_illegal(Seat(seat), action);
    let mut legal = Vec::new();
    game.legal_actions(Seat(seat), &mut legal);
    assert_eq!(reason.is_none(), legal.contains(&action), "P{seat} {action}: {reason:?}");
    reason
}

/// Three players: P1 has just discarded a 10 and P2 is next.
fn window() -> Setup {
    Setup {
        grids: grids(&["5 6 7 8", "2 3 4 9", "2 3 4 9"]),
        discard: faces("10"),
        stage: Stage::Window { after: Some(Seat(1)), next: Seat(2) },
        ..Setup::new(cfg(3))
    }
}

#[test]
fn the_pre_round_peek_says_what_is_wrong_with_a_look_and_that_turns_wait() {
    let mut game = Archduke::new(&cfg(3), 1).unwrap();
    assert_eq!(why(&game, 0, "look b2 a1"), Some("name two different positions, the first before the second"));
    assert_eq!(why(&game, 0, "look a1 a1"), Some("name two different positions, the first before the second"));
    assert_eq!(why(&game, 0, "look a1 c1"), Some("that position of your grid holds no card"));
    assert_eq!(why(&game, 0, "look a2 b2"), None);
    assert_eq!(why(&game, 0, "draw"), Some("wait until every player has looked at two cards (pre-round peek)"));
    assert_eq!(why(&game, 0, "match a1"), Some("no match can be tried now: the matching window is closed"));
    assert_eq!(why(&game, 0, "keep a1"), Some("you have no drawn card to keep or discard"));
    assert_eq!(why(&game, 0, "pass"), Some("you have no action card to use"));
    assert_eq!(why(&game, 0, "archduke"), Some("call \"Archduke!\" only at the end of your own turn"));
    game.apply(Seat(0), act("look a2 b2")).unwrap();
    assert_eq!(why(&game, 0, "look a1 b1"), Some("you have already looked at two of your cards this round"));
    assert_eq!(game.why_illegal(Seat(3), act("look a1 b1")), Some("there is no such seat at this table"));
}

#[test]
fn a_turn_says_whose_it_is_and_what_must_come_first() {
    let mut game = Archduke::from_setup(&window()).unwrap();
    assert_eq!(why(&game, 0, "draw"), Some("it is not your turn"));
    assert_eq!(why(&game, 2, "end"), Some("the round is not over: draw, or take the discard"));
    assert_eq!(why(&game, 2, "take c1"), Some("that position of your grid holds no card"));
    assert_eq!(why(&game, 2, "take a1"), None);
    assert_eq!(why(&game, 2, "peek P0:a1"), Some("you have no action card to use"));
    // A match of a card of another rank is legal (a wrong try costs a penalty card).
    assert_eq!(why(&game, 0, "match a1"), None);
    assert_eq!(why(&game, 0, "match c2"), Some("that position of your grid holds no card"));
    assert_eq!(why(&game, 0, "archduke"), Some("call \"Archduke!\" only at the end of your own turn"));
    assert_eq!(why(&game, 1, "archduke"), None);
    game.apply(Seat(2), Action::Draw).unwrap();
    assert_eq!(why(&game, 2, "draw"), Some("keep or discard the card you drew first"));
    assert_eq!(why(&game, 0, "take a1"), Some("it is not your turn"));
    assert_eq!(why(&game, 0, "discard"), Some("you have no drawn card to keep or discard"));
    assert_eq!(why(&game, 1, "match a1"), Some("no match can be tried now: the matching window is closed"));
    assert_eq!(why(&game, 2, "keep c1"), Some("that position of your grid holds no card"));
    assert_eq!(why(&game, 2, "keep a1"), None);
}

#[test]
fn a_second_call_and_the_round_end_are_explained() {
    let called = Setup { caller: Some(Seat(1)), ..window() };
    let game = Archduke::from_setup(&called).unwrap();
    assert_eq!(why(&game, 1, "archduke"), Some("\"Archduke!\" has already been called this round"));
    // The turn limit is reached: the next player taps the discard pile.
    let mut config = cfg(3);
    config.turn_limit = Some(1);
    let limited = Setup { config, turns: 1, ..window() };
    let game = Archduke::from_setup(&limited).unwrap();
    assert_eq!(why(&game, 2, "draw"), Some("the round is over: tap the discard pile (end)"));
    assert_eq!(why(&game, 2, "take a1"), Some("the round is over: tap the discard pile (end)"));
    assert_eq!(why(&game, 2, "end"), None);
}

#[test]
fn action_cards_say_who_uses_them_and_what_they_may_choose() {
    let peek = Setup { discard: faces("12P"), pending: vec![(Seat(1), Power::Peek)], ..window() };
    let game = Archduke::from_setup(&peek).unwrap();
    assert_eq!(why(&game, 2, "draw"), Some("an action card must be used or passed first"));
    assert_eq!(why(&game, 1, "archduke"), Some("an action card must be used or passed first"));
    assert_eq!(why(&game, 0, "pass"), Some("you have no action card to use"));
    assert_eq!(why(&game, 1, "swap P0:a1 P2:a1"), Some("your action card does something else"));
    assert_eq!(why(&game, 1, "give P0"), Some("your action card does something else"));
    assert_eq!(why(&game, 1, "peek P0:c1"), Some("there is no card at that position"));
    assert_eq!(why(&game, 1, "peek P3:a1"), Some("that player is not in the game"));
    assert_eq!(why(&game, 1, "peek P0:a1"), None);
    assert_eq!(why(&game, 1, "pass"), None);
    // The caller is immune to the others' action cards.
    let immune = Setup { caller: Some(Seat(0)), ..peek };
    let game = Archduke::from_setup(&immune).unwrap();
    assert_eq!(
        why(&game, 1, "peek P0:a1"),
        Some("the caller of \"Archduke!\" is immune to other players' action cards")
    );

    let swap = Setup { discard: faces("11S"), pending: vec![(Seat(1), Power::Swap)], ..window() };
    let game = Archduke::from_setup(&swap).unwrap();
    assert_eq!(why(&game, 1, "swap P2:a1 P0:a1"), Some("name two different cards, the first before the second"));
    assert_eq!(why(&game, 1, "swap P0:a1 P0:a1"), Some("name two different cards, the first before the second"));
    assert_eq!(why(&game, 1, "swap P0:a1 P2:c2"), Some("there is no card at that position"));
    assert_eq!(why(&game, 1, "swap P0:a1 P2:a1"), None);

    let give = Setup { discard: faces("1G"), pending: vec![(Seat(1), Power::Give)], ..window() };
    let game = Archduke::from_setup(&give).unwrap();
    assert_eq!(why(&game, 1, "give P1"), Some("GIVE a penalty card to another player"));
    assert_eq!(why(&game, 1, "give P4"), Some("that player is not in the game"));
    assert_eq!(why(&game, 1, "give P2"), None);
    let immune = Setup { caller: Some(Seat(2)), ..give };
    let game = Archduke::from_setup(&immune).unwrap();
    assert_eq!(why(&game, 1, "give P2"), Some("the caller of \"Archduke!\" is immune to other players' action cards"));
}

/// A grid of 16 full columns has no room for a penalty card: its owner may not try a match
/// (a wrong one would cost one) and receives no GIVE.
#[test]
fn a_full_grid_may_not_match_nor_receive_a_penalty_card() {
    let full = "2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3 4 4 4 4 4 4 4 4 5 5 5 5 5 5 5 5";
    let setup = Setup {
        grids: grids(&["6 6 7 8", "9 9 7 8", full]),
        discard: faces("1G"),
        pending: vec![(Seat(1), Power::Give)],
        ..window()
    };
    let game = Archduke::from_setup(&setup).unwrap();
    assert_eq!(why(&game, 2, "match a1"), Some("your grid has no room for the penalty card of a wrong match"));
    assert_eq!(why(&game, 1, "give P2"), Some("that player's grid has no room for a penalty card"));
}

#[test]
fn a_player_out_of_the_game_and_a_finished_game_are_explained() {
    let mut config = cfg(3);
    config.scoring = Scoring::BattleRoyal;
    let royal = Setup {
        config,
        round: 2,
        grids: grids(&["5 6 7 8", "2 3 4 9", ""]),
        eliminated: BTreeMap::from([(Seat(2), 1)]),
        scores: vec![1, 1, 0],
        discard: faces("1G"),
        pending: vec![(Seat(1), Power::Give)],
        stage: Stage::Window { after: Some(Seat(1)), next: Seat(0) },
        dealer: Some(Seat(1)),
        first: Some(Seat(0)),
        ..Setup::new(cfg(3))
    };
    let game = Archduke::from_setup(&royal).unwrap();
    assert_eq!(why(&game, 2, "match a1"), Some("you are out of the game"));
    assert_eq!(why(&game, 1, "give P2"), Some("that player is not in the game"));

    let mut config = cfg(2);
    config.scoring = Scoring::Tokens { rounds: 1 };
    config.turn_limit = Some(1);
    let mut game = Archduke::new(&config, 3).unwrap();
    let mut legal = Vec::new();
    while game.outcome().is_none() {
        let seat = game.awaited().iter().next().unwrap();
        game.legal_actions(seat, &mut legal);
        game.apply(seat, legal[0]).unwrap();
    }
    assert_eq!(why(&game, 0, "draw"), Some("the game is over"));
}

/// Every action a test may try in a game of `players` (positions up to `c2`, every seat).
fn candidates(players: u8) -> Vec<Action> {
    let slots = || (0..6).map(Slot);
    let spots = || (0..players + 1).flat_map(move |s| slots().map(move |slot| Spot { seat: Seat(s), slot }));
    let mut all = vec![Action::Draw, Action::Discard, Action::Pass, Action::Archduke, Action::End];
    for a in slots() {
        all.extend([Action::Take(a), Action::Keep(a), Action::Match(a)]);
        all.extend(slots().map(|b| Action::Look(a, b)));
    }
    all.extend(spots().map(Action::Peek));
    for a in spots() {
        all.extend(spots().map(|b| Action::Swap(a, b)));
    }
    all.extend((0..=players).map(|s| Action::Give(Seat(s))));
    all
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(96))]

    /// Over random games of every config, a reason is given exactly for the refused actions.
    #[test]
    fn a_reason_is_given_exactly_for_refused_actions(reached in reachable::<Archduke>(configs(), 200)) {
        let game = reached.state;
        let players = game.config().players;
        let mut legal = Vec::new();
        for seat in (0..=players).map(Seat) {
            game.legal_actions(seat, &mut legal);
            for action in candidates(players) {
                let reason = game.why_illegal(seat, action);
                prop_assert_eq!(reason.is_none(), legal.contains(&action), "{} {}: {:?}", seat, action, reason);
            }
            for &action in &legal {
                prop_assert_eq!(game.why_illegal(seat, action), None);
            }
        }
    }
}
