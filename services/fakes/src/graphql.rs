//! A fake GraphQL server that speaks the real protocol: POST JSON (one operation or an
//! array of them), every document validated against the backend's schema file and its
//! variables coerced against the operation, answers built by a resolver per root field
//! (and, where a shop gives one, a resolver of nested fields that take arguments)
//! and then cut down to exactly the selection set asked for (fragments and inline
//! fragments included). A query's root fields and a mutation's alike; a root field whose
//! resolver fails ([`field_error`]) is null, with its error in `errors`. It records what
//! it received, and can be told to refuse arrays, answer slowly, or fail. A shop that
//! keeps state (carts) or serves pages beside its endpoint says so in its [`Extras`].

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use apollo_compiler::executable::{Selection, SelectionSet};
use apollo_compiler::validation::Valid;
use apollo_compiler::{ExecutableDocument, Schema, ast};
use serde_json::{Map, Value, json};

use crate::serving::Serving;

/// Answers one root field: `(the request's session, field name, arguments with variables
/// substituted)`. A field that fails answers [`field_error`].
pub type Resolver = Arc<dyn Fn(&mut Session, &str, &Map<String, Value>) -> Value + Send + Sync>;

/// The session a request carries, for a shop that keeps one per client and names it in a
/// header ([`Extras::session_header`], bearer tokens): the token the request
/// sent as `Authorization: Bearer …`, and what to answer in the header, if anything (the
/// shop's resolver sets it when it starts a session, or to empty for a token it does not
/// know). The root fields of one request share it, in order. Shops without sessions
/// ignore it.
#[derive(Debug, Default)]
pub struct Session {
    pub sent: Option<String>,
    pub answer: Option<String>,
}

/// Marks a root field's answer as failed (see [`field_error`]); no schema field has it.
const FIELD_ERROR: &str = "__fake_graphql_field_error";

/// What a [`Resolver`] answers for a root field that fails, as a server does when its
/// resolver throws: the field is null in `data`, and `errors` carries `message`, the
/// field's path and `extensions` (Magento's `category`, e.g. `graphql-no-such-entity`).
#[must_use]
pub fn field_error(message: &str, extensions: Value) -> Value {
    let error = Map::from_iter([("message".to_owned(), json!(message)), ("extensions".to_owned(), extensions)]);
    json!({ FIELD_ERROR: error })
}

/// Answers a field below the root that takes arguments (a category's `products(pageSize:)`,
/// a connection's `first`, `after`, `sortKey`): `(parent type, field name, the parent
/// object as resolved, arguments with variables substituted)`. `None` keeps the parent
/// object's own value of the field.
pub type FieldResolver = Arc<dyn Fn(&str, &str, &Value, &Map<String, Value>) -> Option<Value> + Send + Sync>;

/// Routes a shop adds beside its endpoint.
pub type Pages = Arc<dyn Fn(&mut web::ServiceConfig) + Send + Sync>;

/// What a shop adds to the server beside its resolvers: pages at other paths (Shopify's
/// checkout page, Magento's back office of orders), how to forget what it keeps between
/// requests (its carts), for [`FakeGraphQl::forget_carts`], and the response header that
/// hands out a session's token ([`Session`]).
#[derive(Clone, Default)]
pub struct Extras {
    pub pages: Option<Pages>,
    pub forget: Option<Arc<dyn Fn() + Send + Sync>>,
    pub session_header: Option<&'static str>,
}

/// One HTTP request as the fake saw it.
#[derive(Debug, Clone)]
pub struct Received {
    /// 1 for a single operation, n for an array of n.
    pub batch_size: usize,
    pub operations: Vec<String>,
    pub headers: Vec<(String, String)>,
}

struct State {
    schema: Valid<Schema>,
    resolver: Resolver,
    fields: Option<FieldResolver>,
    received: Mutex<Vec<Received>>,
    refuse_arrays: AtomicBool,
    delay_ms: AtomicU64,
    fail_status: AtomicU16,
    required_header: Option<(String, String)>,
    session_header: Option<&'static str>,
}

pub struct FakeGraphQl {
    /// The server's base URL (`http://127.0.0.1:port`).
    pub url: String,
    state: Arc<State>,
    serving: Serving,
    forget: Option<Arc<dyn Fn() + Send + Sync>>,
}

/// Parses a schema file, accepting it as valid if the file itself has schema-level
/// findings that do not affect executable validation.
///
/// # Panics
/// When the SDL cannot be parsed at all.
#[must_use]
pub fn load_schema(sdl: &str, name: &str) -> Valid<Schema> {
    match Schema::parse_and_validate(sdl, name) {
        Ok(valid) => valid,
        Err(with_errors) => Valid::assume_valid(with_errors.partial),
    }
}

/// Validates `document` against `schema`: the list of errors, empty when valid.
#[must_use]
pub fn validate_document(schema: &Valid<Schema>, document: &str) -> Vec<String> {
    match ExecutableDocument::parse_and_validate(schema, document, "operation.graphql") {
        Ok(_) => Vec::new(),
        Err(e) => e.errors.iter().map(|d| d.to_string()).collect(),
    }
}

fn to_json(value: &ast::Value, variables: &Map<String, Value>) -> Value {
    match value {
        ast::Value::Null => Value::Null,
        ast::Value::Enum(n) => json!(n.as_str()),
        ast::Value::Variable(n) => variables.get(n.as_str()).cloned().unwrap_or(Value::Null),
        ast::Value::String(s) => json!(s),
        ast::Value::Float(f) => json!(f.try_to_f64().unwrap_or_default()),
        ast::Value::Int(i) => json!(i.try_to_i32().unwrap_or_default()),
        ast::Value::Boolean(b) => json!(b),
        ast::Value::List(items) => Value::Array(items.iter().map(|v| to_json(v, variables)).collect()),
        ast::Value::Object(fields) => {
            Value::Object(fields.iter().map(|(k, v)| (k.to_string(), to_json(v, variables))).collect())
        }
    }
}

/// A field's arguments with the request's variables substituted.
fn arguments(args: &[apollo_compiler::Node<ast::Argument>], variables: &Map<String, Value>) -> Map<String, Value> {
    args.iter().map(|a| (a.name.to_string(), to_json(&a.value, variables))).collect()
}

/// The request being answered: its document and variables.
struct Req<'a> {
    doc: &'a ExecutableDocument,
    variables: &'a Map<String, Value>,
}

impl State {
    /// Whether a fragment on `condition` applies to `object`, whose type is its
    /// `__typename` or, when the fixture leaves that out, the selection's static type.
    fn applies(&self, condition: Option<&str>, object: &Value, static_type: &str) -> bool {
        let Some(condition) = condition else { return true };
        let typename = object.get("__typename").and_then(Value::as_str).unwrap_or(static_type);
        condition == typename || self.schema.is_subtype(condition, typename)
    }

    /// Keeps exactly the selected fields of `value` (recursively).
    fn project(&self, value: &Value, set: &SelectionSet, req: &Req<'_>) -> Value {
        match value {
            Value::Array(items) => Value::Array(items.iter().map(|v| self.project(v, set, req)).collect()),
            Value::Object(_) => {
                let mut out = Map::new();
                self.collect(value, set, req, &mut out);
                Value::Object(out)
            }
            other => other.clone(),
        }
    }

    fn collect(&self, value: &Value, set: &SelectionSet, req: &Req<'_>, out: &mut Map<String, Value>) {
        let doc = req.doc;
        for selection in &set.selections {
            match selection {
                Selection::Field(f) => {
                    let key = f.alias.as_ref().unwrap_or(&f.name).to_string();
                    let resolved = match (&self.fields, f.arguments.is_empty()) {
                        (Some(fields), false) => {
                            fields(set.ty.as_str(), f.name.as_str(), value, &arguments(&f.arguments, req.variables))
                        }
                        _ => None,
                    };
                    let raw = resolved.unwrap_or_else(|| value.get(f.name.as_str()).cloned().unwrap_or(Value::Null));
                    let projected = if f.selection_set.selections.is_empty() {
                        raw
                    } else {
                        let sub = self.project(&raw, &f.selection_set, req);
                        match (out.remove(&key), sub) {
                            (Some(Value::Object(mut prev)), Value::Object(next)) => {
                                prev.extend(next);
                                Value::Object(prev)
                            }
                            (_, sub) => sub,
                        }
                    };
                    out.insert(key, projected);
                }
                Selection::FragmentSpread(spread) => {
                    if let Some(fragment) = doc.fragments.get(&spread.fragment_name)
                        && self.applies(Some(fragment.selection_set.ty.as_str()), value, set.ty.as_str())
                    {
                        self.collect(value, &fragment.selection_set, req, out);
                    }
                }
                Selection::InlineFragment(inline) => {
                    if self.applies(
                        inline.type_condition.as_ref().map(apollo_compiler::Name::as_str),
                        value,
                        set.ty.as_str(),
                    ) {
                        self.collect(value, &inline.selection_set, req, out);
                    }
                }
            }
        }
    }

    fn introspect_type(&self, name: &str) -> Value {
        match self.schema.get_input_object(name) {
            Some(input) => json!({
                "name": name,
                "inputFields": input.fields.iter().map(|(n, f)| json!({
                    "name": n.as_str(),
                    "type": { "name": f.ty.inner_named_type().as_str() },
                })).collect::<Vec<_>>(),
            }),
            None => Value::Null,
        }
    }

    /// Executes one operation request; GraphQL errors are answers, not failures.
    fn execute(&self, request: &Value, session: &mut Session) -> Value {
        let document = request.get("query").and_then(Value::as_str).unwrap_or_default();
        let name = request.get("operationName").and_then(Value::as_str);
        let variables = request.get("variables").and_then(Value::as_object).cloned().unwrap_or_default();
        let doc = match ExecutableDocument::parse_and_validate(&self.schema, document, "request.graphql") {
            Ok(doc) => doc,
            Err(e) => {
                let errors: Vec<Value> = e.errors.iter().map(|d| json!({ "message": d.error.to_string() })).collect();
                return json!({ "errors": errors });
            }
        };
        let Ok(operation) = doc.operations.get(name) else {
            return json!({ "errors": [{ "message": format!("Unknown operation named \"{}\".", name.unwrap_or_default()) }] });
        };
        let bytes_vars: apollo_compiler::response::JsonMap =
            variables.iter().map(|(k, v)| (k.as_str().into(), serde_json_bytes::Value::from(v.clone()))).collect();
        if let Err(e) = apollo_compiler::request::coerce_variable_values(&self.schema, operation, &bytes_vars) {
            return json!({ "errors": [{ "message": e.message().to_string() }] });
        }
        let mut data = Map::new();
        let mut errors = Vec::new();
        // A failed root field whose type is non-null makes the whole `data` null, as the
        // GraphQL spec's null propagation says (a mutation naming an entity the shop does
        // not know, on a server whose mutation results are non-null).
        let mut data_is_null = false;
        let root = operation.object_type();
        let req = Req { doc: &doc, variables: &variables };
        // A query's and a mutation's root fields alike (a mutation's run in order).
        for selection in &operation.selection_set.selections {
            let Selection::Field(field) = selection else { continue };
            let args = arguments(&field.arguments, &variables);
            let resolved = if field.name == "__type" {
                self.introspect_type(args.get("name").and_then(Value::as_str).unwrap_or_default())
            } else {
                (self.resolver)(session, field.name.as_str(), &args)
            };
            let key = field.alias.as_ref().unwrap_or(&field.name).to_string();
            if let Some(error) = resolved.get(FIELD_ERROR) {
                let mut error = error.clone();
                error["path"] = json!([key]);
                if let Some(at) = field.line_column_range(&doc.sources) {
                    error["locations"] = json!([{ "line": at.start.line, "column": at.start.column }]);
                }
                errors.push(error);
                data_is_null |= self.schema.type_field(root, &field.name).is_ok_and(|f| f.ty.is_non_null());
                data.insert(key, Value::Null);
                continue;
            }
            data.insert(key, self.project(&resolved, &field.selection_set, &req));
        }
        let data = if data_is_null { Value::Null } else { Value::Object(data) };
        if errors.is_empty() { json!({ "data": data }) } else { json!({ "errors": errors, "data": data }) }
    }
}

/// How many requests a shop remembers for `received()`; far more than any test sends.
pub const RECORDED: usize = 10_000;

async fn endpoint(req: HttpRequest, body: web::Bytes, state: web::Data<Arc<State>>) -> HttpResponse {
    let delay = state.delay_ms.load(Ordering::Relaxed);
    if delay > 0 {
        tokio::time::sleep(Duration::from_millis(delay)).await;
    }
    let Ok(payload) = serde_json::from_slice::<Value>(&body) else {
        return HttpResponse::BadRequest().json(json!({ "errors": [{ "message": "Request body is not JSON" }] }));
    };
    let ops: Vec<&Value> = match &payload {
        Value::Array(items) => items.iter().collect(),
        single => vec![single],
    };
    let headers = req
        .headers()
        .iter()
        .map(|(k, v)| (k.as_str().to_owned(), v.to_str().unwrap_or_default().to_owned()))
        .collect::<Vec<_>>();
    let mut received = state.received.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    // The first requests only: a demo shop serving `vitrine all` for days stays bounded.
    if received.len() < RECORDED {
        received.push(Received {
            batch_size: ops.len(),
            operations: ops.iter().map(|o| o["operationName"].as_str().unwrap_or_default().to_owned()).collect(),
            headers: headers.clone(),
        });
    }
    drop(received);
    let fail = state.fail_status.load(Ordering::Relaxed);
    if fail != 0 {
        return HttpResponse::build(actix_web::http::StatusCode::from_u16(fail).unwrap_or_default()).body("failure");
    }
    if let Some((name, value)) = &state.required_header
        && !headers.iter().any(|(k, v)| k.eq_ignore_ascii_case(name) && v == value)
    {
        return HttpResponse::Unauthorized()
            .json(json!({ "errors": [{ "message": format!("{name} header missing or wrong") }] }));
    }
    if payload.is_array() && state.refuse_arrays.load(Ordering::Relaxed) {
        return HttpResponse::BadRequest()
            .json(json!({ "errors": [{ "message": "Batched requests are not supported" }] }));
    }
    let sent = state.session_header.and_then(|_| bearer(&req));
    let mut session = Session { sent, answer: None };
    let answer = match payload {
        Value::Array(items) => json!(items.iter().map(|o| state.execute(o, &mut session)).collect::<Vec<_>>()),
        single => state.execute(&single, &mut session),
    };
    let mut response = HttpResponse::Ok();
    if let (Some(name), Some(token)) = (state.session_header, session.answer) {
        response.insert_header((name, token));
    }
    response.json(answer)
}

/// The token of `Authorization: Bearer <token>`, if the request sent one.
fn bearer(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(actix_web::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim().to_owned()).filter(|t| !t.is_empty())
}

/// Generated PNG product photos under `/media/…` (Magento's), `/s/files/…` (Shopify's) and
/// `/assets/…` (an asset server's), so a fake shop's image URLs resolve.
async fn media(req: HttpRequest) -> HttpResponse {
    let seed = req.path().bytes().fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
    let (r, g) = ((seed % 200) as u8, ((seed >> 8) % 200) as u8);
    let img = image::RgbImage::from_fn(600, 600, |x, y| {
        let (dx, dy) = (i64::from(x) - 300, i64::from(y) - 300);
        if dx * dx + dy * dy < 160 * 160 { image::Rgb([r, g, 160]) } else { image::Rgb([236, 238, 242]) }
    });
    let mut out = Vec::new();
    match image::DynamicImage::ImageRgb8(img).write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png) {
        Ok(()) => HttpResponse::Ok().content_type("image/png").body(out),
        Err(_) => HttpResponse::InternalServerError().finish(),
    }
}

impl FakeGraphQl {
    /// Serves GraphQL at `path` (e.g. `/graphql`) on a free loopback port.
    ///
    /// # Panics
    /// When no port can be bound.
    pub fn start(
        schema: Valid<Schema>,
        path: &str,
        resolver: Resolver,
        required_header: Option<(String, String)>,
    ) -> Self {
        Self::start_with(schema, path, |_| resolver, required_header)
    }

    /// As [`start_with`](Self::start_with), and nested fields with arguments are asked of
    /// the [`FieldResolver`] the closure also builds.
    ///
    /// # Panics
    /// When no port can be bound.
    pub fn start_with_fields(
        schema: Valid<Schema>,
        path: &str,
        make_resolvers: impl FnOnce(&str) -> (Resolver, FieldResolver),
        required_header: Option<(String, String)>,
    ) -> Self {
        Self::start_with_extras(schema, path, make_resolvers, required_header, Extras::default())
    }

    /// As [`start_with_fields`](Self::start_with_fields), with the shop's [`Extras`].
    ///
    /// # Panics
    /// When no port can be bound.
    pub fn start_with_extras(
        schema: Valid<Schema>,
        path: &str,
        make_resolvers: impl FnOnce(&str) -> (Resolver, FieldResolver),
        required_header: Option<(String, String)>,
        extras: Extras,
    ) -> Self {
        Self::launch(
            schema,
            path,
            |url| {
                let (resolver, fields) = make_resolvers(url);
                (resolver, Some(fields))
            },
            required_header,
            extras,
        )
    }

    /// As [`start`](Self::start), with a resolver built once the server's URL is known
    /// (for fixtures whose URLs point back at the server, such as image URLs).
    ///
    /// # Panics
    /// When no port can be bound.
    pub fn start_with(
        schema: Valid<Schema>,
        path: &str,
        make_resolver: impl FnOnce(&str) -> Resolver,
        required_header: Option<(String, String)>,
    ) -> Self {
        Self::launch(schema, path, |url| (make_resolver(url), None), required_header, Extras::default())
    }

    fn launch(
        schema: Valid<Schema>,
        path: &str,
        make_resolvers: impl FnOnce(&str) -> (Resolver, Option<FieldResolver>),
        required_header: Option<(String, String)>,
        extras: Extras,
    ) -> Self {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.set_nonblocking(true).expect("nonblocking");
        let url = format!("http://{}", listener.local_addr().expect("addr"));
        let (resolver, fields) = make_resolvers(&url);
        let state = Arc::new(State {
            schema,
            resolver,
            fields,
            received: Mutex::default(),
            refuse_arrays: AtomicBool::new(false),
            delay_ms: AtomicU64::new(0),
            fail_status: AtomicU16::new(0),
            required_header,
            session_header: extras.session_header,
        });
        let data = web::Data::new(state.clone());
        let path = path.to_owned();
        let pages = extras.pages;
        let server = HttpServer::new(move || {
            let app = App::new()
                .app_data(data.clone())
                .route(&path, web::post().to(endpoint))
                .route("/media/{tail:.*}", web::get().to(media))
                .route("/s/files/{tail:.*}", web::get().to(media))
                .route("/assets/{tail:.*}", web::get().to(media));
            match &pages {
                Some(pages) => app.configure(|config| pages(config)),
                None => app,
            }
        })
        .workers(2)
        .disable_signals()
        .listen(listener)
        .expect("listen")
        .run();
        Self { url, state, serving: Serving::spawn(server), forget: extras.forget }
    }

    /// Stops the server and returns once it has stopped.
    pub async fn stop(self) {
        self.serving.stop().await;
    }

    /// The requests received so far (the first [`RECORDED`] of them).
    #[must_use]
    pub fn received(&self) -> Vec<Received> {
        self.state.received.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    pub fn refuse_arrays(&self, refuse: bool) {
        self.state.refuse_arrays.store(refuse, Ordering::Relaxed);
    }

    pub fn delay(&self, delay: Duration) {
        self.state.delay_ms.store(u64::try_from(delay.as_millis()).unwrap_or(u64::MAX), Ordering::Relaxed);
    }

    /// Answer every request with this HTTP status (0: behave).
    pub fn fail_with(&self, status: u16) {
        self.state.fail_status.store(status, Ordering::Relaxed);
    }

    /// Forgets every cart the shop keeps, as if each had expired (a shop without carts
    /// has none to forget).
    pub fn forget_carts(&self) {
        if let Some(forget) = &self.forget {
            forget();
        }
    }

    /// `host:port`, for allow-lists.
    #[must_use]
    pub fn authority(&self) -> String {
        self.url.trim_start_matches("http://").to_owned()
    }
}
