//! Rulebook "Alternate Objectives", Dynastic Dispute, in Expanded play with that objective
//! (`testing::dynastic_configs`): the draft as the rulebook tells it, checked on the public
//! accessors (bags, captured tiles, picks) before and after each step.

use duke_core::Seat;
use theduke_rules::testing::dynastic_configs;
use theduke_rules::{Action, ExpandedDuke, Phase, TileKind};

use crate::oracle::game_property;

const GAMES: u32 = 60;

/// The types neither seat has picked: all but the Duke and the Footman (the first two).
fn pool(state: &ExpandedDuke) -> Vec<TileKind> {
    let picked: Vec<TileKind> = [Seat(0), Seat(1)].into_iter().flat_map(|s| state.drafted(s)).collect();
    (2..state.tile_kinds() as u8).map(TileKind).filter(|k| !picked.contains(k)).collect()
}

#[test]
fn the_draft_alternates_and_each_type_goes_to_one_bag_and_the_other_into_the_box() {
    game_property::<ExpandedDuke>(
        "the_draft_alternates_and_each_type_goes_to_one_bag_and_the_other_into_the_box",
        dynastic_configs(),
        GAMES,
        None,
        500,
        |step| {
            let (before, after, seat) = (step.before, step.after, step.seat);
            let listed: Vec<Action> = step.legal_before(seat);
            if before.phase() != Phase::Draft {
                return match listed.iter().find(|a| matches!(a, Action::Pick(_))) {
                    Some(a) => Err(format!("{a} outside the draft")),
                    None => Ok(()),
                };
            }
            let want: Vec<Action> = pool(before).into_iter().map(Action::Pick).collect();
            let mut got = listed.clone();
            got.sort_by_key(|a| a.to_string());
            let mut want_sorted = want.clone();
            want_sorted.sort_by_key(|a| a.to_string());
            if got != want_sorted {
                return Err(format!("listed {got:?}, the types left in front of both are {want_sorted:?}"));
            }
            let Action::Pick(kind) = step.action else { return Err(format!("{} in the draft", step.action)) };
            step.reached();
            let other = Seat(1 - seat.0);
            let count = after.tile(kind).map_or(0, |t| t.count);
            if after.bag_count(seat, kind) != before.bag_count(seat, kind) + count {
                return Err(format!("{seat}'s {count} tiles of type {} did not all go into the bag", kind.0));
            }
            if after.bag_count(other, kind) != 0 || after.captured_count(other, kind) != 0 {
                return Err(format!("{other}'s tiles of type {} are not in the box", kind.0));
            }
            let left = !pool(after).is_empty();
            if left && (after.phase() != Phase::Draft || after.side_to_move() != other) {
                return Err(format!("after {seat}'s pick, {} is to act in {:?}", after.side_to_move(), after.phase()));
            }
            Ok(())
        },
    );
}

#[test]
fn the_first_picker_sets_up_first_and_the_second_picker_moves_first() {
    game_property::<ExpandedDuke>(
        "the_first_picker_sets_up_first_and_the_second_picker_moves_first",
        dynastic_configs(),
        GAMES,
        None,
        (2 * GAMES).into(),
        |step| {
            let (before, after) = (step.before, step.after);
            let first = before.first_player();
            if before.phase() == Phase::Draft && after.phase() != Phase::Draft {
                step.reached();
                if after.phase() != Phase::SetupDuke || after.side_to_move() != first {
                    return Err(format!("the draft ended with {} to act in {:?}", after.side_to_move(), after.phase()));
                }
                // The third Footman is in each bag.
                for seat in [Seat(0), Seat(1)] {
                    if after.bag_count(seat, TileKind::FOOTMAN) != 1 {
                        return Err(format!("{seat}'s bag has no Footman"));
                    }
                }
            }
            if matches!(before.phase(), Phase::SetupFootman { .. }) && after.phase() == Phase::Play {
                step.reached();
                if after.side_to_move() != Seat(1 - first.0) {
                    return Err(format!("{} takes the first turn, {first} picked first", after.side_to_move()));
                }
            }
            Ok(())
        },
    );
}
