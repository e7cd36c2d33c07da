//! The built React app: files from the static directory; every other path is a page
//! (`crate::page`), never one under `/api` (its scope answers JSON 404s first).
//! Hashed assets are cached for a year; everything else is revalidated.

use std::path::{Path, PathBuf};

use actix_web::web;

use actix_files::{Files, NamedFile};
use actix_web::guard;
use actix_web::http::header::{ACCEPT_ENCODING, ContentEncoding, HeaderValue, VARY};

use crate::AppState;

/// The file service rooted at `dir`, for the addresses that name something in the build
/// (`crate::page::build::Build::has`, which needs no file-system call): every other
/// address is a page, and never goes through the file service's look-up first.
pub(crate) fn files(dir: &Path) -> Files {
    Files::new("/", dir).prefer_utf8(true).use_etag(true).use_last_modified(true).guard(guard::fn_guard(|ctx| {
        let build = ctx.app_data::<web::Data<AppState>>().and_then(|state| state.build.as_ref());
        build.is_some_and(|build| build.has(ctx.head().uri.path()))
    }))
}

/// GET /assets/{file}: the precompressed sibling (`.br`, else `.gz`) when the browser
/// accepts it, with the original's content type; the plain file otherwise. A missing
/// asset is a 404, not the app's HTML under a `.js` name.
pub(crate) async fn asset(
    req: actix_web::HttpRequest,
    dir: actix_web::web::Data<StaticDir>,
) -> actix_web::Result<actix_web::HttpResponse> {
    let name = req.path().strip_prefix("/assets/").unwrap_or_default().to_owned();
    if name.is_empty() || name.contains("..") || name.contains('/') || name.contains('\\') {
        return Ok(actix_web::HttpResponse::NotFound().finish());
    }
    let plain = dir.0.join("assets").join(&name);
    let accepts = req.headers().get(ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let content_type =
        actix_files::file_extension_to_mime(plain.extension().and_then(|e| e.to_str()).unwrap_or_default());
    for (token, ext, encoding) in [("br", "br", ContentEncoding::Brotli), ("gzip", "gz", ContentEncoding::Gzip)] {
        let packed = dir.0.join("assets").join(format!("{name}.{ext}"));
        if accepts.split(',').any(|a| a.trim().starts_with(token)) && packed.is_file() {
            let file = NamedFile::open_async(&packed)
                .await?
                .set_content_type(content_type.clone())
                .set_content_encoding(encoding);
            let mut res = file.into_response(&req);
            res.headers_mut().insert(VARY, HeaderValue::from_static("Accept-Encoding"));
            return Ok(res);
        }
    }
    match NamedFile::open_async(&plain).await {
        Ok(file) => Ok(file.into_response(&req)),
        Err(_) => Ok(actix_web::HttpResponse::NotFound().finish()),
    }
}

/// The directory of the built SPA, as handler data.
pub(crate) struct StaticDir(pub(crate) PathBuf);
