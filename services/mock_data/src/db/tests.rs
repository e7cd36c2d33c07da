use serde_json::json;

use super::*;

fn db() -> Db {
    Db::new(vec![
        ("airlines".into(), vec![json!({"id": 1, "name": "Aurora Air"}), json!({"id": 2, "name": "Blue Meridian"})]),
        ("products".into(), vec![json!({"id": "1001", "name": "Soap"})]),
    ])
}

fn cfg() -> RuntimeConfig {
    RuntimeConfig::default()
}

#[test]
fn get_lists_filters_case_insensitively_and_finds_items() {
    let db = db();
    let all = db.get("airlines", None, &[], &cfg()).map(|r| r.body);
    assert_eq!(all, Ok(Some(json!([{"id": 1, "name": "Aurora Air"}, {"id": 2, "name": "Blue Meridian"}]))));
    let q = [("name".to_owned(), "BLUE".to_owned())];
    let found = db.get("airlines", None, &q, &cfg()).map(|r| r.body);
    assert_eq!(found, Ok(Some(json!([{"id": 2, "name": "Blue Meridian"}]))));
    let sensitive = RuntimeConfig { case_sensitive_search: true, ..cfg() };
    assert_eq!(db.get("airlines", None, &q, &sensitive).map(|r| r.body), Ok(Some(json!([]))));
    assert_eq!(db.get("airlines", Some("2"), &[], &cfg()).map(|r| r.status), Ok(200));
}

#[test]
fn errors_follow_spec_section_8() {
    let mut db = db();
    let c = cfg();
    let s = String::from;
    for (result, expected) in [
        (db.clone().get("nope", None, &[], &c), MockError::CollectionNotFound(s("nope"))),
        (
            db.clone().get("airlines", Some("9"), &[], &c),
            MockError::ItemNotFound { collection: s("airlines"), id: s("9") },
        ),
        (db.clone().put("airlines", None, json!({"name": "x"}), &c), MockError::MissingId(s("airlines"))),
        (db.clone().delete("airlines", None, &c), MockError::MissingId(s("airlines"))),
        (db.clone().put("airlines", Some("1"), json!({"id": 2}), &c), MockError::IdMismatch(s("airlines"))),
        (db.clone().post("airlines", Some("1"), json!({"id": 2}), &c), MockError::IdMismatch(s("airlines"))),
        (db.clone().post("products", None, json!({"name": "x"}), &c), MockError::NonNumericId(s("products"))),
        (
            db.clone().post("airlines", None, json!({"id": 1}), &RuntimeConfig { post409: true, ..cfg() }),
            MockError::Exists { collection: s("airlines"), id: s("1") },
        ),
        (db.post("airlines", None, json!([1]), &c), MockError::BadBody),
    ] {
        assert_eq!(result, Err(expected));
    }
}

#[test]
fn post_generates_numeric_ids_and_updates_with_204() {
    let mut db = db();
    let created = db.post("airlines", None, json!({"name": "New"}), &cfg());
    assert_eq!(
        created,
        Ok(Reply { status: 201, body: Some(json!({"id": 3, "name": "New"})), location: Some("airlines/3".into()) })
    );
    assert_eq!(db.post("airlines", None, json!({"id": 3, "name": "Renamed"}), &cfg()), Ok(Reply::no_content()));
    let got = db.get("airlines", Some("3"), &[], &cfg()).map(|r| r.body);
    assert_eq!(got, Ok(Some(json!({"id": 3, "name": "Renamed"}))));
}

#[test]
fn put_updates_with_204_and_creates_missing() {
    let mut db = db();
    assert_eq!(db.put("airlines", Some("1"), json!({"id": 1, "name": "X"}), &cfg()), Ok(Reply::no_content()));
    assert_eq!(db.put("airlines", None, json!({"id": 7}), &cfg()).map(|r| r.status), Ok(201));
    let strict = RuntimeConfig { put404: true, ..cfg() };
    assert!(matches!(db.put("airlines", None, json!({"id": 8}), &strict), Err(MockError::PutNotFound { .. })));
}

#[test]
fn delete_of_missing_item_is_not_a_404_by_default() {
    let mut db = db();
    assert_eq!(db.delete("airlines", Some("1"), &cfg()), Ok(Reply::no_content()));
    assert_eq!(db.delete("airlines", Some("1"), &cfg()), Ok(Reply::no_content()));
    let strict = RuntimeConfig { delete404: true, ..cfg() };
    assert!(matches!(db.delete("airlines", Some("1"), &strict), Err(MockError::ItemNotFound { .. })));
}

#[test]
fn an_item_is_found_by_id_then_by_url_and_the_index_follows_changes() {
    let mut db = Db::new(vec![(
        "products".into(),
        vec![
            json!({"id": "1", "url": "/soap"}),
            json!({"id": "2", "url": "/soap"}),
            json!({"id": "3", "url": "/1"}),
            json!({"id": "4"}),
        ],
    )]);
    let found = |db: &Db, key: &str| db.by_id_or_url("products", key).ok().map(|p| p["id"].clone());
    // An id wins over a url, and the first of two items with one url is the one found,
    // as a scan finds them.
    for (key, expected) in [("soap", Some("1")), ("1", Some("1")), ("4", Some("4")), ("wax", None), ("", None)] {
        assert_eq!(found(&db, key), expected.map(|id| json!(id)), "{key}");
    }
    assert_eq!(db.put("products", Some("1"), json!({"id": "1", "url": "/wax"}), &cfg()), Ok(Reply::no_content()));
    assert_eq!(found(&db, "wax"), Some(json!("1")));
    assert_eq!(found(&db, "soap"), Some(json!("2")));
    assert_eq!(db.delete("products", Some("2"), &cfg()), Ok(Reply::no_content()));
    assert_eq!(found(&db, "soap"), None);
    assert_eq!(
        db.by_ids("products", ["3", "2", "9", "1"]).map(|ps| ps.iter().map(|p| p["id"].clone()).collect()),
        Ok(vec![json!("3"), json!("1")])
    );
}
