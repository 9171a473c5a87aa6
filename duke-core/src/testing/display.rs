//! Checks of what a terminal client prints.

/// The lines of `text` that show an empty label: a list in brackets with nothing inside,
/// a label followed by spaces only, or a colon whose content is missing (a line ending
/// with `:` that no more-indented line follows).
pub fn empty_labels(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut bad = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let next_deeper = lines.get(i + 1).is_some_and(|n| !n.trim().is_empty() && indent(n) > indent(line));
        if line.contains("[]")
            || line.contains(":  (")
            || line.contains(": ,")
            || (line.trim_end().ends_with(':') && !next_deeper)
        {
            bad.push((*line).to_owned());
        }
    }
    bad
}
