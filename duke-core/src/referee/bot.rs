//! What a player program sees and how it answers.

use crate::game::{Game, Observer};
use crate::seat::{Seat, SeatSet};

use super::update::Update;

/// What one seat may use to decide: its view, its event log, its legal actions and
/// determinizations.
///
/// Built by the referee from the true state; it exposes only what the seat may know
/// under the rules (whose turn it is is public, and a determinization is consistent with
/// the seat's information by the contract of [`Game::determinize`]).
pub struct Perspective<'a, G: Game> {
    state: &'a G,
    seat: Seat,
    may_wait: bool,
    events: &'a [G::Event],
}

impl<'a, G: Game> Perspective<'a, G> {
    /// The perspective of `seat` on `state`, which must act now, with no event log. Only
    /// a referee (who owns the true state) builds one; a bot receives it.
    pub fn new(state: &'a G, seat: Seat) -> Perspective<'a, G> {
        Perspective { state, seat, may_wait: false, events: &[] }
    }

    /// The same, at a step where other seats may act too: the bot may
    /// [`Decision::Wait`] to let them go first.
    pub fn with_wait(state: &'a G, seat: Seat) -> Perspective<'a, G> {
        Perspective { may_wait: true, ..Perspective::new(state, seat) }
    }

    /// The same, carrying the seat's event log: everything it saw happen since the start,
    /// oldest first.
    pub fn with_events(self, events: &'a [G::Event]) -> Perspective<'a, G> {
        Perspective { events, ..self }
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

    /// Everything the seat saw happen, oldest first ([`Game::events`]).
    pub fn events(&self) -> &'a [G::Event] {
        self.events
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

    /// All of it that can cross a wire, with the events from index `since` of the log on
    /// (what the seat has not been sent yet).
    pub fn update(&self, since: usize) -> Update<G> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        Update {
            observer: Observer::Seat(self.seat),
            first_event: since,
            events: self.events.get(since..).unwrap_or_default().to_vec(),
            view: self.view(),
            to_act: self.to_act(),
            legal,
            may_wait: self.may_wait,
            outcome: self.state.outcome(),
        }
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

/// A player that chooses an action for one seat: a program, a person, a remote client.
pub trait Bot<G: Game> {
    /// A short label for tables ("random", "ismcts:200").
    fn name(&self) -> String;

    /// Chooses one of the seat's legal actions, or to wait if the perspective allows it;
    /// `None` if the seat has no legal action (a contract violation by the game, reported
    /// by the referee).
    fn choose(&mut self, me: &Perspective<'_, G>) -> Option<Decision<G::Action>>;

    /// Whether the bot reads its seat's event log ([`Perspective::events`]). A referee
    /// that keeps only the logs asked for ([`play_game_with`](super::play_game_with)) keeps
    /// this seat's log when it does, and otherwise computes no events for it. The default,
    /// `true`, is always right; a bot that decides from its view, its legal actions and
    /// determinizations alone says `false`, and a game of such bots computes no events.
    ///
    /// (A view costs nothing until it is asked for: [`Perspective::view`] builds it when
    /// the bot calls it, so a bot that never looks at its view never has one built.)
    fn reads_events(&self) -> bool {
        true
    }
}
