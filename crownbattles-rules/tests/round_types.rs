//! The expansion game's round types ("The expansion game"): choosing them (exclusions by
//! player count, absent types, sequences), revealing one per round, and Blind Bidding.

mod common;

use common::*;
use crownbattles_rules::{
    Action, Config, ConfigError, CrownBattles, Event, Phase, RoundType, RoundTypes, Schedule, Setup, SetupError, Trump,
};
use duke_core::{Game, Observer, Seat};

/// A config for `players` dealing `cards` per round, with these round types.
fn with_rounds(players: u8, cards: &[u8], rounds: RoundTypes) -> Config {
    let mut c = config(players, cards, &[]);
    c.round_types = rounds;
    c
}

/// "Exclude certain Round Type cards based on the number of players: For 3-player games,
/// exclude the Duel Fights card. For 2-player games, exclude the Stealth Play, Duel Fights
/// card and all Alliance cards."
#[test]
fn round_types_excluded_by_player_count_are_config_errors() {
    let base = |players| Config::rulebook(Some(players)).unwrap();
    for t in [RoundType::StealthPlay, RoundType::DuelFights, RoundType::Alliances, RoundType::MissionsAlliances] {
        let mut c = base(2);
        c.round_types = RoundTypes::deal(&[RoundType::Normal, t]);
        assert_eq!(c.check(), Err(ConfigError::RoundTypeExcluded { round_type: t, players: 2 }), "{t:?}");
    }
    let mut c = base(2);
    c.round_types = RoundTypes::Every(RoundType::SuitPrecisionAlliances);
    assert!(matches!(c.check(), Err(ConfigError::RoundTypeExcluded { .. })));
    let mut c = base(3);
    c.round_types = RoundTypes::deal(&[RoundType::DuelFights]);
    assert_eq!(c.check(), Err(ConfigError::RoundTypeExcluded { round_type: RoundType::DuelFights, players: 3 }));
    // Only these: with 3 players Stealth Play and the Alliances are not excluded, with 4
    // players nothing is.
    let mut c = base(3);
    c.round_types = RoundTypes::deal(&[RoundType::StealthPlay]);
    assert!(c.check().is_ok());
    let mut c = base(3);
    c.round_types = RoundTypes::deal(&[RoundType::Alliances, RoundType::Normal]);
    assert!(c.check().is_ok());
    for t in RoundType::ALL {
        assert!(!t.excluded_for(4));
        assert_eq!(t.excluded_for(2), matches!(t, RoundType::StealthPlay | RoundType::DuelFights) || t.is_alliance());
    }
}

/// "There are 14 options": every one can be chosen (4 players exclude none); choosing
/// none is a typed error.
#[test]
fn every_round_type_is_playable_and_an_empty_choice_is_refused() {
    assert_eq!(RoundType::IMPLEMENTED, RoundType::ALL);
    for t in RoundType::ALL {
        let mut c = Config::rulebook(Some(4)).unwrap();
        c.round_types = RoundTypes::deal(&[RoundType::Normal, t]);
        assert!(c.check().is_ok(), "{t:?}");
        assert!(CrownBattles::new(&c, 1).is_ok(), "{t:?}");
    }
    let mut none = Config::rulebook(Some(4)).unwrap();
    none.round_types = RoundTypes::Deal(0);
    assert_eq!(none.check(), Err(ConfigError::NoRoundTypes));
    let mut beyond = Config::rulebook(Some(4)).unwrap();
    beyond.round_types = RoundTypes::Draw(1 << 15);
    assert_eq!(beyond.check(), Err(ConfigError::NoRoundTypes));
}

#[test]
fn a_sequence_lists_one_round_type_per_scheduled_round() {
    let seq = RoundTypes::sequence(&[RoundType::Normal, RoundType::BlindBidding]).unwrap();
    let mut c = config(3, &[2, 3, 4], &[]);
    c.round_types = seq;
    assert_eq!(c.check(), Err(ConfigError::RoundSequence { len: 2, rounds: 3 }));
    assert!(RoundTypes::sequence(&[]).is_err());
    assert!(RoundTypes::sequence(&[RoundType::Normal; 25]).is_err());
}

#[test]
fn round_types_travel_as_names_and_lists() {
    let cases = [
        (RoundTypes::default(), r#""Normal""#),
        (RoundTypes::Every(RoundType::BlindBidding), r#""BlindBidding""#),
        (RoundTypes::deal(&[RoundType::BlindBidding, RoundType::Normal]), r#"{"deal":["Normal","BlindBidding"]}"#),
        (RoundTypes::draw(&[RoundType::BlindBidding]), r#"{"draw":["BlindBidding"]}"#),
        (
            RoundTypes::sequence(&[RoundType::BlindBidding, RoundType::Normal]).unwrap(),
            r#"{"sequence":["BlindBidding","Normal"]}"#,
        ),
    ];
    for (value, json) in cases {
        assert_eq!(serde_json::to_string(&value).unwrap(), json);
        assert_eq!(serde_json::from_str::<RoundTypes>(json).unwrap(), value);
    }
    // The base game's config is written as before the round types existed.
    let json = serde_json::to_value(Config::rulebook(Some(4)).unwrap()).unwrap();
    assert_eq!(json["round_types"], "Normal");
    assert!(serde_json::from_str::<RoundTypes>(r#"{"sequence":[]}"#).is_err());
    assert!(serde_json::from_str::<RoundTypes>(r#""Jousting""#).is_err());
    for t in RoundType::ALL {
        assert_eq!(t.short().parse::<RoundType>(), Ok(t));
        assert_eq!(format!("{t:?}").parse::<RoundType>(), Ok(t));
    }
    assert!("jousting".parse::<RoundType>().is_err());
}

/// Plays every round of `game` with the first legal action; returns the round type of each
/// round, as the view shows it and as the round's start event revealed it.
fn round_types_played(mut game: CrownBattles) -> Vec<RoundType> {
    let mut seen = vec![game.view(Observer::Spectator).round_type];
    let opening = game.opening_events(Observer::Spectator);
    assert!(opening.contains(&Event::RoundTypeRevealed { round_type: seen[0] }), "{opening:?}");
    let mut legal = Vec::new();
    let mut events = Vec::new();
    while let Some(seat) = game.to_act().first() {
        game.legal_actions(seat, &mut legal);
        let before = game.clone();
        game.apply(seat, legal[0]).unwrap();
        CrownBattles::events(&before, seat, legal[0], &game, Observer::Spectator, &mut events);
        if game.view(Observer::Spectator).round != before.view(Observer::Spectator).round && !game.is_over() {
            let now = game.view(Observer::Spectator).round_type;
            assert!(events.contains(&Event::RoundTypeRevealed { round_type: now }), "{events:?}");
            seen.push(now);
        }
    }
    seen
}

/// "The dealer shuffles the chosen cards and randomly reveals one for each round": each
/// card once before any is revealed again; the same seed reveals the same types.
#[test]
fn the_chosen_round_type_cards_are_revealed_one_per_round() {
    let chosen = [RoundType::Normal, RoundType::BlindBidding];
    let config = with_rounds(3, &[1, 1, 1, 1, 1, 1], RoundTypes::deal(&chosen));
    let mut patterns = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let game = CrownBattles::new(&config, seed).unwrap();
        let played = round_types_played(game);
        assert_eq!(played.len(), 6);
        for pair in played.chunks(2) {
            assert!(pair[0] != pair[1], "seed {seed}: {played:?} reveals a card twice in a shuffle");
        }
        assert_eq!(round_types_played(CrownBattles::new(&config, seed).unwrap()), played, "replayable");
        patterns.insert(played);
    }
    assert!(patterns.len() > 1, "the shuffle never varies: {patterns:?}");
}

/// The other reading: every round draws from all the chosen types (a type may repeat).
#[test]
fn drawn_round_types_may_repeat() {
    let config = with_rounds(3, &[1; 8], RoundTypes::draw(&[RoundType::Normal, RoundType::BlindBidding]));
    let repeats = (0..10).any(|seed| {
        let played = round_types_played(CrownBattles::new(&config, seed).unwrap());
        played.chunks(2).any(|p| p[0] == p[1])
    });
    assert!(repeats);
}

/// A fixed sequence plays its types in order; a tie replay plays the last one again.
#[test]
fn a_fixed_sequence_plays_in_order() {
    let seq = [RoundType::BlindBidding, RoundType::Normal, RoundType::BlindBidding];
    let config = with_rounds(4, &[1, 2, 3], RoundTypes::sequence(&seq).unwrap());
    for seed in 0..5 {
        assert_eq!(round_types_played(CrownBattles::new(&config, seed).unwrap()), seq);
    }
    let mut tied = with_rounds(2, &[1], RoundTypes::sequence(&[RoundType::BlindBidding]).unwrap());
    tied.max_tie_replays = 3;
    tied.spinner = [1, 1, 1, 1, 0, 0];
    let mut game = deal(&tied, Trump::NoTrump, &["R5", "G5"]);
    // P0 leads R5 and P1, without red, loses with G5.
    steps(&mut game, &["P1 bid 1", "P0 bid 0", "P0 play R5", "P1 play G5"]);
    // P0 took the trick against a bid of 0 (-10), P1 missed 1 (-10): tied, replayed blind.
    assert_eq!(game.running_scores(), vec![-10, -10]);
    let view = game.view(Observer::Spectator);
    assert_eq!((view.round, view.round_type, view.phase), (2, RoundType::BlindBidding, Phase::BlindBidding));
}

/// Undo restores the round type and the pile of Round Type cards exactly.
#[test]
fn the_revealed_round_type_is_undone_with_the_round() {
    let config = with_rounds(2, &[1, 1, 1], RoundTypes::deal(&[RoundType::Normal, RoundType::BlindBidding]));
    let mut game = CrownBattles::new(&config, 4).unwrap();
    let mut legal = Vec::new();
    while game.view(Observer::Spectator).round == 1 {
        let seat = game.to_act().first().unwrap();
        game.legal_actions(seat, &mut legal);
        let before = game.clone();
        let undo = game.apply(seat, legal[0]).unwrap();
        let mut back = game.clone();
        back.undo(undo);
        assert_eq!(back, before);
    }
}

/// "Blind bidding … Players keep their bids secret. Secretly predict and choose your bids
/// … Place your chosen token facedown in front of you. At the end of the round … reveal
/// your bids and earn points as in Normal bidding round."
#[test]
fn blind_bids_are_simultaneous_secret_and_revealed_at_the_end() {
    let config = with_rounds(3, &[2], RoundTypes::Every(RoundType::BlindBidding));
    let mut game = deal(&config, Trump::NoTrump, &["R13 R12", "R1 G2", "G13 B4"]);
    // Everyone bids at once, in any order.
    assert_eq!(game.view(Observer::Spectator).phase, Phase::BlindBidding);
    assert_eq!(game.to_act().iter().collect::<Vec<_>>(), vec![Seat(0), Seat(1), Seat(2)]);
    assert_eq!(game.awaited(), game.to_act());
    assert!(legal(&game, 1).contains(&"bid 0-1".to_owned()), "double bids as in Normal bidding");
    let before = game.clone();
    steps(&mut game, &["P2 bid 1"]);
    let mut events = Vec::new();
    let bid: Action = "bid 1".parse().unwrap();
    for (observer, want) in [
        (Observer::Seat(Seat(0)), "P2 places a bid face down"),
        (Observer::Spectator, "P2 places a bid face down"),
        (Observer::Seat(Seat(2)), "P2 bid 1"),
    ] {
        CrownBattles::events(&before, Seat(2), bid, &game, observer, &mut events);
        assert_eq!(events.iter().map(ToString::to_string).collect::<Vec<_>>(), vec![want], "{observer:?}");
    }
    assert_eq!(game.view(Observer::Seat(Seat(0))).bids, vec![None, None, None]);
    assert_eq!(game.view(Observer::Seat(Seat(2))).bids, vec![None, None, Some("1".parse().unwrap())]);
    assert_eq!(game.to_act().iter().collect::<Vec<_>>(), vec![Seat(0), Seat(1)]);
    assert!(refused(&game, "P2 bid 2"), "one bid each");
    steps(&mut game, &["P1 bid 0", "P0 bid 2"]);
    // Then the player left of the dealer (P2 deals) leads, as in Normal bidding.
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Play(Seat(0)));
    assert_eq!(game.view(Observer::Spectator).bids, vec![None, None, None]);
    let before = game.clone();
    steps(&mut game, &["P0 play R13", "P1 play R1", "P2 play G13", "P0 play R12", "P1 play G2", "P2 play B4"]);
    // P0 took both tricks: bid 2 met (+40); P1 bid 0 met (+20); P2 bid 1 missed (-10).
    assert_eq!(game.running_scores(), vec![40, 20, -10]);
    assert!(game.is_over());
    let view = game.view(Observer::Seat(Seat(1)));
    assert_eq!(view.revealed_bids, Some(vec!["2".parse().unwrap(), "0".parse().unwrap(), "1".parse().unwrap()]));
    let mut last = before;
    steps(&mut last, &["P0 play R13", "P1 play R1", "P2 play G13", "P0 play R12", "P1 play G2"]);
    let play: Action = "play B4".parse().unwrap();
    CrownBattles::events(&last, Seat(2), play, &game, Observer::Seat(Seat(1)), &mut events);
    let scored = events.iter().find(|e| matches!(e, Event::RoundScored { .. })).unwrap();
    assert!(scored.to_string().contains("P0 bid 2 took 2 +40"), "{scored}");
}

/// A bid placed face down is re-chosen by determinization: a bot cannot read it.
#[test]
fn determinization_does_not_keep_other_players_blind_bids() {
    let config = with_rounds(3, &[4], RoundTypes::Every(RoundType::BlindBidding));
    let mut game = CrownBattles::new(&config, 9).unwrap();
    let first = game.to_act().first().unwrap();
    let other = game.to_act().iter().nth(1).unwrap();
    steps(&mut game, &[&format!("{first} bid 3"), &format!("{other} bid 2-3")]);
    let differs = (0..40).any(|seed| {
        let twin = game.determinize(first, seed);
        twin.to_setup().bids[other.index()] != game.to_setup().bids[other.index()]
    });
    assert!(differs, "another seat's face-down bid survives determinization");
    for seed in 0..40 {
        let twin = game.determinize(first, seed);
        assert_eq!(twin.to_setup().bids[first.index()], game.to_setup().bids[first.index()]);
        assert_eq!(twin.view(Observer::Seat(first)), game.view(Observer::Seat(first)));
    }
}

/// "Screw the dealer" needs the others' bids: it does not bind a Blind Bidding dealer.
#[test]
fn screw_the_dealer_does_not_bind_blind_bids() {
    let mut config = with_rounds(3, &[2], RoundTypes::Every(RoundType::BlindBidding));
    config.screw_the_dealer = true;
    let mut game = deal(&config, Trump::NoTrump, &["R13 R12", "R1 G2", "G13 B4"]);
    steps(&mut game, &["P0 bid 1", "P1 bid 1"]);
    // In Normal bidding the dealer P2 could not bid 0 (the total would be the 2 cards dealt).
    assert!(!refused(&game, "P2 bid 0"));
}

/// The Jester's move of a face-down bid is face down too.
#[test]
fn a_jester_moves_a_blind_bid_face_down() {
    let mut config = config(2, &[2], &[crownbattles_rules::Power::Jester]);
    config.round_types = RoundTypes::Every(RoundType::BlindBidding);
    let mut game = deal(&config, Trump::NoTrump, &["jester R5", "R9 G5"]);
    steps(&mut game, &["P0 bid 1", "P1 bid 1", "P0 play jester"]);
    let jest: Action = "jest -1".parse().unwrap();
    assert_eq!(game.to_act().first(), Some(Seat(0)));
    let before = game.clone();
    game.apply(Seat(0), jest).unwrap();
    let mut events = Vec::new();
    CrownBattles::events(&before, Seat(0), jest, &game, Observer::Seat(Seat(1)), &mut events);
    assert_eq!(events[0].to_string(), "P0 uses the jester on their face-down bid");
    CrownBattles::events(&before, Seat(0), jest, &game, Observer::Seat(Seat(0)), &mut events);
    assert_eq!(events[0].to_string(), "P0 jest -1");
}

/// Positions of round types: the round's type, the pile and the revealed bids are part of
/// a setup, left out when the config fixes them, and checked.
#[test]
fn setups_carry_the_round_type_the_pile_and_the_revealed_bids() {
    let dealt = with_rounds(3, &[1, 2, 3], RoundTypes::deal(&[RoundType::Normal, RoundType::BlindBidding]));
    let game = CrownBattles::new(&dealt, 2).unwrap();
    let setup = game.to_setup();
    assert_eq!(setup.round_type, Some(game.view(Observer::Spectator).round_type));
    assert_eq!(setup.round_pile.as_ref().map(Vec::len), Some(1));
    assert_eq!(CrownBattles::from_setup(&setup), Ok(game.clone()));
    // The round's own card cannot still be in the pile.
    let own = Setup { round_pile: Some(vec![game.view(Observer::Spectator).round_type]), ..setup.clone() };
    assert!(matches!(CrownBattles::from_setup(&own), Err(SetupError::RoundType(_))));
    // A fixed type is left out, and another type is refused.
    let blind = with_rounds(3, &[2], RoundTypes::Every(RoundType::BlindBidding));
    let game = CrownBattles::new(&blind, 2).unwrap();
    assert_eq!(game.to_setup().round_type, None);
    let normal = Setup { round_type: Some(RoundType::Normal), ..game.to_setup() };
    assert_eq!(CrownBattles::from_setup(&normal), Err(SetupError::RoundType(RoundType::Normal)));
    // Blind bids are placed in any order; open bids are not.
    let any_order =
        Setup { bids: bids(&["-", "-", "2"]), ..table(&blind, Trump::NoTrump, &["R1 R2", "R3 R4", "R5 R6"]) };
    assert_eq!(start(&any_order).to_act().iter().collect::<Vec<_>>(), vec![Seat(0), Seat(1)]);
    let base = config(3, &[2], &[]);
    let open = Setup { bids: bids(&["-", "-", "2"]), ..table(&base, Trump::NoTrump, &["R1 R2", "R3 R4", "R5 R6"]) };
    assert_eq!(CrownBattles::from_setup(&open), Err(SetupError::BidOrder));
    // Revealed bids only where rounds hide their bids, one per seat.
    let shown = Setup { round: 2, revealed_bids: vec!["1".parse().unwrap(); 3], ..Setup::new(blind.clone()) };
    let mut two_rounds = blind;
    two_rounds.schedule = Schedule::new(&[2, 2]).unwrap();
    let shown = Setup { config: two_rounds.clone(), ..shown };
    assert!(CrownBattles::from_setup(&shown).is_ok());
    let mut wrong = shown.clone();
    wrong.config = two_rounds;
    wrong.config.round_types = RoundTypes::default();
    assert_eq!(CrownBattles::from_setup(&wrong), Err(SetupError::RevealedBids));
    let short = Setup { revealed_bids: vec!["1".parse().unwrap(); 2], ..shown };
    assert!(matches!(CrownBattles::from_setup(&short), Err(SetupError::SeatCount { .. })));
}
