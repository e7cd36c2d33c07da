use vitrine_domain::Backend;

use super::*;
use crate::BACKENDS;

#[test]
fn every_backend_has_one_descriptor_in_order() {
    let listed: Vec<Backend> = BACKENDS.iter().map(|d| d.backend).collect();
    assert_eq!(listed, Backend::ALL, "BACKENDS follows Backend::ALL (the debug bar's order)");
}

#[test]
fn flags_envs_and_ports_are_unique() {
    let settings: Vec<&Setting> = BACKENDS.iter().flat_map(|d| d.settings).collect();
    for (i, s) in settings.iter().enumerate() {
        assert!(s.env.starts_with("VITRINE_"), "{}", s.env);
        assert!(settings[i + 1..].iter().all(|o| o.flag != s.flag && o.env != s.env), "{} twice", s.flag);
        assert_eq!(setting(s.flag), Some(*s));
    }
    let mut ports: Vec<u16> = BACKENDS.iter().map(|d| d.default_port).collect();
    ports.dedup();
    assert_eq!(ports.len(), BACKENDS.len());
}

#[test]
fn adapter_url_names_are_the_values_in_capitals() {
    let names: Vec<String> = BACKENDS.iter().map(|d| d.env_name()).collect();
    assert_eq!(names, ["IN_MEMORY", "FAKE", "MAGENTO", "SHOPIFY", "MEDUSA", "VENDURE"]);
}

#[test]
fn configured_means_every_required_setting() {
    for d in BACKENDS {
        let none = Settings::new();
        assert!(!d.is_configured(&none) || d.settings.iter().all(|s| !s.required), "{}", d.backend);
        assert!(d.is_unset(&none));
        let all: Settings = d.settings.iter().map(|s| (s.flag, "http://127.0.0.1:1/")).collect();
        assert!(d.is_configured(&all), "{}", d.backend);
        assert!(!d.is_unset(&all) || d.settings.iter().all(|s| !s.required), "{}", d.backend);
    }
}

#[test]
fn secrets_are_never_printed() {
    let secret = BACKENDS.iter().flat_map(|d| d.settings).find(|s| s.secret).expect("a secret setting");
    let public = BACKENDS.iter().flat_map(|d| d.settings).find(|s| !s.secret).expect("a public setting");
    let settings =
        Settings::new().with(secret.flag, "the-secret-value").with(public.flag, "the-public-value").with("", "x");
    let shown = format!("{settings:?}");
    assert!(!shown.contains("the-secret-value"), "{shown}");
    assert!(shown.contains("the-public-value"), "{shown}");
    assert_eq!(Settings::new().with(public.flag, "  "), Settings::new(), "blank is unset");
}

/// Where each configured backend's products point their images (the paths the adapters'
/// transforms pass on), from its settings alone.
#[test]
fn each_backend_allows_the_path_its_products_carry() {
    let roots = |backend: Backend, settings: &[(&str, &str)]| -> Vec<String> {
        let settings: Settings = settings.iter().copied().collect();
        (descriptor(backend).image_roots)(&settings)
    };
    for (backend, settings, expected) in [
        (Backend::InMemory, vec![(crate::in_memory::MOCK_DATA_URL, "http://127.0.0.1:7000")], vec![]),
        (
            Backend::Fake,
            vec![(crate::fake_store::backend::URL, "http://127.0.0.1:7001")],
            vec!["http://127.0.0.1:7001/img/"],
        ),
        (
            Backend::Magento,
            vec![(crate::magento::backend::BASE_URL, "https://shop.test/")],
            vec!["https://shop.test/media/catalog/product/"],
        ),
        (
            Backend::Magento,
            vec![
                (crate::magento::backend::BASE_URL, "https://shop.test/"),
                (crate::magento::backend::MEDIA_URL, "https://media.example/m/"),
            ],
            vec!["https://media.example/m/catalog/product/"],
        ),
        (
            Backend::Shopify,
            vec![(crate::shopify::backend::ENDPOINT, "http://127.0.0.1:7003/api/2024-04/graphql.json")],
            vec!["https://cdn.shopify.com/s/files/", "http://127.0.0.1:7003/s/files/"],
        ),
        (
            Backend::Medusa,
            vec![(crate::medusa::backend::URL, "http://127.0.0.1:7004/")],
            vec!["http://127.0.0.1:7004/static/"],
        ),
    ] {
        assert_eq!(roots(backend, &settings), expected, "{backend}");
    }
    for d in BACKENDS {
        assert!((d.image_roots)(&Settings::new()).is_empty(), "{}: nothing without settings", d.backend);
    }
}
