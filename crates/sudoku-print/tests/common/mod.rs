//! Helpers shared by the print tests.
#![allow(dead_code)]

use sudoku_core::{DlxSolver, Grid, Layout, Verdict};
use sudoku_print::Puzzle;

/// A 9x9 puzzle with one solution, with its solution and a label.
pub fn unique(text: &str, label: &str) -> Puzzle {
    let layout = Layout::classic();
    let givens: Grid = text.parse().expect("a grid");
    let mut solver = DlxSolver::new(layout.clone());
    let Ok(Verdict::Unique(solution)) = solver.verdict(&givens) else {
        panic!("not unique: {text}");
    };
    Puzzle {
        layout,
        givens,
        solution: Some(solution),
        label: Some(label.to_string()),
    }
}
