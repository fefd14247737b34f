//! A plain table of how fast our engine is next to the `dlx` crate (0.8.5, feature
//! `unsafe-fast-index`), in process CPU time, with the ratio.
//!
//! ```text
//! cargo bench -p exact-cover --bench ratio                       # 7 rounds of five problems
//! BENCH_ROUNDS=15 BENCH_LONG=1 cargo bench -p exact-cover --bench ratio   # more, and 6x10
//! ```
//!
//! Why CPU time and not wall time: the benches run on shared 2-core machines where other
//! builds compete for the cores; the CPU time the process itself used is much less disturbed by
//! that than the wall clock (though caches and frequency are still shared, so it is not immune).
//! Why alternate: each round runs our engine, then `dlx` (swapping which goes first every
//! round), so a slow spell of the machine hits both engines rather than one. Why medians: a
//! single disturbed run then moves nothing.
//!
//! What one run includes, for both engines alike: building the dancing links from an already
//! parsed problem, then counting every solution (our `count` builds its links inside the call,
//! so `dlx` builds its problem inside the run too; see `benches/common/mod.rs`). Every run's
//! count is checked against the other engine's and the published one, and so is the number of
//! search-tree nodes against the other engine's (same tree, same work); the bench aborts
//! loudly, with a non-zero exit, on any disagreement.
//!
//! The bench runs in full only under `cargo bench` (which passes `--bench`). Without
//! `--bench`, or with `--test` (`cargo test --benches`, `cargo bench -- --test`), it runs one
//! round of the smallest problem, as a smoke test.

mod common;

use std::process::ExitCode;
use std::time::Duration;

use cpu_clock::{machine, median};

use common::{CASES, Case, LONG_CASE, Prepared, Tally};

/// The CPU time this process has used so far (all its threads; the bench uses one).
fn process_cpu_time() -> Duration {
    cpu_clock::process_cpu_time().expect("this platform reports CPU time")
}

/// Runs `f` once and returns its result with the CPU time it took.
fn timed(f: impl FnOnce() -> Tally) -> (Tally, Duration) {
    let start = process_cpu_time();
    let tally = std::hint::black_box(f());
    (tally, process_cpu_time().saturating_sub(start))
}

/// One table row: medians over `rounds` alternating runs of both engines.
struct Row {
    name: &'static str,
    solutions: u64,
    nodes: u64,
    ours: Duration,
    dlx: Duration,
}

/// Measures one problem. Returns an error message if any run disagrees.
fn measure(case: Case, rounds: usize) -> Result<Row, String> {
    let prepared = Prepared::new(case);
    let mut ours = Vec::with_capacity(rounds);
    let mut theirs = Vec::with_capacity(rounds);
    let mut nodes = 0;
    for round in 0..rounds {
        let (a, b) = if round % 2 == 0 {
            let a = timed(|| prepared.count_ours());
            (a, timed(|| prepared.count_dlx()))
        } else {
            let b = timed(|| prepared.count_dlx());
            (timed(|| prepared.count_ours()), b)
        };
        let (tally_ours, tally_dlx) = (a.0, b.0);
        if tally_ours != tally_dlx || tally_ours.solutions != case.expected {
            return Err(format!(
                "{}, round {}: exact_cover found {} solutions in {} nodes, dlx {} in {} nodes; \
                 published {} solutions",
                case.name,
                round + 1,
                tally_ours.solutions,
                tally_ours.nodes,
                tally_dlx.solutions,
                tally_dlx.nodes,
                case.expected
            ));
        }
        nodes = tally_ours.nodes;
        ours.push(a.1);
        theirs.push(b.1);
    }
    Ok(Row {
        name: case.name,
        solutions: case.expected,
        nodes,
        ours: median(&mut ours),
        dlx: median(&mut theirs),
    })
}

fn env_rounds() -> Result<usize, String> {
    match std::env::var("BENCH_ROUNDS") {
        Err(_) => Ok(7),
        Ok(s) => match s.trim().parse::<usize>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(format!(
                "BENCH_ROUNDS must be a whole number above 0, not `{s}`"
            )),
        },
    }
}

fn main() -> ExitCode {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes neither flag.
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let quick = args.iter().any(|a| a == "--test") || !args.iter().any(|a| a == "--bench");

    let (cases, rounds): (Vec<Case>, usize) = if quick {
        (vec![CASES[0]], 1)
    } else {
        let rounds = match env_rounds() {
            Ok(n) => n,
            Err(e) => {
                eprintln!("ratio: {e}");
                return ExitCode::from(2);
            }
        };
        let mut cases = CASES.to_vec();
        if std::env::var("BENCH_LONG").is_ok_and(|v| v == "1") {
            cases.push(LONG_CASE);
        }
        (cases, rounds)
    };

    println!(
        "exact_cover vs dlx 0.8.5 (unsafe-fast-index): process CPU time, median of {rounds} \
         alternating round(s); {}",
        machine()
    );
    println!();
    println!("| problem | solutions | exact_cover CPU s | dlx CPU s | dlx/ours | search nodes |");
    println!("|---|---:|---:|---:|---:|---:|");
    for case in cases {
        match measure(case, rounds) {
            Ok(row) => {
                let ratio = row.dlx.as_secs_f64() / row.ours.as_secs_f64().max(1e-9);
                println!(
                    "| {} | {} | {:.3} | {:.3} | {:.2} | {} |",
                    row.name,
                    row.solutions,
                    row.ours.as_secs_f64(),
                    row.dlx.as_secs_f64(),
                    ratio,
                    row.nodes
                );
            }
            Err(e) => {
                eprintln!();
                eprintln!("ratio: THE ENGINES DISAGREE: {e}");
                eprintln!("ratio: aborting; one of the engines is wrong on this problem.");
                return ExitCode::FAILURE;
            }
        }
    }
    println!();
    println!(
        "dlx/ours above 1 means exact_cover is faster. Both engines walk the same search tree \
         (the node counts agree in every run)."
    );
    ExitCode::SUCCESS
}
