//! The client's address, as the limits count it: the peer's, unless the peer is a proxy
//! this deployment trusts ([`TrustedProxies`]), and then the address that proxy (and
//! each trusted one before it) says it was sent by, read from the right of
//! `X-Forwarded-For`. A client that reaches the edge directly is never a trusted peer,
//! so whatever it writes in the header is not read: it cannot choose its own address.
//!
//! Which hops to trust goes with whatever puts a proxy in front of the edge (an ingress
//! overlay, a CDN): the k8s base and compose publish the edge directly and trust none.

use std::net::IpAddr;
use std::str::FromStr;

use actix_web::HttpRequest;
use ipnet::IpNet;

use crate::AppState;

/// The networks whose peers are proxies that append the address they were sent by.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// The setting's list: comma-separated addresses (`10.1.2.3`) or networks
    /// (`10.0.0.0/8`); empty trusts none.
    ///
    /// # Errors
    /// An entry that is neither, named.
    pub fn parse(list: &str) -> Result<Self, String> {
        let nets = list
            .split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                IpNet::from_str(entry)
                    .or_else(|_| IpAddr::from_str(entry).map(IpNet::from))
                    .map_err(|_| format!("'{entry}' is neither an address nor a network (10.0.0.0/8)"))
            })
            .collect::<Result<_, _>>()?;
        Ok(Self(nets))
    }

    fn trusts(&self, address: IpAddr) -> bool {
        // An IPv4 peer on a dual-stack socket arrives as `::ffff:a.b.c.d`.
        let address = match address {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
            IpAddr::V4(_) => address,
        };
        self.0.iter().any(|net| net.contains(&address))
    }

    /// The client's address, from the `peer` and the `forwarded` header's value: each
    /// trusted hop is stepped over, from the peer leftwards, and the first address that is
    /// not one is the client's. An entry that is not an address stops the walk (what a
    /// trusted proxy wrote is an address; anything else came from further left, which is
    /// the client's own word); a list of trusted hops only is its leftmost.
    pub(crate) fn client(&self, peer: Option<IpAddr>, forwarded: Option<&str>) -> String {
        let Some(peer) = peer else { return "unknown".to_owned() };
        let mut client = peer;
        if self.trusts(peer) {
            for entry in forwarded.unwrap_or_default().rsplit(',').map(str::trim).filter(|e| !e.is_empty()) {
                let Ok(hop) = IpAddr::from_str(entry) else { break };
                client = hop;
                if !self.trusts(hop) {
                    break;
                }
            }
        }
        client.to_string()
    }
}

/// The client's address of `req`.
pub(crate) fn of(req: &HttpRequest, state: &AppState) -> String {
    let forwarded = req.headers().get("x-forwarded-for").and_then(|v| v.to_str().ok());
    state.trusted_proxies.client(req.peer_addr().map(|a| a.ip()), forwarded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_is_the_peer_unless_the_peer_is_a_trusted_proxy() {
        let none = TrustedProxies::default();
        let ingress = TrustedProxies::parse("10.0.0.0/8, 192.168.1.7").expect("a list");
        let ip = |s: &str| Some(IpAddr::from_str(s).expect("an address"));
        for (trusted, peer, forwarded, expected) in [
            // Nothing trusted: the header is never read, whoever sends it.
            (&none, ip("10.0.0.9"), Some("1.1.1.1"), "10.0.0.9"),
            (&none, ip("203.0.113.5"), Some("1.1.1.1"), "203.0.113.5"),
            // A client reaching the edge directly cannot choose its address.
            (&ingress, ip("203.0.113.5"), Some("1.1.1.1"), "203.0.113.5"),
            // Behind the trusted proxy: the address it appended.
            (&ingress, ip("10.0.0.9"), Some("1.1.1.1"), "1.1.1.1"),
            (&ingress, ip("192.168.1.7"), Some("1.1.1.1"), "1.1.1.1"),
            (&ingress, ip("::ffff:10.0.0.9"), Some("1.1.1.1"), "1.1.1.1"),
            // What the client wrote before the proxy's entry is its own word.
            (&ingress, ip("10.0.0.9"), Some("6.6.6.6, 1.1.1.1"), "1.1.1.1"),
            // Two trusted hops: stepped over both.
            (&ingress, ip("10.0.0.9"), Some("6.6.6.6, 1.1.1.1, 10.2.3.4"), "1.1.1.1"),
            (&ingress, ip("10.0.0.9"), Some("10.2.3.4, 10.3.3.3"), "10.2.3.4"),
            // No header, an empty one, or a entry that is not an address: the last hop read.
            (&ingress, ip("10.0.0.9"), None, "10.0.0.9"),
            (&ingress, ip("10.0.0.9"), Some(""), "10.0.0.9"),
            (&ingress, ip("10.0.0.9"), Some("1.1.1.1, unknown"), "10.0.0.9"),
            (&ingress, ip("10.0.0.9"), Some("1.1.1.1, 10.2.3.4, x"), "10.0.0.9"),
            (&ingress, ip("10.0.0.9"), Some("evil, 10.2.3.4"), "10.2.3.4"),
            (&ingress, None, Some("1.1.1.1"), "unknown"),
        ] {
            assert_eq!(trusted.client(peer, forwarded), expected, "{forwarded:?} via {peer:?}");
        }
    }

    #[test]
    fn the_setting_is_addresses_and_networks_or_a_clear_error() {
        assert_eq!(TrustedProxies::parse(""), Ok(TrustedProxies::default()));
        assert_eq!(TrustedProxies::parse(" , "), Ok(TrustedProxies::default()));
        assert_eq!(TrustedProxies::parse("10.0.0.0/8,::1").map(|t| t.0.len()), Ok(2));
        assert_eq!(
            TrustedProxies::parse("10.0.0.0/8,ingress"),
            Err("'ingress' is neither an address nor a network (10.0.0.0/8)".to_owned())
        );
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
    }
}
