//! The DLX sudoku path ([`DlxSolver`]) against a textbook dancing-links sudoku solver and the
//! `dlx` crate, in puzzles per second of process CPU time, with the ratios (issue "Sudoku as
//! exact cover": the goal is at least twice the textbook's throughput on every set).
//!
//! ```text
//! cargo bench -p sudoku-core --bench dlx_sudoku                    # the repo's samples
//! D=/work/shared/data/puzzles
//! SUDOKU_BENCH_FILES=$D/17_clue.txt:$D/forum_hardest_1905_11plus.txt SUDOKU_BENCH_MAX=5000 \
//!     cargo bench -p sudoku-core --bench dlx_sudoku                # full sets, capped
//! cargo bench -p sudoku-core --bench dlx_sudoku -- a.txt b.txt     # files as arguments
//! ```
//!
//! * `SUDOKU_BENCH_FILES` (a `:`-separated list) or the arguments after `--` name the puzzle
//!   files (one puzzle per line, any format `sudoku_core::format` reads, 9x9 only); without
//!   them the bench runs the samples in `tests/data/*.txt`, which are small so the run is short.
//! * `SUDOKU_BENCH_MAX=N` takes at most `N` puzzles from each file, evenly spaced through it
//!   (the big files are sorted, so their first lines are not a fair sample).
//! * `BENCH_ROUNDS=R` (default 5) sets the number of rounds.
//!
//! Three engines, two modes. The engines: ours, [`DlxSolver`] on [`Layout::classic`] (singles
//! and one round of locked candidates first, then the `exact_cover` engine on the part of the
//! layout's whole matrix that the puzzle leaves open); the textbook solver of
//! `benches/textbook` (the full 324-column, 729-row matrix rebuilt per puzzle, givens selected
//! first, smallest column first); and the `dlx` crate on the same full matrix
//! (`benches/dlx_crate`). The modes: `first` (stop at the first solution) and `count2` (count
//! up to 2 solutions, the uniqueness check that puzzle benchmarks usually time). The node
//! columns are search-tree nodes per puzzle as each engine counts them: ours, the engine's
//! nodes after propagation (a digit propagation places costs no node); the textbook, the calls
//! of its recursive search (one per choice, forced or not, the givens excluded). They are not
//! counted for the `dlx` crate.
//!
//! Measured on the shared sets (at most 5000 puzzles each, evenly spaced; 2-core AMD EPYC,
//! shared with other work), ours ran at 2.3 to 4.4 times the textbook's throughput and 2.6 to
//! 4.8 times the `dlx` crate's. The margin is least on the easiest sets (`serg_benchmark`,
//! `sudoku_exchange_diabolical`, `unbiased_1k`), where building the links is most of the work,
//! and those ratios move by about 15% from run to run on a busy machine (`serg_benchmark`
//! `first` ranged from 1.9 to 2.7 over four runs); the hardest sets, where the search is
//! nearly all the work, sit steadily near 2.6.
//!
//! How it measures, as `exact-cover`'s `ratio` bench does and for the same reasons: process
//! CPU time (`clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`), so that other work on a shared 2-core
//! machine disturbs the numbers less than it would the wall clock; in each round every engine
//! solves the whole set once, the engine that goes first rotating from round to round so a
//! slow spell hits all of them; the throughput is taken from the median round. Each engine
//! gets the puzzles already parsed, and keeps its buffers from one puzzle to the next.
//!
//! What it checks, every round, outside the timed part: in `count2` mode the three counts of
//! every puzzle are equal; in `first` mode every solution is a valid completion of its puzzle
//! (checked in the first round), and where the puzzle is unique (by the `count2` verdicts,
//! which run first) the three solutions are equal, where it has none all three say so. Any
//! disagreement aborts the bench with a message naming the puzzle and a non-zero exit.
//!
//! The bench runs in full only under `cargo bench` (which passes `--bench`). Without `--bench`,
//! or with `--test` (`cargo test --benches`, `cargo bench -- --test`), it runs one round on the
//! first three puzzles of each repository sample, as a smoke test, and never reads other files.

mod dlx_crate;
mod textbook;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use cpu_clock::{machine, median};

use dlx_crate::DlxCrate;
use sudoku_core::format::{ReadOptions, read_str};
use sudoku_core::{DlxSolver, Grid, Layout, Shape, SolveError};
use textbook::Textbook;

/// The CPU time this process has used so far (all its threads; the bench uses one).
fn process_cpu_time() -> Duration {
    cpu_clock::process_cpu_time().expect("this platform reports CPU time")
}

/// A puzzle set: its name (the file's stem), the puzzles, and the line each came from.
struct Set {
    name: String,
    /// Puzzles in the file, before any cap.
    total: usize,
    grids: Vec<Grid>,
    digits: Vec<[u8; 81]>,
    lines: Vec<usize>,
}

/// Reads a puzzle file; with `max`, keeps `max` puzzles evenly spaced through it.
fn load(path: &Path, max: Option<usize>) -> Result<Set, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let name = path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into(),
    );
    let mut all = Vec::new();
    for entry in read_str(&text, ReadOptions::default()) {
        let entry = entry.map_err(|e| format!("{}: {e}", path.display()))?;
        if entry.grid.shape() != Shape::CLASSIC {
            return Err(format!(
                "{}:{}: a {} puzzle; this bench is for 9x9 only",
                path.display(),
                entry.line,
                entry.grid.shape()
            ));
        }
        all.push((entry.line, entry.grid));
    }
    let total = all.len();
    let keep: Vec<usize> = match max {
        Some(m) if m < total => (0..m).map(|i| i * total / m).collect(),
        _ => (0..total).collect(),
    };
    let mut set = Set {
        name,
        total,
        grids: Vec::with_capacity(keep.len()),
        digits: Vec::with_capacity(keep.len()),
        lines: Vec::with_capacity(keep.len()),
    };
    for i in keep {
        let (line, grid) = &all[i];
        let mut digits = [0u8; 81];
        digits.copy_from_slice(grid.values());
        set.grids.push(grid.clone());
        set.digits.push(digits);
        set.lines.push(*line);
    }
    Ok(set)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Stop at the first solution.
    First,
    /// Count up to 2 solutions.
    Count2,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::First => "first",
            Mode::Count2 => "count2",
        }
    }

    fn limit(self) -> u64 {
        match self {
            Mode::First => 1,
            Mode::Count2 => 2,
        }
    }
}

const ENGINES: [&str; 3] = ["ours (DlxSolver)", "textbook DLX", "dlx crate"];

/// One puzzle's answer: the count (up to the mode's limit) and, in `first` mode, the
/// solution. In `count2` mode no grid is kept (ours reports only the count there).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Answer {
    count: u64,
    grid: Option<[u8; 81]>,
}

/// One engine's answers to a whole set, and its search-tree nodes (where it counts them).
struct Run {
    answers: Vec<Answer>,
    nodes: u64,
}

/// The three engines, each keeping its buffers between puzzles.
struct Engines {
    ours: DlxSolver,
    textbook: Textbook,
    dlx: DlxCrate,
}

impl Engines {
    fn new() -> Engines {
        Engines {
            ours: DlxSolver::new(Layout::classic()),
            textbook: Textbook::new(),
            dlx: DlxCrate::new(),
        }
    }

    /// Engine `e` (an index into [`ENGINES`]) solves every puzzle of `set`.
    fn run(&mut self, e: usize, mode: Mode, set: &Set) -> Run {
        let mut answers = Vec::with_capacity(set.grids.len());
        let mut nodes = 0;
        let keep_grid = mode == Mode::First;
        match e {
            0 => {
                for grid in &set.grids {
                    let answer = match mode {
                        Mode::First => match self.ours.first(grid) {
                            Ok(Some(s)) => {
                                let mut digits = [0u8; 81];
                                digits.copy_from_slice(s.values());
                                Answer {
                                    count: 1,
                                    grid: Some(digits),
                                }
                            }
                            Ok(None) | Err(SolveError::Conflict(_)) => Answer {
                                count: 0,
                                grid: None,
                            },
                            Err(SolveError::Shape(e)) => unreachable!("loaded as 9x9: {e}"),
                        },
                        Mode::Count2 => Answer {
                            count: match self.ours.count(grid, 2) {
                                Ok(c) => c,
                                Err(SolveError::Conflict(_)) => 0,
                                Err(SolveError::Shape(e)) => unreachable!("loaded as 9x9: {e}"),
                            },
                            grid: None,
                        },
                    };
                    nodes += self.ours.stats().nodes;
                    answers.push(answer);
                }
            }
            1 => {
                for digits in &set.digits {
                    let out = self.textbook.solve(digits, mode.limit());
                    nodes += out.nodes;
                    answers.push(Answer {
                        count: out.count,
                        grid: out.first.filter(|_| keep_grid),
                    });
                }
            }
            _ => {
                for digits in &set.digits {
                    let out = self.dlx.solve(digits, mode.limit());
                    answers.push(Answer {
                        count: out.count,
                        grid: out.first.filter(|_| keep_grid),
                    });
                }
            }
        }
        Run { answers, nodes }
    }
}

/// Checks one round's answers (see the module documentation); `verdicts` are the `count2`
/// counts, `validate` asks for every `first` solution to be checked against the rules.
fn check(
    set: &Set,
    mode: Mode,
    runs: &[Run; 3],
    verdicts: Option<&[u64]>,
    validate: bool,
) -> Result<(), String> {
    let layout = Layout::classic();
    for i in 0..set.grids.len() {
        let where_ = || format!("{} line {}", set.name, set.lines[i]);
        let answers = [runs[0].answers[i], runs[1].answers[i], runs[2].answers[i]];
        let describe = || {
            ENGINES
                .iter()
                .zip(&answers)
                .map(|(name, a)| match a.grid {
                    Some(g) => format!(
                        "{name}: {}",
                        g.map(|d| (b'0' + d) as char).iter().collect::<String>()
                    ),
                    None => format!("{name}: count {}", a.count),
                })
                .collect::<Vec<_>>()
                .join("; ")
        };
        match mode {
            Mode::Count2 => {
                if answers[1].count != answers[0].count || answers[2].count != answers[0].count {
                    return Err(format!("{}: counts differ: {}", where_(), describe()));
                }
            }
            Mode::First => {
                if validate {
                    for (name, a) in ENGINES.iter().zip(&answers) {
                        if let Some(g) = a.grid {
                            let solution = Grid::from_values(Shape::CLASSIC, g.to_vec())
                                .map_err(|e| format!("{}: {name}: {e}", where_()))?;
                            layout
                                .check_solution(&set.grids[i], &solution)
                                .map_err(|e| {
                                    format!("{}: {name}: wrong solution: {e}", where_())
                                })?;
                        }
                    }
                }
                let found = answers.map(|a| a.grid.is_some());
                if found[1] != found[0] || found[2] != found[0] {
                    return Err(format!(
                        "{}: only some engines found a solution: {}",
                        where_(),
                        describe()
                    ));
                }
                let unique = verdicts.is_some_and(|v| v[i] == 1);
                if unique
                    && (answers[1].grid != answers[0].grid || answers[2].grid != answers[0].grid)
                {
                    return Err(format!(
                        "{}: a unique puzzle with different solutions: {}",
                        where_(),
                        describe()
                    ));
                }
                if verdicts.is_some_and(|v| (v[i] == 0) == found[0]) {
                    return Err(format!(
                        "{}: count2 said {} solution(s), first disagrees: {}",
                        where_(),
                        verdicts.map_or(0, |v| v[i]),
                        describe()
                    ));
                }
            }
        }
    }
    Ok(())
}

/// One table row: median CPU times per engine, and nodes per puzzle.
struct Row {
    times: [Duration; 3],
    nodes: [u64; 2],
    counts: Vec<u64>,
}

/// Measures one set in one mode over `rounds` rounds.
fn measure(
    engines: &mut Engines,
    set: &Set,
    mode: Mode,
    rounds: usize,
    verdicts: Option<&[u64]>,
) -> Result<Row, String> {
    let mut times: [Vec<Duration>; 3] = Default::default();
    let mut nodes = [0; 2];
    let mut counts = Vec::new();
    for round in 0..rounds {
        let mut runs: [Option<Run>; 3] = [None, None, None];
        for k in 0..3 {
            let e = (round + k) % 3;
            let start = process_cpu_time();
            let run = std::hint::black_box(engines.run(e, mode, set));
            times[e].push(process_cpu_time().saturating_sub(start));
            runs[e] = Some(run);
        }
        let runs = runs.map(|r| r.unwrap_or_else(|| unreachable!("every engine ran")));
        check(set, mode, &runs, verdicts, round == 0)?;
        nodes = [runs[0].nodes, runs[1].nodes];
        counts = runs[0].answers.iter().map(|a| a.count).collect();
    }
    Ok(Row {
        times: times.map(|mut t| median(&mut t)),
        nodes,
        counts,
    })
}

fn env_number(name: &str) -> Result<Option<usize>, String> {
    match std::env::var(name) {
        Err(_) => Ok(None),
        Ok(s) => match s.trim().parse::<usize>() {
            Ok(n) if n > 0 => Ok(Some(n)),
            _ => Err(format!("{name} must be a whole number above 0, not `{s}`")),
        },
    }
}

/// The repository's sample sets, `tests/data/*.txt`, by name.
fn sample_files() -> Result<Vec<PathBuf>, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    Ok(files)
}

fn verdict_summary(counts: &[u64]) -> String {
    let mut tally = [0usize; 3];
    for &c in counts {
        tally[c.min(2) as usize] += 1;
    }
    let parts: Vec<String> = ["none", "unique", "multiple"]
        .iter()
        .zip(tally)
        .filter(|&(_, n)| n > 0)
        .map(|(name, n)| format!("{n} {name}"))
        .collect();
    parts.join(", ")
}

fn main() -> ExitCode {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes neither flag.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--test") || !args.iter().any(|a| a == "--bench");

    let settings = (|| -> Result<(Vec<PathBuf>, Option<usize>, usize), String> {
        if quick {
            return Ok((sample_files()?, Some(3), 1));
        }
        let mut files: Vec<PathBuf> = args
            .iter()
            .filter(|a| !a.starts_with('-'))
            .map(PathBuf::from)
            .collect();
        if let Ok(list) = std::env::var("SUDOKU_BENCH_FILES") {
            files.extend(list.split(':').filter(|p| !p.is_empty()).map(PathBuf::from));
        }
        if files.is_empty() {
            files = sample_files()?;
        }
        let max = env_number("SUDOKU_BENCH_MAX")?;
        let rounds = env_number("BENCH_ROUNDS")?.unwrap_or(5);
        Ok((files, max, rounds))
    })();
    let (files, max, rounds) = match settings {
        Ok(s) => s,
        Err(e) => {
            eprintln!("dlx_sudoku: {e}");
            return ExitCode::from(2);
        }
    };
    let mut sets = Vec::new();
    for path in &files {
        match load(path, max) {
            Ok(set) => sets.push(set),
            Err(e) => {
                eprintln!("dlx_sudoku: {e}");
                return ExitCode::from(2);
            }
        }
    }

    println!(
        "DLX sudoku: ours (DlxSolver) vs a textbook DLX (324 columns, full matrix per puzzle) \
         vs dlx 0.8.5; puzzles per second of process CPU time, median of {rounds} rotating \
         round(s); {}{}",
        machine(),
        if quick { " (smoke test)" } else { "" }
    );
    println!();
    println!(
        "| set | puzzles | mode | ours /s | textbook /s | dlx crate /s | ours/textbook | \
         ours/dlx | nodes/puzzle ours | nodes/puzzle textbook |"
    );
    println!("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut engines = Engines::new();
    let mut short = Vec::new();
    let mut verdict_lines = Vec::new();
    for set in &sets {
        if set.grids.is_empty() {
            continue;
        }
        let mut verdicts: Option<Vec<u64>> = None;
        for mode in [Mode::Count2, Mode::First] {
            let row = match measure(&mut engines, set, mode, rounds, verdicts.as_deref()) {
                Ok(row) => row,
                Err(e) => {
                    eprintln!();
                    eprintln!("dlx_sudoku: THE ENGINES DISAGREE: {e}");
                    eprintln!("dlx_sudoku: aborting; one of the engines is wrong on this puzzle.");
                    return ExitCode::FAILURE;
                }
            };
            let n = set.grids.len() as f64;
            let rate = row.times.map(|t| n / t.as_secs_f64().max(1e-9));
            let puzzles = if set.grids.len() < set.total {
                format!("{} of {}", set.grids.len(), set.total)
            } else {
                set.total.to_string()
            };
            println!(
                "| {} | {} | {} | {:.0} | {:.0} | {:.0} | {:.2} | {:.2} | {:.1} | {:.1} |",
                set.name,
                puzzles,
                mode.name(),
                rate[0],
                rate[1],
                rate[2],
                rate[0] / rate[1],
                rate[0] / rate[2],
                row.nodes[0] as f64 / n,
                row.nodes[1] as f64 / n,
            );
            if rate[0] < 2.0 * rate[1] {
                short.push(format!(
                    "{} {} ({:.2}x)",
                    set.name,
                    mode.name(),
                    rate[0] / rate[1]
                ));
            }
            if mode == Mode::Count2 {
                verdict_lines.push(format!("{}: {}", set.name, verdict_summary(&row.counts)));
                verdicts = Some(row.counts);
            }
        }
    }
    println!();
    println!(
        "All engines agreed on every puzzle (count2 verdicts: {}).",
        verdict_lines.join("; ")
    );
    if quick {
        println!(
            "Smoke test: too few puzzles and rounds (and a build with debug assertions under `cargo \
             test`) for the rates to mean anything; run `cargo bench` for them."
        );
    } else if short.is_empty() {
        println!("Goal met: ours is at least twice the textbook DLX's throughput on every set.");
    } else {
        println!(
            "Goal NOT met (ours under twice the textbook DLX's throughput): {}.",
            short.join(", ")
        );
    }
    ExitCode::SUCCESS
}
