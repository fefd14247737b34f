//! Brute Force: HoDoKu's last resort. When no technique applies, the digit of the solution is
//! placed in one empty cell, as a person would after trying it out: the middle one of the empty
//! cells in row-major order, as HoDoKu chooses. The step is labelled a guess, scores 10,000
//! and makes the puzzle Extreme, so a path never ends without a solution when the puzzle has
//! one.
//!
//! The solution is searched from the digits placed so far. It is used only when it is unique
//! and agrees with the position's candidates (a player's pencil marks may have lost the true
//! digit; then no guess is offered).

use sudoku_core::{DlxSolver, Verdict};

use crate::candidates::Candidates;
use crate::geometry::Geometry;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// The brute-force step at a position, if the position has exactly one solution.
pub(crate) fn step<const W: usize>(g: &Geometry<W>, pos: &Candidates) -> Option<Step> {
    let empty: Vec<usize> = (0..g.cell_count())
        .filter(|&i| pos.values()[i] == 0)
        .collect();
    let &cell = empty.get(empty.len() / 2)?;
    let verdict = DlxSolver::new(g.layout().clone())
        .verdict(&pos.to_grid())
        .ok()?;
    let Verdict::Unique(solution) = verdict else {
        return None;
    };
    let cell = g.cell(cell);
    let digit = solution.get(cell)?;
    if !pos.has(cell, digit) {
        return None;
    }
    let mut step = Step::new(Technique::BruteForce, vec![digit]);
    step.add_cell(cell, Role::Pattern);
    step.place(sudoku_core::Candidate { cell, digit });
    Some(step)
}
