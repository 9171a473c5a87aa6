//! duke-core's learning checks ([`run_learning`]) on Crown Battles, every round type and
//! option the crate's strategy draws, with the counting allocator installed so that the
//! no-allocation checks of masks and observations run too.

use duke_core::testing::{CountingAlloc, Failure, Settings, counting_installed, run_learning};

#[global_allocator]
static COUNTING: CountingAlloc = CountingAlloc;

#[test]
fn the_shared_learning_checks_pass() -> Result<(), Failure> {
    assert!(counting_installed());
    run_learning::<crownbattles_rules::CrownBattles>(
        crownbattles_rules::testing::configs(),
        &Settings { cases: 24, max_steps: 400, ..Settings::default() },
    )
}
