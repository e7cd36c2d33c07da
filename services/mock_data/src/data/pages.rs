//! The mock's content pages: a few fixed pages, served as the generic
//! collection `pages` (`GET /api/pages`, `GET /api/pages/{slug}`). The in-memory adapter
//! shows them at `/pages/{slug}`. Written out, not generated: a content page is prose.

use vitrine_proto::v1::ContentPage;

/// `(slug, title, meta title, meta description, HTML body)`.
const PAGES: [(&str, &str, &str, &str, &str); 2] = [
    (
        "about-us",
        "About us",
        "About the Vitrine demo shop",
        "Who runs the Vitrine demo shop and what it is for.",
        "<h2>Who we are</h2>\
         <p>Vitrine is a demo storefront: one shop window in front of several commerce backends.</p>\
         <p>This in-memory shop holds generated products, so every run shows the same catalogue.</p>\
         <ul><li>35 sample products</li><li>A menu three levels deep</li><li>Search and sorting</li></ul>",
    ),
    (
        "shipping-and-returns",
        "Shipping & returns",
        "Shipping and returns",
        "Delivery times, shipping costs and how to return an item.",
        "<h2>Shipping</h2>\
         <p>Orders leave the warehouse within two working days.</p>\
         <ul><li>Standard delivery: 3 to 5 working days</li><li>Express delivery: next working day</li>\
         <li>Free standard delivery over $50</li></ul>\
         <h2>Returns</h2>\
         <p>Return any unused item within 30 days for a full refund.</p>",
    ),
];

/// The content pages, ids being their slugs.
#[must_use]
pub fn pages() -> Vec<ContentPage> {
    PAGES
        .iter()
        .map(|(slug, title, meta_title, meta_description, content)| ContentPage {
            id: (*slug).to_owned(),
            url: format!("/pages/{slug}"),
            title: (*title).to_owned(),
            content: (*content).to_owned(),
            meta_title: Some((*meta_title).to_owned()),
            meta_description: Some((*meta_description).to_owned()),
        })
        .collect()
}
