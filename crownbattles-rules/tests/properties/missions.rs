//! Rulebook "Missions" and "Blind Missions": dealing, choosing, revealing and scoring the
//! missions (RULES.md, readings 37 and 38).

use std::cell::Cell;
use std::collections::BTreeSet;

use crownbattles_rules::testing::bias_power_cards;
use crownbattles_rules::{Action, Condition, Event, MissionCard, MissionReveal, Phase, RoundType, Trump};
use duke_core::{Game, Observer, Seat};

use crate::oracle::{Table, Won, clockwise, focused_property, mission_points, property, view_of};

fn missions_round(t: &Table) -> bool {
    matches!(t.view.round_type, RoundType::Missions | RoundType::BlindMissions)
}

/// "If a mission is undoable in a particular round, draw another one": its table has a
/// value for the player count and the cards dealt, and it can be met (enough tricks, a
/// trump suit for the trump missions).
fn feasible(t: &Table, trump: Trump) -> Vec<(u8, Condition)> {
    let dealt = t.dealt();
    t.config
        .missions
        .catalogue
        .iter()
        .enumerate()
        .filter(|(_, m)| {
            m.points.points(t.config.players, dealt).is_some()
                && match m.condition {
                    Condition::AtLeast(k) | Condition::Between(k, _) | Condition::NoneOfFirst(k) => k <= dealt,
                    Condition::TrumpTrick | Condition::TrumpOverLead => trump != Trump::NoTrump,
                    other => panic!("the oracle does not know the condition {other:?}"),
                }
        })
        .map(|(i, m)| (i as u8, m.condition))
        .collect()
}

/// "Players are given 5 missions cards to choose one from", feasible ones only, a
/// duplicate switched for another: when the choice opens, each player holds the
/// configured number of missions (all the distinct feasible ones when fewer), every one
/// feasible, no condition twice; each sees its own in [`Event::MissionsDealt`] and nobody
/// else's.
#[test]
fn missions_dealt_are_feasible_distinct_and_five_at_most() {
    let short = Cell::new(0);
    focused_property("missions_dealt_are_feasible_distinct_and_five_at_most", RoundType::Missions, None, 130, |step| {
        let t = step.after;
        let dealing = missions_round(t) || t.view.round_type == RoundType::MissionsAlliances;
        let opened =
            dealing && t.phase == Phase::Missions && (step.before.phase != Phase::Missions || step.ends_round());
        if !opened {
            return Ok(());
        }
        step.reached();
        let feasible = feasible(t, t.trump);
        let kinds: BTreeSet<Condition> = feasible.iter().map(|&(_, c)| c).collect();
        let want = kinds.len().min(usize::from(t.config.missions.choices));
        if want < usize::from(t.config.missions.choices) {
            short.set(short.get() + 1);
        }
        for s in t.seats() {
            let offered = view_of(step.check.after, s).offered;
            let conditions: BTreeSet<Condition> =
                offered.iter().filter_map(|&id| feasible.iter().find(|f| f.0 == id).map(|f| f.1)).collect();
            if offered.len() != want || conditions.len() != want {
                return Err(format!("{s} is offered {offered:?} of the feasible {feasible:?} ({want} wanted)"));
            }
            for x in t.seats() {
                let dealt = step.events(Observer::Seat(x)).into_iter().find_map(|e| match e {
                    Event::MissionsDealt { seat, missions } => Some((seat, missions)),
                    _ => None,
                });
                let own = x == s;
                let cards: Vec<MissionCard> = offered
                    .iter()
                    .filter_map(|&id| feasible.iter().find(|f| f.0 == id).map(|f| MissionCard { id, condition: f.1 }))
                    .collect();
                if own && dealt != Some((Some(s), cards)) {
                    return Err(format!("{s} is told its missions as {dealt:?}, holds {offered:?}"));
                }
            }
        }
        Ok(())
    });
    assert!(short.get() >= 20, "only {} deals with fewer missions than offered", short.get());
}

/// "Reveal their chosen missions one by one starting from the player to the left of the
/// dealer" (reading 38: each chooses in turn and is seen at once), or the variation "reveal
/// their chosen mission simultaneously" (all choose face down, turned up after the last),
/// or "Blind Missions": "Players keep their Missions secret". A shield or the Smuggler's
/// swap may come first, as before a bid.
#[test]
fn missions_are_chosen_in_turn_or_face_down() {
    // (Twice the games: two of eight round types.)
    focused_property(
        "missions_are_chosen_in_turn_or_face_down",
        RoundType::Missions,
        Some(bias_power_cards),
        750,
        |step| {
            let t = step.before;
            if t.phase != Phase::Missions {
                return Ok(());
            }
            step.reached();
            let waiting: Vec<Seat> = t.seats().filter(|&s| !view_of(step.check.before, s).offered.is_empty()).collect();
            // (Missions-Alliances: "it's a Missions round too".)
            let open = matches!(t.view.round_type, RoundType::Missions | RoundType::MissionsAlliances);
            let in_turn = open && t.config.missions.reveal == MissionReveal::InTurn;
            let to_act: Vec<Seat> = step.check.before.to_act().iter().collect();
            let want = if in_turn {
                (0..t.n).map(|k| clockwise(t.dealer, k + 1, t.n)).filter(|s| waiting.contains(s)).take(1).collect()
            } else {
                waiting.clone()
            };
            if to_act != want {
                return Err(format!("{to_act:?} choose, want {want:?}"));
            }
            let me = step.seat();
            let offered = view_of(step.check.before, me).offered;
            let missions: BTreeSet<String> = offered.iter().map(|id| format!("mission {id}")).collect();
            let legal = step.legal(me);
            let others: Vec<&String> = legal
                .iter()
                .filter(|a| !missions.contains(*a) && *a != "shield" && !a.starts_with("smuggle"))
                .collect();
            // (Alliances' Secret Note may be shown on the mission choice's turn.)
            let others: Vec<&String> = others.into_iter().filter(|a| !a.starts_with("note ")).collect();
            if !others.is_empty() || !missions.iter().all(|m| legal.contains(m)) {
                return Err(format!("{me} may {legal:?} holding {offered:?}"));
            }
            let Action::Mission(id) = step.action() else { return Ok(()) };
            let done = step.after.phase != Phase::Missions;
            for x in t.seats() {
                let seen = view_of(step.check.after, x).missions.get(me.index()).copied().flatten();
                let shown = x == me || in_turn || (open && done);
                if seen != shown.then_some(id) {
                    return Err(format!("{x:?} sees {me}'s mission as {seen:?}"));
                }
            }
            Ok(())
        },
    );
}

/// "Players who fail their mission … lose 20 points"; "Players who complete their mission
/// … earn points based on the mission's assigned value" (its table's cell for the player
/// count and the cards dealt); "Blind Missions" reveal them at the round's end. Judged from
/// the actions and the tricks alone.
#[test]
fn missions_score_their_cell_when_met_and_lose_20_when_failed() {
    let (met, failed) = (Cell::new(0), Cell::new(0));
    let bias: Option<duke_core::testing::invariants::Bias<crownbattles_rules::CrownBattles>> = Some(bias_power_cards);
    focused_property(
        "missions_score_their_cell_when_met_and_lose_20_when_failed",
        RoundType::Missions,
        bias,
        150,
        |step| {
            let t = step.before;
            if !missions_round(t) || !step.ends_round() {
                return Ok(());
            }
            step.reached();
            let mut won: Vec<Won> = step.memory.won.clone();
            let mut tricks = t.tricks.clone();
            if let Some(c) = step.completed_trick() {
                let w = Won::of(&c, t.n, t.config.wizard_affects_kings);
                if let Some(s) = w.winner {
                    tricks[s.index()] += 1;
                }
                won.push(w);
            }
            if let (Phase::Effect { .. }, Action::Steal(from)) = (t.phase, step.action()) {
                tricks[from.index()] -= 1;
                tricks[step.seat().index()] += 1;
            }
            let scored = step.events(Observer::Spectator).into_iter().find_map(|e| match e {
                Event::RoundScored { points, .. } => Some(points),
                _ => None,
            });
            let mut want = Vec::new();
            for s in t.seats() {
                let mission = step.memory.missions.get(&s).copied();
                let p = mission_points(&t.config, t.dealt(), s, mission, tricks[s.index()], &won);
                match (mission, p) {
                    (Some(_), -20) => failed.set(failed.get() + 1),
                    (Some(_), _) => met.set(met.get() + 1),
                    _ => {}
                }
                want.push(p);
            }
            if scored.as_ref() != Some(&want) {
                return Err(format!("the round scored {scored:?}, want {want:?} (tricks {tricks:?})"));
            }
            // The missions are turned up for everyone at the round's end.
            let chosen: Vec<Option<u8>> = t.seats().map(|s| step.memory.missions.get(&s).copied()).collect();
            if !step.after.over && step.after.view.revealed_missions != chosen && chosen.iter().any(Option::is_some) {
                return Err(format!("revealed {:?}, chosen {chosen:?}", step.after.view.revealed_missions));
            }
            Ok(())
        },
    );
    assert!(met.get() >= 50 && failed.get() >= 50, "{} met, {} failed", met.get(), failed.get());
}

/// "Blind Missions": "Players keep their Missions secret" until the round's end: every
/// view of a seat shows only its own mission, and no event names another's choice.
#[test]
fn blind_missions_stay_secret_until_the_rounds_end() {
    property("blind_missions_stay_secret_until_the_rounds_end", None, 300, |step| {
        let t = step.after;
        if t.view.round_type != RoundType::BlindMissions || step.ends_round() {
            return Ok(());
        }
        step.reached();
        for x in t.seats() {
            let view = view_of(step.check.after, x);
            if view.missions.iter().enumerate().any(|(s, m)| s != x.index() && m.is_some()) {
                return Err(format!("{x} sees {:?}", view.missions));
            }
            for e in step.events(Observer::Seat(x)) {
                let names_other = match &e {
                    Event::Acted { seat, action: Action::Mission(_) } => *seat != x,
                    Event::MissionsRevealed { .. } => true,
                    _ => false,
                };
                if names_other {
                    return Err(format!("{x} sees {e}"));
                }
            }
        }
        Ok(())
    });
}
