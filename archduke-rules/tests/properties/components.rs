//! Box rulebook "Components" (104 cards), the deck list we inferred (crate docs, "The deck"),
//! and the players each rule set seats (box: 2-6; online: up to 12 with two decks).

use archduke_rules::{Config, Face, Role, RuleSet, Scoring, Setup, Stage, standard_deck};
use duke_core::Game;

use crate::oracle::{CASES, property, setups, sorted};

/// Every card of a position: the grids, both piles and a drawn card being decided on.
fn all_cards(setup: &Setup) -> Vec<Face> {
    let grids = setup.grids.iter().flat_map(|g| g.cards.iter().flatten().copied());
    let held = match setup.stage {
        Stage::Deciding { card, .. } => card,
        _ => None,
    };
    grids.chain(setup.draw.iter().copied()).chain(setup.discard.iter().copied()).chain(held).collect()
}

/// The cards the config's decks hold.
fn deck_cards(config: &Config) -> Vec<Face> {
    let lines = config.deck.iter().flat_map(|e| {
        std::iter::repeat_n(Face { value: e.value, role: e.role }, usize::from(e.copies) * usize::from(config.decks))
    });
    lines.collect()
}

#[test]
fn every_card_is_in_exactly_one_place() {
    property("every_card_is_in_exactly_one_place", CASES, None, 15000, |step| {
        step.reached();
        let (_, after) = setups(step);
        let (have, want) = (sorted(all_cards(&after)), sorted(deck_cards(&after.config)));
        if have != want {
            return Err(format!("the table holds {} cards {have:?}, the decks {} {want:?}", have.len(), want.len()));
        }
        Ok(())
    });
}

#[test]
fn the_standard_deck_holds_the_inferred_cards() {
    property("the_standard_deck_holds_the_inferred_cards", CASES, None, 15, |step| {
        let (before, _) = setups(step);
        if step.index != 0 || before.config.deck != standard_deck() {
            return Ok(());
        }
        step.reached();
        // Components: 104 cards; the inferred list: 2 ARCHDUKE -3, 4 ECLIPSE 0, 8 GIVE 1, 8 of
        // each number 2 to 10, 6 SWAP 11, 8 PEEK 12, 4 ECLIPSE 13.
        let mut want = vec![(Face { value: -3, role: Role::Archduke }, 2), (Face { value: 0, role: Role::Eclipse }, 4)];
        want.push((Face { value: 1, role: Role::Give }, 8));
        want.extend((2..=10).map(|value| (Face { value, role: Role::Number }, 8)));
        want.push((Face { value: 11, role: Role::Swap }, 6));
        want.push((Face { value: 12, role: Role::Peek }, 8));
        want.push((Face { value: 13, role: Role::Eclipse }, 4));
        let decks = usize::from(before.config.decks);
        let want: Vec<Face> = want.into_iter().flat_map(|(f, n)| std::iter::repeat_n(f, n * decks)).collect();
        if want.len() != 104 * decks {
            return Err("the inferred list is not 104 cards a deck".into());
        }
        let dealt = all_cards(&before);
        if sorted(dealt.iter().copied()) != sorted(want) {
            return Err(format!("the dealt deck is {:?}", sorted(dealt)));
        }
        let (low, high) = (dealt.iter().map(|f| f.value).min(), dealt.iter().map(|f| f.value).max());
        if (low, high) != (Some(-3), Some(13)) {
            return Err(format!("values from {low:?} to {high:?}, not -3 to 13"));
        }
        Ok(())
    });
}

/// Box: "2-6 players"; online: "2-6 players using one deck, or up to 12 by combining two".
fn seats_allowed(players: u8, decks: u8) -> bool {
    match decks {
        1 => (2..=6).contains(&players),
        2 => (2..=12).contains(&players),
        _ => false,
    }
}

#[test]
fn one_deck_seats_two_to_six_and_two_decks_up_to_twelve() {
    property("one_deck_seats_two_to_six_and_two_decks_up_to_twelve", CASES, None, CASES as u64 / 2, |step| {
        if step.index != 0 {
            return Ok(());
        }
        step.reached();
        let config = step.before.config();
        if !seats_allowed(config.players, config.decks) || step.before.seat_count() != usize::from(config.players) {
            return Err(format!("a game of {} players with {} decks", config.players, config.decks));
        }
        let (before, _) = setups(step);
        if before.grids.len() != usize::from(config.players) {
            return Err(format!("{} grids for {} players", before.grids.len(), config.players));
        }
        // Every seat count with every deck count, on the standard deck and token scoring.
        let mut base = config;
        base.deck = standard_deck();
        base.scoring = Scoring::Tokens { rounds: 4 };
        base.first_dealer = None;
        for players in 0..=14 {
            for decks in 0..=3 {
                let mut config = base.clone();
                config.players = players;
                config.decks = decks;
                let ok = config.check().is_ok();
                if ok != seats_allowed(players, decks) {
                    return Err(format!("{players} players with {decks} decks: accepted {ok}"));
                }
            }
        }
        // Each text's preset: one deck seats 2-6 ("Components"); a second deck above 6 (the
        // online text; the box preset is `Config::rulebook`, which adds it the same way).
        for players in 2..=12 {
            let online = RuleSet::Online.config(players);
            let boxed = RuleSet::Box.config(players);
            let decks = if players > 6 { 2 } else { 1 };
            if online.check().is_err()
                || online.decks != decks
                || boxed.decks != decks
                || Config::rulebook(Some(players)) != Ok(boxed)
            {
                return Err(format!("the presets for {players} players"));
            }
        }
        Ok(())
    });
}
