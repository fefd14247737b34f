//! The public face of the search: configure a [`Solver`], then iterate solutions lazily with
//! [`Search`], take the [`Solver::first`] one, or [`Solver::count`] them (in parallel with
//! [`Solver::count_parallel`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::cells::Cells;
use crate::links::Links;
use crate::problem::{ItemKind, Problem};
use crate::rng::Rng;
use crate::search::{Algorithm, Engine, Event};

/// Search statistics, counted exactly as Knuth's DLX1/DLX2/DLX3 count them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search-tree nodes, one of them per solution.
    pub nodes: u64,
    /// Removals of a node from an item list (and of an item from the active list).
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
}

impl std::ops::Add for Stats {
    type Output = Stats;
    fn add(mut self, other: Stats) -> Stats {
        self += other;
        self
    }
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.solutions += other.solutions;
    }
}

/// Why a search ended before it had seen the whole tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// The solution limit was reached.
    Limit,
    /// The node budget was used up.
    Budget,
    /// The stop flag was raised.
    Flag,
    /// The deadline passed.
    Deadline,
}

/// What can stop a search from outside: a flag another thread (or a signal handler) raises,
/// and a deadline. A [`Solver`] looks at it every few thousand nodes; a caller that
/// runs a search of its own (such as a sudoku solver's bit-board search) keeps one too and asks
/// [`Halt::check`] between steps, so both kinds of search stop for the same reasons.
///
/// ```
/// use std::sync::{Arc, atomic::{AtomicBool, Ordering}};
/// let flag = Arc::new(AtomicBool::new(false));
/// let mut halt = exact_cover::Halt::default();
/// halt.set_flag(Some(Arc::clone(&flag)));
/// assert_eq!(halt.check(), None);
/// flag.store(true, Ordering::Relaxed);
/// assert_eq!(halt.check(), Some(exact_cover::StopReason::Flag));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Halt {
    flag: Option<Arc<AtomicBool>>,
    deadline: Option<Instant>,
}

impl Halt {
    /// Stops soon after `flag` becomes true (`None`: no flag).
    pub fn set_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.flag = flag;
    }

    /// Stops soon after `deadline` (`None`: no deadline).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Why the search should stop now, if it should: the flag first (an interrupt is
    /// reported as one even after the deadline), then the clock.
    pub fn check(&self) -> Option<StopReason> {
        if self
            .flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            Some(StopReason::Flag)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(StopReason::Deadline)
        } else {
            None
        }
    }
}

/// The result of counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// Solutions found (all of them unless `stopped` says otherwise).
    pub solutions: u64,
    /// Search statistics.
    pub stats: Stats,
    /// `None` when the whole tree was searched.
    pub stopped: Option<StopReason>,
}

/// The data structure the search dances on. Both find the same solutions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Backend {
    /// Dancing links, exactly as Knuth's DLX1/DLX2/DLX3: same choices, same node and update
    /// counts. The only back end for multiplicities.
    #[default]
    Links,
    /// Dancing cells, exactly as Knuth's SSXC1: sparse sets restored from a trail of sizes,
    /// options tried in the order the sets have, dead options abandoned before they become
    /// nodes; the same node and update counts as SSXC1 on exact cover. Faster than links
    /// where options are long (polyominoes, sudoku); colours are searched in the same style
    /// (where links are usually faster); multiplicities always use links. A split count's
    /// parts add up to the solutions but not to the sequential node count, since the order
    /// of the sets depends on what was searched before.
    Cells,
    /// The one that is usually faster for the problem's shape: cells for exact cover without
    /// secondary items, colours or multiplicities and with at most 4,096 items, links
    /// otherwise (measured in `docs/benchmarks.md`).
    Auto,
}

/// Above this many items `auto` keeps to links: cells scan every active item at each node and
/// save all their sizes, where links find the least item from per-block minima and undo only
/// what changed.
const AUTO_CELLS_MAX_ITEMS: usize = 4096;

impl Backend {
    /// The back end that searches `problem`: [`Backend::Auto`] resolved, and multiplicities
    /// on links whatever was asked.
    pub fn resolve(self, problem: &Problem) -> Backend {
        match self {
            _ if problem.has_multiplicities() => Backend::Links,
            Backend::Auto
                if !problem.has_colors()
                    && problem.items().len() <= AUTO_CELLS_MAX_ITEMS
                    && problem
                        .items()
                        .iter()
                        .all(|i| i.kind != ItemKind::Secondary) =>
            {
                Backend::Cells
            }
            Backend::Auto => Backend::Links,
            other => other,
        }
    }
}

/// An engine on either back end.
#[derive(Debug, Clone)]
enum AnyEngine {
    Links(Engine<Links>),
    Cells(Engine<Cells>),
}

/// Runs the same code on whichever engine is inside.
macro_rules! on_engine {
    ($engine:expr, $e:ident => $body:expr) => {
        match $engine {
            AnyEngine::Links($e) => $body,
            AnyEngine::Cells($e) => $body,
        }
    };
}

impl AnyEngine {
    fn run(&mut self, until: u64) -> Event {
        on_engine!(self, e => e.run(until))
    }
    fn nodes(&self) -> u64 {
        on_engine!(self, e => e.nodes)
    }
    fn updates(&self) -> u64 {
        on_engine!(self, e => e.updates())
    }
    fn solutions(&self) -> u64 {
        on_engine!(self, e => e.solutions)
    }
    fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes(),
            updates: self.updates(),
            solutions: self.solutions(),
        }
    }
    fn solution(&self) -> Vec<usize> {
        on_engine!(self, e => e.solution())
    }
    fn progress(&self) -> f64 {
        on_engine!(self, e => e.progress())
    }
    fn is_done(&self) -> bool {
        on_engine!(self, e => e.is_done())
    }
    fn set_cutoff(&mut self, level: usize) {
        on_engine!(self, e => e.set_cutoff(level))
    }
    fn set_forced(&mut self, prefix: Vec<u32>) {
        on_engine!(self, e => e.set_forced(prefix))
    }
    fn prefixes(&self) -> &[Vec<u32>] {
        on_engine!(self, e => &e.prefixes)
    }
    /// Counting only: do not stop at each solution.
    fn count_only(&mut self) {
        on_engine!(self, e => e.yield_solutions = false)
    }
    fn path_counts(&self) -> Option<(u64, u64)> {
        on_engine!(self, e => e.path_counts)
    }
}

/// How to search a problem: the order, the limits and the stop signal.
///
/// ```
/// let parsed = exact_cover::parse("a b c\na b\nc\na\nb c\n").unwrap();
/// let solver = parsed.problem.solver();
/// assert_eq!(solver.count().solutions, 2);
/// assert_eq!(solver.clone().limit(1).count().solutions, 1);
/// assert_eq!(solver.count_parallel(2).solutions, 2);
/// ```
#[derive(Debug, Clone)]
pub struct Solver<'p> {
    problem: &'p Problem,
    seed: Option<u64>,
    limit: Option<u64>,
    node_budget: Option<u64>,
    halt: Halt,
    backend: Backend,
    restriction: Option<Restriction<'p>>,
}

/// The part of a problem a [`Solver`] searches after [`Solver::restrict`]: per item, whether it
/// is still to be covered, and the options still allowed, in the order to try them (an option
/// that uses an item not kept is left out too).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Restriction<'p> {
    pub items: &'p [bool],
    pub options: &'p [usize],
}

impl Problem {
    /// A solver for this problem with the default settings: options in their given order,
    /// no limit, no budget.
    pub fn solver(&self) -> Solver<'_> {
        Solver {
            problem: self,
            seed: None,
            limit: None,
            node_budget: None,
            halt: Halt::default(),
            backend: Backend::Links,
            restriction: None,
        }
    }
}

/// Whether `list` names each index below `count` at most once (no memory needed when it is
/// increasing, as it usually is).
fn distinct_below(list: &[usize], count: usize) -> bool {
    if list.iter().any(|&k| k >= count) {
        return false;
    }
    if list.windows(2).all(|w| w[0] < w[1]) {
        return true;
    }
    let mut seen = vec![false; count];
    list.iter().all(|&k| !std::mem::replace(&mut seen[k], true))
}

/// How often (in nodes) a running search looks at its stop flag.
const CHECK_INTERVAL: u64 = 1 << 12;

impl<'p> Solver<'p> {
    /// Tries options in an order shuffled by `seed`, and breaks ties between equally good
    /// items at random: the same seed gives the same search.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// Chooses the data structure (see [`Backend`]).
    pub fn backend(mut self, backend: Backend) -> Self {
        self.backend = backend;
        self
    }

    /// Searches only part of the problem: the items `k` with `items[k]` true, as if the others
    /// were already covered, and the options listed in `options` (indices into
    /// [`Problem::options`], each at most once) that use none of the others. Solutions are
    /// still given as indices into [`Problem::options`], and the part searched is linked
    /// exactly as a problem made of just those items and options would be, in the order
    /// listed, so (without a seed) the search tree and its statistics are the same too. The
    /// order is the order in which the search tries an item's options: a caller that knows a
    /// solution and looks for another near it lists that solution's options first. The algorithm
    /// is chosen for the whole problem: with colours or multiplicities somewhere in it, the
    /// part is searched by Algorithm C with colours, or M, even if it has none left.
    ///
    /// This is for a caller that solves many variants of one problem: it builds the whole
    /// problem once, and each variant costs only the linking of what is left, where building a
    /// [`Problem`] per variant would cost that twice over. A sudoku solver does this: one matrix
    /// per grid, the givens settling items and ruling out options.
    ///
    /// # Panics
    ///
    /// If `items` is shorter than the problem's list of items, or `options` lists an option
    /// twice or names one the problem does not have.
    ///
    /// ```
    /// // Items a b c; options 0 {a b}, 1 {c}, 2 {a}, 3 {b c}. With `a` covered already and
    /// // option 1 ruled out, the one solution left is option 3.
    /// let parsed = exact_cover::parse("a b c\na b\nc\na\nb c\n").unwrap();
    /// let solver = parsed.problem.solver().restrict(&[false, true, true], &[0, 2, 3]);
    /// assert_eq!(solver.solutions().collect::<Vec<_>>(), vec![vec![3]]);
    /// ```
    pub fn restrict(mut self, items: &'p [bool], options: &'p [usize]) -> Self {
        assert!(
            items.len() >= self.problem.items().len(),
            "restrict: {} item flags for {} items",
            items.len(),
            self.problem.items().len()
        );
        assert!(
            distinct_below(options, self.problem.option_count()),
            "restrict: the options must be distinct indices below {}",
            self.problem.option_count()
        );
        self.restriction = Some(Restriction { items, options });
        self
    }

    /// Stops after `limit` solutions.
    pub fn limit(mut self, limit: u64) -> Self {
        self.limit = Some(limit);
        self
    }

    /// Stops after visiting `nodes` search-tree nodes.
    pub fn node_budget(mut self, nodes: u64) -> Self {
        self.node_budget = Some(nodes);
        self
    }

    /// Stops soon after `flag` becomes true (it is checked every few thousand nodes).
    pub fn stop_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.halt.flag = Some(flag);
        self
    }

    /// Stops soon after `deadline` (the clock is read every few thousand nodes).
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.halt.deadline = Some(deadline);
        self
    }

    /// Stops for whatever `halt` says (its flag and its deadline, replacing any set before).
    pub fn halt(mut self, halt: Halt) -> Self {
        self.halt = halt;
        self
    }

    fn algorithm(&self) -> Algorithm {
        if self.problem.has_multiplicities() {
            Algorithm::Multiple
        } else if self.problem.has_colors() {
            Algorithm::Colored
        } else {
            Algorithm::Plain
        }
    }

    fn engine(&self) -> AnyEngine {
        self.engine_with(true)
    }

    /// The engine; with `random_ties` false, a seed shuffles the options but ties between
    /// items go to the leftmost, so that every run makes the same choices in the same state
    /// (which replaying a prefix on another thread needs).
    fn engine_with(&self, random_ties: bool) -> AnyEngine {
        let mut rng = self.seed.map(Rng::new);
        let algorithm = self.algorithm();
        if self.backend.resolve(self.problem) == Backend::Cells {
            let cells = Cells::new(self.problem, rng.as_mut(), self.restriction);
            return AnyEngine::Cells(Engine::new(cells, algorithm, rng.filter(|_| random_ties)));
        }
        let links = Links::new(
            self.problem,
            rng.as_mut(),
            self.problem.has_colors(),
            self.restriction,
        );
        AnyEngine::Links(Engine::new(links, algorithm, rng.filter(|_| random_ties)))
    }

    /// A lazy iterator over the solutions; each solution is the sorted list of the indices of
    /// its options in [`Problem::options`].
    pub fn solutions(&self) -> Search {
        Search {
            engine: self.engine(),
            limit: self.limit.unwrap_or(u64::MAX),
            budget: self.node_budget.unwrap_or(u64::MAX),
            halt: self.halt.clone(),
            next_check: 0,
            stopped: None,
        }
    }

    /// The first solution, if there is one (and the limit is not 0).
    pub fn first(&self) -> Option<Vec<usize>> {
        let limit = self.limit.unwrap_or(1).min(1);
        self.clone().limit(limit).solutions().next()
    }

    /// Counts the solutions (up to the limit) on this thread.
    pub fn count(&self) -> Count {
        let mut search = self.solutions();
        if self.limit.is_none() {
            search.engine.count_only();
        }
        while search.step(u64::MAX) != Step::Done {}
        Count {
            solutions: search.stats().solutions,
            stats: search.stats(),
            stopped: search.stopped,
        }
    }

    /// Counts the solutions on `jobs` threads by splitting the search tree near the root. The
    /// count equals that of [`Solver::count`], and on links so do the node and update
    /// statistics (with a seed, the options are shuffled as in [`Solver::count`] but ties
    /// between items are not broken at random, so the statistics are those of that
    /// deterministic search; on cells they are those of the parts, see [`Backend::Cells`]). A limit or
    /// node budget is not applied here; the stop flag and the deadline are.
    pub fn count_parallel(&self, jobs: usize) -> Count {
        let jobs = jobs.max(1);
        if jobs == 1 {
            return self.clone_without_limits().count();
        }
        let (top, cut) = self.split(jobs.saturating_mul(64));
        // A split cut short counts nothing below it, and says why it stopped.
        let prefixes = if cut.is_some() { &[] } else { top.prefixes() };
        let (below, stopped) = self.count_prefixes(prefixes.iter(), jobs, &|_| {});
        let stopped = cut.or(stopped);
        let total = top.stats() + below;
        Count {
            solutions: total.solutions,
            stats: total,
            stopped,
        }
    }

    /// Counts part `part` (from 0) of `parts` independent parts of the search tree, on `jobs`
    /// threads: the counts of the parts sum to the whole count, and on links so do their node
    /// and update statistics (the levels above the split are counted in part 0). The split
    /// depends on the problem, the seed, the backend and `parts` only, so separate processes
    /// on separate machines agree on it: each takes every `parts`-th subtree at the first
    /// level that has at least [`PREFIXES_PER_PART`] subtrees per part (at most 16 levels
    /// down), which balances the parts whatever the tree's shape near the root.
    ///
    /// A `parts` of 0 or over [`MAX_PARTS`], or a `part` not below `parts`, is a
    /// [`PartError`] (nothing is searched).
    pub fn count_part(&self, part: usize, parts: usize, jobs: usize) -> Result<Count, PartError> {
        self.count_part_with(part, parts, jobs, &|_, _| {})
    }

    /// [`Solver::count_part`], calling `done(fraction, stats)` after each subtree of the part
    /// is counted: the share of the part's subtrees counted so far, and their statistics
    /// together (from any of the `jobs` threads, one call at a time).
    pub fn count_part_with(
        &self,
        part: usize,
        parts: usize,
        jobs: usize,
        done: &(dyn Fn(f64, Stats) + Sync),
    ) -> Result<Count, PartError> {
        check_parts(parts)?;
        if part >= parts {
            return Err(PartError::Part { part, parts });
        }
        let (top, cut) = self.split(parts * PREFIXES_PER_PART);
        // A split cut short counts nothing below it, and says why it stopped.
        let prefixes = if cut.is_some() { &[] } else { top.prefixes() };
        let mine = prefixes
            .iter()
            .enumerate()
            .filter(|&(i, _)| i % parts == part)
            .map(|(_, p)| p);
        let mine: Vec<&Vec<u32>> = mine.collect();
        let so_far = std::sync::Mutex::new((0usize, Stats::default()));
        let each = |stats: Stats| {
            let mut so_far = so_far
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            so_far.0 += 1;
            so_far.1 += stats;
            done(so_far.0 as f64 / mine.len().max(1) as f64, so_far.1);
        };
        let (below, stopped) = self.count_prefixes(mine.iter().copied(), jobs.max(1), &each);
        let stopped = cut.or(stopped);
        let total = if part == 0 {
            top.stats() + below
        } else {
            below
        };
        Ok(Count {
            solutions: total.solutions,
            stats: total,
            stopped,
        })
    }

    /// How a split into `parts` parts cuts the tree: the level, and the number of subtrees
    /// each part gets. An error when `parts` is 0 or over [`MAX_PARTS`], or when the flag or
    /// the deadline stopped the split first ([`PartError::Stopped`]).
    pub fn parts(&self, parts: usize) -> Result<(usize, Vec<usize>), PartError> {
        check_parts(parts)?;
        let (top, cut) = self.split(parts * PREFIXES_PER_PART);
        if let Some(reason) = cut {
            return Err(PartError::Stopped(reason));
        }
        let n = top.prefixes().len();
        let level = top.prefixes().first().map_or(0, Vec::len);
        Ok((
            level,
            (0..parts).map(|k| (n + parts - 1 - k) / parts).collect(),
        ))
    }

    /// The search stopped at the first level with at least `target` nodes (at most 16), with
    /// the path to each node there; deterministic (ties are not broken at random).
    /// The flag and the deadline are looked at while it searches (a split into many parts
    /// goes deep and can take long): `Some` says which one cut it short, and then the engine
    /// holds the levels searched by then.
    fn split(&self, target: usize) -> (AnyEngine, Option<StopReason>) {
        let mut top = self.engine_with(false);
        for depth in 1..=16 {
            top = self.engine_with(false);
            top.count_only();
            top.set_cutoff(depth);
            if let Some(reason) = run_to_end(&mut top, &self.halt) {
                return (top, Some(reason));
            }
            if top.prefixes().len() >= target {
                break;
            }
        }
        (top, None)
    }

    /// Counts the subtrees below `prefixes` on `jobs` threads, calling `each` with each one's
    /// statistics: their statistics summed, and why one stopped early, if one did.
    fn count_prefixes<'a>(
        &self,
        prefixes: impl Iterator<Item = &'a Vec<u32>>,
        jobs: usize,
        each: &(dyn Fn(Stats) + Sync),
    ) -> (Stats, Option<StopReason>) {
        let prefixes: Vec<&Vec<u32>> = prefixes.collect();
        let count_prefix = |prefix: &&Vec<u32>| -> (Stats, Option<StopReason>) {
            let mut engine = self.engine_with(false);
            engine.count_only();
            engine.set_forced((*prefix).clone());
            let stopped = run_to_end(&mut engine, &self.halt);
            let end = engine.stats();
            let (nodes0, updates0) = engine.path_counts().unwrap_or((end.nodes, end.updates));
            let stats = Stats {
                nodes: end.nodes - nodes0,
                updates: end.updates - updates0,
                solutions: end.solutions,
            };
            each(stats);
            (stats, stopped)
        };
        let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build();
        let results: Vec<(Stats, Option<StopReason>)> = match pool {
            Ok(pool) if jobs > 1 => {
                pool.install(|| prefixes.par_iter().map(count_prefix).collect())
            }
            _ => prefixes.iter().map(count_prefix).collect(),
        };
        let mut total = Stats::default();
        let mut stopped = None;
        for (stats, reason) in results {
            total += stats;
            stopped = stopped.or(reason);
        }
        (total, stopped)
    }

    fn clone_without_limits(&self) -> Solver<'p> {
        Solver {
            limit: None,
            node_budget: None,
            ..self.clone()
        }
    }
}

/// Subtrees per part of a split count ([`Solver::count_part`]): enough that parts of an
/// uneven tree come out about even.
pub const PREFIXES_PER_PART: usize = 16;

/// The most parts a count may be split into: the split keeps every subtree's path, 16 a
/// part, so this bounds it to a few hundred megabytes (a cluster runs far fewer parts).
pub const MAX_PARTS: usize = 100_000;

/// Why a split count ([`Solver::count_part`], [`Solver::parts`]) was not made as asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PartError {
    /// The number of parts is 0 or over [`MAX_PARTS`].
    #[error("a count splits into 1 to {MAX_PARTS} parts, not {0}")]
    Parts(usize),
    /// The part asked for is not below the number of parts (parts count from 0).
    #[error("there is no part {part} of {parts}: they are numbered 0 to {}", parts - 1)]
    Part {
        /// The part asked for.
        part: usize,
        /// The number of parts.
        parts: usize,
    },
    /// The flag or the deadline stopped the split before it reached its level.
    #[error("the split was stopped ({0:?}) before it was made")]
    Stopped(StopReason),
}

/// Whether a count can be split into `parts` parts: 1 to [`MAX_PARTS`].
pub fn check_parts(parts: usize) -> Result<(), PartError> {
    if (1..=MAX_PARTS).contains(&parts) {
        Ok(())
    } else {
        Err(PartError::Parts(parts))
    }
}

/// Runs an engine to the end of its tree; `Some` if the flag or the deadline stopped it.
fn run_to_end(engine: &mut AnyEngine, halt: &Halt) -> Option<StopReason> {
    loop {
        let until = engine.nodes().saturating_add(CHECK_INTERVAL);
        match engine.run(until) {
            Event::Done => return None,
            Event::Solution => {}
            Event::Paused => {
                if let Some(reason) = halt.check() {
                    return Some(reason);
                }
            }
        }
    }
}

/// What one call of [`Search::step`] ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A solution was found; read it with [`Search::solution`].
    Solution,
    /// The node allowance of this call was used; call again to go on.
    Paused,
    /// The search is over (the whole tree, or a limit, budget or flag stopped it).
    Done,
}

/// A search in progress. It is an iterator of solutions, and can also be driven in slices of
/// nodes with [`Search::step`] to show [`Search::progress`] or stop it between slices.
#[derive(Debug, Clone)]
pub struct Search {
    engine: AnyEngine,
    limit: u64,
    budget: u64,
    halt: Halt,
    /// The node count at which the flag and the clock are next looked at.
    next_check: u64,
    stopped: Option<StopReason>,
}

impl Search {
    /// Searches on until a solution, the end of the search, or `nodes` more tree nodes.
    pub fn step(&mut self, nodes: u64) -> Step {
        if self.stopped.is_some() || self.engine.is_done() {
            return Step::Done;
        }
        if self.engine.solutions() >= self.limit {
            self.stopped = Some(StopReason::Limit);
            return Step::Done;
        }
        let end = self.engine.nodes().saturating_add(nodes);
        loop {
            // The flag and the clock are looked at every slice of nodes, whether or not the
            // slice ended at a solution (a search rich in solutions finds one every few nodes).
            if self.engine.nodes() >= self.next_check {
                self.next_check = self.engine.nodes().saturating_add(CHECK_INTERVAL);
                if let Some(reason) = self.halt.check() {
                    self.stopped = Some(reason);
                    return Step::Done;
                }
            }
            let until = end.min(self.budget).min(self.next_check);
            match self.engine.run(until) {
                Event::Solution => return Step::Solution,
                Event::Done => return Step::Done,
                Event::Paused => {
                    if self.engine.nodes() >= self.budget {
                        self.stopped = Some(StopReason::Budget);
                        return Step::Done;
                    }
                    if self.engine.nodes() >= end {
                        return Step::Paused;
                    }
                }
            }
        }
    }

    /// The solution just found, as sorted option indices.
    pub fn solution(&self) -> Vec<usize> {
        let mut s = self.engine.solution();
        s.sort_unstable();
        s
    }

    /// The solution just found, options in the order the search chose them.
    pub fn solution_in_search_order(&self) -> Vec<usize> {
        self.engine.solution()
    }

    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        self.engine.stats()
    }

    /// An estimate, between 0 and 1, of how much of the search tree has been explored.
    pub fn progress(&self) -> f64 {
        self.engine.progress()
    }

    /// Why the search stopped early, if it did.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }
}

impl Iterator for Search {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        loop {
            match self.step(u64::MAX) {
                Step::Solution => return Some(self.solution()),
                Step::Done => return None,
                Step::Paused => {}
            }
        }
    }
}
