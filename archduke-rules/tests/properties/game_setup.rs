//! Box rulebook "Game setup" (the deal, cards keep their positions), "Pre-round peeking" and
//! "Start of round" (the dealer's first card, the player to his left goes first).

use std::collections::BTreeSet;

use archduke_rules::testing::bias_play;
use archduke_rules::{Action, Archduke, Cell, Event, Setup, Slot, Stage};
use duke_core::{Game, Observer, Seat};

use crate::model::{Card, Model};
use crate::oracle::{CASES, active, actives, face_at, left_of, listed, property, round_ended, seats, setups};

/// A fresh deal: 4 cards face down to every player still in, in a 2x2 grid, nobody having
/// looked; the rest is the draw pile; the pre-round peek is next for everyone.
fn freshly_dealt(game: &Archduke, setup: &Setup) -> Result<(), String> {
    let total: usize =
        setup.config.deck.iter().map(|e| usize::from(e.copies)).sum::<usize>() * usize::from(setup.config.decks);
    let players = actives(setup);
    for seat in seats(setup) {
        let grid = &setup.grids[seat.index()];
        let want = if active(setup, seat) { 4 } else { 0 };
        if grid.cards.len() != 4 || grid.cards.iter().flatten().count() != want || !grid.seen.is_empty() {
            return Err(format!("{seat} was dealt {} (seen {:?})", grid, grid.seen));
        }
    }
    let waiting: Vec<Seat> = match setup.stage {
        Stage::Peeking { waiting } => waiting.iter().filter(|&s| active(setup, s)).collect(),
        other => return Err(format!("a new deal at stage {other:?}")),
    };
    if waiting != players
        || !setup.discard.is_empty()
        || setup.draw.len() != total - 4 * players.len()
        || setup.turns != 0
        || setup.caller.is_some()
        || !setup.pending.is_empty()
        || setup.reshuffles != 0
    {
        return Err(format!("a new deal: {setup:?}"));
    }
    // "Players are not allowed to look at their cards yet."
    for observer in seats(setup).map(Observer::Seat).chain([Observer::Spectator]) {
        let view = game.view(observer);
        if view.grids.iter().flatten().any(|c| matches!(c, Cell::Known { .. })) {
            return Err(format!("{observer:?} sees a card of the new deal"));
        }
    }
    Ok(())
}

#[test]
fn each_round_deals_four_face_down_cards_to_every_player_still_in() {
    property("each_round_deals_four_face_down_cards_to_every_player_still_in", CASES, Some(bias_play), 250, |step| {
        if step.index == 0 {
            step.reached();
            freshly_dealt(step.before, &step.before.to_setup())?;
        }
        let (before, after) = setups(step);
        if round_ended(&before, &after) && after.stage != Stage::Over {
            step.reached();
            freshly_dealt(step.after, &after)?;
        }
        Ok(())
    });
}

#[test]
fn cards_keep_their_positions_and_emptied_positions_stay_empty() {
    property("cards_keep_their_positions_and_emptied_positions_stay_empty", CASES, Some(bias_play), 8000, |step| {
        let (before, after) = setups(step);
        if round_ended(&before, &after) {
            return Ok(());
        }
        let model = Model::after(&before, step.seat, step.action);
        if matches!(
            step.action,
            Action::Keep(_) | Action::Take(_) | Action::Match(_) | Action::Swap(..) | Action::Give(_)
        ) {
            step.reached();
        }
        for seat in seats(&before) {
            let (want, got) = (&model.grids[seat.index()], &after.grids[seat.index()].cards);
            let same = want.len() == got.len()
                && want.iter().zip(got).all(|(w, g)| match (w, g) {
                    (Some(Card::Known(w)), Some(g)) => w == g,
                    (Some(Card::Unknown), Some(_)) | (None, None) => true,
                    _ => false,
                });
            if !same {
                return Err(format!("{seat}'s grid is {}, the rules leave {want:?}", after.grids[seat.index()]));
            }
        }
        Ok(())
    });
}

#[test]
fn the_pre_round_peek_is_one_look_at_two_own_cards() {
    property("the_pre_round_peek_is_one_look_at_two_own_cards", CASES, Some(bias_play), 600, |step| {
        let (before, after) = setups(step);
        let Stage::Peeking { waiting } = before.stage else { return Ok(()) };
        // "One opportunity to look at any 2 of their own cards": every pair, once.
        for (seat, listed) in seats(&before).zip(listed(step)) {
            let cards: Vec<Slot> = (0..4).map(Slot).filter(|&s| face_at(&before, seat, s).is_some()).collect();
            let mut want = BTreeSet::new();
            if active(&before, seat) && waiting.contains(seat) {
                for (i, &a) in cards.iter().enumerate() {
                    want.extend(cards[i + 1..].iter().map(|&b| Action::Look(a, b).to_string()));
                }
            }
            let got: BTreeSet<String> = listed.iter().map(|a| a.to_string()).collect();
            if got != want {
                return Err(format!("{seat} may {got:?} during the peek, the rule allows {want:?}"));
            }
        }
        let Action::Look(a, b) = step.action else { return Ok(()) };
        step.reached();
        let me = Observer::Seat(step.seat);
        let view = step.after.view(me);
        for seat in seats(&before) {
            for (i, cell) in view.grids[seat.index()].iter().enumerate() {
                let looked = seat == step.seat && (Slot(i as u8) == a || Slot(i as u8) == b);
                let face = face_at(&after, seat, Slot(i as u8));
                let shown = match cell {
                    Cell::Known { face, .. } => Some(*face),
                    _ => None,
                };
                if shown != face.filter(|_| looked) {
                    return Err(format!("after looking at {a} {b}, {me:?} sees {seat}:{} as {shown:?}", Slot(i as u8)));
                }
            }
        }
        for other in seats(&before).filter(|&s| s != step.seat) {
            let view = step.after.view(Observer::Seat(other));
            if view.grids[step.seat.index()].iter().any(|c| matches!(c, Cell::Known { .. })) {
                return Err(format!("{other} sees a card {} looked at", step.seat));
            }
        }
        Ok(())
    });
}

#[test]
fn after_the_peek_the_first_card_is_turned_up_and_the_dealers_left_plays_first() {
    property(
        "after_the_peek_the_first_card_is_turned_up_and_the_dealers_left_plays_first",
        CASES,
        Some(bias_play),
        150,
        |step| {
            let config = step.before.config();
            if step.index == 0 && config.first_dealer.is_none() {
                // "The dealer (chosen randomly)": the game generator picks one of the seats.
                let dealers: BTreeSet<Seat> =
                    (0..16).map(|seed| Archduke::new(&config, seed).unwrap().to_setup().dealer.unwrap()).collect();
                if dealers.len() < 2 || dealers.iter().any(|d| d.0 >= config.players) {
                    return Err(format!("16 new games of {} players are dealt by {dealers:?}", config.players));
                }
            }
            let (before, after) = setups(step);
            if !matches!(before.stage, Stage::Peeking { .. }) || matches!(after.stage, Stage::Peeking { .. }) {
                return Ok(());
            }
            step.reached();
            let dealer = before.dealer.ok_or("no dealer")?;
            if before.round == 1
                && let Some(d) = before.config.first_dealer
                && dealer != d
            {
                return Err(format!("the config's dealer is {d}, {dealer} deals"));
            }
            let top = *before.draw.last().ok_or("no card to turn up")?;
            let first = left_of(&before, dealer);
            if after.discard != [top] || after.draw[..] != before.draw[..before.draw.len() - 1] {
                return Err(format!("the first card: discard {:?}, want [{top}]", after.discard));
            }
            if after.stage != (Stage::Window { after: None, next: first }) || after.first != Some(first) {
                return Err(format!("{:?} after the peek, the dealer {dealer}'s left is {first}", after.stage));
            }
            let events = step.events(Observer::Spectator);
            if !events.contains(&Event::FirstCard { dealer, face: top }) {
                return Err(format!("events {events:?} do not turn up {top}"));
            }
            // "Once the initial card is flipped over, any player can MATCH a card."
            for seat in actives(&after) {
                let mut legal = Vec::new();
                step.after.legal_actions(seat, &mut legal);
                if !legal.iter().any(|a| matches!(a, Action::Match(_))) {
                    return Err(format!("{seat} may not match the first card"));
                }
            }
            Ok(())
        },
    );
}
