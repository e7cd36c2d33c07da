//! Generic collections (the spec's "Generic collection handling"): GET, POST, PUT and
//! DELETE on `/api/{collection}/{id}`, with the semantics of the reference in-memory web
//! API. Transport-free: handlers turn a [`Reply`] into HTTP.

use std::collections::{BTreeMap, HashMap};

use serde_json::Value;

use crate::config::RuntimeConfig;
use crate::error::MockError;

/// What a collection operation answers: a status, an optional JSON body and, for a
/// create, the new item's location.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub status: u16,
    pub body: Option<Value>,
    pub location: Option<String>,
}

impl Reply {
    pub(crate) fn json(status: u16, body: Value) -> Self {
        Self { status, body: Some(body), location: None }
    }

    pub(crate) const fn no_content() -> Self {
        Self { status: 204, body: None, location: None }
    }
}

#[derive(Debug, Clone, Default)]
pub struct Db {
    collections: BTreeMap<String, Vec<Value>>,
    /// Each collection's item positions by id and by url, so finding an item (a product
    /// page, a category's products) does not read a benchmark's whole catalogue. Rebuilt
    /// for a collection whenever it changes.
    indexes: HashMap<String, Index>,
}

/// Where a collection's items are: by id, and by `url` for items that have one.
#[derive(Debug, Clone, Default)]
struct Index {
    ids: HashMap<String, usize>,
    urls: HashMap<String, usize>,
}

impl Index {
    fn of(items: &[Value]) -> Self {
        let mut index = Self { ids: HashMap::with_capacity(items.len()), urls: HashMap::new() };
        for (i, item) in items.iter().enumerate() {
            // The first of two items with one id (or url) is the one found, as a scan
            // finds it.
            if let Some(id) = item_id(item) {
                index.ids.entry(id).or_insert(i);
            }
            if let Some(url) = item.get("url").and_then(Value::as_str) {
                index.urls.entry(url.to_owned()).or_insert(i);
            }
        }
        index
    }
}

/// Ids compare as text, so `1` and `"1"` are the same item (as in the reference API).
fn id_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn item_id(item: &Value) -> Option<String> {
    item.get("id").and_then(id_text)
}

/// Case-insensitive search, by substring of a field's text.
fn matches(item: &Value, query: &[(String, String)], case_sensitive: bool) -> bool {
    query.iter().all(|(field, wanted)| {
        let Some(text) = item.get(field).and_then(|v| match v {
            Value::String(s) => Some(s.clone()),
            Value::Number(_) | Value::Bool(_) => Some(v.to_string()),
            _ => None,
        }) else {
            return false;
        };
        contains(&text, wanted, case_sensitive)
    })
}

/// Search is by substring, case-insensitive unless configured otherwise.
pub(crate) fn contains(text: &str, wanted: &str, case_sensitive: bool) -> bool {
    if case_sensitive { text.contains(wanted) } else { text.to_lowercase().contains(&wanted.to_lowercase()) }
}

impl Db {
    #[must_use]
    pub fn new(collections: Vec<(String, Vec<Value>)>) -> Self {
        let collections: BTreeMap<String, Vec<Value>> = collections.into_iter().collect();
        let indexes = collections.iter().map(|(name, items)| (name.clone(), Index::of(items))).collect();
        Self { collections, indexes }
    }

    /// The item of `name` whose id is `id`, found by its position.
    fn by_id(&self, name: &str, id: &str) -> Option<&Value> {
        let at = *self.indexes.get(name)?.ids.get(id)?;
        self.collections.get(name)?.get(at)
    }

    /// The items of `name` whose ids are `ids`, in that order; ids of no item are skipped.
    ///
    /// # Errors
    /// An unknown collection.
    pub fn by_ids<'a>(
        &'a self,
        name: &str,
        ids: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<&'a Value>, MockError> {
        let items = self.collection(name)?;
        let Some(index) = self.indexes.get(name) else { return Ok(Vec::new()) };
        Ok(ids.into_iter().filter_map(|id| items.get(*index.ids.get(id)?)).collect())
    }

    /// Keeps `name`'s positions true after a change.
    fn reindex(&mut self, name: &str) {
        if let Some(items) = self.collections.get(name) {
            self.indexes.insert(name.to_owned(), Index::of(items));
        }
    }

    fn collection(&self, name: &str) -> Result<&Vec<Value>, MockError> {
        self.collections.get(name).ok_or_else(|| MockError::CollectionNotFound(name.to_owned()))
    }

    fn collection_mut(&mut self, name: &str) -> Result<&mut Vec<Value>, MockError> {
        self.collections.get_mut(name).ok_or_else(|| MockError::CollectionNotFound(name.to_owned()))
    }

    /// The items of `name` in order.
    ///
    /// # Errors
    /// An unknown collection.
    pub fn items(&self, name: &str) -> Result<&[Value], MockError> {
        self.collection(name).map(Vec::as_slice)
    }

    /// The item of `name` whose id is `id_or_url`, else whose `url` is `/{id_or_url}`
    /// ("products with a url suffix"; categories are found the same way).
    ///
    /// # Errors
    /// An unknown collection or item.
    pub fn by_id_or_url(&self, name: &str, id_or_url: &str) -> Result<&Value, MockError> {
        let items = self.collection(name)?;
        let url = format!("/{id_or_url}");
        self.by_id(name, id_or_url)
            .or_else(|| items.get(*self.indexes.get(name)?.urls.get(&url)?))
            .ok_or_else(|| MockError::ItemNotFound { collection: name.to_owned(), id: id_or_url.to_owned() })
    }

    /// GET: the whole collection filtered by `query`, or one item.
    ///
    /// # Errors
    /// Unknown collection or item.
    pub fn get(
        &self,
        name: &str,
        id: Option<&str>,
        query: &[(String, String)],
        cfg: &RuntimeConfig,
    ) -> Result<Reply, MockError> {
        let items = self.collection(name)?;
        match id {
            None => {
                let found: Vec<Value> =
                    items.iter().filter(|i| matches(i, query, cfg.case_sensitive_search)).cloned().collect();
                Ok(Reply::json(200, Value::Array(found)))
            }
            Some(id) => self
                .by_id(name, id)
                .map(|i| Reply::json(200, i.clone()))
                .ok_or_else(|| MockError::ItemNotFound { collection: name.to_owned(), id: id.to_owned() }),
        }
    }

    /// POST: create, or (unless `post409`) replace an existing item.
    ///
    /// # Errors
    /// The spec's codes: 422, 400, 409.
    pub fn post(&mut self, name: &str, id: Option<&str>, item: Value, cfg: &RuntimeConfig) -> Result<Reply, MockError> {
        let reply = self.post_unindexed(name, id, item, cfg);
        self.reindex(name);
        reply
    }

    /// PUT: replace, or (unless `put404`) create.
    ///
    /// # Errors
    /// The spec's codes: 404 missing id, 400 id mismatch.
    pub fn put(&mut self, name: &str, id: Option<&str>, item: Value, cfg: &RuntimeConfig) -> Result<Reply, MockError> {
        let reply = self.put_unindexed(name, id, item, cfg);
        self.reindex(name);
        reply
    }

    /// DELETE: in the spec, deleting a missing item is not a 404 (unless `delete404`).
    ///
    /// # Errors
    /// 404 without an id, or for a missing item when configured.
    pub fn delete(&mut self, name: &str, id: Option<&str>, cfg: &RuntimeConfig) -> Result<Reply, MockError> {
        let reply = self.delete_unindexed(name, id, cfg);
        self.reindex(name);
        reply
    }

    /// [`Self::post`]'s change, before the positions are brought up to date.
    fn post_unindexed(
        &mut self,
        name: &str,
        id: Option<&str>,
        mut item: Value,
        cfg: &RuntimeConfig,
    ) -> Result<Reply, MockError> {
        if !item.is_object() {
            return Err(MockError::BadBody);
        }
        let items = self.collection_mut(name)?;
        let item_id = match item_id(&item) {
            Some(existing) => existing,
            None => {
                let generated = match id {
                    Some(id) => Value::String(id.to_owned()),
                    None => {
                        Value::from(next_numeric_id(items).ok_or_else(|| MockError::NonNumericId(name.to_owned()))?)
                    }
                };
                item["id"] = generated;
                self::item_id(&item).unwrap_or_default()
            }
        };
        if id.is_some_and(|id| id != item_id) {
            return Err(MockError::IdMismatch(name.to_owned()));
        }
        match items.iter().position(|i| self::item_id(i).as_deref() == Some(&item_id)) {
            None => {
                items.push(item.clone());
                Ok(Reply { status: 201, body: Some(item), location: Some(format!("{name}/{item_id}")) })
            }
            Some(_) if cfg.post409 => Err(MockError::Exists { collection: name.to_owned(), id: item_id }),
            Some(ix) => {
                items[ix] = item.clone();
                Ok(if cfg.post204 { Reply::no_content() } else { Reply::json(200, item) })
            }
        }
    }

    /// [`Self::put`]'s change, before the positions are brought up to date.
    fn put_unindexed(
        &mut self,
        name: &str,
        id: Option<&str>,
        item: Value,
        cfg: &RuntimeConfig,
    ) -> Result<Reply, MockError> {
        if !item.is_object() {
            return Err(MockError::BadBody);
        }
        let items = self.collection_mut(name)?;
        let item_id = item_id(&item).ok_or_else(|| MockError::MissingId(name.to_owned()))?;
        if id.is_some_and(|id| id != item_id) {
            return Err(MockError::IdMismatch(name.to_owned()));
        }
        match items.iter().position(|i| self::item_id(i).as_deref() == Some(&item_id)) {
            Some(ix) => {
                items[ix] = item.clone();
                Ok(if cfg.put204 { Reply::no_content() } else { Reply::json(200, item) })
            }
            None if cfg.put404 => Err(MockError::PutNotFound { collection: name.to_owned(), id: item_id }),
            None => {
                items.push(item.clone());
                Ok(Reply::json(201, item))
            }
        }
    }

    /// [`Self::delete`]'s change, before the positions are brought up to date.
    fn delete_unindexed(&mut self, name: &str, id: Option<&str>, cfg: &RuntimeConfig) -> Result<Reply, MockError> {
        let items = self.collection_mut(name)?;
        let id = id.ok_or_else(|| MockError::MissingId(name.to_owned()))?;
        let before = items.len();
        items.retain(|i| item_id(i).as_deref() != Some(id));
        if before == items.len() && cfg.delete404 {
            return Err(MockError::ItemNotFound { collection: name.to_owned(), id: id.to_owned() });
        }
        Ok(Reply::no_content())
    }
}

/// The next id of a collection whose ids are numbers; `None` when they are not (the
/// reference API can only generate numeric ids).
fn next_numeric_id(items: &[Value]) -> Option<u64> {
    if items.is_empty() {
        return Some(1);
    }
    if !items.first().and_then(|i| i.get("id")).is_some_and(Value::is_u64) {
        return None;
    }
    Some(items.iter().filter_map(|i| i.get("id").and_then(Value::as_u64)).max().unwrap_or(0) + 1)
}

#[cfg(test)]
mod tests;
