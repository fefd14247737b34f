//! Every puzzle of the sample data (tests/data, see SOURCES.md) is solved and its solution
//! checked against the givens and the rules; the Serg benchmark puzzles have several solutions.

use sudoku_core::format::{ReadOptions, read_str};
use sudoku_core::{DlxSolver, Layout, Verdict};

fn check_file(name: &str, text: &str, expect_unique: bool) -> usize {
    let mut solver = DlxSolver::new(Layout::classic());
    let mut plain = DlxSolver::new(Layout::classic()).propagate(false);
    let mut count = 0;
    for entry in read_str(text, ReadOptions::default()) {
        let entry = entry.unwrap_or_else(|e| panic!("{name}: {e}"));
        let verdict = solver.verdict(&entry.grid).unwrap();
        let line = entry.line;
        match &verdict {
            Verdict::Unique(s) if expect_unique => {
                solver.layout().check_solution(&entry.grid, s).unwrap();
            }
            Verdict::Multiple(a, b) if !expect_unique => {
                assert_ne!(a, b, "{name}:{line}");
                solver.layout().check_solution(&entry.grid, a).unwrap();
                solver.layout().check_solution(&entry.grid, b).unwrap();
            }
            v => panic!("{name}:{line}: {v}"),
        }
        // The first solution agrees with the verdict's, and so does the search without
        // propagation (on a subset, to keep the test quick).
        let first = solver.first(&entry.grid).unwrap().expect("a solution");
        solver.layout().check_solution(&entry.grid, &first).unwrap();
        if line % 10 == 1 {
            assert_eq!(plain.verdict(&entry.grid).unwrap().name(), verdict.name());
        }
        count += 1;
    }
    count
}

#[test]
fn sample_files_solve() {
    let files: [(&str, &str, bool, usize); 7] = [
        ("17_clue", include_str!("data/17_clue.txt"), true, 200),
        (
            "forum_hardest_1106",
            include_str!("data/forum_hardest_1106.txt"),
            true,
            100,
        ),
        (
            "forum_hardest_1905_11plus",
            include_str!("data/forum_hardest_1905_11plus.txt"),
            true,
            100,
        ),
        (
            "magictour_top1465",
            include_str!("data/magictour_top1465.txt"),
            true,
            100,
        ),
        (
            "sudoku_exchange_diabolical",
            include_str!("data/sudoku_exchange_diabolical.txt"),
            true,
            100,
        ),
        (
            "unbiased_1k",
            include_str!("data/unbiased_1k.txt"),
            true,
            100,
        ),
        (
            "serg_benchmark",
            include_str!("data/serg_benchmark.txt"),
            false,
            100,
        ),
    ];
    for (name, text, unique, lines) in files {
        assert_eq!(check_file(name, text, unique), lines, "{name}");
    }
}

#[test]
fn ratings_are_kept_as_labels() {
    let text = include_str!("data/sudoku_exchange_diabolical_ratings.tsv");
    let entries: Vec<_> = read_str(text, ReadOptions::default())
        .map(|e| e.unwrap())
        .collect();
    assert_eq!(entries.len(), 50);
    assert_eq!(entries[0].label, "7.2");
    assert_eq!(entries[1].line, 2);
    for e in &entries {
        let rating: f64 = e.label.parse().unwrap();
        assert!((5.0..10.0).contains(&rating));
    }
    assert_eq!(check_file("ratings", text, true), 50);
}
