//! Terrain tiles (rulebook "Terrain Tiles": "Mountain Tile", "Fort Tile"): the rulebook's
//! Pikeman and Bowman example, a scenario for each rule, random placement after set-up with
//! its events, the Expanded reference generator against the engine on random games with
//! terrain, and perft of terrain positions.

mod common;

use std::collections::BTreeSet;

use common::checked::{legal, legal_into};
use common::expanded::{self as reference, model};
use common::{board, p, s};
use duke_core::{Game, GameRng, Observer, Seat};
use theduke_rules::{
    Config, CustomTiles, Event, ExpandedDuke, FortJumpSlide, Phase, Readings, Setup, SetupError, Side, Terrain,
    TerrainKind, TerrainOptions, TileKind,
};

const FOOTMAN: u8 = 1;
const PIKEMAN: u8 = 2;
const KNIGHT: u8 = 3;
const WIZARD: u8 = 4;
const PRIEST: u8 = 8;
const CHAMPION: u8 = 9;
const MARSHALL: u8 = 10;
const BOWMAN: u8 = 11;
const ASSASSIN: u8 = 13;

fn terrain(mountain: Option<&str>, fort: Option<&str>) -> Terrain {
    Terrain { mountain: mountain.map(s), fort: fort.map(s), ..Terrain::default() }
}

fn config_for(terrain: Terrain, readings: Readings) -> Config {
    {
        let mut config = Config::default();
        config.terrain =
            TerrainOptions { mountain: terrain.mountain.is_some(), fort: terrain.fort.is_some(), dragon: false };
        config.readings = readings;
        config
    }
}

fn position(terrain: Terrain, readings: Readings, tiles: &[(&str, theduke_rules::Piece)], to_move: u8) -> ExpandedDuke {
    let setup = Setup {
        config: config_for(terrain, readings),
        board: board(tiles),
        phase: Phase::Play,
        to_move: Seat(to_move),
        terrain,
        seed: 3,
        ..Setup::default()
    };
    ExpandedDuke::from_setup(&setup).unwrap()
}

/// The rulebook's Mountain example, both tiles on their non-starting sides: the Mountain
/// on c4 in front of the striker on c3; P1's Knight (non-starting side: no Jump toward c3)
/// and Footman on b5 and d5 (the Pikeman's Strike squares), Marshall and Priest on b4 and d4 (the Bowman's side squares), and a
/// Footman on c5 behind the Mountain (the Bowman's front Strike square).
fn mountain_example(striker: u8, to_move: u8) -> ExpandedDuke {
    position(
        terrain(Some("c4"), None),
        Readings::default(),
        &[
            ("a1", p(0, 0, Side::Start)),
            ("c3", p(striker, 0, Side::Back)),
            ("f6", p(0, 1, Side::Start)),
            ("b5", p(KNIGHT, 1, Side::Back)),
            ("d5", p(FOOTMAN, 1, Side::Start)),
            ("b4", p(MARSHALL, 1, Side::Start)),
            ("d4", p(PRIEST, 1, Side::Back)),
            ("c5", p(FOOTMAN, 1, Side::Start)),
        ],
        to_move,
    )
}

#[test]
fn the_pikeman_cannot_strike_past_the_mountain() {
    let actions = legal(&mountain_example(PIKEMAN, 0));
    // Both lines to b5 and d5 cross the Mountain's square: the Knight and the Footman are safe.
    assert!(!actions.contains("c3*b5") && !actions.contains("c3*d5"), "{actions:?}");
    // Nor does its Move icon enter the Mountain.
    assert!(!actions.contains("c3-c4"), "{actions:?}");
    // Without the Mountain both strikes are there.
    let open = position(
        Terrain::default(),
        Readings::default(),
        &[
            ("a1", p(0, 0, Side::Start)),
            ("c3", p(PIKEMAN, 0, Side::Back)),
            ("f6", p(0, 1, Side::Start)),
            ("b5", p(KNIGHT, 1, Side::Start)),
            ("d5", p(FOOTMAN, 1, Side::Start)),
        ],
        0,
    );
    let actions = legal(&open);
    assert!(actions.contains("c3*b5") && actions.contains("c3*d5"), "{actions:?}");
}

#[test]
fn the_bowman_strikes_past_the_mountains_kitty_corners_but_not_behind_it() {
    let game = mountain_example(BOWMAN, 0);
    let actions = legal(&game);
    // The lines to b4 and d4 pass through the Mountain's corners: the Marshall and the
    // Priest may be struck; the front square c5 lies behind the Mountain.
    assert!(actions.contains("c3*b4") && actions.contains("c3*d4"), "{actions:?}");
    assert!(!actions.contains("c3*c5"), "{actions:?}");
    // The Priest's Move icon would take the Bowman next turn ...
    assert!(legal(&mountain_example(BOWMAN, 1)).contains("d4-c3"));
    // ... so striking the Priest removes the threat.
    let mut after = game.clone();
    after.apply(Seat(0), "c3*d4".parse().unwrap()).unwrap();
    assert_eq!(after.captured_count(Seat(1), TileKind(PRIEST)), 1);
    assert!(!legal(&after).iter().any(|a| a.ends_with("c3")), "{}", after.view(Observer::Spectator));
}

#[test]
fn nothing_enters_or_passes_the_mountain_but_a_jump_off_the_lines_goes_round_it() {
    // Mountain on c3. P0's Champion (start side: Move 1 and Jump 2 orthogonally) on c2, its
    // Assassin (start side: Jump Slide forward from two squares out) on c1 behind it would need
    // to pass c2 and c3, its Wizard (back side: Jump 2 in eight directions) on a1 and its
    // Knight (start side: Jump to (-1, 2) and (1, 2)) on b1.
    let game = position(
        terrain(Some("c3"), None),
        Readings::default(),
        &[
            ("f1", p(0, 0, Side::Start)),
            ("c2", p(CHAMPION, 0, Side::Start)),
            ("e1", p(ASSASSIN, 0, Side::Start)),
            ("a1", p(WIZARD, 0, Side::Back)),
            ("b2", p(KNIGHT, 0, Side::Start)),
            ("a6", p(0, 1, Side::Start)),
            ("c4", p(FOOTMAN, 1, Side::Start)),
            ("e5", p(FOOTMAN, 1, Side::Start)),
        ],
        0,
    );
    let actions = legal(&game);
    // The Champion neither moves into the Mountain nor jumps straight over it to c4.
    assert!(!actions.contains("c2-c3") && !actions.contains("c2-c4"), "{actions:?}");
    // The Wizard's straight diagonal Jump a1-c3 lands on it; its other Jumps stand.
    assert!(!actions.contains("a1-c3") && actions.contains("a1-a3"), "{actions:?}");
    // The Knight's Jump b2-c4 is off the lines: one shortest path (b3) avoids the Mountain.
    assert!(actions.contains("b2-c4"), "{actions:?}");
    // The Assassin's Jump Slide from e1 (skipping e2) slides on until the enemy on e5.
    assert!(actions.contains("e1-e5"), "{actions:?}");
    // With the Mountain on e2, the first square, it cannot jump past it at all.
    let blocked = position(
        terrain(Some("e2"), None),
        Readings::default(),
        &[("f1", p(0, 0, Side::Start)), ("e1", p(ASSASSIN, 0, Side::Start)), ("a6", p(0, 1, Side::Start))],
        0,
    );
    assert!(!legal(&blocked).iter().any(|a| a.starts_with("e1-e")), "{:?}", legal(&blocked));
}

#[test]
fn the_fort_takes_a_tile_by_move_slide_and_jump_slide_but_not_by_a_jump() {
    // Fort on c4 with P1's Footman in it. P0's Footman (start side: Move 1 orthogonally) on
    // c3, Wizard on its back side (Jumps) on a4, Assassin (Jump Slide forward) on c1 behind
    // the Footman.
    let tiles = [
        ("f1", p(0, 0, Side::Start)),
        ("c3", p(FOOTMAN, 0, Side::Start)),
        ("a4", p(WIZARD, 0, Side::Back)),
        ("c1", p(ASSASSIN, 0, Side::Start)),
        ("a6", p(0, 1, Side::Start)),
        ("c4", p(FOOTMAN, 1, Side::Start)),
    ];
    let game = position(terrain(None, Some("c4")), Readings::default(), &tiles, 0);
    let actions = legal(&game);
    assert!(actions.contains("c3-c4"), "a Move captures in the Fort: {actions:?}");
    assert!(!actions.contains("a4-c4"), "no Jump into the Fort: {actions:?}");
    // The Assassin's Jump Slide (skipping c2) stops at the friendly Footman on c3; with the
    // Footman on b3 instead it slides into the Fort and captures there.
    let mut opened = tiles.to_vec();
    opened[1] = ("b3", p(FOOTMAN, 0, Side::Start));
    let game = position(terrain(None, Some("c4")), Readings::default(), &opened, 0);
    assert!(legal(&game).contains("c1-c4"));
    let passes = {
        let mut readings = Readings::default();
        readings.fort_jump_slide = FortJumpSlide::PassesOnly;
        readings
    };
    let game = position(terrain(None, Some("c4")), passes, &opened, 0);
    assert!(!legal(&game).contains("c1-c4"), "reading 37's other side");
    // An empty Fort is jumped over and slid through.
    let empty = [
        ("f1", p(0, 0, Side::Start)),
        ("c1", p(ASSASSIN, 0, Side::Start)),
        ("a3", p(WIZARD, 0, Side::Back)),
        ("a6", p(0, 1, Side::Start)),
    ];
    let actions = legal(&position(terrain(None, Some("b3")), Readings::default(), &empty, 0));
    assert!(actions.contains("a3-c3"), "a Jump over the Fort: {actions:?}");
    let actions = legal(&position(terrain(None, Some("c4")), Readings::default(), &empty, 0));
    assert!(actions.contains("c1-c5") && actions.contains("c1-c4"), "a Jump Slide through the Fort: {actions:?}");
}

#[test]
fn a_strike_cannot_capture_in_the_fort_but_a_tile_in_the_fort_strikes_out() {
    // P0's Bowman (back side: Strike (0, 2), (-1, 1), (1, 1)) in the Fort on c3; P1's
    // Footmen on b4 and c5; P1's Pikeman on its back side (Strike (-1, 2), (1, 2) toward rank
    // 1) on b5 aims at c3 and a3.
    let game = position(
        terrain(None, Some("c3")),
        Readings::default(),
        &[
            ("f1", p(0, 0, Side::Start)),
            ("c3", p(BOWMAN, 0, Side::Back)),
            ("a3", p(FOOTMAN, 0, Side::Start)),
            ("a6", p(0, 1, Side::Start)),
            ("b4", p(FOOTMAN, 1, Side::Start)),
            ("c5", p(FOOTMAN, 1, Side::Start)),
            ("b5", p(PIKEMAN, 1, Side::Back)),
        ],
        0,
    );
    let actions = legal(&game);
    assert!(actions.contains("c3*b4") && actions.contains("c3*c5"), "{actions:?}");
    let mut reply = game.to_setup();
    reply.to_move = Seat(1);
    let reply = ExpandedDuke::from_setup(&reply).unwrap();
    let actions = legal(&reply);
    assert!(!actions.contains("b5*c3"), "no Strike into the Fort: {actions:?}");
    assert!(actions.contains("b5*a3"), "{actions:?}");
}

#[test]
fn a_strike_needs_a_line_of_sight_past_the_fort_too() {
    // Pikeman (back side) on c3 strikes b5 and d5; the Fort on c4 is in both lines.
    let tiles = [
        ("a1", p(0, 0, Side::Start)),
        ("c3", p(PIKEMAN, 0, Side::Back)),
        ("f6", p(0, 1, Side::Start)),
        ("b5", p(KNIGHT, 1, Side::Start)),
        ("d5", p(FOOTMAN, 1, Side::Start)),
    ];
    let actions = legal(&position(terrain(None, Some("c4")), Readings::default(), &tiles, 0));
    assert!(!actions.contains("c3*b5") && !actions.contains("c3*d5"), "{actions:?}");
}

#[test]
fn command_moves_into_and_out_of_the_fort_but_never_onto_the_mountain() {
    // P0's Marshall on its back side on c2 commands b3, c3, d3; the Fort on b3 holds P1's
    // Footman, the Mountain is on d3, P0's Footman on c3.
    let game = position(
        terrain(Some("d3"), Some("b3")),
        Readings::default(),
        &[
            ("f1", p(0, 0, Side::Start)),
            ("c2", p(MARSHALL, 0, Side::Back)),
            ("c3", p(FOOTMAN, 0, Side::Start)),
            ("a6", p(0, 1, Side::Start)),
            ("b3", p(FOOTMAN, 1, Side::Start)),
        ],
        0,
    );
    let actions = legal(&game);
    assert!(actions.contains("c2:c3-b3"), "a Command captures in the Fort: {actions:?}");
    assert!(!actions.contains("c2:c3-d3"), "never onto the Mountain: {actions:?}");
    let inside = position(
        terrain(Some("d3"), Some("b3")),
        Readings::default(),
        &[
            ("f1", p(0, 0, Side::Start)),
            ("c2", p(MARSHALL, 0, Side::Back)),
            ("b3", p(FOOTMAN, 0, Side::Start)),
            ("a6", p(0, 1, Side::Start)),
        ],
        0,
    );
    let again = inside;
    assert!(legal(&again).contains("c2:b3-c3"), "and out of it");
}

#[test]
fn no_new_tile_is_placed_on_the_mountain_or_in_the_fort() {
    // P0's Duke on c1 with the Mountain on b1 and the Fort on c2: only d1 takes a new tile.
    let game = position(
        terrain(Some("b1"), Some("c2")),
        Readings::default(),
        &[("c1", p(0, 0, Side::Start)), ("a6", p(0, 1, Side::Start))],
        0,
    );
    assert!(legal(&game).contains("draw"));
    let drawn = game.with_drawn(TileKind(PIKEMAN)).unwrap();
    assert_eq!(legal(&drawn), BTreeSet::from(["place d1".to_owned()]));
}

/// The base box with a Dread tile, in our words: a Banshee freezes the four squares sharing
/// a side with it on both sides.
fn banshee_config(terrain: Terrain) -> Config {
    let spec = common::banshee_tiles();
    {
        let mut config = config_for(terrain, Readings::default());
        config.tiles = Some(CustomTiles::new(spec));
        config
    }
}

#[test]
fn dread_does_not_cross_the_forts_walls() {
    let tiles = [
        ("a1", p(0, 0, Side::Start)),
        ("c3", p(15, 0, Side::Start)),
        ("c4", p(FOOTMAN, 1, Side::Start)),
        ("d3", p(FOOTMAN, 1, Side::Start)),
        ("f6", p(0, 1, Side::Start)),
    ];
    let at = |fort: &str| {
        let terrain = terrain(None, Some(fort));
        let setup = Setup {
            config: banshee_config(terrain),
            board: board(&tiles),
            phase: Phase::Play,
            to_move: Seat(1),
            terrain,
            ..Setup::default()
        };
        let game = ExpandedDuke::from_setup(&setup).unwrap();
        legal(&game);
        game.view(Observer::Spectator).frozen.iter().map(ToString::to_string).collect::<Vec<_>>()
    };
    // The Fort away from them: both Footmen frozen.
    assert_eq!(at("f3"), ["d3", "c4"]);
    // The Footman in the Fort is sheltered.
    assert_eq!(at("c4"), ["d3"]);
    // The Banshee in the Fort freezes nothing outside.
    assert_eq!(at("c3"), Vec::<String>::new());
}

#[test]
fn terrain_is_placed_at_random_on_open_squares_when_set_up_completes() {
    let config = {
        let mut config = Config::default();
        config.first_player = Some(Seat(0));
        config.terrain = TerrainOptions { mountain: true, fort: true, dragon: false };
        config
    };
    let mut seen = BTreeSet::new();
    for seed in 0..40u64 {
        let mut game = ExpandedDuke::new(&config, seed).unwrap();
        let mut events = Vec::new();
        for (seat, text) in
            [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
        {
            assert!(game.terrain().is_empty(), "no terrain during set-up");
            let before = game.clone();
            game.apply(Seat(seat), text.parse().unwrap()).unwrap();
            ExpandedDuke::events(&before, Seat(seat), text.parse().unwrap(), &game, Observer::Spectator, &mut events);
        }
        let terrain = game.terrain();
        let (m, f) = (terrain.mountain.unwrap(), terrain.fort.unwrap());
        assert_ne!(m, f);
        assert!(game.piece_at(m).is_none() && game.piece_at(f).is_none(), "open squares");
        assert_eq!(
            events[1..],
            [
                Event::TerrainPlaced { terrain: TerrainKind::Mountain, square: m },
                Event::TerrainPlaced { terrain: TerrainKind::Fort, square: f },
            ]
        );
        assert_eq!(game.view(Observer::Seat(Seat(1))).terrain, terrain, "public");
        assert_eq!(events[1].to_string(), format!("the Mountain is placed at random on {m}"));
        assert!(
            game.view(Observer::Spectator)
                .to_string()
                .contains(&format!("Terrain: Mountain /^\\ on {m}, Fort [ ] on {f}"))
        );
        // The same seed places the same terrain; the state reloads with it.
        let setup = game.to_setup();
        assert_eq!(setup.terrain, terrain);
        assert_eq!(ExpandedDuke::from_setup(&setup).unwrap(), game);
        seen.insert((m, f));
    }
    assert!(seen.len() > 30, "random placement: {seen:?}");
}

#[test]
fn setups_with_terrain_that_does_not_fit_are_refused() {
    let tiles = [("a1", p(0, 0, Side::Start)), ("f6", p(0, 1, Side::Start)), ("c3", p(FOOTMAN, 0, Side::Start))];
    let base = Setup {
        config: config_for(terrain(Some("c4"), Some("d4")), Readings::default()),
        board: board(&tiles),
        phase: Phase::Play,
        to_move: Seat(0),
        terrain: terrain(Some("c4"), Some("d4")),
        ..Setup::default()
    };
    assert!(ExpandedDuke::from_setup(&base).is_ok());
    let refused = |setup: Setup, terrain: TerrainKind| {
        assert_eq!(ExpandedDuke::from_setup(&setup), Err(SetupError::Terrain { terrain }));
    };
    refused(Setup { terrain: terrain(None, Some("d4")), ..base.clone() }, TerrainKind::Mountain);
    refused(Setup { terrain: terrain(Some("c4"), None), ..base.clone() }, TerrainKind::Fort);
    refused(Setup { terrain: terrain(Some("c3"), Some("d4")), ..base.clone() }, TerrainKind::Mountain);
    refused(Setup { terrain: terrain(Some("c4"), Some("c4")), ..base.clone() }, TerrainKind::Fort);
    let no_option = Setup { config: Config::default(), ..base.clone() };
    refused(no_option.clone(), TerrainKind::Mountain);
    let during_set_up = Setup { board: Default::default(), phase: Phase::SetupDuke, ..base.clone() };
    refused(during_set_up, TerrainKind::Mountain);
    assert_eq!(theduke_rules::TheDuke::from_setup(&no_option), Err(SetupError::NotExpanded));
}

#[test]
fn the_engine_matches_the_reference_on_random_games_with_terrain() {
    let mut rng = GameRng::new(5);
    let mut buf = Vec::new();
    let (mut positions, mut terrain_mattered) = (0, 0);
    for seed in 0..40u64 {
        let readings = {
            let mut readings = Readings::default();
            readings.fort_jump_slide = if seed % 2 == 0 { FortJumpSlide::Enters } else { FortJumpSlide::PassesOnly };
            readings
        };
        let config = {
            let mut config = Config::default();
            config.tiles = (seed % 3 != 0).then(|| CustomTiles::new(theduke_rules::testing::custom_tile_set(seed)));
            config.terrain = TerrainOptions { mountain: seed % 4 != 1, fort: seed % 4 != 2, dragon: false };
            config.readings = readings;
            config.turn_limit = Some(120);
            config
        };
        let mut game = ExpandedDuke::new(&config, seed).unwrap();
        while !game.is_over() {
            legal_into(&game, reference::legal, &mut buf, &format!("seed {seed}"));
            if game.phase() == Phase::Play {
                let m = model(&game);
                let open = reference::Model { mountain: None, fort: None, ..m.clone() };
                let me = game.side_to_move();
                terrain_mattered += usize::from(open.icon_candidates(me) != m.icon_candidates(me));
            }
            positions += 1;
            let pick = buf[rng.below(buf.len() as u32) as usize];
            game.apply(game.side_to_move(), pick).unwrap();
        }
    }
    assert!(positions > 3000 && terrain_mattered > 800, "{positions} {terrain_mattered}");
}

/// Checks `game`'s perft against `expected` at depths 1.., and the reference's up to
/// `reference_depth`.
fn check_perft(name: &str, game: &ExpandedDuke, expected: &[u64], reference_depth: u32) {
    let got: Vec<u64> = (1..=expected.len() as u32).map(|depth| game.perft(depth)).collect();
    eprintln!("{name}: perft {got:?}");
    for (d, &value) in got.iter().enumerate() {
        let depth = d as u32 + 1;
        if depth <= reference_depth {
            assert_eq!(value, reference::perft(game, depth), "{name}: the reference's perft({depth})");
        }
    }
    assert_eq!(got, expected, "{name}");
}

#[test]
fn perft_with_the_mountain_and_the_fort_matches_the_reference() {
    check_perft("mountain example, bowman", &mountain_example(BOWMAN, 0), &[35, 1_404, 34_148], 3);
    let crowded = position(
        terrain(Some("c3"), Some("d4")),
        Readings::default(),
        &[
            ("c1", p(0, 0, Side::Start)),
            ("b1", p(FOOTMAN, 0, Side::Start)),
            ("c2", p(CHAMPION, 0, Side::Start)),
            ("e1", p(ASSASSIN, 0, Side::Start)),
            ("a2", p(WIZARD, 0, Side::Back)),
            ("b2", p(KNIGHT, 0, Side::Start)),
            ("e3", p(BOWMAN, 0, Side::Back)),
            ("d6", p(0, 1, Side::Start)),
            ("c6", p(FOOTMAN, 1, Side::Start)),
            ("d4", p(PIKEMAN, 1, Side::Back)),
            ("b5", p(MARSHALL, 1, Side::Back)),
            ("e5", p(PRIEST, 1, Side::Start)),
        ],
        0,
    );
    check_perft("mountain and fort", &crowded, &[21, 818, 16_624], 3);
}
