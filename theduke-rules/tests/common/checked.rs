//! The engine played under a reference's eyes, the one shape of the scenario tests of
//! Expanded play: every look at the legal actions compares them with a reference generator's,
//! an action is played only where it is listed, and the state is validated after it.

use std::cell::RefCell;
use std::collections::BTreeSet;

use duke_core::testing::Settings;
use duke_core::{Game, GameRng, Observer};
use proptest::prelude::any;
use theduke_rules::{Action, Event, ExpandedDuke, Objective};

/// A reference generator: the legal actions of the player to act, as notation.
pub type Reference = fn(&ExpandedDuke) -> BTreeSet<String>;

/// The legal actions of the player to act, written into `buf` and returned as notation,
/// checked free of repeats and equal to `reference`'s; `context` opens a failure's message.
pub fn legal_into(game: &ExpandedDuke, reference: Reference, buf: &mut Vec<Action>, context: &str) -> BTreeSet<String> {
    game.legal_actions(game.side_to_move(), buf);
    let set: BTreeSet<String> = buf.iter().map(ToString::to_string).collect();
    assert_eq!(set.len(), buf.len(), "{context}: duplicates in {buf:?}");
    assert_eq!(set, reference(game), "{context}: engine against the reference:\n{}", game.view(Observer::Spectator));
    set
}

/// [`legal_into`] against `reference`, with a buffer of its own.
pub fn legal_with(game: &ExpandedDuke, reference: Reference) -> BTreeSet<String> {
    legal_into(game, reference, &mut Vec::new(), "legal actions")
}

/// [`legal_with`] the Expanded reference.
pub fn legal(game: &ExpandedDuke) -> BTreeSet<String> {
    legal_with(game, super::expanded::legal)
}

/// Plays `text` for the player to act once [`legal_with`] `reference` lists it; the state is
/// validated after. Returns the events a spectator is shown.
pub fn play_with(game: &mut ExpandedDuke, reference: Reference, text: &str) -> Vec<Event> {
    assert!(legal_with(game, reference).contains(text), "{text} is not legal:\n{}", game.view(Observer::Spectator));
    apply(game, text)
}

/// Plays `text`, already checked listed, for the player to act; the state is validated after.
/// Returns the events a spectator is shown.
pub fn apply(game: &mut ExpandedDuke, text: &str) -> Vec<Event> {
    let seat = game.side_to_move();
    let action: Action = text.parse().unwrap();
    let before = game.clone();
    game.apply(seat, action).unwrap_or_else(|e| panic!("{text}: {e}\n{}", before.view(Observer::Spectator)));
    let mut events = Vec::new();
    ExpandedDuke::events(&before, seat, action, game, Observer::Spectator, &mut events);
    assert!(
        game.validate().is_ok(),
        "after {text}: {:?}\n{}\n{}",
        game.validate(),
        before.view(Observer::Spectator),
        game.view(Observer::Spectator)
    );
    events
}

/// [`play_with`] the Expanded reference.
pub fn play(game: &mut ExpandedDuke, text: &str) -> Vec<Event> {
    play_with(game, super::expanded::legal, text)
}

/// Forty random games of a Flag objective (configs of `testing::flag_configs`), up to 160
/// turns each. Each turn `legal` lists the actions (checking them against the Flags'
/// reference), `pick` chooses one with a rng seeded from the game's seed and
/// `salt`, and `seen` is shown the state before, the action and the state and events after.
pub fn random_flag_games(
    objective: Objective,
    salt: u64,
    legal: impl Fn(&ExpandedDuke) -> BTreeSet<String>,
    pick: impl Fn(&ExpandedDuke, &BTreeSet<String>, &mut GameRng) -> String,
    mut seen: impl FnMut(&ExpandedDuke, &str, &ExpandedDuke, &[Event]),
) {
    // Reproducible like every property run: `salt` seeds it, `DUKE_TEST_SEED` moves the
    // seed and `DUKE_TEST_SCALE` multiplies the games.
    let mut runner = Settings { cases: 40, seed: salt, ..Settings::default() }.runner();
    let strategy = (theduke_rules::testing::flag_configs(objective), any::<u64>());
    // The runner takes a `Fn`: `seen` is borrowed mutably one turn at a time.
    let seen = RefCell::new(&mut seen);
    runner
        .run(&strategy, |(config, seed)| {
            let mut game = ExpandedDuke::new(&config, seed).unwrap();
            let mut rng = GameRng::new(seed ^ salt);
            for _ in 0..160 {
                if game.is_over() {
                    break;
                }
                let actions = legal(&game);
                let choice = pick(&game, &actions, &mut rng);
                assert!(actions.contains(&choice), "{choice} is not listed");
                let before = game.clone();
                let events = apply(&mut game, &choice);
                (seen.borrow_mut())(&before, &choice, &game, &events);
            }
            Ok(())
        })
        .unwrap();
}

/// Perft of `game` to depth 3 by the engine, asserted equal to `reference`'s.
pub fn perft_matches(game: &ExpandedDuke, reference: fn(&ExpandedDuke, u32) -> u64) -> Vec<u64> {
    let counts: Vec<u64> = (1..=3).map(|d| game.perft(d)).collect();
    let expected: Vec<u64> = (1..=3).map(|d| reference(game, d)).collect();
    assert_eq!(counts, expected);
    counts
}
