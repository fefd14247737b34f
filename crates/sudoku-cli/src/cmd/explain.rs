//! `sudoku explain`: the whole solution path a person would follow — always the easiest step
//! available, in HoDoKu's order — one step per line with its explanation, then the grade. A
//! puzzle that needs techniques not implemented yet gets the path as far as it goes and the
//! position where it got stuck. `--style intuitive` gives the path of a solver without pencil
//! marks instead: singles, and locked candidates only as the way to one (区块+排除, 区块+唯余).

use std::io::Write;

use sudoku_logic::{Lang, Logic, Outcome};

use crate::batch::path_cut_message;
use crate::failure::Failure;
use crate::output::Output;
use crate::position::{self, PositionArgs};
use crate::stop;
use crate::timing::Clock;

/// Arguments of `sudoku explain`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The input is a puzzle (any format `solve` reads), a pencil-mark grid or a line of HoDoKu's
library format. Exit codes: 0 solved by logic; 1 stuck (needs techniques not implemented yet)
or no solution; 2 malformed input.

Examples:
  sudoku explain ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
  sudoku explain --lang zh puzzle.txt
  sudoku explain --format json puzzle.txt      every step's data (cells, candidates, roles)
  sudoku explain --style intuitive --lang zh puzzle.txt   singles only, without pencil marks")]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,

    /// The language of the text: `en` or `zh` (Simplified Chinese).
    #[arg(long, value_name = "LANG", default_value = "en")]
    lang: LangArg,

    /// `text` (a step per line), or `json` (the steps' data, the grade and the outcome).
    #[arg(long, value_name = "FORMAT", default_value = "text")]
    format: TextFormat,

    /// `logic`: the easiest step each time, in HoDoKu's order, with pencil marks; `intuitive`:
    /// without pencil marks, singles only, a pointing or claiming told with the single it
    /// makes (区块+排除, 区块+唯余); it stops where the puzzle needs pencil marks.
    #[arg(long, value_name = "STYLE", default_value = "logic")]
    style: Style,
}

/// `--style`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Style {
    /// HoDoKu's path with pencil marks.
    Logic,
    /// Singles without pencil marks (直观法).
    Intuitive,
}

/// `--lang`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LangArg {
    /// English.
    En,
    /// Simplified Chinese.
    #[value(alias = "zh-CN", alias = "zh-cn")]
    Zh,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::En => Lang::En,
            LangArg::Zh => Lang::Zh,
        }
    }
}

/// `--format` of the single-position commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TextFormat {
    /// Lines of text.
    Text,
    /// JSON.
    Json,
}

/// Runs `sudoku explain`.
pub fn run(args: &Args, _clock: &Clock) -> Result<(), Failure> {
    let position = position::read(&args.position)?;
    let deadline = position.deadline(&args.position);
    position.check_unique(": no path of logic can finish it", deadline)?;
    let logic = Logic::new(&position.layout);
    let intuitive = args.style == Style::Intuitive;
    let path = if intuitive {
        logic
            .intuitive_path(&position.candidates.to_grid())
            .map_err(|e| Failure::Input(e.to_string()))?
    } else {
        let mut path =
            logic.solve_path_while(position.candidates.clone(), &mut || deadline.in_time());
        // Each single says why it holds, from the position it was taken in.
        let mut pos = position.candidates;
        for step in &mut path.steps {
            logic.explain_single(&pos, step);
            pos.apply(&position.layout, step);
        }
        path
    };
    let why_halted = || path_cut_message(deadline.limit);
    let grade = path.grade();
    let lang: Lang = args.lang.into();
    let mut out = Output::stdout();
    match args.format {
        TextFormat::Json => {
            let outcome = match path.outcome {
                Outcome::Solved => "solved".to_string(),
                Outcome::Stuck => "stuck".to_string(),
                Outcome::Broken(cell) => format!("broken at {cell}"),
                Outcome::Halted => format!("stopped: {}", why_halted()),
            };
            let value = serde_json::json!({
                "style": if intuitive { "intuitive" } else { "logic" },
                "steps": path.steps,
                "texts": path.steps.iter().map(|s| s.explain(lang)).collect::<Vec<_>>(),
                "grade": grade,
                "outcome": outcome,
                "end": path.end.to_grid().to_string(),
            });
            writeln!(out, "{value}")?;
        }
        TextFormat::Text => {
            let width = path.steps.len().to_string().len();
            for (k, step) in path.steps.iter().enumerate() {
                writeln!(out, "{:>width$}. {}", k + 1, step.explain(lang))?;
            }
            let hardest = grade.hardest.map_or("", |t| match lang {
                Lang::En => t.name(),
                Lang::Zh => t.name_zh(),
            });
            let end = path.end.to_grid();
            let through = path.steps.iter().filter(|s| s.through.is_some()).count();
            let n = path.steps.len();
            let summary = match (&path.outcome, lang) {
                (Outcome::Solved, Lang::En) if intuitive && through == 0 => {
                    format!("solved without pencil marks in {n} steps")
                }
                (Outcome::Solved, Lang::En) if intuitive => format!(
                    "solved without pencil marks in {n} steps, {through} of them through locked \
                     candidates"
                ),
                (Outcome::Solved, Lang::Zh) if intuitive && through == 0 => {
                    format!("直观法解出：共 {n} 步")
                }
                (Outcome::Solved, Lang::Zh) if intuitive => {
                    format!("直观法解出：共 {n} 步，其中 {through} 步用到区块")
                }
                (Outcome::Stuck, Lang::En) if intuitive => format!(
                    "stuck after {n} steps: no single is in sight without pencil marks from\n{end}"
                ),
                (Outcome::Stuck, Lang::Zh) if intuitive => {
                    format!("第 {n} 步后卡住：不标候选数已找不到唯一数，此后需要候选数：\n{end}")
                }
                (Outcome::Solved, Lang::En) => {
                    format!("solved: {grade}, hardest technique {hardest}")
                }
                (Outcome::Solved, Lang::Zh) => {
                    format!("已解出：{}，最难的技巧：{hardest}", grade.text(lang))
                }
                (Outcome::Stuck, Lang::En) => format!(
                    "stuck after {} steps: no implemented technique applies to\n{end}",
                    path.steps.len()
                ),
                (Outcome::Stuck, Lang::Zh) => {
                    format!(
                        "第 {} 步后卡住：没有已实现的技巧可用于\n{end}",
                        path.steps.len()
                    )
                }
                (Outcome::Broken(cell), Lang::En) => {
                    format!("no solution: {cell} has no candidate left")
                }
                (Outcome::Broken(cell), Lang::Zh) => format!("无解：{cell} 没有候选数了"),
                (Outcome::Halted, Lang::En) => {
                    format!("stopped after {} steps: {}", path.steps.len(), why_halted())
                }
                (Outcome::Halted, Lang::Zh) => match deadline.limit.limit.0 {
                    Some(limit) if !stop::interrupted() => format!(
                        "第 {} 步后停止：超过时间限制（{} 秒）",
                        path.steps.len(),
                        limit.as_secs_f64()
                    ),
                    _ => format!("第 {} 步后停止：已中断", path.steps.len()),
                },
            };
            writeln!(out, "{summary}")?;
        }
    }
    out.flush()?;
    if path.is_solved() {
        Ok(())
    } else {
        Err(Failure::Quiet(1))
    }
}
