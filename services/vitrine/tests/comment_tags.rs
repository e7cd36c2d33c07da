//! Comments say why in words: production code carries no tag naming an issue by its
//! number or a section of the specification by its sign (tests aside; the demo shops
//! count as production), and neither do the style sheet, the deployment, the scripts or
//! the benchmarks. Where a rule is the specification's, its words or its
//! section's name are quoted instead.

mod repo;

/// How the specification's sections were cited.
const SECTION_SIGN: &str = concat!("spec ", "§");

/// Each tag in `text`, with its line.
fn tags(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let lower = line.to_lowercase();
        let numbered = |word: &str| {
            lower.match_indices(word).any(|(i, _)| lower[i + word.len()..].starts_with(|c: char| c.is_ascii_digit()))
        };
        if numbered("issue ") || numbered("issues ") {
            found.push((n + 1, line.trim().to_owned()));
        }
        if lower.contains(SECTION_SIGN) {
            found.push((n + 1, line.trim().to_owned()));
        }
    }
    found
}

/// Production code, the style sheet, the deployment, the scripts and the benchmarks;
/// documents (`.md`) and tests aside.
fn kept_to_the_rule(path: &str) -> bool {
    let document = path.ends_with(".md");
    let test = path.contains("/e2e/") || path.contains("/tests/") || path.ends_with("tests.rs");
    let tooling = path.starts_with("scripts/")
        || path.starts_with("bench/")
        || path.starts_with(".ci/")
        || (path.starts_with("frontend/")
            && !path[9..].contains('/')
            && (path.ends_with(".ts") || path.ends_with(".mjs")))
        || path.starts_with("frontend/scripts/");
    repo::production(path)
        || path == "frontend/src/styles.css"
        || !document && !test && (repo::deployment(path) || tooling)
}

#[test]
fn production_code_carries_no_issue_or_spec_section_tags() {
    let mut found = Vec::new();
    for (relative, path) in repo::files().into_iter().filter(|(r, _)| kept_to_the_rule(r)) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        found.extend(tags(&text).into_iter().map(|(n, line)| format!("{relative}:{n}: {line}")));
    }
    println!("issue and spec-section tags in production code: {}", found.len());
    assert!(found.is_empty(), "{} tags, first: {:#?}", found.len(), &found[..found.len().min(10)]);
}

#[test]
fn what_counts_as_a_tag() {
    // Written from parts, so that this file carries no tag of its own.
    let (issue, section) = ("issue", SECTION_SIGN);
    let tagged = format!("// the cart ({issue} 23)\n// I{} 7: x\n// an issue here\n// {section}2\n", &issue[1..]);
    assert_eq!(tags(&tagged).len(), 3);
    assert_eq!(tags(&format!("// the cart ({issue}s 23, 24)")).len(), 1);
    assert!(tags("// two issues, an issue-free line").is_empty());
}
