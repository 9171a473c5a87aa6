//! The action index: one block per [`Action`] variant, in the order of [`Block`], each
//! present only when the config can produce the variant (see the [module docs](super)).

use duke_core::Seat;

use crate::actions::{Action, Bid, Direction, Trump};
use crate::cards::{Card, CardSet, Face, Power, SuitId};
use crate::setup::{Config, Shields};
use crate::{DuelPairing, Leak, RoundType, TeamFormation};

/// The blocks of the action index, in index order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub(crate) enum Block {
    Play,
    PlayAsGolem,
    Bid,
    Trump,
    Shield,
    Smuggle,
    Look,
    Lead,
    Swap,
    Jest,
    Pass,
    Give,
    Trade,
    TradeOthers,
    Steal,
    Hex,
    Keep,
    SetAside,
    Mission,
    Leak,
    Team,
    Note,
    SuitBid,
    Place,
    StealFrom,
    JestSuit,
    Wager,
    Duel,
}

/// How many blocks.
pub(crate) const BLOCKS: usize = Block::Duel as usize + 1;

/// Every block, in index order.
const ALL_BLOCKS: [Block; BLOCKS] = [
    Block::Play,
    Block::PlayAsGolem,
    Block::Bid,
    Block::Trump,
    Block::Shield,
    Block::Smuggle,
    Block::Look,
    Block::Lead,
    Block::Swap,
    Block::Jest,
    Block::Pass,
    Block::Give,
    Block::Trade,
    Block::TradeOthers,
    Block::Steal,
    Block::Hex,
    Block::Keep,
    Block::SetAside,
    Block::Mission,
    Block::Leak,
    Block::Team,
    Block::Note,
    Block::SuitBid,
    Block::Place,
    Block::StealFrom,
    Block::JestSuit,
    Block::Wager,
    Block::Duel,
];

/// For each set of seats `m` (bit per seat), how many sets below it hold 2 or 3 seats: a
/// Duel group's rank. Sets below `1 << n` come first, so the groups of `n` players are
/// ranks `0..DUEL_RANK[1 << n]`, whatever `n`.
// Evaluated only at compile time: an out-of-range index fails the build.
#[allow(clippy::indexing_slicing)]
const DUEL_RANK: [u16; 257] = {
    let mut out = [0u16; 257];
    let mut m = 0;
    let mut count = 0u16;
    while m < 257 {
        out[m] = count;
        let ones = (m as u32).count_ones();
        if ones == 2 || ones == 3 {
            count += 1;
        }
        m += 1;
    }
    out
};

/// The round types a config's rounds may play (bit per [`RoundType::index`]).
pub(crate) fn round_types(config: &Config) -> u16 {
    config.round_types.chosen()
}

/// The round types with missions.
pub(crate) const MISSION_TYPES: [RoundType; 3] =
    [RoundType::Missions, RoundType::BlindMissions, RoundType::MissionsAlliances];
/// The round types in teams.
pub(crate) const ALLIANCE_TYPES: [RoundType; 3] =
    [RoundType::Alliances, RoundType::MissionsAlliances, RoundType::SuitPrecisionAlliances];
/// The round types bidding per suit.
pub(crate) const PRECISION_TYPES: [RoundType; 2] = [RoundType::SuitPrecision, RoundType::SuitPrecisionAlliances];

/// The face index of each card id below 60 in a deck holding every card of the box below
/// it (numbers, then 2 Golems, 2 Dragons, 4 Peasants): the id, less the copies before it
/// (a power's, id 60 or more, is its id less 5).
// Evaluated only at compile time: an out-of-range index fails the build.
#[allow(clippy::indexing_slicing)]
const DENSE_FACE: [u8; 60] = {
    let mut out = [0u8; 60];
    let mut id = 0;
    while id < 60 {
        out[id] = match id {
            0..52 => id as u8,
            52 | 53 => 52,
            54 | 55 => 53,
            _ => 54,
        };
        id += 1;
    }
    out
};

/// The distinct faces of a deck, numbered in card-id order (one per face: the copies of a
/// Golem, a Dragon or a Peasant are one face, as actions name faces, not copies).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Faces {
    /// The lowest card id of each face of the deck.
    firsts: CardSet,
    /// How many.
    pub(crate) len: usize,
    /// The deck holds every card id below this one (the standard decks: 60 or more), so a
    /// card below it finds its face in [`DENSE_FACE`] without counting bits.
    dense: u32,
}

/// The ids of `set` below `id`: a card's rank.
#[inline]
pub(crate) fn rank_below(set: CardSet, id: u8) -> usize {
    let below = 1u128.checked_shl(u32::from(id)).map_or(u128::MAX, |b| b - 1);
    count(CardSet(set.0 & below))
}

/// How many cards in `set` (a word at a time: the high word holds only powers, mostly none).
#[inline]
pub(crate) fn count(set: CardSet) -> usize {
    let (low, high) = (set.0 as u64, (set.0 >> 64) as u64);
    low.count_ones() as usize + if high == 0 { 0 } else { high.count_ones() as usize }
}

/// The deck's cards, as [`DeckSpec::cards`](crate::DeckSpec::cards) (the values of each
/// suit, the first copies of each duplicated face, the powers from id 60), in a few shifts:
/// every learning call starts here.
fn deck_cards(spec: &crate::DeckSpec) -> CardSet {
    let [r, g, b, y] = spec.values;
    let suit = |v: u16, s: u32| u64::from(v & 0x1FFF) << (13 * s);
    let copies = |n: u8, max: u8| (1u64 << n.min(max)) - 1;
    let low = suit(r, 0)
        | suit(g, 1)
        | suit(b, 2)
        | suit(y, 3)
        | copies(spec.golems, 2) << 52
        | copies(spec.dragons, 2) << 54
        | copies(spec.peasants, 4) << 56
        | u64::from(spec.powers & 0xF) << 60;
    CardSet(u128::from(low) | u128::from(spec.powers >> 4) << 64)
}

/// A deck's cards and faces, for the action index and the observation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DeckShape {
    /// The deck's cards.
    pub(crate) cards: CardSet,
    /// The lowest card of each face.
    pub(crate) firsts: CardSet,
    /// Every card id below this one is in the deck.
    pub(crate) dense: u32,
    /// How many cards.
    pub(crate) cards_len: usize,
    /// How many faces.
    pub(crate) faces_len: usize,
}

/// The 60 cards below the powers: 52 numbers, 2 Golems, 2 Dragons, 4 Peasants.
const STANDARD: u128 = (1 << 60) - 1;
/// Their faces' first cards: the numbers, the first Golem, Dragon and Peasant.
const STANDARD_FIRSTS: u128 = ((1 << 52) - 1) | 1 << 52 | 1 << 54 | 1 << 56;

impl DeckShape {
    /// The shape of `spec`'s deck: the standard 60 cards (with any powers) without
    /// counting bits (every learning call starts here), other decks from their cards.
    #[inline]
    pub(crate) fn of(spec: &crate::DeckSpec) -> DeckShape {
        let powers = spec.powers;
        let extra = if powers == 0 { 0 } else { powers.count_ones() as usize };
        if spec.values == [0x1FFF; 4] && spec.golems == 2 && spec.dragons == 2 && spec.peasants == 4 {
            let p = u128::from(powers) << 60;
            return DeckShape {
                cards: CardSet(STANDARD | p),
                firsts: CardSet(STANDARD_FIRSTS | p),
                dense: 60 + powers.trailing_ones(),
                cards_len: 60 + extra,
                faces_len: 55 + extra,
            };
        }
        let cards = deck_cards(spec);
        let firsts = cards.distinct();
        DeckShape { cards, firsts, dense: cards.0.trailing_ones(), cards_len: count(cards), faces_len: count(firsts) }
    }
}

impl Faces {
    pub(crate) fn of(config: &Config) -> Faces {
        let shape = DeckShape::of(&config.deck);
        Faces { firsts: shape.firsts, len: shape.faces_len, dense: shape.dense }
    }

    /// The number of `face` among the deck's faces.
    #[inline]
    pub(crate) fn index(&self, face: Face) -> Option<usize> {
        self.of_card(face.first_card()?)
    }

    /// The number of the face of `card` among the deck's faces (any copy of a face).
    #[inline]
    pub(crate) fn of_card(&self, card: Card) -> Option<usize> {
        self.of_id(card.id())
    }

    /// [`Self::of_card`] by card id.
    #[inline]
    pub(crate) fn of_id(&self, id: u8) -> Option<usize> {
        if u32::from(id) < self.dense {
            // (A power with every card below it in the deck: after the 5 extra copies.)
            return Some(match DENSE_FACE.get(usize::from(id)) {
                Some(&f) => usize::from(f),
                None => usize::from(id).saturating_sub(5),
            });
        }
        let first = Card::new(id)?.face().first_card().filter(|&c| self.firsts.has(c))?;
        Some(rank_below(self.firsts, first.id()))
    }

    /// The face numbered `i`.
    pub(crate) fn face(&self, i: usize) -> Option<Face> {
        self.firsts.nth(u32::try_from(i).ok()?).map(|c| c.face())
    }
}

/// The index of a config's actions: the size of each block.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    pub(crate) n: usize,
    pub(crate) faces: Faces,
    /// Highest bid token.
    max_bid: u8,
    /// Where each block starts, then the end of the last: a block's size is the
    /// difference, an index its block's start plus its place (O(1)).
    starts: [u16; BLOCKS + 1],
}

/// Pairs `a < b` of `n` seats.
const fn pairs(n: usize) -> usize {
    n * n.saturating_sub(1) / 2
}

/// The rank of the pair `a < b` among the pairs of `n` seats (row by row).
fn pair_index(a: Seat, b: Seat, n: usize) -> Option<usize> {
    let (a, b) = (a.index(), b.index());
    (a < b && b < n).then(|| a * n - a * (a + 1) / 2 + (b - a - 1))
}

/// The pair of rank `i` (see [`pair_index`]).
fn pair_at(i: usize, n: usize) -> Option<(Seat, Seat)> {
    let mut rest = i;
    for a in 0..n {
        let row = n - a - 1;
        if rest < row {
            return Some((Seat(a as u8), Seat((a + 1 + rest) as u8)));
        }
        rest -= row;
    }
    None
}

/// A seat below `n`, by index.
fn seat_below(i: usize, n: usize) -> Option<Seat> {
    (i < n).then_some(Seat(i as u8))
}

/// A seat's index, if below `n`.
fn seat_index(s: Seat, n: usize) -> Option<usize> {
    (s.index() < n).then_some(s.index())
}

impl Layout {
    pub(crate) fn of(config: &Config) -> Layout {
        let faces = Faces::of(config);
        let sizes = Layout::sizes(config, &faces);
        let mut starts = [0; BLOCKS + 1];
        let mut at = 0;
        for (start, size) in starts.iter_mut().skip(1).zip(sizes) {
            at += size;
            *start = at as u16;
        }
        Layout { n: usize::from(config.players), faces, max_bid: config.max_bid, starts }
    }

    /// The number of actions and the faces, without the block starts: all a turn to play
    /// needs (see `legal_mask`).
    #[inline]
    pub(crate) fn count_of(config: &Config) -> (usize, Faces) {
        let faces = Faces::of(config);
        (Layout::sizes(config, &faces).iter().sum(), faces)
    }

    /// The size of each block.
    #[inline]
    fn sizes(config: &Config, faces: &Faces) -> [usize; BLOCKS] {
        let n = usize::from(config.players);
        let f = faces.len;
        let powers = config.deck.powers;
        let power = |p: Power| powers >> p.index() & 1 == 1;
        let bids = 2 * usize::from(config.max_bid) + 1;
        let chosen = round_types(config);
        let may = |types: &[RoundType]| types.iter().any(|t| chosen >> t.index() & 1 == 1);
        let precision = may(&PRECISION_TYPES);
        let when = |on: bool, size: usize| if on { size } else { 0 };
        // The dealer's choice after the spinner, or the Alchemist's.
        let trump = when(config.spinner.get(5).is_some_and(|&w| w > 0) || power(Power::Alchemist), 5);
        let shield = when(config.shields != Shields::Off, 1);
        if powers == 0 && chosen & !(1 << RoundType::Normal.index()) == 0 {
            // The base game (no power, Normal Bidding only): the first blocks only.
            let mut sizes = [0; BLOCKS];
            for (size, base) in sizes.iter_mut().zip([f, 0, bids, trump, shield]) {
                *size = base;
            }
            return sizes;
        }
        // In `Block` order.
        [
            f,                                                                                          // Play
            when(power(Power::DoubleFaced), 1),                                                         // PlayAsGolem
            bids,                                                                                       // Bid
            trump,                                                                                      // Trump
            shield,                                                                                     // Shield
            when(power(Power::Smuggler), f),                                                            // Smuggle
            when(power(Power::Bishop), n),                                                              // Look
            when(power(Power::Bomb), n),                                                                // Lead
            when(power(Power::Cursed), pairs(n)),                                                       // Swap
            when(power(Power::Jester), 3),                                                              // Jest
            when(power(Power::Magician), 2),                                                            // Pass
            when(power(Power::Magician), f),                                                            // Give
            when(power(Power::Merchant), f * n),                                                        // Trade
            when(power(Power::Merchant), pairs(n)),                                                     // TradeOthers
            when(power(Power::Thief), n),                                                               // Steal
            when(power(Power::Witch), n),                                                               // Hex
            when(power(Power::Smuggler) || power(Power::Thief), 1),                                     // Keep
            when(may(&[RoundType::TheSplit]), f),                                                       // SetAside
            when(may(&MISSION_TYPES), config.missions.catalogue.len()),                                 // Mission
            when(may(&[RoundType::LeakedSuit]), Leak::CHOICES.len()),                                   // Leak
            when(may(&ALLIANCE_TYPES) && config.team_formation == TeamFormation::Dealer, pairs(n) + n), // Team
            when(may(&ALLIANCE_TYPES), f),                                                              // Note
            when(precision, 4 * bids),                                                                  // SuitBid
            when(precision, 4),                                                                         // Place
            when(precision && power(Power::Thief), 4 * n),                                              // StealFrom
            when(precision && power(Power::Jester), 8),                                                 // JestSuit
            when(may(&[RoundType::Wagering]) && config.wagering.extra_wagers, 2),                       // Wager
            when(
                may(&[RoundType::DuelFights]) && config.duels.pairing == DuelPairing::Dealer,
                usize::from(DUEL_RANK.get(1 << n.min(8)).copied().unwrap_or(0)),
            ), // Duel
        ]
    }

    /// Every action index: the sum of the blocks.
    #[inline]
    pub(crate) fn count(&self) -> usize {
        usize::from(self.starts.last().copied().unwrap_or(0))
    }

    /// Where `block` starts.
    #[inline]
    pub(crate) fn offset(&self, block: Block) -> usize {
        usize::from(self.starts.get(block as usize).copied().unwrap_or(0))
    }

    fn size(&self, block: Block) -> usize {
        usize::from(self.starts.get(block as usize + 1).copied().unwrap_or(0)) - self.offset(block)
    }

    /// A bid's place in its block: 0, 0-1, 1, 1-2, …, the highest token (notation order).
    pub(crate) fn bid_index(&self, bid: Bid) -> Option<usize> {
        match bid {
            Bid::Single(k) if k <= self.max_bid => Some(2 * usize::from(k)),
            Bid::Double(k) if k < self.max_bid => Some(2 * usize::from(k) + 1),
            _ => None,
        }
    }

    fn bid_at(i: usize) -> Option<Bid> {
        let k = u8::try_from(i / 2).ok()?;
        Some(if i.is_multiple_of(2) { Bid::Single(k) } else { Bid::Double(k) })
    }

    /// The bids of the bid block: `2 * max_bid + 1`.
    fn bids(&self) -> usize {
        2 * usize::from(self.max_bid) + 1
    }

    /// The block of `action` and its place in the block.
    fn locate(&self, action: Action) -> Option<(Block, usize)> {
        let n = self.n;
        let face = |c: Face| self.faces.index(c);
        let seat = |s: Seat| seat_index(s, n);
        Some(match action {
            Action::Play(c) => (Block::Play, face(c)?),
            Action::PlayDoubleFacedAsGolem => (Block::PlayAsGolem, 0),
            Action::Bid(b) => (Block::Bid, self.bid_index(b)?),
            Action::Trump(Trump::Suit(s)) => (Block::Trump, s.index()),
            Action::Trump(Trump::NoTrump) => (Block::Trump, 4),
            Action::Shield => (Block::Shield, 0),
            Action::Smuggle(c) => (Block::Smuggle, face(c)?),
            Action::Look(s) => (Block::Look, seat(s)?),
            Action::Lead(s) => (Block::Lead, seat(s)?),
            Action::Swap(a, b) => (Block::Swap, pair_index(a, b, n)?),
            Action::Jest(d @ -1..=1) => (Block::Jest, (d + 1) as usize),
            Action::Jest(_) => return None,
            Action::Pass(Direction::Left) => (Block::Pass, 0),
            Action::Pass(Direction::Right) => (Block::Pass, 1),
            Action::Give(c) => (Block::Give, face(c)?),
            Action::Trade(c, s) => (Block::Trade, face(c)? * n + seat(s)?),
            Action::TradeOthers(a, b) => (Block::TradeOthers, pair_index(a, b, n)?),
            Action::Steal(s) => (Block::Steal, seat(s)?),
            Action::Hex(s) => (Block::Hex, seat(s)?),
            Action::Keep => (Block::Keep, 0),
            Action::SetAside(c) => (Block::SetAside, face(c)?),
            Action::Mission(id) => (Block::Mission, usize::from(id)),
            Action::Leak(l) => (Block::Leak, Leak::CHOICES.iter().position(|&c| c == l)?),
            Action::Team(a, b) if a == b => (Block::Team, pairs(n) + seat(a)?),
            Action::Team(a, b) => (Block::Team, pair_index(a, b, n)?),
            Action::Note(c) => (Block::Note, face(c)?),
            Action::SuitBid(s, b) => (Block::SuitBid, s.index() * self.bids() + self.bid_index(b)?),
            Action::Place(s) => (Block::Place, s.index()),
            Action::StealFrom(t, s) => (Block::StealFrom, seat(t)? * 4 + s.index()),
            Action::JestSuit(s, d @ (-1 | 1)) => (Block::JestSuit, s.index() * 2 + usize::from(d == 1)),
            Action::JestSuit(..) => return None,
            Action::Wager(10) => (Block::Wager, 0),
            Action::Wager(20) => (Block::Wager, 1),
            Action::Wager(_) => return None,
            Action::Duel(m) => {
                let ones = m.count_ones();
                let fits = usize::from(m) < 1 << n.min(8) && (ones == 2 || ones == 3);
                (Block::Duel, usize::from(*DUEL_RANK.get(usize::from(m)).filter(|_| fits)?))
            }
        })
        .filter(|&(block, i)| i < self.size(block))
    }

    /// The index of `action`, if the config can produce it.
    #[inline]
    pub(crate) fn index(&self, action: Action) -> Option<usize> {
        let (block, i) = self.locate(action)?;
        Some(self.offset(block) + i)
    }

    /// The action of index `index`.
    pub(crate) fn action(&self, index: usize) -> Option<Action> {
        let mut rest = index;
        let mut found = None;
        for (block, size) in ALL_BLOCKS.iter().zip(self.starts.windows(2).map(|w| match w {
            [start, end] => usize::from(end - start),
            _ => 0,
        })) {
            if rest < size {
                found = Some(*block);
                break;
            }
            rest -= size;
        }
        let n = self.n;
        let i = rest;
        let face = |i: usize| self.faces.face(i);
        let suit = |i: usize| SuitId::new(u8::try_from(i).ok()?);
        Some(match found? {
            Block::Play => Action::Play(face(i)?),
            Block::PlayAsGolem => Action::PlayDoubleFacedAsGolem,
            Block::Bid => Action::Bid(Layout::bid_at(i)?),
            Block::Trump => Action::Trump(suit(i).map_or(Trump::NoTrump, Trump::Suit)),
            Block::Shield => Action::Shield,
            Block::Smuggle => Action::Smuggle(face(i)?),
            Block::Look => Action::Look(seat_below(i, n)?),
            Block::Lead => Action::Lead(seat_below(i, n)?),
            Block::Swap => {
                let (a, b) = pair_at(i, n)?;
                Action::Swap(a, b)
            }
            Block::Jest => Action::Jest(i8::try_from(i).ok()? - 1),
            Block::Pass => Action::Pass(if i == 0 { Direction::Left } else { Direction::Right }),
            Block::Give => Action::Give(face(i)?),
            Block::Trade => Action::Trade(face(i / n.max(1))?, seat_below(i % n.max(1), n)?),
            Block::TradeOthers => {
                let (a, b) = pair_at(i, n)?;
                Action::TradeOthers(a, b)
            }
            Block::Steal => Action::Steal(seat_below(i, n)?),
            Block::Hex => Action::Hex(seat_below(i, n)?),
            Block::Keep => Action::Keep,
            Block::SetAside => Action::SetAside(face(i)?),
            Block::Mission => Action::Mission(u8::try_from(i).ok()?),
            Block::Leak => Action::Leak(*Leak::CHOICES.get(i)?),
            Block::Team => match i.checked_sub(pairs(n)) {
                Some(solo) => {
                    let s = seat_below(solo, n)?;
                    Action::Team(s, s)
                }
                None => {
                    let (a, b) = pair_at(i, n)?;
                    Action::Team(a, b)
                }
            },
            Block::Note => Action::Note(face(i)?),
            Block::SuitBid => {
                let bids = self.bids().max(1);
                Action::SuitBid(suit(i / bids)?, Layout::bid_at(i % bids)?)
            }
            Block::Place => Action::Place(suit(i)?),
            Block::StealFrom => Action::StealFrom(seat_below(i / 4, n)?, suit(i % 4)?),
            Block::JestSuit => Action::JestSuit(suit(i / 2)?, if i % 2 == 1 { 1 } else { -1 }),
            Block::Wager => Action::Wager(if i == 0 { 10 } else { 20 }),
            Block::Duel => {
                let rank = u16::try_from(i).ok()?;
                let m = (0..256usize).find(|&m| {
                    let ones = (m as u32).count_ones();
                    (ones == 2 || ones == 3) && DUEL_RANK.get(m) == Some(&rank)
                })?;
                Action::Duel(u8::try_from(m).ok()?)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DeckSpec;

    /// Decks of every shape: the standard deck with each power and with runs of powers, the
    /// two-player deck, fewer copies, missing values.
    fn decks() -> Vec<DeckSpec> {
        let mut out = vec![DeckSpec::standard(), DeckSpec::two_player(), DeckSpec::range(4, 1, 13, 1, 2, 3)];
        for (i, &p) in Power::ALL.iter().enumerate() {
            out.push(DeckSpec::standard().with_powers(&[p]));
            out.push(DeckSpec::standard().with_powers(Power::ALL.get(..=i).unwrap_or(&[])));
            out.push(DeckSpec::standard().with_powers(Power::ALL.get(i..).unwrap_or(&[])));
            out.push(DeckSpec::two_player().with_powers(&[p]));
            out.push(DeckSpec::range(3, 2, 12, 2, 1, 4).with_powers(&[p]));
        }
        out
    }

    #[test]
    fn deck_shapes_match_the_decks_cards() {
        for spec in decks() {
            let cards = spec.cards();
            assert_eq!(deck_cards(&spec), cards, "{spec:?}");
            let shape = DeckShape::of(&spec);
            assert_eq!(shape.cards, cards, "{spec:?}");
            assert_eq!(shape.firsts, cards.distinct(), "{spec:?}");
            assert_eq!(shape.cards_len, cards.len() as usize, "{spec:?}");
            assert_eq!(shape.faces_len, cards.distinct().len() as usize, "{spec:?}");
            assert_eq!(shape.dense, cards.0.trailing_ones(), "{spec:?}");
        }
    }

    #[test]
    fn a_cards_face_index_is_its_faces_rank_in_the_deck() {
        for spec in decks() {
            let config = Config { deck: spec, ..Config::rulebook(Some(4)).unwrap() };
            let faces = Faces::of(&config);
            let firsts = spec.cards().distinct();
            for card in spec.cards().iter() {
                let first = card.face().first_card().unwrap();
                let want = (firsts.0 & ((1u128 << first.id()) - 1)).count_ones() as usize;
                assert_eq!(faces.of_card(card), Some(want), "{card:?} in {spec:?}");
                assert_eq!(faces.face(want), Some(card.face()), "{card:?} in {spec:?}");
            }
        }
    }
}
