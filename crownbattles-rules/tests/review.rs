//! Regression tests from the review: hidden information after the Smuggler, the tie-replay
//! bound, "Screw the dealer" with few bid tokens, and arbitrary actions from arbitrary seats.

mod common;

use common::*;
use crownbattles_rules::{
    Action, Bid, Config, ConfigError, CrownBattles, DeckSpec, Direction, Face, Place, Power, Schedule, SuitId, Trump,
};
use duke_core::{Game, GameRng, Observer, Seat};
use proptest::prelude::*;

#[test]
fn smuggler_does_not_reveal_which_card_went_into_the_deck() {
    // P0 saw P1's hand with the Bishop; P1 then smuggles one of two cards P0 knows. The
    // swap is face down: P0 must not learn which card went into the deck.
    let c = config(3, &[3], &[Power::Bishop, Power::Smuggler]);
    let mut game = deal(&c, Trump::NoTrump, &["bishop R1 B1", "smuggler R2 R3", "R4 R5 R6"]);
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play bishop", "P0 look P1", "P1 play smuggler", "P1 smuggle R2"]);
    let known = game.view(Observer::Seat(Seat(0))).known;
    assert!(!known.contains(&(Place::Deck, "R2".parse().unwrap())), "P0 must not see R2 go to the deck: {known:?}");
    assert!(!known.contains(&(Place::Hand(Seat(1)), "R3".parse().unwrap())), "R3 may have left too: {known:?}");
    // The smuggler knows where his card went.
    assert!(game.view(Observer::Seat(Seat(1))).known.contains(&(Place::Deck, "R2".parse().unwrap())));
}

#[test]
fn tie_replays_must_fit_the_round_counter() {
    // 24 rounds + 255 replays cannot be counted in the state: such a game could never end.
    let mut c = Config::rulebook(Some(2)).unwrap();
    c.deck = DeckSpec::two_player();
    c.schedule = Schedule::new(&[1; 24]).unwrap();
    c.max_tie_replays = 255;
    assert!(matches!(c.check(), Err(ConfigError::TieReplays { rounds: 24, replays: 255 })));
    c.max_tie_replays = 255 - 24;
    assert!(c.check().is_ok());
}

#[test]
fn screw_the_dealer_always_leaves_the_dealer_a_bid() {
    // Tokens 0-1, two cards dealt; P0 and P1 bid 0-1: every dealer bid could make the total 2.
    let mut c = config(3, &[2], &[]);
    c.max_bid = 1;
    c.screw_the_dealer = true;
    let mut game = deal(&c, Trump::NoTrump, &["R1 R2", "R3 R4", "R5 R6"]);
    steps(&mut game, &["P0 bid 0-1", "P1 bid 0-1"]);
    assert_eq!(game.to_act().first(), Some(Seat(2)));
    assert!(!legal(&game, 2).is_empty(), "the dealer must be able to bid");
    // Where an escape exists the rule still binds: with tokens 0-10 the dealer may not bid 1
    // after 0 and 1 with two cards dealt.
    let mut c = config(3, &[2], &[]);
    c.screw_the_dealer = true;
    let mut game = deal(&c, Trump::NoTrump, &["R1 R2", "R3 R4", "R5 R6"]);
    steps(&mut game, &["P0 bid 0", "P1 bid 1"]);
    assert!(refused(&game, "P2 bid 1"));
    assert!(!refused(&game, "P2 bid 0"));
}

fn all_powers(players: u8, schedule: &[u8]) -> Config {
    let mut c = Config::rulebook(Some(players)).unwrap();
    c.deck = DeckSpec::standard().with_powers(&Power::ALL);
    c.schedule = Schedule::new(schedule).unwrap();
    c.max_tie_replays = 1;
    {
        c.check().unwrap();
        c
    }
}

/// Any action at all, most of them nonsense: out-of-range seats, values, jests and bids.
fn arbitrary_action(r: &mut GameRng) -> Action {
    let seat = |r: &mut GameRng| Seat(if r.below(4) == 0 { r.below(256) as u8 } else { r.below(9) as u8 });
    let face = |r: &mut GameRng| match r.below(5) {
        0 => Face::Number(SuitId::ALL[r.below(4) as usize], r.below(256) as u8),
        1 => Face::Golem,
        2 => Face::Dragon,
        3 => Face::Peasant,
        _ => Face::Power(Power::ALL[r.below(16) as usize]),
    };
    let suit = |r: &mut GameRng| {
        if r.below(5) == 0 { Trump::NoTrump } else { Trump::Suit(SuitId::ALL[r.below(4) as usize]) }
    };
    let dir = |r: &mut GameRng| if r.below(2) == 0 { Direction::Left } else { Direction::Right };
    match r.below(17) {
        0 => Action::Trump(suit(r)),
        1 => Action::Shield,
        2 => Action::Smuggle(face(r)),
        3 => {
            Action::Bid(if r.below(2) == 0 { Bid::Single(r.below(256) as u8) } else { Bid::Double(r.below(256) as u8) })
        }
        4 => Action::Play(face(r)),
        5 => Action::PlayDoubleFacedAsGolem,
        6 => Action::Look(seat(r)),
        7 => Action::Lead(seat(r)),
        8 => Action::Swap(seat(r), seat(r)),
        9 => Action::Jest(r.below(256) as u8 as i8),
        10 => Action::Pass(dir(r)),
        11 => Action::Give(face(r)),
        12 => Action::Trade(face(r), seat(r)),
        13 => Action::TradeOthers(seat(r), seat(r)),
        14 => Action::Steal(seat(r)),
        15 => Action::Hex(seat(r)),
        _ => Action::Keep,
    }
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(128))]

    /// Arbitrary actions for arbitrary seats (not only actions seen elsewhere): each is
    /// refused with the state unchanged, or it was legal; nothing panics; the state stays valid.
    #[test]
    fn arbitrary_actions_never_panic_and_errors_change_nothing(seed in any::<u64>(), players in 2u8..=8) {
        let config = all_powers(players, &[1, 3, 5, 2]);
        let mut game = CrownBattles::new(&config, seed).unwrap();
        let mut r = GameRng::new(seed ^ 0x5EED);
        let mut buf = Vec::new();
        for _ in 0..400 {
            if game.outcome().is_some() {
                break;
            }
            for _ in 0..8 {
                let seat = Seat(r.below(10) as u8);
                let action = arbitrary_action(&mut r);
                buf.clear();
                game.legal_actions(seat, &mut buf);
                let listed = buf.contains(&action);
                let before = game.clone();
                match game.apply(seat, action) {
                    Ok(undo) => {
                        prop_assert!(listed, "{action} applied for {seat} but not listed");
                        prop_assert!(game.validate().is_ok());
                        let _ = game.view(Observer::Seat(seat));
                        game.undo(undo);
                        prop_assert_eq!(&game, &before);
                    }
                    Err(_) => {
                        prop_assert!(!listed, "{action} listed for {seat} but refused");
                        prop_assert_eq!(&game, &before);
                    }
                }
            }
            let seat = game.to_act().first().unwrap();
            game.legal_actions(seat, &mut buf);
            prop_assert!(!buf.is_empty());
            let a = buf[r.below(buf.len() as u32) as usize];
            game.apply(seat, a).unwrap();
        }
    }

    /// Notation parsing never panics on any text, and what parses prints back to itself
    /// modulo case and spacing.
    #[test]
    fn notation_never_panics(text in "\\PC{0,24}", word in "(play|bid|give|trade|jest|trump|look|smuggle) [A-Za-z0-9+\\-:ß€]{0,24}( P[0-9]{1,40})?") {
        for t in [text.as_str(), word.as_str()] {
            if let Ok(a) = t.parse::<Action>() {
                prop_assert_eq!(a.to_string().parse::<Action>(), Ok(a));
            }
        }
    }
}

#[test]
fn huge_and_odd_notation_is_refused() {
    for t in [
        "bid 99999999999999999999",
        "bid 255-256",
        "bid 10-11",
        "play R99999999999",
        "play R0",
        "play ß1",
        "look P999999",
        "swap P1",
        "jest +2",
        "trade R3 P99999",
        "",
        "   ",
    ] {
        let parsed = t.parse::<Action>();
        if let Ok(a) = parsed {
            // What parses must at least be refused by a game when out of range.
            let game = CrownBattles::new(&Config::default(), 1).unwrap();
            assert!(game.clone().apply(Seat(0), a).is_err(), "{t}");
        }
    }
}

#[test]
fn determinization_does_not_keep_another_players_unseen_magician_pass() {
    // P0 knows P2's hand (Bishop) but not which card P2 chose to pass: only the Magician's
    // player (P1) sees a passed card before it arrives. Determinizing for P0 must re-choose it.
    let c = config(3, &[3], &[Power::Bishop, Power::Magician]);
    let mut game = deal(&c, Trump::NoTrump, &["bishop R1 R2", "magician G2 G3", "B4 B5 B6"]);
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play bishop", "P0 look P2", "P1 play magician", "P1 pass left", "P2 give B4"]);
    let mut received = std::collections::BTreeSet::new();
    for seed in 0..64 {
        let mut d = game.determinize(Seat(0), seed);
        assert_eq!(d.view(Observer::Seat(Seat(0))), game.view(Observer::Seat(Seat(0))));
        steps(&mut d, &["P0 give R1"]);
        let magician_gives = format!("P1 {}", legal(&d, 1)[0]);
        steps(&mut d, &[magician_gives.as_str()]);
        let hand = d.view(Observer::Seat(Seat(0))).hand;
        received.extend(hand.into_iter().filter(|f| matches!(f, Face::Number(s, _) if *s == SuitId::ALL[2])));
    }
    assert_eq!(received.len(), 3, "P2's pass is unknown to P0: {received:?}");
}

#[test]
fn while_the_dealer_chooses_no_stale_trump_is_shown() {
    // The spinner always says "dealer chooses"; round 1 is played with red trump. In round 2,
    // before the dealer chooses, the view must not still show red.
    let mut c = config(3, &[1, 1], &[]);
    c.spinner = [0, 0, 0, 0, 0, 1];
    let mut game = CrownBattles::new(&c, 3).unwrap();
    let dealer = game.to_act().first().unwrap();
    game.apply(dealer, "trump R".parse().unwrap()).unwrap();
    let mut buf = Vec::new();
    while game.view(Observer::Spectator).round == 1 {
        let seat = game.to_act().first().unwrap();
        game.legal_actions(seat, &mut buf);
        game.apply(seat, buf[0]).unwrap();
    }
    let view = game.view(Observer::Spectator);
    assert!(matches!(view.phase, crownbattles_rules::Phase::ChooseTrump));
    assert_eq!(view.trump, Trump::NoTrump, "round 1's red trump is gone");
    assert!(view.to_string().contains("dealer chooses"), "{view}");
}

#[test]
fn no_shield_for_sale_when_nothing_can_steal() {
    // A Summoner alone copies only cards in the deck: without a Thief or a Witch a shield
    // protects against nothing, so it is not offered (with one, it is).
    for (powers, offered) in [(&[Power::Summoner][..], false), (&[Power::Summoner, Power::Witch][..], true)] {
        let mut c = config(3, &[1, 1], powers);
        c.spinner = [1, 1, 1, 1, 1, 0];
        let mut game = deal(&c, Trump::NoTrump, &["R1", "R2", "R3"]);
        all_bid(&mut game, "0");
        steps(&mut game, &["P0 play R1", "P1 play R2", "P2 play R3"]);
        assert_eq!(game.running_scores(), vec![20, 20, -10]);
        let seat = game.to_act().first().unwrap();
        let legal = legal(&game, seat.0);
        assert_eq!(legal.contains(&"shield".to_string()), offered, "{powers:?}: {legal:?}");
    }
}

#[test]
fn summoner_never_exceeds_the_next_highest_card() {
    // "A copy of the last played card but a bit stronger, never exceeding the next-highest
    // card's strength", across the Golem / Golem King / Dragon / Dragon King ladder.
    let c = config(3, &[1], &[Power::Summoner, Power::GolemKing, Power::DragonKing]);
    for (hands, winner) in [
        (["golem-king", "summoner", "golem"], 1),   // above the Golem King it copies
        (["golem-king", "summoner", "dragon"], 2),  // ... still below a Dragon
        (["dragon", "summoner", "dragon"], 1),      // above a Dragon
        (["dragon", "summoner", "dragon-king"], 2), // ... still below the Dragon King
        (["dragon-king", "summoner", "dragon"], 0), // nothing exceeds the first Dragon King
        (["R13", "summoner", "golem"], 2),          // a 13.5 is still a number
    ] {
        let mut game = deal(&c, Trump::NoTrump, &hands);
        all_bid(&mut game, "0");
        assert_trick_won_by(&mut game, &hands, winner);
    }
}

/// A saved trick is its cards in play order: the forms, actions and strength codes the
/// engine keeps are rebuilt on load, so none travels and none can be forged; a tampered
/// trick is refused like any setup.
#[test]
fn a_saved_trick_is_its_cards_and_no_code_travels() {
    let c = config(3, &[3], &[Power::DoubleFaced]);
    let mut game = deal(&c, Trump::NoTrump, &["R1 R2 R3", "double-faced G2 G3", "B1 B2 B3"]);
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play R1", "P1 play double-faced:golem"]);
    let json = serde_json::to_value(game.clone()).unwrap();
    assert_eq!(json["trick"], serde_json::json!(["R1", "double-faced"]));
    assert_eq!(json["double_faced_as_golem"], serde_json::json!(true));
    let text = json.to_string();
    assert!(!text.contains("codes") && !text.contains("forms") && !text.contains("value2"), "{text}");
    assert_eq!(serde_json::from_value::<CrownBattles>(json.clone()).unwrap(), game);
    let mut in_a_hand = json.clone();
    in_a_hand["trick"][0] = serde_json::json!("R2");
    let err = serde_json::from_value::<CrownBattles>(in_a_hand).unwrap_err();
    assert!(err.to_string().contains("R2 is named more often"), "{err}");
    let mut no_golem = json;
    no_golem["trick"][1] = serde_json::json!("G2");
    no_golem["hands"][1] = serde_json::json!(["double-faced", "G3"]);
    let err = serde_json::from_value::<CrownBattles>(no_golem).unwrap_err();
    assert!(err.to_string().contains("Double-faced card is not on the table"), "{err}");
}

#[test]
fn a_known_golem_is_used_up_when_its_holder_plays_a_golem() {
    // P2 passes a Golem to P1 (Magician), who already holds the other Golem. When P1 plays
    // "golem", P2 cannot tell which copy left: it must no longer see a Golem in P1's hand
    // (seeing it would tell P2 that P1 had two).
    let c = config(3, &[3], &[Power::Magician]);
    let mut game = deal(&c, Trump::NoTrump, &["magician R1 R2", "golem B5 B6", "golem Y5 Y6"]);
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play magician", "P0 pass right", "P1 give B5", "P2 give golem", "P0 give R1"]);
    let golem_at_p1 = (Place::Hand(Seat(1)), Face::Golem);
    assert_eq!(game.view(Observer::Seat(Seat(2))).known, vec![golem_at_p1]);
    steps(&mut game, &["P1 play golem"]);
    assert!(game.view(Observer::Seat(Seat(2))).known.is_empty());
    // The same in a world P2 cannot tell from this one where P1 held one Golem only.
    let mut game = deal(&c, Trump::NoTrump, &["magician R1 R2", "B4 B5 B6", "golem Y5 Y6"]);
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play magician", "P0 pass right", "P1 give B5", "P2 give golem", "P0 give R1"]);
    steps(&mut game, &["P1 play golem"]);
    assert!(game.view(Observer::Seat(Seat(2))).known.is_empty());
}

#[test]
fn determinization_keeps_known_copies_usable_up() {
    // P2 knows one Golem in P1's hand. In every world P2 imagines, P1 playing "golem" uses
    // that knowledge up, however the unseen Golem (P0's) was dealt.
    let c = config(3, &[3], &[Power::Magician]);
    let mut game = deal(&c, Trump::NoTrump, &["magician golem R1", "B4 B5 B6", "golem Y5 Y6"]);
    all_bid(&mut game, "0");
    steps(&mut game, &["P0 play magician", "P0 pass right", "P1 give B5", "P2 give golem", "P0 give R1"]);
    let mut both = 0;
    for seed in 0..64 {
        let mut world = game.determinize(Seat(2), seed);
        assert_eq!(world.view(Observer::Seat(Seat(2))), game.view(Observer::Seat(Seat(2))));
        both +=
            usize::from(world.view(Observer::Seat(Seat(1))).hand.iter().filter(|&&f| f == Face::Golem).count() == 2);
        world.apply(Seat(1), "play golem".parse().unwrap()).unwrap();
        assert!(world.view(Observer::Seat(Seat(2))).known.is_empty(), "seed {seed}");
    }
    assert!(both > 0, "some imagined worlds give P1 both Golems");
}
