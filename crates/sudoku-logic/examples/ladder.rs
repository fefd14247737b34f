//! Generates puzzles on every rung of the ladder and prints the time per puzzle, the givens
//! and scores reached and how many requests failed: the figures behind the ladder's table.
//!
//! `cargo run --release -p sudoku-logic --example ladder -- [COUNT] [BOX] [RUNG]` (BOX like
//! `3x3`; RUNG like `hard` runs that rung alone, for profiling).

use std::time::Instant;

use sudoku_core::{Layout, Shape};
use sudoku_logic::generate::Generator;
use sudoku_logic::ladder::LADDER;

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let shape = args
        .next()
        .and_then(|a| a.parse::<Shape>().ok())
        .unwrap_or(Shape::CLASSIC);
    let only = args.next();
    let layout = Layout::new(shape);
    let mut generator = Generator::new(&layout);
    println!("rung      level    ms/puzzle  failed  givens(min-max)  score(min-max)");
    for rung in LADDER
        .iter()
        .filter(|r| only.as_deref().is_none_or(|id| r.id == id))
    {
        let mut request = rung.request(shape);
        request.attempts = 200;
        let start = Instant::now();
        let (mut failed, mut givens, mut scores) = (0, Vec::new(), Vec::new());
        for seed in 0..count {
            match generator.generate(&request, seed) {
                Ok(made) => {
                    givens.push(made.puzzle.given_count());
                    scores.push(made.grade.score);
                }
                Err(_) => failed += 1,
            }
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / count as f64;
        let range = |v: &[usize]| match (v.iter().min(), v.iter().max()) {
            (Some(a), Some(b)) => format!("{a}-{b}"),
            _ => "-".into(),
        };
        let s: Vec<usize> = scores.iter().map(|&s| s as usize).collect();
        println!(
            "{:<9} {:<8} {:>9.2}  {:>6}  {:>15}  {:>14}",
            rung.id,
            rung.level.name(),
            ms,
            failed,
            range(&givens),
            range(&s)
        );
    }
}
