//! `sudoku solve`: one solution per puzzle, in input order.
//!
//! Each puzzle is solved with a uniqueness check (a search for two solutions); a puzzle with
//! several gets its first solution and a warning, unless `--first` skips the check. A puzzle
//! with no solution, invalid givens or a malformed line gets an empty line, and stderr says
//! why. `--all` prints every solution of each puzzle instead, a blank line after each puzzle.

use std::io::Write;

use sudoku_core::format::OutputFormat;
use sudoku_core::{Entry, Grid, Verdict};

use crate::batch::{self, Batch, InputArgs, Sink, SolveArgs, Solvers, Tally, VariantSpec};
use crate::failure::Failure;
use crate::output::Output;
use crate::timing::Clock;

/// Arguments of `sudoku solve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Exit codes: 0 every puzzle has a unique solution; 1 some puzzle has several, none, or invalid
givens; 2 malformed input or a usage error.

Examples:
  sudoku solve puzzles.txt                       one solution per line
  sudoku solve puzzles.txt --jobs 0 --stats      on all cores, with puzzles per second
  sudoku solve --format grid - <<< 4.......1...  a pretty grid
  sudoku solve --variant diagonal x.txt          X-sudoku
  sudoku solve --variant jigsaw --regions map.txt jigsaw.txt
  sudoku solve --all --box 2x2 - <<< .4..............")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    solve: SolveArgs,

    /// Output format: line, grid (with box borders), json or csv.
    #[arg(long, value_name = "FORMAT", default_value = "line")]
    format: OutputFormat,

    /// Skip the uniqueness check: print the first solution found.
    #[arg(long, conflicts_with = "all")]
    first: bool,

    /// Print every solution of each puzzle, a blank line after each puzzle's solutions.
    #[arg(long)]
    all: bool,
}

/// What came of one puzzle.
enum Outcome {
    Solved(Grid),
    Several(Grid),
    Failed(String),
    /// The command line's options do not fit the puzzle (a region map of another size, the
    /// fast engine on a variant).
    Rejected(String),
}

/// Runs `sudoku solve`.
pub fn run(args: &Args, clock: &Clock) -> Result<(), Failure> {
    let spec = VariantSpec::from_args(&args.solve.variant)?;
    let batch = Batch::read_with(&args.input, !args.all)?;
    let mut out = Output::stdout();
    let tally = if args.all {
        solve_all(args, spec, &batch, &mut out)?
    } else {
        solve_each(args, spec, &batch, &mut out)?
    };
    batch::finish(&mut out, tally, args.solve.stats, clock)
}

fn solve_each(
    args: &Args,
    spec: VariantSpec,
    batch: &Batch,
    out: &mut Output,
) -> Result<Tally, Failure> {
    let first = args.first;
    let work = |solvers: &mut Solvers, entry: &Entry| -> Outcome {
        if !entry.constraints.is_empty() {
            return constrained(solvers, entry);
        }
        let solver = match solvers.for_entry(entry) {
            Ok(s) => s,
            Err(why) => return Outcome::Rejected(why),
        };
        let outcome = if first {
            match solver.first(&entry.grid) {
                Ok(Some(g)) => Outcome::Solved(g),
                Ok(None) => Outcome::Failed("no solution".into()),
                Err(e) => Outcome::Failed(format!("invalid givens: {e}")),
            }
        } else {
            match solver.verdict(&entry.grid) {
                Ok(Verdict::Unique(g)) => Outcome::Solved(g),
                Ok(Verdict::Multiple(g, _)) => Outcome::Several(g),
                Ok(Verdict::NoSolution) => Outcome::Failed("no solution".into()),
                Ok(Verdict::Invalid(c)) => Outcome::Failed(format!("invalid givens: {c}")),
                Err(e) => Outcome::Failed(e.to_string()),
            }
        };
        let halted = solver.halted();
        match solvers.cut_short(halted) {
            Some(why) => Outcome::Failed(why),
            None => outcome,
        }
    };
    let init = || Solvers::new(spec.clone(), &args.solve);
    let emit = |sink: &mut Sink, entry: &Entry, outcome: Outcome| {
        let write = |g: &Grid| args.format.write(g, &entry.label, entry.variant.as_ref());
        let text = match outcome {
            Outcome::Solved(g) => write(&g),
            Outcome::Several(g) => {
                sink.tally.not_unique += 1;
                let warning = "warning: several solutions; printed the first";
                sink.diagnose(entry.line, warning);
                write(&g)
            }
            Outcome::Failed(why) => return sink.fail(entry.line, &why),
            Outcome::Rejected(why) => return sink.reject(entry.line, &why),
        };
        sink.out.write_all(text.as_bytes()).map_err(Failure::from)
    };
    batch::run(batch, args.solve.jobs, out, init, work, emit)
}

/// A puzzle with killer cages, solved by [`sudoku_core::constraint`] whatever the engine
/// asked for (the others know no cages); `--first` is the same search stopped at one.
fn constrained(solvers: &mut Solvers, entry: &Entry) -> Outcome {
    let (layout, halt) = match solvers.constrained(entry) {
        Ok(found) => found,
        Err(why) => return Outcome::Rejected(why),
    };
    match sudoku_core::constraint::verdict(&layout, &entry.grid, &entry.constraints, &halt) {
        Err(e) => Outcome::Rejected(e.to_string()),
        Ok(None) => Outcome::Failed(solvers.constrained_cut()),
        Ok(Some(Verdict::Unique(g))) => Outcome::Solved(g),
        Ok(Some(Verdict::Multiple(g, _))) => Outcome::Several(g),
        Ok(Some(Verdict::NoSolution)) => Outcome::Failed("no solution".into()),
        Ok(Some(Verdict::Invalid(c))) => Outcome::Failed(format!("invalid givens: {c}")),
    }
}

/// `--all`: every solution, streamed as found (one puzzle at a time: a puzzle may have
/// millions). Each puzzle's solutions end with a blank line.
fn solve_all(
    args: &Args,
    spec: VariantSpec,
    batch: &Batch,
    out: &mut Output,
) -> Result<Tally, Failure> {
    let mut solvers = Solvers::new(spec, &args.solve);
    // The solutions are enumerated in `emit`, on this thread, as they are written.
    let work = |_: &mut (), _: &Entry| {};
    let emit = |sink: &mut Sink, entry: &Entry, ()| {
        let solver = match solvers.for_entry(entry) {
            Ok(s) => s,
            Err(why) => return sink.reject(entry.line, &why),
        };
        let mut solutions = match solver.solutions(&entry.grid) {
            Ok(solutions) => solutions,
            Err(e) => return sink.fail(entry.line, &format!("invalid givens: {e}")),
        };
        let mut found = 0u64;
        for g in solutions.by_ref() {
            found += 1;
            let text = args.format.write(&g, &entry.label, entry.variant.as_ref());
            sink.out.write_all(text.as_bytes())?;
            if sink.out.is_terminal() {
                sink.out.flush()?;
            }
        }
        if let Some(halted) = solutions.halted() {
            let why = batch::cut_short_message(halted, solvers.limit());
            return sink.fail(entry.line, &format!("{why} after {found} solutions"));
        }
        if found == 0 {
            return sink.fail(entry.line, "no solution");
        }
        if found > 1 {
            sink.tally.not_unique += 1;
        }
        writeln!(sink.out).map_err(Failure::from)
    };
    batch::run(batch, 1, out, || (), work, emit)
}
