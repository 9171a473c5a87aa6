//! `Setup`: the round trip over reachable states, the defaults (dealing, draw piles, who has
//! seen what), one refused setup per `SetupError` variant, and the validation gaps found by
//! the review of saved states.

mod common;

use common::{card, list};
use duke_core::testing::strategies::reachable;
use duke_core::{Card, CardSet, Game, GameRng, Observer, Seat};
use dukesup_rules::{
    AceRule, CastleState, CastleView, Config, ConfigError, DukesUp, MultiRound, Phase, PlayerSetup, Reshuffle, Setup,
    SetupError, TurnFlags,
};
use proptest::prelude::*;

const P0: Observer = Observer::Seat(Seat(0));
const P1: Observer = Observer::Seat(Seat(1));

fn black(hand: &str) -> PlayerSetup {
    PlayerSetup {
        hand: list(hand),
        dukes: [Some(card("2C")), Some(card("2S"))],
        castle: Some(card("KS")),
        ..PlayerSetup::default()
    }
}

fn red() -> PlayerSetup {
    PlayerSetup { dukes: [Some(card("QH")), Some(card("QD"))], castle: Some(card("KH")), ..PlayerSetup::default() }
}

/// P0's play step on the sixth turn, holding 9C: a valid setup that each test breaks once.
fn base() -> Setup {
    Setup { phase: Phase::Play, turns: 5, players: [black("9C"), red()], ..Setup::default() }
}

fn refused(setup: &Setup) -> SetupError {
    match DukesUp::from_setup(setup) {
        Ok(game) => panic!("accepted:\n{}", game.view(Observer::Spectator)),
        Err(e) => e,
    }
}

fn configs() -> impl Strategy<Value = Config> {
    (0u8..3, 0u8..4, 1u8..=3, any::<bool>(), 2u32..60).prop_map(|(first, ace, rounds, wins, limit)| {
        let mut config = Config::default();
        config.first_player = (first < 2).then_some(Seat(first));
        config.ace = [AceRule::Low, AceRule::High, AceRule::LowOrHigh, AceRule::Around][usize::from(ace)];
        config.rounds = rounds;
        config.multi_round = if wins { MultiRound::CountWins } else { MultiRound::AddScores };
        config.turn_limit = Some(limit);
        config.reshuffle = if ace % 2 == 0 { Reshuffle::AtOnce } else { Reshuffle::WhenNeeded };
        config
    })
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(256))]

    /// `from_setup(to_setup(g)) == g` for states reached by random play and for their
    /// determinizations, and the saved state (JSON of the setup) reads back the same.
    #[test]
    fn to_setup_round_trips(reached in reachable::<DukesUp>(configs(), 300), seed in any::<u64>()) {
        let game = reached.state;
        let mut states = vec![game];
        states.extend([Seat(0), Seat(1)].map(|s| game.determinize(s, seed)));
        for state in states {
            let setup = state.to_setup();
            prop_assert_eq!(DukesUp::from_setup(&setup), Ok(state));
            let json = serde_json::to_string(&state).unwrap();
            prop_assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
            prop_assert_eq!(serde_json::from_str::<DukesUp>(&json).unwrap(), state);
        }
    }
}

/// `Setup::new` is the start of the game: dealt as `DukesUp::new` deals.
#[test]
fn the_new_setup_is_the_new_game() {
    for seed in 0..20 {
        let mut config = Config::default();
        config.first_player = [Some(Seat(0)), Some(Seat(1)), None][(seed % 3) as usize];
        let game = DukesUp::from_setup(&Setup { seed, ..Setup::new(config) }).unwrap();
        assert_eq!(game, DukesUp::new(&config, seed).unwrap());
    }
    assert_eq!(Setup::default(), Setup::new(Config::default()));
}

/// A setup left mostly to its defaults reads as JSON too: only what matters is written.
#[test]
fn a_short_json_setup() {
    let json = r#"{
        "phase": "Play", "turns": 3, "table": ["3S", "4S", "5S"],
        "players": [
            { "hand": ["9C", "6S"], "dukes": ["2C", "2S"], "castle": "KS" },
            { "dukes": ["QH", null], "castle": "KH", "castle_state": "FaceUp" }
        ]
    }"#;
    let setup: Setup = serde_json::from_str(json).unwrap();
    let game = DukesUp::from_setup(&setup).unwrap();
    let mut actions = Vec::new();
    game.legal_actions(Seat(0), &mut actions);
    assert!(actions.contains(&"play 6S".parse().unwrap()));
    assert_eq!(game.view(P1).players[1].castle, CastleView::FaceUp(card("KH")));
}

/// Cards left out go to their owner's draw pile, shuffled with the setup's generator, or
/// stand in the order given.
#[test]
fn left_out_cards_are_shuffled_into_the_draw_pile() {
    let draw = |seed: u64| DukesUp::from_setup(&Setup { seed, ..base() }).unwrap().to_setup().players[0].draw.clone();
    let black: CardSet = CardSet::colour(duke_core::Colour::Black).difference(common::cards("9C 2C 2S KS"));
    let pile = draw(1).unwrap();
    assert_eq!(pile.iter().copied().collect::<CardSet>(), black);
    assert_eq!(draw(1), draw(1));
    assert_ne!(draw(1), draw(2));
    let given: Vec<Card> = black.iter().collect();
    let mut ordered = base();
    ordered.players[0].draw = Some(given.clone());
    assert_eq!(DukesUp::from_setup(&ordered).unwrap().to_setup().players[0].draw, Some(given));
}

/// Who has seen what: the owner knows his discards, not the buried ones; the others know
/// only the public ones; a face-down pair shows without its order; a picked-up DUKE is known.
#[test]
fn knowledge_defaults_to_the_rules_and_can_be_given() {
    let mut setup = base();
    setup.players[0] = PlayerSetup {
        hand: list("9C 3C"),
        discards: list("4C 5C 6C 7C 8C"),
        discards_public: list("6C 7C 8C"),
        discards_unseen: list("4C"),
        discard_pairs: vec![[card("7C"), card("8C")]],
        hand_public: list("3C"),
        ..black("")
    };
    let game = DukesUp::from_setup(&setup).unwrap();
    let c = |s: &str| Some(card(s));
    let mine = &game.view(P0).players[0];
    assert_eq!(mine.discards, vec![None, c("5C"), c("6C"), c("7C"), c("8C")]);
    assert!(mine.unordered.is_empty());
    let theirs = &game.view(P1).players[0];
    assert_eq!(theirs.discards, vec![None, None, c("6C"), c("7C"), c("8C")]);
    assert_eq!(theirs.unordered, vec![3]);
    assert_eq!(theirs.hand_known, common::cards("3C"));
    assert_eq!(game.view(Observer::Spectator).players[0], *theirs);
    assert_eq!(game.to_setup().players[0].discard_pairs, setup.players[0].discard_pairs);
}

/// Gap (a) of the review: a play step with both piles empty but `last_turn` unset loaded,
/// and its player had no legal action at all (nothing to discard or bury, no `end`).
#[test]
fn a_play_step_with_empty_piles_must_be_the_last_turn() {
    let table = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AS 2S 3S 4S 5S 6S 7S 8S 9S TS \
                 AD 3D 6D 9D TD KD 2H 4H 5H 7H 8H TH KH";
    let p0 = PlayerSetup {
        dukes: [Some(card("KS")), Some(card("QS"))],
        castle: Some(card("JS")),
        draw: Some(vec![]),
        ..PlayerSetup::default()
    };
    let p1 =
        PlayerSetup { dukes: [Some(card("JD")), Some(card("JH"))], castle: Some(card("2D")), ..PlayerSetup::default() };
    let stuck = Setup { phase: Phase::Play, table: list(table), players: [p0, p1], ..Setup::default() };
    assert_eq!(refused(&stuck), SetupError::LastTurn { last_turn: false });
    // The same as a saved state.
    let last = Setup { turn: TurnFlags { last_turn: true, ..TurnFlags::default() }, ..stuck };
    let game = DukesUp::from_setup(&last).unwrap();
    let json = serde_json::to_string(&game).unwrap().replace(r#""last_turn":true"#, r#""last_turn":false"#);
    let err = serde_json::from_str::<DukesUp>(&json).unwrap_err().to_string();
    assert!(err.contains("last_turn is false"), "{err}");
    // With the flag the round ends.
    let mut actions = Vec::new();
    game.legal_actions(Seat(0), &mut actions);
    assert_eq!(actions, vec!["end".parse().unwrap()]);
    // And the other way: the flag with a card left in a pile.
    let early = Setup { turn: TurnFlags { last_turn: true, ..TurnFlags::default() }, ..base() };
    assert_eq!(refused(&early), SetupError::LastTurn { last_turn: true });
}

/// Gap (b) of the review: a turn under way at the turn limit loaded, and its discard took
/// the count past the limit into a state `validate` refuses.
#[test]
fn no_turn_runs_at_the_turn_limit() {
    let mut config = Config::default();
    config.turn_limit = Some(5);
    for phase in [Phase::Draw, Phase::Play] {
        let at_limit = Setup { config, phase, ..base() };
        assert_eq!(refused(&at_limit), SetupError::TurnLimit { turns: 5, limit: 5 });
    }
    let mut game = DukesUp::from_setup(&Setup { config, turns: 4, ..base() }).unwrap();
    game.apply(Seat(0), "discard 9C".parse().unwrap()).unwrap();
    assert!(game.is_over(), "the fifth turn ends the round");
    game.validate().unwrap();
    let json = serde_json::to_string(&DukesUp::from_setup(&Setup { config, turns: 4, ..base() }).unwrap())
        .unwrap()
        .replace(r#""turns":4"#, r#""turns":5"#);
    assert!(serde_json::from_str::<DukesUp>(&json).is_err());
}

/// One refused setup per variant (`FirstPlayerOfRound` cannot come from a setup, which
/// derives the first player; `NoLegalAction` is the last line of defence, which the other
/// checks leave no case for: see `RULES.md`).
#[test]
fn each_setup_error() {
    let mut cases: Vec<(Setup, SetupError)> = Vec::new();
    let mut add = |f: &dyn Fn(&mut Setup), e: SetupError| {
        let mut s = base();
        f(&mut s);
        cases.push((s, e));
    };
    add(&|s| s.config.rounds = 0, SetupError::Config(ConfigError::Rounds(0)));
    add(&|s| s.current = Some(Seat(2)), SetupError::NoSuchSeat(Seat(2)));
    add(&|s| s.generator = Some(GameRng::new(9)), SetupError::GeneratorSeed { seed: 0, found: 9 });
    add(&|s| s.round = 2, SetupError::Round { round: 2, rounds: 1 });
    add(
        &|s| {
            s.config.turn_limit = Some(3);
        },
        SetupError::TurnLimit { turns: 5, limit: 3 },
    );
    add(&|s| s.players[0].hand = list("9C 9H"), SetupError::WrongColour { seat: Seat(0), card: card("9H") });
    add(&|s| s.table = list("9C"), SetupError::Duplicate { card: card("9C") });
    add(&|s| s.players[0].hand = list("9C 9C"), SetupError::Duplicate { card: card("9C") });
    add(&|s| s.players[1].draw = Some(list("AH 2H")), SetupError::MissingCards { seat: Seat(1), cards: missing_red() });
    add(&|s| s.players[0].castle_state = CastleState::OnTable, SetupError::CastleNotOnTable { seat: Seat(0) });
    add(&|s| s.players[0].hand_public = list("8C"), SetupError::HandKnowledge { seat: Seat(0), card: card("8C") });
    add(&|s| s.players[0].discards_public = list("8C"), SetupError::DiscardKnowledge { seat: Seat(0) });
    add(
        &|s| {
            s.players[0].discards = list("7C 8C");
            s.players[0].discards_public = list("7C 8C");
            s.players[0].discard_pairs = vec![[card("8C"), card("7C")]];
        },
        SetupError::DiscardPair { seat: Seat(0), pair: [card("8C"), card("7C")] },
    );
    add(
        &|s| {
            s.phase = Phase::Choosing;
            s.turns = 0;
            s.table = list("3S 4S 5S");
        },
        SetupError::ChoosingMidRound,
    );
    add(
        &|s| {
            s.phase = Phase::Choosing;
            s.turns = 0;
            s.players[1].hand = list("9H 9D");
        },
        SetupError::Choice { seat: Seat(1) },
    );
    add(
        &|s| {
            s.phase = Phase::Choosing;
            s.turns = 0;
            s.players[1].hand = list("9H");
        },
        SetupError::BothChosen,
    );
    add(&|s| s.players[1] = PlayerSetup::default(), SetupError::NotChosen { seat: Seat(1) });
    add(
        &|s| {
            s.turns = 0;
            s.current = Some(Seat(1));
        },
        SetupError::FirstTurn { seat: Seat(1) },
    );
    add(
        &|s| {
            s.phase = Phase::Draw;
            s.turn.acted = true;
        },
        SetupError::FlagsBetweenTurns,
    );
    add(
        &|s| {
            s.phase = Phase::Draw;
            s.table = list("KH QC QS");
            s.players[1].castle_state = CastleState::OnTable;
        },
        SetupError::CastleOnTable { seat: Seat(1) },
    );
    add(
        &|s| {
            s.phase = Phase::Draw;
            s.table = list("3S 4S");
        },
        SetupError::InvalidTable,
    );
    add(
        &|s| {
            s.phase = Phase::Draw;
            s.players[0].dukes = [None, None];
        },
        SetupError::CastleNotFlipped { seat: Seat(0) },
    );
    add(&|s| s.turn.last_turn = true, SetupError::LastTurn { last_turn: true });
    add(&|s| s.turn.castle_returned = true, SetupError::ReturnedCastle);
    add(&|s| s.table = list("3S 5S"), SetupError::Incompletable);
    add(
        &|s| {
            s.config.rounds = 2;
            s.phase = Phase::Over;
        },
        SetupError::OverEarly { round: 1, rounds: 2 },
    );
    for (setup, expected) in cases {
        assert_eq!(refused(&setup), expected, "{setup:?}");
        assert!(!expected.to_string().is_empty());
    }
}

/// Every red card but AH 2H and the cards `base` places (QH QD KH).
fn missing_red() -> Vec<Card> {
    let placed = common::cards("AH 2H QH QD KH");
    CardSet::colour(duke_core::Colour::Red).difference(placed).iter().collect()
}
