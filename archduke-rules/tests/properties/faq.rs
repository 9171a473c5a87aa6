//! Box rulebook FAQ "What happens if you run out of cards in the draw pile?" (and the online
//! rules' same words), with reading 6: the whole discard pile is reshuffled when a card must
//! be drawn from an empty draw pile, and with both piles empty the round ends.

use archduke_rules::testing::bias_draws;
use archduke_rules::{Event, Stage};
use duke_core::Observer;

use crate::model::Model;
use crate::oracle::{CASES, property, round_ended, setups, sorted};
use crate::round_scoring::round_end;

#[test]
fn an_empty_draw_pile_is_refilled_from_the_whole_discard_pile() {
    property("an_empty_draw_pile_is_refilled_from_the_whole_discard_pile", CASES, Some(bias_draws), 150, |step| {
        let (before, after) = setups(step);
        let model = Model::after(&before, step.seat, step.action);
        let events = step.events(Observer::Spectator);
        let announced = events.contains(&Event::Reshuffled { cards: before.discard.len() as u8 });
        if !model.shuffled {
            return if events.iter().any(|e| matches!(e, Event::Reshuffled { .. })) {
                Err(format!("a reshuffle announced with {} cards in the draw pile", before.draw.len()))
            } else {
                Ok(())
            };
        }
        if !announced {
            return Err(format!("the draw pile ran out, events {events:?}"));
        }
        if round_ended(&before, &after) {
            return Ok(());
        }
        step.reached();
        // "Shuffle the discard pile to form a new draw pile": the whole pile, and the card
        // drawn comes from it.
        let drawn = match after.stage {
            Stage::Deciding { card, .. } => card,
            _ => model
                .penalties
                .first()
                .and_then(|&(seat, slot)| after.grids[seat.index()].cards.get(slot.0 as usize).copied().flatten()),
        };
        let mut pile = after.draw.clone();
        pile.extend(drawn);
        if sorted(pile) != sorted(before.discard.clone()) || !after.discard.is_empty() {
            return Err(format!("new draw pile {:?} (+ {drawn:?}) from discards {:?}", after.draw, before.discard));
        }
        if after.reshuffles != before.reshuffles + 1 {
            return Err(format!("reshuffles {} after {}", after.reshuffles, before.reshuffles));
        }
        Ok(())
    });
}

#[test]
fn a_round_ends_when_both_piles_are_empty() {
    property("a_round_ends_when_both_piles_are_empty", CASES * 2, Some(bias_draws), 10, |step| {
        let (before, after) = setups(step);
        if !round_ended(&before, &after) {
            // A live round always has a card in a pile once the first card is up.
            if matches!(after.stage, Stage::Window { .. }) && after.draw.is_empty() && after.discard.is_empty() {
                return Err("both piles are empty, the round goes on".into());
            }
            return Ok(());
        }
        let model = Model::after(&before, step.seat, step.action);
        if model.draw.is_empty() && model.discard.is_empty() {
            step.reached();
            // The round is scored as any other (the caller's penalty skipped: no card left).
            round_end(step)?.ok_or("no round result")?;
        }
        Ok(())
    });
}
