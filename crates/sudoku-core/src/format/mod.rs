//! Text formats: reading batches of puzzles, and writing grids.
//!
//! [`read_str`] (or [`read_buf`] for a stream) reads a batch and yields one
//! `Result<`[`Entry`]`, `[`ParseError`]`>` per puzzle, in input order, each with the line it
//! started on. A malformed puzzle is an error naming its line (and the column or cell where it
//! can) and reading goes on with the next line. The reader takes, mixed freely:
//!
//! * one puzzle per line ([`line`](mod@line)), with a label after it;
//! * grids over several lines ([`grid`]), with or without `|`, `-`, `+` separators;
//! * JSON objects ([`json`]), one per line or spread over lines, or arrays of them;
//! * comments: lines starting with `#`, and the `[...]` section headers of `.sdk` files
//!   (sections other than `[Puzzle]` are skipped).
//!
//! Workbooks (`.xlsx`, `.ods`, with the `workbook` feature): [`workbook::read_workbook`] finds
//! grids typed into blocks of cells and one-line puzzles in cells, naming sheet and cell in
//! errors.
//!
//! Writers: [`Grid::to_line`], [`Grid::to_pretty`], [`json::to_json`], [`csv`]; [`OutputFormat`]
//! picks one by name for a `--format` option.

pub mod csv;
mod fpuzzles;
pub mod grid;
pub mod json;
pub mod line;
mod link;
pub mod lzstring;
#[cfg(feature = "workbook")]
pub mod workbook;

use std::collections::VecDeque;
use std::fmt;
use std::io::BufRead;
use std::str::FromStr;

use thiserror::Error;

use crate::grid::Grid;
use crate::shape::{Cell, Shape};
use crate::variant::{Variant, VariantError};

/// A puzzle read from a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The line it starts on, from 1.
    pub line: usize,
    /// The givens.
    pub grid: Grid,
    /// What followed the puzzle on its line (or the JSON `label`), trimmed; often empty.
    pub label: String,
    /// Variant houses given with the puzzle (only JSON can carry them).
    pub variant: Option<Variant>,
    /// Constraints beside the houses: the cages of a `[killer]` section (see
    /// [`crate::constraint::text`]); empty for a plain puzzle.
    pub constraints: crate::constraint::Constraints,
}

/// A puzzle that could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}{kind}")]
pub struct ParseError {
    /// The line, from 1 (for a multi-line grid, the line of the row at fault, or its first line).
    pub line: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    pub(crate) fn new(line: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { line, kind }
    }
}

/// What is wrong with a puzzle's text. `Display` starts with `, column ...: ` or `: ` so that
/// [`ParseError`] reads `line 3, column 7 (r1c7): ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A character that is neither a digit nor an empty-cell mark.
    BadChar {
        /// Column on the line, from 1.
        column: usize,
        /// The character.
        ch: char,
        /// The cell it would have filled, when known.
        cell: Option<Cell>,
    },
    /// A digit larger than the grid's size.
    DigitTooLarge {
        /// Column on the line, from 1, when known.
        column: Option<usize>,
        /// The digit as written (`X`, `x`, `222`).
        written: String,
        /// The cell.
        cell: Option<Cell>,
        /// `N`.
        size: usize,
    },
    /// A blank-separated token of a numeric row that is not a number or an empty mark.
    BadToken {
        /// Column on the line, from 1.
        column: usize,
        /// The token.
        token: String,
    },
    /// A one-line puzzle of the wrong length.
    Length {
        /// Cells found.
        found: usize,
        /// Cells expected, when the shape is given.
        expected: Option<usize>,
    },
    /// A row of a multi-line grid with the wrong number of cells.
    RowLength {
        /// The row of the grid, from 1.
        row: usize,
        /// Cells found.
        found: usize,
        /// `N`.
        expected: usize,
    },
    /// A multi-line grid cut short.
    IncompleteGrid {
        /// Rows read.
        rows: usize,
        /// `N`.
        expected: usize,
    },
    /// A grid size with no box shape (a prime size, say).
    UnknownShape {
        /// `N`.
        size: usize,
    },
    /// Malformed JSON, or JSON that does not describe a puzzle.
    Json {
        /// Column on the line, from 1, when known.
        column: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// Variant houses (from JSON) that do not make a layout.
    Variant(VariantError),
    /// A `[killer]` section that does not read ([`crate::constraint::text`]).
    Killer {
        /// Column on the line, from 1.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// Values that do not make a grid.
    Grid(String),
    /// No puzzle in the text.
    NoPuzzle,
    /// A second puzzle where one was expected.
    SecondPuzzle,
    /// Reading the input failed.
    Io(String),
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |f: &mut fmt::Formatter<'_>, column: Option<usize>, cell: Option<Cell>| match (
            column, cell,
        ) {
            (Some(c), Some(cell)) => write!(f, ", column {c} ({cell}): "),
            (Some(c), None) => write!(f, ", column {c}: "),
            (None, Some(cell)) => write!(f, " ({cell}): "),
            (None, None) => f.write_str(": "),
        };
        match self {
            ParseErrorKind::BadChar { column, ch, cell } => {
                at(f, Some(*column), *cell)?;
                write!(f, "`{ch}` is not a digit or an empty-cell mark")
            }
            ParseErrorKind::DigitTooLarge {
                column,
                written,
                cell,
                size,
            } => {
                at(f, *column, *cell)?;
                let top = match *size {
                    n @ 1..=9 => char::from(b'0' + n as u8),
                    n => char::from(b'A' + (n - 10) as u8),
                };
                let digits = match *size {
                    ..=9 => format!("1-{top}"),
                    10 => "1-9, A".to_string(),
                    _ => format!("1-9, A-{top}"),
                };
                write!(
                    f,
                    "`{written}` is not a digit of a {size}x{size} grid ({digits}; `.` or `0` for an empty cell)"
                )
            }
            ParseErrorKind::BadToken { column, token } => {
                at(f, Some(*column), None)?;
                write!(f, "`{token}` is not a digit or an empty-cell mark")
            }
            ParseErrorKind::Length {
                found,
                expected: Some(e),
            } => write!(f, ": {found} cells, expected {e}"),
            ParseErrorKind::Length {
                found,
                expected: None,
            } => {
                let side = found.isqrt();
                if side * side == *found && side > crate::shape::MAX_SIZE {
                    let max = crate::shape::MAX_SIZE;
                    write!(
                        f,
                        ": {found} cells make a {side}x{side} grid, larger than the largest this program reads ({max}x{max})"
                    )
                } else if side * side == *found && *found > 0 {
                    write!(
                        f,
                        ": {found} cells make a {side}x{side} grid, which has no boxes of at least 2x2 ({side} is prime)"
                    )
                } else {
                    write!(
                        f,
                        ": {found} cells is not the length of a square grid (16, 36, 64, 81, 144, 256, ...)"
                    )
                }
            }
            ParseErrorKind::RowLength {
                row,
                found,
                expected,
            } => write!(f, ": row {row} has {found} cells, expected {expected}"),
            ParseErrorKind::IncompleteGrid { rows, expected } => {
                write!(f, ": the grid ends after {rows} of {expected} rows")
            }
            ParseErrorKind::UnknownShape { size } => write!(
                f,
                ": a grid of size {size} has no usual box shape; give it as RxC"
            ),
            ParseErrorKind::Json { column, message } => {
                at(f, *column, None)?;
                write!(f, "JSON: {message}")
            }
            ParseErrorKind::Variant(e) => write!(f, ": {e}"),
            ParseErrorKind::Killer { column, message } => {
                at(f, Some(*column), None)?;
                write!(f, "killer: {message}")
            }
            ParseErrorKind::Grid(e) => write!(f, ": {e}"),
            ParseErrorKind::NoPuzzle => f.write_str(": no puzzle found"),
            ParseErrorKind::SecondPuzzle => f.write_str(": a second puzzle where one was expected"),
            ParseErrorKind::Io(e) => write!(f, ": {e}"),
        }
    }
}

/// The value of a cell character: `Some(0)` for an empty mark (`.`, `0`, `_`, `*`, `-`),
/// `Some(d)` for a digit `1`-`9`, `A`-`Z`, `a`-`z`, `None` for anything else.
#[inline]
pub(crate) fn cell_value(c: char) -> Option<u8> {
    match c {
        '.' | '0' | '_' | '*' | '-' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='Z' => Some(c as u8 - b'A' + 10),
        'a'..='z' => Some(c as u8 - b'a' + 10),
        _ => None,
    }
}

/// How to read a batch.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The box shape (`--box RxC`); `None` to take it from each puzzle's length.
    pub shape: Option<Shape>,
    /// Whether the caller handles constraints beside the houses (a `[killer]` section's
    /// cages): a reader that does not is given an error naming them for such a puzzle, so
    /// that no rule is silently dropped.
    pub constraints: bool,
}

/// Why a killer is refused where its cages are not read.
const KILLER_ELSEWHERE: &str = "killer cages are read by `sudoku solve` and `sudoku count` only so far; this command \
     would drop them";

/// A batch reader fed line by line: it recognises each puzzle's format as it goes. Most callers
/// use [`read_str`] or [`read_buf`], which drive it.
#[derive(Debug, Clone, Default)]
pub struct Reader {
    options: ReadOptions,
    pending: Option<grid::Pending>,
    json: Option<json::Chunk>,
    /// Inside an `.sdk` section other than `[Puzzle]`.
    skipping: bool,
    /// The lines of a `[killer]` section so far, with their numbers.
    killer: Option<Vec<(usize, String)>>,
    out: VecDeque<Result<Entry, ParseError>>,
}

impl Reader {
    /// A reader with these options.
    pub fn new(options: ReadOptions) -> Reader {
        Reader {
            options,
            ..Reader::default()
        }
    }

    /// Reads one line (`line_no` from 1, without its newline).
    pub fn push_line(&mut self, line_no: usize, line: &str) {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let line = line.strip_prefix('\u{feff}').unwrap_or(line);
        if let Some(chunk) = &mut self.json {
            if chunk.push(line_no, line)
                && let Some(chunk) = self.json.take()
            {
                chunk.finish(self.options, &mut self.out);
            }
            return;
        }
        let t = line.trim();
        let section = t.starts_with('[') && t.ends_with(']') && !t.contains(['{', '"']);
        if let Some(lines) = &mut self.killer {
            if !t.is_empty() && !section {
                lines.push((line_no, line.to_string()));
                return;
            }
            self.end_killer();
        }
        if t.starts_with('#') {
            return;
        }
        if section {
            self.end_grid();
            if t.eq_ignore_ascii_case("[killer]") {
                self.killer = Some(Vec::new());
                self.skipping = false;
                return;
            }
            self.skipping = !t.eq_ignore_ascii_case("[puzzle]");
            return;
        }
        if self.skipping {
            return;
        }
        if t.is_empty() {
            self.end_grid();
            return;
        }
        if self.pending.is_none() && crate::constraint::short::looks_like(t) {
            self.out.push_back(self.short_killer(t, line_no));
            return;
        }
        if self.pending.is_none() && link::looks_like(t) {
            self.out.push_back(link::entry(t, line_no, self.options));
            return;
        }
        if self.pending.is_none() && (t.starts_with('{') || t.starts_with('[')) {
            let mut chunk = json::Chunk::new(line_no);
            if chunk.push(line_no, line) {
                chunk.finish(self.options, &mut self.out);
            } else {
                self.json = Some(chunk);
            }
            return;
        }
        if let Some(pending) = &mut self.pending {
            if grid::is_rule_line(line, pending.size + 1) {
                pending.push_rule();
                return;
            }
            let result = grid::parse_row(line, line_no)
                .and_then(|row| pending.push_row(row, line_no, self.options.shape));
            match result {
                Ok(None) => {}
                Ok(Some(g)) => {
                    let start = pending.start_line;
                    self.pending = None;
                    self.out.push_back(Ok(Entry {
                        line: start,
                        grid: g,
                        label: String::new(),
                        variant: None,
                        constraints: crate::constraint::Constraints::default(),
                    }));
                }
                Err(e) => {
                    self.pending = None;
                    self.out.push_back(Err(e));
                }
            }
            return;
        }
        if grid::is_rule_line(line, 1) && !self.is_one_line_puzzle(t) {
            // A border above the first row.
            return;
        }
        if self.is_one_line_puzzle(t) || !self.starts_grid(line) {
            let result =
                line::parse_line(line, self.options.shape, line_no).map(|(grid, label)| Entry {
                    line: line_no,
                    grid,
                    label,
                    variant: None,
                    constraints: crate::constraint::Constraints::default(),
                });
            self.out.push_back(result);
            return;
        }
        // The first row of a multi-line grid.
        match grid::parse_row(line, line_no) {
            Ok(row) => {
                let mut pending = grid::Pending {
                    start_line: line_no,
                    size: row.values.len(),
                    values: Vec::new(),
                    rows: 0,
                    box_cols: None,
                    box_rows: None,
                };
                match pending.push_row(row, line_no, self.options.shape) {
                    Ok(None) => self.pending = Some(pending),
                    Ok(Some(g)) => self.out.push_back(Ok(Entry {
                        line: line_no,
                        grid: g,
                        label: String::new(),
                        variant: None,
                        constraints: crate::constraint::Constraints::default(),
                    })),
                    Err(e) => self.out.push_back(Err(e)),
                }
            }
            Err(e) => self.out.push_back(Err(e)),
        }
    }

    /// Whether the first word of a line is a whole one-line puzzle (perhaps followed by a
    /// label after `,` or `;`).
    fn is_one_line_puzzle(&self, t: &str) -> bool {
        let cells = t.chars().take_while(|&c| cell_value(c).is_some()).count();
        match self.options.shape {
            Some(s) => cells == s.cell_count(),
            None => Shape::from_cell_count(cells).is_some(),
        }
    }

    /// Whether a line that is not a one-line puzzle looks like the first row of a grid: its
    /// cells (separators left out) are as many as a row has.
    fn starts_grid(&self, line: &str) -> bool {
        let Ok(row) = grid::parse_row(line, 0) else {
            return false;
        };
        let n = row.values.len();
        match self.options.shape {
            Some(s) => n == s.size(),
            // A row length with no box shape (3, 5, 7...) is not a grid row; the line is then
            // read as a one-line puzzle, whose error names its length.
            None => n >= 4 && Shape::from_size(n).is_some(),
        }
    }

    /// A blank line or the end: a grid still open is incomplete.
    fn end_grid(&mut self) {
        if let Some(p) = self.pending.take() {
            self.out.push_back(Err(ParseError::new(
                p.start_line,
                ParseErrorKind::IncompleteGrid {
                    rows: p.rows,
                    expected: p.size,
                },
            )));
        }
    }

    /// The end of a `[killer]` section (a blank line, another section, the end): its puzzle.
    fn end_killer(&mut self) {
        let Some(lines) = self.killer.take() else {
            return;
        };
        let Some(&(first, _)) = lines.first() else {
            return;
        };
        // Every line of the section was kept, comments too, so line k of the text is the
        // section's line `first + k - 1`.
        let text: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
        if !self.options.constraints {
            self.out.push_back(Err(ParseError::new(
                first,
                ParseErrorKind::Killer {
                    column: 1,
                    message: KILLER_ELSEWHERE.into(),
                },
            )));
            return;
        }
        let read = crate::constraint::text::parse(&text.join("\n"));
        self.out.push_back(match read {
            Ok(killer) => Ok(Entry {
                line: first,
                grid: killer.givens,
                label: String::new(),
                variant: None,
                constraints: killer.constraints,
            }),
            Err(e) => Err(ParseError::new(
                first + e.line - 1,
                ParseErrorKind::Killer {
                    column: e.column,
                    message: e.message,
                },
            )),
        });
    }

    /// A killer in the short form (`crate::constraint::short`), or why it is not read.
    fn short_killer(&self, t: &str, line_no: usize) -> Result<Entry, ParseError> {
        let killer =
            |column, message| ParseError::new(line_no, ParseErrorKind::Killer { column, message });
        if !self.options.constraints {
            return Err(killer(1, KILLER_ELSEWHERE.into()));
        }
        let constraints =
            crate::constraint::short::parse(t).map_err(|e| killer(e.column, e.message))?;
        Ok(Entry {
            line: line_no,
            grid: Grid::empty(Shape::CLASSIC),
            label: String::new(),
            variant: None,
            constraints,
        })
    }

    /// Ends the input: reports a grid or JSON text left open.
    pub fn finish(&mut self) {
        self.end_killer();
        self.end_grid();
        if let Some(chunk) = self.json.take() {
            chunk.finish(self.options, &mut self.out);
        }
    }

    /// The next result, in input order.
    pub fn pop(&mut self) -> Option<Result<Entry, ParseError>> {
        self.out.pop_front()
    }
}

/// Reads every puzzle of a text.
///
/// ```
/// use sudoku_core::format::{read_str, ReadOptions};
///
/// let text = "# two puzzles and a typo\n.4..............\tfirst\n.4..x...........\n1.3.4.....2.3..1\n";
/// let results: Vec<_> = read_str(text, ReadOptions::default()).collect();
/// assert_eq!(results.len(), 3);
/// let first = results[0].as_ref().unwrap();
/// assert_eq!((first.line, first.label.as_str()), (2, "first"));
/// assert_eq!(results[1].as_ref().unwrap_err().line, 3);
/// assert_eq!(results[2].as_ref().unwrap().line, 4);
/// ```
pub fn read_str(
    text: &str,
    options: ReadOptions,
) -> impl Iterator<Item = Result<Entry, ParseError>> + '_ {
    let mut reader = Reader::new(options);
    let mut lines = text.lines().enumerate();
    let mut finished = false;
    std::iter::from_fn(move || {
        loop {
            if let Some(r) = reader.pop() {
                return Some(r);
            }
            if finished {
                return None;
            }
            match lines.next() {
                Some((k, line)) => reader.push_line(k + 1, line),
                None => {
                    reader.finish();
                    finished = true;
                }
            }
        }
    })
}

/// Reads every puzzle of a stream (a file, standard input), line by line. A read error ends
/// the batch with a [`ParseErrorKind::Io`] error.
pub fn read_buf<R: BufRead>(
    input: R,
    options: ReadOptions,
) -> impl Iterator<Item = Result<Entry, ParseError>> {
    let mut reader = Reader::new(options);
    let mut lines = input.lines().enumerate();
    let mut finished = false;
    std::iter::from_fn(move || {
        loop {
            if let Some(r) = reader.pop() {
                return Some(r);
            }
            if finished {
                return None;
            }
            match lines.next() {
                Some((k, Ok(line))) => reader.push_line(k + 1, &line),
                Some((k, Err(e))) => {
                    finished = true;
                    return Some(Err(ParseError::new(
                        k + 1,
                        ParseErrorKind::Io(e.to_string()),
                    )));
                }
                None => {
                    reader.finish();
                    finished = true;
                }
            }
        }
    })
}

/// An output format, by the name a `--format` option gives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum OutputFormat {
    /// One puzzle per line, a tab and the label after it if there is one.
    #[default]
    Line,
    /// The grid drawn with box borders ([`Grid::to_pretty`]), the label above it as a comment.
    Grid,
    /// One JSON object per line ([`json::to_json`]).
    Json,
    /// A CSV record `puzzle,label` ([`csv`]).
    Csv,
}

/// An unknown format name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown format `{0}` (use line, grid, json or csv)")]
pub struct UnknownFormat(pub String);

impl FromStr for OutputFormat {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<OutputFormat, UnknownFormat> {
        match s.trim().to_ascii_lowercase().as_str() {
            "line" | "lines" => Ok(OutputFormat::Line),
            "grid" | "pretty" => Ok(OutputFormat::Grid),
            "json" => Ok(OutputFormat::Json),
            "csv" => Ok(OutputFormat::Csv),
            _ => Err(UnknownFormat(s.to_string())),
        }
    }
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutputFormat::Line => "line",
            OutputFormat::Grid => "grid",
            OutputFormat::Json => "json",
            OutputFormat::Csv => "csv",
        })
    }
}

impl OutputFormat {
    /// A grid and its label in this format, ending with a newline. Variant houses are written
    /// only by JSON.
    ///
    /// ```
    /// use sudoku_core::format::OutputFormat;
    ///
    /// let grid = "1.3.4.....2.3..1".parse().unwrap();
    /// assert_eq!(OutputFormat::Line.write(&grid, "easy", None), "1.3.4.....2.3..1\teasy\n");
    /// assert_eq!(OutputFormat::Csv.write(&grid, "a,b", None), "1.3.4.....2.3..1,\"a,b\"\n");
    /// assert_eq!(
    ///     OutputFormat::Json.write(&grid, "", None),
    ///     "{\"box\":\"2x2\",\"grid\":\"1.3.4.....2.3..1\"}\n"
    /// );
    /// ```
    pub fn write(self, grid: &Grid, label: &str, variant: Option<&Variant>) -> String {
        match self {
            OutputFormat::Line if label.is_empty() => format!("{grid}\n"),
            OutputFormat::Line => format!("{grid}\t{label}\n"),
            OutputFormat::Grid if label.is_empty() => grid.to_pretty(),
            OutputFormat::Grid => format!("# {label}\n{}", grid.to_pretty()),
            OutputFormat::Json => json::to_json(grid, label, variant) + "\n",
            OutputFormat::Csv => csv::record(&[&grid.to_line(), label]),
        }
    }
}
