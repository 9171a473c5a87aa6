//! Issue #26 item 6: `DukesUp::why_illegal` says why an action is refused where the engine
//! can tell more than its error, one test per reason (`dukesup_rules::explain`).

mod common;

use common::{Spec, act, build, seat0, seat1, setup};
use duke_core::{Game, Seat};
use dukesup_rules::explain::*;
use dukesup_rules::{Config, DukesUp, Phase};

/// The reason for `seat`'s `action`, after checking that the engine refuses it.
fn why(game: &DukesUp, seat: u8, action: &str) -> Option<&'static str> {
    assert!(game.check(Seat(seat), act(action)).is_err(), "{action} is legal");
    game.why_illegal(Seat(seat), act(action))
}

fn play_step(hand: &'static str) -> DukesUp {
    build(0, Phase::Play, "", [seat0(hand), seat1()])
}

#[test]
fn a_legal_action_has_no_reason() {
    let game = play_step("3S 9C JC");
    assert_eq!(game.why_illegal(Seat(0), act("discard 9C")), None);
}

/// Setup 4-6: both players choose before anyone draws.
#[test]
fn choosing_comes_before_drawing() {
    let mut game = DukesUp::new(&Config::default(), 3).unwrap();
    assert_eq!(why(&game, 0, "draw 2"), Some(CHOOSE_FIRST));
    let mut out = Vec::new();
    game.legal_actions(Seat(0), &mut out);
    game.apply(Seat(0), out[0]).unwrap();
    assert_eq!(why(&game, 0, "draw 2"), Some(WAIT_FOR_CHOICE));
}

/// "You begin your turn by drawing."
#[test]
fn a_turn_begins_with_a_draw() {
    let game = build(0, Phase::Draw, "", [seat0("3S 9C"), seat1()]);
    assert_eq!(why(&game, 0, "play 3S"), Some(DRAW_FIRST));
    assert_eq!(why(&game, 1, "draw 1"), Some(NOT_YOUR_TURN));
}

/// "Drawing": one draw a turn; then play, then discard.
#[test]
fn drawing_when_you_must_play_or_discard() {
    let game = play_step("3S 9C JC");
    assert_eq!(why(&game, 0, "draw 1"), Some(ALREADY_DREW));
    assert_eq!(why(&game, 0, "castle 3S dukes 9C JC"), Some(CHOSEN_AT_THE_START));
}

/// "You can draw up to 2 cards, ensuring that your hand does not exceed 4 cards."
#[test]
fn a_draw_never_takes_the_hand_above_four() {
    let game = build(0, Phase::Draw, "", [seat0("3S 9C JC"), seat1()]);
    assert_eq!(why(&game, 0, "draw 2"), Some(HAND_LIMIT));
    assert_eq!(why(&game, 0, "draw 0 discards"), Some(DRAW_NOTHING));
    // The discard pile is empty.
    let game = build(0, Phase::Draw, "", [seat0("3S"), seat1()]);
    assert_eq!(why(&game, 0, "draw 1 discards"), Some(DISCARDS_SHORT));
}

#[test]
fn a_draw_cannot_take_more_than_both_piles_hold() {
    // Every black card placed: the clubs and AS-8S on the table, 9S in hand, TS JS the DUKES,
    // QS the CASTLE, KS the only discard, and an empty draw pile.
    let p0 = Spec { hand: "9S", dukes: "TS JS", castle: "QS", discards: "KS", draw: Some(""), ..Spec::default() };
    let table = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AS 2S 3S 4S 5S 6S 7S 8S";
    let game = DukesUp::from_setup(&setup(0, Phase::Draw, table, [p0, seat1()])).unwrap();
    assert_eq!(why(&game, 0, "draw 2"), Some(PILES_SHORT));
    assert_eq!(why(&game, 0, "draw 2 discards"), Some(DISCARDS_SHORT));
}

/// "Playing Cards", "Taking Your Opponent's DUKES", "THE MOVE": what may go to the table.
#[test]
fn only_cards_in_reach_go_to_the_table() {
    let game = build(0, Phase::Play, "3D 4D 5D", [seat0("9C"), seat1()]);
    assert_eq!(why(&game, 0, "play 4D"), Some(ON_THE_TABLE));
    assert_eq!(why(&game, 0, "play 2C"), Some(OWN_DUKE));
    assert_eq!(why(&game, 0, "play KS"), Some(OWN_CASTLE));
    assert_eq!(why(&game, 0, "play 5C"), Some(NOT_PLAYABLE), "a card in the draw pile");
    assert_eq!(why(&game, 0, "play KH"), Some(NOT_PLAYABLE), "the opponent's face-down CASTLE");
}

/// "Runs and Sets": a card that fits no run or set with what is on the table or in reach.
#[test]
fn a_card_that_fits_no_run_or_set() {
    let game = play_step("3S 9C JC");
    assert_eq!(why(&game, 0, "play 9C"), Some(FITS_NO_MELD));
}

/// "Rearranging Cards": every card on the table must end the turn in a run or set; 7S could
/// make a set with 7C and 7D, but 5D 6D would then be left out.
#[test]
fn a_card_that_would_leave_others_out() {
    let game = build(0, Phase::Play, "5D 6D 7D", [seat0("7S 7C"), seat1()]);
    assert_eq!(why(&game, 0, "play 7S"), Some(LEAVES_CARDS_OUT));
}

/// "Replacing Your DUKES" and "Discarding": the cards named must be the player's.
#[test]
fn duke_changes_and_discards_name_own_cards() {
    let game = play_step("3S 9C JC");
    assert_eq!(why(&game, 0, "pickup 9C"), Some(NOT_YOUR_DUKE));
    assert_eq!(why(&game, 0, "swap 5C 9C"), Some(NOT_YOUR_DUKE));
    assert_eq!(why(&game, 0, "discard 5C"), Some(NOT_IN_HAND));
    assert_eq!(why(&game, 0, "discard 9C 5C"), Some(NOT_IN_HAND));
}

/// Where the error already names the rule, nothing is added.
#[test]
fn an_error_that_says_it_all_gets_nothing_more() {
    let game = play_step("3S 9C JC");
    assert_eq!(why(&game, 0, "end"), None, "the error names when a round ends");
    let over = {
        let mut config = Config::default();
        config.turn_limit = Some(1);
        let mut game = DukesUp::new(&config, 1).unwrap();
        let mut out = Vec::new();
        while let Some(seat) = game.to_act().first() {
            game.legal_actions(seat, &mut out);
            game.apply(seat, out[0]).unwrap();
        }
        game
    };
    assert_eq!(why(&over, 0, "draw 1"), None, "the game is over");
}
