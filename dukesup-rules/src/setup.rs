//! Set-up (rulebook, "Setup"): each player shuffles his half of the deck, draws 4 cards and
//! chooses 1 CASTLE and 2 DUKES; the DUKES go up once both have chosen.

use duke_core::{Card, CardSet, GameRng, Seat};

use crate::actions::{Action, Sink};
use crate::config::Config;
use crate::state::{Discards, Phase, Pile, Player, Position, TurnFlags, colour_of};

/// A fresh game: round 1 dealt, both players choosing.
pub(crate) fn new_game(config: Config, seed: u64) -> Position {
    let mut rng = GameRng::new(seed);
    let first = first_player(&config, &mut rng);
    let mut pos = Position {
        config,
        rng,
        players: [Player::default(); 2],
        table: CardSet::EMPTY,
        phase: Phase::Choosing,
        current: first,
        round_first: first,
        round: 1,
        turns: 0,
        chosen: [false; 2],
        turn: TurnFlags::default(),
        points: [0; 2],
        wins: [0; 2],
        last_round: None,
    };
    deal(&mut pos);
    pos
}

/// The first player of the first round: the config's, or (`None`, "Choose a player to go
/// first" left to chance) drawn with the game generator, before the deal.
pub(crate) fn first_player(config: &Config, rng: &mut GameRng) -> Seat {
    config.first_player.unwrap_or_else(|| Seat(u8::from(rng.below(2) == 1)))
}

/// Shuffles each half-deck and draws 4 cards ("Setup" 1 and 3).
pub(crate) fn deal(pos: &mut Position) {
    for (i, player) in pos.players.iter_mut().enumerate() {
        let mut pile = Pile::default();
        CardSet::colour(colour_of(Seat(i as u8))).iter().for_each(|c| pile.push(c));
        pos.rng.shuffle(pile.as_mut_slice());
        let mut hand = CardSet::EMPTY;
        for _ in 0..4 {
            if let Some(c) = pile.pop() {
                hand.insert(c);
            }
        }
        *player = Player { hand, draw: pile, discards: Discards::default(), ..Player::default() };
    }
    pos.table = CardSet::EMPTY;
    pos.phase = Phase::Choosing;
    pos.current = pos.round_first;
    pos.turns = 0;
    pos.chosen = [false; 2];
    pos.turn = TurnFlags::default();
}

/// The 12 ways to choose from 4 cards: a CASTLE, then two DUKES (lower card first).
pub(crate) fn choose_candidates<S: Sink>(pos: &Position, seat: Seat, out: &mut S) {
    let hand = pos.player(seat).hand;
    for castle in hand {
        for a in hand {
            for b in hand {
                if a != castle && b != castle && a < b {
                    out.push(Action::Choose { castle, dukes: [a, b] });
                }
            }
        }
    }
}

/// Whether `seat` may choose these cards.
pub(crate) fn check_choose(pos: &Position, seat: Seat, castle: Card, dukes: [Card; 2]) -> Result<(), &'static str> {
    let hand = pos.player(seat).hand;
    let [a, b] = dukes;
    if pos.chosen.get(seat.index()).copied().unwrap_or(true) {
        return Err("already chosen");
    }
    if !(hand.contains(castle) && hand.contains(a) && hand.contains(b)) {
        return Err("choose from the four cards drawn");
    }
    if a == castle || b == castle || a >= b {
        return Err("three different cards, the DUKES lower card first");
    }
    Ok(())
}

/// Places the chosen cards; once both have chosen, "Dukes Up!" and the first turn begins.
pub(crate) fn apply_choose(pos: &mut Position, seat: Seat, castle: Card, dukes: [Card; 2]) {
    let p = pos.player_mut(seat);
    p.hand.remove(castle);
    dukes.iter().for_each(|&d| p.hand.remove(d));
    p.castle = Some(castle);
    p.dukes = dukes.map(Some);
    if let Some(c) = pos.chosen.get_mut(seat.index()) {
        *c = true;
    }
    if pos.chosen == [true, true] {
        pos.phase = Phase::Draw;
        pos.current = pos.round_first;
    }
}
