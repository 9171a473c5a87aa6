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
