//! The Shopify Storefront operations, each a `.graphql` document in `queries/`
//! (the cart's mutations in `mutations/`) with its fragments. `tests/shopify.rs`
//! validates every one against the 2025-01 schema.

use crate::graphql::Operation;

macro_rules! operation {
    ($const:ident, $name:literal, $file:literal $(, $fragment:literal)*) => {
        crate::graphql::operation_from_files!("queries/", $const, $name, $file $(, $fragment)*);
    };
}

/// A cart mutation, sent on the write path (`GraphQlClient::mutate`). Their
/// payloads ask for `userErrors { code field }` and `warnings { code target }`, never
/// the `message`s: those can name ids, and the shopper's texts are Vitrine's.
macro_rules! mutation {
    ($const:ident, $name:literal, $file:literal) => {
        crate::graphql::operation_from_files!("mutations/", $const, $name, $file, "cart.graphql");
    };
}

operation!(GET_ALL_PRODUCTS, "ShopifyGetAllProducts", "get_all_products.graphql", "product.graphql");
operation!(GET_A_PRODUCT, "ShopifyGetAProduct", "get_a_product.graphql", "product_page.graphql", "product.graphql");
operation!(
    GET_PRODUCT_BY_URL,
    "ShopifyGetProductByURL",
    "get_product_by_url.graphql",
    "product_page.graphql",
    "product.graphql"
);
operation!(GET_COLLECTION_MENU, "GetCollectionMenu", "get_collection_menu.graphql", "menu.graphql");
// Category (collection) pages, search and content pages.
operation!(
    GET_COLLECTION_PAGE,
    "ShopifyGetCollectionPage",
    "get_collection_page.graphql",
    "collection.graphql",
    "product.graphql"
);
operation!(GET_COLLECTION, "ShopifyGetCollection", "get_collection.graphql", "collection.graphql");
operation!(GET_COLLECTION_CURSORS, "ShopifyGetCollectionCursors", "get_collection_cursors.graphql", "cursors.graphql");
operation!(SEARCH_PRODUCTS, "ShopifySearchProducts", "search_products.graphql", "product.graphql");
operation!(SEARCH_CURSORS, "ShopifySearchCursors", "search_cursors.graphql");
operation!(GET_PAGE, "ShopifyGetPage", "get_page.graphql", "page.graphql");
// The cart, read and changed on the write path only (never cached).
operation!(GET_CART, "ShopifyGetCart", "get_cart.graphql", "cart.graphql");
mutation!(CART_CREATE, "ShopifyCartCreate", "cart_create.graphql");
mutation!(CART_LINES_ADD, "ShopifyCartLinesAdd", "cart_lines_add.graphql");
mutation!(CART_LINES_UPDATE, "ShopifyCartLinesUpdate", "cart_lines_update.graphql");
mutation!(CART_LINES_REMOVE, "ShopifyCartLinesRemove", "cart_lines_remove.graphql");

/// Every Shopify operation, for the schema conformance check.
pub const ALL: [Operation; 15] = [
    GET_ALL_PRODUCTS,
    GET_A_PRODUCT,
    GET_PRODUCT_BY_URL,
    GET_COLLECTION_MENU,
    GET_COLLECTION_PAGE,
    GET_COLLECTION,
    GET_COLLECTION_CURSORS,
    SEARCH_PRODUCTS,
    SEARCH_CURSORS,
    GET_PAGE,
    GET_CART,
    CART_CREATE,
    CART_LINES_ADD,
    CART_LINES_UPDATE,
    CART_LINES_REMOVE,
];
