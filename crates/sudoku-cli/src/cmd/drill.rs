//! `sudoku drill`: the singles drill in the terminal, full screen or in plain lines.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use sudoku_game::DrillKind;
use sudoku_tui::drill::{self, RoundSpec};

use crate::failure::Failure;

/// Arguments of `sudoku drill`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each question shows a 9x9 grid and asks for the digit of a cell (Full House: the last of
a row or column; Naked Single, 唯余: the one digit its row, column and box leave), or for a
Hidden Single (排除) where a digit goes in a house. Every answer is timed and kept in the
database with the page's drill; the round ends with correct, wrong, total, accuracy and the
average time per answer, by kind.

In plain mode (--plain, or when standard output is no terminal) each question is a line
and nine grid lines (`?` marks the cell asked about), then `> `; answer with a digit, or a
cell such as r4c2; `q` or the end of the input ends the round.

Examples:
  sudoku drill --count 20
  sudoku drill --kind naked_single --time 60
  printf '5\\n7\\n' | sudoku drill --plain --count 2 --kind full_house")]
pub struct Args {
    /// Questions in the round [default: 10, or no limit with --time].
    #[arg(long, value_name = "N")]
    count: Option<usize>,

    /// A time limit for the round, in seconds.
    #[arg(long, value_name = "SECONDS")]
    time: Option<u64>,

    /// Which singles, comma-separated: full_house, naked_single, hidden_single [default: all three in turn].
    #[arg(long, value_name = "KINDS", value_delimiter = ',')]
    kind: Vec<String>,

    /// Plain lines: question, answer, result, one per line (for scripts and pipes).
    #[arg(long)]
    plain: bool,

    /// The SQLite file, the one `sudoku serve` uses [default: <data dir>/dancing-sudoku/games.sqlite3].
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,

    /// The language: en or zh [default: from LANG].
    #[arg(long, value_name = "LANG")]
    lang: Option<String>,
}

/// Runs `sudoku drill`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let kinds = args
        .kind
        .iter()
        .map(|k| k.parse::<DrillKind>().map_err(Failure::Usage))
        .collect::<Result<Vec<_>, _>>()?;
    if args.count == Some(0) {
        return Err(Failure::Usage("--count must be at least 1".into()));
    }
    let spec = RoundSpec {
        count: args
            .count
            .or(if args.time.is_some() { None } else { Some(10) }),
        limit: args.time.map(Duration::from_secs),
    };
    let options = super::play::options(args.db.as_ref(), args.lang.as_deref())?;
    let plain = args.plain || !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal();
    if plain {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut out = std::io::stdout().lock();
        drill::plain(&options, &kinds, spec, &mut input, &mut out).map_err(super::play::failure)?;
    } else {
        let summary = drill::interactive(&options, &kinds, spec).map_err(super::play::failure)?;
        for line in drill::summary_lines(options.lang, &summary) {
            println!("{line}");
        }
    }
    Ok(())
}
