//! The game state and the round cycle (How to Play 1–2, 8–10; Game End).

use duke_core::{GameRng, Seat};
use serde::{Deserialize, Serialize};

use crate::actions::{Bid, Direction, Trump};
use crate::cards::{Card, CardSet, Power, SuitId};
use crate::round_types::RoundTypes;
use crate::setup::Config;
use crate::trick::Trick;

pub use crate::compact::MAX_PLAYERS;
pub(crate) use crate::compact::{NONE, after, at, bit, put, update};

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Phase {
    /// The spinner said "dealer chooses": the dealer picks the trump.
    ChooseTrump,
    /// This seat bids (and may first buy a shield or use the Smuggler).
    Bidding(Seat),
    /// This seat plays a card to the trick.
    Play(Seat),
    /// This seat decides the effect of a Special Power card.
    Effect {
        /// Who decides.
        seat: Seat,
        /// Whose effect.
        power: Power,
        /// Whether it resolves at the end of the trick (else right after the play).
        end: bool,
        /// Witch: steps of points still to take; otherwise 0.
        steps: u8,
    },
    /// Magician: every player passes a card; the Magician's player chooses last.
    Passing {
        /// The Magician's player.
        magician: Seat,
        /// Where the cards go.
        direction: Direction,
    },
    /// The game is over.
    Over,
    // Last, so that the discriminants of the base game's phases (which the hot paths
    // test) are as before.
    /// Blind Bidding: every seat that has not bid places its bid face down, in any order
    /// (each may first buy a shield or use the Smuggler).
    BlindBidding,
    /// The Split: every seat that has not set aside its second half sets aside one more
    /// card of it face down, in any order.
    Splitting,
    /// Missions and Blind Missions: players choose one of the missions dealt to them (each
    /// may first buy a shield or use the Smuggler); in turn from the dealer's left, or all
    /// at once face down.
    Missions,
    /// Leaked Suit: the seats to choose a suit to reveal (every seat that has not chosen,
    /// or one at a time, or the dealer for all, by `Config::leak_choice`).
    LeakedSuit,
    /// Alliances and Missions-Alliances: the dealer forms the teams (`team P0 P2`; with an
    /// odd count, first the solo player: `team P1`).
    Teams,
    /// Suit Precision: this seat chooses the suit to place a trick under: the trick it won
    /// (`stolen` false), or with `Config::precision_thief_own_bid` the trick its Thief stole.
    Place {
        /// Who places.
        seat: Seat,
        /// Whether it is the Thief's stolen trick.
        stolen: bool,
    },
    /// Duel Fights: the dealer groups the players (`Action::Duel`), before the bidding.
    Pairing,
}

/// A complete Crown Battles game state: the game's [`Config`] and what is on the table.
/// It is saved and loaded as its [`Setup`](crate::Setup) (`to_setup` / `from_setup`),
/// checked on load.
///
/// The config never changes in play, so it stays out of the compact `Copy` table that
/// whole-state undo records copy: a mission catalogue of any size costs the hot paths
/// nothing (RULES.md, reading 37).
///
/// (Its `Serialize` and `Deserialize` are in `position/save.rs`, beside the setup.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrownBattles {
    pub(crate) config: Config,
    pub(crate) table: Table,
}

/// Everything of a game that changes in play: cards, bids, tricks, scores, the generator
/// and each round type's record (compact and `Copy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Table {
    pub(crate) rng: GameRng,
    /// Rounds started minus one (tie replays continue counting).
    pub(crate) round: u8,
    pub(crate) dealer: Seat,
    pub(crate) trump: Trump,
    pub(crate) phase: Phase,
    pub(crate) hands: [CardSet; MAX_PLAYERS],
    /// Undealt cards (a set: draws from it are random, so its order does not exist).
    pub(crate) deck: CardSet,
    /// Cards played this round, including the ongoing trick (public).
    pub(crate) played: CardSet,
    /// For each seat, cards outside its hand whose place it knows. Played cards are public
    /// and stay in these sets (playing a card does not touch them): readers subtract `played`.
    pub(crate) known: [CardSet; MAX_PLAYERS],
    /// Suits each seat is publicly known to lack (bit per suit).
    pub(crate) voids: [u8; MAX_PLAYERS],
    pub(crate) bids: [Option<Bid>; MAX_PLAYERS],
    pub(crate) tricks: [u8; MAX_PLAYERS],
    pub(crate) scores: [i32; MAX_PLAYERS],
    pub(crate) crown: Option<Seat>,
    /// Seats protected by a kept Wizard this round.
    pub(crate) wizards: u8,
    /// Seats with a bubble shield.
    pub(crate) shields: u8,
    /// Seats that used the Smuggler before bidding this round.
    pub(crate) smuggled: u8,
    pub(crate) trick: Trick,
    /// Magician: the card each seat chose to pass (NONE: not yet).
    pub(crate) passes: [u8; MAX_PLAYERS],
    /// The round types' records ("The expansion game"): everything a round type adds to
    /// the table, behind one field (`rounds/`).
    pub(crate) rounds: crate::round_state::RoundState,
}

/// Card ids `0, 1, 2, …`: the order of a deck whose cards are the first ids of the box.
#[allow(clippy::indexing_slicing)]
const IDS: [u8; 128] = {
    let mut out = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        out[i] = i as u8;
        i += 1;
    }
    out
};

/// The deck's card ids in increasing order (the order the shuffle starts from), and how many.
/// Decks hold the first ids of the box (numbered cards, Golems, Dragons, Peasants) and
/// maybe some power cards: the first run is copied, the rest found bit by bit.
fn deck_order(deck: CardSet) -> ([u8; 128], usize) {
    let bits = deck.0;
    let run = bits.trailing_ones();
    let mut pool = IDS;
    let mut size = run as usize;
    let rest = bits.checked_shr(run).unwrap_or(0).checked_shl(run).unwrap_or(0);
    for (mut word, base) in [(rest as u64, 0u8), ((rest >> 64) as u64, 64)] {
        while word != 0 {
            if let Some(slot) = pool.get_mut(size & 127) {
                *slot = base + word.trailing_zeros() as u8;
            }
            size += 1;
            word &= word - 1;
        }
    }
    (pool, size)
}

impl CrownBattles {
    pub(crate) fn n(&self) -> usize {
        usize::from(self.config.players)
    }

    pub(crate) fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.config.players).map(Seat)
    }

    pub(crate) fn hand(&self, s: Seat) -> CardSet {
        at(&self.table.hands, s)
    }

    /// Removes a card from a hand.
    #[inline]
    pub(crate) fn take(&mut self, s: Seat, c: Card) {
        if let Some(h) = self.table.hands.get_mut(s.index()) {
            h.remove(c);
        }
    }

    /// Adds a card to a hand.
    #[inline]
    pub(crate) fn give(&mut self, s: Seat, c: Card) {
        if let Some(h) = self.table.hands.get_mut(s.index()) {
            h.insert(c);
        }
    }

    /// Cards dealt to each player this round.
    #[inline]
    pub fn cards_this_round(&self) -> u8 {
        self.config.schedule.cards(usize::from(self.table.round))
    }

    /// Whether this is the last scheduled round (or a replay of it): the Witch takes 30.
    pub fn is_final_round(&self) -> bool {
        usize::from(self.table.round) + 1 >= self.config.schedule.rounds()
    }

    pub(crate) fn protected(&self, s: Seat) -> bool {
        (self.table.wizards | self.table.shields) & bit(s) != 0
    }

    /// A state before any round: no cards dealt, no bids, no scores, every round type's
    /// record empty (the start of [`Self::start`] and of loading a setup).
    pub(crate) fn blank(config: Config, rng: GameRng) -> CrownBattles {
        CrownBattles { config, table: Table::blank(rng) }
    }
}

impl Table {
    /// See [`CrownBattles::blank`].
    fn blank(rng: GameRng) -> Table {
        Table {
            rng,
            round: 0,
            dealer: Seat(0),
            trump: Trump::NoTrump,
            phase: Phase::Over,
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            deck: CardSet::EMPTY,
            played: CardSet::EMPTY,
            known: [CardSet::EMPTY; MAX_PLAYERS],
            voids: [0; MAX_PLAYERS],
            bids: [None; MAX_PLAYERS],
            tricks: [0; MAX_PLAYERS],
            scores: [0; MAX_PLAYERS],
            crown: None,
            wizards: 0,
            shields: 0,
            smuggled: 0,
            trick: Trick::new(Seat(0)),
            passes: [NONE; MAX_PLAYERS],
            rounds: crate::round_state::RoundState::empty(),
        }
    }
}

impl CrownBattles {
    /// Builds the game: first dealer, then the first round.
    pub(crate) fn start(config: Config, seed: u64) -> CrownBattles {
        let first_dealer = config.first_dealer;
        let mut state = CrownBattles::blank(config, GameRng::new(seed));
        state.table.dealer = first_dealer.unwrap_or(Seat(0));
        // A drawn first dealer is the generator's first number, drawn with the first deal.
        state.start_round(first_dealer.is_none());
        state
    }

    /// How to Play 1–2: a new round, its round type revealed ("The expansion game"), then
    /// [`deal`](Self::deal).
    pub(crate) fn start_round(&mut self, draw_dealer: bool) {
        self.table.hands = [CardSet::EMPTY; MAX_PLAYERS];
        self.table.played = CardSet::EMPTY;
        self.table.known = [CardSet::EMPTY; MAX_PLAYERS];
        self.table.voids = [0; MAX_PLAYERS];
        self.table.bids = [None; MAX_PLAYERS];
        self.table.tricks = [0; MAX_PLAYERS];
        self.table.wizards = 0;
        self.table.smuggled = 0;
        self.table.passes = [NONE; MAX_PLAYERS];
        // (The base game never sets the round types' fields.)
        if !self.config.round_types.is_base() {
            self.table.rounds.clear_round();
            if self.table.rounds.round_type.has_missions() {
                self.reset_missions();
            }
        }
        if self.config.shields == crate::setup::Shields::Round {
            self.table.shields = 0;
        }
        match self.config.round_types {
            RoundTypes::Every(t) => self.table.rounds.round_type = t,
            _ => self.reveal_round_type(),
        }
        // (Alliances: the new round's teams, none yet unless drawn; the base game has none.)
        if !self.config.round_types.is_base() {
            self.reset_alliance();
        }
        self.deal(draw_dealer);
    }

    /// How to Play 1–2 after the round type is known: shuffle, deal, spin; first, if
    /// `draw_dealer`, draw the dealer.
    pub(crate) fn deal(&mut self, draw_dealer: bool) {
        let n = self.n();
        let dealt = usize::from(self.cards_this_round());
        let all = self.config.deck.cards();
        let (mut pool, size) = deck_order(all);
        let weights = self.config.spinner.map(u32::from);
        let deal = (n * dealt).min(size);
        let (spin, dealer) = self.table.rng.with_stream(|s| {
            let dealer = draw_dealer.then(|| Seat(s.below(n as u32) as u8));
            // A partial Fisher-Yates: the first n * dealt slots are the deal, `dealt` per hand.
            for i in 0..deal {
                let j = i + s.below((size - i) as u32) as usize;
                pool.swap(i, j & 127);
            }
            (s.weighted(&weights), dealer)
        });
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        if dealt > 0 {
            for (hand, cards) in hands.iter_mut().zip(pool.get(..deal).unwrap_or(&[]).chunks(dealt)) {
                *hand = CardSet(cards.iter().fold(0, |set, &id| set | 1u128 << (id & 127)));
            }
        }
        if let Some(dealer) = dealer {
            self.table.dealer = dealer;
        }
        self.table.hands = hands;
        self.table.deck = hands.iter().fold(all, |d, h| d.minus(*h));
        self.table.trick = Trick::new(self.table.dealer.left(n));
        // (Normal Bidding, the base game: no bid is placed yet, the dealer's left bids first.)
        let bidding = |state: &mut CrownBattles| {
            if state.table.rounds.round_type.is_normal() {
                Phase::Bidding(state.table.dealer.left(n))
            } else {
                state.before_bidding()
            }
        };
        self.table.phase = match spin {
            Some(i @ 0..=3) => {
                self.table.trump = SuitId::new(i as u8).map_or(Trump::NoTrump, Trump::Suit);
                bidding(self)
            }
            Some(5) => {
                // No trump until the dealer chooses (not last round's).
                self.table.trump = Trump::NoTrump;
                Phase::ChooseTrump
            }
            _ => {
                self.table.trump = Trump::NoTrump;
                bidding(self)
            }
        };
        if self.table.phase == Phase::Missions {
            self.deal_missions();
        }
    }

    /// The points `seat` scores for the round now ending, from its bids, tricks and
    /// missions (Alliance rounds: with its ally's).
    pub(crate) fn round_points(&self, seat: Seat) -> i32 {
        if self.alliance_round() {
            self.alliance_points(seat)
        } else if self.table.rounds.round_type.has_missions() {
            self.mission_points(seat, at(&self.table.tricks, seat))
        } else if self.precision() {
            self.precision_points(seat)
        } else {
            self.points_for(seat, at(&self.table.bids, seat), at(&self.table.tricks, seat))
        }
    }

    /// How to Play 8–10 and Game End: score, pass the crown, next round or the end.
    pub(crate) fn end_round(&mut self) {
        if self.alliance_round() {
            self.score_alliance_round();
        } else if self.table.rounds.round_type.settles_together() {
            self.settle_together();
        } else {
            let missions = self.table.rounds.round_type.has_missions();
            for s in self.seats() {
                let points = if missions {
                    self.mission_points(s, at(&self.table.tricks, s))
                } else if self.precision() {
                    self.precision_points(s)
                } else {
                    self.points_for(s, at(&self.table.bids, s), at(&self.table.tricks, s))
                };
                update(&mut self.table.scores, s, |v| v.saturating_add(points));
            }
        }
        if !self.config.round_types.is_base() {
            self.end_round_type();
        }
        self.table.crown = crate::scoring::sole_leader(self.table.scores.get(..self.n()).unwrap_or(&[]));
        let rounds = self.config.schedule.rounds();
        let next = usize::from(self.table.round) + 1;
        let over =
            next >= rounds && (self.table.crown.is_some() || next >= rounds + usize::from(self.config.max_tie_replays));
        if over {
            self.table.phase = Phase::Over;
            return;
        }
        self.table.round = self.table.round.saturating_add(1);
        self.table.dealer = self.table.dealer.left(self.n());
        self.start_round(false);
    }

    /// What the round types keep in view after their round: the missions, a Blind Bidding
    /// round's bids, a Stealth Play round's last trick (cleared by the next round's end).
    fn end_round_type(&mut self) {
        // Missions: the chosen missions stay in view a round (Blind Missions reveal here).
        if self.table.rounds.round_type.has_missions() {
            self.table.rounds.revealed_missions = self.table.rounds.missions;
        } else if self.table.rounds.revealed_missions != [NONE; MAX_PLAYERS] {
            self.table.rounds.revealed_missions = [NONE; MAX_PLAYERS];
        }
        // Blind Bidding: "reveal your bids"; the revealed bids stay in view a round.
        if !self.table.rounds.round_type.bids_are_public() {
            self.table.rounds.revealed_bids = self.table.bids;
        } else if self.table.rounds.revealed_bids.iter().any(Option::is_some) {
            self.table.rounds.revealed_bids = [None; MAX_PLAYERS];
        }
        // Stealth Play: the last trick was turned up in this step (`close_trick` kept it);
        // a trick kept from an earlier Stealth round goes at the end of any other round.
        if !self.stealth() && self.table.rounds.revealed_trick != [NONE; MAX_PLAYERS] {
            self.table.rounds.revealed_trick = [NONE; MAX_PLAYERS];
            self.table.rounds.revealed_leader = Seat(0);
        }
    }
}
