//! Client-side balancing over every pod of a target.
//!
//! HTTP/2 keeps one connection open, so a client of a plain Kubernetes Service talks to
//! whichever pod it reached first for as long as that connection lives: more pods add
//! no capacity. Here a target is one or more `http://host:port` addresses
//! (comma-separated: in tests, replicas on one host cannot share a port). Each host is
//! resolved to all its addresses (a headless Service's name resolves to every ready
//! pod) and resolved again while the target is in use ([`REFRESH`], and at once after
//! a failed call), so the client follows pods as they come and go. Each address is its
//! own lazily connecting channel; a call goes to the less busy of two neighbours in
//! turn ([`choose`]), avoiding addresses that just failed.
//!
//! A read ([`Kind::of`]) that fails in transport (the pod went away: connection
//! refused or reset, an answer cut short; tonic reports it as UNAVAILABLE) is sent once
//! more, to another address, within what is left of [`super::CALL_TIMEOUT`]. A write
//! is never sent twice. An UNAVAILABLE *status* is an answer, not a lost pod (our
//! services answer it for a backend that is down): it is passed on, not retried, so an
//! upstream outage never doubles the calls to the upstream.
//!
//! Why not tonic's `Channel::balance_channel` (tower's p2c balancer): tower drops an
//! endpoint whose connection fails and only discovery can bring it back, while
//! inserting a known key again replaces its healthy connection; and "once more, on
//! another pod" needs to know which pod the first attempt took, which a balancer
//! behind one `Service` does not say.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use tonic::body::Body;
use tonic::transport::{Channel, Endpoint};

use super::CALL_TIMEOUT;
use crate::metrics;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// How long a resolution is trusted while calls are made. With a DNS TTL of 5 s (the
/// CoreDNS default), a pod taken out of a headless Service stops getting new calls
/// within some 10 s: the edge's and services' `preStop` wait (15 s) outlasts that.
pub const REFRESH: Duration = Duration::from_secs(5);
/// How long one address lookup may take.
const LOOKUP_TIMEOUT: Duration = Duration::from_secs(2);
/// A failed address is avoided this long after its first failure, doubling with each
/// failure in a row up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
const MAX_BACKOFF: Duration = Duration::from_secs(8);
/// A read's request is kept to be sent again; gRPC's default message limit bounds it.
const MAX_REPLAY_BYTES: usize = 4 * 1024 * 1024;

/// One `host:port` of a target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    host: String,
    port: u16,
}

impl Address {
    /// An IP literal needs no lookup.
    fn ip(&self) -> Option<IpAddr> {
        self.host.trim_start_matches('[').trim_end_matches(']').parse().ok()
    }
}

/// Why a target cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TargetError {
    #[error("a gRPC target names at least one address")]
    Empty,
    #[error("{0:?} is not an http://host:port address")]
    Malformed(String),
}

/// `http://a:1, http://b:2/` → its addresses. Each is `http://host:port`, the host a
/// name, an IPv4 address or a bracketed IPv6 one; a trailing `/` is allowed.
///
/// # Errors
/// When there is no address, or one is not of that form.
pub fn parse_target(text: &str) -> Result<Vec<Address>, TargetError> {
    let addresses = text
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(parse_address)
        .collect::<Result<Vec<_>, _>>()?;
    if addresses.is_empty() { Err(TargetError::Empty) } else { Ok(addresses) }
}

fn parse_address(text: &str) -> Result<Address, TargetError> {
    let malformed = || TargetError::Malformed(text.to_owned());
    let rest = text.strip_prefix("http://").ok_or_else(malformed)?;
    let authority = rest.strip_suffix('/').unwrap_or(rest);
    let (host, port) = authority.rsplit_once(':').ok_or_else(malformed)?;
    let port: u16 = port.parse().map_err(|_| malformed())?;
    let bracketed = host.starts_with('[') && host.ends_with(']');
    let plain = !host.is_empty() && host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
    if port == 0 || !(plain || bracketed && host[1..host.len() - 1].parse::<std::net::Ipv6Addr>().is_ok()) {
        return Err(malformed());
    }
    Ok(Address { host: host.to_owned(), port })
}

/// Whether a call may be sent twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Reads change nothing: sent once more, elsewhere, when the first pod went away.
    Read,
    /// Anything else: sent once.
    Write,
}

impl Kind {
    /// By the method's name (`/vitrine.v1.Catalogue/GetProduct`): reads are named by
    /// what they read. Any other name is a write, so a new RPC is never retried until it
    /// is named as a read (a test lists every RPC of the protos).
    #[must_use]
    pub fn of(path: &str) -> Self {
        const READS: [&str; 5] = ["Get", "List", "Search", "Resolve", "Describe"];
        const NAMED: [&str; 3] = ["BestSellers", "AvailableDrivers", "Check"];
        let rpc = path.rsplit('/').next().unwrap_or_default();
        let read = READS.iter().any(|verb| {
            rpc.strip_prefix(verb).is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_uppercase))
        }) || NAMED.contains(&rpc);
        if read { Self::Read } else { Self::Write }
    }
}

/// How an address stands for the next call, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Standing {
    /// No failure since its last success (or it has not been called yet).
    Healthy,
    /// It failed, and its wait is over: a read may try it again.
    Probing,
    /// It failed within its wait.
    Cooling,
}

/// How long an address that failed `failures` times in a row is avoided.
fn backoff(failures: u32) -> Duration {
    FIRST_BACKOFF.saturating_mul(1 << failures.saturating_sub(1).min(8)).min(MAX_BACKOFF)
}

fn standing(failures: u32, last_failure: Option<Instant>, now: Instant) -> Standing {
    match last_failure {
        None => Standing::Healthy,
        Some(_) if failures == 0 => Standing::Healthy,
        Some(at) if now.duration_since(at) >= backoff(failures) => Standing::Probing,
        Some(_) => Standing::Cooling,
    }
}

/// How much `kind` prefers an address of that standing (lower is better): a read may
/// probe an address whose wait is over; a write goes where calls last succeeded.
const fn rank(standing: Standing, kind: Kind) -> u8 {
    match (standing, kind) {
        (Standing::Healthy, _) | (Standing::Probing, Kind::Read) => 0,
        (Standing::Probing, Kind::Write) | (Standing::Cooling, Kind::Read) => 1,
        (Standing::Cooling, Kind::Write) => 2,
    }
}

/// Which of `members` (standing, calls in flight) takes a `kind` call: among those of the
/// best rank, the less busy of the first two from `turn` on (the power of two choices,
/// taken in turn rather than at random, so equal loads alternate). `except` (the
/// address a first attempt took) is never chosen. `None`: no address is left.
fn choose(members: &[(Standing, usize)], turn: usize, kind: Kind, except: Option<usize>) -> Option<usize> {
    let n = members.len();
    let candidates = (0..n).map(|i| (turn + i) % n).filter(|&i| Some(i) != except);
    let best = candidates.clone().map(|i| rank(members[i].0, kind)).min()?;
    let mut of_best = candidates.filter(|&i| rank(members[i].0, kind) == best);
    let first = of_best.next()?;
    Some(match of_best.next() {
        Some(second) if members[second].1 < members[first].1 => second,
        _ => first,
    })
}

/// One address of a target and its own connection.
#[derive(Debug)]
struct Member {
    addr: SocketAddr,
    channel: Channel,
    in_flight: AtomicUsize,
    /// Failures in a row, and when the last one was.
    health: Mutex<(u32, Option<Instant>)>,
}

impl Member {
    fn new(addr: SocketAddr) -> Result<Self, tonic::transport::Error> {
        let channel = Endpoint::from_shared(format!("http://{addr}"))?
            .connect_timeout(Duration::from_secs(2))
            .timeout(CALL_TIMEOUT)
            .tcp_nodelay(true)
            // A pod that vanished without closing its connections (its node went away)
            // is noticed within seconds rather than at the call's deadline.
            .http2_keep_alive_interval(Duration::from_secs(10))
            .keep_alive_timeout(Duration::from_secs(5))
            .connect_lazy();
        Ok(Self { addr, channel, in_flight: AtomicUsize::new(0), health: Mutex::new((0, None)) })
    }

    fn standing(&self, now: Instant) -> Standing {
        let (failures, at) = *self.health.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        standing(failures, at, now)
    }

    fn record(&self, ok: bool) {
        let mut health = self.health.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        *health = if ok { (0, None) } else { (health.0.saturating_add(1), Some(Instant::now())) };
    }

    /// Sends `request` here, counting it in flight until its answer's head is back.
    async fn send(&self, request: http::Request<Body>) -> Result<http::Response<Body>, BoxError> {
        use tower::ServiceExt;
        let _counted = InFlight::count(&self.in_flight);
        self.channel.clone().oneshot(request).await.map_err(Into::into)
    }

    /// Sends `request` here and reads the whole answer, so that an answer cut short is
    /// a failure of this attempt rather than of the caller's decoding.
    async fn send_whole(&self, request: http::Request<Body>) -> Result<http::Response<Body>, BoxError> {
        let (parts, body) = self.send(request).await?.into_parts();
        let whole = body.collect().await?;
        Ok(http::Response::from_parts(parts, Body::new(whole)))
    }
}

/// One call in flight to a member, until dropped (a caller may give up on its call).
struct InFlight<'a>(&'a AtomicUsize);

impl<'a> InFlight<'a> {
    fn count(calls: &'a AtomicUsize) -> Self {
        calls.fetch_add(1, Ordering::Relaxed);
        Self(calls)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// How a host is resolved: the system's resolver, or a test's.
type Lookup = Arc<
    dyn Fn(String, u16) -> std::pin::Pin<Box<dyn Future<Output = std::io::Result<Vec<SocketAddr>>> + Send>>
        + Send
        + Sync,
>;

fn system_lookup() -> Lookup {
    Arc::new(|host, port| Box::pin(async move { Ok(tokio::net::lookup_host((host, port)).await?.collect()) }))
}

/// The addresses of a target and how they are resolved.
struct Pool {
    target: String,
    lookup: Lookup,
    addresses: Vec<Address>,
    members: RwLock<Arc<[Arc<Member>]>>,
    /// Per address of the target, what it last resolved to; one resolution at a time.
    resolved: tokio::sync::Mutex<Vec<Vec<SocketAddr>>>,
    resolved_at: Mutex<Option<Instant>>,
    refreshing: AtomicBool,
    turn: AtomicUsize,
}

impl Pool {
    fn needs_lookup(&self) -> bool {
        self.addresses.iter().any(|a| a.ip().is_none())
    }

    fn members(&self) -> Arc<[Arc<Member>]> {
        self.members.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    fn stale(&self) -> bool {
        self.resolved_at
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .is_none_or(|at| at.elapsed() >= REFRESH)
    }

    /// Resolves every address again and keeps each member that is still there (its
    /// connection with it); an address whose lookup fails keeps what it resolved to.
    async fn refresh(&self) {
        let mut resolved = self.resolved.lock().await;
        for (address, last) in self.addresses.iter().zip(resolved.iter_mut()) {
            let lookup = (self.lookup)(address.host.clone(), address.port);
            match tokio::time::timeout(LOOKUP_TIMEOUT, lookup).await {
                Ok(Ok(mut found)) => {
                    found.sort_unstable();
                    found.dedup();
                    if !found.is_empty() {
                        *last = found;
                    }
                }
                Ok(Err(e)) => tracing::warn!(target = %self.target, error = %e, "gRPC target lookup failed"),
                Err(_) => tracing::warn!(target = %self.target, "gRPC target lookup timed out"),
            }
        }
        let wanted: Vec<SocketAddr> = resolved.iter().flatten().copied().collect();
        *self.resolved_at.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Instant::now());
        let current = self.members();
        if current.iter().map(|m| m.addr).eq(wanted.iter().copied()) {
            return;
        }
        let mut kept: HashMap<SocketAddr, Arc<Member>> = current.iter().map(|m| (m.addr, m.clone())).collect();
        let members: Vec<Arc<Member>> = wanted
            .iter()
            .filter_map(|addr| match kept.remove(addr) {
                Some(member) => Some(member),
                None => Member::new(*addr).map(Arc::new).ok(),
            })
            .collect();
        tracing::info!(target = %self.target, addresses = ?wanted, "gRPC target resolved");
        *self.members.write().unwrap_or_else(std::sync::PoisonError::into_inner) = members.into();
    }

    /// Resolves again in the background, once at a time, when the target names a host.
    fn refresh_soon(self: &Arc<Self>) {
        if !self.needs_lookup() || self.refreshing.swap(true, Ordering::AcqRel) {
            return;
        }
        let pool = self.clone();
        tokio::spawn(async move {
            pool.refresh().await;
            pool.refreshing.store(false, Ordering::Release);
        });
    }

    /// The members to call: resolved now when there are none yet, else as they are
    /// while a stale resolution is renewed in the background.
    async fn current(self: &Arc<Self>) -> Result<Arc<[Arc<Member>]>, BoxError> {
        let members = self.members();
        if !members.is_empty() {
            if self.stale() {
                self.refresh_soon();
            }
            return Ok(members);
        }
        if self.needs_lookup() {
            self.refresh().await;
        }
        let members = self.members();
        if members.is_empty() {
            Err(unavailable(format!("no address of {} is known", self.target)))
        } else {
            Ok(members)
        }
    }

    fn pick(&self, members: &[Arc<Member>], kind: Kind, except: Option<SocketAddr>) -> Option<Arc<Member>> {
        let now = Instant::now();
        let views: Vec<(Standing, usize)> =
            members.iter().map(|m| (m.standing(now), m.in_flight.load(Ordering::Relaxed))).collect();
        let except = except.and_then(|addr| members.iter().position(|m| m.addr == addr));
        let turn = self.turn.fetch_add(1, Ordering::Relaxed);
        choose(&views, turn, kind, except).map(|i| members[i].clone())
    }

    /// Sends `request` to one member; a read whose first attempt fails in transport, once
    /// more to another (the same when there is no other: a restarted peer comes back at
    /// its address), within the call's deadline.
    async fn send(self: Arc<Self>, request: http::Request<Body>) -> Result<http::Response<Body>, BoxError> {
        let members = self.current().await?;
        let kind = Kind::of(request.uri().path());
        let first = self.pick(&members, kind, None).ok_or_else(|| unavailable("no address to call".to_owned()))?;
        if kind == Kind::Write {
            let result = first.send(request).await;
            self.settle(&first, result.is_ok());
            return result;
        }
        let deadline = Instant::now() + CALL_TIMEOUT;
        let (parts, body) = request.into_parts();
        let body = Limited::new(body, MAX_REPLAY_BYTES).collect().await?.to_bytes();
        let again = |body: &Bytes| rebuild(&parts, body.clone());
        match first.send_whole(again(&body)).await {
            Ok(response) => {
                self.settle(&first, true);
                Ok(response)
            }
            Err(e) => {
                self.settle(&first, false);
                let members = self.current().await?;
                let second = self.pick(&members, kind, Some(first.addr)).unwrap_or(first);
                tracing::info!(target = %self.target, method = parts.uri.path(), error = %e, to = %second.addr, "retrying a read");
                metrics::GRPC_CLIENT_RETRIES.with_label_values(&[parts.uri.path()]).inc();
                let left = deadline.saturating_duration_since(Instant::now());
                let result = match tokio::time::timeout(left, second.send_whole(again(&body))).await {
                    Ok(result) => result,
                    Err(_) => {
                        Err(Box::new(tonic::Status::deadline_exceeded("the call's retry did not answer in time"))
                            as BoxError)
                    }
                };
                self.settle(&second, result.is_ok());
                result
            }
        }
    }

    /// Records how a call to `member` went; a failure also resolves the target again
    /// (the pod may be gone for good).
    fn settle(self: &Arc<Self>, member: &Member, ok: bool) {
        member.record(ok);
        if !ok {
            self.refresh_soon();
        }
    }
}

/// What a call that could not be sent fails with: the status tonic gives a connection
/// that failed, so callers see one code for "no pod to answer".
fn unavailable(message: String) -> BoxError {
    Box::new(tonic::Status::unavailable(message))
}

/// The request of `parts` with `body`, for a second attempt.
fn rebuild(parts: &http::request::Parts, body: Bytes) -> http::Request<Body> {
    let mut request = http::Request::new(Body::new(Full::new(body)));
    *request.method_mut() = parts.method.clone();
    *request.uri_mut() = parts.uri.clone();
    *request.version_mut() = parts.version;
    *request.headers_mut() = parts.headers.clone();
    *request.extensions_mut() = parts.extensions.clone();
    request
}

/// A channel over every address of a target: what every client of another service holds.
#[derive(Clone)]
pub struct Balanced {
    pool: Arc<Pool>,
}

impl Balanced {
    /// A channel to `target` (see [`parse_target`]) that connects on first use, so
    /// services can start in any order. IP addresses are used as given; host names are
    /// resolved on the first call and again while in use.
    ///
    /// # Errors
    /// When `target` is not a list of `http://host:port` addresses.
    pub fn new(target: &str) -> Result<Self, TargetError> {
        Self::resolved_by(target, system_lookup())
    }

    fn resolved_by(target: &str, lookup: Lookup) -> Result<Self, TargetError> {
        let addresses = parse_target(target)?;
        let fixed: Vec<Vec<SocketAddr>> =
            addresses.iter().map(|a| a.ip().map(|ip| vec![SocketAddr::new(ip, a.port)]).unwrap_or_default()).collect();
        let members: Vec<Arc<Member>> = fixed
            .iter()
            .flatten()
            .map(|addr| Member::new(*addr).map(Arc::new).map_err(|_| TargetError::Malformed(addr.to_string())))
            .collect::<Result<_, _>>()?;
        let pool = Pool {
            target: target.to_owned(),
            lookup,
            addresses,
            members: RwLock::new(members.into()),
            resolved: tokio::sync::Mutex::new(fixed),
            resolved_at: Mutex::new(None),
            refreshing: AtomicBool::new(false),
            turn: AtomicUsize::new(0),
        };
        Ok(Self { pool: Arc::new(pool) })
    }

    /// The addresses calls go to now (tests and logs).
    #[must_use]
    pub fn addresses(&self) -> Vec<SocketAddr> {
        self.pool.members().iter().map(|m| m.addr).collect()
    }
}

impl std::fmt::Debug for Balanced {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Balanced").field("target", &self.pool.target).field("addresses", &self.addresses()).finish()
    }
}

impl tower::Service<http::Request<Body>> for Balanced {
    type Response = http::Response<Body>;
    type Error = BoxError;
    type Future = std::pin::Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        // Each member's channel is made ready when the call has chosen it.
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: http::Request<Body>) -> Self::Future {
        Box::pin(self.pool.clone().send(request))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_lists_of_http_host_port() {
        let ok =
            |text: &str| parse_target(text).map(|a| a.iter().map(|a| (a.host.clone(), a.port)).collect::<Vec<_>>());
        let one = |host: &str, port| Ok(vec![(host.to_owned(), port)]);
        assert_eq!(ok("http://catalogue:50051"), one("catalogue", 50051));
        assert_eq!(ok("http://127.0.0.1:7/"), one("127.0.0.1", 7));
        assert_eq!(ok("http://[::1]:7"), one("[::1]", 7));
        assert_eq!(
            ok(" http://a:1 ,http://b.svc.cluster.local:2,"),
            Ok(vec![("a".to_owned(), 1), ("b.svc.cluster.local".to_owned(), 2)])
        );
        assert_eq!(parse_target(""), Err(TargetError::Empty));
        assert_eq!(parse_target(" , "), Err(TargetError::Empty));
        for bad in [
            "catalogue:50051",
            "https://a:1",
            "http://a",
            "http://a:0",
            "http://a:70000",
            "http://:1",
            "http://a b:1",
            "http://[nope]:1",
            "http://a:1/path",
        ] {
            assert_eq!(parse_target(bad), Err(TargetError::Malformed(bad.to_owned())), "{bad:?}");
        }
    }

    #[test]
    fn only_reads_are_named_as_reads() {
        for (path, kind) in [
            ("/vitrine.v1.Catalogue/GetProduct", Kind::Read),
            ("/vitrine.v1.Catalogue/ListProducts", Kind::Read),
            ("/vitrine.v1.Catalogue/Search", Kind::Read),
            ("/vitrine.v1.UrlResolution/Resolve", Kind::Read),
            ("/vitrine.v1.Catalogue/BestSellers", Kind::Read),
            ("/grpc.health.v1.Health/Check", Kind::Read),
            ("/vitrine.v1.Carts/AddToCart", Kind::Write),
            ("/vitrine.v1.Carts/CreateCart", Kind::Write),
            ("/vitrine.v1.Adapter/ClearCache", Kind::Write),
            ("/vitrine.v1.Carts/Getaway", Kind::Write),
            ("/vitrine.v1.Carts/PlaceOrder", Kind::Write),
            ("", Kind::Write),
        ] {
            assert_eq!(Kind::of(path), kind, "{path}");
        }
    }

    /// Every RPC the protos declare, and whether it is retried: a new RPC fails this
    /// test until someone decides.
    #[test]
    fn every_rpc_of_the_protos_is_classified_on_purpose() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../proto/vitrine/v1");
        let mut rpcs: Vec<String> = std::fs::read_dir(dir)
            .expect("the protos")
            .filter_map(Result::ok)
            .flat_map(|f| {
                std::fs::read_to_string(f.path()).unwrap_or_default().lines().map(str::to_owned).collect::<Vec<_>>()
            })
            .filter_map(|l| l.trim().strip_prefix("rpc ").and_then(|r| r.split('(').next()).map(str::to_owned))
            .collect();
        rpcs.sort();
        rpcs.dedup();
        let writes = [
            "AddToCart",
            "ClearCache",
            "CreateCart",
            "RemoveCartLine",
            "UpdateCartLine",
            // Checkout's writes; placing an order above all is never sent twice.
            "SetCheckoutAddress",
            "SetShippingOption",
            "PlaceOrder",
        ];
        for rpc in &rpcs {
            let expected = if writes.contains(&rpc.as_str()) { Kind::Write } else { Kind::Read };
            assert_eq!(Kind::of(&format!("/vitrine.v1.X/{rpc}")), expected, "{rpc}");
        }
        assert!(rpcs.len() >= 15, "the protos were read: {rpcs:?}");
    }

    #[test]
    fn a_failed_address_waits_longer_with_each_failure_in_a_row() {
        let now = Instant::now();
        let ago = |ms| now.checked_sub(Duration::from_millis(ms)).expect("in the past");
        for (failures, last, expected) in [
            (0, None, Standing::Healthy),
            (1, Some(ago(0)), Standing::Cooling),
            (1, Some(ago(249)), Standing::Cooling),
            (1, Some(ago(250)), Standing::Probing),
            (3, Some(ago(999)), Standing::Cooling),
            (3, Some(ago(1000)), Standing::Probing),
            (40, Some(ago(7999)), Standing::Cooling),
            (40, Some(ago(8000)), Standing::Probing),
        ] {
            assert_eq!(standing(failures, last, now), expected, "{failures} failures, {last:?}");
        }
    }

    #[test]
    fn calls_go_to_the_less_busy_of_two_in_turn_and_avoid_what_failed() {
        use Standing::{Cooling as C, Healthy as H, Probing as P};
        for (members, turn, kind, except, expected) in [
            // Equal loads alternate with the turn.
            (vec![(H, 0), (H, 0)], 0, Kind::Read, None, Some(0)),
            (vec![(H, 0), (H, 0)], 1, Kind::Read, None, Some(1)),
            // The less busy of the two.
            (vec![(H, 3), (H, 1), (H, 0)], 0, Kind::Read, None, Some(1)),
            (vec![(H, 3), (H, 1), (H, 0)], 1, Kind::Read, None, Some(2)),
            // A cooling address is skipped while another is there.
            (vec![(C, 0), (H, 9)], 0, Kind::Read, None, Some(1)),
            (vec![(C, 0), (H, 9)], 0, Kind::Write, None, Some(1)),
            // A read may probe an address whose wait is over; a write prefers a healthy one.
            (vec![(P, 0), (H, 9)], 0, Kind::Read, None, Some(0)),
            (vec![(P, 0), (H, 9)], 0, Kind::Write, None, Some(1)),
            (vec![(P, 0), (C, 0)], 1, Kind::Write, None, Some(0)),
            // When every address failed, one is still tried.
            (vec![(C, 2), (C, 1)], 0, Kind::Read, None, Some(1)),
            // A retry never goes back to the first attempt's address.
            (vec![(H, 0), (H, 5)], 0, Kind::Read, Some(0), Some(1)),
            (vec![(C, 0), (H, 5)], 0, Kind::Read, Some(1), Some(0)),
            (vec![(H, 0)], 0, Kind::Read, Some(0), None),
            (vec![], 0, Kind::Read, None, None),
        ] {
            assert_eq!(
                choose(&members, turn, kind, except),
                expected,
                "{members:?} turn {turn} {kind:?} except {except:?}"
            );
        }
    }

    /// A health server on a free loopback port, and what stops it.
    async fn health_server() -> (SocketAddr, crate::Shutdown, tokio::task::JoinHandle<anyhow::Result<()>>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let shutdown = crate::Shutdown::new();
        let router = crate::grpc::server().add_service(crate::grpc::health_service("pods").await);
        (addr, shutdown.clone(), tokio::spawn(crate::grpc::serve(router, listener, shutdown)))
    }

    async fn serving(channel: &Balanced) -> bool {
        use tonic_health::pb::health_client::HealthClient;
        let request = tonic_health::pb::HealthCheckRequest { service: "pods".to_owned() };
        HealthClient::new(channel.clone()).check(request).await.is_ok_and(|r| r.get_ref().status == 1)
    }

    /// A name's pods come and go (a scale-up, a pod replaced): each resolution is followed,
    /// a pod still there keeps its connection, and a failed lookup keeps what was known.
    #[tokio::test]
    async fn the_members_follow_what_the_name_resolves_to() {
        let (a, stop_a, served_a) = health_server().await;
        let (b, _stop_b, _served_b) = health_server().await;
        let answer: Arc<Mutex<Option<Vec<SocketAddr>>>> = Arc::new(Mutex::new(Some(vec![a])));
        let lookup: Lookup = {
            let answer = answer.clone();
            Arc::new(move |host, _port| {
                let found = answer.lock().expect("answer").clone();
                Box::pin(async move {
                    assert_eq!(host, "pods");
                    found.ok_or_else(|| std::io::Error::other("no such host"))
                })
            })
        };
        let channel = Balanced::resolved_by("http://pods:50051", lookup).expect("target");
        assert_eq!(channel.addresses(), [], "a name is resolved on first use");
        assert!(serving(&channel).await, "the first call resolved the name");
        assert_eq!(channel.addresses(), [a]);
        let first = channel.pool.members()[0].clone();

        *answer.lock().expect("answer") = Some(vec![a, b]);
        channel.pool.refresh().await;
        let mut both = vec![a, b];
        both.sort_unstable();
        assert_eq!(channel.addresses(), both, "a new pod joins");
        let kept = channel.pool.members().iter().find(|m| m.addr == a).cloned().expect("a");
        assert!(Arc::ptr_eq(&first, &kept), "a pod still there keeps its member and connection");

        stop_a.cancel();
        served_a.await.expect("stopped").expect("served");
        *answer.lock().expect("answer") = Some(vec![b]);
        channel.pool.refresh().await;
        assert_eq!(channel.addresses(), [b], "a pod gone from the name is dropped");
        assert!(serving(&channel).await, "calls go to the pod that is left");

        *answer.lock().expect("answer") = None;
        channel.pool.refresh().await;
        assert_eq!(channel.addresses(), [b], "a failed lookup keeps what was known");
        assert!(serving(&channel).await);
    }
}
