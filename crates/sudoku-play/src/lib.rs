//! The play flows the browser (`sudoku-web`) and the terminal (`sudoku-tui`) share, so that
//! each is written once: importing a puzzle (one reader, one search budget, one uniqueness
//! check, one grade), the logic solvers hints are worked out with ([`Solvers`], one per grid
//! layout, shared across threads), the moves and hints of a stored game ([`Games`]: a move
//! as one job of the store's writer, a hint worked out beside it), and [`PlayError`], one
//! error type with a closed set of [`Code`]s and its text in English and Chinese (`zh`). The
//! front ends decide only how to show an error: the web as an HTTP status and JSON body, the
//! terminal as a message in the player's language.
//!
//! The crate sits between the front ends and the store: `sudoku-web`, `sudoku-tui` →
//! `sudoku-play` → `sudoku-store` → `sudoku-game` → `sudoku-logic` → `sudoku-core`.

pub mod error;
pub mod games;
pub mod import;
pub mod solvers;
pub mod zh;

pub use error::{Code, PlayError};
pub use games::Games;
pub use import::{IMPORT_NODES, Imported, import, import_workbook, level_name};
pub use solvers::Solvers;
