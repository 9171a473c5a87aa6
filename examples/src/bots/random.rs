//! The random bot: uniform over the legal actions.

use duke_core::{Game, GameRng, Seat, Stream};

use super::{Bot, Decision, Perspective, bot_rng, pick, pick_seat};

/// Chooses uniformly among the seat's legal actions. It never waits: when several seats
/// may act, the driver's random order of asking makes the acting seat random too.
#[derive(Clone, Debug)]
pub struct RandomBot<A> {
    rng: GameRng,
    actions: Vec<A>,
}

impl<A> RandomBot<A> {
    /// A random bot whose choices follow from `seed`.
    pub fn new(seed: u64) -> RandomBot<A> {
        RandomBot { rng: bot_rng(seed), actions: Vec::new() }
    }
}

impl<G: Game> Bot<G> for RandomBot<G::Action> {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(&mut self, me: &Perspective<'_, G>) -> Option<Decision<G::Action>> {
        me.legal_actions(&mut self.actions);
        let actions = &self.actions;
        self.rng.with_stream(|s| pick(actions, s)).map(Decision::Act)
    }
}

/// One uniformly random step for the whole table: a seat picked at random among those
/// that may act, then one of its legal actions at random. Returns the seat and action,
/// applied to `state`, or `None` if nobody can act (or the game refused its own action).
///
/// This is the random policy of rollouts, where one process plays every seat.
pub fn random_step<G: Game>(state: &mut G, buf: &mut Vec<G::Action>, stream: &mut Stream) -> Option<(Seat, G::Action)> {
    let seat = pick_seat(state.to_act(), stream)?;
    state.legal_actions(seat, buf);
    let action = pick(buf, stream)?;
    state.apply(seat, action).ok()?;
    Some((seat, action))
}
