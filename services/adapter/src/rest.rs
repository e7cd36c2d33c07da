//! A JSON-over-HTTP GET client for REST upstreams: the store cache under a named policy
//! (a stale entry answers and is fetched again in the background), then in-flight
//! coalescing (identical GETs share one request), then one bounded GET.
//! Failures are never cached; "nothing there" (404, an empty or `null` body) is, briefly
//! ([`Lifetime::ABSENT`]), so a flood of unknown ids reaches the backend once per window.
//!
//! Beside it, the write path (carts): [`RestClient::write`] sends one request of
//! one visitor's, with no cache, no coalescing and nothing of it in a key; its path names
//! a cart, so its span and logs carry the operation and the backend's base URL only.

use std::sync::Arc;

use futures_util::FutureExt;
use reqwest::header::HeaderMap;
use serde::de::DeserializeOwned;
use vitrine_common::SharedStore;
use vitrine_domain::cache::{CachePolicy, Lifetime};
use vitrine_domain::{Backend, DriverError};

use crate::bounded_http::{BoundedHttp, UpstreamLimits};
use crate::coalesce::{Coalescer, Joined};
use crate::upstream;

/// A method's name as spans record it (a static string).
fn method_name(method: &reqwest::Method) -> &'static str {
    match *method {
        reqwest::Method::POST => "POST",
        reqwest::Method::PUT => "PUT",
        reqwest::Method::PATCH => "PATCH",
        reqwest::Method::DELETE => "DELETE",
        _ => "GET",
    }
}

/// What is cached for "nothing there": it reads back as `None` (see `get_json_opt`).
const ABSENT: &[u8] = b"null";

/// One GET's body; `NotFound` when the backend has nothing there.
type Fetched = Result<Arc<[u8]>, DriverError>;

/// A backend's reading of its own error answers (status and body) where they mean more
/// than their status (a 400 that means the key was refused, say); `None` leaves the
/// answer to the common rules.
pub type ErrorReader = fn(u16, &[u8]) -> Option<DriverError>;

#[derive(Clone)]
pub struct RestClient {
    http: BoundedHttp,
    base: String,
    backend: Backend,
    store: SharedStore,
    in_flight: Arc<Coalescer<Fetched>>,
    /// Sent with every request (credentials: marked sensitive, never logged or cached).
    headers: HeaderMap,
    read_error: Option<ErrorReader>,
    refreshes: upstream::Refreshes,
}

impl RestClient {
    /// # Errors
    /// An HTTP client that cannot be built.
    pub fn new(backend: Backend, base: &str, limits: UpstreamLimits, store: SharedStore) -> Result<Self, DriverError> {
        Ok(Self {
            http: BoundedHttp::new(limits)?,
            base: base.trim_end_matches('/').to_owned(),
            backend,
            store,
            in_flight: Arc::default(),
            headers: HeaderMap::new(),
            read_error: None,
            refreshes: upstream::Refreshes::default(),
        })
    }

    /// One call of `operation` to this backend, as timings and injected faults see it.
    const fn call<'a>(&self, operation: &'a str) -> upstream::Call<'a> {
        upstream::Call { backend: self.backend, operation, timeout: self.http.timeout() }
    }

    /// Sends `headers` with every request. They are not part of any cache key: one
    /// client serves one site's credentials.
    #[must_use]
    pub fn with_headers(mut self, headers: HeaderMap) -> Self {
        self.headers = headers;
        self
    }

    /// Reads the backend's error answers with `reader` before the common rules.
    #[must_use]
    pub fn with_error_reader(mut self, reader: ErrorReader) -> Self {
        self.read_error = Some(reader);
        self
    }

    /// GETs `path` (relative to the base, leading slash) and decodes its JSON body.
    ///
    /// # Errors
    /// 404 or an empty body → [`DriverError::NotFound`]; other non-2xx →
    /// `UpstreamStatus`; transport and decoding failures as their cases.
    pub async fn get_json<T: DeserializeOwned + Send + 'static>(
        &self,
        path: &str,
        policy: CachePolicy,
    ) -> Result<T, DriverError> {
        // The text names what was asked for, never the upstream's own path.
        self.get_json_opt(path, policy).await?.ok_or_else(|| DriverError::NotFound(policy.name().to_owned()))
    }

    /// As [`get_json`](Self::get_json), but "nothing there" is `Ok(None)`: a 404, an
    /// empty body (some REST backends answer an unknown id with 200 and no body) or `null`.
    ///
    /// # Errors
    /// As `get_json`, except for the absent cases.
    pub async fn get_json_opt<T: DeserializeOwned + Send + 'static>(
        &self,
        path: &str,
        policy: CachePolicy,
    ) -> Result<Option<T>, DriverError> {
        let key = policy.key(self.backend, path);
        // A cached body reads as `Some`, the cached `null` of an absent one as `None`.
        if let Some(cached) = upstream::cache_read::<Option<T>>(&self.store, self.backend, policy.name(), &key).await {
            if cached.stale {
                let (client, path) = (self.clone(), path.to_owned());
                self.refreshes.spawn(&key.clone(), async move {
                    // A failure is logged where it happens; the stale answer stays.
                    let _ = client.load::<T>(&path, policy, key).await;
                });
            }
            return Ok(cached.value);
        }
        let call = self.call(policy.name());
        upstream::injected(call, self.load(path, policy, key).await).await
    }

    /// Asks the backend (one request for identical calls in flight) and stores the answer
    /// under `key`.
    async fn load<T: DeserializeOwned>(
        &self,
        path: &str,
        policy: CachePolicy,
        key: String,
    ) -> Result<Option<T>, DriverError> {
        let url = format!("{}{path}", self.base);
        let span = upstream::span(self.backend, policy.name(), "GET", &url);
        // The request carries the trace context of the caller that starts it.
        let start = || self.clone().fetch(url.clone(), path.to_owned(), span.in_scope(upstream::trace_headers)).boxed();
        let call = self.call(policy.name());
        let Joined { value, leader, .. } = self.in_flight.run_observed(call, span.clone(), key.clone(), start).await;
        let bytes = match value {
            Err(DriverError::NotFound(_)) => {
                if leader {
                    upstream::cache_write(&self.store, &key, ABSENT, Lifetime::ABSENT).await;
                }
                return Ok(None);
            }
            other => other?,
        };
        let value = serde_json::from_slice(&bytes).map_err(|e| {
            tracing::warn!(backend = %self.backend, path, error = %e, "undecodable upstream body");
            DriverError::Undecodable(e.to_string())
        })?;
        if leader {
            upstream::cache_write(&self.store, &key, &bytes, policy.lifetime()).await;
        }
        Ok(Some(value))
    }

    /// One request of the write path: `method` to `path` with `body` as JSON,
    /// answered with its status and body for the caller to read (a cart backend's 404
    /// and 400 mean different things). The backend's error reader still applies (a
    /// refused key). `operation` names the call in spans, logs and metrics.
    ///
    /// # Errors
    /// Transport failures, a body over the limit, and what the error reader makes of a
    /// non-success answer.
    pub async fn write(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&serde_json::Value>,
        operation: &'static str,
    ) -> Result<(u16, Vec<u8>), DriverError> {
        let span = upstream::span(self.backend, operation, method_name(&method), &self.base);
        let url = format!("{}{path}", self.base);
        let call = async {
            let mut request = self.http.client().request(method, &url).headers(self.headers.clone());
            request = request.headers(upstream::trace_headers());
            if let Some(body) = body {
                request = request.json(body);
            }
            let (status, bytes) = self.http.send(request).await.inspect_err(|e| {
                // Its kind only: a transport error's text holds the url, which names the cart.
                tracing::warn!(backend = %self.backend, operation, kind = e.kind(), "upstream write failed");
            })?;
            if !status.is_success()
                && let Some(error) = self.read_error.and_then(|read| read(status.as_u16(), &bytes))
            {
                return Err(error);
            }
            Ok((status.as_u16(), bytes))
        };
        let observed = self.call(operation);
        upstream::observe_uncached(observed, span, call).await
    }

    /// One GET within the backend's limits; an absent answer is `NotFound`.
    async fn fetch(self, url: String, path: String, trace: HeaderMap) -> Fetched {
        let request = self.http.client().get(&url).headers(self.headers.clone()).headers(trace);
        let (status, body) = self.http.send(request).await.map_err(|e| {
            tracing::warn!(backend = %self.backend, path, error = %e, "upstream request failed");
            e
        })?;
        if !status.is_success()
            && let Some(error) = self.read_error.and_then(|read| read(status.as_u16(), &body))
        {
            tracing::warn!(backend = %self.backend, path, status = status.as_u16(), kind = error.kind(), "upstream refused");
            return Err(error);
        }
        if status == reqwest::StatusCode::NOT_FOUND {
            return Err(DriverError::NotFound(path));
        }
        if !status.is_success() {
            tracing::warn!(backend = %self.backend, path, status = status.as_u16(), "upstream error status");
            return Err(DriverError::UpstreamStatus(status.as_u16()));
        }
        if body.iter().all(u8::is_ascii_whitespace) || body.trim_ascii() == ABSENT {
            return Err(DriverError::NotFound(path));
        }
        Ok(body.into())
    }
}
