//! [`Grade`]: a puzzle's difficulty as HoDoKu 2.2.0 computes it from a solve path.
//!
//! Every step adds its technique's score (singles included); the level is the highest level
//! of any technique used, then raised while the score is above that level's maximum
//! (Easy 800, Medium 1000, Hard 1600, Unfair 1800; scaled by the number of cells for grids
//! other than 9x9, which HoDoKu does not grade). Brute Force, HoDoKu's last resort, makes a
//! path complete for every puzzle with one solution; a path that did not reach the solution
//! is "beyond" (the position has no solution, or several).

use std::fmt;

use serde::Serialize;

use crate::logic::SolvePath;
use crate::technique::{Level, Technique};

/// The grade of a solve path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Grade {
    /// The level, `None` when the path is stuck ("beyond").
    pub level: Option<Level>,
    /// The sum of the step scores (of the steps taken so far, when beyond).
    pub score: u32,
    /// The technique of the highest level used (the latest such in the path), if any step
    /// was taken.
    pub hardest: Option<Technique>,
    /// Steps taken.
    pub steps: usize,
}

impl Grade {
    /// Whether the path needed a guess (Brute Force): such a puzzle has a grade, but no
    /// logical solution the techniques know.
    pub fn guessed(&self) -> bool {
        self.hardest == Some(Technique::BruteForce)
    }

    /// The grade of a path.
    pub fn of_path(path: &SolvePath) -> Grade {
        let score = path.steps.iter().map(|s| s.technique.score()).sum();
        let hardest = path
            .steps
            .iter()
            .map(|s| s.technique)
            .max_by_key(|t| (t.level(), t.score()));
        let level = path.is_solved().then(|| {
            let mut level = hardest.map_or(Level::Easy, Technique::level);
            let cells = path.end.size() * path.end.size();
            while score > level.max_score_for(cells) {
                level = level.next();
            }
            level
        });
        Grade {
            level,
            score,
            hardest,
            steps: path.steps.len(),
        }
    }
}

impl Grade {
    /// The grade in words in `lang`: `hard (1234)`, or in Chinese `困难（1234 分）`;
    /// `beyond (after 42 steps, 700)` / `超出评级（42 步后，700 分）`.
    pub fn text(&self, lang: crate::Lang) -> String {
        match (lang, self.level) {
            (crate::Lang::En, _) => self.to_string(),
            (crate::Lang::Zh, Some(level)) => {
                format!("{}（{} 分）", level.name_zh(), self.score)
            }
            (crate::Lang::Zh, None) => {
                format!("超出评级（{} 步后，{} 分）", self.steps, self.score)
            }
        }
    }
}

impl fmt::Display for Grade {
    /// `hard (1234)`, or `beyond (after 42 steps, 700)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.level {
            Some(level) => write!(f, "{level} ({})", self.score),
            None => write!(f, "beyond (after {} steps, {})", self.steps, self.score),
        }
    }
}
