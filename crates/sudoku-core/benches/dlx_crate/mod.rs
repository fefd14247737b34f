//! The `dlx` crate (0.8.5, Algorithm X of its module `x`, feature `unsafe-fast-index`) on the
//! same 324-column encoding as the textbook solver, so that the two peers differ only in
//! their machinery: the 729 options (cell, row-digit, column-digit, box-digit) are linked
//! afresh for every puzzle by `dlx::x::make_problem`, each given is selected by covering its
//! four items through the crate's own `Dance::cover`, then the crate's `Solver` runs with its
//! minimum-remaining-values chooser, ties to the leftmost item (as the textbook and our engine
//! choose).
//!
//! The option lists themselves (item numbers only) are made once: they are the same for every
//! puzzle, and the crate takes them by reference.

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::{Dance, OptOrder, Solver, Uint};

/// What a search found: the number of solutions (up to the limit) and the first solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit.
    pub count: u64,
    /// The first solution found.
    pub first: Option<[u8; 81]>,
}

/// The 729 options, option `k` being the candidate `k % 9 + 1` in cell `k / 9`.
#[derive(Debug, Clone)]
pub struct DlxCrate {
    options: Vec<Vec<Uint>>,
}

/// The four items (0-based, as `dlx` numbers its input) of candidate option `k`.
fn items_of(k: usize) -> [usize; 4] {
    let (cell, d) = (k / 9, k % 9);
    let (r, c) = (cell / 9, cell % 9);
    let b = (r / 3) * 3 + c / 3;
    [cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d]
}

impl DlxCrate {
    /// The option lists of the full matrix.
    pub fn new() -> DlxCrate {
        let options = (0..729)
            .map(|k| items_of(k).iter().map(|&i| i as Uint).collect())
            .collect();
        DlxCrate { options }
    }

    /// Searches `givens` (81 digits, 0 for empty) for up to `limit` solutions. Givens that
    /// clash have no solution (covering an item twice would corrupt the links, so a clash is
    /// caught first).
    pub fn solve(&self, givens: &[u8; 81], limit: u64) -> Outcome {
        let mut problem = dlx::x::make_problem(324, 0, &self.options, OptOrder::Seq);
        let mut covered = [false; 324];
        for (cell, &v) in givens.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let items = items_of(cell * 9 + v as usize - 1);
            if items.iter().any(|&i| covered[i]) {
                return Outcome {
                    count: 0,
                    first: None,
                };
            }
            for i in items {
                covered[i] = true;
                // `dlx` numbers its items from 1 inside the links.
                problem.cover(i as Uint + 1);
            }
        }
        let mut solver = Solver::new(&mut problem);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        let mut count = 0;
        let mut first = None;
        while count < limit && solver.next_solution(&mut chooser) {
            count += 1;
            if first.is_none() {
                let mut grid = *givens;
                for &k in solver.fmt_solution() {
                    let k = k as usize;
                    grid[k / 9] = (k % 9) as u8 + 1;
                }
                first = Some(grid);
            }
        }
        Outcome { count, first }
    }
}
