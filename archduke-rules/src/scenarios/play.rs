//! Scenarios of play: turns, matching, action cards, the call, views.

use super::*;
use crate::cards::DeckEntry;

#[test]
fn faq_match_your_own_discard() {
    // "A player has a 6 in their set and draws a new 6. They may immediately discard that
    // drawn 6, then also match their original 6 on top."
    let mut g = table(cfg(2), &["6 9 2 3", "4 5 7 8"], "6", "10", Some(1));
    play(&mut g, 0, "draw");
    play(&mut g, 0, "discard");
    play(&mut g, 0, "match a1");
    assert_eq!(value_at(&g, 0, 0), None, "the position stays empty");
    assert_eq!(g.grids[0].count(), 3);
    assert_eq!(top(&g), Some(6));
    // The window is still open: P1 may draw, P0 may call.
    assert!(g.to_act().contains(Seat(1)) && g.to_act().contains(Seat(0)));
}

#[test]
fn faq_own_discard_with_two_action_cards_gives_two_actions() {
    // "If these are action cards, you may use multiple actions too!"
    let mut g = table(cfg(2), &["12P 12P 2 3", "4 5 7 8"], "9", "10", Some(1));
    play(&mut g, 0, "draw");
    play(&mut g, 0, "keep a1"); // the PEEK leaves the grid: it acts
    play(&mut g, 0, "match a2");
    assert_eq!(g.pending_len, 2);
    assert!(refused(&g, 1, "draw"), "the next player waits for the actions");
    play(&mut g, 0, "peek P1:a1");
    play(&mut g, 0, "peek P1:a2");
    assert_eq!(g.pending_len, 0);
    play(&mut g, 1, "draw");
}

#[test]
fn faq_matching_action_cards_acts_in_the_order_matched() {
    // "If multiple people match, actions are taken in the order they were matched."
    let grids = &["11S 2 3 4", "5 11S 6 7", "11S 8 9 10"];
    let mut g = table(cfg(3), grids, "2", "10", Some(2));
    play(&mut g, 0, "take a1"); // P0 takes the 10, discarding SWAP from a1
    play(&mut g, 2, "match a1");
    play(&mut g, 1, "match a2");
    let order: Vec<(u8, Power)> = g.pending[..3].iter().map(|p| (p.seat, p.power)).collect();
    assert_eq!(order, vec![(0, Power::Swap), (2, Power::Swap), (1, Power::Swap)]);
    assert!(refused(&g, 2, "pass"), "P2 waits for P0");
    play(&mut g, 0, "swap P1:a1 P2:b1");
    assert_eq!(value_at(&g, 1, 0), Some(9));
    assert_eq!(value_at(&g, 2, 2), Some(5));
    play(&mut g, 2, "pass");
    play(&mut g, 1, "swap P0:a1 P0:a2");
    assert_eq!((value_at(&g, 0, 0), value_at(&g, 0, 1)), (Some(2), Some(10)));
    play(&mut g, 1, "draw");
}

#[test]
fn eclipse_13_matches_eclipse_0_and_back() {
    let mut g = table(cfg(2), &["13E 0E 2 3", "4 5 7 8"], "9", "0E", None);
    play(&mut g, 0, "match a1");
    assert_eq!(top(&g), Some(13));
    play(&mut g, 0, "match a2");
    assert_eq!(top(&g), Some(0));
    assert_eq!(g.grids[0].count(), 2);
    // Each keeps its own value when scoring: 0 and 13 are not interchangeable in a hand.
    assert_eq!(g.hand(0).0, 5);
}

#[test]
fn failed_match_reveals_the_card_and_costs_an_unseen_penalty() {
    let mut g = table(cfg(2), &["5 -- 2 3", "4 5 7 8"], "9", "10", None);
    play(&mut g, 0, "match a1");
    assert_eq!(value_at(&g, 0, 0), Some(5), "the card goes back");
    assert_eq!(g.grids[0].seen[0], g.everyone(), "seen by everyone");
    assert_eq!(value_at(&g, 0, 1), Some(9), "the penalty fills the first empty position");
    assert_eq!(g.grids[0].seen[1], 0, "nobody sees the penalty card");
    // A full 2x2 grid grows a new column to the right.
    play(&mut g, 1, "match b2");
    assert_eq!(g.grids[1].columns, 3);
    assert!(g.grids[1].card(4).is_some() && g.grids[1].card(5).is_none());
    let view = g.view(Observer::Seat(Seat(1)));
    assert_eq!(view.grids[1].len(), 6);
    assert!(matches!(view.grids[0][0], Cell::Known { .. }), "P1 saw P0's failed card");
}

#[test]
fn caller_is_immune_to_other_players_actions_but_may_match() {
    let grids = &["2 3 4 1G", "12P 11S 7 8", "5 6 9 10"];
    let mut g = table(cfg(3), grids, "9 2", "10", None);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "keep b2"); // discards the GIVE from P0's grid; P0 may give
    play(&mut g, 0, "give P2");
    play(&mut g, 0, "archduke");
    assert_eq!(g.caller, 0);
    play(&mut g, 1, "draw");
    play(&mut g, 1, "keep a1"); // P1 discards PEEK
    let mut legal = Vec::new();
    g.legal_actions(Seat(1), &mut legal);
    assert!(legal.iter().all(|a| !matches!(a, Action::Peek(Spot { seat: Seat(0), .. }))));
    assert!(legal.iter().any(|a| matches!(a, Action::Peek(Spot { seat: Seat(2), .. }))));
    assert!(refused(&g, 1, "peek P0:a1"));
    play(&mut g, 0, "match a1"); // the caller still matches (2 is not 12: a failed try)
    assert_eq!(g.grids[0].count(), 5, "and still takes penalties for his own mistakes");
    play(&mut g, 1, "pass");
    play(&mut g, 2, "draw");
    play(&mut g, 2, "keep a1");
    // P2's turn was the last one: the caller ends the round by tapping the discard pile.
    assert!(refused(&g, 0, "draw"));
    play(&mut g, 0, "end");
    assert_eq!(g.round, 2);
}

#[test]
fn swap_and_give_cannot_target_the_caller() {
    let grids = &["2 3 4 5", "11S 1G 7 8"];
    let mut g = table(cfg(2), grids, "9", "10", Some(1));
    play(&mut g, 0, "draw");
    play(&mut g, 0, "discard");
    play(&mut g, 0, "archduke");
    play(&mut g, 1, "draw");
    play(&mut g, 1, "keep a1"); // SWAP
    let mut legal = Vec::new();
    g.legal_actions(Seat(1), &mut legal);
    assert!(legal.iter().all(|a| match a {
        Action::Swap(x, y) => x.seat != Seat(0) && y.seat != Seat(0),
        _ => true,
    }));
    assert!(refused(&g, 1, "swap P0:a1 P1:a2"));
}

#[test]
fn matching_to_zero_after_archduke_ends_the_round_and_penalises_the_caller() {
    let grids = &["2 3 -- --", "7 -- -- --", "4 4 9 9"];
    // P0 (hand 5) discards a 7 and calls; P1 matches his only card, a 7, onto it.
    let mut g = table(cfg(3), grids, "7", "8", Some(2));
    play(&mut g, 0, "draw");
    play(&mut g, 0, "discard"); // discards the 7
    play(&mut g, 0, "archduke");
    play(&mut g, 1, "match a1");
    // P1 has matched down to zero: the round is over at once.
    assert_eq!(g.round, 2);
    assert_eq!(g.last.caller, 0);
    assert!(g.last.penalised, "0 beats the caller's 5: he takes a penalty card");
    assert!(g.last.hand[0] > 5);
    assert_eq!(g.last.place[1], 1);
}

#[test]
fn box_rules_drawn_action_card_does_not_act_online_rules_it_does() {
    for (rules, acts) in [(ActionTrigger::GridOnly, false), (ActionTrigger::AnyDiscard, true)] {
        let config = Config { action_trigger: rules, ..cfg(2) };
        let mut g = table(config, &["2 3 4 5", "6 7 8 9"], "12P", "10", Some(1));
        play(&mut g, 0, "draw");
        play(&mut g, 0, "discard");
        assert_eq!(g.pending_len == 1, acts, "{rules:?}");
        // Matched from a grid, an action card acts under both.
    }
}

#[test]
fn exhausted_draw_pile_is_reshuffled_and_empty_piles_end_the_round() {
    // A deck of ten cards: the draw pile holds one, the discard pile one.
    let deck = vec![
        DeckEntry { value: 5, copies: 6, role: Role::Number },
        DeckEntry { value: 7, copies: 4, role: Role::Number },
    ];
    let config = Config { deck, ..cfg(2) };
    let mut g = table(config.clone(), &["5 5 5 5", "7 7 7 7"], "5", "5", None);
    play(&mut g, 0, "draw"); // the last card of the draw pile
    play(&mut g, 0, "discard");
    assert_eq!((g.draw.len, g.discard.len), (0, 2));
    play(&mut g, 1, "draw"); // "shuffle the discard pile to form a new draw pile"
    assert_eq!((g.draw.len, g.discard.len), (1, 0));
    // Both piles run out: a failed match takes the only card left as its penalty.
    let mut g = table(
        Config {
            deck: vec![
                DeckEntry { value: 5, copies: 8, role: Role::Number },
                DeckEntry { value: 7, copies: 1, role: Role::Number },
            ],
            ..config
        },
        &["5 5 5 5", "5 5 5 5"],
        "",
        "7",
        Some(1),
    );
    play(&mut g, 1, "match a1");
    assert_eq!(g.round, 2, "the round ended and was scored");
    assert_eq!(g.last.cards[..2], [4, 5]);
}

#[test]
fn views_show_exactly_what_each_seat_has_seen_and_knowledge_follows_swaps() {
    let mut g = Archduke::new(&cfg(3), 5).unwrap();
    play(&mut g, 0, "look a1 b1");
    play(&mut g, 1, "look a2 b2");
    let v0 = g.view(Observer::Seat(Seat(0)));
    let known = |v: &crate::view::View, seat: usize| -> Vec<bool> {
        v.grids[seat].iter().map(|c| matches!(c, Cell::Known { .. })).collect()
    };
    assert_eq!(known(&v0, 0), vec![true, false, true, false]);
    assert_eq!(known(&v0, 1), vec![false; 4]);
    let spectator = g.view(Observer::Spectator);
    assert!(spectator.grids.iter().flatten().all(|c| !matches!(c, Cell::Known { .. })));
    // Determinization keeps what P0 knows and re-deals the rest.
    let d = g.determinize(Seat(0), 99);
    assert_eq!(d.view(Observer::Seat(Seat(0))), v0);
    assert_eq!(value_at(&d, 0, 0), value_at(&g, 0, 0));
    // A SWAP moves P0's knowledge with the card.
    let mut s = setup(cfg(2), &["2 3 4 5", "11S 7 8 9"], "6", "10", Some(0));
    seen(&mut s, 0, "a1", 0); // P0 knows his 2 at a1
    let mut g = from(s);
    play(&mut g, 1, "draw");
    play(&mut g, 1, "keep a1"); // P1 discards his SWAP
    play(&mut g, 1, "swap P0:a1 P1:b2");
    let v0 = g.view(Observer::Seat(Seat(0)));
    assert!(matches!(v0.grids[1][3], Cell::Known { face, .. } if face.value == 2 && face.role == Role::Number));
    assert!(matches!(v0.grids[0][0], Cell::Hidden { .. }));
    let v1 = g.view(Observer::Seat(Seat(1)));
    assert!(matches!(v1.grids[1][3], Cell::Hidden { .. }), "SWAP is done unseen");
    assert!(matches!(v1.grids[1][0], Cell::Known { .. }), "P1 saw the card he kept");
    assert!(matches!(g.view(Observer::Seat(Seat(0))).stage, Stage::Window { .. }));
}

#[test]
fn two_decks_seat_twelve_players_online() {
    let config = Config { turn_limit: Some(40), round_limit: Some(2), ..RuleSet::Online.config(12) };
    assert_eq!(config.decks, 2);
    let mut g = Archduke::new(&config, 12).unwrap();
    assert_eq!(g.rules.total_cards(), 208);
    assert_eq!(g.draw.len as usize, 208 - 48);
    assert!(Archduke::new(&Config { decks: 1, ..config.clone() }, 1).is_err(), "one deck seats at most 6");
    // The box preset is `Config::rulebook`: above 6 players it adds the second deck.
    assert_eq!(RuleSet::Box.config(7).decks, 2);
    assert!(Archduke::new(&Config { decks: 1, ..RuleSet::Box.config(7) }, 1).is_err(), "one box deck seats at most 6");
    let mut rng = duke_core::GameRng::new(3);
    let mut buf = Vec::new();
    let mut steps = 0;
    while !g.is_over() {
        let to_act = g.to_act();
        let seat = to_act.nth(rng.below(to_act.len() as u32) as usize).unwrap();
        g.legal_actions(seat, &mut buf);
        let action = buf[rng.below(buf.len() as u32) as usize];
        g.apply(seat, action).unwrap();
        g.check().unwrap();
        steps += 1;
        assert!(steps < 1_000_000);
    }
    assert_eq!(g.outcome().unwrap().ranks.len(), 12);
}

#[test]
fn dealer_first_card_opens_a_window_for_everyone() {
    let mut g = Archduke::new(&cfg(3), 4).unwrap();
    assert_eq!(g.to_act(), SeatSet::first_n(3), "pre-round peek: everyone acts, in any order");
    play(&mut g, 2, "look a1 a2");
    play(&mut g, 0, "look a1 a2");
    play(&mut g, 1, "look a1 a2");
    assert_eq!(g.discard.len, 1);
    assert_eq!(g.next, 0, "left of the dealer (P2) plays first");
    assert_eq!(g.to_act(), SeatSet::first_n(3), "all may match, P0 may also draw");
    assert!(refused(&g, 2, "archduke"), "nobody has had a turn yet");
}

#[test]
fn determinization_redeals_only_unseen_cards() {
    let mut g = Archduke::new(&cfg(3), 8).unwrap();
    play(&mut g, 0, "look a1 b1");
    play(&mut g, 1, "look a2 b2");
    play(&mut g, 2, "look a1 a2");
    let mut changed = false;
    for seed in 0..20 {
        let d = g.determinize(Seat(0), seed);
        d.check().unwrap();
        assert_eq!(value_at(&d, 0, 0), value_at(&g, 0, 0));
        assert_eq!(value_at(&d, 0, 2), value_at(&g, 0, 2));
        assert_eq!(d.discard, g.discard, "the discard pile is public");
        changed |= (0..4).any(|slot| value_at(&d, 1, slot) != value_at(&g, 1, slot));
        changed |= d.draw != g.draw;
    }
    assert!(changed, "unseen cards are re-dealt");
}

#[test]
fn always_playing_the_first_legal_action_ends_with_a_turn_limit() {
    // The README's loop: the lowest seat that may act plays its first legal action.
    let config = Config { turn_limit: Some(200), ..RuleSet::Box.config(4) };
    let mut game = Archduke::new(&config, 42).unwrap();
    let mut actions = Vec::new();
    let mut steps = 0u64;
    while !game.is_over() {
        let seat = game.to_act().first().unwrap();
        game.legal_actions(seat, &mut actions);
        game.apply(seat, actions[0]).unwrap();
        steps += 1;
        assert!(steps <= Archduke::max_actions(&config));
    }
    assert_eq!(game.round, 4);
    assert!(game.outcome().is_some());
}

#[test]
fn terminal_rendering_shows_what_the_observer_knows() {
    let grids = &["2 12P 4 -- 7", "5 6 7 8", "9 9 10 11S"];
    let mut s = setup(cfg(3), grids, "3", "10 13E", Some(2));
    seen(&mut s, 0, "a1", 0);
    let mut g = from(s);
    play(&mut g, 0, "draw");
    let text = g.view(Observer::Seat(Seat(0))).to_string();
    assert!(text.contains("P0 drew 3: keep <pos> or discard"), "{text}");
    assert!(text.contains("Discard pile top: 13E"), "{text}");
    assert!(text.contains("[  2][ ? ][ ? ]"), "{text}");
    assert!(text.contains("[ ? ][ --][ --]"), "emptied positions stay visible: {text}");
    play(&mut g, 0, "keep a1");
    play(&mut g, 0, "archduke");
    let text = g.view(Observer::Spectator).to_string();
    assert!(text.contains("P0 called \"Archduke!\""), "{text}");
    assert!(!text.contains("[  3]"), "the spectator does not see P0's kept card: {text}");
    assert!(g.view(Observer::Seat(Seat(0))).to_string().contains("[  3]"));
}

#[test]
fn caller_at_zero_beaten_by_a_negative_hand_still_takes_a_penalty() {
    // Online text: "a player who's called Archduke also matches down to zero cards but is
    // beaten by another player who has less than zero points ... must still draw a penalty".
    let config = Config { first_dealer: Some(Seat(2)), ..RuleSet::Online.config(3) };
    let grids = &["7 -- -- --", "-3A -- -- --", "4 4 9 9"];
    let mut g = table(config, grids, "7", "8", Some(2));
    play(&mut g, 0, "draw");
    play(&mut g, 0, "discard");
    play(&mut g, 0, "archduke");
    play(&mut g, 0, "match a1"); // down to zero: the round ends at once
    assert_eq!(g.round, 2);
    assert!(g.last.penalised);
    assert_eq!(g.last.place[1], 1);
    assert!(g.scores[0] > 0, "the penalty card's value is added to the caller's score");
}

#[test]
fn evaluate_counts_known_cards_and_the_mean_of_unseen_ones() {
    let mut s = setup(cfg(2), &["-3A 2 -- --", "6 7 8 9"], "5", "10", Some(1));
    seen(&mut s, 0, "a1", 0);
    let half = from(s.clone());
    seen(&mut s, 0, "a2", 0);
    let mut g = from(s);
    let known = Archduke::evaluate(&g.view(Observer::Seat(Seat(0))), Seat(0));
    assert_eq!(known, 1.0, "minus (-3 + 2)");
    let guess = Archduke::evaluate(&half.view(Observer::Seat(Seat(0))), Seat(0));
    assert!(guess < known, "an unknown card counts at the mean unseen value (about 6.5)");
    // Another player's drawn card is not shown: its stage says only that he is deciding.
    play(&mut g, 0, "draw");
    assert!(matches!(g.view(Observer::Seat(Seat(1))).stage, Stage::Deciding { card: None, .. }));
    assert!(matches!(g.view(Observer::Seat(Seat(0))).stage, Stage::Deciding { card: Some(_), .. }));
}

#[test]
fn evaluate_counts_the_standing_so_that_rounds_compare() {
    // Tokens (box scoring) count as one card of the deck's mean value each: a new deal,
    // where every grid looks alike, still tells the leader from the trailer.
    let mut g = table(cfg(2), &["-3A 2 -- --", "6 7 8 9"], "5", "10", Some(1));
    g.grids[0].seen[0] = 1;
    g.grids[0].seen[1] = 1;
    let view = |g: &Archduke| g.view(Observer::Seat(Seat(0)));
    assert_eq!(Archduke::evaluate(&view(&g), Seat(0)), 1.0, "no token yet");
    g.scores[0] = 2;
    let deck = crate::cards::standard_deck();
    let copies: f64 = deck.iter().map(|e| f64::from(e.copies)).sum();
    let mean = deck.iter().map(|e| f64::from(e.value) * f64::from(e.copies)).sum::<f64>() / copies;
    assert!((Archduke::evaluate(&view(&g), Seat(0)) - (1.0 - 2.0 * mean)).abs() < 1e-9);
    // Online scoring: points are hand points already.
    let mut online = table(
        Config { scoring: Scoring::Points { mark: Mark::Rounds { rounds: 3 } }, ..cfg(2) },
        &["-3A 2 -- --", "6 7 8 9"],
        "5",
        "10",
        Some(1),
    );
    online.grids[0].seen[0] = 1;
    online.grids[0].seen[1] = 1;
    online.scores[0] = 30;
    assert_eq!(Archduke::evaluate(&view(&online), Seat(0)), 1.0 - 30.0);
}

#[test]
fn rulebook_example_player_c_matches_a_seven_before_player_b_draws() {
    // "Player A discards a 7 at the end of their turn. Player C knows that they also have a 7
    // in their grid, and even though it's not their turn, they quickly place it on top of the
    // discard pile before Player B is able to start their turn."
    let grids = &["7 2 3 4", "5 6 8 9", "2 7 3 4"];
    let mut g = table(cfg(3), grids, "10 5", "12P", Some(2));
    play(&mut g, 0, "draw");
    play(&mut g, 0, "keep a1"); // A discards his 7
    assert!(g.to_act().contains(Seat(2)), "C may match out of turn");
    play(&mut g, 2, "match a2");
    assert_eq!((top(&g), g.grids[2].count()), (Some(7), 3));
    play(&mut g, 1, "draw"); // B starts his turn: the window is closed
    assert!(!g.to_act().contains(Seat(2)));
    assert!(refused(&g, 2, "match a1"), "too late: no match is possible any more");
}

#[test]
fn refused_actions_leave_the_state_unchanged() {
    let g = table(cfg(2), &["7 2 3 4", "5 6 8 9"], "10", "12P", Some(1));
    for (seat, action) in [(1, "draw"), (0, "keep a1"), (0, "match c1"), (0, "peek P1:a1"), (1, "end"), (0, "archduke")]
    {
        let mut after = g;
        let err = after.apply(Seat(seat), action.parse().unwrap()).unwrap_err();
        assert!(err.to_string().contains("may not play"), "{err}");
        assert_eq!(after, g);
    }
}

#[test]
fn determinization_keeps_each_draw_pile_generation_apart() {
    // Eleven cards: 2 to 10 once, two PEEKs; only the 5 is left in the draw pile.
    let mut deck: Vec<DeckEntry> = (2..=10).map(|value| DeckEntry { value, copies: 1, role: Role::Number }).collect();
    deck.push(DeckEntry { value: 12, copies: 2, role: Role::Peek });
    let mut s = setup(Config { deck, ..cfg(2) }, &["2 3 4 6", "7 8 9 10"], "5", "12P 12P", Some(1));
    for slot in ["a1", "a2", "b1", "b2"] {
        seen(&mut s, 0, slot, 0); // P0 knows his own four cards
    }
    let mut g = from(s);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "discard"); // the draw pile is now empty
    play(&mut g, 1, "match a1"); // 7 is not 5: penalty, drawn after a reshuffle
    assert_eq!(g.epoch, 1);
    assert_eq!(g.grids[1].origin[..5], [0, 0, 0, 0, 1]);
    for seed in 0..30 {
        let d = g.determinize(Seat(0), seed);
        d.check().unwrap();
        // P1's dealt cards P0 has not seen (8, 9, 10) can only be re-dealt among themselves:
        // every other unseen card came out of the reshuffled discard pile.
        let mut dealt: Vec<i8> = (1..4).map(|slot| value_at(&d, 1, slot).unwrap()).collect();
        dealt.sort_unstable();
        assert_eq!(dealt, vec![8, 9, 10], "seed {seed}");
        assert_eq!(value_at(&d, 1, 0), Some(7), "the failed match was seen by everyone");
    }
}

#[test]
fn game_over_view_turns_every_grid_face_up() {
    let config = Config { turn_limit: Some(3), ..cfg(2) };
    let mut game = Archduke::new(&config, 3).unwrap();
    let mut actions = Vec::new();
    while !game.is_over() {
        let seat = game.to_act().iter().last().unwrap();
        game.legal_actions(seat, &mut actions);
        game.apply(seat, *actions.last().unwrap()).unwrap();
    }
    let view = game.view(Observer::Spectator);
    assert!(view.grids.iter().flatten().all(|c| !matches!(c, Cell::Hidden { .. })));
    let text = view.to_string();
    assert!(text.contains("Game over") && text.contains("Last round:"), "{text}");
    // The last round's reveal is printed, grid by grid, as the events announced it.
    let last = view.last_round.as_ref().unwrap();
    for (seat, grid) in last.grids.iter().enumerate().filter(|(_, g)| !g.is_empty()) {
        let a1 = grid[0].map_or("--".to_owned(), |face| face.to_string());
        assert!(text.contains(&format!("  P{seat} revealed a1 {a1} ")), "{text}");
    }
}

#[test]
fn sample_rendering_for_the_readme() {
    let mut game = Archduke::new(&cfg(3), 21).unwrap();
    let mut rng = duke_core::GameRng::new(4);
    let mut actions = Vec::new();
    for _ in 0..40 {
        let to_act = game.to_act();
        let seat = to_act.nth(rng.below(to_act.len() as u32) as usize).unwrap();
        game.legal_actions(seat, &mut actions);
        game.apply(seat, actions[rng.below(actions.len() as u32) as usize]).unwrap();
    }
    let text = game.view(Observer::Seat(Seat(0))).to_string();
    println!("{text}");
    assert!(text.contains("P0 (you)"));
}

#[test]
fn a_full_grid_cannot_try_matches_nor_receive_gifts() {
    let full: Vec<String> = (0..MAX_SLOTS).map(|i| (2 + i % 9).to_string()).collect();
    let mut g = table(cfg(3), &["1G 3 4 5", &full.join(" "), "6 7 8 9"], "9", "10", Some(2));
    assert!(!g.grids[1].has_room());
    assert!(!g.to_act().contains(Seat(1)), "P1 can neither match nor draw now");
    play(&mut g, 0, "draw");
    play(&mut g, 0, "keep a1"); // discards GIVE
    let mut legal = Vec::new();
    g.legal_actions(Seat(0), &mut legal);
    assert!(legal.contains(&Action::Give(Seat(2))));
    assert!(!legal.contains(&Action::Give(Seat(1))), "no room for a penalty card");
    play(&mut g, 0, "pass");
    assert!(g.to_act().contains(Seat(1)), "P1 is next and may draw");
    play(&mut g, 1, "draw");
    play(&mut g, 1, "keep p2");
    assert_eq!(g.grids[1].count() as usize, MAX_SLOTS);
}

#[test]
fn give_and_swap_of_unseen_cards_reveal_nothing_and_a_drawn_card_only_to_the_drawer() {
    // GIVE: "The receiving player does not get to look at their new card"; SWAP: "No player
    // (including the one swapping) may look at their new card" (online text).
    let grids = &["2 3 4 5", "1G 7 8 9", "11S 10 6 2"];
    let mut g = table(cfg(3), grids, "3 7 6", "10", Some(0));
    play(&mut g, 1, "draw");
    for observer in [Observer::Spectator, Observer::Seat(Seat(0)), Observer::Seat(Seat(2))] {
        assert!(matches!(g.view(observer).stage, Stage::Deciding { card: None, .. }), "{observer:?}");
    }
    assert!(matches!(g.view(Observer::Seat(Seat(1))).stage, Stage::Deciding { card: Some(_), .. }));
    play(&mut g, 1, "keep a1"); // the GIVE leaves P1's grid and acts
    play(&mut g, 1, "give P2");
    assert_eq!(g.grids[2].count(), 5, "the penalty card starts column c");
    for seat in 0..3 {
        let v = g.view(Observer::Seat(Seat(seat)));
        assert!(
            matches!(v.grids[2][4], Cell::Hidden { seen_by } if seen_by.is_empty()),
            "P{seat} must not see the given card"
        );
    }
    play(&mut g, 2, "draw");
    play(&mut g, 2, "keep a1"); // the SWAP leaves P2's grid and acts
    play(&mut g, 2, "swap P0:a2 P2:c1"); // two cards nobody has seen
    for seat in 0..3 {
        let v = g.view(Observer::Seat(Seat(seat)));
        assert!(matches!(v.grids[0][1], Cell::Hidden { seen_by } if seen_by.is_empty()), "P{seat}");
        assert!(matches!(v.grids[2][4], Cell::Hidden { seen_by } if seen_by.is_empty()), "P{seat}");
    }
    assert_eq!(value_at(&g, 2, 4), Some(3), "P0's a2 (a 3) moved to P2's c1");
    let spectator = g.view(Observer::Spectator);
    assert!(spectator.grids.iter().flatten().all(|c| !matches!(c, Cell::Known { .. })));
    assert_eq!(spectator.discard.last().map(|f| f.value), Some(11), "the discard pile is public");
}

#[test]
fn dealer_first_action_card_does_not_act_but_a_match_on_it_does() {
    let mut g = table(cfg(2), &["12P 3 4 5", "6 7 8 9"], "2", "12P", None);
    assert_eq!(g.pending_len, 0, "nobody discarded the dealer's PEEK");
    assert!(g.to_act().contains(Seat(0)));
    play(&mut g, 0, "match a1");
    assert_eq!(g.front().map(|p| (p.seat, p.power)), Some((0, Power::Peek)));
    play(&mut g, 0, "peek P1:a1");
    assert!(matches!(g.view(Observer::Seat(Seat(0))).grids[1][0], Cell::Known { .. }));
    assert!(matches!(g.view(Observer::Seat(Seat(1))).grids[1][0], Cell::Hidden { .. }));
}
