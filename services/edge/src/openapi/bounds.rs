//! The limits the handlers enforce, written into the document from the very constants
//! they check against, so the document (and the SPA's constants generated from it,
//! `frontend/src/api/bounds.gen.ts`) cannot drift from the code: utoipa's `#[param]`
//! takes literals only, so the parameters are bounded here instead.

use utoipa::Modify;
use utoipa::openapi::schema::{Object, ObjectBuilder, Schema, Type};
use utoipa::openapi::{OpenApi, RefOr};
use vitrine_domain::listing;

use crate::{api, image_widths};

/// What a query parameter's value may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    /// Text of at most this many characters.
    Length(usize),
    /// A whole number from the first to the second, both included.
    Whole(u32, u32),
}

/// Every bounded query parameter, by name (a name means the same on every route).
pub(super) const BOUNDS: [(&str, Bound); 4] = [
    ("url", Bound::Length(api::MAX_URL_LEN)),
    ("q", Bound::Length(listing::MAX_QUERY_CHARS)),
    ("page", Bound::Whole(1, listing::MAX_PAGE)),
    ("limit", Bound::Whole(0, api::MAX_LIMIT)),
];

/// The name of the schema of `/img`'s widths (`w`): the API's image urls go through it.
pub(super) const IMAGE_WIDTH: &str = "ImageWidth";

impl Bound {
    fn apply(self, schema: &mut Object) {
        match self {
            Self::Length(max) => schema.max_length = Some(max),
            Self::Whole(min, max) => {
                schema.minimum = Some(min.into());
                schema.maximum = Some(max.into());
            }
        }
    }
}

/// Writes [`BOUNDS`] into every operation's parameters and adds the [`IMAGE_WIDTH`] schema.
pub(super) struct Bounds;

impl Modify for Bounds {
    fn modify(&self, doc: &mut OpenApi) {
        for item in doc.paths.paths.values_mut() {
            let operations = [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.options,
                &mut item.head,
                &mut item.patch,
                &mut item.trace,
            ];
            for parameter in operations.into_iter().flatten().flat_map(|o| o.parameters.iter_mut().flatten()) {
                let Some((_, bound)) = BOUNDS.iter().find(|(name, _)| *name == parameter.name) else { continue };
                if let Some(RefOr::T(Schema::Object(schema))) = parameter.schema.as_mut() {
                    bound.apply(schema);
                }
            }
        }
        let widths = ObjectBuilder::new()
            .schema_type(Type::Integer)
            .description(Some(
                "A width `/img` renders (its `w`); the first is the default. The SPA's srcset offers each.",
            ))
            .enum_values(Some(image_widths::WIDTHS))
            .build();
        let schemas = &mut doc.components.get_or_insert_default().schemas;
        schemas.insert(IMAGE_WIDTH.to_owned(), widths.into());
        // The injected latency's bound, from the one the edge checks.
        if let Some(RefOr::T(Schema::Object(faults))) = schemas.get_mut(FAULTS_SETTING)
            && let Some(RefOr::T(Schema::Object(latency))) = faults.properties.get_mut("latency_ms")
        {
            Bound::Whole(0, vitrine_domain::faults::MAX_LATENCY_MS).apply(latency);
        }
    }
}

/// The schema of an injected-faults setting, whose latency is bounded here.
pub(super) const FAULTS_SETTING: &str = "FaultsSetting";
