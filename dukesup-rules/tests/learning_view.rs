//! Issue #27: the observation of Dukes Up! keeps everything the observer's view shows. A
//! decoder written from the documented layout (`dukesup_rules::learning`) rebuilds the
//! view from the tensor alone (and the config, which the caller chose): the table, each
//! seat's known hand cards, DUKES by slot, CASTLE, pile sizes, discards the observer knows
//! with their places (a face-down pair of unknown order as the view shows it), who has
//! chosen, the phase, who acts, the turn and its flags, the round, points, rounds won and
//! the last round's counts. With the twin-world check of `tests/learning.rs` (nothing the
//! view hides), the observation is exactly the view, in tensor form.

use duke_core::testing::proptest_config;
use duke_core::{Card, CardSet, Game, GameRng, Learning, Observer, Seat};
use dukesup_rules::learning::{
    CASTLE_PLANE, DISCARD_PLANE, DUKE_PLANE, GLOBALS, HAND_PLANE, MULTI_ROUND_BLOCK, SEAT_BLOCK, SEAT_VALUES,
    TABLE_PLANE,
};
use dukesup_rules::testing::{bias_discards, bias_duke_changes, bias_plays, configs};
use dukesup_rules::{
    AceRule, CastleView, Config, DukeView, DukesUp, Phase, PlayerSetup, PlayerView, Reshuffle, Setup, TurnFlags, View,
    colour_of,
};
use proptest::prelude::*;

/// The index of the one value set in `values`.
fn hot(values: &[f32]) -> usize {
    let on: Vec<usize> = (0..values.len()).filter(|&i| values[i] == 1.0).collect();
    assert_eq!(on.len(), 1, "one-hot {values:?}");
    assert!(values.iter().all(|&v| v == 0.0 || v == 1.0), "one-hot {values:?}");
    on[0]
}

/// A count stored as `count / scale`.
fn count(value: f32, scale: f32) -> u32 {
    let n = (value * scale).round();
    assert!((value * scale - n).abs() < 1e-3, "{value} is not a count / {scale}");
    n as u32
}

/// The cards of `colour`'s seat with value `value` in the plane starting at `plane`.
fn cards(obs: &[f32], plane: usize, seat: Seat, keep: impl Fn(f32) -> bool) -> Vec<(Card, f32)> {
    CardSet::colour(colour_of(seat))
        .iter()
        .filter_map(|c| {
            let v = obs[plane + usize::from(c.index())];
            (v != 0.0 && keep(v)).then_some((c, v))
        })
        .collect()
}

fn player(obs: &[f32], seat: Seat, phase: Phase) -> PlayerView {
    let at = SEAT_BLOCK + SEAT_VALUES * seat.index();
    let set = |plane| cards(obs, plane, seat, |_| true).into_iter().map(|(c, _)| c).collect::<CardSet>();
    let mut dukes = [DukeView::Empty; 2];
    for (card, value) in cards(obs, DUKE_PLANE, seat, |_| true) {
        let slot = if value == 1.0 { 0 } else { 1 };
        assert!(value == 1.0 || value == 0.5, "DUKE value {value}");
        assert_eq!(dukes[slot], DukeView::Empty, "two DUKES in slot {slot}");
        dukes[slot] = DukeView::Shown(card);
    }
    let hidden = count(obs[at + 3], 2.0) as usize;
    if hidden > 0 {
        assert_eq!(phase, Phase::Choosing, "DUKES are hidden only while choosing");
        assert_eq!(dukes, [DukeView::Empty; 2], "shown and hidden DUKES at once");
        dukes[..hidden].fill(DukeView::Hidden);
    }
    let castle_card = || set(CASTLE_PLANE).first().expect("the CASTLE's card");
    let castle = match hot(&obs[at + 4..at + 9]) {
        0 => CastleView::NotChosen,
        1 => CastleView::Hidden,
        2 => CastleView::FaceDown(castle_card()),
        3 => CastleView::FaceUp(castle_card()),
        _ => CastleView::OnTable(castle_card()),
    };
    if matches!(castle, CastleView::NotChosen | CastleView::Hidden) {
        assert!(set(CASTLE_PLANE).is_empty(), "a CASTLE card the state does not show");
    }
    // Discards: `1 - d/26` for a card `d` below the top; a pair of unknown order at the
    // half place between its two.
    let len = count(obs[at + 2], 26.0) as usize;
    let mut discards = vec![None; len];
    let mut pairs: Vec<(usize, Card)> = Vec::new();
    for (card, value) in cards(obs, DISCARD_PLANE, seat, |_| true) {
        let twice = ((len as f32 - 1.0 - (1.0 - value) * 26.0) * 2.0).round() as usize;
        if twice.is_multiple_of(2) {
            assert_eq!(discards[twice / 2], None, "two discards at {}", twice / 2);
            discards[twice / 2] = Some(card);
        } else {
            pairs.push((twice / 2, card));
        }
    }
    pairs.sort();
    let mut unordered = Vec::new();
    for pair in pairs.chunks(2) {
        let [(i, a), (j, b)] = pair else { panic!("half a pair: {pair:?}") };
        assert_eq!(i, j, "a pair's two cards at one place");
        (discards[*i], discards[i + 1]) = (Some(*a.min(b)), Some(*a.max(b)));
        unordered.push(*i as u8);
    }
    PlayerView {
        hand_size: count(obs[at], 26.0) as u8,
        hand_known: set(HAND_PLANE),
        dukes,
        castle,
        chosen: hot(&[1.0 - obs[at + 9], obs[at + 9]]) == 1,
        draw_size: count(obs[at + 1], 26.0) as u8,
        discards,
        unordered,
    }
}

/// The view of the observer, rebuilt from its observation and the config.
fn decode(obs: &[f32], config: &Config) -> View {
    let g = |i: usize| obs[GLOBALS + i];
    let observer = match hot(&obs[GLOBALS..GLOBALS + 3]) {
        0 => Observer::Seat(Seat(0)),
        1 => Observer::Seat(Seat(1)),
        _ => Observer::Spectator,
    };
    let phase = [Phase::Choosing, Phase::Draw, Phase::Play, Phase::Over][hot(&obs[GLOBALS + 3..GLOBALS + 7])];
    let current = Seat(hot(&obs[GLOBALS + 7..GLOBALS + 9]) as u8);
    let turns = match config.turn_limit {
        Some(limit) => count(g(9), limit as f32),
        None => count(g(9), 1000.0),
    };
    let flag = |i: usize| hot(&[1.0 - g(i), g(i)]) == 1;
    let turn = TurnFlags {
        acted: flag(10),
        touched: [flag(11), flag(12)],
        refilled: flag(13),
        castle_returned: flag(14),
        last_turn: flag(15),
    };
    let ace = [AceRule::Low, AceRule::High, AceRule::LowOrHigh, AceRule::Around][hot(&obs[GLOBALS + 16..GLOBALS + 20])];
    assert_eq!(ace, config.ace);
    assert_eq!(flag(20), config.reshuffle == Reshuffle::AtOnce);
    assert_eq!(flag(21), config.turn_limit.is_some());
    let table = cards(obs, TABLE_PLANE, Seat(0), |_| true)
        .into_iter()
        .chain(cards(obs, TABLE_PLANE, Seat(1), |_| true))
        .map(|(c, _)| c)
        .collect();
    let players = [player(obs, Seat(0), phase), player(obs, Seat(1), phase)];
    let counted = |s: usize| count(obs[SEAT_BLOCK + SEAT_VALUES * s + 10], 26.0);
    let (round, points, wins, last_round) = if config.rounds > 1 {
        let m = |i: usize| obs[MULTI_ROUND_BLOCK + i];
        let rounds = f32::from(config.rounds);
        assert_eq!(count(m(1), 99.0), u32::from(config.rounds));
        assert_eq!(flag_at(m(2)), config.multi_round == dukesup_rules::MultiRound::CountWins);
        let seat = |s: usize| {
            let at = 4 + 3 * s;
            (count(m(at), 26.0 * rounds), count(m(at + 1), rounds) as u8, count(m(at + 2), 26.0))
        };
        let [(p0, w0, l0), (p1, w1, l1)] = [seat(0), seat(1)];
        (count(m(0), rounds) as u8, [p0, p1], [w0, w1], flag_at(m(3)).then_some([l0, l1]))
    } else if phase == Phase::Over {
        // One round: its result is the final count, still on the table.
        let [a, b] = [counted(0), counted(1)];
        (1, [a, b], [u8::from(a > b), u8::from(b > a)], Some([a, b]))
    } else {
        (1, [0, 0], [0, 0], None)
    };
    View { observer, config: *config, phase, current, round, turns, turn, table, players, points, wins, last_round }
}

fn flag_at(value: f32) -> bool {
    hot(&[1.0 - value, value]) == 1
}

/// Every observer's view is rebuilt from its observation; the counts the seats' values
/// give are those the view shows.
fn check(game: &DukesUp) -> Result<(), TestCaseError> {
    let config = game.config();
    let mut obs = vec![f32::NAN; game.observation_shape().len()];
    for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator] {
        game.observe(observer, &mut obs).unwrap();
        let view = game.view(observer);
        prop_assert_eq!(decode(&obs, &config), view.clone(), "{:?}", observer);
        for seat in [Seat(0), Seat(1)] {
            prop_assert_eq!(count(obs[SEAT_BLOCK + SEAT_VALUES * seat.index() + 10], 26.0), view.visible_score(seat));
        }
    }
    Ok(())
}

#[test]
fn the_observation_keeps_everything_the_view_shows() {
    let mut runner = proptest::test_runner::TestRunner::new(proptest_config(48));
    let biases = [bias_plays, bias_discards, bias_duke_changes];
    let (steps, unordered, hidden) = (std::cell::Cell::new(0), std::cell::Cell::new(0), std::cell::Cell::new(0));
    runner
        .run(&(configs(), any::<u64>(), 0..biases.len()), |(mut config, seed, bias)| {
            if config.turn_limit.is_none_or(|l| l > 60) {
                config.turn_limit = Some(60);
            }
            config.rounds = config.rounds.min(3);
            let mut game = DukesUp::new(&config, seed).unwrap();
            let mut rng = GameRng::new(seed ^ 0xD0C);
            let mut legal = Vec::new();
            loop {
                check(&game)?;
                steps.set(steps.get() + 1);
                let spectator = game.view(Observer::Spectator);
                if spectator.players.iter().any(|p| !p.unordered.is_empty()) {
                    unordered.set(unordered.get() + 1);
                }
                if spectator.players.iter().any(|p| p.dukes.contains(&DukeView::Hidden)) {
                    hidden.set(hidden.get() + 1);
                }
                let Some(seat) = game.to_act().first() else { break };
                game.legal_actions(seat, &mut legal);
                let weights: Vec<u32> = legal.iter().map(|a| biases[bias](&game, seat, a)).collect();
                game.apply(seat, legal[rng.weighted(&weights).unwrap_or(0)]).unwrap();
            }
            Ok(())
        })
        .unwrap();
    assert!(steps.get() > 2000 && hidden.get() > 0, "{} steps, {} with hidden DUKES", steps.get(), hidden.get());
    println!("{} states, {} with a face-down pair of unknown order", steps.get(), unordered.get());
}

/// A face-down pair whose order the opponent does not know: both cards at the same depth,
/// so the opponent's and the spectator's tensors are the same for either order, and the view
/// (lower card first, the pair's place listed) is rebuilt.
#[test]
fn a_face_down_pair_of_unknown_order_is_rebuilt() {
    let cards = |s: &str| s.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect::<Vec<_>>();
    let position = |pile: &str| {
        let black = PlayerSetup {
            dukes: [Some("2C".parse().unwrap()), Some("2S".parse().unwrap())],
            castle: Some("KS".parse().unwrap()),
            hand: cards("5C 9C"),
            discards: cards(pile),
            discards_public: cards("3C 4C 8S"),
            discard_pairs: vec![[cards("3C")[0], cards("4C")[0]]],
            ..PlayerSetup::default()
        };
        let red = PlayerSetup {
            dukes: [Some("7H".parse().unwrap()), Some("QD".parse().unwrap())],
            castle: Some("KH".parse().unwrap()),
            ..PlayerSetup::default()
        };
        DukesUp::from_setup(&Setup { phase: Phase::Draw, turns: 4, players: [black, red], ..Setup::default() })
    };
    let game = position("8S 6C 3C 4C").unwrap();
    let len = game.observation_shape().len();
    let (mut a, mut b) = (vec![0.0; len], vec![0.0; len]);
    game.observe(Observer::Seat(Seat(1)), &mut a).unwrap();
    let three = DISCARD_PLANE + usize::from(cards("3C")[0].index());
    let four = DISCARD_PLANE + usize::from(cards("4C")[0].index());
    assert_eq!(a[three], a[four], "one depth for both cards of the pair");
    assert_eq!(a[three], 1.0 - 0.5 / 26.0);
    assert_eq!(a[DISCARD_PLANE + usize::from(cards("8S")[0].index())], 1.0 - 3.0 / 26.0);
    assert_eq!(a[DISCARD_PLANE + usize::from(cards("6C")[0].index())], 0.0, "6C is the owner's secret");
    let view = game.view(Observer::Seat(Seat(1)));
    assert_eq!(view.players[0].unordered, vec![2]);
    assert_eq!(decode(&a, &game.config()), view);
    // The owner knows the order.
    game.observe(Observer::Seat(Seat(0)), &mut b).unwrap();
    assert_eq!((b[three], b[four]), (1.0 - 1.0 / 26.0, 1.0));
    assert_eq!(decode(&b, &game.config()), game.view(Observer::Seat(Seat(0))));
    // Seat 1 cannot tell the two orders apart.
    let mut swapped = game.to_setup();
    swapped.players[0].discards = cards("8S 6C 4C 3C");
    swapped.players[0].discard_pairs = vec![[cards("4C")[0], cards("3C")[0]]];
    let twin = DukesUp::from_setup(&swapped).unwrap();
    twin.observe(Observer::Seat(Seat(1)), &mut b).unwrap();
    assert_eq!(a, b);
    assert_eq!(twin.view(Observer::Seat(Seat(1))), view);
}
