use crownbattles_rules::{Action, CrownBattles, RoundType};
use duke_core::Observer;
use duke_core::referee::Perspective;

use super::*;
use crate::bots::{Bot, Decision, GreedyBot};
use crate::catalog::Catalogued;
use crate::options::GameOptions;

/// A game of Missions rounds only, played with the first legal action until `seat`'s
/// `stop` holds (or the game ends).
fn missions_game(seed: u64, stop: impl Fn(&CrownBattles, Seat) -> bool) -> Option<(CrownBattles, Seat)> {
    let options = GameOptions { round_sequence: Some("missions".to_owned()), ..GameOptions::default() };
    let config = CrownBattles::config_with(None, &options).unwrap();
    let mut game = CrownBattles::new(&config, seed).unwrap();
    let mut legal = Vec::new();
    while let Some(seat) = game.to_act().first() {
        if stop(&game, seat) {
            return Some((game, seat));
        }
        game.legal_actions(seat, &mut legal);
        game.apply(seat, legal[0]).unwrap();
    }
    None
}

#[test]
fn the_greedy_bot_chooses_the_offered_mission_of_the_best_expected_value() {
    for seed in 0..12 {
        let offered = |g: &CrownBattles, seat: Seat| !g.view(Observer::Seat(seat)).offered.is_empty();
        let (game, seat) = missions_game(seed, offered).unwrap();
        let view = game.view(Observer::Seat(seat));
        assert_eq!(view.round_type, RoundType::Missions);
        let Some(MissionSense::Choose { values, worst }) =
            MissionSense::new::<CrownBattles>(&view, || game.config(), seat)
        else {
            panic!("no choice for {seat} in {view}")
        };
        assert!(values.iter().all(|&(id, v)| view.offered.contains(&id) && v >= -FAILED && v > worst));
        let best = values.iter().map(|&(_, v)| v).fold(f64::MIN, f64::max);
        let mut bot = GreedyBot::new(seed);
        let Some(Decision::Act(Action::Mission(id))) = bot.choose(&Perspective::new(&game, seat)) else {
            panic!("the greedy bot chose no mission")
        };
        assert_eq!(values.iter().find(|&&(m, _)| m == id).map(|&(_, v)| v), Some(best), "seed {seed}");
    }
}

#[test]
fn in_play_the_sense_follows_the_mission_and_the_tricks() {
    // A seat about to play a card, its mission chosen.
    let playing = |g: &CrownBattles, seat: Seat| {
        let view = g.view(Observer::Seat(seat));
        view.missions.get(seat.index()).copied().flatten().is_some() && view.offered.is_empty() && !view.hand.is_empty()
    };
    let mut seen = 0;
    for seed in 0..12 {
        let Some((game, seat)) = missions_game(seed, playing) else { continue };
        let view = game.view(Observer::Seat(seat));
        let config = game.config();
        let id = view.missions[seat.index()].unwrap();
        let condition = config.missions.catalogue.get(id).unwrap().condition;
        let sense = MissionSense::new::<CrownBattles>(&view, || config, seat);
        let tricks = view.tricks[seat.index()];
        let want = match sense {
            Some(MissionSense::Play { want, .. }) => want,
            None => 0.0,
            Some(other) => panic!("{other:?} while playing"),
        };
        let expected = match condition {
            Condition::AtLeast(n) if tricks < n => 1.0,
            Condition::Between(low, _) if tricks < low => 1.0,
            Condition::Between(_, high) if tricks >= high => -1.0,
            Condition::Between(..) => -0.5,
            Condition::NoneOfFirst(_) => -1.0,
            Condition::TrumpTrick | Condition::TrumpOverLead => 1.0,
            Condition::AtLeast(_) => 0.0,
            other => panic!("a condition this test does not know: {other}"),
        };
        assert_eq!(want, expected, "{condition} with {tricks} tricks, first trick");
        seen += 1;
    }
    assert!(seen >= 6, "{seen}");
}

#[test]
fn a_card_keeps_the_lead_by_its_strength() {
    assert!(keeps_lead(10 << 8) > keeps_lead(8 << 8));
    assert!(keeps_lead(8 << 8) > keeps_lead(4 << 8));
    assert!(keeps_lead(3 << 8 | 26) > keeps_lead(3 << 8 | 2));
    assert!(keeps_lead(3 << 8 | 2) > keeps_lead(2 << 8 | 2));
    assert!(keeps_lead(2 << 8 | 26) > keeps_lead(0));
    assert!((0..=(10 << 8)).all(|s| (0.0..1.0).contains(&keeps_lead(s))));
}
