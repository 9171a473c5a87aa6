//! Positions built from a [`Setup`] for the scenario and event tests.
#![allow(dead_code)] // each test file uses its own part of the helpers

use duke_core::{Card, CardSet, Game, Observer, Seat};
use dukesup_rules::{Action, CastleState, DukesUp, Phase, PlayerSetup, Setup};

/// Cards in notation, as a set.
pub fn cards(s: &str) -> CardSet {
    list(s).into_iter().collect()
}

/// Cards in notation, in the order written.
pub fn list(s: &str) -> Vec<Card> {
    s.split_whitespace().map(card).collect()
}

pub fn card(s: &str) -> Card {
    s.parse().unwrap()
}

pub fn act(s: &str) -> Action {
    s.parse().unwrap()
}

/// One seat's cards; its draw pile gets every own card not placed elsewhere (unless given).
#[derive(Default)]
pub struct Spec {
    pub hand: &'static str,
    pub dukes: &'static str,
    pub castle: &'static str,
    pub castle_state: CastleState,
    pub discards: &'static str,
    pub draw: Option<&'static str>,
    /// Everyone knows the discards (they left the table in plain sight).
    pub public: bool,
}

impl Spec {
    pub fn player(&self) -> PlayerSetup {
        let dukes = list(self.dukes);
        PlayerSetup {
            hand: list(self.hand),
            dukes: [dukes.first().copied(), dukes.get(1).copied()],
            castle: Some(card(self.castle)),
            castle_state: self.castle_state,
            draw: self.draw.map(list),
            discards: list(self.discards),
            discards_public: if self.public { list(self.discards) } else { Vec::new() },
            ..PlayerSetup::default()
        }
    }
}

/// `current`'s turn (the sixth of the round) in `phase`, seed 1.
pub fn setup(current: u8, phase: Phase, table: &str, specs: [Spec; 2]) -> Setup {
    Setup {
        seed: 1,
        phase,
        current: Some(Seat(current)),
        turns: 5,
        table: list(table),
        players: specs.map(|s| s.player()),
        ..Setup::default()
    }
}

pub fn build(current: u8, phase: Phase, table: &str, specs: [Spec; 2]) -> DukesUp {
    DukesUp::from_setup(&setup(current, phase, table, specs)).unwrap()
}

pub fn legal(game: &DukesUp) -> Vec<Action> {
    let mut out = Vec::new();
    game.legal_actions(game.to_act().first().unwrap(), &mut out);
    out
}

pub fn play(game: &mut DukesUp, actions: &[&str]) {
    for a in actions {
        let seat = game.to_act().first().unwrap();
        game.apply(seat, act(a)).unwrap_or_else(|e| panic!("{a}: {e}\n{}", game.view(Observer::Spectator)));
    }
}

pub fn refused(game: &DukesUp, a: &str) -> bool {
    let mut copy = *game;
    let refused = copy.apply(game.to_act().first().unwrap(), act(a)).is_err();
    assert_eq!(&copy, game, "a refused action changes nothing");
    refused
}

pub fn seat0(hand: &'static str) -> Spec {
    Spec { hand, dukes: "2C 2S", castle: "KS", ..Spec::default() }
}

pub fn seat1() -> Spec {
    Spec { hand: "", dukes: "QH QD", castle: "KH", ..Spec::default() }
}
