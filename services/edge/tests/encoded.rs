//! issue 21: a cached answer is compressed once and tagged; a request gets it in the best
//! coding it accepts, and a request that holds it already gets a 304. Answers that are not
//! cached are compressed as they go out, when they are big enough to gain.

#[path = "support/coding.rs"]
mod coding;

use reqwest::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, ETAG, IF_NONE_MATCH, VARY};
use serde_json::json;
use vitrine_testkit::{TestApp, browser, magento};

/// `res`'s coding and its body decoded.
async fn decoded(res: reqwest::Response) -> (String, Vec<u8>) {
    let (coding, plain, _) = coding::decoded(res).await;
    (coding, plain)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cached_answer_comes_in_the_accepted_coding_and_a_held_one_is_not_sent_again() {
    let shop = magento::start();
    let app = TestApp::builder().magento(&shop.url).start().await;
    let c = browser();
    let path = "/api/navigation";
    let ask = |accept: &'static str| c.get(app.url(path)).header(ACCEPT_ENCODING, accept).send();

    // The first answer fills the cache; every later one is the same bytes in a coding.
    let (_, plain) = decoded(ask("identity").await.expect("first")).await;
    let tree: serde_json::Value = serde_json::from_slice(&plain).expect("json");
    assert!(tree["children"].as_array().is_some_and(|c| !c.is_empty()), "the menu");

    let mut tags = Vec::new();
    for (accept, coding) in
        [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip"), ("", "identity")]
    {
        let res = ask(accept).await.expect(accept);
        assert_eq!(res.status(), 200, "{accept:?}");
        let header = |name| res.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
        assert_eq!(header(VARY), "Accept-Encoding, Cookie", "{accept:?}");
        // No session: the default driver's answer, which shared caches may keep.
        assert_eq!(header(CACHE_CONTROL), "public, max-age=0, s-maxage=10, stale-while-revalidate=30", "{accept:?}");
        tags.push(header(ETAG));
        let (got, body) = decoded(res).await;
        assert_eq!((accept, got.as_str()), (accept, coding));
        assert_eq!(body, plain, "{accept:?}: the same answer");
    }
    assert!(tags[0].starts_with("W/\""), "{tags:?}");
    assert!(tags.iter().all(|t| *t == tags[0]), "one tag for every coding: {tags:?}");

    let again = c.get(app.url(path)).header(IF_NONE_MATCH, &tags[0]).header(ACCEPT_ENCODING, "br").send().await;
    let again = again.expect("conditional");
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers().get(ETAG).and_then(|v| v.to_str().ok()), Some(tags[0].as_str()));
    assert!(again.bytes().await.expect("body").is_empty(), "a 304 has no body");

    // Another driver's menu is another answer: its tag differs, so the held one is sent.
    let switched = c.put(app.url("/api/driver")).json(&json!({ "driver": "magento" })).send().await.expect("switch");
    assert_eq!(switched.status(), 200);
    let other = c.get(app.url(path)).header(IF_NONE_MATCH, &tags[0]).send().await.expect("magento's menu");
    assert_eq!(other.status(), 200);
    assert_eq!(other.headers()[CACHE_CONTROL], "private, no-cache", "a session's answer is its own");
    let other_tag = other.headers().get(ETAG).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    assert!(!other_tag.is_empty() && other_tag != tags[0], "{other_tag} against {}", tags[0]);
}

#[tokio::test(flavor = "multi_thread")]
async fn answers_that_are_not_cached_are_compressed_when_big_enough() {
    let app = TestApp::builder().start().await;
    let c = browser();
    let ask = |path: &'static str, accept: &'static str| c.get(app.url(path)).header(ACCEPT_ENCODING, accept).send();

    // The OpenAPI document (tens of KB, made per request): compressed as it goes out.
    let (coding, body) = decoded(ask("/api/openapi.json", "gzip").await.expect("openapi")).await;
    assert_eq!(coding, "gzip");
    let document: serde_json::Value = serde_json::from_slice(&body).expect("json");
    assert!(document["paths"].is_object(), "the document");
    let res = ask("/api/openapi.json", "br").await.expect("openapi");
    assert_eq!(res.headers()[VARY], "Accept-Encoding");
    assert_eq!(decoded(res).await, ("br".to_owned(), body.clone()));
    assert_eq!(decoded(ask("/api/openapi.json", "").await.expect("plain")).await, ("identity".to_owned(), body));

    // A small error: below the size where compressing pays.
    let missing = ask("/api/products/9999", "gzip, br").await.expect("missing");
    assert_eq!(missing.status(), 404);
    assert!(missing.headers().get(CONTENT_ENCODING).is_none(), "{:?}", missing.headers());
    // The driver event stream is never held back to be compressed.
    let events = ask("/api/driver/events", "gzip, br").await.expect("events");
    assert_eq!(events.headers().get(CONTENT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or("identity"), "identity");
}
