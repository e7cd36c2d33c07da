//! The baseline of `scripts/bench-edge`: actix-web with the edge's worker count
//! (`VITRINE_HTTP_WORKERS`, 2 unless set, as the edge reads it), one route answering
//! fixed bytes. Nothing else, so the edge's cached path can be reported
//! as a ratio of what the framework itself does here.
//!
//! `bare-actix ADDR SIZE` answers a JSON body of SIZE bytes; `bare-actix ADDR FILE
//! [NAME:VALUE …]` answers FILE's bytes with those headers (the very bytes and headers
//! the edge answered, compressed ones included: the bench compares like with like).

use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::{App, HttpResponse, HttpServer, web};

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let addr = args.next().unwrap_or_else(|| "127.0.0.1:8099".to_owned());
    let what = args.next().unwrap_or_else(|| "2048".to_owned());
    let body = match what.parse::<usize>() {
        Ok(size) => web::Bytes::from(format!("{{\"pad\":\"{}\"}}", "x".repeat(size.saturating_sub(10)))),
        Err(_) => web::Bytes::from(std::fs::read(&what)?),
    };
    let mut headers: Vec<(HeaderName, HeaderValue)> = Vec::new();
    for pair in args {
        let Some((name, value)) = pair.split_once(':') else { continue };
        if let (Ok(name), Ok(value)) = (HeaderName::try_from(name.trim()), HeaderValue::try_from(value.trim())) {
            headers.push((name, value));
        }
    }
    if headers.is_empty() {
        headers.push((HeaderName::from_static("content-type"), HeaderValue::from_static("application/json")));
    }
    let workers = std::env::var("VITRINE_HTTP_WORKERS").ok().and_then(|w| w.parse().ok()).unwrap_or(2);
    HttpServer::new(move || {
        let (body, headers) = (body.clone(), headers.clone());
        App::new().default_service(web::to(move || {
            let (body, headers) = (body.clone(), headers.clone());
            async move {
                let mut res = HttpResponse::Ok();
                for header in headers {
                    res.insert_header(header);
                }
                res.body(body)
            }
        }))
    })
    .workers(workers)
    .bind(addr)?
    .run()
    .await
}
