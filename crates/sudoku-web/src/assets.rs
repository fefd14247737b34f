//! The page: the files of `static/`, embedded in release builds (read from disk in debug
//! builds, so the page can be edited without rebuilding the server).

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, Uri, header};
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
pub async fn index() -> Response {
    match file("index.html") {
        Some(r) => r,
        None => (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            PLACEHOLDER,
        )
            .into_response(),
    }
}

/// Any other path: `/static/<file>` or `/<file>` of the page; a JSON 404 under `/api`.
pub async fn fallback(uri: Uri) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::not_found(format!("no endpoint {path}")).into_response();
    }
    let name = path.trim_start_matches('/');
    let name = name.strip_prefix("static/").unwrap_or(name);
    file(name).unwrap_or_else(|| (StatusCode::NOT_FOUND, "not found").into_response())
}

fn file(name: &str) -> Option<Response> {
    if name.is_empty() || name.split('/').any(|part| part == "..") {
        return None;
    }
    let content = Assets::get(name)?;
    let mime = content.metadata.mimetype();
    let kind =
        if mime.starts_with("text/") || mime.ends_with("javascript") || mime.ends_with("json") {
            format!("{mime}; charset=utf-8")
        } else {
            mime.to_string()
        };
    let mut response = Response::new(Body::from(content.data.into_owned()));
    let headers = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&kind) {
        headers.insert(header::CONTENT_TYPE, v);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Some(response)
}
