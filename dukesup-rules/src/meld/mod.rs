//! The meld solver (rulebook, "Runs and Sets"): can a set of cards be split into valid runs
//! and sets, and how?
//!
//! A *set* is 3 or more cards of one value (so 3 or 4: there are four cards of a value). A
//! *run* is 3 or more cards of one suit group ([`SuitGroup`]) with consecutive values.
//!
//! # Why a dynamic programme works
//!
//! Inside one suit group the two cards of a value are interchangeable for runs (a run may mix
//! spades and diamonds), and for sets only the value counts. So a card set is fully described,
//! for melding, by a column per value: how many THORN cards (0..=2) and how many FLOWER cards
//! (0..=2) it holds. The solver walks the values in order and keeps, per group, the multiset of
//! runs still open with their length class (1, 2, or "3 or more"): at most two open runs per
//! group, so 10 states per group and 100 joint states, stored as ten 10-bit masks. At each value
//! it chooses whether a set takes 3 or 4 cards there, and for each group which open runs go on
//! (a run of class 1 or 2 must go on; a run of class 3 may stop) and how many new ones start.
//! Everything is precomputed in constant tables. For the usual walk (every run closed before
//! the first value and after the last) the programme is compiled further into a minimal
//! automaton of 875 states over the 36 kinds of column (module `automaton`), so a full
//! 52-card table is decided in 13 table look-ups.
//!
//! The same programme also answers "is there a way to complete this?": each column then has a
//! range of counts (mandatory cards up to mandatory plus optional cards), which is how the
//! engine proves every play it offers can still end in a valid table (see `RULES.md`).
//!
//! Three further questions serve the engine's legal-action lists, each from one walk through
//! the automaton with, per card, a walk on from that card's value only (module `reach`):
//! [`extendable`] says which optional cards can be added to a table, or
//! given up, keeping it completable (plays and exchanges of DUKES); [`removable`] lists the
//! cards a valid table can lose (discards from the table); [`completion`] gives one set of
//! optional cards that completes a table.
//!
//! Aces follow [`AceRule`]: low (A-2-3), high (Q-K-A) or either (but never K-A-2). For
//! "either", each group's aces are split between the low and the high end, at most 9 ways.

mod arrangement;
mod automaton;
mod dp;
mod reach;

use duke_core::{Card, CardSet, Rank, Suit};
use serde::{Deserialize, Serialize};

use dp::{Column, START, ace_splits, boundaries, columns, ends, hopeless, start_rows, step, walk};
pub(crate) use reach::Reach;

/// Where an Ace may stand in a run. The rulebook does not say; see `RULES.md`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AceRule {
    /// The Ace is 1: A-2-3 is a run, Q-K-A is not. The default (an Ace is the card "one").
    #[default]
    Low,
    /// The Ace is above the King: Q-K-A is a run, A-2-3 is not.
    High,
    /// Either end, chosen per card: A-2-3 and Q-K-A are runs, K-A-2 is not.
    LowOrHigh,
    /// Runs turn the corner: values are a circle, so K-A-2 is a run too (at most 13 cards).
    Around,
}

/// The two suit groups runs are built from (rulebook, "Runs and Sets").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SuitGroup {
    /// Spades and diamonds: suits with a pointed top.
    Thorns,
    /// Clubs and hearts: suits with a rounded top.
    Flowers,
}

impl SuitGroup {
    /// The group of a suit.
    pub const fn of(suit: Suit) -> SuitGroup {
        match suit {
            Suit::Spades | Suit::Diamonds => SuitGroup::Thorns,
            Suit::Clubs | Suit::Hearts => SuitGroup::Flowers,
        }
    }
}

/// What kind of group a [`Meld`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MeldKind {
    /// 3 or 4 cards of one value.
    Set,
    /// 3 or more consecutive values of one suit group.
    Run,
}

/// One run or set of a split.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Meld {
    /// Run or set.
    pub kind: MeldKind,
    /// Its cards (serialised as a list of cards).
    #[serde(with = "crate::wire::card_list")]
    pub cards: CardSet,
    /// For a run holding an Ace: whether the Ace stands above the King.
    pub ace_high: bool,
}

impl Meld {
    /// The cards in reading order: a run from its lowest card up (an Ace last when it is
    /// high, K-A-2 when it turns the corner), a set by suit.
    pub fn ordered(&self) -> Vec<Card> {
        let mut cards: Vec<Card> = self.cards.iter().collect();
        cards.sort_by_key(|c| (c.rank().value(), c.suit().index()));
        if self.kind == MeldKind::Set || cards.len() < 2 {
            return cards;
        }
        if cards.len() == 13 {
            if self.ace_high {
                cards.rotate_left(1);
            }
            return cards;
        }
        // Start after the widest gap between neighbouring values, going round the circle.
        let n = cards.len();
        let gap = |i: usize| {
            let a = cards.get(i).map_or(0, |c| c.rank().value());
            let b = cards.get((i + 1) % n).map_or(0, |c| c.rank().value());
            (b + 13 - a) % 13
        };
        let widest = (0..n).max_by_key(|&i| (gap(i), usize::MAX - i)).unwrap_or(n - 1);
        cards.rotate_left((widest + 1) % n);
        cards
    }
}

/// A full split of a card set into melds.
pub type Split = Vec<Meld>;

/// Whether `cards` can be split into valid runs and sets (the empty set can).
///
/// ```
/// use dukesup_rules::meld::{can_split, AceRule};
/// let cards = ["3S", "4D", "5S", "6S", "6C", "6H"].iter().filter_map(|c| c.parse().ok()).collect();
/// assert!(can_split(cards, AceRule::Low)); // run 3-4-5 of THORNS and a set of sixes
/// ```
pub fn can_split(cards: CardSet, ace: AceRule) -> bool {
    can_complete(cards, CardSet::EMPTY, ace)
}

/// Whether some `extra` ⊆ `optional` makes `cards ∪ extra` splittable into valid runs and
/// sets: the question "can this table still be completed with what I may still play?".
pub fn can_complete(cards: CardSet, optional: CardSet, ace: AceRule) -> bool {
    // The linear rules: one walk through the automaton, which rejects as soon as it dies.
    if let Some(reach) = Reach::new(cards, optional, ace) {
        return reach.completable();
    }
    let must = cards.bits();
    let may = optional.difference(cards).bits();
    if hopeless(must, may, ace) {
        return false;
    }
    let mut cols = [Column::default(); 14];
    ace_splits(must, may, ace).any(|split| {
        let n = columns(must, may, ace, split, &mut cols);
        let cols = cols.get(..n).unwrap_or(&[]);
        boundaries(must, may, ace).any(|start| walk(cols, start))
    })
}

/// One completion: a set of `optional` cards that makes `cards` splittable, for the linear
/// Ace rules ([`AceRule::Low`], [`AceRule::High`]); `None` when there is none, or for the
/// other rules. Any card added from a known completion, and giving up any card outside it,
/// keeps the table completable.
pub fn completion(cards: CardSet, optional: CardSet, ace: AceRule) -> Option<CardSet> {
    if !matches!(ace, AceRule::Low | AceRule::High) {
        return None;
    }
    let must = cards.bits();
    let may_set = optional.difference(cards);
    let may = may_set.bits();
    if hopeless(must, may, ace) {
        return None;
    }
    let mut cols = [Column::default(); 14];
    let n = columns(must, may, ace, [0, 0], &mut cols);
    let cols = cols.get(..n).unwrap_or(&[]);
    let mut layers = [START; 15];
    let mut rows = START;
    for (i, col) in cols.iter().enumerate() {
        rows = step(&rows, col);
        if let Some(layer) = layers.get_mut(i + 1) {
            *layer = rows;
        }
    }
    if !ends(&rows, None) {
        return None;
    }
    let extra = arrangement::extra_counts(cols, &layers)?;
    let mut chosen = CardSet::EMPTY;
    for (i, counts) in extra.iter().enumerate().take(n) {
        let Some(rank) = column_rank(ace, i, n) else { continue };
        for (g, &count) in counts.iter().enumerate() {
            let suits = if g == 0 { [Suit::Spades, Suit::Diamonds] } else { [Suit::Clubs, Suit::Hearts] };
            let picks = suits.iter().map(|&su| Card::new(su, rank)).filter(|&c| may_set.contains(c)).take(count);
            picks.for_each(|c| chosen.insert(c));
        }
    }
    Some(chosen)
}

/// The cards `c` of `cards` such that `cards` without `c` still splits into runs and sets,
/// for the linear Ace rules ([`AceRule::Low`], [`AceRule::High`]); `None` for the others.
///
/// One walk, then per card a walk on from its value only (module `reach`), instead of a whole
/// walk per card: the engine uses it to list the discards from the table.
pub fn removable(cards: CardSet, ace: AceRule) -> Option<CardSet> {
    let reach = Reach::new(cards, CardSet::EMPTY, ace)?;
    Some(cards.iter().filter(|&c| reach.without(c)).collect())
}

/// The rank of column `i` of `n`: columns run from the lowest rank up; with the Ace
/// high, the last column is the Ace.
fn column_rank(ace: AceRule, i: usize, n: usize) -> Option<Rank> {
    let value = match ace {
        AceRule::High if i + 1 == n => 1,
        AceRule::High => i as u8 + 2,
        _ => i as u8 + 1,
    };
    Rank::new(value)
}

/// For a table `cards` that may still take cards from `optional`: which optional cards can
/// be added now (`addable`: `cards` plus it can still be completed from the rest), and which
/// can be given up (`spare`: `cards` can still be completed without it). For the linear Ace
/// rules ([`AceRule::Low`], [`AceRule::High`]); `None` for the others.
///
/// Adding or giving up a card changes one column: one walk, then per card a walk on from its
/// value only (stopping where it rejoins the first walk), decide every card, instead of a
/// whole walk per card. The engine lists plays and exchanges of DUKES the same way.
pub fn extendable(cards: CardSet, optional: CardSet, ace: AceRule) -> Option<Extendable> {
    let reach = Reach::new(cards, optional, ace)?;
    let mut out = Extendable::default();
    for c in optional.difference(cards) {
        if reach.with(c) {
            out.addable.insert(c);
        }
        if reach.without(c) {
            out.spare.insert(c);
        }
    }
    Some(out)
}

/// The answer of [`extendable`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extendable {
    /// Optional cards that can be added to the table now, keeping it completable.
    pub addable: CardSet,
    /// Optional cards the completion can do without.
    pub spare: CardSet,
}

/// One split of `cards` into valid runs and sets, or `None` if there is none.
///
/// Runs are as long as the walk made them, except that a run longer than 13 cards (possible
/// only with [`AceRule::LowOrHigh`], from a low to a high Ace) is cut in two.
pub fn split(cards: CardSet, ace: AceRule) -> Option<Split> {
    let must = cards.bits();
    if hopeless(must, 0, ace) {
        return None;
    }
    let mut cols = [Column::default(); 14];
    for aces_high in ace_splits(must, 0, ace) {
        let n = columns(must, 0, ace, aces_high, &mut cols);
        let cols = cols.get(..n).unwrap_or(&[]);
        for start in boundaries(must, 0, ace) {
            let mut layers = [START; 15];
            let mut rows = start_rows(start);
            layers[0] = rows;
            for (i, col) in cols.iter().enumerate() {
                rows = step(&rows, col);
                if let Some(layer) = layers.get_mut(i + 1) {
                    *layer = rows;
                }
            }
            if ends(&rows, start) {
                return Some(arrangement::rebuild(cards, ace, aces_high, cols, &layers, start));
            }
        }
    }
    None
}

/// Whether `meld` is a valid run or set under `ace` (used to check splits).
pub fn is_valid_meld(meld: &Meld, ace: AceRule) -> bool {
    let cards: Vec<Card> = meld.cards.iter().collect();
    if cards.len() < 3 {
        return false;
    }
    match meld.kind {
        MeldKind::Set => cards.windows(2).all(|w| matches!(w, [a, b] if a.rank() == b.rank())),
        MeldKind::Run => {
            let group = cards.first().map(|c| SuitGroup::of(c.suit()));
            if !cards.iter().all(|c| Some(SuitGroup::of(c.suit())) == group) {
                return false;
            }
            if ace == AceRule::Around {
                // Distinct values forming one arc of the circle: at most one gap.
                let mut values: Vec<u8> = cards.iter().map(|c| c.rank().value()).collect();
                values.sort_unstable();
                values.dedup();
                let n = values.len();
                let gaps = (0..n)
                    .filter(|&i| {
                        let a = values.get(i).copied().unwrap_or(0);
                        let b = values.get((i + 1) % n).copied().unwrap_or(0);
                        (b + 13 - a) % 13 != 1
                    })
                    .count();
                return n == cards.len() && (gaps == 1 || n == 13);
            }
            let high = match ace {
                AceRule::Low | AceRule::Around => false,
                AceRule::High => true,
                AceRule::LowOrHigh => meld.ace_high,
            };
            let mut values: Vec<u8> =
                cards.iter().map(|c| if high && c.rank() == Rank::ACE { 14 } else { c.rank().value() }).collect();
            values.sort_unstable();
            values.windows(2).all(|w| matches!(w, [a, b] if *b == *a + 1))
        }
    }
}
