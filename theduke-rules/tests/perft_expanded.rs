//! Expanded play's bulk-counted perft (the last ply counted from the action list, a draw's and
//! a Divination's outcomes and later steps still expanded within it) against the perft that
//! plays every leaf (`perft_played`), at the depths the perft tests use (1 to 3): from the
//! opening with the enhanced tiles, and on states of random games with every config of
//! Expanded play (custom sets with Dread, Defense and every ability, terrain, the Dragon,
//! every objective, every reading).
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use duke_core::{Game, Seat};
use proptest::prelude::*;
use theduke_rules::testing::expanded_reachable;
use theduke_rules::{Action, Config, ExpandedDuke};

/// The opening of Expanded play with the enhanced tiles, after set-up (as in the benches).
fn enhanced_opening() -> ExpandedDuke {
    let mut config = Config::default();
    config.first_player = Some(Seat(0));
    config.enhanced_tiles = true;
    let mut game = ExpandedDuke::new(&config, 1).unwrap();
    for (seat, text) in
        [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
    {
        let action: Action = text.parse().unwrap();
        game.apply(Seat(seat), action).unwrap();
    }
    game
}

#[test]
fn bulk_perft_of_the_enhanced_opening_is_the_played_perft() {
    let game = enhanced_opening();
    let counts: Vec<u64> = (1..=3).map(|depth| game.perft(depth)).collect();
    for (depth, &count) in (1..=3).zip(&counts) {
        assert_eq!(count, game.perft_played(depth), "perft({depth})");
    }
    // The count the benches quote (5 776 leaves at depth 3).
    assert_eq!(counts[2], 5_776);
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(96))]

    /// Depth 1 on random states of every config of Expanded play (mid-turn steps included: a
    /// drawn tile to place, a Divination's keeping and dismissing, a Flag move).
    #[test]
    fn bulk_perft_is_the_played_perft_on_random_states(reached in expanded_reachable(80)) {
        let game = reached.state;
        prop_assert_eq!(game.perft(1), game.perft_played(1), "perft(1) of {:?}", game);
    }
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(16))]

    /// Depth 2 on fewer random states (the played perft plays every leaf on a copy).
    #[test]
    fn bulk_perft_is_the_played_perft_at_depth_two(reached in expanded_reachable(80)) {
        let game = reached.state;
        prop_assert_eq!(game.perft(2), game.perft_played(2), "perft(2) of {:?}", game);
    }
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(12))]

    /// Depth 3 on fewer random states (the played perft is slow).
    #[test]
    fn bulk_perft_is_the_played_perft_at_depth_three(reached in expanded_reachable(40)) {
        let game = reached.state;
        prop_assert_eq!(game.perft(3), game.perft_played(3), "perft(3) of {:?}", game);
    }
}
