//! issue 20: a backend is one folder and one entry. Measured on Medusa, the backend added
//! last: the production files outside its driver folder (`adapter/src/medusa/`) and its
//! demo shop (`fakes/src/medusa/`) that name it, comments included; tests, the test kit,
//! docs and deployment files are not counted. ARCHITECTURE.md's "Adding a backend" lists
//! which they are.

use std::path::{Path, PathBuf};

/// The most files outside its folders a backend may be named in.
const AT_MOST: usize = 6;

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read_dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            if !matches!(path.file_name().and_then(|n| n.to_str()), Some("target" | "node_modules")) {
                sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs" || e == "proto") {
            out.push(path);
        }
    }
}

/// Whether `path` (relative to the repository) is production code outside `backend`'s
/// own folders.
fn counted(path: &str, backend: &str) -> bool {
    let excluded = ["/tests/", "/testkit/", "/testdata/"];
    !excluded.iter().any(|e| path.contains(e))
        && !path.ends_with("tests.rs")
        && !path.starts_with(&format!("services/adapter/src/{backend}/"))
        && !path.starts_with(&format!("services/fakes/src/{backend}/"))
}

#[test]
fn at_most_six_production_files_outside_a_backends_folders_name_it() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let mut files = Vec::new();
    for dir in ["services", "proto"] {
        sources(&root.join(dir), &mut files);
    }
    let backend = "medusa";
    let mut naming: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let relative = f.strip_prefix(root).ok()?.to_string_lossy().into_owned();
            let text = std::fs::read_to_string(f).ok()?;
            (counted(&relative, backend) && text.to_lowercase().contains(backend)).then_some(relative)
        })
        .collect();
    naming.sort();
    assert!(naming.len() <= AT_MOST, "{} files name {backend}: {naming:#?}", naming.len());
}
