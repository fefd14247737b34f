//! The fast 9x9 solver ([`sudoku_core::fast`]) against the `sudoku` crate (a port of
//! JCZSolve, the peer to beat) and our DLX path ([`DlxSolver`]), under criterion, on the
//! repository's sample sets (`tests/data`): one group per set and mode, one function per
//! engine, throughput in puzzles, so criterion's report reads as puzzles per second.
//!
//! ```text
//! cargo bench -p sudoku-core --bench fast                 # every group
//! cargo bench -p sudoku-core --bench fast -- forum        # groups whose name has "forum"
//! ```
//!
//! The modes: `first` (the first solution) and `count2` (count up to two solutions: the
//! uniqueness check). Each iteration solves the whole sample once; the puzzles are parsed
//! before timing, and each engine sets its own state up from the 81 digits inside the timed
//! loop (the peer's `Sudoku::from_bytes` is one pass over the bytes, as is our setup check).
//!
//! Criterion measures wall time; for CPU-time ratios over the full data sets, with the engines
//! alternating and every answer cross-checked, use `sudoku bench` (see `sudoku bench --help`).
//! This bench checks, once before timing, that the three engines agree on every sample puzzle
//! (the same solution, the same count), and panics if they do not.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudoku_core::fast::FastSolver;
use sudoku_core::format::{ReadOptions, read_str};
use sudoku_core::{DlxSolver, Grid, Layout, Shape};

/// The sample sets: name and text. The first four are the sets of the issue's table.
const SETS: [(&str, &str); 5] = [
    ("17_clue", include_str!("../tests/data/17_clue.txt")),
    (
        "top1465",
        include_str!("../tests/data/magictour_top1465.txt"),
    ),
    (
        "forum_11plus",
        include_str!("../tests/data/forum_hardest_1905_11plus.txt"),
    ),
    (
        "forum_1106",
        include_str!("../tests/data/forum_hardest_1106.txt"),
    ),
    ("unbiased", include_str!("../tests/data/unbiased_1k.txt")),
];

/// A puzzle in the forms the engines take.
struct Puzzle {
    digits: [u8; 81],
    grid: Grid,
}

fn puzzles(text: &str) -> Vec<Puzzle> {
    let options = ReadOptions {
        shape: Some(Shape::CLASSIC),
        ..ReadOptions::default()
    };
    read_str(text, options)
        .map(|entry| {
            let grid = entry.expect("the samples are well formed").grid;
            let digits = <[u8; 81]>::try_from(grid.values()).expect("9x9");
            Puzzle { digits, grid }
        })
        .collect()
}

/// The first solution of each engine, and the count to two, must agree on every puzzle.
fn check(name: &str, set: &[Puzzle]) {
    let mut fast = FastSolver::new();
    let mut dlx = DlxSolver::new(Layout::classic());
    for (k, p) in set.iter().enumerate() {
        let ours = fast.first(&p.digits).expect("valid givens");
        let theirs = sudoku::Sudoku::from_bytes(p.digits)
            .expect("digits 0-9")
            .some_solution()
            .map(|s| s.to_bytes());
        let dlx_first = dlx
            .first(&p.grid)
            .expect("valid givens")
            .map(|g| <[u8; 81]>::try_from(g.values()).expect("9x9"));
        let counts = (
            fast.count(&p.digits, 2).expect("valid givens"),
            sudoku::Sudoku::from_bytes(p.digits)
                .expect("digits 0-9")
                .solutions_count_up_to(2) as u64,
            dlx.count(&p.grid, 2).expect("valid givens"),
        );
        assert!(
            counts.0 == counts.1 && counts.1 == counts.2,
            "{name} puzzle {}: counts fast/peer/dlx {counts:?}",
            k + 1
        );
        if counts.0 == 1 {
            assert!(
                ours == theirs && ours == dlx_first,
                "{name} puzzle {}: the first solutions differ",
                k + 1
            );
        }
    }
}

fn bench(c: &mut Criterion) {
    for (name, text) in SETS {
        let set = puzzles(text);
        check(name, &set);
        for mode in ["first", "count2"] {
            let mut group = c.benchmark_group(format!("{name}/{mode}"));
            group.throughput(Throughput::Elements(set.len() as u64));
            group.sample_size(10);
            group.warm_up_time(Duration::from_millis(500));
            group.measurement_time(Duration::from_secs(2));
            let count = mode == "count2";

            let mut fast = FastSolver::new();
            group.bench_function(BenchmarkId::from_parameter("fast"), |b| {
                b.iter(|| {
                    let mut found = 0u64;
                    for p in &set {
                        found += if count {
                            fast.count(black_box(&p.digits), 2).unwrap_or(0)
                        } else {
                            u64::from(fast.first(black_box(&p.digits)).is_ok_and(|s| s.is_some()))
                        };
                    }
                    found
                });
            });

            group.bench_function(BenchmarkId::from_parameter("peer"), |b| {
                b.iter(|| {
                    let mut found = 0u64;
                    for p in &set {
                        let Ok(s) = sudoku::Sudoku::from_bytes(*black_box(&p.digits)) else {
                            continue;
                        };
                        found += if count {
                            s.solutions_count_up_to(2) as u64
                        } else {
                            u64::from(s.some_solution().is_some())
                        };
                    }
                    found
                });
            });

            let mut dlx = DlxSolver::new(Layout::classic());
            group.bench_function(BenchmarkId::from_parameter("dlx"), |b| {
                b.iter(|| {
                    let mut found = 0u64;
                    for p in &set {
                        found += if count {
                            dlx.count(black_box(&p.grid), 2).unwrap_or(0)
                        } else {
                            u64::from(dlx.first(black_box(&p.grid)).is_ok_and(|s| s.is_some()))
                        };
                    }
                    found
                });
            });
            group.finish();
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
