//! f-puzzles' JSON (the uncompressed object f-puzzles exports): the grid's givens, killer
//! cages (`killercage`), both diagonals, and jigsaw regions (each cell's `region`).
//!
//! ```text
//! {"size":9,"grid":[[{"value":5,"given":true},{},...],...],
//!  "killercage":[{"cells":["R1C1","R1C2"],"value":"15"}]}
//! ```
//!
//! Anything else the file carries that constrains the solution (arrows, thermometers,
//! little killers, one diagonal alone, ...) is refused with its name, never dropped; titles,
//! rules text and the player's own marks are ignored.

use serde_json::{Map, Value};

use super::{Entry, ParseError, ParseErrorKind, ReadOptions};
use crate::constraint::{Cage, Constraint, Constraints};
use crate::grid::Grid;
use crate::shape::{Cell, Shape};
use crate::variant::Variant;

/// Keys that say nothing about the solution (`activeConstraints` names the constraint tools
/// f-puzzles showed; each constraint itself is a key of its own).
const IGNORED: [&str; 9] = [
    "activeConstraints",
    "size",
    "title",
    "author",
    "ruleset",
    "grid",
    "solution",
    "highlightConflicts",
    "highlightSeenCells",
];

/// Whether a JSON object is f-puzzles' (a `size` and a `grid` of rows of cell objects).
pub(super) fn looks_like(value: &Value) -> bool {
    value.get("size").is_some_and(Value::is_u64)
        && value
            .get("grid")
            .and_then(Value::as_array)
            .and_then(|rows| rows.first())
            .and_then(Value::as_array)
            .is_some_and(|row| row.iter().all(Value::is_object))
}

fn error(line: usize, message: impl Into<String>) -> ParseError {
    ParseError::new(
        line,
        ParseErrorKind::Json {
            column: None,
            message: format!("f-puzzles: {}", message.into()),
        },
    )
}

/// The puzzle of an f-puzzles object.
pub(super) fn entry(value: &Value, line: usize, options: ReadOptions) -> Result<Entry, ParseError> {
    let object = value
        .as_object()
        .ok_or_else(|| error(line, "not an object"))?;
    let n = object["size"].as_u64().unwrap_or(0) as usize;
    let shape =
        Shape::from_size(n).ok_or_else(|| error(line, format!("size {n} has no box shape")))?;
    refuse_unknown(object, line)?;
    let rows = object["grid"].as_array().expect("checked by looks_like");
    if rows.len() != n
        || rows
            .iter()
            .any(|r| r.as_array().is_none_or(|r| r.len() != n))
    {
        return Err(error(
            line,
            format!("the grid is not {n} rows of {n} cells"),
        ));
    }
    let mut values = vec![0u8; n * n];
    let mut regions = vec![0u8; n * n];
    let mut jigsaw = false;
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.as_array().expect("checked above").iter().enumerate() {
            let at = Cell::new(r, c);
            let given = cell.get("given").and_then(Value::as_bool).unwrap_or(false);
            if let (true, Some(v)) = (given, cell.get("value")) {
                let d = v
                    .as_u64()
                    .filter(|&d| (1..=n as u64).contains(&d))
                    .ok_or_else(|| {
                        error(
                            line,
                            format!("{at}: `{v}` is not a digit of a {n}x{n} grid"),
                        )
                    })?;
                values[r * n + c] = d as u8;
            }
            let default = shape.box_of(at) as u8;
            regions[r * n + c] = match cell.get("region") {
                None | Some(Value::Null) => default,
                Some(v) => {
                    let k = v.as_u64().filter(|&k| k < n as u64).ok_or_else(|| {
                        error(line, format!("{at}: region `{v}` is not 0..{}", n - 1))
                    })? as u8;
                    jigsaw |= k != default;
                    k
                }
            };
        }
    }
    let grid = Grid::from_values(shape, values).map_err(|e| error(line, e.to_string()))?;
    let diagonals = match (flag(object, "diagonal+"), flag(object, "diagonal-")) {
        (false, false) => false,
        (true, true) => true,
        _ => {
            return Err(error(
                line,
                "one diagonal alone is not supported yet (both are)",
            ));
        }
    };
    let variant = Variant {
        diagonals,
        regions: jigsaw.then_some(regions),
        ..Variant::default()
    };
    let constraints = cages(object, line, n)?;
    if !constraints.is_empty() && !options.constraints {
        return Err(error(
            line,
            "killer cages are read by `sudoku solve` and `sudoku count` only so far; this \
             command would drop them",
        ));
    }
    Ok(Entry {
        line,
        grid,
        label: object
            .get("title")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        variant: (!variant.is_plain()).then_some(variant),
        constraints,
    })
}

/// Whether a key holds `true`.
fn flag(object: &Map<String, Value>, key: &str) -> bool {
    object.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// Refuses every key that would constrain the solution and is not read here.
fn refuse_unknown(object: &Map<String, Value>, line: usize) -> Result<(), ParseError> {
    let mut unknown: Vec<String> = object
        .iter()
        .filter(|(k, _)| !IGNORED.contains(&k.as_str()))
        .filter(|(k, _)| !["killercage", "diagonal+", "diagonal-"].contains(&k.as_str()))
        .filter(|(_, v)| match v {
            Value::Null | Value::Bool(false) => false,
            Value::Array(a) => !a.is_empty(),
            Value::String(s) => !s.is_empty(),
            _ => true,
        })
        .map(|(k, v)| match v {
            Value::Array(a) => format!("`{k}` ({})", a.len()),
            _ => format!("`{k}`"),
        })
        .collect();
    if unknown.is_empty() {
        return Ok(());
    }
    unknown.sort();
    Err(error(
        line,
        format!(
            "not supported yet, so the puzzle is refused rather than solved without them: {}",
            unknown.join(", ")
        ),
    ))
}

/// The killer cages, each its cells (`R1C1`) and its sum (a string, or absent).
fn cages(object: &Map<String, Value>, line: usize, n: usize) -> Result<Constraints, ParseError> {
    let mut out = Constraints::new();
    let Some(list) = object.get("killercage").and_then(Value::as_array) else {
        return Ok(out);
    };
    for (k, cage) in list.iter().enumerate() {
        let what = || format!("killercage {}", k + 1);
        let names = cage
            .get("cells")
            .and_then(Value::as_array)
            .ok_or_else(|| error(line, format!("{}: no `cells`", what())))?;
        let mut cells = Vec::with_capacity(names.len());
        for name in names {
            let cell = name
                .as_str()
                .and_then(|s| s.to_ascii_lowercase().parse::<Cell>().ok())
                .filter(|c| c.row() < n && c.col() < n)
                .ok_or_else(|| error(line, format!("{}: `{name}` is not a cell", what())))?;
            cells.push(cell);
        }
        let sum = match cage.get("value") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(Value::String(s)) => Some(
                s.trim()
                    .parse::<u32>()
                    .map_err(|_| error(line, format!("{}: `{s}` is not a sum", what())))?,
            ),
            Some(Value::Number(v)) => v.as_u64().map(|v| v as u32),
            Some(other) => return Err(error(line, format!("{}: `{other}` is not a sum", what()))),
        };
        out.push(Constraint::Cage(Cage::new(cells, sum)));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::read_str;
    use super::*;

    fn fpuzzles(extra: &str) -> String {
        let mut rows = Vec::new();
        for r in 0..4 {
            let cells: Vec<&str> = (0..4)
                .map(|c| {
                    if (r, c) == (0, 0) {
                        r#"{"value":1,"given":true}"#
                    } else {
                        "{}"
                    }
                })
                .collect();
            rows.push(format!("[{}]", cells.join(",")));
        }
        format!(
            r#"{{"size":4,"title":"t","grid":[{}]{extra}}}"#,
            rows.join(",")
        )
    }

    fn read(text: &str, constraints: bool) -> Result<Entry, ParseError> {
        let options = ReadOptions {
            shape: None,
            constraints,
        };
        read_str(text, options).next().expect("an entry")
    }

    #[test]
    fn givens_cages_and_diagonals_are_read() {
        let text = fpuzzles(
            r#","killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R4C4"]}],"diagonal+":true,"diagonal-":true"#,
        );
        let entry = read(&text, true).unwrap();
        assert_eq!(entry.grid.to_line(), "1...............");
        assert_eq!(entry.label, "t");
        assert!(entry.variant.unwrap().diagonals);
        let cages: Vec<&Cage> = entry.constraints.cages().collect();
        assert_eq!(cages[0].cells, vec![Cell::new(0, 0), Cell::new(0, 1)]);
        assert_eq!((cages[0].sum, cages[1].sum), (Some(3), None));
    }

    #[test]
    fn what_is_not_supported_is_refused_by_name() {
        let err = |t: &str, c| read(t, c).unwrap_err().to_string();
        let arrows = fpuzzles(
            r#","arrow":[{"lines":[["R1C1","R1C2"]],"cells":["R1C1"]}],"thermometer":[{}]"#,
        );
        assert_eq!(
            err(&arrows, true),
            "line 1: JSON: f-puzzles: not supported yet, so the puzzle is refused rather than \
             solved without them: `arrow` (1), `thermometer` (1)"
        );
        let one = fpuzzles(r#","diagonal+":true"#);
        assert!(err(&one, true).contains("one diagonal alone"));
        let caged = fpuzzles(r#","killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]"#);
        assert!(err(&caged, false).contains("killer cages are read by"));
        let bad = fpuzzles(r#","killercage":[{"cells":["R1C9"],"value":"3"}]"#);
        assert!(err(&bad, true).contains("killercage 1: `\"R1C9\"` is not a cell"));
        // Empty lists and false flags say nothing: accepted.
        assert!(read(&fpuzzles(r#","arrow":[],"antiknight":false"#), true).is_ok());
    }
}
