//! A backend is one folder and one entry. Measured on Vendure, the backend added last: the
//! files outside its own folders that name it, comments included, counted apart for
//! production code (Rust, proto, TypeScript and TSX, manifests) and for the deployment
//! (compose, Dockerfile, k8s, `deploy/`). Tests, the test kit, test data and generated
//! files do not count, nor what sits between a file's `# BEGIN generated` and `# END
//! generated` markers (written from the descriptors, `deploy_generated.rs`).
//! ARCHITECTURE.md's "Adding a backend" lists which files they are; the test prints them.

mod repo;

use repo::{deployment, production};

/// The backend measured: the one added last.
const BACKEND: &str = "vendure";
/// The most production files outside its folders a backend may be named in.
const PRODUCTION_AT_MOST: usize = 6;
/// The most deployment files that may name it outside their generated parts.
const DEPLOYMENT_AT_MOST: usize = 3;

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
    let mut found: Vec<String> = repo::files()
        .into_iter()
        .filter(|(relative, _)| kind(relative) && !own(relative, backend))
        .filter(|(_, path)| {
            std::fs::read_to_string(path).is_ok_and(|text| hand_written(&text).to_lowercase().contains(backend))
        })
        .map(|(relative, _)| relative)
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
