use super::*;

fn args(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_owned).collect()
}

fn invalid_message(result: Result<impl fmt::Debug, CliError>) -> String {
    match result {
        Err(CliError::Invalid(why)) => why,
        other => panic!("expected an error, got {other:?}"),
    }
}

#[test]
fn simulate_defaults_without_arguments() {
    let parsed = SimulateArgs::parse(args("")).unwrap();
    assert_eq!(parsed.count, SimulateArgs::DEFAULT_COUNT);
    assert_eq!(parsed.seed, SimulateArgs::DEFAULT_SEED);
    assert_eq!(parsed.bots, SimulateArgs::default_bots());
    assert_eq!(parsed.players, None);
    assert_eq!(parsed.save_record, None);
    assert_eq!(parsed.threads, SimulateArgs::default_threads());
    if GameId::ALL.is_empty() {
        assert_eq!(parsed.games, vec![GameId::HighCard]);
    } else {
        assert_eq!(parsed.games, GameId::ALL.to_vec());
    }
}

#[test]
fn simulate_reads_every_option_in_both_forms() {
    let parsed = SimulateArgs::parse(args(
        "--game highcard --games=7 --seed 9 --players=3 --bots random,ismcts:40 --save-record r.json",
    ))
    .unwrap();
    assert_eq!(parsed.games, vec![GameId::HighCard]);
    assert_eq!(parsed.count, 7);
    assert_eq!(parsed.seed, 9);
    assert_eq!(parsed.players, Some(3));
    assert_eq!(
        parsed.bots,
        vec![BotSpec::Random, BotSpec::Ismcts(IsmctsSettings { iterations: 40, ..IsmctsSettings::default() })]
    );
    assert_eq!(parsed.save_record, Some(PathBuf::from("r.json")));
}

#[test]
fn simulate_refuses_bad_arguments_clearly() {
    let why = invalid_message(SimulateArgs::parse(args("--games 0")));
    assert!(why.contains("'0' for '--games <N>': there is nothing to simulate"), "{why}");
    assert!(invalid_message(SimulateArgs::parse(args("--games -3"))).contains("expected a number of games"));
    assert!(invalid_message(SimulateArgs::parse(args("--game chess"))).contains("unknown game \"chess\""));
    assert!(invalid_message(SimulateArgs::parse(args("--bots random,magic"))).contains("unknown bot \"magic\""));
    let why = invalid_message(SimulateArgs::parse(args("--seed")));
    assert!(why.contains("a value is required for '--seed <S>'"), "{why}");
    let why = invalid_message(SimulateArgs::parse(args("--seed 1 --seed 2")));
    assert!(why.contains("'--seed <S>' cannot be used multiple times"), "{why}");
    let why = invalid_message(SimulateArgs::parse(args("--enhanced --enhanced")));
    assert!(why.contains("'--enhanced' cannot be used multiple times"), "{why}");
    let why = invalid_message(SimulateArgs::parse(args("--frobnicate 2")));
    assert!(why.contains("unexpected argument '--frobnicate'"), "{why}");
    assert!(invalid_message(SimulateArgs::parse(args("-x"))).contains("unexpected argument '-x'"));
    assert!(invalid_message(SimulateArgs::parse(args("stray"))).contains("unexpected argument 'stray'"));
    let why = invalid_message(SimulateArgs::parse(args("--players 0")));
    assert!(why.contains("'0' for '--players <P>': expected a number of players from 1 to 16"), "{why}");
    assert!(invalid_message(SimulateArgs::parse(args("--players 300"))).contains("--players"));
    // The usage line and the hint follow in the examples, not in the message.
    for line in ["--players 0", "--frobnicate", "--game chess", "--seed"] {
        let why = invalid_message(SimulateArgs::parse(args(line)));
        assert!(!why.contains("Usage") && !why.contains("--help") && !why.starts_with("error"), "{why}");
    }
    let why = invalid_message(SimulateArgs::parse(args("--dragn")));
    assert!(why.contains("tip: a similar argument exists: '--dragon'"), "{why}");
    assert_eq!(SimulateArgs::parse(args("--games 3 --help")), Err(CliError::Help));
}

#[test]
fn simulate_reads_threads_and_defaults_to_every_core() {
    assert!(SimulateArgs::default_threads() >= 1);
    assert_eq!(SimulateArgs::parse(args("")).unwrap().threads, SimulateArgs::default_threads());
    assert_eq!(SimulateArgs::parse(args("--threads 3")).unwrap().threads, 3);
    assert_eq!(SimulateArgs::parse(args("--threads=1")).unwrap().threads, 1);
    let why = invalid_message(SimulateArgs::parse(args("--threads 0")));
    assert!(why.contains("'0' for '--threads <N>': expected a number of threads, at least 1"), "{why}");
    assert!(invalid_message(PlayArgs::parse(args("--game highcard --threads 2"))).contains("'--threads'"));
    assert!(SimulateArgs::usage().contains("--threads <N>"));
}

#[test]
fn the_help_is_generated_with_every_flag_and_the_game_options() {
    for (usage, flags) in [
        (
            SimulateArgs::usage(),
            &["--game", "--games", "--seed", "--players", "--bots", "--save-record", "--threads"][..],
        ),
        (PlayArgs::usage(), &["--game", "--players", "--seat", "--seed", "--bots", "--save-record"][..]),
        (ReplayArgs::usage(), &["<FILE>", "--seat", "--step"][..]),
    ] {
        assert!(usage.contains("Usage:") && usage.contains("-h, --help"), "{usage}");
        for flag in flags {
            assert!(usage.contains(flag), "{flag}: {usage}");
        }
    }
    for usage in [SimulateArgs::usage(), PlayArgs::usage()] {
        assert!(usage.contains("Game options") && usage.contains("--dragon places the Dragon"), "{usage}");
    }
    assert!(SimulateArgs::short_usage().starts_with("Usage: simulate"));
    assert!(PlayArgs::short_usage().starts_with("Usage: play"));
    assert!(ReplayArgs::short_usage().starts_with("Usage: replay"));
}

#[test]
fn play_needs_a_game_and_reads_its_options() {
    assert!(invalid_message(PlayArgs::parse(args(""))).contains("--game is required"));
    assert!(invalid_message(PlayArgs::parse(args("--game all"))).contains("name one game"));
    let parsed = PlayArgs::parse(args("--game highcard --players 3 --seat 2 --seed 4 --bots greedy")).unwrap();
    assert_eq!(parsed.game, GameId::HighCard);
    assert_eq!((parsed.players, parsed.seat, parsed.seed), (Some(3), 2, Some(4)));
    assert_eq!(parsed.bots, vec![BotSpec::Greedy]);
    let parsed = PlayArgs::parse(args("--game=highcard")).unwrap();
    assert_eq!((parsed.seat, parsed.seed, parsed.save_record), (0, None, None));
    assert_eq!(parsed.bots, vec![BotSpec::Ismcts(IsmctsSettings::default())]);
    assert!(invalid_message(PlayArgs::parse(args("--game highcard --seat x"))).contains("--seat"));
}

#[test]
fn replay_takes_one_file() {
    assert_eq!(
        ReplayArgs::parse(args("game.json")),
        Ok(ReplayArgs { file: PathBuf::from("game.json"), step: false, seat: None })
    );
    assert_eq!(
        ReplayArgs::parse(args("--step game.json")),
        Ok(ReplayArgs { file: PathBuf::from("game.json"), step: true, seat: None })
    );
    assert_eq!(
        ReplayArgs::parse(args("game.json --seat 2")),
        Ok(ReplayArgs { file: PathBuf::from("game.json"), step: false, seat: Some(2) })
    );
    assert!(invalid_message(ReplayArgs::parse(args("game.json --seat x"))).contains("--seat"));
    let why = invalid_message(ReplayArgs::parse(args("")));
    assert!(why.contains("required arguments were not provided") && why.contains("<FILE>"), "{why}");
    assert!(invalid_message(ReplayArgs::parse(args("a b"))).contains("unexpected argument 'b'"));
    assert!(invalid_message(ReplayArgs::parse(args("a --step=1"))).contains("unexpected value '1' for '--step'"));
    assert_eq!(ReplayArgs::parse(args("-h")), Err(CliError::Help));
}

#[cfg(feature = "theduke")]
#[test]
fn the_duke_options_of_expanded_play_pick_the_expanded_engine() {
    let parsed = SimulateArgs::parse(args("--game theduke --enhanced --tiles data/house_tiles.json")).unwrap();
    assert_eq!(parsed.games, vec![GameId::ExpandedDuke]);
    assert!(parsed.options.enhanced_tiles);
    assert_eq!(parsed.options.tiles, Some(PathBuf::from("data/house_tiles.json")));
    let play = PlayArgs::parse(args("--game theduke --tiles=t.json")).unwrap();
    assert_eq!(play.game, GameId::ExpandedDuke);
    assert!(!play.options.enhanced_tiles);
    let plain = PlayArgs::parse(args("--game theduke")).unwrap();
    assert_eq!((plain.game, plain.options), (GameId::TheDuke, GameOptions::default()));
    assert!(SimulateArgs::usage().contains("--tiles FILE plays with the tile set"));
}

#[test]
fn game_options_are_refused_by_games_that_do_not_take_them() {
    let why = invalid_message(PlayArgs::parse(args("--game highcard --enhanced")));
    assert!(why.contains("--enhanced does not apply to High Card"), "{why}");
    let why = invalid_message(SimulateArgs::parse(args("--game highcard --enhanced --tiles f.json")));
    assert!(why.contains("--enhanced --tiles f.json do not apply"), "{why}");
    if GameId::ALL.len() > 1 {
        assert!(SimulateArgs::parse(args("--game all --enhanced")).is_err());
    }
    let why = invalid_message(PlayArgs::parse(args("--game highcard --enhanced=yes")));
    assert!(why.contains("unexpected value 'yes' for '--enhanced'"), "{why}");
}

#[cfg(feature = "crownbattles")]
#[test]
fn round_type_options_are_read_for_simulate_and_play() {
    let parsed = SimulateArgs::parse(args("--game crownbattles --round-types blind,normal")).unwrap();
    assert_eq!(parsed.options.round_types.as_deref(), Some("blind,normal"));
    assert_eq!(parsed.options.round_sequence, None);
    assert_eq!(parsed.games, vec![GameId::CrownBattles]);
    let parsed = PlayArgs::parse(args("--game crownbattles --round-sequence=blind,normal")).unwrap();
    assert_eq!(parsed.options.round_sequence.as_deref(), Some("blind,normal"));
    let why = invalid_message(SimulateArgs::parse(args("--round-types")));
    assert!(why.contains("a value is required for '--round-types <LIST>'"), "{why}");
    // Other games refuse them, and Crown Battles refuses The Duke's.
    let refused = invalid_message(SimulateArgs::parse(args("--game all --round-types blind")));
    assert!(refused.contains("--round-types blind"), "{refused}");
    assert!(SimulateArgs::parse(args("--game crownbattles --enhanced")).is_err());
    let missions =
        PlayArgs::parse(args("--game crownbattles --round-types missions --missions m.json --missions-in-turn"))
            .unwrap();
    assert_eq!(missions.options.missions, Some(PathBuf::from("m.json")));
    assert!(missions.options.missions_in_turn);
    let both =
        PlayArgs::parse(args("--game crownbattles --round-types wagering,duel --extra-wagers --random-duels")).unwrap();
    assert!(both.options.extra_wagers && both.options.random_duels && !both.options.duel_bonus);
    assert!(invalid_message(SimulateArgs::parse(args("--game highcard --extra-wagers"))).contains("--extra-wagers"));
    let long = SimulateArgs::parse(args(
        "--game crownbattles --round-types long,normal --long-play-screw-by-tricks --long-play-first-pass-acts",
    ))
    .unwrap();
    assert!(long.options.long_play_screw_by_tricks && long.options.long_play_first_pass_acts);
    assert!(SimulateArgs::usage().contains("--long-play-screw-by-tricks"));
    // The switches that named what is now the rules engine's default are gone, not silent.
    for old in ["--missions-simultaneous", "--long-play-screw-by-cards", "--precision-team-one-double"] {
        let refused = invalid_message(SimulateArgs::parse(args(&format!("--game crownbattles {old}"))));
        assert!(refused.contains(&format!("unexpected argument '{old}'")), "{refused}");
        assert!(!SimulateArgs::usage().contains(old), "{old}");
    }
    assert!(SimulateArgs::usage().contains("--missions FILE deals the missions"));
    let refused = invalid_message(SimulateArgs::parse(args("--game highcard --missions m.json")));
    assert!(refused.contains("--missions m.json"), "{refused}");
    // Suit Precision's readings.
    let precision = SimulateArgs::parse(args(
        "--game crownbattles --round-types precision,normal --precision-peasant-any --precision-thief-own-bid",
    ))
    .unwrap();
    assert!(precision.options.precision_peasant_any && precision.options.precision_thief_own_bid);
    assert!(SimulateArgs::usage().contains("--precision-thief-own-bid"));
    let refused = invalid_message(SimulateArgs::parse(args("--game highcard --precision-peasant-any")));
    assert!(refused.contains("--precision-peasant-any"), "{refused}");
}
