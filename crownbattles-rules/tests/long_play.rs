//! Long Play ("After each player plays their first card, the trick continues, and everyone
//! plays a second card"), each printed statement and the readings of RULES.md, readings
//! 40–44.

mod common;

use common::*;
use crownbattles_rules::{Config, CrownBattles, Event, Phase, Power, RoundType, RoundTypes, Setup, SetupError, Trump};
use duke_core::{Game, Observer, Seat};

fn long_play(players: u8, cards: &[u8], powers: &[Power]) -> Config {
    let mut c = config(players, cards, powers);
    c.round_types = RoundTypes::Every(RoundType::LongPlay);
    c
}

/// A Long Play round under way: bids placed, P0 leads.
fn bid_table(c: &Config, hands: &[&str]) -> CrownBattles {
    let n = usize::from(c.players);
    start(&Setup { bids: bids(&vec!["0"; n]), ..table(c, Trump::NoTrump, hands) })
}

fn tricks(game: &CrownBattles) -> Vec<u8> {
    game.view(Observer::Spectator).tricks
}

/// The table as the spectator sees it: `P0=R13 P1=R5 …`.
fn on_table(game: &CrownBattles) -> String {
    let view = game.view(Observer::Spectator);
    view.trick.iter().map(|c| format!("{}={}", c.seat, c.face)).collect::<Vec<_>>().join(" ")
}

/// Applies one step, returning the `TrickTaken` events the spectator saw.
fn taken(game: &mut CrownBattles, line: &str) -> Vec<Event> {
    step_events(game, line, Observer::Spectator).into_iter().filter(|e| matches!(e, Event::TrickTaken { .. })).collect()
}

/// "After each player plays their first card, the trick continues, and everyone plays a
/// second card": the same clockwise order from the leader, one trick of six cards, shown
/// whole, and taken once.
#[test]
fn everyone_plays_a_second_card_to_the_same_trick() {
    let c = long_play(3, &[4], &[]);
    let mut game = bid_table(&c, &["R13 R2 G5 G6", "R5 R6 G7 G8", "R7 B2 G9 G10"]);
    for line in ["P0 play R2", "P1 play R5", "P2 play R7"] {
        assert!(taken(&mut game, line).is_empty(), "{line}: the first pass takes no trick");
    }
    // The trick continues: the leader plays again, the first pass stays on the table.
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Play(Seat(0)));
    assert_eq!(on_table(&game), "P0=R2 P1=R5 P2=R7");
    assert!(taken(&mut game, "P0 play R13").is_empty());
    assert_eq!(on_table(&game), "P0=R2 P1=R5 P2=R7 P0=R13");
    assert!(taken(&mut game, "P1 play R6").is_empty());
    let events = taken(&mut game, "P2 play B2");
    let Some(Event::TrickTaken { cards, winner }) = events.first() else { panic!("{events:?}") };
    assert_eq!(cards.len(), 6, "both passes");
    assert_eq!(*winner, Some(Seat(0)));
    assert_eq!(tricks(&game), vec![1, 0, 0]);
    // The winner leads the next trick (RULES.md, reading 40).
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Play(Seat(0)));
    assert!(game.view(Observer::Spectator).trick.is_empty());
}

/// "This means that players will win half of the cards dealt as tricks."
#[test]
fn players_win_half_the_cards_dealt_as_tricks() {
    let c = long_play(2, &[6], &[]);
    let mut game = bid_table(&c, &["R13 R12 R11 G2 G3 G4", "R1 R2 R3 G5 G6 G7"]);
    let script = [
        "P0 play R13",
        "P1 play R1",
        "P0 play R12",
        "P1 play R2", // P0
        "P0 play R11",
        "P1 play R3",
        "P0 play G2",
        "P1 play G5", // P1: G5 is not red, R11 wins
        "P0 play G3",
        "P1 play G6",
        "P0 play G4",
        "P1 play G7",
    ];
    steps(&mut game, &script[..4]);
    assert_eq!(tricks(&game), vec![1, 0]);
    steps(&mut game, &script[4..8]);
    assert_eq!(tricks(&game), vec![2, 0], "the first card's suit is led for both passes");
    steps(&mut game, &script[8..11]);
    let before = game.clone();
    steps(&mut game, &script[11..]);
    assert!(game.is_over());
    let mut events = Vec::new();
    CrownBattles::events(&before, Seat(1), "play G7".parse().unwrap(), &game, Observer::Spectator, &mut events);
    let scored = events.iter().find_map(|e| match e {
        Event::RoundScored { tricks, .. } => Some(tricks.clone()),
        _ => None,
    });
    assert_eq!(scored, Some(vec![2, 1]), "three tricks: half of six");
}

/// "If there is an odd number of cards in the round, play the last trick as in the Normal
/// Bidding round."
#[test]
fn an_odd_deal_ends_with_a_normal_trick() {
    let c = long_play(2, &[3], &[]);
    let mut game = bid_table(&c, &["R13 R12 G2", "R1 R2 G5"]);
    steps(&mut game, &["P0 play R13", "P1 play R1", "P0 play R12", "P1 play R2"]);
    assert_eq!(tricks(&game), vec![1, 0]);
    let events = taken(&mut game, "P0 play G2");
    assert!(events.is_empty());
    let events = taken(&mut game, "P1 play G5");
    let Some(Event::TrickTaken { cards, winner }) = events.first() else { panic!("{events:?}") };
    assert_eq!((cards.len(), *winner), (2, Some(Seat(1))), "one card each");
    assert!(game.is_over());
}

/// Reading 41: one suit to follow for the whole trick, set by its first numbered card; the
/// leader's second card is no new lead.
#[test]
fn the_second_pass_follows_the_suit_led_in_the_first() {
    let c = long_play(2, &[4], &[]);
    let mut game = bid_table(&c, &["R13 G12 G2 B3", "R1 G5 B6 B7"]);
    steps(&mut game, &["P0 play R13", "P1 play R1", "P0 play G12"]);
    // P1 has no red left: any card; its G5 does not lead green.
    assert_eq!(legal(&game, 1), vec!["play G5", "play B6", "play B7"]);
    steps(&mut game, &["P1 play G5"]);
    assert_eq!(tricks(&game), vec![1, 0]);
    // A red card led in the first pass binds the second pass too.
    let mut game = bid_table(&c, &["R13 G12 G2 B3", "R1 R5 B6 B7"]);
    steps(&mut game, &["P0 play R13", "P1 play R1", "P0 play G12"]);
    assert_eq!(legal(&game, 1), vec!["play R5"]);
    steps(&mut game, &["P1 play R5"]);
    assert_eq!(tricks(&game), vec![1, 0], "R13 is the highest red");
}

/// "If a player starts the trick with a Peasant card, the next player sets the leading
/// suit": across the passes, the first numbered card of the trick; "If a Golem or a Dragon
/// card starts a trick, players can play any card": in both passes.
#[test]
fn peasant_and_golem_leads_over_both_passes() {
    let c = long_play(2, &[4], &[]);
    let mut game = bid_table(&c, &["peasant B2 G12 R5", "peasant#2 B9 G3 R7"]);
    steps(&mut game, &["P0 play peasant", "P1 play peasant", "P0 play G12"]);
    assert_eq!(legal(&game, 1), vec!["play G3"], "the second pass's first number leads");
    let mut game = bid_table(&c, &["golem B2 G12 R5", "R3 B9 G3 R7"]);
    steps(&mut game, &["P0 play golem", "P1 play R3", "P0 play G12"]);
    assert_eq!(legal(&game, 1), vec!["play R7", "play G3", "play B9"], "the Golem lead frees both passes");
    steps(&mut game, &["P1 play G3"]);
    assert_eq!(tricks(&game), vec![1, 0]);
}

/// "If multiple Dragon cards are played in the same turn, the first one wins": first in
/// play order over both passes (reading 42).
#[test]
fn the_first_dragon_over_both_passes_wins() {
    let c = long_play(2, &[4], &[]);
    let mut game = bid_table(&c, &["R13 dragon G2 B3", "dragon#2 R5 B6 B7"]);
    steps(&mut game, &["P0 play R13", "P1 play dragon", "P0 play dragon"]);
    steps(&mut game, &["P1 play R5"]);
    assert_eq!(tricks(&game), vec![0, 1], "P1's first-pass Dragon came first");
    // Golems alike; a Golem of the first pass beats a trump of the second.
    let mut game = start(&Setup {
        bids: bids(&["0", "0"]),
        ..table(&c, Trump::Suit("B".parse().unwrap()), &["golem R13 G2 B3", "R5 B6 golem#2 B7"])
    });
    steps(&mut game, &["P0 play golem", "P1 play B6", "P0 play R13", "P1 play golem"]);
    assert_eq!(tricks(&game), vec![1, 0]);
}

/// The Wizard "turns all Golem and Dragon cards into Peasants for that trick": both passes
/// (reading 42).
#[test]
fn a_wizard_in_the_second_pass_turns_first_pass_dragons_into_peasants() {
    let c = long_play(2, &[4], &[Power::Wizard]);
    let mut game = bid_table(&c, &["R13 wizard G2 B3", "dragon R5 B6 B7"]);
    steps(&mut game, &["P0 play R13", "P1 play dragon", "P0 play wizard", "P1 play R5"]);
    assert_eq!(tricks(&game), vec![1, 0]);
}

/// The Bomb: "the trick gets destroyed and no one wins it": a first-pass Bomb destroys the
/// whole long trick; its player chooses the next leader once both passes are played
/// (reading 43).
#[test]
fn a_first_pass_bomb_destroys_the_long_trick_and_acts_at_its_end() {
    let c = long_play(3, &[4], &[Power::Bomb]);
    let mut game = bid_table(&c, &["R13 R12 G2 G3", "bomb R5 B6 B7", "R1 R2 G9 G10"]);
    steps(&mut game, &["P0 play R13", "P1 play bomb", "P2 play R1"]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Play(Seat(0)), "no decision between the passes");
    steps(&mut game, &["P0 play R12", "P1 play R5", "P2 play R2"]);
    assert_eq!(tricks(&game), vec![0, 0, 0]);
    assert_eq!(legal(&game, 1), vec!["lead P0", "lead P1", "lead P2"]);
    // Saved and loaded while the Bomb's choice waits.
    let saved: CrownBattles = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
    assert_eq!(saved, game);
    steps(&mut game, &["P1 lead P2"]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Play(Seat(2)));
}

/// End-of-trick actions happen once, after both passes, in play order: the Thief of the
/// first pass steals after the long trick is taken (reading 43).
#[test]
fn a_first_pass_thief_steals_after_the_second_pass() {
    let c = long_play(2, &[4], &[Power::Thief]);
    let mut game = bid_table(&c, &["R13 thief G2 B3", "R5 R6 B6 B7"]);
    steps(&mut game, &["P0 play R13", "P1 play R5", "P0 play thief", "P1 play R6"]);
    // P0 won the long trick with R13: its Thief finds no trick to steal.
    assert_eq!(tricks(&game), vec![1, 0]);
    let mut game = bid_table(&c, &["R1 thief G2 B3", "R5 R6 B6 B7"]);
    steps(&mut game, &["P0 play thief", "P1 play R5", "P0 play R1", "P1 play R6"]);
    // P1 took the trick (R6), then the first pass's Thief of P0 resolves.
    assert_eq!(tricks(&game), vec![0, 1]);
    assert_eq!(legal(&game, 0), vec!["steal P1", "keep"]);
    let saved: CrownBattles = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
    assert_eq!(saved, game, "a first-pass action waiting at the end survives a save");
    steps(&mut game, &["P0 steal P1"]);
    assert_eq!(tricks(&game), vec![1, 0]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Play(Seat(1)));
}

/// The Summoner: "a copy of the last played card": the leader's second card copies the
/// first pass's last card, not a lead (reading 42).
#[test]
fn a_summoner_leading_the_second_pass_copies_the_first_pass_last_card() {
    let c = long_play(2, &[4], &[Power::Summoner]);
    let mut game = bid_table(&c, &["R5 summoner G2 B3", "R12 R13 B6 B7"]);
    steps(&mut game, &["P0 play R5", "P1 play R12", "P0 play summoner"]);
    let view = game.view(Observer::Spectator);
    assert_eq!(view.trick[2].form.to_string(), "R12.5");
    steps(&mut game, &["P1 play R13"]);
    assert_eq!(tricks(&game), vec![0, 1]);
    let mut game = bid_table(&c, &["R5 summoner G2 B3", "R11 R10 B6 B7"]);
    steps(&mut game, &["P0 play R5", "P1 play R11", "P0 play summoner", "P1 play R10"]);
    assert_eq!(tricks(&game), vec![1, 0], "R11.5 beats R11");
}

/// Reading 44: the bids count tricks: a double bid needs two tricks (two cards dealt make
/// one); "Screw the dealer" ("If the total bids from all players match the number of cards
/// dealt") compares the total with the cards dealt, as printed, or with
/// `long_play_screw_by_tricks` the number of tricks.
#[test]
fn bids_count_the_tricks() {
    let c = long_play(2, &[2, 4], &[]);
    let game = deal(&c, Trump::NoTrump, &["R13 R12", "R1 R2"]);
    assert!(!legal(&game, 0).iter().any(|a| a.contains('-')), "one trick: no double bid");
    assert!(refused(&game, "P0 bid 0-1"));
}

/// Reading 44, as printed: "Screw the dealer" refuses the dealer the bid that brings the
/// total to the number of cards dealt (4 cards, 2 tricks: the total may not be 4).
#[test]
fn screw_the_dealer_counts_the_cards_dealt_as_printed() {
    let mut screw = long_play(2, &[4], &[]);
    screw.screw_the_dealer = true;
    let mut game = deal(&screw, Trump::NoTrump, &["R13 R12 R11 R10", "R1 R2 R3 R4"]);
    steps(&mut game, &["P0 bid 1"]);
    assert!(!refused(&game, "P1 bid 1"));
    assert!(refused(&game, "P1 bid 3"), "the cards dealt, as printed");
}

/// Reading 44, the option `long_play_screw_by_tricks`: the total may not be the number of
/// tricks (4 cards dealt make 2 tricks).
#[test]
fn with_the_option_screw_the_dealer_counts_the_tricks() {
    let mut by_tricks = long_play(2, &[4], &[]);
    by_tricks.screw_the_dealer = true;
    by_tricks.long_play_screw_by_tricks = true;
    let mut game = deal(&by_tricks, Trump::NoTrump, &["R13 R12 R11 R10", "R1 R2 R3 R4"]);
    steps(&mut game, &["P0 bid 1"]);
    // Two tricks: the dealer (P1) may not bring the total to 2.
    assert!(refused(&game, "P1 bid 1"));
    assert!(!refused(&game, "P1 bid 3"));
}

/// The Magician "has no effect if played on the last trick of the round": both passes of
/// the last long trick, unless `long_play_first_pass_acts` (reading 43).
#[test]
fn the_magician_in_the_first_pass_of_the_last_trick() {
    let hands = ["magician R1", "G2 G3", "B4 B5"];
    let mut game = bid_table(&long_play(3, &[2], &[Power::Magician]), &hands);
    steps(&mut game, &["P0 play magician"]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Play(Seat(1)), "no effect");
    let mut acts = long_play(3, &[2], &[Power::Magician]);
    acts.long_play_first_pass_acts = true;
    let mut game = bid_table(&acts, &hands);
    steps(&mut game, &["P0 play magician"]);
    assert_eq!(legal(&game, 0), vec!["pass left", "pass right"]);
    // Not the last trick: it acts either way.
    let mut game =
        bid_table(&long_play(3, &[4], &[Power::Magician]), &["magician R1 R2 R3", "G2 G3 G4 G5", "B4 B5 B6 B7"]);
    steps(&mut game, &["P0 play magician"]);
    assert_eq!(legal(&game, 0), vec!["pass left", "pass right"]);
}

/// A saved game goes on from anywhere in a long trick: between the passes, in the second
/// pass; the setup names both passes' cards in play order, and a table that does not fit
/// is refused with a typed error.
#[test]
fn a_long_trick_is_saved_and_loaded_whole() {
    let c = long_play(3, &[4], &[]);
    let mut game = bid_table(&c, &["R13 R2 G5 G6", "R5 R6 G7 G8", "R7 B2 G9 G10"]);
    for line in ["P0 play R2", "P1 play R5", "P2 play R7", "P0 play R13", "P1 play R6"] {
        steps(&mut game, &[line]);
        let setup = game.to_setup();
        assert_eq!(CrownBattles::from_setup(&setup), Ok(game.clone()), "{line}");
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(serde_json::from_str::<CrownBattles>(&json).unwrap(), game);
    }
    let setup = game.to_setup();
    assert_eq!(setup.trick.len(), 5);
    // Outside Long Play a table holds one card per player.
    let normal = Setup { config: config(3, &[4], &[]), round_type: None, ..setup.clone() };
    assert_eq!(CrownBattles::from_setup(&normal), Err(SetupError::LongPlay));
    // A second pass whose hands say it has not started.
    let mut early = setup.clone();
    early.trick.truncate(3);
    early.played = Vec::new();
    early.hands = hands(&["R13 R2 G5 G6", "R5 R6 G7 G8", "R7 B2 G9 G10"]);
    assert!(CrownBattles::from_setup(&early).is_err());
}
