//! Stealth Play ("Once the trick leader plays a card, all other players place their cards
//! face down. After all cards are played, flip them to reveal the winner of the trick"),
//! with the readings of RULES.md, reading 35.

mod common;

use common::*;
use crownbattles_rules::{Action, Config, CrownBattles, Face, Power, RoundType, RoundTypes, Trump};
use duke_core::{Game, Observer, Seat};

fn stealth(players: u8, cards: &[u8], powers: &[Power]) -> Config {
    let mut c = config(players, cards, powers);
    c.round_types = RoundTypes::Every(RoundType::StealthPlay);
    c
}

#[test]
fn cards_after_the_lead_are_face_down_until_the_trick_is_complete() {
    let config = stealth(3, &[2], &[]);
    let mut game = deal(&config, Trump::NoTrump, &["R13 R12", "R1 G2", "G13 B4"]);
    all_bid(&mut game, "1");
    // The lead is face up.
    assert_eq!(seen(&mut game.clone(), "P0 play R13", Observer::Seat(Seat(1))), vec!["P0 play R13"]);
    steps(&mut game, &["P0 play R13"]);
    // Following suit is still enforced after a numbered lead.
    assert_eq!(legal(&game, 1), vec!["play R1"]);
    let mut other = game.clone();
    assert_eq!(seen(&mut other, "P1 play R1", Observer::Seat(Seat(2))), vec!["P1 plays a card face down"]);
    assert_eq!(seen(&mut game, "P1 play R1", Observer::Spectator), vec!["P1 plays a card face down"]);
    for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(2)), Observer::Spectator] {
        let view = game.view(observer);
        assert_eq!(view.face_down, vec![Seat(1)], "{observer:?}");
        assert_eq!(view.trick.len(), 1, "only the lead shows");
        assert_eq!(view.played, vec![Face::Number("R".parse().unwrap(), 13)]);
        assert!(view.to_string().contains("P1=(face down)"), "{view}");
    }
    // Its player sees it.
    let own = game.view(Observer::Seat(Seat(1)));
    assert!(own.face_down.is_empty());
    assert_eq!(own.trick.len(), 2);
    // The last card completes the trick: everything is turned up.
    let events = seen(&mut game, "P2 play G13", Observer::Seat(Seat(0)));
    assert_eq!(events, vec!["P2 plays a card face down", "P0 wins the trick: P0=R13 P1=R1 P2=G13"]);
    let view = game.view(Observer::Seat(Seat(0)));
    assert!(view.face_down.is_empty());
    assert_eq!(view.played.len(), 3);
    // P2 showed it lacks red at the reveal.
    assert_eq!(view.voids[2], vec!["R".parse().unwrap()]);
}

/// Reading 35: only the face-up lead sets a suit to follow.
#[test]
fn after_a_peasant_lead_nobody_has_to_follow_a_face_down_suit() {
    let config = stealth(3, &[2], &[]);
    let mut game = deal(&config, Trump::NoTrump, &["peasant R12", "B9 G2", "B13 G13"]);
    all_bid(&mut game, "1");
    steps(&mut game, &["P0 play peasant", "P1 play B9"]);
    // In Normal Bidding B9 would set blue; here P2 may play either card.
    assert_eq!(legal(&game, 2), vec!["play G13", "play B13"]);
    steps(&mut game, &["P2 play G13"]);
    // The first numbered card still decides the winner: B9 (G13 is off the led blue).
    assert_eq!(game.view(Observer::Spectator).tricks, vec![0, 1, 0]);
    // Nobody had to follow, so nobody is known to lack a suit.
    assert!(game.view(Observer::Spectator).voids.iter().all(Vec::is_empty));
}

/// Reading 35: a power card played face down acts at the reveal.
#[test]
fn a_face_down_wizard_acts_at_the_reveal() {
    let config = stealth(3, &[2], &[Power::Wizard]);
    let mut game = deal(&config, Trump::NoTrump, &["golem R12", "wizard G2", "B13 G13"]);
    all_bid(&mut game, "1");
    steps(&mut game, &["P0 play golem", "P1 play wizard"]);
    // Not protected yet: nobody has seen the Wizard.
    assert_eq!(game.view(Observer::Spectator).protected, vec![false, false, false]);
    steps(&mut game, &["P2 play B13"]);
    // Turned up: the Wizard makes the Golem a Peasant, so B13 (the first numbered card,
    // blue led) wins; without the Wizard the Golem would.
    assert_eq!(game.view(Observer::Spectator).tricks, vec![0, 0, 1]);
    assert_eq!(game.view(Observer::Spectator).protected, vec![false, true, false]);
}

#[test]
fn determinization_replays_the_face_down_cards_as_legal_plays() {
    let config = stealth(4, &[3], &[]);
    let mut game = deal(&config, Trump::NoTrump, &["R13 R12 R11", "R1 G2 G3", "G1 B4 B5", "Y1 Y2 Y3"]);
    all_bid(&mut game, "1");
    steps(&mut game, &["P0 play R13", "P1 play R1", "P2 play B4"]);
    let view = game.view(Observer::Seat(Seat(3)));
    let mut differed = false;
    for seed in 0..40 {
        let twin = game.determinize(Seat(3), seed);
        // The same view for P3, and every imagined face-down card a legal play.
        assert_eq!(twin.view(Observer::Seat(Seat(3))), view, "seed {seed}");
        assert!(twin.validate().is_ok(), "seed {seed}");
        let setup = twin.to_setup();
        let red = |name: &crownbattles_rules::CardName| matches!(name.face, Face::Number(s, _) if s.letter() == 'R');
        // A numbered card off red only from a hand without red ("must follow suit if
        // possible"; non-numbered cards may always be played).
        let number = matches!(setup.trick[1].face, Face::Number(..));
        if number && setup.hands.as_ref().unwrap()[1].iter().any(red) {
            assert!(red(&setup.trick[1]), "seed {seed}: {:?}", setup.trick);
        }
        differed |= setup.trick[1].face != Face::Number("R".parse().unwrap(), 1);
    }
    assert!(differed, "the face-down cards are re-dealt");
}

#[test]
fn the_last_trick_stays_in_view_until_the_next_round_ends() {
    let config = stealth(3, &[1, 1], &[]);
    let mut game = deal(&config, Trump::NoTrump, &["R13", "R1", "G13"]);
    all_bid(&mut game, "1");
    steps(&mut game, &["P0 play R13", "P1 play R1", "P2 play G13"]);
    let view = game.view(Observer::Seat(Seat(1)));
    assert_eq!(view.revealed_trick.len(), 3);
    assert_eq!(view.revealed_trick[2].face, Face::Number("G".parse().unwrap(), 13));
    // Saved and loaded with it.
    let setup = game.to_setup();
    assert_eq!(CrownBattles::from_setup(&setup).unwrap(), game);
}

/// Reading 35, `Config::stealth_actions_at_flip`: the immediate actions of the face-down
/// cards resolve at the flip, before the winner is decided: a face-down Alchemist sets
/// this trick's trump.
#[test]
fn with_actions_at_the_flip_a_face_down_alchemist_sets_this_tricks_trump() {
    let mut config = stealth(3, &[2], &[Power::Alchemist]);
    config.stealth_actions_at_flip = true;
    let mut game = deal(&config, Trump::NoTrump, &["R13 R12", "alchemist G2", "Y1 G13"]);
    all_bid(&mut game, "1");
    steps(&mut game, &["P0 play R13", "P1 play alchemist"]);
    let events = seen(&mut game, "P2 play Y1", Observer::Seat(Seat(0)));
    assert_eq!(events, vec!["P2 plays a card face down", "the trick is turned up: P0=R13 P1=alchemist P2=Y1"]);
    // Turned up, not decided yet: the Alchemist's player chooses first.
    let view = game.view(Observer::Spectator);
    assert_eq!((view.trick.len(), view.tricks.clone()), (3, vec![0, 0, 0]));
    assert!(legal(&game, 1).contains(&"trump Y".to_owned()), "{:?}", legal(&game, 1));
    assert_eq!(CrownBattles::from_setup(&game.to_setup()).unwrap(), game, "saved in the middle of the flip");
    let events = seen(&mut game, "P1 trump Y", Observer::Seat(Seat(0)));
    // Yellow is trump in this trick: Y1 beats R13.
    assert_eq!(events, vec!["P1 trump Y", "P2 wins the trick: P0=R13 P1=alchemist P2=Y1"]);
    assert_eq!(game.view(Observer::Spectator).tricks, vec![0, 0, 1]);
}

/// The default reading: the face-down Alchemist acts with the end-of-trick actions, after
/// the winner is decided, so its trump counts from the next trick.
#[test]
fn by_default_a_face_down_alchemist_sets_the_trump_after_the_winner() {
    let config = stealth(3, &[2], &[Power::Alchemist]);
    let mut game = deal(&config, Trump::NoTrump, &["R13 R12", "alchemist G2", "Y1 G13"]);
    all_bid(&mut game, "1");
    steps(&mut game, &["P0 play R13", "P1 play alchemist"]);
    let events = seen(&mut game, "P2 play Y1", Observer::Seat(Seat(0)));
    assert_eq!(events, vec!["P2 plays a card face down", "P0 wins the trick: P0=R13 P1=alchemist P2=Y1"]);
    assert_eq!(game.view(Observer::Spectator).tricks, vec![1, 0, 0]);
    steps(&mut game, &["P1 trump Y"]);
    assert_eq!(game.view(Observer::Spectator).trump, Trump::Suit("Y".parse().unwrap()));
    assert_eq!(game.view(Observer::Spectator).tricks, vec![1, 0, 0]);
}

/// Actions at the flip, then the winner, then the end-of-trick actions: the leader's Thief
/// steals after a face-down Jester moved its bid at the flip; on the last trick a
/// face-down Alchemist still decides the trump.
#[test]
fn with_actions_at_the_flip_the_end_of_trick_actions_come_after_the_winner() {
    let powers = [Power::Thief, Power::Jester, Power::Alchemist];
    let mut config = stealth(3, &[2], &powers);
    config.stealth_actions_at_flip = true;
    let mut game = deal(&config, Trump::NoTrump, &["thief R12", "jester alchemist", "B1 G2"]);
    all_bid(&mut game, "1");
    steps(&mut game, &["P0 play thief", "P1 play jester", "P2 play B1"]);
    // The Jester first (the flip), nobody has won the trick yet.
    assert_eq!(legal(&game, 1), vec!["jest -1", "jest +0", "jest +1"]);
    assert_eq!(game.view(Observer::Spectator).tricks, vec![0, 0, 0]);
    steps(&mut game, &["P1 jest +1"]);
    // B1, the only numbered card, won; now the Thief.
    assert_eq!(game.view(Observer::Spectator).tricks, vec![0, 0, 1]);
    assert_eq!(legal(&game, 0), vec!["steal P2", "keep"]);
    steps(&mut game, &["P0 steal P2", "P2 play G2", "P0 play R12", "P1 play alchemist"]);
    // The last trick: the Alchemist's trump still decides it (red: R12 beats G2).
    assert_eq!(game.view(Observer::Spectator).tricks, vec![1, 0, 0]);
    let events = seen(&mut game, "P1 trump R", Observer::Spectator);
    assert_eq!(events[1], "P0 wins the trick: P2=G2 P0=R12 P1=alchemist");
    assert!(events[2].starts_with("round 1 ends: P0 bid 1 took 2"), "{events:?}");
}

/// Reading 35, `Config::stealth_follow_face_down`: after a Peasant lead the first numbered
/// card played face down sets the suit to follow; the engine enforces it and tells each
/// later player the suit (and only the suit).
#[test]
fn with_the_face_down_suit_enforced_later_players_are_told_it() {
    let mut config = stealth(4, &[2], &[]);
    config.stealth_follow_face_down = true;
    let mut game = deal(&config, Trump::NoTrump, &["peasant R12", "B9 G2", "B13 G13", "Y1 B1"]);
    all_bid(&mut game, "1");
    steps(&mut game, &["P0 play peasant"]);
    let events = seen(&mut game, "P1 play B9", Observer::Seat(Seat(2)));
    assert_eq!(events, vec!["P1 plays a card face down", "P2 must follow B (set face down)"]);
    // P2 must follow blue; the others are not told.
    assert_eq!(legal(&game, 2), vec!["play B13"]);
    assert_eq!(game.view(Observer::Seat(Seat(2))).suit_told, Some("B".parse().unwrap()));
    for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(3)), Observer::Spectator] {
        assert_eq!(game.view(observer).suit_told, None, "{observer:?}");
    }
    // Twins of P2's world keep the suit it was told.
    let view = game.view(Observer::Seat(Seat(2)));
    for seed in 0..20 {
        let twin = game.determinize(Seat(2), seed);
        assert_eq!(twin.view(Observer::Seat(Seat(2))), view, "seed {seed}");
        assert!(twin.validate().is_ok(), "seed {seed}");
    }
    steps(&mut game, &["P2 play B13"]);
    assert_eq!(game.view(Observer::Seat(Seat(2))).suit_told, Some("B".parse().unwrap()), "kept until the reveal");
    assert_eq!(legal(&game, 3), vec!["play B1"]);
    assert_eq!(CrownBattles::from_setup(&game.to_setup()).unwrap(), game);
    steps(&mut game, &["P3 play B1"]);
    // B13 wins; nobody played off the blue suit, so no void.
    assert_eq!(game.view(Observer::Spectator).tricks, vec![0, 0, 1, 0]);
    assert!(game.view(Observer::Spectator).voids.iter().all(Vec::is_empty));
}

/// A seat whose turn came before any face-down numbered card is told nothing, and its
/// twins keep every card before its own a non-numbered card; a seat that cannot follow
/// shows the void at the reveal.
#[test]
fn with_the_face_down_suit_enforced_no_suit_told_is_knowledge_too() {
    let mut config = stealth(4, &[2], &[]);
    config.stealth_follow_face_down = true;
    let mut game = deal(&config, Trump::NoTrump, &["peasant R12", "golem G2", "B13 G13", "Y1 Y2"]);
    all_bid(&mut game, "1");
    steps(&mut game, &["P0 play peasant", "P1 play golem"]);
    assert_eq!(legal(&game, 2), vec!["play G13", "play B13"]);
    assert_eq!(game.view(Observer::Seat(Seat(2))).suit_told, None);
    let view = game.view(Observer::Seat(Seat(2)));
    for seed in 0..20 {
        let twin = game.determinize(Seat(2), seed);
        assert_eq!(twin.view(Observer::Seat(Seat(2))), view, "seed {seed}");
        let setup = twin.to_setup();
        assert!(!matches!(setup.trick[1].face, Face::Number(..)), "seed {seed}: {:?}", setup.trick);
    }
    let events = seen(&mut game, "P2 play G13", Observer::Seat(Seat(3)));
    assert_eq!(events, vec!["P2 plays a card face down", "P3 must follow G (set face down)"]);
    assert_eq!(legal(&game, 3), vec!["play Y1", "play Y2"]);
    steps(&mut game, &["P3 play Y1"]);
    // Turned up: P3 played off green, so it lacks green.
    assert_eq!(game.view(Observer::Spectator).voids[3], vec!["G".parse().unwrap()]);
}

/// The default reading: no suit is told and nobody has to follow a face-down suit.
#[test]
fn by_default_nobody_is_told_a_face_down_suit() {
    let config = stealth(4, &[2], &[]);
    let mut game = deal(&config, Trump::NoTrump, &["peasant R12", "B9 G2", "B13 G13", "Y1 B1"]);
    all_bid(&mut game, "1");
    steps(&mut game, &["P0 play peasant"]);
    assert_eq!(seen(&mut game, "P1 play B9", Observer::Seat(Seat(2))), vec!["P1 plays a card face down"]);
    assert_eq!(legal(&game, 2), vec!["play G13", "play B13"]);
    assert_eq!(game.view(Observer::Seat(Seat(2))).suit_told, None);
}

/// The minimal record of a twin-world leak that `DUKE_TEST_SCALE=4` conformance found: a
/// trick led by a Smuggler, four cards face down, completed by P5's R8 in the middle of the
/// round. P2's twin world (its determinization) swaps P1's B1 and P3's B4; the flip told P2
/// who played which, so its views afterwards must differ too (the trick turned up stays in
/// view), as they did only for a round's last trick before.
const SWAPPED_FACE_DOWN_RECORD: &str = r#"{"format":1,"engine":"0.1.0","game":"crownbattles","config":{"players":6,"deck":{"values":{"R":"1-13","G":"1-13","B":"1-13","Y":"1-13"},"golems":2,"dragons":2,"peasants":4,"powers":["bishop","smuggler","thief","dragon-king"]},"schedule":[3,8],"max_bid":10,"spinner":[1,1,1,1,1,1],"dealer_may_choose_no_trump":false,"screw_the_dealer":false,"wizard_affects_kings":false,"timings":{"alchemist":"Immediate","bishop":"Immediate","jester":"Immediate","witch":"Immediate"},"witch_step":5,"shields":"Off","max_tie_replays":0,"first_dealer":null,"round_type":{"deal":["Normal","BlindBidding","LeakedSuit","TheSplit","StealthPlay"]}},"seed":17532990799829042442,"steps":[{"seat":1,"action":"bid 0"},{"seat":2,"action":"bid 0"},{"seat":3,"action":"bid 0"},{"seat":4,"action":"bid 0"},{"seat":5,"action":"bid 0"},{"seat":0,"action":"bid 0"},{"seat":1,"action":"play golem"},{"seat":2,"action":"play Y4"},{"seat":3,"action":"play R10"},{"seat":4,"action":"play G9"},{"seat":5,"action":"play R4"},{"seat":0,"action":"play G4"},{"seat":1,"action":"play peasant"},{"seat":2,"action":"play G2"},{"seat":3,"action":"play Y13"},{"seat":4,"action":"play B4"},{"seat":5,"action":"play G12"},{"seat":0,"action":"play G8"},{"seat":5,"action":"play R11"},{"seat":0,"action":"play Y6"},{"seat":1,"action":"play dragon-king"},{"seat":2,"action":"play bishop"},{"seat":2,"action":"look P3"},{"seat":3,"action":"play peasant"},{"seat":4,"action":"play B7"},{"seat":2,"action":"bid 0"},{"seat":3,"action":"bid 0"},{"seat":4,"action":"bid 0"},{"seat":5,"action":"bid 0"},{"seat":0,"action":"bid 0"},{"seat":1,"action":"bid 0"},{"seat":2,"action":"play Y3"},{"seat":3,"action":"play peasant"},{"seat":4,"action":"play Y1"},{"seat":5,"action":"play thief"},{"seat":0,"action":"play dragon"},{"seat":1,"action":"play G2"},{"seat":5,"action":"steal P0"},{"seat":0,"action":"play G4"},{"seat":1,"action":"play G3"},{"seat":2,"action":"play R7"},{"seat":3,"action":"play golem"},{"seat":4,"action":"play G7"},{"seat":5,"action":"play G1"},{"seat":3,"action":"play peasant"},{"seat":4,"action":"play Y4"},{"seat":5,"action":"play G11"},{"seat":0,"action":"play R3"},{"seat":1,"action":"play G5"},{"seat":2,"action":"play R12"},{"seat":5,"action":"play R1"},{"seat":0,"action":"play dragon"},{"seat":1,"action":"play R4"},{"seat":2,"action":"play B7"},{"seat":3,"action":"play R6"},{"seat":4,"action":"play R2"},{"seat":0,"action":"play smuggler"},{"seat":0,"action":"smuggle R9"},{"seat":1,"action":"play B1"},{"seat":2,"action":"play B11"},{"seat":3,"action":"play B4"},{"seat":4,"action":"play B8"}]}"#;

#[test]
fn a_trick_turned_up_mid_round_stays_in_view_so_twin_worlds_differ() {
    let record: duke_core::Record<CrownBattles> = serde_json::from_str(SWAPPED_FACE_DOWN_RECORD).unwrap();
    let mut game = record.replay().unwrap();
    let (me, actor) = (Seat(2), Seat(5));
    let action: Action = "play R8".parse().unwrap();
    // The seed the conformance checker drew for P2's first twin at step 62.
    let twin = game.determinize(me, 62u64.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 2 << 8);
    let shown = |g: &CrownBattles| format!("{}", g.view(Observer::Seat(me)));
    assert_eq!(shown(&game), shown(&twin), "P2 cannot tell the twins apart before");
    let mut other = twin.clone();
    let before = (game.clone(), twin);
    game.apply(actor, action).unwrap();
    other.apply(actor, action).unwrap();
    let (mut here, mut there) = (Vec::new(), Vec::new());
    CrownBattles::events(&before.0, actor, action, &game, Observer::Seat(me), &mut here);
    CrownBattles::events(&before.1, actor, action, &other, Observer::Seat(me), &mut there);
    assert_ne!(here, there, "the twin swaps two face-down cards, which the flip tells");
    let (view, twin_view) = (game.view(Observer::Seat(me)), other.view(Observer::Seat(me)));
    assert_ne!(view, twin_view, "the views after the flip must tell it too");
    let played: Vec<String> = view.revealed_trick.iter().map(|c| format!("{}={}", c.seat, c.face)).collect();
    assert_eq!(played, ["P0=smuggler", "P1=B1", "P2=B11", "P3=B4", "P4=B8", "P5=R8"]);
    assert!(view.trick.is_empty(), "the table is cleared: the trick was in the middle of the round");
    // Saved and loaded with it (a Stealth Play round in progress).
    assert_eq!(CrownBattles::from_setup(&game.to_setup()).unwrap(), game);
}
