//! Bots: players that choose an action for one seat from what that seat may know.
//!
//! A bot never holds the game state. The referee (the [`driver`](crate::driver)) hands it a
//! [`Perspective`]: the seat's view, its legal actions and *determinizations* (full states
//! the seat cannot tell apart from the real one). Nothing else of the true state is
//! reachable through it, so a bot cannot read hidden information by accident.

mod greedy;
mod ismcts;
mod random;

use core::fmt;
use core::str::FromStr;

use duke_core::{Game, GameRng, Observer, Seat, SeatSet, Stream};

pub use greedy::GreedyBot;
pub use ismcts::{IsmctsBot, IsmctsSettings};
pub use random::{RandomBot, random_step};

/// What one seat may use to decide: its view, its legal actions and determinizations.
///
/// Built by the referee from the true state; it exposes only what `seat` may know under
/// the rules (whose turn it is is public, and a determinization is consistent with the
/// seat's information by the contract of [`Game::determinize`]).
pub struct Perspective<'a, G: Game> {
    state: &'a G,
    seat: Seat,
    may_wait: bool,
}

impl<'a, G: Game> Perspective<'a, G> {
    /// The perspective of `seat` on `state`, which must act now. Only a referee (who owns
    /// the true state) builds one; a bot receives it.
    pub fn new(state: &'a G, seat: Seat) -> Perspective<'a, G> {
        Perspective { state, seat, may_wait: false }
    }

    /// The same, at a step where other seats may act too: the bot may
    /// [`Decision::Wait`] to let them go first.
    pub fn with_wait(state: &'a G, seat: Seat) -> Perspective<'a, G> {
        Perspective { state, seat, may_wait: true }
    }

    /// Whether the seat may wait instead of acting.
    pub fn may_wait(&self) -> bool {
        self.may_wait
    }

    /// The seat the bot plays.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// How many seats the game has.
    pub fn seat_count(&self) -> usize {
        self.state.seat_count()
    }

    /// The config of the game (public).
    pub fn config(&self) -> G::Config {
        self.state.config()
    }

    /// The seats that may act now (public: a determinization keeps it identical).
    pub fn to_act(&self) -> SeatSet {
        self.state.to_act()
    }

    /// What the seat sees.
    pub fn view(&self) -> G::View {
        self.state.view(Observer::Seat(self.seat))
    }

    /// The seat's legal actions, written into `out`.
    pub fn legal_actions(&self, out: &mut Vec<G::Action>) {
        self.state.legal_actions(self.seat, out);
    }

    /// A full state the seat cannot tell apart from the real one: everything it has not
    /// seen re-dealt from `seed`.
    pub fn determinize(&self, seed: u64) -> G {
        self.state.determinize(self.seat, seed)
    }
}

/// What a seat does when asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision<A> {
    /// Take this (legal) action.
    Act(A),
    /// Let the other seats that may act go first (only when [`Perspective::may_wait`]).
    Wait,
}

/// A player that chooses an action for one seat.
pub trait Bot<G: Game> {
    /// A short label for tables ("random", "ismcts:200").
    fn name(&self) -> String;

    /// Chooses one of the seat's legal actions, or to wait if the perspective allows it;
    /// `None` if the seat has no legal action (a contract violation by the game, reported
    /// by the driver).
    fn choose(&mut self, me: &Perspective<'_, G>) -> Option<Decision<G::Action>>;
}

/// Which bot to build: parsed from the command line (`random`, `greedy`, `ismcts`,
/// `ismcts:500`).
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
                write!(f, "ismcts:{}", s.iterations)?;
                if let Some(horizon) = s.horizon {
                    write!(f, ":{}:{horizon}", s.exploration)
                } else if s.exploration != IsmctsSettings::default().exploration {
                    write!(f, ":{}", s.exploration)
                } else {
                    Ok(())
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
            "unknown bot {:?}: expected random, greedy, ismcts or ismcts:ITERATIONS[:EXPLORATION[:HORIZON]]",
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
                if let Some(h) = parts.next() {
                    settings.horizon = Some(h.parse().ok().filter(|&h: &u32| h > 0).ok_or_else(err)?);
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
