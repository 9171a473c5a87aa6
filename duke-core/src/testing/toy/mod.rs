//! *High Card*: a tiny game that exercises every part of the contract.
//!
//! Each round every player is dealt one hidden card from a shuffled deck of nine cards
//! (1 to 9). Then, all at once, each player either keeps it or throws it face up onto the
//! discard pile and draws a new one. When everyone has chosen, the cards are shown; the
//! highest wins the round (ties all score). After the last round the most round wins takes
//! the game.
//!
//! It has a hidden card, a simultaneous step, chance inside `apply` and a multi-round score,
//! so the conformance suite can be shown working (and catching broken variants) without a
//! real game. The bots of the examples are tested on it too. It implements
//! [`Learning`](crate::Learning) too (its layout is in the `learning` module's source).

mod events;
mod learning;

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::game::{Game, InvalidState, NotationError, Observer};
use crate::outcome::{Better, Outcome};
use crate::rng::GameRng;
use crate::seat::{Seat, SeatSet};
use crate::vocabulary::{GameConfig, GameSetup};

pub use events::HighCardEvent;

/// Cards are 1..=9; 0 marks an empty slot.
const DECK_SIZE: usize = 9;
/// At most four players, so that a full round of redraws fits in the nine-card deck.
const MAX_PLAYERS: usize = 4;

/// Set-up of a game of High Card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighCardConfig {
    /// 2 to 4 players.
    pub players: u8,
    /// 1 to 5 rounds.
    pub rounds: u8,
}

impl Default for HighCardConfig {
    fn default() -> Self {
        HighCardConfig { players: 2, rounds: 3 }
    }
}

/// Why a High Card config was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HighCardConfigError {
    /// Players must be 2 to 4.
    #[error("High Card takes 2 to 4 players, not {0}")]
    Players(u8),
    /// Rounds must be 1 to 5.
    #[error("High Card plays 1 to 5 rounds, not {0}")]
    Rounds(u8),
}

/// Why a High Card action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HighCardError {
    /// The seat may not act now (it has chosen already, or the game is over).
    #[error("{0} may not act now")]
    NotToAct(Seat),
}

/// A High Card action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HighCardAction {
    /// Keep the dealt card. Notation `keep`.
    Keep,
    /// Discard it face up and draw another. Notation `redraw`.
    Redraw,
}

impl fmt::Display for HighCardAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HighCardAction::Keep => "keep",
            HighCardAction::Redraw => "redraw",
        })
    }
}

impl FromStr for HighCardAction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, NotationError> {
        match s.trim() {
            "keep" => Ok(HighCardAction::Keep),
            "redraw" => Ok(HighCardAction::Redraw),
            _ => Err(NotationError::new(s, "expected `keep` or `redraw`")),
        }
    }
}

/// What one observer sees of a High Card game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighCardView {
    /// Who is looking.
    pub observer: Observer,
    /// The round being played, from 0.
    pub round: u8,
    /// Each player's current card if this observer may see it.
    pub hands: Vec<Option<u8>>,
    /// Who has chosen this round.
    pub chosen: SeatSet,
    /// The face-up discards of this round, oldest first.
    pub discards: Vec<u8>,
    /// Cards shown at the end of the previous round.
    pub last_shown: Vec<u8>,
    /// The cards thrown away in the previous round (they were face up), lowest first.
    pub last_discards: Vec<u8>,
    /// Rounds won per player.
    pub wins: Vec<u8>,
}

impl fmt::Display for HighCardView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "round {} | discards {:?} | last shown {:?}, thrown away {:?}",
            u16::from(self.round) + 1,
            self.discards,
            self.last_shown,
            self.last_discards
        )?;
        for (i, card) in self.hands.iter().enumerate() {
            let shown = card.map_or_else(|| "?".to_owned(), |c| c.to_string());
            let wins = self.wins.get(i).copied().unwrap_or(0);
            let mark = if self.chosen.contains(Seat(i as u8)) { " (chosen)" } else { "" };
            writeln!(f, "  P{i}: card {shown}, wins {wins}{mark}")?;
        }
        Ok(())
    }
}

/// A game of High Card: a compact `Copy` state, so its undo record is the previous state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "HighCardUnchecked")]
pub struct HighCard {
    config: HighCardConfig,
    round: u8,
    hands: [u8; MAX_PLAYERS],
    chosen: SeatSet,
    deck: [u8; DECK_SIZE],
    deck_len: u8,
    discards: [u8; DECK_SIZE],
    discard_len: u8,
    last_shown: [u8; MAX_PLAYERS],
    /// Bit `c` set: card `c` was thrown away in the previous round.
    last_discards: u16,
    wins: [u8; MAX_PLAYERS],
    rng: GameRng,
}

/// A position of High Card, unchecked: the config, the seed and, if the game is under
/// way, every card ([`Game::from_setup`] checks it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighCardSetup {
    /// The config.
    pub config: HighCardConfig,
    /// The game generator's seed.
    pub seed: u64,
    /// Where every card is; `None`: the first round dealt from `seed`.
    pub deal: Option<HighCardDeal>,
}

/// Where every card of a game of High Card is (see [`HighCardSetup`]). Same fields as the
/// state's JSON, the generator included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighCardDeal {
    /// Rounds played.
    pub round: u8,
    /// Each seat's card (0: none).
    pub hands: [u8; MAX_PLAYERS],
    /// The seats that have chosen this round.
    pub chosen: SeatSet,
    /// The deck, bottom first; `deck_len` of them count.
    pub deck: [u8; DECK_SIZE],
    /// Cards in the deck.
    pub deck_len: u8,
    /// The discards, bottom first; `discard_len` of them count.
    pub discards: [u8; DECK_SIZE],
    /// Cards in the discards.
    pub discard_len: u8,
    /// The cards shown at the end of the previous round.
    pub last_shown: [u8; MAX_PLAYERS],
    /// Bit `c` set: card `c` was thrown away in the previous round.
    pub last_discards: u16,
    /// Rounds won per seat.
    pub wins: [u8; MAX_PLAYERS],
    /// The game generator where the game left it (its seed must be the set-up's).
    #[serde(rename = "rng")]
    pub generator: GameRng,
}

impl GameSetup for HighCardSetup {
    type Config = HighCardConfig;
    fn new(config: HighCardConfig) -> Self {
        HighCardSetup { config, seed: 0, deal: None }
    }
    fn config(&self) -> &HighCardConfig {
        &self.config
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn with_seed(self, seed: u64) -> Self {
        HighCardSetup { seed, ..self }
    }
}

impl GameConfig for HighCardConfig {
    type Error = HighCardConfigError;
    /// High Card has no rulebook; its standard game is 2 players (or `players`), 3 rounds.
    fn rulebook(players: Option<u8>) -> Result<Self, HighCardConfigError> {
        let config = HighCardConfig { players: players.unwrap_or(2), ..HighCardConfig::default() };
        config.check().map(|()| config)
    }
    /// Every game of High Card is bounded: the rulebook config.
    fn bounded(players: Option<u8>) -> Result<Self, HighCardConfigError> {
        Self::rulebook(players)
    }
    fn check(&self) -> Result<(), HighCardConfigError> {
        if !(2..=MAX_PLAYERS as u8).contains(&self.players) {
            return Err(HighCardConfigError::Players(self.players));
        }
        if !(1..=5).contains(&self.rounds) {
            return Err(HighCardConfigError::Rounds(self.rounds));
        }
        Ok(())
    }
    fn seat_count(&self) -> usize {
        usize::from(self.players)
    }
}

/// Why a High Card set-up was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HighCardSetupError {
    /// The config was refused.
    #[error(transparent)]
    Config(#[from] HighCardConfigError),
    /// The cards are not a position of the game.
    #[error(transparent)]
    State(#[from] InvalidState),
}

/// What deserialisation reads before validating.
#[derive(Deserialize)]
struct HighCardUnchecked {
    config: HighCardConfig,
    #[serde(flatten)]
    deal: HighCardDeal,
}

impl HighCard {
    fn from_deal(config: HighCardConfig, d: HighCardDeal) -> Result<HighCard, InvalidState> {
        let state = HighCard {
            config,
            round: d.round,
            hands: d.hands,
            chosen: d.chosen,
            deck: d.deck,
            deck_len: d.deck_len,
            discards: d.discards,
            discard_len: d.discard_len,
            last_shown: d.last_shown,
            last_discards: d.last_discards,
            wins: d.wins,
            rng: d.generator,
        };
        state.validate()?;
        Ok(state)
    }
}

impl TryFrom<HighCardUnchecked> for HighCard {
    type Error = InvalidState;
    fn try_from(raw: HighCardUnchecked) -> Result<Self, InvalidState> {
        HighCard::from_deal(raw.config, raw.deal)
    }
}

impl HighCard {
    /// The card in `seat`'s hand, whoever may see it (a full-state accessor for engines and
    /// tests; players see cards only through [`Game::view`]).
    pub fn card_of(&self, seat: Seat) -> Option<u8> {
        self.hands.get(seat.index()).copied().filter(|&c| c != 0)
    }

    /// The game generator, mutable: lets tests build deliberately broken variants (an undo
    /// that forgets the generator) to show that the conformance suite catches them.
    pub fn generator_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn players(&self) -> usize {
        usize::from(self.config.players)
    }

    fn deck(&self) -> &[u8] {
        self.deck.get(..usize::from(self.deck_len)).unwrap_or(&[])
    }

    fn discards(&self) -> &[u8] {
        self.discards.get(..usize::from(self.discard_len)).unwrap_or(&[])
    }

    /// Shuffles all nine cards into the deck and deals one to each player.
    fn deal(&mut self) {
        self.deck = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        self.rng.shuffle(&mut self.deck);
        self.deck_len = DECK_SIZE as u8;
        self.discard_len = 0;
        self.chosen = SeatSet::EMPTY;
        for seat in 0..self.players() {
            let card = self.draw();
            if let Some(hand) = self.hands.get_mut(seat) {
                *hand = card;
            }
        }
    }

    fn draw(&mut self) -> u8 {
        if self.deck_len == 0 {
            return 0;
        }
        self.deck_len -= 1;
        self.deck.get(usize::from(self.deck_len)).copied().unwrap_or(0)
    }

    /// Shows the cards, scores the round and deals the next one (or ends the game).
    fn finish_round(&mut self) {
        let players = self.players();
        let best = self.hands.iter().take(players).copied().max().unwrap_or(0);
        for (hand, (wins, shown)) in
            self.hands.iter_mut().zip(self.wins.iter_mut().zip(self.last_shown.iter_mut())).take(players)
        {
            if *hand == best {
                *wins = wins.saturating_add(1);
            }
            *shown = *hand;
            *hand = 0;
        }
        self.last_discards = self.discards().iter().fold(0, |bits, &card| bits | 1 << card);
        self.round = self.round.saturating_add(1);
        if self.round < self.config.rounds {
            self.deal();
        } else {
            self.chosen = SeatSet::EMPTY;
            self.deck_len = 0;
            self.discard_len = 0;
        }
    }
}

impl Game for HighCard {
    type Config = HighCardConfig;
    type Action = HighCardAction;
    type Undo = HighCard;
    type View = HighCardView;
    type Event = HighCardEvent;
    type ConfigError = HighCardConfigError;
    type ActionError = HighCardError;
    type Setup = HighCardSetup;
    type SetupError = HighCardSetupError;

    const NAME: &'static str = "highcard";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");

    fn from_setup(setup: &HighCardSetup) -> Result<Self, HighCardSetupError> {
        match setup.deal {
            None => Ok(HighCard::new(&setup.config, setup.seed)?),
            Some(deal) => {
                setup.config.check()?;
                if deal.generator.seed() != setup.seed {
                    return Err(InvalidState::new("the generator's seed is not the set-up's").into());
                }
                Ok(HighCard::from_deal(setup.config, deal)?)
            }
        }
    }

    fn to_setup(&self) -> HighCardSetup {
        HighCardSetup {
            config: self.config,
            seed: self.rng.seed(),
            deal: Some(HighCardDeal {
                round: self.round,
                hands: self.hands,
                chosen: self.chosen,
                deck: self.deck,
                deck_len: self.deck_len,
                discards: self.discards,
                discard_len: self.discard_len,
                last_shown: self.last_shown,
                last_discards: self.last_discards,
                wins: self.wins,
                generator: self.rng,
            }),
        }
    }

    fn new(config: &HighCardConfig, seed: u64) -> Result<Self, HighCardConfigError> {
        config.check()?;
        let mut state = HighCard {
            config: *config,
            round: 0,
            hands: [0; MAX_PLAYERS],
            chosen: SeatSet::EMPTY,
            deck: [0; DECK_SIZE],
            deck_len: 0,
            discards: [0; DECK_SIZE],
            discard_len: 0,
            last_shown: [0; MAX_PLAYERS],
            last_discards: 0,
            wins: [0; MAX_PLAYERS],
            rng: GameRng::new(seed),
        };
        state.deal();
        Ok(state)
    }

    fn config(&self) -> HighCardConfig {
        self.config
    }

    fn seat_count(&self) -> usize {
        self.players()
    }

    fn to_act(&self) -> SeatSet {
        if self.round >= self.config.rounds {
            return SeatSet::EMPTY;
        }
        SeatSet(SeatSet::first_n(self.players()).0 & !self.chosen.0)
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<HighCardAction>) {
        out.clear();
        if self.to_act().contains(seat) {
            out.extend([HighCardAction::Keep, HighCardAction::Redraw]);
        }
    }

    fn apply(&mut self, seat: Seat, action: HighCardAction) -> Result<HighCard, HighCardError> {
        if !self.to_act().contains(seat) {
            return Err(HighCardError::NotToAct(seat));
        }
        let before = *self;
        if action == HighCardAction::Redraw {
            let old = self.hands.get(seat.index()).copied().unwrap_or(0);
            if let Some(slot) = self.discards.get_mut(usize::from(self.discard_len)) {
                *slot = old;
                self.discard_len += 1;
            }
            let new = self.draw();
            if let Some(hand) = self.hands.get_mut(seat.index()) {
                *hand = new;
            }
        }
        self.chosen.insert(seat);
        if self.to_act().is_empty() {
            self.finish_round();
        }
        Ok(before)
    }

    fn seen_action(&self, seat: Seat, action: HighCardAction, _observer: Observer) -> HighCardEvent {
        events::seen_action(seat, action)
    }

    fn events(
        before: &HighCard,
        seat: Seat,
        action: HighCardAction,
        after: &HighCard,
        observer: Observer,
        out: &mut Vec<HighCardEvent>,
    ) {
        events::events(before, seat, action, after, observer, out);
    }

    /// The first deal: a card to each seat, its face for its owner only.
    fn opening_events(&self, observer: Observer, out: &mut Vec<HighCardEvent>) {
        events::opening(self, observer, out);
    }

    fn undo(&mut self, undo: HighCard) {
        *self = undo;
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| Outcome::from_scores(self.running_scores(), Better::Higher))
    }

    fn running_scores(&self) -> Vec<i64> {
        self.wins.iter().take(self.players()).map(|&w| i64::from(w)).collect()
    }

    fn view(&self, observer: Observer) -> HighCardView {
        let hands = (0..self.players())
            .map(|i| {
                let card = self.hands.get(i).copied().filter(|&c| c != 0)?;
                (observer == Observer::Seat(Seat(i as u8))).then_some(card)
            })
            .collect();
        HighCardView {
            observer,
            round: self.round,
            hands,
            chosen: self.chosen,
            discards: self.discards().to_vec(),
            last_shown: self.last_shown.iter().take(self.players()).copied().collect(),
            last_discards: (1..=DECK_SIZE as u8).filter(|c| self.last_discards & 1 << c != 0).collect(),
            wins: self.wins.iter().take(self.players()).copied().collect(),
        }
    }

    fn determinize(&self, seat: Seat, seed: u64) -> Self {
        let mut out = *self;
        let mut rng = GameRng::new(seed);
        // Everything the seat has not seen: the others' cards and the deck.
        let mut unseen = [0u8; DECK_SIZE];
        let mut n = 0;
        let others = (0..self.players()).filter(|&i| i != seat.index());
        for card in others.clone().filter_map(|i| self.hands.get(i).copied()).chain(self.deck().iter().copied()) {
            if card != 0
                && let Some(slot) = unseen.get_mut(n)
            {
                *slot = card;
                n += 1;
            }
        }
        let pool = unseen.get_mut(..n).unwrap_or(&mut []);
        rng.shuffle(pool);
        let mut next = pool.iter().copied();
        for i in others {
            if let Some(hand) = out.hands.get_mut(i)
                && *hand != 0
            {
                *hand = next.next().unwrap_or(0);
            }
        }
        for slot in out.deck.iter_mut().take(usize::from(self.deck_len)) {
            *slot = next.next().unwrap_or(0);
        }
        out.rng = GameRng::new(rng.next_u64());
        out
    }

    fn validate(&self) -> Result<(), InvalidState> {
        let players = self.players();
        if !(2..=MAX_PLAYERS).contains(&players) || !(1..=5).contains(&self.config.rounds) {
            return Err(InvalidState::new("config out of range"));
        }
        if self.round > self.config.rounds {
            return Err(InvalidState::new("round past the last round"));
        }
        if usize::from(self.deck_len) > DECK_SIZE || usize::from(self.discard_len) > DECK_SIZE {
            return Err(InvalidState::new("pile length out of range"));
        }
        if self.chosen.0 & !SeatSet::first_n(players).0 != 0 {
            return Err(InvalidState::new("a seat beyond the table has chosen"));
        }
        if self.round == self.config.rounds {
            if self.hands.iter().any(|&c| c != 0)
                || self.deck_len != 0
                || self.discard_len != 0
                || !self.chosen.is_empty()
            {
                return Err(InvalidState::new("cards left in play after the game"));
            }
        } else {
            let mut seen = [false; DECK_SIZE + 1];
            let held = self.hands.iter().take(players).copied();
            for card in held.chain(self.deck().iter().copied()).chain(self.discards().iter().copied()) {
                let Some(slot) = seen.get_mut(usize::from(card)) else {
                    return Err(InvalidState::new("card out of range"));
                };
                if card == 0 || *slot {
                    return Err(InvalidState::new("a card is missing from its slot or appears twice"));
                }
                *slot = true;
            }
            if players + usize::from(self.deck_len) + usize::from(self.discard_len) != DECK_SIZE {
                return Err(InvalidState::new("cards are not conserved"));
            }
        }
        if self.hands.iter().skip(players).any(|&c| c != 0)
            || self.last_shown.iter().any(|&c| usize::from(c) > DECK_SIZE)
            || self.last_discards & !(((1 << DECK_SIZE) - 1) << 1) != 0
        {
            return Err(InvalidState::new("cards outside the table"));
        }
        if self.wins.iter().take(players).any(|&w| w > self.round) || self.wins.iter().skip(players).any(|&w| w != 0) {
            return Err(InvalidState::new("more round wins than rounds played"));
        }
        Ok(())
    }

    fn max_actions(config: &HighCardConfig) -> u64 {
        u64::from(config.players) * u64::from(config.rounds)
    }

    fn evaluate(view: &HighCardView, seat: Seat) -> f64 {
        let wins = view.wins.get(seat.index()).copied().unwrap_or(0);
        let card = view.hands.get(seat.index()).copied().flatten().unwrap_or(5);
        f64::from(wins) + f64::from(card) / 10.0
    }
}
