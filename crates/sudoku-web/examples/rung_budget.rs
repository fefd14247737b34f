//! Asks for puzzles the way a new game does (`generate_within` with its size's budget) on
//! every rung of one size and variant, and prints how many requests succeeded and how long
//! they took: the figures behind `puzzles::OFFERED`.
//!
//! `cargo run --release -p sudoku-web --example rung_budget -- SIZE VARIANT [COUNT] [RUNG..]`
//! (SIZE like `6x6`, VARIANT `classic` or `diagonal`).

use std::time::Instant;

use sudoku_game::GameVariant;
use sudoku_logic::ladder::{LADDER, Rung};
use sudoku_play::making::generate_within;
use sudoku_web::puzzles::{Spec, on_demand_budget, parse_size};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let shape = parse_size(args.first().map_or("9x9", String::as_str)).expect("a size");
    let variant =
        GameVariant::from_name(args.get(1).map_or("classic", String::as_str)).expect("a variant");
    let count: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(10);
    let rungs: Vec<&'static Rung> = if args.len() > 3 {
        args[3..].iter().filter_map(|id| Rung::by_id(id)).collect()
    } else {
        LADDER.iter().collect()
    };
    println!("rung      made  failed  median ms  p90 ms  max ms");
    for rung in rungs {
        let spec = Spec {
            rung,
            shape,
            variant,
            symmetry: None,
        };
        let (mut made, mut times) = (0, Vec::new());
        for seed in 1..=count {
            let start = Instant::now();
            if generate_within(&spec, on_demand_budget(&spec), seed).is_ok() {
                made += 1;
            }
            times.push(start.elapsed().as_millis());
        }
        times.sort_unstable();
        println!(
            "{:<9} {:>4}  {:>6}  {:>9}  {:>6}  {:>6}",
            rung.id,
            made,
            count - made,
            times[times.len() / 2],
            times[times.len() * 9 / 10],
            times[times.len() - 1]
        );
    }
}
