//! A JSON-over-HTTP GET client for REST upstreams, with the upstream answer cached in the
//! store under a named policy. Failures are never cached.

use std::time::Duration;

use serde::de::DeserializeOwned;
use vitrine_common::SharedStore;
use vitrine_domain::cache::CachePolicy;
use vitrine_domain::{Backend, DriverError};

use crate::upstream;

#[derive(Clone)]
pub struct RestClient {
    http: reqwest::Client,
    base: String,
    backend: Backend,
    store: SharedStore,
}

/// Maps a transport failure onto the driver error it is; the detail is kept for the log.
pub(crate) fn transport_error(e: &reqwest::Error) -> DriverError {
    if e.is_timeout() {
        DriverError::Timeout
    } else if e.is_decode() || e.is_body() {
        DriverError::Undecodable(e.to_string())
    } else {
        DriverError::Network(e.to_string())
    }
}

impl RestClient {
    #[must_use]
    pub fn new(backend: Backend, base: &str, timeout: Duration, store: SharedStore) -> Self {
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout.min(Duration::from_secs(2)))
            .build()
            .unwrap_or_default();
        Self { http, base: base.trim_end_matches('/').to_owned(), backend, store }
    }

    /// GETs `path` (relative to the base, leading slash) and decodes its JSON body.
    ///
    /// # Errors
    /// 404 or an empty body → [`DriverError::NotFound`]; other non-2xx →
    /// `UpstreamStatus`; transport and decoding failures as their cases.
    pub async fn get_json<T: DeserializeOwned>(&self, path: &str, policy: CachePolicy) -> Result<T, DriverError> {
        // The text names what was asked for, never the upstream's own path.
        self.get_json_opt(path, policy).await?.ok_or_else(|| DriverError::NotFound(policy.name().to_owned()))
    }

    /// As [`get_json`](Self::get_json), but "nothing there" is `Ok(None)`: a 404 or an
    /// empty body (some REST backends answer an unknown id with 200 and no body).
    ///
    /// # Errors
    /// As `get_json`, except for the two absent cases.
    pub async fn get_json_opt<T: DeserializeOwned>(
        &self,
        path: &str,
        policy: CachePolicy,
    ) -> Result<Option<T>, DriverError> {
        let key = policy.key(self.backend, path);
        if let Some(value) = upstream::cache_read(&self.store, self.backend, &key).await {
            return Ok(Some(value));
        }
        let url = format!("{}{path}", self.base);
        let span = upstream::span(self.backend, policy.name(), "GET", &url);
        let bytes = match upstream::observe(self.backend, policy.name(), span, self.fetch(&url, path)).await {
            Err(DriverError::NotFound(_)) => return Ok(None),
            other => other?,
        };
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(None);
        }
        let value = serde_json::from_slice(&bytes).map_err(|e| {
            tracing::warn!(backend = %self.backend, path, error = %e, "undecodable upstream body");
            DriverError::Undecodable(e.to_string())
        })?;
        upstream::cache_write(&self.store, &key, &bytes, policy.ttl()).await;
        Ok(Some(value))
    }

    /// One GET, inside the call's upstream span (its trace context goes along).
    async fn fetch(&self, url: &str, path: &str) -> Result<Vec<u8>, DriverError> {
        let response = self.http.get(url).headers(upstream::trace_headers()).send().await.map_err(|e| {
            tracing::warn!(backend = %self.backend, path, error = %e, "upstream request failed");
            transport_error(&e)
        })?;
        let status = response.status();
        tracing::Span::current().record("http.response.status_code", status.as_u16());
        if status == reqwest::StatusCode::NOT_FOUND {
            return Err(DriverError::NotFound(path.to_owned()));
        }
        if !status.is_success() {
            tracing::warn!(backend = %self.backend, path, status = status.as_u16(), "upstream error status");
            return Err(DriverError::UpstreamStatus(status.as_u16()));
        }
        Ok(response.bytes().await.map_err(|e| transport_error(&e))?.to_vec())
    }
}
