//! Rulebook "Alternate Objectives", Dark Rider, in Expanded play with that objective
//! (`testing::dark_rider_configs`, terrain and the Dragon in some games): the deployment,
//! the edge freeze and the objective's endings, each checked on the public accessors
//! (board, captured and removed tiles, phase) against the rulebook text.

use duke_core::Seat;
use theduke_rules::testing::dark_rider_configs;
use theduke_rules::{
    Action, DarkRider, DarkRiderEnd, DragonDuke, EndReason, Ending, ExpandedDuke, Objective, Phase, Rider, Square,
    TileKind,
};

use crate::oracle::{game_property, squares};

const GAMES: u32 = 60;

/// The options, the Pikeman player, the Pikeman's and the rider's types (by name).
fn armies(state: &ExpandedDuke) -> (DarkRider, Seat, TileKind, TileKind) {
    let Objective::DarkRider(options) = state.config().objective else { panic!("not a Dark Rider game") };
    let kind = |name: &str| TileKind(state.tile_source().tiles().iter().position(|t| t.name == name).unwrap() as u8);
    let rider = kind(if options.rider == Rider::Knight { "Knight" } else { "Ranger" });
    (options, state.first_player(), kind("Pikeman"), rider)
}

/// The squares holding `owner`'s tiles of type `kind`.
fn tiles_of(state: &ExpandedDuke, owner: Seat, kind: TileKind) -> impl Iterator<Item = Square> + '_ {
    squares().filter(move |&s| state.piece_at(s).is_some_and(|p| p.owner == owner && p.kind == kind))
}

/// `seat`'s home edge: rank 1 for P0, rank 6 for P1.
fn home(seat: Seat) -> i8 {
    if seat.0 == 0 { 0 } else { 5 }
}

/// The Pikemen on the rider player's edge.
fn through(state: &ExpandedDuke) -> Vec<Square> {
    let (_, pikes, pikeman, _) = armies(state);
    let far = home(Seat(1 - pikes.0));
    tiles_of(state, pikes, pikeman).filter(|s| s.rank() == far).collect()
}

#[test]
fn dark_rider_deploys_the_pikemen_then_the_rider_on_their_home_edges_and_the_rider_moves_first() {
    game_property::<ExpandedDuke>(
        "dark_rider_deploys_the_pikemen_then_the_rider_on_their_home_edges_and_the_rider_moves_first",
        dark_rider_configs(),
        GAMES,
        None,
        200,
        |step| {
            let (before, after, seat) = (step.before, step.after, step.seat);
            let (options, pikes, pikeman, rider) = armies(before);
            // No bag: nothing is ever drawn.
            if step.legal_before(seat).contains(&Action::Draw) {
                return Err("a draw is listed".into());
            }
            if before.phase() != Phase::Deploy {
                return Ok(());
            }
            step.reached();
            let placed = tiles_of(before, pikes, pikeman).count();
            let want_seat = if placed < usize::from(options.pikemen) { pikes } else { Seat(1 - pikes.0) };
            if seat != want_seat {
                return Err(format!("{seat} deploys with {placed} Pikemen down"));
            }
            let mut listed: Vec<String> = step.legal_before(seat).iter().map(ToString::to_string).collect();
            listed.sort();
            let mut want: Vec<String> = squares()
                .filter(|s| s.rank() == home(seat) && before.piece_at(*s).is_none())
                .map(|s| format!("deploy {s}"))
                .collect();
            want.sort();
            if listed != want {
                return Err(format!("listed {listed:?}, the empty squares of the edge are {want:?}"));
            }
            let Action::Deploy(square) = step.action else { return Err(format!("{} in set-up", step.action)) };
            let kind = if seat == pikes { pikeman } else { rider };
            if after.piece_at(square).map(|p| (p.kind, p.owner, p.side))
                != Some((kind, seat, theduke_rules::Side::Start))
            {
                return Err(format!("{square} does not hold {seat}'s new tile starting side up"));
            }
            if seat != pikes && (after.phase() != Phase::Play || after.side_to_move() != seat) {
                return Err("the rider player does not take the first turn".into());
            }
            Ok(())
        },
    );
}

#[test]
fn pikemen_on_the_riders_edge_never_act_never_leave_and_are_never_captured() {
    game_property::<ExpandedDuke>(
        "pikemen_on_the_riders_edge_never_act_never_leave_and_are_never_captured",
        dark_rider_configs(),
        GAMES,
        None,
        200,
        |step| {
            let (before, after, seat) = (step.before, step.after, step.seat);
            let frozen = through(before);
            if frozen.is_empty() || before.phase() != Phase::Play {
                return Ok(());
            }
            step.reached();
            for action in step.legal_before(seat) {
                let touched = match action {
                    Action::Move { from, to } => [Some(from), Some(to)],
                    Action::Strike { from, target } => [Some(from), Some(target)],
                    Action::Enrage { from, to, .. } => [Some(from), Some(to)],
                    Action::Command { from, to, .. } => [Some(from), Some(to)],
                    _ => [None, None],
                };
                if let Some(sq) = touched.into_iter().flatten().find(|s| frozen.contains(s)) {
                    return Err(format!("{action} moves or captures the frozen Pikeman on {sq}"));
                }
            }
            // Only the Dragon may take one, and not with the reading that spares them (reading
            // 57): none leaves otherwise.
            let (_, pikes, pikeman, _) = armies(before);
            let taken = after.removed_count(pikes, pikeman) > before.removed_count(pikes, pikeman);
            let spared = before.config().readings.dark_rider_freeze == theduke_rules::EdgeFreeze::Everything;
            if let Some(sq) = frozen.iter().find(|&&s| before.piece_at(s) != after.piece_at(s))
                && !(taken && after.dragon().is_some() && !spared)
            {
                return Err(format!("the frozen Pikeman on {sq} left"));
            }
            Ok(())
        },
    );
}

/// The ending the rulebook gives the position after a turn, if any.
fn objective_ending(state: &ExpandedDuke) -> Option<Ending> {
    let (_, pikes, pikeman, rider) = armies(state);
    let riders = Seat(1 - pikes.0);
    let won = |w: Seat, how| Some(Ending { winner: Some(w), reason: EndReason::DarkRider(how) });
    if squares().all(|s| state.piece_at(s).is_none_or(|p| p.owner != riders)) {
        if state.captured_count(riders, rider) > 0 {
            return won(pikes, DarkRiderEnd::RiderCaptured);
        }
        let winner = (state.config().readings.dragon_duke == DragonDuke::OwnerLoses).then_some(pikes);
        return Some(Ending { winner, reason: EndReason::DarkRider(DarkRiderEnd::RiderTakenByDragon) });
    }
    let captured = state.captured_count(pikes, pikeman);
    if captured >= 3 {
        return won(riders, DarkRiderEnd::PikemenCaptured);
    }
    if captured < 2 && through(state).len() >= 3 {
        return won(pikes, DarkRiderEnd::PikemenThrough);
    }
    None
}

#[test]
fn dark_rider_ends_as_soon_as_an_objective_is_met_and_only_then() {
    game_property::<ExpandedDuke>(
        "dark_rider_ends_as_soon_as_an_objective_is_met_and_only_then",
        dark_rider_configs(),
        GAMES * 2,
        None,
        30,
        |step| {
            let after = step.after;
            if step.before.phase() != Phase::Play {
                return Ok(());
            }
            let want = objective_ending(after);
            match (after.phase(), want) {
                (Phase::Over(end), Some(want)) if end == want => {
                    step.reached();
                    Ok(())
                }
                (Phase::Over(end), None) if matches!(end.reason, EndReason::NoLegalAction | EndReason::TurnLimit) => {
                    Ok(())
                }
                (Phase::Play, None) => Ok(()),
                (phase, want) => Err(format!("{phase:?} where the objective says {want:?}")),
            }
        },
    );
}

/// The squares `state`'s player to act could capture on with a listed action.
fn capture_squares(state: &ExpandedDuke) -> Vec<Square> {
    let mut listed = Vec::new();
    duke_core::Game::legal_actions(state, state.side_to_move(), &mut listed);
    listed
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { to, .. } | Action::Command { to, .. } => Some(to),
            Action::Strike { target, .. } => Some(target),
            _ => None,
        })
        .collect()
}

#[test]
fn with_the_protecting_reading_the_rider_is_never_left_to_a_pikeman() {
    game_property::<ExpandedDuke>(
        "with_the_protecting_reading_the_rider_is_never_left_to_a_pikeman",
        dark_rider_configs(),
        GAMES * 2,
        None,
        100,
        |step| {
            let (before, seat) = (step.before, step.seat);
            let (_, pikes, _, rider) = armies(before);
            if before.phase() != Phase::Play || seat == pikes {
                return Ok(());
            }
            let guarded = before.config().readings.dark_rider_danger == theduke_rules::RiderDanger::Avoided;
            // The position the Pikeman player faces, before the Dragon's turn (reading 46).
            let Some(mid) = theduke_rules::testing::before_the_dragons_turn(before, seat, step.action) else {
                return Err(format!("{} is not legal", step.action));
            };
            if mid.phase() != Phase::Play {
                return Ok(());
            }
            let Some(at) = tiles_of(&mid, seat, rider).next() else { return Ok(()) };
            let exposed = capture_squares(&mid).contains(&at);
            if guarded {
                step.reached();
                if exposed {
                    return Err(format!("{} leaves the protected rider on {at} to a Pikeman", step.action));
                }
            }
            Ok(())
        },
    );
}
