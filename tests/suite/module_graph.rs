//! The crate's modules import each other without a cycle, and so do the
//! engine's files (`docs/architecture.md`, "The engine"): each file of
//! `src/search/` is data or a verb on data, and reads only the files below
//! it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Per file of `src/search/` (by module name), the sibling modules its code
/// names through `super::` (comments and doc links left out).
fn search_graph() -> BTreeMap<String, BTreeSet<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../src/search");
    let mut sources = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("src/search is readable") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|e| e == "rs") {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).expect("a source file");
            sources.insert(name, text);
        }
    }
    let modules: BTreeSet<String> = sources.keys().cloned().collect();
    sources
        .iter()
        .filter(|(name, _)| name.as_str() != "mod")
        .map(|(name, text)| {
            let code: String = text
                .lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            (name.clone(), imports(&code, &modules, name))
        })
        .collect()
}

/// Per top-level module of the crate (a file of `src/`, or a folder of
/// them), the other top-level modules its code names through `crate::`
/// (comments and doc links left out).
fn crate_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../src");
    let mut texts: BTreeMap<String, String> = BTreeMap::new();
    for entry in std::fs::read_dir(&src).expect("src is readable") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let mut text = String::new();
        let mut files = vec![path.clone()];
        while let Some(file) = files.pop() {
            if file.is_dir() {
                for inner in std::fs::read_dir(&file).expect("a readable folder") {
                    files.push(inner.expect("a directory entry").path());
                }
            } else if file.extension().is_some_and(|e| e == "rs") {
                let code = std::fs::read_to_string(&file).expect("a source file");
                for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
                    text.push_str(line);
                    text.push('\n');
                }
            }
        }
        if name != "lib" && !text.is_empty() {
            texts.entry(name).or_default().push_str(&text);
        }
    }
    let modules: BTreeSet<String> = texts.keys().cloned().collect();
    texts
        .iter()
        .map(|(name, code)| (name.clone(), named_after(code, "crate::", &modules, name)))
        .collect()
}

/// The modules of `modules` but `own` that `code` names after `super::`,
/// alone or in a `super::{...}` group.
fn imports(code: &str, modules: &BTreeSet<String>, own: &str) -> BTreeSet<String> {
    named_after(code, "super::", modules, own)
}

/// The modules of `modules` but `own` that `code` names after `path`
/// (`super::` or `crate::`), alone or in a `{...}` group.
fn named_after(code: &str, path: &str, modules: &BTreeSet<String>, own: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices(path) {
        let rest = &code[at + path.len()..];
        let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            group.split(',').collect()
        } else {
            vec![rest]
        };
        for name in names {
            let name: String = name
                .trim()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if modules.contains(&name) && name != own {
                found.insert(name);
            }
        }
    }
    found
}

/// A cycle of `graph`, if it has one, as the modules along it.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // 0: not seen, 1: on the path, 2: done.
    fn visit(
        graph: &BTreeMap<String, BTreeSet<String>>,
        node: &str,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_owned(), 1);
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next).copied().unwrap_or(0) {
                1 => {
                    let from = path.iter().position(|p| p == next).unwrap();
                    let mut found = path[from..].to_vec();
                    found.push(next.clone());
                    return Some(found);
                }
                0 => {
                    if let Some(found) = visit(graph, next, state, path) {
                        return Some(found);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(node.to_owned(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if state.get(node).copied().unwrap_or(0) == 0 {
            let found = visit(graph, node, &mut state, &mut Vec::new());
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

#[test]
fn the_search_modules_import_each_other_without_a_cycle() {
    let graph = search_graph();
    // The reading found the engine's files and what they import.
    assert!(graph["run"].contains("state"), "{graph:?}");
    assert!(graph["step"].contains("propagate"), "{graph:?}");
    assert_eq!(cycle(&graph), None, "{graph:?}");
}

#[test]
fn the_crate_modules_import_each_other_without_a_cycle() {
    let graph = crate_graph();
    // The reading found the crate's modules and what they import.
    assert!(graph["search"].contains("model"), "{graph:?}");
    assert!(graph["domains"].contains("wake"), "{graph:?}");
    assert_eq!(cycle(&graph), None, "{graph:?}");
}

#[test]
fn narrowing_and_the_audit_read_their_own_pieces_not_the_whole_state() {
    let graph = search_graph();
    for verb in ["propagate", "cross_check"] {
        assert!(!graph[verb].contains("state"), "{verb}: {:?}", graph[verb]);
    }
}

#[test]
fn the_reading_finds_imports_and_a_cycle_among_them() {
    let modules: BTreeSet<String> = ["a", "b", "c"].iter().map(|s| (*s).to_owned()).collect();
    let a = imports("use super::b::X;\nuse super::{c, frames};", &modules, "a");
    assert_eq!(a, BTreeSet::from(["b".to_owned(), "c".to_owned()]));
    let mut graph = BTreeMap::new();
    graph.insert("a".to_owned(), a);
    graph.insert("b".to_owned(), BTreeSet::new());
    graph.insert("c".to_owned(), BTreeSet::from(["a".to_owned()]));
    assert_eq!(
        cycle(&graph),
        Some(vec!["a".to_owned(), "c".to_owned(), "a".to_owned()])
    );
    graph.insert("c".to_owned(), BTreeSet::new());
    assert_eq!(cycle(&graph), None);
}
