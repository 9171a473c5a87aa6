//! Setups: any game round-trips through its setup (and so through its saved JSON), a new
//! game is the setup of its config, defaults fill what a setup leaves out, and every way a
//! setup can be wrong is a typed error.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use archduke_rules::{
    ActionTrigger, Archduke, CallerPenalty, Config, ConfigError, DeckEntry, Face, Mark, Power, Role, RoundResult,
    RuleSet, Scoring, Setup, SetupError, SetupGrid, Slot, Stage,
};
use duke_core::testing::strategies::reachable;
use duke_core::{Game, GameRng, Observer, Seat, SeatSet};
use proptest::prelude::*;

fn configs() -> impl Strategy<Value = Config> {
    let scoring = prop_oneof![
        (1u8..=3).prop_map(|rounds| Scoring::Tokens { rounds }),
        Just(Scoring::BattleRoyal),
        (5i32..=40).prop_map(|threshold| Scoring::Points { mark: Mark::EliminateAt { threshold } }),
        (5i32..=40).prop_map(|threshold| Scoring::Points { mark: Mark::EliminateToThree { threshold } }),
        (5i32..=60).prop_map(|threshold| Scoring::Points { mark: Mark::FirstTo { threshold } }),
    ];
    (2u8..=8, scoring, any::<bool>(), any::<bool>(), 1u16..=15, proptest::option::of(0u8..8)).prop_map(
        |(players, scoring, online, strict, turns, dealer)| {
            let rules = if online { RuleSet::Online } else { RuleSet::Box };
            let mut config = rules.config(players);
            config.scoring = match scoring {
                Scoring::Points { mark: Mark::EliminateToThree { threshold } } if players < 4 => {
                    Scoring::Points { mark: Mark::EliminateAt { threshold } }
                }
                other => other,
            };
            config.decks = if players > 6 { 2 } else { 1 };
            config.caller_penalty =
                if strict { CallerPenalty::UnlessStrictlyLowest } else { CallerPenalty::OnlyIfBeaten };
            config.turn_limit = Some(u32::from(turns));
            config.round_limit = Some(3);
            config.first_dealer = dealer.filter(|&d| d < players).map(Seat);
            config
        },
    )
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(256))]

    /// `from_setup(to_setup(g)) == g` at every state of random games (the peek, drawn cards,
    /// windows with pending action cards, reshuffles, later rounds, eliminations, the game's
    /// end), and the saved JSON (which is the setup) loads back to the same game.
    #[test]
    fn every_reachable_state_round_trips_through_its_setup(reached in reachable::<Archduke>(configs(), 400)) {
        let mut game = Archduke::new(&reached.record.config, reached.record.seed).unwrap();
        for step in reached.record.steps.iter().map(Some).chain([None]) {
            let setup = game.to_setup();
            prop_assert_eq!(Archduke::from_setup(&setup), Ok(game));
            let json = serde_json::to_string(&game).unwrap();
            prop_assert_eq!(serde_json::from_str::<Archduke>(&json).unwrap(), game);
            prop_assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
            if let Some(step) = step {
                game.apply(step.seat, step.action).unwrap();
            }
        }
        prop_assert_eq!(game, reached.state);
    }

    /// A new game is the setup of its config and seed, dealer drawn by chance included.
    #[test]
    fn a_new_game_is_the_setup_of_its_config(config in configs(), seed in any::<u64>()) {
        let setup = Setup { seed, ..Setup::new(config.clone()) };
        prop_assert_eq!(Archduke::from_setup(&setup), Ok(Archduke::new(&config, seed).unwrap()));
    }
}

fn cfg(players: u8) -> Config {
    let mut config = Config::default();
    config.players = players;
    config.first_dealer = Some(Seat(players - 1));
    config
}

fn faces(text: &str) -> Vec<Face> {
    text.split_whitespace().map(|f| f.parse().unwrap()).collect()
}

fn grids(seats: &[&str]) -> Vec<SetupGrid> {
    seats.iter().map(|g| g.parse().unwrap()).collect()
}

fn window(after: Option<u8>, next: u8) -> Stage {
    Stage::Window { after: after.map(Seat), next: Seat(next) }
}

/// A valid position: P1 has just discarded a 10, P0 is next.
fn base() -> Setup {
    Setup {
        grids: grids(&["5 6 7 8", "2 3 4 9"]),
        draw: faces("9"),
        discard: faces("10"),
        stage: window(Some(1), 0),
        ..Setup::new(cfg(2))
    }
}

fn refused(setup: Setup) -> SetupError {
    Archduke::from_setup(&setup).unwrap_err()
}

#[test]
fn what_a_setup_leaves_out_takes_its_default() {
    let game = Archduke::from_setup(&base()).unwrap();
    let view = game.view(Observer::Seat(Seat(0)));
    assert_eq!((view.round, view.dealer, view.turns, view.caller), (1, Seat(1), 0, None));
    assert_eq!(view.scores, vec![0, 0]);
    assert_eq!(view.draw_pile as usize, 104 - 8 - 1, "every card left out is in the draw pile");
    assert!(
        view.grids
            .iter()
            .flatten()
            .all(|c| matches!(c, archduke_rules::Cell::Hidden { seen_by } if seen_by.is_empty()))
    );
    // The cards named are on top; the rest is shuffled with the seed below them.
    let setup = game.to_setup();
    assert_eq!(setup.draw.last(), Some(&faces("9")[0]));
    let other = Archduke::from_setup(&Setup { seed: 1, ..base() }).unwrap().to_setup();
    assert_ne!(other.draw, setup.draw);
    // The pre-round peek: the owner has seen the two cards it looked at.
    let mut peek = Setup { grids: grids(&["5 6 7 8", "2 3 4 9"]), ..Setup::new(cfg(2)) };
    peek.stage = Stage::Peeking { waiting: SeatSet::single(Seat(1)) };
    peek.grids[0].looked = Some([Slot(1), Slot(3)]);
    let game = Archduke::from_setup(&peek).unwrap();
    let mine = game.view(Observer::Seat(Seat(0))).grids[0]
        .iter()
        .map(|c| matches!(c, archduke_rules::Cell::Known { .. }))
        .collect::<Vec<_>>();
    assert_eq!(mine, vec![false, true, false, true]);
    assert_eq!(game.to_act(), SeatSet::single(Seat(1)), "P0 has looked, P1 has not");
    // No grids at all: dealt from the seed, as a new game is.
    let dealt = Archduke::from_setup(&Setup { seed: 9, ..Setup::new(cfg(3)) }).unwrap();
    assert_eq!(dealt, Archduke::new(&cfg(3), 9).unwrap());
}

#[test]
fn a_grid_reads_from_text_and_a_setup_from_sparse_json() {
    let grid: SetupGrid = "7 -3A -- 12P 13E".parse().unwrap();
    assert_eq!(grid.cards.len(), 5);
    assert_eq!(grid.to_string(), "7 -3A -- 12P 13E");
    assert!("7 X".parse::<SetupGrid>().is_err());
    let json = r#"{
        "config": {"players": 2, "decks": 1, "deck": [], "action_trigger": "GridOnly",
                   "caller_penalty": "UnlessStrictlyLowest", "scoring": {"Tokens": {"rounds": 4}},
                   "dealer": 1, "turn_limit": null, "round_limit": null},
        "grids": [{"cards": ["5", "6", "7", "8"], "seen": {"a1": [0]}}, {"cards": ["2", "3", "4", "9"]}],
        "discard": ["10"],
        "stage": {"Window": {"after": 1, "next": 0}}
    }"#;
    // The config is checked as it is read (the empty deck table), the rest by `from_setup`.
    let refused = serde_json::from_str::<Setup>(json).unwrap_err().to_string();
    assert!(refused.contains("bad deck table"), "{refused}");
    let deck = serde_json::to_string(&archduke_rules::standard_deck()).unwrap();
    let setup: Setup = serde_json::from_str(&json.replace(r#""deck": []"#, &format!(r#""deck": {deck}"#))).unwrap();
    let game = Archduke::from_setup(&setup).unwrap();
    let view = game.view(Observer::Seat(Seat(0)));
    assert!(matches!(view.grids[0][0], archduke_rules::Cell::Known { face, .. } if face.value == 5));
}

#[test]
fn each_kind_of_bad_setup_is_a_typed_error() {
    use SetupError as E;
    let face = |text: &str| faces(text)[0];
    assert!(matches!(refused(Setup { config: cfg(7), ..base() }), E::Config(ConfigError::Players { .. })));
    let seeded = Setup { seed: 1, generator: Some(GameRng::new(2)), ..base() };
    assert_eq!(refused(seeded), E::GeneratorSeed { seed: 1, found: 2 });
    assert_eq!(refused(Setup { caller: Some(Seat(5)), ..base() }), E::NoSuchSeat(Seat(5)));
    let scores = Setup { scores: vec![1, 2, 3], ..base() };
    assert_eq!(refused(scores), E::PerSeat { list: "scores", expected: 2, found: 3 });
    assert_eq!(refused(Setup { grids: grids(&["14 6 7 8", "2 3 4 9"]), ..base() }), E::UnknownCard(face("14")));
    assert_eq!(refused(Setup { discard: faces("-3A -3A -3A"), ..base() }), E::TooManyCopies(face("-3A")));
    let wide = ["2"; 33].join(" ");
    let wide = Setup { grids: grids(&[&wide, "2 3 4 9"]), ..base() };
    assert_eq!(refused(wide), E::GridSize { seat: Seat(0), positions: 33 });
    let mut unseen = base();
    unseen.grids[0] = "5 -- 7 8".parse().unwrap();
    unseen.grids[0].seen.insert(Slot(1), SeatSet::single(Seat(1)));
    assert_eq!(refused(unseen), E::NoCard { seat: Seat(0), slot: Slot(1) });
    let deciding = Setup { stage: Stage::Deciding { player: Seat(0), card: None }, ..base() };
    assert_eq!(refused(deciding), E::DrawnCard);
    let pending = Setup { pending: vec![(Seat(0), Power::Peek); 33], ..base() };
    assert_eq!(refused(pending), E::TooManyPending(33));
    assert_eq!(refused(Setup { round: 0, ..base() }), E::RoundZero);
    let mut reveal = RoundResult {
        hand: vec![0, 0],
        cards: vec![0, 0],
        place: vec![1, 2],
        caller: None,
        caller_penalised: false,
        grids: vec![vec![None; 4]],
    };
    assert_eq!(refused(Setup { last_round: Some(reveal.clone()), ..base() }), E::Reveal { found: 1 });
    reveal.grids = Vec::new();
    assert!(Archduke::from_setup(&Setup { last_round: Some(reveal), ..base() }).is_ok());
}

#[test]
fn each_kind_of_impossible_stage_is_a_typed_error() {
    use SetupError as E;
    let peek = || Setup { grids: grids(&["5 6 7 8", "2 3 4 9"]), ..Setup::new(cfg(2)) };
    assert_eq!(
        refused(Setup { discard: faces("10"), ..peek() }),
        E::NotAtThisStage { what: "a discard pile before the round" }
    );
    let p0_waits = Stage::Peeking { waiting: SeatSet::single(Seat(0)) };
    assert_eq!(refused(Setup { stage: p0_waits, ..peek() }), E::PeekSeen(Seat(1)), "P1 has looked at no card");
    let mut looked = Setup { stage: Stage::Peeking { waiting: SeatSet::EMPTY }, ..peek() };
    looked.grids[0].looked = Some([Slot(0), Slot(1)]);
    looked.grids[1].looked = Some([Slot(0), Slot(1)]);
    assert_eq!(refused(looked), E::EveryoneLooked);
    let mut peeked = peek();
    peeked.grids[1].seen.insert(Slot(0), SeatSet::single(Seat(0)));
    assert_eq!(refused(peeked), E::PeekSeen(Seat(1)), "nobody sees another's card before play");
    assert_eq!(refused(Setup { grids: grids(&["5 6 7", "2 3 4 9"]), ..peek() }), E::FreshGrid(Seat(0)));
    let over = Setup { stage: Stage::Over, caller: Some(Seat(0)), ..base() };
    assert_eq!(refused(over), E::NotAtThisStage { what: "a call of \"Archduke!\" after the game" });
    let drawn = Setup { stage: Stage::Deciding { player: Seat(0), card: Some(faces("7")[0]) }, ..base() };
    assert!(Archduke::from_setup(&drawn).is_ok());
    let waiting = Setup { pending: vec![(Seat(0), Power::Peek)], ..drawn };
    assert!(matches!(refused(waiting), E::NotAtThisStage { .. }));
    assert_eq!(
        refused(Setup { stage: window(Some(1), 1), ..base() }),
        E::NextPlayer { expected: Seat(0), found: Seat(1) }
    );
    assert_eq!(
        refused(Setup { stage: window(None, 1), ..base() }),
        E::NextPlayer { expected: Seat(0), found: Seat(1) }
    );
    let first = Setup { dealer: Some(Seat(0)), first: Some(Seat(0)), stage: window(None, 0), ..base() };
    assert_eq!(refused(first), E::FirstPlayer { dealer: Seat(0), first: Seat(0) });
    let mut later = base();
    later.grids[0].drawn_from.insert(Slot(0), 1);
    assert_eq!(refused(later), E::FutureDrawPile { seat: Seat(0), slot: Slot(0) });
    assert_eq!(refused(Setup { grids: grids(&["5 6 7 8", "-- -- -- --"]), ..base() }), E::NoCards(Seat(1)));
    assert_eq!(refused(Setup { final_round: true, ..base() }), E::FinalRound);
    assert_eq!(refused(Setup { eliminated: [(Seat(1), 1)].into(), ..base() }), E::Elimination(Seat(1)));
}

#[test]
fn eliminations_and_empty_piles_are_checked() {
    use SetupError as E;
    // Battle Royal, round 2: P2 went out in round 1.
    let mut config = cfg(3);
    config.scoring = Scoring::BattleRoyal;
    config.first_dealer = Some(Seat(1));
    let royal = || Setup {
        config: config.clone(),
        round: 2,
        eliminated: [(Seat(2), 1)].into(),
        grids: grids(&["5 6 7 8", "2 3 4 9", ""]),
        discard: faces("10"),
        stage: window(None, 0),
        ..Setup::new(cfg(3))
    };
    assert!(Archduke::from_setup(&royal()).is_ok());
    assert_eq!(refused(Setup { caller: Some(Seat(2)), ..royal() }), E::OutOfGame(Seat(2)));
    assert_eq!(refused(Setup { eliminated: [(Seat(2), 3)].into(), ..royal() }), E::Elimination(Seat(2)));
    assert_eq!(
        refused(Setup { grids: grids(&["5 6 7 8", "2 3 4 9", "7"]), ..royal() }),
        E::EliminatedWithCards(Seat(2))
    );
    let alone =
        Setup { eliminated: [(Seat(1), 1), (Seat(2), 1)].into(), grids: grids(&["5 6 7 8", "", ""]), ..royal() };
    assert_eq!(refused(alone), E::TooFewPlayers);
    assert_eq!(refused(Setup { dealer: Some(Seat(2)), first: Some(Seat(0)), ..royal() }), E::OutOfGame(Seat(2)));
    // Every card in a grid: a live round needs a card in a pile.
    let mut config = cfg(2);
    config.deck = vec![DeckEntry { value: 5, copies: 9, role: Role::Number }];
    let all_placed = Setup { config, grids: grids(&["5 5 5 5 5", "5 5 5 5"]), draw: vec![], discard: vec![], ..base() };
    assert_eq!(refused(all_placed), E::EmptyPiles);
}

/// The gap the general-rule test found: a saved pre-round peek whose first player is out of
/// the game loaded, and after the last look the window's next player was out of the game,
/// so nobody could draw. It is refused now.
#[test]
fn a_peek_whose_first_player_is_out_is_refused() {
    let mut config = cfg(3);
    config.scoring = Scoring::BattleRoyal;
    config.turn_limit = Some(1);
    let mut game = Archduke::new(&config, 4).unwrap();
    let mut buf = Vec::new();
    // Play round 1 to its end: P? is eliminated, round 2's peek begins.
    while game.view(Observer::Spectator).round == 1 {
        let seat = game.awaited().first().unwrap();
        game.legal_actions(seat, &mut buf);
        let action = *buf.iter().find(|a| !matches!(a, archduke_rules::Action::Match(_))).unwrap_or(&buf[0]);
        game.apply(seat, action).unwrap();
    }
    let mut saved = serde_json::to_value(game).unwrap();
    let out = saved["eliminated"].as_object().unwrap().keys().next().unwrap().parse::<u8>().unwrap();
    saved["first"] = serde_json::json!(out);
    let error = serde_json::from_value::<Archduke>(saved).unwrap_err().to_string();
    assert!(error.contains(&format!("P{out} is out of the game")), "{error}");
}

#[test]
fn a_two_deck_online_table_takes_setups_too() {
    let mut config = RuleSet::Online.config(8);
    config.first_dealer = Some(Seat(7));
    let mut setup = Setup { discard: faces("12P 12P 12P"), stage: window(None, 0), ..Setup::new(config) };
    setup.grids = (0..8).map(|_| "2 3 4 1G".parse().unwrap()).collect();
    setup.grids[0].seen.insert(Slot(0), SeatSet::first_n(8));
    let game = Archduke::from_setup(&setup).unwrap();
    assert_eq!(game.to_setup().grids[3].cards, grid_faces("2 3 4 1G"));
    assert_eq!(game.view(Observer::Spectator).draw_pile as usize, 208 - 32 - 3);
    assert_eq!(game.config().action_trigger, ActionTrigger::AnyDiscard);
}

fn grid_faces(text: &str) -> Vec<Option<Face>> {
    text.parse::<SetupGrid>().unwrap().cards
}
