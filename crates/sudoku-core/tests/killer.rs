//! Killer cages solved by propagation and search and as exact cover, against brute force:
//! every 4x4 grid is listed once, and for random cage maps (connected cages of one to four
//! cells, sums taken from a grid, some cages without a sum, some givens) both counts must be
//! the number of listed grids that keep every rule; on random 9x9 killers the two counts
//! agree. A 9x9 killer made the same way from a known grid must count
//! that grid among its solutions, and every solution it finds must keep the cages.

use exact_cover::Halt;
use proptest::prelude::*;
use sudoku_core::constraint::{
    Cage, Constraint, Constraints, count, count_exact_cover, verdict, verdict_exact_cover,
};
use sudoku_core::{Cell, Grid, Layout, Shape, Verdict};

/// Every 4x4 sudoku grid (288), by backtracking.
fn all_4x4() -> Vec<Vec<u8>> {
    fn fill(at: usize, g: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if at == 16 {
            out.push(g.clone());
            return;
        }
        let (r, c) = (at / 4, at % 4);
        for d in 1..=4u8 {
            let clash = (0..16).any(|j| {
                let (jr, jc) = (j / 4, j % 4);
                j < at && g[j] == d && (jr == r || jc == c || (jr / 2 == r / 2 && jc / 2 == c / 2))
            });
            if !clash {
                g[at] = d;
                fill(at + 1, g, out);
                g[at] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(0, &mut vec![0; 16], &mut out);
    out
}

/// Cages covering `grid`: each grows from the first uncaged cell to up to `sizes[k]` cells
/// through free side neighbours picked by `picks` whose digit is not in the cage yet.
fn cage_map(grid: &[u8], n: usize, sizes: &[usize], picks: &[usize]) -> Vec<Vec<usize>> {
    let mut caged = vec![false; n * n];
    let mut cages = Vec::new();
    let (mut s, mut p) = (0, 0);
    while let Some(start) = caged.iter().position(|&c| !c) {
        let want = sizes[s % sizes.len()];
        s += 1;
        caged[start] = true;
        let mut cage = vec![start];
        while cage.len() < want {
            let free: Vec<usize> = cage
                .iter()
                .flat_map(|&i| {
                    let (r, c) = (i / n, i % n);
                    let mut next = Vec::new();
                    if r > 0 {
                        next.push(i - n)
                    }
                    if r + 1 < n {
                        next.push(i + n)
                    }
                    if c > 0 {
                        next.push(i - 1)
                    }
                    if c + 1 < n {
                        next.push(i + 1)
                    }
                    next
                })
                .filter(|&j| !caged[j] && cage.iter().all(|&i| grid[i] != grid[j]))
                .collect();
            if free.is_empty() {
                break;
            }
            let j = free[picks[p % picks.len()] % free.len()];
            p += 1;
            caged[j] = true;
            cage.push(j);
        }
        cages.push(cage);
    }
    cages
}

fn constraints(n: usize, cages: &[Vec<usize>], grid: &[u8], unsummed: &[bool]) -> Constraints {
    cages
        .iter()
        .enumerate()
        .map(|(k, cells)| {
            let sum = cells.iter().map(|&i| u32::from(grid[i])).sum();
            let cells = cells.iter().map(|&i| Cell::from_index(i, n)).collect();
            let sum = (!unsummed[k % unsummed.len()]).then_some(sum);
            Constraint::Cage(Cage::new(cells, sum))
        })
        .collect()
}

fn keeps(grid: &[u8], givens: &[u8], cages: &Constraints, n: usize) -> bool {
    givens.iter().zip(grid).all(|(&g, &v)| g == 0 || g == v)
        && cages.cages().all(|cage| {
            let digits: Vec<u8> = cage.cells.iter().map(|c| grid[c.index(n)]).collect();
            let mut seen = 0u64;
            let distinct = digits.iter().all(|&d| {
                let fresh = seen >> d & 1 == 0;
                seen |= 1 << d;
                fresh
            });
            let total: u32 = digits.iter().map(|&d| u32::from(d)).sum();
            distinct && cage.sum.is_none_or(|s| s == total)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_4x4_killer_counts_as_brute_force_does(
        from in 0usize..288,
        sizes in proptest::collection::vec(1usize..=4, 1..8),
        picks in proptest::collection::vec(0usize..4, 1..8),
        unsummed in proptest::collection::vec(proptest::bool::weighted(0.2), 1..5),
        given in proptest::collection::vec(proptest::bool::weighted(0.1), 16),
    ) {
        let grids = all_4x4();
        let grid = &grids[from];
        let cages = cage_map(grid, 4, &sizes, &picks);
        let cages = constraints(4, &cages, grid, &unsummed);
        let givens: Vec<u8> = grid.iter().zip(&given).map(|(&v, &g)| if g { v } else { 0 }).collect();
        let shape = Shape::new(2, 2).unwrap();
        let layout = Layout::new(shape);
        let puzzle = Grid::from_values(shape, givens.clone()).unwrap();
        let expected = grids.iter().filter(|g| keeps(g, &givens, &cages, 4)).count() as u64;
        prop_assert!(expected >= 1);
        prop_assert_eq!(count(&layout, &puzzle, &cages, u64::MAX, &Halt::default()).unwrap(), Some(expected));
        prop_assert_eq!(count_exact_cover(&layout, &puzzle, &cages, u64::MAX, &Halt::default()).unwrap(), Some(expected));
        let v = verdict(&layout, &puzzle, &cages, &Halt::default()).unwrap().unwrap();
        match (expected, &v) {
            (1, Verdict::Unique(s)) => prop_assert_eq!(s.values(), &grid[..]),
            (1, _) => prop_assert!(false, "unique expected, got {}", v.name()),
            (_, Verdict::Multiple(a, b)) => {
                prop_assert!(keeps(a.values(), &givens, &cages, 4) && keeps(b.values(), &givens, &cages, 4));
                prop_assert_ne!(a, b);
            }
            _ => prop_assert!(false, "several expected, got {}", v.name()),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Random 9x9 killers from a known grid, with some givens: the propagating search and
    /// the exact-cover encoding count the same (up to 50), and give the same verdict.
    #[test]
    fn a_9x9_killer_counts_the_same_both_ways(
        sizes in proptest::collection::vec(1usize..=5, 1..8),
        picks in proptest::collection::vec(0usize..4, 1..8),
        unsummed in proptest::collection::vec(proptest::bool::weighted(0.15), 1..5),
        given in proptest::collection::vec(proptest::bool::weighted(0.3), 81),
    ) {
        let grid: Grid = SOLVED.parse().unwrap();
        let cages = cage_map(grid.values(), 9, &sizes, &picks);
        let cages = constraints(9, &cages, grid.values(), &unsummed);
        let givens: Vec<u8> = grid.values().iter().zip(&given).map(|(&v, &g)| if g { v } else { 0 }).collect();
        let layout = Layout::classic();
        let puzzle = Grid::from_values(Shape::CLASSIC, givens).unwrap();
        let halt = Halt::default();
        let by_search = count(&layout, &puzzle, &cages, 50, &halt).unwrap();
        let by_cover = count_exact_cover(&layout, &puzzle, &cages, 50, &halt).unwrap();
        prop_assert_eq!(by_search, by_cover);
        prop_assert!(by_search.unwrap() >= 1, "the grid it was made from solves it");
        let v = verdict(&layout, &puzzle, &cages, &halt).unwrap().unwrap();
        let w = verdict_exact_cover(&layout, &puzzle, &cages, &halt).unwrap().unwrap();
        prop_assert_eq!(v.name(), w.name());
        if let (Verdict::Unique(a), Verdict::Unique(b)) = (&v, &w) {
            prop_assert_eq!(a, b);
        }
    }
}

const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A 9x9 killer of mostly two- to four-cell cages made from a known grid: the grid is one of
/// its solutions and any solution found keeps every cage; with a few single cells as givens
/// it is unique.
#[test]
fn a_9x9_killer_made_from_a_grid_is_solved_by_it() {
    let grid: Grid = SOLVED.parse().unwrap();
    let layout = Layout::classic();
    let cages = cage_map(grid.values(), 9, &[3, 2, 4, 3, 2], &[1, 3, 0, 2, 5]);
    let cages = constraints(9, &cages, grid.values(), &[false]);
    cages.check(&layout).unwrap();
    let empty = Grid::empty(Shape::CLASSIC);
    match verdict(&layout, &empty, &cages, &Halt::default())
        .unwrap()
        .unwrap()
    {
        Verdict::Unique(s) => assert_eq!(s, grid),
        Verdict::Multiple(a, b) => {
            assert!(keeps(a.values(), empty.values(), &cages, 9));
            assert!(keeps(b.values(), empty.values(), &cages, 9));
            // Givens on a diagonal make it unique.
            let mut givens = Grid::empty(Shape::CLASSIC);
            for k in 0..9 {
                let cell = Cell::new(k, k);
                givens.set(cell, grid.get(cell));
            }
            assert_eq!(
                verdict(&layout, &givens, &cages, &Halt::default()).unwrap(),
                Some(Verdict::Unique(grid))
            );
        }
        other => panic!("the grid it was made from solves it: {}", other.name()),
    }
}

/// Bad cages are refused with the cage and its cells named.
#[test]
fn cages_that_cannot_be_are_refused_by_name() {
    let layout = Layout::classic();
    let empty = Grid::empty(Shape::CLASSIC);
    let cage = |cells: &[(usize, usize)], sum| {
        Constraint::Cage(Cage::new(
            cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
            sum,
        ))
    };
    let two = Constraints::from_iter([
        cage(&[(0, 0), (0, 1)], Some(3)),
        cage(&[(0, 1), (1, 1)], Some(9)),
    ]);
    assert_eq!(
        count(&layout, &empty, &two, 2, &Halt::default())
            .unwrap_err()
            .to_string(),
        "r1c2 is in cage 1 and in cage 2"
    );
    let wide = Constraints::from_iter([
        cage(&[(0, 0), (0, 1)], Some(3)),
        cage(&[(4, 4), (6, 6)], Some(4)),
    ]);
    assert_eq!(
        verdict(&layout, &empty, &wide, &Halt::default())
            .unwrap_err()
            .to_string(),
        "cage 2 (r5c5 r7c7) is not connected: r7c7 shares no side or corner with the rest"
    );
    // Givens that break a cage: no solution, not an error.
    let mut givens = Grid::empty(Shape::CLASSIC);
    givens.set(Cell::new(0, 0), sudoku_core::Digit::new(3));
    let one: Constraints = [cage(&[(0, 0), (0, 1)], Some(3))].into_iter().collect();
    assert_eq!(
        verdict(&layout, &givens, &one, &Halt::default()).unwrap(),
        Some(Verdict::NoSolution)
    );
}
