//! What each observer witnesses: the action as it saw it (the *redacted notation*) and then
//! every consequence the rules make visible to it.
//!
//! Hidden from everyone but the actor: the choice of CASTLE and DUKES (Setup 4: face down
//! until "Dukes Up!") and which hand cards are discarded ("Discarding": face down, so the
//! order of two is hidden too). The faces of drawn cards are seen by the drawer only, except
//! cards drawn back from the discard pile that everyone knew. Nobody sees a buried card.
//! Everything else is played in the open: plays, DUKE changes, THE MOVE, table discards,
//! CASTLES flipping up, reshuffles (their size), and the scoring.
//!
//! Events are computed from the states before and after a step, outside the hot path.

use core::fmt;

use duke_core::{Card, CardSet, Observer, Outcome, Seat};
use serde::{Deserialize, Serialize};

use crate::actions::{Action, Source};
use crate::config::Reshuffle;
use crate::meld::{Meld, MeldKind, split};
use crate::state::{CastleState, Phase, Player, Position, other};

/// Why a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum RoundEnd {
    /// The opponent's CASTLE was taken ("Taking Your Opponent's DUKES", "Ending the Game").
    CastleTaken {
        /// Who took it.
        by: Seat,
    },
    /// A player emptied both his piles and played from his hand ("Ending the Game").
    PilesEmpty {
        /// Whose piles.
        seat: Seat,
    },
    /// The configured turn limit was reached (not in the rulebook: `Config::turn_limit`).
    TurnLimit,
}

/// One thing an observer of a Dukes Up! game saw happen. `Display` prints one line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Event {
    /// An action seen in full: any action by the observer's own seat, and by anyone else
    /// every action but the face-down ones below (draws, plays, DUKE changes, THE MOVE,
    /// burials and table discards are done in the open). Prints as the notation.
    Acted {
        /// Who acted.
        seat: Seat,
        /// The action.
        action: Action,
    },
    /// Another seat chose its CASTLE and DUKES, all face down (Setup 4).
    ChoseFaceDown {
        /// Who chose.
        seat: Seat,
    },
    /// Another seat discarded from its hand face down ("Discarding").
    DiscardedFaceDown {
        /// Who discarded.
        seat: Seat,
        /// How many cards (1 or 2).
        count: u8,
        /// The cards, when they can be no others (the hand held just these cards and the
        /// observer knew them all); empty otherwise. Two such cards are known as a pair,
        /// not in their order.
        #[serde(with = "crate::wire::card_list")]
        known: CardSet,
    },
    /// Both players have chosen: "Dukes Up!", every DUKE is flipped up (Setup 6).
    DukesUp {
        /// Each seat's two DUKE slots.
        dukes: [[Option<Card>; 2]; 2],
    },
    /// Cards came into a hand from one of its owner's piles ("Drawing"). Sent when the
    /// observer sees at least one face: to the drawer always, to the others only for cards
    /// drawn back from the discard pile that everyone knew.
    Drew {
        /// Who drew.
        seat: Seat,
        /// From which pile.
        source: Source,
        /// How many cards.
        count: u8,
        /// The faces this observer sees (all of them for the drawer).
        #[serde(with = "crate::wire::card_list")]
        cards: CardSet,
    },
    /// A discard pile was shuffled into a new draw pile ("Drawing": "If your draw pile is
    /// empty, shuffle your discard pile into a new draw pile").
    Reshuffled {
        /// Whose piles.
        seat: Seat,
        /// How many cards the new draw pile got.
        cards: u8,
    },
    /// A DUKE was played to the table by the opponent ("Taking Your Opponent's DUKES").
    DukeTaken {
        /// Who took it.
        by: Seat,
        /// Whose DUKE it was.
        from: Seat,
        /// The DUKE.
        card: Card,
    },
    /// A face-up CASTLE was played to the table by the opponent: the round ends this turn
    /// ("Taking Your Opponent's DUKES").
    CastleTaken {
        /// Who took it.
        by: Seat,
        /// Whose CASTLE it was.
        from: Seat,
        /// The CASTLE.
        card: Card,
    },
    /// THE MOVE: a player played his own CASTLE to the table, flipping it up if it was face
    /// down ("THE MOVE").
    MoveMade {
        /// Who made it.
        seat: Seat,
        /// The CASTLE, now face up on the table.
        castle: Card,
        /// Whether it was face down until now.
        flipped: bool,
    },
    /// THE MOVE failed: the CASTLE went back, face up ("THE MOVE").
    MoveFailed {
        /// Whose CASTLE.
        seat: Seat,
        /// The CASTLE.
        castle: Card,
    },
    /// THE MOVE succeeded: the round ends with the player's CASTLE on the table.
    MoveSucceeded {
        /// Who made it.
        seat: Seat,
        /// His CASTLE, which counts on the table.
        castle: Card,
    },
    /// A CASTLE without DUKES flipped face up at the start of its owner's turn ("Taking Your
    /// Opponent's DUKES", "Replacing Your DUKES").
    CastleFlipped {
        /// Whose CASTLE.
        seat: Seat,
        /// The CASTLE.
        castle: Card,
    },
    /// A round was scored ("Scoring"): the table's runs and sets and each seat's count.
    RoundEnded {
        /// The round, from 1.
        round: u8,
        /// Why it ended.
        reason: RoundEnd,
        /// The table, split into runs and sets.
        melds: Vec<Meld>,
        /// Each seat's cards this round: own cards on the table, remaining DUKES and CASTLE.
        counts: [u32; 2],
        /// Points of all finished rounds so far.
        points: [u32; 2],
        /// Rounds won so far.
        wins: [u8; 2],
    },
    /// A new round was dealt: CASTLES and DUKES are chosen next (Setup 2-3).
    RoundStarted {
        /// The round, from 1.
        round: u8,
        /// Who goes first (players switch back and forth).
        first: Seat,
    },
    /// Four cards were dealt to a seat at the start of a round (Setup 3).
    Dealt {
        /// Who received them.
        seat: Seat,
        /// The cards, for their owner only.
        #[serde(with = "crate::wire::option_card_list")]
        cards: Option<CardSet>,
    },
    /// The game is over.
    GameOver {
        /// The result: points (or rounds won) and ranks per seat.
        outcome: Outcome,
    },
}

/// The cards the others can name when `seat` discards `cards` face down (see
/// [`crate::turn::discard_seen`]): the observer's view before the step decides it.
fn known_discard(pos: &Position, seat: Seat, cards: &[Card]) -> CardSet {
    let gone: CardSet = cards.iter().copied().collect();
    if gone.len() == cards.len() && crate::turn::discard_seen(pos.player(seat), gone) { gone } else { CardSet::EMPTY }
}

/// The action as `observer` saw it: see [`duke_core::Game::seen_action`].
pub(crate) fn seen_action(pos: &Position, seat: Seat, action: Action, observer: Observer) -> Event {
    if observer == Observer::Seat(seat) {
        return Event::Acted { seat, action };
    }
    match action {
        Action::Choose { .. } => Event::ChoseFaceDown { seat },
        Action::Discard(c) => Event::DiscardedFaceDown { seat, count: 1, known: known_discard(pos, seat, &[c]) },
        Action::DiscardTwo(a, b) => {
            Event::DiscardedFaceDown { seat, count: 2, known: known_discard(pos, seat, &[a, b]) }
        }
        _ => Event::Acted { seat, action },
    }
}

/// The sizes of the reshuffles of `p`'s piles during a step that takes `take` cards from
/// the draw pile (a draw, or a burial when `bury`) or `back` cards from the discard pile:
/// those before the last card is taken, and the one right after under
/// [`Reshuffle::AtOnce`]. Mirrors `turn::draw_one` on the pile sizes, which are public.
fn reshuffles(p: &Player, take: u8, back: u8, bury: bool, at_once: bool) -> (Vec<u8>, Option<u8>) {
    let (mut draw, mut discards) = (p.draw.len(), p.discards.pile.len());
    let mut early = Vec::new();
    for _ in 0..take {
        if draw == 0 {
            if discards > 0 {
                early.push(discards as u8);
            }
            (draw, discards) = (discards, 0);
        }
        draw = draw.saturating_sub(1);
        discards += usize::from(bury);
    }
    discards = discards.saturating_sub(usize::from(back));
    let late = (at_once && draw == 0 && discards > 0).then_some(discards as u8);
    (early, late)
}

/// Writes the events of one step: see [`duke_core::Game::events`].
pub(crate) fn events(
    before: &Position,
    seat: Seat,
    action: Action,
    after: &Position,
    observer: Observer,
    out: &mut Vec<Event>,
) {
    out.clear();
    out.push(seen_action(before, seat, action, observer));
    let me = before.player(seat);
    let opp = other(seat);
    let at_once = before.config.reshuffle == Reshuffle::AtOnce;
    match action {
        Action::Choose { .. } if before.phase == Phase::Choosing && after.phase != Phase::Choosing => {
            out.push(Event::DukesUp { dukes: [after.player(Seat(0)).dukes, after.player(Seat(1)).dukes] });
        }
        Action::Draw { source, count } => {
            let (take, back) = if source == Source::DrawPile { (count, 0) } else { (0, count) };
            let (early, late) = reshuffles(me, take, back, false, at_once);
            out.extend(early.into_iter().map(|cards| Event::Reshuffled { seat, cards }));
            let (was, now) = (before.player(seat), after.player(seat));
            let cards = if observer == Observer::Seat(seat) {
                now.hand.difference(was.hand)
            } else {
                now.hand_public.difference(was.hand_public)
            };
            if !cards.is_empty() {
                out.push(Event::Drew { seat, source, count, cards });
            }
            out.extend(late.map(|cards| Event::Reshuffled { seat, cards }));
        }
        Action::Play(card) => {
            let them = before.player(opp);
            if them.duke_set().contains(card) {
                out.push(Event::DukeTaken { by: seat, from: opp, card });
            } else if them.castle_face_up() == Some(card) {
                out.push(Event::CastleTaken { by: seat, from: opp, card });
            }
        }
        Action::Move => {
            if let Some(castle) = me.castle {
                out.push(Event::MoveMade { seat, castle, flipped: me.castle_state == CastleState::FaceDown });
            }
        }
        Action::Return => {
            if let Some(castle) = me.castle {
                out.push(Event::MoveFailed { seat, castle });
            }
        }
        Action::Bury => {
            let (early, late) = reshuffles(me, 1, 0, true, at_once);
            out.extend(early.into_iter().chain(late).map(|cards| Event::Reshuffled { seat, cards }));
        }
        Action::End => {
            if me.castle_state == CastleState::OnTable
                && let Some(castle) = me.castle
            {
                out.push(Event::MoveSucceeded { seat, castle });
            }
        }
        _ => {}
    }
    let round_over = after.round != before.round || (after.phase == Phase::Over && before.phase != Phase::Over);
    if round_over {
        round_end(before, seat, action, after, observer, out);
    } else if before.phase == Phase::Play && after.phase == Phase::Draw {
        // The turn passed: a CASTLE without DUKES flips up "at the start of their next turn".
        let next = after.current;
        if before.player(next).castle_state == CastleState::FaceDown
            && after.player(next).castle_state == CastleState::FaceUp
            && let Some(castle) = after.player(next).castle
        {
            out.push(Event::CastleFlipped { seat: next, castle });
        }
    }
}

/// The scoring of the round `before` was in, then the next deal or the game's end.
fn round_end(
    before: &Position,
    seat: Seat,
    action: Action,
    after: &Position,
    observer: Observer,
    out: &mut Vec<Event>,
) {
    let reason = if action != Action::End {
        RoundEnd::TurnLimit
    } else if before.player(other(seat)).castle_state == CastleState::OnTable {
        RoundEnd::CastleTaken { by: seat }
    } else {
        RoundEnd::PilesEmpty { seat }
    };
    let mut table = before.table;
    if let Action::DiscardTable(c) = action {
        table.remove(c);
    }
    out.push(Event::RoundEnded {
        round: before.round,
        reason,
        melds: split(table, before.config.ace).unwrap_or_default(),
        counts: after.last_round.unwrap_or_default(),
        points: after.points,
        wins: after.wins,
    });
    if after.phase == Phase::Over {
        if let Some(outcome) = crate::scoring::outcome(after) {
            out.push(Event::GameOver { outcome });
        }
        return;
    }
    push_round_start(after, observer, out);
}

/// A round's start: the round and who goes first, then the four cards dealt to each seat
/// (their faces for their owner only). Also [`duke_core::Game::opening_events`].
pub(crate) fn push_round_start(pos: &Position, observer: Observer, out: &mut Vec<Event>) {
    out.push(Event::RoundStarted { round: pos.round, first: pos.round_first });
    for dealt in [Seat(0), Seat(1)] {
        let cards = (observer == Observer::Seat(dealt)).then(|| pos.player(dealt).hand);
        out.push(Event::Dealt { seat: dealt, cards });
    }
}

/// "a card" or "2 cards".
fn cards_word(n: impl Into<usize>) -> String {
    match n.into() {
        1 => "a card".to_owned(),
        n => format!("{n} cards"),
    }
}

impl fmt::Display for RoundEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundEnd::CastleTaken { by } => write!(f, "{by} took the CASTLE"),
            RoundEnd::PilesEmpty { seat } => write!(f, "{seat} emptied both piles"),
            RoundEnd::TurnLimit => f.write_str("turn limit"),
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Acted { seat, action } => write!(f, "{seat} {action}"),
            Event::ChoseFaceDown { seat } => write!(f, "{seat} chooses a CASTLE and 2 DUKES face down"),
            Event::DiscardedFaceDown { seat, count, known } => {
                write!(f, "{seat} discards {} face down", cards_word(*count))?;
                match known.len() {
                    0 => Ok(()),
                    1 => write!(f, " (it can only be {known})"),
                    _ => write!(f, " (they can only be {known}, in an order only {seat} knows)"),
                }
            }
            Event::DukesUp { dukes } => {
                f.write_str("Dukes Up!")?;
                for (i, pair) in dukes.iter().enumerate() {
                    write!(f, "{} {}", if i == 0 { "" } else { "," }, Seat(i as u8))?;
                    for slot in pair {
                        match slot {
                            Some(c) => write!(f, " [{c}]")?,
                            None => f.write_str(" [  ]")?,
                        }
                    }
                }
                Ok(())
            }
            Event::Drew { seat, source, count, cards } => {
                let unseen = usize::from(*count).saturating_sub(cards.len());
                match source {
                    Source::DrawPile => write!(f, "{seat} draws {cards}")?,
                    Source::Discards => write!(f, "{seat} takes back {cards}")?,
                }
                if unseen > 0 {
                    write!(f, " and {} unseen", cards_word(unseen))?;
                }
                if *source == Source::Discards {
                    f.write_str(" from the discard pile")?;
                }
                Ok(())
            }
            Event::Reshuffled { seat, cards } => {
                write!(f, "{seat} shuffles the discard pile ({}) into a new draw pile", cards_word(*cards))
            }
            Event::DukeTaken { by, from, card } => write!(f, "{by} takes {from}'s DUKE {card}"),
            Event::CastleTaken { by, from, card } => write!(f, "{by} takes {from}'s CASTLE {card}: the round ends"),
            Event::MoveMade { seat, castle, flipped } => {
                let how = if *flipped { "flips up and plays" } else { "plays" };
                write!(f, "THE MOVE: {seat} {how} the CASTLE {castle}")
            }
            Event::MoveFailed { seat, castle } => {
                write!(f, "THE MOVE fails: {seat} puts the CASTLE {castle} back, face up")
            }
            Event::MoveSucceeded { seat, castle } => write!(f, "THE MOVE succeeds: {seat}'s CASTLE {castle} stays"),
            Event::CastleFlipped { seat, castle } => write!(f, "{seat}'s CASTLE flips face up: {castle}"),
            Event::RoundEnded { round, reason, melds, counts: [a, b], points: [pa, pb], wins: [wa, wb] } => {
                write!(f, "round {round} over ({reason}): P0 {a} cards, P1 {b} cards; table:")?;
                if melds.is_empty() {
                    f.write_str(" empty")?;
                }
                for meld in melds {
                    let kind = if meld.kind == MeldKind::Run { "run" } else { "set" };
                    write!(f, " [{kind}")?;
                    meld.ordered().iter().try_for_each(|c| write!(f, " {c}"))?;
                    f.write_str("]")?;
                }
                write!(f, "; points P0 {pa}, P1 {pb}; rounds won P0 {wa}, P1 {wb}")
            }
            Event::RoundStarted { round, first } => write!(f, "round {round} begins: {first} goes first"),
            Event::Dealt { seat, cards: Some(cards) } => write!(f, "{seat} is dealt {cards}"),
            Event::Dealt { seat, cards: None } => write!(f, "{seat} is dealt 4 cards"),
            Event::GameOver { outcome } => {
                f.write_str("game over:")?;
                for (i, score) in outcome.scores.iter().enumerate() {
                    write!(f, "{} P{i} {score}", if i == 0 { "" } else { "," })?;
                }
                let winners = outcome.winners();
                if outcome.is_draw() {
                    f.write_str("; a tie")
                } else {
                    winners.iter().try_for_each(|w| write!(f, "; {w} wins"))
                }
            }
        }
    }
}
