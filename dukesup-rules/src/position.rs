//! Positions to play from: a [`Setup`] describes one (for puzzles, tests, tutorials, or a
//! server resuming a table), [`DukesUp::from_setup`] validates it into a game, and
//! [`DukesUp::to_setup`] gives it back. A saved game is its setup: the state's serde goes
//! through [`Setup`], so what is stored is this documented form, checked on load.

use duke_core::{Card, CardSet, GameRng, Seat};
use serde::{Deserialize, Serialize};

use crate::config::{Config, ConfigError};
use crate::game::DukesUp;
use crate::state::{CastleState, Discards, Phase, Pile, Player, Position, TurnFlags, colour_of, other};

/// One seat's cards in a [`Setup`]. Every list is written in card notation (`"7H"`); what
/// a caller leaves out takes the default named on each field.
///
/// Who has seen what follows the rules unless said otherwise: a player knows his own hand,
/// CASTLE and DUKES and every discard he made (except buried cards); everyone sees the table,
/// the DUKES once both have chosen, face-up CASTLES and the sizes of all piles; nobody knows
/// the order of a draw pile.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerSetup {
    /// The hand (default: empty). In the choosing step, a seat that has not chosen and is
    /// given neither a hand nor a draw pile is dealt its four cards from the shuffled draw
    /// pile, as the rulebook deals them ("Setup" 3).
    pub hand: Vec<Card>,
    /// The two DUKE slots, left and right (default: both empty).
    pub dukes: [Option<Card>; 2],
    /// The CASTLE (default: none, which only a seat still choosing may have).
    pub castle: Option<Card>,
    /// Where the CASTLE is (default: face down in place). A CASTLE on the table is also
    /// listed in [`Setup::table`].
    pub castle_state: CastleState,
    /// The draw pile, bottom first (the top card is drawn next). Default `None`: every card
    /// of the seat's colour that is placed nowhere else, shuffled with the game generator.
    /// When given, it must hold exactly those cards.
    pub draw: Option<Vec<Card>>,
    /// The discard pile, bottom first (default: empty).
    pub discards: Vec<Card>,
    /// Hand cards the opponent knows to be there: DUKES picked up, cards drawn back from the
    /// discard pile that everyone had seen (default: none).
    pub hand_public: Vec<Card>,
    /// Discards everyone knows: cards that left the table, or hand cards that could be no
    /// others (default: none; the owner knows all his discards but the buried ones).
    pub discards_public: Vec<Card>,
    /// Discards nobody knows, the owner included: buried cards, which went from the top of
    /// the draw pile to the bottom of the discard pile unseen (default: none).
    pub discards_unseen: Vec<Card>,
    /// Pairs of public discards that went down together in one face-down two-card discard,
    /// each written lower card first as they lie in the pile: the opponent knows both cards
    /// but not which is on top (default: none).
    pub discard_pairs: Vec<[Card; 2]>,
}

/// An unvalidated description of a position of Dukes Up!. [`DukesUp::from_setup`] checks
/// it and builds the game; [`DukesUp::to_setup`] gives any game's setup back, and
/// `from_setup(to_setup(g)) == g`.
///
/// What a caller leaves out (struct update from [`Setup::new`] or [`Setup::default`], or
/// fields missing from JSON) takes the default named on each field. Cards placed nowhere go
/// to their owner's draw pile, so a position needs only the cards that matter.
///
/// `from_setup` checks, with a typed [`SetupError`] for each: the config; seats are P0 or
/// P1; the generator belongs to the seed; the round is one of the config's; every card is
/// its owner's colour (seat 0 clubs and spades, seat 1 hearts and diamonds), and each of the
/// 52 is in exactly one place; what is said to be known is where it is said to be; while
/// choosing, the round has just begun and each seat has chosen a CASTLE and two DUKES or
/// holds its four cards; afterwards, both have chosen, the round's first player has the
/// first turn, a turn starts clean with a valid table and any CASTLE without DUKES face up,
/// a play step's `last_turn` says whether the player's piles are both empty and the turn
/// can still end with a valid table; the turn count is below the turn limit while the
/// round runs; a finished game is in its last round; and every seat to act has a legal
/// action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Setup {
    /// The options of the game (default: [`Config::default`], the rulebook game).
    pub config: Config,
    /// The game generator's seed (default 0): the chance of the rest of the game, i.e. the
    /// order of every reshuffled pile and of the next rounds' deals, and of the draw piles
    /// left to `from_setup` to shuffle.
    pub seed: u64,
    /// The generator exactly where a game left it in `seed`'s stream (`to_setup` fills it,
    /// so a saved game goes on with the same chances). Default `None`: the start of `seed`'s
    /// stream. Its seed must be `seed`.
    pub generator: Option<GameRng>,
    /// The round, from 1 (default 1). The first player of a round is the config's in odd
    /// rounds and the other seat in even ones ("switch back and forth").
    pub round: u8,
    /// The first player of this round (default `None`: the config's in odd rounds and the
    /// other seat in even ones; when the config draws the first player,
    /// [`Config::first_player`] `None`, drawn with the game generator before the deal, as
    /// [`DukesUp::new`](duke_core::Game::new) does). When given with a config that names the
    /// first player, it must be the one the config and the round give. `to_setup` writes it
    /// only for a config that draws the first player (otherwise it follows from the config),
    /// and JSON leaves it out when `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round_first: Option<Seat>,
    /// The step (default [`Phase::Choosing`]): choosing CASTLE and DUKES, a turn's draw or
    /// play step, or the game over.
    pub phase: Phase,
    /// Whose turn it is (default `None`: the round's first player). While choosing, both
    /// seats that have not chosen act, and this must be the round's first player.
    pub current: Option<Seat>,
    /// Turns completed this round (default 0). The first player may not touch his DUKES on
    /// the round's first turn ("Replacing Your DUKES").
    pub turns: u32,
    /// What the player to move has done this turn (default: nothing). Only a play step has
    /// any flag set, and there `last_turn` must be true exactly when both of the player's
    /// piles are empty ("Ending the Game").
    pub turn: TurnFlags,
    /// Every card on the table, in any order: the arrangement into runs and sets has no
    /// lasting meaning, and each card's owner is its colour (default: empty).
    pub table: Vec<Card>,
    /// Seat 0 (black: clubs, spades) and seat 1 (red: hearts, diamonds).
    pub players: [PlayerSetup; 2],
    /// Points of finished rounds (default 0 each).
    pub points: [u32; 2],
    /// Rounds won (default 0 each).
    pub wins: [u8; 2],
    /// Each seat's count in the last finished round (default `None`: none finished).
    pub last_round: Option<[u32; 2]>,
}

impl Setup {
    /// The start of the game: round 1, both players about to choose CASTLE and DUKES, every
    /// card in its owner's draw pile, seed 0. `from_setup` shuffles and deals it as
    /// [`DukesUp::new`](duke_core::Game::new) does, so with seed `s` it is the new game of
    /// seed `s`.
    pub fn new(config: Config) -> Setup {
        Setup {
            config,
            seed: 0,
            generator: None,
            round: 1,
            round_first: None,
            phase: Phase::Choosing,
            current: None,
            turns: 0,
            turn: TurnFlags::default(),
            table: Vec::new(),
            players: Default::default(),
            points: [0; 2],
            wins: [0; 2],
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

/// Why a [`Setup`] (or a saved state, which is read as one) was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The config is refused.
    #[error("bad config: {0}")]
    Config(#[from] ConfigError),
    /// A seat that Dukes Up! does not have (only P0 and P1 play).
    #[error("{0} is not a seat of Dukes Up! (P0 or P1)")]
    NoSuchSeat(Seat),
    /// The generator given belongs to another seed than the setup's.
    #[error("the generator's seed {found} is not the setup's seed {seed}")]
    GeneratorSeed {
        /// The setup's seed.
        seed: u64,
        /// The generator's seed.
        found: u64,
    },
    /// The round is not one of the config's rounds.
    #[error("round {round} is not one of the game's {rounds} rounds")]
    Round {
        /// The round given.
        round: u8,
        /// The config's rounds.
        rounds: u8,
    },
    /// The first player of the round is not the one the config and the round give
    /// ([`Setup::round_first`] given against the config).
    #[error("the first player of round {round} is not {expected}")]
    FirstPlayerOfRound {
        /// The round.
        round: u8,
        /// Who goes first in it.
        expected: Seat,
    },
    /// More turns than the turn limit, or a turn under way at the limit (the round ends
    /// when the limit is reached).
    #[error("{turns} turns do not fit the turn limit of {limit} here")]
    TurnLimit {
        /// Turns completed.
        turns: u32,
        /// The limit.
        limit: u32,
    },
    /// A card held, guarded or piled by a seat is of the other seat's colour.
    #[error("{card} is not one of {seat}'s cards")]
    WrongColour {
        /// The seat.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A card is in two places (or listed twice in one).
    #[error("{card} is in two places")]
    Duplicate {
        /// The card.
        card: Card,
    },
    /// Cards of a seat are nowhere (only possible when its draw pile is given).
    #[error("{seat}'s cards {} are nowhere", CardSet::from_iter(.cards.iter().copied()))]
    MissingCards {
        /// The seat.
        seat: Seat,
        /// The cards placed nowhere.
        cards: Vec<Card>,
    },
    /// A CASTLE said to be on the table is not listed there.
    #[error("{seat}'s CASTLE is said to be on the table but is not")]
    CastleNotOnTable {
        /// The seat.
        seat: Seat,
    },
    /// A hand card said to be known to the opponent is not in the hand.
    #[error("{card} is said to be known in {seat}'s hand but is not there")]
    HandKnowledge {
        /// The seat.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// Knowledge of a discard pile names a card not in it, or a card both known to
    /// everyone and unseen.
    #[error("{seat}'s discard knowledge does not fit the discard pile")]
    DiscardKnowledge {
        /// The seat.
        seat: Seat,
    },
    /// A face-down pair is not two adjacent public discards, lower card first, or shares a
    /// card with another pair.
    #[error("{seat}'s face-down pair {} {} does not fit the discard pile", .pair[0], .pair[1])]
    DiscardPair {
        /// The seat.
        seat: Seat,
        /// The pair as given.
        pair: [Card; 2],
    },
    /// While choosing, the round has not just begun: the table must be empty, no turn played
    /// or under way, nothing discarded or known of the other's hand, every CASTLE face down,
    /// and the round's first player named.
    #[error("the choosing step starts a round")]
    ChoosingMidRound,
    /// While choosing, a seat has neither chosen (four cards in hand, no CASTLE or DUKES)
    /// nor finished choosing (a CASTLE, two DUKES, one card in hand).
    #[error("{seat}'s CASTLE, DUKES and hand do not match a choice")]
    Choice {
        /// The seat.
        seat: Seat,
    },
    /// Both seats have chosen, yet the choosing step goes on (play begins at once).
    #[error("both have chosen: play begins")]
    BothChosen,
    /// The play has begun without a seat's CASTLE.
    #[error("{seat} has not chosen a CASTLE, but play has begun")]
    NotChosen {
        /// The seat.
        seat: Seat,
    },
    /// The round's first turn belongs to another seat than its first player.
    #[error("the first turn of the round is not {seat}'s")]
    FirstTurn {
        /// The seat to act.
        seat: Seat,
    },
    /// Turn flags are set outside a play step.
    #[error("no turn is under way, yet turn flags are set")]
    FlagsBetweenTurns,
    /// A CASTLE is on the table between turns (it gets there only in a round's last turn).
    #[error("{seat}'s CASTLE is on the table between turns")]
    CastleOnTable {
        /// The seat.
        seat: Seat,
    },
    /// The table does not split into runs and sets between turns ("Rearranging Cards").
    #[error("the table is not a valid arrangement of runs and sets between turns")]
    InvalidTable,
    /// A CASTLE without DUKES is still face down at the start of its owner's turn.
    #[error("{seat}'s CASTLE has no DUKES and must be face up at the start of the turn")]
    CastleNotFlipped {
        /// The seat.
        seat: Seat,
    },
    /// In a play step, `last_turn` does not say whether both of the player's piles are
    /// empty.
    #[error("last_turn is {last_turn}, but the player's piles say otherwise")]
    LastTurn {
        /// The flag given.
        last_turn: bool,
    },
    /// A CASTLE put back after THE MOVE must be face up in place.
    #[error("a CASTLE put back after THE MOVE is face up in place")]
    ReturnedCastle,
    /// The turn can no longer end with a valid table.
    #[error("the turn can no longer end with a valid table")]
    Incompletable,
    /// The game is over before its last round.
    #[error("the game is over in round {round} of {rounds}")]
    OverEarly {
        /// The round.
        round: u8,
        /// The config's rounds.
        rounds: u8,
    },
    /// A seat to act has no legal action, so the game cannot go on from here.
    #[error("{seat} is to act but has no legal action")]
    NoLegalAction {
        /// The seat.
        seat: Seat,
    },
}

/// The first player of `round`: the config's in odd rounds, the other seat in even ones;
/// `None` when the config draws the first player (any seat may then have been drawn).
pub(crate) fn first_of_round(config: &Config, round: u8) -> Option<Seat> {
    let first = config.first_player?;
    Some(if round % 2 == 1 { first } else { other(first) })
}

/// Adds the cards of `list` to `placed`, refusing another seat's colour (when `seat` is
/// given) and cards already placed.
fn place(list: &[Card], seat: Option<Seat>, placed: &mut CardSet) -> Result<(), SetupError> {
    for &card in list {
        if let Some(seat) = seat
            && card.colour() != colour_of(seat)
        {
            return Err(SetupError::WrongColour { seat, card });
        }
        if placed.contains(card) {
            return Err(SetupError::Duplicate { card });
        }
        placed.insert(card);
    }
    Ok(())
}

/// The pile of `cards`, bottom first (at most 26 distinct cards of one colour, checked).
fn pile(cards: &[Card]) -> Pile {
    let mut pile = Pile::default();
    cards.iter().for_each(|&c| pile.push(c));
    pile
}

/// Bit `i` set for each position `i` of `pile` whose card is in `cards`; `None` if a card
/// is not in the pile.
fn bits_of(pile: &Pile, cards: &[Card]) -> Option<u32> {
    cards.iter().try_fold(0u32, |bits, c| Some(bits | 1 << pile.as_slice().iter().position(|d| d == c)?))
}

/// One seat's cards: checked, its draw pile completed (and shuffled) and, while choosing,
/// its four cards dealt.
fn player(
    setup: &Setup,
    seat: Seat,
    table: CardSet,
    placed: &mut CardSet,
    rng: &mut GameRng,
) -> Result<Player, SetupError> {
    let Some(ps) = setup.players.get(seat.index()) else { return Err(SetupError::NoSuchSeat(seat)) };
    let mine = Some(seat);
    place(&ps.hand, mine, placed)?;
    place(&ps.dukes.iter().flatten().copied().collect::<Vec<_>>(), mine, placed)?;
    if let Some(castle) = ps.castle {
        if ps.castle_state == CastleState::OnTable {
            if castle.colour() != colour_of(seat) {
                return Err(SetupError::WrongColour { seat, card: castle });
            }
            if !table.contains(castle) {
                return Err(SetupError::CastleNotOnTable { seat });
            }
        } else {
            place(&[castle], mine, placed)?;
        }
    } else if ps.castle_state == CastleState::OnTable {
        return Err(SetupError::CastleNotOnTable { seat });
    }
    place(&ps.discards, mine, placed)?;
    let left_out = CardSet::colour(colour_of(seat)).difference(*placed);
    let mut draw = match &ps.draw {
        Some(cards) => {
            place(cards, mine, placed)?;
            let missing = left_out.difference(cards.iter().copied().collect());
            if !missing.is_empty() {
                return Err(SetupError::MissingCards { seat, cards: missing.iter().collect() });
            }
            pile(cards)
        }
        None => {
            *placed = placed.union(left_out);
            let mut draw = pile(&left_out.iter().collect::<Vec<_>>());
            rng.shuffle(draw.as_mut_slice());
            draw
        }
    };
    let mut hand: CardSet = ps.hand.iter().copied().collect();
    let deal = setup.phase == Phase::Choosing && ps.castle.is_none() && ps.hand.is_empty() && ps.draw.is_none();
    if deal {
        for _ in 0..4 {
            if let Some(c) = draw.pop() {
                hand.insert(c);
            }
        }
    }
    let mut hand_public = CardSet::EMPTY;
    for &card in &ps.hand_public {
        if !hand.contains(card) {
            return Err(SetupError::HandKnowledge { seat, card });
        }
        hand_public.insert(card);
    }
    let discards = pile(&ps.discards);
    let knowledge = bits_of(&discards, &ps.discards_public).zip(bits_of(&discards, &ps.discards_unseen));
    let Some((public, unseen)) = knowledge.filter(|(public, unseen)| public & unseen == 0) else {
        return Err(SetupError::DiscardKnowledge { seat });
    };
    let mut pairs = 0u32;
    for &[a, b] in &ps.discard_pairs {
        let bad = SetupError::DiscardPair { seat, pair: [a, b] };
        let at = discards.as_slice().windows(2).position(|w| w == [a, b]).ok_or(bad.clone())?;
        let both = 0b11 << at;
        if public & both != both || pairs & (both | both >> 1) != 0 {
            return Err(bad);
        }
        pairs |= 1 << at;
    }
    let owner_known = ((1u64 << discards.len()) - 1) as u32 & !unseen;
    Ok(Player {
        hand,
        hand_public,
        dukes: ps.dukes,
        castle: ps.castle,
        castle_state: ps.castle_state,
        draw,
        discards: Discards { pile: discards, owner_known, public, pairs },
    })
}

/// The position a setup describes, checked.
fn build(setup: &Setup) -> Result<Position, SetupError> {
    let config = setup.config;
    config.check()?;
    if let Some(seat) = setup.current.filter(|s| s.0 > 1) {
        return Err(SetupError::NoSuchSeat(seat));
    }
    let mut rng = match setup.generator {
        Some(g) if g.seed() != setup.seed => {
            return Err(SetupError::GeneratorSeed { seed: setup.seed, found: g.seed() });
        }
        Some(g) => g,
        None => GameRng::new(setup.seed),
    };
    if setup.round == 0 || setup.round > config.rounds {
        return Err(SetupError::Round { round: setup.round, rounds: config.rounds });
    }
    let round_first = match (setup.round_first, first_of_round(&config, setup.round)) {
        (Some(seat), _) if seat.0 > 1 => return Err(SetupError::NoSuchSeat(seat)),
        (Some(seat), Some(expected)) if seat != expected => {
            return Err(SetupError::FirstPlayerOfRound { round: setup.round, expected });
        }
        (Some(seat), _) | (None, Some(seat)) => seat,
        (None, None) => {
            // Drawn as `new` draws it (before the deal), alternating over the rounds.
            let first = crate::setup::first_player(&config, &mut rng);
            if setup.round % 2 == 1 { first } else { other(first) }
        }
    };
    let mut placed = CardSet::EMPTY;
    place(&setup.table, None, &mut placed)?;
    let table = placed;
    let p0 = player(setup, Seat(0), table, &mut placed, &mut rng)?;
    let p1 = player(setup, Seat(1), table, &mut placed, &mut rng)?;
    let choosing = setup.phase == Phase::Choosing;
    let pos = Position {
        config,
        rng,
        players: [p0, p1],
        table,
        phase: setup.phase,
        current: setup.current.unwrap_or(round_first),
        round_first,
        round: setup.round,
        turns: setup.turns,
        chosen: [p0, p1].map(|p| !choosing || p.castle.is_some()),
        turn: setup.turn,
        points: setup.points,
        wins: setup.wins,
        last_round: setup.last_round,
    };
    pos.check()?;
    Ok(pos)
}

/// The setup of one seat's cards, with what is known of them.
fn player_setup(p: &Player) -> PlayerSetup {
    let discards = p.discards.pile.as_slice();
    let at = |mask: u32| -> Vec<Card> {
        discards.iter().enumerate().filter(|&(i, _)| mask >> i & 1 == 1).map(|(_, &c)| c).collect()
    };
    let pairs = (0..discards.len())
        .filter(|i| p.discards.pairs >> i & 1 == 1)
        .filter_map(|i| match discards.get(i..i + 2) {
            Some(&[a, b]) => Some([a, b]),
            _ => None,
        })
        .collect();
    PlayerSetup {
        hand: p.hand.iter().collect(),
        dukes: p.dukes,
        castle: p.castle,
        castle_state: p.castle_state,
        draw: Some(p.draw.as_slice().to_vec()),
        discards: discards.to_vec(),
        hand_public: p.hand_public.iter().collect(),
        discards_public: at(p.discards.public),
        discards_unseen: at(!p.discards.owner_known),
        discard_pairs: pairs,
    }
}

impl DukesUp {
    /// Validates a setup into a game: a typed error, never a panic, never a state that
    /// [`validate`](duke_core::Game::validate) would refuse or where a seat to act has no
    /// legal action (see [`Setup`] for every check).
    pub fn from_setup(setup: &Setup) -> Result<DukesUp, SetupError> {
        build(setup).map(DukesUp)
    }

    /// The setup that [`DukesUp::from_setup`] turns back into this exact state: every
    /// pile in its order, what each seat knows, and the generator where it stands.
    pub fn to_setup(&self) -> Setup {
        let pos = &self.0;
        Setup {
            config: pos.config,
            seed: pos.rng.seed(),
            generator: Some(pos.rng),
            round: pos.round,
            round_first: pos.config.first_player.is_none().then_some(pos.round_first),
            phase: pos.phase,
            current: Some(pos.current),
            turns: pos.turns,
            turn: pos.turn,
            table: pos.table.iter().collect(),
            players: pos.players.each_ref().map(player_setup),
            points: pos.points,
            wins: pos.wins,
            last_round: pos.last_round,
        }
    }
}

impl TryFrom<Setup> for DukesUp {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<DukesUp, SetupError> {
        DukesUp::from_setup(&setup)
    }
}

impl From<DukesUp> for Setup {
    fn from(game: DukesUp) -> Setup {
        game.to_setup()
    }
}
