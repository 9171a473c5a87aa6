//! Rulebook "Leaked Suit": before bidding, players choose a suit (never the Peasants or a
//! Special Power card; the Golems, Dragons, Golem King and Dragon King are one suit) and
//! reveal every card of it; the revealed cards stay in hand; the printed variations
//! (`Config::leak_choice`) and reading 39.

use crownbattles_rules::{Action, CrownBattles, Event, Face, Leak, LeakChoice, Phase, Place, Power, RoundType};
use duke_core::{Game, Observer, Seat};

use crate::oracle::{Table, clockwise, focused_property, property};

/// The faces a reveal of `leak` shows, from a hand.
fn of_leak(hand: &[Face], leak: Leak) -> Vec<Face> {
    let mut out: Vec<Face> = hand.iter().copied().filter(|&f| in_leak(f, leak)).collect();
    out.sort();
    out
}

/// Whether a face belongs to the suit `leak` ("Golems (G), Dragons (D), Golem King (GG), and
/// Dragon Slayer (DD) are considered the same suit").
fn in_leak(face: Face, leak: Leak) -> bool {
    match (face, leak) {
        (Face::Number(s, _), Leak::Suit(t)) => s == t,
        (Face::Golem | Face::Dragon | Face::Power(Power::GolemKing | Power::DragonKing), Leak::Monsters) => true,
        _ => false,
    }
}

/// Every suit a player could reveal with this deck (Peasants and power cards excluded).
fn deck_choices(t: &Table) -> Vec<Leak> {
    let deck = crate::oracle::deck_faces(&t.config.deck);
    Leak::CHOICES.into_iter().filter(|&l| deck.iter().any(|&f| in_leak(f, l))).collect()
}

fn leaks(state: &CrownBattles) -> Vec<Option<Leak>> {
    state.to_setup().leaks
}

fn leaked(t: &Table) -> bool {
    t.view.round_type == RoundType::LeakedSuit
}

#[test]
fn leaked_suit_choices_come_before_bidding_and_are_suits_or_the_monsters() {
    focused_property(
        "leaked_suit_choices_come_before_bidding_and_are_suits_or_the_monsters",
        RoundType::LeakedSuit,
        None,
        300,
        |step| {
            let t = step.before;
            if !leaked(t) || t.phase != Phase::LeakedSuit {
                return Ok(());
            }
            step.reached();
            let chosen = leaks(step.check.before);
            if t.view.bids.iter().any(Option::is_some) {
                return Err("a bid before every suit is chosen".into());
            }
            // Who chooses: everyone yet to choose, one at a time from the dealer's left, or the
            // dealer for all.
            let waiting: Vec<Seat> = t.seats().filter(|s| chosen[s.index()].is_none()).collect();
            let want: Vec<Seat> = match t.config.leak_choice {
                LeakChoice::Simultaneous => waiting.clone(),
                LeakChoice::Clockwise => {
                    (0..t.n).map(|i| clockwise(t.dealer, 1 + i, t.n)).filter(|s| waiting.contains(s)).take(1).collect()
                }
                LeakChoice::Dealer | LeakChoice::Spinner => vec![t.dealer],
                LeakChoice::Neighbour => Vec::new(),
                other => return Err(format!("the oracle does not know {other:?}")),
            };
            if t.view.to_act != want {
                return Err(format!("{:?} to choose, want {want:?} ({:?})", t.view.to_act, t.config.leak_choice));
            }
            let options = deck_choices(t);
            for &s in &want {
                let held: Vec<Leak> = options.iter().copied().filter(|&l| !of_leak(t.hand(s), l).is_empty()).collect();
                let own = !matches!(t.config.leak_choice, LeakChoice::Dealer | LeakChoice::Spinner);
                // Reading 39: any suit, or with `leak_only_held` one held when any is held.
                let allowed = if t.config.leak_only_held && own && !held.is_empty() { held } else { options.clone() };
                let want: std::collections::BTreeSet<String> =
                    allowed.iter().map(|&l| Action::Leak(l).to_string()).collect();
                if step.legal(s) != want {
                    return Err(format!("{s} may choose {:?}, want {want:?}", step.legal(s)));
                }
            }
            Ok(())
        },
    );
}

#[test]
fn leaked_suit_reveals_every_card_of_the_suit_to_everyone() {
    focused_property(
        "leaked_suit_reveals_every_card_of_the_suit_to_everyone",
        RoundType::LeakedSuit,
        None,
        500,
        |step| {
            let after = step.after;
            for event in step.events(Observer::Spectator) {
                let Event::SuitLeaked { seat, leak, cards } = event else { continue };
                step.reached();
                if !leaked(after) {
                    return Err("a reveal outside a Leaked Suit round".into());
                }
                // Every card of the suit in the hand, and they stay in the hand.
                let mut shown = cards.clone();
                shown.sort();
                if shown != of_leak(after.hand(seat), leak) {
                    return Err(format!("{seat} reveals {leak} as {cards:?} holding {:?}", after.hand(seat)));
                }
                // Everyone sees them where they are (and which suit it was).
                for x in after.seats().filter(|&x| x != seat).map(Observer::Seat).chain([Observer::Spectator]) {
                    let view = step.check.after.view(x);
                    let listed: Vec<Face> =
                        view.known.iter().filter(|(p, _)| *p == Place::Hand(seat)).map(|&(_, f)| f).collect();
                    if shown.iter().any(|f| !listed.contains(f)) || view.leaks.get(seat.index()) != Some(&Some(leak)) {
                        return Err(format!("{x:?} does not see {seat}'s {leak} {shown:?}: {:?}", view.known));
                    }
                }
            }
            Ok(())
        },
    );
}

#[test]
fn leaked_suit_choices_stay_secret_until_everyone_has_chosen() {
    focused_property(
        "leaked_suit_choices_stay_secret_until_everyone_has_chosen",
        RoundType::LeakedSuit,
        None,
        300,
        |step| {
            let (t, after) = (step.before, step.after);
            if !leaked(t) || !matches!(step.action(), Action::Leak(_)) {
                return Ok(());
            }
            let me = step.seat();
            let complete = after.phase != Phase::LeakedSuit;
            let simultaneous = t.config.leak_choice == LeakChoice::Simultaneous;
            step.reached();
            let reveals =
                step.events(Observer::Spectator).iter().filter(|e| matches!(e, Event::SuitLeaked { .. })).count();
            // Simultaneous: nothing shown until the last choice, then every seat at once;
            // clockwise: each choice at once; the dealer's choice: every seat at once.
            let want = match t.config.leak_choice {
                LeakChoice::Simultaneous if !complete => 0,
                LeakChoice::Clockwise => 1,
                _ => t.n,
            };
            if reveals != want {
                return Err(format!("{reveals} reveals after {me}'s choice, want {want}"));
            }
            for x in t.seats().filter(|&x| x != me) {
                let view = step.check.after.view(Observer::Seat(x));
                let seen = view.leaks.get(me.index()).copied().flatten();
                if seen.is_some() != (complete || !simultaneous) {
                    return Err(format!("{x} sees {me}'s choice as {seen:?}"));
                }
            }
            Ok(())
        },
    );
}

#[test]
fn leaked_suit_variations_give_every_seat_its_suit() {
    focused_property("leaked_suit_variations_give_every_seat_its_suit", RoundType::LeakedSuit, None, 150, |step| {
        // Read as the bidding starts, before any bid or swap changes a hand.
        let after = step.before;
        let state = step.check.before;
        let bidding = matches!(after.phase, Phase::Bidding(_) | Phase::BlindBidding);
        if !leaked(after) || !bidding || after.view.bids.iter().any(Option::is_some) || !after.smuggled.is_empty() {
            return Ok(());
        }
        step.reached();
        let chosen = leaks(state);
        if chosen.iter().any(Option::is_none) {
            return Err(format!("bidding with suits missing: {chosen:?}"));
        }
        let first = chosen[0];
        match after.config.leak_choice {
            LeakChoice::Dealer | LeakChoice::Spinner if chosen.iter().any(|&l| l != first) => {
                return Err(format!("one suit for all, found {chosen:?}"));
            }
            LeakChoice::Neighbour => {
                // A card drawn from the seat's own hand: its suit, or nothing when the seat
                // holds no card that can be chosen.
                for s in after.seats() {
                    let options: Vec<Leak> =
                        deck_choices(after).into_iter().filter(|&l| !of_leak(after.hand(s), l).is_empty()).collect();
                    let got = chosen[s.index()].unwrap_or(Leak::Nothing);
                    if options.is_empty() != (got == Leak::Nothing) || got != Leak::Nothing && !options.contains(&got) {
                        return Err(format!("{s} holding {:?} reveals {got}", after.hand(s)));
                    }
                }
            }
            _ => {}
        }
        // Nothing only from the spinner's X, a neighbour's draw, or a deck without suits.
        let automatic = matches!(after.config.leak_choice, LeakChoice::Spinner | LeakChoice::Neighbour);
        if !automatic && !deck_choices(after).is_empty() && chosen.contains(&Some(Leak::Nothing)) {
            return Err("nothing revealed by a player's choice".into());
        }
        Ok(())
    });
}

#[test]
fn leaked_suit_determinization_keeps_the_revealed_cards_and_suits() {
    property("leaked_suit_determinization_keeps_the_revealed_cards_and_suits", None, 100, |step| {
        let after = step.after;
        let state = step.check.after;
        if !leaked(after) || after.phase == Phase::LeakedSuit || after.over {
            return Ok(());
        }
        let setup = state.to_setup();
        for seat in after.seats() {
            let twin = state.determinize(seat, step.check.index as u64);
            let other = crate::oracle::read(&twin);
            for s in after.seats().filter(|&s| s != seat) {
                let Some(leak) = setup.leaks[s.index()] else { continue };
                step.reached();
                // The cards `seat` saw revealed (still known to it) stay in their hands.
                let view = state.view(Observer::Seat(seat));
                let known: Vec<Face> = view
                    .known
                    .iter()
                    .filter(|(p, f)| *p == Place::Hand(s) && in_leak(*f, leak))
                    .map(|&(_, f)| f)
                    .collect();
                let kept = of_leak(other.hand(s), leak);
                if known.iter().any(|f| !kept.contains(f)) {
                    return Err(format!("{seat}'s twin moved {s}'s revealed {known:?}: {kept:?}"));
                }
                // A seat whose hand did not change unseen holds nothing more of its suit.
                if !setup.unsealed.contains(&s) && kept != of_leak(after.hand(s), leak) {
                    return Err(format!("{seat}'s twin gives {s} {kept:?} of {leak}, real {:?}", after.hand(s)));
                }
            }
        }
        Ok(())
    });
}

/// "Then players reveal all cards in their chosen suit … face up": when a variation draws
/// the suits as the round starts (the spinner, the left neighbour's card), the reveal is part
/// of the round's start, and every observer is told it (`SuitLeaked`, one per seat), in the
/// opening events of round 1 and in the events of the step that deals a later round.
#[test]
fn every_automatic_reveal_at_a_round_start_is_announced_to_everyone() {
    focused_property(
        "every_automatic_reveal_at_a_round_start_is_announced_to_everyone",
        RoundType::LeakedSuit,
        None,
        40,
        |step| {
            let starts: Vec<(&CrownBattles, bool)> =
                [(step.check.before, step.check.index == 0), (step.check.after, step.ends_round() && !step.after.over)]
                    .into_iter()
                    .filter(|&(_, start)| start)
                    .collect();
            for (state, _) in starts {
                let t = crate::oracle::read(state);
                let chosen = leaks(state);
                if !leaked(&t) || chosen.iter().any(Option::is_none) {
                    continue;
                }
                step.reached();
                let opening = std::ptr::eq(state, step.check.before);
                for x in t.seats().map(Observer::Seat).chain([Observer::Spectator]) {
                    let events = if opening { state.opening_events(x) } else { step.events(x) };
                    for s in t.seats() {
                        let told = events.iter().any(|e| {
                            matches!(e, Event::SuitLeaked { seat, leak, .. } if *seat == s && Some(*leak) == chosen[s.index()])
                        });
                        if !told {
                            return Err(format!(
                                "{x:?} is not told {s}'s reveal {:?} at the round's start ({:?}): {events:?}",
                                chosen[s.index()],
                                t.config.leak_choice
                            ));
                        }
                    }
                }
            }
            Ok(())
        },
    );
}
