//! Urls as the SPA writes them (`encodeURIComponent`, `imageUrl` in client.ts), so that
//! what the edge writes (heads, first paints, data keys) names the very addresses the
//! SPA asks for. Pure.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

/// What JavaScript's `encodeURIComponent` leaves as it is: letters, digits and
/// `-_.!~*'()`.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// `encodeURIComponent(text)`.
pub(crate) fn encode_component(text: &str) -> String {
    utf8_percent_encode(text, COMPONENT).to_string()
}

/// The image service's address of `src` at `width` (`imageUrl` in the SPA's client.ts).
pub(crate) fn image_path(src: &str, width: u32) -> String {
    format!("/img?src={}&w={width}", encode_component(src))
}
