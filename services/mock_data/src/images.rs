//! Generated product images, so the demo works offline: a deterministic SVG per name.

/// Colour pairs (background, shape); picked by a hash of the image name.
const PALETTE: &[(&str, &str)] = &[
    ("#f4efe6", "#c26d3f"),
    ("#e8f0f2", "#2f6f8f"),
    ("#eef2e6", "#5b7f3a"),
    ("#f5e9ee", "#a3476b"),
    ("#ecebf5", "#5a4fa3"),
    ("#f6f1dc", "#b08a1e"),
];

/// FNV-1a: stable across runs and platforms, unlike the std hasher.
fn fnv1a(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// An 800×800 SVG for `name`. The name is only hashed, never echoed into the markup.
#[must_use]
pub(crate) fn svg(name: &str) -> String {
    let h = fnv1a(name);
    let (bg, fg) = PALETTE[(h % PALETTE.len() as u64) as usize];
    let r = 140 + (h >> 8) % 120;
    let cx = 300 + (h >> 16) % 200;
    let cy = 300 + (h >> 24) % 200;
    let side = 160 + (h >> 32) % 160;
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\"800\" viewBox=\"0 0 800 800\">\
<rect width=\"800\" height=\"800\" fill=\"{bg}\"/>\
<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{fg}\" fill-opacity=\"0.85\"/>\
<rect x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\" rx=\"24\" fill=\"{fg}\" fill-opacity=\"0.45\"/>\
</svg>",
        x = 800 - cx - side / 2,
        y = 800 - cy - side / 2,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_deterministic_and_distinct() {
        assert_eq!(svg("1001-1"), svg("1001-1"));
        assert_ne!(svg("1001-1"), svg("1002-1"));
        assert!(svg("<script>").starts_with("<svg") && !svg("<script>").contains("script"));
    }
}
