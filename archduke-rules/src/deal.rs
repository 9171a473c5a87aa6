//! Game set-up, dealing and pre-round peeking (rulebook, "Game setup", "Pre-round peeking",
//! "Start of round").

use duke_core::{GameRng, Seat, SeatSet};

use crate::cards::Power;
use crate::config::{Config, ConfigError, MAX_PENDING, MAX_PLAYERS};
use crate::notation::Slot;
use crate::state::{Archduke, Grid, LastRound, NONE, Pending, Phase, Stack};

impl Archduke {
    /// A new game: the first dealer is chosen at random (or by the config), the player to
    /// his left plays first.
    pub(crate) fn setup(config: &Config, seed: u64) -> Result<Archduke, ConfigError> {
        let rules = config.compile()?;
        let mut rng = GameRng::new(seed);
        let dealer = match rules.dealer {
            Some(dealer) => dealer,
            None => rng.below(u32::from(rules.players)) as u8,
        };
        let mut game = Archduke {
            rules,
            rng,
            round: 1,
            phase: Phase::Peek,
            dealer,
            first: Seat(dealer).left(rules.players as usize).0,
            current: NONE,
            next: NONE,
            caller: NONE,
            turns: 0,
            looked: SeatSet::EMPTY,
            active: SeatSet::first_n(rules.players as usize),
            final_round: false,
            epoch: 0,
            draw: Stack::EMPTY,
            discard: Stack::EMPTY,
            grids: [Grid::EMPTY; MAX_PLAYERS],
            pending: [Pending { seat: NONE, power: Power::Peek }; MAX_PENDING],
            pending_len: 0,
            scores: [0; MAX_PLAYERS],
            out_round: [0; MAX_PLAYERS],
            last: LastRound::NONE,
        };
        game.deal();
        Ok(game)
    }

    /// Gathers every card, shuffles with the game generator and deals 4 face down to each
    /// player still in, in a 2x2 grid; nobody has seen any card.
    pub(crate) fn deal(&mut self) {
        self.draw = Stack::EMPTY;
        self.discard = Stack::EMPTY;
        self.epoch = 0;
        for kind in 0..self.rules.deck.kinds {
            for _ in 0..self.rules.copies(kind) {
                self.draw.push(kind);
            }
        }
        let len = self.draw.len as usize;
        if let Some(cards) = self.draw.cards.get_mut(..len) {
            self.rng.shuffle(cards);
        }
        self.grids = [Grid::EMPTY; MAX_PLAYERS];
        let players = self.players();
        for seat in duke_core::clockwise_from(Seat(self.first), players) {
            if !self.is_active(seat.0) {
                continue;
            }
            for _ in 0..4 {
                if let Some(card) = self.draw.pop()
                    && let Some(grid) = self.grids.get_mut(seat.index())
                {
                    grid.add_penalty(card, 0, 0);
                }
            }
        }
        self.phase = Phase::Peek;
        self.looked = SeatSet::EMPTY;
        self.current = NONE;
        self.next = NONE;
        self.caller = NONE;
        self.turns = 0;
        self.clear_pending();
    }

    /// Pre-round peek: `seat` looks at two of its own cards. When the last player has
    /// looked, the dealer turns up the first card and the first matching window opens.
    pub(crate) fn look(&mut self, seat: u8, a: Slot, b: Slot) {
        if let Some(grid) = self.grids.get_mut(seat as usize) {
            let bit = SeatSet::single(Seat(seat)).0;
            for slot in [a, b] {
                if let Some(seen) = grid.seen.get_mut(slot.0 as usize) {
                    *seen |= bit;
                }
            }
        }
        self.looked.insert(Seat(seat));
        if self.looked.intersection(self.active) == self.active {
            self.flip();
        }
    }

    /// "The dealer turns over the first card of the draw pile"; the window is open and the
    /// first player is next to draw.
    fn flip(&mut self) {
        if let Some(card) = self.draw.pop() {
            self.discard.push(card);
        }
        self.phase = Phase::Window;
        self.current = NONE;
        self.next = self.first;
    }
}
