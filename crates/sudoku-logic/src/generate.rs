//! Puzzles at a chosen difficulty: [`Generator`] digs unique puzzles with
//! [`sudoku_core::dig`] (symmetry, range of givens, minimality) and grades them with
//! [`Logic`], keeping one whose level is the one asked for.
//!
//! How the level is reached, by construction rather than by rejecting random puzzles: an
//! easy puzzle is dug only as far as it stays easy (each removal is checked with the quick
//! singles check, and one that would make it harder is put back), so easy puzzles come out
//! easy and keep plenty of givens. A harder level is dug towards: removals are kept while the
//! puzzle is easier than the level, one that would make it harder is put back, and digging
//! stops once the puzzle is at the level with its givens in range. Only the removals the
//! quick checks cannot settle are graded, with a grade capped at the level
//! ([`Logic::grade_within`]; for Hard, [`Logic::grade_past_medium`], which turns down most
//! puzzles that need more without following their paths). A full grid that never reaches
//! the level is replaced by a new one, up to a bound, after which the request fails with a
//! clear message rather than running on.
//!
//! Every choice comes from the seed, so the same seed and request give the same puzzle.
//!
//! ```
//! use sudoku_core::Layout;
//! use sudoku_logic::generate::{Generator, Request};
//! use sudoku_logic::Level;
//!
//! let mut generator = Generator::new(&Layout::classic());
//! let request = Request { level: Some(Level::Easy), ..Request::default() };
//! let made = generator.generate(&request, 7).unwrap();
//! assert_eq!(made.grade.level, Some(Level::Easy));
//! assert_eq!(generator.generate(&request, 7).unwrap().puzzle, made.puzzle);
//! ```

use std::ops::RangeInclusive;

use exact_cover::Rng;
use sudoku_core::dig::{DigError, DigOptions, Digger, Dug, Removal, Symmetry};
use sudoku_core::{Engine, Grid, Layout, Solver};
use thiserror::Error;

use crate::grade::Grade;
use crate::logic::Logic;
use crate::quick::SinglesCheck;
use crate::technique::Level;

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The level, or `None` for any.
    pub level: Option<Level>,
    /// Symmetry, range of givens, minimality.
    pub dig: DigOptions,
    /// The score range, within the level (all scores by default).
    pub scores: RangeInclusive<u32>,
    /// Full grids to try before giving up on the level.
    pub attempts: usize,
}

impl Default for Request {
    fn default() -> Request {
        Request {
            level: None,
            dig: DigOptions::default(),
            scores: 0..=u32::MAX,
            attempts: 2000,
        }
    }
}

/// A generated puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The givens: exactly one solution.
    pub puzzle: Grid,
    /// The solution.
    pub solution: Grid,
    /// Its grade.
    pub grade: Grade,
    /// The symmetry of the givens.
    pub symmetry: Symmetry,
}

impl Generated {
    /// A dug puzzle with its grade.
    fn new(dug: Dug, grade: Grade) -> Generated {
        Generated {
            puzzle: dug.puzzle,
            solution: dug.solution,
            grade,
            symmetry: dug.symmetry,
        }
    }
}

/// A request that could not be met.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// The digging part cannot be met (symmetry, givens, minimality).
    #[error(transparent)]
    Dig(#[from] DigError),
    /// No puzzle of the level turned up.
    #[error(
        "no {level} puzzle{detail} was found in {attempts} attempts; try another level, a wider \
         range of givens or another symmetry"
    )]
    Level {
        /// The level asked for.
        level: Level,
        /// What else was asked (`" with 30 to 34 givens"`...), for the message.
        detail: String,
        /// Attempts made.
        attempts: usize,
    },
    /// The request's deadline ([`DigOptions::deadline`]) passed before a puzzle of the level
    /// turned up.
    #[error(
        "no {level} puzzle{detail} was found before the time limit (full grids tried: \
         {grids}); try another level, a wider range of givens or another symmetry"
    )]
    TimeUp {
        /// The level asked for.
        level: Level,
        /// What else was asked, as in [`GenerateError::Level`].
        detail: String,
        /// Full grids tried (the last one perhaps in part).
        grids: usize,
    },
}

/// A generator for one layout; keep it for many puzzles (it keeps its solvers).
#[derive(Debug, Clone)]
pub struct Generator {
    digger: Digger,
    logic: Logic,
    singles: SinglesCheck,
    /// Uniqueness checks for removals no quick check vouches for.
    solver: Solver,
}

/// The highest score of a single step that easy puzzles use (a hidden single).
const HIDDEN_SINGLE_SCORE: u32 = 14;

impl Generator {
    /// A generator for puzzles of this layout.
    pub fn new(layout: &Layout) -> Generator {
        Generator {
            digger: Digger::new(layout.clone()),
            logic: Logic::new(layout),
            singles: SinglesCheck::new(layout),
            // The light search, as the digger's: uniqueness checks of easy puzzles.
            solver: match Solver::new(layout.clone(), Engine::Auto) {
                Ok(s) => s.light(),
                Err(e) => unreachable!("Auto takes every layout: {e}"),
            },
        }
    }

    /// A unique puzzle meeting the digging options, of any level and not graded: grading
    /// costs more than digging, so a caller that needs no level or score saves most of the
    /// time. The same seed gives the same puzzle as [`Generator::generate`] with no level.
    pub fn generate_unrated(&mut self, dig: &DigOptions, seed: u64) -> Result<Dug, DigError> {
        self.digger.generate(dig, seed)
    }

    /// [`Generator::generate`] with fresh seeds until a puzzle turns up or `budget` is spent
    /// (the request's own deadline, if any, is replaced): how a player's new game is made on
    /// demand, where a bounded wait matters more than the seed.
    pub fn generate_within(
        &mut self,
        request: &Request,
        budget: std::time::Duration,
        seed: u64,
    ) -> Result<Generated, GenerateError> {
        let deadline = std::time::Instant::now() + budget;
        let mut request = request.clone();
        request.dig.deadline = Some(deadline);
        let mut seed = seed;
        loop {
            match self.generate(&request, seed) {
                Ok(made) => return Ok(made),
                Err(e) if std::time::Instant::now() >= deadline => return Err(e),
                Err(_) => seed = next_seed(seed),
            }
        }
    }

    /// A puzzle meeting the request, everything decided by `seed`.
    pub fn generate(&mut self, request: &Request, seed: u64) -> Result<Generated, GenerateError> {
        let Some(level) = request.level else {
            let dug = self.digger.generate(&request.dig, seed)?;
            let grade = self.grade(&dug.puzzle);
            return Ok(Generated::new(dug, grade));
        };
        let mut rng = Rng::new(seed);
        let attempts = request.attempts.max(1);
        let mut dig_failures = 0;
        for tried in 0..attempts {
            if request.dig.out_of_time() {
                return Err(time_up(level, request, tried));
            }
            let attempt_seed = rng.next_u64();
            let made = match level {
                Level::Easy => self.dig_easy(request, attempt_seed),
                _ if request.dig.minimal => self.dig_and_grade(level, request, attempt_seed),
                _ => self.dig_to_level(level, request, attempt_seed),
            };
            match made {
                Ok(Some(made)) => return Ok(made),
                Ok(None) => {}
                Err(_) => dig_failures += 1,
            }
        }
        if request.dig.out_of_time() {
            return Err(time_up(level, request, attempts));
        }
        if dig_failures == attempts {
            // Not one grid could be dug as asked: say so, not "no such level".
            return Err(self
                .digger
                .generate(&request.dig, seed)
                .err()
                .map_or_else(|| level_error(level, request, attempts), GenerateError::Dig));
        }
        Err(level_error(level, request, attempts))
    }

    /// One full grid dug to an easy puzzle, easy by construction: no removal may make it
    /// harder than easy. Easy means singles only and a score within easy's limit, so each
    /// removal is checked with the quick singles check, and the score is worked out only when
    /// the empty cells could add up to more than the limit (14, a hidden single's score,
    /// each). `Ok(None)`: the puzzle missed the score range.
    fn dig_easy(&mut self, request: &Request, seed: u64) -> Result<Option<Generated>, DigError> {
        let cells = self.logic.layout().shape().cell_count();
        let one_grid = DigOptions {
            attempts: 1,
            ..request.dig.clone()
        };
        let (logic, check) = (&self.logic, &mut self.singles);
        let limit = (*request.scores.end()).min(Level::Easy.max_score_for(cells));
        // Singles solving the puzzle vouch for its uniqueness: no solver needed.
        let accept = |r: &Removal| {
            let p = r.puzzle;
            if !check.solves(p) {
                return false;
            }
            let empty = (cells - p.given_count()) as u32;
            empty.saturating_mul(HIDDEN_SINGLE_SCORE) <= limit
                || logic
                    .singles_path(p)
                    .ok()
                    .flatten()
                    .is_some_and(|path| path.grade().score <= limit)
        };
        let dug = self.digger.generate_vouched(&one_grid, seed, accept)?;
        let grade = self.grade(&dug.puzzle);
        let fits = grade.level == Some(Level::Easy) && request.scores.contains(&grade.score);
        Ok(fits.then(|| Generated::new(dug, grade)))
    }

    /// One full grid dug to a level above Easy, by construction: a removal is kept while the
    /// puzzle stays easier than the level, one that makes it harder is put back, and digging
    /// stops once the puzzle is at the level (score and givens in range; a minimal request
    /// goes on removing while the puzzle stays there). Most removals are judged by the quick
    /// singles check; the rest by a grade capped at the level, which is the puzzle's exact
    /// grade whenever it is not above. `Ok(None)`: this grid did not reach the level;
    /// `Err`: it could not be dug as asked at all.
    fn dig_to_level(
        &mut self,
        level: Level,
        request: &Request,
        seed: u64,
    ) -> Result<Option<Generated>, DigError> {
        let cells = self.logic.layout().shape().cell_count();
        let max_givens = request.dig.max_givens.min(cells);
        // No upper bound for the digger: it digs towards the least givens, and `accept`
        // says when to stop.
        let options = DigOptions {
            max_givens: usize::MAX,
            attempts: 1,
            ..request.dig.clone()
        };
        let easy_limit = Level::Easy.max_score_for(cells);
        let (logic, check, solver) = (&self.logic, &mut self.singles, &mut self.solver);
        let (mut grade, mut done) = (None::<Grade>, false);
        // What `check.level_needed` says of the puzzle as it stands, where known (the check
        // of a removal then stops once it has placed the removed cells again).
        let mut needed = None::<Level>;
        // Each removal must be vouched unique: a puzzle the quick checks solve is (logic
        // finds only forced digits), any other goes to the solver. Whichever is cheaper goes
        // first: the fast 9x9 solver before the checks (most removals near the bottom lose
        // uniqueness, and the checks cost more than it), dancing links after them.
        let solver_first = solver.engine() == Engine::Fast;
        let mut accept = |r: &Removal| {
            if done {
                return false;
            }
            let p = r.puzzle;
            let givens = p.given_count();
            if givens > max_givens {
                // Above the range: keep it if unique, without a look at its difficulty (the
                // checks would only cost time there). The grade is unknown, which is fine,
                // since a removal further down sets it again before the end.
                (grade, needed) = (None, None);
                return (!solver_first && check.solves(p)) || r.stays_unique(solver);
            }
            if solver_first && !r.stays_unique(solver) {
                return false;
            }
            let empty = (cells - givens) as u32;
            let level_needed = check.level_needed_after_removal(p, r.cells, needed);
            if level == Level::Medium {
                match level_needed {
                    // Needs a Hard technique or worse (or has no solution).
                    None => return false,
                    Some(Level::Easy)
                        if empty.saturating_mul(HIDDEN_SINGLE_SCORE) <= easy_limit =>
                    {
                        // Easy: keep digging without grading it.
                        (grade, needed) = (None, level_needed);
                        return true;
                    }
                    // Solved by logic, so unique: grade it below.
                    Some(_) => {}
                }
            } else if level_needed.is_some() {
                // Medium by its techniques: easier than the level but for the rare puzzle
                // whose score alone makes it Hard, which digging on merely passes by.
                (grade, needed) = (None, level_needed);
                return true;
            } else if !solver_first && !r.stays_unique(solver) {
                return false;
            }
            // At Hard, the Medium techniques have just failed (above), and most removals
            // graded turn out harder than the level, which `grade_past_medium` finds for
            // less. Above Hard most are within the level, and it would make its searches
            // (chains, ALS) twice: 1.9x slower there.
            let graded = if level == Level::Hard {
                logic.grade_past_medium(check, p, level)
            } else {
                logic.grade_within(p, level)
            };
            let Ok(Some(g)) = graded else {
                return false; // Harder than the level (or beyond the techniques).
            };
            if g.guessed() {
                return false;
            }
            if g.level == Some(level) {
                if g.score > *request.scores.end() {
                    return false;
                }
                let at = request.scores.contains(&g.score) && givens <= max_givens;
                done = at && !request.dig.minimal;
            }
            (grade, needed) = (Some(g), level_needed);
            true
        };
        let dug = self.digger.generate_vouched(&options, seed, &mut accept)?;
        let givens = dug.puzzle.given_count();
        Ok(grade
            .filter(|g| fits(g, level, request))
            .filter(|_| givens <= max_givens)
            .map(|grade| Generated::new(dug, grade)))
    }

    /// One full grid dug as far as the options say, then graded: for the hardest levels,
    /// where digging towards the level step by step costs more than it saves (most
    /// removals near the bottom would need a full grading, and many puzzles pass from Hard
    /// straight to beyond what the techniques can grade).
    fn dig_and_grade(
        &mut self,
        level: Level,
        request: &Request,
        seed: u64,
    ) -> Result<Option<Generated>, DigError> {
        let one_grid = DigOptions {
            attempts: 1,
            ..request.dig.clone()
        };
        let dug = self.digger.generate(&one_grid, seed)?;
        let grade = self.logic.grade_within(&dug.puzzle, level);
        let grade = grade.ok().flatten();
        Ok(grade
            .filter(|g| fits(g, level, request))
            .map(|grade| Generated::new(dug, grade)))
    }

    fn grade(&self, puzzle: &Grid) -> Grade {
        grade_of(&self.logic, puzzle)
    }
}

/// Whether a grade meets a request at `level`: the level, the score range, and no guess (a
/// puzzle that needs Brute Force is never offered as a level).
fn fits(grade: &Grade, level: Level, request: &Request) -> bool {
    grade.level == Some(level) && request.scores.contains(&grade.score) && !grade.guessed()
}

/// The grade of a puzzle the digger made (always a valid grid of the layout).
fn grade_of(logic: &Logic, puzzle: &Grid) -> Grade {
    match logic.solve_path(puzzle) {
        Ok(path) => path.grade(),
        Err(e) => unreachable!("a dug puzzle is a valid grid of its layout: {e}"),
    }
}

fn level_error(level: Level, request: &Request, attempts: usize) -> GenerateError {
    GenerateError::Level {
        level,
        detail: detail(request),
        attempts,
    }
}

fn time_up(level: Level, request: &Request, grids: usize) -> GenerateError {
    GenerateError::TimeUp {
        level,
        detail: detail(request),
        grids,
    }
}

/// What a request asks besides its level, for the messages: `" with 30 to 34 givens"`...
fn detail(request: &Request) -> String {
    let d = &request.dig;
    let mut detail = String::new();
    if d.symmetry != Symmetry::None {
        detail += &format!(" with {} symmetry", d.symmetry);
    }
    if d.min_givens > 0 || d.max_givens < usize::MAX {
        detail += " with ";
        detail += &sudoku_core::dig::givens_range(d.min_givens, d.max_givens);
    }
    if d.minimal {
        detail += ", minimal,";
    }
    detail
}

/// A seed unrelated to `seed`. [`Generator::generate`] draws its attempts from a SplitMix64
/// stream that steps by the golden-ratio constant, so stepping the seed by that constant
/// replayed eleven of the last call's twelve grids on every retry; the mixed output starts
/// the next call somewhere else entirely.
pub fn next_seed(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Engine, Shape, Solver};

    fn check(layout: &Layout, made: &Generated, request: &Request) {
        let mut solver = Solver::new(layout.clone(), Engine::Dlx).unwrap();
        assert_eq!(solver.count(&made.puzzle, 2).unwrap(), 1, "{}", made.puzzle);
        if let Some(level) = request.level {
            assert_eq!(made.grade.level, Some(level), "{}", made.puzzle);
        }
        let regraded = Logic::new(layout).grade(&made.puzzle).unwrap();
        assert_eq!(regraded, made.grade);
        assert!(
            request.dig.symmetry.holds(&made.puzzle) || request.dig.symmetry == Symmetry::Random
        );
        let givens = made.puzzle.given_count();
        assert!(givens >= request.dig.min_givens && givens <= request.dig.max_givens);
    }

    #[test]
    fn every_level_up_to_hard_regrades_to_itself() {
        let layout = Layout::classic();
        let mut generator = Generator::new(&layout);
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            for (seed, symmetry) in [(1, Symmetry::None), (2, Symmetry::Rotate180)] {
                let request = Request {
                    level: Some(level),
                    dig: DigOptions {
                        symmetry,
                        ..DigOptions::default()
                    },
                    ..Request::default()
                };
                let made = generator.generate(&request, seed).unwrap();
                check(&layout, &made, &request);
                assert_eq!(generator.generate(&request, seed).unwrap(), made);
            }
        }
    }

    #[test]
    fn easy_puzzles_keep_many_givens() {
        let layout = Layout::classic();
        let mut generator = Generator::new(&layout);
        let request = Request {
            level: Some(Level::Easy),
            dig: DigOptions {
                min_givens: 34,
                max_givens: 38,
                ..DigOptions::default()
            },
            ..Request::default()
        };
        for seed in 0..5 {
            let made = generator.generate(&request, seed).unwrap();
            check(&layout, &made, &request);
        }
    }

    #[test]
    fn small_grids_and_impossible_requests() {
        let layout = Layout::new(Shape::new(2, 2).unwrap());
        let mut generator = Generator::new(&layout);
        let easy = Request {
            level: Some(Level::Easy),
            ..Request::default()
        };
        let made = generator.generate(&easy, 3).unwrap();
        check(&layout, &made, &easy);
        let extreme = Request {
            level: Some(Level::Extreme),
            attempts: 30,
            ..Request::default()
        };
        let e = generator.generate(&extreme, 3).unwrap_err();
        assert!(e.to_string().contains("no extreme puzzle"), "{e}");
    }

    #[test]
    fn a_passed_deadline_fails_every_kind_of_request() {
        let mut generator = Generator::new(&Layout::classic());
        let mut request = Request::default();
        request.dig.deadline = Some(std::time::Instant::now());
        for level in [None, Some(Level::Easy), Some(Level::Hard)] {
            request.level = level;
            let e = generator.generate(&request, 5).unwrap_err();
            match level {
                None => assert_eq!(e, GenerateError::Dig(DigError::TimeUp { grids: 0 })),
                Some(level) => assert!(
                    matches!(&e, GenerateError::TimeUp { level: l, grids: 0, .. } if *l == level),
                    "{e}"
                ),
            }
            assert!(e.to_string().contains("before the time limit"), "{e}");
        }
    }
}
