//! The random bot: uniform over the legal actions.

use duke_core::{Game, Seat, Stream};

use super::{Bot, Decision, Perspective, bot_rng, pick, pick_seat};

/// Chooses uniformly among the seat's legal actions. It never waits: when several seats
/// may act, the driver's random order of asking makes the acting seat random too. It reads
/// neither its view nor its events, so a simulation of random bots runs at the engine's
/// pace: one live generator (not rebuilt per choice), one warm buffer.
#[derive(Clone, Debug)]
pub struct RandomBot<A> {
    /// The bot's generator, kept live: the same draws as its [`bot_rng`] would give.
    rng: Stream,
    actions: Vec<A>,
}

impl<A> RandomBot<A> {
    /// A random bot whose choices follow from `seed`.
    pub fn new(seed: u64) -> RandomBot<A> {
        RandomBot { rng: bot_rng(seed).into_stream(), actions: Vec::new() }
    }
}

impl<G: Game> Bot<G> for RandomBot<G::Action> {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(&mut self, me: &Perspective<'_, G>) -> Option<Decision<G::Action>> {
        me.legal_actions(&mut self.actions);
        pick(&self.actions, &mut self.rng).map(Decision::Act)
    }

    fn reads_events(&self) -> bool {
        false
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
