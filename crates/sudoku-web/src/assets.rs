//! The page: the files of `static/`, embedded in release builds (read from disk in debug
//! builds, so the page can be edited without rebuilding the server).

use axum::body::Body;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::error::ApiError;

#[derive(RustEmbed)]
#[folder = "static/"]
struct Assets;

/// Shown at `/` until the page exists.
const PLACEHOLDER: &str = "<!doctype html><meta charset=utf-8><title>Dancing Sudoku</title>\
    <p>page coming</p>";

/// `GET /`: the page.
pub async fn index(headers: HeaderMap) -> Response {
    match serve("index.html", &headers) {
        Some(r) => r,
        None => (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            PLACEHOLDER,
        )
            .into_response(),
    }
}

/// Any other path: `/static/<file>` or `/<file>` of the page; a JSON 404 under `/api`.
pub async fn fallback(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::not_found(format!("no endpoint {path}")).into_response();
    }
    let name = path.trim_start_matches('/');
    let name = name.strip_prefix("static/").unwrap_or(name);
    serve(name, &headers).unwrap_or_else(|| (StatusCode::NOT_FOUND, "not found").into_response())
}

/// A file of the page as it is sent: its type, its validator, and its bytes plain and
/// gzipped (text compresses to a quarter; made once per file and kept).
struct Prepared {
    kind: String,
    etag: String,
    plain: Vec<u8>,
    gzip: Option<Vec<u8>>,
}

/// Files smaller than this go plain: the header costs more than gzip saves.
const GZIP_FROM: usize = 512;

fn prepare(name: &str) -> Option<Prepared> {
    let content = Assets::get(name)?;
    let mime = content.metadata.mimetype();
    let textual =
        mime.starts_with("text/") || mime.ends_with("javascript") || mime.ends_with("json");
    let kind = if name.ends_with(".webmanifest") {
        "application/manifest+json; charset=utf-8".to_string()
    } else if textual {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    };
    let hash = content.metadata.sha256_hash();
    let etag = format!(
        "\"{}\"",
        hash[..12]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let plain = content.data.into_owned();
    let compressible = textual || mime.ends_with("svg+xml") || name.ends_with(".webmanifest");
    let gzip = (compressible && plain.len() >= GZIP_FROM).then(|| gzip(&plain));
    Some(Prepared {
        kind,
        etag,
        plain,
        gzip: gzip.flatten(),
    })
}

fn gzip(bytes: &[u8]) -> Option<Vec<u8>> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).ok()?;
    encoder.finish().ok()
}

/// The prepared files, by name. In debug builds the files are read from disk on every
/// request (so the page can be edited while the server runs), so nothing is kept.
fn prepared(name: &str) -> Option<Arc<Prepared>> {
    if cfg!(debug_assertions) {
        return prepare(name).map(Arc::new);
    }
    static KEPT: OnceLock<Mutex<HashMap<String, Arc<Prepared>>>> = OnceLock::new();
    let kept = KEPT.get_or_init(Default::default);
    if let Some(p) = kept.lock().ok()?.get(name) {
        return Some(Arc::clone(p));
    }
    let p = Arc::new(prepare(name)?);
    kept.lock().ok()?.insert(name.to_string(), Arc::clone(&p));
    Some(p)
}

/// The comma-separated items of every `name` header, trimmed.
fn items(headers: &HeaderMap, name: header::HeaderName) -> impl Iterator<Item = &str> {
    headers
        .get_all(name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
}

/// A file of the page: gzipped when the browser takes it, `304 Not Modified` when the
/// browser's copy is current (`If-None-Match`). Every file is revalidated on use
/// (`no-cache`): a new server version is picked up at once, and an unchanged file costs a
/// 304 without a body.
fn serve(name: &str, request: &HeaderMap) -> Option<Response> {
    if name.is_empty() || name.split('/').any(|part| part == "..") {
        return None;
    }
    let p = prepared(name)?;
    let current = items(request, header::IF_NONE_MATCH)
        .any(|tag| tag == "*" || tag.trim_start_matches("W/") == p.etag);
    let takes_gzip = items(request, header::ACCEPT_ENCODING).any(|coding| {
        let mut parts = coding.split(';');
        let name = parts.next().unwrap_or("").trim();
        let refused = parts.any(|q| q.trim().replace(' ', "") == "q=0");
        name.eq_ignore_ascii_case("gzip") && !refused
    });
    let mut response = if current {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        match (&p.gzip, takes_gzip) {
            (Some(zipped), true) => {
                let mut r = Response::new(Body::from(zipped.clone()));
                r.headers_mut()
                    .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
                r
            }
            _ => Response::new(Body::from(p.plain.clone())),
        }
    };
    let headers = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&p.kind) {
        headers.insert(header::CONTENT_TYPE, v);
    }
    if let Ok(v) = HeaderValue::from_str(&p.etag) {
        headers.insert(header::ETAG, v);
    }
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Some(response)
}
