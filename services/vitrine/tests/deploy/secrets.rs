//! No secret is written in a committed deployment file. Compose takes each one from its
//! environment (or the `.env` file beside it) in the required form `${VAR:?message}`, so
//! it refuses to start without it and the message says how to make it; the k8s overlays
//! generate their Secrets from files that git ignores. `scripts/compose-secrets` writes
//! both, with fresh random values: a password or key shared by every copy of this
//! repository protects nothing.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_yaml_ng::Value;
use vitrine_adapter::BACKENDS;

use super::{compose, compose_services, kustomize, kustomize_documents, strings};

/// Words that make a variable's name a secret's.
const SECRET_WORDS: [&str; 4] = ["PASSWORD", "SECRET", "TOKEN", "COOKIE_KEYS"];

/// What a required variable's message names: the one command that makes every secret.
const HOW: &str = "scripts/compose-secrets";

/// The files the script writes for the local overlay, each the env file of one Secret
/// (two of them have a key of the same name, `password`): (file, Secret, key).
const OVERLAY_FILES: [(&str, &str, &str); 3] = [
    ("redis.env", "vitrine-redis", "password"),
    ("cookie-keys.env", "vitrine-cookie-keys", "keys"),
    ("grafana-admin.env", "grafana-admin", "password"),
];

/// The variables compose requires, which the script writes into `.env`.
const COMPOSE_VARIABLES: [&str; 3] = ["VITRINE_REDIS_PASSWORD", "VITRINE_COOKIE_KEYS", "GRAFANA_ADMIN_PASSWORD"];

fn secret_name(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    SECRET_WORDS.iter().any(|w| upper.contains(w))
}

/// A shop's credential among the backends' settings: compose passes it as `${VAR:-}`,
/// empty unless the person running compose gives one, and an empty one leaves that
/// backend unconfigured ("coming soon"). It is never a value of this repository's.
fn backend_credential(name: &str) -> bool {
    BACKENDS.iter().flat_map(|d| d.settings.iter()).any(|s| s.secret && s.env == name)
}

/// One `${…}` of compose's interpolation: the variable, the operator (`:?`, `?`, `:-`, `-`,
/// `:+`, `+` or none) and what follows it (a message, a default).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Interpolation {
    variable: String,
    operator: &'static str,
    rest: String,
}

/// Every `${…}` in `text` (`$$` is a literal dollar), with where each starts and ends.
fn interpolations(text: &str) -> Vec<(usize, usize, Interpolation)> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(offset) = text[at..].find('$') {
        let start = at + offset;
        let after = &text[start + 1..];
        if after.starts_with('$') {
            at = start + 2;
            continue;
        }
        let Some(body) = after.strip_prefix('{') else {
            at = start + 1;
            continue;
        };
        let Some(close) = body.find('}') else { break };
        let inside = &body[..close];
        let name_end = inside.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(inside.len());
        let (variable, tail) = inside.split_at(name_end);
        let operator = [":?", "?", ":-", "-", ":+", "+"].into_iter().find(|op| tail.starts_with(op)).unwrap_or("");
        let rest = tail[operator.len()..].to_owned();
        let end = start + 2 + close + 1;
        found.push((start, end, Interpolation { variable: variable.to_owned(), operator, rest }));
        at = end;
    }
    found
}

/// Whether `value` is exactly one required variable, `${VAR:?message}`, whose message
/// names the command that makes it.
fn required(value: &str) -> Result<(), String> {
    match interpolations(value).as_slice() {
        [(0, end, i)] if *end == value.len() => {
            if i.operator != ":?" {
                return Err(format!("{value:?}: not required (`${{{}:?…}}`)", i.variable));
            }
            if !i.rest.contains(HOW) {
                return Err(format!("{value:?}: its message does not say to run {HOW}"));
            }
            Ok(())
        }
        _ => Err(format!("{value:?}: not one variable of the environment")),
    }
}

/// Whether `value` is `${VAR:-}` for a shop's credential: empty unless given.
fn empty_credential(value: &str) -> bool {
    matches!(interpolations(value).as_slice(),
        [(0, end, i)] if *end == value.len() && i.operator == ":-" && i.rest.is_empty() && backend_credential(&i.variable))
}

/// The password of a `redis://` or `rediss://` URL in `value`, if it has one.
fn redis_password(value: &str) -> Option<&str> {
    let rest = value.strip_prefix("redis://").or_else(|| value.strip_prefix("rediss://"))?;
    let userinfo = &rest[..rest.rfind('@')?];
    let (_, password) = userinfo.split_once(':')?;
    Some(password)
}

/// What is wrong with one compose value (an environment variable's, or a command's
/// argument): a secret written out, or a secret's variable with a default.
fn secret_problems(place: &str, key: Option<&str>, value: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(key) = key.filter(|k| secret_name(k))
        && !empty_credential(value)
        && let Err(e) = required(value)
    {
        problems.push(format!("{place} {key}: {e}"));
    }
    for (_, _, i) in interpolations(value) {
        let allowed =
            i.operator == ":?" || (i.operator == ":-" && i.rest.is_empty() && backend_credential(&i.variable));
        if secret_name(&i.variable) && !allowed {
            problems.push(format!("{place}: {value:?} gives the secret {} a default", i.variable));
        }
    }
    if let Some(password) = redis_password(value)
        && let Err(e) = required(password)
    {
        problems.push(format!("{place}: a store URL's password: {e}"));
    }
    problems
}

/// The variables `value` requires (`${VAR:?…}`).
fn required_variables(value: &str) -> impl Iterator<Item = String> {
    interpolations(value).into_iter().filter(|(_, _, i)| i.operator == ":?").map(|(_, _, i)| i.variable)
}

/// The settings that turn on a debug tool (`VITRINE_DEBUG_*`), as compose sets them.
fn debug_settings(compose: &Value) -> Vec<String> {
    let mut found = Vec::new();
    for (name, service) in compose_services(compose) {
        for (key, value) in service["environment"].as_mapping().into_iter().flatten() {
            let (Some(key), Some(value)) = (key.as_str(), value.as_str()) else { continue };
            if key.starts_with("VITRINE_DEBUG_") {
                found.push(format!("{name}: {key}={value}"));
            }
        }
    }
    found
}

#[test]
fn compose_writes_no_secret_and_requires_each_from_the_environment() {
    let compose = compose();
    let mut problems = Vec::new();
    let mut required_seen = Vec::new();
    for (name, service) in compose_services(&compose) {
        for (key, value) in service["environment"].as_mapping().into_iter().flatten() {
            let key = key.as_str().unwrap_or_default();
            // A number or a boolean is no secret's value; a secret's key must hold a string.
            let value = match value {
                Value::String(s) => s.clone(),
                other if secret_name(key) => format!("{other:?}"),
                _ => continue,
            };
            required_seen.extend(required_variables(&value).map(|v| format!("{name}: {key} <- {v}")));
            problems.extend(secret_problems(&format!("{name}: environment"), Some(key), &value));
        }
        let command = strings(&service["command"]);
        for (i, arg) in command.iter().enumerate() {
            required_seen.extend(required_variables(arg).map(|v| format!("{name}: command {arg:?} <- {v}")));
            problems.extend(secret_problems(&format!("{name}: command"), None, arg));
            let password = match arg.split_once('=') {
                Some(("--requirepass", value)) => Some(value),
                _ if *arg == "--requirepass" => Some(command.get(i + 1).copied().unwrap_or_default()),
                _ => None,
            };
            if let Some(password) = password
                && let Err(e) = required(password)
            {
                problems.push(format!("{name}: --requirepass {e}"));
            }
        }
    }
    println!("variables compose requires: {required_seen:#?}");
    // Debug tools are a local stack's choice, left as they are; shown so a reader sees them.
    println!("debug tools compose turns on: {:?}", debug_settings(&compose));
    assert!(problems.is_empty(), "secrets written in docker-compose.yml: {problems:#?}");
    // Each of the three the script makes is required where it is used.
    for variable in COMPOSE_VARIABLES {
        assert!(
            serde_yaml_ng::to_string(&compose).expect("yaml").contains(&format!("${{{variable}:?")),
            "{variable} is required"
        );
    }
}

/// The checks above, on values written as compose files wrote them before.
#[test]
fn what_counts_as_a_written_secret() {
    let how = format!("${{P:?run {HOW}}}");
    assert!(secret_problems("x", Some("REDISCLI_AUTH"), "${VITRINE_REDIS_PASSWORD:-dev}").len() == 1);
    assert!(!secret_problems("x", Some("GF_SECURITY_ADMIN_PASSWORD"), "hunter2").is_empty());
    assert!(!secret_problems("x", Some("X_PASSWORD"), "${X_PASSWORD}").is_empty(), "no default, but not required");
    assert!(!secret_problems("x", Some("X_TOKEN"), "${X_TOKEN:?set it}").is_empty(), "says nothing of how");
    assert!(secret_problems("x", Some("X_PASSWORD"), &how).is_empty());
    assert!(!secret_problems("x", None, "redis://:letmein@redis:6379/").is_empty());
    assert!(secret_problems("x", None, &format!("redis://:{how}@redis:6379/")).is_empty());
    assert!(secret_problems("x", None, "redis://redis:6379/").is_empty(), "no password at all is not a written one");
    assert!(!secret_problems("x", Some("VITRINE_COOKIE_KEYS"), "${VITRINE_COOKIE_KEYS:-k}").is_empty());
    assert!(secret_problems("x", Some("VITRINE_SHOPIFY_ACCESS_TOKEN"), "${VITRINE_SHOPIFY_ACCESS_TOKEN:-}").is_empty());
    assert!(
        !secret_problems("x", Some("VITRINE_SHOPIFY_ACCESS_TOKEN"), "${VITRINE_SHOPIFY_ACCESS_TOKEN:-t}").is_empty()
    );
    assert!(!secret_problems("x", Some("MY_SECRET"), "${MY_SECRET:-}").is_empty(), "not a shop's credential");
    assert!(secret_problems("x", Some("RUST_LOG"), "$$PASSWORD").is_empty(), "an escaped dollar");
}

/// Every kustomization of the repository: the base and each overlay, as a folder under k8s/.
fn kustomizations() -> Vec<String> {
    let overlays = std::fs::read_dir(kustomize::dir_of("overlays")).expect("k8s/overlays");
    let mut dirs: Vec<String> = overlays
        .flatten()
        .filter(|e| e.path().join("kustomization.yaml").is_file())
        .map(|e| format!("overlays/{}", e.file_name().to_string_lossy()))
        .collect();
    dirs.sort();
    dirs.insert(0, "base".to_owned());
    dirs
}

/// The repository's root.
fn root() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).to_path_buf()
}

/// Whether the repository's .gitignore ignores `path` (from the root): one of its
/// anchored lines (`/a/b`, `/a/b/`) names it or a folder above it.
fn ignored(path: &str) -> bool {
    let gitignore = std::fs::read_to_string(root().join(".gitignore")).expect(".gitignore");
    gitignore.lines().map(str::trim).filter_map(|l| l.strip_prefix('/')).any(|line| {
        let line = line.trim_end_matches('/');
        path == line || path.strip_prefix(line).is_some_and(|rest| rest.starts_with('/'))
    })
}

/// `dir/file` as a path from the repository's root, `..` resolved.
fn from_root(dir: &str, file: &str) -> String {
    let joined = format!("k8s/{dir}/{file}");
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    parts.join("/")
}

#[test]
fn kubernetes_overlays_write_no_secret_and_generate_theirs_from_ignored_files() {
    let mut problems = Vec::new();
    let mut generated = Vec::new();
    for dir in kustomizations() {
        let kustomization = kustomize::kustomization(&dir);
        for generator in kustomization["secretGenerator"].as_sequence().into_iter().flatten() {
            let name = generator["name"].as_str().unwrap_or_default();
            if !generator["literals"].is_null() {
                problems.push(format!("{dir}: the Secret {name} is written here (literals)"));
            }
            let sources: Vec<&str> = [&generator["envs"], &generator["files"], &generator["env"]]
                .into_iter()
                .flat_map(strings)
                .map(|f| f.split_once('=').map_or(f, |(_, path)| path))
                .collect();
            for source in &sources {
                let path = from_root(&dir, source);
                if !ignored(&path) {
                    problems.push(format!("{dir}: the Secret {name} is read from {path}, which git does not ignore"));
                }
            }
            generated.push(format!("{dir}: {name} from {sources:?}"));
        }
        // A Secret among the files holds no value: each is filled per environment.
        for (file, doc) in kustomize_documents(&dir) {
            if doc["kind"] != "Secret" {
                continue;
            }
            for data in [&doc["stringData"], &doc["data"]] {
                for (key, value) in data.as_mapping().into_iter().flatten() {
                    if value.as_str().is_none_or(|v| !v.is_empty()) {
                        problems.push(format!("{dir}/{file}: {:?} holds {key:?}", doc["metadata"]["name"]));
                    }
                }
            }
        }
    }
    println!("generated Secrets: {generated:#?}");
    assert!(problems.is_empty(), "secrets written in k8s/: {problems:#?}");
    let local = kustomize::kustomization("overlays/local");
    for (file, secret, _) in OVERLAY_FILES {
        let generator = local["secretGenerator"].as_sequence().into_iter().flatten().find(|g| g["name"] == secret);
        let envs = generator.map(|g| strings(&g["envs"])).unwrap_or_default();
        assert_eq!(envs, [format!("secrets/{file}")], "the local overlay's {secret}");
    }
}

/// A folder of its own under the system's temporary one, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos();
        let dir = std::env::temp_dir().join(format!("vitrine-{name}-{}-{stamp}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch folder");
        Self(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `KEY=value` lines of an env file.
fn env_file(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().filter_map(|l| l.split_once('=')).map(|(k, v)| (k.to_owned(), v.to_owned())).collect()
}

fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(path).expect("metadata").permissions().mode() & 0o777
}

fn run_script(dir: &Path) -> String {
    let out = Command::new("bash").arg(root().join(HOW)).arg(dir).output().expect("bash");
    assert!(out.status.success(), "{HOW}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The script on a copy of the deployment files: every secret compose requires in a
/// `.env` of the owner's only, the overlay's env files likewise, each value random and
/// kept when run again (a user's own value too), and a cookie key the edge takes. Where
/// kubectl is installed, its kustomize builds the local overlay's Secrets from them.
#[test]
fn compose_secrets_writes_what_compose_and_the_local_overlay_read() {
    let scratch = Scratch::new("compose-secrets");
    let dir = &scratch.0;
    std::fs::copy(root().join("docker-compose.yml"), dir.join("docker-compose.yml")).expect("copy compose");
    let copied = Command::new("cp").arg("-r").arg(root().join("k8s")).arg(dir).status().expect("cp");
    assert!(copied.success(), "copy k8s/");
    // A value of the user's own, and a line of theirs without a newline, are kept.
    std::fs::write(dir.join(".env"), "GRAFANA_ADMIN_PASSWORD=mine\nCOMPOSE_PROJECT_NAME=x").expect(".env");

    println!("{}", run_script(dir));
    let env = env_file(&dir.join(".env"));
    println!(".env names {:?}", env.iter().map(|(k, _)| k).collect::<Vec<_>>());
    assert_eq!(mode(&dir.join(".env")), 0o600, ".env is the owner's only");
    let value = |name: &str| env.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).unwrap_or_default();
    assert_eq!(value("GRAFANA_ADMIN_PASSWORD"), "mine", "a value already there is kept");
    assert_eq!(value("COMPOSE_PROJECT_NAME"), "x");
    for name in ["VITRINE_REDIS_PASSWORD", "VITRINE_COOKIE_KEYS"] {
        let v = value(name);
        assert!(v.len() >= 64 && v.chars().all(|c| c.is_ascii_hexdigit()), "{name}: {} characters of hex", v.len());
    }
    assert_ne!(value("VITRINE_REDIS_PASSWORD"), value("VITRINE_COOKIE_KEYS"), "each value its own");
    vitrine_edge::CookieKeys::parse(&value("VITRINE_COOKIE_KEYS")).expect("a cookie key the edge takes");

    let secrets = dir.join("k8s/overlays/local/secrets");
    let mut overlay = Vec::new();
    for (file, _, key) in OVERLAY_FILES {
        let path = secrets.join(file);
        assert_eq!(mode(&path), 0o600, "{file} is the owner's only");
        let lines = env_file(&path);
        assert_eq!(lines.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), [key], "{file}");
        overlay.push(lines[0].1.clone());
    }
    vitrine_edge::CookieKeys::parse(&overlay[1]).expect("the overlay's cookie key");

    // Again: nothing changes.
    let before: Vec<String> = [".env", "k8s/overlays/local/secrets/redis.env"]
        .iter()
        .map(|f| std::fs::read_to_string(dir.join(f)).unwrap_or_default())
        .collect();
    run_script(dir);
    let after: Vec<String> = [".env", "k8s/overlays/local/secrets/redis.env"]
        .iter()
        .map(|f| std::fs::read_to_string(dir.join(f)).unwrap_or_default())
        .collect();
    assert_eq!(before, after, "a second run keeps every value");

    let Ok(out) = Command::new("kubectl").arg("kustomize").arg(dir.join("k8s/overlays/local")).output() else {
        eprintln!("kubectl not installed: the local overlay is not built by kustomize here");
        return;
    };
    assert!(out.status.success(), "kubectl kustomize: {}", String::from_utf8_lossy(&out.stderr));
    let built = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut found = Vec::new();
    for doc in serde_yaml_ng::Deserializer::from_str(&built) {
        use serde::Deserialize as _;
        let doc = Value::deserialize(doc).expect("a document");
        if doc["kind"] != "Secret" {
            continue;
        }
        let keys: Vec<&str> = doc["data"].as_mapping().into_iter().flatten().filter_map(|(k, _)| k.as_str()).collect();
        found.push((doc["metadata"]["name"].as_str().unwrap_or_default().to_owned(), keys.join(",")));
    }
    found.sort();
    let mut expected: Vec<(String, String)> =
        OVERLAY_FILES.iter().map(|(_, secret, key)| ((*secret).to_owned(), (*key).to_owned())).collect();
    // The base's Secrets of the shops' credentials, empty, come along.
    expected.extend(
        BACKENDS
            .iter()
            .filter(|d| d.settings.iter().any(|s| s.secret))
            .map(|d| (format!("vitrine-{}", d.backend), String::new())),
    );
    expected.sort();
    println!("the local overlay's Secrets, built: {found:?}");
    assert_eq!(found, expected);
}
