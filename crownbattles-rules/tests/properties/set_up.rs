//! Rulebook "Components", "Set up", the rounds table ("How to Play", Turns & Rounds 1–2),
//! "Special Power cards: Set up" and "Gameplay suggestions".

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use crownbattles_rules::{Config, Face, Phase, Preset, SuitId, Trump};
use duke_core::Seat;
use proptest::prelude::*;

use crate::oracle::{CASES, Table, deck_faces, property, property_on, same_cards};

/// Every position holds exactly the deck's cards, each in one place; a round starts with
/// `dealt` cards in every hand, nothing on the table, the rest undealt.
fn deck_and_deal(t: &Table) -> Result<(), String> {
    if !t.strays.is_empty() {
        return Err(format!("cards not in the config's deck: {:?}", t.strays));
    }
    if usize::from(t.view.deck_size) != t.undealt.len() {
        return Err(format!("the view counts {} undealt cards, the position {}", t.view.deck_size, t.undealt.len()));
    }
    Ok(())
}

fn dealt_at_start(t: &Table) -> Result<(), String> {
    let dealt = usize::from(t.dealt());
    if t.hands.iter().any(|h| h.len() != dealt) || !t.trick.is_empty() || !t.played.is_empty() {
        return Err(format!("round {} starts with hands {:?}, {} each expected", t.round, t.hands, dealt));
    }
    Ok(())
}

#[test]
fn the_cards_in_play_are_the_deck_the_config_describes() {
    property("the_cards_in_play_are_the_deck_the_config_describes", None, 10000, |step| {
        step.reached();
        deck_and_deal(step.after)?;
        for start in step.round_starts() {
            dealt_at_start(start)?;
        }
        Ok(())
    });
}

/// The rulebook's deck for a player count (Set up 1; for 7 and 8 players the 60 cards and
/// 7 or 8 Special Power cards of "Gameplay suggestions", reading 1).
fn rulebook_deck(players: u8) -> (Vec<Face>, usize) {
    let low = if players == 2 { 5 } else { 1 };
    let (golems, dragons, peasants) = if players == 2 { (1, 1, 2) } else { (2, 2, 4) };
    let mut out = Vec::new();
    for suit in SuitId::ALL {
        out.extend((low..=13).map(|v| Face::Number(suit, v)));
    }
    out.extend([Face::Golem].repeat(golems));
    out.extend([Face::Dragon].repeat(dragons));
    out.extend([Face::Peasant].repeat(peasants));
    let powers = match players {
        7 => 7,
        8 => 8,
        _ => 0,
    };
    (out, powers)
}

/// The rounds table ("How to Play", Rounds): cards dealt per round by player count.
fn rounds_table(players: u8) -> Vec<u8> {
    match players {
        2 | 3 => (1..=10).map(|r| 2 * r).collect(),
        4 => vec![2, 4, 6, 8, 10, 12, 14, 15],
        5 => vec![2, 4, 6, 8, 10, 12],
        6 => vec![2, 4, 6, 8, 10],
        7 => vec![2, 4, 6, 8, 9],
        _ => vec![2, 4, 6, 8],
    }
}

#[test]
fn the_base_game_uses_the_rulebook_deck_tokens_and_rounds() {
    let base = (2u8..=8).prop_map(|n| Config::rulebook(Some(n)).unwrap());
    property_on("the_base_game_uses_the_rulebook_deck_tokens_and_rounds", base, CASES, None, 500, |step| {
        deck_and_deal(step.after)?;
        for start in step.round_starts() {
            step.reached();
            dealt_at_start(start)?;
            let c = &start.config;
            let deck = deck_faces(&c.deck);
            let (want, powers) = rulebook_deck(c.players);
            let printed: Vec<Face> = deck.iter().copied().filter(|f| !matches!(f, Face::Power(_))).collect();
            if !same_cards(&printed, &want) || deck.len() - printed.len() != powers {
                return Err(format!("{} players: deck {deck:?}", c.players));
            }
            let tokens = match c.players {
                7 => 9,
                8 => 8,
                _ => 10,
            };
            if c.max_bid != tokens {
                return Err(format!("{} players bid up to {}, the tokens go to {tokens}", c.players, c.max_bid));
            }
            if c.schedule.as_slice() != rounds_table(c.players).as_slice() {
                return Err(format!("{} players deal {:?}", c.players, c.schedule.as_slice()));
            }
            // "In the last round, the entire deck is evenly distributed among all players."
            if usize::from(*c.schedule.as_slice().last().unwrap()) != deck.len() / usize::from(c.players) {
                return Err(format!("the last round deals {:?} of {} cards", c.schedule.as_slice(), deck.len()));
            }
        }
        Ok(())
    });
}

/// "Gameplay suggestions", preset by preset: players, the numbers (suits, lowest value),
/// Golems, Dragons, Peasants, Special Power cards, and the cards dealt per round (the
/// lists the rulebook prints; 1, 2, 3, … where it gives only a round count, reading 2).
fn suggestion(p: Preset) -> Suggestion {
    use Preset::*;
    let twos = |rounds: u8, last: u8| (1..rounds).map(|r| 2 * r).chain([last]).collect::<Vec<u8>>();
    let count = |rounds: u8| (1..=rounds).collect::<Vec<u8>>();
    let odd = |last: u8| (0..9).map(|i| 2 * i + 1).chain([last]).collect::<Vec<u8>>();
    let (players, suits, low, golems, dragons, peasants, specials, schedule) = match p {
        TwoPlayers10Rounds => (2, 4, 5, 1, 1, 0, 2, twos(10, 20)),
        TwoPlayers10RoundsOdd => (2, 4, 5, 1, 1, 0, 2, odd(20)),
        TwoPlayersHighCards => (2, 4, 10, 1, 1, 0, 2, count(10)),
        TwoPlayersThreeSuits => (2, 3, 6, 1, 1, 0, 2, count(14)),
        TwoPlayers14Rounds => (2, 4, 8, 1, 1, 0, 2, count(14)),
        ThreePlayers10Rounds => (3, 4, 1, 2, 2, 0, 4, twos(10, 20)),
        ThreePlayers10RoundsOdd => (3, 4, 1, 2, 2, 0, 4, odd(20)),
        ThreePlayers14Rounds => (3, 4, 5, 2, 1, 0, 3, count(14)),
        ThreePlayers19Rounds => (3, 4, 1, 2, 1, 0, 2, count(19)),
        ThreePlayers20Rounds => (3, 4, 1, 2, 2, 0, 4, count(20)),
        FourPlayers8Rounds => (4, 4, 1, 2, 2, 0, 4, twos(8, 15)),
        FourPlayers8RoundsOdd => (4, 4, 1, 2, 2, 0, 4, (0..8).map(|i| 2 * i + 1).collect()),
        FourPlayers15Rounds => (4, 4, 1, 2, 2, 0, 4, count(15)),
        FivePlayers6Rounds => (5, 4, 1, 2, 2, 0, 4, twos(6, 12)),
        FivePlayers10Rounds => (5, 4, 1, 2, 2, 0, 4, vec![2, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
        FivePlayers12Rounds => (5, 4, 1, 2, 2, 0, 4, count(12)),
        SixPlayers5Rounds => (6, 4, 1, 2, 2, 4, 0, twos(5, 10)),
        SixPlayers10Rounds => (6, 4, 1, 2, 2, 0, 4, count(10)),
        SixPlayers11Rounds => (6, 4, 1, 2, 2, 4, 6, count(11)),
        SevenPlayers5Rounds => (7, 4, 1, 2, 2, 4, 7, twos(5, 9)),
        SevenPlayers9Rounds => (7, 4, 1, 2, 2, 4, 7, count(9)),
        EightPlayers4Rounds => (8, 4, 1, 2, 2, 4, 8, twos(4, 8)),
        EightPlayers8Rounds => (8, 4, 1, 2, 2, 4, 8, count(8)),
    };
    Suggestion { players, suits, low, golems, dragons, peasants, specials, schedule }
}

/// One set-up of "Gameplay suggestions".
struct Suggestion {
    players: u8,
    suits: usize,
    low: u8,
    golems: usize,
    dragons: usize,
    peasants: usize,
    specials: usize,
    schedule: Vec<u8>,
}

#[test]
fn every_preset_deals_its_schedule_from_its_deck() {
    let presets = proptest::sample::select(Preset::ALL.to_vec()).prop_map(Config::preset);
    let seen = RefCell::new(BTreeSet::new());
    property_on("every_preset_deals_its_schedule_from_its_deck", presets, 2 * CASES, None, 1500, |step| {
        deck_and_deal(step.after)?;
        for start in step.round_starts() {
            step.reached();
            dealt_at_start(start)?;
            let c = &start.config;
            let preset = Preset::ALL.into_iter().find(|&p| Config::preset(p) == *c).ok_or("not a preset")?;
            seen.borrow_mut().insert(format!("{preset:?}"));
            let Suggestion { players, suits, low, golems, dragons, peasants, specials, schedule } = suggestion(preset);
            let mut want = Vec::new();
            for suit in SuitId::ALL.into_iter().take(suits) {
                want.extend((low..=13).map(|v| Face::Number(suit, v)));
            }
            want.extend([Face::Golem].repeat(golems));
            want.extend([Face::Dragon].repeat(dragons));
            want.extend([Face::Peasant].repeat(peasants));
            let deck = deck_faces(&c.deck);
            let printed: Vec<Face> = deck.iter().copied().filter(|f| !matches!(f, Face::Power(_))).collect();
            let ok = c.players == players
                && same_cards(&printed, &want)
                && deck.len() - printed.len() == specials
                && c.schedule.as_slice() == schedule.as_slice();
            if !ok {
                return Err(format!("{preset:?}: {} players, deck {deck:?}, deals {:?}", c.players, c.schedule));
            }
        }
        Ok(())
    });
    eprintln!("  presets played: {}", seen.borrow().len());
    assert!(seen.borrow().len() >= 20, "only {} presets played: {:?}", seen.borrow().len(), seen.borrow());
}

#[test]
fn the_first_dealer_is_the_configured_one_or_drawn() {
    let drawn = RefCell::new(BTreeMap::<u8, BTreeSet<Seat>>::new());
    property("the_first_dealer_is_the_configured_one_or_drawn", None, 40, |step| {
        if step.check.index != 0 {
            return Ok(());
        }
        let t = step.before;
        match t.config.first_dealer {
            Some(d) if t.dealer != d => Err(format!("{} deals, the config says {d}", t.dealer)),
            Some(_) => Ok(()),
            None => {
                step.reached();
                drawn.borrow_mut().entry(t.config.players).or_default().insert(t.dealer);
                Ok(())
            }
        }
    });
    // "Randomly choose a dealer": more than one seat deals first at some table size.
    eprintln!("  first dealers drawn by players: {:?}", drawn.borrow());
    assert!(drawn.borrow().values().any(|d| d.len() >= 2), "the first dealer is never drawn: {drawn:?}");
}

#[test]
fn the_spinner_gives_a_suit_no_trump_or_the_dealers_choice() {
    let outcomes = RefCell::new(BTreeSet::new());
    property("the_spinner_gives_a_suit_no_trump_or_the_dealers_choice", None, 250, |step| {
        if step.before.phase == Phase::ChooseTrump {
            // "The 4 colors lets the dealer choose the suit for the round."
            let t = step.before;
            let mut want: BTreeSet<String> = SuitId::ALL.iter().map(|s| format!("trump {s}")).collect();
            if t.config.dealer_may_choose_no_trump {
                want.insert("trump X".into());
            }
            if step.seat() != t.dealer || step.legal(t.dealer) != want {
                return Err(format!("{} chooses among {:?}", step.seat(), step.legal(step.seat())));
            }
            // Leaked Suit: the suits to reveal are chosen next (unless drawn at once).
            let leaking =
                t.view.round_type == crownbattles_rules::RoundType::LeakedSuit && step.after.phase == Phase::LeakedSuit;
            if let crownbattles_rules::Action::Trump(chosen) = step.action()
                && (step.after.trump != chosen
                    || !leaking
                        && step.after.phase
                            != crate::oracle::opening_phase(t.view.round_type, &t.config, t.dealer, t.dealt(), chosen))
            {
                return Err(format!("after choosing {chosen}: trump {}, {:?}", step.after.trump, step.after.phase));
            }
        }
        for start in step.round_starts() {
            step.reached();
            let w = start.config.spinner;
            let outcome = match (start.phase, start.trump) {
                (Phase::ChooseTrump, _) => 5,
                (_, Trump::NoTrump) => 4,
                (_, Trump::Suit(s)) => s.index(),
            };
            if w[outcome] == 0 {
                return Err(format!("the spinner gave outcome {outcome} of weight 0 ({w:?})"));
            }
            if w == [1; 6] {
                outcomes.borrow_mut().insert(outcome);
            }
        }
        Ok(())
    });
    assert_eq!(outcomes.borrow().len(), 6, "the six segments of an even spinner: {:?}", outcomes.borrow());
}
