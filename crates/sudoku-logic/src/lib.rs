//! # sudoku_logic
//!
//! Human-style sudoku solving for Dancing Sudoku: the techniques people use, each deduction
//! explained, solve paths and difficulty grades that follow HoDoKu 2.2.0, so that our levels and
//! scores can be checked against HoDoKu's.
//!
//! ## The main types
//!
//! A [`Candidates`] is a position of a solve: the digits placed so far and, for every empty
//! cell, the digits still possible there (pencil marks), as one bit set per cell. It works on
//! any [`sudoku_core::Layout`]: any box shape up to 35x35 and any variant houses.
//!
//! A [`Step`] is one deduction as data: its [`Technique`] (with HoDoKu's name, code, score and
//! level), the digits it is built on, the digits it places and the candidates it removes, and
//! [`Highlight`]s — every cell, candidate and house of the pattern with its [`Role`] (base and
//! cover houses, pattern candidates, fins, colours, links, removed, placed). That is enough to
//! draw the step; its text is rendered from the same data in English or Simplified Chinese
//! ([`Step::explain`], [`Lang`]). Steps serialize with serde for the web page.
//!
//! [`Logic`] is the solver for one layout. [`Logic::find_all_steps`] lists every instance of
//! every implemented technique at a position; [`Logic::next_step`] is the easiest one, the first
//! hit in HoDoKu's search order; [`Logic::solve_path`] takes the easiest step again and again
//! and records the [`SolvePath`], which says whether it solved the puzzle or where it got stuck.
//! A path's [`Grade`] is HoDoKu's: the sum of the step scores, and the hardest technique's
//! [`Level`] raised while the score exceeds that level's maximum. Brute Force (a labelled
//! guess of the solution's digit, as in HoDoKu) is the last resort, so every puzzle with one
//! solution gets a complete path; a puzzle with none or several is "beyond".
//!
//! [`Logic::hint`] gives a [`Hint`] for a player's own position in three [`Stage`]s (the
//! technique's name; the technique, digits and house; the whole step), after checking the
//! position against the solution and reporting any [`Mistake`] first.
//!
//! Which step a path takes matters for the score, so the path follows HoDoKu's choices too:
//! singles come from first-in-first-out queues fed the way HoDoKu feeds its own, each search
//! runs in HoDoKu's order and, where HoDoKu ranks what it found (chains, loops, ALS chains,
//! forcing chains), ranks the same way. On the 4525 HoDoKu-rated puzzles of the project's
//! shared data the level agrees on 99.8% and the score on 98.1%.
//!
//! The techniques live in [`techniques`], one module per family: singles, intersections,
//! subsets, fish (basic, finned and sashimi up to size 4; Franken; Mutant up to size 6 on
//! request; Siamese fish with [`Options::siamese_fish`]),
//! single-digit patterns (Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle), wings
//! (W, XY, XYZ), Remote Pair, uniqueness (Uniqueness Tests 1-6, Hidden Rectangle, Avoidable
//! Rectangles 1-2), BUG+1, colouring (Simple and Multi Colors), Sue de Coq, X- and XY-Chains,
//! nice loops and AICs (plain and grouped, by HoDoKu's tabling), ALS-XZ, ALS-XY-Wing and
//! ALS-XY-Chain, forcing chains and nets, and Brute Force. Chain steps carry their
//! [`Chain`]s (Eureka notation), ALS steps their [`AlsGroup`]s, and every such step a
//! plain-words [`Step::reason`]. The searches from Sue de Coq on run on grids up to 9x9,
//! as HoDoKu's; larger grids go from colouring to Brute Force. Found only by name, as
//! HoDoKu's solver has them off: Death Blossom, templates, the dual patterns. With their
//! HoDoKu options ([`Options`]): Siamese fish, overlapping ALSs, ALS nodes in grouped chains.
//! Not searched yet: Kraken fish. [`reglib`]
//! reads HoDoKu's library format (a position with pencil marks and the expected step), which
//! the regression tests use; [`pencilmarks`] reads a position printed as a pencil-mark grid.
//!
//! ```
//! use sudoku_core::{Grid, Layout};
//! use sudoku_logic::{Lang, Logic};
//!
//! let grid: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()
//!         .unwrap();
//! let logic = Logic::new(&Layout::classic());
//! let pos = logic.start(&grid).unwrap();
//! let step = logic.next_step(&pos).unwrap();
//! println!("{}", step.explain(Lang::En));
//! println!("{}", step.explain(Lang::Zh));
//! let path = logic.solve_path(&grid).unwrap();
//! assert!(path.is_solved());
//! println!("{}", path.grade());
//! ```

#![warn(missing_docs)]

pub mod bits;
pub mod candidates;
pub mod chain;
pub mod explain;
pub mod generate;
pub mod geometry;
pub mod grade;
pub mod hint;
pub mod intuitive;
pub mod ladder;
pub mod logic;
pub mod pencilmarks;
mod queue;
pub mod quick;
pub mod reason;
pub mod reglib;
pub mod step;
pub mod technique;
pub mod techniques;

pub use bits::{CellSet, DigitSet};
pub use candidates::{Candidates, CandidatesError};
pub use chain::{AlsGroup, Chain, ChainNode, LinkKind};
pub use explain::Lang;
pub use geometry::Geometry;
pub use grade::Grade;
pub use hint::{Hint, Mistake, Stage};
pub use logic::{Logic, Outcome, SolvePath, find_all_steps, solve_path};
pub use step::{Highlight, Role, Step, Target};
pub use technique::{Level, Technique};
pub use techniques::Options;
