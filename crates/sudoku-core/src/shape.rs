//! The coordinates of a grid: its box [`Shape`], and the typed [`Cell`], [`Digit`], [`House`]
//! and [`Candidate`] that every other module speaks in.
//!
//! Text forms follow the project's shared vocabulary: cells `r1c2` (rows and columns counted
//! from 1), houses `r4`, `c7`, `b3`, candidates `5r1c2`. Inside the program everything is
//! counted from 0; only the text forms count from 1.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The largest grid size: digits are written `1`-`9` and then `A`-`Z` (10 to 35).
pub const MAX_SIZE: usize = 35;

/// The shape of the boxes of a grid: `box_rows` rows by `box_cols` columns, so the grid has
/// `N = box_rows * box_cols` rows, columns, boxes and digits.
///
/// The grid is split into `box_cols` *bands* of `box_rows` rows each, and into `box_rows`
/// *stacks* of `box_cols` columns each. `2x3` is the usual 6x6 sudoku (boxes two rows high and
/// three columns wide), `3x3` the classic 9x9.
///
/// ```
/// use sudoku_core::Shape;
///
/// let shape: Shape = "2x3".parse().unwrap();
/// assert_eq!(shape.size(), 6);
/// assert_eq!(shape.bands(), 3);
/// assert_eq!(shape.stacks(), 2);
/// assert_eq!(Shape::from_size(9), Some(Shape::CLASSIC));
/// assert_eq!(shape.to_string(), "2x3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

/// A box shape that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// A box side of zero, or a grid larger than [`MAX_SIZE`].
    #[error(
        "box shape {rows}x{cols} is not supported (need sides of at least 2, and at most {MAX_SIZE} digits)"
    )]
    Unsupported {
        /// Rows per box asked for.
        rows: usize,
        /// Columns per box asked for.
        cols: usize,
    },
    /// Text that is not of the form `RxC`.
    #[error("`{0}` is not a box shape (write it as RxC, e.g. 3x3 or 2x3)")]
    Syntax(String),
}

impl Shape {
    /// The classic 9x9 grid with 3x3 boxes.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// Boxes of `box_rows` rows by `box_cols` columns.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        // Checked: a side read from a command line or a saved game can be any number, and
        // a product that wraps would pass for a small grid. A side of one makes boxes that
        // are whole rows or columns, and such a grid's text reads back as another shape.
        let size = box_rows.checked_mul(box_cols);
        if box_rows < 2 || box_cols < 2 || size.is_none_or(|n| n > MAX_SIZE) {
            return Err(ShapeError::Unsupported {
                rows: box_rows,
                cols: box_cols,
            });
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The usual shape for a grid of size `n`: the squarest boxes, no taller than wide
    /// (4 → 2x2, 6 → 2x3, 8 → 2x4, 9 → 3x3, 12 → 3x4, 16 → 4x4, 25 → 5x5). `None` when the
    /// only boxes would be single rows (a prime `n`) or `n` is out of range.
    pub fn from_size(n: usize) -> Option<Shape> {
        if !(2..=MAX_SIZE).contains(&n) {
            return None;
        }
        let rows = (1..=n)
            .filter(|r| r * r <= n && n.is_multiple_of(*r))
            .max()?;
        if rows == 1 {
            return None;
        }
        Shape::new(rows, n / rows).ok()
    }

    /// The shape of a grid with `cells` cells written on one line, if there is one
    /// (16 → 2x2, 81 → 3x3, 256 → 4x4, ...).
    pub fn from_cell_count(cells: usize) -> Option<Shape> {
        let n = (1..=MAX_SIZE).find(|n| n * n >= cells)?;
        if n * n == cells {
            Shape::from_size(n)
        } else {
            None
        }
    }

    /// Rows per box.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns per box.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// `N`: rows, columns, boxes and digits of the grid.
    pub fn size(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    /// `N * N`.
    pub fn cell_count(self) -> usize {
        self.size() * self.size()
    }

    /// Number of bands (horizontal rows of boxes), each `box_rows` rows high.
    pub fn bands(self) -> usize {
        self.box_cols as usize
    }

    /// Number of stacks (vertical columns of boxes), each `box_cols` columns wide.
    pub fn stacks(self) -> usize {
        self.box_rows as usize
    }

    /// The box (numbered left to right, top to bottom from 0) that holds a cell.
    pub fn box_of(self, cell: Cell) -> usize {
        (cell.row() / self.box_rows()) * self.stacks() + cell.col() / self.box_cols()
    }

    /// The shape with rows and columns swapped (what transposing the grid gives).
    pub fn transposed(self) -> Shape {
        Shape {
            box_rows: self.box_cols,
            box_cols: self.box_rows,
        }
    }

    /// Every cell, row by row.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        let n = self.size();
        (0..n * n).map(move |i| Cell::from_index(i, n))
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// Reads `RxC` (`x`, `X` or `*` between the numbers).
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let syntax = || ShapeError::Syntax(s.to_string());
        let (r, c) = s.trim().split_once(['x', 'X', '*']).ok_or_else(syntax)?;
        let r: usize = r.trim().parse().map_err(|_| syntax())?;
        let c: usize = c.trim().parse().map_err(|_| syntax())?;
        Shape::new(r, c)
    }
}

/// A cell of a grid, by row and column counted from 0. It is written `r1c1` (counted from 1).
///
/// ```
/// use sudoku_core::Cell;
///
/// let cell = Cell::new(0, 8);
/// assert_eq!(cell.to_string(), "r1c9");
/// assert_eq!("r1c9".parse::<Cell>().unwrap(), cell);
/// assert_eq!(cell.index(9), 8);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    row: u8,
    col: u8,
}

/// Text that is not a cell `r<row>c<col>`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a cell (write it as r<row>c<col>, from r1c1)")]
pub struct CellSyntaxError(pub String);

impl Cell {
    /// The cell in row `row` and column `col`, both counted from 0.
    ///
    /// # Panics
    /// If either is larger than 255 (no grid is that large).
    pub fn new(row: usize, col: usize) -> Cell {
        Cell {
            row: u8::try_from(row).unwrap_or_else(|_| panic!("row {row} out of range")),
            col: u8::try_from(col).unwrap_or_else(|_| panic!("column {col} out of range")),
        }
    }

    /// The cell at position `index` in row-major order of a grid of size `n`.
    pub fn from_index(index: usize, n: usize) -> Cell {
        Cell::new(index / n, index % n)
    }

    /// Row, from 0.
    pub fn row(self) -> usize {
        self.row as usize
    }

    /// Column, from 0.
    pub fn col(self) -> usize {
        self.col as usize
    }

    /// Position in row-major order of a grid of size `n`.
    pub fn index(self, n: usize) -> usize {
        self.row() * n + self.col()
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row as usize + 1, self.col as usize + 1)
    }
}

impl FromStr for Cell {
    type Err = CellSyntaxError;

    fn from_str(s: &str) -> Result<Cell, CellSyntaxError> {
        let err = || CellSyntaxError(s.to_string());
        let rest = s.trim().strip_prefix(['r', 'R']).ok_or_else(err)?;
        let (r, c) = rest.split_once(['c', 'C']).ok_or_else(err)?;
        let r: usize = r.parse().map_err(|_| err())?;
        let c: usize = c.parse().map_err(|_| err())?;
        if r == 0 || c == 0 || r > 255 || c > 255 {
            return Err(err());
        }
        Ok(Cell::new(r - 1, c - 1))
    }
}

/// A digit `1..=N`, written `1`-`9` and then `A`-`Z` for 10 to 35.
///
/// ```
/// use sudoku_core::Digit;
///
/// let d = Digit::new(11).unwrap();
/// assert_eq!(d.to_char(), 'B');
/// assert_eq!(Digit::from_char('b'), Some(d));
/// assert_eq!(Digit::new(0), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digit(u8);

impl Digit {
    /// The digit `value`, if it is in `1..=MAX_SIZE`.
    pub fn new(value: usize) -> Option<Digit> {
        (1..=MAX_SIZE)
            .contains(&value)
            .then_some(Digit(value as u8))
    }

    /// The digit's value, from 1.
    pub fn get(self) -> usize {
        self.0 as usize
    }

    /// The character the line and grid formats use: `1`-`9`, then `A`-`Z`.
    pub fn to_char(self) -> char {
        digit_char(self.0)
    }

    /// Reads `1`-`9`, `A`-`Z` or `a`-`z` (10 to 35). `0` is not a digit (it marks an empty cell).
    pub fn from_char(c: char) -> Option<Digit> {
        match c {
            '1'..='9' => Some(Digit(c as u8 - b'0')),
            'A'..='Z' => Some(Digit(c as u8 - b'A' + 10)),
            'a'..='z' => Some(Digit(c as u8 - b'a' + 10)),
            _ => None,
        }
    }
}

/// The character of a cell value `1..=35`; `.` for 0.
pub(crate) fn digit_char(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => (b'0' + v) as char,
        10..=35 => (b'A' + v - 10) as char,
        // No grid has such a digit: nothing reads or writes one, but a message about a
        // bad value must not overflow.
        _ => '?',
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A house: a set of `N` cells that must hold every digit once. Indices count from 0; the text
/// form counts from 1: `r4`, `c7`, `b3` (boxes left to right, top to bottom), `d1` (the main
/// diagonal r1c1..rNcN) and `d2` (the anti-diagonal r1cN..rNc1), `j3` (a jigsaw region of an
/// irregular layout, in place of the boxes), `e1` (an extra region, such as a windoku window).
///
/// ```
/// use sudoku_core::House;
///
/// assert_eq!(House::Box(2).to_string(), "b3");
/// assert_eq!("c7".parse::<House>().unwrap(), House::Col(6));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum House {
    /// A row.
    Row(u8),
    /// A column.
    Col(u8),
    /// A box of the box shape.
    Box(u8),
    /// `Diagonal(0)` is the main diagonal, `Diagonal(1)` the anti-diagonal.
    Diagonal(u8),
    /// A region of an irregular (jigsaw) layout; these replace the boxes.
    Region(u8),
    /// An extra region (windoku window, hyper region, or one given by the user).
    Extra(u8),
}

/// Text that is not a house.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a house (write r4, c7, b3, d1, j2 or e1)")]
pub struct HouseSyntaxError(pub String);

impl House {
    /// The letter of the house's kind in its text form.
    pub fn letter(self) -> char {
        match self {
            House::Row(_) => 'r',
            House::Col(_) => 'c',
            House::Box(_) => 'b',
            House::Diagonal(_) => 'd',
            House::Region(_) => 'j',
            House::Extra(_) => 'e',
        }
    }

    /// The index within its kind, from 0.
    pub fn index(self) -> usize {
        match self {
            House::Row(i)
            | House::Col(i)
            | House::Box(i)
            | House::Diagonal(i)
            | House::Region(i)
            | House::Extra(i) => i as usize,
        }
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letter(), self.index() + 1)
    }
}

impl FromStr for House {
    type Err = HouseSyntaxError;

    fn from_str(s: &str) -> Result<House, HouseSyntaxError> {
        let err = || HouseSyntaxError(s.to_string());
        let s = s.trim();
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(err)?.to_ascii_lowercase();
        let k: usize = chars.as_str().parse().map_err(|_| err())?;
        if k == 0 || k > 256 {
            return Err(err());
        }
        let i = (k - 1) as u8;
        Ok(match letter {
            'r' => House::Row(i),
            'c' => House::Col(i),
            'b' => House::Box(i),
            'd' if i < 2 => House::Diagonal(i),
            'j' => House::Region(i),
            'e' => House::Extra(i),
            _ => return Err(err()),
        })
    }
}

/// A digit in a cell, written `5r1c2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.digit, self.cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sides whose product overflows are refused, not wrapped into a small grid or a panic;
    /// boxes one cell thick are refused (their grids read back as another shape).
    #[test]
    fn huge_and_thin_boxes_are_refused() {
        for (r, c) in [
            (4_611_686_018_427_387_904, 4),
            (9_223_372_036_854_775_809, 2),
            (usize::MAX, usize::MAX),
            (1, 1),
            (1, 9),
            (9, 1),
            (0, 3),
            (6, 6),
        ] {
            assert!(Shape::new(r, c).is_err(), "{r}x{c}");
        }
        assert!(Shape::new(5, 7).is_ok());
        assert!(Shape::new(2, 2).is_ok());
    }

    #[test]
    fn shapes_from_sizes() {
        let s = |n| Shape::from_size(n).map(|s| s.to_string());
        assert_eq!(s(4).as_deref(), Some("2x2"));
        assert_eq!(s(6).as_deref(), Some("2x3"));
        assert_eq!(s(8).as_deref(), Some("2x4"));
        assert_eq!(s(12).as_deref(), Some("3x4"));
        assert_eq!(s(16).as_deref(), Some("4x4"));
        assert_eq!(s(25).as_deref(), Some("5x5"));
        assert_eq!(s(7), None);
        assert_eq!(Shape::from_cell_count(81), Some(Shape::CLASSIC));
        assert_eq!(Shape::from_cell_count(80), None);
        assert!("0x3".parse::<Shape>().is_err());
        assert!("6x6".parse::<Shape>().is_err());
        assert!("3by3".parse::<Shape>().is_err());
    }

    #[test]
    fn boxes_are_numbered_left_to_right() {
        let shape = Shape::new(2, 3).unwrap();
        assert_eq!(shape.box_of(Cell::new(0, 0)), 0);
        assert_eq!(shape.box_of(Cell::new(1, 3)), 1);
        assert_eq!(shape.box_of(Cell::new(2, 2)), 2);
        assert_eq!(shape.box_of(Cell::new(5, 5)), 5);
    }

    #[test]
    fn text_forms() {
        assert_eq!(Cell::new(9, 11).to_string(), "r10c12");
        assert!("r0c1".parse::<Cell>().is_err());
        assert_eq!(
            Candidate {
                cell: Cell::new(0, 1),
                digit: Digit::new(5).unwrap()
            }
            .to_string(),
            "5r1c2"
        );
        for h in [
            House::Row(3),
            House::Col(0),
            House::Box(8),
            House::Diagonal(1),
            House::Region(4),
            House::Extra(0),
        ] {
            assert_eq!(h.to_string().parse::<House>().unwrap(), h);
        }
        assert!("d3".parse::<House>().is_err());
    }
}
