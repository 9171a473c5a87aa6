//! `Setup`: every game gives its setup back exactly (and is saved as it), the defaults
//! are the start of a round, and a setup the game cannot go on from is refused with a
//! typed error (one test per `SetupError` variant; the refusals of the validation gaps
//! are in tests/loadable.rs).

mod common;

use common::*;
use crownbattles_rules::{
    CardName, Config, ConfigError, CrownBattles, DeckSpec, Phase, Power, Preset, Schedule, Setup, SetupError, Shields,
    Trump,
};
use duke_core::testing::strategies::reachable;
use duke_core::{Game, GameRng, Observer, Seat};
use proptest::prelude::*;

fn refused(setup: &Setup) -> SetupError {
    CrownBattles::from_setup(setup).expect_err("the setup must be refused")
}

fn name(text: &str) -> CardName {
    text.parse().unwrap()
}

/// Short games with many Special Power cards and every option, so that every phase and
/// field (passes, Witch steps, Wizards, shields, smuggles, knowledge, voids) is reached.
fn configs() -> impl Strategy<Value = Config> {
    (2u8..=8, any::<u16>(), any::<[bool; 4]>(), 0..Preset::ALL.len()).prop_map(|(players, powers, flags, preset)| {
        let mut c =
            if flags[3] { Config::preset(Preset::ALL[preset]) } else { Config::rulebook(Some(players)).unwrap() };
        c.deck = DeckSpec { powers: c.deck.powers | powers, ..c.deck };
        let most = (c.deck.cards().len() / u32::from(c.players)) as u8;
        c.schedule = Schedule::new(&[most.min(3), most.min(6), 1]).unwrap();
        c.screw_the_dealer = flags[0];
        c.wizard_affects_kings = flags[1];
        c.shields = if flags[2] { Shields::Game } else { Shields::Round };
        c.spinner = [1, 1, 1, 1, 1, 2];
        c.max_tie_replays = 1;
        {
            c.check().unwrap();
            c
        }
    })
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(256))]

    /// Every state along a random game, not only its last.
    #[test]
    fn every_reachable_state_gives_its_setup_back(reached in reachable::<CrownBattles>(configs(), 160)) {
        let mut state = reached.record.start().unwrap();
        for step in &reached.record.steps {
            let setup = state.to_setup();
            prop_assert_eq!(CrownBattles::from_setup(&setup), Ok(state.clone()));
            // The saved state is that setup, read back through the same checks.
            let json = serde_json::to_string(&state).unwrap();
            prop_assert_eq!(&json, &serde_json::to_string(&setup).unwrap());
            prop_assert_eq!(serde_json::from_str::<CrownBattles>(&json).unwrap(), state.clone());
            state.apply(step.seat, step.action).unwrap();
        }
        prop_assert_eq!(CrownBattles::from_setup(&state.to_setup()), Ok(state));
    }
}

#[test]
fn the_default_setup_is_the_start_of_the_game() {
    for players in 2..=8 {
        let mut config = Config::rulebook(Some(players)).unwrap();
        config.first_dealer = Some(Seat(players - 1));
        assert_eq!(
            CrownBattles::from_setup(&Setup::new(config.clone())).unwrap(),
            CrownBattles::new(&config, 0).unwrap()
        );
    }
    // Left to chance, the set-up of nothing but a config and a seed is the game `new`
    // makes, the first dealer drawn (the vocabulary every game shares)...
    for seed in 0..20 {
        let config = Config::default();
        let setup = Setup { seed, ..Setup::new(config.clone()) };
        assert_eq!(CrownBattles::from_setup(&setup).unwrap(), CrownBattles::new(&config, seed).unwrap());
    }
    // ...and once the set-up describes a position, an unset dealer is the last seat.
    let setup = Setup { round: 1, bids: vec![None; 4], ..Setup::default() };
    let game = CrownBattles::from_setup(&setup).unwrap();
    let view = game.view(Observer::Spectator);
    assert_eq!((view.dealer, view.round, view.hand_sizes), (Seat(3), 1, vec![2; 4]));
    assert!(matches!(view.phase, Phase::Bidding(Seat(0)) | Phase::ChooseTrump));
}

#[test]
fn a_setup_written_as_json_leaves_out_what_has_a_default() {
    let text = r#"{
        "config": {"players": 3, "deck": {"values": {"R": "1-13", "G": "1-13", "B": "1-13", "Y": "1-13"},
            "golems": 2, "dragons": 2, "peasants": 4, "powers": ["thief"]},
            "schedule": [2, 2], "max_bid": 10, "spinner": [1, 1, 1, 1, 1, 1],
            "dealer_may_choose_no_trump": false, "screw_the_dealer": false, "wizard_affects_kings": false,
            "timings": {"alchemist": "Immediate", "bishop": "Immediate", "jester": "Immediate", "witch": "Immediate"},
            "witch_step": 5, "shields": "Round", "max_tie_replays": 0, "first_dealer": null, "round_type": "Normal"},
        "round": 2,
        "dealer": 0,
        "trump": "Y",
        "hands": [["R13", "golem"], ["thief", "Y3"], ["peasant", "golem"]],
        "bids": ["1", "0-1", "0"],
        "scores": [30, -10, 20]
    }"#;
    let game = start(&serde_json::from_str(text).unwrap());
    let view = game.view(Observer::Seat(Seat(2)));
    assert_eq!((view.round, view.dealer, view.trump), (2, Seat(0), Trump::Suit(crownbattles_rules::SuitId::ALL[3])));
    assert_eq!(view.to_act, vec![Seat(1)], "everyone bid: P1, left of the dealer, leads");
    assert_eq!(view.scores, vec![30, -10, 20]);
    assert_eq!(view.deck_size, 61 - 6);
    // The two plain Golems are the two copies, in seat order.
    assert_eq!(game.to_setup().hands.unwrap()[2], vec![name("golem#2"), name("peasant#1")]);
    let unknown = text.replace("\"round\": 2", "\"rounds\": 2");
    assert!(serde_json::from_str::<Setup>(&unknown).unwrap_err().to_string().contains("unknown field"));
}

#[test]
fn left_out_hands_are_dealt_and_the_trump_spun_by_the_generator() {
    let config = config(4, &[3, 5], &[]);
    let setup = Setup { seed: 9, round: 2, scores: vec![10, 20, 30, 40], ..Setup::new(config) };
    let game = start(&setup);
    assert_eq!(game.view(Observer::Spectator).hand_sizes, vec![5; 4]);
    assert_eq!(start(&setup), game, "the same seed deals the same");
    assert_ne!(start(&Setup { seed: 10, ..setup }), game, "another seed deals otherwise");
}

#[test]
fn a_mid_round_position_plays_on() {
    // Round 1 of two cards each, P2 deals; the first trick went to P1 (P0 led R13, P1
    // trumped with Y2, P2 followed with R5); P1 leads the last trick.
    let c = config(3, &[2], &[]);
    let setup = Setup {
        bids: bids(&["1", "0", "1"]),
        leader: Some(Seat(1)),
        played: cards("R13 Y2 R5"),
        tricks: vec![0, 1, 0],
        ..table(&c, Trump::Suit(crownbattles_rules::SuitId::ALL[3]), &["G7", "B4", "golem"])
    };
    let mut game = start(&setup);
    assert_eq!(game.to_act().first(), Some(Seat(1)));
    steps(&mut game, &["P1 play B4", "P2 play golem", "P0 play G7"]);
    // P0 bid 1 won 0: -10; P1 bid 0 won 1: -10; P2 bid 1 won 1: 30.
    assert_eq!(game.running_scores(), vec![-10, -10, 30]);
}

#[test]
fn every_error_is_typed() {
    let c = config(3, &[1, 2], &[Power::Alchemist, Power::Witch, Power::Magician]);
    let base = || table(&c, Trump::NoTrump, &["R1 R2", "G1 G2", "B1 B2"]).with_round(2);
    start(&base());
    let mut bad_config = c.clone();
    bad_config.players = 9;
    assert_eq!(refused(&Setup::new(bad_config)), SetupError::Config(ConfigError::Players(9)));
    assert_eq!(refused(&Setup { dealer: Some(Seat(3)), ..base() }), SetupError::NoSuchSeat(Seat(3)));
    assert_eq!(refused(&Setup { shields: vec![Seat(5)], ..base() }), SetupError::NoSuchSeat(Seat(5)));
    assert_eq!(
        refused(&Setup { generator: Some(GameRng::new(2)), ..base() }),
        SetupError::GeneratorSeed { seed: 1, found: 2 }
    );
    assert_eq!(refused(&Setup { round: 0, ..base() }), SetupError::Round { round: 0, rounds: 2 });
    assert_eq!(refused(&Setup { round: 3, ..base() }), SetupError::Round { round: 3, rounds: 2 });
    assert_eq!(
        refused(&Setup { scores: vec![0, 0], ..base() }),
        SetupError::SeatCount { field: "scores", found: 2, players: 3 }
    );
    assert_eq!(
        refused(&Setup { hands: hands(&["R1 R2", "G1 G2"]), ..base() }),
        SetupError::SeatCount { field: "hands", found: 2, players: 3 }
    );
    assert_eq!(
        refused(&Setup { hands: hands(&["R1 R2", "G1 G2", "B1 spy"]), ..base() }),
        SetupError::NotInDeck(name("spy"))
    );
    let mut two = Config::rulebook(Some(2)).unwrap();
    two.schedule = Schedule::new(&[2]).unwrap();
    assert_eq!(
        refused(&table(&two, Trump::NoTrump, &["golem#2 R13", "R12 R11"])),
        SetupError::NotInDeck(name("golem#2")),
        "the two-player deck has one Golem"
    );
    assert_eq!(
        refused(&Setup { hands: hands(&["R1 R2", "G1 R1", "B1 B2"]), ..base() }),
        SetupError::Duplicate(name("R1"))
    );
    assert_eq!(
        refused(&Setup { hands: hands(&["golem R2", "golem G2", "golem B2"]), ..base() }),
        SetupError::Duplicate(name("golem")),
        "the deck has two Golems"
    );
    assert_eq!(refused(&Setup { hands: None, played: cards("R1 G1 B1"), ..base() }), SetupError::HandsNeeded);
    assert_eq!(
        refused(&Setup { hands: hands(&["R1 R2", "G1", "B1 B2"]), ..base() }),
        SetupError::HandSizes { sizes: vec![2, 1, 2] }
    );
    assert_eq!(
        refused(&Setup { hands: hands(&["R1", "G1", "B1"]), bids: bids(&["0", "0", "0"]), ..base() }),
        SetupError::Played { found: 0, expected: 3 }
    );
    assert_eq!(
        refused(&Setup { bids: bids(&["0", "0", "0"]), tricks: vec![1, 0, 0], ..base() }),
        SetupError::Tricks { won: 1, played: 0 }
    );
    assert_eq!(refused(&Setup { scores: vec![0, 2_000_000, 0], ..base() }), SetupError::Score(2_000_000));
    assert_eq!(
        refused(&Setup { bids: bids(&["11", "-", "-"]), ..base() }),
        SetupError::Bid { seat: Seat(0), bid: "11".parse().unwrap() }
    );
    assert_eq!(
        refused(&Setup { bids: bids(&["0-1", "-", "-"]), ..base().with_round(1).with_hands(&["R1", "G1", "B1"]) }),
        SetupError::Bid { seat: Seat(0), bid: "0-1".parse().unwrap() },
        "no double bid when one card is dealt"
    );
    assert_eq!(
        refused(&Setup { trump: None, bids: bids(&["0", "-", "-"]), ..base() }),
        SetupError::Trump("a round under way needs its trump")
    );
    assert_eq!(
        refused(&Setup {
            trump: Some(Trump::Suit(crownbattles_rules::SuitId::ALL[0])),
            phase: Some(Phase::ChooseTrump),
            ..base()
        }),
        SetupError::Trump("the dealer has yet to choose the trump")
    );
    let all_bid = || Setup { bids: bids(&["0", "0", "0"]), ..base() };
    assert_eq!(
        refused(&Setup { phase: Some(Phase::Play(Seat(2))), ..all_bid() }),
        SetupError::Phase(Some(Phase::Play(Seat(2))))
    );
    assert_eq!(refused(&Setup { phase: Some(Phase::Over), ..all_bid() }), SetupError::Phase(Some(Phase::Over)));
    assert_eq!(
        refused(&Setup { trick: cards("R1 G1 B1"), hands: hands(&["R2", "G2", "B2"]), ..all_bid() }),
        SetupError::Phase(None),
        "a complete trick stays only for an end-of-trick decision"
    );
    let alchemist = Phase::Effect { seat: Seat(0), power: Power::Alchemist, end: false, steps: 0 };
    assert_eq!(
        refused(&Setup {
            trick: cards("R1"),
            hands: hands(&["R2", "G1 G2", "B1 B2"]),
            phase: Some(alchemist),
            ..all_bid()
        }),
        SetupError::EffectCard { power: Power::Alchemist },
        "R1 carries no Alchemist"
    );
    let witch = |steps| Phase::Effect { seat: Seat(0), power: Power::Witch, end: false, steps };
    let witch_table = |steps| Setup {
        trick: cards("witch"),
        hands: hands(&["R2", "G1 G2", "B1 B2"]),
        phase: Some(witch(steps)),
        ..all_bid()
    };
    start(&witch_table(6));
    let early = Phase::Effect { seat: Seat(2), power: Power::Witch, end: true, steps: 1 };
    assert_eq!(
        refused(&Setup { phase: Some(early), ..witch_table(6) }),
        SetupError::Phase(Some(early)),
        "an end-of-trick decision on an incomplete trick"
    );
    assert_eq!(refused(&witch_table(7)), SetupError::WitchSteps { steps: 7 }, "30 points in the final round: 6 steps");
    assert_eq!(refused(&Setup { double_faced_as_golem: true, ..base() }), SetupError::DoubleFacedNotOnTable);
    let passing = Phase::Passing { magician: Seat(0), direction: crownbattles_rules::Direction::Left };
    let magician = Setup {
        trick: cards("magician"),
        hands: hands(&["R2", "G1 G2", "B1 B2"]),
        phase: Some(passing),
        passes: vec![None, Some(name("G1")), None],
        ..all_bid()
    };
    start(&magician);
    assert_eq!(
        refused(&Setup { passes: vec![None, Some(name("B1")), None], ..magician.clone() }),
        SetupError::Pass { seat: Seat(1) }
    );
    assert_eq!(
        refused(&Setup { passes: vec![Some(name("R2")), None, None], ..magician }),
        SetupError::Pass { seat: Seat(0) },
        "the Magician's player chooses last, once the others have"
    );
}

/// Small builders for the error table.
trait With {
    fn with_round(self, round: u8) -> Setup;
    fn with_hands(self, cards: &[&str]) -> Setup;
}

impl With for Setup {
    fn with_round(self, round: u8) -> Setup {
        Setup { round, ..self }
    }
    fn with_hands(self, cards: &[&str]) -> Setup {
        Setup { hands: hands(cards), ..self }
    }
}

#[test]
fn knowledge_and_voids_default_to_what_the_table_shows() {
    let c = config(3, &[3], &[Power::Smuggler]);
    // P1 played G4 on a red lead: known to lack red. P0 showed the Smuggler to swap.
    let setup = Setup {
        bids: bids(&["0", "0", "0"]),
        smuggled: vec![Seat(0)],
        trick: cards("R1 G4"),
        ..table(&c, Trump::NoTrump, &["smuggler R2", "G2 G3", "B1 B2 B3"])
    };
    let game = start(&setup);
    let view = game.view(Observer::Seat(Seat(2)));
    assert_eq!(view.voids, vec![vec![], vec![crownbattles_rules::SuitId::ALL[0]], vec![]]);
    assert_eq!(
        view.known,
        vec![(crownbattles_rules::Place::Hand(Seat(0)), crownbattles_rules::Face::Power(Power::Smuggler))]
    );
    // Named knowledge: a plain copy is the lowest one outside the seat's own hand.
    let d = config(3, &[1], &[]);
    let setup = Setup {
        known: Some(vec![vec![], vec![], vec![name("golem")]]),
        ..table(&d, Trump::NoTrump, &["golem", "R1", "golem"])
    };
    let game = start(&setup);
    assert_eq!(
        game.view(Observer::Seat(Seat(2))).known,
        vec![(crownbattles_rules::Place::Hand(Seat(0)), crownbattles_rules::Face::Golem)]
    );
}
