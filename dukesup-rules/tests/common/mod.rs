//! Positions built by hand for the scenario and event tests.
#![allow(dead_code)] // each test file uses its own part of the helpers

use duke_core::{Card, CardSet, Game, Observer, Seat};
use dukesup_rules::{Action, CastleState, Config, Discards, DukesUp, Phase, Pile, Position, TurnFlags, colour_of};

pub fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect()
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

pub fn build(current: u8, phase: Phase, table: &str, specs: [Spec; 2]) -> DukesUp {
    let mut pos: Position = *DukesUp::new(&Config::default(), 1).unwrap().position();
    pos.table = cards(table);
    for (i, spec) in specs.iter().enumerate() {
        let seat = Seat(i as u8);
        let p = &mut pos.players[i];
        p.hand = cards(spec.hand);
        p.hand_public = CardSet::EMPTY;
        let dukes: Vec<Card> = cards(spec.dukes).iter().collect();
        p.dukes = [dukes.first().copied(), dukes.get(1).copied()];
        p.castle = Some(card(spec.castle));
        p.castle_state = spec.castle_state;
        let discards: Vec<Card> = spec.discards.split_whitespace().map(card).collect();
        let n = discards.len();
        p.discards = Discards {
            pile: Pile::try_from(discards).unwrap(),
            owner_known: (1 << n) - 1,
            public: if spec.public { (1 << n) - 1 } else { 0 },
            pairs: 0,
        };
        let placed =
            pos.table.union(p.hand).union(cards(spec.dukes)).union(cards(spec.castle)).union(cards(spec.discards));
        let draw: Vec<Card> = match spec.draw {
            Some(d) => d.split_whitespace().map(card).collect(),
            None => CardSet::colour(colour_of(seat)).difference(placed).iter().collect(),
        };
        p.draw = Pile::try_from(draw).unwrap();
    }
    pos.chosen = [true, true];
    pos.phase = phase;
    pos.current = Seat(current);
    pos.round_first = Seat(0);
    pos.turns = 5;
    pos.turn = TurnFlags::default();
    DukesUp::try_from(pos).unwrap()
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
