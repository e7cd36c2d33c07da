//! A small reader of Kubernetes NetworkPolicies, enough to list which pod may open a
//! connection to which pod and port in one namespace: a connection is allowed when an
//! egress rule of a policy selecting the source lets it out and an ingress rule of a
//! policy selecting the destination lets it in (a pod no policy selects for a direction
//! is open in that direction, as in Kubernetes). Pods are known by their `app` label.

use std::collections::BTreeSet;

use serde_yaml_ng::Value;

/// `(from app, to app, port)`.
pub(crate) type Arrow = (String, String, u64);

/// Whether `selector` (a label selector: `matchLabels`, `matchExpressions` with `In`)
/// selects a pod labelled `app: <app>`. An empty selector selects every pod.
pub(crate) fn selects(selector: &Value, app: &str) -> bool {
    let labels_match = selector["matchLabels"]
        .as_mapping()
        .into_iter()
        .flatten()
        .all(|(k, v)| k.as_str() == Some("app") && v.as_str() == Some(app));
    let expressions_match = selector["matchExpressions"].as_sequence().into_iter().flatten().all(|e| {
        assert_eq!(e["operator"].as_str(), Some("In"), "only In is read here: {e:?}");
        e["key"].as_str() == Some("app")
            && e["values"].as_sequence().into_iter().flatten().any(|v| v.as_str() == Some(app))
    });
    labels_match && expressions_match
}

/// Whether a rule's `ports` (absent: every port) include `port`.
fn port_allowed(rule: &Value, port: u64) -> bool {
    rule["ports"].as_sequence().is_none_or(|ports| ports.iter().any(|p| p["port"].as_u64() == Some(port)))
}

/// Whether a rule's peers (`from` / `to`; absent: everyone) include the pod `app` of this
/// namespace. A peer with a `namespaceSelector` or an `ipBlock` names something else.
fn peer_allowed(peers: &Value, app: &str) -> bool {
    peers.as_sequence().is_none_or(|peers| {
        peers.iter().any(|p| {
            p.get("namespaceSelector").is_none() && p.get("ipBlock").is_none() && selects(&p["podSelector"], app)
        })
    })
}

fn has_type(policy: &Value, kind: &str) -> bool {
    policy["spec"]["policyTypes"].as_sequence().into_iter().flatten().any(|t| t.as_str() == Some(kind))
}

/// Whether the policies let `app` open (`Egress`) or accept (`Ingress`) a connection
/// with the pod `peer` on `port`.
pub(crate) fn allowed(policies: &[&Value], kind: &str, app: &str, peer: &str, port: u64) -> bool {
    let (rules, peers) = if kind == "Egress" { ("egress", "to") } else { ("ingress", "from") };
    let mut selected =
        policies.iter().filter(|p| has_type(p, kind) && selects(&p["spec"]["podSelector"], app)).peekable();
    selected.peek().is_none()
        || selected.any(|p| {
            p["spec"][rules]
                .as_sequence()
                .into_iter()
                .flatten()
                .any(|r| port_allowed(r, port) && peer_allowed(&r[peers], peer))
        })
}

/// Every allowed connection between `pods` (`app`, its container ports).
pub(crate) fn arrows(policies: &[&Value], pods: &[(String, Vec<u64>)]) -> BTreeSet<Arrow> {
    let mut out = BTreeSet::new();
    for (from, _) in pods {
        for (to, ports) in pods {
            for &port in ports {
                if from != to
                    && allowed(policies, "Egress", from, to, port)
                    && allowed(policies, "Ingress", to, from, port)
                {
                    out.insert((from.clone(), to.clone(), port));
                }
            }
        }
    }
    out
}

/// The pods whose egress reaches addresses outside the cluster, on `port`: a rule whose
/// peers are IP blocks. Each such block must leave out the private, link-local (cloud
/// metadata) and loopback ranges, so that "outside" cannot name a pod or the node.
pub(crate) fn outside_egress(policies: &[&Value], pods: &[(String, Vec<u64>)], port: u64) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for policy in policies.iter().filter(|p| has_type(p, "Egress")) {
        for rule in policy["spec"]["egress"].as_sequence().into_iter().flatten().filter(|r| port_allowed(r, port)) {
            let blocks: Vec<&Value> =
                rule["to"].as_sequence().into_iter().flatten().filter_map(|p| p.get("ipBlock")).collect();
            if blocks.is_empty() {
                continue;
            }
            for block in &blocks {
                let except: Vec<&str> =
                    block["except"].as_sequence().into_iter().flatten().filter_map(Value::as_str).collect();
                let needed: &[&str] = if block["cidr"].as_str().is_some_and(|c| c.contains(':')) {
                    &["fc00::/7", "fe80::/10", "::1/128"]
                } else {
                    &["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "127.0.0.0/8"]
                };
                for range in needed {
                    assert!(
                        except.contains(range),
                        "{:?}: an outside block leaves {range} in",
                        policy["metadata"]["name"]
                    );
                }
            }
            out.extend(
                pods.iter().filter(|(app, _)| selects(&policy["spec"]["podSelector"], app)).map(|(a, _)| a.clone()),
            );
        }
    }
    out
}

/// The pods anyone may connect to on `port` (an ingress rule without `from`).
pub(crate) fn open_to_anyone(policies: &[&Value], pods: &[(String, Vec<u64>)], port: u64) -> BTreeSet<String> {
    let open = |policy: &&&Value| {
        policy["spec"]["ingress"]
            .as_sequence()
            .into_iter()
            .flatten()
            .any(|r| r.get("from").is_none() && port_allowed(r, port))
    };
    policies
        .iter()
        .filter(|p| has_type(p, "Ingress"))
        .filter(open)
        .flat_map(|p| pods.iter().filter(|(app, _)| selects(&p["spec"]["podSelector"], app)).map(|(a, _)| a.clone()))
        .collect()
}
