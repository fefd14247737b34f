//! # exact_cover
//!
//! Knuth's Algorithm X on dancing links, for exact-cover problems and their generalisations.
//!
//! A [`Problem`] has *items* and *options*; each option is a set of items. A solution is a set
//! of options that covers every **primary** item exactly once (or, with multiplicities
//! `u:v`, between `u` and `v` times) and every **secondary** item at most once, unless the
//! options that share a secondary item all give it the same **colour**.
//! These are the XC, XCC and MCC problems of *The Art of Computer Programming*, Volume 4B,
//! section 7.2.2.1, and this crate follows Knuth's programs DLX1, DLX2 and DLX3 so closely
//! that its search statistics ([`Stats`]: nodes and updates) are the same as theirs: the
//! item of minimum remaining length is chosen, ties to the leftmost, options in the order given.
//!
//! The search lives in a few flat arrays of 32-bit indices and allocates nothing per node.
//! It is a resumable state machine, so [`Search`] is a lazy iterator that can be driven in
//! slices (for progress reports) and stopped from outside ([`Solver::stop_flag`],
//! [`Solver::node_budget`]); [`Solver::count_parallel`] splits the tree near the root and counts
//! on several threads with the same totals. [`Solver::restrict`] searches part of a problem
//! (some items taken as covered already, some options left out) without building a new one,
//! for callers that solve many variants of one problem, such as a sudoku solver.
//!
//! Problems are built through [`Problem`]'s methods or read from Knuth's text format with
//! [`parse`]; `Display` writes them back.
//!
//! ```
//! // Items 1..7; options A..F. The one solution is {B, D, F}.
//! let text = "1 2 3 4 5 6 7\n1 4 7\n1 4\n4 5 7\n3 5 6\n2 3 6 7\n2 7\n";
//! let problem = exact_cover::parse(text).unwrap().problem;
//! let mut solutions = problem.solver().solutions();
//! assert_eq!(solutions.next(), Some(vec![1, 3, 5]));
//! assert_eq!(solutions.next(), None);
//! assert_eq!(solutions.stats().solutions, 1);
//! ```

#![warn(missing_docs)]

mod cells;
mod links;
mod problem;
mod rng;
mod search;
mod solver;
mod text;

pub use problem::{BuildError, ColorId, Item, ItemId, ItemKind, MAX_BOUND, Problem, Use};
pub use rng::Rng;
pub use solver::{
    Backend, Count, Halt, MAX_PARTS, PREFIXES_PER_PART, PartError, Search, Solver, Stats, Step,
    StopReason, check_parts,
};
pub use text::{ParseError, ParseErrorKind, Parsed, Warning, parse};
