//! Driver-switch events (switching notifies consumers so products, navigation
//! and route resolution reload). A switch is published on the store; every edge relays
//! the store's channel into a local broadcast; each SSE stream forwards its session's.
//! A switch clears no cache (the switching visitor's reads carry the switch
//! time instead), so relaying is all an edge does with an event.

use std::convert::Infallible;
use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, web};
use bytes::Bytes;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, mpsc};
use tokio_stream::wrappers::ReceiverStream;
use vitrine_common::{SharedStore, Shutdown};

use crate::error::ApiError;
use crate::{AppState, client_address, session};
use vitrine_domain::Driver;

pub(crate) const CHANNEL: &str = "vitrine:driver-switched";

/// The store's message: the driver travels as its value and is parsed once, on receipt.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct SwitchEvent {
    pub(crate) session: String,
    pub(crate) driver: String,
    /// When the session switched (the session's own stamp; 0 from edges that predate it).
    #[serde(default)]
    pub(crate) switched_at_ms: u64,
    /// The publishing edge's id (empty from edges that predate it).
    #[serde(default)]
    pub(crate) origin: String,
}

/// A switch as relayed to this edge's streams: parsed, so no stream parses it again.
#[derive(Debug, Clone)]
pub(crate) struct Switch {
    session: String,
    driver: Driver,
    switched_at_ms: u64,
}

impl Switch {
    /// `None` for a message that is not a switch event naming a known driver.
    fn parse(raw: &str) -> Option<Self> {
        let event = serde_json::from_str::<SwitchEvent>(raw).ok()?;
        Some(Self {
            driver: Driver::parse(&event.driver)?,
            session: event.session,
            switched_at_ms: event.switched_at_ms,
        })
    }
}

/// What each edge publishes on the channel every [`HEARTBEAT`]: proof the subscription
/// still works. A subscription that hears nothing, not even heartbeats, for three of them
/// is on a half-open connection (Redis gone silent) and is replaced.
const HEARTBEAT_MESSAGE: &str = "heartbeat";
const HEARTBEAT: Duration = Duration::from_secs(10);

/// Subscribes to the store's switch channel (before returning, so no switch published
/// after start-up is missed) and keeps relaying, resubscribing when the store drops the
/// subscription or it goes silent, once a second while the store is down.
pub(crate) async fn relay(store: SharedStore, shutdown: Shutdown) -> broadcast::Sender<Switch> {
    let (tx, _) = broadcast::channel(1024);
    let first = store.subscribe(CHANNEL).await;
    let sender = tx.clone();
    let beats = store.clone();
    let beat_shutdown = shutdown.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(HEARTBEAT);
        loop {
            tokio::select! {
                () = beat_shutdown.cancelled() => return,
                _ = every.tick() => { let _ = beats.publish(CHANNEL, HEARTBEAT_MESSAGE).await; }
            }
        }
    });
    tokio::spawn(async move {
        let mut next = first;
        loop {
            match next {
                Ok(mut stream) => loop {
                    tokio::select! {
                        () = shutdown.cancelled() => return,
                        () = tokio::time::sleep(3 * HEARTBEAT) => {
                            tracing::warn!("driver event subscription went silent; resubscribing");
                            break;
                        }
                        msg = stream.next() => match msg {
                            Some(m) if m == HEARTBEAT_MESSAGE => {}
                            Some(m) => match Switch::parse(&m) {
                                Some(switch) => {
                                    let _ = sender.send(switch);
                                }
                                None => tracing::warn!(raw = m.as_str(), "ignored a malformed driver switch event"),
                            },
                            None => break,
                        },
                    }
                },
                Err(e) => tracing::warn!(error = %e, "driver event subscription failed"),
            }
            tokio::select! {
                () = shutdown.cancelled() => return,
                () = tokio::time::sleep(Duration::from_secs(1)) => {}
            }
            next = store.subscribe(CHANNEL).await;
        }
    });
    tx
}

/// One `driver` event: the driver and when the session chose it, so a tab can tell a
/// connection's first frame (the choice when the stream connected) from a newer one.
fn frame(driver: Driver, switched_at_ms: u64) -> Bytes {
    let data = serde_json::json!({ "driver": driver.as_str(), "switched_at_ms": switched_at_ms });
    Bytes::from(format!("event: driver\ndata: {data}\n\n"))
}

/// GET /api/driver/events: `driver` events for this session, starting with the current one.
#[utoipa::path(get, path = "/api/driver/events", tag = "driver",
    responses((status = 200, content_type = "text/event-stream", body = String,
        description = "Server-sent events `driver` with data `{\"driver\": value, \"switched_at_ms\": ms}`: the current choice, then each switch"),
        (status = 429, description = "The session has as many streams open as it may (code too_many_requests)",
            body = crate::dto::ErrorBody),
        (status = 503, description = "The edge has as many streams open as it may (code unavailable)",
            body = crate::dto::ErrorBody)))]
pub(crate) async fn events(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    // The stream never issues a session (only a switch does). Without a cookie
    // it follows nothing (the switching tab tells this browser's other tabs itself), and
    // counts against its client address's share instead.
    let session = session::id(&req, &state);
    let owner = session.clone().unwrap_or_else(|| client_address::of(&req, &state));
    let slot = state.streams.take(&owner)?;
    // Subscribed first: a switch landing while the current driver is read is then sent
    // after it, not lost between the two.
    let mut switches = state.events.subscribe();
    let current = session::choice(&req, &state).await;
    let shutdown = state.shutdown.clone();
    let keep_alive = state.sse_keep_alive;
    let (tx, rx) = mpsc::channel::<Bytes>(16);
    tokio::spawn(async move {
        // Held for the stream's life: its slot comes back however the task ends.
        let _slot = slot;
        if tx.send(frame(current.driver, current.switched_at_ms)).await.is_err() {
            return;
        }
        let mut ping = tokio::time::interval(keep_alive);
        ping.tick().await;
        loop {
            let out = tokio::select! {
                () = shutdown.cancelled() => return,
                () = tx.closed() => return,
                _ = ping.tick() => Bytes::from_static(b": keep-alive\n\n"),
                msg = switches.recv() => match msg {
                    Ok(switch) if session.as_deref() == Some(switch.session.as_str()) => {
                        frame(switch.driver, switch.switched_at_ms)
                    }
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => return,
                },
            };
            if tx.send(out).await.is_err() {
                return;
            }
        }
    });
    let mut res = HttpResponse::Ok();
    res.content_type("text/event-stream")
        // Never compressed (`crate::compress` leaves event streams alone): compression
        // would buffer events.
        .insert_header((actix_web::http::header::CACHE_CONTROL, crate::headers::cache_control::EVENT_STREAM));
    Ok(res.streaming(ReceiverStream::new(rx).map(Ok::<_, Infallible>)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switch_events_are_parsed_once_and_bad_ones_dropped() {
        let switch = Switch::parse(r#"{"session":"s1","driver":"mageos","switched_at_ms":42}"#).expect("a switch");
        assert_eq!((switch.session.as_str(), switch.driver, switch.switched_at_ms), ("s1", Driver::MageOs, 42));
        let older = Switch::parse(r#"{"session":"s1","driver":"fake"}"#).expect("from an older edge");
        assert_eq!(older.switched_at_ms, 0);
        for raw in [r#"{"session":"s1","driver":"woocommerce"}"#, r#"{"session":"s1"}"#, "not json"] {
            assert!(Switch::parse(raw).is_none(), "{raw}");
        }
    }
}
