//! What every answer carries and every state-changing request must show, so that the game is
//! safe to run beside other pages in a browser.
//!
//! * Headers on every response: a Content-Security-Policy that allows only the page's own
//!   files (no inline script, no other origin, no framing), `X-Content-Type-Options:
//!   nosniff`, `X-Frame-Options: DENY` for older browsers, and `Referrer-Policy: no-referrer`.
//! * A request that changes state (any method but GET, HEAD and OPTIONS) from a browser must
//!   come from the page itself: its `Origin` must be this server's own (scheme aside, the same
//!   host and port as the `Host` it was sent to), else 403 `bad_origin`. The session cookie is
//!   `SameSite=Strict`, but a page on another port of 127.0.0.1 is the same *site*, so the
//!   cookie alone would let it act in a player's session. A request without `Origin` (curl,
//!   scripts) is let through unless `Sec-Fetch-Site` says it came from another site.
//! * JSON bodies must say so: the body extractor answers 415 to a body whose Content-Type is
//!   not `application/json` (see `extract.rs`), which also keeps cross-site HTML forms out.

use axum::extract::Request;
use axum::http::{HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// The page's policy: its own scripts, styles, images and API; inline images as data URLs
/// (the favicon); nothing may frame it.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; \
    base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The middleware: checks the origin of state-changing requests, then adds the headers.
pub async fn layer(req: Request, next: Next) -> Response {
    let mut response = match check_origin(&req) {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// Refuses a state-changing request sent by a page of another origin.
fn check_origin(req: &Request) -> Result<(), ApiError> {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return Ok(());
    }
    let headers = req.headers();
    let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    match text(header::ORIGIN) {
        Some(origin) => {
            let host = text(header::HOST).unwrap_or("");
            let origin_host = origin
                .split_once("://")
                .map_or(origin, |(_, rest)| rest)
                .trim_end_matches('/');
            if !host.is_empty() && origin_host.eq_ignore_ascii_case(host) {
                Ok(())
            } else {
                Err(ApiError::forbidden(
                    "bad_origin",
                    format!("a request from {origin} may not change a game on {host}"),
                ))
            }
        }
        None => match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
            Some("cross-site" | "same-site") => Err(ApiError::forbidden(
                "bad_origin",
                "a request from another site may not change a game",
            )),
            _ => Ok(()),
        },
    }
}
