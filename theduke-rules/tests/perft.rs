//! Perft regression values for fixed positions, each cross-checked against the simple
//! reference generator of tests/common at the shallower depths.

mod common;

use common::{game as position, p};
use duke_core::{Game, Seat};
use theduke_rules::{Action, Config, Side, TheDuke};

fn opening() -> TheDuke {
    let config = {
        let mut config = Config::default();
        config.first_player = Some(Seat(0));
        config.turn_limit = None;
        config
    };
    let mut game = TheDuke::new(&config, 1).unwrap();
    for (seat, text) in
        [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
    {
        game.apply(Seat(seat), text.parse::<Action>().unwrap()).unwrap();
    }
    game
}

/// Twelve tiles a side, both sides of many tiles showing.
fn crowded_midgame() -> TheDuke {
    position(
        &[
            ("c1", p(0, 0, Side::Back)),
            ("b1", p(1, 0, Side::Start)),
            ("d2", p(1, 0, Side::Back)),
            ("a2", p(2, 0, Side::Start)),
            ("e2", p(2, 0, Side::Back)),
            ("c3", p(3, 0, Side::Start)),
            ("b3", p(4, 0, Side::Back)),
            ("f2", p(5, 0, Side::Start)),
            ("d3", p(6, 0, Side::Start)),
            ("c2", p(7, 0, Side::Back)),
            ("a4", p(8, 0, Side::Start)),
            ("e4", p(9, 0, Side::Back)),
            ("d6", p(0, 1, Side::Start)),
            ("c6", p(1, 1, Side::Start)),
            ("e5", p(1, 1, Side::Back)),
            ("b5", p(2, 1, Side::Back)),
            ("f5", p(2, 1, Side::Start)),
            ("d4", p(10, 1, Side::Back)),
            ("c5", p(11, 1, Side::Back)),
            ("a5", p(12, 1, Side::Start)),
            ("f4", p(13, 1, Side::Back)),
            ("e6", p(14, 1, Side::Back)),
            ("b6", p(7, 1, Side::Start)),
            ("d5", p(6, 1, Side::Back)),
        ],
        0,
    )
}

/// Rulebook movement example after the Assassin's jump slide: light's Duke is in Guard.
fn guard() -> TheDuke {
    let mut g = position(
        &[
            ("c1", p(0, 0, Side::Start)),
            ("d2", p(6, 0, Side::Start)),
            ("b4", p(12, 0, Side::Back)),
            ("a5", p(13, 1, Side::Back)),
            ("f6", p(0, 1, Side::Start)),
        ],
        1,
    );
    g.apply(Seat(1), "a5-c3".parse().unwrap()).unwrap();
    assert!(g.in_guard(Seat(0)));
    g
}

/// Both sides have Command available (Marshall and General on their back sides).
fn command() -> TheDuke {
    position(
        &[
            ("c1", p(0, 0, Side::Start)),
            ("c2", p(10, 0, Side::Back)),
            ("b3", p(1, 0, Side::Start)),
            ("c3", p(2, 0, Side::Start)),
            ("d4", p(7, 0, Side::Back)),
            ("a3", p(3, 0, Side::Start)),
            ("d6", p(0, 1, Side::Back)),
            ("d5", p(7, 1, Side::Back)),
            ("c5", p(1, 1, Side::Start)),
            ("e6", p(1, 1, Side::Back)),
        ],
        0,
    )
}

/// Strikes everywhere: Bowman, Champion, Pikeman, Longbowman (back sides), Dragoon (start).
fn strike() -> TheDuke {
    position(
        &[
            ("d1", p(0, 0, Side::Start)),
            ("d2", p(11, 0, Side::Back)),
            ("c3", p(9, 0, Side::Back)),
            ("e2", p(2, 0, Side::Back)),
            ("b2", p(14, 0, Side::Back)),
            ("c6", p(0, 1, Side::Start)),
            ("c5", p(12, 1, Side::Start)),
            ("d4", p(1, 1, Side::Start)),
            ("b4", p(2, 1, Side::Back)),
            ("e4", p(14, 1, Side::Start)),
            ("c4", p(4, 1, Side::Start)),
        ],
        0,
    )
}

fn actions(game: &TheDuke) -> Vec<Action> {
    let mut buf = Vec::new();
    game.legal_actions(game.side_to_move(), &mut buf);
    buf
}

fn check(name: &str, game: &TheDuke, expected: &[u64], reference_depth: usize) {
    for (d, &want) in expected.iter().enumerate() {
        let depth = d as u32 + 1;
        let got = game.perft(depth);
        assert_eq!(got, want, "{name} perft({depth})");
        if d < reference_depth {
            assert_eq!(common::perft(game, depth), want, "{name} reference perft({depth})");
        }
    }
}

#[test]
fn perft_opening() {
    check("opening", &opening(), &[18, 324, 4694, 66124, 1604430], 3);
}

#[test]
fn perft_crowded_midgame() {
    check("midgame", &crowded_midgame(), &[38, 666, 22560, 425265], 3);
}

#[test]
fn perft_guard() {
    check("guard", &guard(), &[7, 197, 8916, 185359], 3);
}

#[test]
fn perft_command() {
    let g = command();
    assert!(actions(&g).iter().any(|a| matches!(a, Action::Command { .. })));
    check("command", &g, &[54, 1417, 67205, 1473043], 3);
}

#[test]
fn perft_strike() {
    let g = strike();
    assert!(actions(&g).iter().any(|a| matches!(a, Action::Strike { .. })));
    check("strike", &g, &[42, 1761, 53206, 1877396], 3);
}
