//! Reading one position for `hint` and `explain`: a puzzle given on the command line, in a
//! file or on standard input (a workbook's first puzzle when the file is `.xlsx` or `.ods`),
//! in any of three forms —
//!
//! * a puzzle in any format the batch commands read (one line, a multi-line grid, JSON): the
//!   position is its givens with every candidate still open;
//! * a pencil-mark grid (a word of candidates per cell, borders ignored, as HoDoKu prints it):
//!   the player's own marks, a one-digit word being a placed digit;
//! * a line of HoDoKu's library format (`:0000:x:<grid>:<deleted>:...`, 9x9).

use std::path::Path;

use sudoku_core::format::workbook::{looks_like_workbook, read_workbook};
use sudoku_core::format::{ReadOptions, read_str};
use sudoku_core::{Layout, Shape};
use sudoku_logic::{Candidates, Logic, pencilmarks, reglib};

use crate::batch::{VariantArgs, VariantSpec, cut_short_message};
use crate::failure::Failure;
use crate::stop::{self, Deadline, PuzzleLimit, TimeLimit, parse_seconds};

/// The arguments `hint` and `explain` share: where the position is, and how to read it.
#[derive(Debug, clap::Args)]
pub struct PositionArgs {
    /// The puzzle or position: given inline, as a file name, or `-` for standard input.
    #[arg(value_name = "PUZZLE|FILE|-")]
    pub source: String,

    /// The box shape, when the size does not say it.
    #[arg(long = "box", value_name = "RxC")]
    pub shape: Option<Shape>,

    #[command(flatten)]
    pub variant: VariantArgs,

    /// Give up after this many seconds (fractions and units allowed: `1.5`, `500ms`, `2m`;
    /// 0 for no limit): the uniqueness check and the logic of the larger grids can take
    /// longer than anyone waits. Left out: no limit for 9x9 and smaller, 10 s for larger
    /// grids.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<TimeLimit>,
}

/// A position to work on, with the layout it lives in.
pub struct Position {
    /// The layout (shape and variant).
    pub layout: Layout,
    /// Placed digits and candidates.
    pub candidates: Candidates,
}

/// The text of `PUZZLE|FILE|-`: standard input for `-`, a file if one exists by that name,
/// else the argument itself. Text that is not UTF-8 is refused with the byte where it stops.
pub fn source_text(arg: &str) -> Result<(String, String), Failure> {
    let path = Path::new(arg);
    if arg == crate::input::STDIN || path.is_file() {
        let input = crate::input::read(path)?;
        return Ok((input.name, input.text));
    }
    Ok((ARGUMENT.to_string(), arg.to_string()))
}

/// The name of a puzzle written on the command line, in messages.
const ARGUMENT: &str = "<argument>";

/// Whether an argument that is no file was probably meant as one (a path or a file name
/// with an extension), so that a failure to read it as a puzzle says the file is missing.
fn looks_like_a_path(arg: &str) -> bool {
    arg.contains('/')
        || arg.contains('\\')
        || arg.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty() && ext.chars().any(|c| c.is_ascii_alphabetic())
        })
}

/// A puzzle argument that did not read: for one that looks like a file name, the missing
/// file is the likelier mistake, and is said first.
fn unreadable(name: &str, arg: &str, why: impl std::fmt::Display) -> Failure {
    if name == ARGUMENT && looks_like_a_path(arg) {
        Failure::Input(format!("{arg}: no such file (and as a puzzle: {why})"))
    } else {
        Failure::Input(format!("{name}: {why}"))
    }
}

/// Reads the position the arguments name (see the module doc).
pub fn read(args: &PositionArgs) -> Result<Position, Failure> {
    let shape = args.shape;
    let spec = VariantSpec::from_args(&args.variant)?;
    let layout_for = |shape: Shape| -> Result<Layout, Failure> {
        let v = spec.variant(shape).map_err(Failure::Usage)?;
        Layout::with_variant(shape, v).map_err(|e| Failure::Usage(format!("--variant: {e}")))
    };
    if let Some((name, bytes)) = workbook_source(&args.source)? {
        let found = read_workbook(
            &bytes,
            ReadOptions {
                shape,
                ..ReadOptions::default()
            },
        )
        .map_err(|e| Failure::Input(format!("{name}: {e}")))?;
        let first = found
            .into_iter()
            .next()
            .ok_or_else(|| Failure::Input(format!("{name}: no puzzle found in the workbook")))?
            .map_err(|e| Failure::Input(format!("{name}: {e}")))?;
        let layout = layout_for(first.grid.shape())?;
        let candidates = Logic::new(&layout)
            .start(&first.grid)
            .map_err(|e| Failure::Input(format!("{name}: {}: {e}", first.place)))?;
        return Ok(Position { layout, candidates });
    }
    let (name, text) = source_text(&args.source)?;
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .ok_or_else(|| Failure::Input(format!("{name}: no puzzle found")))?;
    if first.starts_with(':') {
        return library_line(&name, &text, layout_for(Shape::CLASSIC)?);
    }
    if let Some(cells) = pencil_mark_cells(&text) {
        let shape = Shape::from_cell_count(cells)
            .or(shape)
            .ok_or_else(|| Failure::Input(format!("{name}: {cells} cells make no grid")))?;
        let layout = layout_for(shape)?;
        let candidates = pencilmarks::parse(&layout, &text)
            .map_err(|e| Failure::Input(format!("{name}:{e}")))?;
        return Ok(Position { layout, candidates });
    }
    let entry = read_str(
        &text,
        ReadOptions {
            shape,
            ..ReadOptions::default()
        },
    )
    .next()
    .ok_or_else(|| unreadable(&name, &args.source, "no puzzle found"))?
    .map_err(|e| unreadable(&name, &args.source, e))?;
    let layout = match &entry.variant {
        Some(v) => Layout::with_variant(entry.grid.shape(), v.clone())
            .map_err(|e| Failure::Input(format!("{name}: {e}")))?,
        None => layout_for(entry.grid.shape())?,
    };
    let candidates = Logic::new(&layout)
        .start(&entry.grid)
        .map_err(|e| Failure::Input(format!("{name}: line {}: {e}", entry.line)))?;
    Ok(Position { layout, candidates })
}

impl Position {
    /// The deadline of work on this position started now: `--time-limit`, or the default
    /// for its grid's size.
    pub fn deadline(&self, args: &PositionArgs) -> Deadline {
        let limit = PuzzleLimit(args.time_limit).for_size(self.layout.shape().size());
        Deadline::starting_now(limit)
    }

    /// Refuses a position whose givens have several solutions or none (exit 1, as `solve`
    /// answers a puzzle without a unique solution; clashing givens are an input error, exit
    /// 2); `several` says why several solutions stop the command. A player's wrong digit is
    /// not judged here: the command shows where it breaks.
    pub fn check_unique(&self, several: &str, deadline: Deadline) -> Result<(), Failure> {
        let mut solver = sudoku_core::Solver::new(self.layout.clone(), sudoku_core::Engine::Auto)
            .map_err(|e| Failure::Usage(e.to_string()))?;
        solver.set_deadline(deadline.at);
        solver.set_stop_flag(Some(stop::flag()));
        let verdict = solver.verdict(&self.candidates.givens_grid());
        if let Some(halted) = solver.halted() {
            let why = cut_short_message(halted, deadline.limit);
            return Err(Failure::Unmet(format!("uniqueness check: {why}")));
        }
        match verdict {
            Ok(sudoku_core::Verdict::Unique(_)) => Ok(()),
            Ok(sudoku_core::Verdict::Multiple(..)) => Err(Failure::Unmet(format!(
                "the puzzle has several solutions{several}"
            ))),
            Ok(sudoku_core::Verdict::NoSolution) => {
                Err(Failure::Unmet("the puzzle has no solution".into()))
            }
            Ok(sudoku_core::Verdict::Invalid(c)) => {
                Err(Failure::Input(format!("invalid givens: {c}")))
            }
            Err(e) => Err(Failure::Input(e.to_string())),
        }
    }
}

/// The bytes of `PUZZLE|FILE|-` when it names a workbook file (`.xlsx`, `.ods`, ...: told
/// by its first bytes).
fn workbook_source(arg: &str) -> Result<Option<(String, Vec<u8>)>, Failure> {
    let path = Path::new(arg);
    if arg == "-" || !path.is_file() {
        return Ok(None);
    }
    let (name, bytes) = crate::input::read_bytes(path)?;
    Ok(looks_like_workbook(&bytes).then_some((name, bytes)))
}

/// The position of the first library line of the text.
fn library_line(name: &str, text: &str, layout: Layout) -> Result<Position, Failure> {
    for (k, line) in text.lines().enumerate() {
        let parsed =
            reglib::parse_line(line, k + 1).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
        if let Some(entry) = parsed {
            let candidates = entry
                .position(&layout)
                .map_err(|e| Failure::Input(format!("{name}: {e}")))?;
            return Ok(Position { layout, candidates });
        }
    }
    Err(Failure::Input(format!("{name}: no library line found")))
}

/// The number of cells if the text looks like a pencil-mark grid: border lines (only `.`,
/// `-`, `+`, `:`, `'`, `*`, `|`) aside, every word between blanks and `|` is a run of digits,
/// at least one has two or more, and they make a whole grid. A compact puzzle row (`53..7....`)
/// has `.` inside its words, so it is never taken for pencil marks.
fn pencil_mark_cells(text: &str) -> Option<usize> {
    let border = |c: char| ".-+:'*|".contains(c) || c.is_whitespace();
    let words: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.chars().all(border))
        .flat_map(|l| l.split(|c: char| c.is_whitespace() || "|:'*".contains(c)))
        .filter(|w| !w.is_empty())
        .collect();
    let digits = |w: &&str| w.chars().all(|c| c.is_ascii_alphanumeric());
    let several = words.iter().any(|w| w.len() > 1);
    let cells = words.len();
    (several && words.iter().all(digits) && Shape::from_cell_count(cells).is_some())
        .then_some(cells)
}
