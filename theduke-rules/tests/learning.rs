//! The learning surface (`duke_core::Learning`, issue #27) on random playouts of every config
//! strategy of the crate: the standard game and Expanded play (custom sets with every icon
//! and ability, the enhanced tiles, terrain, the Dragon, every objective and reading).
//!
//! At every state: the mask is true exactly at the legal actions' indices (all false for the
//! seat that may not act); every legal action has an index in range that maps back; the
//! observations of both seats and the spectator have the declared length, finite values,
//! come out the same twice, and equal those of the state's determinization twins for that
//! seat (and the spectator's); the returns stay within the bounds, are 0 before the end and
//! zero-sum +1/-1/0 at the end. Per config: every index maps to an action that maps back.
// Configs are built by assigning fields of a default one: the config types may become
// `#[non_exhaustive]`, whose struct expressions other crates cannot write.
#![allow(clippy::field_reassign_with_default)]

use std::cell::RefCell;
use std::collections::BTreeSet;

use duke_core::testing::proptest_config;
use duke_core::{Game, GameRng, Learning, Observer, Seat, Utility};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use theduke_rules::testing::{
    configs, dark_rider_configs, dragon_configs, dynastic_configs, expanded_configs, flag_configs, overlapping_configs,
};
use theduke_rules::{
    Ability, Action, Config, CustomTiles, Duke, Expanded, ExpandedDuke, Icon, IconKind, Objective, RansomTrade,
    Standard, TheDuke, TileSetSpec, TileSource,
};

/// The Action variants met with their index checked (by name), across a test.
type Met = BTreeSet<String>;

fn variant(action: Action) -> String {
    // The variant's name from `Debug` (no exhaustive match: robust to new variants).
    let debug = format!("{action:?}");
    let name: String = debug.chars().take_while(char::is_ascii_alphanumeric).collect();
    match action {
        Action::Escape { cost, .. } if cost.sacrificed().is_some() => "Escape (sacrifice)".to_owned(),
        Action::Escape { .. } => "Escape (ransom)".to_owned(),
        _ => name,
    }
}

/// Every index of the config maps to an action that maps back to it.
fn check_every_index<S: TileSource>(game: &Duke<S>) -> Result<(), TestCaseError> {
    let n = game.action_count();
    for i in 0..n {
        let action = game.index_action(i);
        prop_assert!(action.is_some(), "index {i} of {n} names no action");
        prop_assert_eq!(action.and_then(|a| game.action_index(a)), Some(i), "{:?}", action);
    }
    prop_assert_eq!(game.index_action(n), None);
    Ok(())
}

fn observation<S: TileSource>(game: &Duke<S>, observer: Observer) -> Result<Vec<f32>, TestCaseError> {
    let mut out = vec![f32::NAN; game.observation_shape().len()];
    prop_assert!(game.observe(observer, &mut out).is_ok());
    prop_assert!(out.iter().all(|v| v.is_finite()), "a value not finite for {observer:?}");
    Ok(out)
}

/// The checks of one state.
fn check_state<S: TileSource>(
    game: &Duke<S>,
    seed: u64,
    scratch: &mut Vec<Action>,
    met: &mut Met,
) -> Result<(), TestCaseError> {
    let n = game.action_count();
    let mut mask = vec![false; n];
    let mut legal = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        prop_assert!(game.legal_mask(seat, scratch, &mut mask).is_ok());
        game.legal_actions(seat, &mut legal);
        if !game.to_act().contains(seat) {
            prop_assert!(legal.is_empty());
        }
        let mut indices = BTreeSet::new();
        for &action in &legal {
            let index = game.action_index(action);
            prop_assert!(index.is_some_and(|i| i < n), "{action} has index {index:?} of {n}");
            prop_assert_eq!(index.and_then(|i| game.index_action(i)), Some(action));
            indices.extend(index);
            met.insert(variant(action));
        }
        prop_assert_eq!(indices.len(), legal.len(), "two legal actions share an index");
        for (i, &on) in mask.iter().enumerate() {
            prop_assert_eq!(on, indices.contains(&i), "mask at {} for {}", i, seat);
        }
        // The bit mask is the same, and its bits past the last action are 0 (a buffer
        // full of ones beforehand: every bit is written).
        let mut bits = vec![u64::MAX; duke_core::mask_words(n)];
        prop_assert!(game.legal_mask_bits(seat, scratch, &mut bits).is_ok());
        for (i, word) in bits.iter().enumerate() {
            for bit in 0..64 {
                let on = word >> bit & 1 == 1;
                prop_assert_eq!(on, indices.contains(&(i * 64 + bit)), "bit {} for {}", i * 64 + bit, seat);
            }
        }
    }
    prop_assert!(game.legal_mask(Seat(0), scratch, &mut [false; 3]).is_err());
    prop_assert!(game.legal_mask_bits(Seat(0), scratch, &mut [0; 1]).is_err());

    let observers = [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator];
    for observer in observers {
        let first = observation(game, observer)?;
        prop_assert_eq!(&first, &observation(game, observer)?, "observe is not deterministic");
    }
    prop_assert!(game.observe(Observer::Spectator, &mut [0.0; 5]).is_err());
    for seat in [Seat(0), Seat(1)] {
        let twin = game.determinize(seat, seed ^ 0x5eed);
        for observer in [Observer::Seat(seat), Observer::Spectator] {
            let (here, there) = (observation(game, observer)?, observation(&twin, observer)?);
            let differs = here.iter().zip(&there).position(|(a, b)| a != b);
            prop_assert_eq!(differs, None, "the twin for {} differs for {:?} (value index)", seat, observer);
        }
    }

    let mut returns = [f64::NAN; 2];
    prop_assert!(game.returns(&mut returns).is_ok());
    let (lo, hi) = game.return_bounds();
    prop_assert!(returns.iter().all(|r| (lo..=hi).contains(r)), "{returns:?}");
    match game.outcome() {
        None => prop_assert_eq!(returns, [0.0, 0.0]),
        Some(_) => {
            prop_assert_eq!(game.utility(), Utility::ZeroSum);
            prop_assert_eq!(returns[0] + returns[1], 0.0);
            prop_assert!(returns.iter().all(|&r| r == 1.0 || r == -1.0 || r == 0.0));
        }
    }
    Ok(())
}

/// Plays a game of `config` from `seed`, checking every state (the finished one too); half
/// the choices go to an action other than a Move, so that strikes, commands, abilities,
/// enragings and Flags come up.
fn playout<S: TileSource>(config: &Config, seed: u64, steps: usize, met: &mut Met) -> Result<(), TestCaseError> {
    let mut game = Duke::<S>::new(config, seed).map_err(|e| TestCaseError::fail(e.to_string()))?;
    check_every_index(&game)?;
    let mut rng = GameRng::new(seed);
    let (mut scratch, mut legal) = (Vec::new(), Vec::new());
    for step in 0..steps {
        check_state(&game, seed.wrapping_add(step as u64), &mut scratch, met)?;
        let Some(seat) = game.to_act().iter().next() else { return Ok(()) };
        game.legal_actions(seat, &mut legal);
        let rare: Vec<Action> = legal.iter().copied().filter(|a| !matches!(a, Action::Move { .. })).collect();
        let pool = if !rare.is_empty() && rng.below(2) == 0 { &rare } else { &legal };
        let Some(&action) = pool.get(rng.below(pool.len().max(1) as u32) as usize) else { break };
        prop_assert!(game.apply(seat, action).is_ok());
    }
    check_state(&game, seed, &mut scratch, met)
}

fn run<S: TileSource>(
    strategy: impl Strategy<Value = Config>,
    cases: u32,
    steps: usize,
    expected: &[&str],
) -> Result<(), TestCaseError> {
    let met = RefCell::new(Met::new());
    let mut runner = proptest::test_runner::TestRunner::new(proptest_config(cases));
    let result = runner.run(&(strategy, any::<u64>()), |(config, seed)| {
        let mut here = Met::new();
        let outcome = playout::<S>(&config, seed, steps, &mut here);
        met.borrow_mut().extend(here);
        outcome
    });
    prop_assert!(result.is_ok(), "{result:?}");
    let met = met.into_inner();
    for name in expected {
        prop_assert!(met.contains(*name), "no {name} met: {met:?}");
    }
    Ok(())
}

#[test]
fn the_standard_game() -> Result<(), TestCaseError> {
    run::<Standard>(configs(), 24, 160, &["SetDuke", "SetFootman", "Move", "Strike", "Command", "Draw", "Place"])
}

#[test]
fn expanded_play_every_config() -> Result<(), TestCaseError> {
    let expected = ["Move", "Strike", "Command", "Summon", "Divine", "Keep", "Return", "Destroy", "Deploy", "Flag"];
    run::<Expanded>(expanded_configs(), 40, 160, &expected)
}

#[test]
fn expanded_play_escape_and_ransom() -> Result<(), TestCaseError> {
    let expected = ["Escape (sacrifice)", "Escape (ransom)", "Ransom"];
    let any_tile = expanded_configs().prop_map(|mut config| {
        config.readings.ransom_trade = RansomTrade::AnyTile;
        config
    });
    run::<Expanded>(prop_oneof![expanded_configs(), any_tile], 40, 200, &expected)
}

#[test]
fn the_dragon_and_overlapping_icons() -> Result<(), TestCaseError> {
    run::<Expanded>(prop_oneof![dragon_configs(), overlapping_configs()], 24, 160, &["Enrage"])
}

#[test]
fn the_alternate_objectives() -> Result<(), TestCaseError> {
    let objectives = prop_oneof![
        dynastic_configs(),
        flag_configs(Objective::CountingCoup),
        flag_configs(Objective::TrophyHunters),
        dark_rider_configs(),
    ];
    run::<Expanded>(objectives, 24, 160, &["Pick", "Deploy", "Flag"])
}

/// The largest set the format allows: 32 tile types, each with every ability, every icon
/// kind out to five squares; with a Flag objective, the Dragon and Ransom trades of any tile.
fn largest_config() -> Config {
    let mut spec = TileSetSpec::standard();
    let far = [
        Icon::new(IconKind::Command, 5, 5),
        Icon::new(IconKind::Command, -5, -4),
        Icon::new(IconKind::Strike, 5, -5),
        Icon::new(IconKind::Jump, -5, 5),
        Icon::new(IconKind::Slide, 1, 1),
    ];
    let mut n = 0u8;
    while spec.tiles.len() < theduke_rules::MAX_EXPANDED_KINDS {
        let letter = char::from(b'a' + n % 26);
        let upper = char::from(b'Q' + n / 26);
        // A copy of the Footman, renamed, with the far icons (built by assignment: the
        // format's types may gain fields).
        let Some(mut tile) = spec.tiles.get(1).cloned() else { break };
        tile.name = format!("Extra {n}");
        tile.abbrev = format!("{upper}{letter}");
        tile.count = 1;
        tile.on_board = 0;
        tile.start = far.to_vec();
        tile.back = far.to_vec();
        spec.tiles.push(tile);
        n += 1;
    }
    for tile in &mut spec.tiles {
        tile.abilities = Ability::ALL.to_vec();
    }
    let mut config = Config::default();
    config.tiles = Some(CustomTiles::new(spec));
    config.objective = Objective::CountingCoup;
    config.terrain.mountain = true;
    config.terrain.fort = true;
    config.terrain.dragon = true;
    config.readings.ransom_trade = RansomTrade::AnyTile;
    config
}

/// The sizes the README gives, and the bijection of the largest layout.
#[test]
fn sizes_of_the_layouts() -> Result<(), TestCaseError> {
    let standard = TheDuke::new(&Config::default(), 1).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut config = Config::default();
    config.enhanced_tiles = true;
    let enhanced = ExpandedDuke::new(&config, 1).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let largest = ExpandedDuke::new(&largest_config(), 1).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let shape = |game: &dyn Fn() -> duke_core::Shape| game().dims().to_vec();
    println!(
        "standard: {} actions, observation {:?}",
        standard.action_count(),
        shape(&|| standard.observation_shape())
    );
    println!(
        "enhanced: {} actions, observation {:?}",
        enhanced.action_count(),
        shape(&|| enhanced.observation_shape())
    );
    println!("largest: {} actions, observation {:?}", largest.action_count(), shape(&|| largest.observation_shape()));
    prop_assert_eq!(standard.action_count(), 4061);
    prop_assert_eq!(shape(&|| standard.observation_shape()), vec![712]);
    prop_assert_eq!(standard.observation_planes(), 17);
    prop_assert_eq!(enhanced.action_count(), 8503);
    prop_assert_eq!(shape(&|| enhanced.observation_shape()), vec![846]);
    prop_assert_eq!(enhanced.observation_planes(), 19);
    prop_assert_eq!(shape(&|| largest.observation_shape()), vec![1694]);
    prop_assert_eq!(largest.observation_planes(), 39);
    check_every_index(&standard)?;
    check_every_index(&enhanced)?;
    check_every_index(&largest)?;
    let mut met = Met::new();
    for seed in 0..4 {
        playout::<Expanded>(&largest_config(), seed, 120, &mut met)?;
    }
    Ok(())
}

/// The observation is relative to the observer: the owner plane marks the observer's tiles
/// (seat 0's for the spectator), the bags and the seat to act come mine first, and the
/// observer block names the observer.
#[test]
fn observations_are_relative_to_the_observer() -> Result<(), TestCaseError> {
    let mut config = Config::default();
    config.first_player = Some(Seat(0));
    let mut game = TheDuke::new(&config, 3).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut buf = Vec::new();
    // Set-up: both Dukes and their Footmen; then seat 0 is to act.
    while !matches!(game.phase(), theduke_rules::Phase::Play) {
        let seat = game.side_to_move();
        game.legal_actions(seat, &mut buf);
        prop_assert!(game.apply(seat, buf[0]).is_ok());
    }
    let k = game.tile_source().kinds();
    let planes = game.observation_planes();
    prop_assert_eq!(planes, k + 2);
    let owner = (k + 1) * 36;
    let tail = planes * 36;
    let (bags, to_act, observer) = (tail, tail + 4 * k + 12 + k, tail + 4 * k + 12 + k + 2);
    let dukes = [game.duke_square(Seat(0)), game.duke_square(Seat(1))].map(|d| d.map_or(0, |s| s.index()));
    for (who, me) in [(Observer::Seat(Seat(0)), 0), (Observer::Seat(Seat(1)), 1), (Observer::Spectator, 0)] {
        let out = observation(&game, who)?;
        prop_assert_eq!(out[owner + dukes[me]], 1.0, "{:?}: my Duke is mine", who);
        prop_assert_eq!(out[owner + dukes[1 - me]], 0.0, "{:?}: their Duke is not", who);
        prop_assert_eq!(out[dukes[me]], 1.0, "the Duke is tile type 0");
        // Seat 0 to act: "me" for seat 0 and the spectator, "them" for seat 1.
        prop_assert_eq!(out[to_act + me], 1.0, "{:?}", who);
        let slot = match who {
            Observer::Seat(s) => s.index(),
            Observer::Spectator => 2,
        };
        prop_assert_eq!(&out[observer..observer + 3], &[0, 1, 2].map(|i| f32::from(u8::from(i == slot))));
        // Each bag: the counts of the view (the same for both: set-up placed the same tiles).
        let view = game.view_of(who);
        for kind in 0..k {
            let mine = f32::from(view.bags[me][kind]) / 15.0;
            let theirs = f32::from(view.bags[1 - me][kind]) / 15.0;
            prop_assert_eq!((out[bags + kind], out[bags + k + kind]), (mine, theirs));
        }
    }
    Ok(())
}
