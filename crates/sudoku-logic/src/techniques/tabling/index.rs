//! Cells, digits and candidates as the tabling pieces pass them to one another.
//!
//! The finders' context ([`super::super::Ctx`]), the geometry and cell sets take a cell by
//! its row-major index and a digit by its index (digit `d + 1`, bit `d` of a candidate
//! mask), as plain numbers. `sudoku_core`'s [`sudoku_core::Cell`] is a row and a column,
//! which needs the grid's size to become an index again; the steps take it, and the tables
//! never need it. These wrap the indices instead, so that a signature says which number is
//! a cell and which a digit. They hold the index as it is (a `usize`, as the tuples they
//! replaced did), so they cost nothing: `.index()` gives the number back where a set or an
//! array is indexed, with no conversion (a narrower field cost a truncation and a widening
//! at each crossing, measurable in the forcing checks).

use super::super::Ctx;
use crate::bits::{BitIter, CellSet};

/// A cell, by its row-major index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct CellIx(usize);

impl CellIx {
    /// The cell with row-major index `index` (below [`sudoku_core::MAX_SIZE`] squared).
    #[inline]
    pub(super) fn new(index: usize) -> CellIx {
        debug_assert!(index < sudoku_core::MAX_SIZE * sudoku_core::MAX_SIZE);
        CellIx(index)
    }

    /// The row-major index.
    #[inline]
    pub(super) fn index(self) -> usize {
        self.0
    }
}

/// A digit, by its index: digit `d + 1` has index `d`, and bit `d` in a candidate mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct DigitIx(usize);

impl DigitIx {
    /// The digit of index `index` (below [`sudoku_core::MAX_SIZE`]).
    #[inline]
    pub(super) fn new(index: usize) -> DigitIx {
        debug_assert!(index < sudoku_core::MAX_SIZE);
        DigitIx(index)
    }

    /// The index.
    #[inline]
    pub(super) fn index(self) -> usize {
        self.0
    }

    /// The digit's bit in a candidate mask.
    #[inline]
    pub(super) fn bit(self) -> u64 {
        1 << self.0
    }
}

/// A digit in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct CandIx {
    pub(super) cell: CellIx,
    pub(super) digit: DigitIx,
}

impl CandIx {
    #[inline]
    pub(super) fn new(cell: CellIx, digit: DigitIx) -> CandIx {
        CandIx { cell, digit }
    }

    /// The candidate as a step names it.
    pub(super) fn to_candidate<const W: usize>(self, ctx: &Ctx<W>) -> sudoku_core::Candidate {
        ctx.cand(self.cell.index(), self.digit.index())
    }
}

/// The cells of a set, ascending.
#[inline]
pub(super) fn each_cell<const W: usize>(set: &CellSet<W>) -> impl Iterator<Item = CellIx> + '_ {
    set.iter().map(CellIx::new)
}

/// The digits of a candidate mask, ascending.
#[inline]
pub(super) fn each_digit(mask: u64) -> impl Iterator<Item = DigitIx> {
    BitIter(mask).map(DigitIx::new)
}
