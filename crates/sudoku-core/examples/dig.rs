//! Digs puzzles and prints how fast: `cargo run --release -p sudoku-core --example dig -- [N]
//! [SYMMETRY] [minimal]`. A quick look at the cost of the uniqueness checks behind the
//! generator; the generator's own benchmark compares against QQWing.

use std::time::Instant;

use sudoku_core::Layout;
use sudoku_core::dig::{DigOptions, Digger, Symmetry};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let symmetry: Symmetry = args.get(1).and_then(|a| a.parse().ok()).unwrap_or_default();
    let minimal = args.iter().any(|a| a == "minimal");
    let options = DigOptions {
        symmetry,
        minimal,
        ..DigOptions::default()
    };
    let mut digger = Digger::new(Layout::classic());
    let start = Instant::now();
    let (mut givens, mut made, mut failed) = (0, 0u64, None);
    for seed in 0..count {
        match digger.generate(&options, seed) {
            Ok(dug) => {
                givens += dug.puzzle.given_count();
                made += 1;
            }
            Err(e) => failed = Some(e),
        }
    }
    if let Some(e) = failed {
        eprintln!(
            "{} of {count} requests failed, the last with: {e}",
            count - made
        );
    }
    let took = start.elapsed().as_secs_f64();
    println!(
        "{count} puzzles ({symmetry}{}): {:.3} ms each, {:.1} givens on average",
        if minimal { ", minimal" } else { "" },
        took * 1000.0 / count as f64,
        givens as f64 / made.max(1) as f64
    );
}
