//! [`Solver`]: one front door to both search engines, choosing for each layout the faster one
//! that can solve it.
//!
//! The dancing-links path ([`DlxSolver`]) solves every shape and variant; the bit-parallel
//! solver ([`crate::fast`]) solves only the plain 9x9 grid, many times faster. Every caller that
//! solves, counts or checks puzzles — the batch commands, the generator, the rater — goes
//! through [`Solver`] so that the choice is made in one place: [`Engine::Auto`] takes the fast
//! solver whenever it applies, and the DLX path otherwise. [`Engine::Dlx`] and
//! [`Engine::Fast`] force one (for comparing them, or to make sure of an answer).
//!
//! ```
//! use sudoku_core::{Engine, Grid, Layout, Solver, Verdict};
//!
//! let puzzle: Grid =
//!     ".93...7...14....957..8....4.8...51..1.64.....4.7.81...64..5..1.....6...9.....7.6."
//!         .parse()
//!         .unwrap();
//! let mut solver = Solver::new(Layout::classic(), Engine::Auto).unwrap();
//! assert_eq!(solver.engine(), Engine::Fast);
//! let fast = solver.verdict(&puzzle).unwrap();
//! let mut dlx = Solver::new(Layout::classic(), Engine::Dlx).unwrap();
//! assert_eq!(dlx.verdict(&puzzle).unwrap(), fast);
//! assert!(matches!(fast, Verdict::Unique(_)));
//!
//! // The fast engine is for the plain 9x9 grid only.
//! let small = Layout::new("2x2".parse().unwrap());
//! assert!(Solver::new(small.clone(), Engine::Fast).is_err());
//! assert_eq!(Solver::new(small, Engine::Auto).unwrap().engine(), Engine::Dlx);
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::fast::{self, FastSolver};
use crate::grid::Grid;
use crate::layout::{Layout, ShapeMismatch};
use crate::shape::Shape;
use crate::solve::{DlxSolver, Halted, Solutions, SolveError, Verdict};

/// Which search engine to use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// The fast solver where it applies (plain 9x9), dancing links elsewhere.
    #[default]
    Auto,
    /// Dancing links, for every shape and variant.
    Dlx,
    /// The bit-parallel solver, plain 9x9 only.
    Fast,
}

impl Engine {
    /// The engine's name as `--engine` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Dlx => "dlx",
            Engine::Fast => "fast",
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An engine name that is not `auto`, `dlx` or `fast`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown engine `{0}` (use auto, dlx or fast)")]
pub struct UnknownEngine(pub String);

impl FromStr for Engine {
    type Err = UnknownEngine;

    fn from_str(s: &str) -> Result<Engine, UnknownEngine> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(Engine::Auto),
            "dlx" => Ok(Engine::Dlx),
            "fast" => Ok(Engine::Fast),
            _ => Err(UnknownEngine(s.to_string())),
        }
    }
}

/// The fast engine was asked for a layout it cannot solve.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("the fast engine solves only plain 9x9 puzzles, not {layout}; use --engine dlx or auto")]
pub struct EngineError {
    /// The layout, as [`Layout`]'s `Display` writes it.
    pub layout: String,
}

/// Whether the fast solver can solve puzzles of this layout: the plain 9x9 grid.
pub fn fast_applies(layout: &Layout) -> bool {
    layout.shape() == Shape::CLASSIC && layout.variant().is_plain()
}

/// A solver for one layout on the engine chosen for it. It keeps its scratch buffers, so keep
/// one per thread for a batch.
#[derive(Debug, Clone)]
pub struct Solver {
    dlx: DlxSolver,
    fast: Option<FastSolver>,
}

impl Solver {
    /// A solver for this layout. `Engine::Auto` picks the fast solver for plain 9x9 grids and
    /// dancing links otherwise; `Engine::Fast` on any other layout is an error.
    pub fn new(layout: Layout, engine: Engine) -> Result<Solver, EngineError> {
        let fast = match engine {
            Engine::Dlx => None,
            Engine::Auto => fast_applies(&layout).then(FastSolver::new),
            Engine::Fast if fast_applies(&layout) => Some(FastSolver::new()),
            Engine::Fast => {
                return Err(EngineError {
                    layout: layout.to_string(),
                });
            }
        };
        Ok(Solver {
            dlx: DlxSolver::new(layout),
            fast,
        })
    }

    /// The same solver with the fast engine's light search ([`FastSolver::light`]: no
    /// triads pass), for many uniqueness checks of easy puzzles, as a generator makes.
    /// Dancing links are unchanged.
    pub fn light(mut self) -> Solver {
        if let Some(fast) = &mut self.fast {
            *fast = FastSolver::light();
        }
        self
    }

    /// The engine in use: [`Engine::Fast`] or [`Engine::Dlx`], never `Auto`.
    pub fn engine(&self) -> Engine {
        if self.fast.is_some() {
            Engine::Fast
        } else {
            Engine::Dlx
        }
    }

    /// The layout the solver solves.
    pub fn layout(&self) -> &Layout {
        self.dlx.layout()
    }

    /// The DLX solver underneath, for what only it does (statistics, parallel counts).
    pub fn dlx(&mut self) -> &mut DlxSolver {
        &mut self.dlx
    }

    /// Searches from now on stop soon after `deadline` (see [`DlxSolver::set_deadline`]).
    /// The fast 9x9 solver's answers take milliseconds at most, but its counts with a high
    /// limit do not (the empty grid), so [`Solver::count`] asks both every few milliseconds.
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.dlx.set_deadline(deadline);
    }

    /// Searches from now on stop soon after `flag` is raised (see
    /// [`DlxSolver::set_stop_flag`]).
    pub fn set_stop_flag(&mut self, flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.dlx.set_stop_flag(flag);
    }

    /// Whether the deadline or the flag cut the last search short (its answer is then not to
    /// be trusted).
    pub fn halted(&self) -> Option<Halted> {
        self.dlx.halted()
    }

    /// Solves and checks uniqueness. A grid of another shape than the layout's is an error;
    /// everything else is a [`Verdict`], the same whichever engine runs.
    pub fn verdict(&mut self, givens: &Grid) -> Result<Verdict, ShapeMismatch> {
        crate::solve::unbounded(self.verdict_within(givens, u64::MAX))
    }

    /// [`Solver::verdict`] within `nodes` nodes of the dancing-links search tree (see
    /// [`DlxSolver::verdict_within`]): `Ok(None)` when the budget runs out first. The fast
    /// 9x9 solver needs no budget: its hardest inputs take milliseconds.
    pub fn verdict_within(
        &mut self,
        givens: &Grid,
        nodes: u64,
    ) -> Result<Option<Verdict>, ShapeMismatch> {
        self.dlx.clear_halted();
        let Some(fast) = &mut self.fast else {
            return self.dlx.verdict_within(givens, nodes);
        };
        let cells = classic_cells(self.dlx.layout(), givens)?;
        Ok(Some(match fast.verdict(&cells) {
            fast::Verdict::Unique(s) => Verdict::Unique(to_grid(&s)),
            fast::Verdict::NoSolution => Verdict::NoSolution,
            // Rare in a batch and needs the second solution or the house named: ask DLX,
            // which reports both.
            fast::Verdict::Multiple(_) | fast::Verdict::Invalid(_) => {
                return self.dlx.verdict_within(givens, nodes);
            }
        }))
    }

    /// The first solution, or `None` if there is none.
    pub fn first(&mut self, givens: &Grid) -> Result<Option<Grid>, SolveError> {
        self.dlx.clear_halted();
        let Some(fast) = &mut self.fast else {
            return self.dlx.first(givens);
        };
        let cells = classic_cells(self.dlx.layout(), givens)?;
        match fast.first(&cells) {
            Ok(found) => Ok(found.map(|s| to_grid(&s))),
            // Conflicting givens: DLX names the house and cells.
            Err(_) => self.dlx.first(givens),
        }
    }

    /// Counts the solutions, stopping at `limit`.
    pub fn count(&mut self, givens: &Grid, limit: u64) -> Result<u64, SolveError> {
        self.dlx.clear_halted();
        let Some(fast) = &mut self.fast else {
            return self.dlx.count(givens, limit);
        };
        let cells = classic_cells(self.dlx.layout(), givens)?;
        let dlx = &self.dlx;
        let mut halted = None;
        let mut stop = || {
            halted = dlx.should_halt();
            halted.is_some()
        };
        match fast.count_or_stop(&cells, limit, &mut stop) {
            Ok(counted) => {
                if counted.stopped {
                    self.dlx.set_halted(halted);
                }
                Ok(counted.solutions)
            }
            Err(_) => self.dlx.count(givens, limit),
        }
    }

    /// Whether `puzzle` has exactly one solution, given that it did before `removed` (cells
    /// by row-major index) were emptied and that `solution` was it. A cell whose remaining
    /// peers force its digit settles without a search; otherwise this asks, for each
    /// emptied cell, for a solution putting another digit there (see
    /// [`FastSolver::has_solution_without`] and [`DlxSolver::has_solution_differing_at`]),
    /// which costs less than counting to two.
    ///
    /// A search that the deadline or the stop flag cuts short answers no (the digger then
    /// keeps the givens), and [`Solver::halted`] says why.
    pub fn unique_after_removal(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
        removed: &[usize],
    ) -> Result<bool, SolveError> {
        self.dlx.clear_halted();
        if removed
            .iter()
            .all(|&cell| self.forced(puzzle, solution, cell))
        {
            return Ok(true);
        }
        let Some(fast) = &mut self.fast else {
            for &cell in removed {
                let differs = self.dlx.has_solution_differing_at(puzzle, solution, cell)?;
                if differs || self.dlx.halted().is_some() {
                    return Ok(false);
                }
            }
            return Ok(true);
        };
        let cells = classic_cells(self.dlx.layout(), puzzle)?;
        for &cell in removed {
            let digit = solution.values()[cell % 81];
            match fast.has_solution_without(&cells, cell, digit) {
                Ok(true) => return Ok(false),
                Ok(false) => {}
                Err(_) => {
                    let count = self.dlx.count(puzzle, 2)?;
                    return Ok(count == 1 && self.dlx.halted().is_none());
                }
            }
        }
        Ok(true)
    }

    /// Whether the givens of `puzzle` that see `cell` hold every digit but its digit in
    /// `solution`: then the cell can hold nothing else, and emptying it loses nothing. Early
    /// in digging, with many givens, this settles most removals without a search.
    fn forced(&self, puzzle: &Grid, solution: &Grid, cell: usize) -> bool {
        let layout = self.dlx.layout();
        let values = puzzle.values();
        let Some(&own) = solution.values().get(cell) else {
            return false;
        };
        let seen = layout
            .peers(cell)
            .iter()
            .fold(0u64, |m, &p| m | 1 << values[p as usize]);
        let all = (1u64 << (layout.size() + 1)) - 2;
        (seen | 1 << own) & all == all
    }

    /// Every solution, lazily (always dancing links: it enumerates without copying state).
    pub fn solutions(&mut self, givens: &Grid) -> Result<Solutions, SolveError> {
        self.dlx.solutions(givens)
    }
}

/// The 81 cell values of a 9x9 grid, after checking its shape against the layout's.
fn classic_cells(layout: &Layout, givens: &Grid) -> Result<[u8; 81], ShapeMismatch> {
    layout.check_shape(givens)?;
    let mut cells = [0u8; 81];
    cells.copy_from_slice(givens.values());
    Ok(cells)
}

/// A 9x9 grid from the fast solver's 81 values (always digits 1..=9).
fn to_grid(values: &[u8; 81]) -> Grid {
    match Grid::from_values(Shape::CLASSIC, values.to_vec()) {
        Ok(g) => g,
        Err(e) => unreachable!("the fast solver returns digits 1..=9: {e}"),
    }
}
