//! `Server-Timing` on every answer: what this request cost, hop by hop.
//!
//! The middleware collects the request's entries (`vitrine_common::timing`): the edge's
//! response-cache look-ups, and each service's hop with what it collected in turn (the
//! adapter's upstream calls and their cache outcomes), brought back in the gRPC response
//! metadata. It writes them after the handler, with the edge's own time first and the
//! trace id last, so the header is built for this response only: a cached body (a kept
//! page, a kept read) never carries an earlier request's figures.
//!
//! The trace id is the request span's when traces are exported (so "Open in Jaeger"
//! finds it), else a random one: every answer, cached or not, has its own.

use std::time::Duration;

use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};
use tracing::Span;
use vitrine_common::timing::{Entry, Timings};

const SERVER_TIMING: HeaderName = HeaderName::from_static("server-timing");

/// Writes the header from what `timings` collected, naming the trace of the request's
/// `span`, after the handler.
pub(crate) fn write(headers: &mut HeaderMap, timings: &Timings, span: &Span) {
    let edge = timings.origin().elapsed();
    // A disabled span records nothing: there is no trace of it to name.
    let exported = match span.is_disabled() {
        true => None,
        false => span.in_scope(vitrine_common::telemetry::current_traceparent),
    };
    let random;
    let traceparent = match exported.as_deref() {
        Some(exported) => exported,
        None => {
            random = random_traceparent();
            std::str::from_utf8(&random).unwrap_or_default()
        }
    };
    if let Ok(value) = HeaderValue::from_str(&header(timings, edge, traceparent)) {
        headers.insert(SERVER_TIMING, value);
    }
}

/// The header: the edge's own entry, what the request collected (bounded), the trace.
fn header(timings: &Timings, edge: Duration, traceparent: &str) -> String {
    let own = Entry::span("edge", "", Duration::ZERO, edge);
    timings.header(&[own], Some(traceparent))
}

/// A trace context of this answer's own when no trace is exported: random ids, not
/// sampled (nothing was recorded under them). ASCII, made on the stack.
fn random_traceparent() -> [u8; 55] {
    let (trace, span) = (rand::random::<u128>().max(1), rand::random::<u64>().max(1));
    let mut out = *b"00-00000000000000000000000000000000-0000000000000000-00";
    write_hex(&mut out[3..35], trace);
    write_hex(&mut out[36..52], u128::from(span));
    out
}

/// `value`'s low hex digits into `out`, the last digit last, lowercase: what `{:032x}`
/// writes for a slot of 32, without the formatting machinery every answer would pay for.
/// Two digits a step, from a byte's table (`out` is of even length).
fn write_hex(out: &mut [u8], mut value: u128) {
    const PAIRS: [[u8; 2]; 256] = {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut pairs = [[0; 2]; 256];
        let mut byte = 0;
        while byte < 256 {
            pairs[byte] = [HEX[byte >> 4], HEX[byte & 0xf]];
            byte += 1;
        }
        pairs
    };
    for pair in out.rchunks_exact_mut(2) {
        // The mask keeps the index under 256.
        #[allow(clippy::cast_possible_truncation)]
        pair.copy_from_slice(&PAIRS[(value & 0xff) as usize]);
        value >>= 8;
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use vitrine_common::timing;

    use super::*;

    #[test]
    fn a_random_trace_context_is_well_formed_and_new_each_time() {
        let (a, b) = (random_traceparent(), random_traceparent());
        let (a, b) = (std::str::from_utf8(&a).expect("ascii"), std::str::from_utf8(&b).expect("ascii"));
        assert_ne!(a, b);
        let parts: Vec<&str> = a.split('-').collect();
        assert_eq!(parts.iter().map(|p| p.len()).collect::<Vec<_>>(), [2, 32, 16, 2], "{a}");
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit() || c == b'-'), "{a}");
    }

    #[test]
    fn hex_digits_are_written_as_formatting_writes_them() {
        for value in [0_u128, 1, 0xabc, u128::from(u64::MAX), u128::MAX, 0x0123_4567_89ab_cdef_0011_2233_4455_6677] {
            let (mut wide, mut narrow) = ([0_u8; 32], [0_u8; 16]);
            write_hex(&mut wide, value);
            write_hex(&mut narrow, value & u128::from(u64::MAX));
            assert_eq!(wide.as_slice(), format!("{value:032x}").as_bytes());
            assert_eq!(narrow.as_slice(), format!("{:016x}", value & u128::from(u64::MAX)).as_bytes());
        }
    }

    #[tokio::test]
    async fn the_header_puts_the_edge_first_and_the_trace_last() {
        let timings = Timings::start();
        timing::within(timings.clone(), async { timing::record("edge-cache", "hit page", Instant::now()) }).await;
        let value = header(&timings, Duration::from_millis(3), "00-ab-cd-00");
        let names: Vec<String> = timing::parse(&value).into_iter().map(|e| e.name.into_owned()).collect();
        assert_eq!(names, ["edge", "edge-cache", "traceparent"], "{value}");
        assert!(value.starts_with("edge;dur=3.00;desc=\"@0.00\""), "{value}");
    }
}
