//! The observation tensor (see the [module docs](super)): the buffer is cleared once, then
//! only the non-zero values are written, each at an offset fixed by the config.

use duke_core::{CardSet, Observer, Seat};

use crate::config::{Config, MultiRound, Reshuffle};
use crate::meld::AceRule;
use crate::state::{CastleState, Phase, Player, Position, colour_of};

/// Cards of one colour: the scale of card counts.
const HALF: f32 = 26.0;

/// First value of the card plane of the table.
pub const TABLE_PLANE: usize = 0;
/// First value of the card plane of the hand cards the observer knows.
pub const HAND_PLANE: usize = TABLE_PLANE + 52;
/// First value of the card plane of the DUKES the observer sees (1 in slot 0, 0.5 in slot 1).
pub const DUKE_PLANE: usize = HAND_PLANE + 52;
/// First value of the card plane of the CASTLES the observer knows.
pub const CASTLE_PLANE: usize = DUKE_PLANE + 52;
/// First value of the card plane of the discards the observer knows (valued by depth).
pub const DISCARD_PLANE: usize = CASTLE_PLANE + 52;
/// First value of the per-seat block (seat 0, then seat 1).
pub const SEAT_BLOCK: usize = DISCARD_PLANE + 52;
/// Values per seat in the per-seat block.
pub const SEAT_VALUES: usize = 11;
/// First value of the globals.
pub const GLOBALS: usize = SEAT_BLOCK + 2 * SEAT_VALUES;
/// Values in the globals.
pub const GLOBAL_VALUES: usize = 22;
/// First value of the multi-round block (present only in games of several rounds).
pub const MULTI_ROUND_BLOCK: usize = GLOBALS + GLOBAL_VALUES;
/// Values in the multi-round block.
pub const MULTI_ROUND_VALUES: usize = 10;

/// The length of every observation of games of this config: [`MULTI_ROUND_BLOCK`] (304)
/// for one round, plus [`MULTI_ROUND_VALUES`] (314) for several.
pub fn observation_len(config: &Config) -> usize {
    if config.rounds > 1 { MULTI_ROUND_BLOCK + MULTI_ROUND_VALUES } else { MULTI_ROUND_BLOCK }
}

/// The observation, writing only non-zeros into a cleared buffer of the checked length.
struct Tensor<'a>(&'a mut [f32]);

impl Tensor<'_> {
    fn put(&mut self, at: usize, value: f32) {
        if let Some(slot) = self.0.get_mut(at) {
            *slot = value;
        }
    }

    fn flag(&mut self, at: usize, on: bool) {
        if on {
            self.put(at, 1.0);
        }
    }

    /// 1 at `plane + card index` for every card of `set`.
    fn cards(&mut self, plane: usize, set: CardSet) {
        let mut bits = set.bits();
        while bits != 0 {
            self.put(plane + bits.trailing_zeros() as usize, 1.0);
            bits &= bits - 1;
        }
    }
}

/// Seat `seat`'s cards in the planes, and its values in the per-seat block.
fn seat(pos: &Position, seat: Seat, observer: Observer, t: &mut Tensor<'_>) {
    let p = pos.player(seat);
    let own = observer == Observer::Seat(seat);
    let revealed = pos.phase != Phase::Choosing;
    let dukes = p.duke_set();
    t.cards(HAND_PLANE, if own { p.hand } else { p.hand_public });
    if own || revealed {
        // The slot matters for this turn's flags (each slot changes at most once a turn).
        for (slot, value) in p.dukes.iter().zip([1.0, 0.5]) {
            if let Some(duke) = slot {
                t.put(DUKE_PLANE + usize::from(duke.index()), value);
            }
        }
    }
    if let Some(castle) = p.castle.filter(|_| own || p.castle_state != CastleState::FaceDown) {
        t.put(CASTLE_PLANE + usize::from(castle.index()), 1.0);
    }
    discards(p, own, t);
    let at = SEAT_BLOCK + SEAT_VALUES * seat.index();
    t.put(at, p.hand.len() as f32 / HALF);
    t.put(at + 1, p.draw.len() as f32 / HALF);
    t.put(at + 2, p.discards.pile.len() as f32 / HALF);
    if !(own || revealed) {
        t.put(at + 3, dukes.len() as f32 / 2.0);
    }
    let castle = match (p.castle, p.castle_state) {
        (None, _) => 0,
        (Some(_), CastleState::FaceDown) if !own => 1,
        (Some(_), CastleState::FaceDown) => 2,
        (Some(_), CastleState::FaceUp) => 3,
        (Some(_), CastleState::OnTable) => 4,
    };
    t.put(at + 4 + castle, 1.0);
    t.flag(at + 9, pos.chosen.get(seat.index()).copied().unwrap_or(false));
    // The cards it counts now ("Scoring"), public: a hidden DUKE or CASTLE counts unseen.
    let on_table = pos.table.intersection(CardSet::colour(colour_of(seat))).len();
    let count = on_table + dukes.len() + usize::from(p.castle_in_place().is_some());
    t.put(at + 10, count as f32 / HALF);
}

/// Seat `p`'s discards the observer knows: `1 - d/26` for a card `d` cards below the top.
/// Both cards of a face-down pair whose order the observer does not know get the depth
/// between theirs, so that either order looks the same.
fn discards(p: &Player, own: bool, t: &mut Tensor<'_>) {
    let d = &p.discards;
    let (mut known, pairs) = if own { (d.owner_known, 0) } else { (d.public, d.pairs) };
    let pile = d.pile.as_slice();
    let top = pile.len() as f32 - 1.0;
    while known != 0 {
        let i = known.trailing_zeros() as usize;
        known &= known - 1;
        let Some(card) = pile.get(i) else { break };
        // A pair starts at `i` (the lower card) or at `i - 1` (the upper one).
        let lower = if pairs >> i & 1 == 1 {
            i as f32 + 0.5
        } else if i > 0 && pairs >> (i - 1) & 1 == 1 {
            i as f32 - 0.5
        } else {
            i as f32
        };
        t.put(DISCARD_PLANE + usize::from(card.index()), 1.0 - (top - lower) / HALF);
    }
}

/// Writes the observation of `observer` into `out`, of the checked length
/// ([`observation_len`]).
pub(crate) fn observe(pos: &Position, observer: Observer, out: &mut [f32]) {
    out.fill(0.0);
    let mut t = Tensor(out);
    let config = &pos.config;
    t.cards(TABLE_PLANE, pos.table);
    seat(pos, Seat(0), observer, &mut t);
    seat(pos, Seat(1), observer, &mut t);
    let observer = match observer {
        Observer::Seat(Seat(0)) => 0,
        Observer::Seat(Seat(1)) => 1,
        // A seat the game does not have knows what a spectator knows.
        _ => 2,
    };
    t.put(GLOBALS + observer, 1.0);
    let phase = match pos.phase {
        Phase::Choosing => 0,
        Phase::Draw => 1,
        Phase::Play => 2,
        Phase::Over => 3,
    };
    t.put(GLOBALS + 3 + phase, 1.0);
    t.put(GLOBALS + 7 + pos.current.index().min(1), 1.0);
    t.put(
        GLOBALS + 9,
        match config.turn_limit {
            Some(limit) => pos.turns as f32 / limit.max(1) as f32,
            None => pos.turns.min(1000) as f32 / 1000.0,
        },
    );
    let turn = pos.turn;
    let [touched0, touched1] = turn.touched;
    for (i, on) in
        [turn.acted, touched0, touched1, turn.refilled, turn.castle_returned, turn.last_turn].into_iter().enumerate()
    {
        t.flag(GLOBALS + 10 + i, on);
    }
    let ace = match config.ace {
        AceRule::Low => 0,
        AceRule::High => 1,
        AceRule::LowOrHigh => 2,
        AceRule::Around => 3,
    };
    t.put(GLOBALS + 16 + ace, 1.0);
    t.flag(GLOBALS + 20, config.reshuffle == Reshuffle::AtOnce);
    t.flag(GLOBALS + 21, config.turn_limit.is_some());
    if config.rounds > 1 {
        let rounds = f32::from(config.rounds);
        let at = MULTI_ROUND_BLOCK;
        t.put(at, f32::from(pos.round) / rounds);
        t.put(at + 1, rounds / 99.0);
        t.flag(at + 2, config.multi_round == MultiRound::CountWins);
        t.flag(at + 3, pos.last_round.is_some());
        for s in 0..2 {
            let at = at + 4 + 3 * s;
            t.put(at, pos.points.get(s).copied().unwrap_or(0) as f32 / (HALF * rounds));
            t.put(at + 1, f32::from(pos.wins.get(s).copied().unwrap_or(0)) / rounds);
            t.put(at + 2, pos.last_round.and_then(|l| l.get(s).copied()).unwrap_or(0) as f32 / HALF);
        }
    }
}
