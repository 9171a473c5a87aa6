//! The greedy bot: one ply of lookahead on a determinization, scored by the game's
//! heuristic [`Game::evaluate`] of the seat's own view (in Crown Battles' missions rounds,
//! plus its mission's term: see the `missions` module).

use duke_core::{Game, GameRng, Observer};

use super::missions::MissionSense;
use super::{Bot, Decision, Perspective, bot_rng, pick};

/// Weight of a finished game's reward against the heuristic: a won game beats any
/// heuristic value and a lost one loses to any.
const TERMINAL_WEIGHT: f64 = 1e9;

/// Tries every legal action on one determinization (so chance and hidden cards are
/// sampled, never read) and keeps the one whose resulting view scores best for the seat;
/// ties are broken at random. When it may wait (others may act first) it waits unless some
/// action strictly improves on the value of its view now. In Crown Battles' missions rounds
/// it chooses the offered mission of the best expected value and plays towards it (the
/// `missions` module).
#[derive(Clone, Debug)]
pub struct GreedyBot<A> {
    rng: GameRng,
    actions: Vec<A>,
    best: Vec<A>,
}

impl<A> GreedyBot<A> {
    /// A greedy bot whose sampling and tie-breaks follow from `seed`.
    pub fn new(seed: u64) -> GreedyBot<A> {
        GreedyBot { rng: bot_rng(seed), actions: Vec::new(), best: Vec::new() }
    }
}

impl<G: Game> Bot<G> for GreedyBot<G::Action> {
    fn name(&self) -> String {
        "greedy".to_owned()
    }

    fn choose(&mut self, me: &Perspective<'_, G>) -> Option<Decision<G::Action>> {
        me.legal_actions(&mut self.actions);
        if self.actions.len() <= 1 && !me.may_wait() {
            return self.actions.first().copied().map(Decision::Act);
        }
        let seat = me.seat();
        let now = me.view();
        let sense = MissionSense::new::<G>(&now, || me.config(), seat);
        let mission_term = |view: &G::View| sense.as_ref().map_or(0.0, |s| s.score::<G>(view, seat));
        let mut world = me.determinize(self.rng.next_u64());
        let mut best_score = f64::NEG_INFINITY;
        self.best.clear();
        for &action in &self.actions {
            let Ok(undo) = world.apply(seat, action) else { continue };
            let view = world.view(Observer::Seat(seat));
            let mut score = G::evaluate(&view, seat) + mission_term(&view);
            if let Some(outcome) = world.outcome() {
                score += (outcome.reward(seat) - 0.5) * TERMINAL_WEIGHT;
            }
            world.undo(undo);
            if score.is_nan() {
                continue;
            }
            if score > best_score {
                best_score = score;
                self.best.clear();
            }
            if score == best_score {
                self.best.push(action);
            }
        }
        let improves = best_score > G::evaluate(&now, seat) + mission_term(&now);
        if me.may_wait() && !improves {
            return Some(Decision::Wait);
        }
        let choices = if self.best.is_empty() { &self.actions } else { &self.best };
        self.rng.with_stream(|s| pick(choices, s)).map(Decision::Act)
    }

    fn reads_events(&self) -> bool {
        false
    }
}
