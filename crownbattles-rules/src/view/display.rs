//! The view as the terminal text the examples print: the table, the seat's hand and what
//! each round type adds, one line per fact.

use core::fmt;

use super::*;

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let trump = match (self.phase, self.trump) {
            (Phase::ChooseTrump, _) => "not yet: the dealer chooses".to_owned(),
            (_, Trump::Suit(s)) => format!("{} ({}, {})", s.letter(), s.colour(), s.race()),
            (_, Trump::NoTrump) => "X (no trump)".to_owned(),
        };
        writeln!(
            f,
            "Crown Battles - round {}/{} - {} cards each - dealer {} - trump {}",
            self.round, self.rounds, self.cards_dealt, self.dealer, trump
        )?;
        if self.round_type != RoundType::Normal {
            writeln!(f, "Round type: {}", self.round_type.name())?;
        }
        if !self.revealed_trick.is_empty() {
            let shown: Vec<String> = self.revealed_trick.iter().map(|c| format!("{}={}", c.seat, c.face)).collect();
            writeln!(f, "Last trick revealed last round: {}", shown.join(" "))?;
        }
        if let Some(split) = &self.split {
            let other: Vec<String> = split
                .other_bids
                .iter()
                .enumerate()
                .map(|(i, b)| format!("P{i} {}", b.map_or_else(|| "-".to_owned(), |b| b.to_string())))
                .collect();
            let which = if split.half == 1 { "second" } else { "first" };
            writeln!(f, "The Split: half {} of 2; bids for the {which} half: {}", split.half, other.join(", "))?;
            if split.half == 2 {
                let took: Vec<String> =
                    split.first_tricks.iter().enumerate().map(|(i, t)| format!("P{i} {t}")).collect();
                writeln!(f, "First half tricks: {}", took.join(", "))?;
            }
            let sizes: Vec<String> = split.aside_sizes.iter().map(u8::to_string).collect();
            let mine: Vec<String> = split.aside.iter().map(ToString::to_string).collect();
            writeln!(f, "Set aside: {} cards each; yours: {}", sizes.join("/"), mine.join(" "))?;
        }
        if let Some(alliance) = &self.alliance {
            let mut teams: Vec<String> = Vec::new();
            for (i, a) in alliance.allies.iter().enumerate() {
                if let Some(a) = a.filter(|a| a.index() > i) {
                    teams.push(format!("P{i}+{a}"));
                }
            }
            if let Some(solo) = alliance.solo {
                teams.push(format!("{solo} solo"));
            }
            let notes: Vec<String> = alliance.notes.iter().map(ToString::to_string).collect();
            writeln!(f, "Teams: {}; Secret Notes shown: {}", teams.join(", "), notes.join(" "))?;
        }
        if let Some(p) = &self.precision {
            for (i, (bids, took)) in p.bids.iter().zip(&p.tricks).enumerate() {
                let per_suit = |f: &dyn Fn(usize) -> String| -> String {
                    SuitId::ALL.iter().map(|s| format!("{}{}", s.letter(), f(s.index()))).collect::<Vec<_>>().join(" ")
                };
                let bid = |k: usize| bids.get(k).copied().flatten().map_or_else(|| "-".to_owned(), |b| b.to_string());
                let won = |k: usize| took.get(k).copied().unwrap_or(0).to_string();
                writeln!(f, "Suit Precision P{i}: bids {}; tricks {}", per_suit(&bid), per_suit(&won))?;
            }
        }
        if let Some(bids) = &self.revealed_bids {
            let shown: Vec<String> = bids.iter().enumerate().map(|(i, b)| format!("P{i} {b}")).collect();
            writeln!(f, "Bids revealed last round: {}", shown.join(", "))?;
        }
        for i in 0..usize::from(self.players) {
            let seat = Seat(i as u8);
            let bid = match self.bids.get(i).copied().flatten() {
                Some(b) => b.to_string(),
                None => "-".to_owned(),
            };
            let mut marks = String::new();
            if self.crown == Some(seat) {
                marks.push_str(" [crown]");
            }
            if self.protected.get(i).copied().unwrap_or(false) {
                marks.push_str(" [protected]");
            }
            if let Some(voids) = self.voids.get(i).filter(|v| !v.is_empty()) {
                let letters: String = voids.iter().map(|s| s.letter()).collect();
                marks.push_str(&format!(" [void {letters}]"));
            }
            if self.to_act.contains(&seat) {
                marks.push_str(" <- to act");
            }
            writeln!(
                f,
                "  {seat}: score {:>5}  bid {:>5}  tricks {:>2}  cards {:>2}{marks}",
                self.scores.get(i).copied().unwrap_or(0),
                bid,
                self.tricks.get(i).copied().unwrap_or(0),
                self.hand_sizes.get(i).copied().unwrap_or(0),
            )?;
        }
        write!(f, "Table:")?;
        if self.trick.is_empty() {
            write!(f, " (empty)")?;
        }
        for s in &self.face_down {
            write!(f, " {s}=(face down)")?;
        }
        for c in &self.trick {
            let golem = if c.face == Face::Power(Power::DoubleFaced) && matches!(c.form, Form::Golem { .. }) {
                ":golem"
            } else {
                ""
            };
            write!(f, " {}={}{}", c.seat, c.face, golem)?;
        }
        if let Some(suit) = self.suit_told {
            write!(f, "   (follow {suit}, set face down)")?;
        }
        writeln!(f)?;
        writeln!(f, "Deck: {} cards   Played this round: {}", self.deck_size, self.played.len())?;
        if !self.known.is_empty() {
            write!(f, "Known:")?;
            for (place, face) in &self.known {
                match place {
                    Place::Hand(s) => write!(f, " {face}@{s}")?,
                    Place::Deck => write!(f, " {face}@deck")?,
                }
            }
            writeln!(f)?;
        }
        if let Observer::Seat(s) = self.observer {
            let hand: Vec<String> = self.hand.iter().map(ToString::to_string).collect();
            // (No empty label: an empty hand, at a round's end, says so.)
            let hand = if hand.is_empty() { "none".to_owned() } else { hand.join(" ") };
            writeln!(f, "Your hand ({s}): {hand}")?;
            if let Some(p) = self.passing {
                writeln!(f, "You pass: {p}")?;
            }
            if let Some(c) = self.incoming {
                writeln!(f, "Coming to you: {c}")?;
            }
            if !self.offered.is_empty() {
                let ids: Vec<String> = self.offered.iter().map(|&id| describe(&self.mission_cards, id)).collect();
                writeln!(f, "Your missions to choose from: {}", ids.join(", "))?;
            }
        }
        if !self.missions.is_empty() {
            let shown: Vec<String> = self
                .missions
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    format!("P{i}={}", m.map_or_else(|| "?".to_owned(), |m| describe(&self.mission_cards, m)))
                })
                .collect();
            writeln!(f, "Missions: {}", shown.join(" "))?;
        }
        if !self.duels.is_empty() {
            let groups: Vec<String> =
                self.duels.iter().map(|g| g.iter().map(ToString::to_string).collect::<Vec<_>>().join("+")).collect();
            writeln!(f, "Duels: {}", groups.join(", "))?;
        }
        if self.pot > 0 {
            let wagers: Vec<String> = self.wagers.iter().enumerate().map(|(i, w)| format!("P{i} {w}")).collect();
            writeln!(
                f,
                "Pot: {}{}",
                self.pot,
                if wagers.is_empty() { String::new() } else { format!("; extra wagers: {}", wagers.join(", ")) }
            )?;
        }
        match self.phase {
            Phase::Over => writeln!(f, "Game over."),
            Phase::Effect { seat, power, .. } => writeln!(f, "{seat} resolves the {}.", power.name()),
            Phase::Passing { magician, direction } => {
                writeln!(f, "Magician ({magician}): everyone passes a card {direction:?}.")
            }
            Phase::BlindBidding => writeln!(f, "Blind Bidding: everyone places a bid face down."),
            Phase::Splitting => writeln!(f, "The Split: everyone sets aside the cards of their second half."),
            Phase::Missions => writeln!(f, "Missions: choose one of the missions dealt to you."),
            Phase::LeakedSuit => writeln!(f, "Leaked Suit: choose a suit to reveal (leak R, leak monsters, ...)."),
            Phase::Teams => {
                writeln!(f, "Alliances: the dealer forms the teams (team P0 P2; the solo player: team P1).")
            }
            Phase::Place { seat, .. } => writeln!(f, "Suit Precision: {seat} places the trick under a suit (place B)."),
            Phase::Pairing => writeln!(f, "Duel Fights: the dealer groups the players (duel P0 P3, ...)."),
            _ => Ok(()),
        }
    }
}
