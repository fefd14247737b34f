//! JSON: one object per puzzle.
//!
//! ```json
//! {"box": "3x3", "grid": "53..7....6..195...", "label": "easy",
//!  "diagonals": true, "windoku": false, "regions": "111222333...", "extra": [["r1c1", "r2c2"]]}
//! ```
//!
//! Only `grid` is required (`puzzle` is accepted for it). It is the one-line form, or an array
//! of rows, each an array of numbers (0 for empty) or a string. `box` is `RxC`; without it the
//! shape comes from the size. `regions` is a jigsaw region map (a string with one label per
//! cell, or an array of rows of numbers); `extra` lists further houses as cell names. Unknown
//! keys are ignored, so a result written with extra keys can be read back.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::{Entry, ParseError, ParseErrorKind, ReadOptions};
use crate::grid::Grid;
use crate::shape::{Cell, Shape, digit_char};
use crate::variant::Variant;

/// A grid or region map in JSON: a string, or rows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum JsonGrid {
    /// The one-line form (or a region map, one label per cell).
    Line(String),
    /// Rows of numbers, 0 for empty.
    Rows(Vec<Vec<u32>>),
    /// Rows as strings.
    RowStrings(Vec<String>),
}

/// The JSON object of one puzzle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JsonPuzzle {
    /// Box shape `RxC`.
    #[serde(rename = "box", default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<String>,
    /// The givens.
    #[serde(alias = "puzzle")]
    pub grid: JsonGrid,
    /// The label.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label: String,
    /// Diagonal houses.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub diagonals: bool,
    /// Windoku windows.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub windoku: bool,
    /// Jigsaw region map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<JsonGrid>,
    /// Extra houses, as cell names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<Vec<String>>,
}

/// The JSON object of a puzzle, as a value the caller can add keys to (`solution`, `verdict`).
pub fn to_value(grid: &Grid, label: &str, variant: Option<&Variant>) -> serde_json::Value {
    let variant = variant.cloned().unwrap_or_default();
    let puzzle = JsonPuzzle {
        shape: Some(grid.shape().to_string()),
        grid: JsonGrid::Line(grid.to_line()),
        label: label.to_string(),
        diagonals: variant.diagonals,
        windoku: variant.windoku,
        regions: variant
            .regions
            .as_ref()
            .map(|m| JsonGrid::Line(m.iter().map(|&r| digit_char(r + 1)).collect())),
        extra: variant
            .extra
            .iter()
            .map(|cells| cells.iter().map(Cell::to_string).collect())
            .collect(),
    };
    serde_json::to_value(puzzle).unwrap_or(serde_json::Value::Null)
}

/// One puzzle as a one-line JSON object.
pub fn to_json(grid: &Grid, label: &str, variant: Option<&Variant>) -> String {
    to_value(grid, label, variant).to_string()
}

/// Reads one JSON object (the whole text) as a puzzle.
///
/// ```
/// let entry = sudoku_core::format::json::parse_json(
///     r#"{"grid": [[1,0,3,0],[4,0,0,0],[0,0,2,0],[3,0,0,1]], "diagonals": true}"#,
///     None,
/// ).unwrap();
/// assert_eq!(entry.grid.to_string(), "1.3.4.....2.3..1");
/// assert!(entry.variant.unwrap().diagonals);
/// ```
pub fn parse_json(text: &str, shape: Option<Shape>) -> Result<Entry, ParseError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| json_error(1, &e))?;
    entry_from_value(
        value,
        1,
        ReadOptions {
            shape,
            ..ReadOptions::default()
        },
    )
}

fn json_error(start_line: usize, e: &serde_json::Error) -> ParseError {
    let line = start_line + e.line().max(1) - 1;
    ParseError::new(
        line,
        ParseErrorKind::Json {
            column: (e.column() > 0).then_some(e.column()),
            message: e.to_string(),
        },
    )
}

fn error(line: usize, message: impl Into<String>) -> ParseError {
    ParseError::new(
        line,
        ParseErrorKind::Json {
            column: None,
            message: message.into(),
        },
    )
}

/// Values of a JSON grid, row-major, and the number of rows if given as rows.
fn grid_values(
    g: &JsonGrid,
    line: usize,
    what: &str,
) -> Result<(Vec<char>, Option<usize>), ParseError> {
    match g {
        JsonGrid::Line(s) => Ok((s.chars().filter(|c| !c.is_whitespace()).collect(), None)),
        JsonGrid::RowStrings(rows) => Ok((
            rows.iter()
                .flat_map(|r| r.chars().filter(|c| !c.is_whitespace() && *c != '|'))
                .collect(),
            Some(rows.len()),
        )),
        JsonGrid::Rows(rows) => {
            let mut out = Vec::new();
            for row in rows {
                for &v in row {
                    if v > crate::shape::MAX_SIZE as u32 {
                        return Err(error(line, format!("{what}: {v} is too large")));
                    }
                    out.push(digit_char(v as u8));
                }
            }
            Ok((out, Some(rows.len())))
        }
    }
}

fn entry_from_value(
    value: serde_json::Value,
    line: usize,
    options: ReadOptions,
) -> Result<Entry, ParseError> {
    if let serde_json::Value::String(s) = &value {
        let (grid, label) = super::line::parse_line(s, options.shape, line)?;
        return Ok(Entry {
            line,
            grid,
            label,
            variant: None,
            constraints: crate::constraint::Constraints::default(),
        });
    }
    if super::fpuzzles::looks_like(&value) {
        return super::fpuzzles::entry(&value, line, options);
    }
    let p: JsonPuzzle = serde_json::from_value(value).map_err(|e| error(line, e.to_string()))?;
    let shape = match &p.shape {
        Some(s) => Some(
            s.parse::<Shape>()
                .map_err(|e| error(line, format!("box: {e}")))?,
        ),
        None => options.shape,
    };
    let (chars, rows) = grid_values(&p.grid, line, "grid")?;
    let shape = match shape {
        Some(s) => s,
        None => {
            let n = rows.unwrap_or_else(|| (chars.len() as f64).sqrt().round() as usize);
            Shape::from_size(n).ok_or(ParseError::new(
                line,
                ParseErrorKind::UnknownShape { size: n },
            ))?
        }
    };
    let text: String = chars.into_iter().collect();
    let grid =
        super::line::parse_grid_line(&text, Some(shape), line).map_err(|e| match e.kind {
            ParseErrorKind::BadChar { ch, cell, .. } => error(
                line,
                match cell {
                    Some(c) => format!("grid: `{ch}` at {c} is not a digit or an empty-cell mark"),
                    None => format!("grid: `{ch}` is not a digit or an empty-cell mark"),
                },
            ),
            kind => error(line, format!("grid{kind}")),
        })?;
    let regions = match &p.regions {
        None => None,
        Some(r) => {
            let (chars, _) = grid_values(r, line, "regions")?;
            let text: String = chars.into_iter().collect();
            Some(
                Variant::parse_region_map(&text, shape)
                    .map_err(|e| ParseError::new(line, ParseErrorKind::Variant(e)))?,
            )
        }
    };
    let mut extra = Vec::new();
    for region in &p.extra {
        let mut cells = Vec::new();
        for name in region {
            cells.push(
                name.parse::<Cell>()
                    .map_err(|e| error(line, format!("extra: {e}")))?,
            );
        }
        extra.push(cells);
    }
    let variant = Variant {
        diagonals: p.diagonals,
        windoku: p.windoku,
        regions,
        extra,
    };
    Ok(Entry {
        line,
        grid,
        label: p.label,
        variant: (!variant.is_plain()).then_some(variant),
        constraints: crate::constraint::Constraints::default(),
    })
}

/// JSON text being gathered over lines until its brackets balance.
#[derive(Debug, Clone)]
pub(crate) struct Chunk {
    start_line: usize,
    text: String,
    depth: i32,
    in_string: bool,
    escape: bool,
    /// Whether the outermost bracket is `[`: known from its first bracket on, so that no
    /// character looks back over the text (blanks before a `[` made that quadratic).
    array: bool,
    /// For an array: the line each top-level element starts on.
    element_lines: Vec<usize>,
}

impl Chunk {
    pub fn new(start_line: usize) -> Chunk {
        Chunk {
            start_line,
            text: String::new(),
            depth: 0,
            in_string: false,
            escape: false,
            array: false,
            element_lines: Vec::new(),
        }
    }

    /// Adds a line; true when the brackets balance.
    pub fn push(&mut self, line_no: usize, line: &str) -> bool {
        for ch in line.chars() {
            if self.in_string {
                if self.escape {
                    self.escape = false;
                } else if ch == '\\' {
                    self.escape = true;
                } else if ch == '"' {
                    self.in_string = false;
                }
                continue;
            }
            match ch {
                '"' => {
                    if self.depth == 1 && self.array {
                        self.element_lines.push(line_no);
                    }
                    self.in_string = true;
                }
                '{' | '[' => {
                    if self.depth == 0 {
                        self.array = ch == '[';
                    } else if self.depth == 1 && self.array {
                        self.element_lines.push(line_no);
                    }
                    self.depth += 1;
                }
                '}' | ']' => self.depth -= 1,
                _ => {}
            }
        }
        self.text.push_str(line);
        self.text.push('\n');
        self.depth <= 0 && !self.in_string
    }

    /// Parses the gathered text into entries.
    pub fn finish(self, options: ReadOptions, out: &mut VecDeque<Result<Entry, ParseError>>) {
        let value: serde_json::Value = match serde_json::from_str(&self.text) {
            Ok(v) => v,
            Err(e) => {
                out.push_back(Err(json_error(self.start_line, &e)));
                return;
            }
        };
        match value {
            serde_json::Value::Array(items) => {
                let lines_known = items.len() == self.element_lines.len();
                for (k, item) in items.into_iter().enumerate() {
                    let line = if lines_known {
                        self.element_lines[k]
                    } else {
                        self.start_line
                    };
                    out.push_back(entry_from_value(item, line, options));
                }
            }
            v => out.push_back(entry_from_value(v, self.start_line, options)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read_str;

    /// Each element of an array is numbered by the line it starts on, those on the line of
    /// the `[` too; and blanks before the `[` cost nothing per element (they were scanned
    /// again for every element: 260 KB of them took seconds).
    #[test]
    fn array_elements_keep_their_lines_whatever_comes_before() {
        let one = r#"{"grid":"1.3.4.....2.3..1"}"#;
        let text = format!("[{one},\n{one},\n\n{one}]\n");
        let lines: Vec<usize> = read_str(&text, ReadOptions::default())
            .map(|r| r.expect("a puzzle").line)
            .collect();
        assert_eq!(lines, [1, 2, 4]);
        let elements = vec![one; 20_000].join(",");
        let text = format!("{}[\n{elements}]", " ".repeat(1_000_000));
        let started = std::time::Instant::now();
        let count = read_str(&text, ReadOptions::default()).count();
        assert_eq!(count, 20_000);
        // Quadratic, this is 2e10 steps (minutes); linear, milliseconds.
        assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
    }

    #[test]
    fn round_trip_with_variant() {
        let shape = Shape::new(2, 2).unwrap();
        let grid: Grid = "1.3.4.....2.3..1".parse().unwrap();
        let variant = Variant {
            diagonals: true,
            windoku: false,
            regions: Some(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]),
            extra: vec![vec![
                Cell::new(0, 0),
                Cell::new(1, 1),
                Cell::new(2, 2),
                Cell::new(3, 3),
            ]],
        };
        let text = to_json(&grid, "a \"label\"", Some(&variant));
        let entry = parse_json(&text, None).unwrap();
        assert_eq!(entry.grid, grid);
        assert_eq!(entry.grid.shape(), shape);
        assert_eq!(entry.label, "a \"label\"");
        assert_eq!(entry.variant, Some(variant));
    }

    #[test]
    fn arrays_over_several_lines_keep_line_numbers() {
        let text = "# json\n[\n  {\"grid\": \"1.3.4.....2.3..1\"},\n  {\"grid\": \"1.3.4.....2.3..\"},\n  \".4..............\"\n]\n{\"puzzle\": \"1...............\", \"label\": \"x\"}\n";
        let r: Vec<_> = read_str(text, ReadOptions::default()).collect();
        assert_eq!(r.len(), 4);
        assert_eq!(r[0].as_ref().unwrap().line, 3);
        assert_eq!(r[1].as_ref().unwrap_err().line, 4);
        assert_eq!(r[2].as_ref().unwrap().line, 5);
        assert_eq!(r[3].as_ref().unwrap().label, "x");
    }

    #[test]
    fn syntax_errors_have_line_and_column() {
        let text = "{\"grid\": \"1.3.4.....2.3..1\"\n  \"label\": 3}\n";
        let r: Vec<_> = read_str(text, ReadOptions::default()).collect();
        let e = r[0].as_ref().unwrap_err();
        assert_eq!(e.line, 2);
        assert!(
            matches!(
                e.kind,
                ParseErrorKind::Json {
                    column: Some(3),
                    ..
                }
            ),
            "{e}"
        );
    }
}
