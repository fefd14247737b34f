//! Properties on generated puzzles: at every position along a solve path, *every* step that
//! `find_all_steps` reports (not only the one the path takes) is sound against the solution,
//! and its explanation names every cell it changes, in both languages.

use proptest::prelude::*;
use sudoku_core::dig::{DigOptions, Digger};
use sudoku_core::{Grid, Layout, Shape};
use sudoku_logic::{Lang, Logic};

/// A minimal puzzle of a shape and its solution, from the seed (`sudoku_core::dig`).
fn generate(shape: Shape, seed: u64) -> (Grid, Grid) {
    let options = DigOptions {
        minimal: true,
        ..DigOptions::default()
    };
    let dug = Digger::new(Layout::new(shape))
        .generate(&options, seed)
        .expect("a minimal puzzle");
    (dug.puzzle, dug.solution)
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
