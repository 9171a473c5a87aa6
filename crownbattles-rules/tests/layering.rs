//! The base game reads without the round types (issue #26 item 7): the base modules reach
//! `src/rounds/` only through the one seam module, `src/expansion.rs`, and no import cycle
//! joins more than two files; both read from the sources at test time.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The one base module that names `rounds::`.
const SEAM: &str = "expansion.rs";

/// Every `.rs` file under `src/`, by its path relative to `src/` (with `/`), and its text.
fn sources() -> BTreeMap<String, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path: PathBuf = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                out.insert(name, fs::read_to_string(&path).unwrap());
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    walk(&root, &root, &mut out);
    out
}

#[test]
fn no_base_module_names_the_round_types_but_the_seam() {
    let sources = sources();
    assert!(sources.contains_key(SEAM) && sources.contains_key("rounds/mod.rs"), "{:?}", sources.keys());
    let mut offenders = Vec::new();
    for (file, text) in &sources {
        // The crate root declares the modules and re-exports the public API; it holds no rule.
        if file.starts_with("rounds/") || file == SEAM || file == "lib.rs" {
            continue;
        }
        for (i, line) in text.lines().enumerate() {
            if line.contains("rounds::") {
                offenders.push(format!("src/{file}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "base modules naming rounds:: (use crate::expansion instead):\n{}",
        offenders.join("\n")
    );
}

/// The module path of a file: `rounds/missions/mod.rs` is `["rounds", "missions"]`.
fn module_of(file: &str) -> Vec<String> {
    let stem = file.trim_end_matches(".rs");
    let stem = stem.strip_suffix("/mod").unwrap_or(stem);
    if stem == "lib" { Vec::new() } else { stem.split('/').map(str::to_owned).collect() }
}

/// The file defining the longest prefix of `path` that is a module.
fn file_of(files: &BTreeSet<String>, path: &[String]) -> Option<String> {
    (1..=path.len()).rev().find_map(|k| {
        let base = path[..k].join("/");
        [format!("{base}.rs"), format!("{base}/mod.rs")].into_iter().find(|f| files.contains(f))
    })
}

/// The paths a `use` tree names (`a::{b, c::{d}}`: `a::b`, `a::c::d`).
fn use_paths(tree: &str) -> Vec<Vec<String>> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = tree.find('{') else {
        return vec![tree.split("::").filter(|s| !s.is_empty() && *s != "self").map(str::to_owned).collect()];
    };
    let prefix: Vec<String> = tree[..open].split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect();
    let inner = &tree[open + 1..tree.len().saturating_sub(1)];
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(use_paths)
        .map(|rest| prefix.iter().cloned().chain(rest).collect())
        .collect()
}

/// Which files each file imports: its `use crate::…`, `use super::…` and `use child::…`
/// lines and the `crate::…` paths written in its code (comments and `#[cfg(test)] mod
/// tests` left out).
fn import_graph(sources: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let files: BTreeSet<String> = sources.keys().cloned().collect();
    let mut graph = BTreeMap::new();
    for (file, text) in sources {
        let module = module_of(file);
        let code: String = text
            .split("#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or("")
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let mut targets = BTreeSet::new();
        let mut add = |path: Vec<String>| {
            if let Some(target) = file_of(&files, &path).filter(|t| t != file) {
                targets.insert(target);
            }
        };
        for statement in code.split(';') {
            let statement = statement.trim();
            let Some(at) = statement.find("use ") else { continue };
            let head = statement[..at].trim();
            if !(head.is_empty() || head.starts_with("pub") || head.ends_with(']')) {
                continue;
            }
            for path in use_paths(&statement[at + 4..]) {
                match path.first().map(String::as_str) {
                    Some("crate") => add(path[1..].to_vec()),
                    Some("super") => add(module[..module.len().saturating_sub(1)]
                        .iter()
                        .cloned()
                        .chain(path[1..].iter().cloned())
                        .collect()),
                    Some(_) => add(module.iter().cloned().chain(path.iter().cloned()).collect()),
                    None => {}
                }
            }
        }
        for (at, _) in code.match_indices("crate::") {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let rest = &code[at + 7..];
            let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(rest.len());
            add(rest[..end].split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect());
        }
        graph.insert(file.clone(), targets);
    }
    graph
}

/// The strongly connected components of more than one file (Tarjan).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        out: Vec<BTreeSet<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let i = w.index.len();
        w.index.insert(v, i);
        w.low.insert(v, i);
        w.stack.push(v);
        for next in &w.graph[v] {
            if !w.index.contains_key(next.as_str()) {
                visit(w, next);
                let low = w.low[next.as_str()].min(w.low[v]);
                w.low.insert(v, low);
            } else if w.stack.contains(&next.as_str()) {
                let low = w.index[next.as_str()].min(w.low[v]);
                w.low.insert(v, low);
            }
        }
        if w.low[v] == w.index[v] {
            let mut component = BTreeSet::new();
            while let Some(top) = w.stack.pop() {
                component.insert(top.to_owned());
                if top == v {
                    break;
                }
            }
            if component.len() > 1 {
                w.out.push(component);
            }
        }
    }
    let mut w = Walk { graph, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), out: Vec::new() };
    for v in graph.keys() {
        if !w.index.contains_key(v.as_str()) {
            visit(&mut w, v);
        }
    }
    w.out
}

#[test]
fn the_import_graph_reader_finds_what_it_should() {
    // The reader itself, on files known to import each other.
    let graph = import_graph(&sources());
    assert!(graph["state.rs"].contains("round_state.rs"), "{:?}", graph["state.rs"]);
    assert!(graph["round_state.rs"].contains(SEAM), "{:?}", graph["round_state.rs"]);
    assert!(graph[SEAM].contains("rounds/records.rs"), "{:?}", graph[SEAM]);
    assert!(graph["rounds/missions/catalogue.rs"].contains("rounds/missions/wire.rs"));
    assert!(graph["rounds/mod.rs"].contains("rounds/duel_fights.rs"), "{:?}", graph["rounds/mod.rs"]);
    let toy: BTreeMap<String, BTreeSet<String>> = [("a", &["b"][..]), ("b", &["c"]), ("c", &["a"]), ("d", &["a"])]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.iter().map(|s| (*s).to_owned()).collect()))
        .collect();
    assert_eq!(cycles(&toy), vec![["a", "b", "c"].into_iter().map(str::to_owned).collect::<BTreeSet<_>>()]);
}

/// "No circle of more than two files": two files may import each other (a module and its
/// wire format), no longer chain may come back to where it started.
#[test]
fn no_import_cycle_joins_more_than_two_files() {
    let graph = import_graph(&sources());
    let long: Vec<_> = cycles(&graph).into_iter().filter(|c| c.len() > 2).collect();
    assert!(long.is_empty(), "import cycles of more than two files: {long:#?}");
}
