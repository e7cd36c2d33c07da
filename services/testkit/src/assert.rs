//! Assertions on edge answers.

use serde_json::Value;

/// Asserts `response` is the edge's JSON error with `status` and `code`; returns the message.
///
/// # Panics
/// When it is not.
pub async fn json_error(response: reqwest::Response, status: u16, code: &str) -> String {
    let got = response.status().as_u16();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    assert_eq!(got, status, "status; body {body}");
    assert_eq!(body["error"]["code"], code, "error code; body {body}");
    body["error"]["message"].as_str().unwrap_or_default().to_owned()
}

/// Asserts a 200 JSON answer and returns it.
///
/// # Panics
/// When the status is not 200 or the body is not JSON.
pub async fn ok_json(response: reqwest::Response) -> Value {
    let status = response.status().as_u16();
    let url = response.url().clone();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    assert_eq!(status, 200, "GET {url}: body {body}");
    body
}
