//! A puzzle the player gives on the command line or in a file: read, checked for exactly one
//! solution (with a bounded search), errors that say what and where.

use sudoku_core::format::{ReadOptions, read_str};
use sudoku_core::{Engine, Grid, Layout, Solver, Verdict};

use crate::TuiError;

/// The most search steps the uniqueness check of a given puzzle may take (a puzzle a person
/// can solve takes a few thousand).
const NODES: u64 = 1_000_000;

/// The one puzzle of `text` (a line, a grid over several lines, or JSON).
pub fn read_one(text: &str) -> Result<Grid, TuiError> {
    let mut entries = read_str(text, ReadOptions::default());
    match entries.next() {
        None => Err(TuiError::Puzzle("no puzzle found".into())),
        Some(Err(e)) => Err(TuiError::Puzzle(e.to_string())),
        Some(Ok(entry)) => Ok(entry.grid),
    }
}

/// The puzzle's one solution, or why there is none to play.
pub fn unique_solution(layout: &Layout, puzzle: &Grid) -> Result<Grid, TuiError> {
    let mut solver =
        Solver::new(layout.clone(), Engine::Auto).map_err(|e| TuiError::Puzzle(e.to_string()))?;
    match solver.verdict_within(puzzle, NODES) {
        Err(e) => Err(TuiError::Puzzle(e.to_string())),
        Ok(None) => Err(TuiError::Puzzle(format!(
            "the puzzle could not be checked for a single solution within {NODES} search steps"
        ))),
        Ok(Some(Verdict::Unique(solution))) => Ok(solution),
        Ok(Some(Verdict::Multiple(..))) => Err(TuiError::Puzzle(
            "the puzzle has more than one solution".into(),
        )),
        Ok(Some(Verdict::NoSolution)) => Err(TuiError::Puzzle("the puzzle has no solution".into())),
        Ok(Some(Verdict::Invalid(clash))) => {
            Err(TuiError::Puzzle(format!("the givens clash: {clash}")))
        }
    }
}
