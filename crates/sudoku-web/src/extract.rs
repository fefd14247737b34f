//! [`Body`]: a JSON body extractor whose every rejection is an [`ApiError`] — axum's own `Json`
//! answers in plain text and cannot name the field at fault. [`Id`]: the same for the id in a
//! path (`/api/games/{id}`).

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, OriginalUri, Path, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// The request body as `T`. An empty body reads as `{}` (so that endpoints whose fields are
/// all optional take no body at all); a body not sent as `application/json` is 415
/// `unsupported_media_type`; text that is not JSON is 400 `bad_json`; JSON of the wrong
/// shape or with a wrong value is 422 `bad_field` naming the field; a body over the limit is
/// 413 `too_large`.
#[derive(Debug, Clone)]
pub struct Body<T>(pub T);

impl<S, T> FromRequest<S> for Body<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Body<T>, ApiError> {
        let kind = req
            .headers()
            .get(axum::http::header::CONTENT_TYPE)
            .map(|v| v.to_str().unwrap_or("?").to_string());
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| body_error(e, crate::BODY_LIMIT))?;
        if !bytes.iter().all(u8::is_ascii_whitespace) {
            check_json_type(kind.as_deref())?;
        }
        parse(&bytes).map(Body)
    }
}

/// A body must be sent as `application/json` (a charset parameter allowed): 415 otherwise. A
/// page of another site can post a form as `text/plain` without asking first; it cannot post
/// JSON that way.
fn check_json_type(kind: Option<&str>) -> Result<(), ApiError> {
    let essence = kind
        .map(|k| {
            k.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        })
        .unwrap_or_default();
    if essence == "application/json" {
        return Ok(());
    }
    Err(ApiError::unsupported_type(format!(
        "the body must be JSON sent as Content-Type: application/json, not {}",
        kind.unwrap_or("a body without a Content-Type")
    )))
}

/// Why a body could not be read: larger than `limit` (413), too slow (408: the deadline of
/// `conn.rs` ran out), cut off by the server's stop (503), or broken off (400).
pub fn body_error(e: axum::extract::rejection::BytesRejection, limit: usize) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return ApiError::too_large(limit);
    }
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(&e);
    while let Some(err) = source {
        if let Some(cut) = err.downcast_ref::<crate::conn::BodyCut>() {
            return ApiError::body_cut(cut);
        }
        source = err.source();
    }
    ApiError::bad_json(e.body_text())
}

/// The `{id}` of a game or drill path. axum's `Path<String>` rejects an id that does not
/// decode to UTF-8 (`/api/games/%FF`) with a plain-text 400; no game or question has such an
/// id, so it is 404 `not_found` with the JSON body, exactly like any other unknown id.
#[derive(Debug, Clone)]
pub struct Id(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Id {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Id, ApiError> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) => Ok(Id(id)),
            Err(e) => {
                // The path as the client sent it: inside the nested `/api` router `uri` lacks
                // the prefix.
                let path = parts
                    .extensions
                    .get::<OriginalUri>()
                    .map_or(parts.uri.path(), |u| u.0.path());
                Err(ApiError::not_found(format!(
                    "no such id in {path}: {}",
                    e.body_text()
                )))
            }
        }
    }
}

/// Parses a body: JSON syntax first (400), then the shape and values (422).
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let value: serde_json::Value = if bytes.iter().all(u8::is_ascii_whitespace) {
        serde_json::Value::Object(Default::default())
    } else {
        serde_json::from_slice(bytes).map_err(|e| ApiError::bad_json(format!("not JSON: {e}")))?
    };
    if !value.is_object() {
        return Err(ApiError::bad_json("the body must be a JSON object"));
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let message = e.inner().to_string();
        let field = if path == "." {
            field_in_message(&message)
        } else {
            Some(path)
        };
        let err = ApiError::bad_field("", message);
        ApiError { field, ..err }
    })
}

/// The field serde names in `unknown field `x`` or `missing field `x``.
fn field_in_message(message: &str) -> Option<String> {
    let rest = message
        .strip_prefix("unknown field `")
        .or_else(|| message.strip_prefix("missing field `"))?;
    rest.split('`').next().map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct T {
        a: Option<u8>,
    }

    #[test]
    fn errors_name_the_field() {
        assert_eq!(parse::<T>(b"").unwrap().a, None);
        assert_eq!(parse::<T>(b"{\"a\": 3}").unwrap().a, Some(3));
        let e = parse::<T>(b"{\"a\": 3").unwrap_err();
        assert_eq!((e.code, e.status.as_u16()), ("bad_json", 400));
        let e = parse::<T>(b"[1]").unwrap_err();
        assert_eq!(e.code, "bad_json");
        let e = parse::<T>(b"{\"a\": 300}").unwrap_err();
        assert_eq!((e.code, e.field.as_deref()), ("bad_field", Some("a")));
        let e = parse::<T>(b"{\"b\": 1}").unwrap_err();
        assert_eq!((e.code, e.field.as_deref()), ("bad_field", Some("b")));
    }
}
