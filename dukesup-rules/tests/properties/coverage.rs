//! RULES.md's "Every rule" table against the properties: every rule row names properties
//! that exist here, or says "scenario only:" with the reason and the scenario test; every
//! property is cited by a rule and holds itself to a coverage threshold.

const RULES: &str = include_str!("../../RULES.md");

/// The property sources, by rulebook section.
const PROPERTIES: [(&str, &str); 11] = [
    ("set_up", include_str!("set_up.rs")),
    ("runs_and_sets", include_str!("runs_and_sets.rs")),
    ("drawing", include_str!("drawing.rs")),
    ("playing_cards", include_str!("playing_cards.rs")),
    ("taking_your_opponents_dukes", include_str!("taking_your_opponents_dukes.rs")),
    ("replacing_your_dukes", include_str!("replacing_your_dukes.rs")),
    ("discarding", include_str!("discarding.rs")),
    ("ending_the_game", include_str!("ending_the_game.rs")),
    ("the_move", include_str!("the_move.rs")),
    ("scoring", include_str!("scoring.rs")),
    ("engine", include_str!("engine.rs")),
];

/// Scenario tests a row may name (as `file::test`).
const SCENARIOS: [(&str, &str); 2] =
    [("scenarios", include_str!("../scenarios.rs")), ("events", include_str!("../events.rs"))];

#[test]
fn every_rule_names_a_property_or_a_scenario_with_a_reason() {
    let rows =
        duke_core::testing::rules_table::check_rule_table(RULES, "## Every rule", &PROPERTIES, &SCENARIOS, |body| {
            // Every property runs through `property`, which holds it to its coverage threshold.
            body.contains("property(") && body.contains(", CASES")
        })
        .unwrap_or_else(|why| panic!("{why}"));
    assert!(rows.len() >= 30, "only {} rule rows", rows.len());
    eprintln!("| rule | property |");
    for row in &rows {
        let cited = if row.properties.is_empty() { row.scenarios.join(", ") } else { row.properties.join(", ") };
        eprintln!("| {:.70} | {cited} |", row.rule);
    }
}
