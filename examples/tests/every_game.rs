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

/// Crown Battles' round types from the command line: the bots play dealt Round Type cards
/// and a fixed sequence without special cases; other games refuse the options.
#[cfg(feature = "crownbattles")]
#[test]
fn crownbattles_plays_round_types_from_the_options() {
    use duke_examples::catalog::CrownBattles;
    let dealt = GameOptions { round_types: Some("blind,normal".into()), ..GameOptions::default() };
    let (summary, record) = run::<CrownBattles>(Some(3), &dealt, 2, 4, &bots(), |_| {}).unwrap();
    assert_eq!(summary.games, 2);
    let json = serde_json::to_string(&record.unwrap()).unwrap();
    assert!(json.contains(r#""deal":["Normal","BlindBidding"]"#), "{json}");
    // Every round of the replay shows its revealed type; blind bids are face down.
    assert!(replay_text(&json).unwrap().contains("the round type is"));
    let sequence = GameOptions { round_sequence: Some("blind".into()), ..GameOptions::default() };
    let (_, record) = run::<CrownBattles>(Some(4), &sequence, 1, 5, &bots(), |_| {}).unwrap();
    let text = replay_text(&serde_json::to_string(&record.unwrap()).unwrap()).unwrap();
    assert!(text.contains("places a bid face down") && !text.contains("the round type is Normal"), "{text}");
    // The Split: the halves are set aside face down, then played in turn.
    let split = GameOptions { round_sequence: Some("split".into()), ..GameOptions::default() };
    let (_, record) = run::<CrownBattles>(Some(3), &split, 1, 6, &bots(), |_| {}).unwrap();
    let text = replay_text(&serde_json::to_string(&record.unwrap()).unwrap()).unwrap();
    assert!(text.contains("sets a card aside face down") && text.contains("the first half is played"), "{text}");
    // Unknown names, types absent in this version and excluded ones are refused.
    // Long Play: two passes per trick, with its options.
    let long = GameOptions {
        round_sequence: Some("long".into()),
        long_play_screw_by_cards: true,
        long_play_first_pass_acts: true,
        ..GameOptions::default()
    };
    let (summary, record) = run::<CrownBattles>(Some(3), &long, 1, 7, &bots(), |_| {}).unwrap();
    assert_eq!(summary.games, 1);
    let json = serde_json::to_string(&record.unwrap()).unwrap();
    assert!(json.contains("long_play_screw_by_cards") && replay_text(&json).is_ok(), "{json}");
    for (players, list) in [(4, "blind,jousting"), (4, "precision-alliances"), (2, "stealth")] {
        let options = GameOptions { round_types: Some(list.into()), ..GameOptions::default() };
        assert!(run::<CrownBattles>(Some(players), &options, 1, 1, &bots(), |_| {}).is_err(), "{list}");
    }
    let both = GameOptions { round_sequence: Some("blind".into()), ..dealt.clone() };
    assert!(run::<CrownBattles>(None, &both, 1, 1, &bots(), |_| {}).is_err());
    let other = run::<duke_examples::catalog::HighCard>(None, &dealt, 1, 1, &bots(), |_| {});
    assert!(other.unwrap_err().to_string().contains("--round-types blind,normal"));
}

/// Crown Battles' Alliances and Missions-Alliances from the command line: the bots form
/// teams, show Secret Notes and play the team rounds, the dealer's teams or random ones.
#[cfg(feature = "crownbattles")]
#[test]
fn crownbattles_plays_alliances_from_the_options() {
    use duke_examples::catalog::CrownBattles;
    let options =
        GameOptions { round_types: Some("alliances,missions-alliances,normal".into()), ..GameOptions::default() };
    let (summary, record) = run::<CrownBattles>(Some(4), &options, 2, 8, &bots(), |_| {}).unwrap();
    assert_eq!(summary.games, 2);
    let text = replay_text(&serde_json::to_string(&record.unwrap()).unwrap()).unwrap();
    assert!(text.contains(" team P") && text.contains("teams:"), "{text}");
    let random = GameOptions {
        round_types: Some("alliances,normal".into()),
        random_teams: true,
        missions_own_points: true,
        ..GameOptions::default()
    };
    let (_, record) = run::<CrownBattles>(Some(5), &random, 1, 9, &bots(), |_| {}).unwrap();
    let json = serde_json::to_string(&record.unwrap()).unwrap();
    assert!(json.contains("team_formation") && json.contains("mission_share"), "{json}");
    // Two players may not play alliances.
    assert!(run::<CrownBattles>(Some(2), &options, 1, 1, &bots(), |_| {}).is_err());
}

/// Crown Battles' Suit Precision from the command line: the bots bid per suit, place their
/// tricks and are scored per suit, with either reading of the options.
#[cfg(feature = "crownbattles")]
#[test]
fn crownbattles_plays_suit_precision_from_the_options() {
    use duke_examples::catalog::CrownBattles;
    let options = GameOptions { round_types: Some("precision,normal".into()), ..GameOptions::default() };
    let (summary, record) = run::<CrownBattles>(Some(4), &options, 2, 8, &bots(), |_| {}).unwrap();
    assert_eq!(summary.games, 2);
    let text = replay_text(&serde_json::to_string(&record.unwrap()).unwrap()).unwrap();
    assert!(text.contains("the round type is Suit Precision"), "{text}");
    let sequence = GameOptions {
        round_sequence: Some("precision".into()),
        precision_peasant_any: true,
        precision_thief_own_bid: true,
        ..GameOptions::default()
    };
    let (_, record) = run::<CrownBattles>(Some(3), &sequence, 1, 9, &bots(), |_| {}).unwrap();
    let json = serde_json::to_string(&record.unwrap()).unwrap();
    assert!(json.contains("precision_thief_own_bid"), "the record carries the options: {json}");
    let text = replay_text(&json).unwrap();
    assert!(text.contains("places the trick under") && text.contains("the suits are scored"), "{text}");
    assert!(text.contains(" bid R") && text.contains(" bid Y"), "{text}");
}

/// Crown Battles' Missions from the command line: the bots choose and play missions from
/// the printed catalogue or a house file, revealed in turn or together, and Blind Missions;
/// bad files are messages.
#[cfg(feature = "crownbattles")]
#[test]
fn crownbattles_plays_wagering_and_duel_fights_from_the_options() {
    use duke_examples::catalog::CrownBattles;
    for (options, players) in [
        (GameOptions { round_types: Some("wagering,duel".into()), extra_wagers: true, ..GameOptions::default() }, 5),
        (
            GameOptions {
                round_sequence: Some("duel,wagering".into()),
                random_duels: true,
                duel_bonus: true,
                duel_misses_to_bank: true,
                wager_bid_points: true,
                ..GameOptions::default()
            },
            4,
        ),
    ] {
        let (summary, record) = run::<CrownBattles>(Some(players), &options, 2, 3, &bots(), |_| {}).unwrap();
        assert_eq!(summary.games, 2);
        let text = replay_text(&serde_json::to_string(&record.unwrap()).unwrap()).unwrap();
        assert!(text.contains("Duel Fights: the groups are") && text.contains("Wagering: "), "{text}");
    }
}

#[test]
fn crownbattles_plays_missions_from_the_options() {
    use duke_examples::catalog::CrownBattles;
    let house = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/house_missions.json");
    let options = GameOptions {
        round_types: Some("missions,blind-missions".into()),
        missions: Some(house),
        ..GameOptions::default()
    };
    let (summary, record) = run::<CrownBattles>(Some(4), &options, 2, 6, &bots(), |_| {}).unwrap();
    assert_eq!(summary.games, 2);
    let json = serde_json::to_string(&record.unwrap()).unwrap();
    assert!(json.contains("trump_over_lead"), "the record carries the catalogue: {json}");
    let text = replay_text(&json).unwrap();
    assert!(text.contains("mission"), "{text}");
    let together =
        GameOptions { round_sequence: Some("missions".into()), missions_simultaneous: true, ..GameOptions::default() };
    let (_, record) = run::<CrownBattles>(Some(3), &together, 1, 7, &bots(), |_| {}).unwrap();
    let text = replay_text(&serde_json::to_string(&record.unwrap()).unwrap()).unwrap();
    assert!(text.contains("chooses a mission face down") && text.contains("missions revealed"), "{text}");
    let dir = std::env::temp_dir().join(format!("missions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"[{"condition": {"at_least": 4}, "points": {"2": "1 2 3"}}]"#).unwrap();
    let refused = GameOptions { missions: Some(bad), ..GameOptions::default() };
    let why = run::<CrownBattles>(Some(4), &refused, 1, 1, &bots(), |_| {}).unwrap_err().to_string();
    assert!(why.contains("--missions") && why.contains("point table row"), "{why}");
    let missing = GameOptions { missions: Some(dir.join("none.json")), ..GameOptions::default() };
    assert!(
        run::<CrownBattles>(Some(4), &missing, 1, 1, &bots(), |_| {}).unwrap_err().to_string().contains("cannot read")
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Crown Battles' Suit Precision-Alliances from the command line: the dealer's teams, bids
/// per suit and placed tricks, the bots playing every step.
#[cfg(feature = "crownbattles")]
#[test]
fn crownbattles_plays_suit_precision_alliances_from_the_options() {
    use duke_examples::catalog::CrownBattles;
    let options = GameOptions { round_types: Some("precision-alliances,normal".into()), ..GameOptions::default() };
    let (summary, record) = run::<CrownBattles>(Some(5), &options, 2, 8, &bots(), |_| {}).unwrap();
    assert_eq!(summary.games, 2);
    let text = replay_text(&serde_json::to_string(&record.unwrap()).unwrap()).unwrap();
    assert!(text.contains(" team P") && text.contains("bid R") && text.contains("suits are scored"), "{text}");
    // Two players may not play alliances.
    assert!(run::<CrownBattles>(Some(2), &options, 1, 1, &bots(), |_| {}).is_err());
}
