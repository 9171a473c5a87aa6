//! RULES.md's rule table against the property tests: every rule row names properties
//! that exist, or says `scenario only:` with the reason and a scenario test that exists;
//! every property is cited by a row. Each rules crate runs [`check_rule_table`] in its
//! coverage test, so a rule without a property (or a property without a rule) fails CI.

/// The source files a table may cite, each as (file stem, its text): properties by their
/// `fn` name, scenarios as `` `file::test` `` (several sources may share a stem).
pub type Sources<'a> = &'a [(&'a str, &'a str)];

/// One row of the table as checked: the rule's text and what it cites.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleRow {
    /// The first cell: the rule.
    pub rule: String,
    /// The property tests named in the last cell.
    pub properties: Vec<String>,
    /// The scenario tests named (`file::test`), for `scenario only:` rows.
    pub scenarios: Vec<String>,
}

/// The rows of the first markdown table after the line `heading` in `rules_md`, as cells
/// (header first).
pub fn table_after(rules_md: &str, heading: &str) -> Result<(Vec<String>, Vec<Vec<String>>), String> {
    let section = rules_md.split(heading).nth(1).ok_or_else(|| format!("RULES.md has no {heading:?}"))?;
    let mut lines = section.lines().skip_while(|l| !l.starts_with('|')).take_while(|l| l.starts_with('|'));
    let cells = |line: &str| -> Vec<String> {
        let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
        inner.split('|').map(|c| c.trim().to_owned()).collect()
    };
    let header = cells(lines.next().ok_or("the table has no header row")?);
    Ok((header, lines.skip(1).map(cells).collect()))
}

/// The names in backticks in a cell.
pub fn ticked(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// The `#[test]` functions of a source, each with its body up to the next test.
pub fn tests_of(source: &str) -> Vec<(&str, &str)> {
    source
        .split("#[test]\n")
        .skip(1)
        .filter_map(|chunk| {
            let rest = chunk.trim_start().strip_prefix("fn ")?;
            let name = rest.split('(').next()?;
            Some((name, rest))
        })
        .collect()
}

/// Checks the table after `heading` (its last column named `Property`): every row cites
/// property tests of `properties` or is `scenario only:` with a reason of some length and
/// a test of `scenarios`; every property test is cited; and `property_check(body)` holds
/// for each property's body (e.g. that it asserts a coverage threshold). Returns the rows.
pub fn check_rule_table(
    rules_md: &str,
    heading: &str,
    properties: Sources<'_>,
    scenarios: Sources<'_>,
    property_check: impl Fn(&str) -> bool,
) -> Result<Vec<RuleRow>, String> {
    let (header, rows) = table_after(rules_md, heading)?;
    if header.last().map(String::as_str) != Some("Property") {
        return Err(format!("the table after {heading:?} must end with a \"Property\" column: {header:?}"));
    }
    let all: Vec<(&str, &str)> = properties.iter().flat_map(|(_, source)| tests_of(source)).collect();
    let mut checked = Vec::new();
    for row in &rows {
        if row.len() != header.len() {
            return Err(format!("row {row:?} has {} cells, the header {}", row.len(), header.len()));
        }
        let rule = row.first().cloned().unwrap_or_default();
        let cell = row.last().map(String::as_str).unwrap_or_default();
        let (named_scenarios, names): (Vec<&str>, Vec<&str>) = ticked(cell).into_iter().partition(|n| n.contains("::"));
        for scenario in &named_scenarios {
            let (file, test) = scenario.split_once("::").unwrap_or_default();
            // Several sources may share a name (a module split into files).
            let mut sources = scenarios.iter().filter(|(f, _)| *f == file).peekable();
            if sources.peek().is_none() {
                return Err(format!("{rule}: unknown file {file}"));
            }
            if !sources.any(|(_, source)| tests_of(source).iter().any(|(n, _)| *n == test)) {
                return Err(format!("{rule}: no scenario test {scenario}"));
            }
        }
        for name in &names {
            if !all.iter().any(|(n, _)| n == name) {
                return Err(format!("{rule}: no property test `fn {name}()`"));
            }
        }
        if let Some(reason) = cell.strip_prefix("scenario only:") {
            if named_scenarios.is_empty() {
                return Err(format!("{rule}: scenario only, but no scenario test named"));
            }
            if reason.split(';').next().is_none_or(|r| r.trim().len() <= 20) {
                return Err(format!("{rule}: scenario only: give the reason"));
            }
        } else if names.is_empty() {
            return Err(format!("{rule}: no property named (or \"scenario only:\" with the reason)"));
        }
        checked.push(RuleRow {
            rule,
            properties: names.iter().map(|n| (*n).to_owned()).collect(),
            scenarios: named_scenarios.iter().map(|n| (*n).to_owned()).collect(),
        });
    }
    for (name, body) in &all {
        if !checked.iter().any(|row| row.properties.iter().any(|p| p == name)) {
            return Err(format!("the property {name} is not cited by any rule of RULES.md"));
        }
        if !property_check(body) {
            return Err(format!("the property {name} does not pass the crate's check (e.g. a coverage threshold)"));
        }
    }
    Ok(checked)
}

/// Compares `text` with the golden file at `path`, after rewriting the file with `text`
/// when the environment variable `UPDATE_GOLDEN` is set; returns the file's text. A
/// format change is then always deliberate: the test fails until the file is regenerated
/// and the diff reviewed.
pub fn golden_file(path: &std::path::Path, text: &str) -> Result<String, String> {
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, format!("{text}\n")).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let stored = std::fs::read_to_string(path).unwrap_or_default();
    if stored.trim_end() != text {
        return Err(format!(
            "{} differs from what the crate writes now. If the format changed on purpose, rerun with \
             UPDATE_GOLDEN=1 and review the diff.\n--- now:\n{text}",
            path.display()
        ));
    }
    Ok(stored)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: &str = "# Rules\n\n## Rules by section\n\n| rule | code | Property |\n| --- | --- | --- |\n\
        | Keep or redraw | `apply` | `keeping_keeps` |\n\
        | The highest card wins | `finish_round` | scenario only: every card is dealt at random each round; `scenarios::highest_wins` |\n";
    const PROPS: &str = "#[test]\nfn keeping_keeps() {\n    property(CASES);\n}\n";
    const SCEN: &str = "#[test]\nfn highest_wins() {}\n";

    #[test]
    fn a_complete_table_passes_and_gaps_are_named() {
        let rows = check_rule_table(RULES, "## Rules by section", &[("p", PROPS)], &[("scenarios", SCEN)], |body| {
            body.contains("CASES")
        })
        .unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].properties, ["keeping_keeps"]);
        assert_eq!(rows[1].scenarios, ["scenarios::highest_wins"]);
        let uncited = check_rule_table(
            RULES,
            "## Rules by section",
            &[("p", PROPS), ("q", "#[test]\nfn lonely() {}\n")],
            &[("scenarios", SCEN)],
            |_| true,
        );
        assert!(uncited.unwrap_err().contains("lonely"));
        let missing = check_rule_table(RULES, "## Rules by section", &[], &[("scenarios", SCEN)], |_| true);
        assert!(missing.unwrap_err().contains("no property test `fn keeping_keeps()`"));
        let no_reason = RULES.replace("every card is dealt at random each round", "rare");
        assert!(
            check_rule_table(&no_reason, "## Rules by section", &[("p", PROPS)], &[("scenarios", SCEN)], |_| true)
                .is_err()
        );
    }
}
