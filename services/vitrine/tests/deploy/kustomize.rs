//! An overlay of the base built as kustomize builds it, as far as the overlay checks read
//! it: the base's documents and the overlay's own files, its generated ConfigMaps, and its
//! inline patches, `$patch: delete` and RFC 6902 (JSON) patches on named targets. A few
//! lines here, rather than depending on kustomize, so that machines without kubectl check
//! the overlay too; where kubectl is installed, `ha_redis.rs` compares the two.

use serde_yaml_ng::{Mapping, Value};

use super::{k8s_documents, kustomize_documents, strings};

/// The folder of the kustomization `dir` names under k8s/.
pub(crate) fn dir_of(dir: &str) -> String {
    format!("{}/../../k8s/{dir}", env!("CARGO_MANIFEST_DIR"))
}

pub(crate) fn kustomization(dir: &str) -> Value {
    let path = format!("{}/kustomization.yaml", dir_of(dir));
    serde_yaml_ng::from_str(&std::fs::read_to_string(&path).expect("the overlay's kustomization"))
        .expect("the kustomization parses")
}

/// A generator's files: (key in the ConfigMap, text). The key is the file's name, or what
/// stands before `=`.
pub(crate) fn generator_files(dir: &str, generator: &Value) -> Vec<(String, String)> {
    generator["files"]
        .as_sequence()
        .expect("files")
        .iter()
        .map(|f| {
            let f = f.as_str().expect("a file");
            let (key, path) = f.split_once('=').unwrap_or_else(|| (f.rsplit('/').next().unwrap_or(f), f));
            let text =
                std::fs::read_to_string(format!("{}/{path}", dir_of(dir))).unwrap_or_else(|e| panic!("{f}: {e}"));
            (key.to_owned(), text)
        })
        .collect()
}

/// The names a patch's target selects: kustomize reads `name` as an anchored regular
/// expression; here only alternatives of plain names (`a|b|c`) are read.
fn target_names(target: &Value) -> Vec<&str> {
    let names: Vec<&str> = target["name"].as_str().expect("a target name").split('|').collect();
    for n in &names {
        assert!(n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'), "{n:?}: only plain names are read here");
    }
    names
}

/// The documents of the overlay `dir` (under k8s/) on the base, as kustomize builds them
/// for what the checks read: its generated ConfigMaps keep their names, without
/// kustomize's hash suffix.
pub(crate) fn build(dir: &str) -> Vec<(String, Value)> {
    let kustomization = kustomization(dir);
    // Any other field (images, namespace, other generators, patch files) is not applied
    // here: the build would differ from kustomize's without saying so.
    let read = ["apiVersion", "kind", "resources", "configMapGenerator", "patches"];
    for (key, _) in kustomization.as_mapping().expect("a mapping") {
        assert!(read.iter().any(|r| key == *r), "{dir}: {key:?} is not read here (deploy/kustomize.rs)");
    }
    let resources = strings(&kustomization["resources"]);
    assert_eq!(resources.first(), Some(&"../../base"), "{dir}: an overlay of the base only");
    let mut docs = k8s_documents();
    docs.extend(kustomize_documents(dir));
    for generator in kustomization["configMapGenerator"].as_sequence().into_iter().flatten() {
        let data: Mapping = generator_files(dir, generator).into_iter().map(|(k, v)| (k.into(), v.into())).collect();
        let mut map = Mapping::new();
        map.insert("apiVersion".into(), "v1".into());
        map.insert("kind".into(), "ConfigMap".into());
        map.insert(
            "metadata".into(),
            Value::Mapping([("name".into(), generator["name"].clone())].into_iter().collect()),
        );
        map.insert("data".into(), Value::Mapping(data));
        docs.push(("configMapGenerator".to_owned(), Value::Mapping(map)));
    }
    for patch in kustomization["patches"].as_sequence().into_iter().flatten() {
        let text = patch["patch"].as_str().expect("patches are inline here");
        let body: Value = serde_yaml_ng::from_str(text).expect("a patch parses");
        if body["$patch"] == "delete" {
            let before = docs.len();
            docs.retain(|(_, d)| d["kind"] != body["kind"] || d["metadata"]["name"] != body["metadata"]["name"]);
            assert_eq!(docs.len() + 1, before, "{body:?} deletes one document");
            continue;
        }
        let ops = body.as_sequence().expect("a JSON patch: a list of operations");
        let target = &patch["target"];
        let names = target_names(target);
        let mut patched = 0;
        for (_, doc) in &mut docs {
            if doc["kind"] == target["kind"] && names.iter().any(|n| doc["metadata"]["name"] == *n) {
                json_patch(doc, ops);
                patched += 1;
            }
        }
        assert_eq!(patched, names.len(), "every target of {names:?} exists");
    }
    docs
}

/// Applies RFC 6902 operations (`test`, `remove`, `add`, `replace`), panicking where
/// kustomize fails the build.
fn json_patch(doc: &mut Value, ops: &[Value]) {
    for op in ops {
        let path = op["path"].as_str().expect("a path");
        let (parent, last) = path.rsplit_once('/').expect("a path of at least one step");
        let at = pointer_mut(doc, parent).unwrap_or_else(|| panic!("{path}: no such place"));
        let index = |len: usize| last.parse::<usize>().ok().filter(|i| *i <= len);
        match (op["op"].as_str(), at) {
            (Some("test"), at) => {
                let found = pointer_mut(at, &format!("/{last}")).map(|v| v.clone());
                assert_eq!(found.as_ref(), Some(&op["value"]), "test {path}");
            }
            (Some("remove"), Value::Sequence(s)) => {
                let i = index(s.len()).filter(|i| *i < s.len()).unwrap_or_else(|| panic!("remove {path}"));
                s.remove(i);
            }
            (Some("remove"), Value::Mapping(m)) => {
                m.remove(last).unwrap_or_else(|| panic!("remove {path}"));
            }
            (Some("add"), Value::Sequence(s)) if last == "-" => s.push(op["value"].clone()),
            (Some("add"), Value::Sequence(s)) => {
                let i = index(s.len()).unwrap_or_else(|| panic!("add {path}"));
                s.insert(i, op["value"].clone());
            }
            (Some("add" | "replace"), Value::Mapping(m)) => {
                m.insert(last.into(), op["value"].clone());
            }
            (Some("replace"), at) => {
                *pointer_mut(at, &format!("/{last}")).unwrap_or_else(|| panic!("replace {path}")) = op["value"].clone();
            }
            (other, _) => panic!("{other:?} at {path}: not read here"),
        }
    }
}

fn pointer_mut<'a>(mut value: &'a mut Value, path: &str) -> Option<&'a mut Value> {
    for token in path.split('/').skip(1) {
        let token = token.replace("~1", "/").replace("~0", "~");
        value = match value {
            Value::Sequence(s) => s.get_mut(token.parse::<usize>().ok()?)?,
            Value::Mapping(m) => m.get_mut(token.as_str())?,
            _ => return None,
        };
    }
    Some(value)
}
