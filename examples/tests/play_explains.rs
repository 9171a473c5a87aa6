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
    assert!(!text.contains("draw 2 is not legal now"), "{text}");
}
