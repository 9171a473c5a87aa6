//! duke-core's learning checks ([`run_learning`]) on Archduke, every config the crate's
//! strategy draws, with the counting allocator installed so that the no-allocation checks
//! of masks and observations run too; and the vocabulary every game shares.

use duke_core::testing::{CountingAlloc, Failure, Settings, counting_installed, run_learning};

#[global_allocator]
static COUNTING: CountingAlloc = CountingAlloc;

#[test]
fn the_shared_learning_checks_pass() -> Result<(), Failure> {
    assert!(counting_installed());
    run_learning::<archduke_rules::Archduke>(
        archduke_rules::testing::configs(),
        &Settings { cases: 24, max_steps: 400, ..Settings::default() },
    )
}

#[test]
fn the_shared_vocabulary() -> Result<(), Failure> {
    for players in [None, Some(2), Some(5), Some(8)] {
        duke_core::testing::vocabulary::check_vocabulary::<archduke_rules::Archduke>(
            players,
            &Settings { cases: 8, ..Settings::default() },
        )?;
    }
    Ok(())
}
