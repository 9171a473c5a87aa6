//! Scenario tests: each concrete rule, rulebook example and FAQ answer on a table built with
//! [`Setup`]: the grids and piles written as card faces (`"7 12P -- 3"`), every card left
//! out shuffled into the draw pile below the cards named.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::expect_used, clippy::panic)]

mod play;
mod scoring;

use duke_core::{Game, Observer, Seat, SeatSet};

use crate::cards::{Face, Power, Role};
use crate::config::{ActionTrigger, CallerPenalty, Config, Mark, RuleSet, Scoring};
use crate::notation::{Action, Spot};
use crate::setup::{Setup, SetupGrid};
use crate::state::{Archduke, MAX_SLOTS, Phase};
use crate::view::{Cell, Stage};

/// Cards written as faces, bottom first: `"9 2"`.
fn faces(text: &str) -> Vec<Face> {
    text.split_whitespace().map(|f| f.parse().unwrap()).collect()
}

/// One grid per seat, each written as its faces at `a1 a2 b1 b2 ...` (`--` = empty).
fn grids(seats: &[&str]) -> Vec<SetupGrid> {
    seats.iter().map(|g| g.parse().unwrap()).collect()
}

/// A matching window after `after`'s discard (`None`: the dealer's first card), `next` to draw.
fn window(after: Option<u8>, next: u8) -> Stage {
    Stage::Window { after: after.map(Seat), next: Seat(next) }
}

/// The game a setup describes (it must be valid).
fn from(setup: Setup) -> Archduke {
    Archduke::from_setup(&setup).unwrap()
}

/// The box rulebook for `players`, dealt by the last seat so that P0 plays first.
fn cfg(players: u8) -> Config {
    Config { players, first_dealer: Some(Seat(players - 1)), ..Config::default() }
}

/// A window on `config`'s table: these grids, `draw` on top of the draw pile (last = top),
/// `discard` as the discard pile, after `after`'s discard with the next seat to draw.
fn setup(config: Config, seats: &[&str], draw: &str, discard: &str, after: Option<u8>) -> Setup {
    let players = config.players;
    let next = after.map_or(0, |a| (a + 1) % players);
    Setup {
        grids: grids(seats),
        draw: faces(draw),
        discard: faces(discard),
        stage: window(after, next),
        ..Setup::new(config)
    }
}

/// The game of [`setup`].
fn table(config: Config, seats: &[&str], draw: &str, discard: &str, after: Option<u8>) -> Archduke {
    from(setup(config, seats, draw, discard, after))
}

/// `by` has seen the card at `owner`'s `slot`.
fn seen(setup: &mut Setup, owner: usize, slot: &str, by: u8) {
    let seats = setup.grids[owner].seen.entry(slot.parse().unwrap()).or_default();
    seats.insert(Seat(by));
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
