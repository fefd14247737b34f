//! `sudoku hint`: the next step for a puzzle or a player's position, in three stages that
//! teach before they tell — the technique's name; the technique, its digits and where to
//! look; the whole step. A position with a wrong digit or a removed true candidate gets that
//! mistake pointed out instead.

use std::io::Write;

use sudoku_logic::{Hint, Logic, Stage};

use crate::cmd::explain::{LangArg, TextFormat};
use crate::failure::Failure;
use crate::output::Output;
use crate::position::{self, PositionArgs};
use crate::timing::Clock;

/// Arguments of `sudoku hint`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The input is a puzzle (any format `solve` reads), a pencil-mark grid (a word of candidates
per cell, as HoDoKu prints it; a one-digit word is a placed digit) or a line of HoDoKu's
library format. Exit codes: 0 a hint was given; 1 the position has mistakes, is solved, or no
known technique applies; 2 malformed input.

Examples:
  sudoku hint 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudoku hint --stage 3 --lang zh position.txt
  sudoku hint --format json - < marks.txt")]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,

    /// How much to give away: 1 the technique, 2 where to look, 3 the whole step.
    #[arg(long, value_name = "1|2|3", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    stage: u8,

    /// The language of the text: `en` or `zh` (Simplified Chinese).
    #[arg(long, value_name = "LANG", default_value = "en")]
    lang: LangArg,

    /// `text`, or `json` (the hint with the whole step's data, to draw it).
    #[arg(long, value_name = "FORMAT", default_value = "text")]
    format: TextFormat,
}

/// Runs `sudoku hint`.
pub fn run(args: &Args, _clock: &Clock) -> Result<(), Failure> {
    let position = position::read(&args.position)?;
    let deadline = position.deadline(&args.position);
    // Uniqueness techniques are sound only for a puzzle with one solution.
    position.check_unique(", so no hint can be sound", deadline)?;
    let logic = Logic::new(&position.layout);
    let stage = Stage::from_number(args.stage).unwrap_or(Stage::Technique);
    let hint = logic.hint(&position.candidates, stage);
    let mut out = Output::stdout();
    match args.format {
        TextFormat::Text => writeln!(out, "{}", hint.text(args.lang.into()))?,
        TextFormat::Json => {
            let mut value = serde_json::to_value(&hint)
                .map_err(|e| Failure::Input(format!("cannot write JSON: {e}")))?;
            value["text"] = serde_json::Value::String(hint.text(args.lang.into()));
            writeln!(out, "{value}")?;
        }
    }
    out.flush()?;
    match hint {
        Hint::Step { .. } => Ok(()),
        _ => Err(Failure::Quiet(1)),
    }
}
