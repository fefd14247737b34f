//! Grades the puzzles of a paired-ratings file (`puzzle set ... hodoku220_level
//! hodoku220_score ...`, tab-separated with a header) and prints how often our level and score
//! agree with HoDoKu 2.2.0's, per set:
//! `cargo run --release -p sudoku-logic --example agreement -- FILE [MISMATCHES]`.

use std::collections::BTreeMap;
use std::time::Instant;

use sudoku_core::{Grid, Layout};
use sudoku_logic::Logic;

#[derive(Default)]
struct Row {
    total: usize,
    graded: usize,
    level: usize,
    score: usize,
    beyond_ok: usize,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).ok_or("usage: agreement FILE [MISMATCHES]")?;
    let show: usize = args.get(2).map_or(Ok(0), |s| s.parse())?;
    let text = std::fs::read_to_string(file)?;
    let logic = Logic::new(&Layout::classic());
    let mut table: BTreeMap<String, Row> = BTreeMap::new();
    let mut shown = 0;
    let start = Instant::now();
    let mut count = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (Some(puzzle), Some(set), Some(level), Some(score)) =
            (f.first(), f.get(1), f.get(7), f.get(8))
        else {
            continue;
        };
        let grid: Grid = puzzle.parse()?;
        let grade = logic.grade(&grid)?;
        count += 1;
        let row = table.entry(set.to_string()).or_default();
        row.total += 1;
        let hardish = matches!(*level, "Unfair" | "Extreme");
        match grade.level {
            None => row.beyond_ok += usize::from(hardish),
            Some(ours) => {
                row.graded += 1;
                let same_level = ours.name().eq_ignore_ascii_case(level);
                let same_score = grade.score.to_string() == *score;
                row.level += usize::from(same_level);
                row.score += usize::from(same_score);
                if (!same_level || !same_score) && shown < show {
                    shown += 1;
                    println!("{puzzle} ours {grade} hodoku {level} ({score})");
                }
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "set                   puzzles graded  level-agree  score-agree  beyond-where-hodoku-unfair+"
    );
    let mut all = Row::default();
    for (set, r) in &table {
        println!(
            "{set:<22}{:>7}{:>7}{:>8} {:>5.1}%{:>7} {:>5.1}%{:>8}/{}",
            r.total,
            r.graded,
            r.level,
            pct(r.level, r.graded),
            r.score,
            pct(r.score, r.graded),
            r.beyond_ok,
            r.total - r.graded
        );
        all.total += r.total;
        all.graded += r.graded;
        all.level += r.level;
        all.score += r.score;
        all.beyond_ok += r.beyond_ok;
    }
    println!(
        "{:<22}{:>7}{:>7}{:>8} {:>5.1}%{:>7} {:>5.1}%{:>8}/{}",
        "all",
        all.total,
        all.graded,
        all.level,
        pct(all.level, all.graded),
        all.score,
        pct(all.score, all.graded),
        all.beyond_ok,
        all.total - all.graded
    );
    println!(
        "{count} puzzles in {secs:.2} s ({:.2} ms each)",
        1000.0 * secs / count as f64
    );
    Ok(())
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        100.0 * a as f64 / b as f64
    }
}
