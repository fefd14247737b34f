//! Grids over several lines: one row per line, with or without separators.
//!
//! Reading accepts the drawings of QQWing's readable format and of SadMan `.sdk` files: rows of
//! cell characters, optionally spaced, with `|` between boxes, and rule lines of `-`, `=`, `+`
//! and `|` between bands (skipped). Rows of big grids may also write numbers separated by blanks
//! (`10 . 3 16 ...`). The box shape comes from `--box`, else from where the first `|` and the
//! first rule line fall, else from the size. Writing draws the grid with box borders, in a form
//! this reader reads back.

use super::{ParseError, ParseErrorKind, ReadOptions, cell_value};
use crate::grid::Grid;
use crate::shape::{Shape, digit_char};

/// The grid drawn with box borders, `N` rows plus a rule between bands, each line ending in a
/// newline.
///
/// ```
/// use sudoku_core::Grid;
///
/// let grid: Grid = "1.3.4.....2.3..1".parse().unwrap();
/// assert_eq!(grid.to_pretty(), "1 . | 3 .\n4 . | . .\n----+----\n. . | 2 .\n3 . | . 1\n");
/// assert_eq!(sudoku_core::format::grid::parse_grid(&grid.to_pretty(), None).unwrap(), grid);
/// ```
pub fn write_pretty(grid: &Grid) -> String {
    let shape = grid.shape();
    let n = shape.size();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let rule = vec!["-".repeat(2 * bc - 1); shape.stacks()].join("-+-");
    let mut out = String::with_capacity((2 * n + 2 * shape.stacks()) * (n + shape.bands()));
    for r in 0..n {
        if r > 0 && r % br == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        for c in 0..n {
            if c > 0 {
                out.push_str(if c % bc == 0 { " | " } else { " " });
            }
            out.push(digit_char(grid.values()[r * n + c]));
        }
        out.push('\n');
    }
    out
}

/// Reads one grid written over several lines (or on one line). Comments (`#`) and rule lines
/// are skipped; the text must hold exactly one puzzle.
pub fn parse_grid(text: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
    let mut entries = super::read_str(
        text,
        ReadOptions {
            shape,
            ..ReadOptions::default()
        },
    );
    match (entries.next(), entries.next()) {
        (Some(Ok(entry)), None) => Ok(entry.grid),
        (Some(Err(e)), _) => Err(e),
        (None, _) => Err(ParseError::new(1, ParseErrorKind::NoPuzzle)),
        (Some(Ok(_)), Some(Ok(second))) => {
            Err(ParseError::new(second.line, ParseErrorKind::SecondPuzzle))
        }
        (Some(Ok(_)), Some(Err(e))) => Err(e),
    }
}

/// Whether a line is a rule between bands: only `-`, `=`, `+`, `|` and blanks, with a `+` or
/// `=`, or at least `min_dashes` dashes.
pub(crate) fn is_rule_line(line: &str, min_dashes: usize) -> bool {
    let t = line.trim();
    !t.is_empty()
        && t.chars()
            .all(|c| matches!(c, '-' | '=' | '+' | '|') || c.is_whitespace())
        && (t.contains(['+', '=']) || t.chars().filter(|&c| c == '-').count() >= min_dashes)
}

/// One row of a multi-line grid.
pub(crate) struct Row {
    pub values: Vec<u8>,
    /// Whether the cells were written as blank-separated numbers (`10 11 12`).
    pub numeric: bool,
    /// How many cells come before the first `|`, if there is one.
    pub first_bar: Option<usize>,
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == '|' || c == '+'
}

/// Reads one row: cell characters with optional separators, or numbers separated by blanks.
pub(crate) fn parse_row(line: &str, line_no: usize) -> Result<Row, ParseError> {
    let numeric = line
        .split(is_separator)
        .any(|t| t.len() > 1 && t.bytes().all(|b| b.is_ascii_digit()));
    let mut values = Vec::new();
    let mut first_bar = None;
    if numeric {
        let mut column = 1;
        for piece in line.split_inclusive(is_separator) {
            let token = piece.trim_end_matches(is_separator);
            if !token.is_empty() {
                let v = match token.parse::<u8>() {
                    Ok(v) => v,
                    Err(_) => match token.chars().next().and_then(cell_value) {
                        Some(0) if token.chars().count() == 1 => 0,
                        _ => {
                            return Err(ParseError::new(
                                line_no,
                                ParseErrorKind::BadToken {
                                    column,
                                    token: token.to_string(),
                                },
                            ));
                        }
                    },
                };
                values.push(v);
            }
            if piece.ends_with('|') && first_bar.is_none() {
                first_bar = Some(values.len());
            }
            column += piece.chars().count();
        }
    } else {
        for (k, ch) in line.chars().enumerate() {
            if ch == '|' {
                if first_bar.is_none() {
                    first_bar = Some(values.len());
                }
            } else if !is_separator(ch) {
                match cell_value(ch) {
                    Some(v) => values.push(v),
                    None => {
                        return Err(ParseError::new(
                            line_no,
                            ParseErrorKind::BadChar {
                                column: k + 1,
                                ch,
                                cell: None,
                            },
                        ));
                    }
                }
            }
        }
    }
    Ok(Row {
        values,
        numeric,
        first_bar,
    })
}

/// A multi-line grid being read.
#[derive(Debug, Clone)]
pub(crate) struct Pending {
    pub start_line: usize,
    pub size: usize,
    pub values: Vec<u8>,
    pub rows: usize,
    pub box_cols: Option<usize>,
    pub box_rows: Option<usize>,
}

impl Pending {
    /// Accepts a row; returns the grid when it was the last one.
    pub fn push_row(
        &mut self,
        row: Row,
        line_no: usize,
        shape: Option<Shape>,
    ) -> Result<Option<Grid>, ParseError> {
        if row.values.len() != self.size {
            return Err(ParseError::new(
                line_no,
                ParseErrorKind::RowLength {
                    row: self.rows + 1,
                    found: row.values.len(),
                    expected: self.size,
                },
            ));
        }
        let n = self.size;
        if let Some(k) = row.values.iter().position(|&v| v as usize > n) {
            return Err(ParseError::new(
                line_no,
                ParseErrorKind::DigitTooLarge {
                    column: None,
                    written: if row.numeric {
                        row.values[k].to_string()
                    } else {
                        digit_char(row.values[k]).to_string()
                    },
                    cell: Some(crate::shape::Cell::new(self.rows, k)),
                    size: n,
                },
            ));
        }
        if self.rows == 0 {
            self.box_cols = row.first_bar.filter(|&c| c > 0 && n.is_multiple_of(c));
        }
        self.values.extend_from_slice(&row.values);
        self.rows += 1;
        if self.rows < n {
            return Ok(None);
        }
        let shape = match shape {
            Some(s) => s,
            None => self.inferred_shape().ok_or(ParseError::new(
                self.start_line,
                ParseErrorKind::UnknownShape { size: n },
            ))?,
        };
        let values = std::mem::take(&mut self.values);
        Grid::from_values(shape, values)
            .map(Some)
            .map_err(|e| ParseError::new(self.start_line, ParseErrorKind::Grid(e.to_string())))
    }

    /// A rule line after `rows` rows: the first one gives the box height.
    pub fn push_rule(&mut self) {
        if self.box_rows.is_none() && self.rows > 0 {
            self.box_rows = Some(self.rows);
        }
    }

    fn inferred_shape(&self) -> Option<Shape> {
        let n = self.size;
        let from = |r: usize, c: usize| (r * c == n).then(|| Shape::new(r, c).ok()).flatten();
        match (self.box_rows, self.box_cols) {
            (Some(r), Some(c)) => from(r, c),
            (Some(r), None) if n.is_multiple_of(r) => from(r, n / r),
            (None, Some(c)) => from(n / c, c),
            _ => None,
        }
        .or_else(|| Shape::from_size(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A number too large for the grid is named as written, whatever its size (222 once
    /// overflowed the digit character it was shown as).
    #[test]
    fn a_number_too_large_is_shown_as_written() {
        let text = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 222\n";
        let err = crate::format::read_str(text, crate::format::ReadOptions::default())
            .next()
            .expect("an entry")
            .expect_err("222 is no digit of a 4x4 grid");
        assert_eq!(
            err.to_string(),
            "line 4 (r4c4): `222` is not a digit of a 4x4 grid (1-4; `.` or `0` for an empty cell)"
        );
        let err = crate::format::read_str("1.3.4.....2.3..x", Default::default())
            .next()
            .expect("an entry")
            .expect_err("x is no digit of a 4x4 grid");
        assert!(err.to_string().contains("`x` is not a digit"), "{err}");
    }

    const QQWING: &str = "\
 . . . | . . . | 6 . .
 . . 7 | . 3 . | . . .
 . . . | . . . | . 5 2
-------|-------|-------
 . . . | . . 6 | 7 . .
 . 1 . | . . . | . 3 .
 2 . . | . 5 4 | . . .
-------|-------|-------
 . 9 . | 8 . . | 5 . .
 6 4 . | . . . | . . 1
 . . . | . 2 . | . . .
";

    #[test]
    fn reads_qqwing_readable_format() {
        let g = parse_grid(QQWING, None).unwrap();
        assert_eq!(&g.to_string()[..18], "......6....7.3....");
        assert_eq!(parse_grid(&g.to_pretty(), None).unwrap(), g);
    }

    #[test]
    fn reads_sdk_files() {
        let sdk = "#A someone\n#D a test\n[Puzzle]\n2..7.5..1\n.........\n.........\n\
                   .........\n.........\n.........\n.........\n.........\n.........\n";
        let g = parse_grid(sdk, None).unwrap();
        assert_eq!(&g.to_string()[..9], "2..7.5..1");
    }

    #[test]
    fn infers_rectangular_boxes_from_separators() {
        let text = "1 2 | 3 4 | 5 6\n. . | . . | . .\n. . | . . | . .\n---+---+---\n\
                    . . | . . | . .\n. . | . . | . .\n. . | . . | . .\n";
        let g = parse_grid(text, None).unwrap();
        assert_eq!(g.shape(), Shape::new(3, 2).unwrap());
        let g = Grid::pattern(Shape::new(2, 3).unwrap());
        assert_eq!(parse_grid(&g.to_pretty(), None).unwrap(), g);
    }

    #[test]
    fn reads_numbers_for_big_grids() {
        let g = Grid::pattern(Shape::new(4, 4).unwrap());
        let text: String = g
            .values()
            .chunks(16)
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|v| v.to_string()).collect();
                cells.join(" ") + "\n"
            })
            .collect();
        assert_eq!(parse_grid(&text, None).unwrap(), g);
        assert_eq!(parse_grid(&g.to_pretty(), None).unwrap(), g);
    }

    #[test]
    fn short_rows_are_errors_with_their_line() {
        let text = "1 2 | 3 4\n. . | .\n";
        let e = parse_grid(text, None).unwrap_err();
        assert_eq!(e.to_string(), "line 2: row 2 has 3 cells, expected 4");
        let e = parse_grid("1 2 | 3 4\n. . | . .\n", None).unwrap_err();
        assert_eq!(e.to_string(), "line 1: the grid ends after 2 of 4 rows");
    }
}
