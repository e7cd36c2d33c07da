//! A small local HTTP server with scripted routes, for upstreams that are plain HTTP
//! (image hosts, later REST backends): each route answers a status, a content type and
//! a body. Stopped on drop.

use std::collections::HashMap;
use std::sync::Arc;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use vitrine_common::Shutdown;

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
    shutdown: Shutdown,
}

impl HttpUpstream {
    /// Serves `routes` (path → answer); other paths are 404.
    ///
    /// # Panics
    /// When no port can be bound.
    pub fn start(routes: HashMap<&'static str, Canned>) -> Self {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.set_nonblocking(true).expect("nonblocking");
        let authority = listener.local_addr().expect("addr").to_string();
        let routes = Arc::new(routes);
        let server = HttpServer::new(move || {
            let routes = routes.clone();
            App::new().default_service(web::to(move |req: HttpRequest| {
                let found = routes.get(req.path()).cloned();
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
        let shutdown = Shutdown::new();
        let handle = server.handle();
        let stop = shutdown.clone();
        tokio::spawn(server);
        tokio::spawn(async move {
            stop.cancelled().await;
            handle.stop(false).await;
        });
        Self { url: format!("http://{authority}"), authority, shutdown }
    }
}

impl Drop for HttpUpstream {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}
