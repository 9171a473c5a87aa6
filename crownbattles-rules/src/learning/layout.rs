//! The action index: one block per [`Action`] variant, in the order of [`Block`], each
//! present only when the config can produce the variant (see the [module docs](super)).

use duke_core::Seat;

use super::deck::{Faces, ones16};
use crate::actions::{Action, Bid, Direction, Trump};
use crate::cards::{Face, Power, SuitId};
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

/// A set of round types as bits ([`RoundType::index`]), for the tests of a config's round
/// types in one `and` (no search per call).
pub(crate) const fn type_bits(mut types: &[RoundType]) -> u16 {
    let mut bits = 0;
    while let [t, rest @ ..] = types {
        bits |= 1 << t.index();
        types = rest;
    }
    bits
}

/// [`MISSION_TYPES`] as bits.
pub(crate) const MISSION_BITS: u16 = type_bits(&MISSION_TYPES);
/// [`ALLIANCE_TYPES`] as bits.
pub(crate) const ALLIANCE_BITS: u16 = type_bits(&ALLIANCE_TYPES);
/// [`PRECISION_TYPES`] as bits.
pub(crate) const PRECISION_BITS: u16 = type_bits(&PRECISION_TYPES);
/// Every round type but Normal Bidding.
pub(crate) const OTHER_TYPES: u16 = !(1 << RoundType::Normal.index());

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

/// A set of powers as bits ([`Power::index`]).
const fn power_bits(mut powers: &[Power]) -> u16 {
    let mut bits = 0;
    while let [p, rest @ ..] = powers {
        bits |= 1 << p.index();
        powers = rest;
    }
    bits
}

/// The powers with a block of one action per face (Smuggle, Give).
const PER_FACE: u16 = power_bits(&[Power::Smuggler, Power::Magician]);
/// The powers with a block of one action per seat (Look, Lead, Steal, Hex).
const PER_SEAT: u16 = power_bits(&[Power::Bishop, Power::Bomb, Power::Thief, Power::Witch]);
/// The powers with a block of one action per pair of seats (Swap, the others' trade).
const PER_PAIR: u16 = power_bits(&[Power::Cursed, Power::Merchant]);
/// The powers with the Keep action.
const KEEP: u16 = power_bits(&[Power::Smuggler, Power::Thief]);

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
        // The sum of `sizes`' blocks in a few products, without building the array (each
        // power's or round type's blocks times 0 or 1).
        let n = usize::from(config.players);
        let f = faces.len;
        let powers = config.deck.powers;
        let has = |p: Power| usize::from(powers >> p.index() & 1 == 1);
        let bids = 2 * usize::from(config.max_bid) + 1;
        let trump = 5 * usize::from(config.spinner.get(5).is_some_and(|&w| w > 0) || has(Power::Alchemist) == 1);
        let shield = usize::from(config.shields != Shields::Off);
        let mut count = f + bids + trump + shield;
        if powers != 0 {
            // The powers grouped by their blocks' sizes, each group counted from a table.
            let magician = has(Power::Magician);
            let merchant = has(Power::Merchant);
            count += has(Power::DoubleFaced)
                + f * (ones16(powers & PER_FACE) + n * merchant)
                + n * ones16(powers & PER_SEAT)
                + pairs(n) * ones16(powers & PER_PAIR)
                + 3 * has(Power::Jester)
                + 2 * magician
                + usize::from(powers & KEEP != 0);
        }
        let chosen = round_types(config);
        if chosen & OTHER_TYPES != 0 {
            // (Out of line: the base game's calls skip it.)
            count += Layout::round_types_count(config, chosen, n, f, bids, has);
        }
        (count, faces)
    }

    /// The blocks of the round types of `sizes` summed (`has` of a power 0 or 1).
    #[inline(never)]
    fn round_types_count(
        config: &Config,
        chosen: u16,
        n: usize,
        f: usize,
        bids: usize,
        has: impl Fn(Power) -> usize,
    ) -> usize {
        let may = |types: u16| usize::from(chosen & types != 0);
        let one = |t: RoundType| usize::from(chosen >> t.index() & 1 == 1);
        let precision = may(PRECISION_BITS);
        let alliance = may(ALLIANCE_BITS);
        let dealer_teams = usize::from(config.team_formation == TeamFormation::Dealer);
        let extra_wagers = usize::from(config.wagering.extra_wagers);
        let dealer_duels = usize::from(config.duels.pairing == DuelPairing::Dealer);
        let duels = usize::from(DUEL_RANK.get(1 << n.min(8)).copied().unwrap_or(0));
        f * (one(RoundType::TheSplit) + alliance)
            + may(MISSION_BITS) * config.missions.catalogue.len()
            + one(RoundType::LeakedSuit) * Leak::CHOICES.len()
            + alliance * dealer_teams * (pairs(n) + n)
            + precision * (4 * bids + 4 + 4 * n * has(Power::Thief) + 8 * has(Power::Jester))
            + one(RoundType::Wagering) * extra_wagers * 2
            + one(RoundType::DuelFights) * dealer_duels * duels
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
        let normal_only = chosen & OTHER_TYPES == 0;
        // (A set of round types in one `and`: no search.)
        let may = |types: u16| chosen & types != 0;
        let one = |t: RoundType| chosen >> t.index() & 1 == 1;
        let precision = may(PRECISION_BITS);
        let when = |on: bool, size: usize| if on { size } else { 0 };
        // The dealer's choice after the spinner, or the Alchemist's.
        let trump = when(config.spinner.get(5).is_some_and(|&w| w > 0) || power(Power::Alchemist), 5);
        let shield = when(config.shields != Shields::Off, 1);
        if powers == 0 && normal_only {
            // The base game (no power, Normal Bidding only): the first blocks only.
            let mut sizes = [0; BLOCKS];
            for (size, base) in sizes.iter_mut().zip([f, 0, bids, trump, shield]) {
                *size = base;
            }
            return sizes;
        }
        // In `Block` order.
        [
            f,                                                                                        // Play
            when(power(Power::DoubleFaced), 1),                                                       // PlayAsGolem
            bids,                                                                                     // Bid
            trump,                                                                                    // Trump
            shield,                                                                                   // Shield
            when(power(Power::Smuggler), f),                                                          // Smuggle
            when(power(Power::Bishop), n),                                                            // Look
            when(power(Power::Bomb), n),                                                              // Lead
            when(power(Power::Cursed), pairs(n)),                                                     // Swap
            when(power(Power::Jester), 3),                                                            // Jest
            when(power(Power::Magician), 2),                                                          // Pass
            when(power(Power::Magician), f),                                                          // Give
            when(power(Power::Merchant), f * n),                                                      // Trade
            when(power(Power::Merchant), pairs(n)),                                                   // TradeOthers
            when(power(Power::Thief), n),                                                             // Steal
            when(power(Power::Witch), n),                                                             // Hex
            when(power(Power::Smuggler) || power(Power::Thief), 1),                                   // Keep
            when(one(RoundType::TheSplit), f),                                                        // SetAside
            when(may(MISSION_BITS), config.missions.catalogue.len()),                                 // Mission
            when(one(RoundType::LeakedSuit), Leak::CHOICES.len()),                                    // Leak
            when(may(ALLIANCE_BITS) && config.team_formation == TeamFormation::Dealer, pairs(n) + n), // Team
            when(may(ALLIANCE_BITS), f),                                                              // Note
            when(precision, 4 * bids),                                                                // SuitBid
            when(precision, 4),                                                                       // Place
            when(precision && power(Power::Thief), 4 * n),                                            // StealFrom
            when(precision && power(Power::Jester), 8),                                               // JestSuit
            when(one(RoundType::Wagering) && config.wagering.extra_wagers, 2),                        // Wager
            when(
                one(RoundType::DuelFights) && config.duels.pairing == DuelPairing::Dealer,
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
        Layout::bid_place(bid, self.max_bid)
    }

    /// [`Self::bid_index`] with the highest bid token given.
    #[inline]
    pub(crate) fn bid_place(bid: Bid, max_bid: u8) -> Option<usize> {
        match bid {
            Bid::Single(k) if k <= max_bid => Some(2 * usize::from(k)),
            Bid::Double(k) if k < max_bid => Some(2 * usize::from(k) + 1),
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

    #[test]
    fn the_action_count_without_block_starts_is_the_sum_of_the_blocks() {
        let mut rng = duke_core::GameRng::new(11);
        for players in 2..=8u8 {
            let Ok(base) = Config::rulebook(Some(players)) else { continue };
            for _ in 0..200 {
                let mut config = base.clone();
                let powers = rng.next_u64() as u16 & [0, 0xFFFF, 0x00FF, 0x1234][rng.below(4) as usize];
                config.deck = DeckSpec { powers, ..config.deck };
                config.max_bid = rng.below(11) as u8;
                config.shields = if rng.below(2) == 0 { Shields::Off } else { base.shields };
                let types = RoundType::ALL.into_iter().filter(|_| rng.below(3) == 0).collect::<Vec<_>>();
                if !types.is_empty() && rng.below(2) == 0 {
                    config.round_types = crate::RoundTypes::deal(&types);
                }
                let (count, faces) = Layout::count_of(&config);
                assert_eq!(count, Layout::of(&config).count(), "{config:?}");
                assert_eq!(faces.len, Faces::of(&config).len);
            }
        }
    }
}
