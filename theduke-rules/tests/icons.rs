//! One test per icon kind, one check per tile side, and the tile counts of the rulebook's
//! "Contents" (the profiles themselves are drawn in TILE_REFERENCE.md, generated from the table and
//! checked by tests/tile_reference.rs).

mod common;

use std::collections::BTreeSet;

use common::{p, s};
use duke_core::{Game, Seat};
use theduke_rules::{IconKind, Phase, Piece, STANDARD_TILES, Setup, Side, Square, TheDuke, TileKind};

use common::game;

fn from(state: &TheDuke, square: &str) -> BTreeSet<String> {
    let mut buf = Vec::new();
    state.legal_actions(state.side_to_move(), &mut buf);
    buf.iter().map(ToString::to_string).filter(|a| a.starts_with(square)).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|x| (*x).to_owned()).collect()
}

const DUKE: u8 = 0;
const FOOTMAN: u8 = 1;
const PIKEMAN: u8 = 2;
const KNIGHT: u8 = 3;
const PRIEST: u8 = 8;
const MARSHALL: u8 = 10;
const BOWMAN: u8 = 11;
const ASSASSIN: u8 = 13;

// Dukes out of the way of a tile on c3: f1 (light) and a6 (dark) lie on no line through c3.
fn with_dukes(mut extra: Vec<(&'static str, Piece)>) -> Vec<(&'static str, Piece)> {
    extra.push(("f1", p(DUKE, 0, Side::Back)));
    extra.push(("a6", p(DUKE, 1, Side::Back)));
    extra
}

#[test]
fn move_needs_a_clear_straight_path_and_captures_enemies() {
    // Light Pikeman (start) on c3: Move (±1,+1) and (±2,+2).
    let g = game(&with_dukes(vec![("c3", p(PIKEMAN, 0, Side::Start))]), 0);
    assert_eq!(from(&g, "c3"), set(&["c3-b4", "c3-a5", "c3-d4", "c3-e5"]));
    // A friend on d4 blocks d4 and e5; an enemy on b4 is captured but blocks a5.
    let g = game(
        &with_dukes(vec![
            ("c3", p(PIKEMAN, 0, Side::Start)),
            ("d4", p(FOOTMAN, 0, Side::Start)),
            ("b4", p(FOOTMAN, 1, Side::Start)),
        ]),
        0,
    );
    assert_eq!(from(&g, "c3"), set(&["c3-b4"]));
    let mut after = g;
    after.apply(Seat(0), "c3-b4".parse().unwrap()).unwrap();
    assert_eq!(after.piece_at(s("b4")), Some(p(PIKEMAN, 0, Side::Back)), "captures and flips");
    assert_eq!(after.captured_count(Seat(1), TileKind(FOOTMAN)), 1);
}

#[test]
fn jump_passes_over_any_tile_but_not_onto_a_friend() {
    // Light Knight (start): Jump (±1,+2); Move left/right/back 1/back 2.
    let g = game(
        &with_dukes(vec![
            ("c3", p(KNIGHT, 0, Side::Start)),
            ("c4", p(FOOTMAN, 1, Side::Start)),
            ("b4", p(FOOTMAN, 0, Side::Start)),
            ("d5", p(FOOTMAN, 0, Side::Start)),
            ("b5", p(FOOTMAN, 1, Side::Start)),
        ]),
        0,
    );
    let c3 = from(&g, "c3");
    assert!(c3.contains("c3-b5"), "jumps over b4/c4 and captures");
    assert!(!c3.contains("c3-d5"), "never onto a friend");
}

#[test]
fn slide_goes_until_blocked_and_may_stop_on_the_first_enemy() {
    // Light Priest (start) on c3 slides along the four diagonals.
    let g = game(
        &with_dukes(vec![
            ("c3", p(PRIEST, 0, Side::Start)),
            ("e5", p(FOOTMAN, 1, Side::Start)),
            ("b2", p(FOOTMAN, 0, Side::Start)),
        ]),
        0,
    );
    assert_eq!(from(&g, "c3"), set(&["c3-d4", "c3-e5", "c3-b4", "c3-a5", "c3-d2", "c3-e1"]));
}

#[test]
fn jump_slide_ignores_the_first_square_then_slides() {
    // Light Assassin (start): Jump Slide forward (from c5 on), and along both backward
    // diagonals (from a1 / e1 on). A tile on c4 is ignored; a friend on c6 blocks c6.
    let g = game(
        &with_dukes(vec![
            ("c3", p(ASSASSIN, 0, Side::Start)),
            ("c4", p(FOOTMAN, 1, Side::Start)),
            ("c6", p(FOOTMAN, 0, Side::Start)),
        ]),
        0,
    );
    assert_eq!(from(&g, "c3"), set(&["c3-c5", "c3-a1", "c3-e1"]));
    // The adjacent square itself is never a target, even when empty.
    let g = game(&with_dukes(vec![("c3", p(ASSASSIN, 0, Side::Start))]), 0);
    assert_eq!(from(&g, "c3"), set(&["c3-c5", "c3-c6", "c3-a1", "c3-e1"]));
}

#[test]
fn strike_captures_without_moving_and_flips_the_striker() {
    // Light Bowman (back): Move forward 1 and backward diagonals; Strike (0,+2), (±1,+1).
    let g = game(
        &with_dukes(vec![
            ("c3", p(BOWMAN, 0, Side::Back)),
            ("c5", p(FOOTMAN, 1, Side::Start)),
            ("d4", p(FOOTMAN, 0, Side::Start)),
        ]),
        0,
    );
    let c3 = from(&g, "c3");
    assert!(c3.contains("c3*c5"));
    assert!(!c3.contains("c3*d4"), "no effect on a friend");
    assert!(!c3.contains("c3*b4"), "nothing to strike on an empty square");
    let mut after = g;
    after.apply(Seat(0), "c3*c5".parse().unwrap()).unwrap();
    assert_eq!(after.piece_at(s("c3")), Some(p(BOWMAN, 0, Side::Start)), "stays and flips");
    assert_eq!(after.piece_at(s("c5")), None);
}

#[test]
fn command_moves_a_friend_between_command_squares_and_only_the_commander_flips() {
    // Light Marshall (back) on c3 commands b4, c4, d4.
    let g = game(
        &with_dukes(vec![
            ("c3", p(MARSHALL, 0, Side::Back)),
            ("b4", p(FOOTMAN, 0, Side::Back)),
            ("d4", p(PIKEMAN, 1, Side::Start)),
        ]),
        0,
    );
    let commands: BTreeSet<String> = from(&g, "c3").into_iter().filter(|a| a.contains(':')).collect();
    assert_eq!(commands, set(&["c3:b4-c4", "c3:b4-d4"]));
    let mut after = g;
    after.apply(Seat(0), "c3:b4-d4".parse().unwrap()).unwrap();
    assert_eq!(after.piece_at(s("d4")), Some(p(FOOTMAN, 0, Side::Back)), "commanded tile keeps its side");
    assert_eq!(after.piece_at(s("c3")), Some(p(MARSHALL, 0, Side::Start)), "commander flips");
    assert_eq!(after.captured_count(Seat(1), TileKind(PIKEMAN)), 1);
}

#[test]
fn the_dark_player_sees_every_profile_turned_180_degrees() {
    // Dark Footman (back) on d4: Move (0,+2) forward is d2 on the board.
    let g =
        game(&[("d4", p(FOOTMAN, 1, Side::Back)), ("a1", p(DUKE, 0, Side::Back)), ("f6", p(DUKE, 1, Side::Back))], 1);
    assert_eq!(from(&g, "d4"), set(&["d4-d2", "d4-c3", "d4-e3", "d4-c5", "d4-e5"]));
}

/// Expected targets of one tile side on an otherwise empty board (both Dukes out of the
/// way), enemies standing on every Strike square and a friend on one Command square.
#[test]
fn every_tile_side_generates_exactly_its_profile_for_both_players() {
    for (k, def) in STANDARD_TILES.iter().enumerate().skip(1) {
        for side in [Side::Start, Side::Back] {
            for owner in 0..2u8 {
                let (home, own_duke, enemy_duke) = if owner == 0 { ("c3", "f1", "a6") } else { ("d4", "a6", "f1") };
                let flip: i8 = if owner == 0 { 1 } else { -1 };
                let at = |dx: i8, dy: i8| s(home).offset(dx * flip, dy * flip);
                let mut pieces = vec![
                    (s(home), p(k as u8, owner, side)),
                    (s(own_duke), p(DUKE, owner, Side::Back)),
                    (s(enemy_duke), p(DUKE, 1 - owner, Side::Back)),
                ];
                let icons = def.profile(side);
                let mut expected = BTreeSet::new();
                let commands: Vec<Square> =
                    icons.iter().filter(|i| i.kind == IconKind::Command).filter_map(|i| at(i.dx, i.dy)).collect();
                if let Some(&first) = commands.first() {
                    pieces.push((first, p(FOOTMAN, owner, Side::Start)));
                    for &to in &commands[1..] {
                        expected.insert(format!("{home}:{first}-{to}"));
                    }
                }
                // Enemies with short reach (three Footmen, then the Longbowman) on the
                // Strike squares.
                for (n, icon) in icons.iter().filter(|i| i.kind == IconKind::Strike).enumerate() {
                    if let Some(t) = at(icon.dx, icon.dy) {
                        let kind = if n < 3 { FOOTMAN } else { 14 };
                        pieces.push((t, p(kind, 1 - owner, Side::Start)));
                        expected.insert(format!("{home}*{t}"));
                    }
                }
                let occupant = |sq: Square| pieces.iter().find(|(x, _)| *x == sq).map(|(_, pc)| pc.owner.0);
                for icon in icons {
                    let (ux, uy) = (icon.dx.signum(), icon.dy.signum());
                    match icon.kind {
                        IconKind::Move | IconKind::Jump => {
                            let Some(t) = at(icon.dx, icon.dy) else { continue };
                            let steps = icon.dx.abs().max(icon.dy.abs());
                            let clear = icon.kind == IconKind::Jump
                                || (1..steps).all(|n| at(ux * n, uy * n).is_some_and(|q| occupant(q).is_none()));
                            if clear && occupant(t) != Some(owner) {
                                expected.insert(format!("{home}-{t}"));
                            }
                        }
                        IconKind::Slide | IconKind::JumpSlide => {
                            let mut n = if icon.kind == IconKind::Slide { 1 } else { 2 };
                            while let Some(t) = at(ux * n, uy * n) {
                                match occupant(t) {
                                    Some(o) if o == owner => break,
                                    Some(_) => {
                                        expected.insert(format!("{home}-{t}"));
                                        break;
                                    }
                                    None => expected.insert(format!("{home}-{t}")),
                                };
                                n += 1;
                            }
                        }
                        IconKind::Strike | IconKind::Command | IconKind::Dread | IconKind::Defense => {}
                        other => panic!("the reference model does not know {other:?}"),
                    }
                }
                let setup = Setup {
                    board: pieces.into_iter().collect(),
                    phase: Phase::Play,
                    to_move: Seat(owner),
                    ..Setup::default()
                };
                let g = TheDuke::from_setup(&setup).unwrap();
                assert_eq!(from(&g, home), expected, "{} {side:?} for seat {owner}", def.name);
                assert!(!expected.is_empty());
            }
        }
    }
}

#[test]
fn the_duke_slides_on_both_sides() {
    let g = game(&[("c1", p(DUKE, 0, Side::Start)), ("f6", p(DUKE, 1, Side::Start))], 0);
    assert_eq!(from(&g, "c1"), set(&["c1-a1", "c1-b1", "c1-d1", "c1-e1", "c1-f1"]));
    let g = game(&[("c1", p(DUKE, 0, Side::Back)), ("f6", p(DUKE, 1, Side::Start))], 0);
    // c6 is covered by the dark Duke sliding along rank 6.
    assert_eq!(from(&g, "c1"), set(&["c1-c2", "c1-c3", "c1-c4", "c1-c5"]));
}

#[test]
fn tile_counts_are_the_rulebook_contents() {
    // Rulebook "Contents": per player a Duke, 3 Footmen, 3 Pikemen and one each of twelve
    // other troop tiles, 19 in all.
    let contents: Vec<(&str, u8)> = STANDARD_TILES.iter().map(|d| (d.name, d.count)).collect();
    assert_eq!(contents, common::CONTENTS);
    assert_eq!(STANDARD_TILES.iter().map(|d| u32::from(d.count)).sum::<u32>(), 19);
}
