//! Prints every step that `find_all_steps` finds at one line of a library file:
//! `cargo run -p sudoku-logic --example reglib_line -- FILE LINE [CODE]`.

use sudoku_core::Layout;
use sudoku_logic::reglib::parse_line;
use sudoku_logic::{Lang, Logic};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(file), Some(number)) = (args.get(1), args.get(2)) else {
        return Err("usage: reglib_line FILE LINE [CODE]".into());
    };
    let number: usize = number.parse()?;
    let text = std::fs::read_to_string(file)?;
    let Some(raw) = text.lines().nth(number.saturating_sub(1)) else {
        return Err(format!("{file} has no line {number}").into());
    };
    let Some(line) = parse_line(raw, number)? else {
        return Err("a comment line".into());
    };
    let layout = Layout::classic();
    let logic = Logic::new(&layout);
    let pos = line.position(&layout)?;
    for step in logic.find_all_steps(&pos) {
        if args.get(3).is_none_or(|c| step.technique.code() == c) {
            println!("{} {}", step.technique.code(), step.explain(Lang::En));
        }
    }
    Ok(())
}
