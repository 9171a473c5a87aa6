//! Rulebook examples: the Yellow-trump trick, the scoring examples and table, double bids,
//! the special cases, the variations, the crown, the tie replay and the presets.

mod common;

use common::*;
use crownbattles_rules::{
    Bid, Config, CrownBattles, DeckSpec, Form, Phase, Power, Preset, Setup, SuitId, Trick, Trump, round_points,
    sole_leader,
};
use duke_core::{Game, Observer, Seat};

const RED: SuitId = SuitId::ALL[0];
const BLUE: SuitId = SuitId::ALL[2];
const YELLOW: SuitId = SuitId::ALL[3];

/// "If the trump suit is Yellow (or Elves), the Yellow 12 beats the Blue 13 (led suit), the
/// Golem beats the Trump suit, the Dragon beats the Golem, and the second Dragon loses
/// against the first played Dragon."
#[test]
fn yellow_trump_trick_example() {
    let config = config(5, &[1], &[]);
    let mut game = start(&Setup {
        bids: bids(&["0"; 5]),
        ..table(&config, Trump::Suit(YELLOW), &["B13", "Y12", "golem", "dragon", "dragon"])
    });
    // P0 leads (left of dealer P4).
    let mut trick = Trick::new(Seat(0));
    let order = ["B13", "Y12", "golem", "dragon", "dragon"];
    let winners = [0, 1, 2, 3, 3];
    for (i, face) in order.iter().enumerate() {
        let card = face.parse::<crownbattles_rules::Face>().unwrap().first_card().unwrap();
        trick.push(card, Form::of(card, false), None);
        assert_eq!(trick.winner_position(Trump::Suit(YELLOW), false), winners[i], "after {face}");
    }
    steps(&mut game, &["P0 play B13", "P1 play Y12", "P2 play golem", "P3 play dragon", "P4 play dragon"]);
    // The round ends: P3 won the only trick; everyone bid 0.
    let scores = game.running_scores();
    assert_eq!(scores, vec![20, 20, 20, -10, 20]);
}

#[test]
fn scoring_examples() {
    // "If you bid 3 tricks but win all 3, get a total of 50 points."
    assert_eq!(round_points(Some(Bid::Single(3)), 3), 50);
    // "If you bid 3 tricks but win only 1, you lose 20 points."
    assert_eq!(round_points(Some(Bid::Single(3)), 1), -20);
    // "If you bid 1 trick but win 2, you lose 10 points."
    assert_eq!(round_points(Some(Bid::Single(1)), 2), -10);
    // "If you bid 2-3 tricks and win 3, get 25 points in total."
    assert_eq!(round_points(Some(Bid::Double(2)), 3), 25);
    // "If you bid 2-3 tricks and win 1 or 4, lose 10 points. If you win 0 or 5, lose 20 points."
    assert_eq!(round_points(Some(Bid::Double(2)), 1), -10);
    assert_eq!(round_points(Some(Bid::Double(2)), 4), -10);
    assert_eq!(round_points(Some(Bid::Double(2)), 0), -20);
    assert_eq!(round_points(Some(Bid::Double(2)), 5), -20);
}

#[test]
fn scoring_table_both_rows() {
    let single = [20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120];
    let double = [10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60];
    for won in 0..=10u8 {
        assert_eq!(round_points(Some(Bid::Single(won)), won), single[usize::from(won)]);
        // A double bid is met by either number.
        assert_eq!(round_points(Some(Bid::Double(won)), won), double[usize::from(won)]);
        if won > 0 {
            assert_eq!(round_points(Some(Bid::Double(won - 1)), won), double[usize::from(won)]);
        }
    }
}

#[test]
fn double_bids_in_play_and_not_with_one_card() {
    let one = config(3, &[1, 2], &[]);
    let game = start(&table(&one, Trump::NoTrump, &["R1", "R2", "R3"]));
    assert!(legal(&game, 0).iter().all(|a| !a.contains('-')), "no double bid in a one-card round");
    assert!(refused(&game, "P0 bid 0-1"));
    let two = config(3, &[2], &[]);
    let mut game = start(&table(&two, Trump::NoTrump, &["R13 R12", "R1 R2", "R3 R4"]));
    assert!(legal(&game, 0).contains(&"bid 1-2".to_string()));
    assert!(legal(&game, 0).contains(&"bid 9-10".to_string()));
    assert!(!legal(&game, 0).contains(&"bid 10-11".to_string()), "tokens stop at 10");
    steps(&mut game, &["P0 bid 1-2", "P1 bid 0", "P2 bid 1"]);
    steps(&mut game, &["P0 play R13", "P1 play R1", "P2 play R3", "P0 play R12", "P1 play R2", "P2 play R4"]);
    // P0 won 2 with 1-2: 5*2+10; P1 bid 0 won 0: 20; P2 bid 1 won 0: -10.
    assert_eq!(game.running_scores(), vec![20, 20, -10]);
}

#[test]
fn bid_tokens_by_player_count() {
    assert_eq!(Config::rulebook(Some(6)).unwrap().max_bid, 10);
    assert_eq!(Config::rulebook(Some(7)).unwrap().max_bid, 9);
    assert_eq!(Config::rulebook(Some(8)).unwrap().max_bid, 8);
}

#[test]
fn must_follow_suit_but_specials_may_always_be_played() {
    let c = config(3, &[3], &[Power::Wizard]);
    let mut game = start(&Setup {
        bids: bids(&["1"; 3]),
        ..table(&c, Trump::NoTrump, &["R5 B2 B3", "R9 B13 peasant", "golem wizard Y1"])
    });
    steps(&mut game, &["P0 play R5"]);
    assert_eq!(legal(&game, 1), vec!["play R9", "play peasant"]);
    assert!(refused(&game, "P1 play B13"));
    steps(&mut game, &["P1 play R9"]);
    // P2 has no red: any card; the off-suit number makes P2 known void in red.
    assert_eq!(legal(&game, 2).len(), 3);
    steps(&mut game, &["P2 play Y1"]);
    assert_eq!(game.view(Observer::Spectator).voids, vec![vec![], vec![], vec![RED]]);
    // "Playing a different suit than the led suit loses, even if it's of a higher number."
    assert_eq!(game.view(Observer::Spectator).tricks, vec![0, 1, 0]);
}

#[test]
fn peasant_lead_lets_the_next_player_set_the_suit() {
    let c = config(3, &[2], &[]);
    let mut game =
        start(&Setup { bids: bids(&["0"; 3]), ..table(&c, Trump::NoTrump, &["peasant R1", "B4 R2", "B9 R13"]) });
    steps(&mut game, &["P0 play peasant"]);
    // P1 may play anything; the card P1 plays sets the suit.
    assert_eq!(legal(&game, 1).len(), 2);
    steps(&mut game, &["P1 play B4"]);
    assert_eq!(legal(&game, 2), vec!["play B9"], "blue is now led");
    steps(&mut game, &["P2 play B9"]);
    assert_eq!(game.view(Observer::Spectator).tricks, vec![0, 0, 1]);
}

#[test]
fn golem_or_dragon_lead_frees_everyone() {
    for lead in ["golem", "dragon"] {
        let c = config(3, &[2], &[]);
        let mut game = start(&Setup {
            bids: bids(&["0"; 3]),
            ..table(&c, Trump::NoTrump, &[&format!("{lead} R1"), "B4 R2", "B9 R13"])
        });
        steps(&mut game, &[&format!("P0 play {lead}"), "P1 play B4"]);
        assert_eq!(legal(&game, 2).len(), 2, "any card may follow a {lead} lead");
        steps(&mut game, &["P2 play R13"]);
        assert_eq!(game.view(Observer::Spectator).tricks, vec![1, 0, 0]);
    }
}

#[test]
fn all_peasants_first_peasant_wins() {
    let c = config(4, &[1], &[]);
    let mut game = start(&Setup {
        bids: bids(&["0"; 4]),
        ..table(&c, Trump::Suit(RED), &["peasant", "peasant", "peasant", "peasant"])
    });
    steps(&mut game, &["P0 play peasant", "P1 play peasant", "P2 play peasant", "P3 play peasant"]);
    assert_eq!(game.running_scores(), vec![-10, 20, 20, 20]);
}

/// Our reading (RULES.md §2, 27): action cards fight as Peasants ("Notes"), and in a trick
/// of Peasants "the first player to do so wins": an action card leading such a trick wins.
#[test]
fn an_action_card_leading_a_trick_of_peasants_wins_it() {
    let c = config(3, &[1], &[Power::Wizard]);
    let mut game =
        start(&Setup { bids: bids(&["0"; 3]), ..table(&c, Trump::NoTrump, &["wizard", "peasant", "peasant"]) });
    steps(&mut game, &["P0 play wizard", "P1 play peasant", "P2 play peasant"]);
    assert_eq!(game.running_scores(), vec![-10, 20, 20]);
}

/// Our reading (RULES.md §2, 28): after a Peasant lead a Golem sets no suit and frees
/// nobody; the next numbered card sets the led suit.
#[test]
fn a_golem_after_a_peasant_lead_sets_no_suit() {
    let c = config(4, &[2], &[]);
    let mut game = start(&Setup {
        bids: bids(&["0"; 4]),
        ..table(&c, Trump::NoTrump, &["peasant R1", "golem R2", "B4 R3", "B9 R13"])
    });
    steps(&mut game, &["P0 play peasant", "P1 play golem"]);
    assert_eq!(legal(&game, 2).len(), 2, "no suit is led yet");
    steps(&mut game, &["P2 play B4"]);
    assert_eq!(legal(&game, 3), vec!["play B9"], "blue is led, the Golem did not free the trick");
    steps(&mut game, &["P3 play B9"]);
    assert_eq!(game.view(Observer::Spectator).tricks, vec![0, 1, 0, 0]);
}

#[test]
fn several_golems_or_dragons_first_wins() {
    let c = config(4, &[1], &[]);
    let mut game =
        start(&Setup { bids: bids(&["0"; 4]), ..table(&c, Trump::Suit(RED), &["R13", "golem", "golem", "R12"]) });
    steps(&mut game, &["P0 play R13", "P1 play golem", "P2 play golem", "P3 play R12"]);
    assert_eq!(game.running_scores(), vec![20, -10, 20, 20]);
    let mut game =
        start(&Setup { bids: bids(&["0"; 4]), ..table(&c, Trump::NoTrump, &["golem", "dragon", "R1", "dragon"]) });
    steps(&mut game, &["P0 play golem", "P1 play dragon", "P2 play R1", "P3 play dragon"]);
    assert_eq!(game.running_scores(), vec![20, -10, 20, 20]);
}

#[test]
fn trump_beats_led_suit_and_highest_wins() {
    let c = config(3, &[1], &[]);
    let mut game = start(&Setup { bids: bids(&["0"; 3]), ..table(&c, Trump::Suit(BLUE), &["R13", "B2", "B5"]) });
    steps(&mut game, &["P0 play R13", "P1 play B2", "P2 play B5"]);
    assert_eq!(game.running_scores(), vec![20, 20, -10]);
}

#[test]
fn screw_the_dealer() {
    let mut c = config(3, &[2], &[]);
    c.screw_the_dealer = true;
    let mut game = start(&table(&c, Trump::NoTrump, &["R1 R2", "R3 R4", "R5 R6"]));
    steps(&mut game, &["P0 bid 1", "P1 bid 0"]);
    // Dealer P2 may not make the total 2.
    assert!(refused(&game, "P2 bid 1"));
    assert!(refused(&game, "P2 bid 0-1"), "a double bid that could total the cards is refused");
    assert!(!refused(&game, "P2 bid 2"));
    assert!(!refused(&game, "P2 bid 0"));
    c.screw_the_dealer = false;
    let mut game = start(&table(&c, Trump::NoTrump, &["R1 R2", "R3 R4", "R5 R6"]));
    steps(&mut game, &["P0 bid 1", "P1 bid 0", "P2 bid 1"]);
}

#[test]
fn crown_goes_to_the_sole_leader_only() {
    assert_eq!(sole_leader(&[10, 30, 20]), Some(Seat(1)));
    assert_eq!(sole_leader(&[30, 30, 20]), None);
    let c = config(3, &[1, 1], &[]);
    let mut game = start(&Setup { bids: bids(&["0"; 3]), ..table(&c, Trump::NoTrump, &["R1", "R2", "R3"]) });
    steps(&mut game, &["P0 play R1", "P1 play R2", "P2 play R3"]);
    // P2 won and missed; P0 and P1 tie at 20: nobody holds the crown.
    assert_eq!(game.view(Observer::Spectator).crown, None);
    // P0 holds the crown going into the last round; P1 overtakes and takes it.
    let last = Setup {
        round: 2,
        scores: vec![30, 10, 0],
        crown: Some(Seat(0)),
        bids: bids(&["1", "1", "0"]),
        ..table(&c, Trump::NoTrump, &["R1", "R13", "R2"])
    };
    let mut game = start(&last);
    steps(&mut game, &["P0 play R1", "P1 play R13", "P2 play R2"]);
    assert_eq!(game.running_scores(), vec![20, 40, 20]);
    assert_eq!(game.view(Observer::Spectator).crown, Some(Seat(1)));
}

#[test]
fn dealer_rotates_clockwise_and_bidding_starts_left_of_dealer() {
    let c = config(3, &[1, 1, 1], &[]);
    let game = start(&table(&c, Trump::NoTrump, &["R1", "R2", "R3"]));
    assert_eq!(game.view(Observer::Spectator).dealer, Seat(2));
    assert_eq!(game.to_act().first(), Some(Seat(0)));
    let mut game = game;
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play R1", "P1 play R2", "P2 play R3"]);
    let view = game.view(Observer::Spectator);
    assert_eq!(view.dealer, Seat(0));
    assert_eq!(view.round, 2);
}

/// "In case of a tie, replay the last round until there's a clear winner."
#[test]
fn a_tie_after_the_last_round_replays_it() {
    let mut c = config(2, &[1], &[Power::Bomb]);
    c.max_tie_replays = 3;
    let mut game = start(&Setup { bids: bids(&["0"; 2]), ..table(&c, Trump::NoTrump, &["bomb", "R5"]) });
    // The Bomb destroys the only trick: both met 0, tie at 20 each.
    steps(&mut game, &["P0 play bomb", "P1 play R5"]);
    assert!(!game.is_over(), "tied: the last round is replayed");
    let view = game.view(Observer::Spectator);
    assert_eq!(view.round, 2);
    assert_eq!(view.cards_dealt, 1);
    assert_eq!(view.scores, vec![20, 20]);
    // With no replays allowed the game ends shared.
    c.max_tie_replays = 0;
    let mut game = start(&Setup { bids: bids(&["0"; 2]), ..table(&c, Trump::NoTrump, &["bomb", "R5"]) });
    steps(&mut game, &["P0 play bomb", "P1 play R5"]);
    assert!(game.is_over());
    assert_eq!(game.outcome().unwrap().ranks, vec![1, 1]);
}

#[test]
fn replays_end_when_someone_leads() {
    let mut c = config(3, &[1], &[]);
    c.max_tie_replays = 50;
    let mut buf = Vec::new();
    for seed in 0..20 {
        let mut game = CrownBattles::new(&c, seed).unwrap();
        let mut rng = duke_core::GameRng::new(seed);
        while let Some(seat) = game.to_act().first() {
            game.legal_actions(seat, &mut buf);
            let a = buf[rng.below(buf.len() as u32) as usize];
            game.apply(seat, a).unwrap();
        }
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.ranks.iter().filter(|&&r| r == 1).count(), 1, "a clear winner after replays");
    }
}

#[test]
fn standard_decks() {
    assert_eq!(DeckSpec::standard().cards().len(), 60);
    assert_eq!(DeckSpec::two_player().cards().len(), 40);
    let with = DeckSpec::standard().replacing_peasants(&[Power::Thief, Power::Witch]);
    assert_eq!(with.peasants, 2);
    assert_eq!(with.cards().len(), 60);
    assert_eq!(Config::rulebook(Some(2)).unwrap().deck, DeckSpec::two_player());
    assert_eq!(Config::rulebook(Some(4)).unwrap().schedule.as_slice(), &[2, 4, 6, 8, 10, 12, 14, 15]);
    assert_eq!(Config::rulebook(Some(7)).unwrap().deck.cards().len(), 67);
    assert_eq!(Config::rulebook(Some(8)).unwrap().deck.cards().len(), 68);
    assert_eq!(Config::default(), Config::rulebook(Some(4)).unwrap());
}

#[test]
fn table_of_rounds() {
    let expect: [(u8, &[u8]); 7] = [
        (2, &[2, 4, 6, 8, 10, 12, 14, 16, 18, 20]),
        (3, &[2, 4, 6, 8, 10, 12, 14, 16, 18, 20]),
        (4, &[2, 4, 6, 8, 10, 12, 14, 15]),
        (5, &[2, 4, 6, 8, 10, 12]),
        (6, &[2, 4, 6, 8, 10]),
        (7, &[2, 4, 6, 8, 9]),
        (8, &[2, 4, 6, 8]),
    ];
    for (n, schedule) in expect {
        let c = Config::rulebook(Some(n)).unwrap();
        assert_eq!(c.schedule.as_slice(), schedule);
        // "In the last round, the entire deck is evenly distributed among all players."
        assert_eq!(u32::from(*schedule.last().unwrap()), c.deck.cards().len() / u32::from(n));
    }
}

#[test]
fn a_deck_too_small_is_a_typed_error() {
    let mut c = Config::rulebook(Some(7)).unwrap();
    c.deck = DeckSpec::standard();
    assert!(matches!(c.check(), Err(crownbattles_rules::ConfigError::DeckTooSmall { round: 5, .. })));
    assert!(CrownBattles::new(&c, 0).is_err());
    assert!(Config::rulebook(Some(9)).is_err());
}

#[test]
fn every_preset_deals_correctly() {
    let sizes = [
        (Preset::TwoPlayers10Rounds, 40, 10),
        (Preset::TwoPlayers10RoundsOdd, 40, 10),
        (Preset::TwoPlayersHighCards, 20, 10),
        (Preset::TwoPlayersThreeSuits, 28, 14),
        (Preset::TwoPlayers14Rounds, 28, 14),
        (Preset::ThreePlayers10Rounds, 60, 10),
        (Preset::ThreePlayers10RoundsOdd, 60, 10),
        (Preset::ThreePlayers14Rounds, 42, 14),
        (Preset::ThreePlayers19Rounds, 57, 19),
        (Preset::ThreePlayers20Rounds, 60, 20),
        (Preset::FourPlayers8Rounds, 60, 8),
        (Preset::FourPlayers8RoundsOdd, 60, 8),
        (Preset::FourPlayers15Rounds, 60, 15),
        (Preset::FivePlayers6Rounds, 60, 6),
        (Preset::FivePlayers10Rounds, 60, 10),
        (Preset::FivePlayers12Rounds, 60, 12),
        (Preset::SixPlayers5Rounds, 60, 5),
        (Preset::SixPlayers10Rounds, 60, 10),
        (Preset::SixPlayers11Rounds, 66, 11),
        (Preset::SevenPlayers5Rounds, 67, 5),
        (Preset::SevenPlayers9Rounds, 67, 9),
        (Preset::EightPlayers4Rounds, 68, 4),
        (Preset::EightPlayers8Rounds, 68, 8),
    ];
    assert_eq!(sizes.len(), Preset::ALL.len());
    let mut buf = Vec::new();
    for (preset, deck, rounds) in sizes {
        let c = {
            let c = Config::preset(preset);
            c.check().unwrap();
            c
        };
        assert_eq!(c.deck.cards().len(), deck, "{preset:?}");
        assert_eq!(c.schedule.rounds(), rounds, "{preset:?}");
        let n = c.players;
        assert_eq!(u32::from(c.schedule.cards(rounds - 1)), deck / u32::from(n), "{preset:?} last round");
        // Play the whole game at random; every round deals its scheduled cards to each player.
        let mut game = CrownBattles::new(&c, 3).unwrap();
        let mut rng = duke_core::GameRng::new(9);
        let mut round_seen = 0;
        while let Some(seat) = game.to_act().first() {
            let view = game.view(Observer::Spectator);
            if view.round != round_seen && matches!(view.phase, Phase::Bidding(_) | Phase::ChooseTrump) {
                round_seen = view.round;
                let cards = c.schedule.cards(usize::from(view.round) - 1);
                assert!(view.hand_sizes.iter().all(|&h| h == cards), "{preset:?} round {}", view.round);
                assert_eq!(u32::from(view.deck_size), deck - u32::from(cards) * u32::from(n));
            }
            game.legal_actions(seat, &mut buf);
            let a = buf[rng.below(buf.len() as u32) as usize];
            game.apply(seat, a).unwrap();
        }
        assert!(round_seen as usize >= rounds);
    }
}

#[test]
fn suits_are_neutral_ids_with_labels() {
    assert_eq!(YELLOW.race(), "Elves");
    assert_eq!(RED.colour(), "red");
    assert_eq!(BLUE.letter(), 'B');
}

#[test]
fn views_hide_other_hands_and_the_deck() {
    let c = config(3, &[2], &[]);
    let game = start(&table(&c, Trump::NoTrump, &["R1 R2", "R3 R4", "R5 R6"]));
    let view = game.view(Observer::Seat(Seat(1)));
    assert_eq!(view.hand, faces("R3 R4"));
    assert!(view.known.is_empty());
    let text = view.to_string();
    assert!(!text.contains("R1") && !text.contains("R5"), "{text}");
    assert!(game.view(Observer::Spectator).hand.is_empty());
    assert!(text.contains("Your hand (P1): R3 R4"), "{text}");
    assert!(text.contains("trump X (no trump)"), "{text}");
    assert!(text.contains("P0: score     0  bid     -"), "{text}");
}

#[test]
fn evaluate_reads_the_view_only() {
    let c = config(3, &[1, 1], &[]);
    let mut game = start(&Setup { bids: bids(&["0"; 3]), ..table(&c, Trump::NoTrump, &["R1", "R2", "R3"]) });
    steps(&mut game, &["P0 play R1", "P1 play R2", "P2 play R3"]);
    // Scores 20, 20, -10: P0 is level with the best opponent, P2 is 30 behind.
    let v0 = game.view(Observer::Seat(Seat(0)));
    let v2 = game.view(Observer::Seat(Seat(2)));
    assert_eq!(CrownBattles::evaluate(&v0, Seat(0)), 0.0);
    assert_eq!(CrownBattles::evaluate(&v2, Seat(2)), -30.0);
}

#[test]
fn view_rendering_shows_the_table() {
    let c = config(4, &[3], &[Power::Wizard]);
    let mut game =
        start(&table(&c, Trump::Suit(YELLOW), &["R1 R2 wizard", "B5 B2 Y3", "golem B9 R13", "peasant Y7 G1"]));
    steps(&mut game, &["P0 bid 1", "P1 bid 0-1", "P2 bid 2", "P3 bid 0"]);
    steps(&mut game, &["P0 play R1", "P1 play B2", "P2 play golem"]);
    let text = game.view(Observer::Seat(Seat(3))).to_string();
    assert!(text.contains("Table: P0=R1 P1=B2 P2=golem"), "{text}");
    assert!(text.contains("[void R]"), "{text}");
    assert!(text.contains("<- to act"), "{text}");
    assert!(text.contains("trump Y (yellow, Elves)"), "{text}");
}
