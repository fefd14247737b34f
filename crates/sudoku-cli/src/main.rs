use std::io::Read;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut text = String::new();
    std::fs::File::open(&args[2]).unwrap().read_to_string(&mut text).unwrap();
    let p = exact_cover::parse(&text).unwrap();
    let t = std::time::Instant::now();
    let c = if args.len() > 3 { p.problem.solver().count_parallel(2) } else { p.problem.solver().count() };
    println!("{} {:?} {:?}", c.solutions, c.stats, t.elapsed());
}
