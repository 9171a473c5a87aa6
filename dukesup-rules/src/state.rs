//! The position as the engine stores it: every card's place, whose turn it is, and what each
//! seat knows, in compact form (card sets, inline piles, knowledge bits).
//!
//! It is internal: positions are described and saved as a [`crate::Setup`], and
//! [`crate::DukesUp`] is a position that passed [`Position::check`].

use duke_core::{Card, CardSet, Colour, GameRng, InvalidState, Rank, Seat, Suit};
use serde::{Deserialize, Serialize};

use crate::config::Config;

/// The most cards one pile can hold: a player's whole half-deck.
pub const PILE_CAP: usize = 26;

const FILLER: Card = Card::new(Suit::Clubs, Rank::ACE);

/// An ordered pile of at most 26 cards, bottom first, stored inline (no allocation).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pile {
    cards: [Card; PILE_CAP],
    len: u8,
}

impl Default for Pile {
    fn default() -> Self {
        Pile { cards: [FILLER; PILE_CAP], len: 0 }
    }
}

impl core::fmt::Debug for Pile {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Pile {
    /// The cards, bottom first.
    pub fn as_slice(&self) -> &[Card] {
        self.cards.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// How many cards.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the pile is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards as a set.
    pub fn set(&self) -> CardSet {
        self.as_slice().iter().copied().collect()
    }

    /// Puts a card on top; a full pile ignores it (never happens with 26 cards per player).
    pub fn push(&mut self, card: Card) {
        if let Some(slot) = self.cards.get_mut(usize::from(self.len)) {
            *slot = card;
            self.len += 1;
        }
    }

    /// Puts a card at the bottom.
    pub fn push_bottom(&mut self, card: Card) {
        let n = usize::from(self.len);
        if n >= PILE_CAP {
            return;
        }
        if let Some(used) = self.cards.get_mut(..=n) {
            used.rotate_right(1);
            if let Some(first) = used.first_mut() {
                *first = card;
            }
            self.len += 1;
        }
    }

    /// Takes the top card.
    pub fn pop(&mut self) -> Option<Card> {
        let top = usize::from(self.len.checked_sub(1)?);
        let card = self.cards.get_mut(top).map(|slot| core::mem::replace(slot, FILLER))?;
        self.len -= 1;
        Some(card)
    }

    /// The cards, bottom first, mutable (for shuffles and determinization).
    pub fn as_mut_slice(&mut self) -> &mut [Card] {
        self.cards.get_mut(..usize::from(self.len)).unwrap_or(&mut [])
    }
}

/// A discard pile with what is known of each card: discards are face down and "you cannot
/// look back through your discard pile", but a seat remembers what it put there itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Discards {
    /// The cards, bottom first.
    pub pile: Pile,
    /// Bit `i`: the owner knows card `i` (he discarded it knowingly).
    pub owner_known: u32,
    /// Bit `i`: everyone knows card `i` (it left the table in plain sight, or everyone knew
    /// the hand card discarded).
    pub public: u32,
    /// Bit `i`: cards `i` and `i + 1` went down together in one face-down two-card discard
    /// of cards everyone knew: the others know the pair but not which card is on top
    /// ("Discarding": face down, so the order is hidden too). Both cards are public.
    pub pairs: u32,
}

impl Discards {
    /// Puts a card on top with its knowledge bits.
    pub(crate) fn push(&mut self, card: Card, owner_known: bool, public: bool) {
        let i = self.pile.len();
        self.pile.push(card);
        self.owner_known |= u32::from(owner_known) << i;
        self.public |= u32::from(public) << i;
    }

    /// Marks the top two cards as one face-down pair of public cards (see [`Discards::pairs`]).
    pub(crate) fn pair_top(&mut self) {
        if let Some(i) = self.pile.len().checked_sub(2) {
            self.pairs |= 1 << i;
        }
    }

    /// Puts an unseen card at the bottom.
    pub(crate) fn push_bottom_unseen(&mut self, card: Card) {
        self.pile.push_bottom(card);
        self.owner_known <<= 1;
        self.public <<= 1;
        self.pairs <<= 1;
    }

    /// Takes the top card with whether everyone knows it now that it is in the hand; `left`
    /// is how many cards this draw still takes, this one included. Drawing only the upper
    /// card of a pair tells the others neither which card came nor which stayed, so both
    /// become unknown to them; drawing both puts both in the hand in plain knowledge.
    pub(crate) fn pop(&mut self, left: u8) -> Option<(Card, bool)> {
        let card = self.pile.pop()?;
        let i = self.pile.len();
        let mut public = self.public >> i & 1 == 1;
        let keep = (1u32 << i) - 1;
        if let Some(below) = i.checked_sub(1)
            && self.pairs >> below & 1 == 1
            && left < 2
        {
            public = false;
            self.public &= !(1 << below);
        }
        self.owner_known &= keep;
        self.public &= keep;
        self.pairs &= keep >> 1;
        Some((card, public))
    }

    /// Empties the pile.
    pub(crate) fn clear(&mut self) {
        *self = Discards::default();
    }
}

/// Where a CASTLE is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CastleState {
    /// In place, face down: only its owner knows it.
    #[default]
    FaceDown,
    /// In place, face up.
    FaceUp,
    /// Played to the table (taken by the opponent, or by its owner in THE MOVE).
    OnTable,
}

/// One player's cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Player {
    /// The hand.
    pub hand: CardSet,
    /// The hand cards the opponent knows to be there (picked-up DUKES, cards drawn back from
    /// the discard pile that everyone saw discarded).
    pub hand_public: CardSet,
    /// The two DUKE slots.
    pub dukes: [Option<Card>; 2],
    /// The CASTLE (`None` until chosen).
    pub castle: Option<Card>,
    /// Where the CASTLE is.
    pub castle_state: CastleState,
    /// The draw pile, top last.
    pub draw: Pile,
    /// The discard pile, top last.
    pub discards: Discards,
}

impl Player {
    /// The DUKES in place.
    pub fn duke_set(&self) -> CardSet {
        self.dukes.iter().flatten().copied().collect()
    }

    /// The CASTLE if it is in place (not on the table).
    pub fn castle_in_place(&self) -> Option<Card> {
        if self.castle_state == CastleState::OnTable { None } else { self.castle }
    }

    /// The CASTLE if it is in place and face up.
    pub fn castle_face_up(&self) -> Option<Card> {
        if self.castle_state == CastleState::FaceUp { self.castle } else { None }
    }
}

/// The step the game is in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Phase {
    /// Both players choose CASTLE and DUKES ("Setup" 4-6), simultaneously.
    #[default]
    Choosing,
    /// The player to move draws ("Drawing").
    Draw,
    /// The player to move plays, rearranges, takes and replaces DUKES, then discards.
    Play,
    /// The game is over.
    Over,
}

/// What the player to move has done this turn (public: every such action is seen).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnFlags {
    /// Anything besides drawing (which forbids the two-card discard).
    pub acted: bool,
    /// DUKE slots already changed this turn (each slot changes at most once; see `RULES.md`).
    pub touched: [bool; 2],
    /// A DUKE slot was refilled this turn ("you may replace a single DUKE").
    pub refilled: bool,
    /// The CASTLE was played in THE MOVE and put back.
    pub castle_returned: bool,
    /// Both piles were empty after the draw: this turn ends the round.
    pub last_turn: bool,
}

/// A complete game position, unvalidated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The options.
    pub config: Config,
    /// The game generator.
    pub rng: GameRng,
    /// Seat 0 (clubs and spades) and seat 1 (hearts and diamonds).
    pub players: [Player; 2],
    /// The cards on the table. Their arrangement has no lasting meaning: any split into runs
    /// and sets will do, so the table is a set (see `RULES.md`).
    pub table: CardSet,
    /// The step.
    pub phase: Phase,
    /// Whose turn it is (in `Choosing`: the round's first player).
    pub current: Seat,
    /// The first player of this round.
    pub round_first: Seat,
    /// The round, from 1.
    pub round: u8,
    /// Turns completed this round.
    pub turns: u32,
    /// Who has chosen CASTLE and DUKES this round.
    pub chosen: [bool; 2],
    /// This turn so far.
    pub turn: TurnFlags,
    /// Points of finished rounds (with [`crate::MultiRound::AddScores`]).
    pub points: [u32; 2],
    /// Rounds won.
    pub wins: [u8; 2],
    /// Each seat's cards counted in the last finished round.
    pub last_round: Option<[u32; 2]>,
}

/// The colour a seat plays: seat 0 black (clubs, spades), seat 1 red (hearts, diamonds).
pub const fn colour_of(seat: Seat) -> Colour {
    if seat.0 == 0 { Colour::Black } else { Colour::Red }
}

/// The other seat.
pub const fn other(seat: Seat) -> Seat {
    Seat(1 - (seat.0 & 1))
}

impl Position {
    /// The player in `seat` (seat 1 for anything out of range).
    pub fn player(&self, seat: Seat) -> &Player {
        let [a, b] = &self.players;
        if seat.0 == 0 { a } else { b }
    }

    pub(crate) fn player_mut(&mut self, seat: Seat) -> &mut Player {
        let [a, b] = &mut self.players;
        if seat.0 == 0 { a } else { b }
    }

    /// Checks every invariant (see [`Position::check`]), as the contract's error.
    pub fn validate(&self) -> Result<(), InvalidState> {
        self.check().map_err(|e| InvalidState::new(e.to_string()))
    }
}
