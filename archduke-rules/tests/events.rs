//! Events: every fact the rules make public reaches every observer, faces only reach those who
//! may see them, the acting seat's notation is full and everyone else's redacted, the
//! spectator sees what every seat has seen, and each event renders on one line.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use archduke_rules::{
    Action, Archduke, Cell, Config, DeckEntry, Event, Face, Power, Role, Scoring, Setup, Slot, Spot, Stage,
};
use duke_core::{Game, Observer, Seat};
use serde_json::json;

/// A card of the standard deck by its value (the deck has one face per value).
fn face(value: i8) -> Face {
    let entry = Config::default().deck.into_iter().find(|e| e.value == value).unwrap();
    Face { value, role: entry.role }
}

/// A matching window: `grids[seat]` written as faces at `a1 a2 b1 b2 ...` (`--` = empty),
/// nobody having seen any card; `top` on top of the draw pile (last = top) and `discard` as the
/// discard pile (last = top), the other cards shuffled into the draw pile below `top`. The
/// window is open after `after`'s discard (`None`: the dealer's first card) and the next
/// player draws.
fn table(config: &Config, grids: &[&str], top: &str, discard: &str, after: Option<u8>) -> Archduke {
    let faces = |text: &str| text.split_whitespace().map(|f| f.parse().unwrap()).collect();
    let next = after.map_or(0, |a| (a + 1) % config.players);
    Archduke::from_setup(&Setup {
        grids: grids.iter().map(|g| g.parse().unwrap()).collect(),
        draw: faces(top),
        discard: faces(discard),
        stage: Stage::Window { after: after.map(Seat), next: Seat(next) },
        ..Setup::new(config.clone())
    })
    .unwrap()
}

fn cfg(players: u8) -> Config {
    let mut config = Config::default();
    config.players = players;
    config.first_dealer = Some(Seat(players - 1));
    config
}

/// Every observer of a game: the seats, then the spectator.
fn observers(g: &Archduke) -> Vec<Observer> {
    (0..g.seat_count() as u8).map(|s| Observer::Seat(Seat(s))).chain([Observer::Spectator]).collect()
}

/// Plays a listed action; returns the events of each observer (seats, then the spectator).
fn play(g: &mut Archduke, seat: u8, action: &str) -> Vec<Vec<Event>> {
    let action: Action = action.parse().unwrap();
    let mut legal = Vec::new();
    g.legal_actions(Seat(seat), &mut legal);
    assert!(legal.contains(&action), "P{seat} {action} not in {legal:?}");
    let before = *g;
    g.apply(Seat(seat), action).unwrap();
    observers(g)
        .into_iter()
        .map(|o| {
            let mut out = Vec::new();
            Archduke::events(&before, Seat(seat), action, g, o, &mut out);
            out
        })
        .collect()
}

const SPECTATOR: usize = usize::MAX;

fn of(seen: &[Vec<Event>], observer: usize) -> &[Event] {
    if observer == SPECTATOR { seen.last().unwrap() } else { &seen[observer] }
}

fn spot(seat: u8, slot: &str) -> Spot {
    Spot { seat: Seat(seat), slot: slot.parse().unwrap() }
}

fn slot(s: &str) -> Slot {
    s.parse().unwrap()
}

#[test]
fn the_drawn_card_is_seen_only_by_the_drawer() {
    let mut g = table(&cfg(3), &["5 6 7 8", "2 2 2 2", "3 3 3 3"], "9", "4", None);
    let seen = play(&mut g, 0, "draw");
    assert_eq!(of(&seen, 0), [Event::Draw { seat: Seat(0), face: Some(face(9)) }]);
    for other in [1, 2, SPECTATOR] {
        assert_eq!(of(&seen, other), [Event::Draw { seat: Seat(0), face: None }]);
    }
    assert_eq!(g.view(Observer::Seat(Seat(0))).stage, Stage::Deciding { player: Seat(0), card: Some(face(9)) });
}

#[test]
fn keeping_and_discarding_the_same_drawn_face_are_told_apart() {
    let mut g = table(&cfg(2), &["5 6 7 8", "2 2 2 2"], "9", "4", None);
    play(&mut g, 0, "draw");
    let mut kept = g;
    let keep = play(&mut kept, 0, "keep b1");
    let discard = play(&mut g, 0, "discard");
    for other in [1, SPECTATOR] {
        assert_eq!(
            of(&keep, other),
            [
                Event::Keep { seat: Seat(0), slot: slot("b1"), face: None },
                Event::Replaced { seat: Seat(0), slot: slot("b1"), face: face(7) },
            ]
        );
        assert_eq!(
            of(&discard, other),
            [Event::Discard { seat: Seat(0) }, Event::Discarded { seat: Seat(0), face: face(9) }]
        );
    }
    assert_eq!(of(&keep, 0)[0], Event::Keep { seat: Seat(0), slot: slot("b1"), face: Some(face(9)) });
}

#[test]
fn every_match_attempt_is_public_in_turn_or_out_of_turn_with_its_result() {
    let grids = &["7 3 4 5", "7 2 9 6", "8 2 9 6"];
    // P0 has just discarded a 7.
    let mut g = table(&cfg(3), grids, "10", "7", Some(0));
    let hit = play(&mut g, 1, "match a1");
    let miss = play(&mut g, 2, "match a1");
    let own = play(&mut g, 0, "match a1");
    for o in [0, 1, 2, SPECTATOR] {
        assert_eq!(
            of(&hit, o),
            [
                Event::Match { seat: Seat(1), slot: slot("a1"), out_of_turn: true },
                Event::Matched { seat: Seat(1), slot: slot("a1"), face: face(7) },
            ]
        );
        // The wrong card is shown to everyone and stays; the penalty card is seen by nobody.
        assert_eq!(
            of(&miss, o),
            [
                Event::Match { seat: Seat(2), slot: slot("a1"), out_of_turn: true },
                Event::Missed { seat: Seat(2), slot: slot("a1"), face: face(8) },
                Event::Penalty { seat: Seat(2), slot: slot("c1"), face: None },
            ]
        );
        assert_eq!(of(&own, o)[0], Event::Match { seat: Seat(0), slot: slot("a1"), out_of_turn: false });
    }
    assert_eq!(of(&miss, 2)[2].to_string(), "P2 receives a penalty card face down at c1");
    let view = g.view(Observer::Seat(Seat(2)));
    assert!(matches!(view.grids[2][4], Cell::Hidden { seen_by } if seen_by.is_empty()));
}

#[test]
fn the_spectator_sees_the_faces_every_seat_has_seen() {
    let grids = &["7 3 4 5", "8 2 9 6"];
    let mut g = table(&cfg(2), grids, "10", "7", Some(0));
    play(&mut g, 1, "match a1"); // fails: the 8 is shown to everyone
    let public = g.view(Observer::Spectator);
    assert!(matches!(public.grids[1][0], Cell::Known { face: f, .. } if f == face(8)));
    assert!(matches!(public.grids[1][1], Cell::Hidden { .. }), "nobody has seen the other cards");
    // Determinization for any seat keeps what every seat has seen.
    for seat in [Seat(0), Seat(1)] {
        for seed in 0..8 {
            assert_eq!(g.determinize(seat, seed).view(Observer::Spectator), public);
        }
    }
}

#[test]
fn peek_shows_who_peeked_at_which_card_and_the_face_only_to_the_peeker() {
    let grids = &["12P 3 4 5", "8 2 9 6", "2 2 2 2"];
    let mut g = table(&cfg(3), grids, "10", "7", None);
    play(&mut g, 0, "draw");
    let keep = play(&mut g, 0, "keep a1");
    assert_eq!(of(&keep, 1)[2], Event::ActionCard { seat: Seat(0), power: Power::Peek });
    let peek = play(&mut g, 0, "peek P1:b1");
    assert_eq!(of(&peek, 0), [Event::Peek { seat: Seat(0), spot: spot(1, "b1"), face: Some(face(9)) }]);
    for o in [1, 2, SPECTATOR] {
        assert_eq!(of(&peek, o), [Event::Peek { seat: Seat(0), spot: spot(1, "b1"), face: None }]);
    }
}

#[test]
fn a_peek_that_completes_what_every_seat_has_seen_shows_the_spectator_the_face() {
    let mut g = table(&cfg(2), &["12P 3 4 5", "8 2 9 6"], "10", "7", None);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "keep a1");
    let mut json = serde_json::to_value(g).unwrap();
    json["grids"][1]["seen"]["a1"] = json!([1]); // P1 has seen its own a1
    let mut g: Archduke = serde_json::from_value(json).unwrap();
    let peek = play(&mut g, 0, "peek P1:a1");
    let told = Event::Peek { seat: Seat(0), spot: spot(1, "a1"), face: Some(face(8)) };
    assert_eq!(of(&peek, SPECTATOR), [told]);
    assert!(matches!(g.view(Observer::Spectator).grids[1][0], Cell::Known { .. }));
}

#[test]
fn swap_shows_the_two_cards_and_no_face() {
    let grids = &["11S 3 4 5", "8 2 9 6"];
    let mut g = table(&cfg(2), grids, "10", "7", None);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "keep a1");
    let swap = play(&mut g, 0, "swap P0:a2 P1:b2");
    for o in [0, 1, SPECTATOR] {
        assert_eq!(of(&swap, o), [Event::Swap { seat: Seat(0), first: spot(0, "a2"), second: spot(1, "b2") }]);
    }
}

#[test]
fn give_and_pass_are_public_and_the_penalty_card_face_down() {
    let grids = &["1G 1G 4 5", "8 2 9 6"];
    let mut g = table(&cfg(2), grids, "10 3", "7", None);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "keep a1"); // a GIVE leaves the grid
    play(&mut g, 0, "match a2"); // and a second one is matched onto it
    let give = play(&mut g, 0, "give P1");
    let pass = play(&mut g, 0, "pass");
    for o in [0, 1, SPECTATOR] {
        assert_eq!(
            of(&give, o),
            [
                Event::Give { seat: Seat(0), target: Seat(1) },
                Event::Penalty { seat: Seat(1), slot: slot("c1"), face: None }
            ]
        );
        assert_eq!(of(&pass, o), [Event::Pass { seat: Seat(0), power: Power::Give }]);
    }
}

#[test]
fn an_empty_draw_pile_is_reshuffled_in_plain_sight() {
    // A deck of ten cards, all placed: the draw pile is empty.
    let deck = [(2, 4), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1)]
        .map(|(value, copies)| DeckEntry { value, copies, role: Role::Number })
        .to_vec();
    let mut config = cfg(2);
    config.deck = deck;
    let mut g = table(&config, &["5 6 7 8", "2 2 2 2"], "", "3 4", None);
    let cards = g.view(Observer::Spectator).discard.len() as u8;
    let draw = play(&mut g, 0, "draw");
    for o in [1, SPECTATOR] {
        assert_eq!(of(&draw, o), [Event::Draw { seat: Seat(0), face: None }, Event::Reshuffled { cards }]);
    }
    assert!(matches!(of(&draw, 0), [Event::Draw { face: Some(_), .. }, Event::Reshuffled { .. }]));
}

#[test]
fn the_call_final_turns_and_the_round_end_reveal_reach_everyone() {
    let grids = &["5 3 4 6", "2 2 2 2"];
    let mut g = table(&cfg(2), grids, "7 9 10", "8", None);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "discard");
    let call = play(&mut g, 0, "archduke");
    let last = play(&mut g, 1, "draw");
    play(&mut g, 1, "discard");
    let end = play(&mut g, 0, "end");
    let p0: Vec<Option<Face>> = [5, 3, 4, 6, 7].iter().map(|&v| Some(face(v))).chain([None]).collect();
    let p1 = vec![Some(face(2)); 4];
    for o in [0, 1, SPECTATOR] {
        assert_eq!(of(&call, o), [Event::Call { seat: Seat(0) }]);
        assert_eq!(of(&last, o)[1], Event::FinalTurn { seat: Seat(1) });
        assert_eq!(
            of(&end, o),
            [
                Event::End { seat: Seat(0) },
                // The caller (18) is beaten by P1 (8): a penalty card, shown in the reveal.
                Event::Penalty { seat: Seat(0), slot: slot("c1"), face: Some(face(7)) },
                Event::Revealed { seat: Seat(0), grid: p0.clone(), hand: 25, place: 2 },
                Event::Revealed { seat: Seat(1), grid: p1.clone(), hand: 8, place: 1 },
                Event::RoundScored { round: 1, gained: vec![2, 1], scores: vec![2, 1] },
                Event::NewRound { round: 2, dealer: Seat(1), first: Seat(0) },
            ]
        );
    }
    // The reveal stays in every view after the next deal.
    for o in observers(&g) {
        let last = g.view(o).last_round.unwrap();
        assert_eq!(last.grids, vec![p0.clone(), p1.clone()]);
    }
}

#[test]
fn the_last_round_ends_with_the_game_over_and_its_result() {
    let mut config = cfg(2);
    config.scoring = Scoring::Tokens { rounds: 1 };
    config.turn_limit = Some(1);
    let mut g = table(&config, &["5 3 4 6", "2 2 2 2"], "9", "8", None);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "discard");
    let end = play(&mut g, 1, "end"); // the turn limit is reached
    for o in [0, 1, SPECTATOR] {
        let events = of(&end, o);
        assert_eq!(events.last(), Some(&Event::GameOver { scores: vec![2, 1], ranks: vec![2, 1] }));
        assert!(events.iter().any(|e| matches!(e, Event::Revealed { seat: Seat(1), hand: 8, .. })));
    }
}

#[test]
fn a_caller_matching_to_zero_and_beaten_takes_the_penalty_where_his_card_was() {
    let grids = &["7 -- -- --", "-3A -- -- --"];
    let mut g = table(&cfg(2), grids, "4 7 9", "8", None);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "discard");
    play(&mut g, 0, "archduke");
    play(&mut g, 1, "draw");
    play(&mut g, 1, "discard"); // the 7
    let zero = play(&mut g, 0, "match a1");
    for o in [0, 1, SPECTATOR] {
        let events = of(&zero, o);
        assert_eq!(events[1], Event::Matched { seat: Seat(0), slot: slot("a1"), face: face(7) });
        // 0 is beaten by -3: the penalty fills the position just emptied.
        assert_eq!(events[2], Event::Penalty { seat: Seat(0), slot: slot("a1"), face: Some(face(4)) });
        let reveal = vec![Some(face(4)), None, None, None];
        assert_eq!(events[3], Event::Revealed { seat: Seat(0), grid: reveal, hand: 4, place: 2 });
    }
}

#[test]
fn battle_royal_eliminations_are_public() {
    let mut config = cfg(3);
    config.scoring = Scoring::BattleRoyal;
    config.turn_limit = Some(1);
    let grids = &["5 3 4 6", "2 2 2 2", "3 3 3 3"];
    let mut g = table(&config, grids, "9", "8", None);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "discard");
    let end = play(&mut g, 1, "end");
    for o in [0, 1, 2, SPECTATOR] {
        let events = of(&end, o);
        assert!(events.contains(&Event::Eliminated { seat: Seat(0) }), "{events:?}");
        assert_eq!(events.last(), Some(&Event::NewRound { round: 2, dealer: Seat(2), first: Seat(1) }));
    }
}

#[test]
fn the_last_pre_round_look_turns_up_the_first_card() {
    let mut g = Archduke::new(&cfg(2), 3).unwrap();
    let first = play(&mut g, 1, "look a2 b2");
    let second = play(&mut g, 0, "look a1 b1");
    let top = *g.view(Observer::Spectator).discard.last().unwrap();
    for o in [0, 1, SPECTATOR] {
        assert_eq!(of(&second, o)[1], Event::FirstCard { dealer: Seat(1), face: top });
        assert_eq!(of(&first, o).len(), 1);
    }
    assert!(matches!(of(&first, 1)[0], Event::Look { faces: Some(_), .. }));
    assert_eq!(of(&first, 0)[0], Event::Look { seat: Seat(1), first: slot("a2"), second: slot("b2"), faces: None });
}

#[test]
fn hidden_actions_show_the_actor_its_full_notation_and_the_others_a_redacted_one() {
    let grids = &["12P 3 4 5", "8 2 9 6"];
    let fresh = Archduke::new(&cfg(2), 3).unwrap();
    let look = Action::Look(slot("a1"), slot("b2"));
    let mut g = table(&cfg(2), grids, "10", "7", None);
    let draw_state = g;
    play(&mut g, 0, "draw");
    let keep_state = g;
    play(&mut g, 0, "keep a1");
    let peek = "peek P1:b1".parse().unwrap();
    let cases = [
        (&fresh, look, "look a1 b2", "P0 looks at own a1 and b2"),
        (&draw_state, Action::Draw, "P0 draw (10)", "P0 draws a card"),
        (&keep_state, "keep a1".parse().unwrap(), "P0 keep a1 (the drawn 10)", "P0 keeps the drawn card at a1"),
        (&g, peek, "P0 peek P1:b1 (9)", "P0 peeks at P1:b1"),
    ];
    for (state, action, own, others) in cases {
        let mine = state.notation_for(Seat(0), action, Observer::Seat(Seat(0)));
        assert!(mine.contains(&action.to_string()) && mine.contains(own), "{mine}");
        assert_eq!(state.notation_for(Seat(0), action, Observer::Seat(Seat(1))), others);
        assert_eq!(state.notation_for(Seat(0), action, Observer::Spectator), others);
    }
}

#[test]
fn every_event_renders_on_one_line() {
    let (p0, p1, p2) = (Seat(0), Seat(1), Seat(2));
    let seven = face(7);
    let cases = [
        (
            Event::Look { seat: p1, first: slot("a1"), second: slot("b2"), faces: Some([seven, face(12)]) },
            "P1 look a1 b2 (7 12P)",
        ),
        (Event::Look { seat: p1, first: slot("a1"), second: slot("b2"), faces: None }, "P1 looks at own a1 and b2"),
        (Event::Draw { seat: p1, face: Some(seven) }, "P1 draw (7)"),
        (Event::Draw { seat: p1, face: None }, "P1 draws a card"),
        (Event::Take { seat: p1, slot: slot("b1") }, "P1 take b1"),
        (Event::Keep { seat: p1, slot: slot("b1"), face: Some(seven) }, "P1 keep b1 (the drawn 7)"),
        (Event::Keep { seat: p1, slot: slot("b1"), face: None }, "P1 keeps the drawn card at b1"),
        (Event::Discard { seat: p1 }, "P1 discard"),
        (Event::Match { seat: p2, slot: slot("a2"), out_of_turn: false }, "P2 match a2"),
        (Event::Match { seat: p2, slot: slot("a2"), out_of_turn: true }, "P2 match a2 (out of turn)"),
        (Event::Peek { seat: p1, spot: spot(2, "a1"), face: Some(face(-3)) }, "P1 peek P2:a1 (-3A)"),
        (Event::Peek { seat: p1, spot: spot(2, "a1"), face: None }, "P1 peeks at P2:a1"),
        (Event::Swap { seat: p1, first: spot(0, "a1"), second: spot(2, "b2") }, "P1 swap P0:a1 P2:b2"),
        (Event::Give { seat: p1, target: p0 }, "P1 give P0"),
        (Event::Pass { seat: p1, power: Power::Swap }, "P1 pass (does not use SWAP)"),
        (Event::Call { seat: p0 }, "P0 archduke: calls \"Archduke!\""),
        (Event::End { seat: p0 }, "P0 end: taps the discard pile"),
        (Event::FirstCard { dealer: p2, face: face(13) }, "P2 turns up 13E, the first discard"),
        (Event::Replaced { seat: p1, slot: slot("b1"), face: seven }, "P1's b1 goes face up onto the discard pile: 7"),
        (Event::Discarded { seat: p1, face: face(11) }, "P1 discards the drawn 11S"),
        (Event::Matched { seat: p2, slot: slot("a2"), face: seven }, "P2 matches 7 from a2"),
        (
            Event::Missed { seat: p2, slot: slot("a2"), face: face(0) },
            "P2's a2 (0E) does not match: it goes back, seen by everyone",
        ),
        (Event::Penalty { seat: p2, slot: slot("c1"), face: Some(face(1)) }, "P2 receives a penalty card at c1: 1G"),
        (Event::Penalty { seat: p2, slot: slot("c1"), face: None }, "P2 receives a penalty card face down at c1"),
        (Event::ActionCard { seat: p0, power: Power::Give }, "P0 may use GIVE"),
        (Event::Reshuffled { cards: 23 }, "the discard pile (23 cards) is shuffled into a new draw pile"),
        (Event::FinalTurn { seat: p2 }, "this is P2's final turn"),
        (
            Event::Revealed {
                seat: p0,
                grid: vec![Some(seven), None, Some(face(2)), Some(face(3))],
                hand: 12,
                place: 1,
            },
            "P0 reveals a1 7 a2 -- b1 2 b2 3: hand 12, place 1",
        ),
        (
            Event::RoundScored { round: 3, gained: vec![1, 2], scores: vec![4, 5] },
            "round 3 scored: P0 +1 = 4 P1 +2 = 5",
        ),
        (Event::Eliminated { seat: p2 }, "P2 is out of the game"),
        (
            Event::NewRound { round: 2, dealer: p1, first: p2 },
            "round 2: P1 deals 4 cards face down to each player; P2 plays first",
        ),
        (Event::GameOver { scores: vec![5, 4], ranks: vec![2, 1] }, "game over: P0 5 (rank 2) P1 4 (rank 1)"),
    ];
    for (event, text) in cases {
        assert_eq!(event.to_string(), text);
        assert!(!text.contains('\n'));
        let back: Event = serde_json::from_str(&serde_json::to_string(&event).unwrap()).unwrap();
        assert_eq!(back, event);
    }
    assert_eq!(face(7).role, Role::Number);
}

#[test]
fn a_notation_error_holds_the_whole_text_given() {
    for text in ["swap 61:j1 P7:f2", "match z9", "peek P99:a1", "give X1", "draw now"] {
        let error = text.parse::<Action>().unwrap_err();
        assert_eq!(error.input, text);
    }
}

#[test]
fn a_saved_reveal_is_checked_on_load_and_an_empty_one_loads() {
    let mut g = table(&cfg(2), &["5 3 4 6", "2 2 2 2"], "9", "8", None);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "discard");
    play(&mut g, 0, "archduke");
    play(&mut g, 1, "draw");
    play(&mut g, 1, "discard");
    play(&mut g, 0, "end");
    let saved = serde_json::to_value(g).unwrap();
    assert_eq!(serde_json::from_value::<Archduke>(saved.clone()).unwrap(), g);
    assert_eq!(saved["last_round"]["grids"][1], json!(["2", "2", "2", "2"]));
    let mut tampered = saved.clone();
    tampered["last_round"]["grids"][0][0] = json!("14");
    assert!(serde_json::from_value::<Archduke>(tampered).is_err(), "a card not in the deck table");
    let mut odd = saved.clone();
    odd["last_round"]["grids"][1] = json!(["2", "2", "2"]);
    assert!(serde_json::from_value::<Archduke>(odd).is_err(), "half a column");
    let mut unrecorded = saved;
    unrecorded["last_round"]["grids"] = json!([]);
    let loaded: Archduke = serde_json::from_value(unrecorded).unwrap();
    assert_eq!(loaded.view(Observer::Spectator).last_round.unwrap().grids, vec![Vec::<Option<Face>>::new(); 2]);
}
