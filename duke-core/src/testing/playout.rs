//! Random playouts for benchmarks and smoke tests: the cheapest way to drive a game to its end.

use crate::game::Game;
use crate::rng::GameRng;

/// Plays one uniformly random game from `state` to its end (or `limit` actions) and
/// returns how many actions were applied. `buf` is reused, so a warm buffer makes the loop
/// allocation-free for games whose `apply` does not allocate.
///
/// When several seats may act, the acting seat is drawn at random too.
pub fn random_playout<G: Game>(state: &mut G, rng: &mut GameRng, buf: &mut Vec<G::Action>, limit: u64) -> u64 {
    // One live stream for the whole game: rebuilding ChaCha per draw would dominate.
    rng.with_stream(|stream| {
        let mut actions = 0;
        while actions < limit {
            let to_act = state.to_act();
            let Some(seat) = to_act.nth(stream.below(to_act.len() as u32) as usize) else { break };
            state.legal_actions(seat, buf);
            let Some(&action) = buf.get(stream.below(buf.len() as u32) as usize) else { break };
            if state.apply(seat, action).is_err() {
                break;
            }
            actions += 1;
        }
        actions
    })
}

/// The mean length, in actions, of `games` random games from `start` (at least 1): benches
/// use it to report playout throughput in actions per second.
pub fn mean_game_length<G: Game>(start: &G, games: u64, seed: u64, limit: u64) -> u64 {
    let mut rng = GameRng::new(seed);
    let mut buf = Vec::new();
    let total: u64 = (0..games)
        .map(|_| {
            let mut game = start.clone();
            random_playout(&mut game, &mut rng, &mut buf, limit)
        })
        .sum();
    (total / games.max(1)).max(1)
}
