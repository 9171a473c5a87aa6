//! Rulebook "How to Play": the bidding phase (3, "Double Bidding" and its "Exception",
//! "Screw the dealer"), playing each trick (4–7, "Playing card rules", "To win a trick",
//! "Special Cases").

use std::cell::Cell;

use crownbattles_rules::testing::{bias_power_cards, bias_special_cards};
use crownbattles_rules::{Action, Face, Phase, RoundType};

use crate::oracle::{
    Completed, Kind, Step, Verdict, allowed_bids, clockwise, fighters, freed, judge, led_suit, legal_plays, notation,
    property,
};

#[test]
fn bids_go_clockwise_from_the_dealers_left() {
    // (1200: missions rounds, two of the seven round types in `testing::configs`, have no bids.)
    property("bids_go_clockwise_from_the_dealers_left", None, 1200, |step| {
        let Phase::Bidding(s) = step.before.phase else { return Ok(()) };
        // The Split's two bids per seat: `split_two_bids_per_seat_clockwise`.
        // Suit Precision's four: `suit_precision_bids_one_suit_at_a_time_in_suit_order`.
        if matches!(
            step.before.view.round_type,
            RoundType::TheSplit | RoundType::SuitPrecision | RoundType::SuitPrecisionAlliances
        ) {
            return Ok(());
        }
        step.reached();
        let t = step.before;
        let placed = t.bids.iter().filter(|b| b.is_some()).count();
        if s != clockwise(t.dealer, 1 + placed, t.n) {
            return Err(format!("{s} bids after {placed} bids, dealer {}", t.dealer));
        }
        for k in 0..t.n {
            let seat = clockwise(t.dealer, 1 + k, t.n);
            if t.bids[seat.index()].is_some() != (k < placed) {
                return Err(format!("bids {:?} are not the first from the dealer's left", t.bids));
            }
            if seat != s && !step.legal(seat).is_empty() {
                return Err(format!("{seat} may act while {s} bids"));
            }
        }
        let next = match step.action() {
            Action::Bid(b) if step.after.bids[s.index()] != Some(b) => return Err(format!("bid {b} not recorded")),
            // "The trick starts with the player to the left of the dealer."
            Action::Bid(_) if placed + 1 == t.n => Phase::Play(clockwise(t.dealer, 1, t.n)),
            Action::Bid(_) => Phase::Bidding(clockwise(s, 1, t.n)),
            _ => Phase::Bidding(s),
        };
        if step.after.phase != next {
            return Err(format!("after {} of {s}: {:?}, want {next:?}", step.action(), step.after.phase));
        }
        Ok(())
    });
}

/// The bids listed for the seat to bid against [`allowed_bids`]; whether it is a bidding step.
fn check_bids(step: &Step) -> Result<bool, String> {
    let Phase::Bidding(s) = step.before.phase else { return Ok(false) };
    // Suit Precision's suit bids: `suit_precision_bids_one_suit_at_a_time_in_suit_order`.
    if step.before.view.round_type.bids_per_suit() {
        return Ok(false);
    }
    let listed: std::collections::BTreeSet<String> =
        step.legal(s).into_iter().filter(|a| a.starts_with("bid ")).collect();
    let want = allowed_bids(step.before, s);
    if listed != want {
        let extra: Vec<_> = listed.difference(&want).collect();
        let missing: Vec<_> = want.difference(&listed).collect();
        return Err(format!("{s}: bids listed but not allowed {extra:?}; allowed but not listed {missing:?}"));
    }
    Ok(true)
}

#[test]
fn bids_stay_within_the_bid_tokens() {
    property("bids_stay_within_the_bid_tokens", None, 1500, |step| {
        if check_bids(step)? {
            step.reached();
        }
        Ok(())
    });
}

#[test]
fn double_bids_are_two_consecutive_numbers_but_not_with_one_card() {
    let one_card = Cell::new(0);
    property("double_bids_are_two_consecutive_numbers_but_not_with_one_card", None, 1000, |step| {
        if check_bids(step)? {
            if step.before.dealt() == 1 {
                one_card.set(one_card.get() + 1);
            } else {
                step.reached();
            }
        }
        Ok(())
    });
    eprintln!("  bids in one-card rounds: {}", one_card.get());
    assert!(one_card.get() >= 60, "one-card rounds bid {} times", one_card.get());
}

#[test]
fn screw_the_dealer_refuses_the_total_of_the_cards_dealt() {
    let refused = Cell::new(0);
    property("screw_the_dealer_refuses_the_total_of_the_cards_dealt", None, 120, |step| {
        if !check_bids(step)? {
            return Ok(());
        }
        let t = step.before;
        if t.config.screw_the_dealer && step.before.phase == Phase::Bidding(t.dealer) {
            step.reached();
            let tokens = usize::from(t.config.max_bid) + 1;
            let all = if t.dealt() > 1 { 2 * tokens - 1 } else { tokens };
            if allowed_bids(t, t.dealer).len() < all {
                refused.set(refused.get() + 1);
            }
        }
        Ok(())
    });
    eprintln!("  dealer bids with some bid refused: {}", refused.get());
    // (20: the configs' random stream also draws the round types' options.)
    assert!(refused.get() >= 20, "the dealer was refused a bid {} times", refused.get());
}

#[test]
fn the_left_of_the_dealer_leads_and_play_goes_clockwise() {
    property("the_left_of_the_dealer_leads_and_play_goes_clockwise", None, 7000, |step| {
        let Phase::Play(s) = step.before.phase else { return Ok(()) };
        step.reached();
        let t = step.before;
        if s != clockwise(t.leader, t.trick.len(), t.n) {
            return Err(format!("{s} plays card {} of a trick led by {}", t.trick.len() + 1, t.leader));
        }
        if t.played.is_empty() && t.leader != clockwise(t.dealer, 1, t.n) {
            return Err(format!("{} leads the round's first trick, dealer {}", t.leader, t.dealer));
        }
        Ok(())
    });
}

/// A seat's hand and the trick it plays to.
type HandAndTrick = (Vec<Face>, Vec<crate::oracle::Fighter>);

/// The plays listed for the seat to play against [`legal_plays`]; the seat's hand and the
/// trick so far, when it is a play step.
fn check_plays(step: &Step) -> Result<Option<HandAndTrick>, String> {
    let Phase::Play(s) = step.before.phase else { return Ok(None) };
    let hand = step.before.hand(s).to_vec();
    let trick = fighters(&step.before.trick, step.before.df_golem);
    // Stealth Play (reading 35): only the face-up lead sets a suit to follow (by option the
    // first numbered card, face down or not, as in every round).
    let only_lead = crate::oracle::stealth(step.before) && !step.before.config.stealth_follow_face_down;
    let rules = if only_lead { trick.get(..1).unwrap_or(&[]) } else { &trick[..] };
    let want = legal_plays(&hand, rules);
    // (Alliances' Secret Note may be shown on a play turn: `alliances.rs` checks it.)
    let listed: std::collections::BTreeSet<String> =
        step.legal(s).into_iter().filter(|a| !a.starts_with("note ")).collect();
    if listed != want {
        let extra: Vec<_> = listed.difference(&want).collect();
        let missing: Vec<_> = want.difference(&listed).collect();
        return Err(format!(
            "{s} holds {hand:?}: listed but not allowed {extra:?}; allowed but not listed {missing:?}"
        ));
    }
    Ok(Some((hand, trick)))
}

fn numbers_of(hand: &[Face]) -> impl Iterator<Item = crownbattles_rules::SuitId> + '_ {
    hand.iter().filter_map(|f| if let Face::Number(s, _) = f { Some(*s) } else { None })
}

#[test]
fn a_seat_holding_the_led_suit_never_has_an_off_suit_number_listed() {
    property("a_seat_holding_the_led_suit_never_has_an_off_suit_number_listed", None, 2500, |step| {
        if let Some((hand, trick)) = check_plays(step)?
            && let Some(led) = led_suit(&trick).filter(|_| !freed(&trick))
            && numbers_of(&hand).any(|s| s == led)
            && numbers_of(&hand).any(|s| s != led)
        {
            step.reached();
        }
        Ok(())
    });
}

#[test]
fn a_peasant_lead_lets_the_next_number_set_the_suit() {
    property("a_peasant_lead_lets_the_next_number_set_the_suit", Some(bias_special_cards), 800, |step| {
        if let Some((hand, trick)) = check_plays(step)?
            && trick.first().is_some_and(|f| matches!(f.kind, Kind::Peasant { .. }))
            && numbers_of(&hand).next().is_some()
        {
            step.reached();
        }
        Ok(())
    });
}

#[test]
fn a_golem_or_dragon_lead_frees_everyone() {
    property("a_golem_or_dragon_lead_frees_everyone", Some(bias_special_cards), 150, |step| {
        if let Some((hand, trick)) = check_plays(step)?
            && freed(&trick)
            && let Some(led) = led_suit(&trick)
            && numbers_of(&hand).any(|s| s == led)
            && numbers_of(&hand).any(|s| s != led)
        {
            step.reached();
        }
        Ok(())
    });
}

/// The trick the step completed against the rulebook's ranking: the cards and forms the
/// events show, the winner they name, and the tricks won in the state.
pub fn check_trick(step: &Step) -> Result<Option<(Completed, Verdict)>, String> {
    let Some(c) = step.completed_trick() else { return Ok(None) };
    let n = step.before.n;
    let (cards, winner) = &c.event;
    let shown: Vec<(String, String)> =
        cards.iter().map(|t| (format!("{}:{}", t.seat, t.face), t.form.to_string())).collect();
    let ours: Vec<(String, String)> = c
        .fighters
        .iter()
        .enumerate()
        .map(|(i, f)| (format!("{}:{}", clockwise(c.leader, i, n), f.face), notation(f.kind)))
        .collect();
    if shown != ours {
        return Err(format!("the trick shown is {shown:?}, the rulebook's forms {ours:?}"));
    }
    let v = judge(&c.fighters, c.trump, step.before.config.wizard_affects_kings);
    let want = v.winner.map(|i| clockwise(c.leader, i, n));
    if *winner != want {
        return Err(format!("{winner:?} takes {ours:?} (trump {}), the rulebook says {want:?}", c.trump));
    }
    if !step.ends_round() {
        let mut tricks = step.before.tricks.clone();
        if let Some(w) = want {
            tricks[w.index()] += 1;
        }
        // The Split: the first half's tricks are kept apart when the second half starts.
        let after = if step.ends_first_half() { &step.after.first_tricks } else { &step.after.tricks };
        if *after != tricks {
            return Err(format!("tricks won {:?}, want {tricks:?}", step.after.tricks));
        }
    }
    Ok(Some((c, v)))
}

#[test]
fn the_trick_winner_is_the_rulebook_ranking() {
    // The rulebook's example: a trump beats the led suit, a Golem beats the trump, a
    // Dragon beats the Golem, and a second Dragon loses to the first.
    let example = Cell::new([0u32; 4]);
    property("the_trick_winner_is_the_rulebook_ranking", Some(bias_power_cards), 1800, |step| {
        let Some((_, v)) = check_trick(step)? else { return Ok(()) };
        step.reached();
        let tiers: Vec<u8> = v.ranks.iter().map(|r| r.0).collect();
        let mut seen = example.get();
        for (k, (low, high)) in [(1, 2), (2, 3), (3, 5)].into_iter().enumerate() {
            if tiers.contains(&low) && tiers.contains(&high) {
                seen[k] += 1;
            }
        }
        if tiers.iter().filter(|&&t| t == 5).count() >= 2 {
            seen[3] += 1;
        }
        example.set(seen);
        Ok(())
    });
    eprintln!(
        "  the rulebook example's situations (trump > led, Golem > trump, Dragon > Golem, two Dragons): {:?}",
        example.get()
    );
    assert!(example.get().iter().all(|&k| k >= 10), "the example's situations: {:?}", example.get());
}

#[test]
fn off_suit_numbers_lose_even_if_higher() {
    property("off_suit_numbers_lose_even_if_higher", None, 250, |step| {
        let Some((c, v)) = check_trick(step)? else { return Ok(()) };
        let Some(w) = v.winner else { return Ok(()) };
        let value = |k: Kind| if let Kind::Number { twice, .. } = k { twice } else { 0 };
        let best = c.fighters[w].kind;
        let off_suit_higher = c
            .fighters
            .iter()
            .zip(&v.ranks)
            .any(|(f, r)| matches!(f.kind, Kind::Number { .. }) && r.0 == 0 && value(f.kind) > value(best));
        if matches!(best, Kind::Number { .. }) && off_suit_higher {
            step.reached();
        }
        Ok(())
    });
}

#[test]
fn the_winner_leads_the_next_trick() {
    property("the_winner_leads_the_next_trick", Some(bias_power_cards), 1500, |step| {
        let cleared = !step.before.trick.is_empty() || step.completed_trick().is_some();
        let table_clear = step.after.trick.is_empty() && matches!(step.after.phase, Phase::Play(_));
        // The Split's second half is led from the dealer's left: `split_the_second_half_follows_the_first`.
        if !cleared || !table_clear || step.ends_round() || step.ends_first_half() {
            return Ok(());
        }
        // The trick completed in this step, or earlier with end-of-trick decisions since.
        let mut memory = step.memory.clone();
        if let Some(c) = step.completed_trick() {
            let v = judge(&c.fighters, c.trump, step.before.config.wizard_affects_kings);
            let bomber = c.fighters.iter().rposition(|f| f.action == Some(crownbattles_rules::Power::Bomb));
            memory.next_leader = v.winner.or(bomber).map(|i| clockwise(c.leader, i, step.before.n));
        }
        if let Action::Lead(t) = step.action() {
            memory.next_leader = Some(t);
        }
        step.reached();
        if Some(step.after.leader) != memory.next_leader || step.after.phase != Phase::Play(step.after.leader) {
            return Err(format!("{} leads ({:?}), want {:?}", step.after.leader, step.after.phase, memory.next_leader));
        }
        Ok(())
    });
}

#[test]
fn when_only_peasants_fight_the_first_wins() {
    property("when_only_peasants_fight_the_first_wins", Some(bias_special_cards), 30, |step| {
        let Some((_, v)) = check_trick(step)? else { return Ok(()) };
        if !v.bombed && v.ranks.iter().all(|&r| r == (0, 0)) {
            step.reached();
            if v.winner != Some(0) {
                return Err(format!("a trick of Peasants goes to position {:?}", v.winner));
            }
        }
        Ok(())
    });
}

#[test]
fn the_first_of_several_golems_or_dragons_wins() {
    property("the_first_of_several_golems_or_dragons_wins", Some(bias_special_cards), 25, |step| {
        let Some((_, v)) = check_trick(step)? else { return Ok(()) };
        let Some(w) = v.winner else { return Ok(()) };
        let best = v.ranks[w];
        if best.0 >= 3 && v.ranks.iter().filter(|&&r| r == best).count() >= 2 {
            step.reached();
            if v.ranks.iter().position(|&r| r == best) != Some(w) {
                return Err("a later card of equal strength won".into());
            }
        }
        Ok(())
    });
}
