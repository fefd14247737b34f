//! Prints the solve path of a puzzle, one step per line, and its grade:
//! `cargo run -p sudoku-logic --example path -- PUZZLE [zh]`.

use sudoku_core::{Grid, Layout};
use sudoku_logic::{Lang, Logic};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let puzzle = args.get(1).ok_or("usage: path PUZZLE [zh]")?;
    let lang = if args.get(2).is_some_and(|a| a == "zh") {
        Lang::Zh
    } else {
        Lang::En
    };
    let grid: Grid = puzzle.parse()?;
    let logic = Logic::new(&Layout::classic());
    let path = logic.solve_path(&grid)?;
    for (k, step) in path.steps.iter().enumerate() {
        println!("{:>3} {}", k + 1, step.explain(lang));
    }
    println!("{:?}: {}", path.outcome, path.grade());
    Ok(())
}
