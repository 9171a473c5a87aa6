//! What each seat sees, its terminal rendering, and determinization.
//!
//! A seat sees the table, every face-up DUKE and CASTLE, its own hand, CASTLE and DUKES, the
//! sizes of all piles and hands, the discards it made knowingly (it "cannot look back" through
//! the pile, but it remembers), discards that left the table in plain sight or that could be
//! no other cards (a face-down pair of them without its order), and hand cards of the
//! opponent that it saw go there (picked-up DUKES, cards drawn back that all had seen).

use core::fmt;

use duke_core::{Card, CardSet, Observer, Seat};
use serde::{Deserialize, Serialize};

use crate::config::Config;
use crate::meld::{MeldKind, split};
use crate::state::{CastleState, Phase, Position, TurnFlags};

/// A DUKE slot as an observer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DukeView {
    /// Empty.
    Empty,
    /// Chosen but not yet revealed.
    Hidden,
    /// This card.
    Shown(Card),
}

/// A CASTLE as an observer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CastleView {
    /// Not chosen yet.
    NotChosen,
    /// Face down, unknown to this observer.
    Hidden,
    /// Face down, known to its owner.
    FaceDown(Card),
    /// Face up in place.
    FaceUp(Card),
    /// On the table.
    OnTable(Card),
}

/// One player's cards as an observer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// Cards in hand.
    pub hand_size: u8,
    /// The hand cards this observer knows (all of them for the owner), as a list of cards.
    #[serde(with = "crate::wire::card_list")]
    pub hand_known: CardSet,
    /// The DUKE slots.
    pub dukes: [DukeView; 2],
    /// The CASTLE.
    pub castle: CastleView,
    /// Whether he has chosen CASTLE and DUKES this round.
    pub chosen: bool,
    /// Cards in the draw pile (face down, order unknown to everyone).
    pub draw_size: u8,
    /// The discard pile, bottom first: the cards this observer knows, `None` for the rest.
    pub discards: Vec<Option<Card>>,
    /// The face-down pairs of discards this observer saw go down together, knowing both
    /// cards but not their order: the position in [`PlayerView::discards`] (from the
    /// bottom, from 0) of the lower card of each; the two are shown lower card first. Always
    /// empty for the owner, who knows the order.
    pub unordered: Vec<u8>,
}

/// What one observer sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking.
    pub observer: Observer,
    /// The options.
    pub config: Config,
    /// The step.
    pub phase: Phase,
    /// Whose turn it is.
    pub current: Seat,
    /// The round, from 1.
    pub round: u8,
    /// Turns completed this round.
    pub turns: u32,
    /// What the player to move has done this turn.
    pub turn: TurnFlags,
    /// The cards on the table, as a list of cards (see [`crate::meld::split`] for one
    /// arrangement into runs and sets).
    #[serde(with = "crate::wire::card_list")]
    pub table: CardSet,
    /// Seat 0 (black) and seat 1 (red).
    pub players: [PlayerView; 2],
    /// Points of finished rounds.
    pub points: [u32; 2],
    /// Rounds won.
    pub wins: [u8; 2],
    /// The last finished round's counts.
    pub last_round: Option<[u32; 2]>,
}

fn player_view(pos: &Position, seat: Seat, observer: Observer) -> PlayerView {
    let p = pos.player(seat);
    let own = observer == Observer::Seat(seat);
    let revealed = pos.phase != Phase::Choosing;
    let duke = |d: &Option<Card>| match d {
        None => DukeView::Empty,
        Some(c) if own || revealed => DukeView::Shown(*c),
        Some(_) => DukeView::Hidden,
    };
    let castle = match (p.castle, p.castle_state) {
        (None, _) => CastleView::NotChosen,
        (Some(c), CastleState::FaceDown) if own => CastleView::FaceDown(c),
        (Some(_), CastleState::FaceDown) => CastleView::Hidden,
        (Some(c), CastleState::FaceUp) => CastleView::FaceUp(c),
        (Some(c), CastleState::OnTable) => CastleView::OnTable(c),
    };
    let known = if own { p.discards.owner_known } else { p.discards.public };
    let pairs = if own { 0 } else { p.discards.pairs };
    let mut discards: Vec<Option<Card>> = p
        .discards
        .pile
        .as_slice()
        .iter()
        .enumerate()
        .map(|(i, &c)| if known >> i & 1 == 1 { Some(c) } else { None })
        .collect();
    // A face-down pair in one canonical order: the observer does not know the real one.
    let unordered: Vec<u8> = (0..discards.len()).filter(|i| pairs >> i & 1 == 1).map(|i| i as u8).collect();
    for &i in &unordered {
        let i = usize::from(i);
        if let Some(pair) = discards.get_mut(i..i + 2) {
            pair.sort_unstable();
        }
    }
    PlayerView {
        hand_size: p.hand.len() as u8,
        hand_known: if own { p.hand } else { p.hand_public },
        dukes: [duke(&p.dukes[0]), duke(&p.dukes[1])],
        castle,
        chosen: pos.chosen.get(seat.index()).copied().unwrap_or(false),
        draw_size: p.draw.len() as u8,
        discards,
        unordered,
    }
}

/// The view of `observer`.
pub(crate) fn view(pos: &Position, observer: Observer) -> View {
    View {
        observer,
        config: pos.config,
        phase: pos.phase,
        current: pos.current,
        round: pos.round,
        turns: pos.turns,
        turn: pos.turn,
        table: pos.table,
        players: [player_view(pos, Seat(0), observer), player_view(pos, Seat(1), observer)],
        points: pos.points,
        wins: pos.wins,
        last_round: pos.last_round,
    }
}

impl View {
    /// The cards `seat` counts now, as far as this observer can see (a hidden CASTLE counts).
    pub fn visible_score(&self, seat: Seat) -> u32 {
        let colour = crate::state::colour_of(seat);
        let Some(p) = self.players.get(seat.index()) else { return 0 };
        let table = self.table.intersection(CardSet::colour(colour)).len() as u32;
        let dukes = p.dukes.iter().filter(|d| **d != DukeView::Empty).count() as u32;
        let castle =
            u32::from(matches!(p.castle, CastleView::Hidden | CastleView::FaceDown(_) | CastleView::FaceUp(_)));
        table + dukes + castle
    }
}

/// Whether a face-down pair starts at discard `i`.
fn pair_at(unordered: &[u8], i: usize) -> bool {
    u8::try_from(i).is_ok_and(|i| unordered.contains(&i))
}

fn name(seat: Seat) -> &'static str {
    if seat.0 == 0 { "P0 (black: clubs, spades)" } else { "P1 (red: hearts, diamonds)" }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = match self.phase {
            Phase::Choosing => "choosing CASTLE and DUKES",
            Phase::Draw => "draw",
            Phase::Play => "play, then discard",
            Phase::Over => "game over",
        };
        let (round, rounds, turn) = (self.round, self.config.rounds, self.turns.saturating_add(1));
        if self.phase == Phase::Over {
            writeln!(f, "Dukes Up!  round {round}/{rounds}  {step}")?;
        } else if self.phase == Phase::Choosing {
            let waiting: Vec<String> = [Seat(0), Seat(1)]
                .iter()
                .filter(|s| self.players.get(s.index()).is_some_and(|p| !p.chosen))
                .map(|s| s.to_string())
                .collect();
            writeln!(f, "Dukes Up!  round {round}/{rounds}  {step}: waiting for {}", waiting.join(" and "))?;
        } else {
            writeln!(f, "Dukes Up!  round {round}/{rounds}  turn {turn}  {} to act ({step})", self.current)?;
        }
        for seat in [Seat(1), Seat(0)] {
            let Some(p) = self.players.get(seat.index()) else { continue };
            writeln!(f, "{}{}", name(seat), if Observer::Seat(seat) == self.observer { "  (you)" } else { "" })?;
            // No empty labels: an empty hand or pile says so.
            if p.hand_size == 0 {
                f.write_str("  hand: empty")?;
            } else {
                write!(f, "  hand ({}):", p.hand_size)?;
            }
            for c in p.hand_known {
                write!(f, " {c}")?;
            }
            for _ in p.hand_known.len()..usize::from(p.hand_size) {
                f.write_str(" ??")?;
            }
            writeln!(f)?;
            f.write_str("  DUKES:")?;
            for d in &p.dukes {
                match d {
                    DukeView::Empty => f.write_str(" [  ]")?,
                    DukeView::Hidden => f.write_str(" [??]")?,
                    DukeView::Shown(c) => write!(f, " [{c}]")?,
                }
            }
            match p.castle {
                CastleView::NotChosen => f.write_str("  CASTLE: not chosen")?,
                CastleView::Hidden => f.write_str("  CASTLE: face down")?,
                CastleView::FaceDown(c) => write!(f, "  CASTLE: {c} (face down)")?,
                CastleView::FaceUp(c) => write!(f, "  CASTLE: {c} (face up)")?,
                CastleView::OnTable(c) => write!(f, "  CASTLE: {c} (on the table)")?,
            }
            write!(f, "\n  draw pile: {}  discard pile: ", p.draw_size)?;
            if p.discards.is_empty() {
                writeln!(f, "empty")?;
                continue;
            }
            write!(f, "{} [", p.discards.len())?;
            for (i, d) in p.discards.iter().enumerate() {
                let sep = if i == 0 { "" } else { " " };
                // A face-down pair in braces: these two cards, order unknown.
                let open = if pair_at(&p.unordered, i) { "{" } else { "" };
                let close = if i.checked_sub(1).is_some_and(|below| pair_at(&p.unordered, below)) { "}" } else { "" };
                match d {
                    Some(c) => write!(f, "{sep}{open}{c}{close}")?,
                    None => write!(f, "{sep}{open}??{close}")?,
                }
            }
            writeln!(f, "] (top last)")?;
        }
        writeln!(f, "TABLE ({} cards):", self.table.len())?;
        if self.table.is_empty() {
            writeln!(f, "  (empty)")?;
        }
        match split(self.table, self.config.ace) {
            Some(melds) => {
                for meld in melds {
                    let kind = if meld.kind == MeldKind::Run { "run" } else { "set" };
                    write!(f, "  {kind}:")?;
                    for c in meld.ordered() {
                        write!(f, " {c}")?;
                    }
                    writeln!(f)?;
                }
            }
            None => {
                writeln!(f, "  (not yet a valid arrangement) {}", self.table)?;
            }
        }
        let t = self.turn;
        if self.phase == Phase::Play && (t.acted || t.last_turn) {
            let said: Vec<&str> = [(t.acted, "has played"), (t.last_turn, "last turn (piles empty)")]
                .into_iter()
                .filter_map(|(on, text)| on.then_some(text))
                .collect();
            writeln!(f, "this turn: {}", said.join("; "))?;
        }
        if let Some([a, b]) = self.last_round {
            writeln!(f, "last round: P0 {a}, P1 {b}")?;
        }
        if self.config.rounds > 1 {
            writeln!(
                f,
                "points: P0 {}, P1 {}   rounds won: P0 {}, P1 {}",
                self.points[0], self.points[1], self.wins[0], self.wins[1]
            )?;
        }
        Ok(())
    }
}
