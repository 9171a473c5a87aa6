//! No panics on any input: arbitrary actions for arbitrary seats, garbage notation, tampered
//! JSON of states and views, odd configs.

use duke_core::{Card, Game, GameRng, Observer, Seat};
use dukesup_rules::{AceRule, Action, Config, DukesUp, MultiRound, Reshuffle, Source, View};
use proptest::prelude::*;

fn any_card() -> impl Strategy<Value = Card> {
    (0usize..52).prop_map(|i| Card::all().nth(i).unwrap())
}

fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (any_card(), any_card(), any_card()).prop_map(|(castle, a, b)| Action::Choose { castle, dukes: [a, b] }),
        (any::<bool>(), any::<u8>())
            .prop_map(|(d, count)| Action::Draw { source: if d { Source::Discards } else { Source::DrawPile }, count }),
        any_card().prop_map(Action::Play),
        any_card().prop_map(Action::PickUp),
        (any_card(), any_card()).prop_map(|(duke, with)| Action::Swap { duke, with }),
        any_card().prop_map(Action::Refill),
        Just(Action::Move),
        Just(Action::Return),
        any_card().prop_map(Action::Discard),
        (any_card(), any_card()).prop_map(|(a, b)| Action::DiscardTwo(a, b)),
        Just(Action::Bury),
        any_card().prop_map(Action::DiscardTable),
        Just(Action::End),
    ]
}

/// The default config changed by `f`.
fn with(f: impl FnOnce(&mut Config)) -> Config {
    let mut config = Config::default();
    f(&mut config);
    config
}

fn any_config() -> impl Strategy<Value = Config> {
    // Mostly valid, sometimes not (seat 2, no rounds, a zero turn limit).
    (0u8..3, 0u8..4, 0u8..4, any::<bool>(), proptest::option::of(0u32..200)).prop_map(
        |(first, ace, rounds, wins, turn_limit)| {
            let mut config = Config::default();
            config.first_player = Some(Seat(first));
            config.ace = [AceRule::Low, AceRule::High, AceRule::LowOrHigh, AceRule::Around][usize::from(ace)];
            config.rounds = rounds;
            config.multi_round = if wins { MultiRound::CountWins } else { MultiRound::AddScores };
            config.turn_limit = turn_limit;
            config.reshuffle = if wins { Reshuffle::AtOnce } else { Reshuffle::WhenNeeded };
            config
        },
    )
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(64))]

    /// Random legal play interleaved with arbitrary actions for arbitrary seats: a refused
    /// action changes nothing, an accepted one is listed, and nothing panics.
    #[test]
    fn arbitrary_actions_for_arbitrary_seats(
        config in any_config(),
        seed in any::<u64>(),
        noise in proptest::collection::vec((0u8..4, any_action()), 0..400),
    ) {
        let Ok(mut game) = DukesUp::new(&config, seed) else {
            prop_assert!(config.check().is_err());
            return Ok(());
        };
        let mut rng = GameRng::new(seed);
        let mut buf = Vec::new();
        for (seat, action) in noise {
            let seat = Seat(seat);
            game.legal_actions(seat, &mut buf);
            let mut after = game;
            match after.apply(seat, action) {
                Ok(_) => prop_assert!(buf.contains(&action), "{seat} {action} accepted but not listed"),
                Err(_) => prop_assert_eq!(after, game),
            }
            let _ = game.view(Observer::Seat(seat)).to_string();
            let _ = game.determinize(seat, seed);
            // Then one legal step, so the game moves on.
            let Some(s) = game.to_act().first() else { break };
            game.legal_actions(s, &mut buf);
            let a = buf[rng.below(buf.len() as u32) as usize];
            game.apply(s, a).unwrap();
        }
    }

    /// Any text: parsing never panics, and what parses prints back to the same action.
    #[test]
    fn notation_never_panics(text in "\\PC{0,40}") {
        if let Ok(a) = text.parse::<Action>() {
            prop_assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
        }
    }

    /// Words of the notation in any order with odd cards and numbers.
    #[test]
    fn notation_words_never_panic(words in proptest::collection::vec(prop_oneof![
        Just("castle".to_owned()), Just("dukes".to_owned()), Just("draw".to_owned()),
        Just("discards".to_owned()), Just("play".to_owned()), Just("discard".to_owned()),
        Just("table".to_owned()), Just("swap".to_owned()), Just("duke".to_owned()),
        any::<u64>().prop_map(|n| n.to_string()), "[0-9AKQJTakqjt][SHDCshdc♠♥]?",
    ], 0..6)) {
        let text = words.join(" ");
        if let Ok(a) = text.parse::<Action>() {
            prop_assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
        }
    }

    /// Views survive JSON with any number changed (they are plain data), and rendering a
    /// tampered view never panics.
    #[test]
    fn tampered_views_render(seed in any::<u64>(), steps in 0usize..60, pick in any::<usize>(), value in any::<u64>()) {
        let mut config = Config::default();
        config.turn_limit = Some(50);
        let mut game = DukesUp::new(&config, seed).unwrap();
        let mut buf = Vec::new();
        let mut rng = GameRng::new(seed);
        for _ in 0..steps {
            let Some(s) = game.to_act().first() else { break };
            game.legal_actions(s, &mut buf);
            game.apply(s, buf[rng.below(buf.len() as u32) as usize]).unwrap();
        }
        for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator] {
            let json = serde_json::to_string(&game.view(observer)).unwrap();
            let numbers: Vec<(usize, usize)> = json
                .char_indices()
                .filter(|(_, c)| c.is_ascii_digit())
                .map(|(i, _)| (i, i + 1))
                .collect();
            if numbers.is_empty() { continue; }
            let (a, b) = numbers[pick % numbers.len()];
            let tampered = format!("{}{}{}", &json[..a], value, &json[b..]);
            if let Ok(view) = serde_json::from_str::<View>(&tampered) {
                let _ = view.to_string();
                let _ = DukesUp::evaluate(&view, Seat(0));
                let _ = view.visible_score(Seat(1));
            }
            let state = serde_json::to_string(&game).unwrap();
            let digits: Vec<usize> = state.char_indices().filter(|(_, c)| c.is_ascii_digit()).map(|(i, _)| i).collect();
            let i = digits[pick % digits.len()];
            let tampered = format!("{}{}{}", &state[..i], value, &state[i + 1..]);
            if let Ok(g) = serde_json::from_str::<DukesUp>(&tampered) {
                for seat in [Seat(0), Seat(1)] {
                    g.legal_actions(seat, &mut buf);
                    for &a in &buf.clone() {
                        let mut h = g;
                        h.apply(seat, a).unwrap();
                    }
                    let _ = g.determinize(seat, value).validate();
                    let _ = g.view(Observer::Seat(seat)).to_string();
                }
            }
        }
    }
}

#[test]
fn odd_configs_are_refused_not_panicking() {
    for config in [
        with(|c| c.first_player = Some(Seat(2))),
        with(|c| c.first_player = Some(Seat(255))),
        with(|c| c.rounds = 0),
        with(|c| c.rounds = 100),
        with(|c| c.turn_limit = Some(0)),
    ] {
        assert!(DukesUp::new(&config, 0).is_err());
        let _ = DukesUp::max_actions(&config);
    }
    let config = with(|c| (c.rounds, c.turn_limit) = (99, Some(u32::MAX)));
    assert!(DukesUp::max_actions(&config) > 0);
    let game = DukesUp::new(&config, u64::MAX).unwrap();
    assert!(game.view(Observer::Seat(Seat(9))).players.iter().all(|p| p.hand_known.is_empty()));
    let mut buf = Vec::new();
    game.legal_actions(Seat(9), &mut buf);
    assert!(buf.is_empty());
}
