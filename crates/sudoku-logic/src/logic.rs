//! [`Logic`]: the entry point — every step at a position, the solve path a person would follow,
//! and the grade.

use std::cell::RefCell;

use sudoku_core::{Grid, Layout};

use crate::bits::{self, CellSet};
use crate::candidates::{Candidates, CandidatesError};
use crate::geometry::Geometry;
use crate::grade::Grade;
use crate::queue::SinglesQueue;
use crate::quick::SinglesCheck;
use crate::step::Step;
use crate::technique::{Level, Technique};
use crate::techniques::{Ctx, Family, Memo, Options};

/// The human-style solver for one layout. Build it once per layout (it precomputes the house
/// and peer sets) and use it for any number of positions.
///
/// ```
/// use sudoku_core::{Grid, Layout};
/// use sudoku_logic::{Level, Logic, Technique};
///
/// let grid: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()
///         .unwrap();
/// let logic = Logic::new(&Layout::classic());
/// let path = logic.solve_path(&grid).unwrap();
/// assert!(path.is_solved());
/// assert!(path.steps.iter().all(|s| s.technique.level() == Level::Easy));
/// let grade = path.grade();
/// assert_eq!(grade.level, Some(Level::Easy));
/// ```
#[derive(Debug, Clone)]
pub struct Logic {
    tables: Tables,
    options: Options,
}

/// Evaluates `$body` with `$s` bound to the [`Solver`] of `$logic`'s width: the one `match`
/// that turns a [`Logic`] call into the code compiled for its [`Tables`].
macro_rules! with_solver {
    ($logic:expr, |$s:ident| $body:expr) => {{
        let logic: &Logic = $logic;
        let options = &logic.options;
        match &logic.tables {
            Tables::W2(g) => {
                let $s = Solver { g, options };
                $body
            }
            Tables::W4(g) => {
                let $s = Solver { g, options };
                $body
            }
            Tables::W10(g) => {
                let $s = Solver { g, options };
                $body
            }
            Tables::W20(g) => {
                let $s = Solver { g, options };
                $body
            }
        }
    }};
}

/// How a solve path ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Every cell is filled.
    Solved,
    /// No implemented technique applies: the puzzle needs more than this crate knows (or has
    /// several solutions).
    Stuck,
    /// An empty cell lost every candidate: the givens (or the starting pencil marks) admit no
    /// solution.
    Broken(sudoku_core::Cell),
    /// The caller stopped the path between two steps ([`Logic::solve_path_while`]): a time
    /// limit or an interrupt.
    Halted,
}

/// The steps taken from a position until it was solved or no technique applied.
#[derive(Debug, Clone)]
pub struct SolvePath {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The position after the last step (where the path got stuck, if it did).
    pub end: Candidates,
    /// How it ended.
    pub outcome: Outcome,
}

impl SolvePath {
    /// Whether the path solved the puzzle.
    pub fn is_solved(&self) -> bool {
        self.outcome == Outcome::Solved
    }

    /// HoDoKu's grade of the path (`level` is `None`, "beyond", unless it is solved).
    pub fn grade(&self) -> Grade {
        Grade::of_path(self)
    }
}

impl Logic {
    /// A solver for a layout with HoDoKu's default options.
    pub fn new(layout: &Layout) -> Logic {
        Logic::with_options(layout, Options::default())
    }

    /// A solver with explicit options.
    pub fn with_options(layout: &Layout, options: Options) -> Logic {
        Logic {
            tables: Tables::new(layout),
            options,
        }
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        with_solver!(self, |s| s.g.layout())
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// How many 64-bit words the solver's cell sets use: the narrowest width that holds the
    /// layout (2 for a 9x9 grid, up to 20 for 35x35). The house and peer sets it precomputes
    /// are a [`Geometry`] of that width; build one with `Geometry::<W>::new` to read them.
    pub fn cell_set_words(&self) -> usize {
        with_solver!(self, |s| s.width())
    }

    /// The starting position of a puzzle: givens placed, all other candidates open.
    pub fn start(&self, grid: &Grid) -> Result<Candidates, CandidatesError> {
        Candidates::from_grid(self.layout(), grid)
    }

    /// Every instance of every implemented technique at a position, families in search
    /// order. Steps with the same technique, digits and effect are reported once.
    pub fn find_all_steps(&self, pos: &Candidates) -> Vec<Step> {
        with_solver!(self, |s| s.find_all_steps(pos))
    }

    /// Every instance of one technique at a position (empty if it is not implemented).
    pub fn find_steps(&self, pos: &Candidates, technique: Technique) -> Vec<Step> {
        with_solver!(self, |s| s.find_steps(pos, technique))
    }

    /// The easiest step at a position: the first hit in HoDoKu's search order.
    pub fn next_step(&self, pos: &Candidates) -> Option<Step> {
        with_solver!(self, |s| s.next_step(pos))
    }

    /// [`Logic::grade_within`] for a puzzle that `check` has just found the Medium techniques
    /// do not solve (its last run was on `grid`): the same answer, found for much less when
    /// the puzzle needs a technique harder than `cap`, as most of those the generator grades
    /// do.
    ///
    /// A path takes a step harder than Medium only where singles and the Medium techniques
    /// stall, and those stall at the same position whatever their order; `check` reaches it
    /// without building steps. So the path's harder steps are found first, each at its
    /// stall with the techniques that decide `cap` (HoDoKu's order up to its last technique
    /// of level `cap` or easier), and a step above `cap`, or none, settles it without the
    /// rest of the path. Otherwise the path is followed in full for the score, keeping what
    /// the first pass learnt (the fish searches that found nothing, and the steps at the
    /// stalls).
    pub fn grade_past_medium(
        &self,
        check: &mut SinglesCheck,
        grid: &Grid,
        cap: Level,
    ) -> Result<Option<Grade>, CandidatesError> {
        let start = self.start(grid)?;
        Ok(with_solver!(self, |s| s.grade_past_medium(check, start, cap)))
    }

    /// Adds to a single found at `pos` what makes it one (the placed digits its cell sees, or
    /// that keep its digit out of the rest of its house), so that its explanation can say
    /// why; other steps are left as they are. Hints do it; a solve path does not (the rating
    /// needs no reasons), so a walkthrough does it step by step.
    pub fn explain_single(&self, pos: &Candidates, step: &mut Step) {
        with_solver!(self, |s| crate::techniques::singles::annotate(
            s.g, pos, step
        ))
    }

    /// Adds to locked candidates seen without pencil marks (the 区块 of an intuitive step)
    /// why they are locked: for each other empty cell of the base house, a placed copy of
    /// the digit that it sees, as `Seen` highlights ([`crate::Logic::intuitive_step`]).
    pub(crate) fn explain_locked(&self, pos: &Candidates, step: &mut Step) {
        with_solver!(self, |s| crate::techniques::singles::annotate_locked(
            s.g, pos, step
        ))
    }

    /// The solve path of a puzzle from its givens.
    pub fn solve_path(&self, grid: &Grid) -> Result<SolvePath, CandidatesError> {
        Ok(self.solve_path_from(self.start(grid)?))
    }

    /// The solve path from a position: always the easiest step, until solved or stuck.
    pub fn solve_path_from(&self, pos: Candidates) -> SolvePath {
        self.solve_path_while(pos, &mut || true)
    }

    /// [`Logic::solve_path_from`], asking `keep_going` before each step: when it says no,
    /// the path ends there, [`Outcome::Halted`]. On the largest grids a path can take
    /// minutes; this bounds it by a deadline or an interrupt.
    pub fn solve_path_while(
        &self,
        pos: Candidates,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> SolvePath {
        with_solver!(self, |s| s.solve_path_from(pos, keep_going))
    }

    /// The solve path when singles alone solve the puzzle, else `None`. Singles come first in
    /// HoDoKu's order, so such a path is exactly [`Logic::solve_path`]'s; it is much cheaper
    /// because no other technique is searched for (the generator tests every removal of an
    /// easy puzzle with it).
    pub fn singles_path(&self, grid: &Grid) -> Result<Option<SolvePath>, CandidatesError> {
        let pos = self.start(grid)?;
        Ok(with_solver!(self, |s| s.singles_path(pos)))
    }

    /// The grade of a puzzle.
    pub fn grade(&self, grid: &Grid) -> Result<Grade, CandidatesError> {
        Ok(self.solve_path(grid)?.grade())
    }

    /// The grade of a puzzle if its level is `cap` or easier, else `None` (also for a puzzle
    /// the techniques cannot finish). The same grade as [`Logic::grade`] whenever it is
    /// `Some`, found for less: the search stops at the first step above `cap` or once the
    /// score passes `cap`'s limit, and techniques that come after every technique of level
    /// `cap` or below in HoDoKu's order are never searched for. The generator grades most of
    /// its candidates this way, since it only wants to know whether they reach one level.
    pub fn grade_within(&self, grid: &Grid, cap: Level) -> Result<Option<Grade>, CandidatesError> {
        let pos = self.start(grid)?;
        Ok(with_solver!(self, |s| s.grade_within(pos, cap)))
    }
}

/// The geometry of a layout at the narrowest cell-set width that holds it.
///
/// Every technique intersects cell sets, and an operation costs one step per word whatever
/// the grid, so a fixed width for the largest grid (20 words for 35x35) made a 9x9 solve,
/// which needs 2, about a tenth slower. The techniques are generic over the width instead,
/// and this enum holds one geometry at one of a few widths ([`bits::WIDTHS`]); each public
/// method of [`Logic`] matches on it once and runs the code compiled for that width.
#[derive(Debug, Clone)]
enum Tables {
    /// Up to 128 cells (9x9 and smaller).
    W2(Geometry<2>),
    /// Up to 256 cells (16x16).
    W4(Geometry<4>),
    /// Up to 640 cells (25x25).
    W10(Geometry<10>),
    /// Up to 1280 cells (the largest, 35x35).
    W20(Geometry<{ bits::MAX_WORDS }>),
}

impl Tables {
    fn new(layout: &Layout) -> Tables {
        match bits::width_for(layout.size() * layout.size()) {
            2 => Tables::W2(Geometry::new(layout)),
            4 => Tables::W4(Geometry::new(layout)),
            10 => Tables::W10(Geometry::new(layout)),
            _ => Tables::W20(Geometry::new(layout)),
        }
    }
}

/// The solver at one cell-set width: what [`Logic`]'s methods do once they have matched on
/// the width of its [`Tables`].
struct Solver<'a, const W: usize> {
    g: &'a Geometry<W>,
    options: &'a Options,
}

impl<const W: usize> Solver<'_, W> {
    fn width(&self) -> usize {
        W
    }

    fn find_all_steps(&self, pos: &Candidates) -> Vec<Step> {
        let ctx = Ctx::new(self.g, pos, self.options);
        let mut out = Vec::new();
        for family in Family::ALL.into_iter().filter(|f| f.in_all_steps()) {
            family.find(&ctx, &mut out);
        }
        out.sort_by_key(|s| s.technique.order());
        out
    }

    fn find_steps(&self, pos: &Candidates, technique: Technique) -> Vec<Step> {
        let Some(family) = Family::of(technique) else {
            return Vec::new();
        };
        let ctx = Ctx::new(self.g, pos, self.options);
        let mut out = Vec::new();
        family.find(&ctx, &mut out);
        out.retain(|s| s.technique == technique);
        out
    }

    fn next_step(&self, pos: &Candidates) -> Option<Step> {
        let mut queue = SinglesQueue::new(self.g, pos);
        self.next_step_queued(pos, &mut queue, &RefCell::default())
    }

    fn grade_past_medium(
        &self,
        check: &mut SinglesCheck,
        start: Candidates,
        cap: Level,
    ) -> Option<Grade> {
        let layout = self.g.layout();
        let order = search_prefix(cap);
        let past_medium = order
            .iter()
            .position(|t| t.level() > Level::Medium)
            .map_or(&[][..], |i| &order[i..]);
        let memo = RefCell::default();
        let mut pos = start.clone();
        check.update(layout, &mut pos);
        let mut stalls = Vec::new();
        loop {
            let step = self.first_step_within(&pos, &memo, past_medium, cap)?;
            let before = pos.clone();
            pos.apply(layout, &step);
            stalls.push((before, step));
            if check.level_needed_at(&pos).is_some() {
                break;
            }
            check.update(layout, &mut pos);
        }
        self.grade_within_memo(start, cap, &memo, &stalls)
    }

    /// [`Solver::next_step_beyond_singles`] when it is no harder than `cap`, else `None`,
    /// found for less where the search order mixes levels past the first technique above
    /// `cap` (at Hard: finned Swordfish and Jellyfish and Sue de Coq, then colouring): after
    /// the techniques before that one find nothing, the step is within `cap` only if one of
    /// the later techniques within `cap` applies, so those are looked for first, and the
    /// rest (Sue de Coq's long search) only when one does.
    fn first_step_within(
        &self,
        pos: &Candidates,
        memo: &RefCell<Memo<W>>,
        order: &[Technique],
        cap: Level,
    ) -> Option<Step> {
        let split = order.iter().position(|t| t.level() > cap);
        let (head, tail) = order.split_at(split.unwrap_or(order.len()));
        if let Some(step) = self.next_step_beyond_singles(pos, memo, head) {
            return Some(step);
        }
        let within: Vec<Technique> = tail.iter().copied().filter(|t| t.level() <= cap).collect();
        self.next_step_beyond_singles(pos, memo, &within)?;
        self.next_step_beyond_singles(pos, memo, tail)
            .filter(|step| step.technique.level() <= cap)
    }

    /// The easiest step, singles taken from HoDoKu's queues (see [`crate::queue`]).
    fn next_step_queued(
        &self,
        pos: &Candidates,
        queue: &mut SinglesQueue,
        memo: &RefCell<Memo<W>>,
    ) -> Option<Step> {
        self.next_step_among(pos, queue, memo, Technique::ALL)
    }
    /// The easiest step among a prefix of HoDoKu's search order (`None` if none of those
    /// techniques applies).
    fn next_step_among(
        &self,
        pos: &Candidates,
        queue: &mut SinglesQueue,
        memo: &RefCell<Memo<W>>,
        order: &[Technique],
    ) -> Option<Step> {
        if let Some(step) = self.next_single(queue) {
            return Some(step);
        }
        self.next_step_beyond_singles(pos, memo, order)
    }

    /// The first single in HoDoKu's order: full house, naked, hidden.
    fn next_single(&self, queue: &mut SinglesQueue) -> Option<Step> {
        let g = self.g;
        queue
            .full_house(g)
            .or_else(|| queue.naked_single(g))
            .or_else(|| queue.hidden_single(g))
    }

    /// [`Solver::next_step_among`] once the singles are known to find nothing.
    fn next_step_beyond_singles(
        &self,
        pos: &Candidates,
        memo: &RefCell<Memo<W>>,
        order: &[Technique],
    ) -> Option<Step> {
        let g = self.g;
        let mut ctx = Ctx::new(g, pos, self.options);
        ctx.first_only = true;
        ctx.memo = Some(memo);
        let mut cache: Vec<(Family, Vec<Step>)> = Vec::new();
        // Which Medium searches may find something here, on the classic layout (asked once,
        // when the first of them comes up): most positions past the singles have none of
        // their steps.
        let mut medium = None;
        for &t in order {
            if !t.in_path() {
                continue;
            }
            if t == Technique::BruteForce {
                return crate::techniques::brute_force::step(g, pos);
            }
            let Some(family) = Family::of(t).filter(|&f| f != Family::Singles) else {
                continue;
            };
            if family.is_medium()
                && let Some(tests) =
                    medium.get_or_insert_with(|| g.is_classic().then(|| ctx.medium_tests()))
                && !tests.admits(family)
            {
                continue;
            }
            let k = match cache.iter().position(|(f, _)| *f == family) {
                Some(k) => k,
                None => {
                    let mut found = Vec::new();
                    family.find(&ctx, &mut found);
                    cache.push((family, found));
                    cache.len() - 1
                }
            };
            // Techniques sharing a place in the order are one search in HoDoKu (a nice-loop
            // search returns the best loop or AIC of any kind): the first step of any of them.
            let hit = cache[k].1.iter().find(|s| s.technique.order() == t.order());
            if let Some(step) = hit {
                return Some(step.clone());
            }
        }
        None
    }

    fn solve_path_from(
        &self,
        mut pos: Candidates,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> SolvePath {
        let g = self.g;
        let mut queue = SinglesQueue::new(g, &pos);
        let memo = RefCell::default();
        let mut steps = Vec::new();
        let mut watch = Watch::new(&pos);
        let outcome = loop {
            if watch.empty == 0 {
                break Outcome::Solved;
            }
            if let Some(cell) = watch.dead {
                break Outcome::Broken(cell);
            }
            if !keep_going() {
                break Outcome::Halted;
            }
            let Some(step) = self.next_step_queued(&pos, &mut queue, &memo) else {
                break Outcome::Stuck;
            };
            queue.apply(g, &step);
            watch.apply(g, &mut pos, &step);
            steps.push(step);
        };
        SolvePath {
            steps,
            end: pos,
            outcome,
        }
    }

    fn singles_path(&self, mut pos: Candidates) -> Option<SolvePath> {
        let g = self.g;
        let mut queue = SinglesQueue::new(g, &pos);
        let mut steps = Vec::new();
        let mut watch = Watch::new(&pos);
        while watch.empty > 0 {
            let single = queue.full_house(g).or_else(|| queue.naked_single(g));
            let step = single.or_else(|| queue.hidden_single(g))?;
            queue.apply(g, &step);
            watch.apply(g, &mut pos, &step);
            steps.push(step);
        }
        Some(SolvePath {
            steps,
            end: pos,
            outcome: Outcome::Solved,
        })
    }

    fn grade_within(&self, pos: Candidates, cap: Level) -> Option<Grade> {
        self.grade_within_memo(pos, cap, &RefCell::default(), &[])
    }

    /// [`Solver::grade_within`] with what an earlier search of the same path knows: its
    /// `memo`, and `stalls`, positions where singles and the Medium techniques find nothing
    /// with the step taken there, which is the step the path takes if it gets there.
    fn grade_within_memo(
        &self,
        mut pos: Candidates,
        cap: Level,
        memo: &RefCell<Memo<W>>,
        stalls: &[(Candidates, Step)],
    ) -> Option<Grade> {
        let order = search_prefix(cap);
        let max_score = cap.max_score_for(pos.size() * pos.size());
        let g = self.g;
        let mut queue = SinglesQueue::new(g, &pos);
        let (mut steps, mut score) = (Vec::new(), 0);
        let mut watch = Watch::new(&pos);
        while watch.empty > 0 {
            if watch.dead.is_some() {
                return None;
            }
            let step = match self.next_single(&mut queue) {
                Some(single) => single,
                None => match stalls.iter().find(|(at, _)| *at == pos) {
                    Some((_, step)) => step.clone(),
                    None => self.next_step_beyond_singles(&pos, memo, order)?,
                },
            };
            score += step.technique.score();
            if step.technique.level() > cap || score > max_score {
                return None;
            }
            queue.apply(g, &step);
            watch.apply(g, &mut pos, &step);
            steps.push(step);
        }
        let path = SolvePath {
            steps,
            end: pos,
            outcome: Outcome::Solved,
        };
        Some(path.grade())
    }
}

/// What a path asks before each step, kept up to date as steps are applied: how many
/// cells are empty, and the first empty cell left without a candidate.
///
/// Asking the position itself reads every cell before every step, a fiftieth of a path's
/// time on diabolical puzzles; a step can empty only the cells it eliminates from and the
/// peers of the cells it fills, and before it there was no such cell, so the first one
/// after it is the first of those.
struct Watch {
    empty: usize,
    dead: Option<sudoku_core::Cell>,
}

impl Watch {
    fn new(pos: &Candidates) -> Watch {
        Watch {
            empty: pos.values().iter().filter(|&&v| v == 0).count(),
            dead: pos.dead_cell(),
        }
    }

    /// Applies `step` to `pos` and notes what it changed.
    fn apply<const W: usize>(&mut self, g: &Geometry<W>, pos: &mut Candidates, step: &Step) {
        let n = g.size();
        let (mut touched, mut filled) = (CellSet::<W>::EMPTY, CellSet::<W>::EMPTY);
        for p in &step.placements {
            let i = p.cell.index(n);
            if pos.values()[i] == 0 {
                filled.insert(i);
            }
            touched = touched.or(g.peers(i));
        }
        self.empty -= filled.len();
        for e in &step.eliminations {
            touched.insert(e.cell.index(n));
        }
        pos.apply(g.layout(), step);
        let (values, masks) = (pos.values(), pos.masks());
        // A cell dead before stays dead (nothing is placed in a cell without candidates);
        // a path that goes on past one (`singles_path` does not ask) keeps the first.
        let before = self.dead.map(|c| c.index(n));
        let dead = touched.iter().find(|&i| values[i] == 0 && masks[i] == 0);
        self.dead = before.into_iter().chain(dead).min().map(|i| g.cell(i));
    }
}

/// The part of HoDoKu's search order that decides whether a path stays within `cap`: every
/// technique up to the last one of level `cap` or easier. Harder techniques inside it (the
/// finned fish of Unfair come before the colourings of Hard) are kept, because one of them
/// found first would be the step the full search takes.
fn search_prefix(cap: Level) -> &'static [Technique] {
    let end = Technique::ALL
        .iter()
        .rposition(|t| t.level() <= cap)
        .map_or(0, |i| i + 1);
    &Technique::ALL[..end]
}

/// Every step at a position of a layout (builds a [`Logic`]; keep one to solve many).
pub fn find_all_steps(layout: &Layout, pos: &Candidates) -> Vec<Step> {
    Logic::new(layout).find_all_steps(pos)
}

/// The solve path of a puzzle (builds a [`Logic`]; keep one to solve many).
pub fn solve_path(layout: &Layout, grid: &Grid) -> Result<SolvePath, CandidatesError> {
    Logic::new(layout).solve_path(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Shape;
    use sudoku_core::dig::{DigOptions, Digger};

    /// On dug puzzles of every level, the capped grade is the full grade when that is within
    /// the cap and `None` otherwise.
    #[test]
    fn grade_within_agrees_with_grade() {
        let layout = Layout::classic();
        let logic = Logic::new(&layout);
        let mut digger = Digger::new(layout.clone());
        let caps = [
            Level::Easy,
            Level::Medium,
            Level::Hard,
            Level::Unfair,
            Level::Extreme,
        ];
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..60 {
            let dug = digger.generate(&DigOptions::default(), seed).unwrap();
            let full = logic.grade(&dug.puzzle).unwrap();
            seen.insert(full.level);
            for cap in caps {
                let capped = logic.grade_within(&dug.puzzle, cap).unwrap();
                let within = full.level.is_some_and(|l| l <= cap);
                assert_eq!(capped.is_some(), within, "{} {cap}", dug.puzzle);
                if let Some(grade) = capped {
                    assert_eq!(grade, full, "{}", dug.puzzle);
                }
            }
        }
        assert!(seen.len() >= 4, "a mix of levels: {seen:?}");
    }

    /// Where the Medium techniques do not solve a puzzle, the grade found from their stalls
    /// is the capped grade, for every cap above Medium.
    #[test]
    fn grade_past_medium_agrees_with_grade_within() {
        let layout = Layout::classic();
        let logic = Logic::new(&layout);
        let mut check = SinglesCheck::new(&layout);
        let mut digger = Digger::new(layout.clone());
        let (mut graded, mut within) = (0, 0);
        for seed in 0..150 {
            let dug = digger.generate(&DigOptions::default(), seed).unwrap();
            if check.level_needed(&dug.puzzle).is_some() {
                continue;
            }
            for cap in [Level::Hard, Level::Unfair, Level::Extreme] {
                let fast = logic
                    .grade_past_medium(&mut check, &dug.puzzle, cap)
                    .unwrap();
                assert_eq!(fast, logic.grade_within(&dug.puzzle, cap).unwrap(), "{cap}");
                check.level_needed(&dug.puzzle); // where the next cap starts
                graded += 1;
                within += usize::from(fast.is_some());
            }
        }
        assert!(
            graded >= 100 && within >= 30 && graded - within >= 30,
            "{graded} {within}"
        );
    }

    /// A path asked to stop ends there, halted, with the steps taken before; the same steps
    /// as the start of the whole path.
    #[test]
    fn a_path_stops_when_asked() {
        let grid: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let logic = Logic::new(&Layout::classic());
        let whole = logic.solve_path(&grid).unwrap();
        let mut asked = 0;
        let mut three = || {
            asked += 1;
            asked <= 3
        };
        let cut = logic.solve_path_while(logic.start(&grid).unwrap(), &mut three);
        assert_eq!(cut.outcome, Outcome::Halted);
        assert_eq!(cut.steps, whole.steps[..3]);
        assert_eq!(cut.grade().level, None);
    }

    /// A path from pencil marks that lost a true candidate ends broken at the first empty
    /// cell left without one, as the position after its last step says, or stuck where no
    /// cell is; never solved.
    #[test]
    fn a_broken_path_ends_where_a_cell_runs_dry() {
        let layout = Layout::classic();
        let grid: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let logic = Logic::new(&layout);
        let solution = logic.solve_path(&grid).unwrap().end;
        let mut broken = 0;
        for i in (0..81).filter(|&i| grid.values()[i] == 0) {
            let mut pos = logic.start(&grid).unwrap();
            let digit = sudoku_core::Digit::new(solution.values()[i] as usize).unwrap();
            let cell = sudoku_core::Cell::from_index(i, 9);
            pos.eliminate(sudoku_core::Candidate { cell, digit });
            let path = logic.solve_path_from(pos.clone());
            for step in &path.steps {
                assert_eq!(pos.dead_cell(), None);
                pos.apply(&layout, step);
            }
            match path.outcome {
                Outcome::Broken(cell) => {
                    assert_eq!(pos.dead_cell(), Some(cell));
                    broken += 1;
                }
                Outcome::Stuck => assert_eq!(pos.dead_cell(), None),
                other => panic!("{other:?} without r{}c{}'s digit", i / 9 + 1, i % 9 + 1),
            }
        }
        assert!(broken >= 20, "{broken}");
    }

    /// Each layout gets the narrowest cell sets that hold it.
    #[test]
    fn narrowest_width() {
        for (rows, cols, words) in [(2, 2, 2), (3, 3, 2), (3, 4, 4), (4, 4, 4), (5, 5, 10)] {
            let layout = Layout::new(Shape::new(rows, cols).unwrap());
            assert_eq!(Logic::new(&layout).cell_set_words(), words, "{rows}x{cols}");
        }
        let largest = Layout::new(Shape::new(5, 7).unwrap());
        assert_eq!(Logic::new(&largest).cell_set_words(), bits::MAX_WORDS);
    }

    /// The width only changes the speed: on 16x16 puzzles the 4-word solver takes the same
    /// path, and finds the same steps where it ends, as the widest one.
    #[test]
    fn widths_agree() {
        let layout = Layout::new(Shape::new(4, 4).unwrap());
        let logic = Logic::new(&layout);
        assert_eq!(logic.cell_set_words(), 4);
        let wide_geometry = Geometry::<{ bits::MAX_WORDS }>::new(&layout);
        let wide = Solver {
            g: &wide_geometry,
            options: logic.options(),
        };
        let mut digger = Digger::new(layout.clone());
        for seed in 0..3 {
            let dug = digger.generate(&DigOptions::default(), seed).unwrap();
            let path = logic.solve_path(&dug.puzzle).unwrap();
            let wide_path = wide.solve_path_from(logic.start(&dug.puzzle).unwrap(), &mut || true);
            assert_eq!(path.steps, wide_path.steps, "{}", dug.puzzle);
            assert_eq!(path.outcome, wide_path.outcome);
            assert_eq!(
                logic.find_all_steps(&path.end),
                wide.find_all_steps(&path.end)
            );
        }
    }
}
