//! The meld solver against a brute-force partition search on thousands of random card sets.

use std::collections::HashMap;

use duke_core::{Card, CardSet, Rank, Suit};
use dukesup_rules::meld::{
    AceRule, MeldKind, SuitGroup, can_complete, can_split, completion, extendable, is_valid_meld, removable, split,
};
use proptest::prelude::*;

/// Every valid meld (as a card set) that contains `card` and lies within `cards`.
fn melds_with(card: Card, cards: CardSet, ace: AceRule) -> Vec<CardSet> {
    let mut out = Vec::new();
    // Sets: subsets of the value's cards of size 3 or 4 containing `card`.
    let same: Vec<Card> = cards.iter().filter(|c| c.rank() == card.rank() && *c != card).collect();
    for mask in 0u32..(1 << same.len()) {
        if mask.count_ones() >= 2 {
            let mut s: CardSet = same.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, c)| *c).collect();
            s.insert(card);
            out.push(s);
        }
    }
    // Runs: an interval of positions containing the card's position, one card of the group each.
    let group = SuitGroup::of(card.suit());
    let suits: Vec<Suit> = Suit::ALL.into_iter().filter(|&s| SuitGroup::of(s) == group).collect();
    // Every run shape as its list of values in order.
    let linear = |lo: u8, hi: u8| {
        let mut spans = Vec::new();
        for a in lo..=hi {
            for b in a + 2..=hi {
                spans.push((a..=b).map(|p| if p == 14 { 1 } else { p }).collect::<Vec<u8>>());
            }
        }
        spans
    };
    let spans: Vec<Vec<u8>> = match ace {
        AceRule::Low => linear(1, 13),
        AceRule::High => linear(2, 14),
        AceRule::LowOrHigh => linear(1, 14).into_iter().filter(|s| s.len() <= 13).collect(),
        AceRule::Around => (1..=13u8)
            .flat_map(|start| (3..=13u8).map(move |len| (0..len).map(|k| (start + k - 1) % 13 + 1).collect()))
            .collect(),
    };
    for span in spans {
        {
            if !span.iter().any(|&v| v == card.rank().value()) {
                continue;
            }
            // Choose one card per position; the card itself must be used at its value.
            let mut partial: Vec<CardSet> = vec![CardSet::EMPTY];
            for &v in &span {
                let rank = Rank::new(v).unwrap();
                let options: Vec<Card> = if rank == card.rank() {
                    vec![card]
                } else {
                    suits.iter().map(|&s| Card::new(s, rank)).filter(|c| cards.contains(*c)).collect()
                };
                let mut next = Vec::new();
                for base in &partial {
                    for &o in &options {
                        let mut b = *base;
                        b.insert(o);
                        next.push(b);
                    }
                }
                partial = next;
            }
            out.extend(partial.into_iter().filter(|s| s.len() == span.len()));
        }
    }
    out
}

fn brute(cards: CardSet, ace: AceRule, memo: &mut HashMap<u64, bool>) -> bool {
    let Some(first) = cards.first() else { return true };
    if let Some(&known) = memo.get(&cards.bits()) {
        return known;
    }
    let result = melds_with(first, cards, ace).into_iter().any(|m| brute(cards.difference(m), ace, memo));
    memo.insert(cards.bits(), result);
    result
}

fn ace_rule() -> impl Strategy<Value = AceRule> {
    prop_oneof![Just(AceRule::Low), Just(AceRule::High), Just(AceRule::LowOrHigh), Just(AceRule::Around)]
}

/// Card sets biased towards meldable ones: a few random runs and sets plus random noise.
fn card_set() -> impl Strategy<Value = CardSet> {
    (
        proptest::collection::vec(0u8..52, 0..8),
        proptest::collection::vec((0u8..13, 0u8..2, 3usize..6), 0..3),
        any::<u8>(),
    )
        .prop_map(|(noise, runs, sets)| {
            let mut s: CardSet = noise.iter().filter_map(|&i| Card::from_index(i)).collect();
            for (start, group, len) in runs {
                let suits = if group == 0 { [Suit::Spades, Suit::Diamonds] } else { [Suit::Clubs, Suit::Hearts] };
                for k in 0..len {
                    let v = (start as usize + k) % 13 + 1;
                    s.insert(Card::new(suits[(k + start as usize) % 2], Rank::new(v as u8).unwrap()));
                }
            }
            let v = Rank::new(sets % 13 + 1).unwrap();
            if sets & 0x80 != 0 {
                for suit in Suit::ALL.into_iter().take(3 + usize::from(sets & 0x40 != 0)) {
                    s.insert(Card::new(suit, v));
                }
            }
            s
        })
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn check_split(cards: CardSet, ace: AceRule) -> Result<(), TestCaseError> {
    let mut memo = HashMap::new();
    let expected = brute(cards, ace, &mut memo);
    prop_assert_eq!(can_split(cards, ace), expected, "cards {} under {:?}", cards, ace);
    let found = split(cards, ace);
    prop_assert_eq!(found.is_some(), expected);
    if let Some(melds) = found {
        let mut union = CardSet::EMPTY;
        for m in &melds {
            prop_assert!(is_valid_meld(m, ace), "invalid meld {:?} in split of {}", m, cards);
            prop_assert!(union.intersection(m.cards).is_empty());
            union = union.union(m.cards);
        }
        prop_assert_eq!(union, cards);
    }
    Ok(())
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(3000))]

    #[test]
    fn solver_matches_brute_force(cards in card_set(), ace in ace_rule()) {
        check_split(cards, ace)?;
    }

    #[test]
    fn removable_matches_one_walk_per_card(cards in card_set(), ace in ace_rule()) {
        let expected: CardSet = cards.iter().filter(|&c| {
            let mut rest = cards;
            rest.remove(c);
            can_split(rest, ace)
        }).collect();
        match removable(cards, ace) {
            Some(found) => prop_assert_eq!(found, expected, "cards {} under {:?}", cards, ace),
            None => prop_assert!(matches!(ace, AceRule::LowOrHigh | AceRule::Around)),
        }
    }

    #[test]
    fn extendable_matches_one_completion_test_per_card(
        must in card_set(),
        extra in proptest::collection::vec(0u8..52, 0..10),
        ace in ace_rule(),
    ) {
        let optional: CardSet = extra.iter().filter_map(|&i| Card::from_index(i)).collect::<CardSet>().difference(must);
        let addable: CardSet = optional.iter().filter(|&c| {
            let (mut more, mut rest) = (must, optional);
            more.insert(c);
            rest.remove(c);
            can_complete(more, rest, ace)
        }).collect();
        let spare: CardSet = optional.iter().filter(|&c| {
            let mut rest = optional;
            rest.remove(c);
            can_complete(must, rest, ace)
        }).collect();
        match extendable(must, optional, ace) {
            Some(found) => {
                prop_assert_eq!(found.addable, addable, "{} + {} under {:?}", must, optional, ace);
                prop_assert_eq!(found.spare, spare, "{} + {} under {:?}", must, optional, ace);
            }
            None => prop_assert!(matches!(ace, AceRule::LowOrHigh | AceRule::Around)),
        }
    }

    #[test]
    fn completion_matches_brute_force(must in card_set(), extra in proptest::collection::vec(0u8..52, 0..6), ace in ace_rule()) {
        let optional: CardSet = extra.iter().filter_map(|&i| Card::from_index(i)).collect::<CardSet>().difference(must);
        let opts: Vec<Card> = optional.iter().collect();
        let mut memo = HashMap::new();
        let expected = (0u32..1 << opts.len()).any(|mask| {
            let mut s = must;
            opts.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).for_each(|(_, c)| s.insert(*c));
            brute(s, ace, &mut memo)
        });
        prop_assert_eq!(can_complete(must, optional, ace), expected);
        if matches!(ace, AceRule::Low | AceRule::High) {
            let witness = completion(must, optional, ace);
            prop_assert_eq!(witness.is_some(), expected);
            if let Some(w) = witness {
                prop_assert!(w.is_subset(optional));
                prop_assert!(can_split(must.union(w), ace), "witness {} for {} + {}", w, must, optional);
            }
        } else {
            prop_assert_eq!(completion(must, optional, ace), None);
        }
    }
}

#[test]
fn full_deck_and_small_cases() {
    for ace in [AceRule::Low, AceRule::High, AceRule::LowOrHigh, AceRule::Around] {
        assert!(can_split(CardSet::FULL, ace));
        assert!(can_split(CardSet::EMPTY, ace));
        let melds = split(CardSet::FULL, ace).unwrap();
        assert_eq!(melds.iter().map(|m| m.cards.len()).sum::<usize>(), 52);
    }
    let cards = |s: &str| s.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect::<CardSet>();
    assert!(!can_split(cards("AS 2D"), AceRule::Low));
    assert!(can_split(cards("AS 2D 3S"), AceRule::Low));
    assert!(!can_split(cards("AS 2D 3S"), AceRule::High));
    assert!(can_split(cards("QS KD AS"), AceRule::High));
    assert!(!can_split(cards("QS KD AS"), AceRule::Low));
    assert!(!can_split(cards("QS KD AS 2D 3S"), AceRule::LowOrHigh), "Q-K-A-2-3 would wrap");
    assert!(!can_split(cards("KS AD 2S"), AceRule::LowOrHigh), "no wrap-around");
    assert!(can_split(cards("KS AD 2S"), AceRule::Around));
    assert!(can_split(cards("QS KD AS 2D 3S"), AceRule::Around));
    let around = split(cards("QS KD AS 2D 3S"), AceRule::Around).unwrap();
    assert_eq!(around.len(), 1);
    assert_eq!(around[0].ordered(), vec![card("QS"), card("KD"), card("AS"), card("2D"), card("3S")]);
    assert!(!can_split(cards("3S 4C 5S"), AceRule::Low), "a run stays in one suit group");
    let runs = split(cards("3S 4D 5S 6S 6C 6H"), AceRule::Low).unwrap();
    assert_eq!(runs.len(), 2);
    assert!(runs.iter().any(|m| m.kind == MeldKind::Set && m.cards == cards("6S 6C 6H")));
}
