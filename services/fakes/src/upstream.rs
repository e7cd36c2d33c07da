//! A small local HTTP server with canned routes, for upstreams that are plain HTTP (the
//! fake store, image hosts in tests): each route answers a status, a content type and a
//! body. Stopped on drop, or with [`HttpUpstream::stop`].

use std::collections::HashMap;
use std::sync::Arc;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};

use crate::serving::Serving;

#[derive(Clone)]
pub struct Canned {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

pub struct HttpUpstream {
    pub url: String,
    /// `host:port`, as allow-lists want it.
    pub authority: String,
    serving: Serving,
}

impl HttpUpstream {
    /// Serves `routes` (path → answer); other paths are 404.
    ///
    /// # Panics
    /// When no port can be bound.
    pub fn start(routes: HashMap<&'static str, Canned>) -> Self {
        let routes: HashMap<String, Canned> = routes.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        Self::start_with(move |_| routes, None)
    }

    /// Serves the routes `make_routes` builds from the server's own URL (for bodies that
    /// link back to it); other paths get `fallback`, or 404.
    ///
    /// # Panics
    /// When no port can be bound.
    pub fn start_with(make_routes: impl FnOnce(&str) -> HashMap<String, Canned>, fallback: Option<Canned>) -> Self {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.set_nonblocking(true).expect("nonblocking");
        let authority = listener.local_addr().expect("addr").to_string();
        let routes = Arc::new(make_routes(&format!("http://{authority}")));
        let fallback = Arc::new(fallback);
        let server = HttpServer::new(move || {
            let routes = routes.clone();
            let fallback = fallback.clone();
            App::new().default_service(web::to(move |req: HttpRequest| {
                let found = routes.get(req.path()).cloned().or_else(|| (*fallback).clone());
                async move {
                    match found {
                        Some(c) => {
                            HttpResponse::build(actix_web::http::StatusCode::from_u16(c.status).unwrap_or_default())
                                .content_type(c.content_type)
                                .body(c.body)
                        }
                        None => HttpResponse::NotFound().finish(),
                    }
                }
            }))
        })
        .workers(1)
        .disable_signals()
        .listen(listener)
        .expect("listen")
        .run();
        Self { url: format!("http://{authority}"), authority, serving: Serving::spawn(server) }
    }

    /// Stops the server and returns once it has stopped.
    pub async fn stop(self) {
        self.serving.stop().await;
    }
}
