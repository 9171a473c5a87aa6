//! Rulebook "Special Power cards": the Summoner, the non-action cards (Double-faced, Golem
//! King, Dragon King) and "Notes" (Special Power cards fight as Peasants, except GG, DD,
//! Double-faced and Summoner).

use std::cell::Cell;

use crownbattles_rules::testing::{bias_power_cards, bias_special_cards};
use crownbattles_rules::{Action, Event, Face, Phase, Power};
use duke_core::Observer;

use crate::how_to_play::check_trick;
use crate::oracle::{Kind, Step, fighters, is_action_card, notation, property};

/// The form the played card fights in, as the table (or the trick just taken) shows it.
fn shown_form(step: &Step) -> Option<String> {
    let taken = step.events(Observer::Spectator).into_iter().find_map(|e| match e {
        Event::TrickTaken { cards, .. } => cards.last().map(|c| c.form.to_string()),
        _ => None,
    });
    taken.or_else(|| {
        let trick = &step.after.view.trick;
        (trick.len() == step.before.trick.len() + 1).then(|| trick.last().map(|c| c.form.to_string())).flatten()
    })
}

#[test]
fn the_summoner_copies_the_card_before_it_a_bit_stronger() {
    let copies = Cell::new([0u32; 3]);
    property("the_summoner_copies_the_card_before_it_a_bit_stronger", Some(bias_special_cards), 60, |step| {
        let summoner = Face::Power(Power::Summoner);
        // A face-down Summoner's form shows at the reveal (Stealth Play, reading 35): when
        // its card completes the trick.
        if !matches!(step.before.phase, Phase::Play(_))
            || step.action() != Action::Play(summoner)
            || crate::oracle::face_down(step.before) && step.completed_trick().is_none()
        {
            return Ok(());
        }
        step.reached();
        let mut trick = step.before.trick.clone();
        trick.push(summoner);
        let all = fighters(&trick, step.before.df_golem);
        let me = all.last().unwrap();
        let mut seen = copies.get();
        match (all.len() >= 2, me.kind, me.action) {
            (_, _, Some(_)) => seen[2] += 1,
            (true, Kind::Number { .. }, _) => seen[0] += 1,
            _ => seen[1] += 1,
        }
        copies.set(seen);
        let want = notation(me.kind);
        match shown_form(step) {
            Some(form) if form == want => Ok(()),
            other => Err(format!("the Summoner after {:?} fights as {other:?}, want {want}", step.before.trick)),
        }
    });
    eprintln!("  Summoner copies of numbers, of other cards, of actions: {:?}", copies.get());
    assert!(copies.get().iter().all(|&k| k >= 10), "numbers, others, actions copied: {:?}", copies.get());
}

#[test]
fn the_double_faced_card_is_a_peasant_or_a_golem() {
    let both = Cell::new([0u32; 2]);
    property("the_double_faced_card_is_a_peasant_or_a_golem", Some(bias_special_cards), 50, |step| {
        let Phase::Play(s) = step.before.phase else { return Ok(()) };
        let df = Face::Power(Power::DoubleFaced);
        if step.before.hand(s).contains(&df) {
            // "You can choose to use it as a Peasant card or a Golem card."
            let legal = step.legal(s);
            if !legal.contains("play double-faced") || !legal.contains("play double-faced:golem") {
                return Err(format!("{s} holds the Double-faced card and may {legal:?}"));
            }
        }
        let want = match step.action() {
            Action::PlayDoubleFacedAsGolem => "golem",
            Action::Play(f) if f == df => "peasant",
            _ => return Ok(()),
        };
        // Played face down (Stealth Play, reading 35): its form shows at the reveal.
        if crate::oracle::face_down(step.before) && step.completed_trick().is_none() {
            return Ok(());
        }
        step.reached();
        let mut seen = both.get();
        seen[usize::from(want == "golem")] += 1;
        both.set(seen);
        match shown_form(step) {
            Some(form) if form == want => Ok(()),
            other => Err(format!("the Double-faced card played as a {want} fights as {other:?}")),
        }
    });
    eprintln!("  Double-faced played as a Peasant, as a Golem: {:?}", both.get());
    assert!(both.get().iter().all(|&k| k >= 20), "played as a Peasant, as a Golem: {:?}", both.get());
}

#[test]
fn the_golem_king_beats_golems_but_not_dragons() {
    property("the_golem_king_beats_golems_but_not_dragons", Some(bias_special_cards), 30, |step| {
        let Some((c, v)) = check_trick(step)? else { return Ok(()) };
        let king = c.fighters.iter().zip(&v.ranks).any(|(f, r)| matches!(f.kind, Kind::GolemKing { .. }) && r.0 == 4);
        let rival = v.ranks.iter().any(|r| r.0 == 3 || r.0 == 5);
        if king && rival {
            step.reached();
        }
        Ok(())
    });
}

#[test]
fn the_dragon_king_beats_every_card() {
    property("the_dragon_king_beats_every_card", Some(bias_special_cards), 70, |step| {
        let Some((c, v)) = check_trick(step)? else { return Ok(()) };
        let Some(w) = v.winner else { return Ok(()) };
        let first_king = v.ranks.iter().position(|r| r.0 == 6);
        if let Some(k) = first_king {
            step.reached();
            if w != k || c.fighters[w].kind != Kind::DragonKing {
                return Err(format!("the Dragon King at {k} lost to position {w}"));
            }
        }
        Ok(())
    });
}

#[test]
fn action_cards_fight_as_peasants() {
    property("action_cards_fight_as_peasants", Some(bias_power_cards), 700, |step| {
        let Some((c, v)) = check_trick(step)? else { return Ok(()) };
        for (f, r) in c.fighters.iter().zip(&v.ranks) {
            if let Face::Power(p) = f.face
                && is_action_card(p)
            {
                step.reached();
                if *r != (0, 0) {
                    return Err(format!("the {p} fights at strength {r:?}"));
                }
            }
        }
        Ok(())
    });
}
