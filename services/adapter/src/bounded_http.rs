//! The one HTTP client of a backend, REST or GraphQL, with every resource bounded:
//!
//! - at most [`UpstreamLimits::concurrency`] requests in flight to the backend; a caller
//!   waits for a slot at most [`UpstreamLimits::timeout`], then times out;
//! - each answer's body is read as a stream and refused past
//!   [`UpstreamLimits::max_body_bytes`], without downloading the rest;
//! - redirects are not followed: a 3xx is an upstream error, so a credential header (the
//!   Shopify token) never reaches another host, and a backend cannot point the adapter at
//!   an internal address.

use std::sync::Arc;
use std::time::Duration;

use reqwest::header::HeaderMap;
use reqwest::{RequestBuilder, StatusCode};
use tokio::sync::Semaphore;
use vitrine_domain::DriverError;

/// Bounds on the calls to one backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UpstreamLimits {
    /// How long one upstream request may take, and how long a caller waits for a slot.
    pub timeout: Duration,
    /// Requests in flight to the backend at once.
    pub concurrency: usize,
    /// The longest answer body read; longer ones are [`DriverError::TooLarge`].
    pub max_body_bytes: u64,
}

/// The defaults of [`crate::Config`].
impl Default for UpstreamLimits {
    fn default() -> Self {
        crate::Config::new(vitrine_domain::Backend::InMemory).upstream_limits()
    }
}

/// A status line and a body read within the limits.
pub(crate) type Answer = (StatusCode, Vec<u8>);

#[derive(Clone)]
pub(crate) struct BoundedHttp {
    client: reqwest::Client,
    slots: Arc<Semaphore>,
    limits: UpstreamLimits,
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

impl BoundedHttp {
    /// # Errors
    /// An HTTP client that cannot be built (no TLS backend).
    pub(crate) fn new(limits: UpstreamLimits) -> Result<Self, DriverError> {
        // Credentials off. reqwest keeps no cookie store unless asked to.
        let client = reqwest::Client::builder()
            .timeout(limits.timeout)
            .connect_timeout(limits.timeout.min(Duration::from_secs(2)))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| DriverError::BadInput(e.to_string()))?;
        // A limit of 0 would block every call for good; one slot is the least that works.
        let slots = Arc::new(Semaphore::new(limits.concurrency.max(1)));
        Ok(Self { client, slots, limits })
    }

    /// How long a call may take, slot wait included.
    pub(crate) const fn timeout(&self) -> Duration {
        self.limits.timeout
    }

    /// The client that builds requests for [`send`](Self::send).
    pub(crate) const fn client(&self) -> &reqwest::Client {
        &self.client
    }

    /// Sends `request` once a slot is free and reads its body within the cap. Any status
    /// is an answer except a redirect, which is [`DriverError::UpstreamStatus`] unread.
    ///
    /// # Errors
    /// No slot within the timeout ([`DriverError::Timeout`]), transport failures, a
    /// redirect, a body over the cap.
    pub(crate) async fn send(&self, request: RequestBuilder) -> Result<Answer, DriverError> {
        self.send_with_headers(request).await.map(|(status, _, body)| (status, body))
    }

    /// [`Self::send`], with the answer's headers (a session token the backend sets).
    ///
    /// # Errors
    /// As [`Self::send`].
    pub(crate) async fn send_with_headers(
        &self,
        request: RequestBuilder,
    ) -> Result<(StatusCode, HeaderMap, Vec<u8>), DriverError> {
        let _slot = tokio::time::timeout(self.limits.timeout, self.slots.acquire())
            .await
            .map_err(|_| DriverError::Timeout)?
            .map_err(|_| DriverError::Network("client closed".into()))?;
        let mut response = request.send().await.map_err(|e| transport_error(&e))?;
        let status = response.status();
        let headers = std::mem::take(response.headers_mut());
        tracing::Span::current().record("http.response.status_code", status.as_u16());
        if status.is_redirection() {
            tracing::warn!(status = status.as_u16(), "upstream redirect refused (redirects are not followed)");
            return Err(DriverError::UpstreamStatus(status.as_u16()));
        }
        let cap = self.limits.max_body_bytes;
        let too_large = || {
            tracing::warn!(limit = cap, "upstream body over the limit; reading stopped");
            DriverError::TooLarge(cap)
        };
        if response.content_length().is_some_and(|declared| declared > cap) {
            return Err(too_large());
        }
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| transport_error(&e))? {
            if (body.len() + chunk.len()) as u64 > cap {
                // Dropping the response closes the connection: the rest is never read.
                return Err(too_large());
            }
            body.extend_from_slice(&chunk);
        }
        Ok((status, headers, body))
    }
}
