//! `play` says why an action that reads but is not legal now is refused (issue #26 item 6),
//! in the engine's words, and shows no empty label.

use duke_examples::bots::BotSpec;
use duke_examples::catalog::{Catalogued, GameId};
use duke_examples::cli::PlayArgs;
use duke_examples::interactive::play;
use duke_examples::options::GameOptions;

fn args(game: GameId) -> PlayArgs {
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

/// What `play` printed for `script` (the session may end with the input).
fn session<G: Catalogued>(game: GameId, script: &str) -> String {
    let mut out = Vec::new();
    play::<G>(&args(game), 5, &mut script.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[cfg(feature = "dukesup")]
#[test]
fn dukesup_says_a_draw_is_not_a_step_of_the_choice() {
    use duke_examples::catalog::DukesUp;
    // At the start each player chooses a CASTLE and two DUKES: a draw reads but is refused,
    // and the engine says why.
    let text = session::<DukesUp>(GameId::DukesUp, "draw 2\n");
    assert!(text.contains("draw 2 is not possible in this step of the turn"), "{text}");
    assert!(text.contains(dukesup_rules::explain::CHOOSE_FIRST), "the engine's reason: {text}");
    assert!(!text.contains("draw 2 is not legal now"), "{text}");
}

#[cfg(feature = "theduke")]
#[test]
fn theduke_says_where_the_duke_starts() {
    use duke_examples::catalog::TheDuke;
    // The human (seat 0) places his Duke in set-up: a1 reads but is refused, and the
    // engine says why (rulebook "Set-up").
    let text = session::<TheDuke>(GameId::TheDuke, "duke a1\n");
    assert!(
        text.contains("duke a1 is not legal now: the Duke starts on a centre square (c or d) of your home edge"),
        "{text}"
    );
}

#[cfg(feature = "archduke")]
#[test]
fn archduke_says_a_turn_waits_for_the_pre_round_peek() {
    use duke_examples::catalog::Archduke;
    // Every player first looks at two own cards: a draw reads but is refused, and the
    // engine says why.
    let text = session::<Archduke>(GameId::Archduke, "draw\n");
    assert!(text.contains("wait until every player has looked at two cards"), "{text}");
    assert!(!text.contains("draw is not legal now"), "{text}");
}

/// A label with nothing after it: a line ending in `:` that is not a heading followed by
/// its lines, or a `:` followed directly by `;` or `,`.
fn empty_labels(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_end();
        let next_indented = lines.get(i + 1).is_some_and(|n| n.starts_with(' ') && !n.trim().is_empty());
        let heading = trimmed.ends_with(':') && next_indented;
        if (trimmed.ends_with(':') && !heading)
            || trimmed.contains(":;")
            || trimmed.contains(": ;")
            || trimmed.contains(":,")
        {
            found.push((*line).to_owned());
        }
    }
    found
}

fn no_empty_labels<G: Catalogued>(game: GameId) {
    for seed in 1..4 {
        let mut a = args(game);
        a.seed = Some(seed);
        let script = "1\n".repeat(4000);
        let mut out = Vec::new();
        play::<G>(&a, seed, &mut script.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let found = empty_labels(&text);
        assert!(found.is_empty(), "{}: empty labels {found:?}", G::NAME);
    }
}

#[cfg(all(feature = "theduke", feature = "archduke", feature = "dukesup", feature = "crownbattles"))]
#[test]
fn play_shows_no_empty_label_in_any_game() {
    use duke_examples::catalog::{Archduke, CrownBattles, DukesUp, TheDuke};
    no_empty_labels::<TheDuke>(GameId::TheDuke);
    no_empty_labels::<Archduke>(GameId::Archduke);
    no_empty_labels::<DukesUp>(GameId::DukesUp);
    no_empty_labels::<CrownBattles>(GameId::CrownBattles);
}
