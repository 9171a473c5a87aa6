//! Rulebook "Special Power cards": the Thief, the Witch, the Wizard, and "Notes": bubble
//! shields. Who is protected is tracked by the tests from the actions alone (`Memory`).

use std::collections::BTreeSet;

use crownbattles_rules::testing::{bias_special_cards, bias_theft, configs};
use crownbattles_rules::{Action, Config, Face, Phase, Power, RoundTypes, Schedule, Shields};
use duke_core::Seat;
use proptest::prelude::*;

use crate::action_cards::arises;
use crate::how_to_play::check_trick;
use crate::oracle::{CASES, Kind, Step, deck_faces, property, property_on};

/// Opponents the Thief or the Witch may target: not protected by a Wizard or a shield.
fn targets<'a>(step: &'a Step<'a, 'a>, seat: Seat) -> impl Iterator<Item = Seat> + 'a {
    step.before.seats().filter(move |&s| s != seat && !step.memory.protected(s))
}

#[test]
fn the_thief_steals_a_trick_from_an_unprotected_player() {
    property("the_thief_steals_a_trick_from_an_unprotected_player", Some(bias_theft), 60, |step| {
        let Phase::Effect { seat, power: Power::Thief, end, .. } = step.before.phase else { return Ok(()) };
        step.reached();
        if !end {
            return Err("the Thief acts at the end of the trick (⏳)".into());
        }
        // "Choose to steal a trick from another player" (or not, reading 19).
        let t = step.before;
        // Suit Precision (reading 47): a trick of one suit, `steal P1 R`.
        let precision = t.view.precision.as_ref();
        let want: BTreeSet<String> = targets(step, seat)
            .filter(|s| t.tricks[s.index()] > 0)
            .flat_map(|s| match precision {
                Some(p) => crownbattles_rules::SuitId::ALL
                    .into_iter()
                    .filter(|k| p.tricks[s.index()][k.index()] > 0)
                    .map(|k| format!("steal {s} {}", k.letter()))
                    .collect(),
                None => vec![format!("steal {s}")],
            })
            .chain(["keep".to_owned()])
            .collect();
        if step.legal(seat) != want {
            return Err(format!("{seat} may {:?}, the rules say {want:?}", step.legal(seat)));
        }
        if let Action::Steal(from) | Action::StealFrom(from, _) = step.action()
            && !step.ends_round()
        {
            let mut tricks = t.tricks.clone();
            tricks[from.index()] -= 1;
            tricks[seat.index()] += 1;
            // The Split: the first half's tricks are kept apart when the second half starts.
            let after = if step.ends_first_half() { &step.after.first_tricks } else { &step.after.tricks };
            if *after != tricks {
                return Err(format!("after steal {from}: tricks {after:?}, want {tricks:?}"));
            }
        }
        Ok(())
    });
}

#[test]
fn the_witch_steals_20_or_30_in_steps_from_unprotected_opponents() {
    property("the_witch_steals_20_or_30_in_steps_from_unprotected_opponents", Some(bias_theft), 200, |step| {
        let t = step.before;
        if arises(step, Power::Witch, |t, seat, _| t.seats().any(|s| s != seat && !step.memory.protected(s)))? {
            step.reached();
        }
        // "Steal 20 points in total from your opponents. But in the final round, you can
        // steal 30 instead", in steps of `witch_step` (reading 20).
        if let Phase::Effect { seat, power: Power::Witch, steps, .. } = step.after.phase
            && t.phase != step.after.phase
            && !matches!(t.phase, Phase::Effect { power: Power::Witch, .. })
        {
            let total = if t.final_round() { 30 } else { 20 };
            if u32::from(steps) * u32::from(t.config.witch_step) != total {
                return Err(format!("{seat}'s Witch takes {steps} steps of {}, want {total}", t.config.witch_step));
            }
        }
        let Phase::Effect { seat, power: Power::Witch, steps, end } = t.phase else { return Ok(()) };
        step.reached();
        let want: BTreeSet<String> = targets(step, seat).map(|s| format!("hex {s}")).collect();
        if step.legal(seat) != want {
            return Err(format!("{seat} may {:?}, the rules say {want:?}", step.legal(seat)));
        }
        let Action::Hex(from) = step.action() else { return Ok(()) };
        let k = i32::from(t.config.witch_step);
        if !step.ends_round() {
            let mut scores = t.scores.clone();
            scores[from.index()] -= k;
            scores[seat.index()] += k;
            if step.after.scores != scores {
                return Err(format!("after hex {from}: scores {:?}, want {scores:?}", step.after.scores));
            }
            let more = steps > 1 && targets(step, seat).next().is_some();
            let again = step.after.phase == Phase::Effect { seat, power: Power::Witch, end, steps: steps - 1 };
            if more != again {
                return Err(format!("{} steps left: {:?}", steps - 1, step.after.phase));
            }
        }
        Ok(())
    });
}

#[test]
fn the_wizard_turns_golems_and_dragons_into_peasants() {
    property("the_wizard_turns_golems_and_dragons_into_peasants", Some(bias_special_cards), 35, |step| {
        let Some((c, v)) = check_trick(step)? else { return Ok(()) };
        let beasts = c.fighters.iter().any(|f| matches!(f.kind, Kind::Golem { .. } | Kind::Dragon { .. }));
        if v.wizard && beasts {
            step.reached();
        }
        Ok(())
    });
}

#[test]
fn wizards_and_shields_protect_as_the_rules_say() {
    property("wizards_and_shields_protect_as_the_rules_say", Some(bias_theft), 3000, |step| {
        // "At the end of the trick, keep this card for theft protection" (to the round's
        // end, reading 21); a shield for the round or the game (reading 22).
        let mut memory = step.memory.clone();
        memory.update(step.before, step.seat(), step.action(), step.after, None);
        let want: Vec<bool> = step.after.seats().map(|s| memory.protected(s)).collect();
        if step.after.view.protected != want {
            return Err(format!("protected {:?}, want {want:?} ({memory:?})", step.after.view.protected));
        }
        let shields: Vec<Seat> = memory.shields.iter().copied().collect();
        if step.after.shields != shields {
            return Err(format!("shields {:?}, want {shields:?}", step.after.shields));
        }
        if want.iter().any(|&p| p) {
            step.reached();
        }
        Ok(())
    });
}

/// Configs where shields can be bought: shields on, the Thief and the Witch in the deck,
/// and three rounds at least, so that scores reach the price.
fn shield_configs() -> impl Strategy<Value = Config> {
    configs().prop_map(|mut c| {
        if c.shields == Shields::Off {
            c.shields = Shields::Round;
        }
        c.deck.powers |= 1 << Power::Thief.index() | 1 << Power::Witch.index();
        let first = c.schedule.as_slice()[0];
        if c.schedule.rounds() < 3 {
            c.schedule = Schedule::new(&[first; 3]).unwrap();
            // A fixed sequence lists one round type per round: draw from its types instead.
            if let RoundTypes::Sequence { .. } = c.round_types {
                c.round_types = RoundTypes::Draw(c.round_types.chosen());
            }
        }
        {
            c.check().unwrap();
            c
        }
    })
}

#[test]
fn a_bubble_shield_costs_20_and_protects() {
    let bought = std::cell::Cell::new(0);
    property_on("a_bubble_shield_costs_20_and_protects", shield_configs(), CASES, Some(bias_theft), 60, |step| {
        let t = step.before;
        let Phase::Bidding(seat) = t.phase else { return Ok(()) };
        // "Players can choose to buy a bubble shield protection for 20 points" against "the
        // Thief & the Witch": for sale when one of them is in the deck (reading 22).
        let deck = deck_faces(&t.config.deck);
        let thieves = deck.contains(&Face::Power(Power::Thief)) || deck.contains(&Face::Power(Power::Witch));
        let for_sale = t.config.shields != Shields::Off
            && thieves
            && !step.memory.shields.contains(&seat)
            && t.scores[seat.index()] >= 20
            && t.before_first_bid(seat);
        if step.legal(seat).contains("shield") != for_sale {
            return Err(format!("{seat} with {} points: shield for sale {}", t.scores[seat.index()], !for_sale));
        }
        if for_sale {
            step.reached();
        }
        if step.action() == Action::Shield {
            bought.set(bought.get() + 1);
            let mut scores = t.scores.clone();
            scores[seat.index()] -= 20;
            if step.after.scores != scores || step.after.phase != t.phase {
                return Err(format!("after the shield: scores {:?}, {:?}", step.after.scores, step.after.phase));
            }
        }
        Ok(())
    });
    eprintln!("  shields bought: {}", bought.get());
    assert!(bought.get() >= 30, "{} shields bought", bought.get());
}
