//! What a seat receives, as one serialisable value.

use serde::{Deserialize, Serialize};

use crate::game::{Game, Observer};
use crate::outcome::Outcome;
use crate::seat::SeatSet;

/// Everything an observer is sent at one moment: the events it has not been sent yet, its
/// view, who may act, and its legal actions when it is asked to act. Serialisable, so a
/// server can send it to a remote client as JSON; it holds nothing the observer may not
/// know.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Update<G: Game> {
    /// Who this is for.
    pub observer: Observer,
    /// The index in the observer's event log of the first event below (the client
    /// appends them to its log at that position).
    pub first_event: usize,
    /// The events since the last update, oldest first.
    pub events: Vec<G::Event>,
    /// The observer's view now.
    pub view: G::View,
    /// The seats that may act now.
    pub to_act: SeatSet,
    /// The observer's legal actions now (empty when it may not act, and for a spectator).
    pub legal: Vec<G::Action>,
    /// Whether the observer may wait instead of acting (others may act now too).
    pub may_wait: bool,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}
