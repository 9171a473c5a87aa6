//! The Expanded reference's legal actions of any state and its perft (a ply is a turn;
//! every chance outcome of a draw or a Divination is a branch).

use std::collections::BTreeSet;

use duke_core::Seat;
use theduke_rules::{Action, ExpandedDuke, Phase, Square, TileKind};

use super::expanded::model;

/// The legal actions of the player to act by the reference (set-up and the end have the
/// standard reference's answers: nothing of Expanded play changes them).
pub fn legal(state: &ExpandedDuke) -> BTreeSet<String> {
    match state.phase() {
        Phase::SetupDuke | Phase::SetupFootman { .. } | Phase::Over(_) => {
            let mut buf = Vec::new();
            duke_core::Game::legal_actions(state, state.side_to_move(), &mut buf);
            buf.iter().map(ToString::to_string).collect()
        }
        // "Dynastic Dispute": the player to pick takes one type of those left in front of
        // both, any type but the Duke and the Footman (the first two of the set).
        Phase::Draft => {
            let picked: Vec<TileKind> = [Seat(0), Seat(1)].into_iter().flat_map(|s| state.drafted(s)).collect();
            (2..state.tile_kinds() as u8)
                .map(TileKind)
                .filter(|k| !picked.contains(k))
                .map(|k| format!("pick {}", k.0))
                .collect()
        }
        // "Dark Rider": the Pikeman player places his Pikemen "in any squares of his edge",
        // then the other player his rider "in any square along his edge".
        Phase::Deploy => {
            let home = if state.side_to_move().0 == 0 { 0 } else { 5 };
            (0..6)
                .filter_map(|f| Square::at(f, home))
                .filter(|&sq| state.piece_at(sq).is_none())
                .map(|sq| format!("deploy {sq}"))
                .collect()
        }
        _ => model(state).legal(),
    }
}

/// Whether a state is in the middle of a turn (a drawn tile waits to be placed, a
/// Divination's later steps).
pub fn mid_turn(state: &ExpandedDuke) -> bool {
    matches!(state.phase(), Phase::Place { .. } | Phase::Divine { .. } | Phase::Dismiss { .. })
}

/// Every multiset of `n` tile types a bag of these counts can give.
pub fn draws(bag: &[u8], n: usize) -> Vec<Vec<TileKind>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for k in 0..bag.len() {
        if bag[k] == 0 {
            continue;
        }
        let mut rest = bag.to_vec();
        rest[k] -= 1;
        // Later picks never take a lower type: each multiset once.
        for count in rest.iter_mut().take(k) {
            *count = 0;
        }
        for mut tail in draws(&rest, n - 1) {
            tail.insert(0, TileKind(k as u8));
            out.push(tail);
        }
    }
    out
}

/// Perft by the reference: a ply is a turn; a draw branches on every tile type in the bag.
pub fn perft(state: &ExpandedDuke, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let me = state.side_to_move();
    let mut total = 0;
    for text in legal(state) {
        let action: Action = text.parse().unwrap();
        let children: Vec<ExpandedDuke> = if action == Action::Draw {
            drawn_children(state, me)
        } else if let Action::Divine(sq) = action {
            let m = model(state);
            let n = m.divination_draws(me) as usize;
            draws(&m.bag[me.index()], n).iter().map(|kinds| state.with_divined(sq, kinds).unwrap()).collect()
        } else {
            let mut child = state.clone();
            duke_core::Game::apply(&mut child, me, action).unwrap();
            vec![child]
        };
        for child in children {
            total += if mid_turn(&child) { perft(&child, depth) } else { perft(&child, depth - 1) };
        }
    }
    total
}

/// The positions a draw can lead to: one per tile kind left in `me`'s bag.
pub fn drawn_children(state: &ExpandedDuke, me: Seat) -> Vec<ExpandedDuke> {
    (0..state.tile_kinds() as u8)
        .filter(|&k| state.bag_count(me, TileKind(k)) > 0)
        .map(|k| state.with_drawn(TileKind(k)).unwrap())
        .collect()
}
