//! Rulebook "Flag Tiles" and "Alternate Objectives" (Counting Coup, Trophy Hunters), in
//! Expanded play with those objectives (`testing::flag_configs`, terrain and the Dragon on in
//! some games, both readings of the Duke-danger rule, of who places the Flags and of what
//! the opponent's Flag bars), biased
//! toward the Flags (`testing::bias_flags`). Each rule is checked on the public accessors
//! (board, Flags, points, phase, ending) before and after each step, from the rulebook text.

use duke_core::{Game, Seat};
use theduke_rules::testing::{before_the_dragons_turn, bias_flags, flag_configs};
use theduke_rules::{
    Action, CoupFlag, CoupPoints, EndReason, ExpandedDuke, FlagDukeDanger, Objective, Phase, Setup, Square, TileKind,
};

use crate::oracle::game_property;

const GAMES: u32 = 40;

fn both() -> impl proptest::strategy::Strategy<Value = theduke_rules::Config> {
    proptest::prop_oneof![flag_configs(Objective::CountingCoup), flag_configs(Objective::TrophyHunters)]
}

fn coup(state: &ExpandedDuke) -> bool {
    state.config().objective == Objective::CountingCoup
}

fn beside(a: Square, b: Square) -> bool {
    (a.file() - b.file()).abs() + (a.rank() - b.rank()).abs() == 1
}

fn tiles_of(state: &ExpandedDuke, seat: Seat) -> usize {
    (0..36u8).filter_map(Square::new).filter(|&s| state.piece_at(s).is_some_and(|p| p.owner == seat)).count()
}

/// The seat whose tiles carry `owner`'s Flag: his own in Counting Coup, the opponent's in
/// Trophy Hunters.
fn carrier(state: &ExpandedDuke, owner: u8) -> u8 {
    if coup(state) { owner } else { 1 - owner }
}

#[test]
fn flags_are_placed_after_set_up_by_the_last_to_set_up_first_on_their_edges() {
    game_property::<ExpandedDuke>(
        "flags_are_placed_after_set_up_by_the_last_to_set_up_first_on_their_edges",
        both(),
        GAMES,
        Some(bias_flags),
        60,
        |step| {
            let (before, after, seat) = (step.before, step.after, step.seat);
            if before.phase() != Phase::SetupFlag {
                return Ok(());
            }
            step.reached();
            let placed = before.flags().iter().flatten().count();
            let expected = if placed == 0 { 1 - before.first_player().0 } else { before.first_player().0 };
            if seat.0 != expected {
                return Err(format!("{seat} places Flag number {} (the last to set up places first)", placed + 1));
            }
            let Action::Flag { from, to } = step.action else {
                return Err(format!("{} in the Flags' set-up", step.action));
            };
            let owner = (0..2u8)
                .find(|&o| before.flags()[usize::from(o)].is_none() && after.flags()[usize::from(o)] == Some(to));
            let Some(owner) = owner else { return Err(format!("flag {to} placed no Flag there")) };
            let rim = to.file() == 0 || to.file() == 5 || to.rank() == 0 || to.rank() == 5;
            let home = to.rank() == if owner == 0 { 0 } else { 5 };
            if from != to || before.piece_at(to).is_some() || !(if coup(before) { rim } else { home }) {
                return Err(format!("{owner}'s Flag placed on {to}"));
            }
            if placed == 1 && (after.phase() != Phase::Play || after.side_to_move() != before.first_player()) {
                return Err("after the second Flag the first player does not begin".to_owned());
            }
            Ok(())
        },
    );
}

#[test]
fn a_flag_moves_only_with_its_carrier_and_no_tile_of_the_other_seat_ends_on_it() {
    game_property::<ExpandedDuke>(
        "a_flag_moves_only_with_its_carrier_and_no_tile_of_the_other_seat_ends_on_it",
        both(),
        GAMES,
        Some(bias_flags),
        100,
        |step| {
            let before = step.before;
            // The carrier's move, before the Dragon's in-between turn (which may take it).
            let mid = before_the_dragons_turn(before, step.seat, step.action);
            let after = mid.as_ref().unwrap_or(step.after);
            if step.after.flags() != after.flags() {
                return Err("the Dragon's turn moved a Flag".to_owned());
            }
            for owner in 0..2u8 {
                let (Some(was), Some(now)) = (before.flags()[usize::from(owner)], after.flags()[usize::from(owner)])
                else {
                    continue;
                };
                if let Some(p) = after.piece_at(now)
                    && p.owner.0 != carrier(after, owner)
                {
                    return Err(format!("{}'s tile on {owner}'s Flag ({now})", p.owner));
                }
                if was == now || matches!(step.action, Action::Flag { .. }) {
                    continue;
                }
                step.reached();
                // Carried: the tile that stood on it is where the Flag went.
                let (Some(moved), Some(there)) = (before.piece_at(was), after.piece_at(now)) else {
                    return Err(format!("{owner}'s Flag went from {was} to {now} without its carrier"));
                };
                if moved.owner != there.owner || moved.kind != there.kind {
                    return Err(format!("{owner}'s Flag went from {was} to {now}, not with its carrier"));
                }
            }
            Ok(())
        },
    );
}

#[test]
fn a_pass_moves_the_flag_to_a_friendly_tile_beside_its_carrier_and_nothing_else() {
    game_property::<ExpandedDuke>(
        "a_pass_moves_the_flag_to_a_friendly_tile_beside_its_carrier_and_nothing_else",
        both(),
        // Passes are rarer than moves: more games to reach them often enough.
        GAMES + 20,
        Some(bias_flags),
        30,
        |step| {
            let (before, after, seat) = (step.before, step.after, step.seat);
            let Action::Flag { from, to } = step.action else { return Ok(()) };
            if before.phase() != Phase::Play {
                return Ok(());
            }
            step.reached();
            let mine = |sq: Square| before.piece_at(sq).is_some_and(|p| p.owner == seat);
            let owner = (0..2u8).find(|&o| before.flags()[usize::from(o)] == Some(from)).ok_or("no Flag passed")?;
            if carrier(before, owner) != seat.0 || !mine(from) || !mine(to) || !beside(from, to) {
                return Err(format!("flag {from}-{to} by {seat}"));
            }
            // Before the Dragon's in-between turn, which may take a tile.
            let mid = before_the_dragons_turn(before, seat, step.action).ok_or("the pass is not legal")?;
            let board_same = (0..36u8).filter_map(Square::new).all(|s| before.piece_at(s) == mid.piece_at(s));
            if !board_same || mid.flags()[usize::from(owner)] != Some(to) || after.flags() != mid.flags() {
                return Err(format!("flag {from}-{to} changed more than the Flag's square"));
            }
            Ok(())
        },
    );
}

#[test]
fn a_point_is_scored_exactly_for_ending_a_move_or_a_placement_beside_the_opponents_flag() {
    game_property::<ExpandedDuke>(
        "a_point_is_scored_exactly_for_ending_a_move_or_a_placement_beside_the_opponents_flag",
        flag_configs(Objective::CountingCoup),
        GAMES,
        Some(bias_flags),
        40,
        |step| {
            let (before, after, seat) = (step.before, step.after, step.seat);
            let Some(flag) = before.flags()[usize::from(1 - seat.0)] else { return Ok(()) };
            let (start, end) = match step.action {
                Action::Move { from, to }
                | Action::Command { from, to, .. }
                | Action::Summon { from, to }
                | Action::Escape { from, to, .. }
                | Action::Enrage { from, to, .. } => (Some(from), Some(to)),
                Action::Place(to) | Action::Keep { to, .. } | Action::Ransom { to, .. } => (None, Some(to)),
                _ => (None, None),
            };
            // Reading 55: a tile that began beside the Flag scores nothing (or, with
            // `CoupPoints::AnyMove`, nothing only if it ends where it began).
            let any_move = before.config().readings.coup_points == CoupPoints::AnyMove;
            let expected = end.is_some_and(|e| beside(e, flag))
                && start.is_none_or(|s| !beside(s, flag) || (any_move && Some(s) != end));
            let scored = after.points(seat) == before.points(seat) + 1;
            if scored != expected || after.points(Seat(1 - seat.0)) != before.points(Seat(1 - seat.0)) {
                return Err(format!("{} by {seat}: scored {scored}, the rule says {expected}", step.action));
            }
            if expected {
                step.reached();
            }
            Ok(())
        },
    );
}

#[test]
fn after_a_point_the_owner_may_move_his_flag_beside_one_of_his_tiles() {
    game_property::<ExpandedDuke>(
        "after_a_point_the_owner_may_move_his_flag_beside_one_of_his_tiles",
        flag_configs(Objective::CountingCoup),
        GAMES,
        Some(bias_flags),
        15,
        |step| {
            let (before, after, seat) = (step.before, step.after, step.seat);
            if before.phase() != Phase::MoveFlag {
                return Ok(());
            }
            step.reached();
            let flag = before.flags()[seat.index()].ok_or("no Flag to move")?;
            let open = |sq: Square| {
                let t = before.terrain();
                before.piece_at(sq).is_none()
                    && Some(sq) != t.mountain
                    && Some(sq) != t.fort
                    && t.dragon.is_none_or(|d| d.square != sq)
                    && !before.flags().contains(&Some(sq))
            };
            let mut want: Vec<String> = (0..36u8)
                .filter_map(Square::new)
                .filter(|&s| {
                    open(s)
                        && (0..36u8)
                            .filter_map(Square::new)
                            .any(|t| beside(s, t) && before.piece_at(t).is_some_and(|p| p.owner == seat))
                })
                .map(|s| format!("flag {flag}-{s}"))
                .collect();
            want.push(format!("flag {flag}"));
            want.sort();
            let mut got: Vec<String> = step.legal_before(seat).iter().map(ToString::to_string).collect();
            got.sort();
            if got != want {
                return Err(format!("listed {got:?}, the rule gives {want:?}"));
            }
            // He goes on with his turn (or, with no legal action then, loses as ever; or the
            // Dragon's in-between turn, which follows the Flag move by default, took the last
            // tile of a seat).
            let stuck = matches!(
                after.phase(),
                Phase::Over(e) if matches!(e.reason, EndReason::NoLegalAction | EndReason::NoTilesLeft)
            );
            if !stuck && (after.phase() != Phase::Play || after.side_to_move() != seat) {
                return Err("the Flag's owner does not go on with his turn".to_owned());
            }
            Ok(())
        },
    );
}

#[test]
fn three_points_win_at_once() {
    game_property::<ExpandedDuke>(
        "three_points_win_at_once",
        flag_configs(Objective::CountingCoup),
        GAMES,
        Some(bias_flags),
        3,
        |step| {
            let (after, seat) = (step.after, step.seat);
            let won =
                matches!(after.phase(), Phase::Over(e) if e.reason == EndReason::CoupCounted && e.winner == Some(seat));
            if (after.points(seat) >= 3) != won {
                return Err(format!("{seat} has {} points, game {:?}", after.points(seat), after.phase()));
            }
            if won {
                step.reached();
            }
            Ok(())
        },
    );
}

#[test]
fn a_captured_duke_does_not_end_the_game_and_its_owner_places_no_more_tiles() {
    game_property::<ExpandedDuke>(
        "a_captured_duke_does_not_end_the_game_and_its_owner_places_no_more_tiles",
        both(),
        GAMES,
        Some(bias_flags),
        20,
        |step| {
            let (before, after, seat) = (step.before, step.after, step.seat);
            if matches!(after.phase(), Phase::Over(e) if matches!(e.reason, EndReason::DukeCaptured | EndReason::DragonTookDuke))
            {
                return Err("a Duke capture ended the game".to_owned());
            }
            if before.phase() == Phase::Play && before.duke_square(seat).is_none() {
                step.reached();
                let listed = step.legal_before(seat);
                if listed.iter().any(|a| matches!(a, Action::Draw | Action::Summon { .. } | Action::Divine(_))) {
                    return Err(format!("{seat} without a Duke may draw or summon: {listed:?}"));
                }
            }
            let _ = TileKind::DUKE;
            Ok(())
        },
    );
}

#[test]
fn a_player_without_tiles_loses() {
    game_property::<ExpandedDuke>("a_player_without_tiles_loses", both(), GAMES, Some(bias_flags), 3, |step| {
        let after = step.after;
        if step.before.phase() == Phase::SetupFlag
            || matches!(step.before.phase(), Phase::SetupDuke | Phase::SetupFootman { .. })
        {
            return Ok(());
        }
        let empty = [Seat(0), Seat(1)].map(|s| tiles_of(after, s) == 0);
        let over = matches!(after.phase(), Phase::Over(e) if e.reason == EndReason::NoTilesLeft);
        if empty.iter().any(|&e| e) {
            step.reached();
            let winner = match empty {
                [true, false] => Some(Seat(1)),
                [false, true] => Some(Seat(0)),
                _ => None,
            };
            // One action may win twice over: the third point, or the Flag home, while it takes
            // the opponent's last tile; the ending names the objective's win (reading 67).
            let won_twice = step.before.phase() == Phase::Play
                && matches!(after.phase(), Phase::Over(e)
                    if matches!(e.reason, EndReason::CoupCounted | EndReason::TrophyTaken) && e.winner == winner);
            if !won_twice
                && !matches!(after.phase(), Phase::Over(e) if e.reason == EndReason::NoTilesLeft && e.winner == winner)
            {
                return Err(format!("a seat has no tile, game {:?}", after.phase()));
            }
        } else if over {
            return Err("NoTilesLeft with tiles on both sides".to_owned());
        }
        Ok(())
    });
}

#[test]
fn bringing_the_opponents_flag_to_ones_own_edge_wins_at_once() {
    game_property::<ExpandedDuke>(
        "bringing_the_opponents_flag_to_ones_own_edge_wins_at_once",
        flag_configs(Objective::TrophyHunters),
        GAMES,
        Some(bias_flags),
        3,
        |step| {
            let (before, after, seat) = (step.before, step.after, step.seat);
            if before.phase() != Phase::Play {
                return Ok(());
            }
            let home = if seat.0 == 0 { 0 } else { 5 };
            let there = after.flags()[usize::from(1 - seat.0)].is_some_and(|f| f.rank() == home);
            let won =
                matches!(after.phase(), Phase::Over(e) if e.reason == EndReason::TrophyTaken && e.winner == Some(seat));
            if there != won && !matches!(after.phase(), Phase::Over(e) if e.reason == EndReason::NoTilesLeft) {
                return Err(format!("the Flag on {seat}'s edge: {there}, game {:?}", after.phase()));
            }
            if won {
                step.reached();
            }
            Ok(())
        },
    );
}

/// The squares strictly between `from` and `to` on a straight line (none off the lines).
fn between(from: Square, to: Square) -> Vec<Square> {
    let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return Vec::new();
    }
    let n = df.abs().max(dr.abs());
    (1..n).filter_map(|k| Square::at(from.file() + df.signum() * k, from.rank() + dr.signum() * k)).collect()
}

/// The legal actions of `state` rebuilt with `coup_flag` and the Duke-danger rule lifted
/// (which the other reading of reading 61 would change for the opponent's threats too).
fn legal_with(state: &ExpandedDuke, coup_flag: CoupFlag) -> Result<Vec<Action>, String> {
    let setup = state.to_setup();
    let readings = {
        let mut readings = setup.config.readings;
        readings.coup_flag = coup_flag;
        readings.flag_duke_danger = FlagDukeDanger::Lifted;
        readings
    };
    let config = {
        let mut config = setup.config.clone();
        config.readings = readings;
        config
    };
    let game = ExpandedDuke::from_setup(&Setup { config, ..setup }).map_err(|e| format!("{coup_flag:?}: {e}"))?;
    let mut buf = Vec::new();
    game.legal_actions(game.side_to_move(), &mut buf);
    Ok(buf)
}

#[test]
fn with_the_paths_reading_no_move_passes_the_opponents_flag_and_nothing_else_changes() {
    game_property::<ExpandedDuke>(
        "with_the_paths_reading_no_move_passes_the_opponents_flag_and_nothing_else_changes",
        flag_configs(Objective::CountingCoup),
        // Half as many games again: only the games drawing the `Paths` reading count.
        GAMES * 3 / 2,
        Some(bias_flags),
        20,
        |step| {
            let before = step.before;
            if before.phase() != Phase::Play {
                return Ok(());
            }
            let Some(flag) = before.flags()[usize::from(1 - step.seat.0)] else { return Ok(()) };
            let (end_only, paths) = (legal_with(before, CoupFlag::EndOnly)?, legal_with(before, CoupFlag::Paths)?);
            if let Some(extra) = paths.iter().find(|a| !end_only.contains(a)) {
                return Err(format!("{extra} is legal only when the Flag bars paths"));
            }
            for &gone in end_only.iter().filter(|a| !paths.contains(a)) {
                step.reached();
                // Only a Move or an enraging whose straight path crosses the Flag: "cannot
                // enter" read as "cannot pass".
                let crossing = match gone {
                    Action::Move { from, to } | Action::Enrage { from, to, .. } => between(from, to).contains(&flag),
                    _ => false,
                };
                if !crossing {
                    return Err(format!("{gone} is barred by the opponent's Flag on {flag}"));
                }
            }
            Ok(())
        },
    );
}
