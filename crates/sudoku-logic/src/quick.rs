//! [`SinglesCheck`]: does a puzzle fall to naked and hidden singles alone? A yes/no answer in
//! a few microseconds, for the generator, which asks it after every removal while it digs an
//! easy puzzle.
//!
//! [`Logic::singles_path`](crate::Logic::singles_path) answers the same question and also
//! gives HoDoKu's exact path (and so the score), but it keeps HoDoKu's singles queues and
//! builds a step per placement; that made it most of the cost of an easy puzzle. Here there
//! is only a candidate mask per cell and a sweep over the houses until nothing changes: the
//! order of the singles does not matter for whether they solve the puzzle, because placing a
//! single never removes another single's digit from its cell.
//!
//! The same check with HoDoKu's Medium techniques added says whether a puzzle is at most
//! Medium by its techniques, and where it is not, the position where they stall
//! ([`SinglesCheck::update`]) is where a HoDoKu path first needs something harder:
//! [`Logic::grade_past_medium`](crate::Logic::grade_past_medium) searches only there. (A
//! version that queued singles as counts of places dropped to one, instead of sweeping,
//! measured 1.4-1.8x slower on the generator's rungs: the sweeps are short, simple loops.)

mod classic;
mod medium;

pub(crate) use medium::{MediumTests, bands, house_subsets};

use sudoku_core::{Cell, Digit, Grid, Layout, MAX_SIZE};

use crate::bits::{DigitSet, HousePlaces, for_each_pair_or_triple};
use crate::candidates::Candidates;
use crate::technique::Level;
use classic::Classic;

/// Reusable tables and scratch space for one layout.
#[derive(Debug, Clone)]
pub struct SinglesCheck {
    n: usize,
    /// Peers of each cell.
    peers: Vec<Vec<u16>>,
    /// Cells of each house.
    houses: Vec<Vec<u16>>,
    /// Candidates of each empty cell (bit d-1 for digit d); 0 once the cell is placed.
    masks: Vec<u64>,
    /// Whether each cell holds a digit.
    /// The digit placed in each cell as its bit, 0 while the cell is empty: kept apart from
    /// `masks` so that the house sweeps run without a branch per cell.
    placed: Vec<u64>,
    /// Pairs of houses that share two cells or more: (shared cells, the rest of the first,
    /// the rest of the second), for locked candidates.
    intersections: Vec<[Vec<u16>; 3]>,
    /// On the classic layout, the whole check on bit boards ([`classic`]); `masks` and
    /// `placed` are then unused.
    classic: Option<Classic>,
}

impl SinglesCheck {
    /// The tables for a layout.
    pub fn new(layout: &Layout) -> SinglesCheck {
        let n = layout.size();
        SinglesCheck {
            n,
            peers: (0..n * n).map(|i| layout.peers(i).to_vec()).collect(),
            houses: (0..layout.houses().len())
                .map(|h| layout.house_cells(h).to_vec())
                .collect(),
            masks: vec![0; n * n],
            placed: vec![0; n * n],
            intersections: intersections(layout),
            classic: (*layout == Layout::classic()).then(Classic::new),
        }
    }

    /// Whether HoDoKu's Medium techniques solve `grid`: naked and hidden singles, then, when
    /// those stall, locked candidates (a digit of one house confined to the cells it shares
    /// with another house leaves the other house's remaining cells) and naked and hidden
    /// pairs and triples (locked pairs and triples are naked ones). Eliminations only make
    /// more of them apply, so the order does not matter and the answer is exact: a puzzle
    /// these solve is at most Medium by its techniques in HoDoKu's grading (its score may
    /// still make it Hard), and one they do not solve needs a Hard technique or harder. The
    /// generator uses this to skip grading puzzles on their way to Hard or harder.
    pub fn solves_with_medium_techniques(&mut self, grid: &Grid) -> bool {
        self.level_needed(grid).is_some()
    }

    /// The level of the hardest techniques [`SinglesCheck::solves_with_medium_techniques`]
    /// needed: `Easy` when singles alone solve `grid`, `Medium` when they stall somewhere
    /// and the Medium techniques finish it, `None` when those do not either. One run answers
    /// both questions, since the Medium techniques are tried only where singles stall.
    pub fn level_needed(&mut self, grid: &Grid) -> Option<Level> {
        self.run(grid, true)
    }

    /// [`SinglesCheck::level_needed`] of `grid`, a puzzle whose givens are those of one
    /// with `before` as its level needed, but for the `removed` cells: found for less, since
    /// once the check has placed the removed cells it holds every given of that puzzle, and
    /// from there on goes as that puzzle's check went. So it stops there, with the harder
    /// of the level it used so far and `before` (singles that place the removed cells
    /// before anything else is needed leave the level as it was). With `before` unknown
    /// (`None`), the whole check.
    pub fn level_needed_after_removal(
        &mut self,
        grid: &Grid,
        removed: &[usize],
        before: Option<Level>,
    ) -> Option<Level> {
        match before {
            None => self.level_needed(grid),
            Some(before) => {
                let level = self.run_until(grid, true, removed)?;
                Some(level.max(before))
            }
        }
    }

    /// Writes the position where the last check stopped into `pos`, the position it started
    /// from or one before that (the puzzle's, so that givens stay givens): the digits it
    /// placed and the candidates it left. After a [`SinglesCheck::level_needed`] of `None`
    /// this is where singles and the Medium techniques stall; since their eliminations
    /// commute, a HoDoKu path stalls at the same position, which is where its first step
    /// harder than Medium is taken (see [`crate::Logic::grade_past_medium`]).
    pub fn update(&self, layout: &Layout, pos: &mut Candidates) {
        for i in 0..self.n * self.n {
            let (placed, mask) = match &self.classic {
                Some(c) => (c.placed_bit(i), c.mask(i)),
                None => (self.placed[i], self.masks[i]),
            };
            let cell = Cell::from_index(i, self.n);
            if placed == 0 {
                pos.restrict(cell, DigitSet::from_bits(mask));
            } else if pos.get(cell).is_none()
                && let Some(digit) = Digit::new(placed.trailing_zeros() as usize + 1)
            {
                pos.place(layout, cell, digit);
            }
        }
    }

    /// [`SinglesCheck::level_needed`] from a position part way through a solve.
    pub fn level_needed_at(&mut self, pos: &Candidates) -> Option<Level> {
        if let Some(c) = &mut self.classic {
            c.load_position(pos.masks(), pos.values());
            return self.solve_classic(true, &[]);
        }
        self.masks.copy_from_slice(pos.masks());
        self.placed.fill(0);
        let mut left = self.n * self.n;
        for (i, &v) in pos.values().iter().enumerate() {
            if v != 0 {
                self.placed[i] = 1 << (v - 1);
                left -= 1;
            }
        }
        self.solve_from(left, true, &[])
    }

    /// Whether naked and hidden singles solve `grid` (a grid of this layout). A puzzle they
    /// solve has exactly one solution.
    pub fn solves(&mut self, grid: &Grid) -> bool {
        self.run(grid, false).is_some()
    }

    /// Singles, with the Medium techniques where they stall when `medium` is set; the level
    /// of the techniques used, `None` if the puzzle is not solved.
    fn run(&mut self, grid: &Grid, medium: bool) -> Option<Level> {
        self.run_until(grid, medium, &[])
    }

    /// [`SinglesCheck::run`], stopping once every cell of `targets` is placed (when there
    /// are any).
    fn run_until(&mut self, grid: &Grid, medium: bool, targets: &[usize]) -> Option<Level> {
        if let Some(c) = &mut self.classic {
            c.load_grid(grid.values())?;
            return self.solve_classic(medium, targets);
        }
        let n = self.n;
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        self.masks.fill(all);
        self.placed.fill(0);
        let mut left = n * n;
        for (i, &v) in grid.values().iter().enumerate() {
            if v != 0 {
                if self.masks[i] & (1 << (v - 1)) == 0 {
                    return None;
                }
                self.place(i, v as usize - 1);
                left -= 1;
            }
        }
        self.solve_from(left, medium, targets)
    }

    /// Singles (and the Medium techniques where they stall, when `medium` is set) from the
    /// current masks with `left` cells to fill, or until every cell of `targets` is placed
    /// when there are any.
    fn solve_from(&mut self, mut left: usize, medium: bool, targets: &[usize]) -> Option<Level> {
        let mut level = Level::Easy;
        let placed = |check: &SinglesCheck| targets.iter().all(|&c| check.placed[c] != 0);
        while left > 0 {
            if !targets.is_empty() && placed(self) {
                break;
            }
            let before = left;
            left = self.sweep(left)?;
            if left == before {
                if !(medium && (self.lock() || self.subsets())) {
                    return None;
                }
                level = Level::Medium;
            }
        }
        Some(level)
    }

    /// [`SinglesCheck::solve_from`] on the classic layout's bit boards.
    fn solve_classic(&mut self, medium: bool, targets: &[usize]) -> Option<Level> {
        let mut level = Level::Easy;
        loop {
            let c = self.classic.as_mut()?;
            if c.left == 0 || (!targets.is_empty() && targets.iter().all(|&t| c.is_placed(t))) {
                return Some(level);
            }
            let before = c.left;
            c.sweep()?;
            if c.left == before {
                if !medium {
                    return None;
                }
                if !(c.lock() || c.subsets()) {
                    return None;
                }
                level = Level::Medium;
            }
        }
    }

    /// One pass of naked singles over the cells and hidden singles over the houses; the
    /// number of cells left, or `None` on a contradiction.
    fn sweep(&mut self, mut left: usize) -> Option<usize> {
        for i in 0..self.n * self.n {
            if self.placed[i] != 0 {
                continue;
            }
            let m = self.masks[i];
            if m == 0 {
                return None;
            }
            if m & (m - 1) == 0 {
                self.place(i, m.trailing_zeros() as usize);
                left -= 1;
            }
        }
        for h in 0..self.houses.len() {
            let (mut once, mut twice, mut done) = (0u64, 0u64, 0u64);
            for &c in &self.houses[h] {
                let c = c as usize;
                done |= self.placed[c];
                twice |= once & self.masks[c];
                once |= self.masks[c];
            }
            let mut hidden = once & !twice & !done;
            while hidden != 0 {
                let d = hidden.trailing_zeros() as usize;
                hidden &= hidden - 1;
                let cell = self.houses[h]
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.masks[c] & (1 << d) != 0);
                // The cell may have lost the digit to a placement earlier in this loop.
                if let Some(c) = cell {
                    self.place(c, d);
                    left -= 1;
                }
            }
        }
        Some(left)
    }

    /// One pass of locked candidates over every pair of intersecting houses; whether any
    /// candidate went.
    fn lock(&mut self) -> bool {
        let mut changed = false;
        for [shared, first, second] in &self.intersections {
            let union = |cells: &[u16]| cells.iter().fold(0, |m, &c| m | self.masks[c as usize]);
            let (inside, a, b) = (union(shared), union(first), union(second));
            for (confined, other) in [(inside & !a, second), (inside & !b, first)] {
                if confined == 0 {
                    continue;
                }
                for &c in other {
                    let c = c as usize;
                    if self.masks[c] & confined != 0 {
                        self.masks[c] &= !confined;
                        changed = true;
                    }
                }
            }
        }
        changed
    }

    /// One pass of naked and hidden pairs and triples over the houses; whether any candidate
    /// went.
    fn subsets(&mut self) -> bool {
        let mut changed = false;
        for h in 0..self.houses.len() {
            changed |= self.naked(h) | self.hidden(h);
        }
        changed
    }

    /// Naked pairs and triples in house `h`: their digits leave the house's other cells.
    /// A triple found on masks a pair just narrowed is still a triple, and anything missed
    /// that way is found on the next pass, which the change makes happen.
    fn naked(&mut self, h: usize) -> bool {
        let house = &self.houses[h];
        let mut cells = [0u64; MAX_SIZE];
        for (m, &c) in cells.iter_mut().zip(house) {
            *m = self.masks[c as usize];
        }
        let mut changed = false;
        let masks = &mut self.masks;
        for_each_pair_or_triple::<MAX_SIZE>(
            cells.into_iter().enumerate(),
            &mut |inside, digits| {
                for (i, &c) in house.iter().enumerate() {
                    let c = c as usize;
                    if inside & 1 << i == 0 && masks[c] & digits != 0 {
                        masks[c] &= !digits;
                        changed = true;
                    }
                }
            },
        );
        changed
    }

    /// Hidden pairs and triples in house `h`: their cells lose every other digit.
    fn hidden(&mut self, h: usize) -> bool {
        let house = &self.houses[h];
        let cells = house.iter().map(|&c| c as usize);
        let found = HousePlaces::gather(cells, self.n, 2..=3, |c| (self.masks[c], self.placed[c]));
        let places = found
            .digits
            .iter()
            .map(|&d| d as usize)
            .zip(found.places().iter().copied());
        let mut changed = false;
        let masks = &mut self.masks;
        for_each_pair_or_triple::<MAX_SIZE>(places, &mut |keep, cells| {
            for (i, &c) in house.iter().enumerate() {
                let c = c as usize;
                if cells & 1 << i != 0 && masks[c] & !keep != 0 {
                    masks[c] &= keep;
                    changed = true;
                }
            }
        });
        changed
    }

    /// Places digit index `d` in a cell: the cell has no candidates left, and the digit
    /// leaves every peer.
    fn place(&mut self, cell: usize, d: usize) {
        let bit = 1u64 << d;
        self.masks[cell] = 0;
        self.placed[cell] = bit;
        for &p in &self.peers[cell] {
            self.masks[p as usize] &= !bit;
        }
    }
}

/// The pairs of houses of a layout sharing two cells or more, split into the shared cells
/// and each house's other cells.
fn intersections(layout: &Layout) -> Vec<[Vec<u16>; 3]> {
    let houses = layout.houses().len();
    let mut out = Vec::new();
    for a in 0..houses {
        for b in a + 1..houses {
            let (ca, cb) = (layout.house_cells(a), layout.house_cells(b));
            let shared: Vec<u16> = ca.iter().copied().filter(|c| cb.contains(c)).collect();
            if shared.len() < 2 {
                continue;
            }
            let rest = |cells: &[u16]| -> Vec<u16> {
                cells
                    .iter()
                    .copied()
                    .filter(|c| !shared.contains(c))
                    .collect()
            };
            out.push([shared.clone(), rest(ca), rest(cb)]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Logic;
    use sudoku_core::dig::Digger;
    use sudoku_core::{Cell, Digit, Shape};

    /// At every stage of digging puzzles of several sizes (a given removed at a time, in
    /// random order), the check agrees with the singles path.
    #[test]
    fn agrees_with_the_singles_path() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 3)] {
            let layout = Layout::new(Shape::new(rows, cols).unwrap());
            let logic = Logic::new(&layout);
            let mut check = SinglesCheck::new(&layout);
            let mut digger = Digger::new(layout.clone());
            let (mut yes, mut no) = (0, 0);
            for seed in 0..6 {
                let mut grid = digger.full_grid(seed);
                let n = grid.size();
                let mut rng = exact_cover::Rng::new(seed);
                let mut order: Vec<usize> = (0..n * n).collect();
                rng.shuffle(&mut order);
                for k in order {
                    grid.set(Cell::from_index(k, n), None);
                    let expected = logic.singles_path(&grid).unwrap().is_some();
                    assert_eq!(check.solves(&grid), expected, "{grid}");
                    if expected { yes += 1 } else { no += 1 }
                }
            }
            assert!(yes > 0 && no > 0, "both answers seen: {yes} {no}");
        }
    }

    /// Medium techniques solve a dug puzzle exactly when HoDoKu's path needs nothing harder
    /// than Medium techniques; and they solve more than singles alone.
    #[test]
    fn medium_techniques_solve_exactly_the_medium_puzzles() {
        let layout = Layout::classic();
        let logic = Logic::new(&layout);
        let mut check = SinglesCheck::new(&layout);
        let mut digger = Digger::new(layout.clone());
        let (mut beyond_singles, mut unsolved) = (0, 0);
        for seed in 0..80 {
            let dug = digger.generate(&Default::default(), seed).unwrap();
            let solves = check.solves_with_medium_techniques(&dug.puzzle);
            let grade = logic.grade(&dug.puzzle).unwrap();
            if solves {
                let hardest = grade.hardest.map_or(Level::Easy, |t| t.level());
                assert!(hardest <= Level::Medium, "{} {grade}", dug.puzzle);
                let by_singles = check.solves(&dug.puzzle);
                let needed = if by_singles {
                    Level::Easy
                } else {
                    Level::Medium
                };
                assert_eq!(check.level_needed(&dug.puzzle), Some(needed));
                beyond_singles += usize::from(!by_singles);
            } else {
                assert_eq!(check.level_needed(&dug.puzzle), None);
                // Not solved: the path needs a Hard technique or harder, or gets stuck.
                let hardest = grade.hardest.map(|t| t.level());
                assert!(
                    grade.level.is_none() || hardest >= Some(Level::Hard),
                    "{} {grade}",
                    dug.puzzle
                );
                unsolved += 1;
            }
        }
        assert!(
            beyond_singles > 0 && unsolved > 0,
            "{beyond_singles} {unsolved}"
        );
    }

    /// Digging grids a cell at a time in random order, keeping each removal the Medium
    /// techniques still solve, the check of each removal that starts from the level of the
    /// puzzle before says what the whole check says, whatever that is.
    #[test]
    fn a_removal_checked_from_the_level_before_gets_the_whole_answer() {
        let layout = Layout::classic();
        let mut check = SinglesCheck::new(&layout);
        let mut digger = Digger::new(layout.clone());
        let mut seen = [0; 3];
        for seed in 0..200 {
            let mut grid = digger.full_grid(seed);
            let mut before = check.level_needed(&grid);
            let mut order: Vec<usize> = (0..81).collect();
            exact_cover::Rng::new(seed).shuffle(&mut order);
            for k in order {
                let cell = Cell::from_index(k, 9);
                let digit = grid.get(cell);
                grid.set(cell, None);
                let whole = check.level_needed(&grid);
                assert_eq!(
                    check.level_needed_after_removal(&grid, &[k], before),
                    whole,
                    "{grid}"
                );
                seen[whole.map_or(2, |l| l as usize)] += 1;
                match whole {
                    Some(_) => before = whole,
                    None => grid.set(cell, digit),
                }
            }
        }
        assert!(seen.iter().all(|&n| n >= 200), "{seen:?}");
    }

    /// On the classic layout the bit boards answer as the general check does, for every
    /// stage of digging (and for random givens, clashes and all), and stop where it stops;
    /// from a position part way (the stall with one more digit of the solution placed) too.
    #[test]
    fn the_classic_boards_agree_with_the_general_check() {
        let layout = Layout::classic();
        let mut boards = SinglesCheck::new(&layout);
        let mut general = SinglesCheck::new(&layout);
        general.classic = None;
        assert!(boards.classic.is_some());
        let mut digger = Digger::new(layout.clone());
        let mut seen = [0usize; 3];
        for seed in 0..60 {
            let full = digger.full_grid(seed);
            let mut grid = full.clone();
            let mut rng = exact_cover::Rng::new(seed);
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            for k in order {
                let cell = Cell::from_index(k, 9);
                let digit = grid.get(cell);
                grid.set(cell, None);
                let level = general.level_needed(&grid);
                assert_eq!(boards.level_needed(&grid), level, "{grid}");
                assert_eq!(boards.solves(&grid), general.solves(&grid), "{grid}");
                seen[level.map_or(2, |l| l as usize)] += 1;
                if level.is_some() {
                    continue;
                }
                // Stalled: the same position from both, and from there on with one more
                // digit of the solution.
                let start = Candidates::from_grid(&layout, &grid).unwrap();
                let (mut a, mut b) = (start.clone(), start);
                general.level_needed(&grid);
                general.update(&layout, &mut a);
                boards.level_needed(&grid);
                boards.update(&layout, &mut b);
                assert_eq!(a, b, "{grid}");
                let empty = (0..81).find(|&i| a.values()[i] == 0).unwrap();
                let spot = Cell::from_index(empty, 9);
                a.place(&layout, spot, full.get(spot).unwrap());
                let mut b = a.clone();
                assert_eq!(boards.level_needed_at(&b), general.level_needed_at(&a));
                general.update(&layout, &mut a);
                boards.update(&layout, &mut b);
                assert_eq!(a, b, "{grid}");
                grid.set(cell, digit);
            }
            // Random givens: no solution, several, or one.
            let mut random = Grid::empty(Shape::CLASSIC);
            for _ in 0..12 + rng.below(30) {
                let cell = Cell::from_index(rng.below(81) as usize, 9);
                random.set(cell, Digit::new(1 + rng.below(9) as usize));
            }
            assert_eq!(
                boards.level_needed(&random),
                general.level_needed(&random),
                "{random}"
            );
        }
        assert!(seen.iter().all(|&n| n >= 50), "{seen:?}");
    }

    #[test]
    fn clashing_givens_do_not_solve() {
        let layout = Layout::classic();
        let mut check = SinglesCheck::new(&layout);
        let mut grid = Grid::empty(Shape::CLASSIC);
        grid.set(Cell::new(0, 0), Digit::new(5));
        grid.set(Cell::new(0, 8), Digit::new(5));
        assert!(!check.solves(&grid));
    }
}
