//! The referee and the bot interface: the loop that asks seats to act, for any [`Game`](crate::Game).
//!
//! A [`Table`] holds the true state and is the only thing that does. Each seat is
//! played by a [`Bot`] (a program, a human at a terminal, a remote client), which sees
//! the game only through a [`Perspective`]: its seat's view, its event log, its legal
//! actions and determinizations. What a seat receives can also be taken as one
//! serialisable [`Update`] to send to a remote client as JSON.
//!
//! [`play_game`] runs a whole game between bots. The referee's procedure when several
//! seats may act at once (simultaneous choices, out-of-turn matches):
//!
//! 1. it asks the seats of [`Game::to_act`](crate::Game::to_act) in a uniformly random order, drawn with its own
//!    generator seeded from the game seed (so the arrival order is part of the game's
//!    chance and a run is reproducible from its seed);
//! 2. each seat asked may [wait](Decision::Wait) (let the others go first: a player who
//!    does not want to match out of turn); the first that acts takes the step, and the
//!    asking starts again from the new state;
//! 3. if every seat waits, the first asked of the seats the game is waiting for
//!    ([`Game::awaited`](crate::Game::awaited)) must act.
//!
//! The record names every step's seat, so a replay needs no generator.
//!
//! ```
//! use duke_core::referee::{Bot, Decision, Perspective, play_game};
//! use duke_core::testing::toy::HighCard;
//! use duke_core::{Game, Observer};
//!
//! /// Keeps every card of 5 or more; looks at nothing but its own view.
//! struct Cautious;
//! impl Bot<HighCard> for Cautious {
//!     fn name(&self) -> String {
//!         "cautious".into()
//!     }
//!     fn choose(&mut self, me: &Perspective<'_, HighCard>) -> Option<Decision<<HighCard as Game>::Action>> {
//!         let mine = me.view().hands.get(me.seat().index()).copied().flatten()?;
//!         Some(Decision::Act(if mine >= 5 { "keep" } else { "redraw" }.parse().ok()?))
//!     }
//! }
//!
//! let config = <HighCard as Game>::Config::default();
//! let mut bots: Vec<Box<dyn Bot<HighCard>>> = vec![Box::new(Cautious), Box::new(Cautious)];
//! let finished = play_game::<HighCard>(&config, 7, &mut bots).unwrap();
//! assert_eq!(finished.record.replay().unwrap().outcome(), Some(finished.outcome.clone()));
//! // Every observer's log of what it saw, in order; the spectator's here.
//! for event in finished.events(Observer::Spectator) {
//!     println!("{event}");
//! }
//! ```

mod bot;
mod table;
mod update;

pub use bot::{Bot, Decision, Perspective};
pub use table::{DriverError, Finished, Table, play_game};
pub use update::Update;

use crate::game::Observer;

/// Where `observer`'s log sits among a table's logs: seats first, the spectator last.
fn log_index(observer: Observer, seats: usize) -> usize {
    match observer {
        Observer::Seat(seat) => seat.index(),
        Observer::Spectator => seats,
    }
}
