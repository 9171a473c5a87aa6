//! Legal actions never lead into a dead end: from every play-step state reached by playouts
//! biased towards playing cards (and through THE MOVE), a short search over legal actions
//! finds a way to end the turn (a discard or `end`).

use duke_core::{Game, GameRng, Seat};
use dukesup_rules::{AceRule, Action, Config, DukesUp, Phase};

/// Whether some sequence of at most `depth` legal actions of the player to move ends his turn.
fn can_end_turn(game: &DukesUp, depth: u32, buf: &mut Vec<Action>) -> bool {
    let Some(seat) = game.to_act().first() else { return true };
    if game.phase() != Phase::Play {
        return true;
    }
    game.legal_actions(seat, buf);
    let actions = buf.clone();
    if actions.iter().any(|a| {
        matches!(a, Action::Discard(_) | Action::DiscardTwo(..) | Action::Bury | Action::DiscardTable(_) | Action::End)
    }) {
        return true;
    }
    depth > 0
        && actions.iter().any(|&a| {
            let mut next = *game;
            next.apply(seat, a).unwrap();
            can_end_turn(&next, depth - 1, buf)
        })
}

#[test]
fn every_reached_play_step_can_end_its_turn() {
    let mut buf = Vec::new();
    let (mut checked, mut deep) = (0, 0);
    for seed in 0..60u64 {
        let mut config = Config::default();
        config.first_player = Some(Seat((seed % 2) as u8));
        config.ace = [AceRule::Low, AceRule::High, AceRule::LowOrHigh, AceRule::Around][(seed % 4) as usize];
        config.turn_limit = Some(120);
        let mut game = DukesUp::new(&config, seed).unwrap();
        let mut rng = GameRng::new(seed ^ 77);
        while let Some(seat) = game.to_act().first() {
            if game.phase() == Phase::Play {
                if !can_end_turn(&game, 0, &mut buf) {
                    deep += 1;
                }
                assert!(can_end_turn(&game, 8, &mut buf), "dead end:\n{}", game.view(duke_core::Observer::Spectator));
                checked += 1;
            }
            game.legal_actions(seat, &mut buf);
            let eager: Vec<Action> = buf
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Play(_) | Action::Move | Action::PickUp(_) | Action::End))
                .collect();
            let pick = if !eager.is_empty() && rng.below(4) > 0 { &eager } else { &buf };
            let a = pick[rng.below(pick.len() as u32) as usize];
            game.apply(seat, a).unwrap();
        }
    }
    // Many states need plays before the turn can end (an incomplete table, THE MOVE).
    assert!(checked > 1000 && deep > 100, "{checked} states, {deep} needing plays first");
}
