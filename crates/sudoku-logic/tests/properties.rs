//! Properties on generated puzzles: at every position along a solve path, *every* step that
//! `find_all_steps` reports (not only the one the path takes) is sound against the solution,
//! and its explanation names every cell it changes, in both languages.

use proptest::prelude::*;
use sudoku_core::{Cell, DlxSolver, Grid, Layout, Shape, Transform};
use sudoku_logic::{Lang, Logic};

/// A minimal puzzle: a shuffled full grid, cells emptied in a seeded order while the solution
/// stays unique.
fn generate(shape: Shape, seed: u64) -> (Grid, Grid) {
    let full = Transform::random(shape, seed)
        .apply(&Grid::pattern(shape))
        .expect("same shape");
    let mut solver = DlxSolver::new(Layout::new(shape));
    let mut puzzle = full.clone();
    let n = shape.size();
    let mut order: Vec<usize> = (0..n * n).collect();
    let mut state = seed ^ 0x9E37_79B9_7F4A_7C15;
    for i in (1..order.len()).rev() {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        order.swap(i, (state >> 33) as usize % (i + 1));
    }
    for i in order {
        let cell = Cell::from_index(i, n);
        let keep = puzzle.get(cell);
        puzzle.set(cell, None);
        if solver.count(&puzzle, 2).expect("same shape") != 1 {
            puzzle.set(cell, keep);
        }
    }
    (puzzle, full)
}

fn check_all_steps(shape: Shape, seed: u64) {
    let (puzzle, solution) = generate(shape, seed);
    let layout = Layout::new(shape);
    let logic = Logic::new(&layout);
    let path = logic.solve_path(&puzzle).expect("valid");
    let mut pos = logic.start(&puzzle).expect("valid");
    for taken in path.steps.iter() {
        for step in logic.find_all_steps(&pos) {
            for p in &step.placements {
                assert_eq!(solution.get(p.cell), Some(p.digit), "{puzzle}: {step}");
            }
            for e in &step.eliminations {
                assert_ne!(solution.get(e.cell), Some(e.digit), "{puzzle}: {step}");
                for lang in [Lang::En, Lang::Zh] {
                    assert!(step.explain(lang).contains(&e.cell.to_string()), "{step}");
                }
            }
        }
        pos.apply(&layout, taken);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_step_is_sound_on_6x6(seed in any::<u64>()) {
        check_all_steps("2x3".parse().unwrap(), seed);
    }

    #[test]
    fn every_step_is_sound_on_9x9(seed in any::<u64>()) {
        check_all_steps(Shape::CLASSIC, seed);
    }
}
