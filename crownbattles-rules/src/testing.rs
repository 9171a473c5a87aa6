//! Proptest strategies for fuzzing the Crown Battles rules with your own invariants
//! (feature `testing`).
//!
//! - [`configs`]: every player count (2 to 8), the rulebook's base game and every
//!   "Gameplay suggestions" [`Preset`], decks with all 16 Special Power cards, random
//!   selections of them, powers replacing Peasants and odd counts of Golems, Dragons and
//!   Peasants; the full schedule or short ones; and every option of [`Config`] (custom bid
//!   tokens, spinner weights, the dealer's "no trump", screw the dealer, the Wizard on the
//!   Kings, the timings of the icon-less action cards, the Witch's step, bubble shields,
//!   The Split's scoring of a failed round and the lead of its second half, Stealth
//!   Play's two options, Leaked Suit's way of choosing and its held-suit reading, Suit
//!   Precision's placement of an all-Peasant trick and of the Thief's stolen trick, who
//!   forms Alliances' teams and Missions-Alliances' share of met missions, Suit
//!   Precision-Alliances' three readings of who double-bids in a team and its solo
//!   player's doubled points, Long Play's two options, Wagering's
//!   extra wagers and bid points, Duel Fights' three options, tie
//!   replays, a fixed or drawn first dealer); round types (the base game's Normal
//!   Bidding in half the configs, else every implemented round type: one for every round,
//!   Round Type cards dealt or drawn, or a fixed sequence; an Alliance type chosen for
//!   every round is dealt with Normal Bidding, and none ends a sequence, as the final round
//!   may not be an Alliance round); the Missions options (the
//!   rulebook's, or either reveal order, 1 to 6 missions offered, the printed catalogue or
//!   a house one using every condition and a duplicate).
//! - [`reachable`]: states reached by legal play from a new game with such a config, with
//!   the record that reaches them (shrinks to a short game).
//! - Biases for [`check_steps`](duke_core::testing::invariants::check_steps): uniform
//!   play holds a Special Power card until its last tricks and rarely buys a shield; each
//!   `bias_*` function weights the legal actions towards one family of rules.
//!
//! ```
//! use crownbattles_rules::testing::{bias_power_cards, configs};
//! use crownbattles_rules::{Action, CrownBattles};
//! use duke_core::testing::invariants::check_steps;
//! use duke_core::testing::Settings;
//! use duke_core::{Game, Observer};
//!
//! // A house rule: nobody's score moves in the middle of a round, except by a Witch or a
//! // bubble shield.
//! let settings = Settings { cases: 8, max_game_actions: 300, ..Settings::default() };
//! let coverage = check_steps::<CrownBattles>(configs(), &settings, Some(bias_power_cards), |step| {
//!     let (before, after) = (step.before.view(Observer::Spectator), step.after.view(Observer::Spectator));
//!     if before.round == after.round && !step.after.is_over() {
//!         step.reached();
//!         let allowed = matches!(step.action, Action::Hex(_) | Action::Shield);
//!         if before.scores != after.scores && !allowed {
//!             return Err(format!("{} moved the scores mid-round", step.action));
//!         }
//!     }
//!     Ok(())
//! })
//! .unwrap();
//! println!("{} steps inside a round checked of {}", coverage.reached, coverage.steps);
//! ```

use duke_core::Seat;
/// A reached state with its record (from duke-core), as [`reachable`] yields it.
pub use duke_core::testing::strategies::Reached;
use proptest::prelude::*;

use crate::actions::Action;
use crate::cards::{Face, Power};
use crate::deck::DeckSpec;
use crate::expansion::{Condition, MAX_MISSIONS, Mission, MissionCatalogue, MissionReveal, MissionRules, PointTable};
use crate::expansion::{
    DuelPairing, DuelRules, LeakChoice, MissionShare, PrecisionTeamDouble, SplitLead, SplitMiss, TeamFormation,
    WageringRules,
};
use crate::presets::Preset;
use crate::round_types::{RoundType, RoundTypes};
use crate::schedule::Schedule;
use crate::setup::{Config, Shields, Timing, Timings, max_bid_for};
use crate::state::CrownBattles;

/// The deck of a config: kept as the base game or preset has it (two in ten), with all 16
/// Special Power cards added (three in ten), with a random selection added (three in
/// ten), with powers replacing Peasants (one in ten), or with 0 to 2 Golems and Dragons,
/// 0 to 4 Peasants and a random selection of powers (one in ten).
fn deck(base: DeckSpec) -> impl Strategy<Value = DeckSpec> {
    prop_oneof![
        2 => Just(base),
        3 => Just(DeckSpec { powers: u16::MAX, ..base }),
        3 => any::<u16>().prop_map(move |powers| DeckSpec { powers: base.powers | powers, ..base }),
        1 => proptest::sample::subsequence(Power::ALL.to_vec(), 1..=4)
            .prop_map(move |powers| base.replacing_peasants(&powers)),
        1 => (0u8..=2, 0u8..=2, 0u8..=4, any::<u16>()).prop_map(move |(golems, dragons, peasants, powers)| {
            DeckSpec { golems, dragons, peasants, powers, ..base }
        }),
    ]
}

/// Spinner weights: the six equal segments (half the configs), only "the dealer chooses"
/// and X, only the four suits, or any weights.
fn spinner() -> impl Strategy<Value = [u16; 6]> {
    prop_oneof![
        3 => Just([1; 6]),
        1 => Just([0, 0, 0, 0, 1, 3]),
        1 => Just([1, 1, 1, 1, 0, 0]),
        1 => any::<[u8; 6]>().prop_map(|w| w.map(|x| u16::from(x % 4))),
    ]
}

fn timing() -> impl Strategy<Value = Timing> {
    prop_oneof![Just(Timing::Immediate), Just(Timing::EndOfTrick)]
}

/// Every config: the base game for 2 to 8 players or any of the 23 presets; the deck as
/// the base game or preset has it (two in ten), with all 16 Special Power cards added
/// (three in ten), with a random selection added (three in ten), with powers replacing
/// Peasants (one in ten), or with 0 to 2 Golems and Dragons, 0 to 4 Peasants and random
/// powers (one in ten); the config's schedule (one in five) or one to three short rounds of
/// 1 to 12 cards, dealt within the deck; the rulebook's bid tokens (four in five) or 0 to
/// 10; the even spinner, "dealer chooses or X" only, suits only, or any weights; the
/// dealer's "no trump", screw the dealer and the Wizard on the Kings on or off; either
/// reading of The Split's failed round and of who leads its second half; Stealth Play's
/// two options on or off; Suit Precision's two options on or off; Suit Precision-Alliances'
/// three readings of who double-bids in a team and its solo player's doubled points on or
/// off; Long Play's two options on or off; Leaked Suit's five ways of choosing and its
/// held-suit option; Alliances' and Missions-Alliances' readings; Wagering's extra wagers and bid points on or off; Duel Fights' pairing (the dealer's or random), winners' bonus and misses to the bank; either timing for each of the Alchemist, Bishop, Jester and
/// Witch; a Witch's step of 5 or 10; shields off, for the round or for the game; 0 to 3 tie replays or the default 10; a
/// drawn or a fixed first dealer; round types as in the module docs. Configs the game
/// would refuse are never produced.
pub fn configs() -> impl Strategy<Value = Config> {
    let base = prop_oneof![
        (2u8..=8).prop_map(|n| Config::rulebook(Some(n)).unwrap_or_default()),
        proptest::sample::select(Preset::ALL.to_vec()).prop_map(Config::preset),
    ];
    base.prop_flat_map(|c| {
        let schedule = prop_oneof![
            1 => Just(None),
            4 => proptest::collection::vec(1u8..=12, 1..=3).prop_map(Some),
        ];
        let max_bid = prop_oneof![4 => Just(max_bid_for(c.players)), 1 => 0u8..=10];
        let options = (any::<[bool; 9]>(), (timing(), timing(), timing(), timing()), any::<bool>());
        let protection = (
            prop_oneof![Just(Shields::Off), Just(Shields::Round), Just(Shields::Game)],
            prop_oneof![Just(5u8), Just(10u8)],
            prop_oneof![3 => 0u8..=3, 1 => Just(10u8)],
            prop_oneof![Just(None), (0..c.players).prop_map(|d| Some(Seat(d)))],
        );
        let leak = (0usize..5, any::<bool>(), any::<[bool; 2]>(), any::<[bool; 5]>());
        let more = (0usize..3, any::<[bool; 2]>());
        (
            Just(c.clone()),
            deck(c.deck),
            schedule,
            max_bid,
            spinner(),
            options,
            (protection, rounds(), missions(), leak, more),
        )
    })
    .prop_map(
        |(
            base,
            deck,
            schedule,
            max_bid,
            spinner,
            options,
            (protection, rounds, missions, (leak, only_held, precision, wagers_and_duels), (team_double, long_play)),
        )| {
            let (
                [
                    no_trump,
                    wizard_kings,
                    per_trick,
                    last_winner,
                    at_flip,
                    follow,
                    random_teams,
                    own_missions,
                    solo_doubled,
                ],
                (alchemist, bishop, jester, witch),
                screw,
            ) = options;
            let [extra_wagers, bid_points, random_pairs, winner_bonus, misses_to_bank] = wagers_and_duels;
            let (shields, witch_step, max_tie_replays, first_dealer) = protection;
            let mut c = Config {
                deck,
                max_bid,
                spinner,
                dealer_may_choose_no_trump: no_trump,
                screw_the_dealer: screw,
                wizard_affects_kings: wizard_kings,
                timings: Timings { alchemist, bishop, jester, witch },
                witch_step,
                shields,
                max_tie_replays,
                first_dealer,
                split_miss: if per_trick { SplitMiss::PerTrick } else { SplitMiss::PerHand },
                split_lead: if last_winner { SplitLead::LastWinner } else { SplitLead::DealersLeft },
                missions,
                stealth_actions_at_flip: at_flip,
                stealth_follow_face_down: follow,
                leak_choice: [
                    LeakChoice::Simultaneous,
                    LeakChoice::Clockwise,
                    LeakChoice::Dealer,
                    LeakChoice::Spinner,
                    LeakChoice::Neighbour,
                ]
                .get(leak)
                .copied()
                .unwrap_or_default(),
                leak_only_held: only_held,
                team_formation: if random_teams { TeamFormation::Random } else { TeamFormation::Dealer },
                mission_share: if own_missions { MissionShare::Own } else { MissionShare::Sum },
                precision_team_double: [
                    PrecisionTeamDouble::OneMember,
                    PrecisionTeamDouble::PerSuit,
                    PrecisionTeamDouble::OneBid,
                ]
                .get(team_double)
                .copied()
                .unwrap_or_default(),
                precision_solo_doubled: solo_doubled,
                precision_peasant_any: precision[0],
                precision_thief_own_bid: precision[1],
                wagering: WageringRules { extra_wagers, bid_points },
                long_play_screw_by_tricks: long_play[0],
                long_play_first_pass_acts: long_play[1],
                duels: DuelRules {
                    pairing: if random_pairs { DuelPairing::Random } else { DuelPairing::Dealer },
                    winner_bonus,
                    misses_to_bank,
                },
                ..base
            };
            let most = (c.deck.cards().len() / u32::from(c.players)).max(1) as u8;
            let list: Vec<u8> = match schedule {
                Some(list) => list.iter().map(|&k| k.clamp(1, most)).collect(),
                None => c.schedule.as_slice().iter().map(|&k| k.clamp(1, most)).collect(),
            };
            c.schedule = Schedule::new(&list).unwrap_or(c.schedule);
            c.round_types = rounds.build(c.players, c.schedule.rounds());
            if c.check().is_ok() { c } else { base }
        },
    )
}

/// [`configs`] with `focus` in play: in half of them `focus` plays every round (an Alliance
/// type, which may not play the final round, is dealt with Normal Bidding), in the others
/// it joins the config's Round Type cards, dealt. For properties of one round type, which
/// the fourteen round types in the mix of [`configs`] make rare. A player count that
/// excludes `focus` keeps its config's round types.
pub fn configs_with(focus: RoundType) -> impl Strategy<Value = Config> {
    (configs(), any::<bool>()).prop_map(move |(config, every)| {
        if focus.excluded_for(config.players) || !focus.is_implemented() {
            return config;
        }
        let round_types = if every && !focus.is_alliance() {
            RoundTypes::Every(focus)
        } else if every {
            RoundTypes::deal(&[focus, RoundType::Normal])
        } else {
            let mut chosen: Vec<RoundType> = crate::round_types::listed(config.round_types.chosen()).collect();
            chosen.push(focus);
            if chosen.iter().all(|t| t.is_alliance()) {
                chosen.push(RoundType::Normal);
            }
            RoundTypes::deal(&chosen)
        };
        let focused = Config { round_types, ..config.clone() };
        if focused.check().is_ok() { focused } else { config }
    })
}

/// How a config picks its round types (see [`rounds`]).
#[derive(Clone, Debug)]
enum RoundsPick {
    Base,
    Every(usize),
    Deal(u16),
    Draw(u16),
    Sequence(Vec<usize>),
}

impl RoundsPick {
    /// The round types for `players` and `rounds` rounds, from the implemented types that
    /// the player count does not exclude.
    fn build(&self, players: u8, rounds: usize) -> RoundTypes {
        let usable: Vec<RoundType> = RoundType::IMPLEMENTED.into_iter().filter(|t| !t.excluded_for(players)).collect();
        let pick = |i: usize| usable.get(i % usable.len().max(1)).copied().unwrap_or(RoundType::Normal);
        let subset = |bits: u16| {
            let chosen: Vec<RoundType> =
                usable.iter().enumerate().filter(|(i, _)| bits >> i & 1 == 1).map(|(_, &t)| t).collect();
            if chosen.is_empty() { usable.clone() } else { chosen }
        };
        match self {
            RoundsPick::Base => RoundTypes::default(),
            // (An Alliance type may not play the final round: dealt with Normal Bidding.)
            RoundsPick::Every(i) if pick(*i).is_alliance() => RoundTypes::deal(&[pick(*i), RoundType::Normal]),
            RoundsPick::Every(i) => RoundTypes::Every(pick(*i)),
            RoundsPick::Deal(bits) => RoundTypes::deal(&subset(*bits)),
            RoundsPick::Draw(bits) => RoundTypes::draw(&subset(*bits)),
            RoundsPick::Sequence(list) => {
                let mut types: Vec<RoundType> = (0..rounds).map(|r| pick(list.get(r).copied().unwrap_or(r))).collect();
                if let Some(last) = types.last_mut().filter(|t| t.is_alliance()) {
                    *last = RoundType::Normal;
                }
                RoundTypes::sequence(&types).unwrap_or_default()
            }
        }
    }
}

/// Round types: the base game's Normal Bidding in every round (half the configs), one
/// implemented type in every round, the Round Type cards dealt or drawn from a random
/// choice of the implemented types, or a random fixed sequence.
fn rounds() -> impl Strategy<Value = RoundsPick> {
    prop_oneof![
        5 => Just(RoundsPick::Base),
        1 => any::<usize>().prop_map(RoundsPick::Every),
        2 => any::<u16>().prop_map(RoundsPick::Deal),
        1 => any::<u16>().prop_map(RoundsPick::Draw),
        1 => proptest::collection::vec(any::<usize>(), 24).prop_map(RoundsPick::Sequence),
    ]
}

/// The Missions options: the rulebook's (half the configs), else either reveal order, 1 to
/// 6 missions offered, and the printed catalogue, a house one that uses every condition of
/// the vocabulary and lists one condition twice (a duplicate to switch), or a catalogue of
/// 1 to [`MAX_MISSIONS`] random missions (tables with random "-" cells).
fn missions() -> impl Strategy<Value = MissionRules> {
    let catalogue = prop_oneof![
        2 => Just(MissionCatalogue::printed()),
        1 => Just(house_missions()),
        1 => proptest::collection::vec(random_mission(), 1..=MAX_MISSIONS)
            .prop_map(|list| MissionCatalogue::new(&list).unwrap_or_default()),
    ];
    prop_oneof![
        1 => Just(MissionRules::default()),
        1 => (any::<bool>(), 1u8..=6, catalogue).prop_map(|(simultaneous, choices, catalogue)| MissionRules {
            catalogue,
            choices,
            reveal: if simultaneous { MissionReveal::Simultaneous } else { MissionReveal::InTurn },
        }),
    ]
}

/// A mission of the vocabulary with a random table: points 0 to 60, a cell "-" one time
/// in four.
fn random_mission() -> impl Strategy<Value = Mission> {
    let condition = prop_oneof![
        (0u8..=6).prop_map(Condition::AtLeast),
        (0u8..=5, 0u8..=3).prop_map(|(low, more)| Condition::Between(low, low + more)),
        (1u8..=4).prop_map(Condition::NoneOfFirst),
        Just(Condition::TrumpTrick),
        Just(Condition::TrumpOverLead),
    ];
    let cell = proptest::option::weighted(0.75, (0u16..=12).prop_map(|p| 5 * p));
    let rows = proptest::array::uniform6(proptest::array::uniform7(cell));
    (condition, rows).prop_filter_map("a valid table", |(condition, rows)| {
        PointTable::new(rows).ok().map(|points| Mission { condition, points })
    })
}

/// The printed missions plus one of each other condition (a flat table of 10 points, "-"
/// for 7-8 players and for 17 cards or more) and a second "win at least 4 tricks": eight.
fn house_missions() -> MissionCatalogue {
    let mut list: Vec<Mission> = MissionCatalogue::printed().as_slice().to_vec();
    let row = [Some(10), Some(10), Some(10), Some(10), Some(10), Some(10), None];
    let table = PointTable::new([row, row, row, row, row, [None; 7]]);
    for condition in
        [Condition::TrumpOverLead, Condition::Between(2, 2), Condition::NoneOfFirst(2), Condition::AtLeast(4)]
    {
        if let Ok(points) = table {
            list.push(Mission { condition, points });
        }
    }
    MissionCatalogue::new(&list).unwrap_or_default()
}

/// States reached by up to `max_steps` legal actions from a new game with a config from
/// [`configs`] and any seed.
///
/// ```
/// use crownbattles_rules::Phase;
/// use crownbattles_rules::testing::reachable;
/// use duke_core::{Game, Observer};
/// use proptest::prelude::*;
///
/// proptest!(duke_core::testing::proptest_config(16), |(reached in reachable(60))| {
///     // Every hand holds the same number of cards at the start of a trick (The Split's
///     // hands differ while the players set their halves aside).
///     let view = reached.state.view(Observer::Spectator);
///     if view.trick.is_empty() && view.phase != Phase::Splitting {
///         prop_assert!(view.hand_sizes.windows(2).all(|w| w[0] == w[1]), "{:?}", view.hand_sizes);
///     }
/// });
/// ```
pub fn reachable(max_steps: usize) -> impl Strategy<Value = Reached<CrownBattles>> {
    duke_core::testing::strategies::reachable::<CrownBattles>(configs(), max_steps)
}

/// Whether the action plays a Special Power card.
fn plays_a_power(action: &Action) -> Option<Power> {
    match action {
        Action::Play(Face::Power(p)) => Some(*p),
        Action::PlayDoubleFacedAsGolem => Some(Power::DoubleFaced),
        _ => None,
    }
}

/// Special Power cards forty times as likely to be played as other cards, Golems, Dragons
/// and Peasants four times; the Smuggler's swap before bidding eight times and a shield
/// four times as likely as a bid: every power's decision is taken often (uniform play
/// keeps a power card in hand until its last tricks, where several have no effect).
pub fn bias_power_cards(_state: &CrownBattles, _seat: Seat, action: &Action) -> u32 {
    match action {
        a if plays_a_power(a).is_some() => 40,
        Action::Smuggle(_) => 8,
        Action::Shield => 4,
        Action::Play(Face::Golem | Face::Dragon | Face::Peasant) => 4,
        _ => 1,
    }
}

/// The cards that decide tricks in special ways (Golems, Dragons, Peasants, the Kings, the
/// Double-faced card, the Summoner and the Wizard) thirty times as likely as other cards,
/// other powers five times: tricks led by a Peasant or a Golem, several Golems or Dragons,
/// all Peasants, the Wizard's and the Summoner's tricks.
pub fn bias_special_cards(_state: &CrownBattles, _seat: Seat, action: &Action) -> u32 {
    match action {
        Action::Play(Face::Golem | Face::Dragon | Face::Peasant) | Action::PlayDoubleFacedAsGolem => 30,
        Action::Play(Face::Power(
            Power::GolemKing | Power::DragonKing | Power::DoubleFaced | Power::Summoner | Power::Wizard,
        )) => 30,
        Action::Play(Face::Power(_)) => 5,
        _ => 1,
    }
}

/// Theft and protection: the Thief, the Witch and the Wizard sixty times as likely to be
/// played as other cards (other powers five times), and a bubble shield twenty times as
/// likely as a bid.
pub fn bias_theft(_state: &CrownBattles, _seat: Seat, action: &Action) -> u32 {
    match action {
        Action::Play(Face::Power(Power::Thief | Power::Witch | Power::Wizard)) => 60,
        a if plays_a_power(a).is_some() => 5,
        Action::Shield => 20,
        _ => 1,
    }
}
