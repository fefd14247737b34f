//! Times each technique family at two kinds of positions of a puzzle file: where the solve
//! paths first need a technique beyond the singles, subsets and intersections (the positions
//! where the harder families run in a path), and the puzzles' starting positions (the most
//! candidates, where "all steps" is dearest): `cargo run --release -p sudoku-logic --example
//! family_times -- FILE [LIMIT]`.

use std::time::Instant;

use sudoku_core::{Grid, Layout};
use sudoku_logic::{Candidates, Level, Logic, Technique};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let file = std::env::args()
        .nth(1)
        .ok_or("usage: family_times FILE [LIMIT]")?;
    let limit: usize = std::env::args()
        .nth(2)
        .map_or(Ok(usize::MAX), |s| s.parse())?;
    let text = std::fs::read_to_string(file)?;
    let layout = Layout::classic();
    let logic = Logic::new(&layout);
    let (mut hard, mut starts) = (Vec::new(), Vec::new());
    for line in text.lines().take(limit) {
        let grid: Grid = line.trim().parse()?;
        let mut pos = logic.start(&grid)?;
        starts.push(pos.clone());
        for step in logic.solve_path(&grid)?.steps {
            if step.technique.level() >= Level::Unfair {
                hard.push(pos.clone());
                break;
            }
            pos.apply(&layout, &step);
        }
    }
    for (name, positions) in [("first hard position", &hard), ("start", &starts)] {
        println!("{name}: {} positions", positions.len());
        time_families(&logic, positions);
    }
    Ok(())
}

fn time_families(logic: &Logic, positions: &[Candidates]) {
    let mut seen = Vec::new();
    for &t in Technique::ALL {
        if seen.contains(&t.order()) || !t.is_implemented() {
            continue;
        }
        seen.push(t.order());
        let start = Instant::now();
        let mut found = 0;
        for pos in positions {
            found += logic.find_steps(pos, t).len();
        }
        println!(
            "  {:<40} {:>8.3} ms per position ({found} steps)",
            t.name(),
            start.elapsed().as_secs_f64() * 1000.0 / positions.len().max(1) as f64
        );
    }
}
