//! What an observer witnesses: the [`Event`]s of one step, each printable as one line.
//!
//! An event carries a card face only for an observer the rules show it to; for everyone
//! else the face is `None` (or the action is replaced by a face-down variant). Which
//! observer sees what is decided in `witness.rs`; `RULES.md` ("Events: what each observer
//! sees") gives the table with the rulebook sections.

use core::fmt;

use duke_core::{Outcome, Seat};
use serde::{Deserialize, Serialize};

use crate::actions::{Action, Bid, Trump};
use crate::cards::{Face, Power, SuitId};
use crate::expansion::MissionCard;
use crate::round_types::RoundType;
use crate::trick::Form;
use crate::view::TableCard;

/// One thing an observer of a Crown Battles game saw happen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Event {
    /// An action seen in full: every public action, and every action of the observer itself.
    /// Prints as `P1 play R12`, the seat and the action notation.
    Acted {
        /// Who acted.
        seat: Seat,
        /// What it did.
        action: Action,
    },
    /// Smuggler, seen by anyone but its player: a card of the hand went into the deck face
    /// down ("Smuggler": "swap one of your cards with a randomly drawn card from the deck").
    SmuggledFaceDown {
        /// Who swapped.
        seat: Seat,
        /// Whether it was the swap before bidding, made by showing the Smuggler.
        before_bid: bool,
    },
    /// Magician, seen by anyone but the passer: a card was chosen to pass face down.
    PassChosen {
        /// Who chose.
        seat: Seat,
    },
    /// Merchant, seen by anyone but its player: a card of the player's choice goes to `with`
    /// for a random card of theirs (the faces follow in [`Event::Traded`]).
    TradeOffered {
        /// The Merchant's player.
        seat: Seat,
        /// The other player.
        with: Seat,
    },
    /// Smuggler: the random card that came from the deck into the hand.
    DrewFromDeck {
        /// Who drew it.
        seat: Seat,
        /// The card, for the drawer only.
        card: Option<Face>,
    },
    /// Blind Bidding, seen by anyone but the bidder: a bid token placed face down ("Place
    /// your chosen token facedown in front of you").
    BidFaceDown {
        /// Who bid.
        seat: Seat,
    },
    /// Blind Bidding, seen by anyone but its player: the Jester moved a face-down bid (by
    /// how much is as hidden as the bid).
    JestFaceDown {
        /// The Jester's player.
        seat: Seat,
    },
    /// Stealth Play, seen by anyone but its player: a card played face down to the trick
    /// ("all other players place their cards face down"); the trick's
    /// [`Event::TrickTaken`] reveals it.
    PlayedFaceDown {
        /// Who played it.
        seat: Seat,
    },
    /// The Split, seen by anyone but its player: a card set aside face down for the second
    /// half ("Players split their hand of cards into two equals").
    SetAsideFaceDown {
        /// Who set it aside.
        seat: Seat,
    },
    /// The Split: the first half's tricks are all played; the set-aside halves are taken up
    /// and the second half starts from the dealer's left. The first half's bids (after any
    /// Jester) and tricks (after any Thief), kept for the round's score.
    FirstHalfPlayed {
        /// Each seat's bid for the first half.
        bids: Vec<Option<Bid>>,
        /// Tricks each seat won in the first half.
        tricks: Vec<u8>,
    },
    /// Missions: the missions dealt to the observer to choose from (catalogue id and what
    /// each asks, in id order); a spectator or a seat dealt none sees an empty list
    /// ("Players are given 5 missions cards to choose one from").
    MissionsDealt {
        /// The observer's seat, when it is a player.
        seat: Option<Seat>,
        /// Its missions.
        missions: Vec<MissionCard>,
    },
    /// Missions chosen face down (Blind Missions, or the simultaneous reveal), seen by
    /// anyone but the chooser.
    MissionChosenFaceDown {
        /// Who chose.
        seat: Seat,
    },
    /// Missions chosen face down are turned up: all together once the last has chosen
    /// (simultaneous reveal), or at the round's end (Blind Missions).
    MissionsRevealed {
        /// Each seat's mission (`None`: it had none).
        missions: Vec<Option<MissionCard>>,
    },
    /// Stealth Play with `Config::stealth_follow_face_down`, seen by this seat only: its
    /// turn has come and a card played face down set the suit it must follow (its legal
    /// plays show it).
    SuitTold {
        /// Who is told.
        seat: Seat,
        /// The suit to follow.
        suit: SuitId,
    },
    /// Leaked Suit, seen by anyone but the chooser: a suit to reveal was chosen face down
    /// (the choices are revealed together once everyone has chosen).
    LeakChosen {
        /// Who chose.
        seat: Seat,
    },
    /// Leaked Suit: a seat's suit is revealed, with every card of it in its hand ("reveal
    /// all cards in their chosen suit … face up"); seen by everyone.
    SuitLeaked {
        /// Whose cards.
        seat: Seat,
        /// The suit.
        leak: crate::actions::Leak,
        /// The seat's cards of it (they stay in its hand).
        cards: Vec<Face>,
    },
    /// Alliances, seen by anyone but the player and its ally: a Secret Note was shown to
    /// the ally (which card, only the two of them see: "show a card of their choice to
    /// their ally").
    NoteShown {
        /// Who showed it.
        seat: Seat,
        /// The ally.
        ally: Seat,
    },
    /// Alliances: the teams are formed (by the dealer's last team action, or by the
    /// generator at the round's start); seen by everyone.
    TeamsFormed {
        /// Each seat's ally (`None`: the solo player).
        allies: Vec<Option<Seat>>,
    },
    /// The round's type, revealed at its start ("The dealer shuffles the chosen cards and
    /// randomly reveals one for each round"); only in games that play round types.
    RoundTypeRevealed {
        /// The round's type.
        round_type: RoundType,
    },
    /// Spy: the player looked through the deck (the undealt cards).
    DeckSeen {
        /// The Spy's player.
        seat: Seat,
        /// The deck, for the Spy's player only.
        cards: Option<Vec<Face>>,
    },
    /// Bishop: the player saw an opponent's hand.
    HandSeen {
        /// The Bishop's player.
        seat: Seat,
        /// Whose hand.
        target: Seat,
        /// The hand, for the Bishop's player only.
        cards: Option<Vec<Face>>,
    },
    /// Cursed: two players swapped their whole hands.
    HandsSwapped {
        /// One player.
        first: Seat,
        /// The other.
        second: Seat,
        /// What `first` received (the hand `second` had), for the two players only.
        first_gets: Option<Vec<Face>>,
        /// What `second` received (the hand `first` had), for the two players only.
        second_gets: Option<Vec<Face>>,
    },
    /// Magician: everyone else has chosen, and the Magician's player sees the card coming
    /// to him before choosing his own ("Only this card's player sees the card pass to them
    /// before choosing which one to pass").
    PassSeen {
        /// Who passes it.
        from: Seat,
        /// The Magician's player.
        to: Seat,
        /// The card, for the two of them only.
        card: Option<Face>,
    },
    /// Magician: one card handed over face down once everyone has chosen.
    Passed {
        /// Who gave it.
        from: Seat,
        /// Who received it.
        to: Seat,
        /// The card, for the giver and the receiver only.
        card: Option<Face>,
    },
    /// Merchant: two players exchanged one card each.
    Traded {
        /// Who gave `given` (the Merchant's player, or the first of two others).
        giver: Seat,
        /// Who gave `taken` in return (a random card of its hand).
        taker: Seat,
        /// The card that went from `giver` to `taker`, for the two of them only.
        given: Option<Face>,
        /// The card that went from `taker` to `giver`, for the two of them only.
        taken: Option<Face>,
    },
    /// A trick is complete and decided ("To win a trick"; a Bomb destroys it). Long Play:
    /// after the second pass only.
    TrickTaken {
        /// The trick's cards in play order (Long Play: both passes, the first pass first).
        cards: Vec<TableCard>,
        /// Who wins it; `None` when a Bomb destroyed it.
        winner: Option<Seat>,
    },
    /// Stealth Play with `Config::stealth_actions_at_flip`: the complete trick is turned up
    /// and the immediate actions of its face-down cards resolve before the winner is decided
    /// ([`Event::TrickTaken`] follows once they have).
    TrickRevealed {
        /// The trick's cards in play order.
        cards: Vec<TableCard>,
    },
    /// Wagering: the pot is settled at the round's end ("Those who make correct
    /// predictions share the pot, rounding down to the nearest 5, while the remaining
    /// points go to the bank"; "If no one wins, the pot carries over to the next Wagering
    /// Round"). Seen by everyone, before [`Event::RoundScored`] (whose points include the
    /// stakes, the shares and the extra wagers).
    PotSettled {
        /// The pot: the one carried over and this round's stakes.
        pot: u16,
        /// Those who met their bids.
        winners: Vec<Seat>,
        /// What each winner receives.
        share: u16,
        /// What goes to the bank (the rounding).
        to_bank: u16,
        /// What carries over to the next Wagering round (the whole pot when no one won).
        carried: u16,
    },
    /// Duel Fights: everyone is grouped ("the dealer pairs players"), by the dealer's last
    /// grouping or the generator; seen by everyone. The groups, each in seat order.
    Paired {
        /// The groups.
        groups: Vec<Vec<Seat>>,
    },
    /// The round is over and scored ("Ending a Round", "Scoring").
    RoundScored {
        /// The round, 1-based (tie replays continue counting).
        round: u8,
        /// Each seat's final bid (after any Jester); The Split: the second half's (the
        /// first half's were in [`Event::FirstHalfPlayed`]).
        bids: Vec<Option<Bid>>,
        /// Tricks each seat won (after any Thief); The Split: in the second half.
        tricks: Vec<u8>,
        /// Points each seat scored for the round (The Split: for both halves).
        points: Vec<i32>,
        /// Each seat's score after the round.
        scores: Vec<i32>,
        /// Missions, Blind Missions and Missions-Alliances: per seat, whether its mission
        /// was met (`Some(true)`) or missed (`Some(false)`; `None`: it had none). Empty in
        /// other rounds, and then left out of the JSON.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        missions: Vec<Option<bool>>,
    },
    /// Who holds the crown after the round (How to Play 9: the sole leader, nobody on a tie).
    Crown {
        /// The holder, if any.
        holder: Option<Seat>,
    },
    /// The game is over ("Game End").
    GameOver {
        /// Final scores and ranks.
        outcome: Outcome,
    },
    /// A new round begins (How to Play 1, 10).
    RoundStarted {
        /// The round, 1-based (above `rounds` for a tie replay).
        round: u8,
        /// Scheduled rounds.
        rounds: u8,
        /// The dealer.
        dealer: Seat,
        /// Cards dealt to each player.
        cards: u8,
    },
    /// The deal: `count` cards to each player.
    Dealt {
        /// Cards dealt to each player.
        count: u8,
        /// The observer's seat, when it is a player.
        seat: Option<Seat>,
        /// The observer's own cards (empty for a spectator).
        cards: Vec<Face>,
    },
    /// The spinner (How to Play 2).
    Spun {
        /// The trump it set: a suit, or X for no trump; `None`: the dealer chooses.
        trump: Option<Trump>,
        /// The dealer.
        dealer: Seat,
    },
    /// Suit Precision: a trick goes face up under one of its winner's suits ("place it under
    /// the blue suit bid for everyone to see"), by the winner's choice or the only one
    /// possible; also the Thief's stolen trick.
    TrickPlaced {
        /// Whose trick it is now.
        seat: Seat,
        /// The suit it is placed under.
        suit: SuitId,
    },
    /// Suit Precision: the suit bids (after any Jester) and the tricks under each suit
    /// (after any Thief) the round is scored with; [`Event::RoundScored`] follows, its bids
    /// `None`.
    SuitsScored {
        /// Each seat's bid per suit (R, G, B, Y).
        bids: Vec<[Option<Bid>; 4]>,
        /// The tricks each seat placed under each suit.
        tricks: Vec<[u8; 4]>,
    },
}

/// Writes faces separated by spaces.
fn faces(f: &mut fmt::Formatter<'_>, cards: &[Face]) -> fmt::Result {
    let mut first = true;
    for face in cards {
        if !first {
            f.write_str(" ")?;
        }
        first = false;
        write!(f, "{face}")?;
    }
    if first { f.write_str("(none)") } else { Ok(()) }
}

/// "1 card", "2 cards".
/// A trick's cards as ` P0=R13 P1=double-faced:golem …`.
fn table(f: &mut fmt::Formatter<'_>, cards: &[TableCard]) -> fmt::Result {
    for c in cards {
        let golem = c.face == Face::Power(Power::DoubleFaced) && matches!(c.form, Form::Golem { .. });
        write!(f, " {}={}{}", c.seat, c.face, if golem { ":golem" } else { "" })?;
    }
    Ok(())
}

fn card_count(n: u8) -> String {
    if n == 1 { "1 card".to_owned() } else { format!("{n} cards") }
}

fn trump_name(f: &mut fmt::Formatter<'_>, trump: Trump) -> fmt::Result {
    match trump {
        Trump::Suit(s) => write!(f, "{} ({}, {}) is trump", s.letter(), s.colour(), s.race()),
        Trump::NoTrump => f.write_str("X: no trump"),
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Acted { seat, action } => write!(f, "{seat} {action}"),
            Event::SmuggledFaceDown { seat, before_bid: true } => {
                write!(f, "{seat} shows the smuggler and swaps a card with the deck face down")
            }
            Event::SmuggledFaceDown { seat, before_bid: false } => {
                write!(f, "{seat} swaps a card with the deck face down")
            }
            Event::PassChosen { seat } => write!(f, "{seat} chooses a card to pass face down"),
            Event::BidFaceDown { seat } => write!(f, "{seat} places a bid face down"),
            Event::JestFaceDown { seat } => write!(f, "{seat} uses the jester on their face-down bid"),
            Event::PlayedFaceDown { seat } => write!(f, "{seat} plays a card face down"),
            Event::SetAsideFaceDown { seat } => write!(f, "{seat} sets a card aside face down for the second half"),
            Event::FirstHalfPlayed { bids, tricks } => {
                write!(f, "the first half is played:")?;
                for (i, bid) in bids.iter().enumerate() {
                    let bid = bid.map_or_else(|| "-".to_owned(), |b| b.to_string());
                    let took = tricks.get(i).copied().unwrap_or(0);
                    write!(f, "{} P{i} bid {bid} took {took}", if i == 0 { "" } else { ";" })?;
                }
                f.write_str("; the second half starts")
            }
            Event::MissionsDealt { seat: Some(seat), missions } => {
                write!(f, "{seat} is dealt missions: ")?;
                let cards: Vec<String> = missions.iter().map(ToString::to_string).collect();
                f.write_str(&cards.join(", "))
            }
            Event::MissionsDealt { seat: None, .. } => f.write_str("missions are dealt"),
            Event::MissionChosenFaceDown { seat } => write!(f, "{seat} chooses a mission face down"),
            Event::MissionsRevealed { missions } => {
                f.write_str("missions revealed:")?;
                for (i, m) in missions.iter().enumerate() {
                    match m {
                        Some(m) => write!(f, " P{i}={m}")?,
                        None => write!(f, " P{i}=-")?,
                    }
                }
                Ok(())
            }
            Event::SuitTold { seat, suit } => write!(f, "{seat} must follow {suit} (set face down)"),
            Event::PotSettled { pot, winners, share, to_bank, carried } => {
                if winners.is_empty() {
                    write!(f, "Wagering: no one met their bid; the pot of {pot} carries over ({carried})")
                } else {
                    let names: Vec<String> = winners.iter().map(ToString::to_string).collect();
                    write!(
                        f,
                        "Wagering: the pot of {pot} goes {share} each to {}, {to_bank} to the bank",
                        names.join(" ")
                    )
                }
            }
            Event::Paired { groups } => {
                let groups: Vec<String> =
                    groups.iter().map(|g| g.iter().map(ToString::to_string).collect::<Vec<_>>().join("+")).collect();
                write!(f, "Duel Fights: the groups are {}", groups.join(", "))
            }
            Event::LeakChosen { seat } => write!(f, "{seat} chooses a suit to reveal face down"),
            Event::SuitLeaked { seat, leak, cards } => {
                write!(f, "{seat} reveals suit {leak}: ")?;
                faces(f, cards)
            }
            Event::NoteShown { seat, ally } => write!(f, "{seat} shows a card to {ally} (Secret Note)"),
            Event::TeamsFormed { allies } => {
                f.write_str("teams:")?;
                for (i, a) in allies.iter().enumerate() {
                    match a {
                        Some(a) if a.index() > i => write!(f, " P{i}+{a}")?,
                        Some(_) => {}
                        None => write!(f, " P{i} solo")?,
                    }
                }
                Ok(())
            }
            Event::RoundTypeRevealed { round_type } => write!(f, "the round type is {}", round_type.name()),
            Event::TradeOffered { seat, with } => write!(f, "{seat} trades a card of their choice with {with}"),
            Event::DrewFromDeck { seat, card: Some(card) } => write!(f, "{seat} draws {card} from the deck"),
            Event::DrewFromDeck { seat, card: None } => write!(f, "{seat} draws a card from the deck"),
            Event::DeckSeen { seat, cards: Some(cards) } => {
                write!(f, "{seat} looks through the deck: ")?;
                faces(f, cards)
            }
            Event::DeckSeen { seat, cards: None } => write!(f, "{seat} looks through the deck"),
            Event::HandSeen { seat, target, cards: Some(cards) } => {
                write!(f, "{seat} sees {target}'s hand: ")?;
                faces(f, cards)
            }
            Event::HandSeen { seat, target, cards: None } => write!(f, "{seat} sees {target}'s hand"),
            Event::HandsSwapped { first, second, first_gets, second_gets } => {
                write!(f, "{first} and {second} swap hands")?;
                if let (Some(a), Some(b)) = (first_gets, second_gets) {
                    write!(f, ": {first} gets ")?;
                    faces(f, a)?;
                    write!(f, "; {second} gets ")?;
                    faces(f, b)?;
                }
                Ok(())
            }
            Event::PassSeen { from, to, card: Some(card) } => write!(f, "{to} sees the card {from} passes: {card}"),
            Event::PassSeen { from, to, card: None } => write!(f, "{to} sees the card {from} passes"),
            Event::Passed { from, to, card: Some(card) } => write!(f, "{from} passes {card} to {to}"),
            Event::Passed { from, to, card: None } => write!(f, "{from} passes a card to {to}"),
            Event::Traded { giver, taker, given, taken } => match (given, taken) {
                (Some(given), Some(taken)) => write!(f, "{giver} gives {given} to {taker} and gets {taken}"),
                _ => write!(f, "{giver} and {taker} exchange a card face down"),
            },
            Event::TrickTaken { cards, winner } => {
                match winner {
                    Some(w) => write!(f, "{w} wins the trick:")?,
                    None => f.write_str("the bomb destroys the trick, nobody wins it:")?,
                }
                table(f, cards)
            }
            Event::TrickRevealed { cards } => {
                f.write_str("the trick is turned up:")?;
                table(f, cards)
            }
            Event::RoundScored { round, bids, tricks, points, scores, missions } => {
                write!(f, "round {round} ends:")?;
                for (i, bid) in bids.iter().enumerate() {
                    // A missions round says what became of each mission instead of the bid.
                    let said = match missions.get(i) {
                        None if missions.is_empty() => {
                            format!("bid {}", bid.map_or_else(|| "-".to_owned(), |b| b.to_string()))
                        }
                        Some(Some(true)) => "mission met".to_owned(),
                        Some(Some(false)) => "mission missed".to_owned(),
                        Some(None) | None => "no mission".to_owned(),
                    };
                    write!(
                        f,
                        "{} P{i} {said} took {} {:+} = {}",
                        if i == 0 { "" } else { ";" },
                        tricks.get(i).copied().unwrap_or(0),
                        points.get(i).copied().unwrap_or(0),
                        scores.get(i).copied().unwrap_or(0)
                    )?;
                }
                Ok(())
            }
            Event::Crown { holder: Some(s) } => write!(f, "{s} holds the crown"),
            Event::Crown { holder: None } => f.write_str("nobody holds the crown (tie for the lead)"),
            Event::GameOver { outcome } => {
                f.write_str("game over:")?;
                let winners = outcome.winners();
                for (i, w) in winners.iter().enumerate() {
                    write!(f, "{}{w}", if i == 0 { " " } else { " and " })?;
                }
                let verb = if winners.len() > 1 { "share first place" } else { "wins" };
                write!(f, " {verb}; scores")?;
                outcome.scores.iter().try_for_each(|s| write!(f, " {s}"))
            }
            Event::RoundStarted { round, rounds, dealer, cards } => {
                if round > rounds {
                    write!(f, "round {round} (tie replay of round {rounds})")?;
                } else {
                    write!(f, "round {round}/{rounds}")?;
                }
                write!(f, ": {dealer} deals {} to each", card_count(*cards))
            }
            Event::Dealt { count, seat: Some(seat), cards } => {
                write!(f, "{seat} is dealt {}: ", card_count(*count))?;
                faces(f, cards)
            }
            Event::Dealt { count, seat: None, .. } => write!(f, "{} dealt to each", card_count(*count)),
            Event::Spun { trump: Some(trump), .. } => {
                f.write_str("the spinner shows ")?;
                trump_name(f, *trump)
            }
            Event::TrickPlaced { seat, suit } => write!(f, "{seat} places the trick under {}", suit.letter()),
            Event::SuitsScored { bids, tricks } => {
                f.write_str("the suits are scored:")?;
                for (i, (b, t)) in bids.iter().zip(tricks).enumerate() {
                    write!(f, "{} P{i}", if i == 0 { "" } else { ";" })?;
                    for (k, suit) in SuitId::ALL.iter().enumerate() {
                        let bid = b.get(k).copied().flatten().map_or_else(|| "-".to_owned(), |b| b.to_string());
                        write!(f, " {}{bid}/{}", suit.letter(), t.get(k).copied().unwrap_or(0))?;
                    }
                }
                Ok(())
            }
            Event::Spun { trump: None, dealer } => {
                write!(f, "the spinner shows the four colours: {dealer} (the dealer) chooses the trump")
            }
        }
    }
}
