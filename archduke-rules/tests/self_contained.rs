//! The crate is self-contained: no file of it (code, tests, README, RULES.md, manifest) points
//! to files users do not have, such as our research notes or the rulebook files we worked
//! from. Rulebooks are cited by title and section name instead.

use std::path::Path;

/// Names that only exist outside the repository (written in pieces so that this file does
/// not match itself).
fn forbidden() -> Vec<String> {
    let notes = ["COMPONENTS", "TILES"].map(|n| format!("{n}.md"));
    let mut words = vec![format!("shared{}", '/')];
    words.extend(notes);
    words
}

/// A rulebook file name of our notes: three digits, `_`, sixteen hex digits, `.txt`.
fn rulebook_file(text: &str) -> bool {
    text.match_indices(".txt").any(|(end, _)| {
        let name = text.get(..end).unwrap_or("");
        let hex = name.chars().rev().take(16).filter(char::is_ascii_hexdigit).count() == 16;
        let before = name.len().checked_sub(17).and_then(|i| name.get(i..i + 1));
        hex && before == Some("_")
    })
}

fn visit(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            if !path.ends_with("target") {
                visit(&path, out);
            }
        } else if let Ok(text) = std::fs::read_to_string(&path) {
            out.push((path.display().to_string(), text));
        }
    }
}

#[test]
fn no_file_refers_to_files_outside_the_repository() {
    let mut files = Vec::new();
    visit(Path::new(env!("CARGO_MANIFEST_DIR")), &mut files);
    assert!(files.iter().any(|(path, _)| path.ends_with("RULES.md")));
    for (path, text) in &files {
        for word in forbidden() {
            assert!(!text.contains(&word), "{path} refers to {word}");
        }
        assert!(!rulebook_file(text), "{path} names a rulebook file");
    }
    assert!(rulebook_file(&format!("see rules/002_0123456789abcdef{}", ".txt")));
    assert!(!rulebook_file("notes.txt"));
}
