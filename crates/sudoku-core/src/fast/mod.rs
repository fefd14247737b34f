//! A specialised solver for the classic 9x9 sudoku: bit sets per digit and band, constraint
//! propagation, and depth-first guessing. It answers the same questions as the DLX path
//! ([`crate::DlxSolver`]) — the first solution, a count up to a limit, and a verdict (none,
//! unique, several) — many times faster, for 9x9 grids only. It depends on nothing else in
//! this crate: a puzzle is 81 bytes, row-major, `0` for an empty cell and `1..=9` for givens.
//!
//! ```
//! use sudoku_core::fast::{FastSolver, Verdict};
//!
//! let line = ".93...7...14....957..8....4.8...51..1.64.....4.7.81...64..5..1.....6...9.....7.6.";
//! let mut puzzle = [0u8; 81];
//! for (cell, ch) in puzzle.iter_mut().zip(line.bytes()) {
//!     *cell = if ch == b'.' { 0 } else { ch - b'0' };
//! }
//! let mut solver = FastSolver::new();
//! let Verdict::Unique(solution) = solver.verdict(&puzzle) else { panic!("unique") };
//! assert_eq!(solution[..9], [2, 9, 3, 5, 4, 6, 7, 8, 1]);
//! assert_eq!(solver.count(&puzzle, 2), Ok(1));
//! ```
//!
//! # The bit layout
//!
//! The grid is cut into three *bands* of three rows. For each digit `d` and band `b` one
//! 32-bit *band word* holds where `d` may still go in `b`: bit `9 * r + c` stands for row `r`
//! of the band (0..3) and column `c` (0..9), 27 bits in all. A placed digit keeps its bit and
//! loses every other bit of its row, so "row `r` of the word has one bit" means "placed". A
//! separate word per band holds the cells no digit is placed in yet. 27 band words plus the
//! words as last propagated (to see which changed), the 3 unsolved masks, the 3 masks of
//! bivalue cells (for the guess near the end), a mask of the words the other rules changed
//! and the 27 words' columns as the column rule last saw them are the whole state: 352
//! bytes, copied once per guess instead of being undone.
//!
//! Why bands: placing a digit is then a handful of AND operations. Its column is one 9-bit
//! mask repeated three times (`c | c << 9 | c << 18`) and cleared in the digit's three band
//! words; its cell is cleared in the other eight digits' words of that band; its row and box
//! follow from the band rule below.
//!
//! # Propagation
//!
//! Each band row splits into three *minirows* (the three cells of the row inside one box).
//! In a band a digit sits once in each row and once in each box, so the three rows pick
//! their boxes by a permutation. The *band update* of a word collapses it to its nine
//! minirow bits (with shifts: `(a | a >> 1 | a >> 2)` masked to every third bit, folded by
//! 8 and 16 bits, which gives the nine bits column-major), keeps only the minirows that belong to some permutation
//! wholly inside the current ones (table `PERM_KEEP`, widened to 27 bits as `COMPLEX`), and
//! places the digit in each row left with one cell. One lookup so gives pointing and claiming
//! inside the band, removes a placed digit from its box (and so from its column inside the
//! band), and finds a contradiction (no permutation: a row or a box without room). Folding
//! the word over its rows gives the columns each box can use; a box confined to one column
//! clears that column from the digit's other two bands (table `POINT_OUT`), which is both
//! pointing along columns and the column of a placed digit. Band updates run until no word
//! changes; which words changed is found by comparing the state with its copy as last
//! propagated, a compare without branches, once per sweep: the sweep then updates those
//! words in turn, and as the choice of the next word never waits for the result of the last
//! update, the CPU overlaps the updates of a sweep (their table lookups are a long chain).
//! The first sweep after another rule (or a guess) changed some words needs no compare:
//! that rule marks the words it changed.
//!
//! When they are stable, slower rules run in turn, each starting the band updates again as
//! soon as it removes something:
//!
//! * naked singles and empty cells: the digits of each cell are counted bit-sliced over the
//!   nine words of a band (`twos |= ones & x; ones |= x`), so a band is done in 18 operations;
//! * the band rule turned sideways: folding a word over its rows gives the columns the digit
//!   can reach in that band, and in each stack the three bands pick their columns by a
//!   permutation too (the same table): pointing and claiming along columns, hidden singles in
//!   columns, and a column with no room is a contradiction. The 27 folds are taken in one
//!   loop (which the compiler vectorises) and compared with the folds the rule last left;
//!   only digits with a changed fold are looked at (on the hard sets one in four);
//! * triads, last, when the others are stable and 30 or more cells are unsolved: a minirow
//!   holds exactly three digits (its three cells, one row), and so does a minicolumn. For
//!   every minirow and minicolumn of the grid the digits that can reach it are counted
//!   (bit-sliced adders over the nine digits, both directions in one 64-bit word per
//!   digit), and the digits *certain* in it (alone in their row of the band, or in their
//!   column across the stack). Fewer than three reaching is a contradiction; exactly three
//!   reaching confines all three to it; three certain keep every other digit out. Hidden
//!   and naked "subsets" of minirows, which the rules above do not see, and which the guess
//!   below feeds on.
//!
//! # Guessing
//!
//! When nothing more follows, the search branches on a digit's *configuration* in a band:
//! the permutation by which its three rows pick their boxes (its minirows), or in a stack,
//! by which its three bands pick their columns (its minicolumns); at most six, usually two.
//! Of the three bands and three stacks not yet settled, it takes the most constrained, the
//! one with the fewest open (digit, minirow) pairs, which the triads pass has just counted;
//! in it, the digit with the fewest configurations (two or more, counted by a table). Each
//! branch but the last is searched in a copy of the state with the digit confined to one
//! configuration; the last needs no copy. Each copy is one *guess* in [`Stats`]. This is
//! tdoku's branching (t-dillon/tdoku, `solver_dpll_triad_simd`), learnt from its
//! description and rewritten for band words: a configuration fixes the digit's minirow in
//! three boxes at once, and the triads turn that into placements, where a cell's digit
//! fixes one cell. Neither half pays alone: the configurations without triads, or the
//! triads with the bivalue cells, both search more.
//!
//! A band is settled when its count is 27 (three digits per minirow, one configuration per
//! digit); when all six are, every digit's minirow and minicolumn in every box are single,
//! so the band update has placed it and the grid is solved. A fixed point that is not
//! solved therefore always has a configuration to branch on.
//!
//! Near the end, under 30 unsolved cells, the triads pass is skipped and the search
//! branches on a bivalue cell: of the first bivalue cell of each band, the one whose two
//! digits both have many candidates left in their band, scored `4 * min - max` of the two
//! counts, the digit with more candidates first, and the other digit placed at once in the
//! second branch (the first unsolved cell when no cell is bivalue). There the triads rarely
//! find anything and cost a fifth of the time of the generator's uniqueness checks.
//!
//! [`FastSolver::light`] never runs the triads: the generator and the digger use it, as
//! their searches are short and mostly ask whether a second solution exists, where the
//! triads cost more than they save.
//!
//! # Portable code, little SIMD
//!
//! The state is scalar 32-bit words and the hot loop is table lookups and ANDs. The "which
//! words changed" compare is three scalar shift chains, not a vector compare: a wide load
//! right after narrow stores to the same words cannot be forwarded from the store buffer and
//! stalls. The one loop the compiler vectorises (with baseline SSE2) is the column rule's 27
//! folds, which runs when the band updates are done and their stores have left the store
//! buffer. Builds for the machine's own features (x86-64-v3: AVX2, BMI1/2, POPCNT) measured
//! no faster, so there is one portable path and no run-time dispatch.
//!
//! # Setting up
//!
//! Easy puzzles and the digger's uniqueness tests search little, so turning the 81 bytes
//! into band words is a large share of their cost. The setup works on bit planes (bit `k`
//! of eight bytes gathered by one multiplication), then on the 27 words with the same
//! branch-free operations for each, clashes included, instead of placing the givens one by
//! one.
//!
//! How these choices were measured, and the ideas that were tried and did not pay (other
//! ways to find the changed words, more inference at the fixed point, other guesses), are in
//! the repository's `docs/fast-solver.md`.
//!
//! # Invalid input
//!
//! A byte over 9 and two equal givens in one house are [`InputError`]s (and
//! [`Verdict::Invalid`]), never a panic and never "no solution", so that the caller can say
//! which cells are wrong, as the DLX path does. The setup names the first clash in
//! row-major order, as a plain scan over the cells would.

mod solver;
mod tables;

use std::fmt;

use solver::{NO_TRIADS, Search, SetupError, State, TRIADS_FROM};

/// Why a puzzle cannot be searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputError {
    /// A cell holds a byte over 9.
    Value {
        /// The cell, 0..81, row-major.
        cell: usize,
        /// The byte found there.
        value: u8,
    },
    /// Two givens repeat a digit in a row, a column or a box.
    Conflict {
        /// The digit, 1..=9.
        digit: u8,
        /// The earlier cell, 0..81, row-major.
        first: usize,
        /// The later cell.
        second: usize,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |cell: usize| format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
        match *self {
            InputError::Value { cell, value } => {
                write!(f, "{} holds {value}, not a digit 0-9", name(cell))
            }
            InputError::Conflict {
                digit,
                first,
                second,
            } => {
                write!(
                    f,
                    "{digit} is given twice in one house: {} and {}",
                    name(first),
                    name(second)
                )
            }
        }
    }
}

impl std::error::Error for InputError {}

impl From<SetupError> for InputError {
    fn from(e: SetupError) -> InputError {
        match e {
            SetupError::Value { cell, value } => InputError::Value { cell, value },
            SetupError::Conflict {
                digit,
                first,
                second,
            } => InputError::Conflict {
                digit,
                first,
                second,
            },
        }
    }
}

/// What a puzzle is: the answer to "solve it, and is the answer unique?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution.
    Unique([u8; 81]),
    /// Two or more solutions; here is the first found.
    Multiple([u8; 81]),
    /// No solution.
    NoSolution,
    /// The input is not a puzzle (see [`InputError`]).
    Invalid(InputError),
}

impl Verdict {
    /// A solution, if there is any (the first found when there are several).
    pub fn solution(&self) -> Option<&[u8; 81]> {
        match self {
            Verdict::Unique(g) | Verdict::Multiple(g) => Some(g),
            _ => None,
        }
    }
}

/// Counters of the last search, to compare strategies and solvers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Branches searched: each places a digit in a copy of the state.
    pub guesses: u64,
    /// Solutions found (at most the limit).
    pub solutions: u64,
}

/// The result of [`FastSolver::count_or_stop`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counted {
    /// The solutions found: all of them up to the limit, unless `stopped`.
    pub solutions: u64,
    /// Whether the stop hook cut the count short (then `solutions` is a lower bound).
    pub stopped: bool,
}

/// The fast 9x9 solver. It holds no buffers, only the counters of its last search, so it is
/// cheap to make; keep one to read [`FastSolver::stats`].
#[derive(Debug, Clone)]
pub struct FastSolver {
    stats: Stats,
    /// The triads pass runs at fixed points with at least this many unsolved cells.
    triads_from: u32,
}

impl Default for FastSolver {
    fn default() -> FastSolver {
        FastSolver::new()
    }
}

impl FastSolver {
    /// A solver.
    pub fn new() -> FastSolver {
        FastSolver {
            stats: Stats::default(),
            triads_from: TRIADS_FROM,
        }
    }

    /// A solver without the triads pass, branching on bivalue cells everywhere: cheaper per
    /// node, for many checks of easy puzzles. A
    /// generator's uniqueness checks (a given taken from a minimal puzzle) take as many
    /// guesses either way, and run at about 1.15 times the speed of [`FastSolver::new`]'s;
    /// on hard puzzles it searches up to twice the nodes (see the module documentation).
    pub fn light() -> FastSolver {
        FastSolver {
            stats: Stats::default(),
            triads_from: NO_TRIADS,
        }
    }

    /// The counters of the last search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    fn run<'s>(
        &mut self,
        puzzle: &[u8; 81],
        limit: u64,
        stop: Option<&'s mut dyn FnMut() -> bool>,
    ) -> Result<Search<'s>, InputError> {
        let state = State::new(puzzle)?;
        let mut search = Search::new(limit, self.triads_from);
        if let Some(stop) = stop {
            search = search.with_stop(stop);
        }
        if limit > 0 {
            search.run(state);
        }
        self.stats = Stats {
            guesses: search.guesses,
            solutions: search.solutions,
        };
        Ok(search)
    }

    /// The first solution, or `None` if there is none.
    pub fn first(&mut self, puzzle: &[u8; 81]) -> Result<Option<[u8; 81]>, InputError> {
        Ok(self.run(puzzle, 1, None)?.first)
    }

    /// Counts the solutions, stopping at `limit` (`2` answers "is it unique?").
    pub fn count(&mut self, puzzle: &[u8; 81], limit: u64) -> Result<u64, InputError> {
        Ok(self.run(puzzle, limit, None)?.solutions)
    }

    /// Counts as [`FastSolver::count`] does, asking `stop` every few thousand guesses (a few
    /// milliseconds) whether to give up. For counts with a high limit, which are otherwise
    /// unbounded work (the empty grid has billions of solutions).
    pub fn count_or_stop(
        &mut self,
        puzzle: &[u8; 81],
        limit: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Counted, InputError> {
        let search = self.run(puzzle, limit, Some(stop))?;
        Ok(Counted {
            solutions: search.solutions,
            stopped: search.stopped,
        })
    }

    /// Whether the puzzle has a solution in which `cell` (0..81, row-major) does not hold
    /// `digit` (1..=9). The digger's uniqueness test: a unique puzzle with solution `s`
    /// stays unique when a given is emptied exactly when no solution puts another digit
    /// there, and looking for one solution of a narrower puzzle costs less than counting
    /// two (no first solution to find, no whole tree to exhaust when there is a second).
    pub fn has_solution_without(
        &mut self,
        puzzle: &[u8; 81],
        cell: usize,
        digit: u8,
    ) -> Result<bool, InputError> {
        let mut state = State::new(puzzle)?;
        state.exclude(cell % 81, digit);
        let mut search = Search::new(1, self.triads_from);
        search.run(state);
        self.stats = Stats {
            guesses: search.guesses,
            solutions: search.solutions,
        };
        Ok(search.solutions > 0)
    }

    /// Solves and checks uniqueness (a search limited to two solutions).
    pub fn verdict(&mut self, puzzle: &[u8; 81]) -> Verdict {
        match self.run(puzzle, 2, None) {
            Err(e) => Verdict::Invalid(e),
            Ok(s) => match (s.first, s.solutions) {
                (Some(g), 1) => Verdict::Unique(g),
                (Some(g), _) => Verdict::Multiple(g),
                (None, _) => Verdict::NoSolution,
            },
        }
    }
}

/// A puzzle's candidates once its givens are placed, in the solver's band words (see the
/// module documentation): `cand[3 * d + b]` holds where digit `d + 1` may go in band `b`
/// and the cells where it is given, `empty[b]` the band's empty cells. Nothing is
/// propagated: a cell loses a digit only to a given in its row, column or box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BandWords {
    /// Per digit (0..9) and band (0..3), bit `9 * row of the band + column`.
    pub cand: [u32; 27],
    /// Per band, the cells without a given.
    pub empty: [u32; 3],
}

/// [`BandWords`] of a puzzle, made by the solver's own branch-free setup (a few hundred
/// instructions, where placing the givens one by one costs about forty each): for other
/// bit-board code on the classic grid, such as the logic crate's quick checks.
pub fn band_words(puzzle: &[u8; 81]) -> Result<BandWords, InputError> {
    let state = State::new(puzzle)?;
    Ok(BandWords {
        cand: state.cand_words(),
        empty: state.unsolved_cells(),
    })
}

/// The verdict on a puzzle (see [`FastSolver::verdict`]).
pub fn solve(puzzle: &[u8; 81]) -> Verdict {
    FastSolver::new().verdict(puzzle)
}

/// Counts the solutions of a puzzle up to `limit` (see [`FastSolver::count`]).
pub fn count(puzzle: &[u8; 81], limit: u64) -> Result<u64, InputError> {
    FastSolver::new().count(puzzle, limit)
}

#[cfg(test)]
mod tests;
