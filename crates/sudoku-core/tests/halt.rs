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

/// A puzzle the fast 9x9 solver settles (an answer, not a long count) ends before it asks the
/// deadline, and is never reported as cut, even right after a dancing-links search that was.
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

/// A 9x9 count with a high limit is the fast solver's one unbounded search (the empty grid
/// has about 6.7e21 solutions): it asks the deadline and the flag every few thousand guesses,
/// and says it was cut. A small count ends before it first asks.
#[test]
fn a_long_9x9_count_stops_at_the_deadline_and_at_the_flag() {
    let empty = Grid::empty(Shape::CLASSIC);
    let mut solver = Solver::new(Layout::classic(), Engine::Auto).unwrap();
    let started = Instant::now();
    solver.set_deadline(Some(started + Duration::from_millis(50)));
    // Without the limits this count takes many seconds (millions of solutions a second).
    let high = 50_000_000;
    let counted = solver.count(&empty, high).unwrap();
    assert_eq!(solver.halted(), Some(Halted::Deadline));
    assert!(started.elapsed() < Duration::from_secs(5), "bounded");
    assert!(counted < high);

    solver.set_deadline(Some(Instant::now()));
    assert_eq!(solver.count(&empty, 10).unwrap(), 10);
    assert_eq!(solver.halted(), None, "ended before it asked");

    solver.set_deadline(None);
    solver.set_stop_flag(Some(Arc::new(AtomicBool::new(true))));
    assert!(solver.count(&empty, high).unwrap() < high);
    assert_eq!(solver.halted(), Some(Halted::Flag));
    solver.set_stop_flag(None);
    assert_eq!(solver.count(&empty, 1000).unwrap(), 1000);
    assert_eq!(solver.halted(), None);
}

/// A uniqueness check cut short by the deadline answers no, so the digger keeps the givens:
/// "no other solution found" from a search that stopped early proves nothing.
#[test]
fn a_removal_whose_check_was_cut_is_refused() {
    let shape = Shape::new(4, 4).unwrap();
    let layout = Layout::new(shape);
    let mut solver = Solver::new(layout.clone(), Engine::Auto).unwrap();
    let full = DlxSolver::new(layout)
        .first_random(&Grid::empty(shape), 5)
        .unwrap()
        .expect("a full grid");
    // Dug in a fixed scattered order as far as one solution allows: a puzzle whose emptied
    // cells need a search (more than propagation) to settle.
    let mut puzzle = full.clone();
    let mut removed = Vec::new();
    for step in 0..256 {
        let cell = sudoku_core::Cell::from_index(step * 97 % 256, 16);
        puzzle.set(cell, None);
        if solver.count(&puzzle, 2).unwrap() == 1 {
            removed.push(step * 97 % 256);
        } else {
            puzzle.set(cell, full.get(cell));
        }
    }
    assert!(solver.dlx().stats().nodes > 1, "the last count searched");

    solver.set_deadline(Some(Instant::now()));
    assert!(
        !solver
            .unique_after_removal(&puzzle, &full, &removed)
            .unwrap()
    );
    assert_eq!(solver.halted(), Some(Halted::Deadline));

    solver.set_deadline(None);
    assert!(
        solver
            .unique_after_removal(&puzzle, &full, &removed)
            .unwrap()
    );
    assert_eq!(solver.halted(), None);
}

/// A random fill starts again in another order when one runs long: the seed below took
/// 4,190,769 nodes (two seconds) in a single search; restarted, it takes a few thousand.
#[test]
fn a_random_fill_that_runs_long_starts_again() {
    let shape = Shape::new(4, 4).unwrap();
    let layout = Layout::new(shape);
    let mut solver = DlxSolver::new(layout.clone());
    let empty = Grid::empty(shape);
    let seed = 361u64.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let full = solver
        .first_random(&empty, seed)
        .unwrap()
        .expect("a full grid");
    layout.check_solution(&empty, &full).unwrap();
    let nodes = solver.stats().nodes;
    assert!(nodes < 100_000, "{nodes} nodes");
    assert!(
        nodes > 4096,
        "{nodes} nodes: the first search should have been cut"
    );
    // The same seed, the same grid.
    assert_eq!(solver.first_random(&empty, seed).unwrap(), Some(full));
}
