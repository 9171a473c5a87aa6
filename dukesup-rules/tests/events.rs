//! Events: what each observer is told of each step, the redacted notation of the face-down
//! actions, and the leak of a face-down pair's order (fixed in the knowledge model).

mod common;

use common::{Spec, build, card, cards, play, seat0, seat1, setup};
use duke_core::{Better, CardSet, Game, GameRng, Observer, Outcome, Seat};
use dukesup_rules::meld::{Meld, MeldKind};
use dukesup_rules::{
    AceRule, Action, CastleState, Config, DukesUp, Event, MultiRound, Phase, Reshuffle, RoundEnd, Source,
};

const P0: Observer = Observer::Seat(Seat(0));
const P1: Observer = Observer::Seat(Seat(1));
const OBSERVERS: [Observer; 3] = [P0, P1, Observer::Spectator];

fn act(s: &str) -> Action {
    s.parse().unwrap()
}

/// The events of `seat` playing `action` on `game`, as `observer` saw them.
fn events_of(game: &DukesUp, seat: Seat, action: Action, after: &DukesUp, observer: Observer) -> Vec<Event> {
    let mut out = vec![Event::Acted { seat, action: Action::End }];
    DukesUp::events(game, seat, action, after, observer, &mut out);
    out
}

/// Plays `action` for the seat to act and returns the events for P0, P1 and the spectator.
fn step(game: &mut DukesUp, action: &str) -> [Vec<Event>; 3] {
    let seat = game.to_act().first().unwrap();
    let before = *game;
    game.apply(seat, act(action)).unwrap_or_else(|e| panic!("{action}: {e}"));
    OBSERVERS.map(|o| events_of(&before, seat, act(action), game, o))
}

fn acted(seat: u8, action: &str) -> Event {
    Event::Acted { seat: Seat(seat), action: act(action) }
}

#[test]
fn dukes_are_revealed_once_both_have_chosen() {
    let mut game = DukesUp::new(&Config::default(), 5).unwrap();
    let mut out = Vec::new();
    game.legal_actions(Seat(0), &mut out);
    let first = out[0];
    let Action::Choose { castle, dukes } = first else { panic!() };
    let [mine, theirs, public] = step(&mut game, &first.to_string());
    assert_eq!(mine, vec![Event::Acted { seat: Seat(0), action: first }]);
    assert_eq!(theirs, vec![Event::ChoseFaceDown { seat: Seat(0) }]);
    assert_eq!(public, theirs);
    for card in [castle, dukes[0], dukes[1]] {
        assert!(!game.notation_for(Seat(0), first, P1).contains(&card.to_string()));
    }
    game.legal_actions(Seat(1), &mut out);
    let second = out[0];
    let Action::Choose { dukes: red, .. } = second else { panic!() };
    let [mine, _, public] = step(&mut game, &second.to_string());
    let up = Event::DukesUp { dukes: [dukes.map(Some), red.map(Some)] };
    assert_eq!(mine, vec![Event::ChoseFaceDown { seat: Seat(1) }, up.clone()]);
    assert_eq!(public, vec![Event::ChoseFaceDown { seat: Seat(1) }, up]);
}

/// The bug that started this: the opponent was shown `discard 3C` while his view has `??`.
#[test]
fn hand_discards_are_face_down_for_the_others() {
    let game = build(0, Phase::Play, "", [seat0("9C JC"), seat1()]);
    assert_eq!(game.notation_for(Seat(0), act("discard 9C"), P0), "P0 discard 9C");
    for observer in [P1, Observer::Spectator] {
        assert_eq!(game.notation_for(Seat(0), act("discard 9C"), observer), "P0 discards a card face down");
    }
    let mut game = build(0, Phase::Draw, "", [seat0("9C JC"), seat1()]);
    play(&mut game, &["draw 0"]);
    assert_eq!(game.notation_for(Seat(0), act("discard 9C JC"), P0), "P0 discard 9C JC");
    assert_eq!(game.notation_for(Seat(0), act("discard 9C JC"), P1), "P0 discards 2 cards face down");
    // Everything else is done in the open: the notation is the same for everyone.
    for a in ["draw 0", "bury", "play 5C", "pickup 2C", "swap 2C 9C", "discard table 3S", "move", "return", "end"] {
        assert_eq!(game.notation_for(Seat(0), act(a), P1), format!("P0 {a}"));
    }
}

/// A discard the opponent can name (the hand's only card, known to him) says so, as his view.
#[test]
fn a_discard_that_can_be_no_other_card_is_named() {
    let mut game = build(0, Phase::Play, "", [seat0(""), seat1()]);
    play(&mut game, &["pickup 2S"]);
    let [_, theirs, _] = step(&mut game, "discard 2S");
    assert_eq!(theirs[0], Event::DiscardedFaceDown { seat: Seat(0), count: 1, known: cards("2S") });
    assert_eq!(theirs[0].to_string(), "P0 discards a card face down (it can only be 2S)");
    assert_eq!(game.view(P1).players[0].discards, vec![Some(card("2S"))]);
}

#[test]
fn the_drawer_alone_sees_the_cards_drawn() {
    let mut game = build(0, Phase::Draw, "", [seat0("9C"), seat1()]);
    let draw = game.to_setup().players[0].draw.clone().unwrap();
    let top: CardSet = draw.iter().rev().take(2).copied().collect();
    let [mine, theirs, public] = step(&mut game, "draw 2");
    let drew = Event::Drew { seat: Seat(0), source: Source::DrawPile, count: 2, cards: top };
    assert_eq!(mine, vec![acted(0, "draw 2"), drew]);
    assert_eq!(theirs, vec![acted(0, "draw 2")]);
    assert_eq!(public, theirs);
}

/// Cards drawn back from the discard pile show to the others only if everyone knew them.
#[test]
fn cards_taken_back_show_only_if_everyone_knew_them() {
    let back = |public: bool| {
        let p0 = Spec { discards: "9S", public, ..seat0("9C") };
        let mut game = build(0, Phase::Draw, "", [p0, seat1()]);
        step(&mut game, "draw 1 discards")
    };
    let drew = Event::Drew { seat: Seat(0), source: Source::Discards, count: 1, cards: cards("9S") };
    let [mine, theirs, _] = back(true);
    assert_eq!(mine, vec![acted(0, "draw 1 discards"), drew.clone()]);
    assert_eq!(theirs, mine);
    let [mine, theirs, _] = back(false);
    assert_eq!(mine, vec![acted(0, "draw 1 discards"), drew]);
    assert_eq!(theirs, vec![acted(0, "draw 1 discards")]);
}

#[test]
fn reshuffles_are_announced_when_they_happen() {
    let table = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC AS 2S 3S 4S 5S 6S 7S 8S 9S";
    let p0 =
        || Spec { hand: "KC", dukes: "KS QS", castle: "JS", discards: "JC QC", draw: Some("TS"), ..Spec::default() };
    let reshuffled = Event::Reshuffled { seat: Seat(0), cards: 2 };
    // When needed: in the middle of a two-card draw, before the cards are shown.
    let mut game = build(0, Phase::Draw, table, [p0(), seat1()]);
    let [mine, theirs, _] = step(&mut game, "draw 2");
    assert_eq!(mine[1], reshuffled);
    assert!(matches!(mine[2], Event::Drew { count: 2, .. }));
    assert_eq!(theirs, vec![acted(0, "draw 2"), reshuffled.clone()]);
    // At once: right after the draw that empties the draw pile.
    let mut at_once = setup(0, Phase::Draw, table, [p0(), seat1()]);
    at_once.config.reshuffle = Reshuffle::AtOnce;
    let mut game = DukesUp::from_setup(&at_once).unwrap();
    let [mine, theirs, _] = step(&mut game, "draw 1");
    assert_eq!(mine[1], Event::Drew { seat: Seat(0), source: Source::DrawPile, count: 1, cards: cards("TS") });
    assert_eq!(mine[2], reshuffled);
    assert_eq!(theirs, vec![acted(0, "draw 1"), reshuffled.clone()]);
    // A burial from an empty draw pile reshuffles first.
    let p0 = Spec { discards: "JC QC TS", draw: Some(""), ..p0() };
    let mut game = build(0, Phase::Play, table, [p0, seat1()]);
    let [_, theirs, _] = step(&mut game, "bury");
    assert_eq!(theirs, [acted(0, "bury"), Event::Reshuffled { seat: Seat(0), cards: 3 }]);
}

#[test]
fn taking_the_dukes_and_the_castle_flipping_up_are_public() {
    let mut game = build(0, Phase::Play, "", [seat0("5C 6C 9C"), Spec { dukes: "7H 8H", ..seat1() }]);
    play(&mut game, &["play 5C", "play 6C"]);
    let [_, theirs, public] = step(&mut game, "play 7H");
    let taken = Event::DukeTaken { by: Seat(0), from: Seat(1), card: card("7H") };
    assert_eq!(theirs, vec![acted(0, "play 7H"), taken]);
    assert_eq!(public, theirs);
    play(&mut game, &["play 8H"]);
    let flipped = Event::CastleFlipped { seat: Seat(1), castle: card("KH") };
    for events in step(&mut game, "discard 9C") {
        assert_eq!(events.last(), Some(&flipped));
    }
}

#[test]
fn duke_changes_are_public() {
    let p0 = Spec { hand: "9C JC", dukes: "2S 2C", castle: "KS", ..Spec::default() };
    let mut game = build(0, Phase::Play, "", [p0, seat1()]);
    for a in ["pickup 2S", "swap 2C 9C"] {
        let [_, theirs, public] = step(&mut game, a);
        assert_eq!(theirs, vec![acted(0, a)]);
        assert_eq!(public, theirs);
    }
    // The views agree: both DUKES went to the hand in plain sight, 9C came out of it.
    assert_eq!(game.view(P1).players[0].hand_known, cards("2C 2S"));
    let p0 = Spec { hand: "9C JC", dukes: "", castle: "KS", castle_state: CastleState::FaceUp, ..Spec::default() };
    let mut game = build(0, Phase::Play, "", [p0, seat1()]);
    assert_eq!(step(&mut game, "duke 9C")[1], vec![acted(0, "duke 9C")]);
}

#[test]
fn the_move_succeeds_and_the_round_is_scored() {
    let p0 = Spec { hand: "8C 9C", dukes: "2C 2S", castle: "8S", ..Spec::default() };
    let p1 = Spec { dukes: "", castle: "8H", castle_state: CastleState::FaceUp, ..seat1() };
    let mut game = build(0, Phase::Play, "", [p0, p1]);
    let [_, theirs, _] = step(&mut game, "move");
    assert_eq!(theirs, vec![acted(0, "move"), Event::MoveMade { seat: Seat(0), castle: card("8S"), flipped: true }]);
    let [_, theirs, _] = step(&mut game, "play 8H");
    assert_eq!(theirs[1], Event::CastleTaken { by: Seat(0), from: Seat(1), card: card("8H") });
    play(&mut game, &["play 8C"]);
    let [mine, theirs, public] = step(&mut game, "end");
    let set = Meld { kind: MeldKind::Set, cards: cards("8C 8H 8S"), ace_high: false };
    let expected = vec![
        acted(0, "end"),
        Event::MoveSucceeded { seat: Seat(0), castle: card("8S") },
        Event::RoundEnded {
            round: 1,
            reason: RoundEnd::CastleTaken { by: Seat(0) },
            melds: vec![set],
            counts: [4, 1],
            points: [4, 1],
            wins: [1, 0],
        },
        Event::GameOver { outcome: Outcome::from_scores(vec![4, 1], Better::Higher) },
    ];
    assert_eq!(mine, expected);
    assert_eq!(theirs, expected);
    assert_eq!(public, expected);
}

#[test]
fn the_move_fails_and_the_castle_goes_back() {
    let p0 = Spec { hand: "8C 9C", dukes: "2C 2S", castle: "8S", ..Spec::default() };
    let p1 = Spec { dukes: "", castle: "9H", castle_state: CastleState::FaceUp, ..seat1() };
    let mut game = build(0, Phase::Play, "", [p0, p1]);
    play(&mut game, &["move"]);
    let [_, theirs, public] = step(&mut game, "return");
    assert_eq!(theirs, vec![acted(0, "return"), Event::MoveFailed { seat: Seat(0), castle: card("8S") }]);
    assert_eq!(public, theirs);
}

#[test]
fn emptied_piles_end_the_round() {
    let table = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC AS 2S 3S 4S 5S 6S 7S 8S 9S TS";
    let p0 = Spec { hand: "KC QC", dukes: "KS QS", castle: "JS", discards: "JC", draw: Some(""), ..Spec::default() };
    let mut game = build(0, Phase::Draw, table, [p0, seat1()]);
    play(&mut game, &["draw 1 discards", "play JC", "play QC", "play KC"]);
    let [_, theirs, _] = step(&mut game, "end");
    let Event::RoundEnded { reason, counts, melds, .. } = &theirs[1] else { panic!("{theirs:?}") };
    assert_eq!(*reason, RoundEnd::PilesEmpty { seat: Seat(0) });
    assert_eq!(*counts, [26, 3]);
    assert_eq!(melds.iter().map(|m| m.cards.len()).sum::<usize>(), 23);
    assert!(matches!(&theirs[2], Event::GameOver { outcome } if outcome.winners().first() == Some(Seat(0))));
}

/// The turn limit scores the round; the next deal shows each seat only its own four cards.
#[test]
fn a_new_round_is_dealt_face_down() {
    let mut config = Config::default();
    (config.rounds, config.turn_limit) = (2, Some(2));
    let mut game = DukesUp::new(&config, 4).unwrap();
    let mut out = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        game.legal_actions(seat, &mut out);
        game.apply(seat, out[0]).unwrap();
    }
    play(&mut game, &["draw 0", "bury", "draw 0"]);
    let [mine, theirs, public] = step(&mut game, "bury");
    let ended = Event::RoundEnded {
        round: 1,
        reason: RoundEnd::TurnLimit,
        melds: vec![],
        counts: [3, 3],
        points: [3, 3],
        wins: [0, 0],
    };
    let started = Event::RoundStarted { round: 2, first: Seat(1) };
    let hand = |seat: u8| game.to_setup().players[usize::from(seat)].hand.iter().copied().collect::<CardSet>();
    assert_eq!(mine[1..], [ended.clone(), started.clone(), dealt(0, Some(hand(0))), dealt(1, None)]);
    assert_eq!(theirs[1..], [ended.clone(), started.clone(), dealt(0, None), dealt(1, Some(hand(1)))]);
    assert_eq!(public[1..], [ended, started, dealt(0, None), dealt(1, None)]);
}

fn dealt(seat: u8, cards: Option<CardSet>) -> Event {
    Event::Dealt { seat: Seat(seat), cards }
}

#[test]
fn game_over_gives_the_result() {
    let mut config = Config::default();
    (config.turn_limit, config.multi_round) = (Some(2), MultiRound::CountWins);
    let mut game = DukesUp::new(&config, 4).unwrap();
    let mut out = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        game.legal_actions(seat, &mut out);
        game.apply(seat, out[0]).unwrap();
    }
    play(&mut game, &["draw 0", "bury", "draw 0"]);
    let [_, _, public] = step(&mut game, "bury");
    let over = public.last().unwrap();
    assert_eq!(over, &Event::GameOver { outcome: Outcome::from_scores(vec![0, 0], Better::Higher) });
    assert_eq!(over.to_string(), "game over: P0 0, P1 0; a tie");
}

/// The leak: P0 takes two cards everyone knew back from his discard pile and discards them
/// together face down. P1 must learn neither their order nor, later, which one P0 draws.
#[test]
fn two_known_cards_discarded_together_keep_their_order_hidden() {
    let p0 = Spec { discards: "9C 8C", public: true, ..seat0("") };
    let start = build(0, Phase::Draw, "", [p0, seat1()]);
    pair_stays_hidden(start, &["draw 2 discards"], ["discard 9C 8C", "discard 8C 9C"], cards("8C 9C"));
}

/// The same with both DUKES picked up (in plain sight) and kept in the hand for a turn.
#[test]
fn two_picked_up_dukes_discarded_together_keep_their_order_hidden() {
    let mut start = build(0, Phase::Play, "", [seat0(""), seat1()]);
    play(&mut start, &["pickup 2C", "pickup 2S", "bury", "draw 0", "bury"]);
    pair_stays_hidden(start, &["draw 0"], ["discard 2C 2S", "discard 2S 2C"], cards("2C 2S"));
}

/// Plays `before`, then each of the two orders of `pair`, then a turn of P1 and P0 drawing
/// the top card back: P1 and the spectator see the same events and views in both worlds.
fn pair_stays_hidden(mut start: DukesUp, before: &[&str], orders: [&str; 2], pair: CardSet) {
    play(&mut start, before);
    let worlds = orders.map(|order| {
        let mut game = start;
        let mut seen = vec![step(&mut game, order)];
        assert_eq!(seen[0][1][0], Event::DiscardedFaceDown { seat: Seat(0), count: 2, known: pair });
        for a in ["draw 0", "bury", "draw 1 discards"] {
            seen.push(step(&mut game, a));
        }
        (game, seen)
    });
    let [(a, seen_a), (b, seen_b)] = worlds;
    for observer in [1, 2] {
        let pick = |seen: &Vec<[Vec<Event>; 3]>| seen.iter().map(|e| e[observer].clone()).collect::<Vec<_>>();
        assert_eq!(pick(&seen_a), pick(&seen_b));
    }
    for observer in [P1, Observer::Spectator] {
        assert_eq!(a.view(observer), b.view(observer), "the top card's face leaks");
        assert!(a.view(observer).players[0].hand_known.is_empty());
    }
    assert_ne!(a.view(P0), b.view(P0), "P0 knows what he drew");
    // Right after the discard, P1 knows the pair but not its order; determinization deals both.
    let mut game = start;
    play(&mut game, &[orders[0]]);
    let view = game.view(P1);
    assert_eq!(view.players[0].unordered.len(), 1);
    assert_eq!(view.players[0].discards.iter().flatten().copied().collect::<CardSet>(), pair);
    let tops: CardSet = (0..32)
        .map(|seed| game.determinize(Seat(1), seed))
        .inspect(|twin| assert_eq!(twin.view(P1), view))
        .filter_map(|twin| twin.to_setup().players[0].discards.last().copied())
        .collect();
    assert_eq!(tops, pair);
}

#[test]
fn every_event_prints_one_line() {
    let s = Seat(0);
    let meld = |kind, c| Meld { kind, cards: cards(c), ace_high: false };
    let cases = [
        (acted(1, "discard 6D TD"), "P1 discard 6D TD"),
        (Event::ChoseFaceDown { seat: s }, "P0 chooses a CASTLE and 2 DUKES face down"),
        (Event::DiscardedFaceDown { seat: s, count: 2, known: CardSet::EMPTY }, "P0 discards 2 cards face down"),
        (
            Event::DukesUp { dukes: [[Some(card("2C")), Some(card("3S"))], [Some(card("5H")), None]] },
            "Dukes Up! P0 [2C] [3S], P1 [5H] [  ]",
        ),
        (Event::Drew { seat: s, source: Source::DrawPile, count: 2, cards: cards("9C JC") }, "P0 draws 9C JC"),
        (
            Event::Drew { seat: s, source: Source::Discards, count: 2, cards: cards("9S") },
            "P0 takes back 9S and a card unseen from the discard pile",
        ),
        (Event::Reshuffled { seat: s, cards: 5 }, "P0 shuffles the discard pile (5 cards) into a new draw pile"),
        (Event::DukeTaken { by: s, from: Seat(1), card: card("7H") }, "P0 takes P1's DUKE 7H"),
        (Event::CastleTaken { by: s, from: Seat(1), card: card("8H") }, "P0 takes P1's CASTLE 8H: the round ends"),
        (
            Event::MoveMade { seat: s, castle: card("8S"), flipped: true },
            "THE MOVE: P0 flips up and plays the CASTLE 8S",
        ),
        (Event::MoveFailed { seat: s, castle: card("8S") }, "THE MOVE fails: P0 puts the CASTLE 8S back, face up"),
        (Event::MoveSucceeded { seat: s, castle: card("8S") }, "THE MOVE succeeds: P0's CASTLE 8S stays"),
        (Event::CastleFlipped { seat: Seat(1), castle: card("KH") }, "P1's CASTLE flips face up: KH"),
        (
            Event::RoundEnded {
                round: 1,
                reason: RoundEnd::CastleTaken { by: s },
                melds: vec![meld(MeldKind::Run, "3S 4D 5S"), meld(MeldKind::Set, "6D 6C 6S")],
                counts: [5, 4],
                points: [5, 4],
                wins: [1, 0],
            },
            "round 1 over (P0 took the CASTLE): P0 5 cards, P1 4 cards; table: [run 3S 4D 5S] [set 6C 6D 6S]; \
             points P0 5, P1 4; rounds won P0 1, P1 0",
        ),
        (Event::RoundStarted { round: 2, first: Seat(1) }, "round 2 begins: P1 goes first"),
        (dealt(1, None), "P1 is dealt 4 cards"),
        (
            Event::GameOver { outcome: Outcome::from_scores(vec![7, 3], Better::Higher) },
            "game over: P0 7, P1 3; P0 wins",
        ),
    ];
    for (event, text) in cases {
        assert_eq!(event.to_string(), text);
        let back: Event = serde_json::from_str(&serde_json::to_string(&event).unwrap()).unwrap();
        assert_eq!(back, event);
    }
}

/// The duke-core event checks (twin worlds, distinct actions) on playouts biased towards
/// melding, taking back discards and two-card discards, which uniform random play rarely
/// reaches.
#[test]
fn biased_playouts_keep_the_event_contract() {
    let mut seen = std::collections::BTreeSet::new();
    let mut legal = Vec::new();
    for seed in 0..80u64 {
        let mut config = Config::default();
        config.first_player = Some(Seat((seed % 2) as u8));
        config.ace = [AceRule::Low, AceRule::Around][(seed % 2) as usize];
        config.rounds = 1 + (seed % 2) as u8;
        config.turn_limit = Some(if seed % 4 == 0 { 150 } else { 60 });
        config.reshuffle = if seed % 3 == 0 { Reshuffle::AtOnce } else { Reshuffle::WhenNeeded };
        let mut game = DukesUp::new(&config, seed).unwrap();
        let mut rng = GameRng::new(seed);
        let mut step = 0u64;
        while let Some(seat) = game.to_act().first() {
            for knower in [Seat(0), Seat(1)] {
                check_twins(&game, &game.determinize(knower, seed ^ step), knower);
            }
            check_distinct_actions(&game);
            game.legal_actions(seat, &mut legal);
            let weights: Vec<u32> = legal.iter().map(|a| weight(&game, *a)).collect();
            let action = legal[rng.weighted(&weights).unwrap()];
            let before = game;
            game.apply(seat, action).unwrap();
            for event in events_of(&before, seat, action, &game, Observer::Spectator) {
                seen.insert(format!("{event:?}").split([' ', '{']).next().unwrap_or("").to_owned());
            }
            if game.view(Observer::Spectator).players.iter().any(|p| !p.unordered.is_empty()) {
                seen.insert("pair".to_owned());
            }
            step += 1;
        }
    }
    let kinds =
        ["pair", "DiscardedFaceDown", "Drew", "Reshuffled", "DukeTaken", "CastleFlipped", "MoveMade", "MoveFailed"];
    for kind in kinds {
        assert!(seen.contains(kind), "no {kind} in {seen:?}");
    }
}

fn weight(game: &DukesUp, action: Action) -> u32 {
    let view = game.view(Observer::Spectator);
    let me = &view.players[view.current.index()];
    // A hand of known cards kept and discarded whole makes a face-down pair of known cards.
    let known_hand = me.hand_size > 0 && me.hand_known.len() == usize::from(me.hand_size);
    match action {
        Action::Draw { source: Source::DrawPile, count: 0 } | Action::DiscardTwo(..) if known_hand => 60,
        Action::Play(_) | Action::Move | Action::End => 12,
        Action::DiscardTwo(..) | Action::DiscardTable(_) => 6,
        Action::Draw { source: Source::Discards, .. } | Action::PickUp(_) => 8,
        Action::Draw { source: Source::DrawPile, count: 2 } | Action::Bury => 3,
        _ => 1,
    }
}

/// Twin worlds: for actions legal in a state and in its twin for `knower`, `knower`'s and
/// the spectator's events are equal exactly when their views afterwards are.
fn check_twins(game: &DukesUp, twin: &DukesUp, knower: Seat) {
    let (mut here, mut there) = (Vec::new(), Vec::new());
    for actor in game.to_act().iter() {
        game.legal_actions(actor, &mut here);
        twin.legal_actions(actor, &mut there);
        for &action in here.iter().filter(|a| there.contains(a)) {
            let (mut a, mut b) = (*game, *twin);
            a.apply(actor, action).unwrap();
            b.apply(actor, action).unwrap();
            for observer in [Observer::Seat(knower), Observer::Spectator] {
                let (ea, eb) =
                    (events_of(game, actor, action, &a, observer), events_of(twin, actor, action, &b, observer));
                let same_views = a.view(observer) == b.view(observer);
                assert_eq!(
                    ea == eb,
                    same_views,
                    "{actor} {action} for {observer:?}:\n{ea:?}\n{eb:?}\n{}",
                    game.view(observer)
                );
            }
        }
    }
}

/// Two actions of the same seat that give an observer equal events give it equal views.
fn check_distinct_actions(game: &DukesUp) {
    let mut legal = Vec::new();
    for actor in game.to_act().iter() {
        game.legal_actions(actor, &mut legal);
        let results: Vec<(Action, DukesUp)> = legal
            .iter()
            .map(|&a| {
                let mut after = *game;
                after.apply(actor, a).unwrap();
                (a, after)
            })
            .collect();
        for observer in OBSERVERS {
            let told: Vec<Vec<Event>> =
                results.iter().map(|(a, after)| events_of(game, actor, *a, after, observer)).collect();
            for (i, (a, after_a)) in results.iter().enumerate() {
                for (j, (b, after_b)) in results.iter().enumerate().skip(i + 1) {
                    if told[i] == told[j] {
                        assert_eq!(
                            after_a.view(observer),
                            after_b.view(observer),
                            "{actor} {a} / {b} for {observer:?}"
                        );
                    }
                }
            }
        }
    }
}
