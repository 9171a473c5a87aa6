//! Ways of damaging a serialized state for the tampering check: every kind of JSON value a
//! state's fields can hold (numbers, booleans, enum and string values, optional fields,
//! lists), and crossbreeding, which builds a state from two reachable parents field by
//! field, so that each field is plausible on its own but the whole may not hang together.

use std::collections::HashMap;

use serde_json::Value;

use crate::rng::GameRng;

/// Values that break naive code: boundaries of every integer width, and negatives.
const NASTY: [i64; 12] = [0, 1, 2, 3, 7, 12, 13, 52, 255, 65_535, -1, 4_294_967_295];

/// Distinct values kept per path in a [`Catalog`].
const PER_PATH: usize = 6;

/// Values larger than this many JSON nodes are not kept in a [`Catalog`].
const SMALL: usize = 24;

/// One kind of damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mutation {
    /// A number bumped by one or replaced by a [`NASTY`] value.
    Number,
    /// A boolean flipped.
    Bool,
    /// A value (an enum variant, a string, an option, a small structure) replaced by another
    /// value seen at the same path in another state of the game.
    Swap,
    /// A value replaced by `null` (an option emptied).
    Null,
    /// A list element dropped or duplicated.
    List,
}

impl Mutation {
    /// Every kind, in the order the tamperer cycles through them.
    pub(super) const ALL: [Mutation; 5] =
        [Mutation::Number, Mutation::Bool, Mutation::Swap, Mutation::Null, Mutation::List];

    pub(super) fn name(self) -> &'static str {
        match self {
            Mutation::Number => "a number changed",
            Mutation::Bool => "a boolean flipped",
            Mutation::Swap => "a value swapped with one seen at the same path in another state",
            Mutation::Null => "a value set to null",
            Mutation::List => "a list element dropped or duplicated",
        }
    }
}

/// Values seen at each path (array indices written `*`) across states of a game.
#[derive(Default)]
pub(super) struct Catalog {
    values: HashMap<String, Vec<Value>>,
}

impl Catalog {
    /// Records the small values of `state` (a serialized state).
    pub(super) fn add(&mut self, state: &Value) {
        visit(state, &mut String::new(), &mut String::new(), &mut |_, path, value| {
            if nodes(value) > SMALL {
                return;
            }
            let seen = self.values.entry(path.to_owned()).or_default();
            if seen.len() < PER_PATH && !seen.contains(value) {
                seen.push(value.clone());
            }
        });
    }

    /// A value seen at `path` other than `current`, picked with `rng`.
    fn other(&self, path: &str, current: &Value, rng: &mut GameRng) -> Option<Value> {
        let others: Vec<&Value> = self.values.get(path)?.iter().filter(|v| *v != current).collect();
        let pick = rng.below(others.len().max(1) as u32) as usize;
        others.get(pick).map(|v| (*v).clone())
    }
}

/// How many JSON nodes `value` holds (itself included).
fn nodes(value: &Value) -> usize {
    match value {
        Value::Array(items) => 1 + items.iter().map(nodes).sum::<usize>(),
        Value::Object(map) => 1 + map.values().map(nodes).sum::<usize>(),
        _ => 1,
    }
}

/// Calls `f(pointer, path, value)` on every node, depth first: `pointer` is its JSON
/// pointer, `path` the same with array indices written `*`.
fn visit(value: &Value, pointer: &mut String, path: &mut String, f: &mut dyn FnMut(&str, &str, &Value)) {
    f(pointer, path, value);
    let (pointer_len, path_len) = (pointer.len(), path.len());
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                pointer.push_str(&format!("/{i}"));
                path.push_str("/*");
                visit(item, pointer, path, f);
                pointer.truncate(pointer_len);
                path.truncate(path_len);
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                let escaped = key.replace('~', "~0").replace('/', "~1");
                pointer.push('/');
                pointer.push_str(&escaped);
                path.push('/');
                path.push_str(&escaped);
                visit(item, pointer, path, f);
                pointer.truncate(pointer_len);
                path.truncate(path_len);
            }
        }
        _ => {}
    }
}

/// Applies one `mutation` to `state` at a node picked with `rng` and says what changed
/// (`at /path: old -> new`); `None` if `state` has no node it applies to.
pub(super) fn mutate(state: &mut Value, mutation: Mutation, catalog: &Catalog, rng: &mut GameRng) -> Option<String> {
    // The nodes the mutation applies to, as (pointer, path).
    let mut targets: Vec<(String, String)> = Vec::new();
    visit(state, &mut String::new(), &mut String::new(), &mut |pointer, path, value| {
        let fits = match mutation {
            Mutation::Number => value.is_number(),
            Mutation::Bool => value.is_boolean(),
            Mutation::Swap => {
                !value.is_number() && catalog.values.get(path).is_some_and(|seen| seen.iter().any(|v| v != value))
            }
            Mutation::Null => !value.is_null() && !pointer.is_empty(),
            Mutation::List => value.as_array().is_some_and(|items| !items.is_empty()),
        };
        if fits {
            targets.push((pointer.to_owned(), path.to_owned()));
        }
    });
    let (pointer, path) = targets.get(rng.below(targets.len().max(1) as u32) as usize).cloned()?;
    let node = state.pointer_mut(&pointer)?;
    let old = brief(node);
    match mutation {
        Mutation::Number => {
            let old = node.as_i64().unwrap_or(i64::MAX);
            let nasty = NASTY[rng.below(NASTY.len() as u32) as usize];
            *node = Value::from(if rng.below(2) == 0 { old.wrapping_add(1) } else { nasty });
        }
        Mutation::Bool => *node = Value::Bool(!node.as_bool().unwrap_or(false)),
        Mutation::Swap => *node = catalog.other(&path, node, rng)?,
        Mutation::Null => *node = Value::Null,
        Mutation::List => {
            let items = node.as_array_mut()?;
            let at = rng.below(items.len() as u32) as usize;
            if rng.below(2) == 0 {
                items.remove(at);
            } else {
                let copy = items[at].clone();
                let to = rng.below(items.len() as u32 + 1) as usize;
                items.insert(to, copy);
            }
        }
    }
    Some(format!("at {pointer}: {old} -> {}", brief(node)))
}

/// A value's JSON, cut short if long.
fn brief(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(80) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text,
    }
}

/// A child of two serialized states: each field of an object (and each element of lists of
/// equal length) comes from one parent or the other at random; down to `depth` levels a
/// field present in both may itself be crossbred instead.
pub(super) fn crossbreed(first: &Value, second: &Value, depth: u32, rng: &mut GameRng) -> Value {
    match (first, second) {
        (Value::Object(a), Value::Object(b)) => {
            let mut child = a.clone();
            for (key, slot) in child.iter_mut() {
                let Some(other) = b.get(key) else { continue };
                match rng.below(3) {
                    0 => {}
                    1 => *slot = other.clone(),
                    _ if depth > 0 => *slot = crossbreed(slot, other, depth - 1, rng),
                    _ => *slot = other.clone(),
                }
            }
            Value::Object(child)
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() && depth > 0 => Value::Array(
            a.iter()
                .zip(b)
                .map(|(x, y)| match rng.below(3) {
                    0 => x.clone(),
                    1 => y.clone(),
                    _ => crossbreed(x, y, depth - 1, rng),
                })
                .collect(),
        ),
        _ => {
            if rng.below(2) == 0 {
                first.clone()
            } else {
                second.clone()
            }
        }
    }
}
