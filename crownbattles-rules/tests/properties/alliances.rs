//! Rulebook "Alliances": the teams ("Normal Bidding Alliances", "Missions Alliances") and
//! the "Secret Note" (RULES.md, readings 57 to 59). The scoring is checked with every
//! other round type's in `scoring.rs`, the one double bid per team in `how_to_play.rs`.

use std::cell::Cell;
use std::collections::BTreeSet;

use crownbattles_rules::{Action, Face, Phase, Place, RoundType, TeamFormation};
use duke_core::{Game, Observer, Seat};

use crate::oracle::{Table, ally_of, focused_property, property, view_of};

fn alliance_round(t: &Table) -> bool {
    t.view.round_type.is_alliance()
}

/// "Players pair up in teams of two, with the dealer determining team formations. In
/// case of an odd number of players, the dealer chooses who plays solo": while the teams
/// are formed only the dealer acts, naming the solo player first (odd counts), then the
/// lowest seat not placed with any other (reading 57; with the random option nobody
/// does); once the round is under way every seat is on a team of two or solo, allied both
/// ways, one solo player exactly when the count is odd.
#[test]
fn alliance_teams_are_formed_by_the_dealer() {
    let solos = Cell::new(0);
    property("alliance_teams_are_formed_by_the_dealer", None, 200, |step| {
        let t = step.before;
        if !alliance_round(t) || t.over {
            return Ok(());
        }
        step.reached();
        let alliance = t.view.alliance.as_ref().ok_or("an Alliance round's view shows no teams")?;
        if t.phase == Phase::Teams {
            if t.config.team_formation != TeamFormation::Dealer {
                return Err("the dealer forms teams the generator forms".into());
            }
            let to_act: Vec<Seat> = step.check.before.to_act().iter().collect();
            if to_act != vec![t.dealer] {
                return Err(format!("{to_act:?} act while the dealer forms the teams"));
            }
            let open: Vec<Seat> =
                t.seats().filter(|&s| alliance.allies[s.index()].is_none() && alliance.solo != Some(s)).collect();
            let want: BTreeSet<String> = if t.n % 2 == 1 && alliance.solo.is_none() {
                open.iter().map(|s| format!("team {s}")).collect()
            } else {
                open.iter().skip(1).map(|s| format!("team {} {s}", open[0])).collect()
            };
            if step.legal(t.dealer) != want {
                return Err(format!("the dealer may {:?}, want {want:?}", step.legal(t.dealer)));
            }
            return Ok(());
        }
        if t.phase == Phase::ChooseTrump {
            return Ok(());
        }
        for s in t.seats() {
            match alliance.allies[s.index()] {
                Some(a) if a != s && alliance.allies[a.index()] == Some(s) => {}
                None if alliance.solo == Some(s) => {}
                other => return Err(format!("{s}'s ally is {other:?} ({alliance:?})")),
            }
        }
        if alliance.solo.is_some() != (t.n % 2 == 1) {
            return Err(format!("solo {:?} with {} players", alliance.solo, t.n));
        }
        if alliance.solo.is_some() {
            solos.set(solos.get() + 1);
        }
        Ok(())
    });
    assert!(solos.get() >= 20, "{} steps with a solo player", solos.get());
}

/// The "Secret Note" token: "show a card of their choice to their ally once per round …
/// when it's your turn" (reading 58: a bidding, play or mission choice turn): a note is
/// listed exactly for the seat whose turn it is, with an ally and its note unused, one per
/// face of its hand; afterwards the ally knows where the card is, nobody else learns it,
/// and every view shows that the seat used its note.
#[test]
fn secret_notes_are_shown_once_per_round_to_the_ally_only() {
    let shown = Cell::new(0);
    focused_property(
        "secret_notes_are_shown_once_per_round_to_the_ally_only",
        RoundType::Alliances,
        None,
        100,
        |step| {
            let t = step.before;
            let me = step.seat();
            let used = |t: &Table| t.view.alliance.as_ref().is_some_and(|a| a.notes.contains(&me));
            let turn = match t.phase {
                Phase::Bidding(s) | Phase::Play(s) => s == me,
                Phase::Missions => step.check.before.to_act().contains(me),
                _ => false,
            };
            let open = alliance_round(t) && turn && ally_of(t, me).is_some() && !used(t);
            let notes: BTreeSet<String> = step.legal(me).into_iter().filter(|a| a.starts_with("note ")).collect();
            let want: BTreeSet<String> =
                if open { t.hand(me).iter().map(|f| format!("note {f}")).collect() } else { BTreeSet::new() };
            if notes != want {
                return Err(format!("{me} may show {notes:?}, want {want:?}"));
            }
            let Action::Note(face) = step.action() else { return Ok(()) };
            step.reached();
            shown.set(shown.get() + 1);
            let ally = ally_of(t, me).ok_or("a note without an ally")?;
            if !used(step.after) || step.after.phase != t.phase {
                return Err("the note is not marked used, or the turn moved on".into());
            }
            let knows = |x: Seat, state: &crownbattles_rules::CrownBattles| {
                view_of(state, x).known.iter().filter(|&&(p, f)| p == Place::Hand(me) && f == face).count()
            };
            if knows(ally, step.check.after) == 0 {
                return Err(format!("{ally} does not know the {face} {me} showed"));
            }
            for x in t.seats().filter(|&x| x != ally && x != me) {
                if knows(x, step.check.after) != knows(x, step.check.before) {
                    return Err(format!("{x} learned the {face} {me} showed its ally"));
                }
            }
            let spectator: Vec<(Place, Face)> = step.check.after.view(Observer::Spectator).known;
            if spectator != step.check.before.view(Observer::Spectator).known {
                return Err("a spectator learned the noted card".into());
            }
            Ok(())
        },
    );
    assert!(shown.get() >= 100, "{} notes shown", shown.get());
}
