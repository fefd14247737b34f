//! Hints from a player's own position, in three stages that teach before they tell: first the
//! technique's name, then the technique with its digits and where to look, then the whole step.
//! Before any hint the position is checked against the solution: a wrong digit or a true
//! candidate the player removed is reported instead, since no sound step can follow from it.

use serde::Serialize;
use sudoku_core::{Candidate, Cell, Digit, DlxSolver, Grid, House, Verdict};

use crate::candidates::Candidates;
use crate::explain::{Lang, digit_list_in, house_list};
use crate::logic::Logic;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// How much a hint gives away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Stage {
    /// The technique's name only.
    Technique,
    /// Where to look: the house (or region, or a chain's start) to look at, with the
    /// technique and, unless they are the answer, its digits.
    Where,
    /// The full step.
    Step,
}

impl Stage {
    /// Stage 1, 2 or 3.
    pub fn from_number(n: u8) -> Option<Stage> {
        match n {
            1 => Some(Stage::Technique),
            2 => Some(Stage::Where),
            3 => Some(Stage::Step),
            _ => None,
        }
    }
}

/// A mistake in a player's position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Mistake {
    /// A digit that is not the solution's.
    WrongDigit {
        /// Where.
        #[serde(serialize_with = "ser_display")]
        cell: Cell,
        /// The digit the player wrote.
        #[serde(serialize_with = "ser_display")]
        placed: Digit,
    },
    /// The solution's digit was removed from a cell's pencil marks. Serialized as its cell
    /// only, and told without the digit: a hint must not give the answer away.
    RemovedTrueCandidate {
        /// The candidate.
        #[serde(rename = "cell", serialize_with = "ser_cell_of")]
        candidate: Candidate,
    },
}

fn ser_cell_of<S: serde::Serializer>(c: &Candidate, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&c.cell)
}

fn ser_display<T: std::fmt::Display, S: serde::Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

impl Mistake {
    /// One line about the mistake, naming the cell.
    pub fn explain(&self, lang: Lang) -> String {
        match (self, lang) {
            (Mistake::WrongDigit { cell, placed }, Lang::En) => {
                format!("{cell} holds {placed}, which is not its digit")
            }
            (Mistake::WrongDigit { cell, placed }, Lang::Zh) => {
                format!("{cell} 填的 {placed} 是错的")
            }
            (Mistake::RemovedTrueCandidate { candidate }, Lang::En) => format!(
                "the notes of {} no longer hold its digit: one of the candidates removed from it \
                 is its answer",
                candidate.cell
            ),
            (Mistake::RemovedTrueCandidate { candidate }, Lang::Zh) => format!(
                "{} 的候选数里已没有它的答案：被删掉的候选数中有一个正是答案",
                candidate.cell
            ),
        }
    }
}

/// What a hint request gets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Hint {
    /// The position has mistakes; fix them first.
    Mistakes {
        /// Every mistake, in cell order.
        mistakes: Vec<Mistake>,
    },
    /// The easiest step.
    Step {
        /// The step (the front end shows as much of it as the stage allows).
        step: Step,
        /// The stage asked for.
        stage: Stage,
    },
    /// The grid is full.
    Solved,
    /// No implemented technique applies.
    Stuck,
}

impl Hint {
    /// The hint's text at its stage.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Hint::Mistakes { mistakes } => {
                let lines: Vec<String> = mistakes.iter().map(|m| m.explain(lang)).collect();
                lines.join("\n")
            }
            Hint::Step { step, stage } => step.hint_text(*stage, lang),
            Hint::Solved => match lang {
                Lang::En => "The puzzle is solved.".to_string(),
                Lang::Zh => "已经解完了。".to_string(),
            },
            Hint::Stuck => match lang {
                Lang::En => "No technique known to this solver applies here.".to_string(),
                Lang::Zh => "这里没有本程序会用的技巧可用。".to_string(),
            },
        }
    }

    /// The text of an intuitive hint (singles seen from the digits alone): as [`Hint::text`],
    /// except that being stuck there means no single is in sight without pencil marks, which
    /// the player can change.
    pub fn intuitive_text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Hint::Stuck, Lang::En) => "No single is in sight from the digits alone: write the \
                candidates, or turn off hints without pencil marks."
                .to_string(),
            (Hint::Stuck, Lang::Zh) => {
                "不标候选数已找不到唯一数：请标注候选数，或关闭直观提示。".to_string()
            }
            _ => self.text(lang),
        }
    }
}

/// The English article before a technique's name: "an" before a vowel sound (`an XY-Wing`,
/// `an Almost Locked Set XZ-Rule`, `an AIC`), "a" otherwise (`a Uniqueness Test 1`).
fn article(name: &str) -> &'static str {
    match name.chars().next() {
        Some('A' | 'E' | 'I' | 'O' | 'X') => "an",
        _ => "a",
    }
}

impl Step {
    /// The step told at a stage: `Try a Naked Pair.`, `Look for a Naked Pair on 2,5 in r1.`,
    /// or the full explanation.
    pub fn hint_text(&self, stage: Stage, lang: Lang) -> String {
        match (stage, lang) {
            (Stage::Technique, Lang::En) if self.technique == Technique::BruteForce => {
                "No technique applies here: try one cell's digit (a guess).".to_string()
            }
            (Stage::Technique, Lang::Zh) if self.technique == Technique::BruteForce => {
                "这里没有可用的技巧：试填一个格的数字（试数）。".to_string()
            }
            (Stage::Technique, Lang::En) => {
                let name = self.name(lang);
                format!("Try {} {name}.", article(&name))
            }
            (Stage::Technique, Lang::Zh) => format!("试试{}。", self.name(lang)),
            (Stage::Where, _) => self.where_text(lang),
            (Stage::Step, _) => self.explain(lang),
        }
    }

    /// The technique's name in a hint: an intuitive step's combined name (区块+排除), else
    /// the technique's.
    fn name(&self, lang: Lang) -> String {
        match (self.through.is_some(), lang) {
            (true, _) => self.title(lang),
            (false, Lang::En) => self.technique.name().to_string(),
            (false, Lang::Zh) => self.technique.name_zh().to_string(),
        }
    }

    /// Stage 2: the technique, where to look (the step's `base` houses; for a chain, the box
    /// it starts in) and, except for a single (whose digit is the answer) or a chain (whose
    /// start says more), its digits; never a cell. [`Logic::point`] gives every step such a
    /// place.
    fn where_text(&self, lang: Lang) -> String {
        let houses = self.houses_with_role(Role::Base);
        let name = self.name(lang);
        let chain = !self.chains.is_empty();
        let digits = match (self.is_single() || chain || self.digits.is_empty(), lang) {
            (true, _) => String::new(),
            (false, Lang::En) => format!(" on {}", digit_list_in(&self.digits, lang)),
            (false, Lang::Zh) => format!(" {} 的", digit_list_in(&self.digits, lang)),
        };
        let place = match (houses.is_empty(), chain, lang) {
            (true, _, _) => String::new(),
            (false, false, Lang::En) => format!(" in {}", house_list(&houses)),
            (false, true, Lang::En) => format!(" starting in {}", house_list(&houses)),
            (false, false, Lang::Zh) => format!("在 {} 中", house_list(&houses)),
            (false, true, Lang::Zh) => format!("从 {} 出发", house_list(&houses)),
        };
        match lang {
            Lang::En => format!("Look for {} {name}{digits}{place}.", article(&name)),
            // 在 r1 中寻找 2、5 的显性数对。
            Lang::Zh => format!("{place}寻找{digits}{name}。"),
        }
    }

    /// A Full House, Naked or Hidden Single, seen directly or through locked candidates.
    fn is_single(&self) -> bool {
        matches!(
            self.technique,
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
        )
    }
}

impl Logic {
    /// The mistakes of a position against a solution: the wrong digits, or, when every digit
    /// is right, the removed true candidates; each in cell order.
    pub fn mistakes(&self, pos: &Candidates, solution: &Grid) -> Vec<Mistake> {
        let mut out = Vec::new();
        let mut removed = Vec::new();
        for (cell, truth) in solution.givens() {
            match pos.get(cell) {
                Some(placed) if placed != truth => out.push(Mistake::WrongDigit { cell, placed }),
                Some(_) => {}
                None if !pos.has(cell, truth) => removed.push(Mistake::RemovedTrueCandidate {
                    candidate: Candidate { cell, digit: truth },
                }),
                None => {}
            }
        }
        // A wrong digit removes true candidates from its peers by itself; those follow from
        // it and would only bury it, so candidates are reported once the digits are right.
        if out.is_empty() {
            out = removed;
        }
        out
    }

    /// A hint for a player's position. The solution is worked out from the position's givens;
    /// when it is unique, mistakes are reported first.
    pub fn hint(&self, pos: &Candidates, stage: Stage) -> Hint {
        if let Verdict::Unique(solution) = DlxSolver::new(self.layout().clone())
            .verdict(&pos.givens_grid())
            .unwrap_or(Verdict::NoSolution)
        {
            let mistakes = self.mistakes(pos, &solution);
            if !mistakes.is_empty() {
                return Hint::Mistakes { mistakes };
            }
        }
        self.hint_without_mistakes(pos, stage)
    }

    /// The hint for a position already checked for mistakes (a game that knows its solution
    /// checks them itself): solved, the next step with what makes a single one, or stuck.
    pub fn hint_without_mistakes(&self, pos: &Candidates, stage: Stage) -> Hint {
        if pos.is_solved() {
            return Hint::Solved;
        }
        match self.next_step(pos) {
            Some(mut step) => {
                self.explain_single(pos, &mut step);
                self.hint_step(step, stage)
            }
            None => Hint::Stuck,
        }
    }

    /// A step as a hint at a stage: at stage 2 it points where to look ([`Logic::point`]).
    pub fn hint_step(&self, mut step: Step, stage: Stage) -> Hint {
        if stage == Stage::Where {
            self.point(&mut step);
        }
        Hint::Step { step, stage }
    }

    /// Where stage 2 of a hint points: the step's `base` highlights, which the front ends
    /// draw at that stage. A step built on houses has them already (a fish's base lines, a
    /// subset's house, a Hidden Single's house); the others get houses here, never a cell:
    /// the box where a chain starts, the house of an almost locked set, the box of a
    /// single's cell, or the boxes of the pattern's cells (a wing, a rectangle, a
    /// colouring's first cell).
    pub fn point(&self, step: &mut Step) {
        if step.with_role(Role::Base).next().is_some() {
            return;
        }
        let mut effect: Vec<Cell> = step.placements.iter().map(|c| c.cell).collect();
        effect.extend(step.eliminations.iter().map(|c| c.cell));
        if let Some(start) = step.chains.first().and_then(|c| c.nodes.first()) {
            // Houses only: every front end tints houses at stage 2.
            if let Some(h) = start.cells.first().and_then(|&c| self.box_of(c)) {
                step.add_house(h, Role::Base);
            }
            return;
        }
        if let Some(set) = step.sets.first() {
            let cells = set.cells.clone();
            if let Some(h) = self.house_holding(&cells) {
                step.add_house(h, Role::Base);
                return;
            }
        }
        let mut cells = step.cells_with_role(Role::ColorA);
        cells.truncate(1);
        for role in [
            Role::Pattern,
            Role::LinkStrong,
            Role::Extra,
            Role::Fin,
            Role::ColorB,
        ] {
            if cells.is_empty() {
                cells = step.cells_with_role(role);
            }
        }
        if cells.is_empty() {
            cells = effect;
        }
        let mut boxes: Vec<House> = cells.iter().filter_map(|&c| self.box_of(c)).collect();
        boxes.sort();
        boxes.dedup();
        for h in boxes {
            step.add_house(h, Role::Base);
        }
    }

    /// The box (or jigsaw region) of a cell, else its row.
    fn box_of(&self, cell: Cell) -> Option<House> {
        let layout = self.layout();
        let index = cell.index(layout.size());
        let houses: Vec<House> = layout
            .houses_of(index)
            .iter()
            .map(|&h| layout.houses()[h as usize])
            .collect();
        houses
            .iter()
            .find(|h| matches!(h, House::Box(_) | House::Region(_)))
            .or(houses.first())
            .copied()
    }

    /// A house holding all the cells, a box or region first, then a row or column.
    fn house_holding(&self, cells: &[Cell]) -> Option<House> {
        let layout = self.layout();
        let first = cells.first()?;
        let index = |c: &Cell| c.index(layout.size());
        let mut houses: Vec<House> = layout
            .houses_of(index(first))
            .iter()
            .map(|&h| layout.houses()[h as usize])
            .filter(|&h| cells.iter().all(|c| layout.house_has(h, index(c))))
            .collect();
        houses.sort_by_key(|h| !matches!(h, House::Box(_) | House::Region(_)));
        houses.first().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Layout;

    const PUZZLE: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn articles_follow_the_sound() {
        let text = |t: Technique| Step::new(t, vec![]).hint_text(Stage::Technique, Lang::En);
        assert_eq!(text(Technique::XyWing), "Try an XY-Wing.");
        assert_eq!(text(Technique::AlsXz), "Try an Almost Locked Set XZ-Rule.");
        assert_eq!(text(Technique::Aic), "Try an AIC.");
        assert_eq!(text(Technique::UniquenessTest1), "Try a Uniqueness Test 1.");
        assert_eq!(text(Technique::NakedPair), "Try a Naked Pair.");
        assert!(text(Technique::BruteForce).contains("guess"));
    }

    /// Stage 2 of a Naked Single said "Look for a Naked Single on 4." and lit nothing: it
    /// names and lights the cell's box, without the digit.
    #[test]
    fn stage_two_of_a_naked_single_points_at_its_box() {
        let logic = Logic::new(&Layout::classic());
        let pos = logic.start(&PUZZLE.parse().unwrap()).unwrap();
        let hint = logic.hint(&pos, Stage::Where);
        let Hint::Step { step, .. } = &hint else {
            panic!("{hint:?}");
        };
        assert_eq!(step.technique, Technique::NakedSingle);
        assert_eq!(step.houses_with_role(Role::Base), [House::Box(4)]);
        assert_eq!(hint.text(Lang::En), "Look for a Naked Single in b5.");
        assert_eq!(hint.text(Lang::Zh), "在 b5 中寻找唯一余数。");
        // Stage 3 is the step as found, without the pointer.
        let Hint::Step { step, .. } = logic.hint(&pos, Stage::Step) else {
            panic!("a step");
        };
        assert!(step.houses_with_role(Role::Base).is_empty());
        // A step on houses keeps its own, and names its digits (the pattern's, not the
        // answer).
        let d = |v| Digit::new(v).unwrap();
        let mut pair = Step::new(Technique::NakedPair, vec![d(2), d(5)]);
        pair.add_house(House::Row(0), Role::Base);
        logic.point(&mut pair);
        assert_eq!(pair.houses_with_role(Role::Base), [House::Row(0)]);
        assert_eq!(
            pair.hint_text(Stage::Where, Lang::En),
            "Look for a Naked Pair on 2,5 in r1."
        );
        assert_eq!(
            pair.hint_text(Stage::Where, Lang::Zh),
            "在 r1 中寻找 2、5 的显性数对。"
        );
    }

    #[test]
    fn stages_and_mistakes() {
        let layout = Layout::classic();
        let logic = Logic::new(&layout);
        let grid: Grid = PUZZLE.parse().unwrap();
        let mut pos = logic.start(&grid).unwrap();
        let first = logic.hint(&pos, Stage::Technique);
        assert!(first.text(Lang::En).starts_with("Try a "));
        assert!(first.text(Lang::Zh).starts_with("试试"));
        let Hint::Step { step, .. } = logic.hint(&pos, Stage::Where) else {
            panic!("a step");
        };
        assert!(
            step.hint_text(Stage::Where, Lang::En)
                .starts_with("Look for a ")
        );
        // r1c1 is 4 in the solution: write 5 there.
        pos.place(&layout, Cell::new(0, 0), Digit::new(5).unwrap());
        let hint = logic.hint(&pos, Stage::Step);
        let Hint::Mistakes { mistakes } = &hint else {
            panic!("mistakes expected, got {hint:?}");
        };
        assert_eq!(
            mistakes[0],
            Mistake::WrongDigit {
                cell: Cell::new(0, 0),
                placed: Digit::new(5).unwrap()
            }
        );
        assert_eq!(
            hint.text(Lang::En).lines().next(),
            Some("r1c1 holds 5, which is not its digit")
        );
    }
}
