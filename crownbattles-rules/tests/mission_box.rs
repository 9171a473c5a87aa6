//! A mission catalogue as large as the box (64 mission cards, rulebook "Missions";
//! RULES.md, reading 37): it loads from JSON, every id can be dealt and chosen, games with
//! it save, load, undo and score exactly, and one mission more is refused.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

mod common;

use common::*;
use crownbattles_rules::{
    Action, Condition, Config, CrownBattles, Event, MAX_MISSIONS, MissionCatalogue, MissionError, RoundType,
    RoundTypes, Trump,
};
use duke_core::{Game, GameRng, Observer, Seat};

/// "Win a to b tricks" for the first `count` pairs a <= b of 0..=10, each paying 10 points
/// everywhere: `count` missions with distinct conditions, as JSON.
fn box_json(count: usize) -> String {
    let row = "10 10 10 10 10 10 10";
    let table = format!(r#"{{"2": "{row}", "3": "{row}", "4": "{row}", "5": "{row}", "6": "{row}", "7-8": "{row}"}}"#);
    let missions: Vec<String> = (0..=10u8)
        .flat_map(|a| (a..=10).map(move |b| (a, b)))
        .take(count)
        .map(|(a, b)| format!(r#"{{"condition": {{"between": [{a}, {b}]}}, "points": {table}}}"#))
        .collect();
    format!("[{}]", missions.join(", "))
}

fn whole_box() -> MissionCatalogue {
    serde_json::from_str(&box_json(MAX_MISSIONS)).unwrap()
}

/// Four players, no power cards, every round a Missions round dealing 5 then 6 cards,
/// with the whole box.
fn box_config() -> Config {
    let mut c = config(4, &[5, 6], &[]);
    c.round_types = RoundTypes::Every(RoundType::Missions);
    c.missions.catalogue = whole_box();
    c
}

#[test]
fn the_whole_box_loads_and_one_mission_more_is_refused() {
    assert_eq!(MAX_MISSIONS, 64);
    let catalogue = whole_box();
    assert_eq!(catalogue.len(), 64);
    assert_eq!(catalogue.get(63).unwrap().condition, Condition::Between(9, 9));
    assert_eq!(catalogue.get(64), None);
    let back: MissionCatalogue = serde_json::from_str(&serde_json::to_string(&catalogue).unwrap()).unwrap();
    assert_eq!(back, catalogue);
    let err = serde_json::from_str::<MissionCatalogue>(&box_json(65)).unwrap_err().to_string();
    assert!(err.contains("1 to 64 missions"), "{err}");
    let list: Vec<_> = catalogue.iter().copied().chain(catalogue.get(0).copied()).collect();
    assert_eq!(MissionCatalogue::new(&list), Err(MissionError::Count(65)));
    // The printed four, however they arrive, are the default catalogue.
    let printed = MissionCatalogue::new(MissionCatalogue::printed().as_slice()).unwrap();
    assert_eq!(printed, MissionCatalogue::default());
    // A config with the box travels with it, and a game's clone shares it.
    let config = box_config();
    let json = serde_json::to_string(&config).unwrap();
    assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), config);
    let game = CrownBattles::new(&config, 3).unwrap();
    assert_eq!(game.clone().config().missions.catalogue, catalogue);
}

/// Plays `games` games of [`box_config`] with random legal actions and checks each round:
/// offers hold missions of the box available this round, saving and loading and undoing
/// are exact, and a chosen "win a to b tricks" scores 10 when met and -20 when failed.
/// Returns the largest mission id chosen.
fn play_box_games(games: u64) -> u8 {
    let config = box_config();
    let catalogue = whole_box();
    let mut highest = 0;
    let mut legal = Vec::new();
    for seed in 0..games {
        let mut game = CrownBattles::new(&config, seed).unwrap();
        let mut rng = GameRng::new(seed ^ 0xB0C5);
        let mut chosen = [None; 4];
        while let Some(seat) = game.to_act().first() {
            let setup = game.to_setup();
            assert_eq!(CrownBattles::from_setup(&setup).unwrap(), game, "seed {seed}");
            let dealt = game.cards_this_round();
            let offered = game.view(Observer::Seat(seat)).offered;
            assert!(offered.len() <= 5, "seed {seed}: {offered:?}");
            for &id in &offered {
                let mission = catalogue.get(id).unwrap();
                assert!(mission.available(4, dealt, game.view(Observer::Spectator).trump != Trump::NoTrump), "{id}");
            }
            game.legal_actions(seat, &mut legal);
            let action = legal[rng.below(legal.len() as u32) as usize];
            if let Action::Mission(id) = action {
                assert_eq!(action.to_string().parse::<Action>(), Ok(action));
                chosen[seat.index()] = Some(id);
                highest = highest.max(id);
            }
            let before = game.clone();
            let undo = game.apply(seat, action).unwrap();
            let mut events = Vec::new();
            CrownBattles::events(&before, seat, action, &game, Observer::Spectator, &mut events);
            let mut undone = game.clone();
            undone.undo(undo);
            assert_eq!(undone, before, "seed {seed}: {action}");
            for event in events {
                if let Event::RoundScored { tricks, points, .. } = event {
                    for s in 0..4 {
                        let want = match chosen[s].map(|id| catalogue.get(id).unwrap().condition) {
                            Some(Condition::Between(a, b)) if (a..=b).contains(&tricks[s]) => 10,
                            Some(_) => -20,
                            None => 0,
                        };
                        assert_eq!(points[s], want, "seed {seed}: P{s} {:?} {tricks:?}", chosen[s]);
                    }
                    chosen = [None; 4];
                }
            }
        }
        assert!(game.outcome().is_some());
        assert_eq!(game.to_act().first(), None::<Seat>);
    }
    highest
}

#[test]
fn every_part_of_the_box_is_dealt_chosen_and_scored() {
    // With 5 or 6 cards dealt, the missions "win a to b" with a <= 5 or 6 are available:
    // ids 0 to 50 or 55.
    let highest = play_box_games(40);
    assert!(highest >= 16, "ids beyond the old cap of 8 (and a 16-bit set) are dealt: {highest}");
}
