//! `Duke::why_illegal` (issue #26 item 6): each reason on a position built for it, and the
//! action refused by `apply` too. Rulebook sections: "Set-up", "Movement Icons", "Capturing
//! Tiles" (Guard), "Place a New Troop Tile", "Mountain Tile", "Dragon Tile".

use duke_core::{Game, Seat};
use theduke_rules::{
    Action, Config, Dragon, ExpandedDuke, Facing, Phase, Piece, Setup, Side, Terrain, TheDuke, TileKind,
};

fn sq(s: &str) -> theduke_rules::Square {
    s.parse().unwrap()
}

fn piece(kind: TileKind, owner: u8, side: Side) -> Piece {
    Piece { side, ..Piece::new(kind, Seat(owner)) }
}

/// A game in play with `tiles` on the board, `to_move` to act.
fn setup(tiles: &[(&str, Piece)], to_move: u8) -> Setup {
    Setup {
        board: tiles.iter().map(|&(s, p)| (sq(s), p)).collect(),
        phase: Phase::Play,
        to_move: Seat(to_move),
        seed: 1,
        ..Setup::default()
    }
}

/// The reason for `action` by `seat`, after checking that `apply` refuses it.
fn why<G: Game<Action = Action>>(
    game: &G,
    seat: u8,
    action: &str,
    reason: impl Fn(&G, Seat, Action) -> Option<&'static str>,
) -> Option<&'static str> {
    let action: Action = action.parse().unwrap();
    let mut copy = game.clone();
    assert!(copy.apply(Seat(seat), action).is_err(), "{action} is legal");
    reason(game, Seat(seat), action)
}

fn duke_why(game: &TheDuke, seat: u8, action: &str) -> Option<&'static str> {
    why(game, seat, action, |g, s, a| g.why_illegal(s, a))
}

const DUKE: TileKind = TileKind::DUKE;
const FOOTMAN: TileKind = TileKind::FOOTMAN;
const START: Side = Side::Start;

/// Light's Duke on c1 with Footmen on c2 (start side) and a1; dark's Duke on f6.
fn quiet() -> TheDuke {
    TheDuke::from_setup(&setup(
        &[
            ("c1", piece(DUKE, 0, START)),
            ("c2", piece(FOOTMAN, 0, START)),
            ("a1", piece(FOOTMAN, 0, START)),
            ("f6", piece(DUKE, 1, START)),
        ],
        0,
    ))
    .unwrap()
}

#[test]
fn a_legal_action_or_another_seats_turn_has_no_reason() {
    let game = quiet();
    assert_eq!(game.why_illegal(Seat(0), "c2-c3".parse().unwrap()), None);
    assert_eq!(game.why_illegal(Seat(1), "f6-e6".parse().unwrap()), None);
}

#[test]
fn a_move_from_a_square_without_your_tile() {
    assert_eq!(duke_why(&quiet(), 0, "d3-d4"), Some("you have no tile on that square"));
    assert_eq!(duke_why(&quiet(), 0, "f6-e6"), Some("you have no tile on that square"));
}

#[test]
fn a_move_no_icon_of_the_side_reaches() {
    // The Footman's starting side moves one square orthogonally ("Movement Icons").
    assert_eq!(duke_why(&quiet(), 0, "c2-c5"), Some("that tile cannot reach that square"));
}

#[test]
fn a_move_onto_your_own_tile() {
    assert_eq!(duke_why(&quiet(), 0, "c2-c1"), Some("your own tile stands on that square"));
}

#[test]
fn a_move_whose_path_is_blocked() {
    // The Footman's non-starting side moves two squares forward over an empty square only.
    let game = TheDuke::from_setup(&setup(
        &[
            ("c1", piece(DUKE, 0, START)),
            ("b2", piece(FOOTMAN, 0, Side::Back)),
            ("b3", piece(FOOTMAN, 1, START)),
            ("f6", piece(DUKE, 1, START)),
        ],
        0,
    ))
    .unwrap();
    assert_eq!(duke_why(&game, 0, "b2-b4"), Some("the path to that square is blocked"));
}

#[test]
fn a_move_that_leaves_the_duke_in_guard() {
    // "Capturing Tiles": light's Duke is in Guard from the dark Footman on c2; moving the
    // Footman on a1 does not get it out.
    let game = TheDuke::from_setup(&setup(
        &[
            ("c1", piece(DUKE, 0, START)),
            ("a1", piece(FOOTMAN, 0, START)),
            ("c2", piece(FOOTMAN, 1, START)),
            ("f6", piece(DUKE, 1, START)),
        ],
        0,
    ))
    .unwrap();
    assert!(game.in_guard(Seat(0)));
    assert_eq!(duke_why(&game, 0, "a1-a2"), Some("your Duke would stay in Guard"));
}

#[test]
fn a_move_that_puts_the_duke_in_guard() {
    // Dark's Duke on c6 shows its non-starting side (Slide forward and backward): the
    // Footman on c2 is all that shields light's Duke on c1.
    let game = TheDuke::from_setup(&setup(
        &[("c1", piece(DUKE, 0, START)), ("c2", piece(FOOTMAN, 0, START)), ("c6", piece(DUKE, 1, Side::Back))],
        0,
    ))
    .unwrap();
    assert!(!game.in_guard(Seat(0)));
    assert_eq!(duke_why(&game, 0, "c2-b2"), Some("that would leave your Duke in Guard, capturable next turn"));
}

#[test]
fn a_strike_without_a_strike_icon() {
    assert_eq!(duke_why(&quiet(), 0, "c2*c3"), Some("that tile cannot strike that square"));
}

#[test]
fn a_draw_with_no_square_beside_the_duke() {
    // "Place a New Troop Tile": the new tile goes beside the Duke; on a1 with b1 and a2
    // taken there is none.
    let game = TheDuke::from_setup(&setup(
        &[
            ("a1", piece(DUKE, 0, START)),
            ("a2", piece(FOOTMAN, 0, START)),
            ("b1", piece(FOOTMAN, 0, START)),
            ("f6", piece(DUKE, 1, START)),
        ],
        0,
    ))
    .unwrap();
    assert_eq!(
        duke_why(&game, 0, "draw"),
        Some("no empty square shares a side with your Duke, where a drawn tile would go")
    );
}

#[test]
fn a_draw_from_an_empty_bag() {
    let mut s = setup(&[("c1", piece(DUKE, 0, START)), ("f6", piece(DUKE, 1, START))], 0);
    s.bags = Some([vec![], vec![]]);
    let game = TheDuke::from_setup(&s).unwrap();
    assert_eq!(duke_why(&game, 0, "draw"), Some("your bag is empty"));
}

#[test]
fn a_placement_away_from_the_duke_and_set_up_steps() {
    let mut config = Config::default();
    config.first_player = Some(Seat(0));
    let mut game = TheDuke::new(&config, 3).unwrap();
    assert_eq!(duke_why(&game, 0, "duke a1"), Some("the Duke starts on a centre square (c or d) of your home edge"));
    assert_eq!(duke_why(&game, 0, "c1-c2"), Some("set-up first: place your Duke on a centre square of your home edge"));
    game.apply(Seat(0), "duke c1".parse().unwrap()).unwrap();
    assert_eq!(
        duke_why(&game, 0, "footman a1"),
        Some("a Footman goes on an empty square sharing a side with your Duke")
    );
    for (seat, text) in
        [(0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6"), (0, "b1-b2")]
    {
        game.apply(Seat(seat), text.parse().unwrap()).unwrap();
    }
    assert_eq!(duke_why(&game, 1, "footman c5"), Some("set-up is over"));
    assert_eq!(duke_why(&game, 1, "place d5"), Some("a new tile is placed right after it is drawn: draw first"));
    game.apply(Seat(1), "draw".parse().unwrap()).unwrap();
    assert!(matches!(game.phase(), Phase::Place { .. }));
    assert_eq!(
        duke_why(&game, 1, "place a3"),
        Some("a new tile goes on an empty square sharing a side with your Duke")
    );
    assert_eq!(duke_why(&game, 1, "c6-c5"), Some("place the tile you drew first, on an empty square beside your Duke"));
}

fn expanded_why(game: &ExpandedDuke, seat: u8, action: &str) -> Option<&'static str> {
    why(game, seat, action, |g, s, a| g.why_illegal(s, a))
}

#[test]
fn a_move_onto_the_dragon_or_the_mountain() {
    // "Dragon Tile": only a Slide or Jump Slide may enter the calm Dragon's square (it
    // enrages it); "Mountain Tile": nothing enters the Mountain's square.
    let mut config = Config::default();
    config.terrain.mountain = true;
    config.terrain.dragon = true;
    let dragon = Dragon { square: sq("c3"), facing: Facing::East, enraged: false, turning: false };
    let terrain = Terrain { mountain: Some(sq("b2")), dragon: Some(dragon), ..Terrain::default() };
    let s = Setup {
        config,
        terrain,
        ..setup(&[("c1", piece(DUKE, 0, START)), ("c2", piece(FOOTMAN, 0, START)), ("f6", piece(DUKE, 1, START))], 0)
    };
    let game = ExpandedDuke::from_setup(&s).unwrap();
    assert_eq!(
        expanded_why(&game, 0, "c2-c3"),
        Some(
            "the Dragon stands on that square: only a Slide or Jump Slide onto the calm Dragon enters it, enraging it"
        )
    );
    assert_eq!(expanded_why(&game, 0, "c2-b2"), Some("nothing enters the Mountain's square"));
    assert_eq!(expanded_why(&game, 0, "c2-c5"), Some("that tile cannot reach that square"));
    assert_eq!(game.why_illegal(Seat(0), "c2-d2".parse().unwrap()), None);
}
