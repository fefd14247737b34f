//! # sudoku_tui
//!
//! The terminal front end of Dancing Sudoku: `sudoku play`, a full-screen game (ratatui with
//! crossterm), and `sudoku drill`, the singles drill, both saved in the same SQLite store as
//! the browser game ([`sudoku_store`]), so a game begun here is listed, resumed and counted
//! here and its statistics sit beside the page's.
//!
//! [`app::App`] is the game as state and keys, testable without a terminal; [`ui::draw`]
//! draws it (ratatui's `TestBackend` renders it in tests); [`play`] runs it in the terminal.
//! [`drill`] asks the drill's questions, full screen or as plain lines for scripts.

#![warn(missing_docs)]

pub mod app;
pub mod drill;
pub mod run;
pub mod text;
pub mod ui;

use std::path::PathBuf;

use sudoku_logic::Lang;
use sudoku_store::StoreError;
use thiserror::Error;

pub use run::play;

/// Why the terminal front end stopped.
#[derive(Debug, Error)]
pub enum TuiError {
    /// The store failed (it says which file and why).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A flow of the play core refused (in English; the terminal shows
    /// [`sudoku_play::PlayError::message_in`] the player's language where it can).
    #[error("{0}")]
    Play(#[from] sudoku_play::PlayError),
    /// The puzzle given does not make a game.
    #[error("{0}")]
    Puzzle(String),
    /// No puzzle could be made in time.
    #[error("{0}")]
    Generate(String),
    /// A bad option value.
    #[error("{0}")]
    Usage(String),
    /// The terminal could not be set up or read.
    #[error("terminal: {0}")]
    Terminal(#[from] std::io::Error),
}

/// How `sudoku play` and `sudoku drill` run.
#[derive(Debug, Clone)]
pub struct Options {
    /// The SQLite file (the one `sudoku serve` uses by default).
    pub db: PathBuf,
    /// The language of every text.
    pub lang: Lang,
    /// Colours from the terminal's palette (off with `NO_COLOR`).
    pub color: bool,
    /// Whose games and statistics these are.
    pub session: String,
}

impl Options {
    /// Options for `db` with the language and colour the environment asks for (`LANG`
    /// starting with `zh`; `NO_COLOR` set) and the session of the user (`USER`).
    pub fn from_env(db: PathBuf) -> Options {
        let var = |k: &str| std::env::var(k).unwrap_or_default();
        let lang = if var("LANG").to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        };
        let user = var("USER");
        Options {
            db,
            lang,
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
            session: format!(
                "terminal-{}",
                if user.is_empty() { "player" } else { &user }
            ),
        }
    }
}
