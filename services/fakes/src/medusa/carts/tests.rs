//! The carts' rules, on a small catalogue.

use super::*;

fn products() -> Vec<Value> {
    let variant = |id: &str, have: u64, managed: bool, backorder: bool| {
        json!({ "id": id, "title": id, "manage_inventory": managed, "allow_backorder": backorder,
                "inventory_quantity": have, "price": { "calculated_amount": 45, "original_amount": 60 },
                "options": [{ "id": format!("val_{id}"), "value": id, "option_id": "opt_size" }] })
    };
    vec![json!({
        "id": "prod_1", "title": "Hoodie", "handle": "hoodie",
        "options": [{ "id": "opt_size", "title": "Size" }],
        "variants": [variant("S", 3, true, false), variant("L", 0, true, false),
                     variant("Cap", 0, false, false), variant("Pre", 0, true, true)]
    })]
}

fn region() -> Value {
    json!({ "id": "reg_1", "currency_code": "eur" })
}

fn quantities(cart: &Value) -> Vec<(String, u64)> {
    let items = cart["items"].as_array().cloned().unwrap_or_default();
    items
        .iter()
        .map(|i| (i["variant_id"].as_str().unwrap_or_default().to_owned(), i["quantity"].as_u64().unwrap_or(0)))
        .collect()
}

#[test]
fn lines_merge_are_priced_and_totalled() {
    let (carts, products) = (Carts::default(), products());
    let id = carts.create(&region())["id"].as_str().expect("an id").to_owned();
    carts.add(&id, "S", 1.0, &products).expect("add");
    let cart = carts.add(&id, "S", 2.0, &products).expect("merge");
    assert_eq!(quantities(&cart), [("S".to_owned(), 3)], "one line");
    let line = &cart["items"][0];
    assert_eq!(
        (&line["unit_price"], &line["compare_at_unit_price"], &line["subtotal"]),
        (&json!(45.0), &json!(60.0), &json!(135.0))
    );
    assert_eq!((&line["title"], &line["subtitle"]), (&json!("Hoodie"), &json!("S")), "the product's, the variant's");
    assert!(line["variant"].get("price").is_none(), "the fixture's price is not the variant's");
    assert_eq!(
        (&cart["item_subtotal"], &cart["shipping_total"], &cart["currency_code"]),
        (&json!(135.0), &json!(0), &json!("eur"))
    );
    let line_id = line["id"].as_str().expect("line id").to_owned();
    assert_eq!(quantities(&carts.update(&id, &line_id, 2.0, &products).expect("update")), [("S".to_owned(), 2)]);
    assert!(quantities(&carts.update(&id, &line_id, 0.0, &products).expect("zero removes")).is_empty());
    carts.add(&id, "Cap", 5.0, &products).expect("not managed");
    let cart = carts.add(&id, "Pre", 5.0, &products).expect("back-ordered");
    let other = cart["items"][0]["id"].as_str().expect("id").to_owned();
    assert_eq!(carts.remove(&id, "cali_unknown").expect("unchanged").to_string(), cart.to_string());
    assert_eq!(quantities(&carts.remove(&id, &other).expect("remove")), [("Pre".to_owned(), 5)]);
    let second = carts.create(&region())["id"].as_str().expect("an id").to_owned();
    assert_ne!(second, id);
}

#[test]
fn refusals_are_medusas() {
    let (carts, products) = (Carts::default(), products());
    let id = carts.create(&region())["id"].as_str().expect("an id").to_owned();
    let line =
        carts.add(&id, "S", 3.0, &products).expect("all three")["items"][0]["id"].as_str().expect("id").to_owned();
    let refused = |r: Result<Value, Refusal>| r.map(|_| ()).map_err(|e| (e.status, e.kind, e.code));
    let stock = Err((400, "not_allowed", Some("insufficient_inventory")));
    assert_eq!(refused(carts.add(&id, "S", 1.0, &products)), stock, "a fourth is more than in stock");
    assert_eq!(refused(carts.add(&id, "L", 1.0, &products)), stock, "sold out");
    assert_eq!(refused(carts.update(&id, &line, 4.0, &products)), stock);
    assert_eq!(refused(carts.add(&id, "nope", 1.0, &products)), Err((400, "invalid_data", None)));
    assert_eq!(refused(carts.add(&id, "S", 0.0, &products)), Err((400, "invalid_data", None)));
    assert_eq!(refused(carts.add(&id, "S", 1.5, &products)), Err((400, "invalid_data", None)));
    assert_eq!(refused(carts.update(&id, "cali_nope", 1.0, &products)), Err((404, "not_found", None)));
    assert_eq!(refused(carts.update(&id, &line, -1.0, &products)), Err((400, "invalid_data", None)));
    for unknown in
        [carts.get("cart_nope"), carts.add("cart_nope", "S", 1.0, &products), carts.remove("cart_nope", &line)]
    {
        assert_eq!(refused(unknown), Err((404, "not_found", None)));
    }
    carts.forget();
    assert_eq!(refused(carts.get(&id)), Err((404, "not_found", None)), "forgotten");
}

#[test]
fn the_shop_keeps_so_many_carts_of_so_many_lines() {
    let carts = Carts::default();
    let first = carts.create(&region())["id"].as_str().expect("an id").to_owned();
    for _ in 1..MAX_CARTS {
        let _ = carts.create(&region());
    }
    assert!(carts.get(&first).is_ok(), "{MAX_CARTS} are kept");
    let _ = carts.create(&region());
    assert!(carts.get(&first).is_err(), "the oldest goes first");
    assert_eq!(carts.book().carts.len(), MAX_CARTS);

    let many: Vec<Value> = (0..=MAX_LINES)
        .map(|i| {
            json!({ "id": format!("p{i}"), "variants": [{ "id": format!("v{i}"), "manage_inventory": false,
                                                                "price": { "calculated_amount": 1 } }] })
        })
        .collect();
    let id = carts.create(&region())["id"].as_str().expect("an id").to_owned();
    for i in 0..MAX_LINES {
        carts.add(&id, &format!("v{i}"), 1.0, &many).expect("within the bound");
    }
    let past = carts.add(&id, &format!("v{MAX_LINES}"), 1.0, &many).map(|_| ()).map_err(|e| e.status);
    assert_eq!(past, Err(400));
    assert!(carts.add(&id, "v0", 1.0, &many).is_ok(), "merging needs no new line");
}
