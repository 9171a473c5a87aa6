//! What an observer witnesses: the [`Event`] type and its one-line rendering. Which events
//! each observer gets, and with which faces, is decided in `witness.rs`.
//!
//! The first event of a step is the action as the observer saw it (its redacted notation):
//! the acting seat sees its own notation with the faces only it knows ("P1 draw (7)",
//! "P1 keep b1 (the drawn 7)", "P1 peek P2:a1 (9)"), everyone else only what is done in
//! plain sight ("P1 draws a card", "P1 keeps the drawn card at b1", "P1 peeks at P2:a1").
//! The events that follow are its public consequences: a card going face up onto the discard
//! pile, a match and whether it worked, penalty cards (face down), action cards to use,
//! reshuffles, final turns, the round-end reveal with the scores, and the game over.

use core::fmt;

use duke_core::Seat;
use serde::{Deserialize, Serialize};

use crate::cards::{Face, Power};
use crate::notation::{Slot, Spot};

/// One thing an observer of an Archduke game saw happen.
///
/// Faces a given observer may not see are `None`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Event {
    /// Pre-round peek (rulebook, "Pre-round peeking"): which two own cards `seat` looked at
    /// is seen by all; the faces only by `seat`.
    Look {
        /// Who looked.
        seat: Seat,
        /// The first position looked at.
        first: Slot,
        /// The second position looked at.
        second: Slot,
        /// The two faces, for `seat` only.
        faces: Option<[Face; 2]>,
    },
    /// `seat` draws from the draw pile (rulebook, "On your turn": "look at the new card
    /// without revealing it"); the face only for the drawer.
    Draw {
        /// Who drew.
        seat: Seat,
        /// The card drawn, for the drawer only.
        face: Option<Face>,
    },
    /// `seat` takes the face-up top of the discard pile into `slot` (its face was public).
    Take {
        /// Who took it.
        seat: Seat,
        /// Where it goes.
        slot: Slot,
    },
    /// `seat` keeps the card it drew at `slot`; its face only for `seat`.
    Keep {
        /// Who kept it.
        seat: Seat,
        /// Where it goes.
        slot: Slot,
        /// The kept card, for the drawer only.
        face: Option<Face>,
    },
    /// `seat` discards the card it drew (the face follows in [`Event::Discarded`]).
    Discard {
        /// Who discarded.
        seat: Seat,
    },
    /// `seat` tries to match its card at `slot` onto the discard pile (the result follows in
    /// [`Event::Matched`] or [`Event::Missed`]).
    Match {
        /// Who tries.
        seat: Seat,
        /// Which own card.
        slot: Slot,
        /// Whether `seat` is not the player whose discard opened the window.
        out_of_turn: bool,
    },
    /// PEEK: `seat` looks at the card at `spot`, in plain sight; the face for `seat` (and for
    /// whoever sees that card anyway).
    Peek {
        /// Who peeks.
        seat: Seat,
        /// At which card.
        spot: Spot,
        /// The face, if this observer sees that card after the peek.
        face: Option<Face>,
    },
    /// SWAP: `seat` exchanges two cards on the table; nobody looks at them.
    Swap {
        /// Who swaps.
        seat: Seat,
        /// One card.
        first: Spot,
        /// The other card.
        second: Spot,
    },
    /// GIVE: `seat` gives `target` a penalty card (which follows in [`Event::Penalty`]).
    Give {
        /// Who gives.
        seat: Seat,
        /// Who receives.
        target: Seat,
    },
    /// `seat` does not use its pending action card.
    Pass {
        /// Who passes.
        seat: Seat,
        /// The action not used.
        power: Power,
    },
    /// `seat` calls "Archduke!": everyone else has one more turn.
    Call {
        /// The caller.
        seat: Seat,
    },
    /// `seat` taps the discard pile: the round ends (after the final turns, or at the
    /// engine's turn limit).
    End {
        /// Who ended it.
        seat: Seat,
    },
    /// The dealer turns up the first card of the draw pile (rulebook, "Start of round").
    FirstCard {
        /// The dealer.
        dealer: Seat,
        /// The card, face up.
        face: Face,
    },
    /// The card at `seat`'s `slot`, replaced by a kept or taken card, goes face up onto the
    /// discard pile.
    Replaced {
        /// Whose card.
        seat: Seat,
        /// From where.
        slot: Slot,
        /// The card, now public.
        face: Face,
    },
    /// The card `seat` drew goes face up onto the discard pile.
    Discarded {
        /// Who discarded it.
        seat: Seat,
        /// The card, now public.
        face: Face,
    },
    /// A successful match: the card leaves `seat`'s `slot` (which stays empty) for the discard
    /// pile.
    Matched {
        /// Who matched.
        seat: Seat,
        /// The emptied position.
        slot: Slot,
        /// The card matched.
        face: Face,
    },
    /// A failed match: the card, shown to everyone, goes back to `seat`'s `slot` (rulebook,
    /// "Matching": "they must keep the attempted match card AND take a penalty card").
    Missed {
        /// Who tried.
        seat: Seat,
        /// The card's position.
        slot: Slot,
        /// The card, now seen by everyone.
        face: Face,
    },
    /// `seat` receives a penalty card from the draw pile at `slot`, face down (rulebook,
    /// "Penalty cards"); its face is seen by nobody, except at the round-end reveal.
    Penalty {
        /// Who receives it.
        seat: Seat,
        /// Where it goes.
        slot: Slot,
        /// The card, only when it is revealed at once (the caller's penalty at round end).
        face: Option<Face>,
    },
    /// An action card discarded or matched by `seat` waits for `seat` to use it.
    ActionCard {
        /// Who may use it.
        seat: Seat,
        /// The action.
        power: Power,
    },
    /// The draw pile was empty: the whole discard pile was shuffled into a new draw pile
    /// (rulebook FAQ, "What happens if you run out of cards in the draw pile?").
    Reshuffled {
        /// Cards shuffled (the whole discard pile).
        cards: u8,
    },
    /// After "Archduke!", this turn of `seat` is its last of the round.
    FinalTurn {
        /// Whose turn.
        seat: Seat,
    },
    /// At the end of a round `seat` turns its grid face up.
    Revealed {
        /// Whose grid.
        seat: Seat,
        /// Positions `a1 a2 b1 ...`; `None` = an empty position.
        grid: Vec<Option<Face>>,
        /// The hand's value.
        hand: i16,
        /// The place this round, 1 = lowest hand.
        place: u8,
    },
    /// The round is scored.
    RoundScored {
        /// The round just played.
        round: u16,
        /// What each seat gained this round (tokens, points or a round survived).
        gained: Vec<i32>,
        /// Each seat's total afterwards.
        scores: Vec<i32>,
    },
    /// `seat` is out of the game (Battle Royal, or an online mark's threshold).
    Eliminated {
        /// Who is out.
        seat: Seat,
    },
    /// A new round: 4 cards dealt face down to each player still in.
    NewRound {
        /// The round number.
        round: u16,
        /// The dealer.
        dealer: Seat,
        /// Who plays first.
        first: Seat,
    },
    /// The game is over.
    GameOver {
        /// Final scores (tokens, points or rounds survived).
        scores: Vec<i32>,
        /// Final ranks, 1 = best.
        ranks: Vec<u8>,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Look { seat, first, second, faces: Some([a, b]) } => {
                write!(f, "{seat} look {first} {second} ({a} {b})")
            }
            Event::Look { seat, first, second, faces: None } => write!(f, "{seat} looks at own {first} and {second}"),
            Event::Draw { seat, face: Some(face) } => write!(f, "{seat} draw ({face})"),
            Event::Draw { seat, face: None } => write!(f, "{seat} draws a card"),
            Event::Take { seat, slot } => write!(f, "{seat} take {slot}"),
            Event::Keep { seat, slot, face: Some(face) } => write!(f, "{seat} keep {slot} (the drawn {face})"),
            Event::Keep { seat, slot, face: None } => write!(f, "{seat} keeps the drawn card at {slot}"),
            Event::Discard { seat } => write!(f, "{seat} discard"),
            Event::Match { seat, slot, out_of_turn: false } => write!(f, "{seat} match {slot}"),
            Event::Match { seat, slot, out_of_turn: true } => write!(f, "{seat} match {slot} (out of turn)"),
            Event::Peek { seat, spot, face: Some(face) } => write!(f, "{seat} peek {spot} ({face})"),
            Event::Peek { seat, spot, face: None } => write!(f, "{seat} peeks at {spot}"),
            Event::Swap { seat, first, second } => write!(f, "{seat} swap {first} {second}"),
            Event::Give { seat, target } => write!(f, "{seat} give {target}"),
            Event::Pass { seat, power } => write!(f, "{seat} pass (does not use {power})"),
            Event::Call { seat } => write!(f, "{seat} archduke: calls \"Archduke!\""),
            Event::End { seat } => write!(f, "{seat} end: taps the discard pile"),
            Event::FirstCard { dealer, face } => write!(f, "{dealer} turns up {face}, the first discard"),
            Event::Replaced { seat, slot, face } => {
                write!(f, "{seat}'s {slot} goes face up onto the discard pile: {face}")
            }
            Event::Discarded { seat, face } => write!(f, "{seat} discards the drawn {face}"),
            Event::Matched { seat, slot, face } => write!(f, "{seat} matches {face} from {slot}"),
            Event::Missed { seat, slot, face } => {
                write!(f, "{seat}'s {slot} ({face}) does not match: it goes back, seen by everyone")
            }
            Event::Penalty { seat, slot, face: Some(face) } => {
                write!(f, "{seat} receives a penalty card at {slot}: {face}")
            }
            Event::Penalty { seat, slot, face: None } => {
                write!(f, "{seat} receives a penalty card face down at {slot}")
            }
            Event::ActionCard { seat, power } => write!(f, "{seat} may use {power}"),
            Event::Reshuffled { cards } => {
                write!(f, "the discard pile ({cards} cards) is shuffled into a new draw pile")
            }
            Event::FinalTurn { seat } => write!(f, "this is {seat}'s final turn"),
            Event::Revealed { seat, grid, hand, place } => {
                write!(f, "{seat} reveals")?;
                for (i, face) in grid.iter().enumerate() {
                    let slot = Slot(u8::try_from(i).unwrap_or(u8::MAX));
                    match face {
                        Some(face) => write!(f, " {slot} {face}")?,
                        None => write!(f, " {slot} --")?,
                    }
                }
                write!(f, ": hand {hand}, place {place}")
            }
            Event::RoundScored { round, gained, scores } => {
                write!(f, "round {round} scored:")?;
                for (i, (gain, total)) in gained.iter().zip(scores).enumerate() {
                    write!(f, " P{i} {gain:+} = {total}")?;
                }
                Ok(())
            }
            Event::Eliminated { seat } => write!(f, "{seat} is out of the game"),
            Event::NewRound { round, dealer, first } => {
                write!(f, "round {round}: {dealer} deals 4 cards face down to each player; {first} plays first")
            }
            Event::GameOver { scores, ranks } => {
                write!(f, "game over:")?;
                for (i, (score, rank)) in scores.iter().zip(ranks).enumerate() {
                    write!(f, " P{i} {score} (rank {rank})")?;
                }
                Ok(())
            }
        }
    }
}
