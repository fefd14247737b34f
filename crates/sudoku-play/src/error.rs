//! [`PlayError`]: why a play flow refused, with a [`Code`] from a closed set and the message in
//! English and in Chinese. The front ends only choose how to show it: the web maps the code
//! to an HTTP status, the terminal shows the message in the player's language.

use std::fmt;

use sudoku_game::GameError;
use sudoku_logic::Lang;

/// Every error code a client of the program can meet, closed: `API.md` lists exactly these
/// (a test reads it), and the page and the terminal know each one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Code {
    /// A request body that is not JSON, or not the JSON value expected.
    BadJson,
    /// A field's value is wrong (the error names the field).
    BadField,
    /// The game, puzzle or page asked for does not exist.
    NotFound,
    /// The path exists, the method does not.
    MethodNotAllowed,
    /// A body larger than its endpoint takes.
    TooLarge,
    /// A body of a type its endpoint does not read.
    UnsupportedMediaType,
    /// A body that did not arrive in time.
    Timeout,
    /// A quota is used up.
    TooManyRequests,
    /// A change sent by a page of another origin.
    BadOrigin,
    /// The request does not fit the game's state (a move on a given, on a finished game).
    Conflict,
    /// An imported puzzle with no solution, or whose givens clash.
    NoSolution,
    /// An imported puzzle with more than one solution.
    SeveralSolutions,
    /// An imported puzzle whose uniqueness the bounded search could not settle.
    TooHard,
    /// The work could not be done within its bounded effort now; trying later may help.
    Unavailable,
    /// A fault of the program itself.
    Internal,
}

impl Code {
    /// Every code, in the order `API.md` lists them.
    pub const ALL: [Code; 15] = [
        Code::BadJson,
        Code::BadField,
        Code::NotFound,
        Code::MethodNotAllowed,
        Code::TooLarge,
        Code::UnsupportedMediaType,
        Code::Timeout,
        Code::TooManyRequests,
        Code::BadOrigin,
        Code::Conflict,
        Code::NoSolution,
        Code::SeveralSolutions,
        Code::TooHard,
        Code::Unavailable,
        Code::Internal,
    ];

    /// The code as clients read it: `bad_field`, `too_hard`.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::BadJson => "bad_json",
            Code::BadField => "bad_field",
            Code::NotFound => "not_found",
            Code::MethodNotAllowed => "method_not_allowed",
            Code::TooLarge => "too_large",
            Code::UnsupportedMediaType => "unsupported_media_type",
            Code::Timeout => "timeout",
            Code::TooManyRequests => "too_many_requests",
            Code::BadOrigin => "bad_origin",
            Code::Conflict => "conflict",
            Code::NoSolution => "no_solution",
            Code::SeveralSolutions => "several_solutions",
            Code::TooHard => "too_hard",
            Code::Unavailable => "unavailable",
            Code::Internal => "internal",
        }
    }

    /// The code of `text`, if it is one.
    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL.into_iter().find(|c| c.as_str() == text)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a play flow refused: what kind of fault ([`Code`]), where (the field, and for an
/// imported text its line and column), and a sentence in each language with the same facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayError {
    /// What kind of fault.
    pub code: Code,
    /// The field at fault (`puzzle`, `workbook`, `variant`, `cell`, ...).
    pub field: Option<String>,
    /// Line of an imported text, from 1.
    pub line: Option<u32>,
    /// Column of an imported text, from 1.
    pub column: Option<u32>,
    /// What is wrong, in English.
    pub message: String,
    /// What is wrong, in Chinese.
    pub message_zh: String,
}

impl PlayError {
    /// An error of `code` with its message in both languages.
    pub fn new(code: Code, message: impl Into<String>, message_zh: impl Into<String>) -> PlayError {
        PlayError {
            code,
            field: None,
            line: None,
            column: None,
            message: message.into(),
            message_zh: message_zh.into(),
        }
    }

    /// `bad_field` on `field`.
    pub fn bad_field(
        field: &str,
        message: impl Into<String>,
        message_zh: impl Into<String>,
    ) -> PlayError {
        PlayError::new(Code::BadField, message, message_zh).with_field(field)
    }

    /// A fault of the program (the Chinese says so without the English detail).
    pub fn internal(message: impl Into<String>) -> PlayError {
        PlayError::new(
            Code::Internal,
            message,
            crate::zh::generic(Code::Internal, None),
        )
    }

    /// Names the field at fault.
    pub fn with_field(mut self, field: &str) -> PlayError {
        self.field = Some(field.to_string());
        self
    }

    /// The message in `lang`.
    pub fn message_in(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.message_zh,
            _ => &self.message,
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PlayError {}

impl From<GameError> for PlayError {
    /// A refused move or action: errors about a value name their field (`bad_field`), the
    /// rest do not fit the game's state (`conflict`).
    fn from(e: GameError) -> PlayError {
        let zh = sudoku_game::zh::game_error(&e);
        match e.field() {
            Some(field) => PlayError::bad_field(field, e.to_string(), zh),
            None => PlayError::new(Code::Conflict, e.to_string(), zh),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back_and_is_distinct() {
        for code in Code::ALL {
            assert_eq!(Code::parse(code.as_str()), Some(code));
        }
        let mut names: Vec<_> = Code::ALL.iter().map(|c| c.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Code::ALL.len());
        assert_eq!(Code::parse("nonsense"), None);
    }
}
