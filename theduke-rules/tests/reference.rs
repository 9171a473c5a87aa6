//! The fast move generator against the simple reference generator (tests/common) on
//! thousands of positions reached by random playouts.

mod common;

use std::collections::BTreeSet;

use duke_core::{Game, GameRng, Seat};
use theduke_rules::{Action, Config, FirstPlayer, TheDuke};

fn fast(state: &TheDuke, buf: &mut Vec<Action>) -> BTreeSet<String> {
    state.legal_actions(state.side_to_move(), buf);
    let set: BTreeSet<String> = buf.iter().map(ToString::to_string).collect();
    assert_eq!(set.len(), buf.len(), "duplicate actions in {buf:?}");
    set
}

#[test]
fn fast_generator_matches_reference_on_random_playouts() {
    let mut positions = 0;
    let mut buf = Vec::new();
    let mut rng = GameRng::new(7);
    for game in 0..120u64 {
        let first = if game % 2 == 0 { FirstPlayer::Seat0 } else { FirstPlayer::Seat1 };
        let mut state = TheDuke::new(&Config { first_player: first, turn_limit: Some(120) }, game).unwrap();
        while !state.is_over() {
            let expected = common::legal(&state);
            let got = fast(&state, &mut buf);
            assert_eq!(
                got,
                expected,
                "game {game} turn {}:\n{}",
                state.turns(),
                state.view(duke_core::Observer::Spectator)
            );
            positions += 1;
            let pick = rng.below(buf.len() as u32) as usize;
            state.apply(state.side_to_move(), buf[pick]).unwrap();
        }
        // A finished game: nobody may act, and the reference agrees.
        assert!(common::legal(&state).is_empty());
    }
    assert!(positions > 5000, "only {positions} positions");
}

#[test]
fn bulk_counts_match_reference_perft_on_random_positions() {
    let mut buf = Vec::new();
    let mut rng = GameRng::new(11);
    let mut checked = 0;
    for game in 0..12u64 {
        let mut state =
            TheDuke::new(&Config { first_player: FirstPlayer::Random, turn_limit: Some(80) }, 100 + game).unwrap();
        while !state.is_over() {
            if rng.below(6) == 0 {
                assert_eq!(state.perft(1), common::perft(&state, 1));
                assert_eq!(
                    state.perft(2),
                    common::perft(&state, 2),
                    "\n{}",
                    state.view(duke_core::Observer::Spectator)
                );
                checked += 1;
            }
            state.legal_actions(state.side_to_move(), &mut buf);
            let pick = rng.below(buf.len() as u32) as usize;
            state.apply(state.side_to_move(), buf[pick]).unwrap();
        }
    }
    assert!(checked > 50);
    let _ = Seat(0);
}
