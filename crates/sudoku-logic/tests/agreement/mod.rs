//! Our grades against HoDoKu 2.2.0's on a paired-ratings file (tab-separated, a header line
//! naming the columns `hodoku220_level`, `hodoku220_score`, `hodoku220_bf` and, where the
//! file has it, `hodoku220_hardest`, the library code of HoDoKu's hardest technique): how often
//! the level, the score, the hardest technique and the use of Brute Force agree, per set and per
//! HoDoKu level. Shared by the ratings test (on the repository's sample) and the `agreement`
//! example (on any file).

use std::collections::BTreeMap;

use sudoku_core::{Grid, Layout};
use sudoku_logic::{Logic, Technique};

/// The counts of one row.
#[derive(Debug, Default, Clone, Copy)]
pub struct Row {
    /// Puzzles.
    pub total: usize,
    /// Puzzles whose path is complete (every puzzle with one solution).
    pub graded: usize,
    /// Puzzles whose level is HoDoKu's.
    pub level: usize,
    /// Puzzles whose score is HoDoKu's.
    pub score: usize,
    /// Puzzles with HoDoKu's hardest technique known.
    pub with_hardest: usize,
    /// Of those, the puzzles whose hardest technique is HoDoKu's.
    pub hardest: usize,
    /// Puzzles where one path guesses (Brute Force) and the other does not.
    pub guess_differs: usize,
}

impl Row {
    fn add(&mut self, other: &Row) {
        self.total += other.total;
        self.graded += other.graded;
        self.level += other.level;
        self.score += other.score;
        self.with_hardest += other.with_hardest;
        self.hardest += other.hardest;
        self.guess_differs += other.guess_differs;
    }

    /// The share of puzzles whose level agrees, in percent.
    pub fn level_pct(&self) -> f64 {
        pct(self.level, self.total)
    }

    /// The share of puzzles whose score agrees, in percent.
    pub fn score_pct(&self) -> f64 {
        pct(self.score, self.total)
    }

    /// The share of puzzles whose hardest technique agrees, in percent.
    pub fn hardest_pct(&self) -> f64 {
        pct(self.hardest, self.with_hardest)
    }
}

/// The tables: a row per set and per HoDoKu level, and mismatches as text lines (up to the
/// number asked for).
pub struct Table {
    /// Rows by set name.
    pub sets: BTreeMap<String, Row>,
    /// Rows by HoDoKu's level (in the order easy .. extreme).
    pub levels: BTreeMap<usize, (String, Row)>,
    /// `puzzle ours ... hodoku ...` for the first mismatches.
    pub mismatches: Vec<String>,
}

/// The position of a named column in the header.
fn column(header: &[&str], name: &str) -> Option<usize> {
    header
        .iter()
        .position(|h| h.trim_start_matches('#') == name)
}

impl Table {
    /// Grades every puzzle of the file's text.
    pub fn grade(text: &str, show: usize) -> Table {
        let logic = Logic::new(&Layout::classic());
        let mut table = Table {
            sets: BTreeMap::new(),
            levels: BTreeMap::new(),
            mismatches: Vec::new(),
        };
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
        let need = |name| column(&header, name).unwrap_or_else(|| panic!("no column {name}"));
        let (level_col, score_col) = (need("hodoku220_level"), need("hodoku220_score"));
        let bf_col = column(&header, "hodoku220_bf");
        let hardest_col = column(&header, "hodoku220_hardest");
        for (k, line) in lines.enumerate() {
            let f: Vec<&str> = line.split('\t').collect();
            let (Some(puzzle), Some(set), Some(level), Some(score)) =
                (f.first(), f.get(1), f.get(level_col), f.get(score_col))
            else {
                continue;
            };
            let grid: Grid = puzzle
                .parse()
                .unwrap_or_else(|e| panic!("line {}: {e}", k + 2));
            let path = logic
                .solve_path(&grid)
                .unwrap_or_else(|e| panic!("line {}: {e}", k + 2));
            let grade = path.grade();
            let mut row = Row {
                total: 1,
                ..Row::default()
            };
            row.graded = usize::from(grade.level.is_some());
            let same_level = grade
                .level
                .is_some_and(|l| l.name().eq_ignore_ascii_case(level));
            let same_score = grade.score.to_string() == *score;
            row.level = usize::from(same_level);
            row.score = usize::from(same_score);
            if let Some(code) = hardest_col.and_then(|c| f.get(c)).filter(|c| !c.is_empty()) {
                row.with_hardest = 1;
                row.hardest = usize::from(grade.hardest.is_some_and(|t| t.code() == *code));
            }
            let theirs_guess = bf_col.and_then(|c| f.get(c)).is_some_and(|v| !v.is_empty());
            let ours_guess = path
                .steps
                .iter()
                .any(|s| s.technique == Technique::BruteForce);
            row.guess_differs = usize::from(theirs_guess != ours_guess);
            if (!same_level || !same_score) && table.mismatches.len() < show {
                table
                    .mismatches
                    .push(format!("{puzzle} ours {grade} hodoku {level} ({score})"));
            }
            table.sets.entry(set.to_string()).or_default().add(&row);
            let rank = ["easy", "medium", "hard", "unfair", "extreme"]
                .iter()
                .position(|l| l.eq_ignore_ascii_case(level))
                .unwrap_or(5);
            let entry = table
                .levels
                .entry(rank)
                .or_insert_with(|| (level.to_lowercase(), Row::default()));
            entry.1.add(&row);
        }
        table
    }

    /// Every puzzle together.
    pub fn all(&self) -> Row {
        let mut all = Row::default();
        for row in self.sets.values() {
            all.add(row);
        }
        all
    }

    /// The tables as text: per set, then per HoDoKu level.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let all = self.all();
        let by_set = self.sets.iter().map(|(s, r)| (s.clone(), *r));
        let by_level = self
            .levels
            .values()
            .map(|(l, r)| (format!("hodoku {l}"), *r));
        for (title, rows) in [
            ("set", by_set.collect::<Vec<_>>()),
            ("level", by_level.collect::<Vec<_>>()),
        ] {
            out += &format!(
                "{title:<22} puzzles complete  level-agree  score-agree  hardest-agree  guess-differs\n"
            );
            for (name, r) in rows.iter().chain([&("all".to_string(), all)]) {
                out += &format!(
                    "{name:<22}{:>8}{:>9}{:>7} {:>5.1}%{:>7} {:>5.1}%{:>8} {:>5.1}%{:>14}\n",
                    r.total,
                    r.graded,
                    r.level,
                    r.level_pct(),
                    r.score,
                    r.score_pct(),
                    r.hardest,
                    r.hardest_pct(),
                    r.guess_differs,
                );
            }
            out.push('\n');
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
