//! The three examples' loops on every wired game: simulate, save, replay, play from a script.

use std::collections::BTreeSet;

use duke_core::{Game, Observer, Record, Seat};
use duke_examples::bots::{BotSpec, IsmctsSettings};
use duke_examples::catalog::{Catalogued, GameId};
use duke_examples::cli::PlayArgs;
use duke_examples::interactive::{Ending, play};
use duke_examples::options::GameOptions;
use duke_examples::replay::{ReplayFailure, replay};
use duke_examples::simulate::run;
use duke_examples::with_game;

fn bots() -> Vec<BotSpec> {
    vec![
        BotSpec::Ismcts(IsmctsSettings { iterations: 8, ..IsmctsSettings::default() }),
        BotSpec::Greedy,
        BotSpec::Random,
    ]
}

fn simulated_record<G: Catalogued>(seed: u64) -> Record<G> {
    let (summary, record) = run::<G>(None, &GameOptions::default(), 2, seed, &bots(), |_| {}).unwrap();
    assert_eq!(summary.games, 2);
    assert!(summary.actions > 0);
    let seats: u64 = summary.bots.iter().map(|b| b.seats).sum();
    assert_eq!(seats, 2 * summary.players as u64);
    record.unwrap()
}

fn replay_text(json: &str) -> Result<String, ReplayFailure> {
    replay_text_for(json, Observer::Spectator)
}

fn replay_text_for(json: &str, observer: Observer) -> Result<String, ReplayFailure> {
    let mut out = Vec::new();
    replay(json, observer, &mut out, || {})?;
    Ok(String::from_utf8(out).unwrap())
}

fn saved_records_replay<G: Catalogued>() {
    let record = simulated_record::<G>(3);
    let json = serde_json::to_string(&record).unwrap();
    let text = replay_text(&json).unwrap();
    let own = replay_text_for(&json, Observer::Seat(Seat(0))).unwrap();
    assert!(text.starts_with(G::NAME), "{text}");
    // Every step shows its action as the observer saw it: redacted for the spectator, in
    // full for the seat's own actions.
    let mut state = record.start().unwrap();
    for (i, step) in record.steps.iter().enumerate() {
        let public = state.notation_for(step.seat, step.action, Observer::Spectator);
        assert!(text.contains(&format!("step {i}:\n  {public}\n")), "{}: step {i} missing:\n{text}", G::NAME);
        if step.seat == Seat(0) {
            assert!(own.contains(&format!(
                "step {i}:\n  {}",
                state.notation_for(step.seat, step.action, Observer::Seat(Seat(0)))
            )));
        }
        state.apply(step.seat, step.action).unwrap();
    }
    assert!(text.contains("Game over.") && own.contains("as seen by P0"));
    assert!(replay_text_for(&json, Observer::Seat(Seat(16))).unwrap_err().to_string().contains("--seat 16"));
    // A step by a seat that may not act is refused, and the error names the step.
    let mut state = record.start().unwrap();
    let seats = state.seat_count();
    let mut tampered = None;
    for (i, step) in record.steps.iter().enumerate() {
        let idle = (0..seats as u8).map(Seat).find(|&s| !state.to_act().contains(s));
        if let Some(idle) = idle {
            let mut bad = record.clone();
            bad.steps[i].seat = idle;
            tampered = Some((i, bad));
            break;
        }
        state.apply(step.seat, step.action).unwrap();
    }
    let (index, bad) = tampered.expect("some state has a seat that may not act");
    let error = replay_text(&serde_json::to_string(&bad).unwrap()).unwrap_err();
    assert!(matches!(error, ReplayFailure::Step(_)));
    assert!(error.to_string().starts_with(&format!("step {index} ")), "{error}");
    // Malformed files are refused with a message, never a panic.
    for broken in [&json[..json.len() / 2], "{}", "[1, 2]", "{\"game\": \"chess\"}"] {
        assert!(replay_text(broken).is_err());
    }
    let unreadable_step = json.replacen("\"steps\":[{", "\"steps\":[{\"action\":17,\"seat\":0},{", 1);
    let error = replay_text(&unreadable_step).unwrap_err();
    assert!(error.to_string().starts_with("step 0 does not read"), "{error}");
}

fn play_args(game: GameId) -> PlayArgs {
    PlayArgs {
        game,
        players: None,
        seat: 0,
        seed: Some(1),
        bots: vec![BotSpec::Random],
        save_record: None,
        options: GameOptions::default(),
    }
}

fn scripted_play_finishes<G: Catalogued>(id: GameId) {
    let mut script = String::from("help\nview\nno-such-action\n0\n\n");
    // `wait` is taken when others may act too, and refused (then `1` acts) otherwise.
    script.push_str(&"wait\n1\n".repeat(G::max_actions(&G::config_for(None).unwrap()).min(100_000) as usize));
    let mut out = Vec::new();
    let (ending, record) = play::<G>(&play_args(id), 5, &mut script.as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(ending, Ending::Finished, "{text}");
    assert!(text.contains("commands:") && text.contains("there is no action number 0"), "{text}");
    // `help` explains the game's notation; an answer that does not read is answered with
    // examples of the legal actions, not with a pointer to the crate docs.
    assert!(text.contains(G::NOTATION), "{text}");
    assert!(text.contains("e.g. `"), "{text}");
    assert!(!text.contains("crate docs"), "{text}");
    assert!(!text.contains("Your legal actions:\n\n"), "{text}");
    assert!(text.contains("Game over."));
    assert!(record.replay().unwrap().is_over());
    assert!(record.steps.iter().any(|s| s.seat == Seat(0)));

    let mut out = Vec::new();
    let (ending, _) = play::<G>(&play_args(id), 5, &mut "quit\n".as_bytes(), &mut out).unwrap();
    assert!(ending == Ending::Quit || String::from_utf8_lossy(&out).contains("Game over."));
    let (ending, record) = play::<G>(&play_args(id), 5, &mut "".as_bytes(), &mut Vec::new()).unwrap();
    assert!(ending == Ending::EndOfInput || record.replay().unwrap().is_over());
    let mut bad_seat = play_args(id);
    bad_seat.seat = 16;
    assert!(play::<G>(&bad_seat, 5, &mut "".as_bytes(), &mut Vec::new()).is_err());
}

#[test]
fn every_game_simulates_saves_and_replays() {
    for &(id, _) in GameId::NAMES {
        with_game!(id, G => saved_records_replay::<G>());
    }
}

#[test]
fn every_game_is_playable_from_the_terminal() {
    for &(id, _) in GameId::NAMES {
        with_game!(id, G => scripted_play_finishes::<G>(id));
    }
}

#[test]
fn simulation_is_reproducible_on_every_game() {
    for &(id, _) in GameId::NAMES {
        with_game!(id, G => assert_eq!(simulated_record::<G>(8), simulated_record::<G>(8)));
    }
}

/// In Archduke's matching window everyone may act; when all wait, the next player (whose
/// draw closes the window) is the one made to act, not a player forced to try a match.
#[cfg(feature = "archduke")]
#[test]
fn when_everyone_waits_the_seat_that_ends_the_window_acts() {
    use duke_examples::driver::Table;
    let config = duke_examples::catalog::Archduke::config_for(None).unwrap();
    let mut windows = 0;
    for seed in 0..5 {
        let mut table = Table::<duke_examples::catalog::Archduke>::new(&config, seed).unwrap();
        let mut bot = BotSpec::Random.build::<duke_examples::catalog::Archduke>(seed);
        for _ in 0..300 {
            let order = table.asking_order();
            if order.is_empty() {
                break;
            }
            let drawers: Vec<Seat> = order
                .iter()
                .copied()
                .filter(|&s| table.legal_actions(s).iter().any(|a| a.to_string() == "draw"))
                .collect();
            if order.len() > 1 && !drawers.is_empty() {
                windows += 1;
                assert!(drawers.contains(&table.seat_to_force(&order).unwrap()));
            }
            table.ask_bot(order[0], bot.as_mut(), false).unwrap();
        }
    }
    assert!(windows > 10, "only {windows} matching windows seen");
}

/// Words a seat could only have read in another seat's view: shown in some other seat's
/// view at some step of the game, never in `me`'s view (nor the spectator's, nor an
/// action `me` could take). Bare numbers are left out (counts and scores show everywhere).
fn hidden_words<G: Game>(record: &Record<G>, me: Seat) -> BTreeSet<String> {
    let words = |text: String| -> BTreeSet<String> {
        text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_owned).collect()
    };
    let mut others = BTreeSet::new();
    let mut mine = BTreeSet::new();
    let mut actions = Vec::new();
    let mut visit = |state: &G| {
        for seat in (0..state.seat_count() as u8).map(Seat) {
            let text = state.view(Observer::Seat(seat)).to_string();
            if seat == me {
                mine.extend(words(text));
                state.legal_actions(me, &mut actions);
                mine.extend(actions.iter().flat_map(|a| words(a.to_string())));
            } else {
                others.extend(words(text));
            }
        }
        mine.extend(words(state.view(Observer::Spectator).to_string()));
    };
    visit(&record.start().unwrap());
    record.replay_with(|_, _, state| visit(state)).unwrap();
    others.difference(&mine).filter(|w| !w.chars().all(|c| c.is_ascii_digit())).cloned().collect()
}

/// `play` prints the events the human's seat saw and nothing it may not see: no word that
/// only another seat's view ever showed (its hidden cards or tiles) appears in the
/// human's output, whatever the bots do; and the events (trick winners, captures, round
/// ends) are printed.
fn play_shows_only_what_the_human_saw<G: Catalogued>(id: GameId) {
    for (seed, seat) in [(3u64, 1u8), (4, 0), (5, 1)] {
        let args = PlayArgs { seat, bots: bots(), ..play_args(id) };
        let script = "wait\n1\n".repeat(G::max_actions(&G::config_for(None).unwrap()).min(100_000) as usize);
        let mut out = Vec::new();
        let (ending, record) = play::<G>(&args, seed, &mut script.as_bytes(), &mut out).unwrap();
        assert_eq!(ending, Ending::Finished);
        let text = String::from_utf8(out).unwrap();
        let hidden = hidden_words(&record, Seat(seat));
        let printed: BTreeSet<&str> = text.split(|c: char| !c.is_ascii_alphanumeric()).collect();
        let leaked: Vec<&String> = hidden.iter().filter(|w| printed.contains(w.as_str())).collect();
        assert!(leaked.is_empty(), "{}: seed {seed}, P{seat}'s output shows {leaked:?}, seen only by others", G::NAME);
        // Every event of the human's log is printed, in order.
        let mut state = record.start().unwrap();
        let mut events = Vec::new();
        let mut rest = text.as_str();
        for step in &record.steps {
            let before = state.clone();
            state.apply(step.seat, step.action).unwrap();
            G::events(&before, step.seat, step.action, &state, Observer::Seat(Seat(seat)), &mut events);
            for event in &events {
                let line = format!("  {event}\n");
                let at = rest.find(&line).unwrap_or_else(|| panic!("{}: event {line:?} not printed in order", G::NAME));
                rest = &rest[at + line.len()..];
            }
        }
    }
}

#[test]
fn play_never_shows_what_the_human_may_not_see() {
    for &(id, _) in GameId::NAMES {
        with_game!(id, G => play_shows_only_what_the_human_saw::<G>(id));
    }
}

/// The leak that motivated the event contract: in Dukes Up! the bot's face-down discard
/// used to be printed to the human (`P0 plays discard 3C`) while the human's view showed
/// the pile as `[??]`. Now the human reads the redacted event.
#[cfg(feature = "dukesup")]
#[test]
fn play_does_not_show_a_bots_face_down_discard() {
    type D = duke_examples::catalog::DukesUp;
    let args = PlayArgs { seat: 1, ..play_args(GameId::DukesUp) };
    let script = "1\n".repeat(3000);
    let mut out = Vec::new();
    let (_, record) = play::<D>(&args, 3, &mut script.as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let mut state = record.start().unwrap();
    let mut discards = 0;
    for step in &record.steps {
        let full = step.action.to_string();
        if step.seat == Seat(0) && full.starts_with("discard") {
            discards += 1;
            assert!(!text.contains(&full), "P0's {full} is printed to P1");
            let redacted = state.notation_for(step.seat, step.action, Observer::Seat(Seat(1)));
            assert!(text.contains(&redacted), "{redacted:?} missing");
        }
        state.apply(step.seat, step.action).unwrap();
    }
    assert!(discards > 0);
}

/// One bot run of Crown Battles from the command line's options.
#[cfg(feature = "crownbattles")]
struct RoundTypeRun {
    /// The round types it plays, as a failure's message names them.
    round_type: &'static str,
    options: GameOptions,
    /// Players, games and the seed.
    players: u8,
    games: u64,
    seed: u64,
    /// What the saved record shows (the dealt types, the options).
    record_shows: &'static [&'static str],
    /// What its replay shows.
    replay_shows: &'static [&'static str],
    /// What its replay never shows.
    replay_hides: &'static [&'static str],
}

#[cfg(feature = "crownbattles")]
impl RoundTypeRun {
    fn new(round_type: &'static str, options: GameOptions, (players, games, seed): (u8, u64, u64)) -> Self {
        RoundTypeRun {
            round_type,
            options,
            players,
            games,
            seed,
            record_shows: &[],
            replay_shows: &[],
            replay_hides: &[],
        }
    }
    fn record(self, record_shows: &'static [&'static str]) -> Self {
        RoundTypeRun { record_shows, ..self }
    }
    fn replay(self, replay_shows: &'static [&'static str]) -> Self {
        RoundTypeRun { replay_shows, ..self }
    }
    fn not_in_replay(self, replay_hides: &'static [&'static str]) -> Self {
        RoundTypeRun { replay_hides, ..self }
    }
}

/// `--round-types list`: Round Type cards dealt from these.
#[cfg(feature = "crownbattles")]
fn types(list: &str) -> GameOptions {
    GameOptions { round_types: Some(list.into()), ..GameOptions::default() }
}

/// `--round-sequence list`: these round types in turn.
#[cfg(feature = "crownbattles")]
fn sequence(list: &str) -> GameOptions {
    GameOptions { round_sequence: Some(list.into()), ..GameOptions::default() }
}

/// Every round type the command line offers, dealt from Round Type cards or in a fixed
/// sequence, with the options of each.
#[cfg(feature = "crownbattles")]
fn round_type_runs() -> Vec<RoundTypeRun> {
    let house = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/house_missions.json");
    let run = RoundTypeRun::new;
    vec![
        // Dealt Round Type cards: every round shows its revealed type.
        run("Blind Bidding, dealt", types("blind,normal"), (3, 2, 4))
            .record(&[r#""deal":["Normal","BlindBidding"]"#])
            .replay(&["the round type is"]),
        // A fixed sequence: blind bids are face down, no type is revealed.
        run("Blind Bidding, in sequence", sequence("blind"), (4, 1, 5))
            .replay(&["places a bid face down"])
            .not_in_replay(&["the round type is Normal"]),
        // The halves are set aside face down, then played in turn.
        run("The Split", sequence("split"), (3, 1, 6))
            .replay(&["sets a card aside face down", "the first half is played"]),
        // Two passes per trick, with its options.
        run(
            "Long Play",
            GameOptions { long_play_screw_by_tricks: true, long_play_first_pass_acts: true, ..sequence("long") },
            (3, 1, 7),
        )
        // The record carries both options, neither of them the default.
        .record(&["long_play_screw_by_tricks", "long_play_first_pass_acts"]),
        // The bots form teams, show Secret Notes and play the team rounds, the dealer's teams
        // or random ones.
        run("Alliances and Missions-Alliances", types("alliances,missions-alliances,normal"), (4, 2, 8))
            .replay(&[" team P", "teams:"]),
        run(
            "Alliances, random teams",
            GameOptions {
                random_teams: true,
                missions_own_points: true,
                ..types("alliances,missions-alliances,normal")
            },
            (5, 1, 9),
        )
        .record(&["team_formation", "mission_share"]),
        // The bots bid per suit, place their tricks and are scored per suit, with either
        // reading of the options.
        run("Suit Precision, dealt", types("precision,normal"), (4, 2, 8))
            .replay(&["the round type is Suit Precision"]),
        run(
            "Suit Precision, in sequence",
            GameOptions { precision_peasant_any: true, precision_thief_own_bid: true, ..sequence("precision") },
            (3, 1, 9),
        )
        .record(&["precision_thief_own_bid"])
        .replay(&["places the trick under", "the suits are scored", " bid R", " bid Y"]),
        // The dealer's teams, bids per suit and placed tricks.
        run("Suit Precision-Alliances", types("precision-alliances,normal"), (5, 2, 8)).replay(&[
            " team P",
            "bid R",
            "suits are scored",
        ]),
        run("Wagering and Duel Fights, dealt", GameOptions { extra_wagers: true, ..types("wagering,duel") }, (5, 2, 3))
            .replay(&["Duel Fights: the groups are", "Wagering: "]),
        run(
            "Duel Fights and Wagering, in sequence",
            GameOptions {
                random_duels: true,
                duel_bonus: true,
                duel_misses_to_bank: true,
                wager_bid_points: true,
                ..sequence("duel,wagering")
            },
            (4, 2, 3),
        )
        .replay(&["Duel Fights: the groups are", "Wagering: "]),
        // Missions from a house file and Blind Missions; chosen together (as printed, the
        // default) or in turn, each revealed at once.
        run(
            "Missions and Blind Missions",
            GameOptions { missions: Some(house), ..types("missions,blind-missions") },
            (4, 2, 6),
        )
        .record(&["trump_over_lead"])
        .replay(&["mission"]),
        run("Missions, chosen together", sequence("missions"), (3, 1, 7))
            .replay(&["chooses a mission face down", "missions revealed"]),
        run("Missions, chosen in turn", GameOptions { missions_in_turn: true, ..sequence("missions") }, (3, 1, 7))
            .record(&["InTurn"])
            .not_in_replay(&["chooses a mission face down"]),
    ]
}

/// Crown Battles' round types from the command line: the bots play each without special
/// cases; the saved record carries the options and replays, showing each type's steps.
#[cfg(feature = "crownbattles")]
#[test]
fn crownbattles_plays_every_round_type_from_the_options() {
    use duke_examples::catalog::CrownBattles;
    for case in round_type_runs() {
        let RoundTypeRun { round_type, options, players, games, seed, record_shows, replay_shows, replay_hides } = case;
        let (summary, record) = run::<CrownBattles>(Some(players), &options, games, seed, &bots(), |_| {})
            .unwrap_or_else(|e| panic!("{round_type}: {e}"));
        assert_eq!(summary.games, games, "{round_type}");
        let json = serde_json::to_string(&record.unwrap()).unwrap();
        let text = replay_text(&json).unwrap_or_else(|e| panic!("{round_type}: the record does not replay: {e}"));
        for word in record_shows {
            assert!(json.contains(word), "{round_type}: the record does not show {word:?}: {json}");
        }
        for word in replay_shows {
            assert!(text.contains(word), "{round_type}: the replay does not show {word:?}: {text}");
        }
        for word in replay_hides {
            assert!(!text.contains(word), "{round_type}: the replay shows {word:?}: {text}");
        }
    }
}

/// Crown Battles' round-type options that do not fit are refused with a message naming
/// what is wrong: unknown names, types absent in this version and excluded ones, both a
/// deal and a sequence, alliances for two players, bad mission files; other games refuse
/// the options.
#[cfg(feature = "crownbattles")]
#[test]
fn crownbattles_refuses_round_type_options_that_do_not_fit() {
    use duke_examples::catalog::CrownBattles;
    let dir = std::env::temp_dir().join(format!("missions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"[{"condition": {"at_least": 4}, "points": {"2": "1 2 3"}}]"#).unwrap();
    let dealt = types("blind,normal");
    let refusals: [(&str, Option<u8>, GameOptions, &[&str]); 8] = [
        ("Blind Bidding and Jousting", Some(4), types("blind,jousting"), &[]),
        ("Suit Precision-Alliances alone", Some(4), types("precision-alliances"), &[]),
        ("Stealth Play", Some(2), types("stealth"), &[]),
        (
            "a deal and a sequence",
            None,
            GameOptions { round_types: dealt.round_types.clone(), ..sequence("blind") },
            &[],
        ),
        ("Alliances, 2 players", Some(2), types("alliances,missions-alliances,normal"), &[]),
        ("Suit Precision-Alliances, 2 players", Some(2), types("precision-alliances,normal"), &[]),
        (
            "Missions from a bad file",
            Some(4),
            GameOptions { missions: Some(bad), ..GameOptions::default() },
            &["--missions", "point table row"],
        ),
        (
            "Missions from a missing file",
            Some(4),
            GameOptions { missions: Some(dir.join("none.json")), ..GameOptions::default() },
            &["cannot read"],
        ),
    ];
    for (round_type, players, options, words) in refusals {
        let why = match run::<CrownBattles>(players, &options, 1, 1, &bots(), |_| {}) {
            Ok(_) => panic!("{round_type}: not refused"),
            Err(why) => why.to_string(),
        };
        for word in words {
            assert!(why.contains(word), "{round_type}: {why:?} does not say {word:?}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    let other = run::<duke_examples::catalog::HighCard>(None, &dealt, 1, 1, &bots(), |_| {});
    assert!(other.unwrap_err().to_string().contains("--round-types blind,normal"));
}

/// Every example in a game's notation help reads as an action of the game.
#[cfg(all(feature = "theduke", feature = "archduke", feature = "dukesup", feature = "crownbattles"))]
fn notation_examples_read<G: Catalogued>(examples: &[&str]) {
    for example in examples {
        assert!(G::NOTATION.contains(example), "{}: the help does not show {example:?}", G::NAME);
        assert!(example.parse::<G::Action>().is_ok(), "{}: {example:?} does not read", G::NAME);
    }
}

#[cfg(all(feature = "theduke", feature = "archduke", feature = "dukesup", feature = "crownbattles"))]
#[test]
fn the_notation_help_of_every_game_shows_actions_that_read() {
    use duke_examples::catalog::{Archduke, CrownBattles, DukesUp, ExpandedDuke, HighCard, TheDuke};
    let duke = ["duke c1", "footman b1", "c2-c4", "c2*d4", "d1:c2-c3", "draw", "place d2"];
    notation_examples_read::<TheDuke>(&duke);
    notation_examples_read::<ExpandedDuke>(&duke);
    notation_examples_read::<ExpandedDuke>(&["summon c2-c3", "divine c2"]);
    notation_examples_read::<Archduke>(&[
        "look a1 b2",
        "draw",
        "keep a2",
        "discard",
        "take b1",
        "match a1",
        "peek P1:a2",
        "swap P0:a1 P2:b2",
        "give P3",
        "pass",
        "archduke",
        "end",
    ]);
    // Dukes Up!'s draws were never explained (issue #25): `draw 0`, `draw 2`, from the
    // discard pile.
    notation_examples_read::<DukesUp>(&[
        "castle QS dukes 3C 7S",
        "draw 2",
        "draw 1 discards",
        "draw 0",
        "play 7H",
        "pickup 3C",
        "swap 3C 9S",
        "duke 9S",
        "discard 7H",
        "discard 7H 8H",
        "bury",
        "discard table 7S",
        "end",
    ]);
    assert!(DukesUp::NOTATION.contains("draw 0                draw nothing"));
    notation_examples_read::<CrownBattles>(&[
        "trump R",
        "trump X",
        "shield",
        "bid 3",
        "bid 2-3",
        "play R12",
        "play double-faced:golem",
        "look P2",
        "lead P1",
        "swap P0 P2",
        "jest +1",
        "pass left",
        "give R3",
        "trade R3 P2",
        "steal P1",
        "hex P1",
        "keep",
        "aside R12",
        "smuggle R7",
    ]);
    notation_examples_read::<HighCard>(&["keep", "redraw"]);
}
