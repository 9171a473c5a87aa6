//! The observation tensor: what [`CrownBattles::make_view`] shows an observer, read from
//! the same sources without building the view (nothing allocates). The blocks, in order,
//! are listed in the [module docs](super); [`Dims::len`] sums them and [`fill`] writes them.
//!
//! Compact, for speed (a learner writes one per step): blocks sized by the config, the
//! tensor zeroed once and then only its non-zero values written, one value per card of
//! the deck (a location code) rather than one-hot planes per card per place, and a bid,
//! a mission, a leak, an ally or a duel group as one code per seat rather than a one-hot.
//!
//! Cards: one slot per card of the deck, in card-id order; the copies of a face (two
//! Golems, two Dragons, four Peasants) are interchangeable, so the copies a block writes
//! fill that face's slots in the order the block visits them (never by card id): which
//! copy of a face a seat holds is nothing it can see (a determinization may swap copies).
//!
//! [`fill`]: CrownBattles::fill

use duke_core::{Game, Observer, Seat};

use super::deck::{DeckShape, count, count_both};
use super::layout::{ALLIANCE_BITS, MISSION_BITS, OTHER_TYPES, PRECISION_BITS, round_types};
use super::slots::{CardWriter, Deck, NIBBLES, Slots, Writer, small};
use crate::RoundType;
use crate::actions::{Bid, Direction, Trump};
use crate::cards::{Card, CardSet, Power};
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, Phase, at, bit};
use crate::trick::Form;

/// Points per unit of a score, a pot or a score margin in the tensor and the returns.
pub(crate) const POINTS: f32 = 100.0;
/// Features of a card's form on the table: the suit (4), twice the value / 26, Peasant,
/// Golem, Golem King, Dragon, Dragon King, a Summoner's half.
const FORM: usize = 11;
/// Values per seat in the seats' block: crown, protected, score, tricks won, cards in
/// hand, known voids (4: R, G, B, Y), bid (2).
const SEAT: usize = 11;
/// The phases, one-hot (see [`phase_index`]).
const PHASES: usize = 13;
/// Leaked Suit codes: the four suits, the monsters, nothing.
const LEAKS: f32 = 6.0;

/// The round types whose bids are not public (Blind Bidding's kind).
const BLIND_BITS: u16 = {
    let mut bits = 0;
    let mut rest: &[RoundType] = &RoundType::ALL;
    while let [t, tail @ ..] = rest {
        if !t.bids_are_public() {
            bits |= 1 << t.index();
        }
        rest = tail;
    }
    bits
};

/// The sizes the tensor depends on, from the config.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dims {
    n: usize,
    /// The tensor's length (see [`Dims::len`]).
    len: usize,
    /// The deck's card slots.
    deck: Deck,
    /// 1 / (highest bid token + 1).
    per_bid: f32,
    missions: usize,
    /// A round type other than Normal Bidding may be played.
    round_types: bool,
    /// Special Power cards in the deck (an effect's details).
    powers: bool,
    long: bool,
    stealth: bool,
    magician: bool,
    blind: bool,
    split: bool,
    leak: bool,
    alliance: bool,
    precision: bool,
    wagering: bool,
    duels: bool,
}

impl Dims {
    /// From a few numbers of the config, in O(1): the deck's shape without counting its
    /// cards (the standard decks), each round type's block by one `and` with a set of types
    /// (no search), the length summed in a few products. (Every call starts here: the state
    /// carries no derived data, and the rules crates keep no global cache.)
    #[inline(always)]
    pub(crate) fn of(game: &CrownBattles) -> Dims {
        let c = &game.config;
        let chosen = round_types(c);
        let shape = DeckShape::of(&c.deck);
        let deck = Deck { cards: shape.cards, dense: shape.dense, len: shape.cards_len };
        let round_types = chosen & OTHER_TYPES != 0;
        // (No branch per round type: the chosen types, or none for Normal Bidding only.)
        let chosen = chosen & 0u16.wrapping_sub(u16::from(round_types));
        let one = |t: RoundType| chosen >> t.index() & 1 == 1;
        let may = |types: u16| chosen & types != 0;
        let mut dims = Dims {
            n: game.n(),
            len: 0,
            deck,
            per_bid: 1.0 / (f32::from(c.max_bid) + 1.0),
            missions: if may(MISSION_BITS) { c.missions.catalogue.len() } else { 0 },
            round_types,
            powers: c.deck.powers != 0,
            long: one(RoundType::LongPlay),
            stealth: one(RoundType::StealthPlay),
            magician: c.deck.has(Power::Magician),
            blind: may(BLIND_BITS),
            split: one(RoundType::TheSplit),
            leak: one(RoundType::LeakedSuit),
            alliance: may(ALLIANCE_BITS),
            precision: may(PRECISION_BITS),
            wagering: one(RoundType::Wagering),
            duels: one(RoundType::DuelFights),
        };
        dims.len = if round_types {
            dims.sum()
        } else {
            // Normal Bidding only: `sum`'s blocks without a round type's (`22 + 27 n + 2 D`,
            // the effect's 3 with powers, the Magician's direction and cards 4).
            let (n, d) = (dims.n, dims.deck.len);
            22 + 27 * n + 2 * d + 3 * usize::from(dims.powers) + 4 * usize::from(dims.magician)
        };
        dims
    }

    /// The tensor's length: the blocks of [`CrownBattles::fill`], in its order.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The blocks' sizes summed (computed once per call, in [`Dims::of`]).
    fn sum(&self) -> usize {
        let (n, d, m) = (self.n, self.deck.len, self.missions);
        let when = |on: bool, size: usize| usize::from(on) * size;
        n // observer
            + 4 // round, final round, cards dealt, deck
            + n // dealer
            + 5 // trump
            + PHASES + n + when(self.powers, 3) + when(self.magician, 2) + when(self.precision, 1)
            + n // to act
            + when(self.round_types, RoundType::ALL.len())
            + SEAT * n // crown, protected, score, tricks, hand size, voids, bid
            + d // hand
            + d // places
            + n + n * FORM // trick
            + when(self.long, n * FORM)
            + when(self.stealth, n + 4 + 2 * n)
            + when(self.magician, 2)
            + when(self.blind, 2 * n)
            + when(self.split, 1 + n + 2 * n + n)
            + when(m > 0, m + 2 * n)
            + when(self.leak, n)
            + when(self.alliance, 3 * n)
            + when(self.precision, 8 * n + 4 * n)
            + when(self.wagering, 1 + n)
            + when(self.duels, n)
    }
}

/// The phase's place in the one-hot block.
fn phase_index(p: Phase) -> usize {
    match p {
        Phase::ChooseTrump => 0,
        Phase::Bidding(_) => 1,
        Phase::Play(_) => 2,
        Phase::Effect { .. } => 3,
        Phase::Passing { .. } => 4,
        Phase::Over => 5,
        Phase::BlindBidding => 6,
        Phase::Splitting => 7,
        Phase::Missions => 8,
        Phase::LeakedSuit => 9,
        Phase::Teams => 10,
        Phase::Place { .. } => 11,
        Phase::Pairing => 12,
    }
}

/// Writes a form's features at `at` of `x`.
fn put_form(x: &mut Slots<'_>, at: usize, form: Form) {
    // Two writes whatever the form (the kind's flag, then the value or the half), so the
    // match only picks numbers: no branch per form.
    let (kind, second, value) = match form {
        Form::Number { suit, value2 } => (suit.index(), 4, small(usize::from(value2)) * (1.0 / 26.0)),
        Form::Peasant { half } => (5, 10, small(usize::from(half))),
        Form::Golem { half } => (6, 10, small(usize::from(half))),
        Form::GolemKing { half } => (7, 10, small(usize::from(half))),
        Form::Dragon { half } => (8, 10, small(usize::from(half))),
        Form::DragonKing => (9, 10, 0.0),
    };
    x.set(at + kind, 1.0);
    x.set(at + second, value);
}

/// A bid as two values at `at`: (low + 1) / (highest token + 1), 0 for none; 1 for a
/// double bid. (`per_bid` is 1 / (highest token + 1): a product costs less than a quotient.)
fn put_bid(x: &mut Slots<'_>, at: usize, bid: Option<Bid>, per_bid: f32) {
    if let Some(b) = bid {
        x.set(at, f32::from(b.low().saturating_add(1)) * per_bid);
        x.flag(at + 1, b.low() != b.high());
    }
}

impl CrownBattles {
    /// Writes the observation of `observer` (see the module docs for the blocks).
    pub(crate) fn fill(&self, d: &Dims, observer: Observer, w: &mut Writer<'_>) {
        let n = d.n;
        let t = &self.table;
        let me = match observer {
            Observer::Seat(s) if s.index() < n => Some(s),
            _ => None,
        };
        let per_card = 1.0 / d.deck.len.max(1) as f32;

        if let Some(s) = me {
            w.block(n).set(s.index(), 1.0);
        } else {
            w.block(n);
        }
        let mut x = w.block(4);
        x.set(0, f32::from(t.round.saturating_add(1)) / self.config.schedule.rounds().max(1) as f32);
        x.flag(1, self.is_final_round());
        x.set(2, f32::from(self.cards_this_round()) * n as f32 * per_card);
        x.set(3, count(t.deck) as f32 * per_card);
        w.block(n).set(t.dealer.index(), 1.0);
        w.block(5).set(if let Trump::Suit(s) = t.trump { s.index() } else { 4 }, 1.0);

        self.fill_phase(d, w);
        let mut x = w.block(n);
        let mut acting = self.to_act().0;
        while acting != 0 {
            x.set(acting.trailing_zeros() as usize, 1.0);
            acting &= acting - 1;
        }
        if d.round_types {
            w.block(RoundType::ALL.len()).set(t.rounds.round_type.index(), 1.0);
        }

        // Per seat, one block of `SEAT` values, every seat's written in one pass zipped
        // with the table's arrays (no index to check, no branch but the bid's); the crown
        // and the protected seats (one seat or none, mostly) after it, only where set.
        // Every seat's hand counted in one loop of the same shifts and adds (no multiply,
        // no branch), which the compiler runs on two seats at a time, rather than one bit
        // count per seat.
        let mut sizes = [0u64; MAX_PLAYERS];
        for (size, hand) in sizes.iter_mut().zip(&t.hands) {
            *size = count_both(hand.0 as u64, (hand.0 >> 64) as u64);
        }
        let mut x = w.block(SEAT * n);
        let seats = x.0.chunks_exact_mut(SEAT).zip(&t.scores).zip(&t.tricks).zip(&sizes).zip(&t.voids).zip(&t.bids);
        for (((((v, &score), &tricks), &hand), &voids), &bid) in seats {
            if let [_, _, points, won, held, r, g, b, y, number, two] = v {
                *points = score as f32 * (1.0 / POINTS);
                *won = f32::from(tricks);
                *held = small(hand as usize);
                if let Some(&[vr, vg, vb, vy]) = NIBBLES.get(usize::from(voids & 15)) {
                    (*r, *g, *b, *y) = (vr, vg, vb, vy);
                }
                // (No branch on the bid: which seats have bid varies from state to state.)
                let (low, double) = bid.map_or((0, 0), |b| (b.low().saturating_add(1), u8::from(b.low() != b.high())));
                *number = f32::from(low) * d.per_bid;
                *two = f32::from(double);
            }
        }
        // The bids shown: every seat's, or (Blind Bidding) only the observer's own: the
        // others' cleared (rare: one test, not one per seat).
        if !t.rounds.round_type.bids_are_public() {
            for (_, v) in x.0.chunks_exact_mut(SEAT).enumerate().filter(|&(i, _)| me.is_none_or(|s| s.index() != i)) {
                if let Some(bid) = v.get_mut(SEAT - 2..) {
                    bid.fill(0.0);
                }
            }
        }
        if let Some(c) = t.crown {
            x.set(c.index() * SEAT, 1.0);
        }
        let mut guarded = t.wizards | t.shields;
        while guarded != 0 {
            x.set(guarded.trailing_zeros() as usize * SEAT + 1, 1.0);
            guarded &= guarded - 1;
        }
        let hidden_seats = self.fill_cards(d, me, w);
        self.fill_round_types(d, me, hidden_seats, w);
    }

    /// The phase block: one-hot, its seat, and the details the config can have.
    fn fill_phase(&self, d: &Dims, w: &mut Writer<'_>) {
        let n = d.n;
        let phase = self.table.phase;
        let mut x = w.block(PHASES + n);
        x.set(phase_index(phase), 1.0);
        match phase {
            Phase::Bidding(s) | Phase::Play(s) | Phase::Effect { seat: s, .. } | Phase::Place { seat: s, .. } => {
                x.set(PHASES + s.index(), 1.0);
            }
            Phase::Passing { magician, .. } => x.set(PHASES + magician.index(), 1.0),
            _ => {}
        }
        if d.powers {
            let mut x = w.block(3);
            if let Phase::Effect { power, end, steps, .. } = phase {
                x.set(0, (power.index() + 1) as f32 / 16.0);
                x.flag(1, end);
                x.set(2, f32::from(steps) / 6.0);
            }
        }
        if d.magician {
            let mut x = w.block(2);
            if let Phase::Passing { direction, .. } = phase {
                x.set(usize::from(direction == Direction::Right), 1.0);
            }
        }
        if d.precision {
            let mut x = w.block(1);
            if let Phase::Place { stolen, .. } = phase {
                x.flag(0, stolen);
            }
        }
    }

    /// The card blocks: the observer's hand, where it knows each other card is, the trick
    /// (and Long Play's first pass). Returns the Stealth Play seats whose card the observer
    /// did not see.
    fn fill_cards(&self, d: &Dims, me: Option<Seat>, w: &mut Writer<'_>) -> u8 {
        let n = d.n;
        let t = &self.table;
        let own = me.map_or(CardSet::EMPTY, |s| self.hand(s));
        let mut x = w.block(d.deck.len);
        let mut cards = CardWriter::new(&d.deck);
        cards.put_few(&mut x, own);
        if let Some(s) = me.filter(|_| d.split) {
            cards.put_all(&mut x, at(&t.rounds.aside, s), 0.5);
        }

        // Places, one code per card: held by seat h (1 + h), in the undealt deck (n + 1),
        // on the table played by seat s (n + 2 + s), played earlier this round (2 n + 2),
        // over 2 n + 2. Written the cards played earlier first (the bulk, four slots at a
        // time), then the known cards seat by seat and the deck's, then the table's.
        let per_code = 1.0 / (2 * n + 2) as f32;
        let (hidden, hidden_seats) = self.hidden_from(me);
        let seen_played = t.played.minus(hidden);
        let known = match me {
            Some(s) => at(&t.known, s).minus(own).minus(seen_played),
            None if self.leaked_round() => t.rounds.shown.minus(seen_played),
            None => CardSet::EMPTY,
        };
        let first = (d.long && !t.rounds.long.is_empty()).then(|| self.first_pass());
        let mut on_table = 0u128;
        for trick in first.iter().chain([&t.trick]) {
            // Every position, those past the trick's length adding nothing: as many turns
            // whatever the length (no loop exit the states would mispredict).
            for (pos, &id) in trick.cards.iter().enumerate() {
                on_table |= u128::from(pos < usize::from(trick.len)) << (id & 127);
            }
        }
        let (mut x, mut leader, mut forms) = w.three(d.deck.len, n, n * FORM);
        let mut cards = CardWriter::new(&d.deck);
        cards.put_first(&mut x, CardSet(seen_played.0 & !on_table));
        if !known.is_empty() {
            // Seat by seat (a face's copies in seat order), then the deck: as `View::known`.
            for i in 0..n {
                let h = Seat(i as u8);
                let mut held = known.and(self.hand(h));
                if hidden_seats & bit(h) != 0 {
                    for pos in 0..usize::from(t.trick.len) {
                        if let Some(c) = t.trick.card(pos).filter(|_| t.trick.leader.offset(pos, n) == h) {
                            held = held.or(known.and(CardSet::one(c)));
                        }
                    }
                }
                cards.put_all(&mut x, held, (1 + i) as f32 * per_code);
            }
            cards.put_all(&mut x, known.and(t.deck), (n + 1) as f32 * per_code);
        }
        if let Some(first) = &first {
            let mut seat = first.leader.index();
            for &id in first.cards.iter().take(usize::from(first.len)) {
                cards.put(&mut x, id, (n + 2 + seat) as f32 * per_code);
                seat = if seat + 1 >= n { 0 } else { seat + 1 };
            }
        }

        // The ongoing trick: each card's place and its form, in one pass.
        leader.set(t.trick.leader.index(), 1.0);
        // (Cards lie face down in Stealth Play rounds only.)
        let down = if d.stealth { self.face_down() } else { 0 };
        let mut seat = t.trick.leader.index();
        for (pos, (&id, &form)) in t.trick.cards.iter().zip(&t.trick.forms).take(usize::from(t.trick.len)).enumerate() {
            let by = seat;
            seat = if seat + 1 >= n { 0 } else { seat + 1 };
            // Stealth Play: a face-down card the observer did not see is left out; a
            // face-down Summoner shows its printed form until the flip.
            if hidden_seats & bit(Seat(by as u8)) != 0 {
                continue;
            }
            cards.put(&mut x, id, (n + 2 + by) as f32 * per_code);
            let form = if down != 0
                && down >> pos & 1 == 1
                && let Some(c) = Card::new(id).filter(|&c| c == Power::Summoner.card())
            {
                Form::of(c, false)
            } else {
                form
            };
            put_form(&mut forms, by * FORM, form);
        }
        if d.long {
            let mut x = w.block(n * FORM);
            if let Some(first) = &first {
                for pos in 0..usize::from(first.len) {
                    if let Some(form) = first.form(pos) {
                        put_form(&mut x, first.leader.offset(pos, n).index() * FORM, form);
                    }
                }
            }
        }
        hidden_seats
    }

    /// The blocks of the Special Power cards' and the round types' records.
    fn fill_round_types(&self, d: &Dims, me: Option<Seat>, hidden_seats: u8, w: &mut Writer<'_>) {
        let (n, m) = (d.n, d.missions);
        let t = &self.table;
        let seats = || (0..n).map(|i| Seat(i as u8));
        if d.stealth {
            let mut x = w.block(n);
            for s in seats() {
                x.flag(s.index(), hidden_seats & bit(s) != 0);
            }
            let mut x = w.block(4);
            if let Some(suit) = self.suit_told(me) {
                x.set(suit.index(), 1.0);
            }
            let mut x = w.block(2 * n);
            for (pos, &id) in t.rounds.revealed_trick.iter().take_while(|&&id| id != NONE).enumerate() {
                let at = 2 * t.rounds.revealed_leader.offset(pos, n).index();
                if let Some(c) = Card::new(id & 0x7F) {
                    x.set(at, d.deck.face_code(c));
                }
                x.flag(at + 1, id & 0x80 != 0);
            }
        }
        if d.magician {
            let mut x = w.block(2);
            if let Some(s) = me {
                if let Some(c) = Card::new(at(&t.passes, s)) {
                    x.set(0, d.deck.face_code(c));
                }
                if let Some(c) = self.incoming_pass(s).and_then(|f| f.first_card()) {
                    x.set(1, d.deck.face_code(c));
                }
            }
        }
        if d.blind {
            let mut x = w.block(2 * n);
            for s in seats() {
                put_bid(&mut x, 2 * s.index(), at(&t.rounds.revealed_bids, s), d.per_bid);
            }
        }
        if d.split {
            let on = self.split();
            w.block(1).flag(0, on && self.second_half());
            let mut x = w.block(n + 2 * n + n);
            for s in seats().filter(|_| on) {
                let i = s.index();
                x.set(i, count(at(&t.rounds.aside, s)) as f32);
                put_bid(&mut x, n + 2 * i, at(&t.rounds.other_bids, s), d.per_bid);
                x.set(3 * n + i, f32::from(at(&t.rounds.first_tricks, s)));
            }
        }
        if m > 0 {
            let mut x = w.block(m);
            let mut offer = me.map_or(0, |s| at(&t.rounds.offers, s));
            while offer != 0 {
                x.set(offer.trailing_zeros() as usize, 1.0);
                offer &= offer - 1;
            }
            let mut x = w.block(2 * n);
            let code = |id: u8| f32::from(id.saturating_add(1)) / m as f32;
            if t.rounds.round_type.has_missions() {
                for s in seats() {
                    if let Some(id) = self.mission_of(s).filter(|_| self.mission_seen(s, me)) {
                        x.set(s.index(), code(id));
                    }
                }
            }
            for s in seats() {
                let id = at(&t.rounds.revealed_missions, s);
                if id != NONE {
                    x.set(n + s.index(), code(id));
                }
            }
        }
        if d.leak {
            let mut x = w.block(n);
            if self.leaked_round() {
                for s in seats() {
                    if let Some(l) = self.leak_of(s).filter(|_| self.leak_public(s) || me == Some(s)) {
                        x.set(s.index(), f32::from(l.code() + 1) / LEAKS);
                    }
                }
            }
        }
        if d.alliance {
            let mut x = w.block(3 * n);
            if self.alliance_round() {
                for s in seats() {
                    if let Some(a) = self.ally(s) {
                        x.set(s.index(), (a.index() + 1) as f32 / n as f32);
                    }
                    x.flag(n + s.index(), self.is_solo(s));
                    x.flag(2 * n + s.index(), t.rounds.alliance.notes & bit(s) != 0);
                }
            }
        }
        if d.precision {
            let mut x = w.block(8 * n + 4 * n);
            if self.precision() {
                for s in seats() {
                    for (k, (&bid, &won)) in self.suit_bids(s).iter().zip(&self.suit_tricks(s)).enumerate() {
                        put_bid(&mut x, 2 * (4 * s.index() + k), bid, d.per_bid);
                        x.set(8 * n + 4 * s.index() + k, f32::from(won));
                    }
                }
            }
        }
        if d.wagering {
            let mut x = w.block(1 + n);
            x.set(0, f32::from(self.pot_on_table()) / POINTS);
            // (The extra wagers' seats only: none outside a Wagering round.)
            if t.rounds.wagering.wagers != 0 {
                for s in seats() {
                    x.set(1 + s.index(), f32::from(self.wager_of(s)) / 20.0);
                }
            }
        }
        if d.duels {
            let mut x = w.block(n);
            // (The grouped seats only: none outside a Duel Fights round.)
            if t.rounds.duels.grouped != 0 {
                for s in seats() {
                    if let Some(g) = self.group_of(s) {
                        x.set(s.index(), f32::from(g + 1) / 4.0);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, DeckSpec};

    #[test]
    fn the_normal_bidding_tensor_length_is_the_sum_of_its_blocks() {
        for players in 2..=8u8 {
            let Ok(base) = Config::rulebook(Some(players)) else { continue };
            for powers in [0u16, 1 << Power::Magician.index(), 0x00FF, 0xFFFF, 0x1234] {
                let mut config = base.clone();
                config.deck = DeckSpec { powers, ..config.deck };
                let Ok(game) = CrownBattles::new(&config, 1) else { continue };
                let dims = Dims::of(&game);
                assert_eq!(dims.len(), dims.sum(), "{config:?}");
            }
        }
    }
}
