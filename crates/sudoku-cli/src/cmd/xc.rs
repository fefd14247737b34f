//! `sudoku xc`: solve an exact-cover problem given in Knuth's DLX text format.
//!
//! The search itself is [`exact_cover`]'s; this module reads the problem, reports parse errors
//! and warnings with the file name, prints solutions or their count, and shows progress and
//! statistics. Each solution is printed as its options, one per line, exactly as they appear
//! in the input (items in their written order, `name:colour` where coloured), with a blank line
//! between solutions.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use exact_cover::{
    Backend, ParseError, PartError, Problem, Search, Solver, Stats, Step, StopReason,
};

use crate::failure::Failure;
use crate::input;
use crate::output::Output;
use crate::progress::{Busy, Progress};
use crate::stop::{self, TimeLimit, parse_seconds};
use crate::timing::{self, Clock};

/// Nodes searched between two looks at the clock when progress is shown: small enough for a
/// few reports a second on the slowest problems, large enough to cost nothing.
const SLICE: u64 = 1 << 16;

/// Arguments of `sudoku xc`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The input is Knuth's format (DLX1/DLX2/DLX3): the first line names the primary items, then a
lone `|` and the secondary items; every further line is one option, the names of its items.
`name:colour` colours a secondary item; `v|name` or `u:v|name` in the item line asks for a
primary item to be covered exactly v, or between u and v, times. Lines starting with `|` are
comments.

Examples:
  sudoku xc problem.dlx                     print every solution
  sudoku xc problem.dlx --limit 1 --seed 7  one random solution
  sudoku xc problem.dlx --count --stats     count, with nodes, updates and times
  sudoku xc problem.dlx --count --jobs 0    count on all cores
  cat problem.dlx | sudoku xc --count       read standard input

Counting across machines: --list-parts N prints the N parts (1/N .. N/N), and --count --part
K/N counts only the K-th; the N counts add up to the whole (any problem: XC, colours,
multiplicities). Run the parts with the tools you have:
  sudoku xc p.dlx --list-parts 64 | parallel sudoku xc p.dlx --count --part {} | paste -sd+ | bc
  (on a cluster: parallel --sshlogin host1,host2 ...; with Slurm, an array job whose task K
  runs `sudoku xc p.dlx --count --part $SLURM_ARRAY_TASK_ID/64`, 1-based).")]
pub struct Args {
    /// The problem file, or `-` for standard input.
    #[arg(value_name = "FILE", default_value = input::STDIN)]
    file: PathBuf,

    /// Print only the number of solutions.
    #[arg(long)]
    count: bool,

    /// Stop after N solutions (a count so stopped is printed as `N+`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,

    /// Print nodes, updates, solutions and the CPU and wall time on stderr.
    #[arg(long)]
    stats: bool,

    /// Try options and break ties in an order shuffled by S (the same S, the same search).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// Count on J threads (0 = all cores); only with --count, and not with --limit.
    #[arg(long, value_name = "J")]
    jobs: Option<usize>,

    /// Count only part K of N of the search tree (K from 1; needs --count). The N parts'
    /// counts add up to the whole count, so separate processes or machines can share it.
    #[arg(long, value_name = "K/N", value_parser = parse_part)]
    part: Option<(usize, usize)>,

    /// Print the N parts of a split count, one a line (`1/N` .. `N/N`), for --part.
    #[arg(long, value_name = "N")]
    list_parts: Option<usize>,

    /// Show an estimate of how much of the search is done on stderr.
    #[arg(long)]
    progress: bool,

    /// The data structure to search on: `links` (dancing links as Knuth's DLX1/2/3, whose
    /// node and update counts --stats reproduces, and whose split counts add up in nodes
    /// too), `cells` (dancing cells as Knuth's SSXC1, whose counts --stats reproduces on
    /// exact cover; faster where options are long, as polyominoes and sudoku), or `auto`
    /// (cells for exact cover without secondary items and with at most 4,096 items, links
    /// otherwise). Multiplicities always use links.
    #[arg(long, value_enum, default_value = "links")]
    backend: BackendArg,

    /// Stop the search after this many seconds (fractions and units allowed: `1.5`, `90s`,
    /// `2h`; 0, the default, for no limit); a count so stopped is printed as `N+`. Ctrl-C
    /// stops it too (exit 130), with --stats still printed.
    #[arg(long, value_name = "SECONDS", default_value = "0", value_parser = parse_seconds)]
    time_limit: TimeLimit,
}

/// `--backend` values.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum BackendArg {
    Links,
    Cells,
    Auto,
}

/// How a search ended: its statistics, why it stopped early (if it did), and how long the
/// search alone took.
struct Outcome {
    stats: Stats,
    stopped: Option<StopReason>,
    search_time: Duration,
}

/// Runs `sudoku xc`.
pub fn run(args: &Args, clock: &Clock) -> Result<(), Failure> {
    check_usage(args)?;
    let input = input::read(&args.file)?;
    let parsed = exact_cover::parse(&input.text)
        .map_err(|e| Failure::Input(describe_parse_error(&input.name, &e)))?;
    let mut stderr = std::io::stderr();
    for warning in &parsed.warnings {
        let _ = writeln!(
            stderr,
            "warning: {}:{}: {}",
            input.name, warning.line, warning.message
        );
    }

    let problem = &parsed.problem;
    let backend = match args.backend {
        BackendArg::Links => Backend::Links,
        BackendArg::Cells => Backend::Cells,
        BackendArg::Auto => Backend::Auto,
    }
    .resolve(problem);
    let mut solver = problem.solver().backend(backend);
    if let Some(seed) = args.seed {
        solver = solver.seed(seed);
    }
    if let Some(limit) = args.limit {
        solver = solver.limit(limit);
    }
    if let Some(deadline) = args.time_limit.deadline() {
        solver = solver.deadline(deadline);
    }
    solver = solver.stop_flag(stop::flag());

    let mut out = Output::stdout();
    if let Some(parts) = args.list_parts {
        for k in 1..=parts {
            writeln!(out, "{k}/{parts}")?;
        }
        out.flush()?;
        // Only the statistics need the split itself, which searches the top of the tree.
        if args.stats {
            let (level, sizes) = solver.parts(parts).map_err(|e| match e {
                PartError::Stopped(reason) => {
                    let what = match reason {
                        StopReason::Deadline => {
                            format!("the time limit ({})", args.time_limit.describe())
                        }
                        _ => "an interrupt".to_string(),
                    };
                    Failure::Unmet(format!("{what} stopped the split before its statistics"))
                }
                e => Failure::Usage(format!("--list-parts: {e}")),
            })?;
            let total: usize = sizes.iter().sum();
            eprintln!(
                "split at level {level}: {total} subtrees, {}-{} a part",
                sizes.iter().min().unwrap_or(&0),
                sizes.iter().max().unwrap_or(&0)
            );
        }
        return Ok(());
    }
    let outcome = if args.count {
        let outcome = match (args.part, args.jobs) {
            (Some(part), jobs) => count_part(&solver, part, jobs.unwrap_or(1), args.progress)?,
            (None, Some(jobs)) => count_parallel(&solver, jobs, args.progress),
            (None, None) => count(&solver, args.progress),
        };
        // Cut short, or stopped at the limit: there may be more (`N+`, as `sudoku count`).
        let more = if outcome.stopped.is_some() { "+" } else { "" };
        writeln!(out, "{}{more}", outcome.stats.solutions)?;
        outcome
    } else {
        print_solutions(problem, &solver, args.progress, &mut out)?
    };
    out.flush()?;

    if args.stats {
        print_stats(&outcome, backend, clock);
    }
    if outcome.stopped == Some(StopReason::Deadline) {
        return Err(Failure::Unmet(format!(
            "the time limit ({}) ran out after {} solutions",
            args.time_limit.describe(),
            outcome.stats.solutions
        )));
    }
    Ok(())
}

/// `K/N` with 1 <= K <= N.
fn parse_part(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{text}` is not a part K/N with 1 <= K <= N (as 3/8)");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || k > n {
        return Err(bad());
    }
    exact_cover::check_parts(n).map_err(|e| format!("`{text}`: {e}"))?;
    Ok((k, n))
}

/// Rejects combinations of options that cannot mean anything.
fn check_usage(args: &Args) -> Result<(), Failure> {
    if args.part.is_some() && (!args.count || args.limit.is_some()) {
        return Err(Failure::Usage(
            "--part counts a part of the tree: it needs --count, and no --limit".to_string(),
        ));
    }
    if let Some(n) = args.list_parts {
        exact_cover::check_parts(n).map_err(|e| Failure::Usage(format!("--list-parts: {e}")))?;
    }
    if args.list_parts.is_some() && (args.count || args.part.is_some() || args.limit.is_some()) {
        return Err(Failure::Usage(
            "--list-parts only lists the parts: run each with --count --part K/N".to_string(),
        ));
    }
    if args.jobs.is_some() && !args.count {
        return Err(Failure::Usage(
            "--jobs counts solutions in parallel and needs --count (solutions are printed by \
             one thread)"
                .to_string(),
        ));
    }
    if args.jobs.is_some() && args.limit.is_some() {
        return Err(Failure::Usage(
            "--jobs cannot be combined with --limit: a parallel count always searches the \
             whole tree"
                .to_string(),
        ));
    }
    Ok(())
}

/// `FILE:LINE:COLUMN: what is wrong`, naming the offending token unless the message already
/// quotes it.
fn describe_parse_error(name: &str, error: &ParseError) -> String {
    let what = error.kind.to_string();
    let quoted = format!("`{}`", error.token);
    if error.token.is_empty() || what.contains(&quoted) {
        format!("{name}:{}:{}: {what}", error.line, error.column)
    } else {
        format!(
            "{name}:{}:{}: {what} (at {quoted})",
            error.line, error.column
        )
    }
}

/// Counts on this thread; with progress, in slices so the estimate can be shown.
fn count(solver: &Solver<'_>, progress: bool) -> Outcome {
    let started = Instant::now();
    if !progress {
        let count = solver.count();
        return Outcome {
            stats: count.stats,
            stopped: count.stopped,
            search_time: started.elapsed(),
        };
    }
    let mut search = solver.solutions();
    let mut reporter = Progress::new(true);
    loop {
        match search.step(SLICE) {
            Step::Done => break,
            Step::Solution | Step::Paused => report(&mut reporter, &search),
        }
    }
    finish(&mut reporter, &search);
    Outcome {
        stats: search.stats(),
        stopped: search.stopped(),
        search_time: started.elapsed(),
    }
}

/// Counts part `K/N` on `jobs` threads (0: one per core); with progress, the share of the
/// part's subtrees counted so far, with their nodes and solutions.
fn count_part(
    solver: &Solver<'_>,
    (k, n): (usize, usize),
    jobs: usize,
    progress: bool,
) -> Result<Outcome, Failure> {
    let jobs = crate::batch::thread_count(jobs);
    let started = Instant::now();
    let reporter = std::sync::Mutex::new(Progress::new(progress));
    let count = solver
        .count_part_with(k - 1, n, jobs, &|share, stats| {
            if let Ok(mut r) = reporter.lock() {
                r.tick(share, stats.nodes, stats.solutions);
            }
        })
        .map_err(|e| Failure::Usage(format!("--part: {e}")))?;
    if let Ok(mut r) = reporter.lock()
        && r.is_enabled()
    {
        r.finish(1.0, count.stats.nodes, count.stats.solutions);
    }
    Ok(Outcome {
        stats: count.stats,
        stopped: count.stopped,
        search_time: started.elapsed(),
    })
}

/// Counts on `jobs` threads (0: one per core).
fn count_parallel(solver: &Solver<'_>, jobs: usize, progress: bool) -> Outcome {
    let jobs = crate::batch::thread_count(jobs);
    let started = Instant::now();
    let busy = Busy::start(progress, &format!("counting on {jobs} threads"));
    let count = solver.count_parallel(jobs);
    busy.finish();
    Outcome {
        stats: count.stats,
        stopped: count.stopped,
        search_time: started.elapsed(),
    }
}

/// Prints every solution (up to the limit) as its options, a blank line between solutions.
fn print_solutions(
    problem: &Problem,
    solver: &Solver<'_>,
    progress: bool,
    out: &mut Output,
) -> Result<Outcome, Failure> {
    let started = Instant::now();
    let mut search = solver.solutions();
    let mut reporter = Progress::new(progress);
    // Results on the same terminal as the bar are flushed at once, with the bar hidden.
    let flush_each = reporter.is_enabled() && out.is_terminal();
    let slice = if reporter.is_enabled() {
        SLICE
    } else {
        u64::MAX
    };
    let mut first = true;
    loop {
        match search.step(slice) {
            Step::Done => break,
            Step::Paused => report(&mut reporter, &search),
            Step::Solution => {
                let write = |out: &mut Output| -> std::io::Result<()> {
                    if !first {
                        writeln!(out)?;
                    }
                    for option in search.solution() {
                        writeln!(out, "{}", problem.option_text(option))?;
                    }
                    if flush_each { out.flush() } else { Ok(()) }
                };
                reporter.suspend(|| write(out))?;
                first = false;
                report(&mut reporter, &search);
            }
        }
    }
    finish(&mut reporter, &search);
    Ok(Outcome {
        stats: search.stats(),
        stopped: search.stopped(),
        search_time: started.elapsed(),
    })
}

/// Passes the search's estimate and counters to the reporter (which rate-limits them).
fn report(reporter: &mut Progress, search: &Search) {
    if reporter.is_enabled() {
        let stats = search.stats();
        reporter.tick(search.progress(), stats.nodes, stats.solutions);
    }
}

/// The last progress report, when the search is over.
fn finish(reporter: &mut Progress, search: &Search) {
    if reporter.is_enabled() {
        let stats = search.stats();
        // A search that saw the whole tree is done, whatever the estimate says.
        let estimate = if search.stopped().is_none() {
            1.0
        } else {
            search.progress()
        };
        reporter.finish(estimate, stats.nodes, stats.solutions);
    }
}

/// The `--stats` report on stderr, one `name: value` per line.
fn print_stats(outcome: &Outcome, backend: Backend, clock: &Clock) {
    let Outcome {
        stats,
        stopped,
        search_time,
    } = outcome;
    let backend = match backend {
        Backend::Cells => "cells",
        _ => "links",
    };
    let mut text = format!(
        "nodes: {}\nupdates: {}\nsolutions: {}\nbackend: {backend}\n",
        stats.nodes, stats.updates, stats.solutions
    );
    match stopped {
        None => {}
        Some(StopReason::Limit) => text.push_str("stopped: solution limit reached\n"),
        Some(StopReason::Budget) => text.push_str("stopped: node budget used up\n"),
        Some(StopReason::Flag) => text.push_str("stopped: interrupted\n"),
        Some(StopReason::Deadline) => text.push_str("stopped: time limit reached\n"),
    }
    match timing::process_cpu_time() {
        Some(cpu) => text.push_str(&format!("cpu time: {:.3} s\n", cpu.as_secs_f64())),
        None => text.push_str("cpu time: unavailable\n"),
    }
    text.push_str(&format!(
        "wall time: {:.3} s (search {:.3} s)\n",
        clock.wall().as_secs_f64(),
        search_time.as_secs_f64()
    ));
    let _ = std::io::stderr().write_all(text.as_bytes());
}
