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
//!    generator seeded from the game seed when the step begins (so the arrival order is
//!    part of the game's chance and a run is reproducible from its seed);
//! 2. each seat asked may [wait](Decision::Wait) (decline: let the others go first, as a
//!    player who does not want to match out of turn); the first that acts takes the step,
//!    and the asking starts again from the new state;
//! 3. if every seat waits, the first asked of the seats the game is waiting for
//!    ([`Game::awaited`](crate::Game::awaited)) must act, and may not wait.
//!
//! The record names every step's seat, so a replay needs no generator.
//!
//! # What it costs: logs on demand
//!
//! A table keeps the event logs of the observers it is built with ([`Logs`]):
//! [`Table::new`] and [`play_game`] keep every one (a terminal game, a server, a test
//! reading what everyone saw); [`Table::with_logs`] and [`play_game_with`] only those asked
//! for, plus, in [`play_game_with`], those of the seats whose bot
//! [reads its events](Bot::reads_events). With no log kept a step computes no events and
//! copies no state, a view is built only when a bot asks for one, and nothing is allocated
//! (the record grows by amortised pushes): a simulation with random bots runs at about the
//! engine's own speed. The game itself (asking order, record, outcome) is the same whatever
//! the logs.
//!
//! # Ask and answer: a server
//!
//! The procedure is one implementation, the ask/answer API of [`Table`], which needs no
//! [`Bot`]: [`Table::pending`] lists the seats asked now, in the asking order, as
//! [`Request`]s (the seat, whether it may wait, its legal actions, the events it was not
//! sent yet, as a serialisable [`Update`]); [`Table::answer`] plays one asked seat's
//! action and [`Table::decline`] records that an asked seat waits. Both refuse with a typed
//! [`AnswerError`] (no such seat, not asked, must act, the game's refusal) and leave the
//! table unchanged. Any asked seat may answer, in any order: the first answer takes the
//! step, as when players act at once at a real table.
//!
//! When to stop waiting for a seat is the caller's policy: a server that mixes remote
//! seats with local bots sends each request, lets its bots answer or decline, and declines
//! for a remote seat that may wait when it does not answer in time (a timeout), or when its
//! player says so. The seat that must act last cannot be declined for: the server waits
//! for it (or ends the game by its own rules, e.g. a forfeit). [`Table::step`] is that loop
//! with a [`Bot`] for every seat asked in turn ([`Table::ask`]: the bot's wait is a decline);
//! [`play_game`] repeats it to the end, and the examples' terminal game asks its human
//! first.
//!
//! ```
//! use duke_core::referee::{Bot, Decision, Perspective, Table, Update};
//! use duke_core::testing::toy::HighCard;
//! use duke_core::{Game, Observer, Seat};
//!
//! # struct Keeper;
//! # impl Bot<HighCard> for Keeper {
//! #     fn name(&self) -> String { "keeper".into() }
//! #     fn choose(&mut self, me: &Perspective<'_, HighCard>) -> Option<Decision<<HighCard as Game>::Action>> {
//! #         Some(Decision::Act("keep".parse().ok()?))
//! #     }
//! # }
//! let config = <HighCard as Game>::Config::default();
//! let mut table = Table::<HighCard>::new(&config, 7).unwrap();
//! let remote = Seat(0); // a client over the network; seat 1 is a local bot
//! let mut bot = Keeper;
//! while !table.is_over() {
//!     // Send every request; here the first seat asked is the first to reply.
//!     let Some(request) = table.pending().into_iter().next() else { break };
//!     if request.seat == remote {
//!         // The client decides from the JSON alone and answers in notation: it waits
//!         // when it may, else plays its first legal action.
//!         let json = serde_json::to_string(&request.update).unwrap();
//!         let update: Update<HighCard> = serde_json::from_str(&json).unwrap();
//!         let reply = if update.may_wait { None } else { update.legal.first().map(|a| a.to_string()) };
//!         // A server waits for the reply with a timeout, and declines for the seat when
//!         // it runs out (only if the request may wait).
//!         match reply {
//!             Some(text) => table.answer(remote, text.parse().unwrap()).unwrap(),
//!             None => table.decline(remote).unwrap(),
//!         }
//!     } else {
//!         table.ask(request.seat, &mut bot).unwrap();
//!     }
//! }
//! // Everyone's last update: the events not sent yet, the outcome.
//! let last = table.next_update(Observer::Seat(remote));
//! assert_eq!(last.outcome, table.outcome());
//! ```
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

mod ask;
mod bot;
mod logs;
mod table;
mod update;

pub use ask::{AnswerError, Request};
pub use bot::{Bot, Decision, Perspective};
pub use logs::Logs;
pub use table::{DriverError, Finished, Table, play_game, play_game_with};
pub use update::Update;

use crate::game::Observer;

/// Where `observer`'s log sits among a table's logs: seats first, the spectator last.
fn log_index(observer: Observer, seats: usize) -> usize {
    match observer {
        Observer::Seat(seat) => seat.index(),
        Observer::Spectator => seats,
    }
}
