//! Constraints beyond the houses: rules on a group of cells other than "every digit once".
//!
//! A [`Layout`] says which groups of `N` cells hold every digit once; a constraint adds a rule
//! a solver, the logic, the drawing and the formats each handle in their own layer. Killer
//! sudoku's [`Cage`] is the first: a few orthogonally connected cells whose digits differ and
//! add up to a sum. Further kinds (little killer, arrows, thermometers, Kropki dots, XV,
//! sandwiches, whispers, renban, odd/even) join as further variants of [`Constraint`]: each
//! layer matches on the kind, so none of them is threaded through the core as a special case.
//!
//! [`Constraints::check`] refuses a set that cannot make a puzzle (a cell outside the grid, a
//! cage that is not connected, a cell in two cages, a sum no digits reach) with an error that
//! names the constraint and its cells; [`count`] and [`verdict`] count and find solutions
//! by propagation and search (`propagate.rs`), checked against the exact-cover encoding
//! ([`count_exact_cover`], `solve.rs`).

mod cage;
mod propagate;
pub mod short;
mod solve;
pub mod text;

use std::fmt;

use thiserror::Error;

use crate::layout::Layout;
use crate::shape::Cell;

pub use cage::{Cage, MAX_COMBINATIONS};
pub use propagate::{count, verdict};
/// The same counts as exact cover: the encoding the propagating search is checked against.
pub use solve::{count as count_exact_cover, verdict as verdict_exact_cover};

/// Whether a search may start: the givens fit the layout's shape (else an error) and break
/// no house (else `false`: no solution), and the constraints can make a puzzle (else an
/// error naming the one at fault).
fn admit(
    layout: &Layout,
    givens: &crate::grid::Grid,
    constraints: &Constraints,
) -> Result<bool, ConstraintError> {
    if givens.shape() != layout.shape() {
        return Err(crate::layout::ShapeMismatch {
            layout: layout.shape(),
            grid: givens.shape(),
        }
        .into());
    }
    constraints.check(layout)?;
    Ok(layout.conflict(givens).is_none())
}

/// One rule on a group of cells.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Constraint {
    /// A killer cage: distinct digits with a sum.
    Cage(Cage),
}

impl Constraint {
    /// The cells the rule is on.
    pub fn cells(&self) -> &[Cell] {
        match self {
            Constraint::Cage(cage) => &cage.cells,
        }
    }

    /// The kind's name, as errors and formats spell it.
    pub fn kind(&self) -> &'static str {
        match self {
            Constraint::Cage(_) => "cage",
        }
    }
}

/// The constraints of a puzzle, in the order they were given (errors number them from 1).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Constraints(Vec<Constraint>);

impl Constraints {
    /// No constraint: a puzzle of houses alone.
    pub fn new() -> Constraints {
        Constraints::default()
    }

    /// Adds a constraint.
    pub fn push(&mut self, constraint: Constraint) {
        self.0.push(constraint);
    }

    /// Every constraint, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Constraint> {
        self.0.iter()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The cages, in order.
    pub fn cages(&self) -> impl Iterator<Item = &Cage> {
        self.0.iter().map(|c| match c {
            Constraint::Cage(cage) => cage,
        })
    }

    /// Checks that the constraints can make a puzzle on `layout`: every cell inside the grid,
    /// each cage connected, of at most `N` cells, with a sum its digits can reach, and no cell
    /// in two cages.
    pub fn check(&self, layout: &Layout) -> Result<(), ConstraintError> {
        let n = layout.size();
        let mut cage_of: Vec<Option<usize>> = vec![None; n * n];
        for (k, cage) in self.cages().enumerate() {
            cage.check(k + 1, n)?;
            for &cell in &cage.cells {
                let at = &mut cage_of[cell.index(n)];
                if let Some(first) = *at {
                    return Err(ConstraintError::Overlap {
                        cell,
                        first: first + 1,
                        second: k + 1,
                    });
                }
                *at = Some(k);
            }
        }
        Ok(())
    }
}

impl FromIterator<Constraint> for Constraints {
    fn from_iter<I: IntoIterator<Item = Constraint>>(iter: I) -> Constraints {
        Constraints(iter.into_iter().collect())
    }
}

/// Cells as a person reads them: `r1c1 r1c2 r2c1`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellList(pub Vec<Cell>);

impl fmt::Display for CellList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, cell) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{cell}")?;
        }
        Ok(())
    }
}

/// Why constraints cannot make a puzzle. Cages are numbered from 1 in the order given.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConstraintError {
    /// A cage with no cell.
    #[error("cage {cage} has no cell")]
    Empty {
        /// The cage's number.
        cage: usize,
    },
    /// A cell outside the grid.
    #[error("cage {cage} ({cells}) has {cell}, outside the {n}x{n} grid")]
    Outside {
        /// The cage's number.
        cage: usize,
        /// Its cells.
        cells: CellList,
        /// The cell outside.
        cell: Cell,
        /// The grid's size.
        n: usize,
    },
    /// A cell listed twice in one cage.
    #[error("cage {cage} ({cells}) lists {cell} twice")]
    Repeated {
        /// The cage's number.
        cage: usize,
        /// Its cells.
        cells: CellList,
        /// The cell.
        cell: Cell,
    },
    /// Cells not joined by sides or corners.
    #[error(
        "cage {cage} ({cells}) is not connected: {cell} shares no side or corner with the rest"
    )]
    NotConnected {
        /// The cage's number.
        cage: usize,
        /// Its cells.
        cells: CellList,
        /// A cell the first cell does not reach.
        cell: Cell,
    },
    /// More cells than digits.
    #[error(
        "cage {cage} ({cells}) has {size} cells; digits do not repeat in a cage, so it holds at most {n}"
    )]
    TooBig {
        /// The cage's number.
        cage: usize,
        /// Its cells.
        cells: CellList,
        /// Its size.
        size: usize,
        /// The grid's size.
        n: usize,
    },
    /// A sum no set of distinct digits reaches.
    #[error(
        "cage {cage} ({cells}) sums to {sum}, but {size} different digits of 1..{n} sum to {min}..{max}"
    )]
    ImpossibleSum {
        /// The cage's number.
        cage: usize,
        /// Its cells.
        cells: CellList,
        /// The sum asked.
        sum: u32,
        /// Its size.
        size: usize,
        /// The grid's size.
        n: usize,
        /// The least sum.
        min: u32,
        /// The greatest sum.
        max: u32,
    },
    /// More digit sets than the solver takes.
    #[error(
        "cage {cage} ({cells}) has more than {MAX_COMBINATIONS} sets of digits that make {sum}; split it"
    )]
    TooManyCombinations {
        /// The cage's number.
        cage: usize,
        /// Its cells.
        cells: CellList,
        /// The sum.
        sum: u32,
    },
    /// A cell in two cages.
    #[error("{cell} is in cage {first} and in cage {second}")]
    Overlap {
        /// The cell.
        cell: Cell,
        /// The first cage holding it.
        first: usize,
        /// The second.
        second: usize,
    },
    /// The puzzle's grid and the layout differ in shape.
    #[error("{0}")]
    Shape(#[from] crate::layout::ShapeMismatch),
}
