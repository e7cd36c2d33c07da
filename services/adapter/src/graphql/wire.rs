//! GraphQL over HTTP: the JSON shapes and the pure rules for reading answers.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use vitrine_domain::DriverError;

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Request {
    pub operation_name: &'static str,
    pub query: &'static str,
    pub variables: Value,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct ErrorLocation {
    pub line: u64,
    pub column: u64,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct GraphQlError {
    #[serde(default)]
    pub message: String,
    #[serde(default)]
    pub locations: Vec<ErrorLocation>,
    #[serde(default)]
    pub path: Vec<Value>,
    /// Where a server says what kind of error it is (Magento's `category`,
    /// `graphql-no-such-entity` for a cart it does not know).
    #[serde(default)]
    pub extensions: Option<Value>,
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct Response {
    #[serde(default)]
    pub data: Option<Value>,
    #[serde(default)]
    pub errors: Vec<GraphQlError>,
}

impl Response {
    /// The `extensions.code` of each error that has one (Shopify's `THROTTLED`, Vendure's
    /// `USER_INPUT_ERROR`): what a driver tells errors apart by, and logs, never the message.
    #[must_use]
    pub fn error_codes(&self) -> Vec<String> {
        self.errors.iter().filter_map(|e| e.extensions.as_ref()?.get("code")?.as_str().map(str::to_owned)).collect()
    }
}

/// The log line of one GraphQL error ('[GraphQL error]').
#[must_use]
pub fn graphql_error_line(e: &GraphQlError) -> String {
    let locations: Vec<String> = e.locations.iter().map(|l| format!("{}:{}", l.line, l.column)).collect();
    let path: Vec<String> = e.path.iter().map(|p| p.as_str().map_or_else(|| p.to_string(), str::to_owned)).collect();
    format!(
        "[GraphQL error]: Message: {}, Location: [{}], Path: {}",
        scrub(&e.message),
        locations.join(", "),
        path.join(".")
    )
}

/// What replaces a part of a backend's message that may repeat what was sent.
const SCRUBBED: &str = "<scrubbed>";

/// `message` with what may repeat the request left out: Magento words a
/// refusal with the value it refused (`Invalid value of "…" provided for the email
/// field.`), and a value sent may be a shopper's email or address. Every quoted part
/// goes (straight or curly, single or double quotes), and every word with an `@` or a
/// digit (an email, a street number, a postal code, a telephone): what stays is the
/// message's wording, which is what a developer reads a log for.
#[must_use]
pub fn scrub(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut closing: Option<char> = None;
    for c in message.chars() {
        match closing {
            Some(end) if c == end => {
                closing = None;
                out.push(c);
            }
            Some(_) => {}
            None => {
                out.push(c);
                closing = match c {
                    '"' => Some('"'),
                    '\u{201c}' => Some('\u{201d}'),
                    '\u{2018}' => Some('\u{2019}'),
                    _ => None,
                };
                if closing.is_some() {
                    out.push_str(SCRUBBED);
                }
            }
        }
    }
    out.split(' ')
        .map(|word| if word.chars().any(|c| c == '@' || c.is_ascii_digit()) { SCRUBBED } else { word })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The log line of a transport failure ('[Network error]').
#[must_use]
pub fn network_error_line(detail: &str) -> String {
    format!("[Network error]: {detail}")
}

/// The `data` of an answer, or the error it carries. Every GraphQL error is logged;
/// the first one's message is kept (for the logs only: users get a generic text).
///
/// # Errors
/// GraphQL errors, or an answer with neither data nor errors.
pub fn into_data(operation: &str, response: Response) -> Result<Value, DriverError> {
    if let Some(first) = response.errors.first() {
        for e in &response.errors {
            tracing::warn!(operation, "{}", graphql_error_line(e));
        }
        return Err(DriverError::GraphQl(scrub(&first.message)));
    }
    response.data.filter(|d| !d.is_null()).ok_or_else(|| DriverError::Undecodable(format!("{operation}: no data")))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn error_codes_are_the_extensions_codes_there_are() {
        let response: Response = serde_json::from_value(json!({ "errors": [
            { "message": "a", "extensions": { "code": "THROTTLED" } },
            { "message": "b" },
            { "message": "c", "extensions": { "category": "graphql-no-such-entity" } },
            { "message": "d", "extensions": { "code": "USER_INPUT_ERROR" } },
        ] }))
        .expect("a response");
        assert_eq!(response.error_codes(), ["THROTTLED", "USER_INPUT_ERROR"]);
    }

    fn parse(v: Value) -> Response {
        serde_json::from_value(v).unwrap_or_default()
    }

    #[test]
    fn answers_become_data_or_errors() {
        for (answer, expected) in [
            (json!({"data": {"a": 1}}), Ok(json!({"a": 1}))),
            (json!({"data": {"a": 1}, "errors": []}), Ok(json!({"a": 1}))),
            (json!({"errors": [{"message": "boom"}, {"message": "second"}]}), Err(DriverError::GraphQl("boom".into()))),
            (json!({"data": null, "errors": [{"message": "x"}]}), Err(DriverError::GraphQl("x".into()))),
            (json!({"data": null}), Err(DriverError::Undecodable("Op: no data".into()))),
            (json!({}), Err(DriverError::Undecodable("Op: no data".into()))),
        ] {
            assert_eq!(into_data("Op", parse(answer.clone())), expected, "{answer}");
        }
    }

    #[test]
    fn log_lines_carry_the_spec_prefixes() {
        let e = parse(
            json!({"errors": [{"message": "Field x", "locations": [{"line": 2, "column": 5}], "path": ["products", 0]}]}),
        );
        assert_eq!(
            graphql_error_line(&e.errors[0]),
            "[GraphQL error]: Message: Field x, Location: [2:5], Path: products.0"
        );
        assert_eq!(network_error_line("connection refused"), "[Network error]: connection refused");
    }

    #[test]
    fn what_a_message_repeats_of_the_request_is_scrubbed() {
        for (message, scrubbed) in [
            ("Field x", "Field x"),
            (
                r#"Invalid value of "ada@example.com" provided for the email field."#,
                r#"Invalid value of "<scrubbed>" provided for the email field."#,
            ),
            ("The email ada@example.com is invalid", "The email <scrubbed> is invalid"),
            ("Street 12 Marker Lane is too long", "Street <scrubbed> Marker Lane is too long"),
            ("Postcode \u{201c}W1A 1AA\u{201d} is wrong", "Postcode \u{201c}<scrubbed>\u{201d} is wrong"),
            (r#"Unterminated "ada@example.com"#, r#"Unterminated "<scrubbed>"#),
            ("The cart isn't active", "The cart isn't active"),
        ] {
            assert_eq!(scrub(message), scrubbed, "{message}");
        }
        let e = parse(json!({"errors": [{"message": "Email \"m@x.io\" is invalid"}]}));
        assert!(!graphql_error_line(&e.errors[0]).contains("m@x.io"));
        assert_eq!(into_data("Op", e), Err(DriverError::GraphQl(r#"Email "<scrubbed>" is invalid"#.into())));
    }

    #[test]
    fn requests_serialise_as_graphql_over_http() {
        let r = Request { operation_name: "Op", query: "query Op { a }", variables: json!({"x": 1}) };
        assert_eq!(
            serde_json::to_value(&r).ok(),
            Some(json!({"operationName": "Op", "query": "query Op { a }", "variables": {"x": 1}}))
        );
    }
}
