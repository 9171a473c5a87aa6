//! Tests of the Duke-danger rule's fast tests (`danger.rs`) against playing every candidate on
//! a copy.

use core::cell::Cell;

use duke_core::{Game, GameRng, Seat};

use crate::config::{Config, DivinationDraws, DragonPush, FlagDukeDanger, NewTileDanger, Readings, RiderDanger};
use crate::expanded::ExpandedDuke;
use crate::format::{CustomTiles, TileSetSpec};
use crate::objective::Objective;
use crate::tiles::{Ability, Icon, IconKind};

thread_local! {
    /// Set by the tests below: every candidate is played on a copy, as without the plain test
    /// and the bound.
    pub(super) static SLOW: Cell<bool> = const { Cell::new(false) };
}

/// A set the plain test judges, drawn from `seed`: the base box with Defense icons on
/// four tile types other than the Duke, more Command, Jump Slide and Strike icons on
/// three, Summon and Divination on one each.
fn plain_set(seed: u64) -> TileSetSpec {
    let mut rng = GameRng::new(seed);
    let mut spec = TileSetSpec::standard();
    let kinds = spec.tiles.len() as u32;
    for (icon, count) in
        [(IconKind::Defense, 4), (IconKind::Command, 1), (IconKind::JumpSlide, 1), (IconKind::Strike, 1)]
    {
        for _ in 0..count {
            let k = 1 + rng.below(kinds - 1) as usize;
            let Some(tile) = spec.tiles.get_mut(k) else { continue };
            let side = if rng.below(2) == 0 { &mut tile.start } else { &mut tile.back };
            for _ in 0..1 + rng.below(3) {
                let (dx, dy) = if icon == IconKind::JumpSlide {
                    [(0, 2), (2, 2), (-2, 0), (0, -2)][rng.below(4) as usize]
                } else {
                    (rng.below(5) as i8 - 2, rng.below(5) as i8 - 2)
                };
                let new = Icon::new(icon, dx, dy);
                if (dx, dy) != (0, 0) && !side.contains(&new) {
                    side.push(new);
                }
            }
        }
    }
    for ability in [Ability::Summon, Ability::Divination] {
        let k = 1 + rng.below(kinds - 1) as usize;
        if let Some(tile) = spec.tiles.get_mut(k) {
            tile.abilities.push(ability);
        }
    }
    spec
}

/// The fuzzing set of `seed` (`crate::testing::custom_tile_set`) with one to three more
/// Dread icons on each of five tile types other than the Duke.
#[cfg(feature = "testing")]
fn dread_set(seed: u64) -> TileSetSpec {
    let mut rng = GameRng::new(seed ^ 0xd2ead);
    let mut spec = crate::testing::custom_tile_set(seed);
    let kinds = spec.tiles.len() as u32;
    for _ in 0..5 {
        let k = 1 + rng.below(kinds - 1) as usize;
        let Some(tile) = spec.tiles.get_mut(k) else { continue };
        let side = if rng.below(2) == 0 { &mut tile.start } else { &mut tile.back };
        for _ in 0..1 + rng.below(3) {
            let new = Icon::new(IconKind::Dread, rng.below(5) as i8 - 2, rng.below(5) as i8 - 2);
            if (new.dx, new.dy) != (0, 0) && !side.contains(&new) {
                side.push(new);
            }
        }
    }
    spec
}

fn configs() -> Vec<Config> {
    let mut out = Vec::new();
    for seed in 0..8u64 {
        let readings = Readings {
            new_tile_danger: if seed % 2 == 0 { NewTileDanger::EveryTile } else { NewTileDanger::SomeTile },
            divination_draws: if seed % 3 == 0 { DivinationDraws::ExactlyThree } else { DivinationDraws::UpToThree },
            ..Readings::default()
        };
        out.push(Config {
            enhanced_tiles: true,
            tiles: (seed >= 2).then(|| CustomTiles::new(plain_set(seed))),
            objective: if seed % 4 == 3 { Objective::DynasticDispute } else { Objective::Standard },
            readings,
            turn_limit: Some(120),
            ..Config::default()
        });
    }
    out
}

fn listed(game: &ExpandedDuke, slow: bool) -> Vec<crate::Action> {
    SLOW.with(|s| s.set(slow));
    let mut out = Vec::new();
    game.legal_actions(game.side_to_move(), &mut out);
    SLOW.with(|s| s.set(false));
    out
}

/// The plain test lists exactly the actions of playing every candidate on a copy, in the
/// same order, at every state of random games of sets it judges (the enhanced tiles,
/// Defense icons, Summon and Divination, both readings of a new tile's danger, Dynastic
/// Dispute); the games are biased toward captures so that Guard comes often.
#[test]
fn the_plain_test_lists_what_playing_every_candidate_lists() {
    let mut rng = GameRng::new(28);
    let (mut states, mut guarded) = (0, 0);
    for config in configs() {
        let game = ExpandedDuke::new(&config, 0).unwrap();
        assert!(game.tile_source().plain_danger_for_test());
        for seed in 0..12 {
            let mut game = ExpandedDuke::new(&config, seed).unwrap();
            while game.outcome().is_none() {
                let fast = listed(&game, false);
                assert_eq!(fast, listed(&game, true), "{game:?}");
                states += 1;
                guarded += usize::from(game.in_guard(game.side_to_move()));
                // A capture when there is one, half the time: games reach Guard.
                let captures: Vec<_> = fast
                    .iter()
                    .filter(|a| {
                        matches!(a, crate::Action::Move { to, .. } | crate::Action::Strike { target: to, .. }
                        if game.occupancy(Seat(1 - game.side_to_move().0)) & to.bit() != 0)
                    })
                    .collect();
                let action = match captures.get(rng.below(2 * captures.len().max(1) as u32) as usize) {
                    Some(&&a) => a,
                    None => fast[rng.below(fast.len() as u32) as usize],
                };
                game.apply(game.side_to_move(), action).unwrap();
            }
        }
    }
    eprintln!("{states} states, {guarded} in Guard");
    assert!(states > 5_000 && guarded > 200, "{states} states, {guarded} in Guard");
}

/// What [`compare_games`] counts.
#[derive(Default)]
struct Counts {
    /// States compared.
    states: usize,
    /// States whose player to act is in Guard.
    guarded: usize,
    /// States with a tile frozen.
    frozen: usize,
    /// States judged by the bound or an exact test (not every candidate on a copy).
    judged: usize,
}

/// Plays `games` random games of `config` (captures favoured, so that Guard comes often)
/// and compares, at every state, the actions listed with the fast tests on and off.
fn compare_games(config: &Config, games: u64, rng: &mut GameRng) -> Counts {
    let (mut states, mut guarded, mut frozen, mut judged) = (0, 0, 0, 0);
    for seed in 0..games {
        let Ok(mut game) = ExpandedDuke::new(config, seed) else { continue };
        while game.outcome().is_none() {
            let fast = listed(&game, false);
            assert_eq!(fast, listed(&game, true), "{config:?}\n{game:?}");
            // A game goes on only while its player has a legal action (`has_legal_action`).
            assert!(!fast.is_empty(), "{config:?}\n{game:?}");
            states += 1;
            guarded += usize::from(game.in_guard(game.side_to_move()));
            frozen += usize::from(game.frozen() != 0);
            judged += usize::from(game.judged_for_test());
            let captures: Vec<_> = fast
                .iter()
                .filter(|a| {
                    matches!(a, crate::Action::Move { to, .. } | crate::Action::Strike { target: to, .. }
                        | crate::Action::Command { to, .. }
                    if game.occupancy(Seat(1 - game.side_to_move().0)) & to.bit() != 0)
                })
                .collect();
            // A draw a third of the other times: more tiles, more Dread and more Guard.
            let draw = fast.iter().find(|a| matches!(a, crate::Action::Draw)).filter(|_| rng.below(3) == 0);
            let Some(&action) = captures
                .get(rng.below(2 * captures.len().max(1) as u32) as usize)
                .copied()
                .or(draw)
                .or_else(|| fast.get(rng.below(fast.len().max(1) as u32) as usize))
            else {
                break;
            };
            game.apply(game.side_to_move(), action).unwrap();
        }
    }
    Counts { states, guarded, frozen, judged }
}

/// The bound of `danger.rs` (with the copy for what it cannot clear) lists exactly the
/// actions of playing every candidate on a copy, in the same order, at every state of
/// random games of every Expanded config strategy of the crate's tests
/// (`crate::testing`): custom sets with Dread, Defense (on the Duke too), Escape and
/// Ransom, both readings of Dread's immunity and thaw, the Mountain and the Fort, the
/// Dragon with both readings of its danger, Dynastic Dispute, the Flag objectives (the
/// Duke-danger rule lifted or kept) and Dark Rider (the rider guarded or not). The Flag
/// objectives and Dark Rider must be judged by the bound or the exact test of an unguarded
/// player at most of their states.
#[cfg(feature = "testing")]
#[test]
fn the_bound_lists_what_playing_every_candidate_lists() {
    use proptest::strategy::{BoxedStrategy, Strategy, ValueTree};
    use proptest::test_runner::TestRunner;

    use crate::testing;

    // Dread on five tile types besides the fuzzing set's two: far more tiles frozen.
    let dread = (testing::expanded_duke_configs(), 0u64..1_000)
        .prop_map(|(config, seed)| Config { tiles: Some(CustomTiles::new(dread_set(seed))), ..config });
    // The readings the bound meets with the Flags and in Dark Rider: the rule kept, the rider
    // guarded (the strategies draw them in one config of four).
    let kept = |objective| {
        testing::flag_configs(objective).prop_map(|config| Config {
            readings: Readings { flag_duke_danger: FlagDukeDanger::Kept, ..config.readings },
            ..config
        })
    };
    let rider = testing::dark_rider_configs().prop_map(|config| Config {
        readings: Readings { dark_rider_danger: RiderDanger::Avoided, ..config.readings },
        ..config
    });
    // The Dragon's other reading of a push (its other reading of its turn: `dragon_configs`).
    let pushed = testing::dragon_configs().prop_map(|config| Config {
        readings: Readings { dragon_push: DragonPush::Counted, ..config.readings },
        ..config
    });
    let strategies: [(&str, BoxedStrategy<Config>, u32); 12] = [
        ("expanded_duke_configs with more Dread", dread.boxed(), 12),
        ("expanded_duke_configs", testing::expanded_duke_configs().boxed(), 16),
        ("terrain_configs", testing::terrain_configs().boxed(), 12),
        ("dragon_configs", testing::dragon_configs().boxed(), 4),
        ("dragon_configs (a push counted)", pushed.boxed(), 8),
        ("dynastic_configs", testing::dynastic_configs().boxed(), 3),
        ("flag_configs (Counting Coup)", testing::flag_configs(Objective::CountingCoup).boxed(), 2),
        ("flag_configs (Trophy Hunters)", testing::flag_configs(Objective::TrophyHunters).boxed(), 2),
        ("flag_configs (Counting Coup, the rule kept)", kept(Objective::CountingCoup).boxed(), 3),
        ("flag_configs (Trophy Hunters, the rule kept)", kept(Objective::TrophyHunters).boxed(), 3),
        ("dark_rider_configs", testing::dark_rider_configs().boxed(), 2),
        ("dark_rider_configs (the rider guarded)", rider.boxed(), 3),
    ];
    let mut runner = TestRunner::deterministic();
    let mut rng = GameRng::new(2828);
    let (mut states, mut guarded, mut frozen, mut bounded) = (0, 0, 0, 0);
    for (name, strategy, count) in strategies {
        let (mut dread, mut here, mut judged) = (0, 0, 0);
        for _ in 0..count {
            let mut config = strategy.new_tree(&mut runner).unwrap().current();
            config.turn_limit = Some(config.turn_limit.map_or(90, |n| n.clamp(40, 90)));
            let game = ExpandedDuke::new(&config, 0).unwrap();
            let set = game.tile_source();
            dread += usize::from(crate::source::TileSource::any_dread(set));
            let n = compare_games(&config, 8, &mut rng);
            if !set.plain_danger_for_test() {
                bounded += n.judged;
            }
            (here, judged) = (here + n.states, judged + n.judged);
            states += n.states;
            guarded += n.guarded;
            frozen += n.frozen;
        }
        eprintln!("{name}: {count} configs, {dread} with Dread, {here} states, {judged} judged by the bound");
        // Every strategy goes through the bound (or an exact test) at a third of its states
        // or more: the rest are the other phases (set-up, placements, a Divination's steps)
        // and the turns of a Duke or rider on a square the bound leaves to the copy.
        assert!(3 * judged > here, "{name}: {here} states, {judged} judged by the bound");
    }
    eprintln!("{states} states ({bounded} judged by the bound), {guarded} in Guard, {frozen} with a tile frozen");
    assert!(
        states > 8_000 && bounded > 4_000 && guarded > 300 && frozen > 500,
        "{states} states ({bounded} judged by the bound), {guarded} in Guard, {frozen} with a tile frozen"
    );
}

/// `DragonPush::Counted` (reading 69): P1's Duke on f3 (starting side: it slides along the
/// row) could slide onto the calm Dragon on b3 and push it onto a3. P0's Duke on a1 (other
/// side: it slides along the file), not beside the Dragon, may not slide to a3: the bound
/// judges the turn and leaves that move to the copy, as with the Dragon off the board the
/// slide along row 3 reaches a3 itself.
#[test]
fn the_bound_counts_a_push_of_the_dragon_by_leaving_the_dragon_off_the_board() {
    use std::collections::BTreeMap;

    use crate::{Action, Dragon, DragonPush, Facing, Phase, Piece, Setup, Side, Terrain, TerrainOptions, TileKind};

    let square = |name: &str| name.parse::<crate::Square>().unwrap();
    let duke = |owner, side| Piece { kind: TileKind(0), side, owner: Seat(owner) };
    let setup = Setup {
        config: Config {
            terrain: TerrainOptions { dragon: true, ..TerrainOptions::default() },
            readings: Readings { dragon_push: DragonPush::Counted, ..Readings::default() },
            ..Config::default()
        },
        board: BTreeMap::from([(square("a1"), duke(0, Side::Back)), (square("f3"), duke(1, Side::Start))]),
        phase: Phase::Play,
        to_move: Seat(0),
        terrain: Terrain {
            dragon: Some(Dragon { square: square("b3"), facing: Facing::East, enraged: false, turning: false }),
            ..Terrain::default()
        },
        seed: 6,
        ..Setup::default()
    };
    let game = ExpandedDuke::from_setup(&setup).unwrap();
    assert!(game.judged_for_test());
    let fast = listed(&game, false);
    assert_eq!(fast, listed(&game, true));
    assert!(fast.contains(&Action::Move { from: square("a1"), to: square("a2") }), "{fast:?}");
    assert!(!fast.contains(&Action::Move { from: square("a1"), to: square("a3") }), "{fast:?}");
}
