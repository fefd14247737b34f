//! Helpers shared by the integration tests.
#![allow(dead_code)]

use exact_cover::Rng;
use sudoku_core::{Cell, DlxSolver, Grid, Layout};

/// Empties cells of a full grid in an order shuffled by `seed`, keeping the puzzle unique,
/// until `max_removed` cells are empty or every cell has been tried.
pub fn make_unique(layout: &Layout, full: &Grid, seed: u64, max_removed: usize) -> Grid {
    let mut solver = DlxSolver::new(layout.clone());
    let n = full.size();
    let mut order: Vec<usize> = (0..n * n).collect();
    Rng::new(seed).shuffle(&mut order);
    let mut puzzle = full.clone();
    let mut removed = 0;
    for i in order {
        if removed == max_removed {
            break;
        }
        let cell = Cell::from_index(i, n);
        let keep = puzzle.get(cell);
        puzzle.set(cell, None);
        if solver.count(&puzzle, 2).unwrap() == 1 {
            removed += 1;
        } else {
            puzzle.set(cell, keep);
        }
    }
    puzzle
}

/// Counts the solutions of a plain (rows, columns, boxes) puzzle by simple backtracking, up
/// to `limit`: an independent reference for the DLX solver. `None` when the givens clash.
pub fn reference_count(grid: &Grid, limit: u64) -> Option<u64> {
    let shape = grid.shape();
    let n = shape.size();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let mut cells: Vec<u8> = grid.values().to_vec();
    let fits = |cells: &[u8], i: usize, v: u8| -> bool {
        let (r, c) = (i / n, i % n);
        for k in 0..n {
            if k != c && cells[r * n + k] == v {
                return false;
            }
            if k != r && cells[k * n + c] == v {
                return false;
            }
        }
        let (top, left) = (r / br * br, c / bc * bc);
        for rr in top..top + br {
            for cc in left..left + bc {
                if (rr, cc) != (r, c) && cells[rr * n + cc] == v {
                    return false;
                }
            }
        }
        true
    };
    for i in 0..n * n {
        if cells[i] != 0 && !fits(&cells, i, cells[i]) {
            return None;
        }
    }
    fn go(
        cells: &mut Vec<u8>,
        n: usize,
        limit: u64,
        count: &mut u64,
        fits: &dyn Fn(&[u8], usize, u8) -> bool,
    ) {
        let Some(i) = cells.iter().position(|&v| v == 0) else {
            *count += 1;
            return;
        };
        for v in 1..=n as u8 {
            if *count >= limit {
                return;
            }
            if fits(cells, i, v) {
                cells[i] = v;
                go(cells, n, limit, count, fits);
                cells[i] = 0;
            }
        }
    }
    let mut count = 0;
    go(&mut cells, n, limit, &mut count, &fits);
    Some(count)
}
