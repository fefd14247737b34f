//! Solves every puzzle of some files and checks each solution against its givens and the
//! rules; prints, per file, how many were unique / multiple / none / invalid / malformed and
//! the speed.
//!
//! ```text
//! SUDOKU_PUZZLE_FILES=/path/a.txt:/path/b.txt cargo run --release -p sudoku-core --example solve_files
//! cargo run --release -p sudoku-core --example solve_files -- [--first] FILE...
//! ```
//!
//! `--no-propagate` searches the plain encoding of the givens (no singles placed first).
//! By default each puzzle is solved with a count up to 2 (a uniqueness check, as the
//! benchmarks do); `--first` stops at the first solution instead. The time covers solving
//! only (the files are parsed first); parsing is timed separately.

use std::collections::HashMap;
use std::time::Instant;

use sudoku_core::format::{ReadOptions, read_str};
use sudoku_core::{DlxSolver, Layout, Shape, Verdict};

/// CPU time of this thread in seconds (Linux `schedstat`), so that a busy machine does not
/// make the rate look worse than it is; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn main() {
    let mut first = false;
    let mut propagate = true;
    let mut paths: Vec<String> = Vec::new();
    for arg in std::env::args().skip(1) {
        if arg == "--first" {
            first = true;
        } else if arg == "--no-propagate" {
            propagate = false;
        } else {
            paths.push(arg);
        }
    }
    if let Ok(list) = std::env::var("SUDOKU_PUZZLE_FILES") {
        paths.extend(list.split(':').filter(|p| !p.is_empty()).map(String::from));
    }
    if paths.is_empty() {
        eprintln!("usage: solve_files [--first] FILE... (or SUDOKU_PUZZLE_FILES=a:b)");
        std::process::exit(2);
    }
    let mut failures = 0;
    for path in &paths {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{path}: {e}");
                failures += 1;
                continue;
            }
        };
        let t0 = Instant::now();
        let entries: Vec<_> = read_str(&text, ReadOptions::default()).collect();
        let parse_time = t0.elapsed();
        let mut solvers: HashMap<Shape, DlxSolver> = HashMap::new();
        let mut counts: HashMap<&'static str, usize> = HashMap::new();
        let mut malformed = 0;
        let mut wrong = 0;
        let mut nodes = 0u64;
        let t1 = Instant::now();
        let c1 = cpu_seconds();
        for entry in &entries {
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    eprintln!("{path}: {e}");
                    malformed += 1;
                    continue;
                }
            };
            let shape = entry.grid.shape();
            let solver = solvers
                .entry(shape)
                .or_insert_with(|| DlxSolver::new(Layout::new(shape)).propagate(propagate));
            let verdict = if first {
                match solver.first(&entry.grid) {
                    Ok(Some(g)) => Verdict::Unique(g),
                    Ok(None) => Verdict::NoSolution,
                    Err(sudoku_core::SolveError::Conflict(c)) => Verdict::Invalid(c),
                    Err(e) => {
                        eprintln!("{path}: line {}: {e}", entry.line);
                        continue;
                    }
                }
            } else {
                match solver.verdict(&entry.grid) {
                    Ok(v) => v,
                    Err(e) => {
                        eprintln!("{path}: line {}: {e}", entry.line);
                        continue;
                    }
                }
            };
            nodes += solver.stats().nodes;
            for solution in [verdict.solution()].into_iter().flatten() {
                if let Err(e) = solver.layout().check_solution(&entry.grid, solution) {
                    eprintln!("{path}: line {}: wrong solution: {e}", entry.line);
                    wrong += 1;
                }
            }
            if let Verdict::Multiple(a, b) = &verdict
                && (solver.layout().check_solution(&entry.grid, b).is_err() || a == b)
            {
                eprintln!("{path}: line {}: bad second solution", entry.line);
                wrong += 1;
            }
            *counts
                .entry(if first { "solved" } else { verdict.name() })
                .or_default() += 1;
        }
        let solve_time = t1.elapsed();
        let cpu = match (c1, cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => solve_time.as_secs_f64(),
        };
        let solved: usize = entries.len() - malformed;
        let mut keys: Vec<_> = counts.iter().collect();
        keys.sort();
        let summary: Vec<String> = keys.iter().map(|(k, v)| format!("{k} {v}")).collect();
        println!(
            "{path}: {} puzzles: {}; malformed {malformed}; wrong {wrong}; \
             solve {:.3} s wall, {:.3} s cpu ({:.0} puzzles/s of cpu, {:.1} nodes/puzzle); \
             parse {:.3} s",
            entries.len(),
            summary.join(", "),
            solve_time.as_secs_f64(),
            cpu,
            solved as f64 / cpu,
            nodes as f64 / solved.max(1) as f64,
            parse_time.as_secs_f64(),
        );
        failures += malformed + wrong;
    }
    if failures > 0 {
        std::process::exit(1);
    }
}
