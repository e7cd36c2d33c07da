//! Comments say why in words: production code carries no tag naming an issue by its
//! number or a section of the specification by its sign (tests aside; the demo shops
//! count as production). Where a rule is the specification's, its words or its
//! section's name are quoted instead.

mod repo;

/// How the specification's sections were cited.
const SECTION_SIGN: &str = concat!("spec ", "§");

/// Each tag in `text`, with its line.
fn tags(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let lower = line.to_lowercase();
        for (i, _) in lower.match_indices("issue ") {
            if lower[i + 6..].starts_with(|c: char| c.is_ascii_digit()) {
                found.push((n + 1, line.trim().to_owned()));
            }
        }
        if lower.contains(SECTION_SIGN) {
            found.push((n + 1, line.trim().to_owned()));
        }
    }
    found
}

#[test]
fn production_code_carries_no_issue_or_spec_section_tags() {
    let mut found = Vec::new();
    for (relative, path) in repo::files().into_iter().filter(|(r, _)| repo::production(r)) {
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
    assert!(tags("// issues 2 and 3, an issue-free line").is_empty());
}
