//! The game's difficulty ladder, Beginner to Master, on top of the grader's levels.
//!
//! Players think in steps of a ladder, not in HoDoKu's levels: a beginner wants many givens
//! and nothing but singles, an expert wants few givens and a hard technique. Each [`Rung`] is
//! defined by the grader's [`Level`], a score range within it and a range of givens (for 9x9;
//! scaled by the number of cells for other sizes), and turns into a generator [`Request`].
//!
//! | rung | level | score | givens (9x9) |
//! |---|---|---|---|
//! | Beginner | easy | up to 500 | 36-40 |
//! | Easy | easy | any | 30-35 |
//! | Medium | medium | any | 27-32 |
//! | Hard | hard | any | 24-30 |
//! | Expert | unfair | any | 22-28 |
//! | Master | extreme | any | 20-28 |
//!
//! ```
//! use sudoku_core::{Layout, Shape};
//! use sudoku_logic::generate::Generator;
//! use sudoku_logic::ladder::Rung;
//!
//! let rung = Rung::by_id("beginner").unwrap();
//! let made = Generator::new(&Layout::classic()).generate(&rung.request(Shape::CLASSIC), 1).unwrap();
//! assert!(rung.givens.contains(&made.puzzle.given_count()));
//! assert_eq!(made.grade.level, Some(rung.level));
//! ```

use std::ops::RangeInclusive;

use serde::Serialize;
use sudoku_core::Shape;
use sudoku_core::dig::DigOptions;

use crate::generate::Request;
use crate::technique::Level;

/// One step of the ladder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rung {
    /// The id front ends and the API use (`beginner` .. `master`).
    pub id: &'static str,
    /// The English name.
    pub name_en: &'static str,
    /// The Simplified Chinese name.
    pub name_zh: &'static str,
    /// The grader's level.
    pub level: Level,
    /// The score range (within the level).
    pub scores: RangeInclusive<u32>,
    /// The range of givens for a 9x9 grid.
    pub givens: RangeInclusive<usize>,
}

/// The ladder, easiest first.
pub static LADDER: [Rung; 6] = [
    Rung {
        id: "beginner",
        name_en: "Beginner",
        name_zh: "入门",
        level: Level::Easy,
        scores: 0..=500,
        givens: 36..=40,
    },
    Rung {
        id: "easy",
        name_en: "Easy",
        name_zh: "简单",
        level: Level::Easy,
        scores: 0..=u32::MAX,
        givens: 30..=35,
    },
    Rung {
        id: "medium",
        name_en: "Medium",
        name_zh: "中等",
        level: Level::Medium,
        scores: 0..=u32::MAX,
        givens: 27..=32,
    },
    Rung {
        id: "hard",
        name_en: "Hard",
        name_zh: "困难",
        level: Level::Hard,
        scores: 0..=u32::MAX,
        givens: 24..=30,
    },
    Rung {
        id: "expert",
        name_en: "Expert",
        name_zh: "专家",
        level: Level::Unfair,
        scores: 0..=u32::MAX,
        givens: 22..=28,
    },
    Rung {
        id: "master",
        name_en: "Master",
        name_zh: "大师",
        level: Level::Extreme,
        scores: 0..=u32::MAX,
        givens: 20..=28,
    },
];

impl Rung {
    /// The rung with this id.
    pub fn by_id(id: &str) -> Option<&'static Rung> {
        LADDER.iter().find(|r| r.id == id)
    }

    /// The range of givens for a grid of this shape: the 9x9 range scaled by the number of
    /// cells (at least one given).
    pub fn givens_for(&self, shape: Shape) -> RangeInclusive<usize> {
        let cells = shape.cell_count();
        if cells == 81 {
            return self.givens.clone();
        }
        let scale = |g: usize| ((g * cells + 40) / 81).max(1);
        scale(*self.givens.start())..=scale(*self.givens.end())
    }

    /// The score range for a grid of this shape (scaled like the levels' limits, see
    /// [`crate::grade`]).
    pub fn scores_for(&self, shape: Shape) -> RangeInclusive<u32> {
        let cells = shape.cell_count() as u64;
        if cells == 81 {
            return self.scores.clone();
        }
        let scale = |s: u32| (u64::from(s) * cells / 81).min(u64::from(u32::MAX)) as u32;
        let end = match *self.scores.end() {
            u32::MAX => u32::MAX,
            e => scale(e),
        };
        scale(*self.scores.start())..=end
    }

    /// The generator request for this rung on a grid of this shape (no symmetry; set
    /// `request.dig.symmetry` to ask for one).
    pub fn request(&self, shape: Shape) -> Request {
        let givens = self.givens_for(shape);
        Request {
            level: Some(self.level),
            dig: DigOptions {
                min_givens: *givens.start(),
                max_givens: *givens.end(),
                // The top rungs need puzzles dug as deep as they go.
                minimal: false,
                ..DigOptions::default()
            },
            scores: self.scores_for(shape),
            ..Request::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_levels_rise() {
        for (i, rung) in LADDER.iter().enumerate() {
            assert_eq!(Rung::by_id(rung.id), Some(rung));
            if i > 0 {
                assert!(rung.level >= LADDER[i - 1].level);
                assert!(rung.givens.start() <= LADDER[i - 1].givens.start());
            }
        }
        assert_eq!(Rung::by_id("nope"), None);
    }

    #[test]
    fn givens_scale_with_the_grid() {
        let beginner = Rung::by_id("beginner").unwrap();
        let four = beginner.givens_for(Shape::new(2, 2).unwrap());
        assert_eq!(four, 7..=8);
        let sixteen = beginner.givens_for(Shape::new(4, 4).unwrap());
        assert!(sixteen.contains(&120), "{sixteen:?}");
        assert_eq!(beginner.givens_for(Shape::CLASSIC), 36..=40);
    }
}
