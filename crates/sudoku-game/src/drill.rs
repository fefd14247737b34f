//! The naked-single drill: a row or a column of a solved 9x9 grid with one digit hidden; the
//! player names the missing digit as fast as they can.

use exact_cover::Rng;
use serde::{Deserialize, Serialize};
use sudoku_core::dig::Digger;
use sudoku_core::{Cell, Layout};

/// Whether a question shows a row or a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    /// A row.
    Row,
    /// A column.
    Column,
}

/// One question: nine digits of a line, one of them hidden.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    /// Row or column.
    pub kind: LineKind,
    /// Which row or column, from 1.
    pub index: usize,
    /// The line's digits, `None` at the hidden one.
    pub digits: Vec<Option<u8>>,
    /// The hidden digit.
    pub answer: u8,
}

impl Question {
    /// Whether `digit` is the hidden one.
    pub fn is_correct(&self, digit: u8) -> bool {
        digit == self.answer
    }

    /// The cell of the hidden digit.
    pub fn hidden_cell(&self) -> Option<Cell> {
        let k = self.digits.iter().position(Option::is_none)?;
        let line = self.index.checked_sub(1)?;
        Some(match self.kind {
            LineKind::Row => Cell::new(line, k),
            LineKind::Column => Cell::new(k, line),
        })
    }
}

/// Makes drill questions; keep one to reuse its solver.
///
/// ```
/// use sudoku_game::Drill;
///
/// let mut drill = Drill::new();
/// let q = drill.question(42);
/// assert_eq!(q.digits.iter().filter(|d| d.is_none()).count(), 1);
/// assert!(q.is_correct(q.answer));
/// assert_eq!(drill.question(42), q);
/// ```
#[derive(Debug, Clone)]
pub struct Drill {
    digger: Digger,
}

impl Default for Drill {
    fn default() -> Drill {
        Drill::new()
    }
}

impl Drill {
    /// A drill on classic 9x9 grids.
    pub fn new() -> Drill {
        Drill {
            digger: Digger::new(Layout::classic()),
        }
    }

    /// The question for a seed: a random full grid, a random row or column of it, a random
    /// digit hidden. The same seed gives the same question.
    pub fn question(&mut self, seed: u64) -> Question {
        let mut rng = Rng::new(seed);
        let grid = self.digger.full_grid(rng.next_u64());
        let n = grid.size();
        let kind = if rng.below(2) == 0 {
            LineKind::Row
        } else {
            LineKind::Column
        };
        let line = rng.below(n as u64) as usize;
        let hidden = rng.below(n as u64) as usize;
        let mut answer = 0;
        let digits = (0..n)
            .map(|k| {
                let cell = match kind {
                    LineKind::Row => Cell::new(line, k),
                    LineKind::Column => Cell::new(k, line),
                };
                let d = grid.get(cell).map_or(0, |d| d.get() as u8);
                if k == hidden {
                    answer = d;
                    None
                } else {
                    Some(d)
                }
            })
            .collect();
        Question {
            kind,
            index: line + 1,
            digits,
            answer,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hidden_digit_is_the_missing_one() {
        let mut drill = Drill::new();
        for seed in 0..50 {
            let q = drill.question(seed);
            assert_eq!(q.digits.len(), 9);
            let mut seen: Vec<u8> = q.digits.iter().flatten().copied().collect();
            seen.push(q.answer);
            seen.sort();
            assert_eq!(seen, (1..=9).collect::<Vec<u8>>(), "seed {seed}");
            assert!(q.is_correct(q.answer));
            assert!(!q.is_correct(q.answer % 9 + 1));
            let cell = q.hidden_cell().unwrap();
            assert!(cell.row() < 9 && cell.col() < 9);
        }
        assert_ne!(drill.question(1), drill.question(2));
    }

    #[test]
    fn exactly_one_answer_is_correct() {
        let mut drill = Drill::new();
        for seed in 100..120 {
            let q = drill.question(seed);
            let right: Vec<u8> = (1..=9).filter(|&d| q.is_correct(d)).collect();
            assert_eq!(right, [q.answer], "seed {seed}");
            assert!(!q.is_correct(0) && !q.is_correct(10));
        }
    }

    #[test]
    fn the_hidden_cell_is_where_the_gap_is() {
        let mut drill = Drill::new();
        let mut kinds = Vec::new();
        for seed in 0..40 {
            let q = drill.question(seed);
            let gap = q.digits.iter().position(Option::is_none).unwrap();
            let cell = q.hidden_cell().unwrap();
            let (line, along) = match q.kind {
                LineKind::Row => (cell.row(), cell.col()),
                LineKind::Column => (cell.col(), cell.row()),
            };
            assert_eq!((line + 1, along), (q.index, gap), "seed {seed}");
            assert!((1..=9).contains(&q.index));
            kinds.push(q.kind);
        }
        assert!(kinds.contains(&LineKind::Row) && kinds.contains(&LineKind::Column));
    }

    #[test]
    fn a_question_survives_a_round_trip_through_json() {
        let q = Drill::new().question(9);
        let json = serde_json::to_string(&q).unwrap();
        assert!(
            json.contains("null"),
            "the hidden digit travels as null: {json}"
        );
        let back: Question = serde_json::from_str(&json).unwrap();
        assert_eq!(back, q);
        assert!(back.is_correct(q.answer));
    }

    #[test]
    fn a_question_without_a_gap_has_no_hidden_cell() {
        let q = Question {
            kind: LineKind::Row,
            index: 0,
            digits: vec![None; 9],
            answer: 1,
        };
        assert_eq!(q.hidden_cell(), None, "index 0 is no line");
        let full = Question {
            digits: (1..=9).map(Some).collect(),
            index: 1,
            ..q
        };
        assert_eq!(full.hidden_cell(), None);
    }
}
