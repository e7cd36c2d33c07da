//! The edge's rule that the API and the pages never import each other: both stand on
//! the reads, the head and `spa_routes` below them. Read from the sources, so an import
//! that breaks the rule fails here, naming the file and the line.

use std::path::{Path, PathBuf};

const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");

/// `dir`'s `.rs` files, below it too.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
    found
}

/// Each line of `files` that names `module` of this crate (`crate::module`), with where.
fn naming(files: &[PathBuf], module: &str) -> Vec<String> {
    let needle = format!("crate::{module}");
    files
        .iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            text.lines()
                .enumerate()
                // `crate::page` followed by anything but more of a name (`::`, `;`, `,`,
                // ` as`, `}`): `crate::pages_x` is another module.
                .filter(|(_, line)| {
                    line.match_indices(&needle).any(|(at, _)| {
                        !line[at + needle.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
                    })
                })
                .map(|(n, line)| format!("{}:{}: {}", file.display(), n + 1, line.trim()))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn the_api_does_not_import_the_pages() {
    let api = [Path::new(SRC).join("api.rs")];
    assert_eq!(naming(&api, "page"), Vec::<String>::new(), "api.rs names the pages");
}

#[test]
fn the_pages_do_not_import_the_api() {
    let mut pages = sources(&Path::new(SRC).join("page"));
    pages.push(Path::new(SRC).join("page.rs"));
    pages.retain(|p| p.exists());
    assert!(!pages.is_empty(), "no page sources found under {SRC}");
    assert_eq!(naming(&pages, "api"), Vec::<String>::new(), "the pages name the API");
}
