//! The limits the handlers enforce, written into the document from the very constants
//! they check against, so the document (and the SPA's constants generated from it,
//! `frontend/src/api/bounds.gen.ts`) cannot drift from the code: utoipa's `#[param]` and
//! `#[schema]` take literals only, so the parameters and the bounded properties of the
//! bodies (the cart's quantities, the checkout's fields) are bounded here instead.

use utoipa::Modify;
use utoipa::openapi::schema::{Object, ObjectBuilder, Schema, Type};
use utoipa::openapi::{OpenApi, RefOr};
use vitrine_domain::{cart, checkout, listing};

use crate::{api, image_widths};

/// What a query parameter's value may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    /// Text of at most this many characters.
    Length(usize),
    /// A whole number from the first to the second, both included.
    Whole(u32, u32),
    /// Text of the first to the second number of characters.
    Chars(usize, usize),
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

/// The fewest of a variant a cart line holds: the smallest quantity the cart's own rule
/// (`cart::quantity`) takes, so that the rule stays its one statement.
fn min_quantity() -> u32 {
    (0..=cart::MAX_QUANTITY).find(|q| cart::quantity(*q).is_ok()).unwrap_or(1)
}

/// Every bounded property of a body's schema: (schema, property, bound).
pub(super) fn properties() -> [(&'static str, &'static str, Bound); 10] {
    let quantity = Bound::Whole(min_quantity(), cart::MAX_QUANTITY);
    let postal_code = Bound::Chars(*checkout::POSTAL_CODE_CHARS.start(), *checkout::POSTAL_CODE_CHARS.end());
    [
        (FAULTS_SETTING, "latency_ms", Bound::Whole(0, vitrine_domain::faults::MAX_LATENCY_MS)),
        ("AddLine", "quantity", quantity),
        ("LineQuantity", "quantity", quantity),
        ("AddressStep", "email", Bound::Length(checkout::MAX_EMAIL_CHARS)),
        ("Address", "first_name", Bound::Length(checkout::MAX_NAME_CHARS)),
        ("Address", "last_name", Bound::Length(checkout::MAX_NAME_CHARS)),
        ("Address", "street", Bound::Length(checkout::MAX_STREET_CHARS)),
        ("Address", "city", Bound::Length(checkout::MAX_CITY_CHARS)),
        ("Address", "postal_code", postal_code),
        ("Address", "telephone", Bound::Length(checkout::MAX_TELEPHONE_CHARS)),
    ]
}

impl Bound {
    fn apply(self, schema: &mut Object) {
        match self {
            Self::Length(max) => schema.max_length = Some(max),
            Self::Chars(min, max) => {
                schema.min_length = Some(min);
                schema.max_length = Some(max);
            }
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
        // The bodies' bounds, from the ones the edge and the services check.
        for (name, property, bound) in properties() {
            if let Some(RefOr::T(Schema::Object(schema))) = schemas.get_mut(name)
                && let Some(RefOr::T(Schema::Object(field))) = schema.properties.get_mut(property)
            {
                bound.apply(field);
            }
        }
    }
}

/// The schema of an injected-faults setting, whose latency is bounded here.
pub(super) const FAULTS_SETTING: &str = "FaultsSetting";
