//! The repository's files as the rule tests read them: every file below the root
//! (build output and installed packages aside), and which of them are production code
//! (Rust, proto, TypeScript and TSX, manifests; not tests, the test kit, test data or
//! generated files) or the deployment. Each test file that includes it uses its part.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The repository's root.
pub(crate) fn root() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).to_path_buf()
}

/// Every file below the root, as paths from it.
pub(crate) fn files() -> Vec<(String, PathBuf)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                let skipped = matches!(
                    path.file_name().and_then(|n| n.to_str()),
                    Some("target" | "node_modules" | "dist" | "dist-ssr" | ".git")
                );
                if !skipped {
                    walk(&path, out);
                }
            } else {
                out.push(path);
            }
        }
    }
    let root = root();
    let mut all = Vec::new();
    walk(&root, &mut all);
    all.into_iter().filter_map(|f| Some((f.strip_prefix(&root).ok()?.to_string_lossy().into_owned(), f))).collect()
}

/// Whether `path` is production code (not a test, the test kit, test data or generated).
pub(crate) fn production(path: &str) -> bool {
    let code = ["rs", "proto", "ts", "tsx", "toml"].iter().any(|e| path.ends_with(&format!(".{e}")));
    let place = path.starts_with("services/")
        || path.starts_with("proto/")
        || path.starts_with("frontend/src/")
        || path == "Cargo.toml";
    let test = ["/tests/", "/testkit/", "/testdata/", "/test/"].iter().any(|t| path.contains(t))
        || [".test.ts", ".test.tsx", "tests.rs", ".gen.ts"].iter().any(|t| path.ends_with(t));
    code && place && !test
}

/// Whether `path` is the deployment's: compose, the Dockerfile, k8s, `deploy/`.
pub(crate) fn deployment(path: &str) -> bool {
    path == "docker-compose.yml" || path == "Dockerfile" || path.starts_with("k8s/") || path.starts_with("deploy/")
}
