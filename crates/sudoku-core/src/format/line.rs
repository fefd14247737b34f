//! The one-line format: `N * N` characters row by row, `1`-`9` then `A`-`Z` for digits,
//! `.`, `0`, `_`, `*` or `-` for an empty cell. Whatever follows the puzzle after a blank, a
//! comma or a semicolon is its label (a rating, a name).

use super::{ParseError, ParseErrorKind, cell_value};
use crate::grid::Grid;
use crate::shape::{Cell, Shape, digit_char};

/// Reads one line: the puzzle and its label (what follows it, trimmed; empty if nothing does).
/// The shape is `shape`, or comes from the length (16 → 2x2, 81 → 3x3, 256 → 4x4, ...).
/// `line_no` is only used in errors.
///
/// ```
/// use sudoku_core::format::line::parse_line;
///
/// let (grid, label) = parse_line("1.3.4.....2.3..1\t8.5 hard", None, 1).unwrap();
/// assert_eq!(grid.size(), 4);
/// assert_eq!(label, "8.5 hard");
/// let err = parse_line("1.3.4.?...2.3..1", None, 7).unwrap_err();
/// assert_eq!(err.to_string(), "line 7, column 7 (r2c3): `?` is not a digit or an empty-cell mark");
/// ```
pub fn parse_line(
    line: &str,
    shape: Option<Shape>,
    line_no: usize,
) -> Result<(Grid, String), ParseError> {
    let trimmed = line.trim_start();
    let lead = line[..line.len() - trimmed.len()].chars().count();
    let mut values = Vec::with_capacity(shape.map_or(81, Shape::cell_count));
    let mut stop = None;
    for (k, (byte, ch)) in trimmed.char_indices().enumerate() {
        match cell_value(ch) {
            Some(v) => values.push(v),
            None => {
                stop = Some((k, byte, ch));
                break;
            }
        }
    }
    let found = values.len();
    let size_shape = shape.or_else(|| Shape::from_cell_count(found));
    let label = match stop {
        None => String::new(),
        Some((_, byte, ch)) if ch.is_whitespace() || ch == ',' || ch == ';' => trimmed[byte..]
            .trim_start_matches(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .trim_end()
            .to_string(),
        Some((k, _, ch)) => {
            // The shape, for naming the cell: from the option, or the length of the word.
            let word = trimmed.chars().take_while(|c| !c.is_whitespace()).count();
            let size_shape = size_shape.or_else(|| Shape::from_cell_count(word));
            let cell = size_shape
                .and_then(|s| (k < s.cell_count()).then(|| Cell::from_index(k, s.size())));
            return Err(ParseError::new(
                line_no,
                ParseErrorKind::BadChar {
                    column: lead + k + 1,
                    ch,
                    cell,
                },
            ));
        }
    };
    let grid = grid_from_values(values, trimmed, shape, line_no, lead)?;
    Ok((grid, label))
}

/// Reads a puzzle that must be the whole of `token` (no label).
pub(crate) fn parse_grid_line(
    token: &str,
    shape: Option<Shape>,
    line_no: usize,
) -> Result<Grid, ParseError> {
    let mut values = Vec::with_capacity(token.len());
    for (k, ch) in token.chars().enumerate() {
        match cell_value(ch) {
            Some(v) => values.push(v),
            None => {
                let cell = shape
                    .or_else(|| Shape::from_cell_count(token.chars().count()))
                    .and_then(|s| (k < s.cell_count()).then(|| Cell::from_index(k, s.size())));
                return Err(ParseError::new(
                    line_no,
                    ParseErrorKind::BadChar {
                        column: k + 1,
                        ch,
                        cell,
                    },
                ));
            }
        }
    }
    grid_from_values(values, token, shape, line_no, 0)
}

/// Checks the length and the digits of the values of a one-line puzzle; `text` is what they
/// were read from, a character a value.
fn grid_from_values(
    values: Vec<u8>,
    text: &str,
    shape: Option<Shape>,
    line_no: usize,
    lead: usize,
) -> Result<Grid, ParseError> {
    let found = values.len();
    let shape = match shape {
        Some(s) if s.cell_count() == found => s,
        Some(s) => {
            return Err(ParseError::new(
                line_no,
                ParseErrorKind::Length {
                    found,
                    expected: Some(s.cell_count()),
                },
            ));
        }
        None => Shape::from_cell_count(found).ok_or(ParseError::new(
            line_no,
            ParseErrorKind::Length {
                found,
                expected: None,
            },
        ))?,
    };
    let n = shape.size();
    if let Some(k) = values.iter().position(|&v| v as usize > n) {
        return Err(ParseError::new(
            line_no,
            ParseErrorKind::DigitTooLarge {
                column: Some(lead + k + 1),
                written: text.chars().nth(k).map_or_else(String::new, String::from),
                cell: Some(Cell::from_index(k, n)),
                size: n,
            },
        ));
    }
    Grid::from_values(shape, values)
        .map_err(|e| ParseError::new(line_no, ParseErrorKind::Grid(e.to_string())))
}

/// The one-line form of a grid: `N * N` characters, `.` for an empty cell.
pub fn write_line(grid: &Grid) -> String {
    grid.values().iter().map(|&v| digit_char(v)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_marks_and_letters() {
        let g = parse_line("0_*-.4..........", None, 1).unwrap().0;
        assert_eq!(g.to_string(), ".....4..........");
        let big = "G".to_string() + &".".repeat(255);
        let g = parse_line(&big, None, 1).unwrap().0;
        assert_eq!(g.size(), 16);
        assert_eq!(g.values()[0], 16);
    }

    #[test]
    fn errors_name_the_column_and_cell() {
        let line = format!("{}x{}", ".".repeat(40), ".".repeat(40));
        let e = parse_line(&line, None, 3).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3, column 41 (r5c5): `x` is not a digit of a 9x9 grid (1-9; `.` or `0` for an empty cell)"
        );
        let e = parse_line(&".".repeat(80), None, 4).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 4: 80 cells is not the length of a square grid (16, 36, 64, 81, 144, 256, ...)"
        );
        let e = parse_line(&".".repeat(80), Some(Shape::CLASSIC), 4).unwrap_err();
        assert_eq!(e.to_string(), "line 4: 80 cells, expected 81");
        let e = parse_line(&format!("  {}!", ".".repeat(81)), None, 5).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 5, column 84: `!` is not a digit or an empty-cell mark"
        );
    }

    #[test]
    fn labels_are_kept() {
        let p = ".".repeat(81);
        assert_eq!(parse_line(&format!("{p}\t7.2"), None, 1).unwrap().1, "7.2");
        assert_eq!(
            parse_line(&format!("{p};name, x "), None, 1).unwrap().1,
            "name, x"
        );
        assert_eq!(parse_line(&p, None, 1).unwrap().1, "");
    }
}
