//! Wall-clock instants as the services exchange them: ms since the Unix epoch. The edge
//! stamps a visitor's switch with it and the adapters their cache entries, and the two
//! are compared (`fresh_after_ms`), so both take it from here.

/// Now, in ms since the Unix epoch (0 for a clock set before it).
#[must_use]
pub fn unix_ms() -> u64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
}
