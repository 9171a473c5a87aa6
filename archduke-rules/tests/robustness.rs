//! Robustness: every public entry point on arbitrary input. Arbitrary actions (not only listed
//! ones) for arbitrary seats, garbage notation, odd configs and tampered views must never
//! panic; a refused action leaves the state unchanged.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use archduke_rules::{
    Action, ActionTrigger, Archduke, CallerPenalty, Config, DeckEntry, Mark, Role, RuleSet, Scoring, Slot, Spot, View,
};
use duke_core::{Game, GameRng, Observer, Seat};
use proptest::prelude::*;

fn seat() -> impl Strategy<Value = Seat> {
    prop_oneof![4 => (0u8..14).prop_map(Seat), 1 => any::<u8>().prop_map(Seat)]
}

fn slot() -> impl Strategy<Value = Slot> {
    prop_oneof![4 => (0u8..8).prop_map(Slot), 1 => any::<u8>().prop_map(Slot)]
}

fn spot() -> impl Strategy<Value = Spot> {
    (seat(), slot()).prop_map(|(seat, slot)| Spot { seat, slot })
}

/// Any action at all, most of them illegal wherever they are tried.
fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (slot(), slot()).prop_map(|(a, b)| Action::Look(a, b)),
        Just(Action::Draw),
        slot().prop_map(Action::Take),
        slot().prop_map(Action::Keep),
        Just(Action::Discard),
        slot().prop_map(Action::Match),
        spot().prop_map(Action::Peek),
        (spot(), spot()).prop_map(|(a, b)| Action::Swap(a, b)),
        seat().prop_map(Action::Give),
        Just(Action::Pass),
        Just(Action::Archduke),
        Just(Action::End),
    ]
}

fn role() -> impl Strategy<Value = Role> {
    prop_oneof![
        Just(Role::Number),
        Just(Role::Archduke),
        Just(Role::Eclipse),
        Just(Role::Give),
        Just(Role::Swap),
        Just(Role::Peek),
    ]
}

fn scoring() -> impl Strategy<Value = Scoring> {
    prop_oneof![
        any::<u8>().prop_map(|rounds| Scoring::Tokens { rounds }),
        Just(Scoring::BattleRoyal),
        any::<i32>().prop_map(|threshold| Scoring::Points { mark: Mark::EliminateAt { threshold } }),
        any::<i32>().prop_map(|threshold| Scoring::Points { mark: Mark::EliminateToThree { threshold } }),
        any::<i32>().prop_map(|threshold| Scoring::Points { mark: Mark::FirstTo { threshold } }),
        any::<u16>().prop_map(|rounds| Scoring::Points { mark: Mark::Rounds { rounds } }),
    ]
}

/// Configs far outside the rulebook: odd deck tables (empty, tiny, huge counts, extreme
/// values), 0 to 14 players, 0 to 3 decks, any scoring, any limits.
fn odd_config() -> impl Strategy<Value = Config> {
    let table = prop::collection::vec(
        (any::<i8>(), prop_oneof![3 => 0u8..12, 1 => any::<u8>()], role())
            .prop_map(|(value, copies, role)| DeckEntry { value, copies, role }),
        0..20,
    );
    let deck = prop_oneof![1 => Just(archduke_rules::standard_deck()), 2 => table];
    (
        prop_oneof![3 => 2u8..=6, 1 => 0u8..15],
        prop_oneof![3 => 1u8..=2, 1 => 0u8..4],
        deck,
        scoring(),
        any::<bool>(),
        any::<bool>(),
        proptest::option::of(any::<u8>()),
        proptest::option::of(0u16..40),
        proptest::option::of(0u16..4),
    )
        .prop_map(|(players, decks, deck, scoring, online, strict, dealer, turn_limit, round_limit)| {
            let mut config = Config::default();
            config.players = players;
            config.decks = decks;
            config.deck = deck;
            config.action_trigger = if online { ActionTrigger::AnyDiscard } else { ActionTrigger::GridOnly };
            config.caller_penalty =
                if strict { CallerPenalty::UnlessStrictlyLowest } else { CallerPenalty::OnlyIfBeaten };
            config.scoring = scoring;
            config.first_dealer = dealer.map(Seat);
            config.turn_limit = turn_limit.map(u32::from);
            config.round_limit = round_limit;
            config
        })
}

/// Every read-only entry point, on every observer.
fn read_everything(game: &Archduke) {
    let mut buf = Vec::new();
    let _ = game.to_act();
    let _ = game.outcome();
    let _ = game.running_scores();
    let _ = game.config();
    for s in 0..=game.seat_count() as u8 + 1 {
        game.legal_actions(Seat(s), &mut buf);
        let view = game.view(Observer::Seat(Seat(s)));
        let _ = view.to_string();
        let _ = Archduke::evaluate(&view, Seat(s));
    }
    let _ = game.view(Observer::Spectator).to_string();
    assert!(game.validate().is_ok());
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(48))]

    /// Random games in which, before each listed action, arbitrary actions for arbitrary
    /// seats are thrown at the state: each is either applied (and then undone exactly) or
    /// refused with the state unchanged; nothing panics.
    #[test]
    fn arbitrary_actions_for_arbitrary_seats(
        players in 2u8..=6,
        online in any::<bool>(),
        seed in any::<u64>(),
        junk in prop::collection::vec((seat(), action()), 64),
    ) {
        let rules = if online { RuleSet::Online } else { RuleSet::Box };
        let mut config = rules.config(players);
        config.turn_limit = Some(12);
        config.round_limit = Some(2);
        let mut game = Archduke::new(&config, seed).unwrap();
        let mut rng = GameRng::new(seed ^ 0x5eed);
        let mut buf = Vec::new();
        let mut steps = 0;
        while !game.is_over() && steps < 400 {
            for &(seat, action) in junk.iter().skip(steps % 32).take(4) {
                let before = game;
                match game.apply(seat, action) {
                    Ok(undo) => {
                        read_everything(&game);
                        game.undo(undo);
                        prop_assert_eq!(game, before);
                    }
                    Err(_) => prop_assert_eq!(game, before),
                }
            }
            let to_act = game.to_act();
            let seats: Vec<Seat> = to_act.iter().collect();
            let seat = seats[rng.below(seats.len() as u32) as usize];
            game.legal_actions(seat, &mut buf);
            let action = buf[rng.below(buf.len() as u32) as usize];
            game.apply(seat, action).unwrap();
            steps += 1;
        }
        read_everything(&game);
    }

    /// Any config: refused with a typed error, or a game that plays without a panic.
    #[test]
    fn odd_configs_are_refused_or_play(config in odd_config(), seed in any::<u64>()) {
        let _ = Archduke::max_actions(&config);
        let valid = config.check().is_ok();
        match Archduke::new(&config, seed) {
            Err(_) => prop_assert!(!valid),
            Ok(mut game) => {
                prop_assert!(valid);
                prop_assert!(config.players <= 12 && config.decks >= 1);
                read_everything(&game);
                let mut rng = GameRng::new(seed);
                let mut buf = Vec::new();
                duke_core::testing::random_playout(&mut game, &mut rng, &mut buf, 600);
                read_everything(&game);
                let json = serde_json::to_string(&game).unwrap();
                prop_assert_eq!(serde_json::from_str::<Archduke>(&json).unwrap(), game);
            }
        }
    }

    /// Notation parsing of any text (garbage, unicode, huge numbers) never panics, and what
    /// parses prints back to the same action.
    #[test]
    fn any_text_parses_or_is_refused(text in prop_oneof![
        any::<String>(),
        "(look|draw|take|keep|discard|match|peek|swap|give|pass|archduke|end)( [a-zP0-9:é١]{0,24}){0,3}",
        "(peek|give|swap) P[0-9]{1,30}(:[a-z][0-9]{1,20})?( P[0-9]{1,5}:[a-z][0-9])?",
    ]) {
        if let Ok(action) = text.parse::<Action>() {
            prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
        let _ = text.parse::<Slot>();
        let _ = text.parse::<Spot>();
    }

    /// A view deserialised from tampered JSON (any numbers, grids of any size) renders and
    /// evaluates without a panic.
    #[test]
    fn tampered_views_render(seed in any::<u64>(), columns in 0usize..300, seat in any::<u8>(), value in any::<i8>(),
                             round in any::<u16>(), decks in any::<u8>()) {
        let game = Archduke::new(&Config::default(), seed).unwrap();
        let mut view = game.view(Observer::Seat(Seat(0)));
        let cell = view.grids[0][0];
        view.grids[1] = vec![cell; columns * 2 + 1];
        view.round = round;
        view.decks = decks;
        view.deck[0].value = value;
        view.observer = Observer::Seat(Seat(seat));
        let json = serde_json::to_string(&view).unwrap();
        let back: View = serde_json::from_str(&json).unwrap();
        let _ = back.to_string();
        let _ = Archduke::evaluate(&back, Seat(seat));
        let _ = back.rule_set();
    }
}

/// Replaces the `target`-th number of a JSON tree (depth first) with `new`.
fn replace_number(value: &mut serde_json::Value, target: &mut usize, new: i64) {
    match value {
        serde_json::Value::Number(n) => {
            if *target == 0 {
                *n = new.into();
            }
            *target = target.wrapping_sub(1);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(|v| replace_number(v, target, new)),
        serde_json::Value::Object(map) => map.values_mut().for_each(|v| replace_number(v, target, new)),
        _ => {}
    }
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(64))]

    /// A game record with one number tampered (config, seed, a seat or a position of any
    /// step) either fails to deserialise, or replays to a valid game or a typed error.
    #[test]
    fn tampered_records_replay_or_are_refused(seed in any::<u64>(), target in any::<usize>(),
                                              new in prop_oneof![any::<i64>(), -2i64..300]) {
        let mut config = RuleSet::Online.config(3);
        config.turn_limit = Some(10);
        config.round_limit = Some(1);
        let mut game = Archduke::new(&config, seed).unwrap();
        let mut record = duke_core::Record::<Archduke>::new(config, seed);
        let mut rng = GameRng::new(seed);
        let mut buf = Vec::new();
        while !game.is_over() {
            let seats: Vec<Seat> = game.to_act().iter().collect();
            let seat = seats[rng.below(seats.len() as u32) as usize];
            game.legal_actions(seat, &mut buf);
            let action = buf[rng.below(buf.len() as u32) as usize];
            game.apply(seat, action).unwrap();
            record.push(seat, action);
        }
        let mut value = serde_json::to_value(&record).unwrap();
        let mut count = usize::MAX;
        replace_number(&mut value, &mut count, 0);
        let numbers = usize::MAX - count;
        let mut target = target % numbers.max(1);
        replace_number(&mut value, &mut target, new);
        if let Ok(tampered) = serde_json::from_value::<duke_core::Record<Archduke>>(value)
            && let Ok(end) = tampered.replay()
        {
            read_everything(&end);
        }
    }
}

/// Thirteen players, or more cards than two decks hold, are typed config errors.
#[test]
fn thirteen_players_and_oversized_decks_are_refused() {
    let mut thirteen = Config::default();
    thirteen.players = 13;
    thirteen.decks = 2;
    assert!(Archduke::new(&thirteen, 1).is_err());
    let mut huge = Config::default();
    huge.deck = vec![DeckEntry { value: 5, copies: u8::MAX, role: Role::Number }];
    assert!(Archduke::new(&huge, 1).is_err());
    let mut short = Config::default();
    short.deck = vec![DeckEntry { value: 5, copies: 16, role: Role::Number }];
    assert!(Archduke::new(&short, 1).is_err());
    // Exactly enough to deal 4 each and turn one up: playable.
    let mut exact = Config::default();
    exact.deck = vec![DeckEntry { value: 5, copies: 17, role: Role::Number }];
    exact.turn_limit = Some(30);
    let mut game = Archduke::new(&exact, 3).unwrap();
    let mut buf = Vec::new();
    duke_core::testing::random_playout(&mut game, &mut GameRng::new(3), &mut buf, 10_000);
    assert!(game.is_over());
}
