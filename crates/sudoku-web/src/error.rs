//! [`ApiError`]: every error answer of the API, as the JSON body `API.md` describes, and
//! [`WebError`], why the server could not start.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use sudoku_game::GameError;
use sudoku_play::{Code, PlayError};
use thiserror::Error;

/// An error answer: status, machine-readable code, the field at fault, a message for people,
/// and for puzzle parse errors the line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// `bad_json`, `bad_field`, `not_found`, `method_not_allowed`, `too_large`, `conflict`,
    /// `no_solution`, `several_solutions`, `unsupported_media_type`, `bad_origin`, `timeout`, `too_many_requests`,
    /// `unavailable` or `internal`.
    pub code: &'static str,
    /// The request field whose value is wrong.
    pub field: Option<String>,
    /// What is wrong, in English.
    pub message: String,
    /// Line of an imported puzzle's text, from 1.
    pub line: Option<u32>,
    /// Column of an imported puzzle's text, from 1.
    pub column: Option<u32>,
    /// Seconds to wait before trying again (a `Retry-After` header), for 429 and 503.
    pub retry_after: Option<u32>,
    /// The message in Chinese where the error has a sentence of its own; otherwise the body
    /// carries the sentence for its code ([`crate::zh::generic`]).
    pub message_zh: Option<Box<str>>,
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            field: None,
            message: message.into(),
            line: None,
            column: None,
            retry_after: None,
            message_zh: None,
        }
    }

    /// Gives the message in Chinese.
    pub fn with_zh(mut self, message: impl Into<String>) -> ApiError {
        self.message_zh = Some(message.into().into_boxed_str());
        self
    }

    /// 429: a quota is used up; `retry_after` seconds until it may be tried again.
    pub fn too_many(message: impl Into<String>, retry_after: u32) -> ApiError {
        let mut e = ApiError::new(StatusCode::TOO_MANY_REQUESTS, "too_many_requests", message);
        e.retry_after = Some(retry_after);
        e
    }

    /// 400: the body is not JSON (or not the JSON value expected).
    pub fn bad_json(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_json", message)
    }

    /// 422: a field's value is wrong.
    pub fn bad_field(field: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_field", message).with_field(field)
    }

    /// 404.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// 413: a body larger than `limit` bytes, the most its endpoint takes.
    pub fn too_large(limit: usize) -> ApiError {
        let size = size_text(limit);
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("the body is larger than {size}, the most this request takes"),
        )
        .with_zh(crate::zh::too_large(&size))
    }

    /// 408: the body was cut off by its deadline.
    pub fn body_cut(cut: &crate::conn::BodyCut) -> ApiError {
        match cut {
            crate::conn::BodyCut::TooSlow {
                received,
                waited,
                limit,
                rate,
            } => ApiError::timeout(cut.to_string())
                .with_zh(crate::zh::body_too_slow(*received, *waited, *limit, *rate)),
            crate::conn::BodyCut::Stopping => {
                let mut e = ApiError::unavailable(cut.to_string()).with_zh(crate::zh::stopping());
                e.retry_after = Some(5);
                e
            }
        }
    }

    /// 415: a body that is not of the type the endpoint reads.
    pub fn unsupported_type(message: impl Into<String>) -> ApiError {
        ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            message,
        )
    }

    /// 408: the request's body did not arrive in time.
    pub fn timeout(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::REQUEST_TIMEOUT, "timeout", message)
    }

    /// 403 with a code (`bad_origin`).
    pub fn forbidden(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, code, message)
    }

    /// 405: the path exists, the method does not.
    pub fn method_not_allowed(message: impl Into<String>) -> ApiError {
        ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            message,
        )
    }

    /// 409: the request does not fit the game's state.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "conflict", message)
    }

    /// 422 with another code (`no_solution`, `several_solutions`).
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    /// 503: the request could not be met within the bounded effort.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", message)
    }

    /// 500: a fault of the server (the database, a task that died).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }

    /// Names the field at fault.
    pub fn with_field(mut self, field: impl Into<String>) -> ApiError {
        self.field = Some(field.into());
        self
    }

    /// The body: `{"error": {"code", "field", "message", "message_zh", "line"?, "column"?}}`.
    pub fn body(&self) -> Value {
        let mut e = Map::new();
        e.insert("code".into(), json!(self.code));
        e.insert("field".into(), json!(self.field));
        e.insert("message".into(), json!(self.message));
        let zh = self.message_zh.as_deref().map_or_else(
            || crate::zh::generic(self.code, self.field.as_deref()),
            str::to_string,
        );
        e.insert("message_zh".into(), json!(zh));
        if let Some(line) = self.line {
            e.insert("line".into(), json!(line));
        }
        if let Some(column) = self.column {
            e.insert("column".into(), json!(column));
        }
        json!({ "error": e })
    }
}

/// A number of bytes as the limits are stated: `16 KiB`, `2 MiB`, or bytes.
fn size_text(bytes: usize) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body())).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(seconds),
            );
        }
        response
    }
}

impl From<PlayError> for ApiError {
    /// The one mapping from a play flow's refusal to HTTP: its code decides the status, and
    /// the field, place and both sentences travel as they are.
    fn from(e: PlayError) -> ApiError {
        let status = match e.code {
            Code::BadJson => StatusCode::BAD_REQUEST,
            Code::BadField | Code::NoSolution | Code::SeveralSolutions | Code::TooHard => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            Code::NotFound => StatusCode::NOT_FOUND,
            Code::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Code::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Code::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Code::Timeout => StatusCode::REQUEST_TIMEOUT,
            Code::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
            Code::BadOrigin => StatusCode::FORBIDDEN,
            Code::Conflict => StatusCode::CONFLICT,
            Code::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            Code::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError {
            status,
            code: e.code.as_str(),
            field: e.field,
            message: e.message,
            line: e.line,
            column: e.column,
            retry_after: None,
            message_zh: Some(e.message_zh.into_boxed_str()),
        }
    }
}

impl From<GameError> for ApiError {
    /// As the play flows word it: errors about a value name their field (422); the rest
    /// conflict with the game (409).
    fn from(e: GameError) -> ApiError {
        ApiError::from(PlayError::from(e))
    }
}

impl From<sudoku_store::StoreError> for ApiError {
    /// The one place store errors become HTTP: missing is 404; a database locked by another
    /// program is 503 with `Retry-After` (the request can simply be sent again); anything
    /// else is the server's fault.
    fn from(e: sudoku_store::StoreError) -> ApiError {
        use sudoku_store::StoreError;
        match e {
            StoreError::NotFound(message) => ApiError::not_found(message),
            StoreError::Busy(_) => {
                let mut err = ApiError::unavailable(e.to_string())
                    .with_zh("数据库正被其他程序占用，请稍后再试。");
                err.retry_after = Some(2);
                err
            }
            other => ApiError::internal(other.to_string()),
        }
    }
}

impl From<tokio::task::JoinError> for ApiError {
    fn from(e: tokio::task::JoinError) -> ApiError {
        ApiError::internal(format!("a worker task failed: {e}"))
    }
}

/// Why the server could not start.
#[derive(Debug, Error)]
pub enum WebError {
    /// The database could not be opened, set up or started (a damaged file says so).
    #[error(transparent)]
    Store(#[from] sudoku_store::StoreError),
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: String,
        /// What the system said (address in use, permission denied...).
        source: std::io::Error,
    },
    /// The server stopped with an I/O error.
    #[error("the server stopped: {0}")]
    Serve(std::io::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The codes `API.md` lists under Errors, in its order: the list items that start with a
    /// code in backquotes.
    fn documented_codes() -> Vec<String> {
        let doc = include_str!("../API.md");
        let errors = doc
            .split("\n## Errors\n")
            .nth(1)
            .expect("API.md has an Errors section");
        let section = errors.split("\n## ").next().unwrap_or(errors);
        section
            .lines()
            .filter_map(|l| l.strip_prefix("- `"))
            .filter_map(|l| l.split_once('`').map(|(code, _)| code.to_string()))
            .collect()
    }

    #[test]
    fn api_md_lists_exactly_the_error_codes_of_the_program() {
        let program: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(documented_codes(), program);
    }

    #[test]
    fn a_play_error_keeps_its_place_and_both_sentences() {
        let mut e = PlayError::bad_field("puzzle", "Line 2: bad.", "第 2 行：有误。");
        e.line = Some(2);
        let api = ApiError::from(e);
        assert_eq!((api.status.as_u16(), api.code), (422, "bad_field"));
        let body = api.body();
        assert_eq!(body["error"]["line"], 2);
        assert_eq!(body["error"]["field"], "puzzle");
        assert_eq!(body["error"]["message_zh"], "第 2 行：有误。");
        for code in Code::ALL {
            let status = ApiError::from(PlayError::new(code, "x", "x")).status;
            assert!(
                status.is_client_error() || status.is_server_error(),
                "{code}: {status}"
            );
        }
    }
}
