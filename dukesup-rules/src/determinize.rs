//! Determinization: re-deal every card a seat has not seen, consistently with what it knows.
//!
//! A seat does not know: its own draw pile's order and its own unseen (buried) discards; the
//! opponent's hand cards it did not see go there, his draw pile, his discards it did not see
//! leave the table, his face-down CASTLE, and (while choosing) his DUKES. These cards are
//! dealt again among those places, and the two cards of each face-down pair of his
//! discards that the seat knows only as a pair are put in a random order. The result
//! depends only on the seat's view and the seed, never on where the hidden cards really are
//! (the pools are sorted before shuffling, a pair is sorted before its coin flip).
//!
//! One more thing is known during the opponent's play step: he only makes legal plays, so his
//! turn can still end with a valid table (`turn::Situation::completable`), which constrains
//! his hand and his face-down CASTLE (THE MOVE may need it). Deals are first drawn at random
//! and kept if they satisfy this (an exact sample of the consistent deals); when 64 draws
//! fail, a consistent deal is *constructed* from the seat's knowledge alone: a small set of
//! the opponent's unseen cards that completes the table is found (by removing cards one at a
//! time in random order, or, if that leaves too many cards, by trying every subset from the
//! smallest up), placed in his hand and CASTLE, and the rest dealt at random. Such a set
//! always exists, since the real deal is one, so the true hidden cards are never used.

use duke_core::{Card, CardSet, GameRng, Seat};

use crate::state::{CastleState, Phase, Player, Position};
use crate::turn::Situation;

/// Random deals tried before constructing one.
const TRIES: usize = 64;

/// Cards that must go to the constrained player's hidden hand and CASTLE.
#[derive(Clone, Copy, Debug, Default)]
struct Forced {
    hand: CardSet,
    castle: Option<Card>,
}

/// The places of one player that an observer has not seen.
#[derive(Clone, Copy, Debug)]
struct Places {
    /// Hand cards the observer does not know.
    hidden_hand: CardSet,
    /// Bit `i`: the observer knows discard `i`.
    known_discards: u32,
    castle_hidden: bool,
    dukes_hidden: bool,
    /// Face-down pairs of known discards whose order the observer does not know.
    unordered_pairs: u32,
}

impl Places {
    fn of(p: &Player, own: bool, phase: Phase) -> Places {
        Places {
            hidden_hand: if own { CardSet::EMPTY } else { p.hand.difference(p.hand_public) },
            known_discards: if own { p.discards.owner_known } else { p.discards.public },
            castle_hidden: !own && p.castle_state == CastleState::FaceDown && p.castle.is_some(),
            dukes_hidden: !own && phase == Phase::Choosing,
            unordered_pairs: if own { 0 } else { p.discards.pairs },
        }
    }

    /// Every card in these places.
    fn pool(&self, p: &Player) -> CardSet {
        let mut pool = self.hidden_hand.union(p.draw.set());
        for (i, &c) in p.discards.pile.as_slice().iter().enumerate() {
            if self.known_discards >> i & 1 == 0 {
                pool.insert(c);
            }
        }
        if self.castle_hidden
            && let Some(c) = p.castle
        {
            pool.insert(c);
        }
        if self.dukes_hidden {
            pool = pool.union(p.duke_set());
        }
        pool
    }
}

/// The player whose hidden cards are constrained: the opponent of `seat` in his play step.
fn constrained(pos: &Position, seat: Seat) -> Option<Seat> {
    (pos.phase == Phase::Play && pos.current != seat).then_some(pos.current)
}

fn completable(pos: &Position) -> bool {
    Situation::of(pos).completable(pos.config.ace)
}

/// See the module docs.
pub(crate) fn determinize(pos: &Position, seat: Seat, seed: u64) -> Position {
    let mut rng = GameRng::new(seed);
    let Some(who) = constrained(pos, seat) else {
        return redeal(pos, seat, &mut rng, None);
    };
    for _ in 0..TRIES {
        let out = redeal(pos, seat, &mut rng, None);
        if completable(&out) {
            return out;
        }
    }
    // Only reached for positions that fail validation: a valid one has a consistent deal.
    construct(pos, seat, who, &mut rng).unwrap_or_else(|| redeal(pos, seat, &mut rng, None))
}

/// Deals the unseen cards of both players at random, with `forced` cards (for the player in
/// the first field) placed in his hidden hand and CASTLE.
fn redeal(pos: &Position, seat: Seat, rng: &mut GameRng, forced: Option<(Seat, Forced)>) -> Position {
    let mut out = *pos;
    for (i, p) in out.players.iter_mut().enumerate() {
        let places = Places::of(p, i == seat.index(), pos.phase);
        let f = forced.filter(|(who, _)| who.index() == i).map(|(_, f)| f).unwrap_or_default();
        let mut pool: Vec<Card> = places.pool(p).difference(f.hand).iter().filter(|&c| Some(c) != f.castle).collect();
        rng.shuffle(&mut pool);
        let mut free = pool.into_iter();
        let mut hand = p.hand.difference(places.hidden_hand).union(f.hand);
        for _ in f.hand.len()..places.hidden_hand.len() {
            if let Some(c) = free.next() {
                hand.insert(c);
            }
        }
        p.hand = hand;
        for slot in p.draw.as_mut_slice() {
            if let Some(c) = free.next() {
                *slot = c;
            }
        }
        for (i, slot) in p.discards.pile.as_mut_slice().iter_mut().enumerate() {
            if places.known_discards >> i & 1 == 0
                && let Some(c) = free.next()
            {
                *slot = c;
            }
        }
        // A face-down pair: canonical order first, so the real one is never consulted.
        let pairs = places.unordered_pairs;
        for j in (0..p.discards.pile.len()).filter(|&j| pairs >> j & 1 == 1) {
            if let Some(pair) = p.discards.pile.as_mut_slice().get_mut(j..j + 2) {
                pair.sort_unstable();
                if rng.below(2) == 1 {
                    pair.swap(0, 1);
                }
            }
        }
        if places.castle_hidden {
            p.castle = f.castle.or_else(|| free.next()).or(p.castle);
        }
        if places.dukes_hidden {
            for d in p.dukes.iter_mut().filter(|d| d.is_some()) {
                if let Some(c) = free.next() {
                    *d = Some(c);
                }
            }
        }
    }
    out.rng = GameRng::new(rng.next_u64());
    out
}

/// A consistent deal built from what `seat` knows: see the module docs.
fn construct(pos: &Position, seat: Seat, who: Seat, rng: &mut GameRng) -> Option<Position> {
    let ace = pos.config.ace;
    let p = pos.player(who);
    let places = Places::of(p, false, pos.phase);
    let k = places.hidden_hand.len();
    let known_hand = p.hand.difference(places.hidden_hand);
    // What the player could bring with `cards` added to his known hand; a hidden CASTLE is
    // counted among `cards` (as if in hand), which can only allow more.
    let base = Situation::of(pos);
    let base = if places.castle_hidden { base.without_own_castle() } else { base };
    let relaxed = |cards: CardSet| base.with_hand(known_hand.union(cards)).completable(ace);
    let mut order: Vec<Card> = places.pool(p).iter().collect();
    rng.shuffle(&mut order);
    // Places `cards` in the hand (and one in the CASTLE if they are one too many).
    let assign = |cards: CardSet, rng: &mut GameRng| -> Option<Position> {
        if cards.len() <= k {
            let out = redeal(pos, seat, rng, Some((who, Forced { hand: cards, castle: None })));
            return completable(&out).then_some(out);
        }
        if !places.castle_hidden || cards.len() != k + 1 {
            return None;
        }
        cards.iter().find_map(|c| {
            let mut hand = cards;
            hand.remove(c);
            let out = redeal(pos, seat, rng, Some((who, Forced { hand, castle: Some(c) })));
            completable(&out).then_some(out)
        })
    };
    let mut small: CardSet = order.iter().copied().collect();
    if !relaxed(small) {
        return None;
    }
    for &c in &order {
        let mut fewer = small;
        fewer.remove(c);
        if relaxed(fewer) {
            small = fewer;
        }
    }
    if let Some(out) = assign(small, rng) {
        return Some(out);
    }
    let most = k + usize::from(places.castle_hidden);
    (0..=most).find_map(|size| {
        let mut found = None;
        subsets(&order, size, |cards| {
            if relaxed(cards) {
                found = assign(cards, rng);
            }
            found.is_some()
        });
        found
    })
}

/// Calls `f` on every `size`-card subset of `cards` until it returns true.
fn subsets(cards: &[Card], size: usize, mut f: impl FnMut(CardSet) -> bool) {
    let n = cards.len();
    if size > n {
        return;
    }
    let mut idx: Vec<usize> = (0..size).collect();
    loop {
        let set: CardSet = idx.iter().filter_map(|&i| cards.get(i).copied()).collect();
        if f(set) {
            return;
        }
        // The last index that can still move right, then everything after it follows it.
        let Some(i) = (0..size).rev().find(|&i| idx.get(i).is_some_and(|&x| x < n - size + i)) else { return };
        let first = idx.get(i).copied().unwrap_or(n) + 1;
        for (offset, x) in idx.iter_mut().skip(i).enumerate() {
            *x = first + offset;
        }
    }
}
