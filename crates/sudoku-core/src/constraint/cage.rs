//! [`Cage`]: killer sudoku's constraint, and the digit sets its sum allows.

use super::{CellList, ConstraintError};
use crate::shape::Cell;

/// The most digit sets one cage may have. A 9x9 cage has at most 12 (four or five cells of 20
/// or 25); a 16x16 cage of eight cells about 500; only very large cages of very large grids
/// come near this, and those are refused with a message rather than searched.
pub const MAX_COMBINATIONS: usize = 100_000;

/// Orthogonally connected cells whose digits differ and, when `sum` is set, add up to it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The cells, in the order given.
    pub cells: Vec<Cell>,
    /// The sum; `None` for a cage whose digits only differ.
    pub sum: Option<u32>,
}

impl Cage {
    /// A cage of `cells` with `sum`.
    pub fn new(cells: Vec<Cell>, sum: Option<u32>) -> Cage {
        Cage { cells, sum }
    }

    /// Checks the cage on its own (`number` names it in errors) for an `n`x`n` grid.
    pub(super) fn check(&self, number: usize, n: usize) -> Result<(), ConstraintError> {
        let cells = || CellList(self.cells.clone());
        if self.cells.is_empty() {
            return Err(ConstraintError::Empty { cage: number });
        }
        for (k, &cell) in self.cells.iter().enumerate() {
            if cell.row() >= n || cell.col() >= n {
                return Err(ConstraintError::Outside {
                    cage: number,
                    cells: cells(),
                    cell,
                    n,
                });
            }
            if self.cells[..k].contains(&cell) {
                return Err(ConstraintError::Repeated {
                    cage: number,
                    cells: cells(),
                    cell,
                });
            }
        }
        let size = self.cells.len();
        if size > n {
            return Err(ConstraintError::TooBig {
                cage: number,
                cells: cells(),
                size,
                n,
            });
        }
        if let Some(cell) = self.unreached() {
            return Err(ConstraintError::NotConnected {
                cage: number,
                cells: cells(),
                cell,
            });
        }
        if let Some(sum) = self.sum {
            let (min, max) = sum_range(size, n);
            if sum < min || sum > max {
                return Err(ConstraintError::ImpossibleSum {
                    cage: number,
                    cells: cells(),
                    sum,
                    size,
                    n,
                    min,
                    max,
                });
            }
            if self.combinations(n).is_none() {
                return Err(ConstraintError::TooManyCombinations {
                    cage: number,
                    cells: cells(),
                    sum,
                });
            }
        }
        Ok(())
    }

    /// A cell the first cell does not reach through sides or corners of cells of the cage,
    /// if any. Corners count: published killers (the forums' "Tarek" collection among them)
    /// have cages joined at a corner, which the short form writes with its diagonal
    /// pointers.
    fn unreached(&self) -> Option<Cell> {
        let mut reached = vec![false; self.cells.len()];
        let mut todo = vec![0];
        reached[0] = true;
        while let Some(k) = todo.pop() {
            let (r, c) = (self.cells[k].row(), self.cells[k].col());
            for (j, other) in self.cells.iter().enumerate() {
                let beside = r.abs_diff(other.row()).max(c.abs_diff(other.col())) == 1;
                if beside && !reached[j] {
                    reached[j] = true;
                    todo.push(j);
                }
            }
        }
        reached.iter().position(|&r| !r).map(|j| self.cells[j])
    }

    /// The sets of digits (bit `d` for digit `d`) of 1..=`n` the cage may hold: as many
    /// different digits as cells, adding up to the sum (every such set when there is none).
    /// `None` past [`MAX_COMBINATIONS`].
    pub fn combinations(&self, n: usize) -> Option<Vec<u64>> {
        let size = self.cells.len();
        let mut found = Vec::new();
        let target = self.sum;
        let mut stack = Vec::with_capacity(size);
        pick(1, n, size, target, 0, &mut stack, &mut found)?;
        Some(found)
    }
}

/// The least and greatest sums of `size` different digits of 1..=`n`.
pub fn sum_range(size: usize, n: usize) -> (u32, u32) {
    let (size, n) = (size as u32, n as u32);
    (size * (size + 1) / 2, size * (2 * n + 1 - size) / 2)
}

/// Extends `stack` (digits chosen so far, increasing, from `from` on) to `size` digits of
/// 1..=`n` adding up to `target`, pushing every set found; `None` once there are too many.
fn pick(
    from: usize,
    n: usize,
    size: usize,
    target: Option<u32>,
    sum: u32,
    stack: &mut Vec<usize>,
    found: &mut Vec<u64>,
) -> Option<()> {
    let left = size - stack.len();
    if left == 0 {
        if target.is_none_or(|t| t == sum) {
            if found.len() == MAX_COMBINATIONS {
                return None;
            }
            found.push(stack.iter().fold(0, |m, &d| m | 1 << d));
        }
        return Some(());
    }
    for d in from..=n + 1 - left {
        if let Some(t) = target {
            // The least the rest can add (d and the next digits) and the most.
            let low = sum + (left as u32) * (2 * d as u32 + left as u32 - 1) / 2;
            let high = sum + d as u32 + high_tail(d, n, left - 1);
            if low > t {
                break;
            }
            if high < t {
                continue;
            }
        }
        stack.push(d);
        let step = pick(d + 1, n, size, target, sum + d as u32, stack, found);
        stack.pop();
        step?;
    }
    Some(())
}

/// The most `count` different digits above `d` and at most `n` add up to.
fn high_tail(d: usize, n: usize, count: usize) -> u32 {
    if count == 0 || n <= d {
        return 0;
    }
    let count = count.min(n - d) as u32;
    let n = n as u32;
    count * (2 * n + 1 - count) / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cage(cells: &[(usize, usize)], sum: Option<u32>) -> Cage {
        Cage::new(cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(), sum)
    }

    /// Every digit set of a cage, checked against all subsets of the digits.
    #[test]
    fn combinations_are_every_set_of_the_size_and_sum() {
        for n in [4, 6, 9] {
            for size in 1..=n {
                let (min, max) = sum_range(size, n);
                for sum in min.saturating_sub(1)..=max + 1 {
                    let cells: Vec<(usize, usize)> = (0..size).map(|c| (0, c)).collect();
                    let mut got = cage(&cells, Some(sum)).combinations(n).unwrap();
                    got.sort_unstable();
                    let expected: Vec<u64> = (0u64..1 << n)
                        .map(|m| m << 1)
                        .filter(|m| m.count_ones() as usize == size)
                        .filter(|m| {
                            (1..=n).filter(|d| m >> d & 1 == 1).sum::<usize>() == sum as usize
                        })
                        .collect();
                    assert_eq!(got, expected, "n {n} size {size} sum {sum}");
                }
            }
        }
        assert_eq!(
            cage(&[(0, 0), (0, 1)], Some(3)).combinations(9),
            Some(vec![0b110])
        );
        assert_eq!(
            cage(&[(0, 0), (0, 1)], None).combinations(4).unwrap().len(),
            6
        );
    }

    #[test]
    fn a_bad_cage_is_named_with_its_cells() {
        let err = |c: Cage| c.check(3, 9).unwrap_err().to_string();
        assert_eq!(
            err(cage(&[(0, 0), (2, 2)], Some(5))),
            "cage 3 (r1c1 r3c3) is not connected: r3c3 shares no side or corner with the rest"
        );
        assert_eq!(
            err(cage(&[(0, 0), (0, 1)], Some(18))),
            "cage 3 (r1c1 r1c2) sums to 18, but 2 different digits of 1..9 sum to 3..17"
        );
        assert_eq!(
            err(cage(&[(0, 0), (0, 9)], None)),
            "cage 3 (r1c1 r1c10) has r1c10, outside the 9x9 grid"
        );
        assert_eq!(
            err(cage(&[(0, 0), (0, 0)], None)),
            "cage 3 (r1c1 r1c1) lists r1c1 twice"
        );
        let ten: Vec<(usize, usize)> = (0..10).map(|k| (k / 5, k % 5)).collect();
        assert!(cage(&ten, None).check(1, 16).is_ok());
        assert!(err(cage(&ten, None)).contains("has 10 cells"));
        assert_eq!(err(Cage::new(vec![], Some(1))), "cage 3 has no cell");
    }
}
