//! `sudoku count`: the number of solutions of each puzzle, up to a limit.
//!
//! One line per puzzle: the count, or `N+` when `--limit N` stopped the search (there are more
//! than N). A puzzle that cannot be read or has invalid givens gets an empty line and a
//! message on stderr. A single puzzle with no limit is counted on `--jobs` threads by
//! splitting the search tree; a batch is spread over the threads a puzzle each.

use sudoku_core::{Entry, SolveError};

use crate::batch::{
    self, Answer, Batch, InputArgs, Rejected, Sink, SolveArgs, Solvers, VariantSpec,
};
use crate::failure::Failure;
use crate::output::Output;
use crate::timing::Clock;

/// Arguments of `sudoku count`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Output: one line per puzzle, the number of solutions, or N+ when --limit N stopped the count.
Exit codes: 0 every puzzle has exactly one solution; 1 some puzzle has several, none, or
invalid givens; 2 malformed input or a usage error.

Examples:
  sudoku count --box 2x3 - <<< ....................................   28200960 (6x6 empty)
  sudoku count --limit 1000 puzzles.txt
  sudoku count --jobs 0 hard.txt                   one puzzle on all cores")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    solve: SolveArgs,

    /// Stop counting at N solutions and print `N+` if there are more.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,

    /// Output format: `line` (the count) or `json` (`{"line":3,"count":72,"complete":true}`).
    #[arg(long, value_name = "FORMAT", default_value = "line")]
    format: ReportFormat,
}

/// The formats of the one-value-per-puzzle commands (`count`, `check`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    /// The value alone.
    Line,
    /// One JSON object per line, with the puzzle's line number and label.
    Json,
}

/// Runs `sudoku count`.
pub fn run(args: &Args, clock: &Clock) -> Result<(), Failure> {
    let spec = VariantSpec::from_args(&args.solve.variant)?;
    let batch = Batch::read_with(&args.input, true)?;
    // One more than the limit tells "exactly N" from "more than N".
    let search_limit = args.limit.map_or(u64::MAX, |n| n.saturating_add(1));
    let parallel_one = batch.entries.len() == 1 && args.limit.is_none() && args.solve.jobs != 1;
    let jobs = if parallel_one { 1 } else { args.solve.jobs };
    let threads = batch::thread_count(args.solve.jobs);
    let work = |solvers: &mut Solvers, entry: &Entry| -> Answer<u64> {
        if !entry.constraints.is_empty() {
            let (layout, halt) = solvers.constrained(entry).map_err(Rejected)?;
            let counted = sudoku_core::constraint::count(
                &layout,
                &entry.grid,
                &entry.constraints,
                search_limit,
                &halt,
            )
            .map_err(|e| Rejected(e.to_string()))?;
            return Ok(counted.ok_or_else(|| solvers.constrained_cut()));
        }
        let solver = solvers.for_entry(entry).map_err(Rejected)?;
        let counted = if parallel_one {
            solver.dlx().count_parallel(&entry.grid, threads)
        } else {
            solver.count(&entry.grid, search_limit)
        };
        let halted = solver.halted();
        if let Some(why) = solvers.cut_short(halted) {
            return Ok(Err(why));
        }
        Ok(counted.map_err(|e| match e {
            SolveError::Conflict(c) => format!("invalid givens: {c}"),
            e => e.to_string(),
        }))
    };
    let mut out = Output::stdout();
    let init = || Solvers::new(spec.clone(), &args.solve);
    let emit = |sink: &mut Sink, entry: &Entry, counted: Answer<u64>| {
        sink.answer(entry.line, counted, |tally, n| {
            if n != 1 {
                tally.not_unique += 1;
            }
            let complete = args.limit.is_none_or(|limit| n <= limit);
            let shown = if complete { n } else { n - 1 };
            match args.format {
                ReportFormat::Line if complete => format!("{shown}"),
                ReportFormat::Line => format!("{shown}+"),
                ReportFormat::Json => serde_json::json!({
                    "line": entry.line,
                    "label": entry.label,
                    "count": shown,
                    "complete": complete,
                })
                .to_string(),
            }
        })
    };
    let tally = batch::run(&batch, jobs, &mut out, init, work, emit)?;
    batch::finish(&mut out, tally, args.solve.stats, clock)
}
