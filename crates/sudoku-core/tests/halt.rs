//! A deadline or a stop flag cuts a search short, and the solver says so: the answer of a
//! cut search (here "no solution") is never mistaken for a real one.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use sudoku_core::{DlxSolver, Engine, Grid, Halted, Layout, Shape, Solver, Verdict};

/// An empty 16x16 grid: many solutions, found by a search (nothing to propagate).
fn empty_16() -> Grid {
    Grid::empty(Shape::new(4, 4).unwrap())
}

#[test]
fn a_passed_deadline_halts_the_search_and_says_so() {
    let grid = empty_16();
    let mut solver = DlxSolver::new(Layout::new(grid.shape()));
    solver.set_deadline(Some(Instant::now()));
    assert_eq!(solver.verdict(&grid).unwrap(), Verdict::NoSolution);
    assert_eq!(solver.halted(), Some(Halted::Deadline));
    assert_eq!(solver.count(&grid, 10).unwrap(), 0);
    assert_eq!(solver.halted(), Some(Halted::Deadline));
    let solutions = solver.solutions(&grid).unwrap();
    assert_eq!(solutions.clone().count(), 0);

    // A deadline far ahead: the real answer, and nothing cut.
    solver.set_deadline(Some(Instant::now() + Duration::from_secs(3600)));
    assert!(matches!(
        solver.verdict(&grid).unwrap(),
        Verdict::Multiple(..)
    ));
    assert_eq!(solver.halted(), None);
}

#[test]
fn a_raised_flag_halts_the_search() {
    let grid = empty_16();
    let mut solver = Solver::new(Layout::new(grid.shape()), Engine::Auto).unwrap();
    let flag = Arc::new(AtomicBool::new(true));
    solver.set_stop_flag(Some(flag));
    assert_eq!(solver.count(&grid, 5).unwrap(), 0);
    assert_eq!(solver.halted(), Some(Halted::Flag));
    solver.set_stop_flag(None);
    assert_eq!(solver.count(&grid, 5).unwrap(), 5);
    assert_eq!(solver.halted(), None);
}

/// The fast 9x9 solver needs no deadline; a puzzle it settles is never reported as cut, even
/// right after a dancing-links search that was.
#[test]
fn the_fast_solver_clears_a_cut_before_it() {
    let puzzle: Grid =
        ".93...7...14....957..8....4.8...51..1.64.....4.7.81...64..5..1.....6...9.....7.6."
            .parse()
            .unwrap();
    let mut solver = Solver::new(Layout::classic(), Engine::Auto).unwrap();
    solver.set_deadline(Some(Instant::now()));
    // Several solutions: the fast solver hands the puzzle to dancing links, which is cut.
    let open = Grid::empty(puzzle.shape());
    assert_eq!(solver.verdict(&open).unwrap(), Verdict::NoSolution);
    assert_eq!(solver.halted(), Some(Halted::Deadline));
    assert!(solver.verdict(&puzzle).unwrap().is_unique());
    assert_eq!(solver.halted(), None);
}
