//! Grades the puzzles of a paired-ratings file (`puzzle set ... hodoku220_level
//! hodoku220_score ...`, tab-separated with a header) and prints how often our level and score
//! agree with HoDoKu 2.2.0's, per set:
//! `cargo run --release -p sudoku-logic --example agreement -- FILE [MISMATCHES]`.

#[path = "../tests/agreement/mod.rs"]
mod agreement;

use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).ok_or("usage: agreement FILE [MISMATCHES]")?;
    let show: usize = args.get(2).map_or(Ok(0), |s| s.parse())?;
    let text = std::fs::read_to_string(file)?;
    let start = Instant::now();
    let table = agreement::Table::grade(&text, show);
    let secs = start.elapsed().as_secs_f64();
    for m in &table.mismatches {
        println!("{m}");
    }
    print!("{}", table.render());
    let count = table.all().total;
    println!(
        "{count} puzzles in {secs:.2} s ({:.2} ms each)",
        1000.0 * secs / count.max(1) as f64
    );
    Ok(())
}
