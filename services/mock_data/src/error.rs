//! The mock backend's errors (the spec's "Mock backend errors"), status and text side by side.

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MockError {
    #[error("Collection '{0}' not found")]
    CollectionNotFound(String),
    #[error("Missing '{0}' id")]
    MissingId(String),
    #[error("'{collection}' with id='{id}' not found")]
    ItemNotFound { collection: String, id: String },
    #[error("Method {0} is not allowed")]
    MethodNotAllowed(String),
    /// Commands change state, so they answer POST only.
    #[error("Command '{command}' changes the backend: send it with POST, not {method}")]
    CommandNeedsPost { command: String, method: String },
    #[error("Request for '{0}' id does not match item.id")]
    IdMismatch(String),
    #[error("Unknown command \"{0}\"")]
    UnknownCommand(String),
    #[error("Collection '{0}' id type is non-numeric or unknown. Can only generate numeric ids.")]
    NonNumericId(String),
    #[error("'{collection}' item with id='{id}' exists and may not be updated with POST; use PUT instead.")]
    Exists { collection: String, id: String },
    #[error("'{collection}' item with id='{id}' not found and may not be created with PUT; use POST instead.")]
    PutNotFound { collection: String, id: String },
    #[error("The request body is not a JSON object")]
    BadBody,
    #[error("Parameter '{name}' must be {expected}")]
    BadParameter { name: String, expected: &'static str },
    #[error("Unknown parameter '{0}'")]
    UnknownParameter(String),
    // Carts.
    #[error("Cart '{0}' not found")]
    CartNotFound(String),
    #[error("Line '{0}' is not in this cart")]
    LineNotFound(String),
    #[error("No product sells variant '{0}'")]
    VariantNotSold(String),
    #[error("Variant '{0}' is out of stock")]
    OutOfStock(String),
    #[error("A quantity must be between 1 and 99, and a line holds at most 99")]
    BadQuantity,
    #[error("A cart holds at most 50 lines")]
    CartFull,
    // Checkout. The texts never repeat what was sent (an address is personal).
    #[error("The email and every field of an address are required")]
    AddressIncomplete,
    #[error("This shop does not ship to that country")]
    NoShippingTo,
    #[error("The country needs a state or province of its own")]
    RegionRequired,
    #[error("Set the shipping address first")]
    AddressFirst,
    #[error("No such shipping option")]
    UnknownShippingOption,
    #[error("Choose a shipping option first")]
    ShippingFirst,
    #[error("The cart is empty")]
    EmptyCart,
    #[error("Order '{0}' not found")]
    OrderNotFound(String),
    /// The back office asked without its token, or with another.
    #[error("The back office answers its token's bearer only")]
    BackOfficeToken,
}

impl MockError {
    /// A cart that is not there is 404 (and only that), a line or variant the
    /// cart or shop has not 422, out of stock 409, a quantity or line out of bounds 400.
    /// 404 ×3, 405 (also a command sent without POST), 400 id mismatch, 500 unknown command, 422 non-numeric id
    /// generation, 409 POST on an existing item (when configured); 400 for a
    /// listing parameter out of bounds or unknown.
    #[must_use]
    pub const fn status(&self) -> u16 {
        match self {
            Self::CollectionNotFound(_)
            | Self::MissingId(_)
            | Self::ItemNotFound { .. }
            | Self::PutNotFound { .. }
            | Self::CartNotFound(_)
            | Self::OrderNotFound(_) => 404,
            Self::AddressIncomplete => 400,
            Self::NoShippingTo | Self::RegionRequired | Self::UnknownShippingOption => 422,
            Self::AddressFirst | Self::ShippingFirst | Self::EmptyCart => 409,
            Self::LineNotFound(_) | Self::VariantNotSold(_) => 422,
            Self::OutOfStock(_) => 409,
            Self::BadQuantity | Self::CartFull => 400,
            Self::MethodNotAllowed(_) | Self::CommandNeedsPost { .. } => 405,
            Self::IdMismatch(_) | Self::BadBody | Self::BadParameter { .. } | Self::UnknownParameter(_) => 400,
            Self::UnknownCommand(_) => 500,
            Self::NonNumericId(_) => 422,
            Self::Exists { .. } => 409,
            Self::BackOfficeToken => 401,
        }
    }
}

impl MockError {
    /// A checkout refusal's name, beside its words in the body (`code`), for a
    /// client to tell refusals of one status apart.
    #[must_use]
    pub const fn code(&self) -> Option<&'static str> {
        match self {
            Self::AddressIncomplete => Some("address_incomplete"),
            Self::NoShippingTo => Some("no_shipping_to"),
            Self::RegionRequired => Some("region_required"),
            Self::AddressFirst => Some("address_first"),
            Self::UnknownShippingOption => Some("unknown_shipping_option"),
            Self::ShippingFirst => Some("shipping_first"),
            Self::EmptyCart => Some("empty_cart"),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::MockError as E;

    #[test]
    fn every_case_has_its_status_and_text() {
        let s = String::from;
        for (error, status, text) in [
            (E::CollectionNotFound(s("x")), 404, "Collection 'x' not found"),
            (E::MissingId(s("airlines")), 404, "Missing 'airlines' id"),
            (E::ItemNotFound { collection: s("products"), id: s("9") }, 404, "'products' with id='9' not found"),
            (E::MethodNotAllowed(s("PATCH")), 405, "Method PATCH is not allowed"),
            (
                E::CommandNeedsPost { command: s("resetDb"), method: s("GET") },
                405,
                "Command 'resetDb' changes the backend: send it with POST, not GET",
            ),
            (E::IdMismatch(s("airlines")), 400, "Request for 'airlines' id does not match item.id"),
            (E::UnknownCommand(s("explode")), 500, "Unknown command \"explode\""),
            (
                E::NonNumericId(s("products")),
                422,
                "Collection 'products' id type is non-numeric or unknown. Can only generate numeric ids.",
            ),
            (
                E::Exists { collection: s("airlines"), id: s("1") },
                409,
                "'airlines' item with id='1' exists and may not be updated with POST; use PUT instead.",
            ),
            (
                E::PutNotFound { collection: s("airlines"), id: s("99") },
                404,
                "'airlines' item with id='99' not found and may not be created with PUT; use POST instead.",
            ),
            (E::BadBody, 400, "The request body is not a JSON object"),
            (
                E::BadParameter { name: s("pageSize"), expected: "a whole number from 1 to 100" },
                400,
                "Parameter 'pageSize' must be a whole number from 1 to 100",
            ),
            (E::UnknownParameter(s("page_size")), 400, "Unknown parameter 'page_size'"),
            (E::CartNotFound(s("c1")), 404, "Cart 'c1' not found"),
            (E::LineNotFound(s("line-2")), 422, "Line 'line-2' is not in this cart"),
            (E::VariantNotSold(s("x")), 422, "No product sells variant 'x'"),
            (E::OutOfStock(s("1001-M")), 409, "Variant '1001-M' is out of stock"),
            (E::BadQuantity, 400, "A quantity must be between 1 and 99, and a line holds at most 99"),
            (E::CartFull, 400, "A cart holds at most 50 lines"),
            (E::AddressIncomplete, 400, "The email and every field of an address are required"),
            (E::NoShippingTo, 422, "This shop does not ship to that country"),
            (E::RegionRequired, 422, "The country needs a state or province of its own"),
            (E::AddressFirst, 409, "Set the shipping address first"),
            (E::UnknownShippingOption, 422, "No such shipping option"),
            (E::ShippingFirst, 409, "Choose a shipping option first"),
            (E::EmptyCart, 409, "The cart is empty"),
            (E::OrderNotFound(s("M-1")), 404, "Order 'M-1' not found"),
            (E::BackOfficeToken, 401, "The back office answers its token's bearer only"),
        ] {
            assert_eq!(error.status(), status, "{error:?}");
            assert_eq!(error.to_string(), text, "{error:?}");
        }
    }
}
