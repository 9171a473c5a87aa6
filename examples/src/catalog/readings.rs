//! The rules options each game takes from the command line beyond the obvious fields: The
//! Duke's readings, Crown Battles' readings and smaller variations, Archduke's scoring
//! modes. [`Catalogued::config_with`](super::Catalogued::config_with) of each game calls
//! these.

#[cfg(any(feature = "theduke", feature = "crownbattles"))]
use crate::options::GameOptions;

/// The readings of The Duke's switches (`--dark-rider-danger`, …): each switch turns on
/// the other reading of one `theduke_rules::Readings` field. A switch whose rule the game
/// does not play (a Dark Rider reading without `--objective dark-rider`, a Dragon reading
/// without `--dragon`, …) is refused rather than silently ignored.
#[cfg(feature = "theduke")]
pub(super) fn duke_readings(options: &GameOptions) -> Result<theduke_rules::Readings, String> {
    use crate::options::DukeObjective::{CountingCoup, DarkRider, TrophyHunters};
    use theduke_rules::*;
    let objective = options.objective;
    let needs = [
        (options.fort_jump_slide_passes, options.fort, "--fort-jump-slide-passes", "--fort"),
        (
            options.dragon_danger
                || options.dragon_duke_draw
                || options.dragon_edge_faced
                || options.dragon_push_counted,
            options.dragon,
            "--dragon-danger, --dragon-duke-draw, --dragon-edge-faced and --dragon-push-counted",
            "--dragon",
        ),
        (
            options.dark_rider_freeze_all || options.dark_rider_danger,
            objective == Some(DarkRider),
            "--dark-rider-freeze-all and --dark-rider-danger",
            "--objective dark-rider",
        ),
        (
            options.flag_duke_danger,
            matches!(objective, Some(CountingCoup | TrophyHunters)),
            "--flag-duke-danger",
            "--objective counting-coup or trophy-hunters",
        ),
        (
            options.coup_flag_paths || options.coup_any_move,
            objective == Some(CountingCoup),
            "--coup-flag-paths and --coup-any-move",
            "--objective counting-coup",
        ),
        // The Flag's move and the Dragon's turn are ordered only when both are played.
        (
            options.coup_flag_after_dragon,
            objective == Some(CountingCoup) && options.dragon,
            "--coup-flag-after-dragon",
            "--objective counting-coup and --dragon",
        ),
        (
            options.trophy_flags_own,
            objective == Some(TrophyHunters),
            "--trophy-flags-own",
            "--objective trophy-hunters",
        ),
    ];
    if let Some((_, _, flags, with)) = needs.iter().find(|&&(on, played, _, _)| on && !played) {
        return Err(format!("{flags} go with {with}"));
    }
    fn pick<T: Default>(on: bool, other: T) -> T {
        if on { other } else { T::default() }
    }
    let mut readings = Readings::default();
    readings.dread_immunity = pick(options.dread_immune_either_side, DreadImmunity::EitherSide);
    readings.dread_thaw = pick(options.dread_thaw_on_turn, DreadThaw::ControllerTurn);
    readings.divination_draws = pick(options.divination_exactly_three, DivinationDraws::ExactlyThree);
    readings.divination_shown = pick(options.divination_shown, DivinationShown::Everyone);
    readings.ransom_trade = pick(options.ransom_any_tile, RansomTrade::AnyTile);
    readings.fort_jump_slide = pick(options.fort_jump_slide_passes, FortJumpSlide::PassesOnly);
    readings.dragon_danger = pick(options.dragon_danger, DragonDanger::Avoided);
    readings.dragon_duke = pick(options.dragon_duke_draw, DragonDuke::Draw);
    readings.dark_rider_freeze = pick(options.dark_rider_freeze_all, EdgeFreeze::Everything);
    readings.dark_rider_danger = pick(options.dark_rider_danger, RiderDanger::Avoided);
    readings.flag_duke_danger = pick(options.flag_duke_danger, FlagDukeDanger::Kept);
    readings.coup_flag = pick(options.coup_flag_paths, CoupFlag::Paths);
    readings.coup_points = pick(options.coup_any_move, CoupPoints::AnyMove);
    readings.trophy_flags = pick(options.trophy_flags_own, TrophyFlags::OwnerPlaces);
    readings.dragon_push = pick(options.dragon_push_counted, DragonPush::Counted);
    readings.new_tile_danger = pick(options.new_tile_danger_some_tile, NewTileDanger::SomeTile);
    readings.dragon_edge = pick(options.dragon_edge_faced, DragonEdge::FacedEdge);
    readings.coup_flag_move = pick(options.coup_flag_after_dragon, CoupFlagMove::AfterTheDragon);
    Ok(readings)
}

/// Archduke's `--scoring SPEC`: `tokens:N` (the box rulebook, N rounds: 4, or 8 for its
/// "Advanced mode"), `battle-royal` (the box variation), or the online rules' points with a
/// mark: `eliminate-at:N`, `eliminate-to-three:N`, `first-to:N` (N points), `rounds:N`.
#[cfg(feature = "archduke")]
pub(super) fn archduke_scoring(spec: &str) -> Result<archduke_rules::Scoring, String> {
    use archduke_rules::{Mark, Scoring};
    let err = || format!("--scoring {spec}: expected one of {}", crate::options::SCORING_FORMS.join(", "));
    let (name, number) = match spec.trim().split_once(':') {
        Some((name, n)) => (name, Some(n.trim().parse::<i32>().map_err(|_| err())?)),
        None => (spec.trim(), None),
    };
    let small = |n: i32| u8::try_from(n).map_err(|_| err());
    let points = |mark| Scoring::Points { mark };
    Ok(match (name, number) {
        ("tokens", Some(n)) => Scoring::Tokens { rounds: small(n)? },
        ("battle-royal", None) => Scoring::BattleRoyal,
        ("eliminate-at", Some(threshold)) => points(Mark::EliminateAt { threshold }),
        ("eliminate-to-three", Some(threshold)) => points(Mark::EliminateToThree { threshold }),
        ("first-to", Some(threshold)) => points(Mark::FirstTo { threshold }),
        ("rounds", Some(n)) => points(Mark::Rounds { rounds: u16::try_from(n).map_err(|_| err())? }),
        _ => return Err(err()),
    })
}

/// Crown Battles' options beyond the round types: the readings of its ambiguous rules and
/// its smaller variations (`--precision-team-double NAME`, `--leak-choice NAME`, `--shields
/// NAME`, `--witch-step N`, `--end-of-trick LIST`, `--mission-choices N`, …).
#[cfg(feature = "crownbattles")]
pub(super) fn crown_readings(config: &mut crownbattles_rules::Config, options: &GameOptions) -> Result<(), String> {
    use crate::options::{END_OF_TRICK, LeakChoiceName, MISSION_CHOICES, PrecisionTeamDoubleName, ShieldsName};
    use crownbattles_rules::{LeakChoice, PrecisionTeamDouble, Shields, SplitLead, SplitMiss, Timing};
    if let Some(double) = options.precision_team_double {
        config.precision_team_double = match double {
            PrecisionTeamDoubleName::OneMember => PrecisionTeamDouble::OneMember,
            PrecisionTeamDoubleName::PerSuit => PrecisionTeamDouble::PerSuit,
            PrecisionTeamDoubleName::OneBid => PrecisionTeamDouble::OneBid,
        };
    }
    config.precision_solo_doubled = options.precision_solo_doubled;
    config.leak_only_held = options.leak_only_held;
    if let Some(choice) = options.leak_choice {
        config.leak_choice = match choice {
            LeakChoiceName::Simultaneous => LeakChoice::Simultaneous,
            LeakChoiceName::Clockwise => LeakChoice::Clockwise,
            LeakChoiceName::Dealer => LeakChoice::Dealer,
            LeakChoiceName::Spinner => LeakChoice::Spinner,
            LeakChoiceName::Neighbour => LeakChoice::Neighbour,
        };
    }
    config.stealth_actions_at_flip = options.stealth_actions_at_flip;
    config.stealth_follow_face_down = options.stealth_follow_face_down;
    if options.split_miss_per_trick {
        config.split_miss = SplitMiss::PerTrick;
    }
    if options.split_last_winner_leads {
        config.split_lead = SplitLead::LastWinner;
    }
    config.screw_the_dealer = options.screw_the_dealer;
    config.dealer_may_choose_no_trump = options.dealer_may_choose_no_trump;
    config.wizard_affects_kings = options.wizard_affects_kings;
    if let Some(shields) = options.shields {
        config.shields = match shields {
            ShieldsName::Off => Shields::Off,
            ShieldsName::Round => Shields::Round,
            ShieldsName::Game => Shields::Game,
        };
    }
    if let Some(step) = options.witch_step {
        config.witch_step = step;
    }
    if let Some(list) = &options.end_of_trick {
        for name in list.split(',') {
            // The names of `END_OF_TRICK_CARDS`, which the usage lists.
            let timing = match name.trim() {
                "alchemist" => &mut config.timings.alchemist,
                "bishop" => &mut config.timings.bishop,
                "jester" => &mut config.timings.jester,
                "witch" => &mut config.timings.witch,
                other => {
                    let names = crate::options::END_OF_TRICK_CARDS.join(", ");
                    return Err(format!("--{END_OF_TRICK} {other}: expected one of {names}"));
                }
            };
            *timing = Timing::EndOfTrick;
        }
    }
    if let Some(choices) = options.mission_choices {
        // Checked here: the engine's validation reports a choice count out of range as a
        // catalogue size ("a mission catalogue holds 1 to 64 missions"), which names
        // neither the flag nor what it counts.
        let max = crownbattles_rules::MAX_MISSIONS;
        if choices == 0 || usize::from(choices) > max {
            return Err(format!("--{MISSION_CHOICES} {choices}: expected 1 to {max} missions offered to each player"));
        }
        config.missions.choices = choices;
    }
    Ok(())
}

/// Refuses a Crown Battles switch whose round type no round can play (`--random-duels`
/// without Duel Fights dealt, …): it would change nothing, and a user who gave it expects
/// it to. The base game's options (`--screw-the-dealer`, the power cards' readings) apply
/// to every round and are not checked here.
pub(super) fn crown_needs(config: &crownbattles_rules::Config, options: &GameOptions) -> Result<(), String> {
    use crownbattles_rules::RoundType::{self, *};
    let any = |types: &[RoundType]| types.iter().any(|t| config.round_types.chosen() & (1 << t.index()) != 0);
    let missions = [Missions, BlindMissions, MissionsAlliances];
    let teams = [Alliances, MissionsAlliances, SuitPrecisionAlliances];
    let precision = [SuitPrecision, SuitPrecisionAlliances];
    let needs: [(bool, &[RoundType], &str); 11] = [
        (
            options.missions.is_some() || options.missions_in_turn || options.mission_choices.is_some(),
            &missions,
            "--missions, --missions-in-turn and --mission-choices",
        ),
        (options.random_teams, &teams, "--random-teams"),
        (options.missions_own_points, &[MissionsAlliances], "--missions-own-points"),
        (
            options.precision_peasant_any || options.precision_thief_own_bid,
            &precision,
            "--precision-peasant-any and --precision-thief-own-bid",
        ),
        (
            options.precision_team_double.is_some() || options.precision_solo_doubled,
            &[SuitPrecisionAlliances],
            "--precision-team-double and --precision-solo-doubled",
        ),
        (options.extra_wagers || options.wager_bid_points, &[Wagering], "--extra-wagers and --wager-bid-points"),
        (
            options.random_duels || options.duel_bonus || options.duel_misses_to_bank,
            &[DuelFights],
            "--random-duels, --duel-bonus and --duel-misses-to-bank",
        ),
        (
            options.long_play_screw_by_tricks || options.long_play_first_pass_acts,
            &[LongPlay],
            "--long-play-screw-by-tricks and --long-play-first-pass-acts",
        ),
        (options.leak_only_held || options.leak_choice.is_some(), &[LeakedSuit], "--leak-only-held and --leak-choice"),
        (
            options.stealth_actions_at_flip || options.stealth_follow_face_down,
            &[StealthPlay],
            "--stealth-actions-at-flip and --stealth-follow-face-down",
        ),
        (
            options.split_miss_per_trick || options.split_last_winner_leads,
            &[TheSplit],
            "--split-miss-per-trick and --split-last-winner-leads",
        ),
    ];
    match needs.iter().find(|&&(on, types, _)| on && !any(types)) {
        Some((_, types, flags)) => {
            let names: Vec<&str> = types.iter().map(|t| t.short()).collect();
            Err(format!("{flags} go with --round-types or --round-sequence naming {}", names.join(" or ")))
        }
        None => Ok(()),
    }
}
