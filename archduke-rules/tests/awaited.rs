//! `Game::awaited`: in a matching window the game waits only for the seat whose action moves
//! it on (the next player's draw, the owner of a pending action card, the tap that ends the
//! round); matching and calling "Archduke!" are optional.

use archduke_rules::{Action, Archduke, Config, RuleSet};
use duke_core::{Game, GameRng, Seat};

fn optional(action: &Action) -> bool {
    matches!(action, Action::Match(_) | Action::Archduke)
}

#[test]
fn only_seats_with_a_required_action_are_awaited() {
    let mut windows = 0;
    for (config, seeds) in [(Config::default(), 0..20), (RuleSet::Online.config(8), 20..30)] {
        let mut config = config;
        config.turn_limit = Some(120);
        for seed in seeds {
            let mut game = Archduke::new(&config, seed).unwrap();
            let mut rng = GameRng::new(seed);
            let mut buf = Vec::new();
            while !game.is_over() {
                let to_act = game.to_act();
                let awaited = game.awaited();
                assert!(!awaited.is_empty());
                for seat in to_act {
                    game.legal_actions(seat, &mut buf);
                    let required = buf.iter().any(|a| !optional(a));
                    assert_eq!(awaited.contains(seat), required, "seed {seed}: {seat} with {buf:?}");
                }
                if to_act.len() > 1 {
                    windows += 1;
                }
                let seat = to_act.nth(rng.below(to_act.len() as u32) as usize).unwrap_or(Seat(0));
                game.legal_actions(seat, &mut buf);
                let action = buf[rng.below(buf.len() as u32) as usize];
                game.apply(seat, action).unwrap();
            }
        }
    }
    assert!(windows > 100, "too few out-of-turn windows seen: {windows}");
}
