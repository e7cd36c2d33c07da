//! Liveness (the process answers) and readiness (every service answers). The store is
//! reported but does not decide readiness: with Redis down the edge serves
//! the default driver without shared caches, and if readiness followed Redis, one Redis
//! outage would take every edge out of its Service at once.

use std::time::Duration;

use actix_web::{HttpResponse, web};
use serde_json::json;

use crate::AppState;

const CHECK_TIMEOUT: Duration = Duration::from_secs(2);

pub(crate) async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

pub(crate) async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    let mut checks = serde_json::Map::new();
    let store_ok = matches!(tokio::time::timeout(CHECK_TIMEOUT, state.store.ping()).await, Ok(Ok(())));
    checks.insert("store".into(), json!(store_ok));
    let mut ready = true;
    for (service, channel) in &state.channels {
        let ok = vitrine_common::grpc::is_serving(channel.clone(), service, CHECK_TIMEOUT).await;
        checks.insert((*service).to_owned(), json!(ok));
        ready &= ok;
    }
    let body = json!({ "ready": ready, "checks": checks });
    if ready { HttpResponse::Ok().json(body) } else { HttpResponse::ServiceUnavailable().json(body) }
}

pub(crate) async fn metrics(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain; version=0.0.4").body(state.metrics.render())
}
