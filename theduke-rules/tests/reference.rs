//! The fast move generator against the simple reference generator (tests/common) on
//! thousands of positions reached by random playouts.

mod common;

use std::collections::BTreeSet;

use duke_core::{Game, GameRng, Seat};
use theduke_rules::{Action, Config, TheDuke};

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
        let first = if game % 2 == 0 { Some(Seat(0)) } else { Some(Seat(1)) };
        let mut state = TheDuke::new(
            &{
                let mut config = Config::default();
                config.first_player = first;
                config.turn_limit = Some(120);
                config
            },
            game,
        )
        .unwrap();
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
        let mut state = TheDuke::new(
            &{
                let mut config = Config::default();
                config.first_player = None;
                config.turn_limit = Some(80);
                config
            },
            100 + game,
        )
        .unwrap();
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

/// Random legal-looking positions (any tiles, any sides, Dukes anywhere), far from what
/// playouts from the standard set-up reach: the two generators must still agree.
#[test]
fn fast_generator_matches_reference_on_random_positions() {
    use theduke_rules::{Phase, Piece, STANDARD_TILES, Setup, SetupError, Side, Square, TileKind};
    let mut rng = GameRng::new(2024);
    let mut buf = Vec::new();
    let mut compared = 0;
    let mut refused = 0;
    for _ in 0..3000 {
        let mut squares: Vec<u8> = (0..36).collect();
        rng.shuffle(&mut squares);
        let mut pieces = Vec::new();
        for owner in 0..2u8 {
            pieces.push((Square::new(squares.pop().unwrap()).unwrap(), Piece::new(TileKind::DUKE, Seat(owner))));
            let extra = rng.below(12);
            for _ in 0..extra {
                let kind = 1 + rng.below(14) as u8;
                let placed = pieces.iter().filter(|(_, p)| p.owner.0 == owner && p.kind.0 == kind).count();
                if placed >= usize::from(STANDARD_TILES[usize::from(kind)].count) {
                    continue;
                }
                let side = if rng.below(2) == 0 { Side::Start } else { Side::Back };
                let sq = Square::new(squares.pop().unwrap()).unwrap();
                pieces.push((sq, Piece { kind: TileKind(kind), side, owner: Seat(owner) }));
            }
        }
        let to_move = Seat(rng.below(2) as u8);
        // A third of the positions have empty bags (every tile off the board captured).
        let bags = if rng.below(3) == 0 { Some([vec![], vec![]]) } else { None };
        let setup =
            Setup { board: pieces.into_iter().collect(), bags, phase: Phase::Play, to_move, ..Setup::default() };
        let state = match TheDuke::from_setup(&setup) {
            Ok(state) => state,
            Err(error) => {
                // Refused only when the seat to act has no legal action (no game goes on
                // from there), and the reference generator agrees.
                assert_eq!(error, SetupError::NoLegalAction { seat: to_move });
                let mut grid = [[None; 6]; 6];
                for (sq, piece) in &setup.board {
                    grid[sq.file() as usize][sq.rank() as usize] = Some(*piece);
                }
                let bag = if setup.bags.is_some() { 0 } else { 1 };
                assert!(common::legal_in_play(&grid, to_move, bag).is_empty());
                refused += 1;
                continue;
            }
        };
        assert_eq!(fast(&state, &mut buf), common::legal(&state), "\n{}", state.view(duke_core::Observer::Spectator));
        assert_eq!(state.in_guard(to_move), common::duke_capturable(&common::grid(&state), Seat(1 - to_move.0)));
        if compared % 10 == 0 {
            assert_eq!(state.perft(2), common::perft(&state, 2));
        }
        compared += 1;
    }
    assert_eq!(compared + refused, 3000);
    assert!(compared > 2500, "{refused} positions refused");
}
