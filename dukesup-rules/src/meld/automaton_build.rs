//! Builds the minimal automaton of the linear walk (see the parent module) and checks the
//! table against it; `UPDATE_AUTOMATON=1` rewrites `automaton.bin`.
#![allow(clippy::indexing_slicing, clippy::unwrap_used, clippy::panic)]

use std::collections::HashMap;

use super::super::dp::{self, Rows};
use super::{ACCEPT, DEAD, START, SYMBOLS, accepting, column_of, next};

/// The minimal automaton as table bytes: every set of joint states the walk reaches from the
/// start, merged by Moore's partition refinement, numbered breadth first from the start with
/// the dead state first.
fn build() -> Vec<u8> {
    // Every reachable set of joint states, the empty set (dead) and the start first.
    let mut ids: HashMap<Rows, usize> = HashMap::new();
    let mut sets: Vec<Rows> = vec![[0; dp::STATES], dp::START];
    ids.insert(sets[0], 0);
    ids.insert(sets[1], 1);
    let mut delta: Vec<[usize; SYMBOLS]> = Vec::new();
    let mut i = 0;
    while i < sets.len() {
        let rows = sets[i];
        let mut row = [0; SYMBOLS];
        for (sym, slot) in row.iter_mut().enumerate() {
            let after = dp::step(&rows, &column_of(sym));
            *slot = *ids.entry(after).or_insert_with(|| {
                sets.push(after);
                sets.len() - 1
            });
        }
        delta.push(row);
        i += 1;
    }
    // Moore: split classes by acceptance, then by the classes of the successors.
    let mut class: Vec<usize> = sets.iter().map(|r| usize::from(dp::accepts(r))).collect();
    let mut count = 2;
    loop {
        let mut names: HashMap<Vec<usize>, usize> = HashMap::new();
        let refined: Vec<usize> = (0..sets.len())
            .map(|s| {
                let key: Vec<usize> = std::iter::once(class[s]).chain(delta[s].iter().map(|&d| class[d])).collect();
                let n = names.len();
                *names.entry(key).or_insert(n)
            })
            .collect();
        let stable = names.len() == count;
        count = names.len();
        class = refined;
        if stable {
            break;
        }
    }
    // Number the classes: dead, start, then breadth first.
    let mut number: Vec<Option<usize>> = vec![None; count];
    let mut order: Vec<usize> = Vec::new();
    for s in [0, 1] {
        if number[class[s]].is_none() {
            number[class[s]] = Some(order.len());
            order.push(s);
        }
    }
    let mut k = 0;
    while k < order.len() {
        let s = order[k];
        for &d in &delta[s] {
            if number[class[d]].is_none() {
                number[class[d]] = Some(order.len());
                order.push(d);
            }
        }
        k += 1;
    }
    assert_eq!(order.len(), count, "every class is reachable from the start");
    assert!(count * SYMBOLS < usize::from(ACCEPT), "offsets fit in 15 bits");
    let mut bytes = Vec::with_capacity(count * SYMBOLS * 2);
    for &s in &order {
        for &d in &delta[s] {
            let offset = number[class[d]].unwrap() * SYMBOLS;
            let entry = offset as u16 | if dp::accepts(&sets[d]) { ACCEPT } else { 0 };
            bytes.extend_from_slice(&entry.to_le_bytes());
        }
    }
    bytes
}

#[test]
fn the_table_is_the_minimal_automaton_of_the_walk() {
    let built = build();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/meld/automaton.bin");
    if std::env::var_os("UPDATE_AUTOMATON").is_some() {
        std::fs::write(path, &built).unwrap();
    }
    assert_eq!(built.len() / 2 / SYMBOLS, 875, "states of the minimal automaton");
    assert!(built == super::BYTES, "automaton.bin is stale: rebuild it with UPDATE_AUTOMATON=1");
    assert_eq!(next(DEAD, 0), DEAD);
    assert!(accepting(START) && !accepting(DEAD));
}

#[test]
fn the_automaton_agrees_with_the_walk_on_random_columns() {
    // Every column sequence of up to 14 symbols the generator gives, from the start.
    let mut rng = duke_core::GameRng::new(5);
    for _ in 0..20_000 {
        let len = rng.below(15) as usize;
        let mut rows = dp::START;
        let mut state = START;
        for _ in 0..len {
            let sym = rng.below(SYMBOLS as u32) as usize;
            rows = dp::step(&rows, &column_of(sym));
            state = next(state, sym as u8);
            assert_eq!(dp::accepts(&rows), accepting(state));
            if rows == [0; dp::STATES] {
                assert_eq!(state, DEAD);
            }
        }
    }
}

/// The old walk over joint run states (the programme itself, before the automaton): whether
/// `must` completes from `may` under a linear rule.
fn rows_walk(must: u64, may: u64, ace: super::super::AceRule) -> bool {
    let mut cols = [dp::Column::default(); 14];
    let n = dp::columns(must, may & !must, ace, [0, 0], &mut cols);
    let rows = cols[..n].iter().fold(dp::START, |rows, col| dp::step(&rows, col));
    dp::accepts(&rows)
}

#[test]
fn reach_agrees_with_the_old_walk_card_by_card_on_random_hands() {
    use super::super::{AceRule, Reach};
    use duke_core::{Card, CardSet};
    let mut rng = duke_core::GameRng::new(17);
    let mut random_set =
        |density: u32| -> u64 { (0..52).filter(|_| rng.below(100) < density).fold(0u64, |bits, i| bits | 1 << i) };
    for round in 0..4_000u32 {
        let must = random_set(5 + round % 40);
        let may = random_set(3 + round % 17) & !must;
        for ace in [AceRule::Low, AceRule::High] {
            let (cards, optional) = (CardSet::from_bits(must), CardSet::from_bits(may));
            let reach = Reach::new(cards, optional, ace).unwrap();
            assert_eq!(reach.completable(), rows_walk(must, may, ace), "{cards} + {optional} under {ace:?}");
            for c in Card::all() {
                let bit = 1u64 << c.index();
                if may & bit != 0 {
                    assert_eq!(reach.with(c), rows_walk(must | bit, may & !bit, ace), "{cards} + {c} under {ace:?}");
                }
                assert_eq!(reach.without(c), rows_walk(must & !bit, may & !bit, ace), "{cards} - {c} under {ace:?}");
            }
        }
    }
}
