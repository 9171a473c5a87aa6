//! What makes a state one the game can go on from: the rules a position obeys
//! ([`Duke::check_rules`], typed, shared with [`Duke::from_setup`]) and the bookkeeping of
//! the packed representation ([`Duke::check`], behind `Game::validate`).

use duke_core::{InvalidState, Seat};

use crate::board::{Square, orthogonal_neighbours};
use crate::movegen::Any;
use crate::position::{SetupError, set_aside};
use crate::source::{ExtraState, Packed, TileSource};
use crate::state::{Duke, EndReason, Ending, NO_SQUARE, Phase, Piece, code_kind};
use crate::terrain::TerrainKind;
use crate::tiles::{Side, TileKind};

impl<S: TileSource> Duke<S> {
    /// How many of its three set-up placements (the Duke, then two Footmen) `owner` has
    /// made, or `None` once set-up is over.
    pub(crate) fn set_up_progress(&self, owner: u8) -> Option<u8> {
        match self.phase {
            Phase::SetupDuke if owner == self.to_move => Some(0),
            Phase::SetupFootman { remaining } if owner == self.to_move => Some(3u8.saturating_sub(remaining)),
            Phase::SetupDuke | Phase::SetupFootman { .. } => Some(if owner == self.first { 3 } else { 0 }),
            Phase::Draft => Some(0),
            _ => None,
        }
    }

    /// `owner`'s tiles of type `kind` on the board.
    pub(crate) fn on_board(&self, owner: u8, kind: usize) -> u32 {
        let count = self.board.iter().filter_map(|&c| Piece::from_code(c)).filter(|p| p.owner.0 == owner);
        count.filter(|p| p.kind.index() == kind).count() as u32
    }

    /// `owner`'s tiles of type `kind` that are neither on the board, nor in the bag, nor
    /// captured, nor removed: set aside for set-up, just drawn and waiting to be placed,
    /// divined and in the diviner's hand, (Dynastic Dispute) not drafted or in the box, or
    /// (Dark Rider) still to deploy.
    pub(crate) fn off_board(&self, owner: u8, kind: usize) -> u32 {
        let duke = self.set.duke_kind(usize::from(owner));
        let aside = self.set_up_progress(owner).map_or(0, |placed| set_aside(kind, placed, duke));
        let drawn = matches!(self.phase, Phase::Place { drawn } if owner == self.to_move && drawn.index() == kind);
        let held = if owner == self.to_move {
            crate::source::hand_kinds(self.extra.hand()).filter(|k| k.index() == kind).count() as u32
        } else {
            0
        };
        aside + u32::from(drawn) + held + self.undrafted(owner, kind) + self.to_deploy(owner, kind)
    }

    /// The checks of the phase alone: seats, the Footmen still to place, the drawn tile.
    pub(crate) fn check_phase(&self) -> Result<(), SetupError> {
        for seat in [self.to_move, self.first] {
            if seat > 1 {
                return Err(SetupError::NoSuchSeat(Seat(seat)));
            }
        }
        // The divined tiles are held only while a Divination goes on: as many as drawn while
        // one is to be kept, those left while the others are sent back or destroyed.
        let held = crate::source::hand_kinds(self.extra.hand()).count() as u8;
        let holds = match self.phase {
            Phase::Divine { drawn } => (1..=3).contains(&drawn) && held == drawn,
            Phase::Dismiss { left } => (1..=2).contains(&left) && held == left,
            // A Keep that scores Counting Coup's third point ends the game with the others
            // still held.
            Phase::Over(_) => held <= 2,
            _ => held == 0,
        };
        if !holds {
            return Err(SetupError::Hand { held, phase: self.phase });
        }
        match self.phase {
            Phase::SetupFootman { remaining } if !(1..=2).contains(&remaining) => {
                Err(SetupError::FootmenRemaining { remaining })
            }
            Phase::Place { drawn } if drawn.index() >= self.set.kinds() => Err(SetupError::UnknownTile { kind: drawn }),
            _ => self.check_draft(),
        }
    }

    /// Dynastic Dispute's draft (rulebook "Alternate Objectives"): picks only in that
    /// objective, of types the draft hands out, each type by one seat; the first player has
    /// picked as often as the other or once more, the one to pick during the draft being
    /// the one whose turn that makes it; the draft is over (nothing left to pick) exactly
    /// when the phase is past it.
    fn check_draft(&self) -> Result<(), SetupError> {
        let [a, b] = self.extra.drafted();
        let dynastic = self.dynastic();
        if !dynastic {
            return if a | b == 0 && self.phase != Phase::Draft { Ok(()) } else { Err(SetupError::Draft) };
        }
        let (mine, theirs) = if self.first == 0 { (a, b) } else { (b, a) };
        let (n_first, n_second) = (mine.count_ones(), theirs.count_ones());
        let ok = a & b == 0
            && (a | b) & !self.draftable() == 0
            && (n_first == n_second || n_first == n_second + 1)
            && match self.phase {
                Phase::Draft => {
                    let turn = if n_first == n_second { self.first } else { 1 - self.first };
                    self.draft_pool() != 0 && self.to_move == turn
                }
                _ => self.draft_pool() == 0,
            };
        if ok { Ok(()) } else { Err(SetupError::Draft) }
    }

    /// The rules a position must obey to be played on (the list is on
    /// [`Setup`](crate::Setup)), given a board, bags and captured tiles that add up.
    pub(crate) fn check_rules(&self) -> Result<(), SetupError> {
        self.check_phase()?;
        let running = !matches!(self.phase, Phase::Over(_));
        if self.limit != 0 && (self.turns > self.limit || (running && self.turns == self.limit)) {
            return Err(SetupError::TurnLimit { turns: self.turns, limit: self.limit });
        }
        self.check_terrain()?;
        self.check_flags()?;
        self.check_dark_rider()?;
        if self.dark_rider() {
            // No Duke in Dark Rider: its set-up and endings are `check_dark_rider`'s.
            if let Phase::Over(ending) = self.phase {
                self.check_ending(ending)?;
            }
        } else if self.set_up_progress(0).is_some() {
            self.check_set_up()?;
        } else {
            for seat in [Seat(0), Seat(1)] {
                // Counting Coup, Trophy Hunters: a captured Duke stays captured.
                if running && self.duke_square(seat).is_none() && !self.flag_game() {
                    return Err(SetupError::MissingDuke { seat });
                }
            }
            if let Phase::Over(ending) = self.phase {
                self.check_ending(ending)?;
            }
        }
        // The general rule: a state that loads is one the game can go on from.
        if running && !self.has_any_action() {
            return Err(SetupError::NoLegalAction { seat: Seat(self.to_move) });
        }
        Ok(())
    }

    /// The terrain tiles fit the config and the phase (rulebook "Terrain Tiles": placed
    /// once set-up is complete, "no two Terrain Tiles can occupy the same square"), and no
    /// tile stands on the Mountain.
    fn check_terrain(&self) -> Result<(), SetupError> {
        let terrain = self.terrain();
        let options = self.set.terrain();
        let placed = self.set_up_progress(0).is_none() && self.phase != Phase::Deploy;
        let all = self.occ[0] | self.occ[1];
        let mountain_ok = terrain.mountain.is_some() == (options.mountain && placed)
            && terrain.mountain.is_none_or(|m| all & m.bit() == 0);
        if !mountain_ok {
            return Err(SetupError::Terrain { terrain: TerrainKind::Mountain });
        }
        let fort_ok = terrain.fort.is_some() == (options.fort && placed)
            && (terrain.fort.is_none() || terrain.fort != terrain.mountain);
        if !fort_ok {
            return Err(SetupError::Terrain { terrain: TerrainKind::Fort });
        }
        // The Dragon may stand on the Mountain or in the Fort, never with a tile.
        // With the Flags, the Dragon comes once they are down.
        let dragon_ok = terrain.dragon.is_some() == (options.dragon && placed && self.phase != Phase::SetupFlag)
            && terrain.dragon.is_none_or(|d| all & d.square.bit() == 0);
        if !dragon_ok {
            return Err(SetupError::Terrain { terrain: TerrainKind::Dragon });
        }
        Ok(())
    }

    /// Whether the seat to act has a legal action (the guard cache must be current).
    fn has_any_action(&self) -> bool {
        let mut any = Any(false);
        self.visit(&mut any);
        any.0
    }

    /// Set-up (rulebook "Set-up"): each seat's board tiles are the placements it has made,
    /// where the rulebook puts them; nothing is captured, no turn is counted.
    pub(crate) fn check_set_up(&self) -> Result<(), SetupError> {
        if self.turns != 0 {
            return Err(SetupError::TurnsDuringSetUp { turns: self.turns });
        }
        for owner in 0..2u8 {
            let seat = Seat(owner);
            if self.lost.get(usize::from(owner)).is_some_and(|l| !l.is_empty())
                || self.extra.removed(usize::from(owner)) != 0
            {
                return Err(SetupError::CapturedDuringSetUp { seat });
            }
            let placed = self.set_up_progress(owner).unwrap_or(0);
            let home = if owner == 0 { 0 } else { 5 };
            let duke = self.duke_square(seat);
            let duke_ok = match duke {
                Some(sq) => placed >= 1 && sq.rank() == home && (sq.file() == 2 || sq.file() == 3),
                None => placed == 0,
            };
            let beside = duke.map_or(0, orthogonal_neighbours);
            let mut footmen = 0;
            let mut others_ok = true;
            for sq in Square::iter(self.occupancy(seat)) {
                let Some(p) = self.piece_at(sq) else { continue };
                others_ok &= p.side == Side::Start;
                match p.kind {
                    k if k.index() == self.set.duke_kind(usize::from(owner)) => {}
                    TileKind::FOOTMAN if sq.bit() & beside != 0 => footmen += 1,
                    _ => others_ok = false,
                }
            }
            if !duke_ok || !others_ok || footmen != placed.saturating_sub(1) {
                return Err(SetupError::SetUpBoard { seat });
            }
        }
        Ok(())
    }

    /// A finished game's ending fits the position (rulebook "Winning the Game"; readings 1
    /// and 14 of RULES.md).
    fn check_ending(&self, ending: Ending) -> Result<(), SetupError> {
        if let Some(fits) = self.flag_ending_fits(ending) {
            return if fits { Ok(()) } else { Err(SetupError::InconsistentEnding(ending)) };
        }
        // Counting Coup, Trophy Hunters: a Duke may be gone in any ending.
        let has_duke = |s: u8| self.flag_game() || self.duke_square(Seat(s)).is_some();
        // Dark Rider has no Duke: its game runs while both armies do (`check_dark_rider`).
        let dark = self.dark_rider();
        let both = dark || (has_duke(0) && has_duke(1));
        let fits = match (ending.winner, ending.reason) {
            (_, EndReason::DarkRider(_)) => dark,
            (_, EndReason::DukeCaptured) if dark => false,
            (Some(w), EndReason::DukeCaptured) => w.0 <= 1 && has_duke(w.0) && !has_duke(1 - w.0),
            // The Dragon took a Duke, or both (`DragonDuke`); saves made before
            // `DragonTookDuke` existed end a drawn Dragon game as `DukeCaptured`.
            (_, EndReason::DragonTookDuke) if dark => false,
            (Some(w), EndReason::DragonTookDuke) => {
                w.0 <= 1 && self.dragon().is_some() && has_duke(w.0) && !has_duke(1 - w.0)
            }
            (None, EndReason::DragonTookDuke | EndReason::DukeCaptured) => {
                self.dragon().is_some() && !(has_duke(0) && has_duke(1))
            }
            (None, EndReason::TurnLimit) => both && self.limit != 0 && self.turns >= self.limit,
            (Some(w), EndReason::NoLegalAction) => {
                // The loser is the seat left to act, and it indeed had nothing to do.
                let mut probe = self.clone();
                probe.phase = Phase::Play;
                probe.guard = probe.compute_guard();
                w.0 <= 1 && self.to_move == 1 - w.0 && both && !probe.has_any_action()
            }
            _ => false,
        };
        if fits { Ok(()) } else { Err(SetupError::InconsistentEnding(ending)) }
    }

    /// Checks every invariant: cells, occupancy masks and Duke squares agree; each tile is
    /// in exactly one place (set aside for set-up, bag, drawn, board or captured); the
    /// Duke-danger cache is current; and the position obeys the rules of
    /// [`Setup`](crate::Setup) (so the seat to act has a legal action).
    pub fn check(&self) -> Result<(), InvalidState> {
        let kinds = self.set.kinds();
        let mut occ = [0u64; 2];
        let mut dukes = [NO_SQUARE; 2];
        for (i, &code) in self.board.iter().enumerate() {
            let Some(p) = Piece::from_code(code) else {
                if code != 0 {
                    return Err(InvalidState::new("bad cell"));
                }
                continue;
            };
            if code_kind(code) >= kinds {
                return Err(InvalidState::new("unknown tile type on the board"));
            }
            if let Some(m) = occ.get_mut(p.owner.index()) {
                *m |= 1u64 << i;
            }
            if p.kind.index() == self.set.duke_kind(p.owner.index())
                && let Some(d) = dukes.get_mut(p.owner.index())
            {
                *d = i as u8;
            }
        }
        if occ != self.occ {
            return Err(InvalidState::new("occupancy masks disagree with the board"));
        }
        if dukes != self.duke {
            return Err(InvalidState::new("Duke squares disagree with the board"));
        }
        self.check_phase().map_err(|e| InvalidState::new(e.to_string()))?;
        for owner in 0..2u8 {
            let bag = self.bag.get(usize::from(owner)).copied().unwrap_or_default();
            let lost = self.lost.get(usize::from(owner)).copied().unwrap_or_default();
            let removed = self.extra.removed(usize::from(owner));
            for k in 0..S::Bag::KINDS {
                let total = u32::from(bag.count(k))
                    + u32::from(lost.count(k))
                    + u32::from(removed.count(k))
                    + self.on_board(owner, k)
                    + self.off_board(owner, k);
                if total != self.in_game(owner, k) {
                    return Err(InvalidState::new(format!("tile conservation broken for seat {owner}, type {k}")));
                }
            }
        }
        if self.guard != self.compute_guard() {
            return Err(InvalidState::new("stale Duke-danger cache"));
        }
        self.check_rules().map_err(|e| InvalidState::new(e.to_string()))
    }
}
