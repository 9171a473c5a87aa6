//! [`Setup`] to game and back: [`Archduke::from_setup`] places the cards and derives the
//! fields a setup does not name, [`Archduke::to_setup`] writes every field out, and the
//! state's serde goes through [`Setup`] (so a saved game is checked like any setup). The
//! checks themselves are in `invariants.rs`.

use std::collections::BTreeMap;

use duke_core::{GameRng, Seat, SeatSet};

use crate::cards::{Deck, Face, MAX_KINDS, Power};
use crate::config::{MAX_PENDING, MAX_PLAYERS};
use crate::notation::Slot;
use crate::reveal::Reveal;
use crate::setup::{Setup, SetupError, SetupGrid};
use crate::state::{Archduke, Grid, LastRound, MAX_SLOTS, NONE, Pending, Phase, Stack};
use crate::view::{RoundResult, Stage};

/// The cards not placed yet: copies left of each kind.
struct Pool {
    deck: Deck,
    left: [u32; MAX_KINDS],
}

impl Pool {
    fn take(&mut self, face: Face) -> Result<u8, SetupError> {
        let kind = self.deck.kind_of(face).ok_or(SetupError::UnknownCard(face))?;
        match self.left.get_mut(kind as usize) {
            Some(left) if *left > 0 => {
                *left -= 1;
                Ok(kind)
            }
            _ => Err(SetupError::TooManyCopies(face)),
        }
    }

    /// Every card left, in deck-table order (the order a fresh deck is shuffled from).
    fn rest(&self) -> Stack {
        let mut stack = Stack::EMPTY;
        for (kind, &copies) in (0..self.deck.kinds).zip(self.left.iter()) {
            (0..copies).for_each(|_| stack.push(kind));
        }
        stack
    }
}

fn seat_ok(seat: Seat, players: usize) -> Result<u8, SetupError> {
    if seat.index() < players { Ok(seat.0) } else { Err(SetupError::NoSuchSeat(seat)) }
}

fn per_seat(list: &'static str, found: usize, expected: usize) -> Result<(), SetupError> {
    if found == expected { Ok(()) } else { Err(SetupError::PerSeat { list, expected, found }) }
}

/// Writes one seat's grid; what it says of positions beyond the grid or without a card is
/// written too, so that the checks report it.
fn place_grid(seat: u8, setup: &SetupGrid, pool: &mut Pool) -> Result<Grid, SetupError> {
    let positions = setup.cards.len();
    let width = positions.max(4).next_multiple_of(2);
    if width > MAX_SLOTS {
        return Err(SetupError::GridSize { seat: Seat(seat), positions });
    }
    let mut grid = Grid::EMPTY;
    grid.columns = (width / 2) as u8;
    for (slot, face) in setup.cards.iter().enumerate() {
        if let Some(face) = face
            && let Some(card) = grid.cards.get_mut(slot)
        {
            *card = pool.take(*face)?;
            grid.occupied |= 1 << slot;
        }
    }
    let no_card = |slot: Slot| SetupError::NoCard { seat: Seat(seat), slot };
    for (&slot, seen) in &setup.seen {
        *grid.seen.get_mut(slot.0 as usize).ok_or(no_card(slot))? |= seen.0;
    }
    for slot in setup.looked.iter().flatten() {
        *grid.seen.get_mut(slot.0 as usize).ok_or(no_card(*slot))? |= SeatSet::single(Seat(seat)).0;
    }
    for (&slot, &pile) in &setup.drawn_from {
        *grid.origin.get_mut(slot.0 as usize).ok_or(no_card(slot))? = pile;
    }
    Ok(grid)
}

/// The last round's result as stored, from its public form.
fn last_round(result: &RoundResult, players: usize, deck: &Deck) -> Result<LastRound, SetupError> {
    per_seat("the last round's hands", result.hand.len(), players)?;
    per_seat("the last round's card counts", result.cards.len(), players)?;
    per_seat("the last round's places", result.place.len(), players)?;
    let mut last = LastRound::NONE;
    last.hand.iter_mut().zip(&result.hand).for_each(|(a, &b)| *a = b);
    last.cards.iter_mut().zip(&result.cards).for_each(|(a, &b)| *a = b);
    last.place.iter_mut().zip(&result.place).for_each(|(a, &b)| *a = b);
    last.caller = result.caller.map(|s| seat_ok(s, players)).transpose()?.unwrap_or(NONE);
    last.penalised = result.caller_penalised;
    if !result.grids.is_empty() && result.grids.len() != players {
        return Err(SetupError::Reveal { found: result.grids.len() });
    }
    for (seat, faces) in result.grids.iter().enumerate() {
        let positions = faces.len();
        if positions != 0 && (positions % 2 != 0 || !(4..=MAX_SLOTS).contains(&positions)) {
            return Err(SetupError::GridSize { seat: Seat(seat as u8), positions });
        }
        let cards = faces
            .iter()
            .map(|face| face.map(|f| deck.kind_of(f).ok_or(SetupError::UnknownCard(f))).transpose())
            .collect::<Result<Vec<_>, _>>()?;
        last.reveal.set(seat, (positions / 2) as u8, cards.into_iter());
    }
    Ok(last)
}

impl Archduke {
    /// Validates a setup into a game: a typed error, never a panic, never a state that
    /// [`validate`](duke_core::Game::validate) would refuse or where a seat that may act has
    /// no legal action (see [`Setup`] for every check and default).
    pub fn from_setup(setup: &Setup) -> Result<Archduke, SetupError> {
        let rules = setup.config.compile()?;
        let n = rules.players as usize;
        let mut rng = match setup.generator {
            Some(g) if g.seed() != setup.seed => {
                return Err(SetupError::GeneratorSeed { seed: setup.seed, found: g.seed() });
            }
            Some(g) => g,
            None => GameRng::new(setup.seed),
        };
        let mut game = Archduke {
            rules,
            rng,
            round: setup.round,
            phase: Phase::Peek,
            dealer: NONE,
            first: NONE,
            current: NONE,
            next: NONE,
            caller: setup.caller.map(|s| seat_ok(s, n)).transpose()?.unwrap_or(NONE),
            turns: setup.turns,
            looked: SeatSet::EMPTY,
            active: SeatSet::first_n(n),
            final_round: setup.final_round,
            epoch: setup.reshuffles,
            draw: Stack::EMPTY,
            discard: Stack::EMPTY,
            grids: [Grid::EMPTY; MAX_PLAYERS],
            pending: [Pending { seat: NONE, power: Power::Peek }; MAX_PENDING],
            pending_len: 0,
            scores: [0; MAX_PLAYERS],
            out_round: [0; MAX_PLAYERS],
            last: LastRound::NONE,
        };
        for (&seat, &round) in &setup.eliminated {
            let s = seat_ok(seat, n)?;
            game.active.remove(seat);
            if let Some(out) = game.out_round.get_mut(s as usize) {
                *out = round;
            }
        }
        if !setup.scores.is_empty() {
            per_seat("scores", setup.scores.len(), n)?;
            game.scores.iter_mut().zip(&setup.scores).for_each(|(a, &b)| *a = b);
        }
        if let Some(result) = &setup.last_round {
            game.last = last_round(result, n, &rules.deck)?;
        }
        if setup.pending.len() > MAX_PENDING {
            return Err(SetupError::TooManyPending(setup.pending.len()));
        }
        for &(seat, power) in &setup.pending {
            game.push_pending(seat_ok(seat, n)?, power);
        }
        // Who deals and who plays first; a dealer left to chance is drawn as `Game::new` does.
        let (dealer, first) = match (setup.dealer, setup.first) {
            (Some(d), Some(f)) => (seat_ok(d, n)?, seat_ok(f, n)?),
            (Some(d), None) => (seat_ok(d, n)?, game.next_active(d.0)),
            (None, Some(f)) => (game.previous_active(seat_ok(f, n)?), f.0),
            (None, None) => {
                let d = rules.dealer.unwrap_or_else(|| rng.below(n as u32) as u8);
                (d, game.next_active(d))
            }
        };
        game.dealer = dealer;
        game.first = first;
        let mut pool = Pool { deck: rules.deck, left: [0; MAX_KINDS] };
        pool.left.iter_mut().enumerate().for_each(|(k, left)| *left = rules.copies(k as u8));
        match setup.stage {
            Stage::Peeking { waiting } => {
                game.looked = SeatSet(game.active.0 & !waiting.0);
            }
            Stage::Deciding { player, card } => {
                let card = pool.take(card.ok_or(SetupError::DrawnCard)?)?;
                game.phase = Phase::Holding { card };
                game.current = seat_ok(player, n)?;
                game.next = game.current;
                game.looked = game.active;
            }
            Stage::Window { after, next } => {
                game.phase = Phase::Window;
                game.current = after.map(|s| seat_ok(s, n)).transpose()?.unwrap_or(NONE);
                game.next = seat_ok(next, n)?;
                game.looked = game.active;
            }
            Stage::Over => {
                game.phase = Phase::Over;
                // Everyone ranked in the last round was in it, and so had looked.
                game.looked =
                    (0..n).filter(|&s| game.last.place.get(s).is_some_and(|&p| p > 0)).map(|s| Seat(s as u8)).collect();
            }
        }
        if !setup.grids.is_empty() {
            per_seat("grids", setup.grids.len(), n)?;
            for (seat, (grid, given)) in game.grids.iter_mut().zip(&setup.grids).enumerate() {
                *grid = place_grid(seat as u8, given, &mut pool)?;
            }
        }
        for &face in &setup.discard {
            game.discard.push(pool.take(face)?);
        }
        let on_top = setup.draw.iter().map(|&face| pool.take(face)).collect::<Result<Vec<u8>, _>>()?;
        game.draw = pool.rest();
        let len = game.draw.len as usize;
        if len > 0
            && let Some(cards) = game.draw.cards.get_mut(..len)
        {
            rng.shuffle(cards);
        }
        if setup.grids.is_empty() {
            // Dealt as at the start of a round: 4 cards each, clockwise from the first player.
            let active = game.active;
            for seat in duke_core::clockwise_from(Seat(first), n).filter(|&s| active.contains(s)) {
                for _ in 0..4 {
                    if let Some(card) = game.draw.pop()
                        && let Some(grid) = game.grids.get_mut(seat.index())
                    {
                        grid.add_penalty(card, 0, 0);
                    }
                }
            }
        }
        on_top.iter().for_each(|&card| game.draw.push(card));
        game.rng = rng;
        game.check()?;
        Ok(game)
    }

    /// The setup that [`from_setup`](Archduke::from_setup) turns back into this exact state:
    /// every field written out (the whole draw pile in order, who has seen each card, the
    /// generator where it stands).
    pub fn to_setup(&self) -> Setup {
        let n = self.players();
        let deck = &self.rules.deck;
        let face = |card: u8| deck.face(card);
        let grids = self
            .grids
            .iter()
            .take(n)
            .map(|g| {
                let slots = (0..g.width() as u8).map(Slot);
                SetupGrid {
                    cards: slots.clone().map(|s| g.card(s.0).map(face)).collect(),
                    looked: None,
                    seen: slots
                        .clone()
                        .filter_map(|s| g.seen.get(s.0 as usize).filter(|&&m| m != 0).map(|&m| (s, SeatSet(m))))
                        .collect(),
                    drawn_from: slots
                        .filter_map(|s| g.origin.get(s.0 as usize).filter(|&&o| o != 0).map(|&o| (s, o)))
                        .collect(),
                }
            })
            .collect();
        let seat = |s: u8| (s != NONE).then_some(Seat(s));
        let stage = match self.phase {
            Phase::Peek => Stage::Peeking { waiting: SeatSet(self.active.0 & !self.looked.0) },
            Phase::Holding { card } => Stage::Deciding { player: Seat(self.current), card: Some(face(card)) },
            Phase::Window => Stage::Window { after: seat(self.current), next: Seat(self.next) },
            Phase::Over => Stage::Over,
        };
        let eliminated: BTreeMap<Seat, u16> = (0..n as u8)
            .filter(|&s| !self.active.contains(Seat(s)))
            .map(|s| (Seat(s), self.out_round.get(s as usize).copied().unwrap_or(0)))
            .collect();
        let last_round = (self.last != LastRound::NONE).then(|| RoundResult {
            hand: self.last.hand.iter().take(n).copied().collect(),
            cards: self.last.cards.iter().take(n).copied().collect(),
            place: self.last.place.iter().take(n).copied().collect(),
            caller: seat(self.last.caller),
            caller_penalised: self.last.penalised,
            grids: if self.last.reveal == Reveal::NONE {
                Vec::new()
            } else {
                (0..n).map(|s| self.last.reveal.grid(s).map(|c| c.map(face)).collect()).collect()
            },
        });
        Setup {
            config: self.rules.to_config(),
            seed: self.rng.seed(),
            generator: Some(self.rng),
            round: self.round,
            dealer: Some(Seat(self.dealer)),
            first: Some(Seat(self.first)),
            stage,
            turns: self.turns,
            caller: seat(self.caller),
            grids,
            draw: self.draw.as_slice().iter().map(|&c| face(c)).collect(),
            discard: self.discard.as_slice().iter().map(|&c| face(c)).collect(),
            pending: self.pending.iter().take(self.pending_len as usize).map(|p| (Seat(p.seat), p.power)).collect(),
            reshuffles: self.epoch,
            scores: self.scores.iter().take(n).copied().collect(),
            eliminated,
            final_round: self.final_round,
            last_round,
        }
    }
}

impl From<Archduke> for Setup {
    fn from(game: Archduke) -> Setup {
        game.to_setup()
    }
}

impl TryFrom<Setup> for Archduke {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<Archduke, SetupError> {
        Archduke::from_setup(&setup)
    }
}
