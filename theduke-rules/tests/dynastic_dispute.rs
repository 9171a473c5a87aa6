//! Dynastic Dispute (rulebook "Alternate Objectives"): the rulebook's worked draft (Dawson
//! and Kristian) step by step, who sets up and who moves first, the draft's events and
//! views, setups that do not fit, the reference against the engine on random games, and
//! perft of the draft.

mod common;

use common::checked::{legal, legal_into};
use common::expanded as reference;
use duke_core::{Game, GameRng, Observer, Seat};
use theduke_rules::{
    Action, Config, Event, ExpandedDuke, Objective, Phase, Setup, SetupError, TerrainOptions, TileKind,
};

fn dynastic(first: Option<Seat>) -> Config {
    {
        let mut config = Config::default();
        config.first_player = first;
        config.objective = Objective::DynasticDispute;
        config
    }
}

fn kind(game: &ExpandedDuke, name: &str) -> TileKind {
    let k = game.tile_source().tiles().iter().position(|t| t.name == name).unwrap();
    TileKind(k as u8)
}

#[test]
fn dawson_and_kristian_draft_their_bags_as_printed() {
    // Kristian (P1) was drawn to choose first; no enhanced tiles.
    let mut game = ExpandedDuke::new(&dynastic(Some(Seat(1))), 0).unwrap();
    let (kristian, dawson) = (Seat(1), Seat(0));
    assert_eq!(game.phase(), Phase::Draft);
    assert_eq!(game.side_to_move(), kristian);
    // Before the draft each bag holds the third Footman only.
    let footman = kind(&game, "Footman");
    for seat in [kristian, dawson] {
        let total: u32 = (0..15).map(|k| u32::from(game.bag_count(seat, TileKind(k)))).sum();
        assert_eq!((total, game.bag_count(seat, footman)), (1, 1));
    }
    let picks = [
        (kristian, "Pikeman", 3),
        (dawson, "Wizard", 1),
        (kristian, "Champion", 1),
        (dawson, "Bowman", 1),
        (kristian, "Seer", 1),
        (dawson, "Priest", 1),
        (kristian, "Knight", 1),
        (dawson, "General", 1),
        (kristian, "Marshall", 1),
        (dawson, "Longbowman", 1),
        (kristian, "Assassin", 1),
        (dawson, "Dragoon", 1),
        (kristian, "Ranger", 1),
    ];
    let mut events = Vec::new();
    for (i, &(seat, name, count)) in picks.iter().enumerate() {
        assert_eq!(game.phase(), Phase::Draft, "pick {i}");
        assert_eq!(game.side_to_move(), seat, "pick {i}: who chooses");
        let k = kind(&game, name);
        let options = legal(&game);
        assert_eq!(options.len(), 13 - i, "pick {i}: the types left in front of both");
        let pick = Action::Pick(k);
        assert!(options.contains(&pick.to_string()));
        let before = game.clone();
        game.apply(seat, pick).unwrap();
        ExpandedDuke::events(&before, seat, pick, &game, Observer::Spectator, &mut events);
        assert!(matches!(&events[..], [Event::Picked { seat: s, count: c, .. }] if *s == seat && *c == count));
        // The picker's tiles of that type are in his bag, the other's in the box (neither
        // in his bag nor captured).
        let other = Seat(1 - seat.0);
        assert_eq!(game.bag_count(seat, k), count, "{name}");
        assert_eq!((game.bag_count(other, k), game.captured_count(other, k)), (0, 0), "{name}");
        assert!(game.drafted(seat).contains(&k) && !game.drafted(other).contains(&k));
        assert!(game.validate().is_ok());
    }
    assert_eq!(events[0].to_string(), "P1 pick 5: 1 Ranger into the bag; P0's go into the box");
    // Kristian's bag: three Pikemen, Champion, Seer, Knight, Marshall, Assassin, Ranger and a
    // Footman; Dawson's: Wizard, Bowman, Priest, General, Longbowman, Dragoon and a Footman.
    let bag = |seat: Seat| -> u32 { (0..15).map(|k| u32::from(game.bag_count(seat, TileKind(k)))).sum() };
    assert_eq!((bag(kristian), bag(dawson)), (10, 7));
    // Kristian picked first and sets up first; Dawson then takes the first turn.
    assert_eq!(game.phase(), Phase::SetupDuke);
    assert_eq!(game.side_to_move(), kristian);
    for (seat, text) in
        [(1, "duke d6"), (1, "footman c6"), (1, "footman e6"), (0, "duke c1"), (0, "footman b1"), (0, "footman d1")]
    {
        assert_eq!(game.side_to_move(), Seat(seat));
        game.apply(Seat(seat), text.parse().unwrap()).unwrap();
    }
    assert_eq!(game.phase(), Phase::Play);
    assert_eq!(game.side_to_move(), dawson, "the player who picked second takes the first turn");
    assert_eq!(game.first_player(), kristian, "the player who picked first set up first");
    // Draws bring out only drafted tiles.
    let drawn = game.with_drawn(kind(&game, "Wizard")).unwrap();
    assert!(matches!(drawn.phase(), Phase::Place { .. }));
    assert!(game.with_drawn(kind(&game, "Pikeman")).is_none(), "Dawson's Pikemen are in the box");
}

#[test]
fn the_draft_is_shown_to_everyone_and_saved_with_the_game() {
    let mut game = ExpandedDuke::new(&dynastic(Some(Seat(0))), 4).unwrap();
    game.apply(Seat(0), "pick 3".parse().unwrap()).unwrap();
    let view = game.view(Observer::Seat(Seat(1)));
    assert_eq!(view.draft_pool.len(), 12);
    assert!(!view.draft_pool.contains(&TileKind(3)));
    assert!(view.to_string().contains("Draft: P1 picks a tile type (pick <type>): Pk (2) Wz (4)"), "{view}");
    let setup = game.to_setup();
    assert_eq!(setup.drafted, [vec![TileKind(3)], vec![]]);
    assert_eq!(ExpandedDuke::from_setup(&setup).unwrap(), game);
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<ExpandedDuke>(&json).unwrap(), game);
    // The same draft with a Setup from scratch.
    let fresh = Setup { drafted: [vec![TileKind(3)], vec![]], to_move: Seat(1), ..Setup::new(dynastic(Some(Seat(0)))) };
    assert_eq!(ExpandedDuke::from_setup(&fresh).unwrap().bag_count(Seat(0), TileKind(3)), 1);
}

#[test]
fn draft_setups_that_do_not_fit_are_refused() {
    let base = Setup::new(dynastic(Some(Seat(0))));
    assert_eq!(ExpandedDuke::from_setup(&base).unwrap().phase(), Phase::Draft);
    let refused = |setup: Setup| assert_eq!(ExpandedDuke::from_setup(&setup), Err(SetupError::Draft), "{setup:?}");
    // Out of turn: P0 picked once, so P1 picks.
    refused(Setup { drafted: [vec![TileKind(3)], vec![]], ..base.clone() });
    // A type picked by both, the Duke or the Footman, a type twice.
    refused(Setup { drafted: [vec![TileKind(3)], vec![TileKind(3)]], ..base.clone() });
    refused(Setup { drafted: [vec![TileKind(1)], vec![]], to_move: Seat(1), ..base.clone() });
    refused(Setup { drafted: [vec![TileKind(3), TileKind(3)], vec![TileKind(4)]], ..base.clone() });
    // Two picks ahead.
    refused(Setup { drafted: [vec![TileKind(3), TileKind(5)], vec![]], ..base.clone() });
    // Set-up before the draft is over; the draft phase without the objective.
    refused(Setup { phase: Phase::SetupDuke, ..base.clone() });
    refused(Setup { config: Config::default(), phase: Phase::Draft, ..base.clone() });
    // The standard game has no draft.
    let standard = Setup { config: Config::default(), drafted: [vec![TileKind(3)], vec![]], ..Setup::default() };
    assert_eq!(theduke_rules::TheDuke::from_setup(&standard), Err(SetupError::NotExpanded));
}

#[test]
fn the_engine_matches_the_reference_on_random_dynastic_games() {
    let mut rng = GameRng::new(8);
    let mut buf = Vec::new();
    let mut picks = 0;
    for seed in 0..30u64 {
        let config = {
            let mut config = dynastic(None);
            config.enhanced_tiles = seed % 2 == 0;
            config.terrain = TerrainOptions { mountain: seed % 3 == 0, fort: seed % 5 == 0, dragon: false };
            config.turn_limit = Some(60);
            config
        };
        let mut game = ExpandedDuke::new(&config, seed).unwrap();
        let first = game.first_player();
        while !game.is_over() {
            legal_into(&game, reference::legal, &mut buf, &format!("seed {seed}"));
            let was_setting_up = matches!(game.phase(), Phase::SetupFootman { .. });
            picks += usize::from(game.phase() == Phase::Draft);
            let pick = buf[rng.below(buf.len() as u32) as usize];
            game.apply(game.side_to_move(), pick).unwrap();
            if was_setting_up && game.phase() == Phase::Play {
                assert_eq!(game.side_to_move(), Seat(1 - first.0), "seed {seed}: the second picker moves first");
            }
            assert!(game.validate().is_ok());
        }
    }
    assert!(picks >= 30 * 13, "{picks}");
}

#[test]
fn perft_of_the_draft_matches_the_reference() {
    let game = ExpandedDuke::new(&dynastic(Some(Seat(0))), 1).unwrap();
    let got: Vec<u64> = (1..=3).map(|d| game.perft(d)).collect();
    for (d, &n) in got.iter().enumerate() {
        assert_eq!(n, reference::perft(&game, d as u32 + 1));
    }
    assert_eq!(got, [13, 13 * 12, 13 * 12 * 11]);
    // The last pick, then set-up: 2 Duke squares.
    let mut late = game.clone();
    for k in 2..14u8 {
        let seat = late.side_to_move();
        late.apply(seat, Action::Pick(TileKind(k))).unwrap();
    }
    assert_eq!(late.perft(1), 1);
    assert_eq!(late.perft(2), 2);
    assert_eq!(late.perft(2), reference::perft(&late, 2));
}
