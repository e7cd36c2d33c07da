//! One visitor: its own session, asking as a browser asks (`Accept`, `Accept-Encoding:
//! gzip, br`, its cookies), walking [`crate::plan`]'s path on one backend, then
//! switching to the next every [`crate::bounds::switch_interval`].
//!
//! The cookies are kept by hand ([`Cookies`]): every one the edge sets, so a visitor
//! sends its signed state cookie too and is answered without a store read, as
//! a browser is. Behind TLS the edge names them `__Host-vitrine_session` and
//! `__Host-vitrine_state` and marks them `Secure`, which a generic cookie store would not
//! send back over the plain HTTP of compose's network; a browser on `http://localhost`
//! does, and so does this.

use std::collections::BTreeMap;
use std::io::Read as _;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::header::{ACCEPT, ACCEPT_ENCODING, CONTENT_ENCODING, COOKIE, SET_COOKIE};
use serde_json::Value;
use tokio::time::Instant;
use vitrine_common::Shutdown;

use crate::bounds::TokenBucket;
use crate::plan::{self, Kind, Request};
use crate::report::{Outcome, Recorder};

/// What every visitor shares: the client, the bucket, the clock, the tallies.
pub(crate) struct Shared {
    pub(crate) client: reqwest::Client,
    /// The edge, without a trailing `/`.
    pub(crate) target: String,
    pub(crate) bucket: Mutex<TokenBucket>,
    pub(crate) started: Instant,
    /// No request starts at or after this instant.
    pub(crate) deadline: Instant,
    pub(crate) recorder: Recorder,
    pub(crate) shutdown: Shutdown,
}

/// The run is over (its end, or a signal): the visitor goes home.
#[derive(Debug)]
pub(crate) struct Stop;

/// An answer, its body read whole; the JSON parsed when one was asked for.
pub(crate) struct Answer {
    pub(crate) status: u16,
    set_cookies: Vec<String>,
    pub(crate) json: Option<Value>,
}

impl Shared {
    /// Waits for the bucket's next slot: [`Stop`] when that falls at or after the
    /// deadline, or on shutdown.
    async fn slot(&self) -> Result<(), Stop> {
        let now = Instant::now();
        let at = {
            let mut bucket = self.bucket.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            self.started + bucket.reserve(now.saturating_duration_since(self.started))
        };
        if at >= self.deadline || self.shutdown.is_cancelled() {
            return Err(Stop);
        }
        tokio::select! {
            () = tokio::time::sleep_until(at) => Ok(()),
            () = self.shutdown.cancelled() => Err(Stop),
        }
    }

    /// Sends `request` in the next slot and reads its answer whole: what it came to and
    /// how long it took, the answer when there was one.
    pub(crate) async fn fetch(
        &self,
        request: reqwest::RequestBuilder,
        kind: Kind,
    ) -> Result<(Outcome, Duration, Option<Answer>), Stop> {
        self.slot().await?;
        self.recorder.sent();
        let sent = Instant::now();
        let answer = tokio::select! {
            answer = read(request, kind) => answer,
            () = self.shutdown.cancelled() => return Err(Stop),
        };
        let took = sent.elapsed();
        Ok(match answer {
            Ok(answer) => (Outcome::Answered(answer.status), took, Some(answer)),
            Err(e) => {
                tracing::debug!(error = %e, "no answer");
                (Outcome::Failed, took, None)
            }
        })
    }

    /// A GET of `path` asked for as `kind`.
    pub(crate) fn get(&self, path: &str, kind: Kind) -> reqwest::RequestBuilder {
        let accept = match kind {
            Kind::Html => "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
            Kind::Json => "application/json",
        };
        self.client.get(format!("{}{path}", self.target)).header(ACCEPT, accept).header(ACCEPT_ENCODING, "gzip, br")
    }
}

async fn read(request: reqwest::RequestBuilder, kind: Kind) -> reqwest::Result<Answer> {
    let res = request.send().await?;
    let status = res.status().as_u16();
    let header = |name| res.headers().get_all(name).iter().filter_map(|v| v.to_str().ok().map(str::to_owned));
    let set_cookies = header(SET_COOKIE).collect();
    let coding = header(CONTENT_ENCODING).next();
    let body = res.bytes().await?;
    let json = (kind == Kind::Json && (200..300).contains(&status))
        .then(|| decoded(coding.as_deref(), &body).ok())
        .flatten()
        .and_then(|plain| serde_json::from_slice(&plain).ok());
    Ok(Answer { status, set_cookies, json })
}

/// `raw` without its `Content-Encoding` (the two the visitor accepts; anything else as is).
fn decoded(coding: Option<&str>, raw: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut plain = Vec::new();
    match coding {
        Some("br") => brotli::Decompressor::new(raw, 4096).read_to_end(&mut plain)?,
        Some("gzip") => flate2::read::GzDecoder::new(raw).read_to_end(&mut plain)?,
        _ => return Ok(raw.to_vec()),
    };
    Ok(plain)
}

/// A browser's cookie jar for one site, as much of it as the edge needs: `name=value`
/// from each `Set-Cookie`, dropped again by an empty value or `Max-Age=0`.
#[derive(Debug, Default)]
pub(crate) struct Cookies(BTreeMap<String, String>);

impl Cookies {
    pub(crate) fn store(&mut self, set_cookie: &str) {
        let mut parts = set_cookie.split(';').map(str::trim);
        let Some((name, value)) = parts.next().and_then(|p| p.split_once('=')) else { return };
        let expired = parts.any(|a| a.eq_ignore_ascii_case("max-age=0"));
        if value.is_empty() || expired {
            self.0.remove(name);
        } else {
            self.0.insert(name.to_owned(), value.to_owned());
        }
    }

    /// The `Cookie` header, when there is any.
    pub(crate) fn header(&self) -> Option<String> {
        (!self.0.is_empty()).then(|| self.0.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; "))
    }
}

/// A visitor: its cookies and the backend its session reads.
pub(crate) struct Visitor {
    shared: Arc<Shared>,
    cookies: Cookies,
    backend: String,
}

impl Visitor {
    /// Visitor `index` of the run, starting on `backends[index]` (round the list) and
    /// switching to the next one every `interval`, until the run is over.
    pub(crate) async fn run(
        shared: Arc<Shared>,
        index: usize,
        backends: Arc<[String]>,
        default: String,
        interval: Duration,
    ) {
        let mut visitor = Self { shared, cookies: Cookies::default(), backend: default };
        let _: Result<(), Stop> = visitor.visit(index, &backends, interval).await;
    }

    async fn visit(&mut self, index: usize, backends: &[String], interval: Duration) -> Result<(), Stop> {
        let mut walks = 0;
        for turn in 0.. {
            let wanted = &backends[(index + turn) % backends.len()];
            if *wanted != self.backend {
                self.switch(wanted).await?;
            }
            let until = Instant::now() + interval;
            loop {
                self.walk(walks).await?;
                walks += 1;
                if backends.len() > 1 && Instant::now() >= until {
                    break;
                }
            }
        }
        Ok(())
    }

    /// `PUT /api/driver`, counted on the backend asked for; the session reads what the
    /// edge answers (the same driver when it refused).
    async fn switch(&mut self, backend: &str) -> Result<(), Stop> {
        let body = serde_json::json!({ "driver": backend });
        let request = self.shared.client.put(format!("{}/api/driver", self.shared.target)).json(&body);
        let answer = self.send(request, Kind::Json, backend.to_owned()).await?;
        if let Some(driver) = answer.and_then(|a| a.json).and_then(|j| j["driver"].as_str().map(str::to_owned)) {
            self.backend = driver;
        }
        Ok(())
    }

    /// One walk of the path: home, the menu's first category, its page 2, a product
    /// there (the `n`th, round the page), a search for a word of its name. What a
    /// backend lacks ends the walk early; the next one starts over.
    async fn walk(&mut self, n: usize) -> Result<(), Stop> {
        self.ask(&plan::home()).await?;
        let Some(mut category) = self.json(&plan::menu()).await?.as_ref().and_then(plan::first_category) else {
            return Ok(());
        };
        self.ask(&plan::page(&category)).await?;
        let mut listing = self.json(&plan::listing(&category, 2)).await?.unwrap_or_default();
        if !plan::is_category(&listing) {
            // Not this backend's category (the fake store's menu is in-memory's): the home
            // page's first category link instead.
            let Some(link) = self.json(&plan::category_links()).await?.as_ref().and_then(plan::first_link) else {
                return Ok(());
            };
            category = link;
            listing = self.json(&plan::listing(&category, 2)).await?.unwrap_or_default();
        }
        let mut products = plan::products(&listing);
        if products.is_empty() {
            // A category of one page: its first.
            products = self.json(&plan::listing(&category, 1)).await?.map(|p| plan::products(&p)).unwrap_or_default();
        }
        let Some((url, name)) = products.get(n % products.len().max(1)).cloned() else { return Ok(()) };
        self.ask(&plan::page(&url)).await?;
        if let Some(word) = plan::search_word(&name) {
            self.ask(&plan::search(&word)).await?;
        }
        Ok(())
    }

    async fn ask(&mut self, request: &Request) -> Result<Option<Answer>, Stop> {
        let get = self.shared.get(&request.path, request.kind);
        self.send(get, request.kind, self.backend.clone()).await
    }

    /// The JSON of a successful answer.
    async fn json(&mut self, request: &Request) -> Result<Option<Value>, Stop> {
        Ok(self.ask(request).await?.and_then(|a| a.json))
    }

    /// Sends `request` with the session's cookie, counted on `backend`; keeps the cookies
    /// the answer sets.
    async fn send(
        &mut self,
        mut request: reqwest::RequestBuilder,
        kind: Kind,
        backend: String,
    ) -> Result<Option<Answer>, Stop> {
        if let Some(cookies) = self.cookies.header() {
            request = request.header(COOKIE, cookies);
        }
        let (outcome, took, answer) = self.shared.fetch(request, kind).await?;
        self.shared.recorder.record(&backend, outcome, took);
        for set in answer.iter().flat_map(|a| &a.set_cookies) {
            self.cookies.store(set);
        }
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::*;

    #[test]
    fn the_jar_keeps_what_the_edge_sets_and_drops_what_it_removes() {
        let mut jar = Cookies::default();
        assert_eq!(jar.header(), None, "a first visit carries no cookie");
        for (set_cookie, expected) in [
            (
                "__Host-vitrine_session=0123abcd; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=2592000",
                Some("__Host-vitrine_session=0123abcd"),
            ),
            (
                "__Host-vitrine_state=1.0a1b2c3d.ZmFrZUAx.bWFj; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=2592000",
                Some("__Host-vitrine_session=0123abcd; __Host-vitrine_state=1.0a1b2c3d.ZmFrZUAx.bWFj"),
            ),
            (
                "other=1; Path=/",
                Some("__Host-vitrine_session=0123abcd; __Host-vitrine_state=1.0a1b2c3d.ZmFrZUAx.bWFj; other=1"),
            ),
            (
                "__Host-vitrine_state=1.0a1b2c3d.c2hvcGlmeUAy.bWFj; Path=/",
                Some("__Host-vitrine_session=0123abcd; __Host-vitrine_state=1.0a1b2c3d.c2hvcGlmeUAy.bWFj; other=1"),
            ),
            ("__Host-vitrine_state=; Path=/; Max-Age=0", Some("__Host-vitrine_session=0123abcd; other=1")),
            ("other=2", Some("__Host-vitrine_session=0123abcd; other=2")),
            ("__Host-vitrine_session=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT", Some("other=2")),
            ("other=2; max-age=0", None),
            ("not a cookie", None),
        ] {
            jar.store(set_cookie);
            assert_eq!(jar.header().as_deref(), expected, "after {set_cookie}");
        }
    }

    #[test]
    fn answers_are_decoded_as_a_browser_decodes_them() {
        let text = br#"{"driver":"magento"}"#;
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gzip.write_all(text).expect("gzip");
        let gzip = gzip.finish().expect("gzip");
        let mut br = Vec::new();
        brotli::CompressorWriter::new(&mut br, 4096, 5, 22).write_all(text).expect("brotli");
        for (coding, raw) in [(None, text.to_vec()), (Some("gzip"), gzip), (Some("br"), br)] {
            assert_eq!(decoded(coding, &raw).expect("decodes"), text, "{coding:?}");
        }
        assert!(decoded(Some("gzip"), b"not gzip").is_err());
    }
}
