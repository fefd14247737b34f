//! [`Variant`]: the houses a grid has besides (or instead of) rows, columns and boxes.
//!
//! Every variant here is still an exact cover: each extra house has exactly `N` cells and must
//! hold every digit once. Diagonal (X) sudoku adds the two long diagonals; windoku (hyper)
//! adds the windows, boxes offset by one cell from the regular ones; a jigsaw puzzle replaces
//! the boxes by an irregular region map; any list of further regions can be added. They combine
//! freely (a diagonal jigsaw is a region map plus `diagonals`).

use thiserror::Error;

use crate::shape::{Cell, Shape};

/// Extra or replaced houses. The default is the plain puzzle: rows, columns and boxes.
///
/// ```
/// use sudoku_core::{Layout, Shape, Variant};
///
/// let x_windoku = Variant { diagonals: true, windoku: true, ..Variant::default() };
/// let layout = Layout::with_variant(Shape::CLASSIC, x_windoku).unwrap();
/// assert_eq!(layout.houses().len(), 27 + 2 + 4);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// Both long diagonals are houses (X-sudoku).
    pub diagonals: bool,
    /// The windoku windows are houses: boxes of the box shape whose corners are offset by one
    /// cell from the regular boxes, one cell apart (four of them in a 9x9 grid).
    pub windoku: bool,
    /// A region map that replaces the boxes (jigsaw): the region, from 0, of every cell, row by
    /// row. Build it from text with [`Variant::parse_region_map`].
    pub regions: Option<Vec<u8>>,
    /// Further houses, each of exactly `N` distinct cells.
    pub extra: Vec<Vec<Cell>>,
}

/// A region map or extra region that does not make an exact-cover layout.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VariantError {
    /// The region map does not have one entry per cell.
    #[error("the region map has {found} cells, the {shape} grid has {expected}")]
    MapLength {
        /// The grid's shape.
        shape: Shape,
        /// `N * N`.
        expected: usize,
        /// Entries found.
        found: usize,
    },
    /// The region map names more than `N` regions, or a region index `>= N`.
    #[error("the region map has more than {size} regions")]
    TooManyRegions {
        /// `N`.
        size: usize,
    },
    /// A region of the map does not have `N` cells.
    #[error("region j{} has {cells} cells, it needs {size}", region + 1)]
    RegionSize {
        /// The region, from 0.
        region: usize,
        /// Its cells.
        cells: usize,
        /// `N`.
        size: usize,
    },
    /// An extra region does not have `N` distinct cells inside the grid.
    #[error("extra region e{} must have {size} distinct cells inside the grid", index + 1)]
    ExtraRegion {
        /// The region, from 0.
        index: usize,
        /// `N`.
        size: usize,
    },
}

impl Variant {
    /// Reads a region map from text: one character per cell, row by row, blanks ignored; the
    /// same character means the same region. Regions are numbered in order of first
    /// appearance. The map is checked when a [`crate::Layout`] is built from it.
    ///
    /// ```
    /// use sudoku_core::{Shape, Variant};
    ///
    /// let map = Variant::parse_region_map("AABB\nAABB\nCCDD\nCCDD", Shape::new(2, 2).unwrap()).unwrap();
    /// assert_eq!(map[..4], [0, 0, 1, 1]);
    /// ```
    pub fn parse_region_map(text: &str, shape: Shape) -> Result<Vec<u8>, VariantError> {
        let n = shape.size();
        let mut labels: Vec<char> = Vec::new();
        let mut map = Vec::with_capacity(n * n);
        for ch in text.chars().filter(|c| !c.is_whitespace()) {
            let k = match labels.iter().position(|&l| l == ch) {
                Some(k) => k,
                None => {
                    if labels.len() == n {
                        return Err(VariantError::TooManyRegions { size: n });
                    }
                    labels.push(ch);
                    labels.len() - 1
                }
            };
            map.push(k as u8);
        }
        if map.len() != n * n {
            return Err(VariantError::MapLength {
                shape,
                expected: n * n,
                found: map.len(),
            });
        }
        Ok(map)
    }

    /// The windoku windows of a shape: boxes of the box shape starting one cell in from the
    /// top-left corner and one cell apart, as many as fit.
    pub fn windows(shape: Shape) -> Vec<Vec<Cell>> {
        let n = shape.size();
        let (r, c) = (shape.box_rows(), shape.box_cols());
        let starts = |side: usize| -> Vec<usize> {
            (0..)
                .map(|k| k * (side + 1) + 1)
                .take_while(|s| s + side <= n)
                .collect()
        };
        let mut windows = Vec::new();
        for &top in &starts(r) {
            for &left in &starts(c) {
                windows.push(
                    (top..top + r)
                        .flat_map(|row| (left..left + c).map(move |col| Cell::new(row, col)))
                        .collect(),
                );
            }
        }
        windows
    }

    /// Whether this is the plain puzzle (no extra or replaced houses).
    pub fn is_plain(&self) -> bool {
        *self == Variant::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_of_the_classic_grid() {
        let w = Variant::windows(Shape::CLASSIC);
        assert_eq!(w.len(), 4);
        assert_eq!(w[0][0], Cell::new(1, 1));
        assert_eq!(w[3][8], Cell::new(7, 7));
        assert_eq!(Variant::windows(Shape::new(2, 2).unwrap()).len(), 1);
    }

    #[test]
    fn region_maps() {
        let shape = Shape::new(2, 2).unwrap();
        assert!(matches!(
            Variant::parse_region_map("ABCDE", shape),
            Err(VariantError::TooManyRegions { size: 4 })
        ));
        assert!(matches!(
            Variant::parse_region_map("AAB", shape),
            Err(VariantError::MapLength { found: 3, .. })
        ));
    }
}
