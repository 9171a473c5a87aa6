//! The three examples' loops on every wired game: simulate, save, replay, play from a script.

use duke_core::{Record, Seat};
use duke_examples::bots::{BotSpec, IsmctsSettings};
use duke_examples::catalog::{Catalogued, GameId};
use duke_examples::cli::PlayArgs;
use duke_examples::interactive::{Ending, play};
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
    let (summary, record) = run::<G>(None, 2, seed, &bots(), |_| {}).unwrap();
    assert_eq!(summary.games, 2);
    assert!(summary.actions > 0);
    let seats: u64 = summary.bots.iter().map(|b| b.seats).sum();
    assert_eq!(seats, 2 * summary.players as u64);
    record.unwrap()
}

fn replay_text(json: &str) -> Result<String, ReplayFailure> {
    let mut out = Vec::new();
    replay(json, &mut out, || {})?;
    Ok(String::from_utf8(out).unwrap())
}

fn saved_records_replay<G: Catalogued>() {
    let record = simulated_record::<G>(3);
    let json = serde_json::to_string(&record).unwrap();
    let text = replay_text(&json).unwrap();
    assert!(text.starts_with(G::NAME), "{text}");
    for (i, step) in record.steps.iter().enumerate() {
        assert!(
            text.contains(&format!("step {i}: {} plays {}\n", step.seat, step.action)),
            "{}: step {i} missing",
            G::NAME
        );
    }
    assert!(text.contains("Game over."));
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
    PlayArgs { game, players: None, seat: 0, seed: Some(1), bots: vec![BotSpec::Random], save_record: None }
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

/// A secret choice of a bot (the face-down CASTLE of Dukes Up!) is not shown to the human
/// in `play`; a public one (a card drawn from the pile) is.
#[cfg(feature = "dukesup")]
#[test]
fn play_does_not_show_a_bots_secret_choice() {
    let args = PlayArgs { seat: 0, ..play_args(GameId::DukesUp) };
    let script = "wait\n1\n".repeat(3000);
    let mut out = Vec::new();
    let (_, record) = play::<duke_examples::catalog::DukesUp>(&args, 9, &mut script.as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let castle = record.steps.iter().find(|s| s.seat == Seat(1) && s.action.to_string().starts_with("castle")).unwrap();
    assert!(!text.contains(&format!("P1 plays {}", castle.action)), "{text}");
    assert!(text.contains("P1 acts (you cannot see what)"));
    assert!(text.contains("P1 plays draw"));
}
