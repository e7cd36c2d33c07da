//! An HTTP/1.1 upstream that misbehaves on purpose, written on plain TCP so that the
//! misbehaviour is exact (issue 11's bounds): it never answers, answers after holding
//! each request, or streams a body that never ends. It records what a test asserts:
//! requests seen, the most in flight at once, each request's headers, bytes sent, and
//! clients hanging up. Stopped on drop.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tokio::task::JoinHandle;

#[derive(Debug, Clone)]
pub enum Behaviour {
    /// Reads each request and never answers; notices when the client hangs up.
    Silent,
    /// Holds each request for `hold`, then answers `status` with `headers` and `body`
    /// (with its length).
    Answer { status: u16, headers: Vec<(String, String)>, body: Vec<u8>, hold: Duration },
    /// 200 with a chunked JSON array that never ends, until the client hangs up.
    Endless,
}

impl Behaviour {
    /// `status` with an empty body, answered after `hold`.
    #[must_use]
    pub const fn status(status: u16, hold: Duration) -> Self {
        Self::Answer { status, headers: Vec::new(), body: Vec::new(), hold }
    }
}

#[derive(Default)]
struct Stats {
    requests: AtomicUsize,
    in_flight: AtomicUsize,
    max_in_flight: AtomicUsize,
    hung_up: AtomicUsize,
    bytes_sent: AtomicU64,
    headers: Mutex<Vec<Vec<(String, String)>>>,
    changed: Notify,
}

pub struct Misbehaving {
    pub url: String,
    stats: Arc<Stats>,
    task: JoinHandle<()>,
}

impl Misbehaving {
    /// # Panics
    /// When no port can be bound.
    pub async fn start(behaviour: Behaviour) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("addr"));
        let stats = Arc::new(Stats::default());
        let task = tokio::spawn({
            let stats = stats.clone();
            async move {
                while let Ok((socket, _)) = listener.accept().await {
                    tokio::spawn(serve(socket, behaviour.clone(), stats.clone()));
                }
            }
        });
        Self { url, stats, task }
    }

    /// Requests received so far.
    #[must_use]
    pub fn requests(&self) -> usize {
        self.stats.requests.load(Ordering::SeqCst)
    }

    /// The most requests that were held at the same time.
    #[must_use]
    pub fn max_in_flight(&self) -> usize {
        self.stats.max_in_flight.load(Ordering::SeqCst)
    }

    /// Connections the client closed while the server was waiting or still sending.
    #[must_use]
    pub fn hung_up(&self) -> usize {
        self.stats.hung_up.load(Ordering::SeqCst)
    }

    /// Body bytes written to clients.
    #[must_use]
    pub fn bytes_sent(&self) -> u64 {
        self.stats.bytes_sent.load(Ordering::SeqCst)
    }

    /// Each request's headers (names lower-cased), in arrival order.
    #[must_use]
    pub fn headers(&self) -> Vec<Vec<(String, String)>> {
        self.stats.headers.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Returns once `ready(self)` holds, woken by the server's own events (no polling),
    /// or `false` after `within`.
    pub async fn wait_until(&self, within: Duration, ready: impl Fn(&Self) -> bool) -> bool {
        tokio::time::timeout(within, async {
            loop {
                let changed = self.stats.changed.notified();
                if ready(self) {
                    return;
                }
                changed.await;
            }
        })
        .await
        .is_ok()
    }
}

impl Drop for Misbehaving {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Stats {
    fn bump(&self, counter: &AtomicUsize) {
        counter.fetch_add(1, Ordering::SeqCst);
        self.changed.notify_waiters();
    }
}

/// Reads one request head (and skips its body); `None` once the client has gone.
async fn read_request(socket: &mut TcpStream) -> Option<Vec<(String, String)>> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if socket.read(&mut byte).await.ok()? == 0 {
            return None;
        }
        head.push(byte[0]);
    }
    let text = String::from_utf8_lossy(&head);
    let headers: Vec<(String, String)> = text
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let length = headers.iter().find(|(k, _)| k == "content-length").and_then(|(_, v)| v.parse().ok()).unwrap_or(0);
    let mut body = vec![0u8; length];
    socket.read_exact(&mut body).await.ok()?;
    Some(headers)
}

async fn serve(mut socket: TcpStream, behaviour: Behaviour, stats: Arc<Stats>) {
    while let Some(headers) = read_request(&mut socket).await {
        stats.headers.lock().unwrap_or_else(PoisonError::into_inner).push(headers);
        stats.bump(&stats.requests);
        match &behaviour {
            Behaviour::Silent => {
                // Anything more from the client, or its hang-up, ends the wait.
                let mut rest = [0u8; 1];
                let _ = socket.read(&mut rest).await;
                stats.bump(&stats.hung_up);
                return;
            }
            Behaviour::Answer { status, headers, body, hold } => {
                let now = stats.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
                stats.max_in_flight.fetch_max(now, Ordering::SeqCst);
                tokio::time::sleep(*hold).await;
                stats.in_flight.fetch_sub(1, Ordering::SeqCst);
                let extra: String = headers.iter().map(|(k, v)| format!("{k}: {v}\r\n")).collect();
                let head = format!("HTTP/1.1 {status} X\r\n{extra}content-length: {}\r\n\r\n", body.len());
                if socket.write_all(head.as_bytes()).await.is_err() || socket.write_all(body).await.is_err() {
                    stats.bump(&stats.hung_up);
                    return;
                }
                stats.bytes_sent.fetch_add(body.len() as u64, Ordering::SeqCst);
                stats.changed.notify_waiters();
            }
            Behaviour::Endless => return endless(socket, &stats).await,
        }
    }
}

/// `[0,0,0,…` in 64 KiB chunks until a write fails.
async fn endless(mut socket: TcpStream, stats: &Stats) {
    let head = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n1\r\n[\r\n";
    let data = "0,".repeat(32 * 1024);
    let chunk = format!("{:x}\r\n{data}\r\n", data.len());
    if socket.write_all(head.as_bytes()).await.is_ok() {
        while socket.write_all(chunk.as_bytes()).await.is_ok() {
            stats.bytes_sent.fetch_add(data.len() as u64, Ordering::SeqCst);
        }
    }
    stats.bump(&stats.hung_up);
}
