//! The Duke's terrain tiles and alternate objectives through the examples: `--mountain`,
//! `--fort`, `--dragon`, `--objective dynastic-dispute|counting-coup|trophy-hunters` and
//! `--objective dark-rider` (with `--ranger`, `--three-pikemen`) reach the engine, the bots
//! play games with them (no special case: the `Game` contract), and the games are saved,
//! replayed by the expanded engine and playable from the terminal.
#![cfg(feature = "theduke")]

mod common;

use duke_examples::bots::{BotSpec, IsmctsSettings};
use duke_examples::catalog::{Catalogued, ExpandedDuke, GameId};
use duke_examples::cli::SimulateArgs;
use duke_examples::options::GameOptions;
use duke_examples::simulate::run;

fn terrain() -> GameOptions {
    GameOptions { mountain: true, fort: true, ..GameOptions::default() }
}

#[test]
fn the_terrain_flags_reach_the_config_and_pick_the_expanded_engine() {
    let args = SimulateArgs::parse(["--game", "theduke", "--mountain", "--fort"].map(String::from)).unwrap();
    assert_eq!(args.games, [GameId::ExpandedDuke]);
    assert_eq!(args.options, terrain());
    assert_eq!(args.options.flags(), ["--mountain", "--fort"]);
    let config = ExpandedDuke::config_with(None, &args.options).unwrap();
    assert!(config.terrain.mountain && config.terrain.fort);
    let only_fort = ExpandedDuke::config_with(None, &GameOptions { fort: true, ..GameOptions::default() }).unwrap();
    assert!(!only_fort.terrain.mountain && only_fort.terrain.fort);
    // Other games refuse them.
    assert!(SimulateArgs::parse(["--game", "archduke", "--mountain"].map(String::from)).is_err());
}

#[test]
fn bots_play_games_with_terrain_which_are_saved_and_replayed() {
    let bots = vec![BotSpec::Ismcts(IsmctsSettings { iterations: 8, ..IsmctsSettings::default() }), BotSpec::Greedy];
    let (summary, record) = run::<ExpandedDuke>(None, &terrain(), 3, 5, &bots, |_| {}).unwrap();
    assert_eq!(summary.games, 3);
    let record = record.unwrap();
    let mut with_terrain = 0;
    record
        .replay_with(|_, _, state| {
            let placed = state.terrain();
            with_terrain += usize::from(placed.mountain.is_some() && placed.fort.is_some());
        })
        .unwrap();
    assert!(with_terrain > 10, "{with_terrain}");
    let text = common::replayed_as_expanded(&record);
    assert!(text.contains("Mountain") && text.contains("Fort"), "{text}");
}

#[test]
fn a_game_with_terrain_is_playable_from_the_terminal() {
    let (text, _) = common::terminal_game(&["--game", "theduke", "--mountain", "--fort", "--bots", "random"], 4);
    assert!(text.contains("Terrain: Mountain"), "{text}");
}

#[test]
fn dynastic_dispute_is_played_by_bots_and_from_the_terminal() {
    let args = SimulateArgs::parse(["--game", "theduke", "--objective", "dynastic-dispute"].map(String::from)).unwrap();
    assert_eq!(args.games, [GameId::ExpandedDuke]);
    assert_eq!(args.options.flags(), ["--objective dynastic-dispute"]);
    let config = ExpandedDuke::config_with(None, &args.options).unwrap();
    assert_eq!(config.objective, theduke_rules::Objective::DynasticDispute);
    assert!(SimulateArgs::parse(["--game", "theduke", "--objective", "coup"].map(String::from)).is_err());
    let standard = SimulateArgs::parse(["--game", "theduke", "--objective", "standard"].map(String::from)).unwrap();
    assert_eq!(standard.games, [GameId::TheDuke]);
    // Bots draft, set up and play; the record replays.
    let bots = vec![BotSpec::Greedy, BotSpec::Random];
    let (summary, record) = run::<ExpandedDuke>(None, &args.options, 2, 3, &bots, |_| {}).unwrap();
    assert_eq!(summary.games, 2);
    let record = record.unwrap();
    let mut picks = 0;
    record
        .replay_with(|_, action, _| picks += usize::from(matches!(action.action, theduke_rules::Action::Pick(_))))
        .unwrap();
    assert_eq!(picks, 13);
    // From the terminal.
    let (text, _) =
        common::terminal_game(&["--game", "theduke", "--objective", "dynastic-dispute", "--bots", "random"], 5);
    assert!(text.contains("Draft: P"), "{text}");
}

#[test]
fn dark_rider_is_played_by_bots_and_from_the_terminal() {
    let parse = |args: &[&str]| SimulateArgs::parse(args.iter().map(|a| a.to_string()));
    let args = parse(&["--game", "theduke", "--objective", "dark-rider", "--mountain"]).unwrap();
    assert_eq!(args.games, [GameId::ExpandedDuke]);
    let config = ExpandedDuke::config_with(None, &args.options).unwrap();
    assert_eq!(config.objective, theduke_rules::Objective::DarkRider(theduke_rules::DarkRider::default()));
    // The easier options.
    let easier = parse(&["--game", "theduke", "--objective", "dark-rider", "--ranger", "--three-pikemen"]).unwrap();
    assert_eq!(easier.options.flags(), ["--objective dark-rider", "--ranger", "--three-pikemen"]);
    let config = ExpandedDuke::config_with(None, &easier.options).unwrap();
    let want = theduke_rules::DarkRider { rider: theduke_rules::Rider::Ranger, pikemen: 3 };
    assert_eq!(config.objective, theduke_rules::Objective::DarkRider(want));
    assert!(parse(&["--game", "theduke", "--ranger"]).is_err(), "--ranger without Dark Rider");
    let alone = GameOptions { three_pikemen: true, ..GameOptions::default() };
    assert!(ExpandedDuke::config_with(None, &alone).is_err());
    // Bots deploy and play (with the Dragon too); the records replay.
    for options in [args.options.clone(), GameOptions { dragon: true, ..easier.options.clone() }] {
        let bots = vec![BotSpec::Greedy, BotSpec::Random];
        let (summary, record) = run::<ExpandedDuke>(None, &options, 3, 5, &bots, |_| {}).unwrap();
        assert_eq!(summary.games, 3);
        let mut deploys = 0;
        record
            .unwrap()
            .replay_with(|_, action, _| {
                deploys += usize::from(matches!(action.action, theduke_rules::Action::Deploy(_)))
            })
            .unwrap();
        assert!(deploys >= 4, "{deploys}");
    }
    let (text, _) = common::terminal_game(&["--game", "theduke", "--objective", "dark-rider", "--bots", "random"], 5);
    assert!(text.contains("Dark Rider set-up: P"), "{text}");
}

#[test]
fn the_dragon_flag_reaches_the_config_and_bots_play_and_replay_games_with_it() {
    let args = SimulateArgs::parse(["--game", "theduke", "--dragon"].map(String::from)).unwrap();
    assert_eq!(args.games, [GameId::ExpandedDuke]);
    assert_eq!(args.options.flags(), ["--dragon"]);
    let config = ExpandedDuke::config_with(None, &args.options).unwrap();
    assert!(config.terrain.dragon && !config.terrain.mountain);
    assert!(SimulateArgs::parse(["--game", "archduke", "--dragon"].map(String::from)).is_err());
    let bots = vec![BotSpec::Greedy, BotSpec::Random];
    let (summary, record) = run::<ExpandedDuke>(None, &args.options, 4, 7, &bots, |_| {}).unwrap();
    assert_eq!(summary.games, 4);
    let mut with_dragon = 0;
    record.unwrap().replay_with(|_, _, state| with_dragon += usize::from(state.dragon().is_some())).unwrap();
    assert!(with_dragon > 10, "{with_dragon}");
}

#[test]
fn counting_coup_and_trophy_hunters_are_played_by_bots_and_from_the_terminal() {
    for (name, objective) in [
        ("counting-coup", theduke_rules::Objective::CountingCoup),
        ("trophy-hunters", theduke_rules::Objective::TrophyHunters),
    ] {
        let args =
            SimulateArgs::parse(["--game", "theduke", "--objective", name, "--mountain"].map(String::from)).unwrap();
        assert_eq!(args.games, [GameId::ExpandedDuke]);
        assert_eq!(args.options.flags(), ["--mountain".to_owned(), format!("--objective {name}")]);
        let config = ExpandedDuke::config_with(None, &args.options).unwrap();
        assert_eq!(config.objective, objective);
        // Bots place the Flags and play (no special case); the record replays.
        let bots = vec![BotSpec::Greedy, BotSpec::Random];
        let (summary, record) = run::<ExpandedDuke>(None, &args.options, 3, 11, &bots, |_| {}).unwrap();
        assert_eq!(summary.games, 3);
        let mut flag_actions = 0;
        record
            .unwrap()
            .replay_with(|_, action, _| {
                flag_actions += usize::from(matches!(action.action, theduke_rules::Action::Flag { .. }))
            })
            .unwrap();
        assert!(flag_actions >= 2, "{name}: {flag_actions}");
        // From the terminal.
        let (text, _) = common::terminal_game(&["--game", "theduke", "--objective", name, "--bots", "random"], 6);
        assert!(text.contains("places a Flag"), "{text}");
    }
}
