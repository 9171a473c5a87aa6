//! Scenario tests: each rulebook example and each rule with a concrete outcome. Every
//! position is a [`Setup`] naming only the cards that matter: the rest of each seat's cards
//! are shuffled into its draw pile.

mod common;

use common::{act, card, cards, legal, list, play, refused};
use duke_core::{CardSet, Game, Observer, Seat};
use dukesup_rules::meld::{MeldKind, split};
use dukesup_rules::{
    AceRule, Action, CastleState, CastleView, Config, DukeView, DukesUp, MultiRound, Phase, PlayerSetup, Reshuffle,
    Setup, Source, colour_of,
};

const P0: Observer = Observer::Seat(Seat(0));
const P1: Observer = Observer::Seat(Seat(1));

/// P0 (black) holding `hand`, with DUKES 2C 2S and his CASTLE KS face down.
fn black(hand: &str) -> PlayerSetup {
    PlayerSetup {
        hand: list(hand),
        dukes: [Some(card("2C")), Some(card("2S"))],
        castle: Some(card("KS")),
        ..PlayerSetup::default()
    }
}

/// P1 (red) with an empty hand, DUKES QH QD and his CASTLE KH face down.
fn red() -> PlayerSetup {
    PlayerSetup { dukes: [Some(card("QH")), Some(card("QD"))], castle: Some(card("KH")), ..PlayerSetup::default() }
}

/// P0's play step (he has drawn) on the sixth turn of the round, so DUKES may change.
fn play_step() -> Setup {
    Setup { phase: Phase::Play, turns: 5, ..Setup::default() }
}

/// P0's draw step on the sixth turn of the round.
fn draw_step() -> Setup {
    Setup { phase: Phase::Draw, turns: 5, ..Setup::default() }
}

fn start(setup: Setup) -> DukesUp {
    DukesUp::from_setup(&setup).unwrap_or_else(|e| panic!("{e}: {setup:?}"))
}

fn table(game: &DukesUp) -> CardSet {
    game.view(Observer::Spectator).table
}

/// Rulebook, "Rearranging Cards": a run 3-4-5-6 on the table and two sixes in hand become a
/// run of three and a set of sixes.
#[test]
fn run_of_four_and_two_sixes_become_a_run_and_a_set() {
    let mut game = start(Setup { table: list("3S 4D 5S 6D"), players: [black("6C 6S 9C"), red()], ..play_step() });
    assert!(legal(&game).contains(&act("play 6C")));
    play(&mut game, &["play 6C"]);
    // The table is not yet valid: no discard, but the second six completes it.
    assert!(refused(&game, "discard 9C"));
    assert!(refused(&game, "discard table 3S"), "the table must be valid before a table discard too");
    assert!(legal(&game).contains(&act("play 6S")));
    play(&mut game, &["play 6S"]);
    let melds = split(table(&game), Config::default().ace).unwrap();
    assert_eq!(melds.len(), 2);
    assert!(melds.iter().any(|m| m.kind == MeldKind::Run && m.cards == cards("3S 4D 5S")));
    assert!(melds.iter().any(|m| m.kind == MeldKind::Set && m.cards == cards("6D 6C 6S")));
    play(&mut game, &["discard 9C"]);
    assert_eq!(game.phase(), Phase::Draw);
}

#[test]
fn a_play_that_cannot_be_completed_is_not_offered() {
    let game = start(Setup { players: [black("3S 9C JC"), red()], ..play_step() });
    let actions = legal(&game);
    assert!(!actions.iter().any(|a| matches!(a, Action::Play(_))), "{actions:?}");
    assert!(refused(&game, "play 3S"));
}

/// "The following actions are not allowed on the first player's first turn."
#[test]
fn no_duke_changes_on_the_first_players_first_turn() {
    let mut game = start(Setup { phase: Phase::Play, players: [black("9C"), red()], ..Setup::default() });
    let actions = legal(&game);
    assert!(!actions.iter().any(|a| matches!(a, Action::PickUp(_) | Action::Swap { .. } | Action::Refill(_))));
    assert!(refused(&game, "pickup 2C"));
    play(&mut game, &["bury", "draw 2"]);
    // The second player's first turn is not restricted.
    let actions = legal(&game);
    assert!(actions.contains(&act("pickup QH")));
    assert!(actions.iter().any(|a| matches!(a, Action::Swap { .. })));
}

/// "Setup" 4-6: CASTLE and DUKES are chosen face down; the DUKES flip up once both chose.
#[test]
fn dukes_are_hidden_until_both_have_chosen() {
    let p0 = PlayerSetup { hand: list("3C 9C 2S 5S"), ..PlayerSetup::default() };
    // P1's four cards are dealt from his shuffled half of the deck.
    let mut game = start(Setup { players: [p0, PlayerSetup::default()], ..Setup::default() });
    let mut out = Vec::new();
    game.legal_actions(Seat(0), &mut out);
    assert_eq!(out.len(), 12);
    game.apply(Seat(0), act("castle 2S dukes 3C 9C")).unwrap();
    let theirs = game.view(P1);
    assert_eq!(theirs.players[0].dukes, [DukeView::Hidden, DukeView::Hidden]);
    assert_eq!(theirs.players[0].castle, CastleView::Hidden);
    assert!(theirs.players[0].hand_known.is_empty());
    let mine = game.view(P0);
    assert_eq!(mine.players[0].castle, CastleView::FaceDown(card("2S")));
    assert_eq!(mine.players[0].hand_known, cards("5S"));
    game.legal_actions(Seat(1), &mut out);
    game.apply(Seat(1), out[0]).unwrap();
    let spectator = game.view(Observer::Spectator);
    assert_eq!(spectator.players[0].dukes, [DukeView::Shown(card("3C")), DukeView::Shown(card("9C"))]);
    assert_eq!(spectator.players[0].castle, CastleView::Hidden);
    assert!(spectator.players.iter().all(|p| p.hand_known.is_empty()));
}

#[test]
fn taking_both_dukes_flips_the_castle_at_its_owners_next_turn() {
    // P1's DUKES 7H and 8H fit P0's run 5C 6C.
    let p1 = PlayerSetup { dukes: [Some(card("7H")), Some(card("8H"))], ..red() };
    let mut game = start(Setup { players: [black("5C 6C 9C"), p1], ..play_step() });
    play(&mut game, &["play 5C", "play 6C", "play 7H", "play 8H"]);
    let theirs = game.view(P0).players[1].clone();
    assert_eq!(theirs.dukes, [DukeView::Empty, DukeView::Empty]);
    assert_eq!(theirs.castle, CastleView::Hidden);
    play(&mut game, &["discard 9C"]);
    assert_eq!(game.view(P0).players[1].castle, CastleView::FaceUp(card("KH")));
}

/// "A face-up CASTLE can be played ... except that any DUKE guarding it must also be taken
/// within the same turn. Taking an opponent's CASTLE ends the round."
#[test]
fn a_guarded_face_up_castle_falls_only_with_its_duke() {
    let p1 = PlayerSetup {
        dukes: [Some(card("7D")), None],
        castle: Some(card("7H")),
        castle_state: CastleState::FaceUp,
        ..red()
    };
    let mut game = start(Setup { players: [black("7C 7S 9C"), p1], ..play_step() });
    assert!(legal(&game).contains(&act("play 7H")));
    play(&mut game, &["play 7H", "play 7C"]);
    // The set 7H 7C is not valid yet and the guarding DUKE is still there: no end, no discard.
    assert!(refused(&game, "end"));
    assert!(refused(&game, "discard 9C"));
    play(&mut game, &["play 7D"]);
    // Table 7H 7C 7D is valid, and the round ends; the attacker may still play 7S.
    assert!(refused(&game, "discard 9C"));
    assert!(legal(&game).contains(&act("end")));
    play(&mut game, &["play 7S", "end"]);
    assert!(game.is_over());
    // P0: 7C 7S on the table + 2 DUKES + CASTLE = 5; P1: 7H 7D on the table = 2.
    assert_eq!(game.outcome().unwrap().scores, vec![5, 2]);
}

#[test]
fn a_castle_whose_guard_cannot_be_taken_cannot_be_played() {
    let p1 = PlayerSetup {
        dukes: [Some(card("QD")), None],
        castle: Some(card("7H")),
        castle_state: CastleState::FaceUp,
        ..red()
    };
    let game = start(Setup { players: [black("7C 7S 9C"), p1], ..play_step() });
    assert!(refused(&game, "play 7H"));
    assert!(!legal(&game).contains(&act("play 7H")));
}

/// P1 without DUKES, his CASTLE `castle` face up.
fn red_castle_up(castle: &str) -> PlayerSetup {
    PlayerSetup { dukes: [None, None], castle: Some(card(castle)), castle_state: CastleState::FaceUp, ..red() }
}

/// P0 holding 8C 9C with his CASTLE `castle` face down.
fn black_castle(castle: &str) -> PlayerSetup {
    PlayerSetup { castle: Some(card(castle)), ..black("8C 9C") }
}

/// THE MOVE: "a player attempts to use their own CASTLE to take their opponent's".
#[test]
fn the_move_succeeds() {
    // P0's face-down CASTLE 8S joins 8C and P1's face-up CASTLE 8H in a set.
    let mut game = start(Setup { players: [black_castle("8S"), red_castle_up("8H")], ..play_step() });
    // 8C 8H alone is no set, but the own CASTLE may still join them through THE MOVE.
    assert!(legal(&game).contains(&act("play 8H")));
    play(&mut game, &["move", "play 8H", "play 8C"]);
    assert!(refused(&game, "return"), "the CASTLE goes back only if the round cannot end");
    play(&mut game, &["end"]);
    assert!(game.is_over());
    // P0: 8S 8C on the table + 2 DUKES = 4; P1: 8H on the table = 1.
    assert_eq!(game.outcome().unwrap().scores, vec![4, 1]);
}

#[test]
fn without_the_move_the_castle_cannot_be_completed() {
    let game = start(Setup { players: [black_castle("KS"), red_castle_up("8H")], ..play_step() });
    assert!(refused(&game, "play 8H"), "8C 8H alone is no set");
}

/// "If you need to put your CASTLE back, it must remain face-up."
#[test]
fn the_move_fails_and_the_castle_goes_back_face_up() {
    let mut game = start(Setup { players: [black_castle("8S"), red_castle_up("9H")], ..play_step() });
    play(&mut game, &["move"]);
    assert_eq!(game.view(P1).players[0].castle, CastleView::OnTable(card("8S")));
    assert!(refused(&game, "discard 9C"), "the CASTLE must end the round or go back");
    assert!(refused(&game, "end"));
    play(&mut game, &["return"]);
    assert_eq!(game.view(P1).players[0].castle, CastleView::FaceUp(card("8S")));
    assert!(refused(&game, "move"), "one attempt per turn");
    play(&mut game, &["discard 9C"]);
    assert_eq!(game.view(P1).players[0].castle, CastleView::FaceUp(card("8S")));
}

/// "Cards are discarded face-down so that the opponent cannot see them."
#[test]
fn discarding_one_hand_card_is_face_down() {
    let mut game = start(Setup { players: [black("9C JC"), red()], ..play_step() });
    play(&mut game, &["discard 9C"]);
    assert_eq!(game.to_setup().players[0].discards, list("9C"));
    assert_eq!(game.view(P0).players[0].discards.last(), Some(&Some(card("9C"))));
    assert_eq!(game.view(P1).players[0].discards.last(), Some(&None));
}

/// "Discard 2 cards ... only if you perform no other actions during your turn."
#[test]
fn two_cards_only_after_nothing_but_drawing() {
    let mut game = start(Setup { table: list("3S 4S 5S"), players: [black("9C JC"), red()], ..draw_step() });
    play(&mut game, &["draw 0"]);
    assert!(legal(&game).contains(&act("discard 9C JC")));
    assert!(legal(&game).contains(&act("discard JC 9C")));
    let mut after_play = start(Setup { table: list("3S 4S 5S"), players: [black("6S 9C JC"), red()], ..play_step() });
    play(&mut after_play, &["play 6S"]);
    assert!(refused(&after_play, "discard 9C JC"));
    play(&mut game, &["discard 9C JC"]);
    assert_eq!(game.to_setup().players[0].discards, list("9C JC"));
}

/// "Discard 1 card from the top of your draw pile to the bottom of your discard pile. You
/// cannot look at it."
#[test]
fn burying_the_top_of_the_draw_pile_unseen() {
    let p0 = PlayerSetup { discards: list("9S"), ..black("9C") };
    let mut game = start(Setup { players: [p0, red()], ..play_step() });
    let top = *game.to_setup().players[0].draw.as_ref().unwrap().last().unwrap();
    play(&mut game, &["bury"]);
    assert_eq!(game.to_setup().players[0].discards, vec![top, card("9S")]);
    assert_eq!(game.view(P0).players[0].discards, vec![None, Some(card("9S"))]);
}

/// "Discard 1 of your own cards from the play area ... only if it leaves a valid
/// arrangement of runs and sets behind."
#[test]
fn discarding_an_own_table_card_only_if_the_table_stays_valid() {
    let mut game = start(Setup { table: list("3S 4S 5S 6S 7D 8D 9D"), players: [black("9C"), red()], ..play_step() });
    let actions = legal(&game);
    assert!(actions.contains(&act("discard table 3S")));
    assert!(actions.contains(&act("discard table 6S")));
    assert!(!actions.contains(&act("discard table 4S")), "3S 5S 6S would be left");
    assert!(!actions.contains(&act("discard table 7D")), "not an own card");
    assert!(refused(&game, "discard table 4S"));
    play(&mut game, &["discard table 6S"]);
    assert_eq!(table(&game), cards("3S 4S 5S 7D 8D 9D"));
    // Everyone saw it leave the table.
    assert_eq!(game.view(P1).players[0].discards.last(), Some(&Some(card("6S"))));
}

/// Black's clubs and spades A to T on the table (20 cards).
const BLACK_RUNS: &str = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC AS 2S 3S 4S 5S 6S 7S 8S 9S TS";

/// "If a player empties both their draw and discard piles ... they get a chance to play
/// cards from their hand before moving on to scoring."
#[test]
fn emptying_both_piles_ends_the_round_after_playing_from_hand() {
    let p0 = PlayerSetup {
        hand: list("KC QC"),
        dukes: [Some(card("KS")), Some(card("QS"))],
        castle: Some(card("JS")),
        discards: list("JC"),
        draw: Some(vec![]),
        ..PlayerSetup::default()
    };
    let mut game = start(Setup { table: list(BLACK_RUNS), players: [p0, red()], ..draw_step() });
    assert!(legal(&game).contains(&act("draw 1 discards")));
    play(&mut game, &["draw 1 discards"]);
    assert!(game.view(P0).turn.last_turn);
    assert!(refused(&game, "discard KC"));
    assert!(refused(&game, "bury"));
    play(&mut game, &["play JC", "play QC", "play KC", "end"]);
    assert!(game.is_over());
    assert_eq!(game.outcome().unwrap().scores, vec![26, 3]);
    assert_eq!(game.outcome().unwrap().winners().first(), Some(Seat(0)));
}

/// P0 holding KC with DUKES KS QS, CASTLE JS, `discards` and `draw`, the rest of black on
/// the table except TS.
fn nearly_out(discards: &str, draw: &str) -> Setup {
    let p0 = PlayerSetup {
        hand: list("KC"),
        dukes: [Some(card("KS")), Some(card("QS"))],
        castle: Some(card("JS")),
        discards: list(discards),
        draw: Some(list(draw)),
        ..PlayerSetup::default()
    };
    let table = BLACK_RUNS.replace(" TS", "");
    Setup { table: list(&table), players: [p0, red()], ..draw_step() }
}

/// "If your draw pile is empty, shuffle your discard pile into a new draw pile."
#[test]
fn an_empty_draw_pile_is_refilled_from_the_discard_pile() {
    let mut game = start(nearly_out("JC QC TS", ""));
    play(&mut game, &["draw 2"]);
    let p0 = &game.to_setup().players[0];
    assert_eq!(p0.hand.len(), 3);
    assert_eq!(p0.draw.as_ref().map(Vec::len), Some(1));
    assert!(p0.discards.is_empty());
    assert!(!game.view(P0).turn.last_turn);
}

/// "You can draw up to 2 cards, ensuring that your hand does not exceed 4 cards."
#[test]
fn drawing_never_goes_above_four() {
    let game = start(Setup { players: [black("9C JC 3C"), red()], ..draw_step() });
    let actions = legal(&game);
    assert!(actions.contains(&act("draw 1")));
    assert!(!actions.contains(&act("draw 2")));
    assert!(refused(&game, "draw 2"));
    assert_eq!(
        actions.iter().filter(|a| matches!(a, Action::Draw { source: Source::Discards, .. })).count(),
        0,
        "an empty discard pile gives nothing"
    );
}

/// "If your CASTLE is face-up and you have no DUKES, you may replace a single DUKE."
#[test]
fn refilling_one_duke_slot_needs_a_face_up_castle_and_no_dukes() {
    let bare = PlayerSetup { dukes: [None, None], castle_state: CastleState::FaceUp, ..black("9C JC") };
    let mut game = start(Setup { players: [bare, red()], ..play_step() });
    assert!(legal(&game).contains(&act("duke 9C")));
    play(&mut game, &["duke 9C"]);
    assert!(refused(&game, "duke JC"), "never both");
    // With the CASTLE face down, no refill.
    let one = PlayerSetup { dukes: [Some(card("2S")), None], ..black("9C JC") };
    let mut game = start(Setup { players: [one, red()], ..play_step() });
    play(&mut game, &["pickup 2S"]);
    assert!(refused(&game, "duke 9C"));
    // Exchanges are allowed whatever the CASTLE.
    let mut game = start(Setup { players: [black("9C JC"), red()], ..play_step() });
    play(&mut game, &["swap 2S 9C"]);
    assert_eq!(game.to_setup().players[0].dukes, [Some(card("2C")), Some(card("9C"))]);
    assert!(refused(&game, "swap 9C JC"), "each slot changes once per turn");
}

/// "Scoring": cards on the table plus remaining CASTLES and DUKES, one each.
#[test]
fn scores_count_own_cards_on_the_table_and_in_place() {
    let game = start(Setup { table: list("3S 4D 5S 6D 7D 8D"), players: [black("9C"), red()], ..play_step() });
    // Seat 0: 3S 5S + 2 DUKES + CASTLE; seat 1: 4D 6D 7D 8D + 2 DUKES + CASTLE.
    assert_eq!(game.running_scores(), vec![5, 7]);
    assert_eq!(game.round_score(Seat(1)), 7);
}

#[test]
fn the_opponent_knows_picked_up_dukes_until_a_hidden_discard() {
    let mut game = start(Setup { players: [black("9C JC"), red()], ..play_step() });
    play(&mut game, &["pickup 2S"]);
    let theirs = game.view(P1);
    assert_eq!(theirs.players[0].hand_known, cards("2S"));
    assert_eq!(theirs.players[0].hand_size, 3);
    assert_eq!(game.view(Observer::Spectator).players[0].hand_known, cards("2S"));
    play(&mut game, &["discard 9C"]);
    // He cannot tell which card went: he no longer knows 2S is in the hand.
    let theirs = game.view(P1);
    assert!(theirs.players[0].hand_known.is_empty());
    assert_eq!(theirs.players[0].discards.last(), Some(&None));
    // The owner always sees his whole hand and what he discarded.
    let mine = game.view(P0);
    assert_eq!(mine.players[0].hand_known, cards("2S JC"));
    assert_eq!(mine.players[0].discards.last(), Some(&Some(card("9C"))));
}

#[test]
fn determinization_keeps_what_the_seat_knows() {
    let p0 = PlayerSetup { discards: list("4C"), ..black("9C JC") };
    let p1 = PlayerSetup { hand: list("9H 9D"), ..red() };
    let game = start(Setup { current: Some(Seat(1)), players: [p0, p1], ..draw_step() });
    let other = game.determinize(Seat(1), 99);
    assert_eq!(other.view(P1), game.view(P1));
    let p = other.to_setup();
    // Seat 1's own hand stays; seat 0's hidden cards stay black and in the same places.
    assert_eq!(p.players[1].hand, list("9D 9H"));
    assert_eq!(p.players[0].hand.len(), 2);
    assert_eq!(p.players[0].dukes, [Some(card("2C")), Some(card("2S"))]);
    let black = CardSet::colour(colour_of(Seat(0)));
    assert!(p.players[0].hand.iter().chain(&p.players[0].discards).all(|&c| black.contains(c)));
    // Across seeds the hidden CASTLE is re-dealt.
    let castles: CardSet = (0..40).filter_map(|s| game.determinize(Seat(1), s).to_setup().players[0].castle).collect();
    assert!(castles.len() > 1);
}

/// "If you are playing multiple rounds, switch back and forth."
#[test]
fn multi_round_games_alternate_the_first_player() {
    let mut config = Config::default();
    (config.rounds, config.multi_round, config.turn_limit) = (2, MultiRound::CountWins, Some(2));
    let mut game = DukesUp::new(&config, 4).unwrap();
    let mut out = Vec::new();
    let mut firsts = Vec::new();
    while let Some(seat) = game.to_act().first() {
        if game.phase() == Phase::Draw && game.view(Observer::Spectator).turns == 0 {
            firsts.push(seat);
        }
        game.legal_actions(seat, &mut out);
        let a = *out.iter().find(|a| matches!(a, Action::Bury)).unwrap_or(&out[0]);
        game.apply(seat, a).unwrap();
    }
    assert_eq!(firsts, vec![Seat(0), Seat(1)]);
    let outcome = game.outcome().unwrap();
    // Nothing was played: every round is 3 against 3, a tie that counts for nobody.
    assert_eq!(outcome.scores, vec![0, 0]);
    assert!(outcome.is_draw());
    // The second round of a setup starts with the other seat.
    let players = [black("9C"), PlayerSetup { hand: list("9H"), ..red() }];
    let second = start(Setup { round: 2, phase: Phase::Draw, players, ..Setup::new(config) });
    assert_eq!(second.to_act().first(), Some(Seat(1)));
}

#[test]
fn turning_the_corner_is_an_option() {
    let p0 = PlayerSetup { dukes: [Some(card("5C")), Some(card("5S"))], castle: Some(card("9S")), ..black("KC AC 2C") };
    let low = start(Setup { players: [p0.clone(), red()], ..play_step() });
    assert!(refused(&low, "play KC"), "K-A-2 is no run with Aces low");
    let mut config = Config::default();
    config.ace = AceRule::Around;
    let mut around = start(Setup { players: [p0, red()], ..Setup { config, ..play_step() } });
    play(&mut around, &["play KC", "play AC", "play 2C", "bury"]);
    assert_eq!(table(&around), cards("KC AC 2C"));
}

#[test]
fn determinization_respects_what_the_opponent_can_still_complete() {
    // P0 has played P1's face-up CASTLE 8H, completable only with cards P1 cannot see
    // (his face-down CASTLE 8S and 8C, or clubs around the 8 in a FLOWER run).
    let p0 = PlayerSetup { castle: Some(card("8S")), ..black("8C") };
    let mut game = start(Setup { players: [p0, red_castle_up("8H")], ..play_step() });
    play(&mut game, &["play 8H"]);
    for seed in 0..300 {
        let other = game.determinize(Seat(1), seed);
        other.validate().unwrap();
        assert_eq!(other.view(P1), game.view(P1));
    }
}

/// "The following actions are not allowed on the first player's first turn" covers only
/// "Replacing Your DUKES": taking the opponent's DUKES is allowed then (RULES.md, reading 3).
#[test]
fn the_first_player_may_take_dukes_on_his_first_turn() {
    let p1 = PlayerSetup { dukes: [Some(card("7H")), Some(card("8H"))], ..red() };
    let mut game = start(Setup { players: [black("5C 6C 9C"), p1], ..Setup { turns: 0, ..play_step() } });
    assert!(refused(&game, "pickup 2C"));
    play(&mut game, &["play 5C", "play 6C", "play 7H", "play 8H", "discard 9C"]);
    assert_eq!(game.view(P0).players[1].dukes, [DukeView::Empty, DukeView::Empty]);
}

/// "If you leave both DUKES empty, you do not need to flip up your CASTLE until the start of
/// your next turn."
#[test]
fn picking_up_both_dukes_flips_the_castle_at_the_next_own_turn() {
    let mut game = start(Setup { players: [black("9C"), red()], ..play_step() });
    play(&mut game, &["pickup 2C", "pickup 2S"]);
    assert_eq!(game.view(P1).players[0].castle, CastleView::Hidden);
    play(&mut game, &["discard 9C"]);
    assert_eq!(game.view(P1).players[0].castle, CastleView::Hidden, "not at the opponent's turn");
    play(&mut game, &["draw 2", "bury"]);
    assert_eq!(game.view(P1).players[0].castle, CastleView::FaceUp(card("KS")));
}

/// "If your draw pile is empty, shuffle your discard pile into a new draw pile": by default
/// when a card must come from it; with `Reshuffle::AtOnce` as soon as it is empty, so the
/// discard pile cannot be drawn from while the draw pile is empty.
#[test]
fn reshuffling_when_needed_or_at_once() {
    // When needed: the last card of the draw pile is drawn, the discard pile stays.
    let mut game = start(nearly_out("JC QC", "TS"));
    play(&mut game, &["draw 1", "discard KC", "draw 2", "bury"]);
    let p0 = &game.to_setup().players[0];
    assert_eq!(p0.draw, Some(vec![]));
    assert_eq!(p0.discards.len(), 3);
    // At his next turn he may take the top of his discard pile although the draw pile is empty.
    assert!(legal(&game).contains(&act("draw 1 discards")));
    // At once: emptying the draw pile shuffles the discard pile into it right away.
    let mut config = Config::default();
    config.reshuffle = Reshuffle::AtOnce;
    let mut game = start(Setup { config, ..nearly_out("JC QC", "TS") });
    play(&mut game, &["draw 1"]);
    let p0 = &game.to_setup().players[0];
    assert_eq!(p0.draw.as_ref().map(Vec::len), Some(2));
    assert!(p0.discards.is_empty());
    assert_eq!(game.view(P0).players[0].draw_size, 2);
    assert!(!game.view(P0).turn.last_turn);
}
