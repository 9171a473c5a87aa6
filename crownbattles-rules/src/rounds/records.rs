//! The round types' records on the table and in a saved position (plain data, with the
//! few functions of them the base game's code calls): below the round types' rules, so
//! that the state, the views and the saved positions read without those rules.

use duke_core::Seat;
use serde::{Deserialize, Serialize};

use crate::actions::{Bid, Trump};
use crate::cards::{Card, Power};
use crate::compact::{MAX_PLAYERS, NONE};
use crate::trick::{Form, Trick};

/// An [`Alliance::allies`] entry: this seat plays solo.
pub(crate) const SOLO: u8 = 0xFE;

/// The teams and Secret Notes of the round (9 bytes; all [`NONE`] and 0 outside Alliance
/// rounds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Alliance {
    /// Each seat's ally (a seat index), [`SOLO`], or [`NONE`] while the dealer has yet to
    /// place it.
    pub(crate) allies: [u8; MAX_PLAYERS],
    /// Seats that showed their Secret Note this round (bit per seat).
    pub(crate) notes: u8,
}

impl Alliance {
    /// No teams, no notes.
    pub(crate) const EMPTY: Alliance = Alliance { allies: [NONE; MAX_PLAYERS], notes: 0 };
}

/// The teams and notes of a saved game ([`Setup::alliance`](crate::Setup::alliance)).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AllianceSetup {
    /// The teams formed so far: two seats each, or one for the solo player (default: none;
    /// with [`TeamFormation::Random`](crate::TeamFormation::Random), drawn by the generator as at the round's start).
    pub teams: Vec<Vec<Seat>>,
    /// Seats that showed their Secret Note this round (default: none).
    pub notes: Vec<Seat>,
}

impl AllianceSetup {
    /// Whether it holds nothing (left out of a saved game).
    pub fn is_empty(&self) -> bool {
        *self == AllianceSetup::default()
    }
}

/// Suit Precision's round state: each seat's bid per suit and the tricks it placed under
/// each suit (suits in [`SuitId::ALL`](crate::SuitId::ALL) order). All of it is public ("place it under the
/// blue suit bid for everyone to see").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Precision {
    /// Per seat and suit: 0 none yet, `2n + 1` a single bid of `n`, `2n + 2` a double bid
    /// of `n` and `n + 1` (see [`encode`]).
    pub(crate) bids: [[u8; 4]; MAX_PLAYERS],
    /// Per seat and suit: the tricks placed under the suit.
    pub(crate) tricks: [[u8; 4]; MAX_PLAYERS],
}

/// A bid as [`Precision::bids`] stores it.
pub(crate) const fn encode(bid: Bid) -> u8 {
    match bid {
        Bid::Single(n) => n.saturating_mul(2).saturating_add(1),
        Bid::Double(n) => n.saturating_mul(2).saturating_add(2),
    }
}

/// A bid of [`Precision::bids`] (None: not placed).
pub(crate) const fn decode(code: u8) -> Option<Bid> {
    match code {
        0 => None,
        c if c % 2 == 1 => Some(Bid::Single(c / 2)),
        c => Some(Bid::Double(c / 2 - 1)),
    }
}

/// The state of Wagering in a game: the pot carried over and this round's extra wagers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Wagering {
    /// Points carried over from Wagering rounds that no one won (a multiple of the
    /// stake); in no player's score.
    pub(crate) pot: u16,
    /// This round's extra wagers, two bits per seat: 0 none, 1 for 10, 2 for 20.
    pub(crate) wagers: u16,
}

/// How the pot of a Wagering round is shared ("Meeting your bid": "If 3 out of 5 players
/// win a total pot of 100 points … each of the three players receives 30 points (rounded
/// down to the nearest 5). The remaining 10 points go to the bank."): `(share, to_bank)`
/// for `winners` winners. With no winner the whole pot stays (it carries over): `(0, 0)`.
pub fn pot_shares(pot: u16, winners: u8) -> (u16, u16) {
    if winners == 0 {
        return (0, 0);
    }
    let share = pot / u16::from(winners) / 5 * 5;
    (share, pot - share * u16::from(winners))
}

/// The groups of a Duel Fights round: two bits per seat for its group (0–3), and the seats
/// grouped so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Duels {
    pub(crate) groups: u16,
    pub(crate) grouped: u8,
}

/// Long Play's state: the first pass of the ongoing long trick, kept while its second pass
/// is played and while its end-of-trick actions resolve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LongPlay {
    /// The first pass's card ids in play order from the trick's leader (bit 7: the
    /// Double-faced card played as a Golem); all NONE when no first pass is kept.
    pub(crate) first: [u8; MAX_PLAYERS],
}

impl LongPlay {
    /// No first pass kept.
    pub(crate) const EMPTY: LongPlay = LongPlay { first: [NONE; MAX_PLAYERS] };

    /// Whether no first pass is kept (outside a long trick's second pass).
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.first.first().is_none_or(|&c| c == NONE)
    }

    /// Keeps a complete first pass.
    pub(crate) fn keep(trick: &Trick) -> LongPlay {
        let mut first = [NONE; MAX_PLAYERS];
        for (pos, slot) in first.iter_mut().enumerate().take(usize::from(trick.len)) {
            if let Some(card) = trick.card(pos) {
                let golem = card == Power::DoubleFaced.card() && matches!(trick.form(pos), Some(Form::Golem { .. }));
                *slot = card.id() | if golem { AS_GOLEM } else { 0 };
            }
        }
        LongPlay { first }
    }

    /// The kept cards in play order, and whether the Double-faced card among them is a Golem.
    pub(crate) fn cards(&self) -> (Vec<Card>, bool) {
        let cards = self.first.iter().map_while(|&c| Card::new(c & !AS_GOLEM).filter(|_| c != NONE)).collect();
        (cards, self.first.iter().any(|&c| c != NONE && c & AS_GOLEM != 0))
    }
}

/// Bit 7 of a kept card id: the Double-faced card played as a Golem.
pub(crate) const AS_GOLEM: u8 = 0x80;

/// The second pass's empty trick: the first pass's suit to follow, Golem/Dragon lead,
/// Wizard, Bomb and next leader carry over (RULES.md, readings 41–43).
pub(crate) fn second_pass_of(first: &Trick) -> Trick {
    let mut second = Trick::new(first.leader);
    second.led = first.led;
    second.free = first.free;
    second.wizard = first.wizard;
    second.bombed = first.bombed;
    second.next_leader = first.next_leader;
    second
}

/// The position (0 to 2n - 1, in play order over both passes) of the card that wins a long
/// trick: the first card of the highest strength, the suit to follow and the Wizard being
/// the whole trick's (the second pass carries them).
pub(crate) fn long_winner(first: &Trick, second: &Trick, trump: Trump, kings_too: bool) -> usize {
    let forms = |t: &Trick| t.forms.into_iter().take(usize::from(t.len));
    let mut best = 0;
    let mut best_strength = None;
    for (i, form) in forms(first).chain(forms(second)).enumerate() {
        let s = form.strength(trump, second.led, second.wizard, kings_too);
        if best_strength.is_none_or(|b| s > b) {
            best = i;
            best_strength = Some(s);
        }
    }
    best
}

/// The missions state of a saved game ([`Setup::missions`](crate::Setup::missions)),
/// missions by catalogue id. Default: nothing chosen yet, and in a missions round whose
/// play has not started, the offers dealt by the generator as at the round's start.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MissionsSetup {
    /// Per seat: the missions offered that it has yet to choose from.
    pub offered: Vec<Vec<u8>>,
    /// Per seat: the mission it chose.
    pub chosen: Vec<Option<u8>>,
    /// Per seat: the 0-based index of the first trick it won in play this round.
    pub first_wins: Vec<Option<u8>>,
    /// Seats that won a trick with a trump card this round.
    pub trump_tricks: Vec<Seat>,
    /// Seats that won a trick by trumping another led suit this round.
    pub trump_over_lead: Vec<Seat>,
    /// Per seat: the missions of the last round when it was a missions round (shown until
    /// the next round ends).
    pub revealed: Vec<Option<u8>>,
}

impl MissionsSetup {
    /// Whether it holds nothing (left out of a saved game).
    pub fn is_empty(&self) -> bool {
        *self == MissionsSetup::default()
    }
}
