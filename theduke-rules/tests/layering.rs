//! The base game reads without its expansion (issue #26 item 7): no source file outside
//! `src/expanded/` names that module. The types the base modules share with Expanded play
//! (the terrain and the Dragon as data, the objectives, the tile-set format) live in base
//! modules; `expanded/` builds on them, never the reverse. The crate root `src/lib.rs`
//! alone declares the module and re-exports its public items.

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, recursively.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_base_module_imports_from_expanded() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let expanded = src.join("expanded");
    let root = src.join("lib.rs");
    let base: Vec<&PathBuf> = files.iter().filter(|f| !f.starts_with(&expanded) && **f != root).collect();
    assert!(base.len() >= 20, "the base modules were not found: {base:?}");
    let mut found = Vec::new();
    for file in base {
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.contains("expanded::") || line.contains("use crate::expanded") || line.contains("mod expanded") {
                found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "base modules naming `expanded`:\n{}", found.join("\n"));
}

#[test]
fn the_crate_root_only_declares_and_re_exports_expanded() {
    let text = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/lib.rs")).unwrap();
    for line in text.lines().filter(|l| l.contains("expanded::") && !l.trim_start().starts_with("//")) {
        assert!(line.starts_with("pub use expanded::"), "lib.rs: {line}");
    }
}
