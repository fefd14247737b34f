//! Property tests: transforms map solutions to solutions, the canonical form is the same for
//! every transform of a grid, and DLX counts equal a plain backtracking reference.

mod common;

use proptest::prelude::*;
use sudoku_core::{
    Cell, DlxSolver, Grid, Layout, Shape, SolveError, Transform, Verdict, canonical,
    canonical_with_transform,
};

fn shape_strategy() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::new(2, 2).unwrap()),
        Just(Shape::new(2, 3).unwrap()),
        Just(Shape::new(3, 2).unwrap()),
    ]
}

/// A full grid of the shape (a shuffled pattern), with each cell kept with probability
/// `keep` percent, and `noise` cells overwritten with arbitrary digits (which may make it
/// unsolvable or invalid).
fn puzzle(shape: Shape, seed: u64, keep: u64, noise: &[(usize, u8)]) -> Grid {
    let full = Transform::random(shape, seed)
        .apply(&Grid::pattern(shape))
        .unwrap();
    let n = shape.size();
    let mut rng = exact_cover::Rng::new(seed ^ 0x5eed);
    let mut g = full.clone();
    for i in 0..n * n {
        if rng.below(100) >= keep {
            g.set(Cell::from_index(i, n), None);
        }
    }
    for &(i, d) in noise {
        let d = (d as usize % n) + 1;
        g.set(Cell::from_index(i % (n * n), n), sudoku_core::Digit::new(d));
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn dlx_counts_equal_the_reference(
        shape in shape_strategy(),
        seed in any::<u64>(),
        keep in 25u64..80,
        noise in proptest::collection::vec((0usize..36, 0u8..6), 0..3),
    ) {
        let g = puzzle(shape, seed, keep, &noise);
        let reference = common::reference_count(&g, 100_000);
        for propagate in [true, false] {
            let mut solver = DlxSolver::new(Layout::new(shape)).propagate(propagate);
            match (solver.count(&g, 100_000), reference) {
                (Ok(count), Some(r)) => prop_assert_eq!(count, r, "{} propagate {}", g, propagate),
                (Err(SolveError::Conflict(_)), None) => {}
                (got, r) => prop_assert!(false, "{}: dlx {:?}, reference {:?}", g, got, r),
            }
            let verdict = solver.verdict(&g).unwrap();
            let expected = match reference {
                None => "invalid",
                Some(0) => "none",
                Some(1) => "unique",
                Some(_) => "multiple",
            };
            prop_assert_eq!(verdict.name(), expected);
        }
    }

    #[test]
    fn transforms_map_solutions_to_solutions(
        shape in shape_strategy(),
        seed in any::<u64>(),
        t_seed in any::<u64>(),
        keep in 35u64..70,
    ) {
        let g = puzzle(shape, seed, keep, &[]);
        let t = Transform::random(shape, t_seed);
        let tg = t.apply(&g).unwrap();
        let mut solver = DlxSolver::new(Layout::new(shape));
        let mut mapped: Vec<Grid> = solver
            .solutions(&g)
            .unwrap()
            .map(|s| t.apply(&s).unwrap())
            .collect();
        let mut direct: Vec<Grid> = solver.solutions(&tg).unwrap().collect();
        mapped.sort();
        direct.sort();
        prop_assert_eq!(mapped, direct);
        // Rotations change a 2x3 grid into a 3x2 one; solve that one with its own layout.
        let r = Transform::rotate(shape, 1).then(&Transform::random(shape.transposed(), t_seed));
        let rg = r.apply(&g).unwrap();
        let mut turned = DlxSolver::new(Layout::new(rg.shape()));
        prop_assert_eq!(
            turned.count(&rg, u64::MAX).unwrap(),
            solver.count(&g, u64::MAX).unwrap()
        );
    }

    #[test]
    fn canonical_form_is_the_same_for_every_transform(
        shape in shape_strategy(),
        seed in any::<u64>(),
        t_seed in any::<u64>(),
        keep in 20u64..101,
    ) {
        let g = puzzle(shape, seed, keep, &[]);
        let t = Transform::random(shape, t_seed);
        let c = canonical(&g);
        prop_assert_eq!(&canonical(&t.apply(&g).unwrap()), &c);
        let (c2, to_c) = canonical_with_transform(&g);
        prop_assert_eq!(&to_c.apply(&g).unwrap(), &c2);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// 9x9: unique puzzles from the sample data, transformed; the transformed puzzle's
    /// solution is the transformed solution, and the canonical forms agree.
    #[test]
    fn classic_puzzles_under_transforms(index in 0usize..200, t_seed in any::<u64>()) {
        let text = include_str!("data/17_clue.txt");
        let line = text.lines().nth(index).unwrap();
        let g: Grid = line.parse().unwrap();
        let t = Transform::random(Shape::CLASSIC, t_seed);
        let mut solver = DlxSolver::new(Layout::classic());
        let Verdict::Unique(s) = solver.verdict(&g).unwrap() else {
            return Err(TestCaseError::fail("not unique"));
        };
        let tg = t.apply(&g).unwrap();
        prop_assert_eq!(solver.verdict(&tg).unwrap(), Verdict::Unique(t.apply(&s).unwrap()));
        prop_assert_eq!(canonical(&tg), canonical(&g));
        prop_assert_eq!(canonical(&t.apply(&s).unwrap()), canonical(&s));
        prop_assert_eq!(t.inverse().apply(&tg).unwrap(), g);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The digger's uniqueness test after a removal (forced cells, then "a solution with
    /// another digit here?" from the fast solver on 9x9 and from dancing links elsewhere) says
    /// what counting to two says, and both engines' `has_solution_without` (and DLX's search
    /// guided by the solution) agree with DLX solving the puzzle with each other digit placed
    /// there.
    #[test]
    fn uniqueness_after_a_removal_matches_counting(
        classic in any::<bool>(),
        seed in any::<u64>(),
        picks in proptest::collection::vec(any::<usize>(), 1..5),
        from_full in any::<bool>(),
    ) {
        use sudoku_core::dig::{DigOptions, Digger};
        use sudoku_core::{Engine, Solver};
        let shape = if classic { Shape::CLASSIC } else { Shape::new(2, 3).unwrap() };
        let layout = Layout::new(shape);
        let options = DigOptions { minimal: false, min_givens: 0, ..DigOptions::default() };
        let dug = Digger::new(layout.clone()).generate(&options, seed).unwrap();
        let n = shape.size();
        // From the dug puzzle, a removal mostly loses uniqueness; from the full grid it
        // never does (so "no solution with another digit here" is exercised too).
        let base = if from_full { &dug.solution } else { &dug.puzzle };
        let givens: Vec<usize> = (0..n * n).filter(|&i| base.values()[i] != 0).collect();
        let mut removed: Vec<usize> = picks.iter().map(|&p| givens[p % givens.len()]).collect();
        removed.sort_unstable();
        removed.dedup();
        let mut puzzle = base.clone();
        for &i in &removed {
            puzzle.set(Cell::from_index(i, n), None);
        }
        let mut dlx = DlxSolver::new(layout.clone());
        let unique = dlx.count(&puzzle, 2).unwrap() == 1;
        let mut solver = Solver::new(layout.clone(), Engine::Auto).unwrap();
        let verdict = solver.unique_after_removal(&puzzle, &dug.solution, &removed).unwrap();
        prop_assert_eq!(verdict, unique, "{} without {:?}", base, removed);
        let cells: Option<[u8; 81]> = classic.then(|| puzzle.values().try_into().unwrap());
        let mut fast = sudoku_core::fast::FastSolver::new();
        let mut reference = DlxSolver::new(layout.clone());
        let mut plain = DlxSolver::new(layout.clone()).propagate(false);
        // The reference: some other digit placed there leaves a solution.
        let mut solvable_with = |i: usize, e: usize| {
            let mut g = puzzle.clone();
            g.set(Cell::from_index(i, n), sudoku_core::Digit::new(e));
            matches!(reference.count(&g, 1), Ok(1))
        };
        for &i in &removed {
            for digit in 1..=n {
                let other = (1..=n).any(|e| e != digit && solvable_with(i, e));
                let got = dlx.has_solution_without(&puzzle, i, digit).unwrap();
                prop_assert_eq!(got, other, "DLX: {} cell {} digit {}", puzzle, i, digit);
                // Without propagation the cell is never settled before the search, so the
                // exclusion itself is what answers.
                let got = plain.has_solution_without(&puzzle, i, digit).unwrap();
                prop_assert_eq!(got, other, "plain DLX: {} cell {} digit {}", puzzle, i, digit);
                if let Some(cells) = &cells {
                    let got = fast.has_solution_without(cells, i, digit as u8).unwrap();
                    prop_assert_eq!(got, other, "fast: {} cell {} digit {}", puzzle, i, digit);
                }
            }
            // Guided by the solution (its options tried first), for its digit there.
            let own = dug.solution.values()[i] as usize;
            let other = (1..=n).any(|e| e != own && solvable_with(i, e));
            let got = dlx.has_solution_differing_at(&puzzle, &dug.solution, i).unwrap();
            prop_assert_eq!(got, other, "guided DLX: {} cell {}", puzzle, i);
        }
    }
}
