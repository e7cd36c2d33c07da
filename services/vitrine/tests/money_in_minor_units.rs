//! Money inside the services is whole minor units of its currency (`vitrine_domain::money`):
//! no amount (a price, a discount's amount, a unit price, a line total, a subtotal, the
//! shipping, the tax, a total) is a float in the proto messages or the domain. A share in
//! percent or a rating may stay one. `money.rs` itself is where a backend's decimal
//! number comes in and the API's goes out, so its conversions take and give floats.

mod repo;

/// The words an amount's name holds.
const AMOUNTS: [&str; 8] = ["price", "amount", "unit", "total", "subtotal", "shipping", "tax", "paid"];

/// Whether a field or binding named `name` is an amount.
fn is_amount(name: &str) -> bool {
    let name = name.to_lowercase();
    AMOUNTS.iter().any(|word| name.split('_').any(|part| part == *word))
}

/// `(line, name)` of each float field of a proto file that is an amount.
fn proto_floats(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().filter(|w| *w != "optional" && *w != "repeated").collect();
        if let [kind, name, "=", ..] = words.as_slice()
            && matches!(*kind, "double" | "float")
            && is_amount(name)
        {
            found.push((n + 1, (*name).to_owned()));
        }
    }
    found
}

/// `(line, name)` of each `name: f64` or `name: Option<f64>` in Rust source that is an amount.
fn rust_floats(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or_default();
        for (i, _) in code.match_indices(": ") {
            let kind = code[i + 2..].trim_start();
            if !(kind.starts_with("f64") || kind.starts_with("f32") || kind.starts_with("Option<f64>")) {
                continue;
            }
            let name: String =
                code[..i].chars().rev().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
            let name: String = name.chars().rev().collect();
            if is_amount(&name) {
                found.push((n + 1, name));
            }
        }
    }
    found
}

#[test]
fn no_amount_is_a_float_in_the_proto_messages_or_the_domain() {
    let mut found = Vec::new();
    for (relative, path) in repo::files() {
        let text = || std::fs::read_to_string(&path).unwrap_or_default();
        let floats = if relative.starts_with("proto/") && relative.ends_with(".proto") {
            proto_floats(&text())
        } else if relative.starts_with("services/domain/src/")
            && relative != "services/domain/src/money.rs"
            && repo::production(&relative)
        {
            rust_floats(&text())
        } else {
            continue;
        };
        found.extend(floats.into_iter().map(|(n, name)| format!("{relative}:{n}: {name}")));
    }
    println!("amounts held as floats in proto and domain: {}", found.len());
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn what_counts_as_an_amount_held_as_a_float() {
    let proto = "message M {\n  optional double price = 1;\n  double percent = 2;\n  int64 total = 3;\n  \
                 optional double rating_summary = 4;\n  float unit_price = 5;\n}";
    assert_eq!(proto_floats(proto), [(2, "price".to_owned()), (6, "unit_price".to_owned())]);
    let rust = "fn f(subtotal: Option<f64>, percent: f64, roll: f64) -> i64 {}\n\
                struct S { line_total: f64, amount: i64 } // tax: f64";
    assert_eq!(rust_floats(rust), [(1, "subtotal".to_owned()), (2, "line_total".to_owned())]);
}
