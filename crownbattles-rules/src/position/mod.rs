//! Positions to play from: a [`Setup`] describes one (a puzzle, a test, a tutorial, a
//! server resuming a table), [`CrownBattles::from_setup`](crate::CrownBattles::from_setup)
//! validates it into a game and [`CrownBattles::to_setup`](crate::CrownBattles::to_setup)
//! gives it back. A saved game is its setup: the state's serde goes through [`Setup`], so
//! what is stored is this documented form, checked on load like any setup.

mod build;
mod names;
mod save;

use duke_core::{GameRng, Seat};
use serde::{Deserialize, Serialize};

use crate::expansion::MissionsSetup;

pub use names::CardName;

/// The trick a Stealth Play round turned up at its end, rebuilt from its cards in play
/// order (as [`Setup::trick`] is).
pub(crate) fn rebuild_revealed(
    leader: duke_core::Seat,
    cards: &[crate::cards::Card],
    golem: bool,
    n: usize,
) -> crate::trick::Trick {
    build::rebuild_trick(leader, cards, golem, n, Some(false), false).trick
}

use crate::actions::{Bid, Trump};
use crate::cards::{Power, SuitId};
use crate::round_types::RoundType;
use crate::setup::{Config, ConfigError};
use crate::state::Phase;

/// An unvalidated description of a Crown Battles position, any time in a round.
/// [`CrownBattles::from_setup`](crate::CrownBattles::from_setup) checks it and builds the
/// game; [`to_setup`](crate::CrownBattles::to_setup) gives any game's setup back, and
/// `from_setup(&g.to_setup()) == Ok(g)`.
///
/// What a caller leaves out (struct update from [`Setup::new`], or fields missing from
/// JSON) takes the default named on each field. Cards are [`CardName`]s: `R12`, `spy`,
/// `golem` (a copy the setup picks: the lowest one not named elsewhere, hands from P0 up
/// first, then the set-aside halves, then the trick, then `played`) or `golem#2` (that
/// copy). Per-seat lists have one entry per player, or none for the default.
///
/// `from_setup` checks, with a typed [`SetupError`] for each: the config; seats are
/// players; the generator belongs to the seed; the round is scheduled (or a tie replay);
/// per-seat lists have one entry per player; every card named is in the config's deck and
/// placed once; the hands fit the round and the trick (equal at the start of a trick, one
/// card fewer for those who played to it) and `played` fits the tricks already played;
/// no more tricks won than played; scores in range; bids allowed by the tokens, placed by
/// the first players from the dealer's left (in any order in a Blind Bidding round; in The
/// Split both bids of a seat before the next seat's); the halves of The Split fit its
/// phase; during the bidding the first trick is led by the player left of the dealer; the round
/// type is one the config lets this round play, and the pile of Round Type cards fits it;
/// revealed bids only where rounds hide their bids, one per seat; the phase fits the bids,
/// the round type and the trick (a decision for a card on the trick that has one, at its
/// timing; the Witch's steps; the Magician's passes from the passers' hands); no seat holds
/// a suit it is known to lack; and every seat to act has a legal action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Setup {
    /// The options of the game (default: [`Config::default`], the 4-player base game).
    pub config: Config,
    /// The game generator's seed (default 0): the chance of the rest of the game (later
    /// deals and spins, the Smuggler's and the Merchant's random cards), and of the deal
    /// and the spin below when they are left out.
    pub seed: u64,
    /// The generator exactly where a game left it in `seed`'s stream (`to_setup` fills it,
    /// so that a saved game goes on with the same draws). Default `None`: the start of
    /// `seed`'s stream. Its seed must be `seed`.
    pub generator: Option<GameRng>,
    /// The round, 1-based (default 1); after the last scheduled round, tie replays count on.
    pub round: u8,
    /// The dealer (default: the config's `first_dealer`, else the last seat, so that P0
    /// bids and leads first).
    pub dealer: Option<Seat>,
    /// Each seat's hand, P0 first (default `None`: the round's deal, shuffled and dealt by
    /// the generator as the game deals a round; then `trick` and `played` must be empty).
    /// The cards of the deck named nowhere (not in a hand, the trick or `played`) are the
    /// undealt deck: it is a set, since every draw from it is random.
    pub hands: Option<Vec<Vec<CardName>>>,
    /// The trump: a suit, or `X` for no trump (default `None`: spun by the generator as at
    /// the start of a round, which may leave the dealer to choose; allowed only before any
    /// bid). While the dealer chooses (phase `ChooseTrump`) it is `X` or left out.
    pub trump: Option<Trump>,
    /// Each seat's bid so far (default: nobody has bid). Bids are placed from the dealer's
    /// left, so the seats that have bid are the first ones from there.
    pub bids: Vec<Option<Bid>>,
    /// Who leads the trick on the table (default: the player left of the dealer, who leads
    /// the round's first trick).
    pub leader: Option<Seat>,
    /// The cards on the table, in play order from `leader` (default: none). A Summoner
    /// takes its form and action from the card before it, as when played. Long Play: both
    /// passes of a long trick, the first pass's card of each player, then the second's
    /// (exactly one card per player with the phase left out or `Play`: the first pass,
    /// the second pass's turn).
    pub trick: Vec<CardName>,
    /// Whether the Double-faced card on the table was played as a Golem (default false:
    /// as a Peasant). Only with the Double-faced card on the table.
    pub double_faced_as_golem: bool,
    /// Who leads the next trick (default: the player of the last Bomb on the table, else
    /// the winner once the trick is complete, else `leader`): a Bomb's choice already
    /// made while later end-of-trick decisions wait.
    pub next_leader: Option<Seat>,
    /// The cards of this round's earlier tricks (default: none; as many as the players
    /// times the tricks the hands say were played).
    pub played: Vec<CardName>,
    /// Tricks each seat won this round, a complete trick on the table included (default 0).
    pub tricks: Vec<u8>,
    /// Each seat's score (default 0).
    pub scores: Vec<i32>,
    /// Who holds the crown (default: nobody).
    pub crown: Option<Seat>,
    /// Seats that bought a bubble shield and are still protected by it (default: none).
    pub shields: Vec<Seat>,
    /// Seats that used the Smuggler before bidding this round (default: none).
    pub smuggled: Vec<Seat>,
    /// Seats protected by a Wizard they played this round (default `None`: those who
    /// played a Wizard, or a Summoner copying one, on the trick on the table).
    pub wizards: Option<Vec<Seat>>,
    /// What the game waits for (default `None`: the next bid while bids are missing, else
    /// the next card of the trick). Give it for the dealer's trump choice, a Special Power
    /// card's decision (`Effect`), the Magician's passes or the game's end.
    pub phase: Option<Phase>,
    /// Magician: the card each seat has chosen to pass (default: none yet), from its hand.
    pub passes: Vec<Option<CardName>>,
    /// For each seat, the cards outside its own hand whose place it knows: seen with the
    /// Bishop or the Spy, given, passed or traded away, a hand given away by the Cursed
    /// (default `None`: the shown Smuggler, known to everyone once a seat of `smuggled`
    /// used it; Leaked Suit's cards in `shown`, known to every seat but their holder; the
    /// card coming to the Magician's player once everyone else has chosen). Played cards may stay listed: knowing them changes nothing. A
    /// plain copy (`golem`) is the lowest copy outside the seat's own hand not listed yet.
    pub known: Option<Vec<Vec<CardName>>>,
    /// For each seat, the suits it is publicly known to lack (default `None`: those it
    /// showed on the trick on the table by playing a number off the led suit).
    pub voids: Option<Vec<Vec<SuitId>>>,
    /// The round's type (default `None`: the config's type for the round, or with dealt
    /// or drawn Round Type cards one revealed by the generator as at a round's start).
    /// Left out of a saved game whose config plays one type in every round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round_type: Option<RoundType>,
    /// Dealt Round Type cards ([`RoundTypes::Deal`](crate::RoundTypes::Deal)) not revealed
    /// yet (default `None`: every chosen card but the round's, a fresh shuffle).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round_pile: Option<Vec<RoundType>>,
    /// The bids the last round revealed at its end when it was a Blind Bidding round, one
    /// per seat, shown until the next round ends (default: none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub revealed_bids: Vec<Bid>,
    /// The last Stealth Play trick turned up (in this round, or the last trick of the last
    /// round when it was a Stealth Play round), in play order from `revealed_leader`; shown
    /// until the next Stealth Play trick is turned up or the next round ends (default:
    /// none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub revealed_trick: Vec<CardName>,
    /// Who led `revealed_trick` (default: P0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revealed_leader: Option<Seat>,
    /// Whether the Double-faced card in `revealed_trick` was played as a Golem (default
    /// false).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub revealed_as_golem: bool,
    /// The Split: each seat's cards set aside face down for the second half, P0 first
    /// (default: none; during the split, those set aside so far; during the first half,
    /// the whole second half; during the second half, none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aside: Vec<Vec<CardName>>,
    /// The Split: each seat's bid for the half not being played (default: none): the
    /// second half's during the first, the first half's during the second (`bids` is the
    /// half being played).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub other_bids: Vec<Option<Bid>>,
    /// The Split: tricks each seat won in the first half, during the second (default 0).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub first_half_tricks: Vec<u8>,
    /// Missions and Blind Missions: the offers, the chosen missions and what the round's
    /// tricks did for them, and the last round's revealed missions (default: none; in a
    /// missions round before its first trick, the offers the generator deals).
    #[serde(default, skip_serializing_if = "MissionsSetup::is_empty")]
    pub missions: MissionsSetup,
    /// Leaked Suit: the suit each seat chose or got to reveal, P0 first (default: none yet;
    /// the spinner and neighbour variations draw theirs with the generator when the phase
    /// is left out and nobody has bid). A
    /// revealed suit's cards in the hands are known to every other seat unless `known` says
    /// otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaks: Vec<Option<crate::actions::Leak>>,
    /// Leaked Suit: the revealed cards a spectator still sees where they were revealed
    /// (default `None`: the cards of the revealed suits in the hands). A smuggle, a trade
    /// or the Magician's passes take the cards of the hands involved out of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown: Option<Vec<CardName>>,
    /// Leaked Suit: seats whose hand changed unseen since their reveal (a smuggle, a trade,
    /// the Magician's passes, the Cursed), so that they may hold more of their revealed suit
    /// (default: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unsealed: Vec<Seat>,
    /// Alliances and Missions-Alliances: the teams formed so far and the Secret Notes shown
    /// this round (default: none; with `Config::team_formation` random, the generator's
    /// teams). Who knows a noted card is in `known`.
    #[serde(default, skip_serializing_if = "crate::expansion::AllianceSetup::is_empty")]
    pub alliance: crate::expansion::AllianceSetup,
    /// Suit Precision: each seat's bids per suit (R, G, B, Y; `None`: not placed yet), P0
    /// first (default: none placed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suit_bids: Vec<[Option<Bid>; 4]>,
    /// Suit Precision: the tricks each seat placed under each suit (R, G, B, Y), P0 first
    /// (default: none). They add up to `tricks`, but for a trick waiting to be placed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suit_tricks: Vec<[u8; 4]>,
    /// Wagering: the pot carried over from earlier Wagering rounds that no one won, in no
    /// player's score (default 0; a multiple of 20). This round's stakes are not in it:
    /// they are settled at the round's end.
    #[serde(default, skip_serializing_if = "crate::view::is_zero")]
    pub pot: u16,
    /// Wagering with extra wagers: each seat's extra wager this round, 0, 10 or 20, P0
    /// first (default: none), by seats that have bid or are bidding.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wagers: Vec<u8>,
    /// Duel Fights: the groups formed so far, each a list of seats (default: none; in a
    /// Duel Fights round with `DuelPairing::Random` and nobody grouped, the generator
    /// groups everyone as the bidding would start).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub duels: Vec<Vec<Seat>>,
}

impl Setup {
    /// The start of a game of `config` with seed 0:
    /// [`CrownBattles::from_setup`](crate::CrownBattles::from_setup) of it (with
    /// any `seed`) is `CrownBattles::new(&config, seed)`, the first dealer drawn by the
    /// generator when the config leaves it to chance. Once any other field is set, the
    /// set-up describes a position: its `dealer` (default: the config's first dealer, else the
    /// last seat) deals and spins, and the player to the dealer's left bids first.
    pub fn new(config: Config) -> Setup {
        Setup {
            config,
            seed: 0,
            generator: None,
            round: 1,
            dealer: None,
            hands: None,
            trump: None,
            bids: Vec::new(),
            leader: None,
            trick: Vec::new(),
            double_faced_as_golem: false,
            next_leader: None,
            played: Vec::new(),
            tricks: Vec::new(),
            scores: Vec::new(),
            crown: None,
            shields: Vec::new(),
            smuggled: Vec::new(),
            wizards: None,
            phase: None,
            passes: Vec::new(),
            known: None,
            voids: None,
            round_type: None,
            round_pile: None,
            revealed_bids: Vec::new(),
            revealed_trick: Vec::new(),
            revealed_leader: None,
            revealed_as_golem: false,
            aside: Vec::new(),
            other_bids: Vec::new(),
            first_half_tricks: Vec::new(),
            missions: MissionsSetup::default(),
            leaks: Vec::new(),
            shown: None,
            unsealed: Vec::new(),
            alliance: crate::expansion::AllianceSetup::default(),
            suit_bids: Vec::new(),
            suit_tricks: Vec::new(),
            pot: 0,
            wagers: Vec::new(),
            duels: Vec::new(),
        }
    }
}

impl Default for Setup {
    /// [`Setup::new`] with the default config.
    fn default() -> Setup {
        Setup::new(Config::default())
    }
}

/// Why a [`Setup`] (or a saved state, which is read as one) was refused; also what
/// [`validate`](duke_core::Game::validate) reports.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The config is refused.
    #[error("bad config: {0}")]
    Config(#[from] ConfigError),
    /// A seat that is not one of the players.
    #[error("{0} is not a seat of this game")]
    NoSuchSeat(Seat),
    /// The generator given belongs to another seed than the setup's.
    #[error("the generator's seed {found} is not the setup's seed {seed}")]
    GeneratorSeed {
        /// The setup's seed.
        seed: u64,
        /// The generator's seed.
        found: u64,
    },
    /// The round is 0, or beyond the scheduled rounds and the tie replays.
    #[error("round {round} is not one of the {rounds} rounds the config allows (tie replays included)")]
    Round {
        /// The round given (1-based).
        round: u8,
        /// Scheduled rounds plus tie replays.
        rounds: usize,
    },
    /// A per-seat list does not have one entry per player (or the trick holds more cards
    /// than there are players).
    #[error("`{field}` has {found} entries for {players} players")]
    SeatCount {
        /// The field.
        field: &'static str,
        /// Its entries.
        found: usize,
        /// The players.
        players: u8,
    },
    /// A card (or copy) that the config's deck does not hold.
    #[error("the deck has no {0}")]
    NotInDeck(CardName),
    /// A card named in two places, or more copies of a face than the deck holds.
    #[error("{0} is named more often than the deck holds it")]
    Duplicate(CardName),
    /// The trick or earlier tricks are given without the hands.
    #[error("a trick or played cards need the hands: give `hands`")]
    HandsNeeded,
    /// The hands do not fit the round and the trick: at the start of a trick every hand
    /// holds the same number of cards, at most the round's deal; one fewer for the seats
    /// that played to the trick on the table.
    #[error("hand sizes {sizes:?} do not fit the round and the trick")]
    HandSizes {
        /// Each seat's hand size.
        sizes: Vec<u8>,
    },
    /// The cards of earlier tricks are not the players times the tricks played.
    #[error("{found} cards of earlier tricks are given; the hands say {expected}")]
    Played {
        /// Cards given.
        found: u32,
        /// Cards the hands imply.
        expected: u32,
    },
    /// More tricks won than played this round.
    #[error("{won} tricks won but {played} played")]
    Tricks {
        /// Tricks won in total.
        won: u32,
        /// Tricks played (a complete trick on the table included).
        played: u32,
    },
    /// A score beyond ±1,000,000.
    #[error("score {0} is out of range")]
    Score(i32),
    /// A bid the tokens do not allow this round (above the highest token, or a double bid
    /// in a one-card round).
    #[error("{seat} cannot bid {bid} in this round")]
    Bid {
        /// The seat.
        seat: Seat,
        /// The bid.
        bid: Bid,
    },
    /// The seats that have bid are not the first ones from the dealer's left, or the seat
    /// to bid has bid already.
    #[error("the bids are not those of the first players from the dealer's left")]
    BidOrder,
    /// A round under way without its trump (only the start of a round may leave it to
    /// the spinner), or a trump while the dealer has yet to choose one.
    #[error("the trump does not fit: {0}")]
    Trump(&'static str),
    /// During the bidding, the first trick is not led by the player left of the dealer.
    #[error("the first trick is led by {expected}, the player left of the dealer, not {leader}")]
    Leader {
        /// Who the setup says leads.
        leader: Seat,
        /// The player left of the dealer.
        expected: Seat,
    },
    /// The phase does not fit the bids and the trick (or is missing for a complete trick,
    /// which stays on the table only while an end-of-trick decision waits).
    #[error("the phase {} does not fit the bids and the trick", .0.map_or_else(|| "left out".to_owned(), |p| format!("{p:?}")))]
    Phase(Option<Phase>),
    /// A decision phase for a Special Power card that has no decision to make.
    #[error("the {power} asks for no decision")]
    NoDecision {
        /// The power.
        power: Power,
    },
    /// A decision for a power that the card at that place of the trick does not carry, or
    /// at a timing it does not have.
    #[error("no {power} on the trick is waiting for this decision")]
    EffectCard {
        /// The power.
        power: Power,
    },
    /// The Witch's steps left are not 1 to the steps in her 20 (30) points, or steps for
    /// another power.
    #[error("{steps} Witch steps left do not fit")]
    WitchSteps {
        /// The steps given.
        steps: u8,
    },
    /// The Double-faced card is said to be a Golem but is not on the table.
    #[error("the Double-faced card is not on the table")]
    DoubleFacedNotOnTable,
    /// A seat holds a card of a suit it is publicly known to lack.
    #[error("{seat} holds a card of suit {suit} but is known to lack it")]
    Void {
        /// The seat.
        seat: Seat,
        /// The suit.
        suit: SuitId,
    },
    /// A Magician pass that is not a card of the passer's hand, or a pass outside the
    /// Magician's passes (the Magician's player chooses last, without a pass stored).
    #[error("{seat}'s Magician pass does not fit")]
    Pass {
        /// The seat.
        seat: Seat,
    },
    /// A seat to act has no legal action, so the game could not go on.
    #[error("{seat} is to act but has no legal action")]
    NoLegalAction {
        /// The seat.
        seat: Seat,
    },
    /// The round type is not one the config lets this round play (another type than the
    /// config's fixed one, a type not chosen, an Alliance in the final round), or the pile
    /// of Round Type cards does not fit (cards not chosen, the round's own card, a pile
    /// without dealt cards).
    #[error("the round type {0:?} or the pile of Round Type cards does not fit the config and the round")]
    RoundType(RoundType),
    /// The revealed bids are given after a round that did not hide its bids, or do not fit
    /// the tokens.
    #[error("the revealed bids do not fit: only a Blind Bidding round reveals bids, within the tokens")]
    RevealedBids,
    /// The revealed trick is given in a game without Stealth Play rounds, before any round
    /// ended, or is not one card of the deck per player (the Golem choice without the
    /// Double-faced card among them).
    #[error("the revealed trick does not fit: only a Stealth Play round reveals one, a card of the deck per player")]
    RevealedTrick,
    /// The Split: cards set aside, bids for the other half or first-half tricks outside a
    /// round of The Split, or not fitting its phase (the halves' sizes, the bids placed in
    /// order, within the tokens, no more first-half tricks than the first half's cards).
    #[error("the set-aside halves, the other half's bids or the first half's tricks do not fit The Split")]
    Split,
    /// The missions state does not fit the round (RULES.md, "Missions").
    #[error("the missions do not fit: {0}")]
    Missions(&'static str),
    /// Leaked Suit's suits do not fit: given outside a Leaked Suit round, a choice the
    /// variation (`Config::leak_choice`) cannot make, or missing or present where the phase
    /// says otherwise.
    #[error("the leaked suits do not fit the round type, its variation or the phase")]
    Leaks,
    /// The teams or Secret Notes do not fit (RULES.md, "Alliances"): given outside an
    /// Alliance round, not allied both ways, a solo player with an even count, two double
    /// bids in a team, a note of a seat without an ally, teams missing once the round is
    /// under way.
    #[error("the teams do not fit: {0}")]
    Alliance(&'static str),
    /// Suit Precision's suit bids or placed tricks do not fit: given outside a Suit
    /// Precision round, not in bidding order, beyond the tokens, or not adding up to the
    /// tricks won; or a placement waiting that the trick does not call for.
    #[error("the suit bids or the tricks under the suits do not fit Suit Precision: {0}")]
    Precision(&'static str),
    /// Wagering's pot or extra wagers do not fit (RULES.md, "Wagering").
    #[error("the wagering does not fit: {0}")]
    Wagering(&'static str),
    /// Duel Fights' groups do not fit (RULES.md, "Duel Fights").
    #[error("the duel groups do not fit: {0}")]
    Duels(&'static str),
    /// A state that breaks an invariant no setup can break (cards lost or duplicated, a
    /// trick whose forms do not fit its cards): an engine bug, reported by `validate`.
    #[error("broken invariant: {0}")]
    Inconsistent(&'static str),
    /// Long Play: a first pass kept outside a long trick's second pass (the hands say
    /// whether one is under way), or one that is not a played card per player beside the
    /// pass on the table, or a pass on the table whose suit to follow, lead, Wizard or Bomb
    /// do not carry over from it; or more cards on the table than one per player outside
    /// Long Play.
    #[error("the long trick's first pass does not fit the round, the hands or the table")]
    LongPlay,
}
