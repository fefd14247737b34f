//! Times each technique family at the positions where the solve paths of a puzzle file get
//! stuck (the worst case: every family runs): `cargo run --release -p sudoku-logic --example
//! family_times -- FILE`.

use std::time::Instant;

use sudoku_core::{Grid, Layout};
use sudoku_logic::{Logic, Technique};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let file = std::env::args().nth(1).ok_or("usage: family_times FILE")?;
    let text = std::fs::read_to_string(file)?;
    let logic = Logic::new(&Layout::classic());
    let mut ends = Vec::new();
    for line in text.lines() {
        let grid: Grid = line.trim().parse()?;
        ends.push(logic.solve_path(&grid)?.end);
    }
    let mut seen = Vec::new();
    for &t in Technique::ALL {
        if seen.contains(&t) {
            continue;
        }
        let start = Instant::now();
        let mut found = 0;
        for pos in &ends {
            found += logic.find_steps(pos, t).len();
        }
        seen.push(t);
        println!(
            "{:<40} {:>8.3} ms per position ({found} steps)",
            t.name(),
            start.elapsed().as_secs_f64() * 1000.0 / ends.len() as f64
        );
    }
    Ok(())
}
