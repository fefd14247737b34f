//! The play flows the browser (`sudoku-web`) and the terminal (`sudoku-tui`) share, so that
//! each is written once:
//!
//! - [`Games`], over the store: new games ([`starting`]: the ladder's puzzles from the pool
//!   or made within a budget, imports, the day's puzzle), moves and hints ([`games`]: a
//!   move as one job of the store's writer, a hint worked out beside it), the other
//!   actions, checks, lists and statistics ([`records`]), and the drill ([`drills`]);
//! - importing a puzzle ([`import`]: one reader, one search budget, one uniqueness check,
//!   one grade), the day's puzzle and streak ([`daily`]), the generator's bounds
//!   ([`making`]), the player's choices by name ([`choice`]);
//! - the logic solvers hints are worked out with ([`Solvers`], one per grid layout);
//! - [`PlayError`], one error type with a closed set of [`Code`]s and its text in English
//!   and Chinese (`zh`). The front ends decide only how to show an error: the web as an
//!   HTTP status and JSON body, the terminal as a message in the player's language;
//! - [`Env`], the clock and the ids the flows use: the system's, or a test's fixed ones;
//! - [`Blocking`], the same flows run to their end for a front end without an async runtime.
//!
//! The crate sits between the front ends and the store: `sudoku-web`, `sudoku-tui` →
//! `sudoku-play` → `sudoku-store` → `sudoku-game` → `sudoku-logic` → `sudoku-core`.

pub mod blocking;
pub mod choice;
pub mod daily;
pub mod drills;
pub mod env;
pub mod error;
pub mod games;
pub mod import;
pub mod making;
pub mod records;
pub mod solvers;
pub mod starting;
pub mod zh;

pub use blocking::Blocking;
pub use env::{Env, SystemEnv};
pub use error::{Code, PlayError};
pub use games::Games;
pub use import::{IMPORT_NODES, Imported, import, import_workbook, level_name};
pub use records::Action;
pub use solvers::Solvers;
pub use starting::{DailyStart, DailyStatus, Origin};
