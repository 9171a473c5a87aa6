//! The legal actions of the play step, all at once. They agree with [`check_play`] action by
//! action (`tests/properties` checks them against the rules' reference at every step), but
//! share the work: the completion question is walked once per path that can end the turn
//! ([`Paths`]), and each play or DUKE exchange is then decided by walking on from the value of
//! the card it moves ([`crate::meld::Reach`]); the table's validity and the discards from the
//! table share one more walk.

use duke_core::{Card, CardSet};

use super::{Action, Situation, check_play, may_touch_dukes, round_ends};
use crate::actions::{PairKind, Sink};
use crate::meld::{AceRule, Reach, can_split};
use crate::state::{CastleState, Position, colour_of, other};

/// The ways a turn can still end ([`Situation::completable`], for the linear Ace rules), each
/// walked once: the plain path (the table completed from the cards the player may still
/// bring, ending with a discard), taking the opponent's face-up CASTLE with every DUKE guarding
/// it, and, while THE MOVE is under way, the same two after the CASTLE is put back. `None`
/// where a path is closed.
#[derive(Clone, Copy, Debug)]
struct Paths {
    plain: Option<Reach>,
    takes: [Option<Reach>; 2],
    /// The table alone, walked with the plain path when the discards need it.
    table: Option<Reach>,
}

impl Paths {
    /// The paths of `sit`, and with `discards` the table alone; `None` for an Ace rule that is
    /// not linear (then each action is checked on its own).
    #[inline(always)]
    fn of(sit: &Situation, ace: AceRule, discards: bool) -> Option<Paths> {
        match sit.own_castle_played {
            None if discards && !sit.opp_castle_taken => {
                // As `Situation::plain_possible`, with the table alone in the same loop.
                let may = sit.hand.union(sit.pickable).union(sit.opp_dukes);
                let [plain, table] = Reach::with_alone(sit.table, may, ace)?;
                Some(Paths { plain: Some(plain), takes: [take(sit, ace)?, None], table: Some(table) })
            }
            None => Some(Paths { plain: plain(sit, ace)?, takes: [take(sit, ace)?, None], table: None }),
            Some(_) => {
                // Take the CASTLE now, or put the own one back and end either way.
                let back = sit.returned();
                let takes = [take(sit, ace)?, take(&back, ace)?];
                Some(Paths { plain: plain(&back, ace)?, takes, table: None })
            }
        }
    }

    /// Whether the turn can still end after `play c` (as [`check_play`] decides it). A hand
    /// card goes from the optional cards of every path to the table. An opponent's DUKE is
    /// already mandatory on the paths that take his CASTLE, so only the plain path changes; his
    /// CASTLE closes the plain path and changes nothing on the others.
    #[inline(always)]
    fn play(&self, sit: &Situation, c: Card) -> bool {
        let takes = |f: &dyn Fn(&Reach) -> bool| self.takes.iter().flatten().any(f);
        if sit.hand.contains(c) {
            self.plain.as_ref().is_some_and(|r| r.with(c)) || takes(&|r| r.with(c))
        } else if sit.opp_dukes.contains(c) {
            self.plain.as_ref().is_some_and(|r| r.with(c)) || takes(&Reach::completable)
        } else {
            takes(&Reach::completable)
        }
    }

    /// Whether THE MOVE keeps the turn completable (as [`check_play`] decides it), when the own
    /// CASTLE `mc` may be played and no MOVE is under way: take the opponent's CASTLE with
    /// `mc` on the table, or put `mc` back and end either way.
    #[inline(always)]
    fn after_move(&self, mc: Card) -> bool {
        self.takes[0].as_ref().is_some_and(|r| r.with(mc) || r.without(mc))
            || self.plain.as_ref().is_some_and(|r| r.completable())
    }

    /// Whether the turn can still end once the hand card `h` is given up to a DUKE slot (the
    /// DUKE it replaces stays within reach, in the hand instead of the slot).
    #[inline(always)]
    fn without(&self, h: Card) -> bool {
        self.plain.as_ref().is_some_and(|r| r.without(h)) || self.takes.iter().flatten().any(|r| r.without(h))
    }
}

/// The plain path of `sit` (as `Situation::plain_possible`): `Some(None)` when it is closed,
/// `None` for an Ace rule that is not linear.
#[inline(always)]
fn plain(sit: &Situation, ace: AceRule) -> Option<Option<Reach>> {
    if sit.opp_castle_taken || sit.own_castle_played.is_some() {
        return Some(None);
    }
    Reach::new(sit.table, sit.hand.union(sit.pickable).union(sit.opp_dukes), ace).map(Some)
}

/// The path that takes the opponent's CASTLE (as `Situation::take_possible`), in the same
/// form.
#[inline(always)]
fn take(sit: &Situation, ace: AceRule) -> Option<Option<Reach>> {
    let Some(oc) = sit.opp_castle else { return Some(None) };
    let mut must = sit.table.union(sit.opp_dukes);
    must.insert(oc);
    let mut may = sit.hand.union(sit.pickable);
    if let Some(mc) = sit.own_castle {
        may.insert(mc);
    }
    Reach::new(must, may, ace).map(Some)
}

/// Writes the legal actions of the play step into `out` (the list, or a learning mask).
pub(crate) fn play_actions<S: Sink>(pos: &Position, out: &mut S) {
    let ace = pos.config.ace;
    let me = pos.player(pos.current);
    let opp = pos.player(other(pos.current));
    let sit = Situation::of(pos);
    let castle_played = sit.own_castle_played.is_some();
    let ends = round_ends(pos);
    let paths = Paths::of(&sit, ace, !ends && !castle_played);
    let mut playable = me.hand.union(sit.opp_dukes);
    if let Some(c) = opp.castle_face_up() {
        playable.insert(c);
    }
    for c in playable {
        let ok = match &paths {
            Some(paths) => paths.play(&sit, c),
            None => check_play(pos, Action::Play(c)).is_ok(),
        };
        if ok {
            out.push(Action::Play(c));
        }
    }
    let refill_open = me.castle_state == CastleState::FaceUp
        && me.dukes.iter().all(Option::is_none)
        && !pos.turn.refilled
        && !pos.turn.touched.iter().all(|&t| t);
    let swappable = me.dukes.iter().zip(pos.turn.touched).any(|(slot, touched)| slot.is_some() && !touched);
    if may_touch_dukes(pos) && (swappable || refill_open) {
        // The hand cards that may be given up to a DUKE slot, keeping the turn completable.
        let mut fine = CardSet::EMPTY;
        for h in me.hand {
            let ok = match &paths {
                Some(paths) => paths.without(h),
                None => {
                    let mut s = sit;
                    s.hand.remove(h);
                    s.completable(ace)
                }
            };
            if ok {
                fine.insert(h);
            }
        }
        for (slot, touched) in me.dukes.iter().zip(pos.turn.touched) {
            let Some(d) = *slot else { continue };
            if touched {
                continue;
            }
            out.push(Action::PickUp(d));
            out.pairs(PairKind::Swap, d, fine);
        }
        if refill_open {
            out.extend(fine.iter().map(Action::Refill));
        }
    }
    // Each refused at once by `check_play` unless its first condition holds.
    if let (Some(mc), Some(_)) = (sit.own_castle, sit.opp_castle) {
        let ok = match &paths {
            Some(paths) => paths.after_move(mc),
            None => check_play(pos, Action::Move).is_ok(),
        };
        if ok {
            out.push(Action::Move);
        }
    }
    if castle_played {
        // The CASTLE goes back only when the opponent's cannot be taken now.
        let ok = match &paths {
            Some(paths) => !paths.takes[0].as_ref().is_some_and(|r| r.completable()),
            None => check_play(pos, Action::Return).is_ok(),
        };
        if ok {
            out.push(Action::Return);
        }
    }
    if ends && check_play(pos, Action::End).is_ok() {
        out.push(Action::End);
    }
    if ends || castle_played {
        return;
    }
    // The discards need a valid table; the discards from it one that stays valid.
    let table = paths.as_ref().and_then(|p| p.table.as_ref());
    if !table.map_or_else(|| can_split(pos.table, ace), |t| t.completable()) {
        return;
    }
    out.extend(me.hand.iter().map(Action::Discard));
    if !pos.turn.acted {
        for a in me.hand {
            out.pairs(PairKind::DiscardTwo, a, me.hand);
        }
    }
    if me.draw.len() + me.discards.pile.len() > 0 {
        out.push(Action::Bury);
    }
    let mine = pos.table.intersection(CardSet::colour(colour_of(pos.current)));
    for c in mine {
        let stays = match table {
            Some(t) => t.without(c),
            None => {
                let mut rest = pos.table;
                rest.remove(c);
                can_split(rest, ace)
            }
        };
        if stays {
            out.push(Action::DiscardTable(c));
        }
    }
}
