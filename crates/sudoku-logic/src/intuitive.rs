//! Intuitive solving (直观法): how solvers who write no pencil marks go, and how the program
//! this project learned from prints its paths. Every step starts from the digits on the board
//! alone and places one: a Full House, a Hidden Single (排除) or a Naked Single (唯余); where
//! none is in sight, a pointing or claiming (区块) seen in the head that leaves one, told as
//! one step, 区块+排除 or 区块+唯余. The locked candidates' eliminations are not kept: the
//! next step starts from the board again, as it does on paper without marks.

use sudoku_core::{Cell, Grid, House};

use crate::candidates::{Candidates, CandidatesError};
use crate::logic::{Logic, Outcome, SolvePath};
use crate::step::{Role, Step};
use crate::technique::Technique;

/// The singles in the order an intuitive solver looks for them: the last cell of a house,
/// then a digit's last place in a house, then a cell's last digit.
const SINGLES: [Technique; 3] = [
    Technique::FullHouse,
    Technique::HiddenSingle,
    Technique::NakedSingle,
];

impl Logic {
    /// The intuitive path of a puzzle: singles, with locked candidates only as the way to a
    /// single. It ends [`Outcome::Stuck`] where that is not enough: from there the puzzle needs
    /// pencil marks.
    ///
    /// ```
    /// use sudoku_core::{Grid, Layout};
    /// use sudoku_logic::{Lang, Logic};
    ///
    /// let logic = Logic::new(&Layout::classic());
    /// let grid: Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse()
    ///         .unwrap();
    /// let path = logic.intuitive_path(&grid).unwrap();
    /// assert!(path.is_solved());
    /// assert!(path.steps.iter().all(|s| s.placements.len() == 1 && s.eliminations.is_empty()));
    /// ```
    pub fn intuitive_path(&self, grid: &Grid) -> Result<SolvePath, CandidatesError> {
        let mut pos = self.start(grid)?;
        let mut steps = Vec::new();
        loop {
            if pos.is_solved() {
                return Ok(SolvePath {
                    steps,
                    end: pos,
                    outcome: Outcome::Solved,
                });
            }
            let Some(step) = self.intuitive_step(&pos) else {
                let outcome = pos.dead_cell().map_or(Outcome::Stuck, Outcome::Broken);
                return Ok(SolvePath {
                    steps,
                    end: pos,
                    outcome,
                });
            };
            for p in &step.placements {
                pos.place(self.layout(), p.cell, p.digit);
            }
            steps.push(step);
        }
    }

    /// The next intuitive step from the digits on the board of `pos` (its pencil marks are
    /// not used), with the reasons of its single; `None` when no single is in sight, not even
    /// through locked candidates.
    pub fn intuitive_step(&self, pos: &Candidates) -> Option<Step> {
        let bare = Candidates::from_grid(self.layout(), &pos.to_grid()).ok()?;
        for technique in SINGLES {
            if let Some(mut step) = first_by_box(&bare, self.find_steps(&bare, technique)) {
                self.explain_single(&bare, &mut step);
                return Some(step);
            }
        }
        let mut locked = self.find_steps(&bare, Technique::LockedCandidatesPointing);
        locked.extend(self.find_steps(&bare, Technique::LockedCandidatesClaiming));
        // 区块+排除 before 区块+唯余, as singles go.
        for technique in [Technique::HiddenSingle, Technique::NakedSingle] {
            for first in &locked {
                let mut after = bare.clone();
                after.apply(self.layout(), first);
                if let Some(mut step) = first_by_box(&after, self.find_steps(&after, technique)) {
                    self.explain_single(&after, &mut step);
                    // Without marks the reader needs why the 区块 holds, too.
                    let mut first = first.clone();
                    self.explain_locked(&bare, &mut first);
                    step.through = Some(Box::new(first));
                    return Some(step);
                }
            }
        }
        None
    }
}

/// The first of the steps, a box's before a line's: without marks a solver scans the boxes
/// first (宫排除 before 行排除 and 列排除). The finder keeps one step per placement, found by
/// the first house that shows it (rows come first), so a Hidden Single of a row whose box
/// shows it too is told here as the box's.
fn first_by_box(pos: &Candidates, steps: Vec<Step>) -> Option<Step> {
    let in_box = |s: &Step| {
        s.houses_with_role(Role::Base)
            .first()
            .is_some_and(|h| matches!(h, House::Box(_)))
    };
    if let Some(k) = steps.iter().position(in_box) {
        return steps.into_iter().nth(k);
    }
    if let Some(boxed) = steps.iter().find_map(|s| as_box_single(pos, s)) {
        return Some(boxed);
    }
    steps.into_iter().next()
}

/// A Hidden Single found by its line, as the single of its box when the box has no other
/// place for the digit either.
fn as_box_single(pos: &Candidates, step: &Step) -> Option<Step> {
    if step.technique != Technique::HiddenSingle {
        return None;
    }
    let placed = *step.placements.first()?;
    let shape = pos.shape();
    let b = shape.box_of(placed.cell);
    let (rows, cols) = (shape.box_rows(), shape.box_cols());
    let (top, left) = ((b / shape.stacks()) * rows, (b % shape.stacks()) * cols);
    let places = (top..top + rows)
        .flat_map(|r| (left..left + cols).map(move |c| Cell::new(r, c)))
        .filter(|&c| pos.get(c).is_none() && pos.has(c, placed.digit))
        .count();
    if places != 1 {
        return None;
    }
    let mut boxed = Step::new(Technique::HiddenSingle, vec![placed.digit]);
    boxed.add_house(House::Box(b as u8), Role::Base);
    boxed.place(placed);
    Some(boxed)
}

#[cfg(test)]
mod tests {
    use sudoku_core::{Cell, Grid, House, Layout};

    use crate::candidates::Candidates;
    use crate::step::Role;

    use crate::explain::Lang;
    use crate::logic::{Logic, Outcome};
    use crate::technique::Technique;

    /// Over puzzles of every level: each step places one digit, keeps no marks and is the
    /// solution's; easy ones are solved this way, hard ones stop where they need marks.
    #[test]
    fn a_path_places_one_sound_digit_a_step_and_keeps_no_marks() {
        let logic = Logic::new(&Layout::classic());
        let (mut solved, mut stuck) = (0, 0);
        let unbiased = include_str!("../tests/data/unbiased_1k.txt")
            .lines()
            .take(40);
        let top = include_str!("../tests/data/magictour_top1465.txt")
            .lines()
            .take(10);
        for line in unbiased.chain(top) {
            let grid: Grid = line.trim().parse().unwrap();
            let Ok(sudoku_core::Verdict::Unique(solution)) =
                sudoku_core::DlxSolver::new(Layout::classic()).verdict(&grid)
            else {
                panic!("one solution: {line}");
            };
            let path = logic.intuitive_path(&grid).unwrap();
            for step in &path.steps {
                assert_eq!(step.placements.len(), 1, "{step:?}");
                assert!(step.eliminations.is_empty());
                let p = step.placements[0];
                assert_eq!(solution.get(p.cell), Some(p.digit), "sound: {step:?}");
            }
            match path.outcome {
                Outcome::Solved => solved += 1,
                Outcome::Stuck => stuck += 1,
                ref other => panic!("{other:?} on {line}"),
            }
        }
        assert!(solved > 0 && stuck > 0, "{solved} solved, {stuck} stuck");
    }

    #[test]
    fn a_single_through_locked_candidates_is_one_step_with_both_reasons() {
        let logic = Logic::new(&Layout::classic());
        let mut found = None;
        for line in include_str!("../tests/data/unbiased_1k.txt")
            .lines()
            .take(300)
        {
            let grid: Grid = line.trim().parse().unwrap();
            let path = logic.intuitive_path(&grid).unwrap();
            if let Some(step) = path.steps.into_iter().find(|s| s.through.is_some()) {
                found = Some(step);
                break;
            }
        }
        let step = found.expect("some path of the first 300 needs locked candidates");
        let first = step.through.as_deref().unwrap();
        assert!(matches!(
            first.technique,
            Technique::LockedCandidatesPointing | Technique::LockedCandidatesClaiming
        ));
        let (en, zh) = (step.explain(Lang::En), step.explain(Lang::Zh));
        let title_zh = if step.technique == Technique::HiddenSingle {
            "区块+排除"
        } else {
            "区块+唯余"
        };
        assert!(zh.starts_with(title_zh), "{zh}");
        assert!(en.starts_with("Locked Candidates + "), "{en}");
        // Both reasons: the locked candidates' (their house) and the single's.
        let locked_why = first.reason(Lang::En).unwrap();
        assert!(en.contains(&locked_why), "{en}");
        assert!(!en.contains("earlier steps"), "{en}");
        assert!(!zh.contains("此前的步骤"), "{zh}");
        // Without marks the reader also needs why the 区块 holds: the placed copies of the
        // digit that keep it out of the base house's other empty cells, named.
        let blockers = first.cells_with_role(Role::Seen);
        assert!(!blockers.is_empty(), "{en}");
        for b in &blockers {
            let b = b.to_string();
            assert!(
                en.contains(&b) && zh.contains(&b),
                "{b} untold:\n{en}\n{zh}"
            );
        }
        let base = first.houses_with_role(Role::Base)[0];
        let verb = if blockers.len() == 1 { "sees" } else { "see" };
        assert!(
            en.contains(&format!("{verb} every other empty cell of {base}")),
            "{en}"
        );
        assert!(zh.contains(&format!("排除了 {base} 的其他空格")), "{zh}");
    }

    /// Without marks the boxes are scanned first: wherever a box has a digit in one place
    /// only, the path's Hidden Single is a box's (宫排除), even when its row shows it too.
    #[test]
    fn a_hidden_single_is_the_box_s_where_a_box_shows_one() {
        let layout = Layout::classic();
        let logic = Logic::new(&layout);
        let mut boxed = 0;
        for line in include_str!("../tests/data/unbiased_1k.txt")
            .lines()
            .take(30)
        {
            let grid: Grid = line.trim().parse().unwrap();
            let path = logic.intuitive_path(&grid).unwrap();
            let mut pos = Candidates::from_grid(&layout, &grid).unwrap();
            for step in &path.steps {
                // A box with one place for a digit, counted here from the digits alone.
                let bare = Candidates::from_grid(&layout, &pos.to_grid()).unwrap();
                let box_single = (0..9).any(|b| {
                    (1..=9).any(|d| {
                        let digit = sudoku_core::Digit::new(d).unwrap();
                        let cells = (0..9).map(|k| Cell::new(b / 3 * 3 + k / 3, b % 3 * 3 + k % 3));
                        cells
                            .filter(|&c| bare.get(c).is_none() && bare.has(c, digit))
                            .count()
                            == 1
                    })
                });
                if step.technique == Technique::HiddenSingle && step.through.is_none() && box_single
                {
                    let base = step.houses_with_role(Role::Base);
                    assert!(
                        matches!(base.first(), Some(House::Box(_))),
                        "{line}: {step:?}"
                    );
                    boxed += 1;
                }
                let p = step.placements[0];
                pos.place(&layout, p.cell, p.digit);
            }
        }
        assert!(boxed > 100, "{boxed} box singles");
    }
}
