//! `simulate --save-trajectories`: the games the bots play, as a learner sees them, written to
//! a `.npz` file and read back (issue #27), through the same library calls the example makes.

use std::collections::HashSet;

use crownbattles_rules::CrownBattles;
use duke_examples::bots::BotSpec;
use duke_examples::catalog::Catalogued;
use duke_examples::learner::{Episode, episode_of_record};
use duke_examples::options::GameOptions;
use duke_examples::simulate::run_each;
use duke_examples::trajectories::Trajectories;
use ndarray::{Array1, Array2};
use ndarray_npy::NpzReader;
use theduke_rules::TheDuke;

fn saved_and_read_back<G: Catalogued>(games: u64, file: &str)
where
    G::Config: Sync,
    duke_core::Record<G>: Send,
{
    let bots = [BotSpec::Greedy, BotSpec::Random];
    let options = GameOptions::default();
    let (summary, _, episodes) = run_each::<G, Episode>(
        None,
        &options,
        games,
        4,
        &bots,
        |_| {},
        |_, record| episode_of_record(record).map_err(|e| e.to_string()),
    )
    .unwrap();
    let config = G::config_with(None, &options).unwrap();
    let game = G::new(&config, 4).unwrap();
    let mut trajectories = Trajectories::for_game(&game);
    for (index, episode) in episodes.iter().enumerate() {
        trajectories.add(index as u64, episode).unwrap();
    }
    let path = std::env::temp_dir().join(format!("{file}-{}.npz", std::process::id()));
    trajectories.save(&path).unwrap();

    let mut npz = NpzReader::new(std::fs::File::open(&path).unwrap()).unwrap();
    let observations: Array2<f32> = npz.by_name("observations").unwrap();
    let masks: Array2<bool> = npz.by_name("masks").unwrap();
    let actions: Array1<i64> = npz.by_name("actions").unwrap();
    let rewards: Array1<f64> = npz.by_name("rewards").unwrap();
    let seats: Array1<i64> = npz.by_name("seats").unwrap();
    let game_ids: Array1<u64> = npz.by_name("game_ids").unwrap();
    let returns: Array2<f64> = npz.by_name("returns").unwrap();
    std::fs::remove_file(&path).ok();

    // One row per action the bots played, every one allowed by its mask.
    let n = summary.actions as usize;
    assert_eq!(observations.dim(), (n, game.observation_shape().len()));
    assert_eq!(masks.dim(), (n, game.action_count()));
    assert_eq!((actions.len(), rewards.len(), seats.len(), game_ids.len()), (n, n, n, n));
    for row in 0..n {
        let action = usize::try_from(actions[row]).unwrap();
        assert!(masks[[row, action]], "row {row}: the bots' action is allowed by the mask");
        assert!(seats[row] >= 0 && (seats[row] as usize) < game.seat_count());
        assert!(observations.row(row).iter().all(|v| v.is_finite()));
    }
    assert_eq!(game_ids.iter().copied().collect::<HashSet<_>>().len(), games as usize);
    assert_eq!(returns.dim(), (games as usize, game.seat_count()));
    // Each seat's rewards add up to its final return (nothing is credited before a seat first acts).
    for (id, episode) in episodes.iter().enumerate() {
        for seat in 0..game.seat_count() {
            let total: f64 =
                (0..n).filter(|&r| game_ids[r] == id as u64 && seats[r] == seat as i64).map(|r| rewards[r]).sum();
            assert!((total - episode.returns[seat]).abs() < 1e-9, "game {id} seat {seat}");
            assert_eq!(returns[[id, seat]], episode.returns[seat]);
        }
    }
}

#[test]
fn the_duke_trajectories_are_written_and_read_back() {
    saved_and_read_back::<TheDuke>(3, "theduke-trajectories");
}

#[test]
fn crown_battles_trajectories_are_written_and_read_back() {
    saved_and_read_back::<CrownBattles>(3, "crownbattles-trajectories");
}
