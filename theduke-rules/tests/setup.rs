//! `Setup`: every game gives its setup back exactly, a setup that a game cannot go on from
//! is refused with a typed error (one test per `SetupError` variant), and a saved state is
//! read through the same checks.

mod common;

use common::{board, in_play, p};
use duke_core::testing::strategies::reachable;
use duke_core::{Game, GameRng, Seat};
use proptest::prelude::*;
use theduke_rules::{Config, ConfigError, EndReason, Ending, Phase, Setup, SetupError, Side, TheDuke, TileKind};

const DUKE: u8 = 0;
const FOOTMAN: u8 = 1;
const PIKEMAN: u8 = 2;
const WIZARD: u8 = 4;
const MARSHALL: u8 = 10;

fn refused(setup: &Setup) -> SetupError {
    TheDuke::from_setup(setup).expect_err("the setup must be refused")
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(96))]

    #[test]
    fn every_reachable_state_gives_its_setup_back(
        reached in reachable::<TheDuke>(
            prop_oneof![
                Just(Config::default()),
                Just({ let mut config = Config::default(); config.first_player = Some(Seat(1)); config.turn_limit = Some(40); config }),
                Just({ let mut config = Config::default(); config.first_player = None; config.turn_limit = Some(12); config }),
            ],
            250,
        )
    ) {
        let state = reached.state;
        let setup = state.to_setup();
        prop_assert_eq!(TheDuke::from_setup(&setup), Ok(state));
        // The saved state is that setup, read back through the same checks.
        let json = serde_json::to_string(&state).unwrap();
        prop_assert_eq!(&json, &serde_json::to_string(&setup).unwrap());
        prop_assert_eq!(serde_json::from_str::<TheDuke>(&json).unwrap(), state);
    }
}

#[test]
fn the_default_setup_is_the_start_of_the_game() {
    for first_player in [Some(Seat(0)), Some(Seat(1))] {
        let config = {
            let mut config = Config::default();
            config.first_player = first_player;
            config.turn_limit = Some(30);
            config
        };
        assert_eq!(TheDuke::from_setup(&Setup::new(config.clone())).unwrap(), TheDuke::new(&config, 0).unwrap());
    }
    // Left to chance, the set-up of nothing but a config and a seed is the game `new`
    // makes, the first player drawn (the vocabulary every game shares)...
    for seed in 0..20 {
        let setup = Setup { seed, ..Setup::default() };
        assert_eq!(TheDuke::from_setup(&setup).unwrap(), TheDuke::new(&Config::default(), seed).unwrap());
    }
    // ...and once the set-up describes a position (here: the generator given explicitly),
    // it names the first player: P0 unless the config says P1.
    let setup = Setup { generator: Some(duke_core::GameRng::new(0)), ..Setup::default() };
    let game = TheDuke::from_setup(&setup).unwrap();
    assert_eq!((game.side_to_move(), game.phase()), (Seat(0), Phase::SetupDuke));
    assert_eq!(game.bag_count(Seat(1), TileKind(FOOTMAN)), 1);
}

#[test]
fn a_setup_written_as_json_leaves_out_what_has_a_default() {
    let text = r#"{
        "board": {
            "c1": {"kind": 0, "side": "Start", "owner": 0},
            "d6": {"kind": 0, "side": "Back", "owner": 1}
        },
        "phase": "Play",
        "to_move": 1,
        "seed": 7
    }"#;
    let setup: Setup = serde_json::from_str(text).unwrap();
    let game = TheDuke::from_setup(&setup).unwrap();
    assert_eq!(game.side_to_move(), Seat(1));
    assert_eq!(game.piece_at("d6".parse().unwrap()), Some(p(DUKE, 1, Side::Back)));
    assert_eq!(game.bag_count(Seat(0), TileKind(PIKEMAN)), 3, "nothing captured");
}

/// Tina's final trap (see tests/rulebook.rs): light to act, and nothing light can do.
fn lost_position() -> Setup {
    Setup {
        board: board(&[
            ("e6", p(DUKE, 0, Side::Back)),
            ("d6", p(PIKEMAN, 0, Side::Start)),
            ("f6", p(PIKEMAN, 0, Side::Start)),
            ("e5", p(WIZARD, 1, Side::Back)),
            ("e3", p(MARSHALL, 1, Side::Start)),
            ("a1", p(DUKE, 1, Side::Start)),
        ]),
        bags: Some([vec![], vec![]]),
        ..in_play(&[], 0)
    }
}

#[test]
fn a_seat_to_act_without_a_legal_action_is_refused() {
    assert_eq!(refused(&lost_position()), SetupError::NoLegalAction { seat: Seat(0) });
    // The same position as a finished game is fine: light lost.
    let over = Phase::Over(Ending { winner: Some(Seat(1)), reason: EndReason::NoLegalAction });
    let game = TheDuke::from_setup(&Setup { phase: over, ..lost_position() }).unwrap();
    assert!(game.to_act().is_empty());
    // A drawn tile with nowhere to go: the Duke on e6 is boxed in by its own tiles.
    let boxed = Setup {
        board: board(&[
            ("e6", p(DUKE, 0, Side::Start)),
            ("d6", p(PIKEMAN, 0, Side::Start)),
            ("f6", p(PIKEMAN, 0, Side::Start)),
            ("e5", p(FOOTMAN, 0, Side::Start)),
            ("a1", p(DUKE, 1, Side::Start)),
        ]),
        phase: Phase::Place { drawn: TileKind(WIZARD) },
        ..in_play(&[], 0)
    };
    assert_eq!(refused(&boxed), SetupError::NoLegalAction { seat: Seat(0) });
}

/// The adversarial review's case: a lost game set back to the turn phase in its saved
/// JSON loaded with light to act and no legal action. It is refused now.
#[test]
fn a_lost_game_set_back_to_play_does_not_load() {
    let over = Phase::Over(Ending { winner: Some(Seat(1)), reason: EndReason::NoLegalAction });
    let game = TheDuke::from_setup(&Setup { phase: over, ..lost_position() }).unwrap();
    let mut json = serde_json::to_value(game).unwrap();
    json["phase"] = serde_json::json!("Play");
    let error = serde_json::from_value::<TheDuke>(json).unwrap_err();
    assert!(error.to_string().contains("P0 is to act but has no legal action"), "{error}");
}

#[test]
fn a_bad_config_is_refused() {
    let setup = Setup::new({
        let mut config = Config::default();
        config.turn_limit = Some(0);
        config
    });
    assert_eq!(refused(&setup), SetupError::Config(ConfigError::ZeroTurnLimit));
}

#[test]
fn seats_other_than_p0_and_p1_are_refused() {
    let opening = in_play(&[("c1", p(DUKE, 0, Side::Start)), ("d6", p(DUKE, 1, Side::Start))], 0);
    assert_eq!(refused(&Setup { to_move: Seat(2), ..opening.clone() }), SetupError::NoSuchSeat(Seat(2)));
    assert_eq!(refused(&Setup { first_player: Seat(5), ..opening.clone() }), SetupError::NoSuchSeat(Seat(5)));
    let mut third = opening;
    third.board.insert("a3".parse().unwrap(), p(FOOTMAN, 2, Side::Start));
    assert_eq!(refused(&third), SetupError::NoSuchSeat(Seat(2)));
}

#[test]
fn a_generator_of_another_seed_is_refused() {
    let setup = Setup { seed: 3, generator: Some(GameRng::new(4)), ..Setup::default() };
    assert_eq!(refused(&setup), SetupError::GeneratorSeed { seed: 3, found: 4 });
}

#[test]
fn tile_types_outside_the_set_are_refused() {
    let stray =
        in_play(&[("c1", p(DUKE, 0, Side::Start)), ("d6", p(DUKE, 1, Side::Start)), ("a3", p(15, 0, Side::Start))], 0);
    assert_eq!(refused(&stray), SetupError::UnknownTile { kind: TileKind(15) });
    let drawn = Setup {
        phase: Phase::Place { drawn: TileKind(20) },
        ..in_play(&[("c1", p(DUKE, 0, Side::Start)), ("d6", p(DUKE, 1, Side::Start))], 0)
    };
    assert_eq!(refused(&drawn), SetupError::UnknownTile { kind: TileKind(20) });
}

#[test]
fn more_tiles_than_the_set_holds_are_refused() {
    let tiles = [("c1", p(DUKE, 0, Side::Start)), ("d6", p(DUKE, 1, Side::Start)), ("a3", p(PIKEMAN, 1, Side::Start))];
    // Three Pikemen per player: one on the board and three in the bag is one too many.
    let setup = Setup { bags: Some([vec![0, 3, 3], vec![0, 3, 3]]), ..in_play(&tiles, 0) };
    assert_eq!(refused(&setup), SetupError::TooManyTiles { seat: Seat(1), kind: TileKind(PIKEMAN) });
    // A count for a tile type the set does not have.
    let setup = Setup { bags: Some([vec![], bags_with_unknown_type()]), ..in_play(&tiles, 0) };
    assert_eq!(refused(&setup), SetupError::TooManyTiles { seat: Seat(1), kind: TileKind(15) });
    // Two Dukes.
    let setup = in_play(&[tiles[0], tiles[1], ("a1", p(DUKE, 1, Side::Start))], 0);
    assert_eq!(refused(&setup), SetupError::TooManyTiles { seat: Seat(1), kind: TileKind(DUKE) });
}

fn bags_with_unknown_type() -> Vec<u8> {
    let mut bag = vec![0; 16];
    bag[15] = 1;
    bag
}

#[test]
fn set_up_needs_one_or_two_footmen_to_place() {
    let duke = Setup { board: board(&[("c1", p(DUKE, 0, Side::Start))]), ..Setup::default() };
    for remaining in [0, 3] {
        let setup = Setup { phase: Phase::SetupFootman { remaining }, ..duke.clone() };
        assert_eq!(refused(&setup), SetupError::FootmenRemaining { remaining });
    }
    assert!(TheDuke::from_setup(&Setup { phase: Phase::SetupFootman { remaining: 2 }, ..duke }).is_ok());
}

#[test]
fn set_up_tiles_must_be_where_the_rulebook_puts_them() {
    let footmen = Phase::SetupFootman { remaining: 1 };
    let placed =
        |tiles: &[(&str, theduke_rules::Piece)], phase: Phase| Setup { board: board(tiles), phase, ..Setup::default() };
    let bad = [
        // A Duke before any placement.
        placed(&[("c1", p(DUKE, 0, Side::Start))], Phase::SetupDuke),
        // The Duke off the centre of the home edge.
        placed(&[("e1", p(DUKE, 0, Side::Start)), ("e2", p(FOOTMAN, 0, Side::Start))], footmen),
        // A Footman not sharing a side with the Duke.
        placed(&[("c1", p(DUKE, 0, Side::Start)), ("d2", p(FOOTMAN, 0, Side::Start))], footmen),
        // A set-up tile on its non-starting side.
        placed(&[("c1", p(DUKE, 0, Side::Back)), ("c2", p(FOOTMAN, 0, Side::Start))], footmen),
        // Another tile type.
        placed(&[("c1", p(DUKE, 0, Side::Start)), ("c2", p(PIKEMAN, 0, Side::Start))], footmen),
    ];
    for setup in bad {
        assert_eq!(refused(&setup), SetupError::SetUpBoard { seat: Seat(0) }, "{:?}", setup.board);
    }
    // The second player to set up while the first has not finished.
    let early = Setup { to_move: Seat(1), ..placed(&[("c1", p(DUKE, 0, Side::Start))], Phase::SetupDuke) };
    assert_eq!(refused(&early), SetupError::SetUpBoard { seat: Seat(0) });
}

#[test]
fn nothing_is_captured_and_no_turn_counted_during_set_up() {
    let setup = Setup { bags: Some([vec![0, 1, 3], vec![]]), ..Setup::default() };
    assert_eq!(refused(&setup), SetupError::CapturedDuringSetUp { seat: Seat(0) });
    assert_eq!(refused(&Setup { turns: 2, ..Setup::default() }), SetupError::TurnsDuringSetUp { turns: 2 });
}

#[test]
fn the_turn_count_must_fit_the_limit() {
    let config = {
        let mut config = Config::default();
        config.turn_limit = Some(10);
        config
    };
    let opening = Setup { config, ..in_play(&[("c1", p(DUKE, 0, Side::Start)), ("d6", p(DUKE, 1, Side::Start))], 0) };
    assert_eq!(refused(&Setup { turns: 10, ..opening.clone() }), SetupError::TurnLimit { turns: 10, limit: 10 });
    let drawn = Phase::Over(Ending { winner: None, reason: EndReason::TurnLimit });
    assert_eq!(
        refused(&Setup { turns: 11, phase: drawn, ..opening.clone() }),
        SetupError::TurnLimit { turns: 11, limit: 10 }
    );
    assert!(TheDuke::from_setup(&Setup { turns: 10, phase: drawn, ..opening }).is_ok());
}

#[test]
fn a_running_game_needs_both_dukes() {
    let setup = in_play(&[("c1", p(DUKE, 0, Side::Start)), ("d6", p(FOOTMAN, 1, Side::Start))], 0);
    assert_eq!(refused(&setup), SetupError::MissingDuke { seat: Seat(1) });
}

#[test]
fn an_ending_must_fit_the_position() {
    let both = in_play(&[("c1", p(DUKE, 0, Side::Start)), ("d6", p(DUKE, 1, Side::Start))], 0);
    let one = in_play(&[("c1", p(DUKE, 0, Side::Start))], 0);
    let over = |winner: Option<u8>, reason| Phase::Over(Ending { winner: winner.map(Seat), reason });
    let cases = [
        // Both Dukes still stand.
        (over(Some(0), EndReason::DukeCaptured), both.clone()),
        // The winner's Duke is the one missing.
        (over(Some(1), EndReason::DukeCaptured), one.clone()),
        // Light can move.
        (over(Some(1), EndReason::NoLegalAction), both.clone()),
        // No turn limit.
        (over(None, EndReason::TurnLimit), both.clone()),
        // Not a seat.
        (over(Some(2), EndReason::DukeCaptured), one.clone()),
        // A win at the turn limit.
        (over(Some(0), EndReason::TurnLimit), both),
    ];
    for (phase, setup) in cases {
        let Phase::Over(ending) = phase else { unreachable!() };
        assert_eq!(refused(&Setup { phase, ..setup }), SetupError::InconsistentEnding(ending));
    }
    assert!(TheDuke::from_setup(&Setup { phase: over(Some(0), EndReason::DukeCaptured), ..one }).is_ok());
}
