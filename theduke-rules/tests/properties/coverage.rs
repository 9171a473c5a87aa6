//! RULES.md's "Rules by section" table against the properties: every rule row names
//! properties that exist here, or says "scenario only:" with the reason and the scenario
//! test; every property is cited by a rule and holds itself to a coverage threshold.

const RULES: &str = include_str!("../../RULES.md");

/// The property sources, by rulebook section.
const PROPERTIES: [(&str, &str); 9] = [
    ("set_up", include_str!("set_up.rs")),
    ("how_to_play", include_str!("how_to_play.rs")),
    ("movement_icons", include_str!("movement_icons.rs")),
    ("capturing_tiles", include_str!("capturing_tiles.rs")),
    ("place_a_new_troop_tile", include_str!("place_a_new_troop_tile.rs")),
    ("winning_the_game", include_str!("winning_the_game.rs")),
    ("customization", include_str!("customization.rs")),
    ("dread_and_defense", include_str!("dread_and_defense.rs")),
    ("enhanced_abilities", include_str!("enhanced_abilities.rs")),
];

/// Scenario tests a row may name (as `file::test`).
const SCENARIOS: [(&str, &str); 6] = [
    ("rulebook", include_str!("../rulebook.rs")),
    ("icons", include_str!("../icons.rs")),
    ("expanded_icons", include_str!("../expanded_icons.rs")),
    ("dread", include_str!("../../src/expanded/dread.rs")),
    ("enhanced", include_str!("../enhanced.rs")),
    ("tile_sets", include_str!("../tile_sets.rs")),
];

/// The rows of the first table under "## Rules by section", as cells.
fn rule_rows() -> (Vec<String>, Vec<Vec<String>>) {
    let section = RULES.split("## Rules by section").nth(1).expect("RULES.md has a \"Rules by section\" table");
    let mut lines = section.lines().skip_while(|l| !l.starts_with('|')).take_while(|l| l.starts_with('|'));
    let cells = |line: &str| -> Vec<String> {
        let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
        inner.split('|').map(|c| c.trim().to_owned()).collect()
    };
    let header = cells(lines.next().expect("a header row"));
    let rows = lines.skip(1).map(cells).collect();
    (header, rows)
}

/// The names in backticks in a cell.
fn ticked(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// The `#[test]` functions of a source with their bodies (up to the next test).
fn tests_of(source: &str) -> Vec<(&str, &str)> {
    source
        .split("#[test]\n")
        .skip(1)
        .filter_map(|chunk| {
            // Unit tests of `src` are indented inside their `tests` module.
            let rest = chunk.trim_start().strip_prefix("fn ")?;
            let name = rest.split('(').next()?;
            Some((name, rest))
        })
        .collect()
}

#[test]
fn every_rule_names_a_property_or_a_scenario_with_a_reason() {
    let (header, rows) = rule_rows();
    assert_eq!(header.last().map(String::as_str), Some("Property"), "the table's last column is \"Property\"");
    assert!(rows.len() >= 25, "only {} rule rows", rows.len());
    let properties: Vec<(&str, &str)> = PROPERTIES.iter().flat_map(|(_, source)| tests_of(source)).collect();
    let mut cited = Vec::new();
    eprintln!("| rule | property |");
    for row in &rows {
        assert_eq!(row.len(), header.len(), "row {row:?}");
        let rule = format!("{}: {}", row[0], row[1]);
        let cell = row.last().unwrap();
        let (scenarios, names): (Vec<&str>, Vec<&str>) = ticked(cell).into_iter().partition(|n| n.contains("::"));
        for scenario in &scenarios {
            let (file, test) = scenario.split_once("::").unwrap();
            let (_, source) =
                SCENARIOS.iter().find(|(f, _)| *f == file).unwrap_or_else(|| panic!("{rule}: unknown file {file}"));
            assert!(tests_of(source).iter().any(|(n, _)| *n == test), "{rule}: no scenario test {scenario}");
        }
        for name in &names {
            assert!(properties.iter().any(|(n, _)| n == name), "{rule}: no property test `fn {name}()`");
            cited.push(*name);
        }
        if let Some(reason) = cell.strip_prefix("scenario only:") {
            assert!(!scenarios.is_empty(), "{rule}: scenario only, but no scenario test named");
            assert!(reason.split(';').next().is_some_and(|r| r.trim().len() > 20), "{rule}: give the reason");
            eprintln!("| {rule:.70} | scenario only: {} |", scenarios.join(", "));
        } else {
            assert!(!names.is_empty(), "{rule}: no property named (or \"scenario only:\" with the reason)");
            eprintln!("| {rule:.70} | {} |", names.join(", "));
        }
    }
    for (name, body) in &properties {
        assert!(cited.contains(name), "the property {name} is not cited by any rule of RULES.md");
        assert!(
            body.contains("property::<") || body.contains("icon_rule("),
            "{name} does not run through `property`, which holds it to its coverage threshold"
        );
    }
}
