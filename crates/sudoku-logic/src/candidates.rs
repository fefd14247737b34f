//! [`Candidates`]: a position of a human solve, the digits placed so far and the pencil marks
//! of every empty cell.

use sudoku_core::{Candidate, Cell, Digit, Grid, Layout, Shape};
use thiserror::Error;

use crate::bits::{CellSet, DigitSet};
use crate::step::Step;

/// A position: for every cell either its digit or the set of digits still possible there.
///
/// It is built from a puzzle's givens with every candidate the givens allow
/// ([`Candidates::from_grid`]); techniques then remove candidates and place digits. Placing a
/// digit also removes it from the cell's peers, as a player's pencil marks would be updated.
/// Cells passed to the methods must lie inside the grid (they panic otherwise, as
/// [`Grid::set`] does).
///
/// ```
/// use sudoku_core::{Cell, Digit, Grid, Layout};
/// use sudoku_logic::Candidates;
///
/// let layout = Layout::new("2x2".parse().unwrap());
/// let grid: Grid = "1...............".parse().unwrap();
/// let mut pos = Candidates::from_grid(&layout, &grid).unwrap();
/// assert_eq!(pos.candidates(Cell::new(0, 1)).to_string(), "2,3,4");
/// pos.place(&layout, Cell::new(0, 1), Digit::new(2).unwrap());
/// assert_eq!(pos.candidates(Cell::new(2, 1)).to_string(), "1,3,4");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Candidates {
    shape: Shape,
    values: Vec<u8>,
    masks: Vec<u64>,
    /// Whether each cell's digit is a given (placed digits that are not givens may take part
    /// in avoidable rectangles).
    givens: Vec<bool>,
}

/// A grid that cannot start a human solve.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CandidatesError {
    /// The grid's shape is not the layout's.
    #[error(transparent)]
    Shape(#[from] sudoku_core::ShapeMismatch),
    /// Two givens clash.
    #[error(transparent)]
    Conflict(#[from] sudoku_core::Conflict),
}

impl Candidates {
    /// The position of a puzzle: its givens placed, every other cell with every digit that no
    /// peer holds.
    pub fn from_grid(layout: &Layout, grid: &Grid) -> Result<Candidates, CandidatesError> {
        layout.check_shape(grid)?;
        if let Some(conflict) = layout.conflict(grid) {
            return Err(conflict.into());
        }
        let n = layout.size();
        let mut pos = Candidates {
            shape: grid.shape(),
            values: vec![0; n * n],
            masks: vec![DigitSet::all(n).bits(); n * n],
            givens: vec![false; n * n],
        };
        for (cell, digit) in grid.givens() {
            pos.place(layout, cell, digit);
            pos.givens[cell.index(n)] = true;
        }
        Ok(pos)
    }

    /// Whether a cell holds a given (not a digit placed while solving).
    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens[cell.index(self.size())]
    }

    /// The box shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// `N`.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The digit placed in a cell, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index(self.size())] as usize)
    }

    /// The candidates of a cell (empty for a filled cell).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        DigitSet::from_bits(self.masks[cell.index(self.size())])
    }

    /// Whether `digit` is still a candidate of `cell`.
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.candidates(cell).contains(digit)
    }

    /// Puts `digit` in `cell` and removes it from the candidates of every peer.
    pub fn place(&mut self, layout: &Layout, cell: Cell, digit: Digit) {
        let i = cell.index(self.size());
        self.values[i] = digit.get() as u8;
        self.masks[i] = 0;
        let bit = DigitSet::single(digit).bits();
        for &p in layout.peers(i) {
            self.masks[p as usize] &= !bit;
        }
    }

    /// Removes a candidate (nothing happens if it is not there).
    pub fn eliminate(&mut self, candidate: Candidate) {
        let i = candidate.cell.index(self.size());
        self.masks[i] &= !DigitSet::single(candidate.digit).bits();
    }

    /// Keeps only the candidates of `cell` that are in `allowed` (how a player's pencil marks,
    /// or a position read with its marks, narrow the candidates down).
    pub fn restrict(&mut self, cell: Cell, allowed: DigitSet) {
        let i = cell.index(self.size());
        self.masks[i] &= allowed.bits();
    }

    /// Applies a step: its placements, then its eliminations.
    pub fn apply(&mut self, layout: &Layout, step: &Step) {
        for p in &step.placements {
            self.place(layout, p.cell, p.digit);
        }
        for &e in &step.eliminations {
            self.eliminate(e);
        }
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The first empty cell left without a candidate: the position is broken there.
    pub fn dead_cell(&self) -> Option<Cell> {
        let n = self.size();
        (0..n * n)
            .find(|&i| self.values[i] == 0 && self.masks[i] == 0)
            .map(|i| Cell::from_index(i, n))
    }

    /// The givens alone as a grid (the puzzle the position started from).
    pub fn givens_grid(&self) -> Grid {
        let values = self
            .values
            .iter()
            .zip(&self.givens)
            .map(|(&v, &g)| if g { v } else { 0 })
            .collect();
        match Grid::from_values(self.shape, values) {
            Ok(grid) => grid,
            Err(e) => unreachable!("placed digits are always in range: {e}"),
        }
    }

    /// The placed digits as a grid.
    pub fn to_grid(&self) -> Grid {
        match Grid::from_values(self.shape, self.values.clone()) {
            Ok(grid) => grid,
            Err(e) => unreachable!("placed digits are always in range: {e}"),
        }
    }

    /// Number of candidates left in all empty cells.
    pub fn candidate_count(&self) -> usize {
        self.masks.iter().map(|m| m.count_ones() as usize).sum()
    }

    /// The placed digits row by row, `0` for empty (fast access for the techniques).
    pub(crate) fn values(&self) -> &[u8] {
        &self.values
    }

    /// The candidate masks row by row (fast access for the techniques).
    pub(crate) fn masks(&self) -> &[u64] {
        &self.masks
    }

    /// For every digit index (from 0), the cells where it is a candidate: one pass over the
    /// cells, since the techniques need all of them at every position they look at.
    pub(crate) fn digit_cells<const W: usize>(&self) -> Vec<CellSet<W>> {
        let mut sets = vec![CellSet::EMPTY; self.size()];
        for (i, &m) in self.masks.iter().enumerate() {
            let mut m = m;
            while m != 0 {
                sets[m.trailing_zeros() as usize].insert(i);
                m &= m - 1;
            }
        }
        sets
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_remove_candidates_from_peers() {
        let layout = Layout::classic();
        let grid: Grid = format!("5{}", ".".repeat(80)).parse().unwrap();
        let pos = Candidates::from_grid(&layout, &grid).unwrap();
        assert_eq!(pos.candidates(Cell::new(0, 8)).len(), 8);
        assert_eq!(pos.candidates(Cell::new(8, 8)).len(), 9);
        assert!(pos.candidates(Cell::new(0, 0)).is_empty());
        assert_eq!(pos.candidate_count(), 80 * 9 - 20);
    }

    #[test]
    fn clashing_givens_are_refused() {
        let layout = Layout::classic();
        let grid: Grid = format!("55{}", ".".repeat(79)).parse().unwrap();
        assert!(matches!(
            Candidates::from_grid(&layout, &grid),
            Err(CandidatesError::Conflict(_))
        ));
    }
}
