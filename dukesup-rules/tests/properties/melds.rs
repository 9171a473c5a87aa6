//! The runs-and-sets oracle, written from the rulebook's "Runs and Sets" alone (no use of
//! the engine's `meld` module): sets are 3 or more cards of one value, runs 3 or more cards
//! of one suit group (THORNS: spades and diamonds; FLOWERS: clubs and hearts) with
//! sequential values; where an Ace stands is the config's `AceRule` (the rulebook is silent).
//!
//! A brute-force search covers the cards that must be on the table with disjoint melds,
//! each taken from those cards and the optional ones. Any run of 6 or more cards splits into
//! two runs of 3 or more, so runs of 3 to 5 cards suffice (sets have at most 4 cards).

use std::cell::RefCell;
use std::collections::HashMap;

use duke_core::{Card, CardSet, Rank, Suit};
use dukesup_rules::AceRule;

/// The two suit groups of "Runs and Sets" ("If the top is pointed, it is a THORN").
pub fn thorns(suit: Suit) -> bool {
    matches!(suit, Suit::Spades | Suit::Diamonds)
}

/// The suits of `card`'s group.
fn group_suits(card: Card) -> [Suit; 2] {
    if thorns(card.suit()) { [Suit::Spades, Suit::Diamonds] } else { [Suit::Clubs, Suit::Hearts] }
}

/// Every run shape of 3 to 5 values allowed by `ace`, as values 1..=13 in reading order.
fn spans(ace: AceRule) -> Vec<Vec<u8>> {
    let linear = |lo: u8, hi: u8| {
        let mut out = Vec::new();
        for len in 3..=5u8 {
            for start in lo..=hi + 1 - len {
                out.push((start..start + len).map(|v| if v == 14 { 1 } else { v }).collect());
            }
        }
        out
    };
    match ace {
        AceRule::Low => linear(1, 13),
        AceRule::High => linear(2, 14),
        AceRule::LowOrHigh => linear(1, 14),
        AceRule::Around => (1..=13u8)
            .flat_map(|start| (3..=5u8).map(move |len| (0..len).map(|k| (start + k - 1) % 13 + 1).collect()))
            .collect(),
    }
}

/// Every set and short run containing `card` within `cards`.
fn melds_with(card: Card, cards: CardSet, ace: AceRule) -> Vec<CardSet> {
    let mut out = Vec::new();
    let same: Vec<Card> = cards.iter().filter(|c| c.rank() == card.rank() && *c != card).collect();
    for mask in 1u32..(1 << same.len()) {
        if mask.count_ones() >= 2 {
            let mut set: CardSet =
                same.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, c)| *c).collect();
            set.insert(card);
            out.push(set);
        }
    }
    let suits = group_suits(card);
    for span in spans(ace) {
        if !span.contains(&card.rank().value()) {
            continue;
        }
        let mut partial = vec![CardSet::EMPTY];
        for &v in &span {
            let Some(rank) = Rank::new(v) else { continue };
            let options: Vec<Card> = if rank == card.rank() {
                vec![card]
            } else {
                suits.iter().map(|&s| Card::new(s, rank)).filter(|c| cards.contains(*c)).collect()
            };
            partial = partial
                .iter()
                .flat_map(|base| {
                    options.iter().map(move |&o| {
                        let mut b = *base;
                        b.insert(o);
                        b
                    })
                })
                .collect();
        }
        out.extend(partial.into_iter().filter(|s| s.len() == span.len()));
    }
    out
}

/// Memo of [`search`]: (must, optional, Ace rule) to the answer, kept across calls (each
/// entry is a fact about card sets) and dropped when it grows large.
type Memo = HashMap<(u64, u64, u8), bool>;

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(HashMap::new());
}

/// Covers `must` with disjoint melds from `must` and `optional`, trying first the card with
/// the fewest melds (a card with none fails at once).
fn search(must: CardSet, optional: CardSet, ace: AceRule, memo: &mut Memo) -> bool {
    if must.is_empty() {
        return true;
    }
    let key = (must.bits(), optional.bits(), ace as u8);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let available = must.union(optional);
    let mut best: Option<Vec<CardSet>> = None;
    for c in must {
        let melds = melds_with(c, available, ace);
        if best.as_ref().is_none_or(|b| melds.len() < b.len()) {
            let empty = melds.is_empty();
            best = Some(melds);
            if empty {
                break;
            }
        }
    }
    let found =
        best.unwrap_or_default().into_iter().any(|m| search(must.difference(m), optional.difference(m), ace, memo));
    memo.insert(key, found);
    found
}

/// Whether `must` together with some of `optional` splits into valid runs and sets.
pub fn completes(must: CardSet, optional: CardSet, ace: AceRule) -> bool {
    MEMO.with_borrow_mut(|memo| {
        if memo.len() > 1 << 21 {
            memo.clear();
        }
        search(must, optional.difference(must), ace, memo)
    })
}

/// Whether `cards` split into valid runs and sets ("Before discarding, all cards in play
/// must be part of valid runs or sets"; the empty table does).
pub fn splits(cards: CardSet, ace: AceRule) -> bool {
    completes(cards, CardSet::EMPTY, ace)
}

/// Whether `cards` is one set: 3 or more cards, all of the same value.
pub fn is_set(cards: CardSet) -> bool {
    cards.len() >= 3 && cards.iter().all(|c| cards.first().is_some_and(|f| f.rank() == c.rank()))
}

/// Whether `ordered` is one run as read: 3 or more cards of one suit group, each value one
/// above the previous (the Ace as `ace` allows: after the King when high, after the King and
/// before the 2 when the run turns the corner).
pub fn is_run(ordered: &[Card], ace: AceRule) -> bool {
    let Some(first) = ordered.first() else { return false };
    if ordered.len() < 3 || ordered.iter().any(|c| thorns(c.suit()) != thorns(first.suit())) {
        return false;
    }
    let values: Vec<u8> = ordered.iter().map(|c| c.rank().value()).collect();
    let aces = values.iter().filter(|&&v| v == 1).count();
    let next = |a: u8, b: u8, high_ace: bool| match (a, b) {
        (13, 1) => high_ace,
        _ => b == a + 1,
    };
    let ace_first = values.first() == Some(&1);
    let ace_last = values.last() == Some(&1);
    let linear_high = values.windows(2).all(|w| next(w[0], w[1], true));
    let linear_low = values.windows(2).all(|w| next(w[0], w[1], false));
    match ace {
        AceRule::Low => linear_low,
        AceRule::High => linear_high && (aces == 0 || ace_last),
        AceRule::LowOrHigh => (linear_low && (aces == 0 || ace_first)) || (linear_high && aces == 1 && ace_last),
        AceRule::Around => values.len() <= 13 && values.windows(2).all(|w| w[1] == w[0] % 13 + 1),
    }
}
