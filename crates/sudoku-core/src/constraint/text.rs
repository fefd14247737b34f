//! The killer text form: a cage map a person can type, then the sums.
//!
//! ```text
//! # Lines starting with # are comments; blank lines are skipped.
//! givens ....5....................................................................
//! aabbcdd
//! ...
//! a=3 b=15 c=9 d=?
//! ```
//!
//! * `givens LINE` (optional, first): the givens as a puzzle line (`.` or `0` for empty).
//! * The map: `N` rows of `N` cells, each naming the cage of its cell; `.` for a cell in no
//!   cage. A row written without spaces has a letter per cell; a row with spaces has a word per
//!   cell (letters and digits, as `c12`), for maps with more cages than letters.
//! * The sums: `name=sum` (or `name=?` for a cage whose digits only differ), separated by
//!   spaces or commas, on one or more lines; every cage of the map has one.
//!
//! The grid's size is the map's (4, 6, 9, 16, ... rows). Cages are numbered in the order
//! their first cell comes in the map, row by row. Errors say the line and column.

use std::collections::HashMap;
use std::fmt;

use thiserror::Error;

use super::{Cage, Constraint, Constraints};
use crate::grid::Grid;
use crate::shape::{Cell, Shape};

/// A killer puzzle read from the text form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Killer {
    /// The givens (most killers have none), of the map's shape.
    pub givens: Grid,
    /// The cages, in map order.
    pub constraints: Constraints,
}

/// What is wrong with a text form, and where (line and column from 1).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {message}")]
pub struct TextError {
    /// The line.
    pub line: usize,
    /// The column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

fn error(line: usize, column: usize, message: impl Into<String>) -> TextError {
    TextError {
        line,
        column,
        message: message.into(),
    }
}

/// Reads the text form.
///
/// ```
/// use sudoku_core::constraint::text;
///
/// let killer = text::parse("aabb\ncdde\ncfge\nhfgi\na=3 b=7 c=7 d=5 e=5 f=5 g=5 h=2 i=1\n").unwrap();
/// assert_eq!(killer.constraints.len(), 9);
/// assert_eq!(text::parse("ab\nab\nab\nab\n").unwrap_err().to_string(),
///            "line 1, column 3: a row of the map has 2 cells, the map has 4 rows");
/// ```
pub fn parse(text: &str) -> Result<Killer, TextError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.trim_end()))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    let mut rest = &lines[..];
    let mut givens_line = None;
    if let Some(&(no, line)) = rest.first()
        && let Some(value) = line.trim_start().strip_prefix("givens")
    {
        givens_line = Some((no, value.trim()));
        rest = &rest[1..];
    }
    let map_rows: Vec<(usize, &str)> = rest
        .iter()
        .copied()
        .take_while(|(_, l)| !l.contains('='))
        .collect();
    let sums = &rest[map_rows.len()..];
    let Some(&(first_no, _)) = map_rows.first() else {
        let at = lines.last().map_or(1, |l| l.0);
        return Err(error(
            at,
            1,
            "no cage map: write a row of cage names per row of the grid",
        ));
    };
    let n = map_rows.len();
    let shape = Shape::from_size(n).ok_or_else(|| {
        error(
            first_no,
            1,
            format!("the map has {n} rows: no grid has that size"),
        )
    })?;

    // The map: a name per cell.
    let mut order: Vec<String> = Vec::new();
    let mut cells: HashMap<String, Vec<Cell>> = HashMap::new();
    for (r, &(no, line)) in map_rows.iter().enumerate() {
        let names = row_names(line);
        if names.len() != n {
            let column = names.get(n).map_or(line.len() + 1, |&(c, _)| c);
            return Err(error(
                no,
                column,
                format!(
                    "a row of the map has {} cells, the map has {n} rows",
                    names.len()
                ),
            ));
        }
        for (c, (column, name)) in names.into_iter().enumerate() {
            if name == "." {
                continue;
            }
            if !name.chars().all(|ch| ch.is_ascii_alphanumeric()) {
                return Err(error(
                    no,
                    column,
                    format!("`{name}` is not a cage name (letters and digits)"),
                ));
            }
            let list = cells.entry(name.to_string()).or_default();
            if list.is_empty() {
                order.push(name.to_string());
            }
            list.push(Cell::new(r, c));
        }
    }

    // The sums.
    let mut sums_of: HashMap<String, Option<u32>> = HashMap::new();
    for &(no, line) in sums {
        for (column, item) in words(line, |ch| ch.is_whitespace() || ch == ',') {
            let Some((name, value)) = item.split_once('=') else {
                return Err(error(no, column, format!("`{item}` is not `name=sum`")));
            };
            if !cells.contains_key(name) {
                return Err(error(no, column, format!("no cage `{name}` in the map")));
            }
            let sum = if value == "?" {
                None
            } else {
                Some(value.parse::<u32>().map_err(|_| {
                    error(
                        no,
                        column + name.len() + 1,
                        format!("`{value}` is not a sum (a number, or ? for none)"),
                    )
                })?)
            };
            if sums_of.insert(name.to_string(), sum).is_some() {
                return Err(error(no, column, format!("cage `{name}` has two sums")));
            }
        }
    }
    let mut constraints = Constraints::new();
    for name in &order {
        let Some(&sum) = sums_of.get(name) else {
            let at = sums.last().map_or(map_rows[n - 1].0, |l| l.0);
            return Err(error(
                at,
                1,
                format!("cage `{name}` has no sum (write {name}=? for a cage without one)"),
            ));
        };
        constraints.push(Constraint::Cage(Cage::new(cells[name].clone(), sum)));
    }
    let givens = match givens_line {
        None => Grid::empty(shape),
        Some((no, value)) => {
            let grid: Grid = value
                .parse()
                .map_err(|e| error(no, 1, format!("the givens: {e}")))?;
            if grid.shape() != shape {
                return Err(error(
                    no,
                    1,
                    format!(
                        "the givens are a {}x{0} grid, the map {n}x{n}",
                        grid.shape().size()
                    ),
                ));
            }
            grid
        }
    };
    Ok(Killer {
        givens,
        constraints,
    })
}

/// The cells of a map row with their columns: a character each, or a word each when the row
/// has spaces.
fn row_names(line: &str) -> Vec<(usize, &str)> {
    if line.trim().contains(char::is_whitespace) {
        return words(line, char::is_whitespace);
    }
    let start = line.len() - line.trim_start().len();
    line.char_indices()
        .skip_while(|&(i, _)| i < start)
        .map(|(i, ch)| (i + 1, &line[i..i + ch.len_utf8()]))
        .collect()
}

/// The words of `line` between separators, with their columns from 1.
fn words(line: &str, separator: impl Fn(char) -> bool) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in line.char_indices().chain([(line.len(), ' ')]) {
        let sep = i == line.len() || separator(ch);
        match (sep, start) {
            (true, Some(s)) => {
                out.push((s + 1, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// Writes a killer in the text form ([`parse`] reads it back).
pub fn write(killer: &Killer) -> String {
    Written(killer).to_string()
}

struct Written<'a>(&'a Killer);

impl fmt::Display for Written<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Killer {
            givens,
            constraints,
        } = self.0;
        let n = givens.shape().size();
        if givens.values().iter().any(|&v| v != 0) {
            writeln!(f, "givens {}", givens.to_line())?;
        }
        let letters: Vec<char> = ('a'..='z').chain('A'..='Z').collect();
        let short = constraints.len() <= letters.len();
        let name = |k: usize| {
            if short {
                letters[k].to_string()
            } else {
                format!("c{}", k + 1)
            }
        };
        let mut at = vec![None; n * n];
        for (k, c) in constraints.iter().enumerate() {
            for cell in c.cells() {
                at[cell.index(n)] = Some(k);
            }
        }
        let width = if short {
            1
        } else {
            name(constraints.len().saturating_sub(1)).len()
        };
        for r in 0..n {
            let row: Vec<String> = (0..n)
                .map(|c| {
                    let cell = at[r * n + c].map_or(".".to_string(), name);
                    format!("{cell:<width$}")
                })
                .collect();
            writeln!(f, "{}", row.join(if short { "" } else { " " }).trim_end())?;
        }
        let sums: Vec<String> = constraints
            .cages()
            .enumerate()
            .map(|(k, cage)| match cage.sum {
                Some(s) => format!("{}={s}", name(k)),
                None => format!("{}=?", name(k)),
            })
            .collect();
        for chunk in sums.chunks(12) {
            writeln!(f, "{}", chunk.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str =
        "# a 4x4 killer\naabb\ncdde\ncfge\nhfgi\na=3 b=7, c=7 d=5\ne=5 f=5 g=5 h=2 i=1\n";

    #[test]
    fn the_map_and_sums_make_cages_in_map_order_and_write_back() {
        let killer = parse(SMALL).unwrap();
        let cages: Vec<&Cage> = killer.constraints.cages().collect();
        assert_eq!(cages.len(), 9);
        assert_eq!(cages[0].cells, vec![Cell::new(0, 0), Cell::new(0, 1)]);
        assert_eq!(cages[0].sum, Some(3));
        assert_eq!(cages[4].cells, vec![Cell::new(1, 3), Cell::new(2, 3)]);
        let again = parse(&write(&killer)).unwrap();
        assert_eq!(again, killer);
    }

    #[test]
    fn words_name_cages_when_letters_run_out_and_givens_come_first() {
        let mut killer = parse(SMALL).unwrap();
        killer.constraints = (0..16)
            .map(|i| Constraint::Cage(Cage::new(vec![Cell::from_index(i, 4)], None)))
            .collect();
        killer.givens = "1...............".parse().unwrap();
        // 16 cages still fit letters; the word form is read the same.
        let text = "givens 1...............\nc1 c2 c3 c4\nc5 c6 c7 c8\nc9 c10 c11 c12\nc13 c14 c15 c16\n\
                    c1=? c2=? c3=? c4=? c5=? c6=? c7=? c8=? c9=? c10=? c11=? c12=? c13=? c14=? c15=? c16=?\n";
        assert_eq!(parse(text).unwrap(), killer);
        assert_eq!(parse(&write(&killer)).unwrap(), killer);
        // 81 cages: more than letters, written as words.
        let big = Killer {
            givens: Grid::empty(Shape::CLASSIC),
            constraints: (0..81)
                .map(|i| Constraint::Cage(Cage::new(vec![Cell::from_index(i, 9)], Some(5))))
                .collect(),
        };
        let text = write(&big);
        assert!(text.starts_with("c1  c2  c3"), "{text}");
        assert_eq!(parse(&text).unwrap(), big);
    }

    #[test]
    fn mistakes_are_placed_by_line_and_column() {
        let err = |t: &str| parse(t).unwrap_err().to_string();
        assert_eq!(
            err("aabb\ncdde\ncfge\nhfgi\na=3 b=x\n"),
            "line 5, column 7: `x` is not a sum (a number, or ? for none)"
        );
        assert_eq!(
            err("aabb\ncdde\ncfge\nhfgi\na=3 z=4\n"),
            "line 5, column 5: no cage `z` in the map"
        );
        assert_eq!(
            err("aabb\ncdde\ncfge\nhfgi\na=3 b=7 c=7 d=5 e=5 f=5 g=5 h=2\n"),
            "line 5, column 1: cage `i` has no sum (write i=? for a cage without one)"
        );
        assert_eq!(
            err("aab\ncdde\ncfge\nhfgi\n"),
            "line 1, column 4: a row of the map has 3 cells, the map has 4 rows"
        );
        assert_eq!(
            err("aabb\ncd-e\ncfge\nhfgi\n"),
            "line 2, column 3: `-` is not a cage name (letters and digits)"
        );
        assert_eq!(
            err("abcde\nabcde\nabcde\nabcde\nabcde\n"),
            "line 1, column 1: the map has 5 rows: no grid has that size"
        );
        assert_eq!(
            err("a=3\n"),
            "line 1, column 1: no cage map: write a row of cage names per row of the grid"
        );
    }
}
