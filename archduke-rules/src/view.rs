//! What one observer sees, determinization, and the greedy bots' heuristic.
//!
//! A seat sees the face of exactly the cards it has seen since they last moved unseen
//! (its pre-round peek, its draws, its PEEKs, failed matches and cards taken from the
//! discard pile, which everyone sees) and the whole discard pile; for every other position
//! only that a card is there, and who has seen it (peeking is done in plain sight). The
//! spectator sees only what every player sees (duke-core's [`Observer::Spectator`]): the
//! discard pile and the grid faces every seat has seen (a failed match, a card taken from the
//! discard pile). When the game is over every grid is turned face up; between rounds the
//! last round's reveal stays in [`RoundResult::grids`].

use core::fmt;

use duke_core::{Observer, Seat, SeatSet};
use serde::{Deserialize, Serialize};

use crate::cards::{DeckEntry, Face, Power};
use crate::config::{RuleSet, Scoring};
use crate::notation::Slot;
use crate::state::{Archduke, MAX_COLUMNS, NONE, Phase};

/// One grid position as an observer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cell {
    /// No card (an emptied position).
    Empty,
    /// A face-down card the observer has not seen; `seen_by` have seen it.
    Hidden {
        /// Seats that have seen this card's face (on the wire a list of seats, `[0, 2]`).
        #[serde(with = "crate::seat_list")]
        seen_by: SeatSet,
    },
    /// A card whose face the observer knows.
    Known {
        /// The face.
        face: Face,
        /// Seats that have seen this card's face (on the wire a list of seats, `[0, 2]`).
        #[serde(with = "crate::seat_list")]
        seen_by: SeatSet,
    },
}

/// Where the round stands, as everyone sees it (and, in a [`Setup`](crate::Setup), where a
/// position starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Stage {
    /// Pre-round peeking; these seats have not looked yet.
    Peeking {
        /// Seats still to look (on the wire a list of seats).
        #[serde(with = "crate::seat_list")]
        waiting: SeatSet,
    },
    /// `player` has drawn from the draw pile and decides; `card` is shown to him only.
    Deciding {
        /// The drawer.
        player: Seat,
        /// The drawn card, if the observer is the drawer.
        card: Option<Face>,
    },
    /// A matching window is open after `after`'s discard (`None`: the dealer's first card);
    /// `next` draws next (or ends the round).
    Window {
        /// Whose discard opened the window.
        after: Option<Seat>,
        /// Who starts the next turn.
        next: Seat,
    },
    /// The game is over.
    Over,
}

/// The last round's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// Hand value per seat (0 for players out).
    pub hand: Vec<i16>,
    /// Cards per seat.
    pub cards: Vec<u8>,
    /// Place per seat, 1 = lowest hand, 0 = not playing.
    pub place: Vec<u8>,
    /// Who called "Archduke!".
    pub caller: Option<Seat>,
    /// Whether the caller took a penalty card.
    pub caller_penalised: bool,
    /// Every grid as it was turned face up for scoring, positions `a1 a2 b1 ...` (`None` =
    /// an empty position); empty for seats not in the round (and for states saved before
    /// reveals were kept).
    pub grids: Vec<Vec<Option<Face>>>,
}

/// What one observer sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking.
    pub observer: Observer,
    /// Round number, from 1.
    pub round: u16,
    /// The scoring mode.
    pub scoring: Scoring,
    /// The deck table (per deck) and the number of decks: public, from the config.
    pub deck: Vec<DeckEntry>,
    /// Decks combined.
    pub decks: u8,
    /// The stage of the round.
    pub stage: Stage,
    /// The dealer of this round.
    pub dealer: Seat,
    /// Who called "Archduke!" this round.
    pub caller: Option<Seat>,
    /// Turns begun this round.
    pub turns: u16,
    /// Each seat's grid, positions `a1 a2 b1 b2 ...` (two per column).
    pub grids: Vec<Vec<Cell>>,
    /// Seats still in the game (on the wire a list of seats).
    #[serde(with = "crate::seat_list")]
    pub active: SeatSet,
    /// Cards in the draw pile.
    pub draw_pile: u8,
    /// The discard pile, bottom first (every discard was seen face up).
    pub discard: Vec<Face>,
    /// Action cards waiting to be used, first first: who plays it and what it does.
    pub pending: Vec<(Seat, Power)>,
    /// Tokens (box), points (online) or rounds survived (Battle Royal), per seat.
    pub scores: Vec<i32>,
    /// The last round's result, if a round has been scored.
    pub last_round: Option<RoundResult>,
}

impl Archduke {
    /// Whether `observer` sees the face of a grid card seen by the seats `seen`: a seat if it
    /// is among them, the spectator if every seat at the table is (only what every player
    /// sees), everyone once the game is over.
    pub(crate) fn sees(&self, observer: Observer, seen: u16) -> bool {
        self.phase == Phase::Over
            || match observer {
                Observer::Seat(seat) => SeatSet(seen).contains(seat),
                Observer::Spectator => seen & self.everyone() == self.everyone(),
            }
    }

    pub(crate) fn make_view(&self, observer: Observer) -> View {
        let n = self.players();
        let grids = self
            .grids
            .iter()
            .take(n)
            .map(|g| {
                g.cards
                    .iter()
                    .zip(g.seen.iter())
                    .take(g.width())
                    .map(|(&card, &seen)| {
                        if card == NONE {
                            Cell::Empty
                        } else if self.sees(observer, seen) {
                            Cell::Known { face: self.rules.deck.face(card), seen_by: SeatSet(seen) }
                        } else {
                            Cell::Hidden { seen_by: SeatSet(seen) }
                        }
                    })
                    .collect()
            })
            .collect();
        let stage = match self.phase {
            Phase::Peek => Stage::Peeking { waiting: SeatSet(self.active.0 & !self.looked.0 & SeatSet::first_n(n).0) },
            Phase::Holding { card } => Stage::Deciding {
                player: Seat(self.current),
                card: (observer == Observer::Seat(Seat(self.current))).then(|| self.rules.deck.face(card)),
            },
            Phase::Window => {
                Stage::Window { after: (self.current != NONE).then_some(Seat(self.current)), next: Seat(self.next) }
            }
            Phase::Over => Stage::Over,
        };
        let last_round = (self.round > 1 || self.phase == Phase::Over).then(|| RoundResult {
            hand: self.last.hand.iter().take(n).copied().collect(),
            cards: self.last.cards.iter().take(n).copied().collect(),
            place: self.last.place.iter().take(n).copied().collect(),
            caller: (self.last.caller != NONE).then_some(Seat(self.last.caller)),
            caller_penalised: self.last.penalised,
            grids: (0..n)
                .map(|seat| {
                    let playing = self.last.place.get(seat).is_some_and(|&p| p > 0);
                    let faces = self.last.reveal.grid(seat).map(|card| card.map(|c| self.rules.deck.face(c)));
                    if playing { faces.collect() } else { Vec::new() }
                })
                .collect(),
        });
        View {
            observer,
            round: self.round,
            scoring: self.rules.scoring,
            deck: self.rules.deck.table(),
            decks: self.rules.decks,
            stage,
            dealer: Seat(self.dealer),
            caller: (self.caller != NONE).then_some(Seat(self.caller)),
            turns: self.turns,
            grids,
            active: self.active,
            draw_pile: self.draw.len,
            discard: self.discard.as_slice().iter().map(|&c| self.rules.deck.face(c)).collect(),
            pending: self.pending.iter().take(self.pending_len as usize).map(|p| (Seat(p.seat), p.power)).collect(),
            scores: self.scores.iter().take(n).copied().collect(),
            last_round,
        }
    }

    /// Re-deals every card `seat` has not seen (draw pile, unseen grid cards, another
    /// player's drawn card) among the same places, from a generator seeded with `seed`. Cards
    /// are only exchanged within one draw-pile generation: after a reshuffle everyone knows
    /// which cards went into the new draw pile, so an unseen card drawn from it can only be
    /// one of those.
    pub(crate) fn redeal_unseen(&self, seat: Seat, seed: u64) -> Archduke {
        let mut game = *self;
        game.rng = duke_core::GameRng::new(seed);
        if self.phase == Phase::Over {
            return game;
        }
        let mine = SeatSet::single(seat).0;
        let held_unseen = matches!(game.phase, Phase::Holding { .. }) && game.current != seat.0;
        // Generations with an unseen card in a grid; the draw pile and a held card belong to
        // the current one.
        let mut generations = [0u64; 4];
        let mut mark = |g: u8| {
            if let Some(word) = generations.get_mut(g as usize / 64) {
                *word |= 1 << (g % 64);
            }
        };
        mark(game.epoch);
        for grid in &game.grids {
            for ((&card, &seen), &origin) in grid.cards.iter().zip(grid.seen.iter()).zip(grid.origin.iter()) {
                if card != NONE && seen & mine == 0 {
                    mark(origin);
                }
            }
        }
        for generation in 0..=u8::MAX {
            let set = generations.get(generation as usize / 64).is_some_and(|w| w & (1 << (generation % 64)) != 0);
            if set {
                game.redeal_generation(generation, mine, held_unseen);
            }
        }
        game
    }

    fn redeal_generation(&mut self, generation: u8, mine: u16, held_unseen: bool) {
        let current = generation == self.epoch;
        let mut pool = [NONE; crate::config::MAX_CARDS];
        let mut len = 0usize;
        let mut collect = |card: u8| {
            if let Some(slot) = pool.get_mut(len) {
                *slot = card;
                len += 1;
            }
        };
        if current {
            self.draw.as_slice().iter().for_each(|&c| collect(c));
            if let Phase::Holding { card } = self.phase
                && held_unseen
            {
                collect(card);
            }
        }
        let unseen = |card: u8, seen: u16, origin: u8| card != NONE && seen & mine == 0 && origin == generation;
        for grid in &self.grids {
            for ((&card, &seen), &origin) in grid.cards.iter().zip(grid.seen.iter()).zip(grid.origin.iter()) {
                if unseen(card, seen, origin) {
                    collect(card);
                }
            }
        }
        let cards = pool.get_mut(..len).unwrap_or(&mut []);
        self.rng.shuffle(cards);
        let mut next = cards.iter().copied();
        if current {
            for c in self.draw.cards.iter_mut().take(self.draw.len as usize) {
                *c = next.next().unwrap_or(*c);
            }
            if let Phase::Holding { card } = self.phase
                && held_unseen
            {
                self.phase = Phase::Holding { card: next.next().unwrap_or(card) };
            }
        }
        for grid in &mut self.grids {
            for ((card, &seen), &origin) in grid.cards.iter_mut().zip(grid.seen.iter()).zip(grid.origin.iter()) {
                if unseen(*card, seen, origin) {
                    *card = next.next().unwrap_or(*card);
                }
            }
        }
    }
}

/// The heuristic behind [`Game::evaluate`](duke_core::Game::evaluate): the seat's expected
/// hand value, counting known cards at face value and each unknown card of its grid at the
/// mean value of the cards whose faces the view does not show.
pub(crate) fn expected_hand(view: &View, seat: Seat) -> f64 {
    let decks = f64::from(view.decks);
    let total: f64 = view.deck.iter().map(|e| f64::from(e.value) * f64::from(e.copies) * decks).sum();
    let copies: f64 = view.deck.iter().map(|e| f64::from(e.copies) * decks).sum();
    let (mut seen_sum, mut seen_n) = (0.0, 0.0);
    let known = view.grids.iter().flatten().filter_map(|c| match c {
        Cell::Known { face, .. } => Some(*face),
        _ => None,
    });
    for face in view.discard.iter().copied().chain(known) {
        seen_sum += f64::from(face.value);
        seen_n += 1.0;
    }
    let mean_unknown = if copies > seen_n { (total - seen_sum) / (copies - seen_n) } else { 0.0 };
    let Some(grid) = view.grids.get(seat.index()) else { return 0.0 };
    grid.iter()
        .map(|cell| match cell {
            Cell::Empty => 0.0,
            Cell::Hidden { .. } => mean_unknown,
            Cell::Known { face, .. } => f64::from(face.value),
        })
        .sum()
}

impl View {
    /// The rule set whose scoring this view shows.
    pub fn rule_set(&self) -> RuleSet {
        match self.scoring {
            Scoring::Points { .. } => RuleSet::Online,
            _ => RuleSet::Box,
        }
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.observer {
            Observer::Seat(s) => format!("{s}"),
            Observer::Spectator => "spectator".to_owned(),
        };
        writeln!(f, "ARCHDUKE  round {}  turn {}  dealer {}  (view of {who})", self.round, self.turns, self.dealer)?;
        match self.stage {
            Stage::Peeking { waiting } => writeln!(f, "Pre-round peek: waiting for {}", seats(waiting))?,
            Stage::Deciding { player, card: Some(face) } => writeln!(f, "{player} drew {face}: keep <pos> or discard")?,
            Stage::Deciding { player, card: None } => writeln!(f, "{player} drew a card and is deciding")?,
            Stage::Window { after, next } => {
                let after = after.map_or("the first card".to_owned(), |s| format!("{s}'s discard"));
                writeln!(f, "Matching window open after {after}; {next} is next")?;
            }
            Stage::Over => writeln!(f, "Game over")?,
        }
        if let Some(caller) = self.caller {
            writeln!(f, "{caller} called \"Archduke!\" (immune to other players' actions)")?;
        }
        let top = self.discard.last().map_or("(empty)".to_owned(), |c| c.to_string());
        write!(f, "Draw pile: {} cards   Discard pile top: {top}", self.draw_pile)?;
        let below: Vec<String> = self.discard.iter().rev().skip(1).take(5).map(|c| c.to_string()).collect();
        if !below.is_empty() {
            write!(f, "  (below: {})", below.join(" "))?;
        }
        writeln!(f)?;
        if !self.pending.is_empty() {
            let list: Vec<String> = self.pending.iter().map(|(s, p)| format!("{s} {p}")).collect();
            writeln!(f, "Pending actions: {}", list.join(", "))?;
        }
        let unit = match self.scoring {
            Scoring::Tokens { .. } => "tokens",
            Scoring::BattleRoyal => "rounds survived",
            Scoring::Points { .. } => "points",
        };
        for (i, grid) in self.grids.iter().enumerate() {
            let seat = Seat(i as u8);
            let out = if self.active.contains(seat) { "" } else { "  [out]" };
            let me = if self.observer == Observer::Seat(seat) { " (you)" } else { "" };
            let score = self.scores.get(i).copied().unwrap_or(0);
            writeln!(f, "{seat}{me}: {score} {unit}{out}")?;
            let columns = grid.len() / 2;
            let header: String = (0..columns).map(|c| format!("  {}  ", column_letter(c))).collect();
            writeln!(f, "     {header}")?;
            for row in 0..2 {
                let cells: String = (0..columns)
                    .map(|c| match grid.get(c * 2 + row) {
                        Some(Cell::Known { face, .. }) => format!("[{face:>3}]"),
                        Some(Cell::Hidden { .. }) => "[ ? ]".to_owned(),
                        Some(Cell::Empty) => "[ --]".to_owned(),
                        None => "     ".to_owned(),
                    })
                    .collect();
                writeln!(f, "  {}  {cells}", row + 1)?;
            }
        }
        if let Some(last) = &self.last_round {
            let list: Vec<String> = last
                .place
                .iter()
                .enumerate()
                .filter(|&(_, &p)| p > 0)
                .map(|(i, p)| format!("P{i}: {} (place {p})", last.hand.get(i).copied().unwrap_or(0)))
                .collect();
            writeln!(f, "Last round: {}", list.join(", "))?;
            // The reveal every player saw at the round's end (Round scoring: all grids are
            // turned face up), so a terminal client shows what the events announced.
            for (i, grid) in last.grids.iter().enumerate().filter(|(_, g)| !g.is_empty()) {
                let cards: Vec<String> = grid
                    .iter()
                    .enumerate()
                    .map(|(slot, face)| {
                        let slot = Slot(u8::try_from(slot).unwrap_or(u8::MAX));
                        face.map_or(format!("{slot} --"), |face| format!("{slot} {face}"))
                    })
                    .collect();
                writeln!(f, "  P{i} revealed {}", cards.join(" "))?;
            }
        }
        Ok(())
    }
}

/// The letter of grid column `c` (`a` to `p`); `?` beyond, which only a tampered view holds.
fn column_letter(c: usize) -> char {
    u8::try_from(c).ok().filter(|&c| usize::from(c) < usize::from(MAX_COLUMNS)).map_or('?', |c| char::from(b'a' + c))
}

fn seats(set: SeatSet) -> String {
    set.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" ")
}
