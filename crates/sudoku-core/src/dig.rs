//! Making puzzles with exactly one solution: a random full grid, then givens removed in
//! symmetric groups for as long as the solution stays unique.
//!
//! This is the part of puzzle generation that needs only a solver: [`Digger`] takes a layout
//! (any shape, any variant), a [`Symmetry`] of the givens' pattern, a range of givens and
//! whether the puzzle must be minimal, and returns a puzzle with one solution. The difficulty
//! is someone else's business: `sudoku_logic::generate` grades what comes out, or passes an
//! `accept` test to [`Digger::dig_from`] so that digging stops before a puzzle gets too hard.
//!
//! Why digging is enough for uniqueness and minimality: removing a given can only add
//! solutions, so a cell whose removal once made the puzzle ambiguous can never be removed
//! later. One pass over the cells in random order therefore ends with a minimal puzzle
//! (for groups of cells under a symmetry, minimal among symmetric puzzles; [`Digger`] then
//! checks single givens too when `minimal` is asked for).
//!
//! Every random choice comes from one seed, so the same seed gives the same puzzle.
//!
//! ```
//! use sudoku_core::dig::{DigOptions, Digger, Symmetry};
//! use sudoku_core::{Layout, Solver, Engine};
//!
//! let mut digger = Digger::new(Layout::classic());
//! let options = DigOptions { symmetry: Symmetry::Rotate180, minimal: true, ..DigOptions::default() };
//! let dug = digger.generate(&options, 42).unwrap();
//! assert!(Symmetry::Rotate180.holds(&dug.puzzle));
//! let mut solver = Solver::new(Layout::classic(), Engine::Auto).unwrap();
//! assert_eq!(solver.count(&dug.puzzle, 2).unwrap(), 1);
//! assert_eq!(digger.generate(&options, 42).unwrap(), dug);
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use exact_cover::Rng;
use thiserror::Error;

use crate::engine::{Engine, Solver};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::shape::{Cell, Shape};

/// A symmetry of the pattern of givens: a given's image under it is a given too.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// Half-turn rotation about the centre (the classic newspaper symmetry).
    Rotate180,
    /// Quarter-turn rotation: the pattern looks the same turned by 90 degrees.
    Rotate90,
    /// Mirror left to right (about the vertical middle line).
    Mirror,
    /// Mirror top to bottom (about the horizontal middle line).
    Flip,
    /// Reflection in the main diagonal (r1c1 to r9c9).
    Diagonal,
    /// Reflection in the anti-diagonal (r1c9 to r9c1).
    AntiDiagonal,
    /// One of the symmetries above other than `None`, chosen by the seed.
    Random,
}

/// A removal the digger asks about: the puzzle once `cells` (row-major indices) are emptied,
/// and the full grid it is dug from, its one solution before the removal.
#[derive(Debug, Clone, Copy)]
pub struct Removal<'a> {
    /// The puzzle after the removal.
    pub puzzle: &'a Grid,
    /// The full grid, the solution of the puzzle before the removal.
    pub solution: &'a Grid,
    /// The cells just emptied (one symmetric group).
    pub cells: &'a [usize],
    /// When the dig's time is up ([`DigOptions::deadline`]).
    pub deadline: Option<Instant>,
}

impl Removal<'_> {
    /// Whether the puzzle is still unique after the removal, by
    /// [`Solver::unique_after_removal`] (an error, a grid of another layout, counts as no).
    /// The search stops at the deadline: on a large grid one can take longer than the whole
    /// dig usually does, and a removal whose search was cut short is refused.
    pub fn stays_unique(&self, solver: &mut Solver) -> bool {
        solver.set_deadline(self.deadline);
        let unique = solver.unique_after_removal(self.puzzle, self.solution, self.cells);
        solver.set_deadline(None);
        matches!(unique, Ok(true))
    }
}

/// How many removals [`Digger`] makes between two readings of the clock.
const CLOCK_EVERY: usize = 8;

/// The symmetries [`Symmetry::Random`] chooses from.
const CONCRETE: [Symmetry; 6] = [
    Symmetry::Rotate180,
    Symmetry::Rotate90,
    Symmetry::Mirror,
    Symmetry::Flip,
    Symmetry::Diagonal,
    Symmetry::AntiDiagonal,
];

impl Symmetry {
    /// The name `--symmetry` takes.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "antidiagonal",
            Symmetry::Random => "random",
        }
    }

    /// Every name, for help texts.
    pub const NAMES: &'static str =
        "none, rotate180, rotate90, mirror, flip, diagonal, antidiagonal, random";

    /// The cell a cell maps to in an `n` x `n` grid, for the symmetry's generating move.
    fn image(self, cell: Cell, n: usize) -> Cell {
        let (r, c, last) = (cell.row(), cell.col(), n - 1);
        match self {
            Symmetry::None | Symmetry::Random => cell,
            Symmetry::Rotate180 => Cell::new(last - r, last - c),
            Symmetry::Rotate90 => Cell::new(c, last - r),
            Symmetry::Mirror => Cell::new(r, last - c),
            Symmetry::Flip => Cell::new(last - r, c),
            Symmetry::Diagonal => Cell::new(c, r),
            Symmetry::AntiDiagonal => Cell::new(last - c, last - r),
        }
    }

    /// The groups of cells the symmetry ties together (each cell in exactly one), as indices.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for start in 0..n * n {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start] = true;
            let mut cell = Cell::from_index(start, n);
            loop {
                cell = self.image(cell, n);
                let k = cell.index(n);
                if seen[k] {
                    break;
                }
                seen[k] = true;
                orbit.push(k);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the grid's givens have this symmetry (`Random` holds if any concrete one does).
    pub fn holds(self, grid: &Grid) -> bool {
        if self == Symmetry::Random {
            return CONCRETE.iter().any(|s| s.holds(grid));
        }
        let n = grid.size();
        let values = grid.values();
        (0..n * n).all(|k| {
            let image = self.image(Cell::from_index(k, n), n).index(n);
            (values[k] == 0) == (values[image] == 0)
        })
    }

    /// `Random` resolved by the random source; any other symmetry is itself.
    fn resolve(self, rng: &mut Rng) -> Symmetry {
        match self {
            Symmetry::Random => CONCRETE[rng.below(CONCRETE.len() as u64) as usize],
            s => s,
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry name that is not one of [`Symmetry::NAMES`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown symmetry `{0}` (use {names})", names = Symmetry::NAMES)]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "none" => Symmetry::None,
            "rotate180" | "180" | "rotational" => Symmetry::Rotate180,
            "rotate90" | "90" => Symmetry::Rotate90,
            "mirror" | "vertical" => Symmetry::Mirror,
            "flip" | "horizontal" => Symmetry::Flip,
            "diagonal" => Symmetry::Diagonal,
            "antidiagonal" | "anti-diagonal" => Symmetry::AntiDiagonal,
            "random" => Symmetry::Random,
            _ => return Err(UnknownSymmetry(s.to_string())),
        })
    }
}

/// What kind of puzzle to dig.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigOptions {
    /// The symmetry of the givens.
    pub symmetry: Symmetry,
    /// At least this many givens.
    pub min_givens: usize,
    /// At most this many givens; digging stops at a random count in the range unless
    /// `minimal` asks it to go on. Unbounded (`usize::MAX`, the default): digging goes as far
    /// as uniqueness allows.
    pub max_givens: usize,
    /// No given can be removed without losing uniqueness.
    pub minimal: bool,
    /// Full grids to try before giving up.
    pub attempts: usize,
    /// Give up at this instant ([`DigError::TimeUp`]), whatever attempts are left. A full
    /// grid takes milliseconds on 9x9 but can take minutes on 16x16 (each removal near the
    /// bottom is a costly uniqueness check), so a bound on attempts alone does not bound
    /// the time. Checked between removals, so the overrun is one uniqueness check.
    pub deadline: Option<Instant>,
}

impl DigOptions {
    /// Whether the deadline has passed.
    pub fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

impl Default for DigOptions {
    fn default() -> DigOptions {
        DigOptions {
            symmetry: Symmetry::None,
            min_givens: 0,
            max_givens: usize::MAX,
            minimal: false,
            attempts: 200,
            deadline: None,
        }
    }
}

/// A range of givens in words, for messages: `17 givens`, `30 to 34 givens`, `at least 30
/// givens` (no upper bound: `usize::MAX`).
pub fn givens_range(min: usize, max: usize) -> String {
    match (min, max) {
        (min, usize::MAX) => format!("at least {min} givens"),
        (min, max) if min == max => format!("{min} givens"),
        (min, max) => format!("{min} to {max} givens"),
    }
}

/// A request that could not be met within the attempts allowed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DigError {
    /// The range of givens is empty or outside the grid.
    #[error("{} do not fit a grid of {cells} cells", givens_range(*min, *max))]
    Range {
        /// The least givens asked for.
        min: usize,
        /// The most.
        max: usize,
        /// Cells in the grid.
        cells: usize,
    },
    /// No puzzle met the request.
    #[error(
        "no puzzle{} with {}{minimal} was found in {attempts} attempts; widen the range of \
         givens or choose another symmetry",
        if *symmetry == Symmetry::None { String::new() } else { format!(" of symmetry {symmetry}") },
        givens_range(*min, *max)
    )]
    NotFound {
        /// The symmetry asked for.
        symmetry: Symmetry,
        /// The least givens.
        min: usize,
        /// The most givens.
        max: usize,
        /// `", minimal"` when minimality was asked for, else empty.
        minimal: &'static str,
        /// Attempts made.
        attempts: usize,
    },
    /// The deadline passed first.
    #[error(
        "no puzzle met the request before the time limit (full grids tried: {grids}); widen \
         the range of givens, choose another symmetry or allow more time"
    )]
    TimeUp {
        /// Full grids tried (the last one perhaps in part).
        grids: usize,
    },
}

/// A puzzle with its solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dug {
    /// The givens: exactly one solution.
    pub puzzle: Grid,
    /// That solution.
    pub solution: Grid,
    /// The symmetry the givens have (`Random` resolved).
    pub symmetry: Symmetry,
}

/// Who decides that a removal keeps the solution unique.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Order {
    /// `accept`, then the digger's solver.
    AcceptFirst,
    /// `accept` alone: it vouches for uniqueness.
    Vouched,
}

/// Digs puzzles for one layout, keeping its solver (and the solver's buffers) between them.
#[derive(Debug, Clone)]
pub struct Digger {
    solver: Solver,
}

impl Digger {
    /// A digger for puzzles of this layout (the fast solver checks uniqueness on plain 9x9).
    pub fn new(layout: Layout) -> Digger {
        // The light search: a dig's uniqueness checks are of easy puzzles, where the fast
        // engine's triads save no guess and cost about a seventh of the time.
        let solver = match Solver::new(layout.clone(), Engine::Auto) {
            Ok(s) => s.light(),
            Err(e) => unreachable!("Auto takes every layout: {e}"),
        };
        Digger { solver }
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        self.solver.layout()
    }

    /// A random full grid of the layout: the first solution of the empty grid in an order
    /// shuffled by `seed`.
    pub fn full_grid(&mut self, seed: u64) -> Grid {
        match self.full_grid_by(seed, None) {
            Some(grid) => grid,
            None => unreachable!("a search with no deadline was cut short"),
        }
    }

    /// [`Digger::full_grid`], given up when `deadline` passes first (`None`): on a large grid
    /// an unlucky order can search for seconds (35x35, `--seed 8`: 15 s under a 1 s limit,
    /// before the dig had its first grid), and the stop flag ends it too.
    pub fn full_grid_by(&mut self, seed: u64, deadline: Option<Instant>) -> Option<Grid> {
        if crate::engine::fast_applies(self.layout()) {
            return Some(classic_full_grid(seed));
        }
        let empty = Grid::empty(self.layout().shape());
        let dlx = self.solver.dlx();
        dlx.set_deadline(deadline);
        let found = dlx.first_random(&empty, seed);
        dlx.set_deadline(None);
        match found {
            Ok(Some(g)) => Some(g),
            Ok(None) if dlx.halted().is_some() => None,
            // Every layout the model builds (rows, columns, boxes or regions of N cells, the
            // diagonals, windows) has a full grid; this is a bug if it happens.
            other => unreachable!("the {} layout has no full grid: {other:?}", self.layout()),
        }
    }

    /// A puzzle meeting the options, from fresh full grids until one works (at most
    /// `options.attempts`), everything decided by `seed`.
    pub fn generate(&mut self, options: &DigOptions, seed: u64) -> Result<Dug, DigError> {
        self.generate_with(options, seed, |_| true)
    }

    /// Like [`Digger::generate`], keeping only givens whose removal leaves a puzzle that
    /// `accept` takes (a test of difficulty, say: digging stops before a puzzle gets harder
    /// than wanted). `accept` is asked before uniqueness is checked, so it may see puzzles with
    /// several solutions; it must say no to those or not mind them.
    pub fn generate_with(
        &mut self,
        options: &DigOptions,
        seed: u64,
        mut accept: impl FnMut(&Grid) -> bool,
    ) -> Result<Dug, DigError> {
        let accept = |r: &Removal| accept(r.puzzle);
        self.generate_ordered(options, seed, Order::AcceptFirst, accept)
    }

    /// Like [`Digger::generate_with`], but `vouch` alone decides, and it must say yes only to
    /// puzzles it knows to have one solution: the digger runs no solver of its own. For a
    /// caller with a cheaper proof of uniqueness than a solver (a puzzle that logic alone
    /// solves has one solution), which matters on large grids, where counting solutions with
    /// dancing links costs far more than the logic. `vouch` may keep state: it is asked about
    /// each removal in turn and the removals it says yes to are kept; [`Removal`] also
    /// names the cells just emptied and the solution, for [`Solver::unique_after_removal`].
    pub fn generate_vouched(
        &mut self,
        options: &DigOptions,
        seed: u64,
        vouch: impl FnMut(&Removal) -> bool,
    ) -> Result<Dug, DigError> {
        self.generate_ordered(options, seed, Order::Vouched, vouch)
    }

    fn generate_ordered(
        &mut self,
        options: &DigOptions,
        seed: u64,
        order: Order,
        mut accept: impl FnMut(&Removal) -> bool,
    ) -> Result<Dug, DigError> {
        let cells = self.layout().shape().cell_count();
        let max = options.max_givens.min(cells);
        if options.min_givens > max {
            return Err(DigError::Range {
                min: options.min_givens,
                max: options.max_givens,
                cells,
            });
        }
        let mut rng = Rng::new(seed);
        for tried in 0..options.attempts.max(1) {
            if options.out_of_time() {
                return Err(DigError::TimeUp { grids: tried });
            }
            let grid_seed = rng.next_u64();
            let Some(full) = self.full_grid_by(grid_seed, options.deadline) else {
                return Err(DigError::TimeUp { grids: tried });
            };
            if let Some(dug) = self.dig_ordered(&full, options, &mut rng, order, &mut accept) {
                return Ok(dug);
            }
        }
        if options.out_of_time() {
            return Err(DigError::TimeUp {
                grids: options.attempts.max(1),
            });
        }
        Err(DigError::NotFound {
            symmetry: options.symmetry,
            min: options.min_givens,
            max,
            minimal: if options.minimal { ", minimal" } else { "" },
            attempts: options.attempts.max(1),
        })
    }

    /// Digs one full grid: removes symmetric groups of givens in random order while the
    /// puzzle stays unique and `accept` takes it, down to a random target in the range of
    /// givens (or as far as it goes, for `minimal`). `None` when the result misses the range
    /// or, for `minimal`, a single given could still go.
    pub fn dig_from(
        &mut self,
        full: &Grid,
        options: &DigOptions,
        rng: &mut Rng,
        accept: &mut impl FnMut(&Grid) -> bool,
    ) -> Option<Dug> {
        let mut accept = |r: &Removal| accept(r.puzzle);
        self.dig_ordered(full, options, rng, Order::AcceptFirst, &mut accept)
    }

    fn dig_ordered(
        &mut self,
        full: &Grid,
        options: &DigOptions,
        rng: &mut Rng,
        order: Order,
        accept: &mut impl FnMut(&Removal) -> bool,
    ) -> Option<Dug> {
        let n = full.size();
        let cells = n * n;
        let max = options.max_givens.min(cells);
        let symmetry = options.symmetry.resolve(rng);
        let mut orbits = symmetry.orbits(n);
        rng.shuffle(&mut orbits);
        // With no upper bound, dig as far as uniqueness allows; with one, stop at a random
        // count in the range, so that a range of givens is covered evenly.
        let target = if options.max_givens >= cells {
            options.min_givens
        } else {
            let span = (max - options.min_givens.min(max)) as u64;
            max - rng.below(span + 1) as usize
        };
        let mut puzzle = full.clone();
        let mut givens = cells;
        for (k, orbit) in orbits.iter().enumerate() {
            if !options.minimal && givens <= target {
                break;
            }
            // The clock every few removals: each reading costs about a hundredth of a 9x9
            // removal's work, and a removal's own searches stop at the deadline anyway.
            if k % CLOCK_EVERY == 0 && options.out_of_time() {
                return None;
            }
            if givens - orbit.len() < options.min_givens {
                continue;
            }
            self.clear(&mut puzzle, orbit);
            // `accept` first when it is a cheap test that rejects (singles for an easy
            // puzzle): then the solver is not run at all.
            let removal = Removal {
                puzzle: &puzzle,
                solution: full,
                cells: orbit,
                deadline: options.deadline,
            };
            let keep = match order {
                Order::AcceptFirst => accept(&removal) && removal.stays_unique(&mut self.solver),
                Order::Vouched => accept(&removal),
            };
            if keep {
                givens -= orbit.len();
            } else {
                restore(&mut puzzle, full, orbit);
            }
        }
        let in_range = (options.min_givens..=max).contains(&givens);
        if !in_range || (options.minimal && !self.is_minimal(&puzzle, options.deadline)) {
            return None;
        }
        Some(Dug {
            puzzle,
            solution: full.clone(),
            symmetry,
        })
    }

    /// Whether no single given can be removed with the solution staying unique, with the
    /// searches stopped at `deadline` (see [`Digger::is_unique`]).
    pub fn is_minimal(&mut self, puzzle: &Grid, deadline: Option<Instant>) -> bool {
        self.solver.set_deadline(deadline);
        let mut probe = puzzle.clone();
        let n = puzzle.size();
        let minimal = (0..n * n).all(|k| {
            let keep = probe.values()[k];
            if keep == 0 {
                return true;
            }
            let cell = Cell::from_index(k, n);
            probe.set(cell, None);
            let unique = self.is_unique(&probe);
            probe.set(cell, crate::shape::Digit::new(keep as usize));
            !unique
        });
        self.solver.set_deadline(None);
        minimal
    }

    /// Whether `puzzle` has one solution; yes also when the deadline cut the count short, so
    /// that [`Digger::is_minimal`] says no rather than vouch for what it did not check.
    fn is_unique(&mut self, puzzle: &Grid) -> bool {
        matches!(self.solver.count(puzzle, 2), Ok(1)) || self.solver.halted().is_some()
    }

    fn clear(&self, puzzle: &mut Grid, orbit: &[usize]) {
        let n = puzzle.size();
        for &k in orbit {
            puzzle.set(Cell::from_index(k, n), None);
        }
    }
}

/// A random full 9x9 grid, quickly: the three boxes on the main diagonal share no house, so
/// each gets its own random permutation of 1-9 (9!^3 choices), and the fast solver completes
/// the grid; digits are then relabelled at random so the solver's fixed search order does not
/// show in which digits go where. About ten times cheaper than a shuffled DLX search.
fn classic_full_grid(seed: u64) -> Grid {
    let mut rng = Rng::new(seed);
    let mut cells = [0u8; 81];
    for b in [0, 4, 8] {
        let mut digits: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut digits);
        let (top, left) = (b / 3 * 3, b % 3 * 3);
        for (k, &d) in digits.iter().enumerate() {
            cells[(top + k / 3) * 9 + left + k % 3] = d;
        }
    }
    let mut relabel: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut relabel);
    // The light search: on a grid this open the triads cost more than they save (13 guesses
    // against 15, at 0.6 times the speed).
    let solved = match crate::fast::FastSolver::light().first(&cells) {
        Ok(Some(solved)) => solved,
        other => unreachable!("three diagonal boxes always complete: {other:?}"),
    };
    let values = solved.iter().map(|&v| relabel[v as usize - 1]).collect();
    match Grid::from_values(Shape::CLASSIC, values) {
        Ok(grid) => grid,
        Err(e) => unreachable!("a solved grid has valid digits: {e}"),
    }
}

/// Puts the solution's digits back into the cells of an orbit.
fn restore(puzzle: &mut Grid, full: &Grid, orbit: &[usize]) {
    let n = puzzle.size();
    for &k in orbit {
        let cell = Cell::from_index(k, n);
        puzzle.set(cell, full.get(cell));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn ranges_of_givens_read_as_words() {
        assert_eq!(givens_range(17, 17), "17 givens");
        assert_eq!(givens_range(70, 88), "70 to 88 givens");
        assert_eq!(givens_range(30, usize::MAX), "at least 30 givens");
    }

    #[test]
    fn orbits_partition_the_cells() {
        for n in [4, 6, 9] {
            for s in CONCRETE {
                let orbits = s.orbits(n);
                let mut all: Vec<usize> = orbits.concat();
                all.sort_unstable();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{s} {n}");
                let max = orbits.iter().map(Vec::len).max().unwrap_or(0);
                let expected = if s == Symmetry::Rotate90 { 4 } else { 2 };
                assert_eq!(max, expected, "{s} {n}");
            }
        }
        // The centre of an odd grid is alone under a half turn.
        assert!(Symmetry::Rotate180.orbits(9).iter().any(|o| o == &[40]));
    }

    #[test]
    fn every_symmetry_and_size_gives_unique_symmetric_puzzles() {
        for (r, c) in [(2, 2), (2, 3), (3, 3)] {
            let shape = Shape::new(r, c).unwrap();
            let mut digger = Digger::new(Layout::new(shape));
            let mut check = Solver::new(Layout::new(shape), Engine::Dlx).unwrap();
            for s in CONCRETE
                .into_iter()
                .chain([Symmetry::None, Symmetry::Random])
            {
                for seed in 0..3 {
                    let options = DigOptions {
                        symmetry: s,
                        ..DigOptions::default()
                    };
                    let dug = digger.generate(&options, seed).unwrap();
                    assert!(s.holds(&dug.puzzle), "{s} {}", dug.puzzle);
                    assert!(dug.symmetry.holds(&dug.puzzle), "{s} {}", dug.puzzle);
                    assert_eq!(check.count(&dug.puzzle, 2).unwrap(), 1, "{}", dug.puzzle);
                    assert!(dug.puzzle.is_contained_in(&dug.solution));
                }
            }
        }
    }

    #[test]
    fn minimal_puzzles_lose_uniqueness_without_any_given() {
        let mut digger = Digger::new(Layout::classic());
        let mut check = Solver::new(Layout::classic(), Engine::Dlx).unwrap();
        for seed in 0..4 {
            let options = DigOptions {
                minimal: true,
                symmetry: if seed % 2 == 0 {
                    Symmetry::None
                } else {
                    Symmetry::Rotate180
                },
                ..DigOptions::default()
            };
            let dug = digger.generate(&options, seed).unwrap();
            let p = &dug.puzzle;
            assert_eq!(check.count(p, 2).unwrap(), 1);
            for (cell, _) in p.givens() {
                let mut fewer = p.clone();
                fewer.set(cell, None);
                assert_eq!(check.count(&fewer, 2).unwrap(), 2, "{p} without {cell}");
            }
        }
    }

    #[test]
    fn givens_stay_in_range_and_seeds_repeat() {
        let mut digger = Digger::new(Layout::classic());
        let options = DigOptions {
            min_givens: 34,
            max_givens: 36,
            symmetry: Symmetry::Mirror,
            ..DigOptions::default()
        };
        for seed in 0..5 {
            let dug = digger.generate(&options, seed).unwrap();
            assert!(
                (34..=36).contains(&dug.puzzle.given_count()),
                "{}",
                dug.puzzle
            );
            assert_eq!(
                Digger::new(Layout::classic()).generate(&options, seed),
                Ok(dug)
            );
        }
    }

    #[test]
    fn impossible_requests_end_with_an_error() {
        let mut digger = Digger::new(Layout::classic());
        let options = DigOptions {
            min_givens: 17,
            max_givens: 17,
            symmetry: Symmetry::Rotate90,
            attempts: 5,
            ..DigOptions::default()
        };
        let e = digger.generate(&options, 1).unwrap_err();
        assert!(matches!(e, DigError::NotFound { attempts: 5, .. }), "{e}");
        assert!(e.to_string().contains("rotate90"), "{e}");
        let range = DigOptions {
            min_givens: 90,
            ..DigOptions::default()
        };
        assert!(matches!(
            digger.generate(&range, 1),
            Err(DigError::Range { .. })
        ));
    }

    #[test]
    fn a_deadline_ends_the_request_and_a_later_one_changes_nothing() {
        let mut digger = Digger::new(Layout::classic());
        let past = DigOptions {
            deadline: Some(Instant::now()),
            ..DigOptions::default()
        };
        let e = digger.generate(&past, 1).unwrap_err();
        assert_eq!(e, DigError::TimeUp { grids: 0 });
        assert!(e.to_string().contains("time limit"), "{e}");
        // A deadline that is not reached leaves the puzzle as the seed makes it.
        let later = DigOptions {
            deadline: Some(Instant::now() + std::time::Duration::from_secs(3600)),
            ..DigOptions::default()
        };
        assert_eq!(
            digger.generate(&later, 1),
            digger.generate(&DigOptions::default(), 1)
        );
    }
}
