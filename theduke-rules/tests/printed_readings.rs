//! Readings of Expanded play settled by an outside review (issue #25): where the default
//! was not the rulebook as printed, or two readings contradicted each other. Each test
//! shows the printed reading and the option for the other one.

mod common;

use common::checked::legal;
use common::{board, p, s};
use duke_core::Seat;
use theduke_rules::{Config, ExpandedDuke, FortJumpSlide, Phase, Readings, Setup, Side, Terrain, TerrainOptions};

const ASSASSIN: u8 = 13;

fn fort_position(fort: &str, readings: Readings, tiles: &[(&str, theduke_rules::Piece)]) -> ExpandedDuke {
    let terrain = Terrain { fort: Some(s(fort)), ..Terrain::default() };
    let setup = Setup {
        config: Config {
            terrain: TerrainOptions { mountain: false, fort: true, dragon: false },
            readings,
            ..Config::default()
        },
        board: board(tiles),
        phase: Phase::Play,
        to_move: Seat(0),
        terrain,
        seed: 3,
        ..Setup::default()
    };
    ExpandedDuke::from_setup(&setup).unwrap()
}

/// Reading 37's other side (`PassesOnly`) with reading 39: "you cannot enter the Fort
/// square with these icons" and "passing through it would move into it", so a Jump Slide
/// jumps over the Fort only as the square it leaps; its sliding part neither ends in the
/// Fort nor slides through it. With `Enters` the Fort is slid through and ended in.
#[test]
fn with_passes_only_a_jump_slide_leaps_the_fort_but_neither_ends_in_it_nor_slides_through_it() {
    // P0's Assassin on c1: Jump Slide forward (leaps c2, then c3, c4, c5; c6 is empty).
    let tiles = [("f1", p(0, 0, Side::Start)), ("c1", p(ASSASSIN, 0, Side::Start)), ("a6", p(0, 1, Side::Start))];
    let passes = Readings { fort_jump_slide: FortJumpSlide::PassesOnly, ..Readings::default() };
    let reach = |fort: &str, readings: Readings| {
        let actions = legal(&fort_position(fort, readings, &tiles));
        ["c3", "c4", "c5", "c6"].into_iter().filter(|to| actions.contains(&format!("c1-{to}"))).collect::<Vec<_>>()
    };
    // The Fort on the leapt square: jumped over by both readings.
    assert_eq!(reach("c2", passes), ["c3", "c4", "c5", "c6"]);
    assert_eq!(reach("c2", Readings::default()), ["c3", "c4", "c5", "c6"]);
    // The Fort on the first landing square: the slide would start in it.
    assert_eq!(reach("c3", passes), Vec::<&str>::new());
    assert_eq!(reach("c3", Readings::default()), ["c3", "c4", "c5", "c6"]);
    // The Fort further on: the slide stops before it.
    assert_eq!(reach("c4", passes), ["c3"]);
    assert_eq!(reach("c4", Readings::default()), ["c3", "c4", "c5", "c6"]);
}
