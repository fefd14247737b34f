//! Sessions, issued by the server: a cookie `sid` holding a random id (128 bits, 32 hex
//! digits) and its signature, `<id>.<tag>`, where the tag is the first 128 bits of
//! HMAC-SHA-256 of the id under a key the server made once and keeps in its database (so a
//! session outlives a restart). A session sees only its own games, drill questions and
//! statistics.
//!
//! The signature is what makes the per-session quotas hold: were any 32 hex digits taken as
//! a session, a client could make one up for every request and pass every quota (300
//! made-up sessions after a 429 would all be served). A cookie that does not verify is no
//! session at all. A cookie of the older form (the id alone) is still taken from a player who
//! has stored something under it, and is signed for them on that answer; an id nobody
//! stored anything under is no session.
//!
//! A request without a valid session gets a new one, counted against the address's quota of
//! new sessions (`quota.rs`): past it, a request that changes something is refused (429), a
//! read is served without a session. Every request that changes something is counted too.

use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::HeaderValue;
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use crate::AppState;
use crate::error::ApiError;
use crate::quota::ClientAddr;

/// The session of a request, put in its extensions by [`layer`]: its id, as games and drill
/// questions are stored under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session(pub String);

/// Keeps a year, so that statistics outlive a browser restart.
const MAX_AGE: u32 = 365 * 24 * 3600;

/// The key that signs session ids.
#[derive(Clone)]
pub struct SessionKey(Hmac<Sha256>);

impl std::fmt::Debug for SessionKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SessionKey(..)")
    }
}

impl SessionKey {
    /// The key of these bytes (any length; the server makes 32 random ones).
    pub fn new(bytes: &[u8]) -> Result<SessionKey, ApiError> {
        Hmac::<Sha256>::new_from_slice(bytes)
            .map(SessionKey)
            .map_err(|e| ApiError::internal(format!("the session key: {e}")))
    }

    fn mac(&self, id: &str) -> Hmac<Sha256> {
        let mut mac = self.0.clone();
        mac.update(b"sid:");
        mac.update(id.as_bytes());
        mac
    }

    /// The cookie value of session `id`: `<id>.<tag>`.
    pub fn sign(&self, id: &str) -> String {
        let tag = self.mac(id).finalize().into_bytes();
        format!("{id}.{}", hex(&tag[..16]))
    }

    /// The session id of a signed cookie value, if its tag is right (compared in constant
    /// time).
    pub fn verify<'a>(&self, value: &'a str) -> Option<&'a str> {
        let (id, tag) = value.split_once('.')?;
        if !is_id(id) || tag.len() != 32 {
            return None;
        }
        let tag = unhex(tag)?;
        self.mac(id).verify_truncated_left(&tag).ok().map(|()| id)
    }
}

/// What a request's cookie says about its session.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Cookie<'a> {
    /// A signed id that verifies.
    Signed(&'a str),
    /// An id in the older, unsigned form: a session only if something is stored under it.
    Unsigned(&'a str),
    /// No cookie, or one that does not verify.
    None,
}

/// Middleware: finds the request's session (or makes one), counts what the quotas count,
/// and sets the cookie on the answer for a new session or an unsigned one.
pub async fn layer(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let now = Instant::now();
    let addr = req.extensions().get::<ClientAddr>().copied();
    let changes = changes_state(&req);
    let key = match state.session_key().await {
        Ok(key) => key,
        Err(e) => return e.into_response(),
    };
    let found = match read_cookie(&req, &key) {
        Cookie::Signed(id) => Some((id.to_string(), false)),
        Cookie::Unsigned(id) => {
            let id = id.to_ascii_lowercase();
            match state
                .store()
                .session_known(&id)
                .await
                .map_err(ApiError::from)
            {
                Ok(true) => Some((id, true)),
                Ok(false) => None,
                Err(e) => return e.into_response(),
            }
        }
        Cookie::None => None,
    };
    let (sid, issue) = match found {
        Some(found) => found,
        None => {
            let counted = state.quotas().new_session(addr, now);
            match (counted, changes) {
                (Err(e), true) => return e.into_response(),
                // A read past the quota: served without a session (it stores nothing).
                (Err(_), false) => match crate::random_hex() {
                    Ok(sid) => (sid, false),
                    Err(e) => return e.into_response(),
                },
                (Ok(()), _) => match crate::random_hex() {
                    Ok(sid) => (sid, true),
                    Err(e) => return e.into_response(),
                },
            }
        }
    };
    if changes && let Err(e) = state.quotas().change(&sid, addr, now) {
        return e.into_response();
    }
    req.extensions_mut().insert(Session(sid.clone()));
    let mut response = next.run(req).await;
    if issue {
        let cookie = format!(
            "sid={}; HttpOnly; SameSite=Strict; Path=/; Max-Age={MAX_AGE}",
            key.sign(&sid)
        );
        match HeaderValue::from_str(&cookie) {
            Ok(v) => {
                response.headers_mut().append(SET_COOKIE, v);
            }
            Err(_) => return ApiError::internal("bad session cookie").into_response(),
        }
    }
    response
}

/// Middleware on the requests that start a game: counts it against the session's and the
/// address's quotas of new games and drill questions, before any puzzle is made.
pub async fn starts_game(State(state): State<AppState>, req: Request, next: Next) -> Response {
    match count_new(&state, &req) {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    }
}

/// Middleware on `POST /api/drill`: counts the question as [`starts_game`] counts a game,
/// and refuses it when the session holds as many questions as one may.
pub async fn asks_question(State(state): State<AppState>, req: Request, next: Next) -> Response {
    if let Err(e) = count_new(&state, &req) {
        return e.into_response();
    }
    let Some(Session(sid)) = req.extensions().get::<Session>().cloned() else {
        return ApiError::internal("no session").into_response();
    };
    let held = state
        .store()
        .count_questions(&sid)
        .await
        .map_err(ApiError::from)
        .and_then(|n| state.quotas().new_question(n));
    match held {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    }
}

fn count_new(state: &AppState, req: &Request) -> Result<(), ApiError> {
    let Some(Session(sid)) = req.extensions().get::<Session>() else {
        return Err(ApiError::internal("no session"));
    };
    let addr = req.extensions().get::<ClientAddr>().copied();
    state.quotas().new_thing(sid, addr, Instant::now())
}

/// Whether a request may store something (only those count against the quotas of changes).
fn changes_state(req: &Request) -> bool {
    !matches!(
        *req.method(),
        axum::http::Method::GET | axum::http::Method::HEAD | axum::http::Method::OPTIONS
    )
}

/// The session the `sid` cookies of a request name: the first that verifies, else the first
/// in the older form.
fn read_cookie<'a>(req: &'a Request, key: &SessionKey) -> Cookie<'a> {
    let values = req
        .headers()
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|header| header.split(';'))
        .filter_map(|pair| {
            let (name, value) = pair.trim().split_once('=')?;
            (name == "sid").then_some(value)
        });
    let mut unsigned = None;
    for value in values {
        if let Some(id) = key.verify(value) {
            return Cookie::Signed(id);
        }
        if unsigned.is_none() && is_id(value) {
            unsigned = Some(value);
        }
    }
    unsigned.map_or(Cookie::None, Cookie::Unsigned)
}

/// Whether `text` is a session id: 32 hex digits.
fn is_id(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(cookie: &str) -> Request {
        Request::builder()
            .header(COOKIE, cookie)
            .body(axum::body::Body::empty())
            .unwrap()
    }

    #[test]
    fn only_signed_sids_are_sessions() {
        let key = SessionKey::new(&[7; 32]).unwrap();
        let id = "0123456789abcdef0123456789abcdef";
        let signed = key.sign(id);
        assert_eq!(signed.len(), 65);
        assert_eq!(key.verify(&signed), Some(id));
        // Another key, a changed id or tag, a short tag: not a session.
        assert_eq!(SessionKey::new(&[8; 32]).unwrap().verify(&signed), None);
        let forged = format!("1{}", &signed[1..]);
        assert_eq!(key.verify(&forged), None);
        let mut bad_tag = signed.clone();
        bad_tag.replace_range(64.., if signed.ends_with('0') { "1" } else { "0" });
        assert_eq!(key.verify(&bad_tag), None);
        assert_eq!(key.verify(&signed[..60]), None);

        let req = request(&format!("a=b; sid={signed}"));
        assert_eq!(read_cookie(&req, &key), Cookie::Signed(id));
        let req = request(&format!("sid={id}"));
        assert_eq!(read_cookie(&req, &key), Cookie::Unsigned(id));
        for other in ["sid=123", "xsid=0123456789abcdef0123456789abcdef", "a=b"] {
            assert_eq!(read_cookie(&request(other), &key), Cookie::None, "{other}");
        }
        let req = request(&format!("sid={forged}"));
        assert_eq!(read_cookie(&req, &key), Cookie::None);
    }
}
