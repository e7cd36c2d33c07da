//! A backend is one folder and one entry. Measured on Vendure, the backend added last: the
//! files outside its own folders that name it, comments included, counted apart for
//! production code (Rust, proto, TypeScript and TSX, manifests) and for the deployment
//! (compose, Dockerfile, k8s, `deploy/`). Tests, the test kit, test data and generated
//! files do not count, nor what sits between a file's `# BEGIN generated` and `# END
//! generated` markers (written from the descriptors, `deploy_generated.rs`).
//! ARCHITECTURE.md's "Adding a backend" lists which files they are; the test prints them.

use std::path::{Path, PathBuf};

/// The backend measured: the one added last.
const BACKEND: &str = "vendure";
/// The most production files outside its folders a backend may be named in.
const PRODUCTION_AT_MOST: usize = 6;
/// The most deployment files that may name it outside their generated parts.
const DEPLOYMENT_AT_MOST: usize = 3;

fn root() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).to_path_buf()
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if !matches!(
                path.file_name().and_then(|n| n.to_str()),
                Some("target" | "node_modules" | "dist" | "dist-ssr")
            ) {
                files(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

/// Whether `path` (from the repository's root) is the backend's own: its driver, its demo
/// shop (module, fixtures, schema) and the real server's project.
fn own(path: &str, backend: &str) -> bool {
    [
        format!("services/adapter/src/{backend}/"),
        format!("services/fakes/src/{backend}/"),
        format!("services/fakes/src/{backend}.rs"),
        format!("services/fakes/fixtures/{backend}/"),
        format!("services/fakes/schemas/{backend}-"),
        format!("deploy/{backend}/"),
    ]
    .iter()
    .any(|p| path.starts_with(p.as_str()))
}

/// Whether `path` is production code (not a test, the test kit, test data or generated).
fn production(path: &str) -> bool {
    let code = ["rs", "proto", "ts", "tsx", "toml"].iter().any(|e| path.ends_with(&format!(".{e}")));
    let place = path.starts_with("services/")
        || path.starts_with("proto/")
        || path.starts_with("frontend/src/")
        || path == "Cargo.toml";
    let test = ["/tests/", "/testkit/", "/testdata/", "/test/"].iter().any(|t| path.contains(t))
        || [".test.ts", ".test.tsx", "tests.rs", ".gen.ts"].iter().any(|t| path.ends_with(t));
    code && place && !test
}

fn deployment(path: &str) -> bool {
    path == "docker-compose.yml" || path == "Dockerfile" || path.starts_with("k8s/") || path.starts_with("deploy/")
}

/// `text` without its generated parts.
fn hand_written(text: &str) -> String {
    let mut out = String::new();
    let mut generated = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("# BEGIN generated ") {
            generated = true;
        } else if trimmed.starts_with("# END generated ") {
            generated = false;
        } else if !generated {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The files of `kind` outside `backend`'s folders that name it by hand.
fn naming(backend: &str, kind: fn(&str) -> bool) -> Vec<String> {
    let root = root();
    let mut all = Vec::new();
    files(&root, &mut all);
    let mut found: Vec<String> = all
        .iter()
        .filter_map(|f| {
            let relative = f.strip_prefix(&root).ok()?.to_string_lossy().into_owned();
            if !kind(&relative) || own(&relative, backend) {
                return None;
            }
            let text = std::fs::read_to_string(f).ok()?;
            hand_written(&text).to_lowercase().contains(backend).then_some(relative)
        })
        .collect();
    found.sort();
    found
}

#[test]
fn a_backend_names_itself_in_few_production_and_deployment_files_outside_its_folders() {
    let (production, deployment) = (naming(BACKEND, production), naming(BACKEND, deployment));
    println!("production files naming {BACKEND} outside its folders ({}): {production:#?}", production.len());
    println!("deployment files naming {BACKEND} outside their generated parts ({}): {deployment:#?}", deployment.len());
    assert!(
        production.len() <= PRODUCTION_AT_MOST,
        "{} production files name {BACKEND}: {production:#?}",
        production.len()
    );
    assert!(
        deployment.len() <= DEPLOYMENT_AT_MOST,
        "{} deployment files name {BACKEND}: {deployment:#?}",
        deployment.len()
    );
}

#[test]
fn what_the_footprint_counts() {
    for (path, counted) in [
        ("services/adapter/src/lib.rs", true),
        ("services/adapter/src/vendure/driver.rs", false),
        ("services/fakes/src/vendure.rs", false),
        ("services/adapter/tests/conformance.rs", false),
        ("services/domain/src/wire/tests.rs", false),
        ("frontend/src/components/FaultsPanel.tsx", true),
        ("frontend/src/components/FaultsPanel.test.tsx", false),
        ("frontend/src/api/openapi.gen.ts", false),
        ("services/fakes/Cargo.toml", true),
    ] {
        assert_eq!(production(path) && !own(path, "vendure"), counted, "{path}");
    }
    assert!(deployment("k8s/base/config.yaml") && !own("deploy/vendure/seed.js", "other"));
    assert!(own("deploy/vendure/seed.js", "vendure"));
    let text = "a: 1\n# BEGIN generated x\nvendure\n# END generated x\nb: 2\n";
    assert_eq!(hand_written(text), "a: 1\nb: 2\n");
}
