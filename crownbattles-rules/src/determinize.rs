//! Determinization: re-deal what a seat has not seen, keeping what it knows (own hand,
//! played cards, cards revealed to it and where they are, hand sizes, the deck size, and
//! the suits each player is known to lack), and re-choose the bids placed face down, the
//! cards played face down (Stealth Play) and the halves set aside (The Split).

use duke_core::{GameRng, Seat};

use crate::actions::Direction;
use crate::cards::{Card, CardSet};
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, Phase, at, put};

/// Card kinds for the void constraint: the four suits, everything unsuited, and (Leaked
/// Suit, when a seat's revealed monsters are all it holds) the monsters apart.
const KINDS: usize = 6;
/// Slots: the players' hands, the deck, then the cards on the table the re-deal chooses
/// ([`TableSlots`]), then (The Split) the set-aside halves.
const SLOTS: usize = 3 * MAX_PLAYERS + 1;
/// The first table slot.
const TABLE: usize = MAX_PLAYERS + 1;
/// The first set-aside half's slot.
const ASIDE: usize = TABLE + MAX_PLAYERS;

fn kind(c: Card, monsters: bool) -> usize {
    match c.suit() {
        Some(s) => s.index(),
        None if monsters && crate::actions::Leak::Monsters.cards().has(c) => 5,
        None => 4,
    }
}

struct Deal {
    /// Slots in use: the hands, the deck and the table slots, and in The Split the
    /// set-aside halves.
    used: usize,
    /// Kinds in use: 5, or 6 with the monsters apart.
    kinds: usize,
    count: [u32; KINDS],
    cap: [u32; SLOTS],
    /// Bit k set: slot refuses kind k.
    refuses: [u8; SLOTS],
}

impl Deal {
    fn accepts(&self, slot: usize, k: usize) -> bool {
        self.refuses.get(slot).is_some_and(|r| r >> k & 1 == 0)
    }

    /// Whether the remaining cards fit (Gale's condition for every set of kinds).
    fn feasible(&self) -> bool {
        (1u32..1 << self.kinds).all(|kinds| {
            let demand: u32 =
                (0..self.kinds).filter(|k| kinds >> k & 1 == 1).map(|k| self.count.get(k).copied().unwrap_or(0)).sum();
            let supply: u32 = (0..self.used)
                .filter(|&s| (0..self.kinds).any(|k| kinds >> k & 1 == 1 && self.accepts(s, k)))
                .map(|s| self.cap.get(s).copied().unwrap_or(0))
                .sum();
            demand <= supply
        })
    }
}

/// Stealth Play with `Config::stealth_follow_face_down`: face-down cards the re-deal chooses,
/// each of one kind: slot `i` lies at trick position `pos[i]` and refuses the kinds of
/// `refuses[i]` (bit per kind); `lifted` are the cards taken off those positions.
#[derive(Clone, Copy, Default)]
pub(crate) struct TableSlots {
    pub(crate) len: usize,
    pub(crate) pos: [u8; MAX_PLAYERS],
    pub(crate) refuses: [u8; MAX_PLAYERS],
    pub(crate) cards: [u8; MAX_PLAYERS],
    pub(crate) lifted: CardSet,
}

impl TableSlots {
    /// The card the re-deal put at trick position `pos`, if it is a slot.
    pub(crate) fn at(&self, pos: usize) -> Option<Card> {
        let i = self.pos.iter().take(self.len).position(|&p| usize::from(p) == pos)?;
        Card::new(self.cards.get(i).copied().unwrap_or(NONE))
    }
}

impl CrownBattles {
    pub(crate) fn determinized(&self, seat: Seat, seed: u64) -> CrownBattles {
        // Stealth Play: the face-down cards `seat` did not see are re-dealt with the hands
        // they came from, then played again from the imagined hands (keeping the suit to
        // follow the seat was told, if any).
        if seat.index() < self.n() && self.face_down() != 0 {
            if let Some(out) = self.determinized_told(seat, seed) {
                return out;
            }
            let mut base = self.clone();
            if !self.lift_face_down(seat, &mut base).is_empty() {
                let mut out = base.redealt(seat, seed);
                let mut rng = GameRng::new(out.table.rng.next_u64());
                out.replay_face_down(seat, &self.table.trick, (&TableSlots::default(), 0), &mut rng);
                out.table.rng = GameRng::new(rng.next_u64());
                return out;
            }
        }
        self.redealt(seat, seed)
    }

    /// [`Self::determinized`] once every card on the table is one `seat` saw.
    pub(crate) fn redealt(&self, seat: Seat, seed: u64) -> CrownBattles {
        let mut none = TableSlots::default();
        self.redealt_with(seat, seed, &mut none).unwrap_or_else(|| self.clone())
    }

    /// [`Self::redealt`], also choosing the cards of the table slots from what `seat` has
    /// not seen; `None` if they cannot all be filled.
    pub(crate) fn redealt_with(&self, seat: Seat, seed: u64, table: &mut TableSlots) -> Option<CrownBattles> {
        let mut out = self.clone();
        let mut rng = GameRng::new(seed);
        let n = self.n();
        table.cards = [NONE; MAX_PLAYERS];
        if seat.index() >= n {
            out.table.rng = GameRng::new(rng.next_u64());
            return Some(out);
        }
        let knows = at(&self.table.known, seat)
            .or(self.hand(seat))
            .or(self.table.played)
            .or(at(&self.table.rounds.aside, seat));
        let mut pool = table.lifted;
        let used = if self.split() { SLOTS } else { TABLE + table.len };
        // Leaked Suit: a seat holds no unseen card of the suit it revealed.
        let monsters = self.seats().any(|s| self.leak_refuses(s) >> 5 & 1 == 1);
        let kinds = if monsters { 6 } else { 5 };
        let mut deal = Deal { used, kinds, count: [0; KINDS], cap: [0; SLOTS], refuses: [0; SLOTS] };
        for i in 0..table.len {
            if let (Some(cap), Some(refuse)) = (deal.cap.get_mut(TABLE + i), deal.refuses.get_mut(TABLE + i)) {
                *cap = 1;
                *refuse = table.refuses.get(i).copied().unwrap_or(0);
            }
        }
        for s in self.seats().filter(|&s| s != seat) {
            let unknown = self.hand(s).minus(knows);
            pool = pool.or(unknown);
            put(&mut out.table.hands, s, self.hand(s).minus(unknown));
            if let (Some(cap), Some(refuse)) = (deal.cap.get_mut(s.index()), deal.refuses.get_mut(s.index())) {
                *cap = unknown.len();
                *refuse = at(&self.table.voids, s) & 0x0F | self.leak_refuses(s);
            }
            // The Split: a set-aside half is unseen, and no void says anything of it.
            let aside = at(&self.table.rounds.aside, s).minus(knows);
            pool = pool.or(aside);
            put(&mut out.table.rounds.aside, s, at(&self.table.rounds.aside, s).minus(aside));
            if let Some(cap) = deal.cap.get_mut(ASIDE + s.index()) {
                *cap = aside.len();
            }
        }
        let deck_unknown = self.table.deck.minus(knows);
        pool = pool.or(deck_unknown);
        out.table.deck = self.table.deck.minus(deck_unknown);
        if let Some(cap) = deal.cap.get_mut(MAX_PLAYERS) {
            *cap = deck_unknown.len();
        }
        let mut cards = [0u8; 128];
        let mut len = 0usize;
        for c in pool.iter() {
            if let (Some(slot), Some(count)) = (cards.get_mut(len), deal.count.get_mut(kind(c, monsters))) {
                *slot = c.id();
                *count += 1;
                len += 1;
            }
        }
        if table.len > 0 && !deal.feasible() {
            return None;
        }
        rng.with_stream(|s| {
            let cards = cards.get_mut(..len).unwrap_or(&mut []);
            s.shuffle(cards);
            for &id in cards.iter() {
                let Some(card) = Card::new(id) else { continue };
                let k = kind(card, monsters);
                if let Some(count) = deal.count.get_mut(k) {
                    *count = count.saturating_sub(1);
                }
                let open: u32 =
                    (0..used).filter(|&sl| deal.accepts(sl, k)).map(|sl| deal.cap.get(sl).copied().unwrap_or(0)).sum();
                let mut pick = s.below(open.max(1));
                let mut chosen = None;
                // Weighted by free room; the first choice that keeps the rest feasible wins.
                for attempt in 0..2 {
                    for sl in 0..used {
                        let room = deal.cap.get(sl).copied().unwrap_or(0);
                        if room == 0 || !deal.accepts(sl, k) {
                            continue;
                        }
                        if attempt == 0 && pick >= room {
                            pick -= room;
                            continue;
                        }
                        if let Some(c) = deal.cap.get_mut(sl) {
                            *c -= 1;
                        }
                        if deal.feasible() {
                            chosen = Some(sl);
                            break;
                        }
                        if let Some(c) = deal.cap.get_mut(sl) {
                            *c += 1;
                        }
                        if attempt == 0 {
                            break;
                        }
                    }
                    if chosen.is_some() {
                        break;
                    }
                }
                match chosen {
                    Some(sl) if sl < MAX_PLAYERS => {
                        if let Some(h) = out.table.hands.get_mut(sl) {
                            h.insert(card);
                        }
                    }
                    Some(sl) if sl >= ASIDE => {
                        if let Some(a) = out.table.rounds.aside.get_mut(sl - ASIDE) {
                            a.insert(card);
                        }
                    }
                    Some(sl) if sl >= TABLE => {
                        if let Some(slot) = table.cards.get_mut(sl - TABLE) {
                            *slot = card.id();
                        }
                    }
                    _ => out.table.deck.insert(card),
                }
            }
        });
        // Other seats' knowledge of cards that moved is gone in this imagined deal.
        for x in self.seats().filter(|&x| x != seat) {
            put(&mut out.table.known, x, at(&self.table.known, x).minus(pool));
        }
        // Magician: the passes others chose are face down. Only the Magician's player sees
        // the card coming to him (once everyone else has chosen); every other pending pass
        // is re-chosen from the passer's imagined hand, even when this seat knows that hand
        // (a Bishop shows a hand, not which card of it will be passed).
        let seen_from = match self.table.phase {
            Phase::Passing { magician, direction } if magician == seat && self.passers_waiting(magician) == 0 => {
                Some(match direction {
                    Direction::Left => magician.right(n),
                    Direction::Right => magician.left(n),
                })
            }
            _ => None,
        };
        for s in self.seats().filter(|&s| s != seat && Some(s) != seen_from) {
            let chosen = at(&self.table.passes, s);
            if chosen == NONE {
                continue;
            }
            let hand = out.hand(s);
            let pick = rng.below(hand.len());
            put(&mut out.table.passes, s, hand.nth(pick).map_or(chosen, |c| c.id()));
        }
        // The Magician's player saw the card coming to it (once everyone else has chosen):
        // in this imagined deal, that is the re-chosen pass.
        if let Phase::Passing { magician, direction } = self.table.phase
            && magician != seat
            && self.passers_waiting(magician) == 0
        {
            let from = match direction {
                Direction::Left => magician.right(n),
                Direction::Right => magician.left(n),
            };
            if let Some(c) = Card::new(at(&out.table.passes, from)) {
                crate::state::update(&mut out.table.known, magician, |v| v.or(CardSet::one(c)));
            }
        }
        // Known copies beside re-dealt unseen copies: relabel as the game does (during the
        // Magician's passes a seen pass pins its card; the passes end with a relabelling).
        if !matches!(self.table.phase, Phase::Passing { .. }) {
            out.canonical_knowledge();
        }
        out.redraw_hidden_bids(seat, &mut rng);
        out.redraw_hidden_missions(seat, &mut rng);
        out.redraw_hidden_leaks(seat, &mut rng);
        out.table.rng = GameRng::new(rng.next_u64());
        let filled = table.cards.iter().take(table.len).all(|&id| id != NONE);
        filled.then_some(out)
    }
}
