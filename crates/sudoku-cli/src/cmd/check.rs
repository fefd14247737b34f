//! `sudoku check`: is each puzzle proper? One line per puzzle: `unique`, `multiple`, `none`
//! or `invalid: <why>` (two equal givens in a house, naming the house and the cells).
//! A line that cannot be read gets an empty line and a message on stderr.

use sudoku_core::{Entry, Verdict};

use crate::batch::{
    self, Answer, Batch, InputArgs, Rejected, Sink, SolveArgs, Solvers, VariantSpec,
};
use crate::cmd::count::ReportFormat;
use crate::failure::Failure;
use crate::output::Output;
use crate::timing::Clock;

/// Arguments of `sudoku check`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Output: one line per puzzle: unique, multiple, none, or invalid: <why>.
Exit codes: 0 every puzzle is unique; 1 some puzzle is not; 2 malformed input or a usage error.

Examples:
  sudoku check puzzles.txt
  sudoku check --jobs 0 --format json big.txt")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    solve: SolveArgs,

    /// Output format: `line` or `json` (`{"line":3,"verdict":"unique"}`, with `why` when invalid).
    #[arg(long, value_name = "FORMAT", default_value = "line")]
    format: ReportFormat,
}

/// Runs `sudoku check`.
pub fn run(args: &Args, clock: &Clock) -> Result<(), Failure> {
    let spec = VariantSpec::from_args(&args.solve.variant)?;
    let batch = Batch::read(&args.input)?;
    let work = |solvers: &mut Solvers, entry: &Entry| -> Answer<Verdict> {
        let solver = solvers.for_entry(entry).map_err(Rejected)?;
        let verdict = solver.verdict(&entry.grid);
        let halted = solver.halted();
        if let Some(why) = solvers.cut_short(halted) {
            return Ok(Err(why));
        }
        Ok(verdict.map_err(|e| e.to_string()))
    };
    let mut out = Output::stdout();
    let init = || Solvers::new(spec.clone(), &args.solve);
    let emit = |sink: &mut Sink, entry: &Entry, verdict: Answer<Verdict>| {
        sink.answer(entry.line, verdict, |tally, verdict| {
            if !verdict.is_unique() {
                tally.not_unique += 1;
            }
            match args.format {
                ReportFormat::Line => verdict.to_string(),
                ReportFormat::Json => {
                    let mut value = serde_json::json!({
                        "line": entry.line,
                        "label": entry.label,
                        "verdict": verdict.name(),
                    });
                    if let Verdict::Invalid(c) = &verdict {
                        value["why"] = serde_json::Value::String(c.to_string());
                    }
                    value.to_string()
                }
            }
        })
    };
    let tally = batch::run(&batch, args.solve.jobs, &mut out, init, work, emit)?;
    batch::finish(&mut out, tally, args.solve.stats, clock)
}
