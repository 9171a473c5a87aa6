//! Rulebook "Special Power cards", action cards: Alchemist, Bishop, Bomb, Cursed, Jester,
//! Magician, Merchant, Smuggler, Spy (the Thief, the Witch and the Wizard are in
//! `theft_and_protection.rs`).

use std::collections::BTreeSet;

use crownbattles_rules::testing::bias_power_cards;
use crownbattles_rules::{Action, Bid, Direction, Face, Phase, Place, Power, SuitId};
use duke_core::Seat;

use crate::oracle::{Step, Table, carried, distinct, immediate, minus, moved, property, view_of};

/// The seat deciding `power`'s effect before this step, if that is what the game waits for.
fn deciding(step: &Step, power: Power) -> Option<Seat> {
    match step.before.phase {
        Phase::Effect { seat, power: p, .. } if p == power => Some(seat),
        _ => None,
    }
}

/// The decisions listed for `seat` against the rulebook's.
fn listed(step: &Step, seat: Seat, want: BTreeSet<String>) -> Result<(), String> {
    let got = step.legal(seat);
    if got != want {
        return Err(format!("{seat} may decide {got:?}, the rules say {want:?}"));
    }
    Ok(())
}

/// When this step plays a card carrying `power` at the immediate timing: its decision
/// follows exactly when `available` (the card's text can act). Returns whether it did.
pub fn arises(step: &Step, power: Power, available: impl Fn(&Table, Seat, &[Face]) -> bool) -> Result<bool, String> {
    let t = step.before;
    // A card played face down acts at the reveal (Stealth Play, reading 35).
    if carried(step) != Some(power) || !immediate(&t.config, power) || crate::oracle::face_down(t) {
        return Ok(false);
    }
    let seat = step.seat();
    let hand = minus(t.hand(seat), &[crate::oracle::played_face(step.action()).unwrap()]).unwrap();
    let want = available(t, seat, &hand);
    let entered =
        matches!(step.after.phase, Phase::Effect { seat: s, power: p, end: false, .. } if p == power && s == seat);
    if entered != want {
        return Err(format!("{power} played by {seat}: decision {entered}, the card can act: {want}"));
    }
    Ok(true)
}

fn others_with_cards(t: &Table, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
    t.seats().filter(move |&s| s != seat && !t.hand(s).is_empty())
}

fn all_trumps() -> BTreeSet<String> {
    SuitId::ALL.iter().map(|s| format!("trump {s}")).chain(["trump X".to_owned()]).collect()
}

#[test]
fn the_alchemist_sets_the_trump_of_its_choice() {
    property("the_alchemist_sets_the_trump_of_its_choice", Some(bias_power_cards), 100, |step| {
        if arises(step, Power::Alchemist, |_, _, _| true)? {
            step.reached();
        }
        let Some(seat) = deciding(step, Power::Alchemist) else { return Ok(()) };
        step.reached();
        // "Change the trump to the suit of your choice or leave it as is. No Trump is also valid."
        listed(step, seat, all_trumps())?;
        if let Action::Trump(t) = step.action()
            && !step.ends_round()
            && step.after.trump != t
        {
            return Err(format!("the Alchemist chose {t}, the trump is {}", step.after.trump));
        }
        Ok(())
    });
}

/// The faces `view` places in `seat`'s hand.
fn known_in(view: &crownbattles_rules::View, seat: Seat) -> Vec<Face> {
    view.known.iter().filter(|(place, _)| *place == Place::Hand(seat)).map(|&(_, f)| f).collect()
}

#[test]
fn the_bishop_shows_one_hand_to_its_player_only() {
    property("the_bishop_shows_one_hand_to_its_player_only", Some(bias_power_cards), 60, |step| {
        let t = step.before;
        if arises(step, Power::Bishop, |t, seat, _| others_with_cards(t, seat).next().is_some())? {
            step.reached();
        }
        let Some(seat) = deciding(step, Power::Bishop) else { return Ok(()) };
        step.reached();
        // "Choose to see one of your opponent's hand."
        listed(step, seat, others_with_cards(t, seat).map(|s| format!("look {s}")).collect())?;
        let Action::Look(target) = step.action() else { return Ok(()) };
        let seen = known_in(&view_of(step.check.after, seat), target);
        if !crate::oracle::same_cards(&seen, t.hand(target)) {
            return Err(format!("{seat} looked at {target}'s {:?} and knows {seen:?}", t.hand(target)));
        }
        for other in t.seats().filter(|&s| s != seat) {
            if view_of(step.check.before, other).known != view_of(step.check.after, other).known {
                return Err(format!("{other} learnt something from {seat}'s Bishop"));
            }
        }
        Ok(())
    });
}

#[test]
fn a_bomb_destroys_the_trick_and_its_player_picks_the_leader() {
    property("a_bomb_destroys_the_trick_and_its_player_picks_the_leader", Some(bias_power_cards), 150, |step| {
        if let Some((c, v)) = crate::how_to_play::check_trick(step)?
            && v.bombed
        {
            // check_trick: nobody wins it and nobody's tricks grow.
            step.reached();
            let last = step.after.round != step.before.round || step.after.over;
            let choice = matches!(step.after.phase, Phase::Effect { power: Power::Bomb, .. });
            if choice && last {
                return Err(format!("a leader to pick after the round's last trick {:?}", c.fighters));
            }
        }
        let Some(seat) = deciding(step, Power::Bomb) else { return Ok(()) };
        step.reached();
        // "You decide who will lead the next trick. Could also be yourself."
        listed(step, seat, step.before.seats().map(|s| format!("lead {s}")).collect())
    });
}

#[test]
fn the_cursed_swaps_two_hands_but_not_on_the_last_trick() {
    property("the_cursed_swaps_two_hands_but_not_on_the_last_trick", Some(bias_power_cards), 50, |step| {
        let t = step.before;
        if let Phase::Effect { power: Power::Cursed, .. } = step.after.phase
            && step.after.hands.iter().all(Vec::is_empty)
        {
            return Err("a Cursed swap on the last trick".into());
        }
        let Some(seat) = deciding(step, Power::Cursed) else { return Ok(()) };
        step.reached();
        // "Swap your cards with another player or make two other players swap their hands."
        let mut want = BTreeSet::new();
        for a in t.seats() {
            want.extend(t.seats().filter(|&b| b > a).map(|b| format!("swap {a} {b}")));
        }
        listed(step, seat, want)?;
        let Action::Swap(a, b) = step.action() else { return Ok(()) };
        for s in t.seats() {
            let want = if s == a {
                t.hand(b)
            } else if s == b {
                t.hand(a)
            } else {
                t.hand(s)
            };
            if !crate::oracle::same_cards(step.after.hand(s), want) {
                return Err(format!("after swap {a} {b}, {s} holds {:?}", step.after.hand(s)));
            }
        }
        Ok(())
    });
}

/// The bid moved by `d`, if it stays within the tokens (a double bid moves as a pair).
fn jested(bid: Bid, d: i8, max: u8) -> Option<Bid> {
    let low = i16::from(bid.low()) + i16::from(d);
    let high = i16::from(bid.high()) + i16::from(d);
    if low < 0 || high > i16::from(max) {
        return None;
    }
    Some(if let Bid::Double(_) = bid { Bid::Double(low as u8) } else { Bid::Single(low as u8) })
}

#[test]
fn the_jester_moves_the_bid_by_one_within_the_tokens() {
    property("the_jester_moves_the_bid_by_one_within_the_tokens", Some(bias_power_cards), 100, |step| {
        let t = step.before;
        if arises(step, Power::Jester, |t, seat, _| has_bid(t, seat))? {
            step.reached();
        }
        let Some(seat) = deciding(step, Power::Jester) else { return Ok(()) };
        // Suit Precision's Jester moves one suit's bid: `suit_precision_thief_and_jester_act_on_one_suit`.
        if t.view.precision.is_some() {
            return Ok(());
        }
        step.reached();
        // "Change your bid for the round by +1 or -1" (or keep it, reading 13).
        let bid = t.bids[seat.index()].ok_or("a Jester without a bid")?;
        let max = t.config.max_bid;
        let want = [-1i8, 0, 1].into_iter().filter(|&d| jested(bid, d, max).is_some()).map(|d| format!("jest {d:+}"));
        listed(step, seat, want.collect())?;
        // The Split: the bid of the half being played (reading 36), kept apart when the
        // second half starts.
        let after = if step.ends_first_half() { &step.after.other_bids } else { &step.after.bids };
        if let Action::Jest(d) = step.action()
            && !step.ends_round()
            && after[seat.index()] != jested(bid, d, max)
        {
            return Err(format!("jest {d:+} on {bid}: bid {:?}", after[seat.index()]));
        }
        Ok(())
    });
}

#[test]
fn magician_passes_go_one_seat_left_or_right() {
    property("magician_passes_go_one_seat_left_or_right", Some(bias_power_cards), 300, |step| {
        let t = step.before;
        // "Has no effect if played on the last trick of the round": a hand left empty; in
        // Long Play also the first pass of the round's last trick, where the hand keeps
        // only its second card, unless `long_play_first_pass_acts` (reading 43).
        let long_last = |t: &crate::oracle::Table, hand: &[Face]| {
            t.view.round_type == crownbattles_rules::RoundType::LongPlay
                && t.trick.len() < t.n
                && hand.len() == 1
                && !t.config.long_play_first_pass_acts
        };
        if arises(step, Power::Magician, |t, _, hand| !hand.is_empty() && !long_last(t, hand))? {
            step.reached();
        }
        if let Some(seat) = deciding(step, Power::Magician) {
            step.reached();
            listed(step, seat, ["pass left".to_owned(), "pass right".to_owned()].into())?;
            if let Action::Pass(d) = step.action()
                && step.after.phase != (Phase::Passing { magician: seat, direction: d })
            {
                return Err(format!("after pass {d:?}: {:?}", step.after.phase));
            }
        }
        let Phase::Passing { magician, direction } = t.phase else { return Ok(()) };
        step.reached();
        // Everyone else chooses first; "only this card's player sees the card pass to them
        // before choosing which one to pass".
        let waiting: Vec<Seat> = t.seats().filter(|&s| s != magician && t.passes[s.index()].is_none()).collect();
        for s in t.seats() {
            let chooses = if waiting.is_empty() { s == magician } else { waiting.contains(&s) };
            let want: BTreeSet<String> = if chooses {
                distinct(t.hand(s)).iter().map(|f| format!("give {f}")).collect()
            } else {
                BTreeSet::new()
            };
            listed(step, s, want)?;
        }
        let Action::Give(own) = step.action() else { return Ok(()) };
        if step.seat() != magician {
            return Ok(());
        }
        let n = t.n;
        let from = |s: Seat| match direction {
            Direction::Left => Seat(((s.index() + n - 1) % n) as u8),
            Direction::Right => Seat(((s.index() + 1) % n) as u8),
        };
        let pass = |s: Seat| if s == magician { Some(own) } else { t.passes[s.index()] };
        for s in t.seats() {
            let kept = minus(t.hand(s), &pass(s).into_iter().collect::<Vec<_>>()).ok_or("a pass not in hand")?;
            let want: Vec<Face> = kept.into_iter().chain(pass(from(s))).collect();
            if !crate::oracle::same_cards(step.after.hand(s), &want) {
                return Err(format!("{s} holds {:?} after the passes, want {want:?}", step.after.hand(s)));
            }
        }
        Ok(())
    });
}

#[test]
fn the_merchant_trades_a_chosen_card_for_a_random_one() {
    property("the_merchant_trades_a_chosen_card_for_a_random_one", Some(bias_power_cards), 90, |step| {
        let t = step.before;
        let available = |t: &Table, seat: Seat, hand: &[Face]| {
            let others = others_with_cards(t, seat).count();
            others >= 2 || (others >= 1 && !hand.is_empty())
        };
        if arises(step, Power::Merchant, available)? {
            step.reached();
        }
        let Some(seat) = deciding(step, Power::Merchant) else { return Ok(()) };
        step.reached();
        // "Swap a card of your choice with a random card from another player's hand. You can
        // also make two other players randomly swap one of their cards."
        let others: Vec<Seat> = others_with_cards(t, seat).collect();
        let mut want = BTreeSet::new();
        for f in distinct(t.hand(seat)) {
            want.extend(others.iter().map(|o| format!("trade {f} {o}")));
        }
        for a in &others {
            want.extend(others.iter().filter(|b| *b > a).map(|b| format!("trade {a} {b}")));
        }
        listed(step, seat, want)?;
        let (giver, taker, chosen) = match step.action() {
            Action::Trade(face, with) => (seat, with, Some(face)),
            Action::TradeOthers(a, b) => (a, b, None),
            _ => return Ok(()),
        };
        // The card that went each way (nothing shows when the two have the same face).
        let (gave, got) = moved(t.hand(giver), step.after.hand(giver));
        let (took, received) = moved(t.hand(taker), step.after.hand(taker));
        let fits = gave == received && took == got && gave.len() <= 1 && got.len() <= 1;
        let chosen_ok = chosen.is_none_or(|c| gave == [c] || gave.is_empty() && t.hand(taker).contains(&c));
        if !fits || !chosen_ok {
            return Err(format!("{giver} gave {gave:?} got {got:?}; {taker} gave {took:?} got {received:?}"));
        }
        for s in t.seats().filter(|&s| s != giver && s != taker) {
            if step.after.hand(s) != t.hand(s) {
                return Err(format!("{s}'s hand changed in a trade between {giver} and {taker}"));
            }
        }
        Ok(())
    });
}

/// The Smuggler's swap: one card of the hand into the deck, one card of the deck out
/// (nothing shows in the hand when the two have the same face).
fn check_smuggle(step: &Step, seat: Seat, face: Face) -> Result<(), String> {
    let (t, after) = (step.before, step.after);
    let (gave, got) = moved(t.hand(seat), after.hand(seat));
    let fits = gave == [face] && got.len() == 1 || gave.is_empty() && got.is_empty() && t.undealt.contains(&face);
    let deck = minus(&t.undealt, &got).map(|d| [d, gave.clone()].concat());
    if !fits || deck.is_none_or(|d| !crate::oracle::same_cards(&d, &after.undealt)) {
        return Err(format!(
            "{seat} smuggled {face}: gave {gave:?}, got {got:?}; deck {:?} -> {:?}",
            t.undealt, after.undealt
        ));
    }
    Ok(())
}

#[test]
fn the_smuggler_swaps_a_card_with_the_deck() {
    let before_bid = std::cell::Cell::new(0);
    property("the_smuggler_swaps_a_card_with_the_deck", Some(bias_power_cards), 150, |step| {
        let t = step.before;
        if arises(step, Power::Smuggler, |t, _, hand| !t.undealt.is_empty() && !hand.is_empty())? {
            step.reached();
        }
        if let Phase::Bidding(seat) = t.phase {
            // "Swap before you bid": once a round, by showing the Smuggler (reading 16).
            let smuggler = Face::Power(Power::Smuggler);
            let may = t.hand(seat).contains(&smuggler)
                && !t.smuggled.contains(&seat)
                && !t.undealt.is_empty()
                && t.before_first_bid(seat);
            let want: BTreeSet<String> = if may {
                distinct(t.hand(seat)).iter().filter(|&&f| f != smuggler).map(|f| format!("smuggle {f}")).collect()
            } else {
                BTreeSet::new()
            };
            let got: BTreeSet<String> = step.legal(seat).into_iter().filter(|a| a.starts_with("smuggle")).collect();
            if got != want {
                return Err(format!("{seat} may smuggle {got:?} before bidding, the rules say {want:?}"));
            }
            if let Action::Smuggle(face) = step.action() {
                step.reached();
                before_bid.set(before_bid.get() + 1);
                check_smuggle(step, seat, face)?;
                if step.after.phase != t.phase || !step.after.smuggled.contains(&seat) {
                    return Err(format!("after smuggling before bidding: {:?}", step.after.phase));
                }
            }
            return Ok(());
        }
        let Some(seat) = deciding(step, Power::Smuggler) else { return Ok(()) };
        step.reached();
        // "Swap one of your cards with a randomly drawn card from the deck (or keep yours)."
        let want = distinct(t.hand(seat)).into_iter().map(|f| format!("smuggle {f}")).chain(["keep".to_owned()]);
        listed(step, seat, want.collect())?;
        match step.action() {
            Action::Smuggle(face) => check_smuggle(step, seat, face),
            _ if step.after.hand(seat) != t.hand(seat) => Err("the hand changed on keep".into()),
            _ => Ok(()),
        }
    });
    eprintln!("  Smuggler swaps before bidding: {}", before_bid.get());
    assert!(before_bid.get() >= 40, "{} swaps before bidding", before_bid.get());
}

#[test]
fn the_spy_sees_the_deck() {
    property("the_spy_sees_the_deck", Some(bias_power_cards), 45, |step| {
        // A face-down Spy looks at the reveal (Stealth Play, reading 35).
        if carried(step) != Some(Power::Spy) || step.ends_round() || crate::oracle::face_down(step.before) {
            return Ok(());
        }
        // "Look through the deck"; "if there is no deck left, then this card has no action".
        let t = step.before;
        let view = view_of(step.check.after, step.seat());
        let seen: Vec<Face> = view.known.iter().filter(|(p, _)| *p == Place::Deck).map(|&(_, f)| f).collect();
        if !crate::oracle::same_cards(&seen, &t.undealt) {
            return Err(format!("the Spy's player knows {seen:?} of the deck {:?}", t.undealt));
        }
        if !t.undealt.is_empty() {
            step.reached();
        }
        Ok(())
    });
}

/// Whether an end-of-trick action can act once the trick is complete (`t` is the position
/// then): "Has no effect if played on the last trick of the round" (Cursed; by the same
/// logic the Alchemist, Bishop and the Bomb's choice of leader, reading 11), the Thief
/// needs an unprotected opponent with a trick, the Witch an unprotected opponent, the
/// Bishop an opponent with cards.
/// Whether `seat` has its bid for the round (Suit Precision: its four suit bids).
fn has_bid(t: &Table, seat: Seat) -> bool {
    t.bids[seat.index()].is_some()
        || t.view.precision.as_ref().is_some_and(|p| p.bids[seat.index()].iter().all(Option::is_some))
}

fn can_act_at_end(step: &Step, t: &Table, seat: Seat, p: Power) -> bool {
    let mut memory = step.memory.clone();
    memory.update(step.before, step.seat(), step.action(), step.after, None);
    let last = t.hands.iter().all(Vec::is_empty);
    let opponents = || t.seats().filter(move |&s| s != seat);
    match p {
        Power::Thief => opponents().any(|s| !memory.protected(s) && t.tricks[s.index()] > 0),
        Power::Witch => opponents().any(|s| !memory.protected(s)),
        Power::Jester => has_bid(t, seat),
        Power::Bishop => !last && opponents().any(|s| !t.hand(s).is_empty()),
        Power::Alchemist | Power::Cursed | Power::Bomb => !last,
        // Immediate actions that a face-down card (Stealth Play, reading 35) takes to the
        // end of the trick, with their conditions when played.
        Power::Magician => !last,
        Power::Merchant => {
            let others = opponents().filter(|&s| !t.hand(s).is_empty()).count();
            others >= 2 || others >= 1 && !t.hand(seat).is_empty()
        }
        Power::Smuggler => !t.undealt.is_empty() && !t.hand(seat).is_empty(),
        _ => false,
    }
}

#[test]
fn end_of_trick_decisions_come_in_play_order() {
    property("end_of_trick_decisions_come_in_play_order", Some(bias_power_cards), 150, |step| {
        let (t, after) = (step.before, step.after);
        // (Stealth Play with the actions at the flip: `stealth_actions_at_the_flip_come_before_the_winner`.)
        if step.ends_round() || crate::oracle::stealth(t) && t.config.stealth_actions_at_flip {
            return Ok(());
        }
        // Suit Precision: the winner's (or a Thief's) placement comes first (reading 46).
        if matches!(after.phase, Phase::Place { .. }) {
            return Ok(());
        }
        // The trick just completed (its end-of-trick actions from the first card on), or an
        // end-of-trick decision just taken (the actions after its card).
        let (leader, trick, from) = if let Some(c) = step.completed_trick() {
            (c.leader, c.fighters, 0)
        } else if let Phase::Place { seat, stolen } = t.phase {
            let trick = crate::oracle::fighters(&t.trick, t.df_golem);
            let from = if stolen { (seat.index() + t.n - t.leader.index()) % t.n + 1 } else { 0 };
            (t.leader, trick, from)
        } else if let Phase::Effect { seat, power, end: true, .. } = t.phase
            && !matches!(after.phase, Phase::Effect { seat: s, power: p, end: true, .. } if s == seat && p == power)
            && !matches!(after.phase, Phase::Passing { .. })
        {
            let trick = crate::oracle::fighters(&t.trick, t.df_golem);
            // (Long Play, reading 43: a seat has a card in each pass; the one carrying it.)
            let at = (0..trick.len())
                .find(|&i| crate::oracle::clockwise(t.leader, i, t.n) == seat && trick[i].action == Some(power))
                .unwrap_or((seat.index() + t.n - t.leader.index()) % t.n);
            (t.leader, trick, at + 1)
        } else if let Phase::Passing { magician, .. } = t.phase
            && crate::oracle::stealth(t)
            && t.trick.len() == t.n
            && !matches!(after.phase, Phase::Passing { .. })
        {
            // A face-down Magician's passes, resolved at the reveal (reading 35), are done.
            let trick = crate::oracle::fighters(&t.trick, t.df_golem);
            (t.leader, trick, (magician.index() + t.n - t.leader.index()) % t.n + 1)
        } else {
            return Ok(());
        };
        let ends: Vec<(Seat, Power)> = trick
            .iter()
            .enumerate()
            .skip(from)
            .filter_map(|(i, f)| {
                // Stealth Play (reading 35): a face-down card's action comes at the reveal,
                // with the end-of-trick actions (the Wizard and the Spy act before the winner).
                let late = |p: Power| crate::oracle::stealth(t) && i > 0 && p != Power::Wizard && p != Power::Spy;
                f.action
                    .filter(|&p| !immediate(&t.config, p) || late(p))
                    .map(|p| (crate::oracle::clockwise(leader, i, t.n), p))
            })
            .collect();
        if ends.iter().any(|&(_, p)| p != Power::Wizard && p != Power::Spy) {
            step.reached();
        }
        // The Split: when the step ends the first half, the actions are judged on the first
        // half's last trick (its hands empty, its tricks), not on the second half taken up.
        let mut first_half = after.clone();
        if step.ends_first_half() {
            first_half.hands = vec![Vec::new(); t.n];
            first_half.tricks = after.first_tricks.clone();
        }
        let next = ends.into_iter().find(|&(seat, p)| can_act_at_end(step, &first_half, seat, p));
        let ok = match next {
            Some((seat, power)) => {
                matches!(after.phase, Phase::Effect { seat: s, power: p, end: true, .. } if s == seat && p == power)
            }
            None => after.trick.is_empty() && after.phase == Phase::Play(after.leader),
        };
        if !ok {
            return Err(format!("after the trick's actions {:?}: {:?}, want {next:?}", trick, after.phase));
        }
        Ok(())
    });
}
