//! The Magento operations, each a `.graphql` document in `queries/` (the
//! cart's changes in `mutations/`) with the fragments it spreads from
//! `fragments/`. `tests/magento.rs` validates every one against the Magento schema.

use crate::graphql::Operation;

macro_rules! operation {
    ($const:ident, $name:literal, $file:literal $(, $fragment:expr)?) => {
        pub const $const: Operation = Operation {
            name: $name,
            document: concat!(include_str!(concat!("queries/", $file)) $(, "\n", $fragment)?),
        };
    };
}

// concat! needs literals, so the fragments are spliced by a second include.
macro_rules! with_product_fragments {
    ($const:ident, $name:literal, $file:literal) => {
        pub const $const: Operation = Operation {
            name: $name,
            document: concat!(
                include_str!(concat!("queries/", $file)),
                "\n",
                include_str!("fragments/product_preview.graphql"),
                "\n",
                include_str!("fragments/product.graphql")
            ),
        };
    };
}

// Listings select only what a product card shows (`magentoProductPreview`).
macro_rules! with_preview_fragment {
    ($const:ident, $name:literal, $file:literal $(, $fragment:literal)?) => {
        pub const $const: Operation = Operation {
            name: $name,
            document: concat!(
                include_str!(concat!("queries/", $file)),
                "\n",
                include_str!("fragments/product_preview.graphql")
                $(, "\n", include_str!($fragment))?
            ),
        };
    };
}

with_product_fragments!(GET_ALL_PRODUCTS, "MagentoGetAllProducts", "get_all_products.graphql");
with_product_fragments!(GET_A_PRODUCT, "MagentoGetAProduct", "get_a_product.graphql");
with_product_fragments!(GET_A_PRODUCT_BY_URL, "MagentoGetAProductByUrl", "get_a_product_by_url.graphql");
pub const GET_CATEGORY_TREE: Operation = Operation {
    name: "MagentoGetCategoryTree",
    document: concat!(
        include_str!("queries/get_category_tree.graphql"),
        "\n",
        include_str!("fragments/category.graphql")
    ),
};
with_preview_fragment!(
    GET_CATEGORY_PAGE,
    "MagentoGetCategoryPage",
    "get_category_page.graphql",
    "fragments/category.graphql"
);
with_preview_fragment!(SEARCH_PRODUCTS, "MagentoSearchProducts", "search_products.graphql");
operation!(GET_CONTENT_PAGE, "MagentoGetContentPage", "get_content_page.graphql");
operation!(GET_ROOT_CATEGORY_ID, "MagentoNavigationGetRootCategoryId", "get_root_category_id.graphql");
operation!(RESOLVE_URL, "MagentoResolveUrlv243", "resolve_url.graphql");
operation!(
    GET_PRODUCT_FILTER_FIELD_TYPES,
    "MagentoGetProductFilterFieldTypes",
    "get_product_filter_field_types.graphql"
);

// The cart's read and changes, each answering the whole cart (`magentoCart`).
macro_rules! with_cart_fragment {
    ($const:ident, $name:literal, $file:literal) => {
        pub const $const: Operation = Operation {
            name: $name,
            document: concat!(include_str!($file), "\n", include_str!("fragments/cart.graphql")),
        };
    };
}

pub const CREATE_CART: Operation =
    Operation { name: "MagentoCreateCart", document: include_str!("mutations/create_cart.graphql") };
with_cart_fragment!(GET_CART, "MagentoGetCart", "queries/get_cart.graphql");
with_cart_fragment!(ADD_TO_CART, "MagentoAddToCart", "mutations/add_to_cart.graphql");
with_cart_fragment!(UPDATE_CART_ITEM, "MagentoUpdateCartItem", "mutations/update_cart_item.graphql");
with_cart_fragment!(REMOVE_CART_ITEM, "MagentoRemoveCartItem", "mutations/remove_cart_item.graphql");

// The checkout's read (the cart with its checkout, `magentoCheckout`, and the
// countries) and its steps, each answering only the cart's id: the checkout is read after.
pub const GET_CHECKOUT: Operation = Operation {
    name: "MagentoGetCheckout",
    document: concat!(
        include_str!("queries/get_checkout.graphql"),
        "\n",
        include_str!("fragments/checkout.graphql"),
        "\n",
        include_str!("fragments/cart.graphql")
    ),
};
macro_rules! mutation {
    ($const:ident, $name:literal, $file:literal) => {
        pub const $const: Operation = Operation { name: $name, document: include_str!(concat!("mutations/", $file)) };
    };
}
mutation!(SET_GUEST_EMAIL, "MagentoSetGuestEmail", "set_guest_email.graphql");
mutation!(SET_SHIPPING_ADDRESS, "MagentoSetShippingAddress", "set_shipping_address.graphql");
mutation!(SET_BILLING_ADDRESS, "MagentoSetBillingAddress", "set_billing_address.graphql");
mutation!(SET_SHIPPING_METHOD, "MagentoSetShippingMethod", "set_shipping_method.graphql");
mutation!(SET_PAYMENT_METHOD, "MagentoSetPaymentMethod", "set_payment_method.graphql");
mutation!(PLACE_ORDER, "MagentoPlaceOrder", "place_order.graphql");

/// The checkout's operations: never cached, never batched, as the cart's.
pub const CHECKOUT: [Operation; 7] = [
    GET_CHECKOUT,
    SET_GUEST_EMAIL,
    SET_SHIPPING_ADDRESS,
    SET_BILLING_ADDRESS,
    SET_SHIPPING_METHOD,
    SET_PAYMENT_METHOD,
    PLACE_ORDER,
];

/// The cart's operations: never cached, never batched (`GraphQlClient::mutate`).
pub const CART: [Operation; 5] = [CREATE_CART, GET_CART, ADD_TO_CART, UPDATE_CART_ITEM, REMOVE_CART_ITEM];

/// The catalogue's reads (cached as the upstream cache's policies say).
pub const READS: [Operation; 10] = [
    GET_ALL_PRODUCTS,
    GET_A_PRODUCT,
    GET_A_PRODUCT_BY_URL,
    GET_CATEGORY_TREE,
    GET_ROOT_CATEGORY_ID,
    RESOLVE_URL,
    GET_PRODUCT_FILTER_FIELD_TYPES,
    GET_CATEGORY_PAGE,
    SEARCH_PRODUCTS,
    GET_CONTENT_PAGE,
];

/// Every Magento operation, for the schema conformance check: each is in one list above.
pub fn all() -> impl Iterator<Item = Operation> {
    READS.into_iter().chain(CART).chain(CHECKOUT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_document_names_its_operation_and_carries_its_fragments() {
        for op in all() {
            let read = op.name == GET_CART.name || op.name == GET_CHECKOUT.name;
            let kind = if (CART.contains(&op) || CHECKOUT.contains(&op)) && !read { "mutation" } else { "query" };
            assert!(op.document.contains(&format!("{kind} {}", op.name)), "{}", op.name);
            for spread in [
                "...magentoProductPage",
                "...magentoProductPreview",
                "...magentoCategoryNode",
                "...magentoCart",
                "...magentoCheckout",
            ] {
                if op.document.contains(spread) {
                    let fragment = spread.trim_start_matches("...");
                    assert!(op.document.contains(&format!("fragment {fragment} on")), "{} lacks {fragment}", op.name);
                }
            }
        }
    }
}
