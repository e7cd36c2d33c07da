//! No circle in the house: in every crate, the top-level modules (the files and folders
//! beside `lib.rs`) import one another in floors, never round. An import is any
//! `crate::<module>` a module's code names (comments and test modules aside); a cycle
//! among them fails, named in order.

mod repo;

use std::collections::{BTreeMap, BTreeSet};

/// Each crate's top-level modules and the others each names: `crate → module → imports`.
type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

/// The modules `code` names as `crate::<name>` (in paths and in `use crate::{…}` groups).
fn imports(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let code: String = code
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .take_while(|l| !l.trim_start().starts_with("#[cfg(test)]"))
        .collect::<Vec<_>>()
        .join("\n");
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            for item in inner.split(',') {
                let name: String = item.trim().chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
                if !name.is_empty() {
                    found.insert(name);
                }
            }
        } else {
            let name: String = rest.chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
            if !name.is_empty() && rest[name.len()..].starts_with([':', ';', ',', '}', ' ']) {
                found.insert(name);
            }
        }
    }
    found
}

fn graph() -> Graph {
    let mut graph = Graph::new();
    for (relative, path) in repo::files() {
        let Some(rest) = relative.strip_prefix("services/") else { continue };
        let Some((krate, inside)) = rest.split_once("/src/") else { continue };
        let test = inside.ends_with("tests.rs") || inside.contains("/tests/") || inside.ends_with("_tests.rs");
        if !inside.ends_with(".rs") || test {
            continue;
        }
        let top = inside.split('/').next().unwrap_or_default().trim_end_matches(".rs").to_owned();
        if top == "lib" || top == "main" {
            continue;
        }
        let code = std::fs::read_to_string(&path).unwrap_or_default();
        let modules = graph.entry(krate.to_owned()).or_default();
        let names = modules.entry(top.clone()).or_default();
        names.extend(imports(&code).into_iter().filter(|m| *m != top));
    }
    // Only the crate's own modules count (not `crate::SomeType` re-exported at the root).
    for modules in graph.values_mut() {
        let known: BTreeSet<String> = modules.keys().cloned().collect();
        for names in modules.values_mut() {
            names.retain(|n| known.contains(n));
        }
    }
    graph
}

/// A cycle among `modules`, in order, if there is one.
fn cycle(modules: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        at: &str,
        modules: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|p| p == at) {
            let mut found = path[start..].to_vec();
            found.push(at.to_owned());
            return Some(found);
        }
        if done.contains(at) {
            return None;
        }
        path.push(at.to_owned());
        for next in modules.get(at).into_iter().flatten() {
            if let Some(found) = visit(next, modules, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(at.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    modules.keys().find_map(|m| visit(m, modules, &mut Vec::new(), &mut done))
}

#[test]
fn no_crate_s_modules_import_one_another_round() {
    let graph = graph();
    assert!(graph.contains_key("edge") && graph["edge"].len() > 20, "the edge's modules are read: {:?}", graph.keys());
    let cycles: Vec<String> = graph
        .iter()
        .filter_map(|(krate, modules)| cycle(modules).map(|c| format!("{krate}: {}", c.join(" → "))))
        .collect();
    // The graph itself, for `--nocapture`: each crate's top modules and what each imports.
    for (krate, modules) in &graph {
        println!("{krate}:");
        for (module, imported) in modules {
            println!("  {module} → {}", imported.iter().cloned().collect::<Vec<_>>().join(", "));
        }
    }
    println!(
        "crates {}, modules {}, cycles {}",
        graph.len(),
        graph.values().map(BTreeMap::len).sum::<usize>(),
        cycles.len()
    );
    assert!(cycles.is_empty(), "modules that import one another round: {cycles:#?}");
}

#[test]
fn what_an_import_and_a_cycle_are() {
    let code = "use crate::{api, page::Own};\nuse crate::error::ApiError;\n// crate::head in a comment\n\
                fn f() { crate::reads::go(); }\n#[cfg(test)]\nmod tests { use crate::sitemap; }\n";
    let found: Vec<String> = imports(code).into_iter().collect();
    assert_eq!(found, ["api", "error", "page", "reads"]);
    let set = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect::<BTreeSet<String>>();
    let mut modules =
        BTreeMap::from([("a".to_owned(), set(&["b"])), ("b".to_owned(), set(&["c"])), ("c".to_owned(), set(&[]))]);
    assert_eq!(cycle(&modules), None);
    modules.insert("c".to_owned(), set(&["a"]));
    assert_eq!(cycle(&modules), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
}
