//! The baseline of `scripts/bench-edge`: actix-web with the edge's worker count, one
//! route answering a fixed JSON body the size of a product answer. Nothing else, so the
//! edge's cached path can be reported as a ratio of what the framework itself does here.

use actix_web::{App, HttpResponse, HttpServer, web};

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args().nth(1).unwrap_or_else(|| "127.0.0.1:8099".to_owned());
    let size: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(2048);
    let body = web::Bytes::from(format!("{{\"pad\":\"{}\"}}", "x".repeat(size.saturating_sub(10))));
    HttpServer::new(move || {
        let body = body.clone();
        App::new().default_service(web::to(move || {
            let body = body.clone();
            async move { HttpResponse::Ok().content_type("application/json").body(body) }
        }))
    })
    .workers(2)
    .bind(addr)?
    .run()
    .await
}
