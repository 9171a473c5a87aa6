//! Bidding phase (How to Play 3, "Double Bidding", "Screw the dealer", bubble shields,
//! the Smuggler's "Swap before you bid").

use duke_core::Seat;

use crate::actions::{Action, Bid};
use crate::cards::{CardSet, Power};
use crate::round_types::RoundType;
use crate::setup::Shields;
use crate::state::{CrownBattles, Phase, at, bit, put, update};

const TOKENS: usize = crate::setup::BID_TOKENS as usize;

/// Every bid up to the highest token, single and double interleaved: 0, 0-1, 1, …, 10.
/// (Evaluated at compile time: an out-of-range index fails the build.)
#[allow(clippy::indexing_slicing)]
const BIDS: [Action; 2 * TOKENS + 1] = {
    let mut out = [Action::Keep; 2 * TOKENS + 1];
    let mut n = 0;
    while n < TOKENS {
        out[2 * n] = Action::Bid(Bid::Single(n as u8));
        out[2 * n + 1] = Action::Bid(Bid::Double(n as u8));
        n += 1;
    }
    out[2 * TOKENS] = Action::Bid(Bid::Single(TOKENS as u8));
    out
};

/// Every single bid up to the highest token.
#[allow(clippy::indexing_slicing)]
const SINGLE_BIDS: [Action; TOKENS + 1] = {
    let mut out = [Action::Keep; TOKENS + 1];
    let mut n = 0;
    while n <= TOKENS {
        out[n] = Action::Bid(Bid::Single(n as u8));
        n += 1;
    }
    out
};

/// A bubble shield costs 20 points ("Notes").
pub const SHIELD_PRICE: i32 = 20;

impl CrownBattles {
    /// Shields are for sale when something in the deck can steal: a Thief or a Witch (a
    /// Summoner copies only cards in the deck, so it adds no thief of its own).
    pub(crate) fn shield_for_sale(&self, seat: Seat) -> bool {
        let deck = &self.config.deck;
        self.config.shields != Shields::Off
            && (deck.has(Power::Thief) || deck.has(Power::Witch))
            && self.table.shields & bit(seat) == 0
            && at(&self.table.scores, seat) >= SHIELD_PRICE
    }

    /// The Smuggler's first use: before bidding, swap a card of the hand with the deck.
    pub(crate) fn may_smuggle_before_bid(&self, seat: Seat) -> bool {
        self.hand(seat).has(Power::Smuggler.card())
            && self.table.smuggled & bit(seat) == 0
            && !self.table.deck.is_empty()
    }

    /// The bids placed so far for the hand `seat` bids for now, and that hand's cards: the
    /// round's (The Split: the half the bid is for).
    #[inline]
    fn bidding_for(&self, seat: Seat) -> (&[Option<Bid>; crate::state::MAX_PLAYERS], u8) {
        // (One test for the base game.)
        if self.table.rounds.round_type.is_normal() {
            return (&self.table.bids, self.cards_this_round());
        }
        match self.table.rounds.round_type {
            RoundType::TheSplit => self.split_bidding_half(seat),
            // Long Play: the bids count its tricks (RULES.md, reading 44).
            RoundType::LongPlay => (&self.table.bids, self.tricks_this_round()),
            _ => (&self.table.bids, self.cards_this_round()),
        }
    }

    /// Whether `bid` is allowed for `seat` now.
    #[inline]
    pub(crate) fn bid_allowed(&self, seat: Seat, bid: Bid) -> bool {
        let (bids, dealt) = self.bidding_for(seat);
        let ok = match bid {
            Bid::Single(n) => n <= self.config.max_bid,
            // "Double bidding is not allowed in the round where each player is dealt only one card."
            // Alliances: "Only one team member can make a double-bid".
            Bid::Double(n) => {
                n < self.config.max_bid
                    && self.table.rounds.round_type.allows_double_bid(dealt)
                    && !self.ally_doubled(seat)
            }
        };
        ok && !(self.config.screw_the_dealer
            && seat == self.table.dealer
            && self.screw_binds()
            && self.screws(bids, dealt, bid))
    }

    /// "Screw the dealer" binds when the dealer sees the others' bids: not in Blind Bidding,
    /// whose bids are face down (RULES.md, reading 33).
    fn screw_binds(&self) -> bool {
        self.table.rounds.round_type.bids_are_public()
    }

    /// "Screw the dealer": the dealer may not bring the total to the cards dealt. With double
    /// bids the total is a range; the dealer's bid is refused if the range could hit it.
    ///
    /// With few bid tokens (a custom `max_bid`) and double bids before him, every bid of the
    /// dealer can be refused; the rule then does not bind, so the dealer always has a bid.
    ///
    /// `bids` are the bids placed for the hand of `dealt` cards the dealer bids for (The
    /// Split: each half separately, RULES.md reading 36).
    fn screws(&self, bids: &[Option<Bid>; crate::state::MAX_PLAYERS], dealt: u8, bid: Bid) -> bool {
        let (mut low, mut high) = (0u16, 0u16);
        for s in self.seats().filter(|&s| s != self.table.dealer) {
            if let Some(b) = at(bids, s) {
                low += u16::from(b.low());
                high += u16::from(b.high());
            }
        }
        // Long Play: "match the number of cards dealt", as printed (RULES.md, reading 44),
        // unless `Config::long_play_screw_by_tricks` compares with the tricks.
        let dealt =
            if self.long_play() && !self.config.long_play_screw_by_tricks { self.cards_this_round() } else { dealt };
        let dealt = u16::from(dealt);
        // A single bid b escapes unless dealt - high <= b <= dealt - low.
        let no_escape = high >= dealt && low + u16::from(self.config.max_bid) <= dealt;
        !no_escape && (low + u16::from(bid.low())..=high + u16::from(bid.high())).contains(&dealt)
    }

    #[inline]
    pub(crate) fn push_bidding_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.precision() {
            self.push_precision_bidding(seat, out);
            return;
        }
        if self.shield_for_sale(seat) {
            out.push(Action::Shield);
        }
        if self.may_smuggle_before_bid(seat) {
            let hand = self.hand(seat).minus(CardSet::one(Power::Smuggler.card()));
            out.extend(hand.faces().map(Action::Smuggle));
        }
        if self.wagering() {
            self.push_wagers(seat, out);
        }
        let screw = self.config.screw_the_dealer && seat == self.table.dealer && self.screw_binds();
        let (placed, dealt) = self.bidding_for(seat);
        let doubles = self.table.rounds.round_type.allows_double_bid(dealt) && !self.ally_doubled(seat);
        let max = usize::from(self.config.max_bid);
        // Bids in notation order: 0, 0-1, 1, 1-2, …, max (single bids only: 0, 1, …, max).
        let bids = if doubles { BIDS.get(..2 * max + 1) } else { SINGLE_BIDS.get(..=max) };
        let bids = bids.unwrap_or(&[]);
        if screw {
            out.extend(bids.iter().filter(|a| !matches!(a, Action::Bid(b) if self.screws(placed, dealt, *b))));
        } else {
            out.extend_from_slice(bids);
        }
    }

    /// Suit Precision's bidding turn: a shield and the Smuggler before the first suit bid,
    /// then the bid for the next suit.
    #[inline(never)]
    fn push_precision_bidding(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.before_suit_bids(seat) {
            if self.shield_for_sale(seat) {
                out.push(Action::Shield);
            }
            if self.may_smuggle_before_bid(seat) {
                let hand = self.hand(seat).minus(CardSet::one(Power::Smuggler.card()));
                out.extend(hand.faces().map(Action::Smuggle));
            }
        }
        self.push_suit_bids(seat, out);
    }

    pub(crate) fn bidding_allows(&self, seat: Seat, action: Action) -> bool {
        if matches!(action, Action::Shield | Action::Smuggle(_)) && !self.before_suit_bids(seat) {
            return false;
        }
        match action {
            Action::Shield => self.shield_for_sale(seat),
            Action::Smuggle(face) => {
                self.may_smuggle_before_bid(seat)
                    && face != crate::cards::Face::Power(Power::Smuggler)
                    && self.hand(seat).find(face).is_some()
            }
            Action::Bid(bid) => !self.precision() && self.bid_allowed(seat, bid),
            Action::Note(face) => self.note_allowed(seat, face),
            Action::SuitBid(suit, bid) => self.suit_bid_allowed(seat, suit, bid),
            Action::Wager(points) => self.wager_allowed(seat, points),
            _ => false,
        }
    }

    pub(crate) fn apply_bidding(&mut self, seat: Seat, action: Action) {
        match action {
            Action::Shield => {
                self.table.shields |= bit(seat);
                update(&mut self.table.scores, seat, |v| v.saturating_sub(SHIELD_PRICE));
            }
            Action::Smuggle(face) => {
                if let Some(card) = self.hand(seat).find(face) {
                    self.table.smuggled |= bit(seat);
                    // The Smuggler is shown to use it; it stays in the hand for play.
                    self.smuggle(seat, card);
                    // Shown after the swap, which makes the others unsure of the rest of the hand.
                    let shown = CardSet::one(Power::Smuggler.card());
                    let n = self.n();
                    for k in self.table.known.iter_mut().take(n) {
                        *k = k.or(shown);
                    }
                }
            }
            Action::Bid(bid) if self.table.phase == Phase::BlindBidding => self.place_blind_bid(seat, bid),
            Action::Bid(bid) if self.split() => self.place_split_bid(seat, bid),
            Action::Bid(bid) => self.place_bid(seat, bid),
            Action::Note(face) => self.show_note(seat, face),
            Action::SuitBid(suit, bid) => self.place_suit_bid(seat, suit, bid),
            Action::Wager(points) => self.place_wager(seat, points),
            _ => {}
        }
    }

    /// Places a legal bid; after the dealer's, the player left of the dealer leads.
    #[inline]
    pub(crate) fn place_bid(&mut self, seat: Seat, bid: Bid) {
        put(&mut self.table.bids, seat, Some(bid));
        let n = self.n();
        let next = seat.left(n);
        self.table.phase = if next == self.table.dealer.left(n) { Phase::Play(next) } else { Phase::Bidding(next) };
    }
}
