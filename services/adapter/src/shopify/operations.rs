//! The Shopify Storefront operations (spec §7), each a `.graphql` document in `queries/`
//! with its fragments. `tests/shopify.rs` validates every one against the 2025-01 schema.

use crate::graphql::Operation;

macro_rules! operation {
    ($const:ident, $name:literal, $file:literal $(, $fragment:literal)*) => {
        pub const $const: Operation = Operation {
            name: $name,
            document: concat!(
                include_str!(concat!("queries/", $file))
                $(, "\n", include_str!(concat!("fragments/", $fragment)))*
            ),
        };
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
// issue 10: category (collection) pages, search and content pages.
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

/// Every Shopify operation, for the schema conformance check.
pub const ALL: [Operation; 10] = [
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
];
