//! Playing any game the way a learning program does: with action indices, legal-action
//! masks and observation tensors only ([`duke_core::Learning`]), never notation or views.
//!
//! [`play_episode`] plays one game of any `G: Learning` with a [`Policy`] (uniformly random
//! over the mask, or greedy by a linear score of the observation) and returns every
//! decision (observation, mask, chosen index, reward, seat) with the final returns;
//! [`play_returns`] returns the per-seat returns only; [`episode_of_record`] turns any
//! recorded game into the same decisions. [`trajectories`](crate::trajectories)
//! writes episodes to a `.npz` file numpy reads.
//!
//! ```
//! use duke_core::testing::toy::{HighCard, HighCardConfig};
//! use duke_examples::learner::{Policy, play_returns};
//!
//! let returns = play_returns::<HighCard>(&HighCardConfig::default(), 7, &Policy::Random { seed: 1 }, 1000).unwrap();
//! assert_eq!(returns.len(), 2);
//! assert!(returns.iter().sum::<f64>().abs() < 1e-9); // High Card's returns are zero-sum
//! ```

use core::fmt;

use duke_core::{BufferLength, GameRng, Learning, Observer, Record, Seat};

/// A linear score per action: `score(a) = bias[a] + weights[a] · observation`, the simplest
/// thing a network's output layer computes.
#[derive(Clone, Debug, PartialEq)]
pub struct LinearScore {
    /// `actions × features` weights, row-major: row `a` scores action index `a`.
    pub weights: Vec<f32>,
    /// One bias per action index.
    pub bias: Vec<f32>,
}

impl LinearScore {
    /// Weights and biases drawn uniformly from `[-1, 1)` with `seed`, for `game`'s config.
    pub fn random<G: Learning>(game: &G, seed: u64) -> LinearScore {
        let (actions, features) = (game.action_count(), game.observation_shape().len());
        let mut rng = GameRng::new(seed);
        let mut draw = || (rng.next_u64() >> 40) as f32 / (1u64 << 23) as f32 - 1.0;
        let weights = (0..actions.saturating_mul(features)).map(|_| draw()).collect();
        let bias = (0..actions).map(|_| draw()).collect();
        LinearScore { weights, bias }
    }

    /// The score of action index `action` for `observation` (missing weights count as 0).
    pub fn score(&self, action: usize, observation: &[f32]) -> f32 {
        let features = observation.len();
        let row = self.weights.get(action.saturating_mul(features)..).unwrap_or(&[]);
        let dot: f32 = row.iter().zip(observation).map(|(w, x)| w * x).sum();
        self.bias.get(action).copied().unwrap_or(0.0) + dot
    }
}

/// How [`play_episode`] picks an index among those the mask allows.
#[derive(Clone, Debug, PartialEq)]
pub enum Policy {
    /// Uniformly at random, from a generator seeded with `seed` (and the game's seed).
    Random {
        /// The policy's own seed.
        seed: u64,
    },
    /// The allowed index of highest [`LinearScore::score`] (the lowest index on ties).
    Greedy(LinearScore),
}

/// Why [`play_episode`] stopped: the game broke the learning contract, or did not end.
#[derive(Clone, Debug, PartialEq)]
pub enum LearnerError {
    /// `Game::new` refused the config.
    Config(String),
    /// A buffer of the length the game declared was refused.
    Buffer(BufferLength),
    /// A seat that may act has an all-false mask.
    EmptyMask(Seat),
    /// A masked index maps to no action.
    NoAction(usize),
    /// The action of a masked index was refused.
    Refused {
        /// The index chosen.
        index: usize,
        /// The game's error.
        reason: String,
    },
    /// The game went on past the limit of actions.
    TooLong(u64),
    /// A recorded action has no index.
    Unindexed(String),
}

impl fmt::Display for LearnerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LearnerError::Config(e) => write!(f, "the config is refused: {e}"),
            LearnerError::Buffer(e) => write!(f, "a buffer of the declared length is refused: {e}"),
            LearnerError::EmptyMask(seat) => write!(f, "{seat} may act but its mask allows nothing"),
            LearnerError::NoAction(index) => write!(f, "the allowed index {index} maps to no action"),
            LearnerError::Refused { index, reason } => {
                write!(f, "the action of allowed index {index} is refused: {reason}")
            }
            LearnerError::TooLong(limit) => write!(f, "the game did not end within {limit} actions"),
            LearnerError::Unindexed(action) => write!(f, "the recorded action {action} has no index"),
        }
    }
}

impl std::error::Error for LearnerError {}

impl From<BufferLength> for LearnerError {
    fn from(e: BufferLength) -> Self {
        LearnerError::Buffer(e)
    }
}

/// One decision of one seat, as a learner sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The seat that acted.
    pub seat: Seat,
    /// Its observation before acting (`observation_shape().len()` values).
    pub observation: Vec<f32>,
    /// Its legal-action mask before acting (`action_count()` entries).
    pub mask: Vec<bool>,
    /// The index it chose.
    pub action: usize,
    /// The change of the seat's return from this decision to its next one (or to the end of
    /// the game): so a seat's rewards add up to its final return (less its return at its
    /// first decision, 0 in every game where nothing is scored before a seat first acts).
    pub reward: f64,
}

/// A whole game as a learner saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Episode {
    /// Every decision, in the order played.
    pub decisions: Vec<Decision>,
    /// Each seat's final return.
    pub returns: Vec<f64>,
}

/// An episode being written, one decision at a time: the crediting of rewards that
/// [`play_episode`] and [`episode_of_record`] share.
struct Recorder<G: Learning> {
    scratch: Vec<G::Action>,
    mask: Vec<bool>,
    observation: Vec<f32>,
    returns: Vec<f64>,
    decisions: Vec<Decision>,
    /// Per seat: its last decision and its return then, to credit when it acts again.
    last: Vec<Option<(usize, f64)>>,
}

impl<G: Learning> Recorder<G> {
    fn new(game: &G) -> Recorder<G> {
        Recorder {
            scratch: Vec::new(),
            mask: vec![false; game.action_count()],
            observation: vec![0.0; game.observation_shape().len()],
            returns: vec![0.0; game.seat_count()],
            decisions: Vec::new(),
            last: vec![None; game.seat_count()],
        }
    }

    /// Before `seat` decides in `game`: credits its previous decision, and reads its mask
    /// and observation.
    fn before(&mut self, game: &G, seat: Seat) -> Result<f64, LearnerError> {
        game.returns(&mut self.returns)?;
        let now = self.returns.get(seat.index()).copied().unwrap_or(0.0);
        if let Some((index, before)) = self.last.get_mut(seat.index()).and_then(Option::take)
            && let Some(decision) = self.decisions.get_mut(index)
        {
            decision.reward = now - before;
        }
        game.legal_mask(seat, &mut self.scratch, &mut self.mask)?;
        game.observe(Observer::Seat(seat), &mut self.observation)?;
        Ok(now)
    }

    /// Records that `seat`, whose return was `now`, chose `index`.
    fn chose(&mut self, seat: Seat, index: usize, now: f64) {
        if let Some(slot) = self.last.get_mut(seat.index()) {
            *slot = Some((self.decisions.len(), now));
        }
        self.decisions.push(Decision {
            seat,
            observation: self.observation.clone(),
            mask: self.mask.clone(),
            action: index,
            reward: 0.0,
        });
    }

    /// The episode, once `game` is over: every seat's last decision credited.
    fn finish(mut self, game: &G) -> Result<Episode, LearnerError> {
        game.returns(&mut self.returns)?;
        for (seat, slot) in self.last.iter().enumerate() {
            if let Some((index, before)) = *slot
                && let Some(decision) = self.decisions.get_mut(index)
            {
                decision.reward = self.returns.get(seat).copied().unwrap_or(0.0) - before;
            }
        }
        Ok(Episode { decisions: self.decisions, returns: self.returns })
    }
}

/// Plays a game of `config` from `seed` to its end (at most `limit` actions) with `policy`,
/// through indices, masks and observations only. When several seats may act, the one to act
/// is drawn at random (from the game's seed).
pub fn play_episode<G: Learning>(
    config: &G::Config,
    seed: u64,
    policy: &Policy,
    limit: u64,
) -> Result<Episode, LearnerError> {
    let mut game = G::new(config, seed).map_err(|e| LearnerError::Config(e.to_string()))?;
    let mut choices = GameRng::new(match policy {
        Policy::Random { seed: own } => own ^ seed.rotate_left(32),
        Policy::Greedy(_) => seed,
    });
    let mut recorder = Recorder::new(&game);
    let mut played = 0;
    loop {
        let to_act = game.to_act();
        let Some(seat) = to_act.nth(choices.below(to_act.len().max(1) as u32) as usize) else { break };
        if played >= limit {
            return Err(LearnerError::TooLong(limit));
        }
        let now = recorder.before(&game, seat)?;
        let index =
            choose(policy, &recorder.mask, &recorder.observation, &mut choices).ok_or(LearnerError::EmptyMask(seat))?;
        let action = game.index_action(index).ok_or(LearnerError::NoAction(index))?;
        game.apply(seat, action).map_err(|e| LearnerError::Refused { index, reason: e.to_string() })?;
        recorder.chose(seat, index, now);
        played += 1;
    }
    recorder.finish(&game)
}

/// A recorded game (played by anyone: bots, people) as a learner sees it: for every step,
/// the acting seat's observation and mask before it, the index of its action, and its
/// reward (the change of its return until its next decision). The `simulate` example's
/// `--save-trajectories` writes the games its bots play this way.
pub fn episode_of_record<G: Learning>(record: &Record<G>) -> Result<Episode, LearnerError> {
    let mut game = record.start().map_err(|e| LearnerError::Config(e.to_string()))?;
    let mut recorder = Recorder::new(&game);
    for step in &record.steps {
        let now = recorder.before(&game, step.seat)?;
        let index = game.action_index(step.action).ok_or(LearnerError::Unindexed(step.action.to_string()))?;
        game.apply(step.seat, step.action).map_err(|e| LearnerError::Refused { index, reason: e.to_string() })?;
        recorder.chose(step.seat, index, now);
    }
    recorder.finish(&game)
}

/// [`play_episode`]'s final returns, one per seat.
pub fn play_returns<G: Learning>(
    config: &G::Config,
    seed: u64,
    policy: &Policy,
    limit: u64,
) -> Result<Vec<f64>, LearnerError> {
    play_episode::<G>(config, seed, policy, limit).map(|episode| episode.returns)
}

/// The index `policy` picks among those `mask` allows; `None` when it allows none.
fn choose(policy: &Policy, mask: &[bool], observation: &[f32], rng: &mut GameRng) -> Option<usize> {
    let allowed = || mask.iter().enumerate().filter(|&(_, &ok)| ok).map(|(i, _)| i);
    match policy {
        Policy::Random { .. } => {
            let count = allowed().count();
            if count == 0 {
                return None;
            }
            allowed().nth(rng.below(count as u32) as usize)
        }
        Policy::Greedy(linear) => {
            let mut best: Option<(usize, f32)> = None;
            for i in allowed() {
                let score = linear.score(i, observation);
                if best.is_none_or(|(_, top)| score > top) {
                    best = Some((i, score));
                }
            }
            best.map(|(i, _)| i)
        }
    }
}

#[cfg(test)]
mod tests {
    use duke_core::Game;
    use duke_core::testing::toy::{HighCard, HighCardConfig};

    use super::*;

    #[test]
    fn a_record_of_an_episode_gives_the_same_episode_back() {
        let config = HighCardConfig { players: 3, rounds: 4 };
        for seed in 0..10 {
            let episode = play_episode::<HighCard>(&config, seed, &Policy::Random { seed: 3 }, 1000).unwrap();
            let game = HighCard::new(&config, seed).unwrap();
            let mut record = Record::<HighCard>::new(config, seed);
            for decision in &episode.decisions {
                record.push(decision.seat, game.index_action(decision.action).unwrap());
            }
            assert_eq!(episode_of_record(&record).unwrap(), episode);
        }
    }

    #[test]
    fn indices_alone_play_a_game_to_its_end() {
        let config = HighCardConfig { players: 4, rounds: 5 };
        for seed in 0..20 {
            let episode = play_episode::<HighCard>(&config, seed, &Policy::Random { seed: 9 }, 1000).unwrap();
            assert_eq!(episode.decisions.len(), 4 * 5);
            assert!(episode.decisions.iter().all(|d| d.mask.get(d.action) == Some(&true)));
            assert!(episode.returns.iter().sum::<f64>().abs() < 1e-9);
        }
    }

    #[test]
    fn a_greedy_policy_is_reproducible_and_follows_its_scores() {
        let config = HighCardConfig::default();
        let game = HighCard::new(&config, 0).unwrap();
        // Keep (index 0) always scores higher: every decision keeps.
        let features = game.observation_shape().len();
        let keep = LinearScore { weights: vec![0.0; 2 * features], bias: vec![1.0, 0.0] };
        let episode = play_episode::<HighCard>(&config, 3, &Policy::Greedy(keep.clone()), 1000).unwrap();
        assert!(episode.decisions.iter().all(|d| d.action == 0));
        let random = Policy::Greedy(LinearScore::random(&game, 4));
        assert_eq!(
            play_episode::<HighCard>(&config, 3, &random, 1000),
            play_episode::<HighCard>(&config, 3, &random, 1000)
        );
    }

    #[test]
    fn a_game_past_the_limit_is_an_error() {
        let err = play_returns::<HighCard>(&HighCardConfig::default(), 1, &Policy::Random { seed: 0 }, 2).unwrap_err();
        assert_eq!(err, LearnerError::TooLong(2));
    }
}
