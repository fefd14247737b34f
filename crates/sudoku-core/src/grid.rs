//! [`Grid`]: the digits of a grid of any shape, a puzzle's givens or a solution.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::format::ParseError;
use crate::shape::{Cell, Digit, Shape};

/// The digits of a grid, row by row, `0` for an empty cell. A puzzle is a grid of givens; a
/// solution is a full grid. The grid knows its box [`Shape`] (for printing and transforms) but
/// not its variant houses: those belong to a [`crate::Layout`].
///
/// `Display` writes the one-line format and `FromStr` reads it (the size from the length).
///
/// ```
/// use sudoku_core::{Cell, Digit, Grid, Shape};
///
/// let mut grid: Grid = ".4..............".parse().unwrap();
/// assert_eq!(grid.shape(), Shape::new(2, 2).unwrap());
/// assert_eq!(grid.get(Cell::new(0, 1)), Digit::new(4));
/// grid.set(Cell::new(3, 3), Digit::new(1));
/// assert_eq!(grid.given_count(), 2);
/// assert_eq!(grid.to_string(), ".4.............1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// Values that do not make a grid.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GridError {
    /// The number of values is not `N * N`.
    #[error("{found} values for a {shape} grid, which has {expected} cells")]
    Length {
        /// The grid's shape.
        shape: Shape,
        /// `N * N`.
        expected: usize,
        /// Values given.
        found: usize,
    },
    /// A value above `N`.
    #[error("{cell}: {value} is not a digit of a {size}x{size} grid")]
    Value {
        /// Where.
        cell: Cell,
        /// The value.
        value: usize,
        /// `N`.
        size: usize,
    },
}

impl Grid {
    /// An empty grid.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cell_count()],
        }
    }

    /// A grid from its values row by row (`0` empty, `1..=N` digits).
    pub fn from_values(shape: Shape, values: Vec<u8>) -> Result<Grid, GridError> {
        let n = shape.size();
        if values.len() != n * n {
            return Err(GridError::Length {
                shape,
                expected: n * n,
                found: values.len(),
            });
        }
        if let Some(i) = values.iter().position(|&v| v as usize > n) {
            return Err(GridError::Value {
                cell: Cell::from_index(i, n),
                value: values[i] as usize,
                size: n,
            });
        }
        Ok(Grid {
            shape,
            cells: values,
        })
    }

    /// A valid full grid of any shape, built by a pattern: row `i` is the sequence
    /// `1..=N` shifted by `(i % R) * C + i / R`. Shuffle it with [`crate::Transform::random`]
    /// to get varied solution grids.
    ///
    /// ```
    /// use sudoku_core::{Grid, Layout, Shape};
    ///
    /// let shape = Shape::new(3, 4).unwrap();
    /// let full = Grid::pattern(shape);
    /// assert!(full.is_full());
    /// assert!(Layout::new(shape).conflict(&full).is_none());
    /// ```
    pub fn pattern(shape: Shape) -> Grid {
        let n = shape.size();
        let (r, c) = (shape.box_rows(), shape.box_cols());
        let mut cells = Vec::with_capacity(n * n);
        for i in 0..n {
            for j in 0..n {
                cells.push((((i % r) * c + i / r + j) % n + 1) as u8);
            }
        }
        Grid { shape, cells }
    }

    /// The box shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// `N`.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The digit in a cell, `None` if it is empty.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index(self.size())] as usize)
    }

    /// Puts a digit in a cell, or empties it.
    ///
    /// # Panics
    /// If the digit is above `N` or the cell outside the grid.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        let n = self.size();
        assert!(
            cell.row() < n && cell.col() < n,
            "{cell} is outside the grid"
        );
        let v = digit.map_or(0, Digit::get);
        assert!(v <= n, "digit {v} is too large for a {n}x{n} grid");
        self.cells[cell.index(n)] = v as u8;
    }

    /// The values row by row, `0` for empty.
    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    /// The values, to change in place. Keep them in `0..=N`: the solvers check givens, but other
    /// functions index by them.
    pub(crate) fn values_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// Number of filled cells.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Every filled cell with its digit.
    pub fn givens(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        let n = self.size();
        self.cells
            .iter()
            .enumerate()
            .filter_map(move |(i, &v)| Digit::new(v as usize).map(|d| (Cell::from_index(i, n), d)))
    }

    /// Whether `other` has every digit of `self` in the same place (a solution of a puzzle
    /// "contains" the puzzle).
    pub fn is_contained_in(&self, other: &Grid) -> bool {
        self.shape == other.shape
            && self
                .cells
                .iter()
                .zip(&other.cells)
                .all(|(&a, &b)| a == 0 || a == b)
    }

    /// The one-line form: `N * N` characters, `.` for empty.
    pub fn to_line(&self) -> String {
        crate::format::line::write_line(self)
    }

    /// The grid drawn over `N` lines with box borders.
    pub fn to_pretty(&self) -> String {
        crate::format::grid::write_pretty(self)
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    /// Reads the one-line format; the shape comes from the length. Anything after the first
    /// blank is an error here (use [`crate::format::line::parse_line`] to keep a label).
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        crate::format::line::parse_grid_line(s.trim(), None, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Layout;

    #[test]
    fn patterns_are_valid() {
        for (r, c) in [
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (3, 4),
            (4, 4),
            (5, 5),
            (5, 7),
        ] {
            let shape = Shape::new(r, c).unwrap();
            let g = Grid::pattern(shape);
            assert!(g.is_full());
            assert_eq!(Layout::new(shape).conflict(&g), None, "{shape}");
        }
    }

    #[test]
    fn values_are_checked() {
        let shape = Shape::new(2, 2).unwrap();
        assert!(Grid::from_values(shape, vec![0; 15]).is_err());
        let mut v = vec![0; 16];
        v[5] = 5;
        assert_eq!(
            Grid::from_values(shape, v),
            Err(GridError::Value {
                cell: Cell::new(1, 1),
                value: 5,
                size: 4
            })
        );
    }
}
