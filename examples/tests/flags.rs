//! Every game option's flag is parsed, reaches the game's config, and is listed in the
//! README: The Duke's readings (`--dark-rider-danger`, …), Crown Battles' options
//! (`--missions-in-turn`, `--precision-team-double NAME`, …), Archduke's and Dukes Up!'s. A
//! new switch without a row in these tables fails
//! `every_switch_has_a_test_here_and_a_line_in_the_readme`.
#![cfg(all(feature = "theduke", feature = "crownbattles", feature = "archduke", feature = "dukesup"))]

use duke_examples::catalog::{Archduke, Catalogued, CrownBattles, DukesUp, ExpandedDuke, GameId};
use duke_examples::cli::{PlayArgs, SimulateArgs};
use duke_examples::options::{
    AceName, DukeObjective, END_OF_TRICK_CARDS, GameOptions, LeakChoiceName, Named, PrecisionTeamDoubleName,
    SCORING_FORMS, SWITCHES, ShieldsName, WITCH_STEPS,
};

fn args(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_owned).collect()
}

fn duke_config(line: &str) -> Result<theduke_rules::Config, String> {
    let parsed = SimulateArgs::parse(args(&format!("--game theduke {line}"))).map_err(|e| e.to_string())?;
    assert_eq!(parsed.games, [GameId::ExpandedDuke], "{line}");
    ExpandedDuke::config_with(None, &parsed.options)
}

fn crown_config(line: &str) -> Result<crownbattles_rules::Config, String> {
    let parsed = PlayArgs::parse(args(&format!("--game crownbattles {line}"))).map_err(|e| e.to_string())?;
    assert_eq!(parsed.game, GameId::CrownBattles, "{line}");
    CrownBattles::config_with(None, &parsed.options)
}

/// The Duke's reading switches: the switch, the options its rule needs, and the check that
/// the config plays the other reading.
type DukeRow = (&'static str, &'static str, fn(&theduke_rules::Readings) -> bool);

fn duke_rows() -> Vec<DukeRow> {
    use theduke_rules::*;
    vec![
        ("dread-immune-either-side", "--enhanced", |r| r.dread_immunity == DreadImmunity::EitherSide),
        ("dread-thaw-on-turn", "", |r| r.dread_thaw == DreadThaw::ControllerTurn),
        ("divination-exactly-three", "", |r| r.divination_draws == DivinationDraws::ExactlyThree),
        ("divination-shown", "", |r| r.divination_shown == DivinationShown::Everyone),
        ("ransom-any-tile", "", |r| r.ransom_trade == RansomTrade::AnyTile),
        ("fort-jump-slide-passes", "--fort", |r| r.fort_jump_slide == FortJumpSlide::PassesOnly),
        ("dragon-danger", "--dragon", |r| r.dragon_danger == DragonDanger::Avoided),
        ("dragon-duke-draw", "--dragon", |r| r.dragon_duke == DragonDuke::Draw),
        ("dragon-edge-faced", "--dragon", |r| r.dragon_edge == DragonEdge::FacedEdge),
        ("dragon-push-counted", "--dragon", |r| r.dragon_push == DragonPush::Counted),
        ("dark-rider-freeze-all", "--objective dark-rider", |r| r.dark_rider_freeze == EdgeFreeze::Everything),
        ("dark-rider-danger", "--objective dark-rider", |r| r.dark_rider_danger == RiderDanger::Avoided),
        ("flag-duke-danger", "--objective trophy-hunters", |r| r.flag_duke_danger == FlagDukeDanger::Kept),
        ("coup-flag-paths", "--objective counting-coup", |r| r.coup_flag == CoupFlag::Paths),
        ("coup-any-move", "--objective counting-coup", |r| r.coup_points == CoupPoints::AnyMove),
        ("coup-flag-after-dragon", "--objective counting-coup --dragon", |r| {
            r.coup_flag_move == CoupFlagMove::AfterTheDragon
        }),
        ("trophy-flags-own", "--objective trophy-hunters", |r| r.trophy_flags == TrophyFlags::OwnerPlaces),
        ("new-tile-danger-some-tile", "", |r| r.new_tile_danger == NewTileDanger::SomeTile),
    ]
}

/// Crown Battles' switches added beside the round types: the switch, the round types its
/// rule needs (empty for the base game's), and its check.
type CrownRow = (&'static str, &'static str, fn(&crownbattles_rules::Config) -> bool);

fn crown_rows() -> Vec<CrownRow> {
    use crownbattles_rules::*;
    vec![
        ("missions-in-turn", "--round-types missions,normal", |c| c.missions.reveal == MissionReveal::InTurn),
        ("long-play-screw-by-tricks", "--round-types long,normal", |c| c.long_play_screw_by_tricks),
        ("precision-solo-doubled", "--round-types precision-alliances,normal", |c| c.precision_solo_doubled),
        ("leak-only-held", "--round-types leaked,normal", |c| c.leak_only_held),
        ("stealth-actions-at-flip", "--round-types stealth,normal", |c| c.stealth_actions_at_flip),
        ("stealth-follow-face-down", "--round-types stealth,normal", |c| c.stealth_follow_face_down),
        ("split-miss-per-trick", "--round-types split,normal", |c| c.split_miss == SplitMiss::PerTrick),
        ("split-last-winner-leads", "--round-types split,normal", |c| c.split_lead == SplitLead::LastWinner),
        ("screw-the-dealer", "", |c| c.screw_the_dealer),
        ("dealer-may-choose-no-trump", "", |c| c.dealer_may_choose_no_trump),
        ("wizard-affects-kings", "", |c| c.wizard_affects_kings),
    ]
}

/// Every Crown Battles switch of a round type's rule, with the round types that rule needs
/// (the first of them named in the refusal).
const CROWN_NEEDS: &[(&str, &str)] = &[
    ("--missions-in-turn", "missions"),
    ("--mission-choices 2", "blind-missions"),
    ("--random-teams", "alliances"),
    ("--missions-own-points", "missions-alliances"),
    ("--precision-peasant-any", "precision"),
    ("--precision-thief-own-bid", "precision-alliances"),
    ("--precision-team-double per-suit", "precision-alliances"),
    ("--precision-solo-doubled", "precision-alliances"),
    ("--extra-wagers", "wagering"),
    ("--wager-bid-points", "wagering"),
    ("--random-duels", "duel"),
    ("--duel-bonus", "duel"),
    ("--duel-misses-to-bank", "duel"),
    ("--long-play-screw-by-tricks", "long"),
    ("--long-play-first-pass-acts", "long"),
    ("--leak-only-held", "leaked"),
    ("--leak-choice dealer", "leaked"),
    ("--stealth-actions-at-flip", "stealth"),
    ("--stealth-follow-face-down", "stealth"),
    ("--split-miss-per-trick", "split"),
    ("--split-last-winner-leads", "split"),
];

fn archduke_config(line: &str) -> Result<archduke_rules::Config, String> {
    let parsed = SimulateArgs::parse(args(&format!("--game archduke {line}"))).map_err(|e| e.to_string())?;
    assert_eq!(parsed.games, [GameId::Archduke], "{line}");
    Archduke::config_with(parsed.players, &parsed.options)
}

fn dukesup_config(line: &str) -> Result<dukesup_rules::Config, String> {
    let parsed = PlayArgs::parse(args(&format!("--game dukesup {line}"))).map_err(|e| e.to_string())?;
    assert_eq!(parsed.game, GameId::DukesUp, "{line}");
    DukesUp::config_with(parsed.players, &parsed.options)
}

/// The switches of Archduke and Dukes Up!, tested in their own tests below.
const OTHER_GAMES: &[&str] = &["any-discard", "caller-penalty-on-tie", "count-wins", "reshuffle-at-once"];

/// The switches that existed before this file, tested in `src/cli/tests.rs`,
/// `tests/terrain_duke.rs`, `tests/expanded_duke.rs` and `tests/every_game.rs`.
const TESTED_ELSEWHERE: &[&str] = &[
    "enhanced",
    "mountain",
    "fort",
    "dragon",
    "ranger",
    "three-pikemen",
    "random-teams",
    "missions-own-points",
    "precision-peasant-any",
    "precision-thief-own-bid",
    "extra-wagers",
    "wager-bid-points",
    "random-duels",
    "duel-bonus",
    "duel-misses-to-bank",
    "long-play-first-pass-acts",
];

#[test]
fn each_duke_reading_switch_reaches_the_config_alone() {
    let standard = duke_config("--enhanced").unwrap().readings;
    assert!(standard.is_default());
    for (flag, needs, played) in duke_rows() {
        let config = duke_config(&format!("{needs} --{flag}")).unwrap_or_else(|e| panic!("--{flag}: {e}"));
        assert!(played(&config.readings), "--{flag}");
        // Exactly one reading differs from the default.
        for (other, _, other_played) in duke_rows() {
            assert_eq!(other_played(&config.readings), other == flag, "--{flag} also set --{other}");
        }
        let parsed = SimulateArgs::parse(args(&format!("--game theduke {needs} --{flag}"))).unwrap();
        assert!(parsed.options.flags().contains(&format!("--{flag}")), "--{flag}");
    }
}

#[test]
fn a_reading_switch_without_its_rule_is_refused_and_other_games_refuse_them() {
    for (flag, needs, _) in duke_rows() {
        if needs.starts_with("--objective") || needs == "--fort" || needs == "--dragon" {
            let why = duke_config(&format!("--{flag}")).unwrap_err();
            assert!(why.contains(&format!("--{flag}")) && why.contains("go with"), "--{flag}: {why}");
        }
        let why = SimulateArgs::parse(args(&format!("--game crownbattles --{flag}"))).unwrap_err().to_string();
        assert!(why.contains(&format!("--{flag} does not apply to Crown Battles")), "{why}");
    }
    // The Dark Rider readings together, with the easier options.
    let config = duke_config("--objective dark-rider --ranger --dark-rider-danger --dark-rider-freeze-all").unwrap();
    assert_eq!(config.readings.dark_rider_danger, theduke_rules::RiderDanger::Avoided);
    assert_eq!(config.readings.dark_rider_freeze, theduke_rules::EdgeFreeze::Everything);
    assert!(duke_config("--objective counting-coup --flag-duke-danger").is_ok());
    assert!(duke_config("--objective counting-coup --trophy-flags-own").is_err());
    // The Flag's move after a point is ordered against the Dragon's turn: both are needed.
    for line in ["--objective counting-coup", "--dragon", "--objective trophy-hunters --dragon"] {
        let why = duke_config(&format!("{line} --coup-flag-after-dragon")).unwrap_err();
        assert!(why.contains("--coup-flag-after-dragon go with --objective counting-coup and --dragon"), "{why}");
    }
}

#[test]
fn a_round_type_switch_without_its_round_type_is_refused() {
    for &(flag, round_type) in CROWN_NEEDS {
        let why = crown_config(flag).unwrap_err();
        let name = flag.split(' ').next().unwrap_or(flag);
        assert!(why.contains(name) && why.contains("go with --round-types"), "{flag}: {why}");
        assert!(
            why.contains(&format!("naming {round_type}")) || why.contains(&format!("or {round_type}")),
            "{flag}: {why}"
        );
        // Dealt (among others) or in a sequence, the round type makes the switch count.
        crown_config(&format!("--round-types normal,{round_type} {flag}")).unwrap_or_else(|e| panic!("{flag}: {e}"));
        crown_config(&format!("--round-sequence {round_type},normal {flag}")).unwrap_or_else(|e| panic!("{flag}: {e}"));
        // Another round type does not.
        assert!(crown_config(&format!("--round-types normal,blind {flag}")).is_err(), "{flag}");
    }
}

#[test]
fn each_crown_battles_switch_reaches_the_config_alone() {
    let base = crown_config("").unwrap();
    for (flag, needs, set) in crown_rows() {
        assert!(!set(&base), "--{flag} is on by default");
        let config = crown_config(&format!("{needs} --{flag}")).unwrap_or_else(|e| panic!("--{flag}: {e}"));
        for (other, _, other_set) in crown_rows() {
            assert_eq!(other_set(&config), other == flag, "--{flag} and --{other}");
        }
        let why = SimulateArgs::parse(args(&format!("--game theduke --{flag}"))).unwrap_err().to_string();
        assert!(why.contains(&format!("--{flag} does not apply to The Duke")), "{why}");
    }
}

#[test]
fn crown_battles_valued_flags_reach_the_config() {
    use crownbattles_rules::{LeakChoice, PrecisionTeamDouble, Shields, Timing};
    assert_eq!(crown_config("").unwrap().precision_team_double, PrecisionTeamDouble::OneMember);
    for (name, option, rule) in [
        ("one-member", PrecisionTeamDoubleName::OneMember, PrecisionTeamDouble::OneMember),
        ("per-suit", PrecisionTeamDoubleName::PerSuit, PrecisionTeamDouble::PerSuit),
        ("one-bid", PrecisionTeamDoubleName::OneBid, PrecisionTeamDouble::OneBid),
    ] {
        let parsed = SimulateArgs::parse(args(&format!("--game crownbattles --precision-team-double {name}"))).unwrap();
        assert_eq!(parsed.options.precision_team_double, Some(option));
        assert_eq!(parsed.options.flags(), [format!("--precision-team-double {name}")]);
        assert_eq!(
            crown_config(&format!("--round-types precision-alliances,normal --precision-team-double {name}"))
                .unwrap()
                .precision_team_double,
            rule
        );
    }
    let why = crown_config("--precision-team-double both").unwrap_err();
    assert!(
        why.contains("'both' for '--precision-team-double <NAME>': expected one of one-member, per-suit, one-bid"),
        "{why}"
    );
    let cases = [
        ("simultaneous", LeakChoiceName::Simultaneous, LeakChoice::Simultaneous),
        ("clockwise", LeakChoiceName::Clockwise, LeakChoice::Clockwise),
        ("dealer", LeakChoiceName::Dealer, LeakChoice::Dealer),
        ("spinner", LeakChoiceName::Spinner, LeakChoice::Spinner),
        ("neighbour", LeakChoiceName::Neighbour, LeakChoice::Neighbour),
    ];
    for (name, option, rule) in cases {
        let parsed = SimulateArgs::parse(args(&format!("--game crownbattles --leak-choice={name}"))).unwrap();
        assert_eq!(parsed.options.leak_choice, Some(option));
        assert_eq!(parsed.options.flags(), [format!("--leak-choice {name}")]);
        assert_eq!(
            crown_config(&format!("--round-types leaked,normal --leak-choice {name}")).unwrap().leak_choice,
            rule
        );
    }
    let why = SimulateArgs::parse(args("--game crownbattles --leak-choice nobody")).unwrap_err().to_string();
    assert!(why.contains("'nobody' for '--leak-choice <NAME>': expected one of simultaneous, clockwise"), "{why}");
    for (name, option, rule) in [
        ("off", ShieldsName::Off, Shields::Off),
        ("round", ShieldsName::Round, Shields::Round),
        ("game", ShieldsName::Game, Shields::Game),
    ] {
        let parsed = PlayArgs::parse(args(&format!("--game crownbattles --shields {name}"))).unwrap();
        assert_eq!(parsed.options.shields, Some(option));
        assert_eq!(crown_config(&format!("--shields {name}")).unwrap().shields, rule);
    }
    assert_eq!(crown_config("").unwrap().witch_step, 5);
    assert_eq!(crown_config("--witch-step 10").unwrap().witch_step, 10);
    assert!(crown_config("--witch-step 7").is_err());
    assert!(crown_config("--witch-step ten").unwrap_err().contains("expected 5 or 10"));
    let timings = crown_config("--end-of-trick alchemist,witch").unwrap().timings;
    assert_eq!((timings.alchemist, timings.witch), (Timing::EndOfTrick, Timing::EndOfTrick));
    assert_eq!((timings.bishop, timings.jester), (Timing::Immediate, Timing::Immediate));
    let timings = crown_config("--end-of-trick bishop,jester").unwrap().timings;
    assert_eq!(
        (timings.bishop, timings.jester, timings.alchemist),
        (Timing::EndOfTrick, Timing::EndOfTrick, Timing::Immediate)
    );
    assert!(
        crown_config("--end-of-trick thief").unwrap_err().contains("expected one of alchemist, bishop, jester, witch")
    );
    assert_eq!(crown_config("--round-types missions,normal --mission-choices 3").unwrap().missions.choices, 3);
    assert!(crown_config("--mission-choices 0").is_err());
    // The Duke refuses them all.
    for line in [
        "--precision-team-double per-suit",
        "--leak-choice dealer",
        "--shields off",
        "--witch-step 10",
        "--end-of-trick witch",
        "--mission-choices 2",
    ] {
        let why = SimulateArgs::parse(args(&format!("--game theduke {line}"))).unwrap_err().to_string();
        assert!(why.contains(&format!("{line} does not apply to The Duke")), "{why}");
    }
}

#[test]
fn mission_choices_out_of_range_name_the_flag_and_the_range() {
    // A choice count out of range names the flag, what was given and what is allowed, not
    // the size of a mission catalogue (issue #25).
    let max = crownbattles_rules::MAX_MISSIONS;
    for bad in [0, max + 1] {
        let why = crown_config(&format!("--round-types missions --mission-choices {bad}")).unwrap_err();
        assert!(why.contains(&format!("--mission-choices {bad}: expected 1 to {max} missions offered")), "{why}");
        assert!(!why.contains("catalogue"), "{why}");
    }
    assert_eq!(
        crown_config(&format!("--round-types missions --mission-choices {max}")).unwrap().missions.choices as usize,
        max
    );
}

#[test]
fn the_suit_precision_alliances_readings_play_a_game() {
    let line = "--round-sequence precision-alliances,normal --players 4 --precision-team-double one-bid \
                --precision-solo-doubled";
    let parsed = SimulateArgs::parse(args(&format!("--game crownbattles {line}"))).unwrap();
    let config = CrownBattles::config_with(parsed.players, &parsed.options).unwrap();
    assert!(
        config.precision_team_double == crownbattles_rules::PrecisionTeamDouble::OneBid
            && config.precision_solo_doubled
    );
    let bots = [duke_examples::bots::BotSpec::Greedy, duke_examples::bots::BotSpec::Random];
    let (summary, _) =
        duke_examples::simulate::run::<CrownBattles>(parsed.players, &parsed.options, 2, 3, &bots, |_| {}).unwrap();
    assert_eq!(summary.games, 2);
}

#[test]
fn every_switch_has_a_test_here_and_a_line_in_the_readme() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let duke = duke_rows();
    let crown = crown_rows();
    for &flag in SWITCHES {
        let tested = TESTED_ELSEWHERE.contains(&flag)
            || OTHER_GAMES.contains(&flag)
            || duke.iter().any(|&(f, _, _)| f == flag)
            || crown.iter().any(|&(f, _, _)| f == flag);
        assert!(tested, "--{flag} has no test");
        assert!(readme.contains(&format!("`--{flag}")), "the README does not list --{flag}");
        assert!(SimulateArgs::usage().contains(&format!("--{flag}")), "the usage does not list --{flag}");
        let mut options = GameOptions::default();
        *options.switch_mut(flag).unwrap() = true;
        assert_eq!(options.flags(), [format!("--{flag}")]);
    }
    for flag in [
        "--precision-team-double",
        "--leak-choice",
        "--shields",
        "--witch-step",
        "--end-of-trick",
        "--mission-choices",
        "--scoring",
        "--ace",
        "--rounds",
    ] {
        assert!(readme.contains(&format!("`{flag}")), "the README does not list {flag}");
        assert!(SimulateArgs::usage().contains(flag), "the usage does not list {flag}");
    }
}

#[test]
fn archduke_flags_reach_the_config() {
    use archduke_rules::{ActionTrigger, CallerPenalty, Mark, Scoring};
    let base = archduke_config("").unwrap();
    assert_eq!(
        (base.action_trigger, base.caller_penalty, base.scoring),
        (ActionTrigger::GridOnly, CallerPenalty::OnlyIfBeaten, Scoring::Tokens { rounds: 4 })
    );
    assert_eq!(archduke_config("--any-discard").unwrap().action_trigger, ActionTrigger::AnyDiscard);
    let config = archduke_config("--caller-penalty-on-tie").unwrap();
    assert_eq!(
        (config.caller_penalty, config.action_trigger),
        (CallerPenalty::UnlessStrictlyLowest, ActionTrigger::GridOnly)
    );
    let cases = [
        ("tokens:8", Scoring::Tokens { rounds: 8 }),
        ("battle-royal", Scoring::BattleRoyal),
        ("eliminate-at:100", Scoring::Points { mark: Mark::EliminateAt { threshold: 100 } }),
        ("eliminate-to-three:80", Scoring::Points { mark: Mark::EliminateToThree { threshold: 80 } }),
        ("first-to:100", Scoring::Points { mark: Mark::FirstTo { threshold: 100 } }),
        ("rounds:6", Scoring::Points { mark: Mark::Rounds { rounds: 6 } }),
    ];
    for (spec, scoring) in cases {
        assert_eq!(archduke_config(&format!("--scoring {spec}")).unwrap().scoring, scoring, "{spec}");
    }
    // The online rules as flags, with two decks for 8 players.
    let online = archduke_config("--players 8 --any-discard --caller-penalty-on-tie --scoring first-to:100").unwrap();
    let mut rule_set = archduke_rules::RuleSet::Online.config(8);
    rule_set.turn_limit = base.turn_limit;
    assert_eq!(online, rule_set);
    for wrong in ["tokens", "tokens:0", "battle-royal:2", "first-to:-5", "first-to:x", "points"] {
        assert!(archduke_config(&format!("--scoring {wrong}")).is_err(), "{wrong}");
    }
    let why = archduke_config("--scoring medals").unwrap_err();
    assert!(why.contains("expected one of tokens:N, battle-royal"), "{why}");
    // The other games refuse them, and Archduke refuses theirs.
    let why = SimulateArgs::parse(args("--game dukesup --any-discard")).unwrap_err().to_string();
    assert!(why.contains("--any-discard does not apply to Dukes Up!"), "{why}");
    let why = SimulateArgs::parse(args("--game archduke --count-wins --scoring tokens:8")).unwrap_err().to_string();
    assert!(why.contains("does not apply to Archduke") || why.contains("do not apply to Archduke"), "{why}");
    let why = Archduke::config_with(None, &GameOptions { dragon: true, ..GameOptions::default() }).unwrap_err();
    assert!(why.contains("--dragon does not apply to Archduke"), "{why}");
}

#[test]
fn dukes_up_flags_reach_the_config() {
    use dukesup_rules::{AceRule, MultiRound, Reshuffle};
    let base = dukesup_config("").unwrap();
    assert_eq!(
        (base.ace, base.rounds, base.multi_round, base.reshuffle),
        (AceRule::Low, 1, MultiRound::AddScores, Reshuffle::WhenNeeded)
    );
    for (name, option, rule) in [
        ("low", AceName::Low, AceRule::Low),
        ("high", AceName::High, AceRule::High),
        ("either", AceName::Either, AceRule::LowOrHigh),
        ("around", AceName::Around, AceRule::Around),
    ] {
        let parsed = PlayArgs::parse(args(&format!("--game dukesup --ace {name}"))).unwrap();
        assert_eq!(parsed.options.ace, Some(option));
        assert_eq!(parsed.options.flags(), [format!("--ace {name}")]);
        assert_eq!(dukesup_config(&format!("--ace {name}")).unwrap().ace, rule);
    }
    assert!(
        dukesup_config("--ace middle").unwrap_err().contains("'middle' for '--ace <NAME>': expected one of low, high")
    );
    let config = dukesup_config("--rounds 3 --count-wins").unwrap();
    assert_eq!(
        (config.rounds, config.multi_round, config.reshuffle),
        (3, MultiRound::CountWins, Reshuffle::WhenNeeded)
    );
    assert_eq!(dukesup_config("--reshuffle-at-once").unwrap().reshuffle, Reshuffle::AtOnce);
    assert!(dukesup_config("--rounds 0").is_err());
    assert!(dukesup_config("--rounds 100").is_err());
    let why = SimulateArgs::parse(args("--game theduke --rounds 3")).unwrap_err().to_string();
    assert!(why.contains("--rounds 3 does not apply to The Duke"), "{why}");
}

#[test]
fn bots_play_archduke_and_dukes_up_with_their_options() {
    let bots = [duke_examples::bots::BotSpec::Greedy, duke_examples::bots::BotSpec::Random];
    let archduke =
        SimulateArgs::parse(args("--game archduke --players 3 --any-discard --scoring battle-royal")).unwrap();
    let (summary, _) =
        duke_examples::simulate::run::<Archduke>(archduke.players, &archduke.options, 2, 5, &bots, |_| {}).unwrap();
    assert_eq!(summary.games, 2);
    let dukesup = SimulateArgs::parse(args("--game dukesup --ace around --rounds 2 --count-wins")).unwrap();
    let (summary, _) =
        duke_examples::simulate::run::<DukesUp>(dukesup.players, &dukesup.options, 2, 5, &bots, |_| {}).unwrap();
    assert_eq!(summary.games, 2);
}

/// The words of a text (letters, digits and `-`), to find a value as a whole word.
fn words(text: &str) -> std::collections::BTreeSet<&str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).collect()
}

fn names<T: Named>() -> Vec<&'static str> {
    T::NAMES.iter().map(|&(name, _)| name).collect()
}

#[test]
fn the_help_lists_every_round_type() {
    // `play --help` used to leave out precision-alliances (issue #25).
    for usage in [PlayArgs::usage(), SimulateArgs::usage()] {
        let words = words(&usage);
        for round in crownbattles_rules::RoundType::ALL {
            assert!(words.contains(&round.short()), "the help does not list the round type {}", round.short());
            assert_eq!(round.short().parse::<crownbattles_rules::RoundType>(), Ok(round));
        }
    }
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for round in crownbattles_rules::RoundType::ALL {
        assert!(readme.contains(&format!("`{}`", round.short())), "the README does not list {}", round.short());
    }
}

#[test]
fn the_help_lists_every_value_the_parsers_accept() {
    for usage in [PlayArgs::usage(), SimulateArgs::usage()] {
        let words = words(&usage);
        for &(_, name) in GameId::NAMES {
            assert!(words.contains(&name), "the help does not list the game {name}");
        }
        for objective in DukeObjective::ALL {
            assert!(words.contains(&objective.name()), "{}", objective.name());
            assert_eq!(DukeObjective::parse(objective.name()), Ok(Some(objective)));
        }
        assert!(usage.contains(&format!("--leak-choice {}", names::<LeakChoiceName>().join("|"))), "{usage}");
        let doubles = names::<PrecisionTeamDoubleName>().join("|");
        assert!(usage.contains(&format!("--precision-team-double {doubles}")), "{usage}");
        assert!(usage.contains(&format!("--shields {}", names::<ShieldsName>().join("|"))), "{usage}");
        assert!(usage.contains(&format!("--ace {}", names::<AceName>().join("|"))), "{usage}");
        let steps: Vec<String> = WITCH_STEPS.iter().map(u8::to_string).collect();
        assert!(usage.contains(&format!("--witch-step {}", steps.join("|"))), "{usage}");
        assert!(usage.contains(&END_OF_TRICK_CARDS.join(",")), "{usage}");
        assert!(usage.contains(&format!("--scoring {}", SCORING_FORMS.join("|"))), "{usage}");
    }
    assert!(words(&SimulateArgs::usage()).contains(&"all"));
    // The values listed are the values accepted, and no others.
    for step in 0..=20u8 {
        let accepted = crown_config(&format!("--witch-step {step}")).is_ok();
        assert_eq!(accepted, WITCH_STEPS.contains(&step), "--witch-step {step}");
    }
    for name in END_OF_TRICK_CARDS {
        crown_config(&format!("--end-of-trick {name}")).unwrap();
    }
    for form in SCORING_FORMS {
        let spec = form.replace('N', "4");
        archduke_config(&format!("--scoring {spec}")).unwrap();
    }
    for name in names::<AceName>() {
        dukesup_config(&format!("--ace {name}")).unwrap();
    }
    for name in names::<PrecisionTeamDoubleName>() {
        crown_config(&format!("--round-types precision-alliances,normal --precision-team-double {name}")).unwrap();
    }
}

#[test]
fn the_usage_tells_the_defaults_the_code_uses() {
    use duke_examples::bots::{DEFAULT_HORIZON, IsmctsSettings};
    let usage = SimulateArgs::usage();
    let ismcts = IsmctsSettings::default();
    for said in [
        format!("--games {} --seed {}", SimulateArgs::DEFAULT_COUNT, SimulateArgs::DEFAULT_SEED),
        format!("ismcts ({} iterations, exploration {})", ismcts.iterations, ismcts.exploration),
        format!("HORIZON actions (default\n{DEFAULT_HORIZON})"),
    ] {
        assert!(usage.contains(&said), "the usage does not say {said:?}");
    }
    let default_bots: Vec<String> = SimulateArgs::default_bots().iter().map(ToString::to_string).collect();
    assert!(usage.contains(&format!("--bots {}.", default_bots.join(","))), "{default_bots:?}");
}
