//! # sudoku_core
//!
//! The puzzle model of Dancing Sudoku: grids of any box shape, variant houses, text formats,
//! the exact-cover encoding and the dancing-links solver, symmetry transforms and the
//! canonical form. It knows nothing about human solving techniques.
//!
//! ## The main types
//!
//! A grid has `N = R * C` rows, columns and digits, where `R x C` is its box [`Shape`]: `2x2`
//! gives 4x4 grids, `2x3` 6x6, `3x3` the classic 9x9, `4x4` 16x16, `5x5` 25x25; nothing in the
//! API treats 9x9 specially. Positions are typed: a [`Cell`] (written `r1c2`), a [`Digit`]
//! (`1`-`9`, then `A`-`Z`), a [`House`] (`r4`, `c7`, `b3`, the diagonals `d1` `d2`, jigsaw
//! regions `j1`.., extra regions `e1`..) and a [`Candidate`] (`5r1c2`).
//!
//! A [`Grid`] holds the digits of a puzzle (its givens, `0` for an empty cell) or of a
//! solution. A [`Layout`] lists the houses that must each hold every digit once: rows, columns
//! and boxes, or, with a [`Variant`], a jigsaw region map in place of the boxes, the two
//! diagonals, the windoku windows and any further regions, in any combination. Every variant
//! is still an exact cover.
//!
//! [`DlxSolver`] turns a grid into an exact-cover problem for the `exact_cover` engine
//! ([`encode`]: one item per empty cell and per (house, digit) pair no given settles, one
//! option per candidate no given rules out) and searches it: the first solution, a count up to
//! a limit, every solution as an iterator, or a [`Verdict`] — unique, several solutions, none,
//! or invalid givens with the house and cells that clash.
//!
//! [`Transform`] is a symmetry (relabel digits, transpose, rotate, reflect, permute rows in a
//! band, bands, columns in a stack, stacks); [`canonical()`] gives the smallest equivalent grid,
//! so equivalent puzzles can be recognised.
//!
//! [`format`](mod@format) reads batches of puzzles (one per line with labels, multi-line grids with or
//! without separators, JSON), each result carrying its line number, and writes lines, pretty
//! grids, JSON and CSV.
//!
//! ```
//! use sudoku_core::format::{read_str, ReadOptions};
//! use sudoku_core::{DlxSolver, Layout, Verdict};
//!
//! let input = "# a comment\n\
//!     .93...7...14....957..8....4.8...51..1.64.....4.7.81...64..5..1.....6...9.....7.6.\tnice\n\
//!     11...............................................................................\n";
//! let mut solver = DlxSolver::new(Layout::classic());
//! let mut lines = Vec::new();
//! for entry in read_str(input, ReadOptions::default()) {
//!     match entry {
//!         Ok(entry) => {
//!             let verdict = solver.verdict(&entry.grid).unwrap();
//!             if let Verdict::Unique(solution) = &verdict {
//!                 assert!(solver.layout().check_solution(&entry.grid, solution).is_ok());
//!             }
//!             lines.push(format!("{} {} {}", entry.line, verdict, entry.label));
//!         }
//!         Err(e) => lines.push(e.to_string()),
//!     }
//! }
//! assert_eq!(lines, ["2 unique nice", "3 invalid: r1 has 1 twice: r1c1 and r1c2 "]);
//! ```

#![warn(missing_docs)]

pub mod canonical;
pub mod constraint;
pub mod dig;
pub mod encode;
pub mod engine;
pub mod fast;
pub mod format;
pub mod grid;
pub mod layout;
mod propagate;
pub mod shape;
pub mod solve;
pub mod transform;
pub mod variant;

pub use canonical::{canonical, canonical_with_transform, canonical_within, equivalent};
pub use encode::{Encoder, Encoding};
pub use engine::{Engine, EngineError, Solver};
pub use format::{Entry, OutputFormat, ParseError, ParseErrorKind, ReadOptions};
pub use grid::{Grid, GridError};
pub use layout::{CheckError, Conflict, Layout, ShapeMismatch};
pub use shape::{Candidate, Cell, Digit, House, MAX_SIZE, Shape, ShapeError};
pub use solve::{DlxSolver, Halted, Solutions, SolveError, Verdict, verdict};
pub use transform::{Transform, TransformError};
pub use variant::{Variant, VariantError};
