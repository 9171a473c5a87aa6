//! Scenario tests: the rulebook's examples with a concrete outcome, rebuilt from the text
//! (the diagrams are not in the text; each position is chosen so that every sentence of
//! the example holds), and the Duke-danger rule.

mod common;

use std::collections::BTreeSet;

use common::{board, game as position, p};
use duke_core::{Game, Seat};
use theduke_rules::{Action, Config, EndReason, Phase, Setup, Side, TheDuke, TileKind};

const DUKE: u8 = 0;
const FOOTMAN: u8 = 1;
const PIKEMAN: u8 = 2;
const WIZARD: u8 = 4;
const SEER: u8 = 6;
const GENERAL: u8 = 7;
const CHAMPION: u8 = 9;
const MARSHALL: u8 = 10;
const DRAGOON: u8 = 12;
const ASSASSIN: u8 = 13;

fn actions(state: &TheDuke) -> BTreeSet<String> {
    let mut buf = Vec::new();
    state.legal_actions(state.side_to_move(), &mut buf);
    buf.iter().map(ToString::to_string).collect()
}

fn from(state: &TheDuke, square: &str) -> BTreeSet<String> {
    actions(state).into_iter().filter(|a| a.starts_with(square)).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|x| (*x).to_owned()).collect()
}

/// Rulebook p. 3, the movement example: light Duke c1, Seer d2 (starting side) and the
/// "Dragon" = Dragoon b4 (non-starting side); the dark Assassin a5 (non-starting side).
/// Every other tile is in its owner's bag.
fn movement_example(to_move: u8) -> TheDuke {
    TheDuke::from_setup(&Setup {
        board: board(&[
            ("c1", p(DUKE, 0, Side::Start)),
            ("d2", p(SEER, 0, Side::Start)),
            ("b4", p(DRAGOON, 0, Side::Back)),
            ("a5", p(ASSASSIN, 1, Side::Back)),
            ("f6", p(DUKE, 1, Side::Start)),
        ]),
        phase: Phase::Play,
        to_move: Seat(to_move),
        ..Setup::default()
    })
    .unwrap()
}

#[test]
fn seer_moves_diagonally_three_ways_and_jumps_forward_left_right() {
    // "It can move one square diagonally in three directions, or jump two squares
    // forward, left or right. However, it cannot jump off the board or move into the
    // square occupied by its own Duke Tile."
    let game = movement_example(0);
    assert_eq!(from(&game, "d2"), set(&["d2-c3", "d2-e3", "d2-e1", "d2-d4", "d2-b2", "d2-f2"]));
}

#[test]
fn dragoon_non_starting_side_moves_jumps_and_slides() {
    // "Move icons to enter either square directly above it, or its Jump icons to move up
    // and to the right, or up and to the left behind the Assassin ... Slide icons to
    // either move down to the left one square, or down and to the right one square; but
    // could not enter the Seer square."
    let game = movement_example(0);
    assert_eq!(from(&game, "b4"), set(&["b4-b5", "b4-b6", "b4-a6", "b4-c6", "b4-a3", "b4-c3"]));
}

#[test]
fn assassin_jump_slides_past_the_dragoon_and_puts_the_duke_in_guard() {
    // "the Assassin has only one movement option currently, as two of the options lead
    // off the board ... it could skip past the Dragon and either capture the Seer, or stop
    // in the square in between the Seer and the Dragon, putting the Duke in Guard (though
    // the Seer would capture it next turn if it hasn't moved yet)."
    let game = movement_example(1);
    assert_eq!(from(&game, "a5"), set(&["a5-c3", "a5-d2"]));
    let mut after = game;
    after.apply(Seat(1), "a5-c3".parse().unwrap()).unwrap();
    assert!(after.in_guard(Seat(0)));
    assert!(actions(&after).contains("d2-c3"), "the Seer captures the Assassin");
    let mut taken = game;
    taken.apply(Seat(1), "a5-d2".parse().unwrap()).unwrap();
    assert_eq!(taken.captured_count(Seat(0), TileKind(SEER)), 1);
}

/// Rulebook p. 6, Tina's trapped Duke, with Tina (light, seat 0) trapped on the far edge:
/// Duke e6 (non-starting side: slides forward/backward), Footman f6; the dark Wizard e5
/// (non-starting side), Marshall e3 guarding it, Champion f3, a Pikeman on d5. "She's
/// only pulled one of her three Pikemen": two are still in her bag (the first one was
/// drawn earlier and has been captured).
fn tina() -> TheDuke {
    let game = TheDuke::from_setup(&Setup {
        board: board(&[
            ("e6", p(DUKE, 0, Side::Back)),
            ("f6", p(FOOTMAN, 0, Side::Start)),
            ("a1", p(DUKE, 1, Side::Start)),
            ("e5", p(WIZARD, 1, Side::Back)),
            ("e3", p(MARSHALL, 1, Side::Start)),
            ("f3", p(CHAMPION, 1, Side::Start)),
            ("d5", p(PIKEMAN, 1, Side::Start)),
        ]),
        // By tile type (Duke, Footman, Pikeman, Knight, Wizard, Ranger, Seer, General,
        // Priest, Champion, Marshall, Bowman, Dragoon, Assassin, Longbowman): Tina's bag
        // lacks her Duke, the Footman on f6 and the captured Pikeman; her opponent's bag
        // lacks the five tiles on the board.
        bags: Some([
            vec![0, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
            vec![0, 3, 2, 1, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1],
        ]),
        phase: Phase::Play,
        to_move: Seat(0),
        ..Setup::default()
    })
    .unwrap();
    assert_eq!(game.bag_count(Seat(0), TileKind(PIKEMAN)), 2);
    assert_eq!(game.captured_count(Seat(0), TileKind(PIKEMAN)), 1);
    game
}

#[test]
fn tina_cannot_take_the_wizard_and_her_footman_would_be_lost() {
    let game = tina();
    // "She can't move her Duke to capture the Wizard, as the Marshall Tile would then be
    // able to capture the Duke, so that move isn't allowed."
    assert!(!actions(&game).contains("e6-e5"));
    assert!(game.clone().apply(Seat(0), "e6-e5".parse().unwrap()).is_err());
    // "If she moves her Footman into the open space, it can be captured by her opponent's
    // Champion Tile." Her only choices are that and drawing.
    assert_eq!(actions(&game), set(&["f6-f5", "draw"]));
    let mut moved = game;
    moved.apply(Seat(0), "f6-f5".parse().unwrap()).unwrap();
    assert!(actions(&moved).contains("f3-f5"));
}

#[test]
fn tina_can_place_a_drawn_pikeman_only_left_of_her_duke_and_then_is_trapped() {
    let game = tina();
    // "the only place she can put it is on the left of her Duke Tile; she can't place it
    // in the open space kitty corner to her Duke".
    let drawn = game.with_drawn(TileKind(PIKEMAN)).unwrap();
    assert_eq!(drawn.phase(), Phase::Place { drawn: TileKind(PIKEMAN) });
    assert_eq!(actions(&drawn), set(&["place d6"]));
    let mut placed = drawn;
    placed.apply(Seat(0), "place d6".parse().unwrap()).unwrap();
    // The opponent makes a quiet move; now the Pikeman and the Duke are stuck and no tile
    // can be placed, so she must sacrifice the Footman to open the square on the right.
    placed.apply(Seat(1), "a1-b1".parse().unwrap()).unwrap();
    assert_eq!(actions(&placed), set(&["f6-f5"]));
}

#[test]
fn the_drawn_tile_must_be_placed_even_into_danger() {
    let game = tina();
    let mut drawn = game;
    drawn.apply(Seat(0), Action::Draw).unwrap();
    assert!(matches!(drawn.phase(), Phase::Place { .. }));
    // Nothing but a placement is possible.
    assert!(actions(&drawn).iter().all(|a| a.starts_with("place")));
    assert!(drawn.clone().apply(Seat(0), "f6-f5".parse().unwrap()).is_err());
}

#[test]
fn a_tile_standing_between_an_enemy_slider_and_its_duke_cannot_leave_the_line() {
    // Light Duke c1, light General c2; dark Duke on c6 on its non-starting side slides
    // down the c-file. The General may not step aside.
    let game = position(
        &[("c1", p(DUKE, 0, Side::Start)), ("c2", p(GENERAL, 0, Side::Start)), ("c6", p(DUKE, 1, Side::Back))],
        0,
    );
    assert!(from(&game, "c2").iter().all(|a| a.ends_with('3') || a.ends_with('4') || a.ends_with('5')));
    assert!(!actions(&game).contains("c2-a2") && !actions(&game).contains("c2-e2"));
    assert!(game.clone().apply(Seat(0), "c2-a2".parse().unwrap()).is_err());
}

#[test]
fn command_threats_count_for_the_duke_danger_rule() {
    // A dark General (non-starting side) on d5 commands (own frame) left, right and the
    // row behind it: on the board c5, e5 and c6, d6, e6 (dark's "behind" is up). Its Move
    // and Jump icons do not reach e6, so e6 is threatened only by commanding the dark
    // Footman on c5 there. The light Duke on e4 (sliding up the e-file) may not stop on e6.
    let pieces = [
        ("e4", p(DUKE, 0, Side::Back)),
        ("d5", p(GENERAL, 1, Side::Back)),
        ("c5", p(FOOTMAN, 1, Side::Start)),
        ("a1", p(DUKE, 1, Side::Start)),
    ];
    let game = position(&pieces, 0);
    assert!(!actions(&game).contains("e4-e6"), "{:?}", actions(&game));
    assert!(actions(&game).contains("e4-e2"));
    // Without a tile to command, e6 is safe.
    let game = position(&[pieces[0], pieces[1], pieces[3]], 0);
    assert!(actions(&game).contains("e4-e6"), "{:?}", actions(&game));
}

#[test]
fn when_in_guard_every_legal_action_resolves_it() {
    let game = movement_example(1);
    let mut guarded = game;
    guarded.apply(Seat(1), "a5-c3".parse().unwrap()).unwrap();
    assert!(guarded.in_guard(Seat(0)));
    let mut buf = Vec::new();
    guarded.legal_actions(Seat(0), &mut buf);
    assert!(!buf.is_empty());
    for a in buf {
        let mut next = guarded;
        next.apply(Seat(0), a).unwrap();
        if matches!(next.phase(), Phase::Place { .. }) {
            let mut places = Vec::new();
            next.legal_actions(Seat(0), &mut places);
            for place in places {
                let mut placed = next;
                placed.apply(Seat(0), place).unwrap();
                assert!(!placed.in_guard(Seat(0)), "{place}");
            }
        } else {
            assert!(!next.in_guard(Seat(0)), "{a}");
        }
    }
}

#[test]
fn capturing_the_duke_wins() {
    // The dark Assassin on a5 jump-slides over b4 along c3, d2, e1: a light Duke on e1
    // is in Guard (a position the rules never let light reach by its own move).
    let mut direct = position(
        &[("e1", p(DUKE, 0, Side::Start)), ("a5", p(ASSASSIN, 1, Side::Back)), ("f6", p(DUKE, 1, Side::Start))],
        1,
    );
    assert!(direct.in_guard(Seat(0)));
    direct.apply(Seat(1), "a5-e1".parse().unwrap()).unwrap();
    assert!(direct.is_over());
    let outcome = direct.outcome().unwrap();
    assert_eq!(outcome.ranks, vec![2, 1]);
    assert_eq!(
        direct.phase(),
        Phase::Over(theduke_rules::Ending { winner: Some(Seat(1)), reason: EndReason::DukeCaptured })
    );
}

#[test]
fn a_player_without_legal_action_loses() {
    // Tina's final trap with both bags empty and her Footman gone, one move before it
    // closes: the dark Marshall (non-starting side) steps from e4 to e3, where it covers
    // e5, and then no light tile can act.
    let mut game = TheDuke::from_setup(&Setup {
        board: board(&[
            ("e6", p(DUKE, 0, Side::Back)),
            ("d6", p(PIKEMAN, 0, Side::Start)),
            ("f6", p(PIKEMAN, 0, Side::Start)),
            ("e5", p(WIZARD, 1, Side::Back)),
            ("e4", p(MARSHALL, 1, Side::Back)),
            ("a1", p(DUKE, 1, Side::Start)),
        ]),
        bags: Some([vec![], vec![]]),
        phase: Phase::Play,
        to_move: Seat(1),
        ..Setup::default()
    })
    .unwrap();
    game.apply(Seat(1), "e4-e3".parse().unwrap()).unwrap();
    assert!(game.is_over());
    assert_eq!(game.outcome().unwrap().ranks, vec![2, 1]);
    assert_eq!(
        game.phase(),
        Phase::Over(theduke_rules::Ending { winner: Some(Seat(1)), reason: EndReason::NoLegalAction })
    );
}

#[test]
fn the_turn_limit_ends_in_a_draw() {
    let mut game = TheDuke::from_setup(&Setup {
        config: {
            let mut config = Config::default();
            config.turn_limit = Some(1);
            config
        },
        board: board(&[("c1", p(DUKE, 0, Side::Start)), ("d6", p(DUKE, 1, Side::Start))]),
        phase: Phase::Play,
        to_move: Seat(0),
        ..Setup::default()
    })
    .unwrap();
    game.apply(Seat(0), "c1-b1".parse().unwrap()).unwrap();
    assert!(game.is_over());
    assert!(game.outcome().unwrap().is_draw());
}
