use super::*;

fn paths(list: &[&str]) -> Vec<Option<String>> {
    list.iter().map(|p| (!p.is_empty()).then(|| (*p).to_owned())).collect()
}

#[test]
fn a_path_is_first_once_and_a_missing_one_never() {
    let mut seen: HashSet<u64> = ["/", "/a"].iter().map(|p| fingerprint(p)).collect();
    for (page, expected) in [
        (paths(&["/1", "/2", "/a", ""]), 0b0011),
        (paths(&["/2", "/3", "/3"]), 0b010),
        (paths(&["/1", "/2", "/3"]), 0),
        (paths(&[]), 0),
    ] {
        assert_eq!(first_seen(&mut seen, &page), expected, "{page:?}");
    }
}

#[test]
fn bits_are_kept_by_rank() {
    for (mask, skip, end, expected) in [
        (0b1011_0110, 0, 32, 0b1011_0110),
        (0b1011_0110, 1, 3, 0b0001_0100),
        (0b1011_0110, 4, 9, 0b1000_0000),
        (0b1011_0110, 5, 9, 0),
        (u32::MAX, 30, 40, 0b11 << 30),
    ] {
        assert_eq!(keep_bits(mask, skip, end), expected, "{mask:b} {skip}..{end}");
    }
}

/// Home and two categories, then three pages listing 3, 2 and 4 products first.
fn plan() -> Plan {
    Plan {
        head: ["/", "/a", "/b"].map(str::to_owned).to_vec(),
        categories: ["/a", "/b"].map(str::to_owned).to_vec(),
        pages: vec![
            PlannedPage { category: 0, page: 1, first: 0b0111 },
            PlannedPage { category: 1, page: 1, first: 0b1001 },
            PlannedPage { category: 1, page: 2, first: 0b1111 },
        ],
        products: 9,
    }
}

fn page(category: u32, page: u32, first: u32) -> PlannedPage {
    PlannedPage { category, page, first }
}

#[test]
fn a_file_covers_its_positions_only() {
    let plan = plan();
    assert_eq!((plan.len(), plan.files(4), plan.files(12), plan.files(100)), (12, 3, 1, 1));
    for (n, per_file, expected) in [
        (1, 4, Some(FileSpan { head: 0..3, pages: vec![page(0, 1, 0b0001)] })),
        (2, 4, Some(FileSpan { head: 3..3, pages: vec![page(0, 1, 0b0110), page(1, 1, 0b1001)] })),
        (3, 4, Some(FileSpan { head: 3..3, pages: vec![page(1, 2, 0b1111)] })),
        (4, 4, None),
        (0, 4, None),
        (1, 2, Some(FileSpan { head: 0..2, pages: vec![] })),
        (5, 2, Some(FileSpan { head: 3..3, pages: vec![page(1, 2, 0b0011)] })),
        (6, 2, Some(FileSpan { head: 3..3, pages: vec![page(1, 2, 0b1100)] })),
        (1, 100, Some(FileSpan { head: 0..3, pages: plan.pages.clone() })),
    ] {
        assert_eq!(plan.file(n, per_file), expected, "file {n} of {per_file}");
    }
}

#[test]
fn the_files_hold_every_position_once() {
    let plan = plan();
    for per_file in 1..=13 {
        let spans: Vec<FileSpan> = (1..=plan.files(per_file)).filter_map(|n| plan.file(n, per_file)).collect();
        assert_eq!(spans.len(), plan.files(per_file));
        let sizes: Vec<usize> = spans
            .iter()
            .map(|s| s.head.len() + s.pages.iter().map(|p| p.first.count_ones() as usize).sum::<usize>())
            .collect();
        assert_eq!(sizes.iter().sum::<usize>(), plan.len(), "{per_file}");
        assert!(sizes[..sizes.len() - 1].iter().all(|&s| s == per_file), "{per_file}: {sizes:?}");
        for (i, planned) in plan.pages.iter().enumerate() {
            let union = spans
                .iter()
                .flat_map(|s| &s.pages)
                .filter(|p| p.page == planned.page && p.category == planned.category);
            let masks: Vec<u32> = union.map(|p| p.first).collect();
            assert_eq!(masks.iter().fold(0, |a, m| a | m), planned.first, "{per_file}: page {i}");
            assert_eq!(masks.iter().map(|m| m.count_ones()).sum::<u32>(), planned.first.count_ones(), "no overlap");
        }
    }
}
