//! The observation tensor: what [`CrownBattles::make_view`] shows an observer, read from
//! the same sources without building the view (nothing allocates). The blocks, in order,
//! are listed in the [module docs](super); [`Dims::len`] sums them and [`fill`] writes them.
//!
//! Cards are counted by face (a Golem, a Dragon or a Peasant counts its copies), never by
//! card id: the view names faces, and which copy of a face a seat holds is nothing it can
//! see (a determinization may swap copies).

use duke_core::{Game, Observer, Seat};

use super::layout::{ALLIANCE_TYPES, Faces, Layout, MISSION_TYPES, PRECISION_TYPES, may_play};
use crate::RoundType;
use crate::actions::{Bid, Direction, Trump};
use crate::cards::{Card, CardSet, Power};
use crate::state::{CrownBattles, NONE, Phase, at, bit};
use crate::trick::Form;

/// Points per unit of a score, a pot or a score margin in the tensor and the returns.
pub(crate) const POINTS: f32 = 100.0;
/// Features of a card's form on the table: the suit (4), twice the value / 26, Peasant,
/// Golem, Golem King, Dragon, Dragon King, a Summoner's half.
const FORM: usize = 11;
/// The phases, one-hot (see [`phase_index`]).
const PHASES: usize = 13;
/// A phase's details: its seat (n), the power of an effect (16), at the trick's end, the
/// Witch's steps left / 6, the Magician's direction (2), a Thief's stolen trick.
const PHASE_DETAILS: usize = 16 + 1 + 1 + 2 + 1;
/// Leaked Suit codes: the four suits, the monsters, nothing.
const LEAKS: usize = 6;

/// The sizes the tensor depends on, from the config.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dims {
    pub(crate) n: usize,
    pub(crate) faces: Faces,
    layout: Layout,
    /// Bid slots: none seen, then the bid block's order.
    pub(crate) bids: usize,
    missions: usize,
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
    pub(crate) fn of(game: &CrownBattles) -> Dims {
        let c = &game.config;
        let layout = Layout::of(c);
        Dims {
            n: layout.n,
            faces: layout.faces,
            layout,
            bids: layout.bids() + 1,
            missions: if may_play(c, &MISSION_TYPES) { c.missions.catalogue.len() } else { 0 },
            long: may_play(c, &[RoundType::LongPlay]),
            stealth: may_play(c, &[RoundType::StealthPlay]),
            magician: c.deck.has(Power::Magician),
            blind: RoundType::ALL.iter().any(|t| !t.bids_are_public() && may_play(c, &[*t])),
            split: may_play(c, &[RoundType::TheSplit]),
            leak: may_play(c, &[RoundType::LeakedSuit]),
            alliance: may_play(c, &ALLIANCE_TYPES),
            precision: may_play(c, &PRECISION_TYPES),
            wagering: may_play(c, &[RoundType::Wagering]),
            duels: may_play(c, &[RoundType::DuelFights]),
        }
    }

    /// The tensor's length: the blocks of [`fill`], in its order.
    pub(crate) fn len(&self) -> usize {
        let (n, f, b, m) = (self.n, self.faces.len, self.bids, self.missions);
        let when = |on: bool, size: usize| if on { size } else { 0 };
        n // observer
            + 4 // round, final round, cards dealt, deck
            + n // dealer
            + 5 // trump
            + PHASES + n + PHASE_DETAILS
            + n // to act
            + RoundType::ALL.len()
            + 5 * n // crown, protected, score, tricks, hand size
            + 4 * n // voids
            + n * b // bids
            + f // hand
            + f // played
            + (n + 1) * f // known
            + n + n * (f + FORM) // trick
            + when(self.long, n * (f + FORM))
            + when(self.stealth, n + 4 + n * (f + 1))
            + when(self.magician, 2 * f)
            + when(self.blind, n * b)
            + when(self.split, 1 + f + n + n * b + n)
            + when(m > 0, m + 2 * n * m)
            + when(self.leak, n * LEAKS)
            + when(self.alliance, n * n + 2 * n)
            + when(self.precision, n * 4 * b + n * 4)
            + when(self.wagering, 1 + n)
            + when(self.duels, n * n)
    }
}

/// Writes consecutive blocks into the tensor (out of range writes nothing).
pub(crate) struct Writer<'a> {
    out: &'a mut [f32],
    pub(crate) pos: usize,
}

impl<'a> Writer<'a> {
    pub(crate) fn new(out: &'a mut [f32]) -> Writer<'a> {
        Writer { out, pos: 0 }
    }

    /// The next `len` values.
    fn block(&mut self, len: usize) -> Slots<'_> {
        let start = self.pos;
        self.pos += len;
        Slots(self.out.get_mut(start..start + len).unwrap_or(&mut []))
    }
}

/// One block of the tensor.
struct Slots<'a>(&'a mut [f32]);

impl Slots<'_> {
    fn set(&mut self, i: usize, v: f32) {
        if let Some(x) = self.0.get_mut(i) {
            *x = v;
        }
    }

    fn add(&mut self, i: usize, v: f32) {
        if let Some(x) = self.0.get_mut(i) {
            *x += v;
        }
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
    let (slot, half) = match form {
        Form::Number { suit, value2 } => {
            x.set(at + suit.index(), 1.0);
            x.set(at + 4, f32::from(value2) / 26.0);
            return;
        }
        Form::Peasant { half } => (5, half),
        Form::Golem { half } => (6, half),
        Form::GolemKing { half } => (7, half),
        Form::Dragon { half } => (8, half),
        Form::DragonKing => (9, false),
    };
    x.set(at + slot, 1.0);
    if half {
        x.set(at + 10, 1.0);
    }
}

impl CrownBattles {
    /// The slot of a bid as the observer sees it (0: none).
    fn bid_slot(d: &Dims, bid: Option<Bid>) -> usize {
        bid.and_then(|b| d.layout.bid_slot(b)).map_or(0, |i| i + 1)
    }

    /// Counts the faces of `cards` into `x` from `at`.
    fn put_cards(d: &Dims, x: &mut Slots<'_>, at: usize, cards: CardSet) {
        for c in cards.iter() {
            if let Some(i) = d.faces.index(c.face()) {
                x.add(at + i, 1.0);
            }
        }
    }

    /// Writes the observation of `observer` (see the module docs for the blocks).
    pub(crate) fn fill(&self, d: &Dims, observer: Observer, w: &mut Writer<'_>) {
        let (n, f, b) = (d.n, d.faces.len, d.bids);
        let t = &self.table;
        let me = match observer {
            Observer::Seat(s) if s.index() < n => Some(s),
            _ => None,
        };
        let seats = || (0..n).map(|i| Seat(i as u8));
        let deck_size = self.config.deck.cards().len().max(1) as f32;

        let mut x = w.block(n);
        if let Some(s) = me {
            x.set(s.index(), 1.0);
        }
        let mut x = w.block(4);
        x.set(0, f32::from(t.round.saturating_add(1)) / self.config.schedule.rounds().max(1) as f32);
        x.set(1, if self.is_final_round() { 1.0 } else { 0.0 });
        x.set(2, f32::from(self.cards_this_round()) * n as f32 / deck_size);
        x.set(3, t.deck.len() as f32 / deck_size);
        w.block(n).set(t.dealer.index(), 1.0);
        w.block(5).set(if let Trump::Suit(s) = t.trump { s.index() } else { 4 }, 1.0);

        let mut x = w.block(PHASES + n + PHASE_DETAILS);
        x.set(phase_index(t.phase), 1.0);
        let details = PHASES + n;
        match t.phase {
            Phase::Bidding(s) | Phase::Play(s) => x.set(PHASES + s.index(), 1.0),
            Phase::Effect { seat, power, end, steps } => {
                x.set(PHASES + seat.index(), 1.0);
                x.set(details + power.index(), 1.0);
                x.set(details + 16, if end { 1.0 } else { 0.0 });
                x.set(details + 17, f32::from(steps) / 6.0);
            }
            Phase::Passing { magician, direction } => {
                x.set(PHASES + magician.index(), 1.0);
                x.set(details + 18 + usize::from(direction == Direction::Right), 1.0);
            }
            Phase::Place { seat, stolen } => {
                x.set(PHASES + seat.index(), 1.0);
                x.set(details + 20, if stolen { 1.0 } else { 0.0 });
            }
            _ => {}
        }
        let mut x = w.block(n);
        for s in self.to_act().iter() {
            x.set(s.index(), 1.0);
        }
        w.block(RoundType::ALL.len()).set(t.rounds.round_type.index(), 1.0);

        let mut x = w.block(5 * n);
        for s in seats() {
            let i = 5 * s.index();
            x.set(i, if t.crown == Some(s) { 1.0 } else { 0.0 });
            x.set(i + 1, if self.protected(s) { 1.0 } else { 0.0 });
            x.set(i + 2, at(&t.scores, s) as f32 / POINTS);
            x.set(i + 3, f32::from(at(&t.tricks, s)));
            x.set(i + 4, self.hand(s).len() as f32);
        }
        let mut x = w.block(4 * n);
        for s in seats() {
            let voids = at(&t.voids, s);
            for k in 0..4 {
                if voids >> k & 1 == 1 {
                    x.set(4 * s.index() + k, 1.0);
                }
            }
        }
        let mut x = w.block(n * b);
        for s in seats() {
            let bid = at(&t.bids, s).filter(|_| t.rounds.round_type.bids_are_public() || me == Some(s));
            x.set(b * s.index() + CrownBattles::bid_slot(d, bid), 1.0);
        }

        // The cards: the observer's hand, the cards played that it saw, the cards it knows
        // the place of (as `View::known`), the trick.
        let own = me.map_or(CardSet::EMPTY, |s| self.hand(s));
        CrownBattles::put_cards(d, &mut w.block(f), 0, own);
        let (hidden, hidden_seats) = self.hidden_from(me);
        let seen_played = t.played.minus(hidden);
        CrownBattles::put_cards(d, &mut w.block(f), 0, seen_played);
        let known = match me {
            Some(s) => at(&t.known, s).minus(own).minus(seen_played),
            None if self.leaked_round() => t.rounds.shown.minus(seen_played),
            None => CardSet::EMPTY,
        };
        let holds =
            |h: Seat, c: Card| self.hand(h).has(c) || hidden_seats & bit(h) != 0 && self.trick_seat(c) == Some(h);
        let mut x = w.block((n + 1) * f);
        for c in known.iter() {
            let place = if t.deck.has(c) { Some(n) } else { seats().find(|&h| holds(h, c)).map(Seat::index) };
            if let (Some(p), Some(i)) = (place, d.faces.index(c.face())) {
                x.add(p * f + i, 1.0);
            }
        }
        w.block(n).set(t.trick.leader.index(), 1.0);
        let mut x = w.block(n * (f + FORM));
        for i in 0..usize::from(t.trick.len) {
            let (Some(card), Some(form)) = (t.trick.card(i), t.trick.form(i)) else { continue };
            if hidden.has(card) {
                continue;
            }
            // Stealth Play: a face-down Summoner shows its printed form until the flip.
            let form = if card == Power::Summoner.card() && self.face_down() >> i & 1 == 1 {
                Form::of(card, false)
            } else {
                form
            };
            let at = t.trick.leader.offset(i, n).index() * (f + FORM);
            if let Some(k) = d.faces.index(card.face()) {
                x.add(at + k, 1.0);
            }
            put_form(&mut x, at + f, form);
        }
        if d.long {
            let mut x = w.block(n * (f + FORM));
            if !t.rounds.long.is_empty() {
                let first = self.first_pass();
                for i in 0..usize::from(first.len) {
                    let (Some(card), Some(form)) = (first.card(i), first.form(i)) else { continue };
                    let at = first.leader.offset(i, n).index() * (f + FORM);
                    if let Some(k) = d.faces.index(card.face()) {
                        x.add(at + k, 1.0);
                    }
                    put_form(&mut x, at + f, form);
                }
            }
        }
        self.fill_round_types(d, me, hidden_seats, w);
    }

    /// The blocks of the Special Power cards' and the round types' records.
    fn fill_round_types(&self, d: &Dims, me: Option<Seat>, hidden_seats: u8, w: &mut Writer<'_>) {
        let (n, f, b, m) = (d.n, d.faces.len, d.bids, d.missions);
        let t = &self.table;
        let seats = || (0..n).map(|i| Seat(i as u8));
        if d.stealth {
            let mut x = w.block(n);
            for s in seats().filter(|&s| hidden_seats & bit(s) != 0) {
                x.set(s.index(), 1.0);
            }
            let mut x = w.block(4);
            if let Some(suit) = self.suit_told(me) {
                x.set(suit.index(), 1.0);
            }
            let mut x = w.block(n * (f + 1));
            for (pos, &id) in t.rounds.revealed_trick.iter().take_while(|&&id| id != NONE).enumerate() {
                let at = t.rounds.revealed_leader.offset(pos, n).index() * (f + 1);
                if let Some(k) = Card::new(id & 0x7F).and_then(|c| d.faces.index(c.face())) {
                    x.add(at + k, 1.0);
                }
                if id & 0x80 != 0 {
                    x.set(at + f, 1.0);
                }
            }
        }
        if d.magician {
            let mut x = w.block(f);
            if let Some(s) = me {
                let passing = Card::new(at(&t.passes, s)).and_then(|c| d.faces.index(c.face()));
                if let Some(k) = passing {
                    x.set(k, 1.0);
                }
            }
            let mut x = w.block(f);
            if let Some(k) = me.and_then(|s| self.incoming_pass(s)).and_then(|c| d.faces.index(c)) {
                x.set(k, 1.0);
            }
        }
        if d.blind {
            let mut x = w.block(n * b);
            if t.rounds.revealed_bids.iter().any(Option::is_some) {
                for s in seats() {
                    x.set(b * s.index() + CrownBattles::bid_slot(d, at(&t.rounds.revealed_bids, s)), 1.0);
                }
            }
        }
        if d.split {
            let on = self.split();
            w.block(1).set(0, if on && self.second_half() { 1.0 } else { 0.0 });
            let aside = me.filter(|_| on).map_or(CardSet::EMPTY, |s| at(&t.rounds.aside, s));
            CrownBattles::put_cards(d, &mut w.block(f), 0, aside);
            let mut sizes = w.block(n);
            for s in seats().filter(|_| on) {
                sizes.set(s.index(), at(&t.rounds.aside, s).len() as f32);
            }
            let mut other = w.block(n * b);
            for s in seats().filter(|_| on) {
                other.set(b * s.index() + CrownBattles::bid_slot(d, at(&t.rounds.other_bids, s)), 1.0);
            }
            let mut first = w.block(n);
            for s in seats().filter(|_| on) {
                first.set(s.index(), f32::from(at(&t.rounds.first_tricks, s)));
            }
        }
        if m > 0 {
            let mut x = w.block(m);
            let offer = me.map_or(0, |s| at(&t.rounds.offers, s));
            for k in (0..m).filter(|&k| offer.checked_shr(k as u32).is_some_and(|o| o & 1 == 1)) {
                x.set(k, 1.0);
            }
            let mut x = w.block(n * m);
            if t.rounds.round_type.has_missions() {
                for s in seats() {
                    if let Some(id) = self.mission_of(s).filter(|_| self.mission_seen(s, me)) {
                        x.set(m * s.index() + usize::from(id), 1.0);
                    }
                }
            }
            let mut x = w.block(n * m);
            for s in seats() {
                let id = at(&t.rounds.revealed_missions, s);
                if id != NONE {
                    x.set(m * s.index() + usize::from(id), 1.0);
                }
            }
        }
        if d.leak {
            let mut x = w.block(n * LEAKS);
            if self.leaked_round() {
                for s in seats() {
                    if let Some(l) = self.leak_of(s).filter(|_| self.leak_public(s) || me == Some(s)) {
                        x.set(LEAKS * s.index() + usize::from(l.code()), 1.0);
                    }
                }
            }
        }
        if d.alliance {
            let on = self.alliance_round();
            let mut x = w.block(n * n + 2 * n);
            for s in seats().filter(|_| on) {
                if let Some(a) = self.ally(s) {
                    x.set(n * s.index() + a.index(), 1.0);
                }
                x.set(n * n + s.index(), if self.is_solo(s) { 1.0 } else { 0.0 });
                x.set(n * n + n + s.index(), if t.rounds.alliance.notes & bit(s) != 0 { 1.0 } else { 0.0 });
            }
        }
        if d.precision {
            let on = self.precision();
            let mut x = w.block(n * 4 * b + n * 4);
            for s in seats().filter(|_| on) {
                for (k, (&bid, &won)) in self.suit_bids(s).iter().zip(&self.suit_tricks(s)).enumerate() {
                    x.set((4 * s.index() + k) * b + CrownBattles::bid_slot(d, bid), 1.0);
                    x.set(n * 4 * b + 4 * s.index() + k, f32::from(won));
                }
            }
        }
        if d.wagering {
            let mut x = w.block(1 + n);
            x.set(0, f32::from(self.pot_on_table()) / POINTS);
            for s in seats() {
                x.set(1 + s.index(), f32::from(self.wager_of(s)) / 20.0);
            }
        }
        if d.duels {
            let mut x = w.block(n * n);
            for s in seats() {
                for u in seats() {
                    if self.group_of(s).is_some() && self.group_of(s) == self.group_of(u) {
                        x.set(n * s.index() + u.index(), 1.0);
                    }
                }
            }
        }
    }
}
