//! The backends' published documents as `.ci/run` finds them in `../shared` (never needed
//! by the tests themselves): when the variable naming one is set, the requests a test
//! sent are checked against it too, beside the copies the demo shops check against.

use vitrine_fakes::medusa::Received;
use vitrine_fakes::medusa::openapi::OpenApi;

/// Checks every request in `received` against the Medusa Store API document that
/// `VITRINE_MEDUSA_OPENAPI` names (method, path, query and body); nothing when unset.
///
/// # Panics
/// When the document cannot be read, or a request breaks it.
pub fn check_medusa_requests(received: &[Received]) {
    let Ok(path) = std::env::var("VITRINE_MEDUSA_OPENAPI") else { return };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let api = OpenApi::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    for request in received {
        let url = reqwest::Url::parse(&format!("http://store{}", request.path_and_query)).expect("a path and query");
        let pairs: Vec<(String, String)> = url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
        let body = request.body.as_deref().map(str::as_bytes);
        let problems = api.check_request(&request.method, url.path(), &pairs, body);
        assert!(problems.is_empty(), "{} {} against {path}: {problems:?}", request.method, request.path_and_query);
    }
}
