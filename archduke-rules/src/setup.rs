//! Positions to play from: a [`Setup`] describes one (for tests, puzzles, tutorials, or a
//! server resuming a table), [`Archduke::from_setup`](crate::Archduke::from_setup) validates
//! it into a game, and [`Archduke::to_setup`](crate::Archduke::to_setup) gives it back. A
//! saved game is its setup: the state's serde goes through [`Setup`], so what is stored is
//! this documented form (cards as their faces), checked on load.

use core::fmt;
use core::str::FromStr;
use std::collections::BTreeMap;

use duke_core::{GameRng, NotationError, Seat, SeatSet};
use serde::{Deserialize, Serialize};

use crate::cards::{Face, Power};
use crate::config::{Config, ConfigError};
use crate::notation::Slot;
use crate::view::{RoundResult, Stage};

/// An unvalidated description of an Archduke position.
/// [`Archduke::from_setup`](crate::Archduke::from_setup) checks it and builds the game;
/// [`Archduke::to_setup`](crate::Archduke::to_setup) gives any game's setup back, and
/// `from_setup(&to_setup(g)) == g`.
///
/// What a caller leaves out (struct update from [`Setup::new`], or fields missing from
/// JSON) takes the default named on each field. In short: give the grids, the top of the
/// draw pile and the discard pile you care about and the stage; every card of the deck you
/// do not place goes into the draw pile, shuffled with the seed.
///
/// Cards are written as their faces ([`Face`], `"7"`, `"-3A"`, `"12P"`); a face names a line
/// of the config's deck table, and no more copies of it may be placed than the decks hold.
///
/// `from_setup` checks, each with a typed [`SetupError`]: the config; seats are seats of the
/// table; every face is in the deck table, with no more copies than the decks hold; grids
/// have 2 to 16 columns, and who has seen a card or where it came from is only said of
/// positions holding a card; the stage fits the round (during the pre-round peek every
/// grid is the dealt 2x2 grid, nothing is discarded, called or reshuffled, and a seat has
/// seen exactly the two own cards it looked at, or none yet; a matching window's next player
/// is left of the player whose discard opened it, or is the first player); the dealer and
/// the first player (left of the dealer) are in the game; the seats named to act, the
/// caller and the owners of pending action cards are in the game, and action cards wait
/// only in a matching window; every player in a round has a card and a live round has a
/// card in a pile; eliminations fit the scoring and the round; and every seat that may act
/// has a legal action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Setup {
    /// The options of the game (default: [`Config::default`], the box rulebook for 4).
    pub config: Config,
    /// The game generator's seed (default 0): the chance of the rest of the game (the
    /// shuffle of the cards left out, reshuffles, the next deals, draw-offs).
    pub seed: u64,
    /// The generator exactly where a game left it in `seed`'s stream (`to_setup` fills it,
    /// so a saved game goes on with the same chance). Default `None`: the start of `seed`'s
    /// stream. Its seed must be `seed`.
    pub generator: Option<GameRng>,
    /// The round being played, from 1 (default 1).
    pub round: u16,
    /// This round's dealer. Default `None`: the seat right of `first` if that is given, else
    /// the config's [`first_dealer`](Config::first_dealer), else one chosen with the generator, as [`Game::new`] does.
    ///
    /// [`Game::new`]: duke_core::Game::new
    pub dealer: Option<Seat>,
    /// Who plays first this round (rulebook, "Start of round": the player to the dealer's
    /// left). Default `None`: the next seat still in the game left of the dealer.
    pub first: Option<Seat>,
    /// Where the round stands (default: the pre-round peek with every seat still to look):
    /// [`Stage::Peeking`] (the seats in `waiting` have not looked yet; seats out of the game
    /// are ignored), [`Stage::Deciding`] (the player has drawn `card`, which must be given),
    /// [`Stage::Window`] (a matching window after `after`'s discard, `None` = the dealer's
    /// first card; `next` draws next) or [`Stage::Over`].
    pub stage: Stage,
    /// Turns begun this round (default 0); counts toward [`Config::turn_limit`].
    pub turns: u16,
    /// Who called "Archduke!" this round (default: nobody).
    pub caller: Option<Seat>,
    /// One grid per seat, P0 first. Default empty: every seat still in the game is dealt 4
    /// cards face down from the shuffled cards left out, clockwise from the first player,
    /// as at the start of a round (seats out of the game get an empty grid).
    pub grids: Vec<SetupGrid>,
    /// The top of the draw pile, bottom first (the last card is drawn next). Default empty.
    /// Every card of the deck placed nowhere else goes into the draw pile below these,
    /// shuffled with the generator.
    pub draw: Vec<Face>,
    /// The discard pile, bottom first (the last card is its face-up top). Default empty.
    pub discard: Vec<Face>,
    /// Action cards waiting to be used, first first: who plays it and what it does (rulebook
    /// FAQ "What happens if you match an Action card?"). Default none; only in a window.
    pub pending: Vec<(Seat, Power)>,
    /// How many times the discard pile has been shuffled into a new draw pile this round
    /// (default 0); see [`SetupGrid::drawn_from`].
    pub reshuffles: u8,
    /// Tokens (box), points (online) or rounds survived (Battle Royal) per seat. Default
    /// empty: 0 for everyone, as at the start of the game.
    pub scores: Vec<i32>,
    /// Seats out of the game (Battle Royal, or an online mark's threshold), each with the
    /// round it went out in. Default: nobody.
    pub eliminated: BTreeMap<Seat, u16>,
    /// Online mark 2 only: the round being played is the last one (default false).
    pub final_round: bool,
    /// The last round scored, if any (default `None`). Unlike a view, it holds every seat's
    /// revealed grid (empty lists: nothing recorded).
    pub last_round: Option<RoundResult>,
}

impl Setup {
    /// The start of a game of `config`: round 1, the pre-round peek with every seat still to
    /// look, no card placed (so [`from_setup`](crate::Archduke::from_setup) deals the grids
    /// from the deck shuffled with the seed), empty discard pile, scores 0, seed 0.
    /// `from_setup` of it, with any `seed`, is exactly [`Game::new`]`(&config, seed)`.
    ///
    /// [`Game::new`]: duke_core::Game::new
    pub fn new(config: Config) -> Setup {
        let waiting = SeatSet::first_n(usize::from(config.players));
        Setup {
            config,
            seed: 0,
            generator: None,
            round: 1,
            dealer: None,
            first: None,
            stage: Stage::Peeking { waiting },
            turns: 0,
            caller: None,
            grids: Vec::new(),
            draw: Vec::new(),
            discard: Vec::new(),
            pending: Vec::new(),
            reshuffles: 0,
            scores: Vec::new(),
            eliminated: BTreeMap::new(),
            final_round: false,
            last_round: None,
        }
    }
}

impl Default for Setup {
    /// [`Setup::new`] with the default config.
    fn default() -> Setup {
        Setup::new(Config::default())
    }
}

/// One seat's grid in a [`Setup`].
///
/// It also reads from text, the faces at `a1 a2 b1 b2 c1 ...` separated by spaces with `--`
/// for an emptied position: `"7 -3A -- 12P".parse::<SetupGrid>()`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SetupGrid {
    /// The cards at positions `a1 a2 b1 b2 c1 c2 ...` (two per column; `None` = an emptied
    /// position). At least the 2x2 grid and at most 16 columns; shorter lists are completed
    /// with empty positions.
    pub cards: Vec<Option<Face>>,
    /// The two own cards the owner looked at before the round (rulebook, "Pre-round
    /// peeking"), if they are still there: the owner has seen them. Default: none.
    pub looked: Option<[Slot; 2]>,
    /// Who has seen the card at a position (rulebook: looking, drawing, PEEK; a failed match
    /// or a card taken from the discard pile is seen by everyone), where it is more than the
    /// default. Default: nobody has seen any card but the owner its `looked` ones. On the
    /// wire a map from positions to lists of seats: `{"a1": [0, 2]}`.
    #[serde(with = "crate::seat_list::map")]
    pub seen: BTreeMap<Slot, SeatSet>,
    /// For cards drawn after a reshuffle this round: how many reshuffles came before the
    /// draw pile the card was drawn from (default 0: the deal's draw pile). Everyone knows
    /// which cards each reshuffle put in the draw pile, so this is public.
    pub drawn_from: BTreeMap<Slot, u8>,
}

impl SetupGrid {
    /// A grid of these cards (positions `a1 a2 b1 b2 ...`), nobody having seen any.
    pub fn new(cards: Vec<Option<Face>>) -> SetupGrid {
        SetupGrid { cards, ..SetupGrid::default() }
    }
}

impl FromStr for SetupGrid {
    type Err = NotationError;
    /// Faces at `a1 a2 b1 b2 ...` separated by spaces, `--` for an empty position.
    fn from_str(s: &str) -> Result<SetupGrid, NotationError> {
        let cards = s
            .split_whitespace()
            .map(|word| if word == "--" { Ok(None) } else { word.parse::<Face>().map(Some) })
            .collect::<Result<Vec<_>, NotationError>>()
            .map_err(|e| NotationError::new(s, e.reason))?;
        Ok(SetupGrid::new(cards))
    }
}

impl fmt::Display for SetupGrid {
    /// The cards as [`FromStr`] reads them (what was seen is not written).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.cards.iter().map(|c| c.map_or("--".to_owned(), |c| c.to_string())).collect();
        f.write_str(&words.join(" "))
    }
}

/// Why a [`Setup`] (or a saved state, which is read as one) was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The config is refused.
    #[error("bad config: {0}")]
    Config(#[from] ConfigError),
    /// The generator given belongs to another seed than the setup's.
    #[error("the generator's seed {found} is not the setup's seed {seed}")]
    GeneratorSeed {
        /// The setup's seed.
        seed: u64,
        /// The generator's seed.
        found: u64,
    },
    /// A seat beyond the table (in a grid's `seen`, the stage, the dealer, the caller, the
    /// pending action cards or the eliminations).
    #[error("{0} is not a seat of this table")]
    NoSuchSeat(Seat),
    /// A per-seat list (grids, scores, the last round's lists) is not one entry per seat.
    #[error("{list} has {found} entries, not one per seat ({expected})")]
    PerSeat {
        /// Which list.
        list: &'static str,
        /// Seats at the table.
        expected: usize,
        /// Entries given.
        found: usize,
    },
    /// A face that is not a line of the deck table.
    #[error("{0} is not a card of the deck table")]
    UnknownCard(Face),
    /// More copies of a card placed than the decks hold.
    #[error("more {0} cards placed than the decks hold")]
    TooManyCopies(Face),
    /// A grid (or a revealed grid) of fewer than 2 or more than 16 columns.
    #[error("{seat}'s grid has {positions} positions: a grid has 2 to 16 columns of 2")]
    GridSize {
        /// Whose grid.
        seat: Seat,
        /// Positions given.
        positions: usize,
    },
    /// Who has seen a card, or where it came from, said of a position with no card.
    #[error("{seat} has no card at {slot}")]
    NoCard {
        /// Whose grid.
        seat: Seat,
        /// The position.
        slot: Slot,
    },
    /// [`Stage::Deciding`] without the drawn card's face.
    #[error("the drawn card must be given")]
    DrawnCard,
    /// More action cards pending than one symbol has copies.
    #[error("{0} pending action cards: at most 32")]
    TooManyPending(usize),
    /// Rounds count from 1.
    #[error("rounds count from 1")]
    RoundZero,
    /// A seat named to act (the drawer, the players of a window, the owner of a pending
    /// action card), the caller, the dealer or the first player is out of the game.
    #[error("{0} is out of the game")]
    OutOfGame(Seat),
    /// A live round with fewer than two players.
    #[error("a round needs two players")]
    TooFewPlayers,
    /// A player in the round has no card (a player who matches down to zero ends the round).
    #[error("{0} is in the round but has no card")]
    NoCards(Seat),
    /// A player out of the game still holds cards.
    #[error("{0} is out of the game but holds cards")]
    EliminatedWithCards(Seat),
    /// A live round with both piles empty (it ends as soon as that happens).
    #[error("a live round with both piles empty")]
    EmptyPiles,
    /// Something the stage does not allow: during the pre-round peek nothing has been
    /// discarded, called, reshuffled or turned; action cards wait only in a matching
    /// window; a finished game has no caller.
    #[error("{what} is not possible at this stage")]
    NotAtThisStage {
        /// What was given.
        what: &'static str,
    },
    /// During the pre-round peek everyone has looked (the first card would be up).
    #[error("everyone has looked, but the first card is not up")]
    EveryoneLooked,
    /// During the pre-round peek a grid is not the dealt 2x2 grid of 4 cards.
    #[error("{0}'s grid is not the dealt 2x2 grid of 4 cards")]
    FreshGrid(Seat),
    /// During the pre-round peek a card was seen by someone but its owner, or a seat has
    /// seen other than the two own cards it looked at (none before it looks).
    #[error("{0}'s cards seen before play do not fit the pre-round peek")]
    PeekSeen(Seat),
    /// The next player of a matching window is not left of the player whose discard opened
    /// it (or, after the dealer's first card, the first player).
    #[error("{found} is not the next player: {expected} is")]
    NextPlayer {
        /// Who should be next.
        expected: Seat,
        /// Who was given.
        found: Seat,
    },
    /// The first player is not the next seat in the game left of the dealer.
    #[error("{first} is not the next player left of the dealer {dealer}")]
    FirstPlayer {
        /// The dealer.
        dealer: Seat,
        /// The first player given.
        first: Seat,
    },
    /// A card drawn from a draw pile later than the reshuffles so far.
    #[error("{seat}'s {slot} comes from a draw pile that does not exist yet")]
    FutureDrawPile {
        /// Whose grid.
        seat: Seat,
        /// The position.
        slot: Slot,
    },
    /// An elimination the scoring does not have, or a seat out in a round not yet played.
    #[error("{0}'s elimination does not fit the scoring and the round")]
    Elimination(Seat),
    /// The final round of online mark 2 without that mark, or with more than three left.
    #[error("a final round needs online mark 2 and at most three players left")]
    FinalRound,
    /// The last round's revealed grids: none at all, or one per seat.
    #[error("the last round's reveal has {found} grids, not one per seat")]
    Reveal {
        /// Grids given.
        found: usize,
    },
    /// A seat that may act has no legal action, so the game could not go on.
    #[error("{0} may act but has no legal action")]
    NoLegalAction(Seat),
    /// Nobody may act in a game that is not over.
    #[error("nobody may act, but the game is not over")]
    NobodyToAct,
    /// The state's own fields disagree in a way no setup can produce (the cards are not
    /// conserved, or the fields that `from_setup` derives do not fit): only a state built
    /// by other means than `Game::new`, `apply` and `from_setup` can show it.
    #[error("inconsistent state: {0}")]
    Internal(&'static str),
}
