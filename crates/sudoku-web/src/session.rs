//! Sessions: a cookie `sid` with 128 random bits, made on the first request without a valid
//! one. A session sees only its own games, drill questions and statistics.

use axum::extract::Request;
use axum::http::HeaderValue;
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// The session of a request, put in its extensions by [`layer`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session(pub String);

/// Keeps a year, so that statistics outlive a browser restart.
const MAX_AGE: u32 = 365 * 24 * 3600;

/// Middleware: finds the `sid` cookie or makes a new session and sets the cookie on the
/// answer.
pub async fn layer(
    axum::extract::State(state): axum::extract::State<crate::AppState>,
    mut req: Request,
    next: Next,
) -> Response {
    let found = req
        .headers()
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(sid_in);
    let (sid, new) = match found {
        Some(sid) => (sid, false),
        None if changes_state(&req) => {
            let addr = req.extensions().get::<crate::quota::ClientAddr>().copied();
            if let Err(e) = state.quotas().new_session(addr, std::time::Instant::now()) {
                return e.into_response();
            }
            match crate::random_hex() {
                Ok(sid) => (sid, true),
                Err(e) => return e.into_response(),
            }
        }
        None => match crate::random_hex() {
            Ok(sid) => (sid, true),
            Err(e) => return e.into_response(),
        },
    };
    req.extensions_mut().insert(Session(sid.clone()));
    let mut response = next.run(req).await;
    if new {
        let cookie = format!("sid={sid}; HttpOnly; SameSite=Strict; Path=/; Max-Age={MAX_AGE}");
        match HeaderValue::from_str(&cookie) {
            Ok(v) => {
                response.headers_mut().append(SET_COOKIE, v);
            }
            Err(_) => return ApiError::internal("bad session cookie").into_response(),
        }
    }
    response
}

/// Whether a request may store something (only those count against the session quota).
fn changes_state(req: &Request) -> bool {
    !matches!(
        *req.method(),
        axum::http::Method::GET | axum::http::Method::HEAD | axum::http::Method::OPTIONS
    )
}

/// The `sid` of a Cookie header, if it is 32 hex digits (anything else is ignored, so a
/// forged or damaged cookie simply starts a new session).
fn sid_in(header: &str) -> Option<String> {
    header.split(';').find_map(|pair| {
        let (name, value) = pair.trim().split_once('=')?;
        let valid = value.len() == 32 && value.bytes().all(|b| b.is_ascii_hexdigit());
        (name == "sid" && valid).then(|| value.to_ascii_lowercase())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_well_formed_sids_count() {
        let sid = "0123456789abcdef0123456789ABCDEF";
        assert_eq!(
            sid_in(&format!("a=b; sid={sid}")),
            Some(sid.to_ascii_lowercase())
        );
        assert_eq!(sid_in("sid=123"), None);
        assert_eq!(sid_in("xsid=0123456789abcdef0123456789abcdef"), None);
    }
}
