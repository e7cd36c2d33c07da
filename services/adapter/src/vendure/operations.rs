//! The Shop API operations, each a `.graphql` document in `queries/` with its fragments.

use crate::graphql::Operation;

macro_rules! operation {
    ($const:ident, $name:literal, $file:literal $(, $fragment:literal)*) => {
        crate::graphql::operation_from_files!("queries/", $const, $name, $file $(, $fragment)*);
    };
}

/// A change of the session's order, sent on the write path (`GraphQlClient::mutate_in_session`).
macro_rules! mutation {
    ($const:ident, $name:literal, $file:literal $(, $fragment:literal)*) => {
        crate::graphql::operation_from_files!("mutations/", $const, $name, $file $(, $fragment)*);
    };
}

operation!(COLLECTIONS, "VendureCollections", "collections.graphql");
operation!(COLLECTION, "VendureCollection", "collection.graphql");
operation!(
    COLLECTION_PAGE,
    "VendureCollectionPage",
    "collection_page.graphql",
    "collection.graphql",
    "listing_item.graphql",
    "price.graphql"
);
operation!(SEARCH, "VendureSearch", "search.graphql", "listing_item.graphql", "price.graphql");
operation!(PRODUCT, "VendureProduct", "product.graphql", "product.graphql");
operation!(CHANNEL, "VendureChannel", "channel.graphql");
// The session's order, read and changed on the write path only (never cached).
operation!(ACTIVE_ORDER, "VendureActiveOrder", "active_order.graphql", "order.graphql");
mutation!(ADD_ITEM, "VendureAddItem", "add_item.graphql", "order_change.graphql", "order.graphql");
mutation!(ADJUST_LINE, "VendureAdjustLine", "adjust_line.graphql", "order_change.graphql", "order.graphql");
mutation!(REMOVE_LINE, "VendureRemoveLine", "remove_line.graphql", "order.graphql");
mutation!(REMOVE_ALL_LINES, "VendureRemoveAllLines", "remove_all_lines.graphql", "order.graphql");
// Checkout: the session's order, read and changed on the write path only.
operation!(
    CHECKOUT,
    "VendureCheckout",
    "checkout.graphql",
    "checkout_order.graphql",
    "order.graphql",
    "order_address.graphql"
);
operation!(SHIPPING_METHODS, "VendureShippingMethods", "shipping_methods.graphql");
mutation!(
    SET_ADDRESS,
    "VendureSetAddress",
    "set_address.graphql",
    "checkout_order.graphql",
    "order.graphql",
    "order_address.graphql"
);
mutation!(
    SET_SHIPPING_METHOD,
    "VendureSetShippingMethod",
    "set_shipping_method.graphql",
    "checkout_order.graphql",
    "order.graphql",
    "order_address.graphql"
);
mutation!(TRANSITION, "VendureTransition", "transition.graphql");
mutation!(
    ADD_PAYMENT,
    "VendureAddPayment",
    "add_payment.graphql",
    "checkout_order.graphql",
    "order.graphql",
    "order_address.graphql"
);

/// Every Vendure operation, for the schema conformance check.
pub const ALL: [Operation; 17] = [
    COLLECTIONS,
    COLLECTION,
    COLLECTION_PAGE,
    SEARCH,
    PRODUCT,
    CHANNEL,
    ACTIVE_ORDER,
    ADD_ITEM,
    ADJUST_LINE,
    REMOVE_LINE,
    REMOVE_ALL_LINES,
    CHECKOUT,
    SHIPPING_METHODS,
    SET_ADDRESS,
    SET_SHIPPING_METHOD,
    TRANSITION,
    ADD_PAYMENT,
];
