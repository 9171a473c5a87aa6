//! The view's text (`Display`, what a terminal client prints) labels nothing empty: an
//! empty hand, pile or grid says so, and no label is left without its content.

use archduke_rules::Archduke;
use archduke_rules::testing::{bias_play, configs};
use duke_core::testing::Settings;
use duke_core::testing::display::empty_labels;
use duke_core::testing::invariants::check_steps;
use duke_core::{Game, Observer, Seat};

#[test]
fn views_print_no_empty_label() {
    let settings = Settings { cases: 24, max_game_actions: 3_000, ..Settings::default() };
    let coverage = check_steps::<Archduke>(configs(), &settings, Some(bias_play), |step| {
        step.reached();
        let seats = (0..step.after.seat_count()).map(|s| Observer::Seat(Seat(s as u8)));
        for observer in seats.chain([Observer::Spectator]) {
            let text = step.after.view(observer).to_string();
            let bad = empty_labels(&text);
            if !bad.is_empty() {
                return Err(format!("{observer:?} sees empty labels {bad:?} in\n{text}"));
            }
        }
        Ok(())
    })
    .unwrap();
    assert!(coverage.reached > 1_000, "{coverage:?}");
}
