//! Bots: players that choose an action for one seat from what that seat may know.
//!
//! A bot never holds the game state. The referee ([`duke_core::referee`]) hands it a
//! [`Perspective`]: the seat's view, its event log, its legal actions and
//! *determinizations* (full states the seat cannot tell apart from the real one). Nothing
//! else of the true state is reachable through it, so a bot cannot read hidden
//! information by accident.

mod greedy;
mod ismcts;
mod missions;
mod random;

use core::fmt;
use core::str::FromStr;

use duke_core::{Game, GameRng, Seat, SeatSet, Stream};

pub use greedy::GreedyBot;
pub use ismcts::{DEFAULT_HORIZON, IsmctsBot, IsmctsSettings};
pub use random::{RandomBot, random_step};

/// The bot interface is duke-core's ([`duke_core::referee`]): a bot sees its seat's view,
/// its event log and its legal actions, never the true state.
pub use duke_core::referee::{Bot, Decision, Perspective};

/// Which bot to build: parsed from the command line (`random`, `greedy`, `ismcts`,
/// `ismcts:500`, `ismcts:500:0.7:20`, `ismcts:500:0.7:end`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BotSpec {
    /// Uniform over the legal actions.
    Random,
    /// One ply of lookahead scored with [`Game::evaluate`].
    Greedy,
    /// Information-set Monte Carlo tree search with this many iterations per decision.
    Ismcts(IsmctsSettings),
}

impl BotSpec {
    /// Builds the bot, its randomness drawn from `seed`.
    pub fn build<G: Game>(&self, seed: u64) -> Box<dyn Bot<G>> {
        match *self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy => Box::new(GreedyBot::new(seed)),
            BotSpec::Ismcts(settings) => Box::new(IsmctsBot::new(settings, seed)),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::Ismcts(s) => {
                // Only what differs from the defaults, in the command-line notation; the
                // settings that have no notation are not shown.
                write!(f, "ismcts:{}", s.iterations)?;
                let default = IsmctsSettings::default();
                match s.horizon {
                    _ if s.horizon == default.horizon && s.exploration == default.exploration => Ok(()),
                    _ if s.horizon == default.horizon => write!(f, ":{}", s.exploration),
                    Some(horizon) => write!(f, ":{}:{horizon}", s.exploration),
                    None => write!(f, ":{}:end", s.exploration),
                }
            }
        }
    }
}

/// A bot name that is not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotSpecError(pub String);

impl fmt::Display for BotSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown bot {:?}: expected random, greedy, ismcts or ismcts:ITERATIONS[:EXPLORATION[:HORIZON|end]]",
            self.0
        )
    }
}

impl std::error::Error for BotSpecError {}

impl FromStr for BotSpec {
    type Err = BotSpecError;

    fn from_str(s: &str) -> Result<BotSpec, BotSpecError> {
        let err = || BotSpecError(s.to_owned());
        let mut parts = s.trim().split(':');
        let spec = match parts.next().unwrap_or_default() {
            "random" => BotSpec::Random,
            "greedy" => BotSpec::Greedy,
            "ismcts" => {
                let mut settings = IsmctsSettings::default();
                if let Some(n) = parts.next() {
                    settings.iterations = n.parse().ok().filter(|&n: &u32| n > 0).ok_or_else(err)?;
                }
                if let Some(c) = parts.next() {
                    settings.exploration =
                        c.parse().ok().filter(|c: &f64| c.is_finite() && *c >= 0.0).ok_or_else(err)?;
                }
                match parts.next() {
                    Some("end") => settings.horizon = None,
                    Some(h) => settings.horizon = Some(h.parse().ok().filter(|&h: &u32| h > 0).ok_or_else(err)?),
                    None => {}
                }
                BotSpec::Ismcts(settings)
            }
            _ => return Err(err()),
        };
        if parts.next().is_some() {
            return Err(err());
        }
        Ok(spec)
    }
}

/// A uniformly random element of `items`, if any.
pub(crate) fn pick<T: Copy>(items: &[T], stream: &mut Stream) -> Option<T> {
    let n = u32::try_from(items.len()).unwrap_or(u32::MAX);
    items.get(stream.below(n) as usize).copied()
}

/// A uniformly random seat of `seats`, if any.
pub(crate) fn pick_seat(seats: SeatSet, rng: &mut Stream) -> Option<Seat> {
    match seats.len() {
        0 => None,
        1 => seats.first(),
        n => seats.nth(rng.below(n as u32) as usize),
    }
}

/// A bot's own generator, so that its choices are reproducible from its seed.
pub(crate) fn bot_rng(seed: u64) -> GameRng {
    GameRng::new(crate::seed::mix(seed, 0xB07))
}

#[cfg(test)]
mod tests;
