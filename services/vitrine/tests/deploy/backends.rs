//! Each backend's deployment entries, from its descriptor (`vitrine_adapter::BACKENDS`):
//! compose and k8s stay written out, and this lists what a descriptor lacks there.

use std::collections::BTreeSet;

use serde_yaml_ng::Value;
use vitrine_adapter::BackendDescriptor;

use super::network_policy::Arrow;

/// The domain services that call every adapter.
const CALLERS: [&str; 3] = ["catalogue", "navigation", "url-resolution"];

/// What `d` lacks: its compose service (`adapter-<value>` running `adapter --driver
/// <value>`), its k8s Deployment and Service, its NetworkPolicy arrows (the domain services
/// to it on its port, it to Redis), and its README row (its value and every setting's
/// variable). Empty when it has them all.
pub(crate) fn missing(
    d: &BackendDescriptor,
    compose: &Value,
    k8s: &[(String, Value)],
    arrows: &BTreeSet<Arrow>,
    readme: &str,
) -> Vec<String> {
    let value = d.backend.as_str();
    let app = format!("adapter-{value}");
    let mut missing = Vec::new();
    let service = &compose["services"][app.as_str()];
    let command: Vec<&str> = service["command"].as_sequence().into_iter().flatten().filter_map(Value::as_str).collect();
    if command != ["adapter", "--driver", value] {
        missing.push(format!("compose service {app} running `adapter --driver {value}`"));
    }
    for kind in ["Deployment", "Service"] {
        if !k8s.iter().any(|(_, doc)| doc["kind"] == kind && doc["metadata"]["name"].as_str() == Some(app.as_str())) {
            missing.push(format!("k8s {kind} {app}"));
        }
    }
    let port = u64::from(d.default_port);
    let needed = CALLERS.iter().map(|caller| ((*caller).to_owned(), app.clone(), port)).chain(std::iter::once((
        app.clone(),
        "redis".to_owned(),
        6379,
    )));
    for arrow in needed {
        if !arrows.contains(&arrow) {
            missing.push(format!("NetworkPolicy arrow {} → {}:{}", arrow.0, arrow.1, arrow.2));
        }
    }
    let row = readme.lines().find(|l| l.starts_with(&format!("| `{value}`")));
    match row {
        None => missing.push(format!("README row | `{value}` |")),
        Some(row) => {
            for s in d.settings.iter().filter(|s| !row.contains(s.env)) {
                missing.push(format!("{} in README's `{value}` row", s.env));
            }
        }
    }
    missing
}
