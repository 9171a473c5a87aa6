//! Rulebook "Enhanced Abilities" (Summon I, Divination II, Escape III, Ransom IV) and
//! "Enhanced Tiles" (the Duchess and the Oracle), in Expanded play with every config (`expanded_duke_configs`: the
//! enhanced tiles or not, custom sets whose tiles carry the abilities), biased toward the
//! abilities. Oracles: the Expanded reference of `tests/common/expanded.rs` and the
//! rulebook text.

use duke_core::{Observer, Seat};
use theduke_rules::testing::{before_the_dragons_turn, bias_abilities, expanded_duke_configs};
use theduke_rules::{Action, Event, ExpandedDuke, Phase, Side, Square, TileKind};

use crate::common::expanded::model;
use crate::oracle::{game_property, listed};

const GAMES: u32 = 60;

fn changed(before: &ExpandedDuke, after: &ExpandedDuke) -> Vec<Square> {
    (0..36u8).filter_map(Square::new).filter(|&sq| before.piece_at(sq) != after.piece_at(sq)).collect()
}

fn flip(side: Side) -> Side {
    if side == Side::Start { Side::Back } else { Side::Start }
}

#[test]
fn the_enhanced_tiles_are_in_each_bag_with_the_option() {
    game_property::<ExpandedDuke>(
        "the_enhanced_tiles_are_in_each_bag_with_the_option",
        expanded_duke_configs(),
        GAMES,
        None,
        1000,
        |step| {
            let config = step.after.config();
            let base = config.tiles.as_ref().map_or(15, |t| t.spec().tiles.len());
            let enhanced = config.enhanced_tiles;
            if step.after.tile_kinds() != base + if enhanced { 2 } else { 0 } {
                return Err(format!("{} tile types for a set of {base}, enhanced {enhanced}", step.after.tile_kinds()));
            }
            if !enhanced {
                return Ok(());
            }
            // "Enhanced Tiles (2 Sets)": one Duchess and one Oracle for each player, drawn
            // and placed like any tile: each is in exactly one place.
            for (k, name) in [(base, "Duchess"), (base + 1, "Oracle")] {
                let kind = TileKind(k as u8);
                if step.after.tile(kind).map(|t| t.name) != Some(name) {
                    return Err(format!("type {k} is not the {name}"));
                }
                for seat in [Seat(0), Seat(1)] {
                    let board = (0..36u8)
                        .filter_map(Square::new)
                        .filter(|&sq| step.after.piece_at(sq).is_some_and(|p| p.owner == seat && p.kind == kind))
                        .count();
                    let drawn = usize::from(
                        step.after.phase() == Phase::Place { drawn: kind } && step.after.side_to_move() == seat,
                    );
                    let divined = if step.after.side_to_move() == seat {
                        step.after.divined().iter().filter(|&&d| d == kind).count()
                    } else {
                        0
                    };
                    let total = board
                        + drawn
                        + divined
                        + usize::from(step.after.bag_count(seat, kind))
                        + usize::from(step.after.captured_count(seat, kind))
                        + usize::from(step.after.removed_count(seat, kind))
                        // Dynastic Dispute: not drafted yet (in front of the player) or
                        // drafted by the opponent (in the box).
                        + usize::from(
                            config.objective == theduke_rules::Objective::DynasticDispute
                                && !step.after.drafted(seat).contains(&kind),
                        );
                    if total != 1 {
                        return Err(format!("{seat}'s {name} is in {total} places"));
                    }
                }
            }
            step.reached();
            Ok(())
        },
    );
}

#[test]
fn summon_brings_the_tile_beside_the_flipped_duke_keeping_its_side() {
    game_property::<ExpandedDuke>(
        "summon_brings_the_tile_beside_the_flipped_duke_keeping_its_side",
        expanded_duke_configs(),
        GAMES,
        Some(bias_abilities),
        60,
        |step| {
            let Action::Summon { from, to } = step.action else { return Ok(()) };
            // The action's own effect, before the Dragon's in-between turn (it may take tiles).
            let mid = before_the_dragons_turn(step.before, step.seat, step.action).ok_or("not legal on a copy")?;
            let (before, after) = (step.before, &mid);
            let duke = before.duke_square(step.seat).ok_or("no Duke")?;
            let tile = before.piece_at(from).ok_or("no tile to summon")?;
            let abilities = before.tile(tile.kind).map(|t| t.abilities).unwrap_or_default();
            if !abilities.has(theduke_rules::Ability::Summon) || tile.owner != step.seat || from == duke {
                return Err(format!("{from} holds no Summon tile of {}", step.seat));
            }
            let beside = (to.file() - duke.file()).abs() + (to.rank() - duke.rank()).abs() == 1;
            if !beside || before.piece_at(to).is_some() {
                return Err(format!("{to} is not an empty square sharing a side with the Duke on {duke}"));
            }
            if after.piece_at(to) != Some(tile) || after.piece_at(from).is_some() {
                return Err("the summoned tile did not come, with its side".into());
            }
            let duke_before = before.piece_at(duke).ok_or("no Duke")?;
            if after.piece_at(duke).map(|p| p.side) != Some(flip(duke_before.side)) {
                return Err("the Duke did not flip in place".into());
            }
            let mut squares = changed(before, after);
            squares.sort();
            let mut want = vec![from, to, duke];
            want.sort();
            if squares != want {
                return Err(format!("squares changed: {squares:?}"));
            }
            step.reached();
            Ok(())
        },
    );
}

#[test]
fn divination_flips_back_draws_up_to_three_and_places_one() {
    game_property::<ExpandedDuke>(
        "divination_flips_back_draws_up_to_three_and_places_one",
        expanded_duke_configs(),
        GAMES,
        Some(bias_abilities),
        60,
        |step| {
            if !matches!(step.action, Action::Divine(_) | Action::Keep { .. } | Action::Return(_) | Action::Destroy(_))
            {
                return Ok(());
            }
            // The action's own effect, before any Dragon's in-between turn that ends the turn.
            let mid = before_the_dragons_turn(step.before, step.seat, step.action).ok_or("not legal on a copy")?;
            let (before, after, me) = (step.before, &mid, step.seat);
            let bag = |g: &ExpandedDuke| {
                (0..g.tile_kinds() as u8).map(|k| u32::from(g.bag_count(me, TileKind(k)))).sum::<u32>()
            };
            match step.action {
                Action::Divine(sq) => {
                    let tile = before.piece_at(sq).ok_or("no tile")?;
                    if tile.side != Side::Back || after.piece_at(sq).map(|p| p.side) != Some(Side::Start) {
                        return Err("a Divination flips a tile showing its non-starting side back".into());
                    }
                    let drawn = after.divined().len() as u32;
                    let three =
                        before.config().readings.divination_draws == theduke_rules::DivinationDraws::ExactlyThree;
                    let want = if three { 3 } else { bag(before).min(3) };
                    if drawn != want
                        || bag(after) + drawn != bag(before)
                        || after.phase() != (Phase::Divine { drawn: drawn as u8 })
                    {
                        return Err(format!("{drawn} tiles drawn from a bag of {}", bag(before)));
                    }
                    step.reached();
                }
                Action::Keep { kind, to } => {
                    let duke = before.duke_square(me).ok_or("no Duke")?;
                    let beside = (to.file() - duke.file()).abs() + (to.rank() - duke.rank()).abs() == 1;
                    let placed = after.piece_at(to) == Some(theduke_rules::Piece::new(kind, me));
                    if !before.divined().contains(&kind) || !beside || !placed {
                        return Err(format!("kept {kind:?} on {to}: not a divined tile placed beside the Duke"));
                    }
                    step.reached();
                }
                Action::Return(kind) if after.bag_count(me, kind) != before.bag_count(me, kind) + 1 => {
                    return Err("a returned tile goes back into the bag".into());
                }
                // Within a type the tiles sent back come first (reading 32): a destroy takes
                // every divined tile of its type left.
                Action::Destroy(kind)
                    if after.removed_count(me, kind)
                        != before.removed_count(me, kind)
                            + before.divined().iter().filter(|&&d| d == kind).count() as u8
                        || after.captured_count(me, kind) != before.captured_count(me, kind)
                        || after.divined().contains(&kind) =>
                {
                    return Err("destroyed tiles go beside the board, not to the opponent".into());
                }
                _ => {}
            }
            // The later steps are the same player's until every divined tile is dealt with.
            let after = step.after;
            if matches!(after.phase(), Phase::Divine { .. } | Phase::Dismiss { .. }) && after.side_to_move() != me {
                return Err("the turn passed with divined tiles in hand".into());
            }
            Ok(())
        },
    );
}

#[test]
fn divined_tiles_are_hidden_from_the_opponent() {
    game_property::<ExpandedDuke>(
        "divined_tiles_are_hidden_from_the_opponent",
        expanded_duke_configs(),
        GAMES,
        Some(bias_abilities),
        60,
        |step| {
            let (after, me) = (step.after, step.seat);
            let opponent = Observer::Seat(Seat(1 - me.0));
            // Reading 30's other reading shows the tiles to everyone.
            let shown = after.config().readings.divination_shown == theduke_rules::DivinationShown::Everyone;
            for observer in [opponent, Observer::Spectator] {
                let events = step.events(observer);
                for event in &events {
                    let leak = matches!(event, Event::DivinedTiles { .. } | Event::Returned { tile: Some(_), .. });
                    if leak && !shown {
                        return Err(format!("{observer:?} sees {event}"));
                    }
                }
                let told = |e: &Event| matches!(e, Event::DivinedTiles { .. } | Event::Returned { tile: Some(_), .. });
                if shown && matches!(step.action, Action::Divine(_) | Action::Return(_)) && !events.iter().any(told) {
                    return Err(format!("{observer:?} is not shown the divined tiles of {}", step.action));
                }
                let named = duke_core::Game::notation_for(step.before, me, step.action, observer)
                    .contains(&step.action.to_string());
                if matches!(step.action, Action::Return(_)) && named != shown {
                    return Err(format!("the return's tile type in the others' notation: {named}, shown: {shown}"));
                }
            }
            if matches!(after.phase(), Phase::Divine { .. } | Phase::Dismiss { .. }) {
                let hand = after.divined();
                let theirs = duke_core::Game::view(after, opponent);
                let own = duke_core::Game::view(after, Observer::Seat(me));
                let merged = |k: usize| {
                    u32::from(after.bag_count(me, TileKind(k as u8)))
                        + hand.iter().filter(|h| h.index() == k).count() as u32
                };
                let bags_merged = (0..after.tile_kinds()).all(|k| u32::from(theirs.bags[me.index()][k]) == merged(k));
                let theirs_right = if shown {
                    theirs == theduke_rules::View { observer: opponent, ..own.clone() }
                } else {
                    theirs.hand.is_none() && bags_merged
                };
                if !theirs_right || own.hand.as_ref() != Some(&hand) {
                    return Err("the views show the divined tiles to the wrong seat".into());
                }
                step.reached();
            }
            Ok(())
        },
    );
}

#[test]
fn no_ability_leaves_the_duke_capturable() {
    game_property::<ExpandedDuke>(
        "no_ability_leaves_the_duke_capturable",
        expanded_duke_configs(),
        GAMES,
        Some(bias_abilities),
        200,
        |step| {
            let m = model(step.before);
            let listed = listed(step);
            let mut abilities = m.ability_candidates(step.seat);
            abilities.extend(m.escape_candidates(step.seat));
            for a in &abilities {
                if step.before.phase() == Phase::Play && listed.contains(a) != m.allowed(step.seat, *a) {
                    return Err(format!("{a}: listed {} but the Duke-danger rule says otherwise", listed.contains(a)));
                }
            }
            if step.before.phase() == Phase::Play && !abilities.is_empty() {
                step.reached();
            }
            Ok(())
        },
    );
}

/// The starting squares of `seat`'s Duke.
fn starts(seat: Seat) -> [Square; 2] {
    let rank = if seat.0 == 0 { 0 } else { 5 };
    [Square::at(2, rank).unwrap(), Square::at(3, rank).unwrap()]
}

#[test]
fn escape_pays_then_goes_to_a_starting_square_on_its_starting_side() {
    game_property::<ExpandedDuke>(
        "escape_pays_then_goes_to_a_starting_square_on_its_starting_side",
        expanded_duke_configs(),
        GAMES * 2,
        Some(bias_abilities),
        200,
        |step| {
            let Action::Escape { from, to, cost } = step.action else { return Ok(()) };
            // The action's own effect, before the Dragon's in-between turn (it may take tiles).
            let mid = before_the_dragons_turn(step.before, step.seat, step.action).ok_or("not legal on a copy")?;
            let (before, after, me) = (step.before, &mid, step.seat);
            let tile = before.piece_at(from).ok_or("no escaping tile")?;
            let escapes = before.tile(tile.kind).is_some_and(|t| t.abilities.has(theduke_rules::Ability::Escape));
            if !escapes || tile.owner != me {
                return Err(format!("{from} holds no Escape tile of {me}"));
            }
            if !starts(me).contains(&to) || to == from {
                return Err(format!("{to} is not another starting square of {me}'s Duke"));
            }
            if after.piece_at(to) != Some(theduke_rules::Piece { side: Side::Start, ..tile })
                || after.piece_at(from).is_some()
            {
                return Err("the tile did not go to the square on its starting side".into());
            }
            if let Some(victim) = cost.sacrificed() {
                let v = before.piece_at(victim).ok_or("nothing to sacrifice")?;
                let beside = (victim.file() - from.file()).abs() + (victim.rank() - from.rank()).abs() == 1;
                if v.owner != me || !beside || v.kind == TileKind::DUKE {
                    return Err(format!("{victim} is not a friendly tile beside the Escape tile"));
                }
                if after.removed_count(me, v.kind) < before.removed_count(me, v.kind) + 1 {
                    return Err("the sacrificed tile is not beside the board".into());
                }
            }
            // What stood on the square: an enemy is captured; a friend (other than the cost)
            // only when every other starting square holds a friend, and it is sacrificed.
            if let Some(occupant) = before.piece_at(to).filter(|_| cost.sacrificed() != Some(to)) {
                if occupant.owner != me {
                    // A Ransom tile of the same type given back as the cost leaves the pile.
                    let given = u8::from(cost.ransomed() == Some(occupant.kind));
                    let want = before.captured_count(occupant.owner, occupant.kind) + 1 - given;
                    if after.captured_count(occupant.owner, occupant.kind) != want {
                        return Err("the enemy on the square was not captured".into());
                    }
                } else {
                    // No tile ends on the Mountain or the Dragon (reading 38): a starting
                    // square under either is no square to go to.
                    let terrain = before.terrain();
                    let open =
                        |sq: Square| terrain.mountain != Some(sq) && terrain.dragon.map(|d| d.square) != Some(sq);
                    let others_friendly = starts(me)
                        .iter()
                        .filter(|&&sq| sq != from && open(sq))
                        .all(|&sq| Some(sq) != cost.sacrificed() && before.piece_at(sq).is_some_and(|p| p.owner == me));
                    if !others_friendly {
                        return Err("a friend sacrificed while a starting square was free".into());
                    }
                }
            }
            step.reached();
            Ok(())
        },
    );
}

#[test]
fn a_ransom_tile_goes_back_into_its_owners_bag() {
    game_property::<ExpandedDuke>(
        "a_ransom_tile_goes_back_into_its_owners_bag",
        expanded_duke_configs(),
        GAMES * 3,
        Some(bias_abilities),
        50,
        |step| {
            if !matches!(step.action, Action::Escape { .. } | Action::Ransom { .. }) {
                return Ok(());
            }
            // The action's own effect, before the Dragon's in-between turn (it may take the
            // tile that came back: a fuzzing run with another seed met it).
            let mid = before_the_dragons_turn(step.before, step.seat, step.action).ok_or("not legal on a copy")?;
            let (before, after, me) = (step.before, &mid, step.seat);
            let opp = Seat(1 - me.0);
            let given = match step.action {
                Action::Escape { cost, .. } => cost.ransomed(),
                Action::Ransom { give, take, to } => {
                    // The trade: the own captured Escape tile comes back onto a starting square.
                    let back = after.piece_at(to) == Some(theduke_rules::Piece::new(take, me));
                    if !back
                        || after.captured_count(me, take) + 1 != before.captured_count(me, take)
                        || !starts(me).contains(&to)
                    {
                        return Err("the Escape tile traded back is not on a starting square".into());
                    }
                    Some(give)
                }
                _ => None,
            };
            let Some(kind) = given else { return Ok(()) };
            let ransom = before.tile(kind).is_some_and(|t| t.abilities.has(theduke_rules::Ability::Ransom));
            if !ransom || before.captured_count(opp, kind) == 0 {
                return Err(format!("type {} is not a captured Ransom tile of {opp}", kind.0));
            }
            // The tile landing may capture another of the same type on its square.
            let landed = match step.action {
                Action::Escape { to, .. } | Action::Ransom { to, .. } => to,
                _ => unreachable!(),
            };
            let captured_there = u8::from(before.piece_at(landed).is_some_and(|p| p.owner == opp && p.kind == kind));
            if after.captured_count(opp, kind) + 1 != before.captured_count(opp, kind) + captured_there
                || after.bag_count(opp, kind) != before.bag_count(opp, kind) + 1
            {
                return Err("the Ransom tile did not go back into its owner's bag".into());
            }
            step.reached();
            Ok(())
        },
    );
}

#[test]
fn a_ransom_trade_takes_back_what_the_reading_allows() {
    game_property::<ExpandedDuke>(
        "a_ransom_trade_takes_back_what_the_reading_allows",
        expanded_duke_configs(),
        GAMES * 3,
        Some(bias_abilities),
        30,
        |step| {
            let (before, me) = (step.before, step.seat);
            let any = before.config().readings.ransom_trade == theduke_rules::RansomTrade::AnyTile;
            // Every own captured tile the reading allows, traded for a captured Ransom tile.
            let allowed = |take: TileKind| {
                before.captured_count(me, take) > 0
                    && (any || before.tile(take).is_some_and(|t| t.abilities.has(theduke_rules::Ability::Escape)))
            };
            for action in listed(step) {
                if let Action::Ransom { take, .. } = action
                    && !allowed(take)
                {
                    return Err(format!("{action} takes back type {} (any tile: {any})", take.0));
                }
            }
            if let Action::Ransom { take, .. } = step.action {
                let escape = before.tile(take).is_some_and(|t| t.abilities.has(theduke_rules::Ability::Escape));
                if any && !escape {
                    step.reached();
                }
            }
            Ok(())
        },
    );
}
