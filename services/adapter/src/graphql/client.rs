//! The GraphQL client: a store-backed cache of answers (a stale one answers and is
//! fetched again in the background), then coalescing (identical
//! operations in flight share one upstream request), then the batcher, over the
//! backend's bounded HTTP client (no redirects: the token stays with its host).

use std::sync::Arc;
use std::time::Duration;

use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use vitrine_common::SharedStore;
use vitrine_domain::cache::{CachePolicy, Lifetime};
use vitrine_domain::{Backend, DriverError};

use super::Operation;
use super::batch::{self, Pending, Transport};
use super::wire::{Request, Response};
use crate::bounded_http::{BoundedHttp, UpstreamLimits};
use crate::coalesce::{Coalescer, Joined};
use crate::upstream;

/// Batching interval 10 ms, at most 10 per batch.
pub const BATCH_INTERVAL: Duration = Duration::from_millis(10);
pub const BATCH_MAX: usize = 10;

#[derive(Clone)]
pub struct GraphQlConfig {
    /// The full endpoint URL the operations are POSTed to.
    pub endpoint: String,
    /// Extra headers (the store code, an access token). Never logged.
    pub headers: Vec<(String, String)>,
    /// The backend's timeout, concurrency and body size bounds.
    pub limits: UpstreamLimits,
}

/// Header values (tokens) are redacted.
impl std::fmt::Debug for GraphQlConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.headers.iter().map(|(n, _)| n.as_str()).collect();
        f.debug_struct("GraphQlConfig")
            .field("endpoint", &self.endpoint)
            .field("headers", &names)
            .field("limits", &self.limits)
            .finish()
    }
}

#[derive(Clone)]
pub struct GraphQlClient {
    backend: Backend,
    store: SharedStore,
    batcher: mpsc::Sender<Pending>,
    /// The write path's own way out: no batcher, one request per call.
    transport: Arc<Transport>,
    /// For the spans: where the operations go.
    endpoint: String,
    in_flight: Arc<Coalescer<Result<Value, DriverError>>>,
    refreshes: upstream::Refreshes,
}

/// How long an answer is kept: the policy's lifetime, or [`Lifetime::ABSENT`] when every
/// root field is null (the backend found nothing: `route`, `product`, `collection`,
/// `page`), so a newly created page shows within seconds while a flood of unknown urls
/// still reaches the backend once per window.
fn lifetime(data: &Value, policy: CachePolicy) -> Lifetime {
    let found_nothing =
        data.as_object().is_some_and(|fields| !fields.is_empty() && fields.values().all(Value::is_null));
    if found_nothing { Lifetime::ABSENT } else { policy.lifetime() }
}

impl GraphQlClient {
    /// Must be called inside a tokio runtime (it starts the batching task).
    ///
    /// # Errors
    /// A header that is not valid HTTP, or an HTTP client that cannot be built.
    pub fn new(backend: Backend, config: &GraphQlConfig, store: SharedStore) -> Result<Self, DriverError> {
        let mut headers = HeaderMap::new();
        for (name, value) in &config.headers {
            let name = HeaderName::from_bytes(name.as_bytes()).map_err(|e| DriverError::BadInput(e.to_string()))?;
            let mut value =
                HeaderValue::from_str(value).map_err(|_| DriverError::BadInput(format!("header {name}")))?;
            value.set_sensitive(true);
            headers.insert(name, value);
        }
        let http = BoundedHttp::new(config.limits)?;
        let transport =
            Arc::new(Transport { http, endpoint: config.endpoint.clone(), headers, arrays_refused: false.into() });
        let batcher = batch::spawn(transport.clone(), BATCH_INTERVAL, BATCH_MAX);
        Ok(Self {
            backend,
            store,
            batcher,
            transport,
            endpoint: config.endpoint.clone(),
            in_flight: Arc::default(),
            refreshes: upstream::Refreshes::default(),
        })
    }

    /// One call of `operation` to this backend, as timings and injected faults see it.
    fn call<'a>(&self, operation: &'a str) -> upstream::Call<'a> {
        upstream::Call { backend: self.backend, operation, timeout: self.transport.http.timeout() }
    }

    /// Runs `operation` with `variables` and returns its `data`. Answers are cached in
    /// the store under `policy`; failures are not.
    ///
    /// # Errors
    /// Transport, status, GraphQL and decoding failures as their `DriverError` cases.
    pub async fn execute(
        &self,
        operation: Operation,
        variables: Value,
        policy: CachePolicy,
    ) -> Result<Value, DriverError> {
        let cache_key = policy.key(self.backend, &format!("{}:{variables}", operation.name));
        if let Some(cached) = upstream::cache_read(&self.store, self.backend, operation.name, &cache_key).await {
            if cached.stale {
                let client = self.clone();
                self.refreshes.spawn(&cache_key.clone(), async move {
                    // A failure is logged where it happens; the stale answer stays.
                    let _ = client.load(operation, variables, policy, cache_key).await;
                });
            }
            return Ok(cached.value);
        }
        let call = self.call(operation.name);
        upstream::injected(call, self.load(operation, variables, policy, cache_key).await).await
    }

    /// One operation of the write path (a cart mutation, or a cart's read): no
    /// cache, no coalescing, no batching with another visitor's call. The answer comes
    /// back whole, errors included, for the driver to read: their messages can name a
    /// cart, so nothing of them is logged here (the span records the outcome).
    ///
    /// # Errors
    /// Transport and status failures, and an answer that is not GraphQL.
    pub async fn mutate(&self, operation: Operation, variables: Value) -> Result<Response, DriverError> {
        self.write(operation, variables, HeaderMap::new()).await.map(|(response, _)| response)
    }

    /// [`Self::mutate`] in a session the backend keeps by a token (a cart kept as the session's order):
    /// `session`, when there is one, travels as `authorization: Bearer …`, and the value
    /// of the answer's `token_header`, when the backend set it, comes back: a new
    /// session's token, or an empty one where the token sent was unknown. The token is
    /// a secret: marked sensitive, never logged.
    ///
    /// # Errors
    /// As [`Self::mutate`], and a session token that is not a header value.
    pub async fn mutate_in_session(
        &self,
        operation: Operation,
        variables: Value,
        session: Option<&str>,
        token_header: &HeaderName,
    ) -> Result<(Response, Option<String>), DriverError> {
        let mut extra = HeaderMap::new();
        if let Some(token) = session {
            let mut bearer = HeaderValue::from_str(&format!("Bearer {token}"))
                .map_err(|_| DriverError::BadInput("not a session token".into()))?;
            bearer.set_sensitive(true);
            extra.insert(reqwest::header::AUTHORIZATION, bearer);
        }
        let (response, headers) = self.write(operation, variables, extra).await?;
        let token = headers.get(token_header).and_then(|v| v.to_str().ok()).map(str::to_owned);
        Ok((response, token))
    }

    /// One request of the write path with `extra` headers: the answer and its headers.
    async fn write(
        &self,
        operation: Operation,
        variables: Value,
        extra: HeaderMap,
    ) -> Result<(Response, HeaderMap), DriverError> {
        let span = upstream::span(self.backend, operation.name, "POST", &self.endpoint);
        let transport = self.transport.clone();
        let call = async move {
            let request = Request { operation_name: operation.name, query: operation.document, variables };
            let (status, headers, bytes) = transport.post_with(&request, &tracing::Span::current(), extra).await?;
            match serde_json::from_slice::<Response>(&bytes) {
                Ok(r) if status.is_success() || !r.errors.is_empty() => Ok((r, headers)),
                _ if !status.is_success() => Err(DriverError::UpstreamStatus(status.as_u16())),
                _ => Err(DriverError::Undecodable(format!("{}: not a GraphQL response", operation.name))),
            }
        };
        let observed = self.call(operation.name);
        upstream::observe_uncached(observed, span, call).await
    }

    /// Sends the operation (one request for identical operations in flight) and stores
    /// its answer under `cache_key`.
    async fn load(
        &self,
        operation: Operation,
        variables: Value,
        policy: CachePolicy,
        cache_key: String,
    ) -> Result<Value, DriverError> {
        // Every caller gets its own span; identical calls in flight share one request,
        // which carries the trace context of the caller that started it.
        let span = upstream::span(self.backend, operation.name, "POST", &self.endpoint);
        let start = || span.in_scope(|| self.dispatch(operation, variables));
        let call = self.call(operation.name);
        let Joined { value: result, leader, .. } =
            self.in_flight.run_observed(call, span.clone(), cache_key.clone(), start).await;
        if leader
            && let Ok(value) = &result
            && let Ok(bytes) = serde_json::to_vec(value)
        {
            upstream::cache_write(&self.store, &cache_key, &bytes, lifetime(value, policy)).await;
        }
        result
    }

    /// Queues the operation for the batcher, remembering the current (upstream) span so
    /// the HTTP request can carry its trace context.
    fn dispatch(&self, operation: Operation, variables: Value) -> BoxFuture<'static, Result<Value, DriverError>> {
        let batcher = self.batcher.clone();
        let trace = tracing::Span::current();
        async move {
            let (reply, answer) = oneshot::channel();
            let request = Request { operation_name: operation.name, query: operation.document, variables };
            batcher
                .send(Pending { request, reply, trace })
                .await
                .map_err(|_| DriverError::Network("client stopped".into()))?;
            answer.await.map_err(|_| DriverError::Network("request dropped".into()))?
        }
        .boxed()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn answers_that_found_nothing_are_kept_briefly() {
        let policy = CachePolicy::Route;
        for (data, expected) in [
            (json!({"route": null}), Lifetime::ABSENT),
            (json!({"product": null, "menu": null}), Lifetime::ABSENT),
            (json!({"route": {"type": "PRODUCT"}}), policy.lifetime()),
            (json!({"route": null, "menu": {"items": []}}), policy.lifetime()),
            (json!({}), policy.lifetime()),
            (json!([]), policy.lifetime()),
        ] {
            assert_eq!(lifetime(&data, policy), expected, "{data}");
        }
    }
}
