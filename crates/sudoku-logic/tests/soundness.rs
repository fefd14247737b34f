//! Every step of every solve path is sound: replayed on a puzzle with a known solution, no
//! placement is wrong and no eliminated candidate is the solution's digit. Run on 300 9x9
//! puzzles from three collections and on generated puzzles of other box shapes.

use sudoku_core::dig::{DigOptions, Digger};
use sudoku_core::{DlxSolver, Grid, Layout, Shape};
use sudoku_logic::{Candidates, Grade, Logic, Outcome, Step, Technique};

/// Replays a path and panics at the first step that contradicts the solution.
fn check_path(logic: &Logic, puzzle: &Grid, solution: &Grid) -> (Outcome, Grade, Vec<Technique>) {
    let path = logic.solve_path(puzzle).expect("valid givens");
    let mut pos: Candidates = logic.start(puzzle).expect("valid givens");
    for (k, step) in path.steps.iter().enumerate() {
        check_step(&pos, step, solution, puzzle, k);
        pos.apply(logic.layout(), step);
    }
    if path.is_solved() {
        assert_eq!(&pos.to_grid(), solution, "{puzzle}: solved grid differs");
    }
    let used = path.steps.iter().map(|s| s.technique).collect();
    (path.outcome.clone(), path.grade(), used)
}

fn check_step(pos: &Candidates, step: &Step, solution: &Grid, puzzle: &Grid, k: usize) {
    assert!(
        step.is_productive(),
        "{puzzle} step {k}: {step} does nothing"
    );
    for p in &step.placements {
        assert_eq!(
            solution.get(p.cell),
            Some(p.digit),
            "{puzzle} step {k}: {step} places a wrong digit"
        );
    }
    for e in &step.eliminations {
        assert!(
            pos.has(e.cell, e.digit),
            "{puzzle} step {k}: {step} removes {e}, which is not a candidate"
        );
        assert_ne!(
            solution.get(e.cell),
            Some(e.digit),
            "{puzzle} step {k}: {step} removes the true candidate {e}"
        );
    }
}

/// Replays every puzzle of a file; returns (solved, total).
fn run_file(text: &str) -> (usize, usize) {
    let layout = Layout::classic();
    let logic = Logic::new(&layout);
    let mut solver = DlxSolver::new(layout.clone());
    let (mut solved, mut total) = (0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let puzzle: Grid = line.trim().parse().expect("81-character puzzle");
        let solution = solver
            .first(&puzzle)
            .expect("solvable")
            .expect("a solution");
        let (outcome, _, _) = check_path(&logic, &puzzle, &solution);
        total += 1;
        solved += usize::from(outcome == Outcome::Solved);
        assert!(!matches!(outcome, Outcome::Broken(_)), "{puzzle}: broken");
    }
    (solved, total)
}

#[test]
fn paths_are_sound_on_unbiased_puzzles() {
    let (solved, total) = run_file(include_str!("data/unbiased_1k.txt"));
    println!("unbiased: {solved}/{total} solved");
    // The others need chains or other techniques not implemented yet; these floors catch
    // regressions.
    assert!(
        solved >= 75,
        "only {solved} of {total} unbiased puzzles solved"
    );
}

#[test]
fn paths_are_sound_on_diabolical_puzzles() {
    let (solved, total) = run_file(include_str!("data/sudoku_exchange_diabolical.txt"));
    println!("diabolical: {solved}/{total} solved");
    assert!(
        solved >= 22,
        "only {solved} of {total} diabolical puzzles solved"
    );
}

#[test]
fn paths_are_sound_on_top1465() {
    let (solved, total) = run_file(include_str!("data/magictour_top1465.txt"));
    println!("top1465: {solved}/{total} solved");
    assert!(
        solved >= 57,
        "only {solved} of {total} top1465 puzzles solved"
    );
}

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

#[test]
fn paths_are_sound_on_other_shapes() {
    for (shape, count) in [
        ("2x2", 30),
        ("2x3", 30),
        ("3x2", 20),
        ("2x4", 15),
        ("3x4", 4),
    ] {
        let shape: Shape = shape.parse().expect("shape");
        let logic = Logic::new(&Layout::new(shape));
        let mut solved = 0;
        let mut used = std::collections::BTreeSet::new();
        for seed in 0..count {
            let (puzzle, solution) = generate(shape, seed);
            let (outcome, _, techniques) = check_path(&logic, &puzzle, &solution);
            solved += usize::from(outcome == Outcome::Solved);
            used.extend(techniques);
        }
        let names: Vec<&str> = used.iter().map(|t| t.name()).collect();
        println!(
            "{shape}: {solved}/{count} solved, techniques used: {}",
            names.join(", ")
        );
    }
}
