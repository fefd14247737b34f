//! Counting and finding the solutions of a puzzle with constraints, as exact cover.
//!
//! The houses are encoded as for a plain puzzle: a primary item per cell and per (house,
//! digit), an option per candidate. A cage adds a secondary item per digit, "the cage holds
//! this digit", which each candidate of a cell of the cage covers: so a digit appears at most
//! once in the cage. A cage with a sum adds a primary item, "the cage's digits are chosen",
//! and an option per digit set its sum allows ([`Cage::combinations`]), which covers the
//! cage's items of the digits *not* in the set: so the cells can only take digits of the one
//! set chosen, each once, and as there are as many cells as digits in it, they take exactly
//! those digits, which add up to the sum. The search branches on the cage's choice when that
//! is the item with the fewest options, as the dancing-links heuristic picks it.
//!
//! This keeps the whole puzzle one exact-cover problem for the engine the project is built
//! on, with no arithmetic in the search; a sum-propagating solver may later be faster.

use exact_cover::{Halt, ItemId, Problem, Use};

use super::{Constraint, ConstraintError, Constraints};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::solve::Verdict;

/// What an option of the encoding stands for.
#[derive(Debug, Clone, Copy)]
enum Choice {
    /// Digit `digit` in cell `cell` (an index).
    Candidate { cell: usize, digit: u8 },
    /// A cage's digit set.
    Set,
}

/// A puzzle with constraints as exact cover.
struct Encoded {
    problem: Problem,
    choices: Vec<Choice>,
}

/// Counts the solutions of `givens` on `layout` under `constraints`, up to `limit`; `None`
/// when `halt` (a deadline, an interrupt) stopped the search first.
///
/// ```
/// use sudoku_core::constraint::{Cage, Constraint, Constraints, count};
/// use sudoku_core::{Cell, Grid, Layout, Shape};
///
/// // A 4x4 killer: the first row split in two cages of 3 and 7.
/// let mut cages = Constraints::new();
/// cages.push(Constraint::Cage(Cage::new(vec![Cell::new(0, 0), Cell::new(0, 1)], Some(3))));
/// cages.push(Constraint::Cage(Cage::new(vec![Cell::new(0, 2), Cell::new(0, 3)], Some(7))));
/// let layout = Layout::new(Shape::new(2, 2).unwrap());
/// let empty = Grid::empty(layout.shape());
/// // 1 and 2 before 3 and 4, in either order each: 4 of the 24 first rows, 12 grids each.
/// let counted = count(&layout, &empty, &cages, u64::MAX, &Default::default()).unwrap();
/// assert_eq!(counted, Some(48));
/// ```
pub fn count(
    layout: &Layout,
    givens: &Grid,
    constraints: &Constraints,
    limit: u64,
    halt: &Halt,
) -> Result<Option<u64>, ConstraintError> {
    let Some(encoded) = encode(layout, givens, constraints)? else {
        return Ok(Some(0));
    };
    let counted = encoded
        .problem
        .solver()
        .limit(limit)
        .halt(halt.clone())
        .count();
    // Reaching the limit is a count ("at least `limit`"), not a stop.
    let stopped = counted
        .stopped
        .is_some_and(|r| r != exact_cover::StopReason::Limit);
    Ok((!stopped).then_some(counted.solutions))
}

/// Whether `givens` on `layout` under `constraints` has one solution, several (two of them),
/// none, or clashing givens; `None` when `halt` stopped the search first.
pub fn verdict(
    layout: &Layout,
    givens: &Grid,
    constraints: &Constraints,
    halt: &Halt,
) -> Result<Option<Verdict>, ConstraintError> {
    let Some(encoded) = encode(layout, givens, constraints)? else {
        return Ok(Some(match layout.conflict(givens) {
            Some(clash) => Verdict::Invalid(clash),
            None => Verdict::NoSolution,
        }));
    };
    let mut search = encoded.problem.solver().halt(halt.clone()).solutions();
    let found: Vec<Grid> = search
        .by_ref()
        .take(2)
        .map(|options| fill(givens, &encoded.choices, &options))
        .collect();
    if search.stopped().is_some() {
        return Ok(None);
    }
    Ok(Some(match <[Grid; 2]>::try_from(found) {
        Ok([a, b]) => Verdict::Multiple(a, b),
        Err(mut one) => match one.pop() {
            Some(solution) => Verdict::Unique(solution),
            None => Verdict::NoSolution,
        },
    }))
}

/// The grid a solution's options make of the givens.
fn fill(givens: &Grid, choices: &[Choice], options: &[usize]) -> Grid {
    let mut values = givens.values().to_vec();
    for &k in options {
        if let Choice::Candidate { cell, digit } = choices[k] {
            values[cell] = digit;
        }
    }
    Grid::from_values(givens.shape(), values).expect("a filled grid of the givens' shape")
}

/// The exact-cover problem, or `None` when the givens already break a rule (a digit twice in
/// a house or a cage, or a cage's givens that no digit set of its sum holds).
fn encode(
    layout: &Layout,
    givens: &Grid,
    constraints: &Constraints,
) -> Result<Option<Encoded>, ConstraintError> {
    if !super::admit(layout, givens, constraints)? {
        return Ok(None);
    }
    let n = layout.size();
    let values = givens.values();
    let cages: Vec<_> = constraints
        .iter()
        .map(|c| match c {
            Constraint::Cage(cage) => cage,
        })
        .collect();
    let mut cage_of = vec![usize::MAX; n * n];
    let mut sets = Vec::with_capacity(cages.len());
    for (k, cage) in cages.iter().enumerate() {
        let mut held = 0u64;
        for cell in &cage.cells {
            let i = cell.index(n);
            cage_of[i] = k;
            let d = values[i];
            if d != 0 {
                if held >> d & 1 == 1 {
                    return Ok(None);
                }
                held |= 1 << d;
            }
        }
        let allowed: Option<Vec<u64>> = match cage.sum {
            None => None,
            Some(_) => {
                let all = cage.combinations(n).expect("checked above");
                let fit: Vec<u64> = all.into_iter().filter(|s| s & held == held).collect();
                if fit.is_empty() {
                    return Ok(None);
                }
                Some(fit)
            }
        };
        sets.push(allowed);
    }

    // Items: cells, (house, digit), one per cage with a sum; then the secondary (cage, digit).
    let houses = layout.houses().len();
    let summed: Vec<usize> = (0..cages.len()).filter(|&k| sets[k].is_some()).collect();
    let primary = n * n + houses * n + summed.len();
    let secondary = cages.len() * n;
    let mut problem = Problem::with_unnamed_items(primary, secondary);
    let ids: Vec<ItemId> = (0..primary + secondary)
        .map(|k| problem.item_at(k).expect("an item made above"))
        .collect();
    let id = |k: usize| ids[k];
    let cage_digit = |k: usize, d: usize| id(primary + k * n + d - 1);
    let mut choices = Vec::new();
    let mut uses = Vec::new();
    for i in 0..n * n {
        let given = values[i];
        for d in 1..=n {
            if given != 0 && given as usize != d {
                continue;
            }
            uses.clear();
            uses.push(plain(id(i)));
            for &h in layout.houses_of(i) {
                uses.push(plain(id(n * n + h as usize * n + d - 1)));
            }
            if cage_of[i] != usize::MAX {
                uses.push(plain(cage_digit(cage_of[i], d)));
            }
            problem.add_option(&uses).expect("a well-formed option");
            choices.push(Choice::Candidate {
                cell: i,
                digit: d as u8,
            });
        }
    }
    for (j, &k) in summed.iter().enumerate() {
        for &set in sets[k].as_deref().unwrap_or_default() {
            uses.clear();
            uses.push(plain(id(n * n + houses * n + j)));
            for d in (1..=n).filter(|d| set >> d & 1 == 0) {
                uses.push(plain(cage_digit(k, d)));
            }
            problem.add_option(&uses).expect("a well-formed option");
            choices.push(Choice::Set);
        }
    }
    Ok(Some(Encoded { problem, choices }))
}

fn plain(item: ItemId) -> Use {
    Use { item, color: None }
}
