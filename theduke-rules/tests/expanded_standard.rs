//! Expanded play with every option off is the standard game: the Expanded generator (the
//! base box read at run time, Dread, Defense and abilities checked) lists exactly what the
//! standard generator lists, on random games and in perft.

use duke_core::{Game, GameRng, Seat};
use theduke_rules::{Action, Config, ExpandedDuke, TheDuke};

fn opening<G: Game<Config = Config, Action = Action>>() -> G {
    let config = {
        let mut config = Config::default();
        config.first_player = Some(Seat(0));
        config
    };
    let mut game = G::new(&config, 1).unwrap();
    for (seat, text) in
        [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
    {
        game.apply(Seat(seat), text.parse().unwrap()).unwrap();
    }
    game
}

#[test]
fn expanded_play_with_every_option_off_lists_what_the_standard_game_lists() {
    let mut rng = GameRng::new(5);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut positions = 0;
    for seed in 0..40u64 {
        let config = {
            let mut config = Config::default();
            config.turn_limit = Some(150);
            config
        };
        let mut fast = TheDuke::new(&config, seed).unwrap();
        let mut slow = ExpandedDuke::new(&config, seed).unwrap();
        while !fast.is_over() {
            let seat = fast.side_to_move();
            fast.legal_actions(seat, &mut a);
            slow.legal_actions(seat, &mut b);
            assert_eq!(a, b, "seed {seed}, turn {}", fast.turns());
            assert_eq!(fast.in_guard(Seat(0)), slow.in_guard(Seat(0)));
            assert_eq!(fast.in_guard(Seat(1)), slow.in_guard(Seat(1)));
            let action = a[rng.below(a.len() as u32) as usize];
            fast.apply(seat, action).unwrap();
            slow.apply(seat, action).unwrap();
            assert_eq!(fast.view(duke_core::Observer::Spectator), slow.view(duke_core::Observer::Spectator));
            positions += 1;
        }
        assert!(slow.is_over());
        assert_eq!(fast.outcome(), slow.outcome());
    }
    assert!(positions > 2000, "{positions}");
}

#[test]
fn expanded_perft_from_the_opening_is_the_standard_perft() {
    let fast: TheDuke = opening();
    let slow: ExpandedDuke = opening();
    for depth in 1..=3 {
        assert_eq!(slow.perft(depth), fast.perft(depth), "depth {depth}");
    }
}
