//! Rulebook "Runs and Sets" (and "Rearranging Cards": "Before discarding, all cards in play
//! must be part of valid runs or sets"): the table's shown arrangement holds only valid
//! melds, and a turn may end exactly when the brute-force oracle splits the table.

use duke_core::{CardSet, Observer};
use dukesup_rules::meld::{Meld, MeldKind, split};
use dukesup_rules::testing::bias_plays;
use dukesup_rules::{Action, Event, Phase};

use crate::melds::{is_run, is_set, splits};
use crate::oracle::{CASES, Step, property, same_list, table};
use crate::reference::{play_allowed, play_universe};

/// The arrangements a step shows: the split of the table when a turn ends (the view's
/// and the scoring's arrangement) and the runs and sets of a `RoundEnded` event.
fn shown(step: &Step<'_, '_>) -> Result<Vec<(CardSet, Vec<Meld>)>, String> {
    let mut out = Vec::new();
    let ends_turn = matches!(step.action(), Action::Discard(_) | Action::DiscardTwo(..) | Action::Bury);
    if ends_turn || step.action() == Action::End {
        let cards = table(step.before);
        let melds = split(cards, step.config().ace).ok_or_else(|| format!("no arrangement of the table {cards}"))?;
        out.push((cards, melds));
    }
    for event in step.events(Observer::Spectator) {
        if let Event::RoundEnded { melds, .. } = event {
            let mut cards = table(step.before);
            if let Action::DiscardTable(c) = step.action() {
                cards.remove(c);
            }
            out.push((cards, melds));
        }
    }
    Ok(out)
}

/// Checks that `melds` partition `cards`, and each meld of `kind` with `valid`.
fn check_melds(step: &Step<'_, '_>, kind: MeldKind, valid: impl Fn(&Meld) -> bool) -> Result<(), String> {
    for (cards, melds) in shown(step)? {
        let mut union = CardSet::EMPTY;
        for m in &melds {
            if !union.intersection(m.cards).is_empty() {
                return Err(format!("melds overlap in {melds:?}"));
            }
            union = union.union(m.cards);
            if m.kind == kind {
                step.reached();
                if !valid(m) {
                    return Err(format!("{kind:?} {:?} is not valid under {:?}", m.ordered(), step.config().ace));
                }
            }
        }
        if union != cards {
            return Err(format!("the arrangement {melds:?} is not the table {cards}"));
        }
    }
    Ok(())
}

#[test]
fn every_set_is_three_or_four_cards_of_one_value() {
    property("every_set_is_three_or_four_cards_of_one_value", CASES, Some(bias_plays), 1500, |step| {
        check_melds(step, MeldKind::Set, |m| is_set(m.cards) && m.cards.len() <= 4)
    });
}

#[test]
fn every_run_is_three_or_more_consecutive_cards_of_one_suit_group() {
    let name = "every_run_is_three_or_more_consecutive_cards_of_one_suit_group";
    property(name, CASES, Some(bias_plays), 4000, |step| {
        check_melds(step, MeldKind::Run, |m| is_run(&m.ordered(), step.config().ace))
    });
}

#[test]
fn discards_are_listed_exactly_when_the_table_splits_into_runs_and_sets() {
    let name = "discards_are_listed_exactly_when_the_table_splits_into_runs_and_sets";
    property(name, CASES, Some(bias_plays), 8000, |step| {
        if step.before.phase != Phase::Play || table(step.before).is_empty() {
            return Ok(());
        }
        step.reached();
        let discard = |a: &Action| {
            matches!(a, Action::Discard(_) | Action::DiscardTwo(..) | Action::Bury | Action::DiscardTable(_))
        };
        same_list(&step.legal_before(), play_universe(step.before), discard, |a| {
            play_allowed(step.before, &step.was.turn, a)
        })?;
        if discard(&step.action()) && !splits(table(step.before), step.config().ace) {
            return Err(format!("a discard with the table {} not in runs and sets", table(step.before)));
        }
        Ok(())
    });
}
