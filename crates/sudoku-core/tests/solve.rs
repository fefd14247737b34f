//! Solving and counting through the public API: the acceptance examples of the issue.

mod common;

use std::time::Instant;

use sudoku_core::{DlxSolver, Grid, Layout, Shape, SolveError, Transform, Variant, Verdict};

fn solver_for(grid: &Grid) -> DlxSolver {
    DlxSolver::new(Layout::new(grid.shape()))
}

#[test]
fn empty_4x4_has_288_solutions() {
    let empty = Grid::empty(Shape::new(2, 2).unwrap());
    let mut solver = solver_for(&empty);
    assert_eq!(solver.count(&empty, u64::MAX).unwrap(), 288);
    assert_eq!(solver.solutions(&empty).unwrap().count(), 288);
    assert_eq!(solver.count_parallel(&empty, 2).unwrap(), 288);
    // Without propagation too.
    let mut plain = DlxSolver::new(Layout::new(empty.shape())).propagate(false);
    assert_eq!(plain.count(&empty, u64::MAX).unwrap(), 288);
}

#[test]
fn every_4x4_with_one_given_has_72_solutions() {
    let shape = Shape::new(2, 2).unwrap();
    let mut solver = DlxSolver::new(Layout::new(shape));
    for cell in shape.cells() {
        for d in 1..=4 {
            let mut g = Grid::empty(shape);
            g.set(cell, sudoku_core::Digit::new(d));
            assert_eq!(solver.count(&g, u64::MAX).unwrap(), 72, "{g}");
        }
    }
    let example: Grid = ".4..............".parse().unwrap();
    assert_eq!(solver.count(&example, u64::MAX).unwrap(), 72);
    assert_eq!(solver.count(&example, 2).unwrap(), 2);
    let all: Vec<Grid> = solver.solutions(&example).unwrap().collect();
    assert_eq!(all.len(), 72);
    let mut distinct = all.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 72);
    for s in &all {
        solver.layout().check_solution(&example, s).unwrap();
    }
    assert!(matches!(
        solver.verdict(&example).unwrap(),
        Verdict::Multiple(..)
    ));
}

#[test]
#[ignore = "counts 28 million solutions: run with --ignored (about a minute on 2 cores)"]
fn empty_6x6_has_28_200_960_solutions() {
    let empty = Grid::empty(Shape::new(2, 3).unwrap());
    let mut solver = solver_for(&empty);
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
    assert_eq!(solver.count_parallel(&empty, jobs).unwrap(), 28_200_960);
}

#[test]
fn the_issue_examples_are_unique() {
    for line in [
        ".93...7...14....957..8....4.8...51..1.64.....4.7.81...64..5..1.....6...9.....7.6.",
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
    ] {
        let puzzle: Grid = line.parse().unwrap();
        let mut solver = DlxSolver::new(Layout::classic());
        let verdict = solver.verdict(&puzzle).unwrap();
        let solution = verdict.unique().expect("unique");
        solver.layout().check_solution(&puzzle, solution).unwrap();
        assert_eq!(solver.first(&puzzle).unwrap().as_ref(), Some(solution));
        assert_eq!(solver.count(&puzzle, u64::MAX).unwrap(), 1);
        // The same answers without propagation.
        let mut plain = DlxSolver::new(Layout::classic()).propagate(false);
        assert_eq!(plain.verdict(&puzzle).unwrap(), verdict);
    }
}

#[test]
fn verdicts_tell_the_cases_apart() {
    let mut solver = DlxSolver::new(Layout::classic());
    let none: Grid =
        "12345678.........9..............................................................."
            .parse()
            .unwrap();
    assert_eq!(solver.verdict(&none).unwrap(), Verdict::NoSolution);
    assert_eq!(solver.first(&none).unwrap(), None);
    assert_eq!(solver.count(&none, 2).unwrap(), 0);
    assert_eq!(solver.solutions(&none).unwrap().count(), 0);
    let invalid: Grid =
        "5.......5........................................................................"
            .parse()
            .unwrap();
    let Verdict::Invalid(c) = solver.verdict(&invalid).unwrap() else {
        panic!("not invalid")
    };
    assert_eq!(c.to_string(), "r1 has 5 twice: r1c1 and r1c9");
    assert!(matches!(
        solver.count(&invalid, 2),
        Err(SolveError::Conflict(_))
    ));
}

#[test]
fn a_verdict_within_a_node_budget_stops_or_agrees() {
    let puzzle: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let mut solver = DlxSolver::new(Layout::classic());
    let whole = solver.verdict(&puzzle).unwrap();
    let nodes = solver.stats().nodes;
    assert!(nodes > 2, "the puzzle needs a search: {nodes} nodes");
    // Too small a budget says so rather than answering "no solution".
    assert_eq!(solver.verdict_within(&puzzle, nodes / 2).unwrap(), None);
    // Enough of one gives the verdict of the unbounded search.
    assert_eq!(
        solver.verdict_within(&puzzle, nodes).unwrap(),
        Some(whole.clone())
    );
    let mut front = sudoku_core::Solver::new(Layout::classic(), sudoku_core::Engine::Dlx).unwrap();
    assert_eq!(front.verdict_within(&puzzle, 1).unwrap(), None);
    assert_eq!(
        front.verdict_within(&puzzle, u64::MAX).unwrap(),
        Some(whole)
    );
}

/// A puzzle of the given shape with a known solution: the pattern grid shuffled by a
/// transform, with cells emptied while it stays unique (up to `max_removed`).
fn big_puzzle(shape: Shape, seed: u64, max_removed: usize) -> (Grid, Grid) {
    let full = Transform::random(shape, seed)
        .apply(&Grid::pattern(shape))
        .unwrap();
    let puzzle = common::make_unique(&Layout::new(shape), &full, seed, max_removed);
    (puzzle, full)
}

#[test]
fn big_grids_solve() {
    for (shape, removed) in [
        (Shape::new(3, 4).unwrap(), 80),
        (Shape::new(4, 4).unwrap(), 150),
        (Shape::new(5, 5).unwrap(), 280),
    ] {
        for seed in 0..2 {
            let t0 = Instant::now();
            let (puzzle, full) = big_puzzle(shape, seed, removed);
            eprintln!(
                "{shape}: made in {:?}, {} givens",
                t0.elapsed(),
                puzzle.given_count()
            );
            assert!(puzzle.given_count() < shape.cell_count());
            for propagate in [true, false] {
                let mut solver = DlxSolver::new(Layout::new(shape)).propagate(propagate);
                let start = Instant::now();
                let verdict = solver.verdict(&puzzle).unwrap();
                let took = start.elapsed();
                eprintln!("{shape} propagate {propagate}: {took:?}");
                assert_eq!(verdict, Verdict::Unique(full.clone()), "{shape} {puzzle}");
            }
        }
    }
}

#[test]
fn all_box_shapes_solve() {
    for (r, c) in [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 3),
        (3, 4),
        (4, 3),
        (4, 4),
        (4, 5),
        (5, 5),
    ] {
        let shape = Shape::new(r, c).unwrap();
        let layout = Layout::new(shape);
        let mut solver = DlxSolver::new(layout.clone());
        // A third of the cells of a shuffled pattern grid emptied.
        let full = Transform::random(shape, 9)
            .apply(&Grid::pattern(shape))
            .unwrap();
        let mut start = full.clone();
        for k in (0..shape.cell_count()).step_by(3) {
            start.set(sudoku_core::Cell::from_index(k, shape.size()), None);
        }
        let s = solver.first(&start).unwrap().expect("solvable");
        layout.check_solution(&start, &s).unwrap();
        if shape.size() <= 9 {
            let empty = Grid::empty(shape);
            let random = solver
                .first_random(&empty, 3)
                .unwrap()
                .expect("a full grid");
            layout.check_solution(&empty, &random).unwrap();
        }
    }
}

const JIGSAW_REGIONS: &str = "\
111222223
111223233
111233333
444555666
444555566
444556669
777788969
777888999
778888999";

fn check_variant(variant: Variant, puzzle: &str, solution: &str) {
    let layout = Layout::with_variant(Shape::CLASSIC, variant).unwrap();
    let puzzle: Grid = puzzle.parse().unwrap();
    let expected: Grid = solution.parse().unwrap();
    // The plain rules alone leave it open; the variant houses make it unique.
    let mut plain = DlxSolver::new(Layout::classic());
    assert!(!plain.verdict(&puzzle).unwrap().is_unique());
    for propagate in [true, false] {
        let mut solver = DlxSolver::new(layout.clone()).propagate(propagate);
        let verdict = solver.verdict(&puzzle).unwrap();
        assert_eq!(verdict, Verdict::Unique(expected.clone()));
    }
    layout.check_solution(&puzzle, &expected).unwrap();
    // The check really looks at the variant houses: a plain-rules solution fails them.
    if let Ok(Some(other)) = plain.first(&puzzle)
        && other != expected
    {
        assert!(layout.check_solution(&puzzle, &other).is_err());
    }
}

#[test]
fn a_diagonal_puzzle() {
    check_variant(
        Variant {
            diagonals: true,
            ..Variant::default()
        },
        ".......5.3....4...8.........48.1.....3.4...6..........4....127.1.....6..67.5...4.",
        "916382754357194826824756139748615392231479568569823417483961275195247683672538941",
    );
}

#[test]
fn a_windoku_puzzle() {
    check_variant(
        Variant {
            windoku: true,
            ..Variant::default()
        },
        ".5.....7.47...3...3..6......1..2.....8.....4......6.........4..7.....1.2.....8.6.",
        "156982374478513629329674815613425798982731546547896231891267453765349182234158967",
    );
}

#[test]
fn a_jigsaw_puzzle() {
    let regions = Variant::parse_region_map(JIGSAW_REGIONS, Shape::CLASSIC).unwrap();
    check_variant(
        Variant {
            regions: Some(regions),
            ..Variant::default()
        },
        ".....2.1.89...1...6..........243.....6.....5......3.........78.1...........2.8..9",
        "375892416894761325621584973582436197963127854417953268239645781158379642746218539",
    );
}

#[test]
fn variants_combine() {
    // Diagonal windoku: a full grid exists and checks against every house.
    let variant = Variant {
        diagonals: true,
        windoku: true,
        ..Variant::default()
    };
    let layout = Layout::with_variant(Shape::CLASSIC, variant).unwrap();
    assert_eq!(layout.houses().len(), 27 + 2 + 4);
    let mut solver = DlxSolver::new(layout.clone());
    let empty = Grid::empty(Shape::CLASSIC);
    let full = solver.first(&empty).unwrap().expect("a solution");
    layout.check_solution(&empty, &full).unwrap();
    // Jigsaw with diagonals: the houses of both are there.
    let regions = Variant::parse_region_map(JIGSAW_REGIONS, Shape::CLASSIC).unwrap();
    let both = Layout::with_variant(
        Shape::CLASSIC,
        Variant {
            diagonals: true,
            regions: Some(regions),
            ..Variant::default()
        },
    )
    .unwrap();
    assert_eq!(both.houses().len(), 27 + 2);
    assert_eq!(both.houses()[18], sudoku_core::House::Region(0));
    // 4x4 with both diagonals: counted against a filter of the plain solutions.
    let shape = Shape::new(2, 2).unwrap();
    let x = Layout::with_variant(
        shape,
        Variant {
            diagonals: true,
            ..Variant::default()
        },
    )
    .unwrap();
    let empty = Grid::empty(shape);
    let mut plain = DlxSolver::new(Layout::new(shape));
    let filtered = plain
        .solutions(&empty)
        .unwrap()
        .filter(|g| x.conflict(g).is_none())
        .count() as u64;
    assert_eq!(DlxSolver::new(x).count(&empty, u64::MAX).unwrap(), filtered);
    assert!(filtered > 0 && filtered < 288);
}

#[test]
fn both_engines_give_the_same_verdicts() {
    use sudoku_core::{Engine, Solver};
    let mut fast = Solver::new(Layout::classic(), Engine::Auto).unwrap();
    let mut dlx = Solver::new(Layout::classic(), Engine::Dlx).unwrap();
    assert_eq!(fast.engine(), Engine::Fast);
    let cases = [
        // unique, several, none (r1 needs a 9 that c9 has), invalid givens.
        ".93...7...14....957..8....4.8...51..1.64.....4.7.81...64..5..1.....6...9.....7.6.",
        ".................................................................................",
        "12345678.........9...............................................................",
        "11...............................................................................",
    ];
    for case in cases {
        let grid: Grid = case.parse().unwrap();
        let verdict = fast.verdict(&grid).unwrap();
        assert_eq!(verdict, dlx.verdict(&grid).unwrap(), "{case}");
        assert_eq!(
            fast.count(&grid, 2).ok(),
            dlx.count(&grid, 2).ok(),
            "{case}"
        );
        // With several solutions the engines may find different ones first.
        let (a, b) = (fast.first(&grid), dlx.first(&grid));
        assert_eq!(a.is_ok(), b.is_ok(), "{case}");
        let (a, b) = (a.ok().flatten(), b.ok().flatten());
        assert_eq!(a.is_some(), b.is_some(), "{case}");
        if let Some(a) = a {
            Layout::classic().check_solution(&grid, &a).unwrap();
        }
    }
}
