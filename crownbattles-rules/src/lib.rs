//! # crownbattles-rules
//!
//! A rules engine for **Crown Battles** (Andreas Lymbouras, Ant Fun Games): trick-taking
//! with bids, a spun trump, Golems, Dragons, Peasants and the 16 Special Power cards, for
//! 2–8 players, on the duke-core [`Game`](duke_core::Game) contract.
//!
//! - Each round the dealer deals a number of cards from the config's schedule (the
//!   rulebook's table, or a "Gameplay suggestions" [`Preset`]), spins the trump (a suit,
//!   X for no trump, or "dealer chooses"), then everyone bids from the dealer's left: one
//!   number, or two consecutive numbers for half the points.
//! - Tricks: follow the led suit if you can; Golems, Dragons, Peasants and Special Power
//!   cards may always be played. The first Dragon King, else the first Dragon, else the
//!   Golem King, else the first Golem, else the highest trump, else the highest card of
//!   the led suit wins; all Peasants: the first Peasant.
//! - A met single bid scores 10 per trick + 20, a met double bid 5 per trick + 10, a miss
//!   loses 10 per trick outside the bid. The crown goes to the sole leader after each
//!   round; a tie after the last round replays it (up to `max_tie_replays` times).
//!
//! - The expansion game's round types ([`RoundTypes`], `Config::round_types`): one type
//!   for every round (the base game: Normal Bidding), the chosen Round Type cards revealed
//!   one per round, or a fixed sequence. Implemented: Normal Bidding, Blind Bidding
//!   (simultaneous face-down bids revealed at the end of the round), Leaked Suit (before
//!   bidding each player reveals every card of one suit: [`Leak`], [`LeakChoice`]), The
//!   Split (each hand
//!   split in secret into two halves played as two smaller rounds, a bid for each, scored
//!   together: [`split_points`]), Stealth Play (cards after the lead played face down,
//!   turned up when the trick is complete), Suit Precision (a bid per suit, each trick
//!   placed under a suit, scored per suit: [`suit_precision_points`]), Missions and Blind
//!   Missions (each player
//!   chooses one of the missions dealt to them instead of bidding; the catalogue is data,
//!   [`MissionCatalogue`], the rulebook's four printed missions by default,
//!   `Config::missions`), Wagering (everyone stakes 20 into a pot shared by those who
//!   meet their bids, carried over when no one does; optional extra wagers:
//!   [`WageringRules`], `Config::wagering`), Duel Fights (the dealer groups the players
//!   in twos, one three when odd, each scored against its group: [`duel_points`],
//!   [`DuelRules`], `Config::duels`), Long Play (every trick played in two passes),
//!   Alliances (the dealer's teams of two scored on their combined bid, the Secret Note:
//!   [`team_points`], [`TeamFormation`]), Missions-Alliances ([`MissionShare`]) and Suit
//!   Precision-Alliances ([`PrecisionTeamDouble`]): all 14 types of "The expansion game".
//!
//! - Each observer gets its own [`Event`]s for every step (`Game::events`): the action
//!   as it saw it (the redacted notation: a smuggle, a Magician pass or a Merchant's card
//!   is face down for the others), its own dealt cards, the cards passed or traded with
//!   it, the hand its Bishop saw, every trick's cards and winner, the round's scores, the
//!   crown and the result.
//!
//! - Any position can be set up with a [`Setup`] (the round, the dealer, the hands, the
//!   trump, the bids so far, the trick on the table, tricks won, scores, the crown, who
//!   knows what) and checked into a game by [`CrownBattles::from_setup`]; a saved game is
//!   its setup. Actions, cards and bids travel as their notation.
//!
//! - Every rule of `RULES.md` is a property checked at every step of random games with
//!   every config (`tests/properties`); the feature `testing` gives users the same tools
//!   (`testing::configs`, `testing::reachable`, biases towards the Special Power cards) to
//!   fuzz the rules with their own invariants.
//!
//! - No turn limit: unlike the two-player board games, every game of Crown Battles ends
//!   by its own rules, after the config's scheduled rounds and at most `max_tie_replays`
//!   replays of a tied last round (at most 255 rounds, [`ConfigError::TieReplays`]), each
//!   round a bounded number of actions ([`Game::max_actions`](duke_core::Game::max_actions)).
//!   So [`Config::bounded`] is [`Config::rulebook`] and the config has no `turn_limit`.
//!
//! - Configs: [`Config::rulebook`] (the default is `rulebook(None)`, 4 players), then set
//!   fields; [`Config::check`] says why one is refused, and a config is checked when
//!   deserialised. `Config`, its option types, the error enums, [`Event`], [`Phase`] and
//!   [`Action`] are `#[non_exhaustive]`: options and round types add to them.
//!
//! The base game reads without the round types: its modules reach `rounds/` only through
//! one seam (`expansion.rs`: the round types' options and records, plain data), the round
//! types' state is one field of the table (`RoundState`), and no import cycle joins more
//! than two files (`tests/layering.rs` reads the sources to check both).
//!
//! The state is its config and a compact `Copy` table (card ids in 128-bit sets); a
//! mission catalogue is shared between clones, never copied. `legal_actions`, `apply` and
//! `undo` do not allocate. `RULES.md` maps every rule to code and tests and
//! lists every reading chosen where the rulebook is silent.
//!
//! ## The deck
//!
//! What the rulebook says ("Components", "Set up", the rounds table, "Special Power
//! cards", "Gameplay suggestions"):
//!
//! - The box holds 52 suited cards, four suits valued 1 to 13; 2 Golems and 2 Dragons
//!   (the "trump cards", without suit); 4 Peasants, worth 0; and 16 Special Power cards:
//!   the action cards Alchemist, Bishop, Bomb, Cursed, Jester, Magician, Merchant,
//!   Smuggler, Spy, Summoner, Thief, Witch and Wizard, and the non-action cards
//!   Double-faced, Golem King and Dragon King. The two Golems, the two Dragons and the four
//!   Peasants are identical copies.
//! - The suits are the four races of the story, Orcs, Humans, Elves and Taurans, and the
//!   four colours red, green, blue and yellow; the trick example says Elves are yellow.
//! - The game uses 60 cards (all 52 suited cards, 2 Golems, 2 Dragons, 4 Peasants); with 2
//!   players 40 (values 5 to 13 of every suit, 1 Golem, 1 Dragon, 2 Peasants). Special Power
//!   cards replace up to 4 Peasants, chosen by the players. "Gameplay suggestions" lists
//!   other decks per player count (for example 60 cards plus 7 or 8 Special Power cards for
//!   7 or 8 players), which [`Preset`] names.
//! - Bid tokens go from 0 to 10; 0 to 9 with 7 players, 0 to 8 with 8. Each round deals 2
//!   more cards (2, 4, 6, …) and the last round deals the whole deck evenly.
//! - The spinner shows a suit (that suit is trump), X (no trump) or the four colours (the
//!   dealer chooses).
//!
//! What we decided where the rulebook is silent (each is a [`Config`] option or a reading
//! in `RULES.md`):
//!
//! - The rulebook does not pair Orcs, Humans and Taurans with red, green and blue: the
//!   engine numbers the suits red, green, blue, yellow ([`SuitId`]) and the races are
//!   display labels only (Orcs red, Humans green, Taurans blue is our choice).
//! - Peasants have no suit: the rulebook gives them none (some of the publisher's material
//!   ties one Peasant to each suit; no rule here depends on it).
//! - The spinner has six equally likely outcomes: the four suits, X and the four colours
//!   (the rulebook names the outcomes but not the segments' sizes; one each is our
//!   inference, what a six-sided die would give); [`Config::spinner`] weighs them otherwise.
//! - The base game for 7 and 8 players uses the 67- and 68-card decks of "Gameplay
//!   suggestions", since the rounds table deals more than 60 cards; "N Special Cards" are
//!   the first N of [`Power::PRESET_ORDER`].
//! - Each physical card has an id (`R1`–`R13`, `G…`, `B…`, `Y…`, then the Golems, the
//!   Dragons, the Peasants and the 16 powers), so a deck is a subset of the box; copies
//!   are named `golem#1`, `golem#2`, `peasant#1`–`peasant#4` where a position must say
//!   which one ([`CardName`]).
//!
//! ## Set up a position
//!
//! A [`Setup`] leaves out what has a default (the start of the round, scores 0, each seat
//! knowing its own hand); [`CrownBattles::to_setup`] gives any game's setup back.
//!
//! ```
//! use crownbattles_rules::{Config, CrownBattles, Schedule, Setup, SuitId, Trump};
//! use duke_core::{Game, Observer, Seat};
//!
//! // Round 2 of a 3-player game with one card each: P0 deals, everyone has bid, and P1
//! // leads; P2 leads the crown race.
//! let mut config = Config::rulebook(Some(3)).unwrap();
//! config.schedule = Schedule::new(&[2, 1]).unwrap();
//! let hand = |card: &str| vec![card.parse().unwrap()];
//! let setup = Setup {
//!     round: 2,
//!     dealer: Some(Seat(0)),
//!     trump: Some(Trump::Suit(SuitId::ALL[3])),
//!     hands: Some(vec![hand("R13"), hand("Y2"), hand("golem")]),
//!     bids: vec![Some("0".parse().unwrap()), Some("1".parse().unwrap()), Some("0".parse().unwrap())],
//!     scores: vec![20, 30, 40],
//!     crown: Some(Seat(2)),
//!     ..Setup::new(config)
//! };
//! let mut game = CrownBattles::from_setup(&setup).unwrap();
//! assert_eq!(game.to_act().first(), Some(Seat(1)));
//! for (seat, card) in [(1, "play Y2"), (2, "play golem"), (0, "play R13")] {
//!     game.apply(Seat(seat), card.parse().unwrap()).unwrap();
//! }
//! // The Golem takes the trick: P2 missed its bid of 0, P0 met it.
//! assert_eq!(game.running_scores(), vec![40, 20, 30]);
//! assert_eq!(game.view(Observer::Spectator).crown, Some(Seat(0)));
//! // A setup that cannot be played on is a typed error.
//! let wrong = Setup { scores: vec![0, 0], ..setup };
//! assert!(CrownBattles::from_setup(&wrong).is_err());
//! ```
//!
//! ## The round types' options
//!
//! Fields of [`Config`] that only the round types of "The expansion game" read; each default
//! is the printed reading (RULES.md argues each):
//!
//! | Field | Meaning | Default (`Config::rulebook(Some(n))`) |
//! |---|---|---|
//! | `split_miss` | The Split, a failed round: a correct half scores 10 (`PerHand`, as printed) or 10 per trick (`PerTrick`); RULES.md reading 36 | `PerHand` |
//! | `split_lead` | The Split: the second half is led from the dealer's left (`DealersLeft`) or by the first half's last winner (`LastWinner`); RULES.md reading 36 | `DealersLeft` |
//! | `missions` (`MissionRules`; left out of JSON at its default) | Missions rounds: the mission `catalogue` (`MissionCatalogue`, 1 to 64), how many missions each player is offered (`choices`), the `reveal` order (`Simultaneous`: all choose face down, then the missions are turned up, as printed; or `InTurn`: each chooses and reveals in turn from the dealer's left; RULES.md, reading 38) | the four printed missions, 5, `Simultaneous` |
//! | `stealth_actions_at_flip` | Stealth Play: the face-down cards' immediate actions resolve at the flip, before the winner is decided (RULES.md, reading 35) | false |
//! | `stealth_follow_face_down` | Stealth Play: after a lead that is not a number, the first face-down numbered card sets the suit to follow, enforced and told to the later players (`View::suit_told`; RULES.md, reading 35) | false |
//! | `leak_choice` | Leaked Suit: how the suits to reveal are chosen, the printed variations: `Simultaneous` (each player, secretly until all chose), `Clockwise` (one by one from the dealer's left), `Dealer` (one suit for all), `Spinner` (the generator spins: a colour for all, X nothing, the four colours let the dealer decide), `Neighbour` (a random card of the left neighbour's decides its suit); RULES.md, reading 39 | `Simultaneous` |
//! | `leak_only_held` | Leaked Suit: a player choosing its own suit must choose one it holds, when it holds any (RULES.md, reading 39) | false |
//! | `precision_peasant_any` | Suit Precision: the first player of an all-Peasant trick may place it under any suit, not only "among their suit predictions" (a suit bid above 0); RULES.md, reading 46 | false |
//! | `precision_thief_own_bid` | Suit Precision: the Thief places a stolen trick under a suit of its own bids above 0 (its choice), not under the suit it was stolen from; RULES.md, reading 47 | false |
//! | `team_formation` | Alliances: who forms the teams, the dealer (`Dealer`: `team P0 P2`, the solo player `team P1`) or the game generator at the round's start (`Random`); RULES.md, reading 57 | `Dealer` |
//! | `mission_share` | Missions-Alliances: a team that met both missions scores each the sum of their points (`Sum`) or each its own (`Own`); RULES.md, reading 59 | `Sum` |
//! | `precision_team_double` | Suit Precision-Alliances, "Only one team member can make a double-bid": one member double-bids, in any number of suits (`OneMember`, as printed), one double bid per suit and team (`PerSuit`), or one per team for the whole round (`OneBid`); RULES.md, reading 60 | `OneMember` |
//! | `precision_solo_doubled` | Suit Precision-Alliances: the solo player's trick points doubled, as Alliances' solo player's (RULES.md, reading 62) | `false` |
//! | `wagering` (`WageringRules`; left out of JSON at its default) | Wagering: `extra_wagers` (the "Optional addition": `wager 10` / `wager 20` before the bid, a met bid doubles it from the bank, a failed one loses it; reading 51), `bid_points` (the bids also score Normal Bidding's points; reading 50) | both false |
//! | `duels` (`DuelRules`; left out of JSON at its default) | Duel Fights: `pairing` (`Dealer`: the dealer's `duel P0 P3` actions, or `Random`: the generator; reading 53), `winner_bonus` (a winner beside a loser scores Normal Bidding's bonus; reading 55), `misses_to_bank` (with no winner, everyone also loses its misses to the bank; reading 56) | `Dealer`, false, false |
//! | `long_play_screw_by_tricks` | Long Play: "Screw the dealer" compares the total of the bids with the number of tricks instead of the cards dealt (as printed: "match the number of cards dealt"; RULES.md, reading 44) | false |
//! | `long_play_first_pass_acts` | Long Play: the Magician acts in the first pass of the round's last trick, where the hands still hold a card (RULES.md, reading 43) | false |
//!
//! The mission catalogue is data: a condition from a small vocabulary (`at_least`, `between`,
//! `none_of_first`, `trump_trick`, `trump_over_lead`) and one row of points per player count,
//! as the rulebook prints them. The default is the four printed missions; add your box's
//! others (up to 64 missions, `MAX_MISSIONS`: the whole box, RULES.md reading 37):
//!
//! ```
//! use crownbattles_rules::{Config, MissionCatalogue, RoundType, RoundTypes};
//!
//! let json = r#"[
//!   {"condition": {"between": [2, 2]}, "points": {"2": "- 10 15 20 25 30 35",
//!    "3": "- 10 15 20 25 30 35", "4": "- 10 15 20 25 30 -", "5": "- 10 15 20 25 - -",
//!    "6": "- 10 15 20 25 - -", "7-8": "- 10 15 20 - - -"}}
//! ]"#;
//! let mut config = Config::rulebook(Some(4)).unwrap();
//! config.round_types = RoundTypes::Every(RoundType::Missions);
//! config.missions.catalogue = serde_json::from_str::<MissionCatalogue>(json).unwrap();
//! assert!(config.check().is_ok());
//! // A bad table is a typed error: points are multiples of 5, seven cells a row.
//! assert!(serde_json::from_str::<MissionCatalogue>(&json.replace("10 15 20 - - -", "7")).is_err());
//! ```
//!
//! The options are set like any field; a round type the player count excludes is a typed error:
//!
//! ```
//! use crownbattles_rules::{Config, LeakChoice, RoundType, RoundTypes};
//!
//! let mut config = Config::rulebook(Some(4)).unwrap();
//! // Leaked Suit in every round, the dealer deciding the suit everyone reveals.
//! config.round_types = RoundTypes::Every(RoundType::LeakedSuit);
//! config.leak_choice = LeakChoice::Dealer;
//! assert!(config.check().is_ok());
//! // Types excluded for the player count are typed errors (no Duel Fights with 3 players).
//! let mut duels = Config::rulebook(Some(3)).unwrap();
//! duels.round_types = RoundTypes::Every(RoundType::DuelFights);
//! assert!(duels.check().is_err());
//! ```
//!
//! ## Action notation
//!
//! Cards are written with a colour initial and a value (`R12`, `Y1`: red, green, blue,
//! yellow; Elves are yellow) or by name: `golem`, `dragon`, `peasant`, `alchemist`,
//! `bishop`, `bomb`, `cursed`, `jester`, `magician`, `merchant`, `smuggler`, `spy`,
//! `summoner`, `thief`, `witch`, `wizard`, `double-faced`, `golem-king`, `dragon-king`.
//! Seats are `P0`, `P1`, … Actions:
//! `trump R` / `trump X`, `shield`, `smuggle R7`, `bid 3`, `bid 2-3`, `play R12`,
//! `play double-faced:golem`, `look P2`, `lead P1`, `swap P0 P2`, `jest +1` / `jest -1` /
//! `jest +0`, `pass left` / `pass right`, `give R3`, `trade R3 P2`, `trade P1 P2`,
//! `steal P1`, `hex P1`, `keep`; the round types add `aside R12` (The Split), `leak G` /
//! `leak monsters` (Leaked Suit), `bid R2`, `place B`, `jest R +1`, `steal P1 R` (Suit
//! Precision), `mission 2`, `wager 10`, `duel P0 P3`, `team P0 P2` and `note R7`. See
//! [`Action`].
//!
//! ## Example
//!
//! ```
//! use crownbattles_rules::{Config, CrownBattles, Action};
//! use duke_core::{Game, Observer};
//!
//! let config = Config::rulebook(Some(4)).unwrap();
//! let mut game = CrownBattles::new(&config, 7).unwrap();
//! let mut legal = Vec::new();
//! for _ in 0..12 {
//!     let seat = game.to_act().first().unwrap();
//!     game.legal_actions(seat, &mut legal);
//!     let action = legal[0];
//!     // Actions have a readable notation that parses back.
//!     assert_eq!(action.to_string().parse::<Action>().unwrap(), action);
//!     game.apply(seat, action).unwrap();
//! }
//! let seat = game.to_act().first().unwrap();
//! println!("{}", game.view(Observer::Seat(seat)));
//!
//! // What P1 saw of the next step, one line per event.
//! game.legal_actions(seat, &mut legal);
//! let before = game.clone();
//! game.apply(seat, legal[0]).unwrap();
//! let mut events = Vec::new();
//! CrownBattles::events(&before, seat, legal[0], &game, Observer::Seat(duke_core::Seat(1)), &mut events);
//! for event in &events {
//!     println!("{event}");
//! }
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing, clippy::unreachable)
)]

mod actions;
mod bidding;
mod cards;
mod compact;
mod deck;
mod determinize;
mod error;
mod events;
mod expansion;
mod game;
mod knowledge;
pub mod learning;
mod play;
mod position;
mod powers;
mod presets;
mod round_state;
mod round_types;
mod rounds;
mod schedule;
mod scoring;
mod setup;
mod state;
#[cfg(feature = "testing")]
pub mod testing;
mod trick;
mod validate;
mod view;
mod witness;

pub use actions::{Action, Bid, Direction, Trump};
pub use bidding::SHIELD_PRICE;
pub use cards::{BOX_SIZE, Card, CardSet, Face, Power, SuitId};
pub use deck::DeckSpec;
pub use events::Event;
pub use game::{ActionError, Undo};
pub use position::{CardName, Setup, SetupError};
pub use presets::Preset;

pub use rounds::missions::{
    CARD_COLUMNS, Condition, FAILED_MISSION, MAX_MISSIONS, MISSION_CHOICES, Mission, MissionCard, MissionCatalogue,
    MissionError, MissionReveal, MissionRules, MissionsSetup, PLAYER_ROWS, PointTable,
};
pub use rounds::{
    AllianceSetup, BOTH_MISSIONS_FAILED, DuelPairing, DuelRules, EXTRA_WAGERS, Leak, LeakChoice, MissionResult,
    MissionShare, PrecisionTeamDouble, RoundType, RoundTypeNameError, RoundTypes, STAKE, SplitLead, SplitMiss,
    TeamFormation, WageringRules, combined_bid, combined_suit_bids, duel_points, mission_team_points, pot_shares,
    solo_points, solo_suit_precision_points, split_points, suit_precision_points, team_points,
    team_suit_precision_points, wagering_points,
};
pub use schedule::{MAX_ROUNDS, Schedule};
pub use scoring::{round_points, sole_leader};
pub use setup::{BID_TOKENS, Config, ConfigError, Shields, Timing, Timings, max_bid_for};
pub use state::{CrownBattles, MAX_PLAYERS, Phase};
pub use trick::{Form, Trick};
pub use view::{AllianceView, Place, PrecisionView, SplitView, TableCard, View};

/// The README's code samples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
