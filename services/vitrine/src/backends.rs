//! The backends' part of the command line, built at run time from their descriptors
//! (`vitrine_adapter::BACKENDS`): each backend's settings (flag, `VITRINE_*` variable,
//! help, default; secrets' values never shown) and each adapter's URL
//! (`VITRINE_ADAPTER_<NAME>_URL`), read once into [`Backends`]. A new backend adds no
//! line here.

use std::collections::BTreeMap;

use clap::{Arg, ArgAction, ArgMatches, CommandFactory};
use vitrine_adapter::{BACKENDS, BackendDescriptor, Settings};
use vitrine_domain::{Backend, Driver};

/// The subcommands that run adapters and read every backend setting.
const WITH_SETTINGS: [&str; 2] = ["adapter", "all"];
/// The subcommands that reach adapters by URL.
const WITH_ADAPTER_URLS: [&str; 4] = ["catalogue", "navigation", "url-resolution", "cart"];

/// The whole command line: the derived [`crate::cli::Cli`] plus the backends' arguments.
pub(crate) fn command() -> clap::Command {
    let mut command = crate::cli::Cli::command();
    for name in WITH_SETTINGS {
        command = command.mut_subcommand(name, |s| s.args(setting_args(true)));
    }
    // The standalone edge derives its image paths, and checks its default driver, from
    // the settings it is given; it never needs a secret.
    command = command.mut_subcommand("edge", |s| s.args(setting_args(false)));
    for name in WITH_ADAPTER_URLS {
        command = command.mut_subcommand(name, |s| s.args(BACKENDS.iter().map(|d| adapter_url_arg(d))));
    }
    command
}

fn setting_args(secrets: bool) -> Vec<Arg> {
    BACKENDS
        .iter()
        .flat_map(|d| d.settings)
        .filter(|s| secrets || !s.secret)
        .map(|s| {
            let arg =
                // As clap's derive writes them: the value in capitals, no final period.
                Arg::new(s.flag)
                    .long(s.flag)
                    .value_name(s.flag.to_ascii_uppercase().replace('-', "_"))
                    .env(s.env)
                    .help(s.help.trim_end_matches('.'))
                    .action(ArgAction::Set)
                    .hide_env_values(s.secret);
            match s.default {
                Some(value) => arg.default_value(value),
                None => arg,
            }
        })
        .collect()
}

fn adapter_url_id(d: &BackendDescriptor) -> String {
    format!("adapter-{}-url", d.backend)
}

/// Where `d`'s adapter listens. The default driver's adapter has a default (its port on
/// loopback); any other unset answers "not configured".
fn adapter_url_arg(d: &BackendDescriptor) -> Arg {
    let arg = Arg::new(adapter_url_id(d))
        .long(adapter_url_id(d))
        .value_name("URL")
        .env(format!("VITRINE_ADAPTER_{}_URL", d.env_name()))
        .help(format!("Where the {} adapter listens: one http://host:port or several, comma-separated", d.backend))
        .action(ArgAction::Set);
    if d.backend == Driver::DEFAULT.backend() {
        arg.default_value(format!("http://127.0.0.1:{}", d.default_port))
    } else {
        arg
    }
}

/// What the backends' arguments said.
#[derive(Debug, Default, Clone)]
pub(crate) struct Backends {
    /// Each backend's settings given (blank ones are not given).
    pub(crate) settings: BTreeMap<Backend, Settings>,
    /// Each adapter's URL given, in [`BACKENDS`] order.
    pub(crate) adapter_urls: Vec<(Backend, String)>,
}

impl Backends {
    /// Reads the subcommand's backend arguments (none for the others).
    pub(crate) fn from_matches(matches: &ArgMatches) -> Self {
        let Some((_, m)) = matches.subcommand() else { return Self::default() };
        let value = |id: &str| m.try_get_one::<String>(id).ok().flatten().cloned();
        let settings = BACKENDS
            .iter()
            .map(|d| (d.backend, d.settings.iter().filter_map(|s| value(s.flag).map(|v| (s.flag, v))).collect()))
            .filter(|(_, s): &(Backend, Settings)| !s.is_empty())
            .collect();
        let adapter_urls =
            BACKENDS.iter().filter_map(|d| value(&adapter_url_id(d)).map(|url| (d.backend, url))).collect();
        Self { settings, adapter_urls }
    }

    /// `backend`'s settings (none given: empty).
    pub(crate) fn settings(&self, backend: Backend) -> Settings {
        self.settings.get(&backend).cloned().unwrap_or_default()
    }

    /// Whether `driver` can be offered here: always, or where its backend has
    /// its settings (given, or pointing at the demo shop `vitrine all` serves).
    pub(crate) fn offers(&self, driver: Driver) -> bool {
        driver.always_enabled()
            || vitrine_adapter::descriptor(driver.backend()).is_configured(&self.settings(driver.backend()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Backends {
        Backends::from_matches(&command().try_get_matches_from(args).expect("parses"))
    }

    #[test]
    fn settings_and_urls_come_from_the_descriptors() {
        let b = parse(&[
            "vitrine",
            "adapter",
            "--driver",
            "fake",
            "--fake-store-url",
            "http://store.test",
            "--shopify-endpoint",
            " ",
        ]);
        assert_eq!(b.settings(Backend::Fake).get("fake-store-url"), Some("http://store.test"));
        assert!(b.settings(Backend::Shopify).is_empty(), "blank is unset");
        assert_eq!(b.settings(Backend::Magento).get("magento-store-code"), Some("default"), "defaults apply");
        let b = parse(&["vitrine", "catalogue", "--adapter-magento-url", "http://127.0.0.1:9"]);
        assert_eq!(
            b.adapter_urls,
            [
                (Backend::InMemory, "http://127.0.0.1:50061".to_owned()),
                (Backend::Magento, "http://127.0.0.1:9".to_owned())
            ]
        );
    }

    #[test]
    fn secrets_are_not_edge_arguments_and_their_values_are_hidden() {
        let command = command();
        let edge = command.find_subcommand("edge").expect("edge");
        let adapter = command.find_subcommand("adapter").expect("adapter");
        for s in BACKENDS.iter().flat_map(|d| d.settings) {
            let in_edge = edge.get_arguments().any(|a| a.get_id() == s.flag);
            assert_eq!(in_edge, !s.secret, "{}", s.flag);
            let arg = adapter.get_arguments().find(|a| a.get_id() == s.flag).expect("every setting in adapter");
            assert_eq!(arg.is_hide_env_values_set(), s.secret, "{}", s.flag);
        }
    }

    #[test]
    fn offered_where_configured_or_always() {
        let none = Backends::default();
        for driver in Driver::ALL {
            assert_eq!(none.offers(driver), driver.always_enabled(), "{driver}");
        }
        let mut given = Backends::default();
        for d in BACKENDS {
            let settings = d.settings.iter().map(|s| (s.flag, "http://127.0.0.1:1")).collect();
            given.settings.insert(d.backend, settings);
        }
        assert!(Driver::ALL.into_iter().all(|d| given.offers(d)));
    }
}
