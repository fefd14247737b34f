//! The generator across the ladder, sizes, variants and symmetries: every puzzle it hands out
//! has one solution (counted by the DLX engine, not the fast solver the generator uses), the
//! symmetry and range of givens asked for, and re-grades to the level and score range of its
//! rung; the same seed gives the same puzzle.

use sudoku_core::dig::Symmetry;
use sudoku_core::{Engine, Layout, Shape, Solver, Variant};
use sudoku_logic::Logic;
use sudoku_logic::generate::{Generated, Generator, Request};
use sudoku_logic::ladder::{LADDER, Rung};

fn check(layout: &Layout, rung: &Rung, request: &Request, made: &Generated) {
    let puzzle = &made.puzzle;
    let mut dlx = Solver::new(layout.clone(), Engine::Dlx).unwrap();
    assert_eq!(dlx.count(puzzle, 2).unwrap(), 1, "{} {puzzle}", rung.id);
    assert_eq!(dlx.first(puzzle).unwrap().as_ref(), Some(&made.solution));
    let givens = puzzle.given_count();
    let range = rung.givens_for(layout.shape());
    assert!(
        range.contains(&givens),
        "{} {givens} givens {puzzle}",
        rung.id
    );
    assert!(
        request.dig.symmetry.holds(puzzle),
        "{} {puzzle}",
        request.dig.symmetry
    );
    let regraded = Logic::new(layout).grade(puzzle).unwrap();
    assert_eq!(regraded, made.grade, "{puzzle}");
    assert_eq!(regraded.level, Some(rung.level), "{} {puzzle}", rung.id);
    assert!(rung.scores_for(layout.shape()).contains(&regraded.score));
}

/// Generates with each rung and symmetry for a few seeds; `rungs` names the rungs to try.
fn ladder(layout: &Layout, rungs: &[&str], symmetries: &[Symmetry], seeds: std::ops::Range<u64>) {
    let mut generator = Generator::new(layout);
    for rung in LADDER.iter().filter(|r| rungs.contains(&r.id)) {
        for &symmetry in symmetries {
            let mut request = rung.request(layout.shape());
            request.dig.symmetry = symmetry;
            // Master puzzles are rare: on 9x9 about one attempt in 150 makes one (75 of 600
            // seeds with 20 attempts each), so 400 attempts failed about one seed in 14;
            // 2,000 fail about one in 600,000.
            request.attempts = 2_000;
            for seed in seeds.clone() {
                let made = generator
                    .generate(&request, seed)
                    .unwrap_or_else(|e| panic!("{} {symmetry} seed {seed}: {e}", rung.id));
                check(layout, rung, &request, &made);
                assert_eq!(generator.generate(&request, seed).unwrap(), made);
            }
        }
    }
}

#[test]
fn classic_9x9_every_rung() {
    let all: Vec<&str> = LADDER.iter().map(|r| r.id).collect();
    ladder(&Layout::classic(), &all, &[Symmetry::None], 0..3);
}

#[test]
fn classic_9x9_every_symmetry() {
    let symmetries = [
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
    ];
    ladder(
        &Layout::classic(),
        &["beginner", "easy", "medium", "hard"],
        &symmetries,
        0..2,
    );
}

#[test]
fn other_sizes_and_the_diagonal_variant() {
    let shape = |r, c| Shape::new(r, c).unwrap();
    ladder(
        &Layout::new(shape(2, 2)),
        &["beginner", "easy"],
        &[Symmetry::None, Symmetry::Rotate180],
        0..4,
    );
    ladder(
        &Layout::new(shape(2, 3)),
        &["beginner", "easy", "hard"],
        &[Symmetry::None, Symmetry::Rotate180],
        0..3,
    );
    ladder(
        &Layout::new(shape(4, 4)),
        &["beginner", "easy"],
        &[Symmetry::None],
        0..2,
    );
    let x = Variant {
        diagonals: true,
        ..Variant::default()
    };
    let diagonal = Layout::with_variant(Shape::CLASSIC, x).unwrap();
    ladder(
        &diagonal,
        &["easy", "medium", "hard"],
        &[Symmetry::None, Symmetry::Mirror],
        0..2,
    );
}

/// A request no puzzle can meet ends with an error after the attempts allowed.
#[test]
fn impossible_rungs_end_with_a_message() {
    let layout = Layout::new(Shape::new(2, 2).unwrap());
    let mut generator = Generator::new(&layout);
    let mut request = Rung::by_id("master").unwrap().request(layout.shape());
    request.attempts = 50;
    let err = generator.generate(&request, 1).unwrap_err();
    assert!(err.to_string().contains("no extreme puzzle"), "{err}");
}
