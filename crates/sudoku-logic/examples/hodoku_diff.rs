//! Compares our solve paths with HoDoKu's, step by step. HoDoKu's paths come from its batch
//! solver with the path printed (`java -jar hodoku.jar /vp /bs PUZZLES /o OUT`); this reads OUT,
//! solves every puzzle in it, and prints where the two paths first part (HoDoKu's technique
//! against ours, counted), how often level, score and hardest technique agree, and the first
//! puzzles of one divergence:
//! `cargo run --release -p sudoku-logic --example hodoku_diff -- OUT [HODOKU-NAME [OUR-NAME]]`.

use std::collections::BTreeMap;

use sudoku_core::{Grid, Layout};
use sudoku_logic::{Logic, Technique};

/// One puzzle of HoDoKu's output: the puzzle, its level and score, and its steps' techniques.
struct Path {
    puzzle: String,
    level: String,
    score: u32,
    steps: Vec<String>,
    /// The step lines as HoDoKu printed them.
    lines: Vec<String>,
}

/// HoDoKu's display name of a technique where it differs from ours.
fn hodoku_name(t: Technique) -> &'static str {
    match t {
        Technique::AlsXyChain => "Almost Locked Set Chain",
        t => t.name(),
    }
}

/// The technique at the start of a step line (`Hidden Single: r1c7=4`).
fn technique_of(line: &str) -> String {
    let mut best = "";
    for &t in Technique::ALL {
        let name = hodoku_name(t);
        if line.starts_with(name) && name.len() > best.len() {
            let rest = &line[name.len()..];
            if rest.starts_with(':') || rest.starts_with(' ') || rest.is_empty() {
                best = name;
            }
        }
    }
    if best.is_empty() {
        line.split(':').next().unwrap_or(line).to_string()
    } else {
        best.to_string()
    }
}

fn read_paths(text: &str) -> Vec<Path> {
    let mut out: Vec<Path> = Vec::new();
    for line in text.lines() {
        if let Some(step) = line.strip_prefix("   ") {
            if let Some(p) = out.last_mut() {
                p.steps.push(technique_of(step));
                p.lines.push(step.to_string());
            }
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(puzzle), Some(num), Some(level), Some(score)) =
            (words.next(), words.next(), words.next(), words.next())
        else {
            continue;
        };
        if puzzle.len() != 81 || !num.starts_with('#') {
            continue;
        }
        let score = score
            .trim_matches(|c| c == '(' || c == ')')
            .parse()
            .unwrap_or(0);
        out.push(Path {
            puzzle: puzzle.to_string(),
            level: level.to_lowercase(),
            score,
            steps: Vec::new(),
            lines: Vec::new(),
        });
    }
    out
}

/// The technique of a path with the highest level, then score (the last of equals, as
/// [`sudoku_logic::Grade`] takes it).
fn hardest<'a>(steps: impl Iterator<Item = &'a str>) -> &'a str {
    steps
        .filter_map(|s| {
            let t = Technique::ALL.iter().find(|t| hodoku_name(**t) == s)?;
            Some((s, (t.level(), t.score())))
        })
        .max_by_key(|(_, key)| *key)
        .map_or("", |(s, _)| s)
}

/// Prints HoDoKu's path and ours side by side from a few steps before where they part.
fn show(logic: &Logic, p: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let path = logic.solve_path(&p.puzzle.parse()?)?;
    let ours: Vec<&str> = path
        .steps
        .iter()
        .map(|s| hodoku_name(s.technique))
        .collect();
    let k = ours
        .iter()
        .zip(&p.steps)
        .position(|(a, b)| a != b)
        .unwrap_or(ours.len().min(p.steps.len()));
    for i in k.saturating_sub(3)..(k + 4) {
        if let Some(line) = p.lines.get(i) {
            println!("{:>3} H {line}", i + 1);
        }
        if let Some(step) = path.steps.get(i) {
            println!("{:>3} O {step}", i + 1);
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let file = args
        .get(1)
        .ok_or("usage: hodoku_diff OUT [HODOKU-NAME [OUR-NAME]]")?;
    let paths = read_paths(&std::fs::read_to_string(file)?);
    let logic = Logic::new(&Layout::classic());
    if let Some(p) = args
        .get(2)
        .and_then(|a| paths.iter().find(|p| p.puzzle == *a))
    {
        return show(&logic, p);
    }
    if args.get(2).is_some_and(|a| a == "hardest") {
        // `puzzle <TAB> code` of HoDoKu's hardest technique (highest level, then score).
        for p in &paths {
            let hardest = p
                .steps
                .iter()
                .filter_map(|s| Technique::ALL.iter().find(|t| hodoku_name(**t) == s))
                .max_by_key(|t| (t.level(), t.score()));
            println!("{}\t{}", p.puzzle, hardest.map_or("", |t| t.code()));
        }
        return Ok(());
    }
    let mut parted: BTreeMap<(String, String), usize> = BTreeMap::new();
    let (mut level, mut score, mut hard, mut same_path) = (0, 0, 0, 0);
    let (mut guess_only_ours, mut guess_only_theirs, mut guess_both) = (0, 0, 0);
    let mut shown = 0;
    for p in &paths {
        let grid: Grid = p.puzzle.parse()?;
        let path = logic.solve_path(&grid)?;
        let grade = path.grade();
        let ours: Vec<&str> = path
            .steps
            .iter()
            .map(|s| hodoku_name(s.technique))
            .collect();
        let ours_level = grade.level.map_or("beyond".to_string(), |l| l.to_string());
        level += usize::from(ours_level == p.level);
        score += usize::from(grade.score == p.score);
        let theirs_hard = hardest(p.steps.iter().map(|s| s.as_str()));
        let ours_hard = hardest(ours.iter().copied());
        hard += usize::from(theirs_hard == ours_hard);
        let bf = Technique::BruteForce.name();
        match (ours.contains(&bf), p.steps.iter().any(|s| s == bf)) {
            (true, true) => guess_both += 1,
            (true, false) => {
                guess_only_ours += 1;
                if args.get(2).is_some_and(|a| a == "guesses") {
                    println!("guess only ours: {}", p.puzzle);
                }
            }
            (false, true) => guess_only_theirs += 1,
            (false, false) => {}
        }
        let k = ours
            .iter()
            .zip(&p.steps)
            .position(|(a, b)| a != b)
            .unwrap_or(ours.len().min(p.steps.len()));
        if k == ours.len() && k == p.steps.len() {
            same_path += 1;
            continue;
        }
        let theirs = p.steps.get(k).map_or("(end)", |s| s.as_str()).to_string();
        let mine = ours.get(k).copied().unwrap_or("(end)").to_string();
        let wanted =
            args.get(2).is_none_or(|w| *w == theirs) && args.get(3).is_none_or(|w| *w == mine);
        if args.get(2).is_some() && wanted && shown < 10 {
            shown += 1;
            println!("{} step {}: hodoku {theirs}, ours {mine}", p.puzzle, k + 1);
        }
        *parted.entry((theirs, mine)).or_default() += 1;
    }
    let mut rows: Vec<_> = parted.into_iter().collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.1));
    for ((theirs, mine), n) in rows.iter().take(40) {
        println!("{n:>6}  hodoku {theirs:<40} ours {mine}");
    }
    println!(
        "Brute Force in both paths {guess_both}, only ours {guess_only_ours}, only HoDoKu's {guess_only_theirs}"
    );
    let n = paths.len().max(1) as f64;
    println!(
        "{} puzzles: same path {same_path}, level {:.1}%, score {:.1}%, hardest technique {:.1}%",
        paths.len(),
        100.0 * level as f64 / n,
        100.0 * score as f64 / n,
        100.0 * hard as f64 / n
    );
    Ok(())
}
