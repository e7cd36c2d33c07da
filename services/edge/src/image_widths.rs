//! The widths `/img` renders: the one list the image service accepts as `w`, the srcset
//! the edge writes into a page's first paint offers, the error text names, and the
//! OpenAPI document carries (`ImageWidth`) for the SPA's generated constants. A leaf, so
//! the error table and the pages read it without reaching into the image service.

/// The first is the spec's default width (a `/img` without `w`, a card's `src`).
pub(crate) const WIDTHS: [u32; 3] = [256, 512, 768];
