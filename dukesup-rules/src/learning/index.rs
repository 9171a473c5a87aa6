//! The action index (see the [module docs](super)): every computation is O(1) arithmetic
//! on card indices, with one table of 300 entries for the unordered pairs of DUKES.

use duke_core::Card;

use crate::actions::{Action, Source};

/// Cards of one colour.
const HALF: usize = 26;
/// Ordered pairs of distinct cards of one colour.
const PAIRS: usize = HALF * (HALF - 1);
/// Cards of one colour left once the CASTLE is set aside.
const REST: usize = HALF - 1;
/// Unordered pairs among the 25 cards left once the CASTLE is set aside.
const DUKE_PAIRS: usize = REST * (REST - 1) / 2;
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

/// The card's colour (0 black, 1 red) and its position 0..26 among the cards of its colour
/// in card-index order. Card indices run clubs, diamonds, hearts, spades (13 each), so black
/// is clubs (positions 0..13) then spades (13..26), red diamonds then hearts.
fn colour_pos(card: Card) -> (usize, usize) {
    let index = usize::from(card.index());
    let (suit, rank) = (index / 13, index % 13);
    (usize::from(suit == 1 || suit == 2), rank + if suit >= 2 { 13 } else { 0 })
}

/// The card at `pos` among the cards of colour `colour` (0 black, 1 red): the inverse of
/// [`colour_pos`].
fn colour_card(colour: usize, pos: usize) -> Option<Card> {
    let index = match (colour, pos) {
        (_, HALF..) => return None,
        (0, 0..13) => pos,
        (0, _) => pos + 26,
        _ => pos + 13,
    };
    Card::from_index(u8::try_from(index).ok()?)
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
const fn row_start(i: usize) -> usize {
    i * (2 * REST - i - 1) / 2
}

/// The unordered pairs `(i, j)`, `i < j < 25`, in lexicographic order: the inverse of
/// `row_start(i) + (j - i - 1)`.
#[allow(clippy::indexing_slicing)] // evaluated at compile time; `p` counts the pairs the table holds
const UNORDERED: [(u8, u8); DUKE_PAIRS] = {
    let mut table = [(0u8, 0u8); DUKE_PAIRS];
    let (mut i, mut p) = (0, 0);
    while i < REST {
        let mut j = i + 1;
        while j < REST {
            table[p] = (i as u8, j as u8);
            p += 1;
            j += 1;
        }
        i += 1;
    }
    table
};

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
    let &(i, j) = UNORDERED.get(p)?;
    let unskip = |q: u8| if usize::from(q) >= k { usize::from(q) + 1 } else { usize::from(q) };
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

#[cfg(test)]
mod tests {
    use duke_core::{CardSet, Colour};

    use super::*;

    #[test]
    fn the_layout_adds_up() {
        assert_eq!((PLAYS, PICK_UPS, SWAPS, REFILLS, MOVE), (5, 57, 109, 1409, 1461));
        assert_eq!((DISCARDS, DISCARD_TWOS, BURY, DISCARD_TABLES, END, CHOOSES), (1463, 1515, 2815, 2816, 2868, 2869));
        assert_eq!(ACTION_COUNT, 18_469);
    }

    /// The arithmetic colour positions are the places of the cards among their colour's
    /// cards in card-index order, as the layout says.
    #[test]
    fn colour_positions_follow_card_index_order() {
        for (colour, set) in [(0, CardSet::colour(Colour::Black)), (1, CardSet::colour(Colour::Red))] {
            for (pos, card) in set.iter().enumerate() {
                assert_eq!(colour_pos(card), (colour, pos), "{card}");
                assert_eq!(colour_card(colour, pos), Some(card));
            }
            assert_eq!(colour_card(colour, HALF), None);
        }
    }

    #[test]
    fn the_pair_table_inverts_row_start() {
        for (p, &(i, j)) in UNORDERED.iter().enumerate() {
            let (i, j) = (usize::from(i), usize::from(j));
            assert!(i < j && j < REST);
            assert_eq!(row_start(i) + (j - i - 1), p);
        }
    }
}
