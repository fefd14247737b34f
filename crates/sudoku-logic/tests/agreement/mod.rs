//! Our grades against HoDoKu 2.2.0's on a paired-ratings file (`puzzle set ... hodoku220_level
//! hodoku220_score ...`, tab-separated, a header line first): how often the level and the score
//! agree, per set, and whether every puzzle we call "beyond" is one HoDoKu rates Unfair or
//! Extreme. Shared by the ratings test (on the repository's sample) and the `agreement`
//! example (on any file).

use std::collections::BTreeMap;

use sudoku_core::{Grid, Layout};
use sudoku_logic::Logic;

/// The counts of one set.
#[derive(Debug, Default, Clone, Copy)]
pub struct Row {
    /// Puzzles.
    pub total: usize,
    /// Puzzles we grade (not beyond).
    pub graded: usize,
    /// Graded puzzles whose level is HoDoKu's.
    pub level: usize,
    /// Graded puzzles whose score is HoDoKu's.
    pub score: usize,
    /// Beyond puzzles that HoDoKu rates Unfair or Extreme.
    pub beyond_ok: usize,
}

impl Row {
    fn add(&mut self, other: &Row) {
        self.total += other.total;
        self.graded += other.graded;
        self.level += other.level;
        self.score += other.score;
        self.beyond_ok += other.beyond_ok;
    }

    /// The share of graded puzzles whose level agrees, in percent.
    pub fn level_pct(&self) -> f64 {
        pct(self.level, self.graded)
    }

    /// The share of graded puzzles whose score agrees, in percent.
    pub fn score_pct(&self) -> f64 {
        pct(self.score, self.graded)
    }
}

/// The table: a row per set, and mismatches as text lines (up to the number asked for).
pub struct Table {
    /// Rows by set name.
    pub sets: BTreeMap<String, Row>,
    /// `puzzle ours ... hodoku ...` for the first mismatches.
    pub mismatches: Vec<String>,
}

impl Table {
    /// Grades every puzzle of the file's text.
    pub fn grade(text: &str, show: usize) -> Table {
        let logic = Logic::new(&Layout::classic());
        let mut table = Table {
            sets: BTreeMap::new(),
            mismatches: Vec::new(),
        };
        for (k, line) in text.lines().enumerate().skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            let (Some(puzzle), Some(set), Some(level), Some(score)) =
                (f.first(), f.get(1), f.get(7), f.get(8))
            else {
                continue;
            };
            let grid: Grid = puzzle
                .parse()
                .unwrap_or_else(|e| panic!("line {}: {e}", k + 1));
            let grade = logic
                .grade(&grid)
                .unwrap_or_else(|e| panic!("line {}: {e}", k + 1));
            let row = table.sets.entry(set.to_string()).or_default();
            row.total += 1;
            let hardish = matches!(*level, "Unfair" | "Extreme");
            let Some(ours) = grade.level else {
                row.beyond_ok += usize::from(hardish);
                continue;
            };
            row.graded += 1;
            let same_level = ours.name().eq_ignore_ascii_case(level);
            let same_score = grade.score.to_string() == *score;
            row.level += usize::from(same_level);
            row.score += usize::from(same_score);
            if (!same_level || !same_score) && table.mismatches.len() < show {
                table
                    .mismatches
                    .push(format!("{puzzle} ours {grade} hodoku {level} ({score})"));
            }
        }
        table
    }

    /// Every set together.
    pub fn all(&self) -> Row {
        let mut all = Row::default();
        for row in self.sets.values() {
            all.add(row);
        }
        all
    }

    /// The table as text.
    pub fn render(&self) -> String {
        let mut out = String::from(
            "set                   puzzles graded  level-agree  score-agree  beyond-where-hodoku-unfair+\n",
        );
        let all = self.all();
        for (set, r) in self.sets.iter().chain([(&"all".to_string(), &all)]) {
            out += &format!(
                "{set:<22}{:>7}{:>7}{:>8} {:>5.1}%{:>7} {:>5.1}%{:>8}/{}\n",
                r.total,
                r.graded,
                r.level,
                r.level_pct(),
                r.score,
                r.score_pct(),
                r.beyond_ok,
                r.total - r.graded
            );
        }
        out
    }
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        100.0 * a as f64 / b as f64
    }
}
