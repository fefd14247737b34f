//! The canonical form of a grid: the lexicographically smallest grid (row by row, empty cells
//! as 0, the smallest) among all its images under the symmetries of [`crate::transform`].
//! Two puzzles are equivalent exactly when their canonical forms are equal.
//!
//! The search tries every column order that keeps the stacks together (and, for square boxes,
//! both the grid and its transpose). For each it builds the result row by row, choosing at each
//! step a row of the band in progress (or the first row of a fresh band), and relabels digits
//! in order of first appearance, which is the smallest relabelling for a given arrangement. A
//! branch stops as soon as its rows so far are larger than the best grid found, so most of the
//! row orders are never looked at. The column orders are all tried: `(c!)^r * r!` of them for
//! `r x c` boxes (1296 for 9x9, 82944 for 12x12), so this is quick up to 12x12 and slow beyond.

use std::time::Instant;

use crate::grid::Grid;
use crate::transform::Transform;

/// The canonical form of a grid.
///
/// ```
/// use sudoku_core::{canonical, Grid, Transform};
///
/// let grid: Grid =
///     "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
///         .parse()
///         .unwrap();
/// let other = Transform::random(grid.shape(), 42).apply(&grid).unwrap();
/// assert_ne!(grid, other);
/// assert_eq!(canonical(&grid), canonical(&other));
/// ```
pub fn canonical(grid: &Grid) -> Grid {
    canonical_with_transform(grid).0
}

/// The canonical form and a transform that takes the grid to it.
pub fn canonical_with_transform(grid: &Grid) -> (Grid, Transform) {
    match canonical_within(grid, None) {
        Some(found) => found,
        None => unreachable!("a search with no deadline was cut short"),
    }
}

/// [`canonical_with_transform`], given up (`None`) when `deadline` passes first. From 16x16
/// up the column orders alone are millions (`(4!)^4 * 4!`, 8 million, for 4x4 boxes), and a
/// grid with few givens prunes few row orders: an empty 16x16 grid would search for ever.
pub fn canonical_within(grid: &Grid, deadline: Option<Instant>) -> Option<(Grid, Transform)> {
    let shape = grid.shape();
    let n = shape.size();
    let mut search = Search {
        n,
        src: Vec::new(),
        band: 0,
        stack: 0,
        cols: vec![0; n],
        cols_used: 0,
        rows: vec![0; n],
        rows_used: 0,
        best: vec![0; n * n],
        best_valid: 0,
        map: [0; crate::shape::MAX_SIZE + 1],
        next_label: 1,
        assigned: Vec::with_capacity(n),
        row_buf: vec![0; n],
        found: None,
        improved: false,
        transpose: false,
        deadline,
        calls: 0,
        halted: false,
    };
    let transposes: &[bool] = if shape.box_rows() == shape.box_cols() {
        &[false, true]
    } else {
        &[false]
    };
    for &transpose in transposes {
        let mid = if transpose { shape.transposed() } else { shape };
        search.transpose = transpose;
        search.band = mid.box_rows();
        search.stack = mid.box_cols();
        search.src = if transpose {
            let v = grid.values();
            (0..n * n).map(|i| v[(i % n) * n + i / n]).collect()
        } else {
            grid.values().to_vec()
        };
        search.columns(0);
    }
    if search.halted {
        return None;
    }
    let (transpose, rows, cols, map) = match search.found {
        Some(found) => found,
        None => unreachable!("every search reaches a leaf"),
    };
    // Digits that do not appear get the unused labels, in order.
    let mut digits = map[..=n].to_vec();
    let mut used = vec![false; n + 1];
    for &d in &digits[1..] {
        used[d as usize] = true;
    }
    let mut free = (1..=n as u8).filter(|&d| !used[d as usize]);
    for d in digits.iter_mut().skip(1) {
        if *d == 0 {
            *d = free.next().unwrap_or(0);
        }
    }
    let t = Transform::from_parts(shape, transpose, rows, cols, digits);
    let out = Grid::from_values(
        if transpose { shape.transposed() } else { shape },
        search.best,
    )
    .unwrap_or_else(|_| Grid::empty(shape));
    Some((out, t))
}

type Found = (bool, Vec<u8>, Vec<u8>, [u8; crate::shape::MAX_SIZE + 1]);

struct Search {
    n: usize,
    /// The grid (transposed or not), row-major.
    src: Vec<u8>,
    /// Rows per band and columns per stack of `src`.
    band: usize,
    stack: usize,
    cols: Vec<u8>,
    cols_used: u64,
    rows: Vec<u8>,
    rows_used: u64,
    best: Vec<u8>,
    /// Rows of `best` that hold a real grid; the rows after them count as larger than anything.
    best_valid: usize,
    /// Old digit to new label, 0 while unassigned.
    map: [u8; crate::shape::MAX_SIZE + 1],
    next_label: u8,
    /// Digits labelled so far, in order, to undo.
    assigned: Vec<u8>,
    row_buf: Vec<u8>,
    found: Option<Found>,
    /// Whether `best` changed since the last leaf (the leaf then records how it got there).
    improved: bool,
    transpose: bool,
    /// When to give up, the row steps taken (the clock is read every [`CLOCK_EVERY`]), and
    /// whether it gave up.
    deadline: Option<Instant>,
    calls: u64,
    halted: bool,
}

/// How many row steps the search takes between two readings of the clock.
const CLOCK_EVERY: u64 = 1 << 14;

impl Search {
    /// Chooses the column for slot `j`: any unused column of the stack in progress, or at the
    /// start of a stack, any unused column (the stacks entered before are all used up).
    fn columns(&mut self, j: usize) {
        if self.halted {
            return;
        }
        if j == self.n {
            self.rows_search(0);
            return;
        }
        let s = self.stack;
        let range = if j.is_multiple_of(s) {
            0..self.n
        } else {
            let first = self.cols[j - j % s] as usize / s * s;
            first..first + s
        };
        for c in range {
            if self.cols_used & (1 << c) != 0 {
                continue;
            }
            self.cols[j] = c as u8;
            self.cols_used |= 1 << c;
            self.columns(j + 1);
            self.cols_used &= !(1 << c);
        }
    }

    /// Chooses the row for slot `i`, comparing with the best grid as it goes.
    fn rows_search(&mut self, i: usize) {
        self.calls += 1;
        if self.calls.is_multiple_of(CLOCK_EVERY)
            && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.halted = true;
        }
        if self.halted {
            return;
        }
        let n = self.n;
        if i == n {
            if self.improved {
                self.improved = false;
                self.found = Some((
                    self.transpose,
                    self.rows.clone(),
                    self.cols.clone(),
                    self.map,
                ));
            }
            return;
        }
        let b = self.band;
        let range = if i.is_multiple_of(b) {
            0..n
        } else {
            let first = self.rows[i - i % b] as usize / b * b;
            first..first + b
        };
        for q in range {
            if self.rows_used & (1 << q) != 0 {
                continue;
            }
            let mark = self.assigned.len();
            // Relabel the row and compare it with the best grid's row `i`.
            let mut order = if i < self.best_valid {
                std::cmp::Ordering::Equal
            } else {
                std::cmp::Ordering::Less
            };
            for j in 0..n {
                let v = self.src[q * n + self.cols[j] as usize];
                let label = if v == 0 {
                    0
                } else {
                    if self.map[v as usize] == 0 {
                        self.map[v as usize] = self.next_label;
                        self.next_label += 1;
                        self.assigned.push(v);
                    }
                    self.map[v as usize]
                };
                self.row_buf[j] = label;
                if order == std::cmp::Ordering::Equal {
                    order = label.cmp(&self.best[i * n + j]);
                    if order == std::cmp::Ordering::Greater {
                        break;
                    }
                }
            }
            if order != std::cmp::Ordering::Greater {
                if order == std::cmp::Ordering::Less {
                    self.best[i * n..(i + 1) * n].copy_from_slice(&self.row_buf);
                    self.best_valid = i + 1;
                    self.improved = true;
                }
                self.rows[i] = q as u8;
                self.rows_used |= 1 << q;
                self.rows_search(i + 1);
                self.rows_used &= !(1 << q);
            }
            for &v in &self.assigned[mark..] {
                self.map[v as usize] = 0;
            }
            self.next_label -= (self.assigned.len() - mark) as u8;
            self.assigned.truncate(mark);
        }
    }
}

/// Whether two grids are equivalent under the symmetries (the same canonical form). A grid
/// with `R x C` boxes and one with `C x R` boxes are compared through the transpose.
pub fn equivalent(a: &Grid, b: &Grid) -> bool {
    if a.shape() == b.shape() {
        return canonical(a) == canonical(b);
    }
    if a.shape() != b.shape().transposed() {
        return false;
    }
    match Transform::transpose(b.shape()).apply(b) {
        Ok(bt) => canonical(a) == canonical(&bt),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn the_transform_reaches_the_canonical_form() {
        for (r, c) in [(2, 2), (2, 3), (3, 3)] {
            let shape = Shape::new(r, c).unwrap();
            let g = Transform::random(shape, 5)
                .apply(&Grid::pattern(shape))
                .unwrap();
            let (canon, t) = canonical_with_transform(&g);
            assert_eq!(t.apply(&g).unwrap(), canon);
            // A full grid's canonical form starts 1, 2, 3, ...
            let first: Vec<u8> = canon.values()[..shape.size()].to_vec();
            assert_eq!(first, (1..=shape.size() as u8).collect::<Vec<_>>());
        }
    }

    #[test]
    fn equivalence_across_transposed_shapes() {
        let shape = Shape::new(2, 3).unwrap();
        let g = Grid::pattern(shape);
        let turned = Transform::rotate(shape, 1).apply(&g).unwrap();
        assert_eq!(turned.shape(), shape.transposed());
        assert!(equivalent(&g, &turned));
        let other = Grid::pattern(Shape::new(3, 3).unwrap());
        assert!(!equivalent(&g, &other));
    }

    #[test]
    fn empty_cells_come_first() {
        let g: Grid = "...4............".parse().unwrap();
        assert_eq!(canonical(&g).to_string(), "...............1");
    }

    #[test]
    fn a_deadline_gives_up_on_a_grid_too_large_to_search() {
        let empty = Grid::empty(crate::Shape::new(4, 4).unwrap());
        let started = Instant::now();
        let cut = canonical_within(&empty, Some(started + std::time::Duration::from_millis(50)));
        assert!(cut.is_none());
        assert!(
            started.elapsed().as_secs_f64() < 5.0,
            "{:?}",
            started.elapsed()
        );
        // A 9x9 grid well within it gets the same answer as without.
        let grid: Grid =
            "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
                .parse()
                .unwrap();
        let later = Instant::now() + std::time::Duration::from_secs(3600);
        assert_eq!(
            canonical_within(&grid, Some(later)).map(|f| f.0),
            Some(canonical(&grid))
        );
    }
}
