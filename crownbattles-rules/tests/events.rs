//! Events: each fact the views drop is reachable from the events, faces only for those the
//! rules show them to; the redacted notation of every hidden action; each event's text.

mod common;

use common::*;
use crownbattles_rules::{Action, Bid, CrownBattles, Event, Face, Power, Trump};
use duke_core::{Game, Observer, Seat};

const P0: Observer = Observer::Seat(Seat(0));
const P1: Observer = Observer::Seat(Seat(1));
const P2: Observer = Observer::Seat(Seat(2));
const SPECTATOR: Observer = Observer::Spectator;

/// One applied step: the states around it.
struct Step {
    before: CrownBattles,
    seat: Seat,
    action: Action,
    after: CrownBattles,
}

impl Step {
    fn events(&self, observer: Observer) -> Vec<Event> {
        let mut out = vec![Event::Crown { holder: None }];
        CrownBattles::events(&self.before, self.seat, self.action, &self.after, observer, &mut out);
        out
    }

    /// The events as the lines a terminal prints.
    fn lines(&self, observer: Observer) -> Vec<String> {
        self.events(observer).iter().map(ToString::to_string).collect()
    }

    /// What `observer` reads as the action.
    fn notation(&self, observer: Observer) -> String {
        self.before.notation_for(self.seat, self.action, observer)
    }
}

/// Applies "P1 play R12" and keeps the states around it.
fn step(game: &mut CrownBattles, line: &str) -> Step {
    let before = game.clone();
    steps(game, &[line]);
    let (seat, action) = line.split_once(' ').unwrap();
    Step { before, seat: Seat(seat[1..].parse().unwrap()), action: action.parse().unwrap(), after: game.clone() }
}

fn face(name: &str) -> Face {
    name.parse().unwrap()
}

#[test]
fn bishop_shows_whom_it_looked_at_and_the_hand_to_its_player_only() {
    let c = config(3, &[2], &[Power::Bishop]);
    let mut game = deal(&c, Trump::NoTrump, &["bishop R1", "R2 R3", "B4 B5"]);
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play bishop"]);
    let s = step(&mut game, "P0 look P2");
    assert_eq!(s.lines(P0), ["P0 look P2", "P0 sees P2's hand: B4 B5"]);
    for other in [P1, P2, SPECTATOR] {
        assert_eq!(s.lines(other), ["P0 look P2", "P0 sees P2's hand"]);
        assert!(matches!(s.events(other)[1], Event::HandSeen { target: Seat(2), cards: None, .. }));
    }
}

#[test]
fn cursed_shows_who_swapped_and_the_hands_to_the_two_players_only() {
    let c = config(3, &[2], &[Power::Cursed]);
    let mut game = deal(&c, Trump::NoTrump, &["R13 R1", "cursed G5", "R3 G4"]);
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play R13", "P1 play cursed", "P2 play R3"]);
    let s = step(&mut game, "P1 swap P0 P2");
    for party in [P0, P2] {
        assert_eq!(s.lines(party), ["P1 swap P0 P2", "P0 and P2 swap hands: P0 gets G4; P2 gets R1"]);
    }
    for other in [P1, SPECTATOR] {
        assert_eq!(s.lines(other), ["P1 swap P0 P2", "P0 and P2 swap hands"]);
    }
}

#[test]
fn magician_passes_show_who_passed_to_whom_and_faces_to_giver_and_receiver() {
    let c = config(3, &[3], &[Power::Magician]);
    let mut game = deal(&c, Trump::NoTrump, &["magician R1 R2", "golem B5 B6", "golem Y5 Y6"]);
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play magician", "P0 pass right"]);
    // Right: P1 -> P0, P2 -> P1, P0 -> P2.
    let s = step(&mut game, "P1 give B5");
    assert_eq!(s.lines(P1), ["P1 give B5"]);
    assert_eq!(s.lines(P0), ["P1 chooses a card to pass face down"]);
    // The last other passer: the Magician's player now sees the card coming to him.
    let s = step(&mut game, "P2 give golem");
    assert_eq!(s.lines(P0), ["P2 chooses a card to pass face down", "P0 sees the card P1 passes: B5"]);
    assert_eq!(s.lines(P1), ["P2 chooses a card to pass face down", "P0 sees the card P1 passes: B5"]);
    assert_eq!(s.lines(P2), ["P2 give golem", "P0 sees the card P1 passes"]);
    assert_eq!(game.view(P0).incoming, Some(face("B5")), "the view keeps what the event showed");
    assert_eq!(game.view(P1).incoming, None);
    let s = step(&mut game, "P0 give R1");
    assert_eq!(s.lines(P0), ["P0 give R1", "P0 passes R1 to P2", "P1 passes B5 to P0", "P2 passes a card to P1"]);
    assert_eq!(
        s.lines(P1),
        [
            "P0 chooses a card to pass face down",
            "P0 passes a card to P2",
            "P1 passes B5 to P0",
            "P2 passes golem to P1"
        ]
    );
    assert_eq!(
        s.lines(SPECTATOR),
        [
            "P0 chooses a card to pass face down",
            "P0 passes a card to P2",
            "P1 passes a card to P0",
            "P2 passes a card to P1"
        ]
    );
}

#[test]
fn smuggler_swaps_show_the_drawn_card_to_the_smuggler_only() {
    let c = config(3, &[3], &[Power::Smuggler]);
    let mut game = deal(&c, Trump::NoTrump, &["smuggler R1 R2", "G2 G3 G4", "B4 B5 B6"]);
    let s = step(&mut game, "P0 smuggle R1");
    let drawn = game.view(P0).hand.into_iter().find(|f| !s.before.view(P0).hand.contains(f)).unwrap();
    assert_eq!(s.lines(P0), ["P0 smuggle R1".to_owned(), format!("P0 draws {drawn} from the deck")]);
    for other in [P1, SPECTATOR] {
        assert_eq!(
            s.lines(other),
            ["P0 shows the smuggler and swaps a card with the deck face down", "P0 draws a card from the deck"]
        );
    }
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play smuggler"]);
    let s = step(&mut game, "P0 smuggle R2");
    assert!(matches!(s.events(P0)[1], Event::DrewFromDeck { card: Some(_), .. }));
    assert_eq!(s.lines(P2), ["P0 swaps a card with the deck face down", "P0 draws a card from the deck"]);
}

#[test]
fn merchant_trades_show_who_traded_and_faces_to_the_two_players_only() {
    let c = config(3, &[3], &[Power::Merchant]);
    let mut game = deal(&c, Trump::NoTrump, &["merchant R1 R2", "B4 B5 B6", "Y4 Y5 Y6"]);
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play merchant"]);
    let mut other_trade = game.clone();
    let s = step(&mut game, "P0 trade R1 P1");
    let got = game.view(P0).hand.into_iter().find(|f| matches!(f, Face::Number(..)) && *f != face("R2")).unwrap();
    let full = format!("P0 gives R1 to P1 and gets {got}");
    assert_eq!(s.lines(P0), ["P0 trade R1 P1".to_owned(), full.clone()]);
    assert_eq!(s.lines(P1), ["P0 trades a card of their choice with P1".to_owned(), full]);
    for other in [P2, SPECTATOR] {
        assert_eq!(s.lines(other), ["P0 trades a card of their choice with P1", "P0 and P1 exchange a card face down"]);
    }
    // Two others trade random cards: the Merchant's player does not see them.
    let s = step(&mut other_trade, "P0 trade P1 P2");
    assert_eq!(s.lines(P0), ["P0 trade P1 P2", "P1 and P2 exchange a card face down"]);
    let Event::Traded { given: Some(given), taken: Some(taken), .. } = s.events(P2)[1] else { panic!() };
    assert!(other_trade.view(P2).hand.contains(&given) && other_trade.view(P1).hand.contains(&taken));
}

#[test]
fn spy_shows_the_deck_to_its_player_only() {
    let c = config(3, &[2], &[Power::Spy]);
    let mut game = deal(&c, Trump::NoTrump, &["spy R1", "G2 G3", "B4 B5"]);
    all_bid(&mut game, "0");
    let s = step(&mut game, "P0 play spy");
    let Event::DeckSeen { cards: Some(deck), .. } = &s.events(P0)[1] else { panic!() };
    assert_eq!(deck.len(), 61 - 6);
    assert_eq!(s.lines(P1), ["P0 play spy", "P0 looks through the deck"]);
}

#[test]
fn every_trick_shows_its_cards_and_winner_and_a_bomb_nobody() {
    let c = config(3, &[2], &[Power::Bomb]);
    let mut game = deal(&c, Trump::NoTrump, &["R13 R1", "bomb R2", "R3 R4"]);
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play R13", "P1 play bomb"]);
    let s = step(&mut game, "P2 play R3");
    assert_eq!(s.lines(SPECTATOR), ["P2 play R3", "the bomb destroys the trick, nobody wins it: P0=R13 P1=bomb P2=R3"]);
    steps(&mut game, &["P1 lead P2"]);
    steps(&mut game, &["P2 play R4", "P0 play R1"]);
    let s = step(&mut game, "P1 play R2");
    assert_eq!(s.events(P1)[1], s.events(SPECTATOR)[1], "tricks are public");
    assert!(s.lines(P1)[1].starts_with("P2 wins the trick: P2=R4 P0=R1 P1=R2"));
}

#[test]
fn the_last_card_of_a_round_shows_its_trick_the_scores_the_crown_and_the_next_deal() {
    let mut c = config(3, &[1, 1], &[]);
    c.spinner = [0, 0, 1, 0, 0, 0];
    let mut game = deal(&c, Trump::NoTrump, &["R13", "R2", "R3"]);
    steps(&mut game, &["P0 bid 1", "P1 bid 0", "P2 bid 0", "P0 play R13", "P1 play R2"]);
    let s = step(&mut game, "P2 play R3");
    let lines = s.lines(P1);
    assert_eq!(
        lines[..5],
        [
            "P2 play R3",
            "P0 wins the trick: P0=R13 P1=R2 P2=R3",
            "round 1 ends: P0 bid 1 took 1 +30 = 30; P1 bid 0 took 0 +20 = 20; P2 bid 0 took 0 +20 = 20",
            "P0 holds the crown",
            "round 2/2: P0 deals 1 card to each",
        ]
    );
    assert_eq!(lines[5], format!("P1 is dealt 1 card: {}", game.view(P1).hand[0]));
    assert_eq!(lines[6], "the spinner shows B (blue, Taurans) is trump");
    assert_eq!(s.events(SPECTATOR)[5], Event::Dealt { count: 1, seat: None, cards: vec![] });
    assert_eq!(s.lines(SPECTATOR)[5], "1 card dealt to each");
    assert_eq!(s.events(SPECTATOR)[6], Event::Spun { trump: Some(game.view(SPECTATOR).trump), dealer: Seat(0) });
}

#[test]
fn bids_are_public_and_the_game_over_shows_the_result() {
    let c = config(2, &[1], &[]);
    let mut game = deal(&c, Trump::NoTrump, &["R5", "R9"]);
    let s = step(&mut game, "P0 bid 1");
    for observer in [P0, P1, SPECTATOR] {
        assert_eq!(s.events(observer), [Event::Acted { seat: Seat(0), action: Action::Bid(Bid::Single(1)) }]);
    }
    steps(&mut game, &["P1 bid 1", "P0 play R5"]);
    let s = step(&mut game, "P1 play R9");
    let lines = s.lines(SPECTATOR);
    assert_eq!(lines[2], "round 1 ends: P0 bid 1 took 0 -10 = -10; P1 bid 1 took 1 +30 = 30");
    assert_eq!(lines[3], "P1 holds the crown");
    assert_eq!(lines[4], "game over: P1 wins; scores -10 30");
    assert_eq!(lines.len(), 5);
    let Event::GameOver { outcome } = &s.events(P0)[4] else { panic!() };
    assert_eq!(outcome, &game.outcome().unwrap());
}

#[test]
fn a_tie_for_the_lead_gives_nobody_the_crown() {
    let c = config(2, &[1, 1], &[]);
    let mut game = deal(&c, Trump::NoTrump, &["R5", "R9"]);
    steps(&mut game, &["P0 bid 1", "P1 bid 0", "P0 play R5"]);
    let s = step(&mut game, "P1 play R9");
    assert_eq!(
        s.lines(SPECTATOR)[2..4],
        [
            "round 1 ends: P0 bid 1 took 0 -10 = -10; P1 bid 0 took 1 -10 = -10",
            "nobody holds the crown (tie for the lead)"
        ]
    );
    assert_eq!(s.events(SPECTATOR)[3], Event::Crown { holder: None });
}

#[test]
fn a_jester_or_a_thief_ending_the_round_counts_in_its_scores() {
    // The Jester's decision completes the last trick: the round is scored with the new bid.
    let c = config(2, &[1], &[Power::Jester]);
    let mut game = deal(&c, Trump::NoTrump, &["R5", "jester"]);
    steps(&mut game, &["P0 bid 0", "P1 bid 0", "P0 play R5", "P1 play jester"]);
    let s = step(&mut game, "P1 jest +1");
    assert_eq!(
        s.lines(SPECTATOR)[1..3],
        ["P0 wins the trick: P0=R5 P1=jester", "round 1 ends: P0 bid 0 took 1 -10 = -10; P1 bid 1 took 0 -10 = -10"]
    );
    // The Thief steals the last trick after it was won: the round is scored after the theft.
    let c = config(2, &[1], &[Power::Thief]);
    let mut game = deal(&c, Trump::NoTrump, &["R5", "thief"]);
    steps(&mut game, &["P0 bid 0", "P1 bid 1", "P0 play R5"]);
    let s = step(&mut game, "P1 play thief");
    assert_eq!(s.lines(P0), ["P1 play thief", "P0 wins the trick: P0=R5 P1=thief"]);
    let s = step(&mut game, "P1 steal P0");
    assert_eq!(s.lines(P0)[1], "round 1 ends: P0 bid 0 took 0 +20 = 20; P1 bid 1 took 1 +30 = 30");
}

#[test]
fn the_trump_spun_or_chosen_by_the_dealer() {
    let mut c = config(3, &[2], &[]);
    c.spinner = [0, 0, 0, 0, 0, 1];
    c.first_dealer = Some(duke_core::Seat(2));
    let game = CrownBattles::new(&c, 5).unwrap();
    let opening: Vec<String> = game.opening_events(P0).iter().map(ToString::to_string).collect();
    assert_eq!(opening[0], "round 1/1: P2 deals 2 cards to each");
    let hand: Vec<String> = game.view(P0).hand.iter().map(ToString::to_string).collect();
    assert_eq!(opening[1], format!("P0 is dealt 2 cards: {}", hand.join(" ")));
    assert_eq!(opening[2], "the spinner shows the four colours: P2 (the dealer) chooses the trump");
    assert_eq!(game.opening_events(P1)[1], Event::Dealt { count: 2, seat: Some(Seat(1)), cards: game.view(P1).hand });
    let mut game = game;
    let s = step(&mut game, "P2 trump Y");
    assert_eq!(s.lines(SPECTATOR), ["P2 trump Y"]);
    c.spinner = [0, 0, 0, 0, 1, 0];
    let game = CrownBattles::new(&c, 5).unwrap();
    assert_eq!(game.opening_events(SPECTATOR)[2].to_string(), "the spinner shows X: no trump");
}

#[test]
fn redacted_notation_of_every_hidden_action() {
    let c = config(3, &[4], &[Power::Smuggler, Power::Merchant, Power::Magician]);
    let mut game = deal(&c, Trump::NoTrump, &["smuggler merchant R1 R2", "magician B5 B6 B7", "Y4 Y5 Y6 Y7"]);
    let s = step(&mut game, "P0 smuggle R2");
    assert_eq!(s.notation(P0), "P0 smuggle R2");
    assert_eq!(s.notation(P1), "P0 shows the smuggler and swaps a card with the deck face down");
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play merchant"]);
    let s = step(&mut game, "P0 trade smuggler P2");
    assert_eq!(s.notation(P0), "P0 trade smuggler P2");
    assert_eq!(s.notation(P2), "P0 trades a card of their choice with P2");
    assert_eq!(s.notation(SPECTATOR), "P0 trades a card of their choice with P2");
    steps(&mut game, &["P1 play magician"]);
    // Public actions read the same for everyone.
    let s = step(&mut game, "P1 pass left");
    assert_eq!(s.notation(SPECTATOR), "P1 pass left");
    let s = step(&mut game, "P0 give R1");
    assert_eq!(s.notation(P0), "P0 give R1");
    assert_eq!(s.notation(P1), "P0 chooses a card to pass face down");
    let s = step(&mut game, "P2 give smuggler");
    assert_eq!(s.notation(SPECTATOR), "P2 chooses a card to pass face down");
    let s = step(&mut game, "P1 give B5");
    assert_eq!(s.notation(P1), "P1 give B5");
    assert_eq!(s.notation(P2), "P1 chooses a card to pass face down");
}

#[test]
fn the_derived_facts_agree_with_the_states_in_random_games() {
    // The trick a step completes and the round's scores are rebuilt from the state before;
    // check them against the states wherever both are available.
    let mut c = crownbattles_rules::Config::rulebook(Some(4)).unwrap();
    c.deck = crownbattles_rules::DeckSpec::standard().with_powers(&Power::ALL);
    c.check().unwrap();
    let mut legal = Vec::new();
    let (mut tricks_seen, mut rounds_seen) = (0, 0);
    for seed in 0..40u64 {
        let mut game = CrownBattles::new(&c, seed).unwrap();
        let mut pick = seed;
        while let Some(seat) = game.to_act().first() {
            game.legal_actions(seat, &mut legal);
            pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let action = legal[(pick >> 33) as usize % legal.len()];
            let before = game.clone();
            game.apply(seat, action).unwrap();
            let s = Step { before: before.clone(), seat, action, after: game.clone() };
            let (old, new) = (before.view(SPECTATOR), game.view(SPECTATOR));
            for event in s.events(SPECTATOR) {
                match event {
                    Event::TrickTaken { cards, winner } if new.round == old.round && !game.is_over() => {
                        tricks_seen += 1;
                        let won: Vec<usize> = (0..4).filter(|&i| new.tricks[i] > old.tricks[i]).collect();
                        assert_eq!(won, winner.map(|w| w.index()).into_iter().collect::<Vec<_>>());
                        assert_eq!(cards.len(), 4);
                        if !new.trick.is_empty() {
                            assert_eq!(cards, new.trick, "the trick still on the table");
                        }
                    }
                    Event::RoundScored { points, scores, .. } => {
                        rounds_seen += 1;
                        let hex = |i: usize| match action {
                            Action::Hex(t) if t.index() == i => -5,
                            Action::Hex(_) if seat.index() == i => 5,
                            _ => 0,
                        };
                        for i in 0..4 {
                            assert_eq!(scores[i], old.scores[i] + hex(i) + points[i], "seed {seed} {seat} {action}");
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(tricks_seen > 500 && rounds_seen > 100, "{tricks_seen} {rounds_seen}");
}

#[test]
fn every_event_prints_one_line_and_survives_serde() {
    let s = |n| Seat(n);
    let y = |v| Face::Number(crownbattles_rules::SuitId::ALL[3], v);
    let cases = [
        (Event::Acted { seat: s(1), action: Action::Play(y(12)) }, "P1 play Y12"),
        (Event::SmuggledFaceDown { seat: s(1), before_bid: false }, "P1 swaps a card with the deck face down"),
        (Event::PassChosen { seat: s(2) }, "P2 chooses a card to pass face down"),
        (Event::TradeOffered { seat: s(0), with: s(3) }, "P0 trades a card of their choice with P3"),
        (Event::DrewFromDeck { seat: s(1), card: Some(y(3)) }, "P1 draws Y3 from the deck"),
        (Event::DeckSeen { seat: s(1), cards: Some(vec![y(1), Face::Golem]) }, "P1 looks through the deck: Y1 golem"),
        (Event::DeckSeen { seat: s(1), cards: Some(vec![]) }, "P1 looks through the deck: (none)"),
        (Event::HandSeen { seat: s(0), target: s(2), cards: Some(vec![y(4)]) }, "P0 sees P2's hand: Y4"),
        (
            Event::HandsSwapped { first: s(0), second: s(1), first_gets: None, second_gets: None },
            "P0 and P1 swap hands",
        ),
        (Event::PassSeen { from: s(2), to: s(0), card: None }, "P0 sees the card P2 passes"),
        (Event::Passed { from: s(2), to: s(0), card: Some(Face::Peasant) }, "P2 passes peasant to P0"),
        (
            Event::Traded { giver: s(0), taker: s(1), given: Some(y(1)), taken: Some(Face::Dragon) },
            "P0 gives Y1 to P1 and gets dragon",
        ),
        (Event::TrickTaken { cards: vec![], winner: Some(s(2)) }, "P2 wins the trick:"),
        (
            Event::RoundScored {
                round: 2,
                bids: vec![Some(Bid::Double(1)), None],
                tricks: vec![2, 0],
                points: vec![20, 0],
                scores: vec![40, -5],
                missions: vec![],
            },
            "round 2 ends: P0 bid 1-2 took 2 +20 = 40; P1 bid - took 0 +0 = -5",
        ),
        (
            Event::RoundScored {
                round: 3,
                bids: vec![None, None, None],
                tricks: vec![2, 0, 1],
                points: vec![15, -20, 0],
                scores: vec![55, -25, 0],
                missions: vec![Some(true), Some(false), None],
            },
            "round 3 ends: P0 mission met took 2 +15 = 55; P1 mission missed took 0 -20 = -25; P2 no mission took 1 +0 = 0",
        ),
        (Event::Crown { holder: Some(s(1)) }, "P1 holds the crown"),
        (
            Event::GameOver { outcome: duke_core::Outcome::with_ranks(vec![30, 30, 10], vec![1, 1, 3]) },
            "game over: P0 and P1 share first place; scores 30 30 10",
        ),
        (
            Event::RoundStarted { round: 7, rounds: 6, dealer: s(3), cards: 12 },
            "round 7 (tie replay of round 6): P3 deals 12 cards to each",
        ),
        (Event::Dealt { count: 2, seat: None, cards: vec![] }, "2 cards dealt to each"),
        (
            Event::Spun { trump: Some(Trump::Suit(crownbattles_rules::SuitId::ALL[0])), dealer: s(0) },
            "the spinner shows R (red, Orcs) is trump",
        ),
    ];
    for (event, text) in cases {
        assert_eq!(event.to_string(), text);
        assert!(!text.contains('\n'));
        let back: Event = serde_json::from_str(&serde_json::to_string(&event).unwrap()).unwrap();
        assert_eq!(back, event);
    }
}
