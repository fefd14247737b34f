//! HoDoKu's library format, one position and one expected step per line:
//!
//! ```text
//! :<code>[-<variant>|-x]:<digits>:<grid>:<deleted>:<eliminations>:<placements>:<extra>
//! ```
//!
//! `grid` is 81 cells (`.` empty, `+d` a placed digit); `deleted` lists candidates removed on
//! top of what the placed digits rule out, so grid and deleted together give a pencil-mark
//! position. Candidates are written `<digit><row><col>` (`436` is 4 in r3c6). HoDoKu's
//! regression library uses the format; so can a hint request that carries pencil marks.
//! The format is 9x9 only.

use sudoku_core::{Candidate, Cell, Digit, Grid, Layout, Shape};
use thiserror::Error;

use crate::candidates::{Candidates, CandidatesError};

/// One line of the library format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibraryLine {
    /// The line number (from 1) in its file.
    pub line: usize,
    /// The technique code, without variant (`0300`, or `03111` for a Siamese fish).
    pub code: String,
    /// The variant after `-`, if any (`x` marks a case that must find nothing).
    pub variant: Option<String>,
    /// The step's digits.
    pub digits: Vec<Digit>,
    /// The givens (digits written without `+`).
    pub grid: Grid,
    /// The digits placed while solving (written `+d`), in cell order.
    pub placed: Vec<Candidate>,
    /// Candidates removed beyond the placed digits' peers.
    pub deleted: Vec<Candidate>,
    /// Expected eliminations.
    pub eliminations: Vec<Candidate>,
    /// Expected placements.
    pub placements: Vec<Candidate>,
    /// The extra field (chain length for chains), as written.
    pub extra: String,
}

/// A library line that cannot be read; `line` and `column` count from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{line}:{column}: {kind}")]
pub struct LibraryError {
    /// Line.
    pub line: usize,
    /// Column of the offending field or character.
    pub column: usize,
    /// What is wrong.
    pub kind: LibraryErrorKind,
}

/// What is wrong with a library line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LibraryErrorKind {
    /// The line does not start with `:`.
    #[error("a library line starts with `:`")]
    NoColon,
    /// Fewer than the four fields up to the grid.
    #[error("missing field `{0}`")]
    MissingField(&'static str),
    /// The technique code is not 4 or 5 digits.
    #[error("`{0}` is not a technique code")]
    Code(String),
    /// A character that is not a digit in the digit field.
    #[error("`{0}` is not a digit")]
    Digit(char),
    /// A grid character other than `.`, `0`, `+` or `1`-`9`.
    #[error("`{0}` is not a grid cell")]
    GridChar(char),
    /// The grid does not have 81 cells.
    #[error("the grid has {0} cells, it needs 81")]
    GridLength(usize),
    /// A candidate that is not three digits `1`-`9`.
    #[error("`{0}` is not a candidate (write digit, row, column, e.g. 436)")]
    Candidate(String),
    /// The placed digits clash.
    #[error("{0}")]
    Position(CandidatesError),
}

impl LibraryLine {
    /// Whether this is a fail case (`-x`): the technique must find nothing.
    pub fn is_fail_case(&self) -> bool {
        self.variant.as_deref() == Some("x")
    }

    /// The pencil-mark position the line describes.
    pub fn position(&self, layout: &Layout) -> Result<Candidates, LibraryError> {
        let mut pos = Candidates::from_grid(layout, &self.grid).map_err(|e| LibraryError {
            line: self.line,
            column: 1,
            kind: LibraryErrorKind::Position(e),
        })?;
        for &c in &self.placed {
            pos.place(layout, c.cell, c.digit);
        }
        for &c in &self.deleted {
            pos.eliminate(c);
        }
        Ok(pos)
    }
}

/// Reads one line. Blank lines and comments (`#`) give `None`.
pub fn parse_line(text: &str, line: usize) -> Result<Option<LibraryLine>, LibraryError> {
    let text = text.trim_end_matches(['\r', '\n']);
    if text.trim().is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let err = |column: usize, kind| LibraryError { line, column, kind };
    let Some(rest) = text.strip_prefix(':') else {
        return Err(err(1, LibraryErrorKind::NoColon));
    };
    let mut fields = Vec::new();
    let mut column = 2;
    for field in rest.split(':') {
        fields.push((column, field));
        column += field.chars().count() + 1;
    }
    let field = |k: usize, name| {
        fields
            .get(k)
            .copied()
            .ok_or_else(|| err(column, LibraryErrorKind::MissingField(name)))
    };
    let optional = |k: usize| fields.get(k).copied().unwrap_or((column, ""));
    let (code_col, code_text) = field(0, "code")?;
    let (code, variant) = parse_code(code_text)
        .ok_or_else(|| err(code_col, LibraryErrorKind::Code(code_text.to_string())))?;
    let (digits_col, digits_text) = field(1, "digits")?;
    let digits = parse_digits(digits_text)
        .map_err(|(i, c)| err(digits_col + i, LibraryErrorKind::Digit(c)))?;
    let (grid_col, grid_text) = field(2, "grid")?;
    let (grid, placed) = parse_grid(grid_text).map_err(|(i, kind)| err(grid_col + i, kind))?;
    let list = |k: usize| {
        let (col, text) = optional(k);
        parse_candidates(text).map_err(|(i, kind)| err(col + i, kind))
    };
    Ok(Some(LibraryLine {
        line,
        code,
        variant,
        digits,
        grid,
        placed,
        deleted: list(3)?,
        eliminations: list(4)?,
        placements: list(5)?,
        extra: optional(6).1.to_string(),
    }))
}

/// Reads every line of a library file, skipping comments.
pub fn parse_str(text: &str) -> Vec<Result<LibraryLine, LibraryError>> {
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| parse_line(l, i + 1).transpose())
        .collect()
}

fn parse_code(text: &str) -> Option<(String, Option<String>)> {
    let (code, variant) = match text.split_once('-') {
        Some((c, v)) => (c, Some(v.to_string())),
        None => (text, None),
    };
    let ok = (4..=5).contains(&code.len()) && code.chars().all(|c| c.is_ascii_digit());
    ok.then(|| (code.to_string(), variant))
}

fn parse_digits(text: &str) -> Result<Vec<Digit>, (usize, char)> {
    text.chars()
        .enumerate()
        .map(|(i, c)| match c {
            '1'..='9' => Digit::from_char(c).ok_or((i, c)),
            _ => Err((i, c)),
        })
        .collect()
}

/// The givens and the placed digits of a grid field.
fn parse_grid(text: &str) -> Result<(Grid, Vec<Candidate>), (usize, LibraryErrorKind)> {
    let mut values = Vec::with_capacity(81);
    let mut placed = Vec::new();
    let mut plus = false;
    for (i, c) in text.chars().enumerate() {
        if values.len() > 81 {
            return Err((
                0,
                LibraryErrorKind::GridLength(text.chars().filter(|c| *c != '+').count()),
            ));
        }
        match c {
            '+' => plus = true,
            '.' | '0' => values.push(0),
            '1'..='9' => {
                let digit = Digit::from_char(c).ok_or((i, LibraryErrorKind::GridChar(c)))?;
                let cell = Cell::from_index(values.len(), 9);
                if plus {
                    placed.push(Candidate { cell, digit });
                    values.push(0);
                } else {
                    values.push(digit.get() as u8);
                }
                plus = false;
            }
            _ => return Err((i, LibraryErrorKind::GridChar(c))),
        }
    }
    let count = values.len();
    let grid = Grid::from_values(Shape::CLASSIC, values)
        .map_err(|_| (0, LibraryErrorKind::GridLength(count)))?;
    Ok((grid, placed))
}

fn parse_candidates(text: &str) -> Result<Vec<Candidate>, (usize, LibraryErrorKind)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for word in text.split(' ') {
        if !word.is_empty() {
            out.push(
                parse_candidate(word)
                    .ok_or_else(|| (offset, LibraryErrorKind::Candidate(word.to_string())))?,
            );
        }
        offset += word.chars().count() + 1;
    }
    Ok(out)
}

fn parse_candidate(word: &str) -> Option<Candidate> {
    let b = word.as_bytes();
    if b.len() != 3 || !b.iter().all(|c| (b'1'..=b'9').contains(c)) {
        return None;
    }
    let v = |k: usize| (b[k] - b'0') as usize;
    Some(Candidate {
        digit: Digit::new(v(0))?,
        cell: Cell::new(v(1) - 1, v(2) - 1),
    })
}

/// A candidate in the library's `<digit><row><col>` form (9x9 only).
pub fn format_candidate(c: Candidate) -> String {
    format!("{}{}{}", c.digit, c.cell.row() + 1, c.cell.col() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:";

    #[test]
    fn reads_a_line() {
        let l = parse_line(LINE, 7).unwrap().unwrap();
        assert_eq!(l.code, "0003");
        assert_eq!(l.variant, None);
        assert_eq!(l.digits, [Digit::new(8).unwrap()]);
        assert_eq!(l.placements.len(), 1);
        assert_eq!(format_candidate(l.placements[0]), "829");
        assert!(l.eliminations.is_empty());
        assert!(l.position(&Layout::classic()).is_ok());
    }

    #[test]
    fn errors_say_where() {
        let e = parse_line(":0003:8:6..x", 3).unwrap_err();
        assert_eq!((e.line, e.column), (3, 12));
        assert!(matches!(e.kind, LibraryErrorKind::GridChar('x')));
        let e = parse_line("0003", 1).unwrap_err();
        assert_eq!(e.kind, LibraryErrorKind::NoColon);
        let bad = format!(":0003:8:{}:1234::", ".".repeat(81));
        let e = parse_line(&bad, 1).unwrap_err();
        assert_eq!(e.column, 91);
        assert!(parse_line("# comment", 1).unwrap().is_none());
    }
}
