//! [`Layout`]: the list of houses of a grid (rows, columns, boxes or regions, and any variant
//! houses) with the tables that map cells to houses and back.

use std::fmt;

use thiserror::Error;

use crate::grid::Grid;
use crate::shape::{Cell, Digit, House, Shape};
use crate::variant::{Variant, VariantError};

/// The houses of a grid: every row and column, the boxes of the [`Shape`] or the regions of a
/// jigsaw map, and the diagonals and extra regions of a [`Variant`]. It is built once and
/// shared by every puzzle of that kind; the solver and the checks read its flat tables.
///
/// Houses are listed rows first, then columns, boxes (or regions), diagonals, windoku windows
/// and the variant's extra regions, in index order within each kind.
///
/// ```
/// use sudoku_core::{Grid, House, Layout, Shape};
///
/// let layout = Layout::new(Shape::new(2, 3).unwrap());
/// assert_eq!(layout.houses().len(), 18);
/// assert_eq!(layout.houses()[12], House::Box(0));
/// let grid: Grid = "12.....1............................".parse().unwrap();
/// let conflict = layout.conflict(&grid).unwrap();
/// assert_eq!(conflict.to_string(), "b1 has 1 twice: r1c1 and r2c2");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    shape: Shape,
    variant: Variant,
    houses: Vec<House>,
    /// The cells (row-major indices) of house `h`: `house_cells[h * N..(h + 1) * N]`.
    house_cells: Vec<u16>,
    /// The houses of cell `i`: `cell_houses[cell_start[i]..cell_start[i + 1]]`.
    cell_houses: Vec<u16>,
    cell_start: Vec<u32>,
    /// The peers of cell `i` (the other cells that share a house with it):
    /// `peers[peer_start[i]..peer_start[i + 1]]`, in increasing order.
    peers: Vec<u16>,
    peer_start: Vec<u32>,
}

/// A digit that appears twice in one house of a grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[error("{house} has {digit} twice: {} and {}", cells[0], cells[1])]
pub struct Conflict {
    /// The house.
    pub house: House,
    /// The repeated digit.
    pub digit: Digit,
    /// The first two cells of the house that hold it, in the house's order.
    pub cells: [Cell; 2],
}

/// A grid whose shape is not the layout's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("the grid has {grid} boxes but the layout is for {layout} boxes")]
pub struct ShapeMismatch {
    /// The layout's shape.
    pub layout: Shape,
    /// The grid's shape.
    pub grid: Shape,
}

/// Why a grid is not a solution of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckError {
    /// The grids do not fit the layout.
    #[error(transparent)]
    Shape(#[from] ShapeMismatch),
    /// A cell is empty.
    #[error("{0} is empty")]
    Empty(Cell),
    /// A given was changed.
    #[error("{cell} holds {found} but the puzzle gives {given}")]
    Given {
        /// Where.
        cell: Cell,
        /// The puzzle's digit.
        given: Digit,
        /// The solution's digit.
        found: Digit,
    },
    /// A house repeats a digit.
    #[error(transparent)]
    Conflict(#[from] Conflict),
}

impl Layout {
    /// The plain layout of a shape: rows, columns and boxes.
    pub fn new(shape: Shape) -> Layout {
        match Layout::with_variant(shape, Variant::default()) {
            Ok(layout) => layout,
            Err(e) => unreachable!("the plain layout is always valid: {e}"),
        }
    }

    /// The classic 9x9 layout.
    pub fn classic() -> Layout {
        Layout::new(Shape::CLASSIC)
    }

    /// A layout with variant houses, checked: a region map must split the grid into `N`
    /// regions of `N` cells, and each extra region must have `N` distinct cells.
    pub fn with_variant(shape: Shape, variant: Variant) -> Result<Layout, VariantError> {
        let n = shape.size();
        let mut houses = Vec::new();
        let mut house_cells: Vec<u16> = Vec::new();
        let mut add = |house: House, cells: &mut dyn Iterator<Item = usize>| {
            houses.push(house);
            house_cells.extend(cells.map(|i| i as u16));
        };
        for r in 0..n {
            add(House::Row(r as u8), &mut (0..n).map(|c| r * n + c));
        }
        for c in 0..n {
            add(House::Col(c as u8), &mut (0..n).map(|r| r * n + c));
        }
        match &variant.regions {
            None => {
                let (br, bc) = (shape.box_rows(), shape.box_cols());
                for b in 0..n {
                    let (top, left) = ((b / shape.stacks()) * br, (b % shape.stacks()) * bc);
                    add(
                        House::Box(b as u8),
                        &mut (0..n).map(|k| (top + k / bc) * n + left + k % bc),
                    );
                }
            }
            Some(map) => {
                if map.len() != n * n {
                    return Err(VariantError::MapLength {
                        shape,
                        expected: n * n,
                        found: map.len(),
                    });
                }
                let mut sizes = vec![0usize; n];
                for &region in map {
                    *sizes
                        .get_mut(region as usize)
                        .ok_or(VariantError::TooManyRegions { size: n })? += 1;
                }
                if let Some(region) = sizes.iter().position(|&s| s != n) {
                    return Err(VariantError::RegionSize {
                        region,
                        cells: sizes[region],
                        size: n,
                    });
                }
                for region in 0..n {
                    add(
                        House::Region(region as u8),
                        &mut (0..n * n).filter(|&i| map[i] as usize == region),
                    );
                }
            }
        }
        if variant.diagonals {
            add(House::Diagonal(0), &mut (0..n).map(|k| k * n + k));
            add(House::Diagonal(1), &mut (0..n).map(|k| k * n + n - 1 - k));
        }
        let windows = if variant.windoku {
            Variant::windows(shape)
        } else {
            Vec::new()
        };
        for (index, region) in windows.iter().chain(&variant.extra).enumerate() {
            let mut seen = vec![false; n * n];
            let ok = region.len() == n
                && region.iter().all(|c| {
                    c.row() < n && c.col() < n && !std::mem::replace(&mut seen[c.index(n)], true)
                });
            if !ok {
                return Err(VariantError::ExtraRegion { index, size: n });
            }
            add(
                House::Extra(index as u8),
                &mut region.iter().map(|c| c.index(n)),
            );
        }

        let mut counts = vec![0u32; n * n];
        for &i in &house_cells {
            counts[i as usize] += 1;
        }
        let mut cell_start = Vec::with_capacity(n * n + 1);
        let mut total = 0;
        cell_start.push(0);
        for &k in &counts {
            total += k;
            cell_start.push(total);
        }
        let mut fill: Vec<u32> = cell_start[..n * n].to_vec();
        let mut cell_houses = vec![0u16; total as usize];
        for (h, chunk) in house_cells.chunks(n).enumerate() {
            for &i in chunk {
                cell_houses[fill[i as usize] as usize] = h as u16;
                fill[i as usize] += 1;
            }
        }
        let mut peers = Vec::new();
        let mut peer_start = Vec::with_capacity(n * n + 1);
        peer_start.push(0);
        let mut mark = vec![false; n * n];
        for i in 0..n * n {
            for &h in &cell_houses[cell_start[i] as usize..cell_start[i + 1] as usize] {
                for &j in &house_cells[h as usize * n..(h as usize + 1) * n] {
                    if j as usize != i {
                        mark[j as usize] = true;
                    }
                }
            }
            for (j, m) in mark.iter_mut().enumerate() {
                if std::mem::take(m) {
                    peers.push(j as u16);
                }
            }
            peer_start.push(peers.len() as u32);
        }
        Ok(Layout {
            shape,
            variant,
            houses,
            house_cells,
            cell_houses,
            cell_start,
            peers,
            peer_start,
        })
    }

    /// The box shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// `N`.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The variant houses this layout was built with.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Every house, in the order described on [`Layout`].
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The cells of the house at position `h` of [`Layout::houses`], as row-major indices.
    pub fn house_cells(&self, h: usize) -> &[u16] {
        let n = self.size();
        &self.house_cells[h * n..(h + 1) * n]
    }

    /// The positions in [`Layout::houses`] of the houses that contain the cell with row-major
    /// index `cell`.
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        &self.cell_houses[self.cell_start[cell] as usize..self.cell_start[cell + 1] as usize]
    }

    /// Whether `house` is one of the houses of the cell with row-major index `cell`.
    pub fn house_has(&self, house: House, cell: usize) -> bool {
        self.houses_of(cell)
            .iter()
            .any(|&h| self.houses[h as usize] == house)
    }

    /// The peers of the cell with row-major index `cell`: every other cell that shares a house
    /// with it (20 in the classic grid), as row-major indices in increasing order.
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    /// The cells of a house, in order.
    pub fn cells_of(&self, h: usize) -> impl Iterator<Item = Cell> + '_ {
        let n = self.size();
        self.house_cells(h)
            .iter()
            .map(move |&i| Cell::from_index(i as usize, n))
    }

    /// Checks that a grid can be used with this layout.
    pub fn check_shape(&self, grid: &Grid) -> Result<(), ShapeMismatch> {
        if grid.shape() == self.shape {
            Ok(())
        } else {
            Err(ShapeMismatch {
                layout: self.shape,
                grid: grid.shape(),
            })
        }
    }

    /// The first house (in [`Layout::houses`] order) that holds a digit twice, if any. The grid
    /// must have the layout's shape (a grid of another shape is reported as no conflict only if
    /// it has none in the houses that fit; check the shape first with [`Layout::check_shape`]).
    pub fn conflict(&self, grid: &Grid) -> Option<Conflict> {
        let n = self.size();
        if grid.shape() != self.shape {
            return None;
        }
        let values = grid.values();
        let mut first = [u16::MAX; crate::shape::MAX_SIZE + 1];
        for h in 0..self.houses.len() {
            first.fill(u16::MAX);
            for &i in self.house_cells(h) {
                let v = values[i as usize] as usize;
                if v == 0 {
                    continue;
                }
                if first[v] != u16::MAX {
                    return Some(Conflict {
                        house: self.houses[h],
                        digit: Digit::new(v)?,
                        cells: [
                            Cell::from_index(first[v] as usize, n),
                            Cell::from_index(i as usize, n),
                        ],
                    });
                }
                first[v] = i;
            }
        }
        None
    }

    /// Checks that `solution` is full, keeps every given of `puzzle`, and repeats no digit in
    /// any house of this layout.
    pub fn check_solution(&self, puzzle: &Grid, solution: &Grid) -> Result<(), CheckError> {
        self.check_shape(puzzle)?;
        self.check_shape(solution)?;
        let n = self.size();
        for (i, (&g, &s)) in puzzle.values().iter().zip(solution.values()).enumerate() {
            let cell = Cell::from_index(i, n);
            let found = Digit::new(s as usize).ok_or(CheckError::Empty(cell))?;
            if let Some(given) = Digit::new(g as usize)
                && given != found
            {
                return Err(CheckError::Given { cell, given, found });
            }
        }
        match self.conflict(solution) {
            Some(c) => Err(c.into()),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Layout {
    /// Writes the shape and the variant, e.g. `3x3 diagonal windoku`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.shape)?;
        if self.variant.regions.is_some() {
            f.write_str(" jigsaw")?;
        }
        if self.variant.diagonals {
            f.write_str(" diagonal")?;
        }
        if self.variant.windoku {
            f.write_str(" windoku")?;
        }
        if !self.variant.extra.is_empty() {
            write!(f, " +{} regions", self.variant.extra.len())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_is_in_three_houses() {
        let layout = Layout::classic();
        assert_eq!(layout.houses().len(), 27);
        for i in 0..81 {
            assert_eq!(layout.houses_of(i).len(), 3);
            assert_eq!(layout.peers(i).len(), 20);
        }
        // r5c5 is in r5, c5, b5.
        let hs: Vec<String> = layout
            .houses_of(40)
            .iter()
            .map(|&h| layout.houses()[h as usize].to_string())
            .collect();
        assert_eq!(hs, ["r5", "c5", "b5"]);
    }

    #[test]
    fn diagonal_cells_are_in_more_houses() {
        let v = Variant {
            diagonals: true,
            ..Variant::default()
        };
        let layout = Layout::with_variant(Shape::CLASSIC, v).unwrap();
        assert_eq!(layout.houses_of(40).len(), 5);
        assert_eq!(layout.houses_of(0).len(), 4);
        assert_eq!(layout.houses_of(1).len(), 3);
    }

    #[test]
    fn bad_regions_are_refused() {
        let shape = Shape::new(2, 2).unwrap();
        let bad = Variant {
            regions: Some(vec![0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]),
            ..Variant::default()
        };
        assert!(matches!(
            Layout::with_variant(shape, bad),
            Err(VariantError::RegionSize {
                region: 0,
                cells: 5,
                size: 4
            })
        ));
        let bad = Variant {
            extra: vec![vec![
                Cell::new(0, 0),
                Cell::new(0, 0),
                Cell::new(1, 1),
                Cell::new(2, 2),
            ]],
            ..Variant::default()
        };
        assert!(matches!(
            Layout::with_variant(shape, bad),
            Err(VariantError::ExtraRegion { index: 0, .. })
        ));
    }

    #[test]
    fn solutions_are_checked() {
        let shape = Shape::new(2, 2).unwrap();
        let layout = Layout::new(shape);
        let puzzle: Grid = "1...............".parse().unwrap();
        let full = Grid::pattern(shape);
        assert_eq!(layout.check_solution(&puzzle, &full), Ok(()));
        let other: Grid = "2...............".parse().unwrap();
        assert!(matches!(
            layout.check_solution(&other, &full),
            Err(CheckError::Given { .. })
        ));
        assert!(matches!(
            layout.check_solution(&puzzle, &puzzle),
            Err(CheckError::Empty(_))
        ));
    }
}
