//! Actions and their notation.
//!
//! | Notation | Meaning |
//! |---|---|
//! | `trump R` / `trump X` | dealer's choice after the spinner, or the Alchemist's (X = no trump) |
//! | `shield` | buy a bubble shield for 20 points (before bidding) |
//! | `smuggle R7` | Smuggler: swap R7 with a random card of the deck |
//! | `bid 3` / `bid 2-3` | single or double bid |
//! | `play R12`, `play golem`, `play wizard` | play a card (Double-faced: as a Peasant) |
//! | `play double-faced:golem` | play the Double-faced card as a Golem |
//! | `look P2` | Bishop: see P2's hand |
//! | `lead P1` | Bomb: P1 leads the next trick |
//! | `swap P0 P2` | Cursed: P0 and P2 swap hands |
//! | `jest +1` / `jest -1` / `jest 0` | Jester: change the bid |
//! | `pass left` / `pass right` | Magician: direction of the passes |
//! | `give R3` | pass R3 for the Magician |
//! | `trade R3 P2` | Merchant: give R3 to P2 for a random card of P2 |
//! | `trade P1 P2` | Merchant: P1 and P2 swap a random card each |
//! | `steal P1` | Thief: take one of P1's tricks |
//! | `hex P1` | Witch: take one step (5 points) from P1 |
//! | `keep` | decline (Smuggler, Thief) |
//! | `aside R12` | The Split: set R12 aside, face down, for the second half |
//! | `mission 2` | Missions: choose mission 2 of the catalogue (one of those dealt) |
//! | `leak R` / `leak monsters` | Leaked Suit: the suit to reveal (for all, if the dealer decides) |
//! | `team P0 P2` / `team P1` | Alliances: the dealer pairs P0 and P2 / names P1 the solo player |
//! | `note R7` | Alliances: the Secret Note, R7 shown to the ally |
//! | `bid R2` / `bid G1-2` | Suit Precision: the bid for a suit (each seat's four in order R, G, B, Y) |
//! | `place B` | Suit Precision: place the trick won (or stolen) under a suit |
//! | `steal P1 R` | Suit Precision's Thief: take one of P1's tricks placed under R |
//! | `jest R +1` / `jest R -1` | Suit Precision's Jester: change the bid for R (`jest 0`: no change) |
//! | `wager 10` / `wager 20` | Wagering: an extra wager, before the bid (optional rule) |
//! | `duel P0 P3` / `duel P0 P2 P4` | Duel Fights: the dealer groups these seats |
//!
//! Card names: colour initial and value (`R`ed, `G`reen, `B`lue, `Y`ellow, 1–13), or
//! `golem`, `dragon`, `peasant`, or a power's name (`golem-king`, `double-faced`, …).

use core::fmt;
use core::str::FromStr;

use duke_core::{NotationError, Seat};
use serde::{Deserialize, Serialize};

use crate::cards::{CardSet, Face, Power, SuitId};

/// The trump of a round. Written `R`, `G`, `B`, `Y`, or `X` for no trump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trump {
    /// This suit is trump.
    Suit(SuitId),
    /// X: no trump.
    NoTrump,
}

impl fmt::Display for Trump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Trump::Suit(s) => write!(f, "{}", s.letter()),
            Trump::NoTrump => f.write_str("X"),
        }
    }
}

/// A bid: one number, or two consecutive numbers (How to Play 3, "Double Bidding").
/// Written `3` or `2-3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bid {
    /// Exactly this many tricks.
    Single(u8),
    /// This many or one more.
    Double(u8),
}

impl Bid {
    /// Lowest number bid.
    pub const fn low(self) -> u8 {
        match self {
            Bid::Single(n) | Bid::Double(n) => n,
        }
    }

    /// Highest number bid.
    pub const fn high(self) -> u8 {
        match self {
            Bid::Single(n) => n,
            Bid::Double(n) => n.saturating_add(1),
        }
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bid::Single(n) => write!(f, "{n}"),
            Bid::Double(n) => write!(f, "{}-{}", n, u16::from(*n) + 1),
        }
    }
}

impl FromStr for Bid {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Bid, NotationError> {
        bid(text).ok_or_else(|| NotationError::new(text, "a bid is N or N-(N+1)"))
    }
}

impl FromStr for Trump {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Trump, NotationError> {
        match text {
            "X" | "x" => Ok(Trump::NoTrump),
            _ => text.parse().map(Trump::Suit).map_err(|_| NotationError::new(text, "trump is R, G, B, Y or X")),
        }
    }
}

duke_core::serde_as_notation!(Trump);
duke_core::serde_as_notation!(Bid);
duke_core::serde_as_notation!(Action);

/// Direction of the Magician's passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// To the player on the left (clockwise).
    Left,
    /// To the player on the right.
    Right,
}

/// One action of one seat; it travels as its notation (`"bid 2-3"`, `"play R12"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
#[non_exhaustive]
pub enum Action {
    /// Choose the trump (dealer after "dealer chooses", or Alchemist).
    Trump(Trump),
    /// Buy a bubble shield.
    Shield,
    /// Smuggler: swap this card with a random card of the deck.
    Smuggle(Face),
    /// Place a bid.
    Bid(Bid),
    /// Play a card (the Double-faced card as a Peasant).
    Play(Face),
    /// Play the Double-faced card as a Golem.
    PlayDoubleFacedAsGolem,
    /// Bishop: see this seat's hand.
    Look(Seat),
    /// Bomb: this seat leads the next trick.
    Lead(Seat),
    /// Cursed: these two seats swap hands.
    Swap(Seat, Seat),
    /// Jester: change the bid by −1, 0 or +1.
    Jest(i8),
    /// Magician: pass direction.
    Pass(Direction),
    /// Pass this card for the Magician.
    Give(Face),
    /// Merchant: give this card to the seat for a random one of theirs.
    Trade(Face, Seat),
    /// Merchant: the two seats swap a random card each.
    TradeOthers(Seat, Seat),
    /// Thief: steal a trick from this seat.
    Steal(Seat),
    /// Witch: take one step of points from this seat.
    Hex(Seat),
    /// Decline an optional effect.
    Keep,
    /// The Split: set this card aside, face down, for the second half.
    SetAside(Face),
    /// Missions: choose this mission (its id in the catalogue).
    Mission(u8),
    /// Leaked Suit: reveal every card of this suit (the dealer's choice: everyone's).
    Leak(Leak),
    /// Alliances: the dealer pairs these two seats into a team (the same seat twice: it
    /// plays solo).
    Team(Seat, Seat),
    /// Alliances: the Secret Note, this card of the hand shown to the ally.
    Note(Face),
    /// Suit Precision: the bid for this suit.
    SuitBid(SuitId, Bid),
    /// Suit Precision: place the trick won (or stolen) under this suit.
    Place(SuitId),
    /// Suit Precision's Thief: steal one of this seat's tricks placed under this suit.
    StealFrom(Seat, SuitId),
    /// Suit Precision's Jester: change the bid for this suit by −1 or +1.
    JestSuit(SuitId, i8),
    /// Wagering: wager these extra points (10 or 20) before the bid ("Optional addition").
    Wager(u8),
    /// Duel Fights: the dealer groups these two seats, or three (the group of three): bit
    /// `i` for seat `i`. (A set of seats keeps `Action` as small as before, which the
    /// legal-action lists of the base game feel.)
    Duel(u8),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Trump(t) => write!(f, "trump {t}"),
            Action::Shield => f.write_str("shield"),
            Action::Smuggle(c) => write!(f, "smuggle {c}"),
            Action::Bid(b) => write!(f, "bid {b}"),
            Action::Play(c) => write!(f, "play {c}"),
            Action::PlayDoubleFacedAsGolem => f.write_str("play double-faced:golem"),
            Action::Look(s) => write!(f, "look {s}"),
            Action::Lead(s) => write!(f, "lead {s}"),
            Action::Swap(a, b) => write!(f, "swap {a} {b}"),
            Action::Jest(d) => write!(f, "jest {d:+}"),
            Action::Pass(Direction::Left) => f.write_str("pass left"),
            Action::Pass(Direction::Right) => f.write_str("pass right"),
            Action::Give(c) => write!(f, "give {c}"),
            Action::Trade(c, s) => write!(f, "trade {c} {s}"),
            Action::TradeOthers(a, b) => write!(f, "trade {a} {b}"),
            Action::Steal(s) => write!(f, "steal {s}"),
            Action::Hex(s) => write!(f, "hex {s}"),
            Action::Keep => f.write_str("keep"),
            Action::SetAside(c) => write!(f, "aside {c}"),
            Action::Mission(id) => write!(f, "mission {id}"),
            Action::Leak(l) => write!(f, "leak {l}"),
            Action::Team(a, b) if a == b => write!(f, "team {a}"),
            Action::Team(a, b) => write!(f, "team {a} {b}"),
            Action::Note(c) => write!(f, "note {c}"),
            Action::SuitBid(s, b) => write!(f, "bid {}{b}", s.letter()),
            Action::Place(s) => write!(f, "place {}", s.letter()),
            Action::StealFrom(t, s) => write!(f, "steal {t} {}", s.letter()),
            Action::JestSuit(s, d) => write!(f, "jest {} {d:+}", s.letter()),
            Action::Wager(p) => write!(f, "wager {p}"),
            Action::Duel(seats) => {
                f.write_str("duel")?;
                (0..8u8).filter(|i| seats >> i & 1 == 1).try_for_each(|i| write!(f, " {}", Seat(i)))
            }
        }
    }
}

fn seat(word: &str) -> Option<Seat> {
    let digits = word.strip_prefix('P').or_else(|| word.strip_prefix('p'))?;
    digits.parse::<u8>().ok().filter(|&n| n < 16).map(Seat)
}

fn number(word: &str) -> Option<u8> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) || word.len() > 3 {
        return None;
    }
    word.parse().ok()
}

/// A suit bid, `R2` or `G1-2`.
fn suit_bid(word: &str) -> Option<(SuitId, Bid)> {
    let mut chars = word.chars();
    let suit = chars.next().and_then(SuitId::from_letter)?;
    Some((suit, bid(chars.as_str())?))
}

fn suit(word: &str) -> Option<SuitId> {
    word.parse().ok()
}

fn bid(word: &str) -> Option<Bid> {
    match word.split_once('-') {
        None => number(word).map(Bid::Single),
        Some((a, b)) => {
            let (a, b) = (number(a)?, number(b)?);
            (u16::from(a) + 1 == u16::from(b)).then_some(Bid::Double(a))
        }
    }
}

impl FromStr for Action {
    type Err = NotationError;
    /// Reads an action; an error names the whole text given, whichever word is wrong.
    fn from_str(text: &str) -> Result<Action, NotationError> {
        Action::read_notation(text).map_err(|e| NotationError::new(text, e.reason))
    }
}

impl Action {
    /// The reading behind [`FromStr`]; its errors may name only the word that is wrong.
    fn read_notation(text: &str) -> Result<Action, NotationError> {
        let err = |why| NotationError::new(text, why);
        let words: Vec<&str> = text.split_whitespace().collect();
        let card = |w: &str| w.parse::<Face>().map_err(err);
        let seat = |w: &str| seat(w).ok_or_else(|| err("expected a seat such as P2"));
        match words.as_slice() {
            ["trump", t] => t.parse().map(Action::Trump).map_err(|_| err("trump is R, G, B, Y or X")),
            ["shield"] => Ok(Action::Shield),
            ["keep"] => Ok(Action::Keep),
            ["smuggle", c] => Ok(Action::Smuggle(card(c)?)),
            ["bid", b] if self::suit_bid(b).is_some() => {
                suit_bid(b).map(|(s, b)| Action::SuitBid(s, b)).ok_or_else(|| err("a suit bid is R2 or R1-2"))
            }
            ["bid", b] => bid(b).map(Action::Bid).ok_or_else(|| err("a bid is N or N-(N+1)")),
            ["place", s] => suit(s).map(Action::Place).ok_or_else(|| err("a suit is R, G, B or Y")),
            ["steal", t, s] => Ok(Action::StealFrom(seat(t)?, suit(s).ok_or_else(|| err("a suit is R, G, B or Y"))?)),
            ["jest", s, d] => {
                let suit = suit(s).ok_or_else(|| err("a suit is R, G, B or Y"))?;
                match *d {
                    "+1" => Ok(Action::JestSuit(suit, 1)),
                    "-1" => Ok(Action::JestSuit(suit, -1)),
                    _ => Err(err("a suit's bid changes by +1 or -1")),
                }
            }
            ["play", "double-faced:golem"] => Ok(Action::PlayDoubleFacedAsGolem),
            ["play", c] => Ok(Action::Play(card(c)?)),
            ["look", s] => Ok(Action::Look(seat(s)?)),
            ["lead", s] => Ok(Action::Lead(seat(s)?)),
            ["swap", a, b] => Ok(Action::Swap(seat(a)?, seat(b)?)),
            ["jest", "+1"] => Ok(Action::Jest(1)),
            ["jest", "-1"] => Ok(Action::Jest(-1)),
            ["jest", "+0" | "0" | "-0"] => Ok(Action::Jest(0)),
            ["pass", "left"] => Ok(Action::Pass(Direction::Left)),
            ["pass", "right"] => Ok(Action::Pass(Direction::Right)),
            ["give", c] => Ok(Action::Give(card(c)?)),
            // A seat first (`P1`, `p1`): two other players trade; a card first: the player's own.
            ["trade", a, b] if self::seat(a).is_some() => Ok(Action::TradeOthers(seat(a)?, seat(b)?)),
            ["trade", c, s] => Ok(Action::Trade(card(c)?, seat(s)?)),
            ["steal", s] => Ok(Action::Steal(seat(s)?)),
            ["hex", s] => Ok(Action::Hex(seat(s)?)),
            ["aside", c] => Ok(Action::SetAside(card(c)?)),
            ["mission", m] => number(m).map(Action::Mission).ok_or_else(|| err("a mission is its catalogue number")),
            ["leak", l] => l.parse().map(Action::Leak),
            ["team", a] => Ok(Action::Team(seat(a)?, seat(a)?)),
            ["team", a, b] => match (seat(a)?, seat(b)?) {
                (a, b) if a == b => Err(err("a solo player is `team P1`")),
                (a, b) => Ok(Action::Team(a, b)),
            },
            ["note", c] => Ok(Action::Note(card(c)?)),
            ["duel", rest @ ..] if (2..=3).contains(&rest.len()) => {
                let mut seats = 0u8;
                for w in rest {
                    let s = seat(w)?;
                    let bit = if s.0 < 8 { 1u8 << s.0 } else { 0 };
                    if bit == 0 || seats & bit != 0 {
                        return Err(err("a group is two or three different seats P0 to P7"));
                    }
                    seats |= bit;
                }
                Ok(Action::Duel(seats))
            }
            ["wager", p] => number(p).map(Action::Wager).ok_or_else(|| err("a wager is its points: 10 or 20")),
            _ => Err(err("unknown action; see the crate docs for the notation")),
        }
    }
}

/// A suit a Leaked Suit round reveals (rulebook "Leaked Suit"; defined beside the actions
/// that name it, played by `rounds/leaked_suit.rs`). Written `R`, `G`, `B`, `Y`,
/// `monsters`, or `none`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Leak {
    /// The numbered cards of this suit.
    Suit(SuitId),
    /// The Golems, Dragons, Golem King and Dragon King ("considered the same suit").
    Monsters,
    /// Nothing: the spinner showed X (`LeakChoice::Spinner`), the left neighbour holds no
    /// card that can be chosen (`LeakChoice::Neighbour`), or the deck holds none (only
    /// Peasants and power cards). Never a player's choice.
    Nothing,
}

/// Code of [`Leak::Monsters`] in `CrownBattles::leaks` (0–3 are the suits).
pub(crate) const MONSTERS: u8 = 4;
/// Code of [`Leak::Nothing`].
pub(crate) const NOTHING: u8 = 5;

impl Leak {
    /// The five choices a player can make, in notation order.
    pub const CHOICES: [Leak; 5] = [
        Leak::Suit(SuitId::ALL[0]),
        Leak::Suit(SuitId::ALL[1]),
        Leak::Suit(SuitId::ALL[2]),
        Leak::Suit(SuitId::ALL[3]),
        Leak::Monsters,
    ];

    pub(crate) fn code(self) -> u8 {
        match self {
            Leak::Suit(s) => s.index() as u8,
            Leak::Monsters => MONSTERS,
            Leak::Nothing => NOTHING,
        }
    }

    pub(crate) fn from_code(code: u8) -> Option<Leak> {
        match code {
            0..=3 => SuitId::new(code).map(Leak::Suit),
            MONSTERS => Some(Leak::Monsters),
            NOTHING => Some(Leak::Nothing),
            _ => None,
        }
    }

    /// Every card of the box this reveal shows when held.
    pub fn cards(self) -> CardSet {
        match self {
            Leak::Suit(s) => CardSet::suit(s),
            Leak::Monsters => Face::Golem
                .cards()
                .or(Face::Dragon.cards())
                .or(CardSet::one(Power::GolemKing.card()))
                .or(CardSet::one(Power::DragonKing.card())),
            Leak::Nothing => CardSet::EMPTY,
        }
    }
}

impl fmt::Display for Leak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Leak::Suit(s) => write!(f, "{}", s.letter()),
            Leak::Monsters => f.write_str("monsters"),
            Leak::Nothing => f.write_str("none"),
        }
    }
}

impl FromStr for Leak {
    type Err = duke_core::NotationError;
    fn from_str(text: &str) -> Result<Leak, Self::Err> {
        match text {
            "monsters" => Ok(Leak::Monsters),
            "none" => Ok(Leak::Nothing),
            _ => text
                .parse()
                .map(Leak::Suit)
                .map_err(|_| duke_core::NotationError::new(text, "a leaked suit is R, G, B, Y, monsters or none")),
        }
    }
}

duke_core::serde_as_notation!(Leak);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let all = [
            Action::Trump(Trump::NoTrump),
            Action::Trump(Trump::Suit(SuitId::ALL[3])),
            Action::Shield,
            Action::Smuggle(Face::Number(SuitId::ALL[0], 7)),
            Action::Bid(Bid::Single(0)),
            Action::Bid(Bid::Double(9)),
            Action::Play(Face::Power(Power::GolemKing)),
            Action::PlayDoubleFacedAsGolem,
            Action::Look(Seat(2)),
            Action::Lead(Seat(0)),
            Action::Swap(Seat(0), Seat(7)),
            Action::Jest(-1),
            Action::Jest(0),
            Action::Jest(1),
            Action::Pass(Direction::Right),
            Action::Give(Face::Peasant),
            Action::Trade(Face::Golem, Seat(1)),
            Action::TradeOthers(Seat(1), Seat(3)),
            Action::Steal(Seat(4)),
            Action::Hex(Seat(5)),
            Action::Keep,
            Action::SetAside(Face::Golem),
            Action::Mission(3),
            Action::Leak(Leak::Monsters),
            Action::Leak(Leak::Suit(SuitId::ALL[2])),
            Action::Team(Seat(1), Seat(3)),
            Action::Team(Seat(2), Seat(2)),
            Action::Note(Face::Number(SuitId::ALL[0], 7)),
            Action::Note(Face::Golem),
            Action::SuitBid(SuitId::ALL[0], Bid::Single(2)),
            Action::SuitBid(SuitId::ALL[3], Bid::Double(0)),
            Action::SuitBid(SuitId::ALL[1], Bid::Single(10)),
            Action::Place(SuitId::ALL[2]),
            Action::StealFrom(Seat(1), SuitId::ALL[0]),
            Action::JestSuit(SuitId::ALL[3], -1),
            Action::JestSuit(SuitId::ALL[1], 1),
            Action::Wager(10),
            Action::Wager(20),
            Action::Duel(0b1001),
            Action::Duel(0b1_0110),
        ];
        for a in all {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
        }
        assert!("bid 2-4".parse::<Action>().is_err());
        assert_eq!("team P1 P3".parse::<Action>().map(|a| a.to_string()), Ok("team P1 P3".to_owned()));
        assert!("team P1 P1".parse::<Action>().is_err() && "note P1".parse::<Action>().is_err());
        assert_eq!("bid B1-2".parse::<Action>(), Ok(Action::SuitBid(SuitId::ALL[2], Bid::Double(1))));
        for bad in ["bid R2-4", "bid Q2", "place X", "steal P1 Q", "jest R 0", "jest R +2", "bid R"] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
        // Suit Precision's actions do not make the action larger (legal-action lists).
        assert_eq!(core::mem::size_of::<Action>(), 4);
        // Legal-action lists are filled with actions on the hot paths: keep them 4 bytes.
        assert_eq!(core::mem::size_of::<Action>(), 4);
        assert_eq!("duel P3 P0".parse::<Action>().map(|a| a.to_string()), Ok("duel P0 P3".to_owned()));
        assert!("duel P1 P1".parse::<Action>().is_err() && "duel P8 P1".parse::<Action>().is_err());
        // Seats parse in either case everywhere, the Merchant's two-seat trade included.
        assert_eq!("trade p1 p2".parse::<Action>(), Ok(Action::TradeOthers(Seat(1), Seat(2))));
        assert_eq!("look p1".parse::<Action>(), Ok(Action::Look(Seat(1))));
        assert!("play R14".parse::<Action>().is_err());
        assert!("trump Q".parse::<Action>().is_err());
    }
}
