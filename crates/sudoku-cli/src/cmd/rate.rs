//! `sudoku rate`: the difficulty of each puzzle as HoDoKu 2.2.0 grades it — the level (easy,
//! medium, hard, unfair, extreme) and the score of the solve path a person would follow, and
//! its hardest technique. A puzzle that needs techniques the solver does not have yet is
//! `beyond`, with the score of the steps it took.
//!
//! Only puzzles with exactly one solution are rated: the others get an empty line and a
//! message, as in every batch command.

use sudoku_core::{Entry, Layout, Verdict};
use sudoku_logic::{Grade, Logic, Outcome};

use crate::batch::{
    self, Answer, Batch, InputArgs, Rejected, Sink, SolveArgs, Solvers, VariantSpec,
};
use crate::failure::Failure;
use crate::output::Output;
use crate::stop::Deadline;
use crate::timing::Clock;

/// Arguments of `sudoku rate`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Output, one line per puzzle (tsv): level, score and hardest technique, tab-separated, e.g.
`hard<TAB>1244<TAB>XY-Wing`. A puzzle with no solution or several gets an empty line (why on stderr).
Levels and scores follow HoDoKu 2.2.0 (Easy <= 800, Medium <= 1000, Hard <= 1600,
Unfair <= 1800, else Extreme, raised from the hardest technique's level).

Examples:
  sudoku rate puzzles.txt
  sudoku rate --jobs 0 --format json big.txt
  sudoku rate --format line puzzles.txt > rated.txt     each puzzle with its rating as label")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    solve: SolveArgs,

    /// Output format: `tsv` (level, score, hardest), `json`, or `line` (the puzzle with its
    /// level and score as label).
    #[arg(long, value_name = "FORMAT", default_value = "tsv")]
    format: RateFormat,
}

/// `--format` of `rate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum RateFormat {
    Tsv,
    Json,
    Line,
}

/// One worker's solvers and logic solvers, by layout.
struct Raters {
    solvers: Solvers,
    logic: Vec<(Layout, Logic)>,
}

impl Raters {
    fn logic(&mut self, layout: &Layout) -> &Logic {
        let k = match self.logic.iter().position(|(l, _)| l == layout) {
            Some(k) => k,
            None => {
                self.logic.push((layout.clone(), Logic::new(layout)));
                self.logic.len() - 1
            }
        };
        &self.logic[k].1
    }
}

/// Runs `sudoku rate`.
pub fn run(args: &Args, clock: &Clock) -> Result<(), Failure> {
    let spec = VariantSpec::from_args(&args.solve.variant)?;
    let batch = Batch::read(&args.input)?;
    let init = || Raters {
        solvers: Solvers::new(spec.clone(), &args.solve),
        logic: Vec::new(),
    };
    let work = |raters: &mut Raters, entry: &Entry| -> Answer<Grade> {
        let limit = raters.solvers.limit_for(entry.grid.shape());
        let deadline = Deadline::starting_now(limit);
        let solver = raters.solvers.for_entry(entry).map_err(Rejected)?;
        let layout = solver.layout().clone();
        let verdict = solver.verdict(&entry.grid);
        let halted = solver.halted();
        if let Some(why) = raters.solvers.cut_short(halted) {
            return Ok(Err(why));
        }
        match verdict {
            Ok(Verdict::Unique(_)) => {}
            Ok(Verdict::Invalid(c)) => return Ok(Err(format!("invalid givens: {c}"))),
            Ok(Verdict::Multiple(..)) => return Ok(Err("not rated: several solutions".into())),
            Ok(Verdict::NoSolution) => return Ok(Err("no solution".into())),
            Err(e) => return Ok(Err(e.to_string())),
        }
        let logic = raters.logic(&layout);
        let start = match logic.start(&entry.grid) {
            Ok(start) => start,
            Err(e) => return Ok(Err(e.to_string())),
        };
        let path = logic.solve_path_while(start, &mut || deadline.in_time());
        if path.outcome == Outcome::Halted {
            return Ok(Err(batch::path_cut_message(limit)));
        }
        Ok(Ok(path.grade()))
    };
    let mut out = Output::stdout();
    let emit = |sink: &mut Sink, entry: &Entry, grade: Answer<Grade>| {
        sink.answer(entry.line, grade, |_, grade| {
            show(args.format, entry, &grade)
        })
    };
    let tally = batch::run(&batch, args.solve.jobs, &mut out, init, work, emit)?;
    batch::finish(&mut out, tally, args.solve.stats, clock)
}

/// A grade in the chosen format (without the newline).
fn show(format: RateFormat, entry: &Entry, grade: &Grade) -> String {
    let level = grade.level.map_or("beyond".to_string(), |l| l.to_string());
    let hardest = grade.hardest.map_or("", |t| t.name());
    match format {
        RateFormat::Tsv => format!("{level}\t{}\t{hardest}", grade.score),
        RateFormat::Line => format!("{}\t{level} {}", entry.grid, grade.score),
        RateFormat::Json => serde_json::json!({
            "line": entry.line,
            "label": entry.label,
            "level": level,
            "score": grade.score,
            "hardest": hardest,
            "hardest_code": grade.hardest.map(|t| t.code()),
            "steps": grade.steps,
        })
        .to_string(),
    }
}
