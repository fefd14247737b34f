//! Solving with dancing links: [`DlxSolver`] encodes a puzzle ([`crate::encode`]) and runs the
//! `exact_cover` engine on it: the first solution, a count up to a limit, every solution as an
//! iterator, or a [`Verdict`].
//!
//! The solver builds the exact-cover problem of its layout's empty grid once, and for each
//! puzzle only marks the items still open and the options still allowed
//! ([`exact_cover::Solver::restrict`]): most puzzles are solved in less time than building a
//! [`exact_cover::Problem`] for them would take, and the engine then links only the part that
//! is left, in the same order as [`crate::Encoder::encode`] numbers it, so the search is the
//! same as on that encoding. `benches/dlx_sudoku.rs` measures the whole path against a
//! textbook dancing-links solver and the `dlx` crate.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use exact_cover::{Search, Stats};
use thiserror::Error;

use crate::encode::{Encoder, Encoding, fill_values};
use crate::grid::Grid;
use crate::layout::{Conflict, Layout, ShapeMismatch};
use crate::shape::Candidate;

/// Why a puzzle cannot be searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum SolveError {
    /// Two givens repeat a digit in a house.
    #[error(transparent)]
    Conflict(#[from] Conflict),
    /// The grid's shape is not the layout's.
    #[error(transparent)]
    Shape(#[from] ShapeMismatch),
}

/// What a puzzle is: the answer to "solve it, and is the answer unique?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more solutions; here are the first two found.
    Multiple(Grid, Grid),
    /// No solution.
    NoSolution,
    /// The givens repeat a digit in a house.
    Invalid(Conflict),
}

impl Verdict {
    /// The solution, if it is unique.
    pub fn unique(&self) -> Option<&Grid> {
        match self {
            Verdict::Unique(g) => Some(g),
            _ => None,
        }
    }

    /// A solution, if there is any (the first found when there are several).
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Verdict::Unique(g) | Verdict::Multiple(g, _) => Some(g),
            _ => None,
        }
    }

    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        matches!(self, Verdict::Unique(_))
    }

    /// A one-word name: `unique`, `multiple`, `none` or `invalid`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Unique(_) => "unique",
            Verdict::Multiple(..) => "multiple",
            Verdict::NoSolution => "none",
            Verdict::Invalid(_) => "invalid",
        }
    }
}

impl fmt::Display for Verdict {
    /// `unique`, `multiple`, `none`, or `invalid: b1 has 1 twice: r1c1 and r2c2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Invalid(c) => write!(f, "invalid: {c}"),
            v => f.write_str(v.name()),
        }
    }
}

/// The nodes a random search ([`DlxSolver::first_random`]) may take per cell of the grid
/// before it starts again in another order: 1,296 on 9x9, more than 999 seeds in 1,000 need
/// (on the 9x9 layout without the fast solver's shortcut), 4,096 on 16x16 (nine in ten).
pub const RESTART_NODES_PER_CELL: u64 = 16;

/// A dancing-links sudoku solver for one [`Layout`]. It keeps the exact-cover problem of the
/// layout's empty grid and its scratch buffers between puzzles, so one solver per thread serves
/// a whole batch.
///
/// ```
/// use sudoku_core::{DlxSolver, Grid, Layout, Verdict};
///
/// let puzzle: Grid =
///     ".93...7...14....957..8....4.8...51..1.64.....4.7.81...64..5..1.....6...9.....7.6."
///         .parse()
///         .unwrap();
/// let mut solver = DlxSolver::new(Layout::classic());
/// let verdict = solver.verdict(&puzzle).unwrap();
/// let solution = verdict.unique().unwrap();
/// assert!(solver.layout().check_solution(&puzzle, solution).is_ok());
///
/// let small: Grid = ".4..............".parse().unwrap();
/// let mut solver = DlxSolver::new(Layout::new(small.shape()));
/// assert_eq!(solver.count(&small, u64::MAX).unwrap(), 72);
/// assert_eq!(solver.solutions(&small).unwrap().count(), 72);
/// assert!(matches!(solver.verdict(&small).unwrap(), Verdict::Multiple(..)));
/// ```
#[derive(Debug, Clone)]
pub struct DlxSolver {
    layout: Layout,
    encoder: Encoder,
    /// The encoding of the layout's empty grid, made on first use.
    whole: Option<Encoding>,
    /// Per item of `whole`: still open for the current puzzle; and its options still allowed.
    items: Vec<bool>,
    options: Vec<usize>,
    /// Scratch for the options in the order of a guided search.
    guided: Vec<usize>,
    base: Vec<u8>,
    propagate: bool,
    stats: Stats,
    /// What may stop a search from outside ([`DlxSolver::set_deadline`],
    /// [`DlxSolver::set_stop_flag`]), and whether it stopped the last one.
    halt: exact_cover::Halt,
    halted: Option<Halted>,
}

/// Why a search was cut short from outside: its answer is not to be trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halted {
    /// The deadline set with [`DlxSolver::set_deadline`] passed.
    Deadline,
    /// The flag set with [`DlxSolver::set_stop_flag`] was raised (an interrupt).
    Flag,
}

impl Halted {
    /// The outside reasons among the ways a search ends early (a solution limit or a node
    /// budget is the caller's own bound, not a cut).
    fn of(reason: Option<exact_cover::StopReason>) -> Option<Halted> {
        match reason? {
            exact_cover::StopReason::Deadline => Some(Halted::Deadline),
            exact_cover::StopReason::Flag => Some(Halted::Flag),
            _ => None,
        }
    }
}

impl DlxSolver {
    /// A solver for puzzles of this layout.
    pub fn new(layout: Layout) -> DlxSolver {
        DlxSolver {
            layout,
            encoder: Encoder::new(),
            whole: None,
            items: Vec::new(),
            options: Vec::new(),
            guided: Vec::new(),
            base: Vec::new(),
            propagate: true,
            stats: Stats::default(),
            halt: exact_cover::Halt::default(),
            halted: None,
        }
    }

    /// Whether to place forced digits (naked and hidden singles) and remove locked candidates
    /// before the search (on by default). It changes no answer or count, only the size of the
    /// matrix and of the search; turn it off to search the plain encoding of the givens, as
    /// SUDOKU-DLX does.
    pub fn propagate(mut self, on: bool) -> DlxSolver {
        self.propagate = on;
        self
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The search statistics (nodes, updates, solutions) of the last search. A puzzle that
    /// propagation alone solves or refutes searches a matrix with no items, or none at all.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Searches from now on stop soon after `deadline` (`None`: no deadline). A search cut
    /// short answers as if it had found nothing more; [`DlxSolver::halted`] says so.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.halt.set_deadline(deadline);
    }

    /// Searches from now on stop soon after `flag` is raised (`None`: no flag), as for an
    /// interrupt from the user.
    pub fn set_stop_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.halt.set_flag(flag);
    }

    /// Forgets that the last search was cut short, before an answer found another way.
    pub(crate) fn clear_halted(&mut self) {
        self.halted = None;
    }

    /// Whether a search should give up now: the stop flag raised or the deadline passed
    /// (for the searches of another engine, which ask this between steps).
    pub(crate) fn should_halt(&self) -> Option<Halted> {
        Halted::of(self.halt.check())
    }

    /// Records that another engine's search was cut short, as [`DlxSolver::halted`] says.
    pub(crate) fn set_halted(&mut self, halted: Option<Halted>) {
        self.halted = halted;
    }

    /// Whether the deadline or the flag cut the last search short (then its answer, a count,
    /// a verdict or "no solution", is not to be trusted).
    pub fn halted(&self) -> Option<Halted> {
        self.halted
    }

    /// Marks what the puzzle leaves open in the whole matrix, which is made on first use;
    /// `false` when propagation proved there is no solution.
    fn open(&mut self, givens: &Grid) -> Result<bool, SolveError> {
        self.halted = None;
        let open = self.encoder.open_into(
            &self.layout,
            givens,
            self.propagate,
            &mut self.base,
            &mut self.items,
            &mut self.options,
        )?;
        if !open {
            self.stats = Stats::default();
            return Ok(false);
        }
        if self.whole.is_none() {
            match Encoder::new().encode(&self.layout, &Grid::empty(self.layout.shape())) {
                Ok(e) => self.whole = Some(e),
                Err(e) => unreachable!("the empty grid of the layout's shape encodes: {e}"),
            }
        }
        Ok(true)
    }

    /// The solver of what [`DlxSolver::open`] left open.
    fn restricted(&self) -> exact_cover::Solver<'_> {
        let solver = match &self.whole {
            Some(whole) => whole.problem.solver().restrict(&self.items, &self.options),
            None => unreachable!("`open` makes the whole matrix"),
        };
        solver.halt(self.halt.clone())
    }

    /// Encodes and starts a search; `None` when propagation proved there is no solution.
    fn search(
        &mut self,
        givens: &Grid,
        limit: u64,
        seed: Option<u64>,
    ) -> Result<Option<Search>, SolveError> {
        if !self.open(givens)? {
            return Ok(None);
        }
        let mut solver = self.restricted().limit(limit);
        if let Some(seed) = seed {
            solver = solver.seed(seed);
        }
        Ok(Some(solver.solutions()))
    }

    /// The candidate of each option of the whole matrix.
    fn candidates(&self) -> &[Candidate] {
        self.whole.as_ref().map_or(&[], Encoding::candidates)
    }

    fn grid(&self, givens: &Grid, solution: &[usize]) -> Grid {
        fill_values(givens, &self.base, self.candidates(), solution)
    }

    /// The first solution, or `None` if there is none.
    pub fn first(&mut self, givens: &Grid) -> Result<Option<Grid>, SolveError> {
        let Some(mut search) = self.search(givens, 1, None)? else {
            return Ok(None);
        };
        // The options in the order the search chose them: filling a grid needs no sorting.
        let found = loop {
            match search.step(u64::MAX) {
                exact_cover::Step::Solution => break Some(search.solution_in_search_order()),
                exact_cover::Step::Done => break None,
                exact_cover::Step::Paused => {}
            }
        };
        self.stats = search.stats();
        self.halted = Halted::of(search.stopped());
        Ok(found.map(|s| self.grid(givens, &s)))
    }

    /// The first solution of searches in random orders, each allowed twice the nodes of the
    /// one before, the first [`RESTART_NODES_PER_CELL`] a cell: a search in a random order
    /// has a heavy tail (filling the empty 16x16 grid takes 540 nodes for the median seed
    /// and 4,190,769 for one seed in 3,000; on 25x25, 22,773 and 3.9 million for one in
    /// 200), and starting afresh in another order cuts it off. Seeds whose first search
    /// ends within its allowance (most of them) give what a single search gives.
    fn first_restarting(&mut self, givens: &Grid, seed: u64) -> Result<Option<Grid>, SolveError> {
        let mut allowance = RESTART_NODES_PER_CELL * self.layout.shape().cell_count() as u64;
        let mut seed = seed;
        let mut nodes = 0;
        loop {
            let Some(mut search) = self.search(givens, 1, Some(seed))? else {
                return Ok(None);
            };
            let step = search.step(allowance);
            let mut stats = search.stats();
            nodes += stats.nodes;
            stats.nodes = nodes;
            self.stats = stats;
            self.halted = Halted::of(search.stopped());
            match step {
                exact_cover::Step::Solution => {
                    let found = search.solution_in_search_order();
                    return Ok(Some(self.grid(givens, &found)));
                }
                exact_cover::Step::Done => return Ok(None),
                exact_cover::Step::Paused => {
                    seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1);
                    allowance = allowance.saturating_mul(2);
                }
            }
        }
    }

    /// The first solution of a search that tries candidates in an order shuffled by `seed`,
    /// started again in a new order when it runs long (see [`RESTART_NODES_PER_CELL`]): a
    /// random solution (from an empty grid, a random full grid). The same seed gives the
    /// same solution; the stats count the nodes of every start.
    pub fn first_random(&mut self, givens: &Grid, seed: u64) -> Result<Option<Grid>, SolveError> {
        self.first_restarting(givens, seed)
    }

    /// Counts the solutions, stopping at `limit` (`2` answers "is it unique?").
    pub fn count(&mut self, givens: &Grid, limit: u64) -> Result<u64, SolveError> {
        let Some(mut search) = self.search(givens, limit, None)? else {
            return Ok(0);
        };
        while search.step(u64::MAX) != exact_cover::Step::Done {}
        self.stats = search.stats();
        self.halted = Halted::of(search.stopped());
        Ok(self.stats.solutions)
    }

    /// Whether the puzzle has a solution in which `cell` (row-major index) does not hold
    /// `digit`: the digger's uniqueness test, as [`crate::fast::FastSolver::has_solution_without`]
    /// is on 9x9. A puzzle dug from a unique one with solution `s` stays unique exactly when
    /// no solution puts another digit in an emptied cell, and a search for one solution that
    /// must avoid `s`'s digit there usually ends sooner than counting to two, which first
    /// finds `s` and then exhausts the rest of the tree. A `digit` outside `1..=N` or a cell
    /// outside the grid excludes nothing.
    pub fn has_solution_without(
        &mut self,
        givens: &Grid,
        cell: usize,
        digit: usize,
    ) -> Result<bool, SolveError> {
        self.solution_without(givens, cell, digit, None)
    }

    /// [`DlxSolver::has_solution_without`] for the digit that `solution` (a solution of
    /// `givens`) has in `cell`, searching near `solution` first: each item's options are
    /// tried with `solution`'s own first. A second solution of a dug puzzle usually differs
    /// from the first in a few cells only, and a search that keeps to the first elsewhere
    /// meets it soon; one in an arbitrary order wanders through the rest of the grid first.
    /// The answer is the same, only found sooner when it is yes.
    pub fn has_solution_differing_at(
        &mut self,
        givens: &Grid,
        solution: &Grid,
        cell: usize,
    ) -> Result<bool, SolveError> {
        let digit = solution.values().get(cell).map_or(0, |&v| v as usize);
        self.solution_without(givens, cell, digit, Some(solution))
    }

    fn solution_without(
        &mut self,
        givens: &Grid,
        cell: usize,
        digit: usize,
        near: Option<&Grid>,
    ) -> Result<bool, SolveError> {
        if !self.open(givens)? {
            return Ok(false);
        }
        let n = self.layout.size();
        match self.base.get(cell) {
            // Settled by the givens or by propagation: every solution has that value here.
            Some(&v) if v != 0 && v as usize == digit => return Ok(false),
            Some(&0) if (1..=n).contains(&digit) => {
                let option = cell * n + digit - 1;
                if let Ok(k) = self.options.binary_search(&option) {
                    self.options.remove(k);
                }
            }
            _ => {}
        }
        if let Some(near) = near.filter(|g| g.size() == n) {
            // The options of `near` first (option `k` puts digit `k % n + 1` in cell `k / n`),
            // each group in its increasing order.
            let values = near.values();
            let own = |&k: &usize| values[k / n] as usize == k % n + 1;
            self.guided.clear();
            self.guided.extend(self.options.iter().copied().filter(own));
            self.guided
                .extend(self.options.iter().copied().filter(|k| !own(k)));
            std::mem::swap(&mut self.options, &mut self.guided);
        }
        let mut search = self.restricted().limit(1).solutions();
        let found = search.next().is_some();
        self.stats = search.stats();
        self.halted = Halted::of(search.stopped());
        Ok(found)
    }

    /// Counts every solution on `jobs` threads (no limit).
    pub fn count_parallel(&mut self, givens: &Grid, jobs: usize) -> Result<u64, SolveError> {
        if !self.open(givens)? {
            return Ok(0);
        }
        let count = self.restricted().count_parallel(jobs);
        self.stats = count.stats;
        self.halted = Halted::of(count.stopped);
        Ok(count.solutions)
    }

    /// Every solution, lazily, in the search's order.
    pub fn solutions(&mut self, givens: &Grid) -> Result<Solutions, SolveError> {
        let search = self.search(givens, u64::MAX, None)?;
        Ok(Solutions {
            search,
            candidates: self.candidates().to_vec(),
            base: self.base.clone(),
            givens: givens.clone(),
        })
    }

    /// Solves and checks uniqueness (a search limited to two solutions). Conflicting givens
    /// are a verdict, [`Verdict::Invalid`]; only a grid of the wrong shape is an error.
    pub fn verdict(&mut self, givens: &Grid) -> Result<Verdict, ShapeMismatch> {
        unbounded(self.verdict_within(givens, u64::MAX))
    }

    /// [`DlxSolver::verdict`] within `nodes` nodes of the search tree: `Ok(None)` when the
    /// budget runs out first. For puzzles from strangers (a server's import): on the larger
    /// grids, givens can be chosen so that no search settles them in any reasonable time,
    /// and a bound says so instead of holding a thread.
    pub fn verdict_within(
        &mut self,
        givens: &Grid,
        nodes: u64,
    ) -> Result<Option<Verdict>, ShapeMismatch> {
        let mut search = match self.open(givens) {
            Ok(true) => self.restricted().limit(2).node_budget(nodes).solutions(),
            Ok(false) => return Ok(Some(Verdict::NoSolution)),
            Err(SolveError::Conflict(c)) => return Ok(Some(Verdict::Invalid(c))),
            Err(SolveError::Shape(s)) => return Err(s),
        };
        let first = search.next();
        let second = if first.is_some() { search.next() } else { None };
        self.stats = search.stats();
        self.halted = Halted::of(search.stopped());
        if search.stopped() == Some(exact_cover::StopReason::Budget) || self.halted.is_some() {
            return Ok(None);
        }
        Ok(Some(match (first, second) {
            (None, _) => Verdict::NoSolution,
            (Some(a), None) => Verdict::Unique(self.grid(givens, &a)),
            (Some(a), Some(b)) => Verdict::Multiple(self.grid(givens, &a), self.grid(givens, &b)),
        }))
    }
}

/// The verdict of a search given no node budget (`u64::MAX`), which reaches one unless a
/// deadline or a stop flag cut it short: then `NoSolution`, which [`DlxSolver::halted`]
/// tells from a real one.
pub(crate) fn unbounded(
    verdict: Result<Option<Verdict>, ShapeMismatch>,
) -> Result<Verdict, ShapeMismatch> {
    Ok(verdict?.unwrap_or(Verdict::NoSolution))
}

/// The solutions of a puzzle, as full grids, found lazily (see [`DlxSolver::solutions`]).
#[derive(Debug, Clone)]
pub struct Solutions {
    /// `None` when propagation proved there is no solution.
    search: Option<Search>,
    candidates: Vec<Candidate>,
    base: Vec<u8>,
    givens: Grid,
}

impl Solutions {
    /// The search statistics so far.
    pub fn stats(&self) -> Stats {
        self.search.as_ref().map(Search::stats).unwrap_or_default()
    }

    /// Whether a deadline or a stop flag ended the solutions early.
    pub fn halted(&self) -> Option<Halted> {
        Halted::of(self.search.as_ref()?.stopped())
    }
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        let s = self.search.as_mut()?.next()?;
        Some(fill_values(&self.givens, &self.base, &self.candidates, &s))
    }
}

/// The verdict on a puzzle with the plain layout of its shape (rows, columns, boxes). For a
/// batch, keep a [`DlxSolver`] instead: it reuses its buffers.
///
/// ```
/// let puzzle = "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
/// let verdict = sudoku_core::verdict(&puzzle.parse().unwrap());
/// assert!(verdict.is_unique());
/// ```
pub fn verdict(givens: &Grid) -> Verdict {
    let mut solver = DlxSolver::new(Layout::new(givens.shape()));
    match solver.verdict(givens) {
        Ok(v) => v,
        Err(e) => unreachable!("the layout is made from the grid's shape: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Cell, Digit, House, Shape};

    #[test]
    fn conflicts_are_reported_with_house_and_cells() {
        let mut g = Grid::empty(Shape::CLASSIC);
        g.set(Cell::new(0, 0), Digit::new(5));
        g.set(Cell::new(4, 0), Digit::new(5));
        let v = verdict(&g);
        let Verdict::Invalid(c) = v else {
            panic!("{v:?}")
        };
        assert_eq!(c.house, House::Col(0));
        assert_eq!(c.cells, [Cell::new(0, 0), Cell::new(4, 0)]);
        assert_eq!(c.digit.get(), 5);
        assert_eq!(
            Verdict::Invalid(c).to_string(),
            "invalid: c1 has 5 twice: r1c1 and r5c1"
        );
    }

    #[test]
    fn no_solution() {
        // r1 needs a 4 in r1c4, but c4 already has one in r2c4.
        let g: Grid = "123....4........".parse().unwrap();
        assert_eq!(verdict(&g), Verdict::NoSolution);
    }

    #[test]
    fn a_full_grid_is_its_own_unique_solution() {
        let g = Grid::pattern(Shape::new(2, 3).unwrap());
        assert_eq!(verdict(&g), Verdict::Unique(g.clone()));
    }

    /// The solver restricts the whole matrix of its layout to what a puzzle leaves open; that
    /// must be the very matrix [`Encoder::encode`] builds for the puzzle: same solutions in
    /// the same order, same node and update counts.
    #[test]
    fn the_restricted_whole_matrix_is_the_puzzles_encoding() {
        let diagonal = Layout::with_variant(
            Shape::CLASSIC,
            crate::Variant {
                diagonals: true,
                ..crate::Variant::default()
            },
        )
        .unwrap();
        let mut sparse = Grid::pattern(Shape::new(2, 3).unwrap());
        for i in (0..36).step_by(2) {
            sparse.set(Cell::from_index(i, 6), None);
        }
        let cases = [
            (
                Layout::classic(),
                ".93...7...14....957..8....4.8...51..1.64.....4.7.81...64..5..1.....6...9.....7.6."
                    .parse::<Grid>()
                    .unwrap(),
            ),
            (
                diagonal,
                ".......5.3....4...8.........48.1.....3.4...6..........4....127.1.....6..67.5...4."
                    .parse()
                    .unwrap(),
            ),
            (Layout::new(sparse.shape()), sparse),
            (
                Layout::new(Shape::new(2, 2).unwrap()),
                ".4..............".parse().unwrap(),
            ),
        ];
        for (layout, puzzle) in cases {
            let encoding = Encoder::new().encode(&layout, &puzzle).unwrap();
            let expected = encoding.problem.solver().count();
            let mut solver = DlxSolver::new(layout.clone()).propagate(false);
            assert_eq!(solver.count(&puzzle, u64::MAX).unwrap(), expected.solutions);
            assert_eq!(solver.stats(), expected.stats, "{puzzle}");
            let found: Vec<Grid> = solver.solutions(&puzzle).unwrap().collect();
            let listed: Vec<Grid> = encoding
                .problem
                .solver()
                .solutions()
                .map(|s| encoding.fill(&puzzle, &s))
                .collect();
            assert_eq!(found, listed, "{puzzle}");
            assert!(!found.is_empty());
        }
    }

    #[test]
    fn shape_mismatch_is_an_error() {
        let mut solver = DlxSolver::new(Layout::classic());
        let g = Grid::empty(Shape::new(2, 2).unwrap());
        assert!(solver.verdict(&g).is_err());
        assert!(matches!(solver.count(&g, 2), Err(SolveError::Shape(_))));
    }
}
