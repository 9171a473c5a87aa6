//! Contract checks on playouts biased towards playing cards, so that tables fill up and
//! DUKES, CASTLES and THE MOVE come into play (uniform random play rarely melds).

use duke_core::{Card, Game, GameRng, Observer, Seat};
use dukesup_rules::{AceRule, Action, Config, DukesUp, MultiRound, Reshuffle, Source};

/// Every action that could make sense now: each is accepted by `apply` exactly when listed.
fn universe(game: &DukesUp) -> Vec<Action> {
    let mut all = vec![Action::Move, Action::Return, Action::End, Action::Bury];
    for source in [Source::DrawPile, Source::Discards] {
        all.extend((0..=3).map(|count| Action::Draw { source, count }));
    }
    for c in Card::all() {
        all.extend([
            Action::Play(c),
            Action::PickUp(c),
            Action::Refill(c),
            Action::Discard(c),
            Action::DiscardTable(c),
        ]);
    }
    let setup = game.to_setup();
    let me = &setup.players[setup.current.unwrap().index()];
    for &d in me.dukes.iter().flatten().chain(me.hand.iter()) {
        all.extend(Card::all().map(|with| Action::Swap { duke: d, with }));
    }
    for &a in &me.hand {
        all.extend(Card::all().map(|b| Action::DiscardTwo(a, b)));
    }
    for p in &setup.players {
        for &castle in &p.hand {
            for &a in &p.hand {
                all.extend(p.hand.iter().map(|&b| Action::Choose { castle, dukes: [a, b] }));
            }
        }
    }
    all
}

fn check_state(game: &DukesUp, buf: &mut Vec<Action>, again: &mut Vec<Action>, step: u64) {
    game.validate().unwrap();
    for seat in [Seat(0), Seat(1)] {
        game.legal_actions(seat, buf);
        for a in universe(game) {
            let mut after = *game;
            let accepted = after.apply(seat, a).is_ok();
            assert_eq!(accepted, buf.contains(&a), "{seat} {a}: apply and legal_actions disagree");
            if !accepted {
                assert_eq!(&after, game);
            }
        }
    }
    for seat in [Seat(0), Seat(1)] {
        game.legal_actions(seat, buf);
        assert_eq!(game.to_act().contains(seat), !buf.is_empty(), "to_act and legal actions agree");
        for &a in buf.iter() {
            let mut after = *game;
            let undo = after.apply(seat, a).unwrap_or_else(|e| panic!("listed {a} refused: {e}"));
            after.validate().unwrap_or_else(|e| panic!("after {a}: {e}"));
            after.undo(undo);
            assert_eq!(&after, game);
            assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
        }
        let view = game.view(Observer::Seat(seat));
        let other = game.determinize(seat, step ^ 0xABCD);
        other.validate().unwrap();
        assert_eq!(other.view(Observer::Seat(seat)), view);
        assert_eq!(other.view(Observer::Spectator), game.view(Observer::Spectator));
        other.legal_actions(seat, again);
        assert_eq!(buf, again);
    }
    let json = serde_json::to_string(game).unwrap();
    assert_eq!(&serde_json::from_str::<DukesUp>(&json).unwrap(), game);
}

#[test]
fn biased_playouts_keep_the_contract() {
    let mut kinds = std::collections::BTreeMap::new();
    let mut buf = Vec::new();
    let mut again = Vec::new();
    for seed in 0..120u64 {
        let mut config = Config::default();
        config.first_player = Some(Seat((seed % 2) as u8));
        config.ace = [AceRule::Low, AceRule::High, AceRule::LowOrHigh, AceRule::Around][(seed % 4) as usize];
        config.rounds = 1 + (seed % 2) as u8;
        config.multi_round = if seed % 4 < 2 { MultiRound::AddScores } else { MultiRound::CountWins };
        config.turn_limit = Some(120);
        config.reshuffle = if seed % 3 == 0 { Reshuffle::AtOnce } else { Reshuffle::WhenNeeded };
        let mut game = DukesUp::new(&config, seed).unwrap();
        let mut rng = GameRng::new(seed);
        let mut step = 0;
        while let Some(seat) = game.to_act().first() {
            check_state(&game, &mut buf, &mut again, step);
            game.legal_actions(seat, &mut buf);
            let eager: Vec<Action> =
                buf.iter().copied().filter(|a| matches!(a, Action::Play(_) | Action::Move | Action::End)).collect();
            let pick = if !eager.is_empty() && rng.below(4) > 0 { &eager } else { &buf };
            let a = pick[rng.below(pick.len() as u32) as usize];
            let name = a.to_string().split_whitespace().next().unwrap_or("").to_owned();
            *kinds.entry(name).or_insert(0u32) += 1;
            game.apply(seat, a).unwrap();
            step += 1;
            assert!(step <= DukesUp::max_actions(&config));
        }
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.scores, game.running_scores());
    }
    // The playouts reach every kind of action.
    for kind in ["castle", "draw", "play", "pickup", "swap", "duke", "move", "return", "discard", "bury", "end"] {
        assert!(kinds.get(kind).copied().unwrap_or(0) > 0, "no {kind} in {kinds:?}");
    }
}
