//! The round types' state on the table (rulebook "The expansion game"): one field of the
//! base state, [`RoundState`], defined in the base game and filled in by `rounds/`.

use duke_core::Seat;

use crate::actions::Bid;
use crate::cards::CardSet;
use crate::compact::{MAX_PLAYERS, NONE};
use crate::expansion::{Alliance, Duels, LongPlay, Precision, Wagering};
use crate::round_types::RoundType;

/// What the round types add to the table (each its record, compact and `Copy`): the
/// state of the game beyond the base game's, held by the base game's table as one field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RoundState {
    /// The round type of this round ("The expansion game").
    pub(crate) round_type: RoundType,
    /// Dealt Round Type cards not revealed yet (bit per type; `RoundTypes::Deal` only).
    pub(crate) round_pile: u16,
    /// The bids a Blind Bidding round revealed at its end, shown until the next round ends.
    pub(crate) revealed_bids: [Option<Bid>; MAX_PLAYERS],
    /// The last Stealth Play trick turned up: card ids in play order from `revealed_leader`
    /// (bit 7: the Double-faced card played as a Golem), NONE after the last; shown until
    /// the next Stealth Play trick is turned up or the next round ends.
    pub(crate) revealed_trick: [u8; MAX_PLAYERS],
    /// Who led [`Self::revealed_trick`].
    pub(crate) revealed_leader: Seat,
    /// The Split: each seat's second half, set aside face down until the first is played.
    pub(crate) aside: [CardSet; MAX_PLAYERS],
    /// The Split: the bids of the half not being played (the second half's during the
    /// first, the first half's during the second); `bids` is the half being played.
    pub(crate) other_bids: [Option<Bid>; MAX_PLAYERS],
    /// The Split: the tricks each seat won in the first half (during the second).
    pub(crate) first_tricks: [u8; MAX_PLAYERS],
    /// Missions: the missions each seat is offered and has not chosen from yet (bit per
    /// catalogue id).
    pub(crate) offers: [u64; MAX_PLAYERS],
    /// Missions: each seat's chosen mission (catalogue id; NONE: none).
    pub(crate) missions: [u8; MAX_PLAYERS],
    /// Missions: the 0-based index of the first trick each seat won in play (NONE: none).
    pub(crate) first_wins: [u8; MAX_PLAYERS],
    /// Missions: seats that won a trick with a trump card.
    pub(crate) trump_wins: u8,
    /// Missions: seats that won a trick by trumping another led suit.
    pub(crate) trump_cuts: u8,
    /// The missions of the last round when it was a missions round, shown until the next
    /// round ends (NONE: none).
    pub(crate) revealed_missions: [u8; MAX_PLAYERS],
    /// Leaked Suit: the suit each seat chose or got to reveal (`leaked_suit.rs` codes:
    /// 0–3 a suit, 4 the monsters, 5 nothing; NONE: not yet).
    pub(crate) leaks: [u8; MAX_PLAYERS],
    /// Leaked Suit: revealed cards still where everyone saw them (a card leaves the set when
    /// its hand changes unseen: a smuggle, a trade, the Magician's passes); what a
    /// spectator's view lists.
    pub(crate) shown: CardSet,
    /// Leaked Suit: seats whose hand changed unseen since their reveal (bit per seat), so
    /// that the others no longer know they hold no other card of the revealed suit.
    pub(crate) unsealed: u8,
    /// Alliances and Missions-Alliances: the teams and the Secret Notes shown this round.
    pub(crate) alliance: Alliance,
    /// Suit Precision: the suit bids and the tricks placed under each suit.
    pub(crate) suit_precision: Precision,
    /// Wagering: the pot carried over and this round's extra wagers (`rounds/wagering.rs`).
    pub(crate) wagering: Wagering,
    /// Duel Fights: the groups of this round (`rounds/duel_fights.rs`).
    pub(crate) duels: Duels,
    /// Long Play: the first pass of the ongoing long trick (`rounds/long_play.rs`).
    pub(crate) long: LongPlay,
}

impl RoundState {
    /// A new round starts (How to Play 1): clears the records the round types keep per
    /// round (The Split's halves, Leaked Suit's reveals, Suit Precision's suits, the
    /// extra wagers, the duels, Long Play's pass). The pot carries over; what stays shown
    /// until the next round ends, the round type, the teams and the missions are reset by
    /// their round types (`reveal_round_type`, `reset_alliance`, `reset_missions`).
    pub(crate) fn clear_round(&mut self) {
        self.aside = [CardSet::EMPTY; MAX_PLAYERS];
        self.other_bids = [None; MAX_PLAYERS];
        self.first_tricks = [0; MAX_PLAYERS];
        self.leaks = [NONE; MAX_PLAYERS];
        self.shown = CardSet::EMPTY;
        self.unsealed = 0;
        self.suit_precision = Precision::default();
        self.wagering.wagers = 0;
        self.duels = Duels::default();
        self.long = LongPlay::EMPTY;
    }

    /// A table before the first round: Normal Bidding, nothing recorded.
    pub(crate) fn empty() -> RoundState {
        RoundState {
            round_type: RoundType::Normal,
            round_pile: 0,
            revealed_bids: [None; MAX_PLAYERS],
            revealed_trick: [NONE; MAX_PLAYERS],
            revealed_leader: Seat(0),
            aside: [CardSet::EMPTY; MAX_PLAYERS],
            other_bids: [None; MAX_PLAYERS],
            first_tricks: [0; MAX_PLAYERS],
            offers: [0; MAX_PLAYERS],
            missions: [NONE; MAX_PLAYERS],
            first_wins: [NONE; MAX_PLAYERS],
            trump_wins: 0,
            trump_cuts: 0,
            revealed_missions: [NONE; MAX_PLAYERS],
            leaks: [NONE; MAX_PLAYERS],
            shown: CardSet::EMPTY,
            unsealed: 0,
            alliance: Alliance::EMPTY,
            suit_precision: Precision::default(),
            wagering: Wagering::default(),
            duels: Duels::default(),
            long: LongPlay::EMPTY,
        }
    }
}
