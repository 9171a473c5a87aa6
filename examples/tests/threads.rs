//! `simulate --threads N`: the summary (everything but the elapsed time) and the record of
//! the first game are the same on 1, 2 and 3 threads, for every game built in.

use duke_core::Record;
use duke_examples::bots::{BotSpec, IsmctsSettings};
use duke_examples::catalog::{Catalogued, GameId};
use duke_examples::options::GameOptions;
use duke_examples::simulate::{Summary, run};
use duke_examples::with_game;

/// A run of `count` games of `G` on a pool of `threads` threads: the summary without its
/// timing, and the first record as JSON.
fn run_on<G>(threads: usize, count: u64, seed: u64, bots: &[BotSpec]) -> (Summary, String)
where
    G: Catalogued,
    G::Config: Sync,
    Record<G>: Send,
{
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    let (mut summary, record) =
        pool.install(|| run::<G>(None, &GameOptions::default(), count, seed, bots, |_| {})).unwrap();
    summary.elapsed = Default::default();
    (summary, serde_json::to_string(&record.unwrap()).unwrap())
}

fn same_on_any_number_of_threads<G>(count: u64, seed: u64)
where
    G: Catalogued,
    G::Config: Sync,
    Record<G>: Send,
{
    // ISMCTS draws determinizations and rollouts from its own generator, the one most
    // likely to show a game played with another game's state; a short search keeps the
    // test quick.
    let quick = IsmctsSettings { iterations: 8, ..IsmctsSettings::default() };
    let bots = [BotSpec::Ismcts(quick), BotSpec::Greedy, BotSpec::Random];
    let (one, first) = run_on::<G>(1, count, seed, &bots);
    assert_eq!(one.games, count);
    assert!(one.actions > 0, "{}", G::NAME);
    for threads in [2, 3] {
        let (many, record) = run_on::<G>(threads, count, seed, &bots);
        assert_eq!(many, one, "{} on {threads} threads", G::NAME);
        assert_eq!(record, first, "{}: the first record on {threads} threads", G::NAME);
    }
}

#[test]
fn the_summary_is_the_same_on_one_two_and_three_threads() {
    for &id in GameId::ALL.iter().chain(&[GameId::HighCard]) {
        with_game!(id, G => same_on_any_number_of_threads::<G>(5, 11));
    }
}

#[test]
fn a_different_seed_gives_a_different_run_on_any_number_of_threads() {
    // The check above would pass if every game ignored the seed: the seed does matter.
    let bots = [BotSpec::Greedy, BotSpec::Random];
    let summary_of = |seed| run_on::<duke_examples::catalog::HighCard>(2, 40, seed, &bots).0;
    assert_ne!(summary_of(11).bots, summary_of(12).bots);
}
