//! A benchmark of complete paths: for every puzzle file given, how many puzzles get a path,
//! how many of those paths need a guess (Brute Force, HoDoKu's last resort), and the CPU
//! time per puzzle (median over puzzles).
//!
//! `cargo run --release -p sudoku-logic --example guess_share -- [--limit N] FILE...`
//! (`--limit` takes the first `N` puzzles of each file; the shared sets are in
//! `../shared/data/puzzles/`). Puzzles without exactly one solution are not rated (as by
//! `sudoku rate`): they count among the puzzles but get no path.

use std::time::Duration;

use sudoku_core::{Engine, Grid, Layout, Solver, Verdict};
use sudoku_logic::{Logic, Outcome};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1).peekable();
    let mut limit = usize::MAX;
    let mut files = Vec::new();
    while let Some(a) = args.next() {
        if a == "--limit" {
            limit = args.next().ok_or("--limit needs a number")?.parse()?;
        } else {
            files.push(a);
        }
    }
    if files.is_empty() {
        return Err("usage: guess_share [--limit N] FILE...".into());
    }
    let logic = Logic::new(&Layout::classic());
    let mut solver = Solver::new(Layout::classic(), Engine::Auto)?;
    println!("machine: {}", cpu_clock::machine());
    println!(
        "{:<36} {:>8} {:>8} {:>8} {:>8} {:>10}",
        "file", "puzzles", "paths", "guessed", "share", "median ms"
    );
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let (mut paths, mut guessed, mut other) = (0usize, 0usize, 0usize);
        let mut times: Vec<Duration> = Vec::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()).take(limit) {
            let Some(grid) = line
                .split_whitespace()
                .next()
                .and_then(|p| p.parse::<Grid>().ok())
            else {
                other += 1;
                continue;
            };
            if !matches!(solver.verdict(&grid), Ok(Verdict::Unique(_))) {
                other += 1;
                continue;
            }
            let start = cpu_clock::thread_cpu_time().unwrap_or_default();
            let path = logic.solve_path(&grid);
            times.push(
                cpu_clock::thread_cpu_time()
                    .unwrap_or_default()
                    .saturating_sub(start),
            );
            match path {
                Ok(path) if path.outcome == Outcome::Solved => {
                    paths += 1;
                    guessed += usize::from(path.grade().guessed());
                }
                _ => other += 1,
            }
        }
        let name = std::path::Path::new(file)
            .file_name()
            .map_or(file.clone(), |n| n.to_string_lossy().into_owned());
        let share = 100.0 * guessed as f64 / paths.max(1) as f64;
        let median = cpu_clock::median(&mut times).as_secs_f64() * 1e3;
        println!(
            "{name:<36} {:>8} {paths:>8} {guessed:>8} {share:>7.2}% {median:>10.3}",
            paths + other
        );
    }
    Ok(())
}
