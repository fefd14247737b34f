//! # sudoku_game
//!
//! A sudoku play session as a plain value, shared by the terminal and the browser game. It does
//! no I/O and reads no clock: every method that touches the timer takes the time as `now_ms`
//! (milliseconds on any monotone clock the caller chooses), so a session can be tested, saved
//! as JSON and loaded again anywhere.
//!
//! ## The main types
//!
//! A [`Game`] holds the givens and the solution, the player's digits ("entries") and pencil
//! marks ("notes"), the history of [`Move`]s for undo and redo (each move, and each restart,
//! is one undo step), the counters of mistakes, hints and reveals, the timer and the
//! [`Status`]. [`Game::hint`] asks `sudoku_logic` for a hint on the player's own position
//! (digits and notes; a cell without notes counts as having every candidate the placed digits
//! allow), mistakes first; [`Move::ApplyHint`] plays the next logical step.
//!
//! A [`drill::Question`] is the naked-single drill: a row or column of a random solution grid
//! with one digit hidden.
//!
//! ```
//! use sudoku_core::Grid;
//! use sudoku_game::{Game, GameVariant, Move, Status};
//!
//! let puzzle: Grid = "1.3.34.22.4.43.1".parse().unwrap();
//! let solution: Grid = "1234341221434321".parse().unwrap();
//! let mut game = Game::new(GameVariant::Classic, &puzzle, &solution, 0).unwrap();
//! game.resume(0);
//! let place = |cell: &str, digit| Move::Place { cell: cell.parse().unwrap(), digit, auto_notes: false };
//! for (cell, digit) in [("r1c2", 2), ("r1c4", 4), ("r2c3", 1), ("r3c2", 1), ("r3c4", 3)] {
//!     game.apply(&place(cell, digit), 1_000).unwrap();
//! }
//! assert_eq!(game.status(), Status::Playing);
//! game.apply(&place("r4c3", 2), 9_000).unwrap();
//! assert_eq!(game.status(), Status::Won);
//! assert_eq!(game.elapsed_ms(60_000), 9_000);
//! ```

#![warn(missing_docs)]

pub mod drill;
mod game;
mod moves;
pub mod offer;
mod timer;
pub mod zh;

pub use drill::{Drill, DrillKind, Question, Reply};
pub use game::{
    COLOURS, Check, Game, GameError, GameVariant, MAX_UNDO_CHANGES, MAX_UNDO_STEPS, Status,
};
pub use moves::{CellRef, Move};
pub use timer::Timer;
