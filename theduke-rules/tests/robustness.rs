//! Robustness of every public entry point on any input: arbitrary actions for any seat
//! (not only listed ones), arbitrary notation text, tampered states, views and records,
//! arbitrary positions, and extreme arguments. Nothing may panic; a refused action leaves
//! the state unchanged; an action is accepted exactly when it is listed.

use duke_core::{Game, GameRng, Observer, Record, Seat};
use proptest::prelude::*;
use theduke_rules::{Action, Config, EndReason, Ending, Phase, Piece, Setup, Side, Square, TheDuke, TileKind, View};

fn square() -> impl Strategy<Value = Square> {
    (0u8..36).prop_map(|i| Square::new(i).unwrap_or_else(|| unreachable!()))
}

/// Any action at all, of every variant, on any squares.
fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        square().prop_map(Action::SetDuke),
        square().prop_map(Action::SetFootman),
        (square(), square()).prop_map(|(from, to)| Action::Move { from, to }),
        (square(), square()).prop_map(|(from, target)| Action::Strike { from, target }),
        (square(), square(), square()).prop_map(|(by, from, to)| Action::Command { by, from, to }),
        Just(Action::Draw),
        square().prop_map(Action::Place),
        (0u8..20).prop_map(|k| Action::Pick(TileKind(k))),
        (square(), square()).prop_map(|(from, to)| Action::Flag { from, to }),
        square().prop_map(Action::Deploy),
    ]
}

/// The config of the random games: a random first player, at most 300 turns.
fn random_config() -> Config {
    {
        let mut config = Config::default();
        config.first_player = None;
        config.turn_limit = Some(300);
        config
    }
}

/// Plays up to `steps` random legal actions drawn with `rng` (fewer if the game ends),
/// showing each to `each`.
fn walk(game: &mut TheDuke, rng: &mut GameRng, steps: usize, mut each: impl FnMut(Seat, Action)) {
    let mut buf = Vec::new();
    for _ in 0..steps {
        if game.is_over() {
            break;
        }
        let seat = game.side_to_move();
        game.legal_actions(seat, &mut buf);
        let a = buf[rng.below(buf.len() as u32) as usize];
        game.apply(seat, a).unwrap();
        each(seat, a);
    }
}

/// A game after `steps` random legal actions from a random set-up.
fn played(seed: u64, steps: usize) -> TheDuke {
    let mut game = TheDuke::new(&random_config(), seed).unwrap();
    walk(&mut game, &mut GameRng::new(seed ^ 0x5eed), steps, |_, _| {});
    game
}

/// Applies `action` for `seat` and checks the contract: accepted exactly when listed,
/// unchanged when refused, undo restores exactly.
fn check_action<S: theduke_rules::TileSource>(game: &theduke_rules::Duke<S>, seat: Seat, action: Action) -> bool {
    let mut listed = Vec::new();
    game.legal_actions(seat, &mut listed);
    let mut after = game.clone();
    match after.apply(seat, action) {
        Ok(undo) => {
            assert!(listed.contains(&action), "{action} accepted for {seat:?} but not listed");
            assert!(after.validate().is_ok(), "{action} broke an invariant");
            after.undo(undo);
            assert_eq!(after, *game, "undo of {action}");
            true
        }
        Err(_) => {
            assert!(!listed.contains(&action), "{action} listed for {seat:?} but refused");
            assert_eq!(after, *game, "a refused {action} changed the state");
            false
        }
    }
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(64))]

    #[test]
    fn arbitrary_actions_for_any_seat_are_accepted_exactly_when_listed(
        seed in any::<u64>(),
        steps in 0usize..160,
        tries in proptest::collection::vec((0u8..4, any_action()), 1..64),
    ) {
        let game = played(seed, steps);
        for (seat, action) in tries {
            let _ = check_action(&game, Seat(seat), action);
        }
    }

    #[test]
    fn any_text_parses_or_is_a_typed_error_and_parsed_actions_round_trip(text in any::<String>()) {
        if let Ok(action) = text.parse::<Action>() {
            prop_assert_eq!(action.to_string().parse::<Action>().ok(), Some(action));
        }
        let _ = text.parse::<Square>();
    }

    #[test]
    fn near_miss_notation_never_panics(text in "[ a-hA-H0-9:*\\-x\u{e9}\u{2212}\u{ff41}]{0,12}") {
        if let Ok(action) = text.parse::<Action>() {
            prop_assert_eq!(action.to_string().parse::<Action>().ok(), Some(action));
        }
    }

    #[test]
    fn tampered_states_are_refused_or_harmless(
        seed in any::<u64>(),
        steps in 0usize..160,
        pick in any::<usize>(),
        value in prop_oneof![any::<i64>().prop_map(serde_json::Value::from), any::<u64>().prop_map(serde_json::Value::from)],
    ) {
        let game = played(seed, steps);
        let mut json = serde_json::to_value(game).unwrap();
        let mut leaves = Vec::new();
        number_paths(&json, &mut Vec::new(), &mut leaves);
        let path = &leaves[pick % leaves.len()];
        *json.pointer_mut(path).unwrap() = value;
        if let Ok(tampered) = serde_json::from_value::<TheDuke>(json) {
            exercise(&tampered, seed);
        }
    }

    #[test]
    fn tampered_views_display_and_evaluate(
        seed in any::<u64>(),
        steps in 0usize..160,
        pick in any::<usize>(),
        value in any::<i64>(),
    ) {
        let game = played(seed, steps);
        let mut json = serde_json::to_value(game.view(Observer::Spectator)).unwrap();
        let mut leaves = Vec::new();
        number_paths(&json, &mut Vec::new(), &mut leaves);
        let path = &leaves[pick % leaves.len()];
        *json.pointer_mut(path).unwrap() = serde_json::Value::from(value);
        if let Ok(view) = serde_json::from_value::<View>(json) {
            let _ = view.to_string();
            let _ = TheDuke::evaluate(&view, Seat(0));
            let _ = TheDuke::evaluate(&view, Seat(7));
        }
    }

    #[test]
    fn tampered_records_replay_or_fail(
        seed in any::<u64>(),
        steps in 1usize..120,
        pick in any::<usize>(),
        value in any::<i64>(),
    ) {
        let config = random_config();
        let mut record = Record::<TheDuke>::new(config.clone(), seed);
        let mut game = TheDuke::new(&config, seed).unwrap();
        walk(&mut game, &mut GameRng::new(seed), steps, |seat, a| record.push(seat, a));
        let mut json = serde_json::to_value(&record).unwrap();
        let mut leaves = Vec::new();
        number_paths(&json, &mut Vec::new(), &mut leaves);
        let path = &leaves[pick % leaves.len()];
        *json.pointer_mut(path).unwrap() = serde_json::Value::from(value);
        if let Ok(tampered) = serde_json::from_value::<Record<TheDuke>>(json)
            && let Ok(state) = tampered.replay()
        {
            exercise(&state, seed);
        }
    }

    #[test]
    fn arbitrary_setups_are_refused_or_playable(
        pieces in proptest::collection::vec((square(), 0u8..17, 0u8..3, any::<bool>()), 0..40),
        bags in proptest::option::of(proptest::array::uniform2(proptest::collection::vec(0u8..5, 0..18))),
        phase in any_phase(),
        to_move in 0u8..3,
        first in 0u8..3,
        turns in prop_oneof![0u32..3, any::<u32>()],
        limit in proptest::option::of(any::<u32>()),
        seed in any::<u64>(),
        removed in proptest::option::of(proptest::array::uniform2(proptest::collection::vec(0u8..3, 0..19))),
        divined in proptest::collection::vec((0u8..19).prop_map(TileKind), 0..5),
        terrain in (proptest::option::of(square()), proptest::option::of(square())),
        terrain_on in any::<(bool, bool)>(),
        drafted in proptest::array::uniform2(proptest::collection::vec((0u8..19).prop_map(TileKind), 0..8)),
        dynastic in any::<bool>(),
        frozen in proptest::collection::vec(square(), 0..3),
        thaw_at_turn in any::<bool>(),
        flag_bits in ((proptest::option::of(square()), proptest::option::of(square())), (0u8..4, 0u8..4), any::<bool>(), 0u8..3),
    ) {
        let board: std::collections::BTreeMap<_, _> = pieces
            .into_iter()
            .map(|(sq, kind, owner, back)| {
                let side = if back { Side::Back } else { Side::Start };
                (sq, Piece { kind: TileKind(kind), side, owner: Seat(owner) })
            })
            .collect();
        let mut setup = Setup {
            config: { let mut config = Config::default(); config.first_player = Some(Seat(0)); config.turn_limit = limit; config },
            seed,
            generator: None,
            board,
            bags,
            phase,
            to_move: Seat(to_move),
            first_player: Seat(first),
            turns,
            removed,
            divined,
            terrain: theduke_rules::Terrain {
                mountain: terrain.0,
                fort: terrain.1,
                flags: [flag_bits.0.0, flag_bits.0.1],
                ..Default::default()
            },
            drafted: drafted.clone(),
            frozen,
            points: [flag_bits.1.0, flag_bits.1.1],
            flag_move_due: flag_bits.2,
        };
        if let Ok(state) = TheDuke::from_setup(&setup) {
            exercise(&state, seed);
            prop_assert_eq!(TheDuke::from_setup(&state.to_setup()), Ok(state));
        }
        // The same setup in Expanded play, with the enhanced tiles (types 15 and 16) and
        // terrain tiles or not.
        setup.config.enhanced_tiles = true;
        setup.config.terrain = theduke_rules::TerrainOptions { mountain: terrain_on.0, fort: terrain_on.1, dragon: false };
        if dynastic {
            setup.config.objective = theduke_rules::Objective::DynasticDispute;
        }
        // Or Counting Coup, Trophy Hunters (the Flags and points above).
        match flag_bits.3 {
            1 => setup.config.objective = theduke_rules::Objective::CountingCoup,
            2 => setup.config.objective = theduke_rules::Objective::TrophyHunters,
            _ => {}
        }
        if thaw_at_turn {
            setup.config.readings.dread_thaw = theduke_rules::DreadThaw::ControllerTurn;
        }
        if let Ok(state) = theduke_rules::ExpandedDuke::from_setup(&setup) {
            exercise(&state, seed);
            prop_assert_eq!(theduke_rules::ExpandedDuke::from_setup(&state.to_setup()), Ok(state));
        }
    }
}

/// Any phase, with any drawn tile, Footmen count and ending.
fn any_phase() -> impl Strategy<Value = Phase> {
    let ending = (proptest::option::of((0u8..3).prop_map(Seat)), 0u8..6).prop_map(|(winner, r)| {
        let reason = [
            EndReason::DukeCaptured,
            EndReason::NoLegalAction,
            EndReason::TurnLimit,
            EndReason::CoupCounted,
            EndReason::TrophyTaken,
            EndReason::NoTilesLeft,
        ][usize::from(r)];
        Ending { winner, reason }
    });
    prop_oneof![
        Just(Phase::SetupDuke),
        (0u8..4).prop_map(|remaining| Phase::SetupFootman { remaining }),
        Just(Phase::Play),
        Just(Phase::Draft),
        Just(Phase::SetupFlag),
        Just(Phase::MoveFlag),
        Just(Phase::Play),
        Just(Phase::Deploy),
        (0u8..17).prop_map(|k| Phase::Place { drawn: TileKind(k) }),
        (0u8..5).prop_map(|drawn| Phase::Divine { drawn }),
        (0u8..4).prop_map(|left| Phase::Dismiss { left }),
        ending.prop_map(Phase::Over),
    ]
}

/// JSON pointers of every number in `v`.
fn number_paths(v: &serde_json::Value, path: &mut Vec<String>, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Number(_) => out.push(path.iter().map(|p| format!("/{p}")).collect()),
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(i.to_string());
                number_paths(item, path, out);
                path.pop();
            }
        }
        serde_json::Value::Object(map) => {
            for (k, item) in map {
                path.push(k.replace('~', "~0").replace('/', "~1"));
                number_paths(item, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// Every public method on `state`, then a random playout with arbitrary actions mixed in.
fn exercise<S: theduke_rules::TileSource>(state: &theduke_rules::Duke<S>, seed: u64) {
    assert!(state.validate().is_ok());
    let _ = state.outcome();
    let _ = state.running_scores();
    let _ = state.to_string_views();
    let _ = state.perft(2);
    for seat in (0..4).map(Seat) {
        let _ = state.in_guard(seat);
        let _ = state.determinize(seat, seed);
        for k in 0..20 {
            let _ = state.bag_count(seat, TileKind(k));
            let _ = state.captured_count(seat, TileKind(k));
            let _ = state.with_drawn(TileKind(k));
        }
    }
    let mut game = state.clone();
    let mut rng = GameRng::new(seed);
    let mut buf = Vec::new();
    for _ in 0..40 {
        let seat = game.side_to_move();
        let junk = Action::Move {
            from: Square::new(rng.below(36) as u8).unwrap_or_else(|| unreachable!()),
            to: Square::new(rng.below(36) as u8).unwrap_or_else(|| unreachable!()),
        };
        let _ = check_action(&game, seat, junk);
        game.legal_actions(seat, &mut buf);
        let Some(&a) = buf.get(rng.below(buf.len().max(1) as u32) as usize) else { break };
        game.apply(seat, a).unwrap();
        assert!(game.validate().is_ok());
    }
}

trait Views {
    fn to_string_views(&self) -> Vec<String>;
}

impl<S: theduke_rules::TileSource> Views for theduke_rules::Duke<S> {
    fn to_string_views(&self) -> Vec<String> {
        [Observer::Spectator, Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Seat(Seat(9))]
            .into_iter()
            .map(|o| self.view(o).to_string())
            .collect()
    }
}

/// Every action of every variant (commands by any square), for both seats and a seat out
/// of range, on states across many games: accepted exactly when listed.
#[test]
fn every_possible_action_is_accepted_exactly_when_listed() {
    let squares: Vec<Square> = (0..36).filter_map(Square::new).collect();
    let mut all = vec![Action::Draw];
    for &a in &squares {
        all.extend([Action::SetDuke(a), Action::SetFootman(a), Action::Place(a)]);
        for &b in &squares {
            all.extend([Action::Move { from: a, to: b }, Action::Strike { from: a, target: b }]);
        }
    }
    let (mut accepted, mut listed) = (0, 0);
    let mut buf = Vec::new();
    for seed in 0..6u64 {
        for steps in [0, 1, 3, 5, 6, 7, 30, 90] {
            let game = played(seed, steps);
            game.legal_actions(game.side_to_move(), &mut buf);
            listed += buf.len();
            for seat in [Seat(0), Seat(1), Seat(2)] {
                for &action in &all {
                    accepted += usize::from(check_action(&game, seat, action));
                }
            }
            // Commands: every (by, from, to) with `by` one of the mover's tiles.
            let seat = game.side_to_move();
            for by in Square::iter(game.occupancy(seat)) {
                for &from in &squares {
                    for &to in &squares {
                        accepted += usize::from(check_action(&game, seat, Action::Command { by, from, to }));
                    }
                }
            }
        }
    }
    // Every listed action was found among the candidates and accepted.
    assert!(listed > 0);
    assert_eq!(accepted, listed);
}

#[test]
fn huge_perft_depth_on_a_finished_game_returns_at_once() {
    let pieces = vec![
        (Square::new(4).unwrap(), Piece::new(TileKind::DUKE, Seat(0))),
        (Square::new(30).unwrap(), Piece::new(TileKind::DUKE, Seat(1))),
    ];
    let setup = Setup {
        config: {
            let mut config = Config::default();
            config.turn_limit = Some(1);
            config
        },
        board: pieces.into_iter().collect(),
        bags: Some([vec![], vec![]]),
        phase: Phase::Play,
        to_move: Seat(0),
        ..Setup::default()
    };
    let mut game = TheDuke::from_setup(&setup).unwrap();
    let mut buf = Vec::new();
    game.legal_actions(Seat(0), &mut buf);
    game.apply(Seat(0), buf[0]).unwrap();
    assert!(matches!(game.phase(), Phase::Over(_)));
    assert_eq!(game.perft(u32::MAX), 0);
    assert_eq!(game.perft(0), 1);
}

#[test]
fn huge_notation_strings_are_typed_errors() {
    let long = "a1-".repeat(100_000);
    assert!(long.parse::<Action>().is_err());
    let long = format!("{}a1-a2", " ".repeat(1 << 20));
    assert_eq!(long.parse::<Action>().ok(), "a1-a2".parse::<Action>().ok());
    for bad in ["\u{0}", "a1\u{0}-a2", "ａ1-a2", "a1−a2", "é1-a2", "duke\tc1", "draw draw", "a1:a2-a3-a4"] {
        let _ = bad.parse::<Action>();
    }
}

#[test]
fn seats_out_of_range_have_no_duke_in_guard() {
    // The rulebook movement example after the Assassin's Jump Slide to c3: light (seat 0)
    // is in Guard. Seat 2 does not exist, so it has no Duke and is in no Guard.
    let sq = |t: &str| t.parse::<Square>().unwrap();
    let pieces = vec![
        (sq("c1"), Piece::new(TileKind::DUKE, Seat(0))),
        (sq("d2"), Piece::new(TileKind(6), Seat(0))),
        (sq("b4"), Piece { kind: TileKind(12), side: Side::Back, owner: Seat(0) }),
        (sq("a5"), Piece { kind: TileKind(13), side: Side::Back, owner: Seat(1) }),
        (sq("f6"), Piece::new(TileKind::DUKE, Seat(1))),
    ];
    let setup = Setup { board: pieces.into_iter().collect(), phase: Phase::Play, to_move: Seat(1), ..Setup::default() };
    let mut game = TheDuke::from_setup(&setup).unwrap();
    game.apply(Seat(1), "a5-c3".parse().unwrap()).unwrap();
    assert!(game.in_guard(Seat(0)));
    assert!(!game.in_guard(Seat(1)));
    for seat in [Seat(2), Seat(3), Seat(254), Seat(255)] {
        assert!(!game.in_guard(seat), "{seat:?}");
        assert_eq!(game.duke_square(seat), None);
    }
}

/// Custom tile data checked at run time: every kind of bad data is a typed error (the old
/// `Tables::build` panicked when called outside const context).
#[test]
fn bad_custom_tile_data_is_a_typed_error_at_run_time() {
    use theduke_rules::{Icon, IconKind, STANDARD_TILES, Tables, TileDataError, TileDef};
    assert!(Tables::try_build(&STANDARD_TILES).is_ok());
    let with_start = |icons: &'static [Icon]| {
        let mut tiles = STANDARD_TILES;
        tiles[4] = TileDef { name: "Odd", abbrev: "Od", count: 1, start: icons, back: &[] };
        tiles
    };
    const MOVE: &[Icon] = &[Icon::new(IconKind::Move, 1, 2)];
    const SLIDE: &[Icon] = &[Icon::new(IconKind::Slide, 2, 0)];
    const JUMP_SLIDE_NEAR: &[Icon] = &[Icon::new(IconKind::JumpSlide, 1, 0)];
    const JUMP_SLIDE_BENT: &[Icon] = &[Icon::new(IconKind::JumpSlide, 2, 4)];
    const ON_ITSELF: &[Icon] = &[Icon::new(IconKind::Jump, 0, 0)];
    const FAR: &[Icon] = &[Icon::new(IconKind::Strike, 6, 0)];
    const MIN: &[Icon] = &[Icon::new(IconKind::Command, -128, -128)];
    let cases: [(&'static [Icon], TileDataError); 7] = [
        (MOVE, TileDataError::MoveOffLine),
        (SLIDE, TileDataError::SlideOffset),
        (JUMP_SLIDE_NEAR, TileDataError::JumpSlideOffset),
        (JUMP_SLIDE_BENT, TileDataError::JumpSlideOffset),
        (ON_ITSELF, TileDataError::Offset),
        (FAR, TileDataError::Offset),
        (MIN, TileDataError::Offset),
    ];
    for (icons, want) in cases {
        assert_eq!(Tables::try_build(&with_start(icons)).err(), Some(want), "{icons:?}");
    }
    let mut too_many = STANDARD_TILES;
    too_many[2].count = 16;
    assert_eq!(Tables::try_build(&too_many).err(), Some(TileDataError::Count));
    let mut no_duke = STANDARD_TILES;
    no_duke[0].count = 2;
    assert_eq!(Tables::try_build(&no_duke).err(), Some(TileDataError::SetUpTiles));
    let mut one_footman = STANDARD_TILES;
    one_footman[1].count = 1;
    assert_eq!(Tables::try_build(&one_footman).err(), Some(TileDataError::SetUpTiles));
    assert_eq!(Tables::try_build(&STANDARD_TILES[..1]).err(), Some(TileDataError::KindCount));
    for abbrev in ["DU", "du", "Ω", "Dux", "D", "", "d1", "1d", "aB"] {
        let mut odd = STANDARD_TILES;
        odd[4].abbrev = abbrev;
        assert_eq!(Tables::try_build(&odd).err(), Some(TileDataError::Abbrev), "{abbrev:?}");
    }
    let seventeen = [STANDARD_TILES[0]; 17];
    assert_eq!(Tables::try_build(&seventeen).err(), Some(TileDataError::KindCount));
}
