//! The hard killer collections of `tests/data` (the forums' short form) read whole: every
//! puzzle's cages cover the grid once, and the cages with sums add up to the grid's total
//! when every cage has one. Solving them is timed in `docs/benchmarks.md`, not here.

use sudoku_core::format::{ReadOptions, read_str};

fn read_all(text: &str) -> Vec<sudoku_core::format::Entry> {
    let options = ReadOptions {
        constraints: true,
        ..ReadOptions::default()
    };
    read_str(text, options)
        .map(|e| e.unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

#[test]
fn every_killer_of_both_collections_reads_and_covers_the_grid() {
    for (text, expected) in [
        (include_str!("data/killers-tarek.txt"), 42),
        (include_str!("data/killers-mathemagic.txt"), 14),
    ] {
        let killers = read_all(text);
        assert_eq!(killers.len(), expected);
        for k in &killers {
            let layout = sudoku_core::Layout::classic();
            k.constraints
                .check(&layout)
                .unwrap_or_else(|e| panic!("line {}: {e}", k.line));
            let mut covered = [0u8; 81];
            for cage in k.constraints.cages() {
                for c in &cage.cells {
                    covered[c.index(9)] += 1;
                }
            }
            assert!(covered.iter().all(|&n| n == 1), "line {}", k.line);
            if k.constraints.cages().all(|c| c.sum.is_some()) {
                let total: u32 = k.constraints.cages().filter_map(|c| c.sum).sum();
                assert_eq!(total, 405, "line {}", k.line);
            }
        }
    }
}
