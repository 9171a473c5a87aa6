//! The referee at the engine's pace (issue #28): with random bots and no event log kept, a
//! game allocates when it starts (the state, the bots, the table) and when the record or a
//! warm buffer grows (amortised doubling), never per step: the allocations of a game are
//! bounded whatever its length. Both through `Table::step` and through `simulate::run`.
//!
//! Allocations are counted per thread by duke-core's `testing::CountingAlloc`.
#![cfg(all(feature = "theduke", feature = "crownbattles", feature = "archduke", feature = "dukesup"))]

use duke_core::Record;
use duke_core::testing::CountingAlloc;
use duke_examples::bots::{Bot, BotSpec};
use duke_examples::catalog::{Archduke, Catalogued, CrownBattles, DukesUp, ExpandedDuke, HighCard, TheDuke};
use duke_examples::driver::{Logs, Table};
use duke_examples::options::GameOptions;
use duke_examples::simulate::run;
use std::sync::Mutex;

#[global_allocator]
static COUNTING: CountingAlloc = CountingAlloc;

/// This thread's allocations so far (duke-core's counting allocator, installed above).
fn allocations() -> u64 {
    duke_core::testing::allocations().expect("the counting allocator is installed")
}

/// `⌈log2 n⌉`: how many times a buffer that doubles grows to hold `n` items.
fn doublings(n: u64) -> u64 {
    u64::from(64 - n.saturating_sub(1).leading_zeros())
}

/// Plays `games` games of random bots step by step on tables that keep no log; fails if the
/// steps of a game allocate more than the growth of the record and of the bots' buffers
/// (each doubling). Returns the steps played.
fn steps_allocate_only_amortised<G: Catalogued>(config: &G::Config, games: u64) -> u64 {
    let mut played = 0;
    for seed in 0..games {
        let mut table = Table::<G>::with_logs(config, seed, Logs::NONE).unwrap();
        let mut bots: Vec<Box<dyn Bot<G>>> =
            (0..table.seat_count()).map(|seat| BotSpec::Random.build::<G>(seed * 31 + seat as u64)).collect();
        let before = allocations();
        let mut steps = 0;
        let mut most_legal = 1;
        while !table.is_over() {
            let (seat, _) = table.asked().next().unwrap();
            most_legal = most_legal.max(table.legal_actions(seat).len() as u64);
            table.step(&mut bots).unwrap();
            steps += 1;
        }
        let allocated = allocations() - before;
        // The record's steps, the table's own legal-action buffer (read above) and each
        // bot's: doubling buffers, a handful of growths each.
        let bound = doublings(steps) + (bots.len() as u64 + 1) * (doublings(most_legal) + 1);
        assert!(
            allocated <= bound,
            "{}: game {seed} allocated {allocated} times in {steps} steps (bound {bound})",
            G::NAME
        );
        played += steps;
    }
    played
}

#[test]
fn a_table_without_logs_does_not_allocate_per_step() {
    assert!(steps_allocate_only_amortised::<TheDuke>(&TheDuke::config_for(None).unwrap(), 10) > 1_000);
    let enhanced = GameOptions { enhanced_tiles: true, ..GameOptions::default() };
    assert!(
        steps_allocate_only_amortised::<ExpandedDuke>(&ExpandedDuke::config_with(None, &enhanced).unwrap(), 4) > 100
    );
    for players in [2, 4, 6] {
        assert!(steps_allocate_only_amortised::<Archduke>(&Archduke::config_for(Some(players)).unwrap(), 6) > 1_000);
    }
    assert!(steps_allocate_only_amortised::<DukesUp>(&DukesUp::config_for(None).unwrap(), 10) > 1_000);
    for players in [3, 5, 8] {
        assert!(
            steps_allocate_only_amortised::<CrownBattles>(&CrownBattles::config_for(Some(players)).unwrap(), 6) > 1_000
        );
    }
    assert!(steps_allocate_only_amortised::<HighCard>(&HighCard::config_for(None).unwrap(), 20) > 50);
}

/// The allocations of each game of a `simulate` run of random bots on one thread (read on
/// the thread that plays, after each game), and the actions of the run.
fn per_game<G>(players: Option<u8>, games: u64) -> (Vec<u64>, u64)
where
    G: Catalogued,
    G::Config: Sync,
    Record<G>: Send,
{
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let marks = Mutex::new(Vec::new());
    let (summary, _) = pool
        .install(|| {
            marks.lock().unwrap().push(allocations());
            run::<G>(players, &GameOptions::default(), games, 3, &[BotSpec::Random], |_| {
                marks.lock().unwrap().push(allocations());
            })
        })
        .unwrap();
    let marks = marks.into_inner().unwrap();
    (marks.windows(2).map(|pair| pair[1] - pair[0]).collect(), summary.actions)
}

#[test]
fn simulate_with_random_bots_allocates_per_game_not_per_step() {
    fn check<G>(players: Option<u8>)
    where
        G: Catalogued,
        G::Config: Sync,
        Record<G>: Send,
    {
        let (games, actions) = per_game::<G>(players, 12);
        assert_eq!(games.len(), 12, "{}", G::NAME);
        let most = games.iter().copied().max().unwrap_or(0);
        // A game's set-up (its state, one boxed bot per seat, the table) and the amortised
        // growth of its record and buffers: far fewer than its hundreds of actions.
        let mean_length = actions / 12;
        assert!(most <= 150, "{}: a game allocated {most} times ({games:?}; {mean_length} actions a game)", G::NAME);
        assert!(mean_length > 3 * most, "{}: {mean_length} actions a game, {most} allocations", G::NAME);
    }
    check::<TheDuke>(None);
    check::<Archduke>(Some(4));
    check::<DukesUp>(None);
    check::<CrownBattles>(Some(5));
}
