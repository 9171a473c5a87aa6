//! `simulate`'s summaries and first records are the same as before the referee learned to
//! keep only the event logs asked for (issue #28): the digests below were taken on the code
//! before that change (commit 7f23aea) and must not move. Random bots (the fast path, no
//! logs), and mixed bots whose greedy and ISMCTS seats wait (the referee's asking order and
//! its declines), with game options (Expanded play, Crown Battles' round types, Archduke's
//! online rules).
#![cfg(all(feature = "theduke", feature = "crownbattles", feature = "archduke", feature = "dukesup"))]

use duke_core::Record;
use duke_examples::bots::{BotSpec, IsmctsSettings};
use duke_examples::catalog::{Catalogued, GameId};
use duke_examples::options::GameOptions;
use duke_examples::simulate::run;
use duke_examples::with_game;

/// FNV-1a, 64 bits: a digest that needs no dependency and is the same on every platform.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The digests of a run: its summary without the time (its `Debug`, floats included) and
/// its first record as JSON.
fn digests<G>(options: &GameOptions, count: u64, seed: u64, bots: &[BotSpec]) -> (u64, u64, u64)
where
    G: Catalogued,
    G::Config: Sync,
    Record<G>: Send,
{
    let (mut summary, record) = run::<G>(None, options, count, seed, bots, |_| {}).unwrap();
    summary.elapsed = Default::default();
    let record = serde_json::to_string(&record.unwrap()).unwrap();
    (summary.actions, fnv(&format!("{summary:?}")), fnv(&record))
}

/// One run: the game, its options, games, master seed, bots, and the digests
/// (actions, summary, first record) taken before the change.
struct Case {
    game: GameId,
    options: fn() -> GameOptions,
    count: u64,
    seed: u64,
    bots: fn() -> Vec<BotSpec>,
    expected: (u64, u64, u64),
}

fn random() -> Vec<BotSpec> {
    vec![BotSpec::Random]
}

fn mixed() -> Vec<BotSpec> {
    vec![BotSpec::Random, BotSpec::Greedy, BotSpec::Ismcts(IsmctsSettings { iterations: 4, ..Default::default() })]
}

fn plain() -> GameOptions {
    GameOptions::default()
}

fn enhanced() -> GameOptions {
    GameOptions { enhanced_tiles: true, ..GameOptions::default() }
}

fn online() -> GameOptions {
    GameOptions { any_discard: true, caller_penalty_on_tie: true, ..GameOptions::default() }
}

fn blind_and_stealth() -> GameOptions {
    GameOptions { round_sequence: Some("blind,stealth".to_owned()), ..GameOptions::default() }
}

fn cases() -> Vec<Case> {
    let case = |game, options, count, seed, bots, expected| Case { game, options, count, seed, bots, expected };
    vec![
        case(GameId::TheDuke, plain, 20, 1, random, (2591, 0x5d42_f551_a06e_a2ad, 0x8e69_8f65_4447_c080)),
        case(GameId::TheDuke, plain, 20, 2, random, (2358, 0x9532_cea0_1bf2_4840, 0x21ad_65d7_18ec_386e)),
        case(GameId::ExpandedDuke, enhanced, 10, 3, random, (1463, 0x07ca_0b38_b44d_8aa1, 0x707f_58aa_4fba_78b7)),
        case(GameId::Archduke, plain, 20, 1, random, (8117, 0x9e59_d7a5_639e_1022, 0x361b_944f_a570_3eb6)),
        case(GameId::Archduke, online, 10, 2, random, (4099, 0x3479_d951_2d49_3fed, 0xa2d8_2c90_091a_1b45)),
        case(GameId::DukesUp, plain, 20, 1, random, (4353, 0x2296_24ce_5ce6_bfa4, 0x9c44_896d_7347_a9be)),
        case(GameId::CrownBattles, plain, 20, 1, random, (6478, 0x0269_1777_f6bc_1d06, 0x4f04_e2c4_6c54_292e)),
        case(
            GameId::CrownBattles,
            blind_and_stealth,
            10,
            2,
            random,
            (3171, 0x576f_dad6_c39f_48e3, 0x3f0e_ba59_03d3_fa98),
        ),
        case(GameId::HighCard, plain, 50, 1, random, (300, 0x4535_726f_2aa9_48f3, 0x742a_1162_b22f_eba1)),
        case(GameId::TheDuke, plain, 3, 5, mixed, (500, 0x917e_7e29_aa04_04bf, 0xc4fd_9764_f783_7b43)),
        case(GameId::Archduke, plain, 3, 5, mixed, (1199, 0xef12_f6a7_75c2_c88d, 0x1122_5954_38b2_ef75)),
        case(GameId::DukesUp, plain, 3, 5, mixed, (505, 0x79f6_28fa_f6b0_eb50, 0x51cc_f9d0_1309_84f1)),
        case(GameId::CrownBattles, blind_and_stealth, 3, 5, mixed, (951, 0x60df_a102_d0d1_400d, 0x8325_a9c8_93f1_629d)),
        case(GameId::HighCard, plain, 12, 5, mixed, (72, 0x9d4a_294a_996a_5a45, 0xaae2_772c_5698_c8ff)),
    ]
}

#[test]
fn summaries_and_first_records_are_those_of_before() {
    let mut wrong = Vec::new();
    for case in cases() {
        let options = (case.options)();
        let got = with_game!(case.game, G => digests::<G>(&options, case.count, case.seed, &(case.bots)()));
        if got != case.expected {
            wrong.push(format!("{} seed {}: {got:?}, expected {:?}", case.game, case.seed, case.expected));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
