//! The learning surface ([`duke_core::Learning`], issue #27): fixed action indices, masks,
//! observation tensors and returns, the same for every config (Ace rules, rounds,
//! multi-round scoring, reshuffle timing, turn limit and first player change no index and no
//! length).
//!
//! # Action index ([`ACTION_COUNT`] = 18 469)
//!
//! The engine cuts a turn into single steps (one card to the table at a time, the table kept
//! as a set of cards and rearranged implicitly), so there are no meld actions to index: a
//! meld is built card by card with `play`. A card's *colour position* is its place, 0..26,
//! among the 26 cards of its colour in card-index order (clubs A-K then spades A-K for black,
//! diamonds then hearts for red); seat 0 plays the black cards, seat 1 the red ones, so every
//! two-card and three-card action names cards of one colour.
//!
//! | first index | count | actions |
//! |---|---|---|
//! | [`DRAWS`] = 0 | 5 | `draw 0`, `draw 1`, `draw 2`, `draw 1 discards`, `draw 2 discards` |
//! | [`PLAYS`] = 5 | 52 | `play C`, by card index |
//! | [`PICK_UPS`] = 57 | 52 | `pickup C`, by card index |
//! | [`SWAPS`] = 109 | 1 300 | `swap D W`: colour × DUKE position × replacement position (an ordered pair of distinct cards of one colour, 650 per colour) |
//! | [`REFILLS`] = 1 409 | 52 | `duke C`, by card index |
//! | [`MOVE`] = 1 461, [`RETURN`] = 1 462 | 2 | `move`, `return` |
//! | [`DISCARDS`] = 1 463 | 52 | `discard C`, by card index |
//! | [`DISCARD_TWOS`] = 1 515 | 1 300 | `discard A B` (B ends on top), as the swaps |
//! | [`BURY`] = 2 815 | 1 | `bury` |
//! | [`DISCARD_TABLES`] = 2 816 | 52 | `discard table C`, by card index |
//! | [`END`] = 2 868 | 1 | `end` |
//! | [`CHOOSES`] = 2 869 | 15 600 | `castle C dukes A B`: colour × CASTLE position (26) × the unordered pair of DUKES among the other 25 cards (300, in lexicographic order of their positions with the CASTLE's removed) |
//!
//! Every action the engine can list has exactly one index and every index one action; an
//! action the engine never lists (`draw 0 discards`, two cards of different colours, DUKES
//! written higher card first) has none. The choice of CASTLE and DUKES is most of the space:
//! any three cards of a colour can be the four dealt.
//!
//! # Observation ([`OBSERVATION_LEN`] = 733 values, shape `[733]`)
//!
//! Only what [`Game::view`](duke_core::Game::view) shows the observer, read from the view's
//! sources without building it. Seats are in absolute order (seat 0, black, first); the
//! observer is one-hot in the globals.
//!
//! Card planes, 13 × 52 values, each indexed by card index (0/1 unless said):
//!
//! | plane | content |
//! |---|---|
//! | 0 | the table |
//! | 1 + 6s | seat s's hand cards the observer knows (all for its owner; picked-up DUKES and cards drawn back in plain sight for the others) |
//! | 2 + 6s | seat s's DUKES the observer sees (its own always; everyone's once both have chosen) |
//! | 3 + 6s | seat s's CASTLE face down, known (to its owner only) |
//! | 4 + 6s | seat s's CASTLE face up in place |
//! | 5 + 6s | seat s's CASTLE on the table |
//! | 6 + 6s | seat s's discard pile, the cards the observer knows: `1 - d/26` for a card `d` cards below the top (a face-down pair whose order the observer does not know is placed lower card below, as the view shows it) |
//!
//! Then 13 values per seat (seat 0, then seat 1): hand size / 26, draw pile size / 26,
//! discard pile size / 26, DUKES chosen but still hidden / 2, the CASTLE one-hot (not
//! chosen, hidden, face down and known, face up, on the table), whether it has chosen this
//! round, points of finished rounds / (26 × rounds), rounds won / rounds, and its count in
//! the last finished round / 26.
//!
//! Then 31 globals: the observer one-hot (seat 0, seat 1, spectator or a seat the game does
//! not have), the phase one-hot
//! (choosing, draw, play, over), the seat to move one-hot (in the choosing step, the round's
//! first player), round / rounds, rounds / 99, turns of the round / the turn limit (without
//! one, turns / 1000, at most 1), whether there is a turn limit, this turn's flags (acted,
//! DUKE slot 0 touched, slot 1 touched, refilled, CASTLE returned, last turn), whether a
//! round has finished, and the config: Ace rule one-hot (low, high, low or high, around),
//! multi-round scoring one-hot (add scores, count wins), reshuffle one-hot (when needed, at
//! once), first player one-hot (seat 0, seat 1, drawn).
//!
//! # Returns
//!
//! Zero-sum win/loss/draw: +1 for the seat with the higher final score once the game is
//! over ([`MultiRound::AddScores`]: cards counted over all rounds; [`MultiRound::CountWins`]:
//! rounds won), -1 for the other, 0 each on a tie. A game of several rounds credits each
//! round when it is scored, so that a learner is rewarded at round ends: between rounds a
//! seat's return is half the lead it has built in finished rounds, squashed into (-1/2, 1/2)
//! (`tanh(lead / 50) / 2` of the points, or `lead / rounds / 2` of the rounds won); the end
//! brings it to the result. A game of one round pays at its end only.

use duke_core::{BufferLength, Card, CardSet, Colour, Learning, Observer, Seat, Shape, Utility};

use crate::actions::{Action, Source};
use crate::config::{MultiRound, Reshuffle};
use crate::game::DukesUp;
use crate::meld::AceRule;
use crate::state::{CastleState, Phase, Player, Position};

/// Cards of one colour.
const HALF: usize = 26;
/// Ordered pairs of distinct cards of one colour.
const PAIRS: usize = HALF * (HALF - 1);
/// Unordered pairs among 25 cards.
const DUKE_PAIRS: usize = 25 * 24 / 2;
/// Choices of CASTLE and DUKES of one colour.
const CHOICES: usize = HALF * DUKE_PAIRS;

/// First index of the draws.
pub const DRAWS: usize = 0;
/// First index of `play C`.
pub const PLAYS: usize = DRAWS + 5;
/// First index of `pickup C`.
pub const PICK_UPS: usize = PLAYS + 52;
/// First index of `swap D W`.
pub const SWAPS: usize = PICK_UPS + 52;
/// First index of `duke C`.
pub const REFILLS: usize = SWAPS + 2 * PAIRS;
/// The index of `move`.
pub const MOVE: usize = REFILLS + 52;
/// The index of `return`.
pub const RETURN: usize = MOVE + 1;
/// First index of `discard C`.
pub const DISCARDS: usize = RETURN + 1;
/// First index of `discard A B`.
pub const DISCARD_TWOS: usize = DISCARDS + 52;
/// The index of `bury`.
pub const BURY: usize = DISCARD_TWOS + 2 * PAIRS;
/// First index of `discard table C`.
pub const DISCARD_TABLES: usize = BURY + 1;
/// The index of `end`.
pub const END: usize = DISCARD_TABLES + 52;
/// First index of `castle C dukes A B`.
pub const CHOOSES: usize = END + 1;
/// The number of distinct actions, in every config.
pub const ACTION_COUNT: usize = CHOOSES + 2 * CHOICES;

/// Card planes of the observation.
const PLANES: usize = 13;
/// Values per seat after the planes.
const SEAT_VALUES: usize = 13;
/// Global values at the end.
const GLOBALS: usize = 31;
/// The length of every observation.
pub const OBSERVATION_LEN: usize = PLANES * 52 + 2 * SEAT_VALUES + GLOBALS;

/// 0 for black, 1 for red.
fn colour_index(colour: Colour) -> usize {
    usize::from(colour == Colour::Red)
}

/// The card's colour (0 black, 1 red) and its position 0..26 among the cards of its colour.
fn colour_pos(card: Card) -> (usize, usize) {
    let colour = card.colour();
    let below = (1u64 << card.index()) - 1;
    let pos = (CardSet::colour(colour).bits() & below).count_ones() as usize;
    (colour_index(colour), pos)
}

/// The card at `pos` among the cards of colour `colour` (0 black, 1 red).
fn colour_card(colour: usize, pos: usize) -> Option<Card> {
    let colour = if colour == 0 { Colour::Black } else { Colour::Red };
    CardSet::colour(colour).iter().nth(pos)
}

/// An ordered pair of distinct cards of one colour: colour × first × second (650 a colour).
fn pair_index(a: Card, b: Card) -> Option<usize> {
    let ((ca, pa), (cb, pb)) = (colour_pos(a), colour_pos(b));
    if ca != cb || pa == pb {
        return None;
    }
    Some(ca * PAIRS + pa * (HALF - 1) + if pb > pa { pb - 1 } else { pb })
}

/// The inverse of [`pair_index`].
fn index_pair(r: usize) -> Option<(Card, Card)> {
    let (colour, r) = (r / PAIRS, r % PAIRS);
    let (pa, t) = (r / (HALF - 1), r % (HALF - 1));
    let pb = if t < pa { t } else { t + 1 };
    Some((colour_card(colour, pa)?, colour_card(colour, pb)?))
}

/// The number of unordered pairs `(i, j)`, `i < j < 25`, before row `i`.
fn row_start(i: usize) -> usize {
    i * (2 * 25 - i - 1) / 2
}

/// A choice of CASTLE and DUKES (lower DUKE first, all three of one colour).
fn choose_index(castle: Card, [a, b]: [Card; 2]) -> Option<usize> {
    let ((cc, k), (ca, i), (cb, j)) = (colour_pos(castle), colour_pos(a), colour_pos(b));
    if cc != ca || cc != cb || i >= j || i == k || j == k {
        return None;
    }
    // Positions among the 25 cards left once the CASTLE is set aside.
    let skip = |p: usize| if p > k { p - 1 } else { p };
    let (i, j) = (skip(i), skip(j));
    Some(cc * CHOICES + k * DUKE_PAIRS + row_start(i) + (j - i - 1))
}

/// The inverse of [`choose_index`].
fn index_choose(r: usize) -> Option<Action> {
    let (colour, r) = (r / CHOICES, r % CHOICES);
    let (k, p) = (r / DUKE_PAIRS, r % DUKE_PAIRS);
    let i = (0..24).rev().find(|&i| row_start(i) <= p)?;
    let j = i + 1 + (p - row_start(i));
    let unskip = |q: usize| if q >= k { q + 1 } else { q };
    let card = |q: usize| colour_card(colour, q);
    Some(Action::Choose { castle: card(k)?, dukes: [card(unskip(i))?, card(unskip(j))?] })
}

/// The index of an action, config-independent.
pub(crate) fn action_index(action: Action) -> Option<usize> {
    let card = |c: Card| usize::from(c.index());
    match action {
        Action::Draw { source: Source::DrawPile, count } if count <= 2 => Some(DRAWS + usize::from(count)),
        Action::Draw { source: Source::Discards, count } if (1..=2).contains(&count) => {
            Some(DRAWS + 2 + usize::from(count))
        }
        Action::Draw { .. } => None,
        Action::Play(c) => Some(PLAYS + card(c)),
        Action::PickUp(c) => Some(PICK_UPS + card(c)),
        Action::Swap { duke, with } => pair_index(duke, with).map(|r| SWAPS + r),
        Action::Refill(c) => Some(REFILLS + card(c)),
        Action::Move => Some(MOVE),
        Action::Return => Some(RETURN),
        Action::Discard(c) => Some(DISCARDS + card(c)),
        Action::DiscardTwo(a, b) => pair_index(a, b).map(|r| DISCARD_TWOS + r),
        Action::Bury => Some(BURY),
        Action::DiscardTable(c) => Some(DISCARD_TABLES + card(c)),
        Action::End => Some(END),
        Action::Choose { castle, dukes } => choose_index(castle, dukes).map(|r| CHOOSES + r),
    }
}

/// The action of an index, config-independent.
pub(crate) fn index_action(index: usize) -> Option<Action> {
    let card = |i: usize| Card::from_index(u8::try_from(i).ok()?);
    let draw = |source, count| Action::Draw { source, count };
    Some(match index {
        i if i < PLAYS => match i - DRAWS {
            n @ 0..=2 => draw(Source::DrawPile, n as u8),
            n => draw(Source::Discards, (n - 2) as u8),
        },
        i if i < PICK_UPS => Action::Play(card(i - PLAYS)?),
        i if i < SWAPS => Action::PickUp(card(i - PICK_UPS)?),
        i if i < REFILLS => {
            let (duke, with) = index_pair(i - SWAPS)?;
            Action::Swap { duke, with }
        }
        i if i < MOVE => Action::Refill(card(i - REFILLS)?),
        MOVE => Action::Move,
        RETURN => Action::Return,
        i if i < DISCARD_TWOS => Action::Discard(card(i - DISCARDS)?),
        i if i < BURY => {
            let (a, b) = index_pair(i - DISCARD_TWOS)?;
            Action::DiscardTwo(a, b)
        }
        BURY => Action::Bury,
        i if i < END => Action::DiscardTable(card(i - DISCARD_TABLES)?),
        END => Action::End,
        i if i < ACTION_COUNT => index_choose(i - CHOOSES)?,
        _ => return None,
    })
}

/// Writes values one after another into a buffer of the checked length.
struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Writer<'_> {
    fn put(&mut self, value: f32) {
        if let Some(slot) = self.out.get_mut(self.at) {
            *slot = value;
        }
        self.at += 1;
    }

    fn flag(&mut self, on: bool) {
        self.put(if on { 1.0 } else { 0.0 });
    }

    /// A one-hot group of `n` values with `which` set.
    fn one_hot(&mut self, which: usize, n: usize) {
        for i in 0..n {
            self.flag(i == which);
        }
    }

    /// A plane of 52 values, 1 for the cards of `set`.
    fn plane(&mut self, set: CardSet) {
        for i in 0..52u8 {
            self.flag(Card::from_index(i).is_some_and(|c| set.contains(c)));
        }
    }

    /// A plane of 52 values holding `values` (card, value) and 0 elsewhere.
    fn valued_plane(&mut self, values: &[Option<Card>], value: impl Fn(usize) -> f32) {
        let base = self.at;
        for (i, card) in values.iter().enumerate() {
            if let Some(slot) = card.and_then(|c| self.out.get_mut(base + usize::from(c.index()))) {
                *slot = value(i);
            }
        }
        self.at = base + 52;
    }
}

/// Seat `s`'s discard pile as `observer` sees it (as the view lists it): the known cards,
/// bottom first, each face-down pair of known cards whose order the observer does not know
/// put lower card first. Returns the pile's length.
fn seen_discards(p: &Player, own: bool, out: &mut [Option<Card>; HALF]) -> usize {
    let known = if own { p.discards.owner_known } else { p.discards.public };
    let pairs = if own { 0 } else { p.discards.pairs };
    let pile = p.discards.pile.as_slice();
    for (i, (slot, &card)) in out.iter_mut().zip(pile).enumerate() {
        *slot = (known >> i & 1 == 1).then_some(card);
    }
    for i in 0..pile.len() {
        if pairs >> i & 1 == 1
            && let Some(pair) = out.get_mut(i..i + 2)
        {
            pair.sort_unstable();
        }
    }
    pile.len()
}

/// The card planes of seat `s`.
fn seat_planes(pos: &Position, seat: Seat, observer: Observer, w: &mut Writer<'_>) {
    let p = pos.player(seat);
    let own = observer == Observer::Seat(seat);
    let revealed = pos.phase != Phase::Choosing;
    let castle = |state: CastleState| -> CardSet { p.castle.filter(|_| p.castle_state == state).into_iter().collect() };
    w.plane(if own { p.hand } else { p.hand_public });
    w.plane(if own || revealed { p.duke_set() } else { CardSet::EMPTY });
    w.plane(if own { castle(CastleState::FaceDown) } else { CardSet::EMPTY });
    w.plane(castle(CastleState::FaceUp));
    w.plane(castle(CastleState::OnTable));
    let mut seen = [None; HALF];
    let len = seen_discards(p, own, &mut seen);
    w.valued_plane(&seen, |i| 1.0 - (len.saturating_sub(i + 1)) as f32 / HALF as f32);
}

/// The 13 values of seat `s` after the planes.
fn seat_values(pos: &Position, seat: Seat, observer: Observer, w: &mut Writer<'_>) {
    let p = pos.player(seat);
    let own = observer == Observer::Seat(seat);
    let revealed = pos.phase != Phase::Choosing;
    let rounds = f32::from(pos.config.rounds.max(1));
    let i = seat.index();
    w.put(p.hand.len() as f32 / HALF as f32);
    w.put(p.draw.len() as f32 / HALF as f32);
    w.put(p.discards.pile.len() as f32 / HALF as f32);
    let hidden = if own || revealed { 0 } else { p.dukes.iter().flatten().count() };
    w.put(hidden as f32 / 2.0);
    let castle = match (p.castle, p.castle_state) {
        (None, _) => 0,
        (Some(_), CastleState::FaceDown) if !own => 1,
        (Some(_), CastleState::FaceDown) => 2,
        (Some(_), CastleState::FaceUp) => 3,
        (Some(_), CastleState::OnTable) => 4,
    };
    w.one_hot(castle, 5);
    w.flag(pos.chosen.get(i).copied().unwrap_or(false));
    w.put(pos.points.get(i).copied().unwrap_or(0) as f32 / (HALF as f32 * rounds));
    w.put(f32::from(pos.wins.get(i).copied().unwrap_or(0)) / rounds);
    w.put(pos.last_round.and_then(|l| l.get(i).copied()).unwrap_or(0) as f32 / HALF as f32);
}

/// The 31 globals.
fn globals(pos: &Position, observer: Observer, w: &mut Writer<'_>) {
    let config = &pos.config;
    w.one_hot(
        match observer {
            Observer::Seat(Seat(0)) => 0,
            Observer::Seat(Seat(1)) => 1,
            // A seat the game does not have knows what a spectator knows.
            _ => 2,
        },
        3,
    );
    w.one_hot(
        match pos.phase {
            Phase::Choosing => 0,
            Phase::Draw => 1,
            Phase::Play => 2,
            Phase::Over => 3,
        },
        4,
    );
    w.one_hot(pos.current.index(), 2);
    w.put(f32::from(pos.round) / f32::from(config.rounds.max(1)));
    w.put(f32::from(config.rounds) / 99.0);
    w.put(match config.turn_limit {
        Some(limit) => pos.turns as f32 / limit.max(1) as f32,
        None => pos.turns.min(1000) as f32 / 1000.0,
    });
    w.flag(config.turn_limit.is_some());
    let t = pos.turn;
    let [touched0, touched1] = t.touched;
    for flag in [t.acted, touched0, touched1, t.refilled, t.castle_returned, t.last_turn] {
        w.flag(flag);
    }
    w.flag(pos.last_round.is_some());
    w.one_hot(
        match config.ace {
            AceRule::Low => 0,
            AceRule::High => 1,
            AceRule::LowOrHigh => 2,
            AceRule::Around => 3,
        },
        4,
    );
    w.flag(config.multi_round == MultiRound::AddScores);
    w.flag(config.multi_round == MultiRound::CountWins);
    w.flag(config.reshuffle == Reshuffle::WhenNeeded);
    w.flag(config.reshuffle == Reshuffle::AtOnce);
    w.one_hot(config.first_player.map_or(2, Seat::index), 3);
}

impl Learning for DukesUp {
    /// [`ACTION_COUNT`] in every config: see the [module docs](self).
    fn action_count(&self) -> usize {
        ACTION_COUNT
    }

    fn action_index(&self, action: Action) -> Option<usize> {
        action_index(action)
    }

    fn index_action(&self, index: usize) -> Option<Action> {
        index_action(index)
    }

    /// `[733]` in every config: see the [module docs](self).
    fn observation_shape(&self) -> Shape {
        Shape::new(&[OBSERVATION_LEN])
    }

    fn observe(&self, observer: Observer, out: &mut [f32]) -> Result<(), BufferLength> {
        BufferLength::check(OBSERVATION_LEN, out.len())?;
        out.fill(0.0);
        let pos = &self.0;
        let mut w = Writer { out, at: 0 };
        w.plane(pos.table);
        for seat in [Seat(0), Seat(1)] {
            seat_planes(pos, seat, observer, &mut w);
        }
        for seat in [Seat(0), Seat(1)] {
            seat_values(pos, seat, observer, &mut w);
        }
        globals(pos, observer, &mut w);
        Ok(())
    }

    /// +1 / -1 by the final scores once over (0 each on a tie); between the rounds of a
    /// longer game, half the lead of the finished rounds, squashed (see the module docs).
    fn returns(&self, out: &mut [f64]) -> Result<(), BufferLength> {
        BufferLength::check(2, out.len())?;
        let pos = &self.0;
        let first = if pos.phase == Phase::Over {
            let [a, b] = crate::scoring::running_scores(pos);
            match a.cmp(&b) {
                core::cmp::Ordering::Greater => 1.0,
                core::cmp::Ordering::Less => -1.0,
                core::cmp::Ordering::Equal => 0.0,
            }
        } else {
            match pos.config.multi_round {
                MultiRound::AddScores => {
                    let [a, b] = pos.points.map(f64::from);
                    ((a - b) / 50.0).tanh() / 2.0
                }
                MultiRound::CountWins => {
                    let [a, b] = pos.wins.map(f64::from);
                    (a - b) / f64::from(pos.config.rounds.max(1)) / 2.0
                }
            }
        };
        out.copy_from_slice(&[first, -first]);
        Ok(())
    }

    fn return_bounds(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }

    fn utility(&self) -> Utility {
        Utility::ZeroSum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_adds_up() {
        assert_eq!((PLAYS, PICK_UPS, SWAPS, REFILLS, MOVE), (5, 57, 109, 1409, 1461));
        assert_eq!((DISCARDS, DISCARD_TWOS, BURY, DISCARD_TABLES, END, CHOOSES), (1463, 1515, 2815, 2816, 2868, 2869));
        assert_eq!(ACTION_COUNT, 18_469);
        assert_eq!(OBSERVATION_LEN, 733);
    }
}
