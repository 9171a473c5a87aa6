//! Set-up (rulebook "Set-up"): the bags are filled, who sets up first is decided, and
//! each player then places his Duke and two Footmen as actions (see `movegen::visit` for
//! the legal squares and `turn::play_unchecked` for their effect).

use duke_core::GameRng;

use crate::config::{Config, ConfigError, Objective};
use crate::source::{Packed, TileSource};
use crate::state::{Duke, NO_SQUARE, Phase};

impl<S: TileSource> Duke<S> {
    /// A new game at the start of set-up (rulebook "Set-up"): every tile but the Duke and
    /// two Footmen goes into its owner's bag; who sets up first follows the config.
    pub fn with_config(config: &Config, seed: u64) -> Result<Duke<S>, ConfigError> {
        config.check()?;
        let set = S::from_config(config)?;
        let mut rng = GameRng::new(seed);
        // `check` refused any seat but 0 and 1.
        let first = match config.first_player {
            Some(seat) => seat.0,
            None => rng.below(2) as u8,
        };
        // The Duke (type 0, one tile) and two Footmen (type 1) are set aside for set-up. In
        // Dynastic Dispute the rest is drafted: the bag holds the third Footman only.
        let dynastic = S::EXPANDED && set.objective() == Objective::DynasticDispute;
        // The Duke and two Footmen are set aside for set-up; a tile acting as seat 1's Duke
        // only (`TileSetSpec::p1_duke`) is set aside by seat 1 and is none of seat 0's.
        let p1_duke = set.duke_kind(1);
        let all = set.counts().minus(0).minus(1).minus(1);
        let all = if p1_duke != 0 { all.minus(p1_duke) } else { all };
        let dark_rider = S::EXPANDED && matches!(set.objective(), Objective::DarkRider(_));
        let bag = if dynastic {
            S::Bag::of(1, all.count(1))
        } else if dark_rider {
            // Dark Rider: the armies are deployed at once, nothing is drawn (reading 56).
            S::Bag::default()
        } else {
            all
        };
        Ok(Duke {
            board: [0; crate::board::SQUARES],
            occ: [0; 2],
            bag: [bag; 2],
            lost: [S::Bag::default(); 2],
            rng,
            turns: 0,
            limit: config.turn_limit.unwrap_or(0),
            duke: [NO_SQUARE; 2],
            phase: if dynastic {
                Phase::Draft
            } else if dark_rider {
                Phase::Deploy
            } else {
                Phase::SetupDuke
            },
            to_move: first,
            first,
            first_choice: config.first_player.map_or(0, |s| s.0.saturating_add(1)),
            guard: 0,
            extra: S::Extra::default(),
            set,
        })
    }
}
