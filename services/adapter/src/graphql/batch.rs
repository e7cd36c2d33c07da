//! Batching (interval 10 ms, at most 10 per batch). A single task collects
//! operations for up to one interval after the first arrives and sends them as one JSON
//! array; the answers are matched back by position. A server that refuses arrays is
//! remembered, and from then on every operation travels alone.
//!
//! A request whose callers have all gone (their futures dropped) is abandoned: the
//! connection closes and its concurrency slot is free again.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use vitrine_domain::DriverError;

use super::wire::{self, Request, Response};
use crate::bounded_http::BoundedHttp;

pub(super) struct Pending {
    pub(super) request: Request,
    pub(super) reply: Reply,
    /// The upstream span of the caller; its trace context travels with the request
    /// (a batch carries its first operation's).
    pub(super) trace: tracing::Span,
}

type Reply = oneshot::Sender<Result<Value, DriverError>>;

pub(super) struct Transport {
    pub(super) http: BoundedHttp,
    pub(super) endpoint: String,
    pub(super) headers: HeaderMap,
    /// Set once the server refused an array; never cleared (a restart re-probes).
    pub(super) arrays_refused: AtomicBool,
}

/// Statuses with which a server says "not an array", as opposed to being down.
fn refuses_arrays(status: StatusCode) -> bool {
    matches!(status.as_u16(), 400 | 404 | 405 | 413 | 415 | 422)
}

impl Transport {
    pub(super) async fn post(
        &self,
        body: &impl serde::Serialize,
        trace: &tracing::Span,
    ) -> Result<(StatusCode, Vec<u8>), DriverError> {
        self.post_with(body, trace, HeaderMap::new()).await.map(|(status, _, bytes)| (status, bytes))
    }

    /// [`Self::post`] with `extra` headers (a session's), answering the answer's headers too.
    pub(super) async fn post_with(
        &self,
        body: &impl serde::Serialize,
        trace: &tracing::Span,
        extra: HeaderMap,
    ) -> Result<(StatusCode, HeaderMap, Vec<u8>), DriverError> {
        let mut headers = self.headers.clone();
        headers.extend(extra);
        headers.extend(trace.in_scope(crate::upstream::trace_headers));
        let request = self.http.client().post(&self.endpoint).headers(headers).json(body);
        self.http
            .send_with_headers(request)
            .await
            .inspect_err(|e| tracing::warn!("{}", wire::network_error_line(&e.to_string())))
    }

    /// One operation in one request.
    pub(super) async fn send_one(&self, request: &Request, trace: &tracing::Span) -> Result<Value, DriverError> {
        let (status, bytes) = self.post(request, trace).await?;
        let parsed: Option<Response> = serde_json::from_slice(&bytes).ok();
        match parsed {
            // GraphQL servers answer validation errors with 400 and an errors list.
            Some(r) if status.is_success() || !r.errors.is_empty() => wire::into_data(request.operation_name, r),
            _ if !status.is_success() => {
                tracing::warn!("{}", wire::network_error_line(&format!("Received status code {}", status.as_u16())));
                Err(DriverError::UpstreamStatus(status.as_u16()))
            }
            _ => Err(DriverError::Undecodable(format!("{}: not a GraphQL response", request.operation_name))),
        }
    }

    async fn send_each(self: Arc<Self>, batch: Vec<Pending>) {
        let sends = batch.into_iter().map(|Pending { request, mut reply, trace }| {
            let this = self.clone();
            async move {
                tokio::select! {
                    result = this.send_one(&request, &trace) => { let _ = reply.send(result); }
                    () = reply.closed() => {}
                }
            }
        });
        futures_util::future::join_all(sends).await;
    }

    /// Sends `batch` as one array (or one by one, see the module doc).
    pub(super) async fn send_batch(self: Arc<Self>, mut batch: Vec<Pending>) {
        if batch.len() == 1 || self.arrays_refused.load(Ordering::Relaxed) {
            return self.send_each(batch).await;
        }
        // Owned copies (small: names, static documents, variables), so the replies can
        // be watched while the request is out.
        let requests: Vec<Request> = batch.iter().map(|p| p.request.clone()).collect();
        let trace = batch[0].trace.clone();
        let answer = tokio::select! {
            answer = self.post(&requests, &trace) => answer,
            () = all_gone(&mut batch) => return,
        };
        let (status, bytes) = match answer {
            Ok(answer) => answer,
            Err(e) => {
                for p in batch {
                    let _ = p.reply.send(Err(e.clone()));
                }
                return;
            }
        };
        let answers: Option<Vec<Response>> =
            if status.is_success() { serde_json::from_slice(&bytes).ok() } else { None };
        match answers {
            Some(answers) if answers.len() == batch.len() => {
                for (p, answer) in batch.into_iter().zip(answers) {
                    let _ = p.reply.send(wire::into_data(p.request.operation_name, answer));
                }
            }
            _ if status.is_success() || refuses_arrays(status) => {
                tracing::warn!(
                    status = status.as_u16(),
                    "the server refused a batched request; sending operations one by one from now on"
                );
                self.arrays_refused.store(true, Ordering::Relaxed);
                self.send_each(batch).await;
            }
            _ => {
                tracing::warn!("{}", wire::network_error_line(&format!("Received status code {}", status.as_u16())));
                for p in batch {
                    let _ = p.reply.send(Err(DriverError::UpstreamStatus(status.as_u16())));
                }
            }
        }
    }
}

/// Resolves once every caller in `batch` has gone.
async fn all_gone(batch: &mut [Pending]) {
    futures_util::future::join_all(batch.iter_mut().map(|p| p.reply.closed())).await;
}

/// Starts the collecting task; it ends when every sender is gone.
pub(super) fn spawn(transport: Arc<Transport>, interval: Duration, max: usize) -> mpsc::Sender<Pending> {
    let (tx, mut rx) = mpsc::channel::<Pending>(1024);
    tokio::spawn(async move {
        while let Some(first) = rx.recv().await {
            let mut batch = vec![first];
            let window = tokio::time::sleep(interval);
            tokio::pin!(window);
            while batch.len() < max {
                tokio::select! {
                    () = &mut window => break,
                    next = rx.recv() => match next {
                        Some(p) => batch.push(p),
                        None => break,
                    },
                }
            }
            tokio::spawn(transport.clone().send_batch(batch));
        }
    });
    tx
}
