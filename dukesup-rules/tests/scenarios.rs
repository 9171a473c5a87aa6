//! Scenario tests: each rulebook example and each rule with a concrete outcome.

mod common;

use common::{Spec, act, build, card, cards, legal, play, refused, seat0, seat1};
use duke_core::{CardSet, Game, Observer, Seat};
use dukesup_rules::meld::{MeldKind, split};
use dukesup_rules::{Action, CastleState, CastleView, Config, DukeView, DukesUp, Phase, Source, colour_of};

/// Rulebook, "Rearranging Cards": a run 3-4-5-6 on the table and two sixes in hand become a
/// run of three and a set of sixes.
#[test]
fn run_of_four_and_two_sixes_become_a_run_and_a_set() {
    let mut game = build(0, Phase::Play, "3S 4D 5S 6D", [seat0("6C 6S 9C"), seat1()]);
    assert!(legal(&game).contains(&act("play 6C")));
    play(&mut game, &["play 6C"]);
    // The table is not yet valid: no discard, but the second six completes it.
    assert!(refused(&game, "discard 9C"));
    assert!(refused(&game, "discard table 3S"), "the table must be valid before a table discard too");
    assert!(legal(&game).contains(&act("play 6S")));
    play(&mut game, &["play 6S"]);
    let melds = split(game.position().table, Config::default().ace).unwrap();
    assert_eq!(melds.len(), 2);
    assert!(melds.iter().any(|m| m.kind == MeldKind::Run && m.cards == cards("3S 4D 5S")));
    assert!(melds.iter().any(|m| m.kind == MeldKind::Set && m.cards == cards("6D 6C 6S")));
    play(&mut game, &["discard 9C"]);
    assert_eq!(game.position().phase, Phase::Draw);
}

#[test]
fn a_play_that_cannot_be_completed_is_not_offered() {
    let game = build(0, Phase::Play, "", [seat0("3S 9C JC"), seat1()]);
    let actions = legal(&game);
    assert!(!actions.iter().any(|a| matches!(a, Action::Play(_))), "{actions:?}");
    assert!(refused(&game, "play 3S"));
}

#[test]
fn no_duke_changes_on_the_first_players_first_turn() {
    let mut game = DukesUp::new(&Config::default(), 3).unwrap();
    let mut out = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        game.legal_actions(seat, &mut out);
        game.apply(seat, out[0]).unwrap();
    }
    play(&mut game, &["draw 2"]);
    let dukes = game.position().players[0].duke_set();
    let actions = legal(&game);
    assert!(!actions.iter().any(|a| matches!(a, Action::PickUp(_) | Action::Swap { .. } | Action::Refill(_))));
    let d = dukes.first().unwrap();
    assert!(refused(&game, &format!("pickup {d}")));
    play(&mut game, &["bury", "draw 2"]);
    // The second player's first turn is not restricted.
    let actions = legal(&game);
    assert!(actions.iter().any(|a| matches!(a, Action::PickUp(_))));
    assert!(actions.iter().any(|a| matches!(a, Action::Swap { .. })));
}

#[test]
fn dukes_are_hidden_until_both_have_chosen() {
    let mut game = DukesUp::new(&Config::default(), 5).unwrap();
    let mut out = Vec::new();
    game.legal_actions(Seat(0), &mut out);
    assert_eq!(out.len(), 12);
    let Action::Choose { castle, dukes } = out[0] else { panic!() };
    game.apply(Seat(0), out[0]).unwrap();
    let theirs = game.view(Observer::Seat(Seat(1)));
    assert_eq!(theirs.players[0].dukes, [DukeView::Hidden, DukeView::Hidden]);
    assert_eq!(theirs.players[0].castle, CastleView::Hidden);
    assert!(theirs.players[0].hand_known.is_empty());
    let mine = game.view(Observer::Seat(Seat(0)));
    assert_eq!(mine.players[0].castle, CastleView::FaceDown(castle));
    assert_eq!(mine.players[0].dukes, dukes.map(DukeView::Shown));
    game.legal_actions(Seat(1), &mut out);
    game.apply(Seat(1), out[0]).unwrap();
    let spectator = game.view(Observer::Spectator);
    assert_eq!(spectator.players[0].dukes, dukes.map(DukeView::Shown));
    assert_eq!(spectator.players[0].castle, CastleView::Hidden);
    assert!(spectator.players.iter().all(|p| p.hand_known.is_empty()));
}

#[test]
fn taking_both_dukes_flips_the_castle_at_its_owners_next_turn() {
    // P1's DUKES 7H and 8H fit P0's run 5C 6C.
    let mut game = build(0, Phase::Play, "", [seat0("5C 6C 9C"), Spec { dukes: "7H 8H", ..seat1() }]);
    play(&mut game, &["play 5C", "play 6C", "play 7H", "play 8H"]);
    assert_eq!(game.position().players[1].dukes, [None, None]);
    assert_eq!(game.position().players[1].castle_state, CastleState::FaceDown);
    play(&mut game, &["discard 9C"]);
    assert_eq!(game.position().players[1].castle_state, CastleState::FaceUp);
}

/// "A face-up CASTLE can be played ... except that any DUKE guarding it must also be taken
/// within the same turn. Taking an opponent's CASTLE ends the round."
#[test]
fn a_guarded_face_up_castle_falls_only_with_its_duke() {
    let p1 = Spec { dukes: "7D", castle: "7H", castle_state: CastleState::FaceUp, ..seat1() };
    let mut game = build(0, Phase::Play, "", [seat0("7C 7S 9C"), p1]);
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
    let p1 = Spec { dukes: "QD", castle: "7H", castle_state: CastleState::FaceUp, ..seat1() };
    let game = build(0, Phase::Play, "", [seat0("7C 7S 9C"), p1]);
    assert!(refused(&game, "play 7H"));
    assert!(!legal(&game).contains(&act("play 7H")));
}

#[test]
fn the_move_succeeds() {
    // P0's face-down CASTLE 8S joins 8C and P1's face-up CASTLE 8H in a set.
    let p0 = Spec { hand: "8C 9C", dukes: "2C 2S", castle: "8S", ..Spec::default() };
    let p1 = Spec { dukes: "", castle: "8H", castle_state: CastleState::FaceUp, ..seat1() };
    let mut game = build(0, Phase::Play, "", [p0, p1]);
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
    let p0 = Spec { hand: "8C 9C", dukes: "2C 2S", castle: "KS", ..Spec::default() };
    let p1 = Spec { dukes: "", castle: "8H", castle_state: CastleState::FaceUp, ..seat1() };
    let game = build(0, Phase::Play, "", [p0, p1]);
    assert!(refused(&game, "play 8H"), "8C 8H alone is no set");
}

#[test]
fn the_move_fails_and_the_castle_goes_back_face_up() {
    let p0 = Spec { hand: "8C 9C", dukes: "2C 2S", castle: "8S", ..Spec::default() };
    let p1 = Spec { dukes: "", castle: "9H", castle_state: CastleState::FaceUp, ..seat1() };
    let mut game = build(0, Phase::Play, "", [p0, p1]);
    play(&mut game, &["move"]);
    assert_eq!(game.position().players[0].castle_state, CastleState::OnTable);
    assert!(refused(&game, "discard 9C"), "the CASTLE must end the round or go back");
    assert!(refused(&game, "end"));
    play(&mut game, &["return"]);
    assert_eq!(game.position().players[0].castle_state, CastleState::FaceUp);
    assert!(refused(&game, "move"), "one attempt per turn");
    play(&mut game, &["discard 9C"]);
    assert_eq!(game.position().players[0].castle_state, CastleState::FaceUp);
    assert_eq!(game.view(Observer::Seat(Seat(1))).players[0].castle, CastleView::FaceUp(card("8S")));
}

#[test]
fn discarding_one_hand_card_is_face_down() {
    let mut game = build(0, Phase::Play, "", [seat0("9C JC"), seat1()]);
    play(&mut game, &["discard 9C"]);
    let p0 = &game.position().players[0];
    assert_eq!(p0.discards.pile.as_slice().last(), Some(&card("9C")));
    assert_eq!(game.view(Observer::Seat(Seat(0))).players[0].discards.last(), Some(&Some(card("9C"))));
    assert_eq!(game.view(Observer::Seat(Seat(1))).players[0].discards.last(), Some(&None));
}

#[test]
fn two_cards_only_after_nothing_but_drawing() {
    let mut game = build(0, Phase::Draw, "3S 4S 5S", [seat0("9C JC"), seat1()]);
    play(&mut game, &["draw 0"]);
    assert!(legal(&game).contains(&act("discard 9C JC")));
    assert!(legal(&game).contains(&act("discard JC 9C")));
    let mut after_play = build(0, Phase::Play, "3S 4S 5S", [seat0("6S 9C JC"), seat1()]);
    play(&mut after_play, &["play 6S"]);
    assert!(refused(&after_play, "discard 9C JC"));
    play(&mut game, &["discard 9C JC"]);
    let pile = game.position().players[0].discards.pile;
    assert_eq!(pile.as_slice(), &[card("9C"), card("JC")]);
}

#[test]
fn burying_the_top_of_the_draw_pile_unseen() {
    let p0 = Spec { discards: "9S", ..seat0("9C") };
    let mut game = build(0, Phase::Play, "", [p0, seat1()]);
    let top = *game.position().players[0].draw.as_slice().last().unwrap();
    play(&mut game, &["bury"]);
    let p0 = &game.position().players[0];
    assert_eq!(p0.discards.pile.as_slice(), &[top, card("9S")]);
    assert_eq!(game.view(Observer::Seat(Seat(0))).players[0].discards, vec![None, Some(card("9S"))]);
}

#[test]
fn discarding_an_own_table_card_only_if_the_table_stays_valid() {
    let game = build(0, Phase::Play, "3S 4S 5S 6S 7D 8D 9D", [seat0("9C"), seat1()]);
    let actions = legal(&game);
    assert!(actions.contains(&act("discard table 3S")));
    assert!(actions.contains(&act("discard table 6S")));
    assert!(!actions.contains(&act("discard table 4S")), "3S 5S 6S would be left");
    assert!(!actions.contains(&act("discard table 7D")), "not an own card");
    assert!(refused(&game, "discard table 4S"));
    let mut game = game;
    play(&mut game, &["discard table 6S"]);
    assert_eq!(game.position().table, cards("3S 4S 5S 7D 8D 9D"));
    // Everyone saw it leave the table.
    assert_eq!(game.view(Observer::Seat(Seat(1))).players[0].discards.last(), Some(&Some(card("6S"))));
}

#[test]
fn emptying_both_piles_ends_the_round_after_playing_from_hand() {
    let table = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC AS 2S 3S 4S 5S 6S 7S 8S 9S TS";
    let p0 = Spec { hand: "KC QC", dukes: "KS QS", castle: "JS", discards: "JC", draw: Some(""), ..Spec::default() };
    let mut game = build(0, Phase::Draw, table, [p0, seat1()]);
    assert!(legal(&game).contains(&act("draw 1 discards")));
    play(&mut game, &["draw 1 discards"]);
    assert!(game.position().turn.last_turn);
    assert!(refused(&game, "discard KC"));
    assert!(refused(&game, "bury"));
    play(&mut game, &["play JC", "play QC", "play KC", "end"]);
    assert!(game.is_over());
    assert_eq!(game.outcome().unwrap().scores, vec![26, 3]);
    assert_eq!(game.outcome().unwrap().winners().first(), Some(Seat(0)));
}

#[test]
fn an_empty_draw_pile_is_refilled_from_the_discard_pile() {
    let table = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC AS 2S 3S 4S 5S 6S 7S 8S 9S";
    let p0 = Spec { hand: "KC", dukes: "KS QS", castle: "JS", discards: "JC QC TS", draw: Some(""), ..Spec::default() };
    let mut game = build(0, Phase::Draw, table, [p0, seat1()]);
    play(&mut game, &["draw 2"]);
    let p0 = &game.position().players[0];
    assert_eq!(p0.hand.len(), 3);
    assert_eq!(p0.draw.len(), 1);
    assert!(p0.discards.pile.is_empty());
    assert!(!game.position().turn.last_turn);
}

#[test]
fn drawing_never_goes_above_four() {
    let game = build(0, Phase::Draw, "", [seat0("9C JC 3C"), seat1()]);
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

#[test]
fn refilling_one_duke_slot_needs_a_face_up_castle_and_no_dukes() {
    let p0 = Spec { hand: "9C JC", dukes: "", castle: "KS", castle_state: CastleState::FaceUp, ..Spec::default() };
    let mut game = build(0, Phase::Play, "", [p0, seat1()]);
    assert!(legal(&game).contains(&act("duke 9C")));
    play(&mut game, &["duke 9C"]);
    assert!(refused(&game, "duke JC"), "never both");
    // With the CASTLE face down, no refill.
    let p0 = Spec { hand: "9C JC", dukes: "2S", castle: "KS", ..Spec::default() };
    let mut game = build(0, Phase::Play, "", [p0, seat1()]);
    play(&mut game, &["pickup 2S"]);
    assert!(refused(&game, "duke 9C"));
    // Exchanges are allowed whatever the CASTLE.
    let p0 = Spec { hand: "9C JC", dukes: "2S 2C", castle: "KS", ..Spec::default() };
    let mut game = build(0, Phase::Play, "", [p0, seat1()]);
    play(&mut game, &["swap 2S 9C"]);
    assert_eq!(game.position().players[0].dukes, [Some(card("2C")), Some(card("9C"))]);
    assert!(refused(&game, "swap 9C JC"), "each slot changes once per turn");
}

#[test]
fn scores_count_own_cards_on_the_table_and_in_place() {
    let game = build(0, Phase::Play, "3S 4D 5S 6D 7D 8D", [seat0("9C"), seat1()]);
    // Seat 0: 3S 5S + 2 DUKES + CASTLE; seat 1: 4D 6D 7D 8D + 2 DUKES + CASTLE.
    assert_eq!(game.running_scores(), vec![5, 7]);
}

#[test]
fn the_opponent_knows_picked_up_dukes_until_a_hidden_discard() {
    let p0 = Spec { hand: "9C JC", dukes: "2S 2C", castle: "KS", ..Spec::default() };
    let mut game = build(0, Phase::Play, "", [p0, seat1()]);
    play(&mut game, &["pickup 2S"]);
    let theirs = game.view(Observer::Seat(Seat(1)));
    assert_eq!(theirs.players[0].hand_known, cards("2S"));
    assert_eq!(theirs.players[0].hand_size, 3);
    assert_eq!(game.view(Observer::Spectator).players[0].hand_known, cards("2S"));
    play(&mut game, &["discard 9C"]);
    // He cannot tell which card went: he no longer knows 2S is in the hand.
    let theirs = game.view(Observer::Seat(Seat(1)));
    assert!(theirs.players[0].hand_known.is_empty());
    assert_eq!(theirs.players[0].discards.last(), Some(&None));
    // The owner always sees his whole hand and what he discarded.
    let mine = game.view(Observer::Seat(Seat(0)));
    assert_eq!(mine.players[0].hand_known, cards("2S JC"));
    assert_eq!(mine.players[0].discards.last(), Some(&Some(card("9C"))));
}

#[test]
fn determinization_keeps_what_the_seat_knows() {
    let p0 = Spec { hand: "9C JC", dukes: "2S 2C", castle: "KS", discards: "4C", ..Spec::default() };
    let game = build(1, Phase::Draw, "", [p0, Spec { hand: "9H 9D", ..seat1() }]);
    let other = game.determinize(Seat(1), 99);
    assert_eq!(other.view(Observer::Seat(Seat(1))), game.view(Observer::Seat(Seat(1))));
    let p = other.position();
    // Seat 1's own hand stays; seat 0's hidden cards stay black and in the same places.
    assert_eq!(p.players[1].hand, cards("9H 9D"));
    assert_eq!(p.players[0].hand.len(), 2);
    assert_eq!(p.players[0].duke_set(), cards("2S 2C"));
    assert!(p.players[0].cards().is_subset(CardSet::colour(colour_of(Seat(0)))));
    // Across seeds the hidden CASTLE is re-dealt.
    let castles: CardSet = (0..40).filter_map(|s| game.determinize(Seat(1), s).position().players[0].castle).collect();
    assert!(castles.len() > 1);
}

#[test]
fn tampered_states_are_refused() {
    let game = build(0, Phase::Play, "3S 4S 5S", [seat0("9C"), seat1()]);
    let mut pos = *game.position();
    // A card in two places.
    pos.players[0].hand.insert(card("3S"));
    assert!(DukesUp::try_from(pos).is_err());
    let json = serde_json::to_string(&pos).unwrap();
    assert!(serde_json::from_str::<DukesUp>(&json).is_err());
    // A card of the wrong colour in a hand.
    let mut pos = *game.position();
    pos.players[1].hand.insert(card("9C"));
    pos.players[0].hand.remove(card("9C"));
    assert!(DukesUp::try_from(pos).is_err());
    // An invalid table between turns.
    let mut pos = *game.position();
    pos.phase = Phase::Draw;
    pos.table.remove(card("5S"));
    pos.players[0].hand.insert(card("5S"));
    assert!(DukesUp::try_from(pos).is_err());
    // The untouched state round-trips.
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<DukesUp>(&json).unwrap(), game);
}

#[test]
fn multi_round_games_alternate_the_first_player() {
    use dukesup_rules::MultiRound;
    let config = Config { rounds: 2, multi_round: MultiRound::CountWins, turn_limit: Some(2), ..Config::default() };
    let mut game = DukesUp::new(&config, 4).unwrap();
    let mut out = Vec::new();
    let mut firsts = Vec::new();
    while let Some(seat) = game.to_act().first() {
        if game.position().phase == Phase::Draw && game.position().turns == 0 {
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
}

#[test]
fn turning_the_corner_is_an_option() {
    let spec = || Spec { hand: "KC AC 2C", dukes: "5C 5S", castle: "9S", ..Spec::default() };
    let low = build(0, Phase::Play, "", [spec(), seat1()]);
    assert!(refused(&low, "play KC"), "K-A-2 is no run with Aces low");
    let mut pos = *low.position();
    pos.config.ace = dukesup_rules::AceRule::Around;
    let mut around = DukesUp::try_from(pos).unwrap();
    play(&mut around, &["play KC", "play AC", "play 2C", "bury"]);
    assert_eq!(around.position().table, cards("KC AC 2C"));
}

#[test]
fn determinization_respects_what_the_opponent_can_still_complete() {
    // P0 has played P1's face-up CASTLE 8H, completable only with cards P1 cannot see
    // (his face-down CASTLE 8S and 8C, or clubs around the 8 in a FLOWER run).
    let p0 = Spec { hand: "8C", dukes: "2C 2S", castle: "8S", ..Spec::default() };
    let p1 = Spec { dukes: "", castle: "8H", castle_state: CastleState::FaceUp, ..seat1() };
    let mut game = build(0, Phase::Play, "", [p0, p1]);
    play(&mut game, &["play 8H"]);
    for seed in 0..300 {
        let other = game.determinize(Seat(1), seed);
        other.validate().unwrap();
        assert_eq!(other.view(Observer::Seat(Seat(1))), game.view(Observer::Seat(Seat(1))));
    }
}

/// "The following actions are not allowed on the first player's first turn" covers only
/// "Replacing Your DUKES": taking the opponent's DUKES is allowed then (RULES.md, reading 3).
#[test]
fn the_first_player_may_take_dukes_on_his_first_turn() {
    let mut game = build(0, Phase::Play, "", [seat0("5C 6C 9C"), Spec { dukes: "7H 8H", ..seat1() }]);
    let mut pos = *game.position();
    pos.turns = 0;
    game = DukesUp::try_from(pos).unwrap();
    assert!(refused(&game, "pickup 2C"));
    play(&mut game, &["play 5C", "play 6C", "play 7H", "play 8H", "discard 9C"]);
    assert_eq!(game.position().players[1].dukes, [None, None]);
}

/// "If you leave both DUKES empty, you do not need to flip up your CASTLE until the start of
/// your next turn."
#[test]
fn picking_up_both_dukes_flips_the_castle_at_the_next_own_turn() {
    let mut game = build(0, Phase::Play, "", [seat0("9C"), seat1()]);
    play(&mut game, &["pickup 2C", "pickup 2S"]);
    assert_eq!(game.position().players[0].castle_state, CastleState::FaceDown);
    play(&mut game, &["discard 9C"]);
    assert_eq!(game.position().players[0].castle_state, CastleState::FaceDown, "not at the opponent's turn");
    play(&mut game, &["draw 2", "bury"]);
    assert_eq!(game.position().players[0].castle_state, CastleState::FaceUp);
    assert_eq!(game.view(Observer::Seat(Seat(1))).players[0].castle, CastleView::FaceUp(card("KS")));
}

/// "If your draw pile is empty, shuffle your discard pile into a new draw pile": by default
/// when a card must come from it; with `Reshuffle::AtOnce` as soon as it is empty, so the
/// discard pile cannot be drawn from while the draw pile is empty.
#[test]
fn reshuffling_when_needed_or_at_once() {
    use dukesup_rules::Reshuffle;
    let table = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC AS 2S 3S 4S 5S 6S 7S 8S 9S";
    let p0 =
        || Spec { hand: "KC", dukes: "KS QS", castle: "JS", discards: "JC QC", draw: Some("TS"), ..Spec::default() };
    // When needed: the last card of the draw pile is drawn, the discard pile stays.
    let mut game = build(0, Phase::Draw, table, [p0(), seat1()]);
    play(&mut game, &["draw 1", "discard KC", "draw 2", "bury"]);
    let p = &game.position().players[0];
    assert!(p.draw.is_empty());
    assert_eq!(p.discards.pile.len(), 3);
    // At his next turn he may take the top of his discard pile although the draw pile is empty.
    assert!(legal(&game).contains(&act("draw 1 discards")));
    // At once: emptying the draw pile shuffles the discard pile into it right away.
    let mut pos = *build(0, Phase::Draw, table, [p0(), seat1()]).position();
    pos.config.reshuffle = Reshuffle::AtOnce;
    let mut game = DukesUp::try_from(pos).unwrap();
    play(&mut game, &["draw 1"]);
    let p = &game.position().players[0];
    assert_eq!(p.draw.len(), 2);
    assert!(p.discards.pile.is_empty());
    assert_eq!(game.view(Observer::Seat(Seat(0))).players[0].draw_size, 2);
    assert!(!game.position().turn.last_turn);
}
