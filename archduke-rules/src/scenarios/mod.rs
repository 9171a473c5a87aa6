//! Scenario tests: each concrete rule, rulebook example and FAQ answer on a hand-built table.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::expect_used, clippy::panic)]

mod play;
mod scoring;

use duke_core::{Game, Observer, Seat, SeatSet};

use crate::cards::{Power, Role};
use crate::config::{ActionTrigger, CallerPenalty, Config, Mark, RuleSet, Scoring};
use crate::notation::{Action, Spot};
use crate::state::{Archduke, Grid, MAX_SLOTS, NONE, Phase, Stack};
use crate::view::{Cell, Stage};

/// The kind of the standard deck with this value (0 and 13 are the two ECLIPSE kinds).
fn kind(game: &Archduke, value: i8) -> u8 {
    (0..game.rules.deck.kinds).find(|&k| game.rules.deck.value(k) == value).unwrap()
}

/// A table: `grids[seat]` lists the values at positions a1 a2 b1 b2 ... (`None` = empty),
/// `top` the cards on top of the draw pile (last = top), `discard` the discard pile (last =
/// top). Every other card goes to the bottom of the draw pile. A window is open after
/// `current`'s discard (`NONE` = the dealer's first card) with the next player to draw.
fn table(config: Config, grids: &[&[Option<i8>]], top: &[i8], discard: &[i8], current: u8) -> Archduke {
    let mut g = Archduke::new(&config, 1).unwrap();
    let mut pool: Vec<u8> = Vec::new();
    for k in 0..g.rules.deck.kinds {
        for _ in 0..g.rules.copies(k) {
            pool.push(k);
        }
    }
    let mut take = |g: &Archduke, v: i8| {
        let k = kind(g, v);
        let i = pool.iter().position(|&c| c == k).expect("enough copies");
        pool.remove(i)
    };
    g.grids = [Grid::EMPTY; crate::config::MAX_PLAYERS];
    for (seat, cells) in grids.iter().enumerate() {
        g.grids[seat].columns = (cells.len().div_ceil(2)).max(2) as u8;
        for (slot, cell) in cells.iter().enumerate() {
            if let Some(v) = cell {
                let card = take(&g, *v);
                g.grids[seat].cards[slot] = card;
                g.grids[seat].occupied |= 1 << slot;
            }
        }
    }
    let tops: Vec<u8> = top.iter().map(|&v| take(&g, v)).collect();
    let discards: Vec<u8> = discard.iter().map(|&v| take(&g, v)).collect();
    g.draw = Stack::EMPTY;
    g.discard = Stack::EMPTY;
    pool.iter().chain(tops.iter()).for_each(|&c| g.draw.push(c));
    discards.iter().for_each(|&c| g.discard.push(c));
    g.phase = Phase::Window;
    g.looked = g.active;
    g.current = current;
    g.next = if current == NONE { g.first } else { g.next_active(current) };
    g
}

fn cfg(players: u8) -> Config {
    Config { players, dealer: Some(players - 1), ..Config::default() }
}

fn n(v: i8) -> Option<i8> {
    Some(v)
}

fn play(g: &mut Archduke, seat: u8, action: &str) {
    let action: Action = action.parse().unwrap();
    let mut legal = Vec::new();
    g.legal_actions(Seat(seat), &mut legal);
    assert!(legal.contains(&action), "P{seat} {action} not in {legal:?}");
    g.apply(Seat(seat), action).unwrap();
    g.check().unwrap();
}

fn refused(g: &Archduke, seat: u8, action: &str) -> bool {
    g.clone().apply(Seat(seat), action.parse().unwrap()).is_err()
}

fn value_at(g: &Archduke, seat: u8, slot: u8) -> Option<i8> {
    g.grids[seat as usize].card(slot).map(|c| g.rules.deck.value(c))
}

fn top(g: &Archduke) -> Option<i8> {
    g.discard.top().map(|c| g.rules.deck.value(c))
}
