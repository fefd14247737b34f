//! `sudoku bench`: how many 9x9 puzzles per CPU second each solver engine does, on puzzle
//! files, in the same run: our fast bit-parallel solver ([`sudoku_core::fast`]), our DLX
//! solver ([`sudoku_core::DlxSolver`]), and, in a build with `--features peers`, the `sudoku`
//! crate from crates.io (a port of JCZSolve), the peer to beat.
//!
//! Two modes: `first` (the first solution) and `count` (count solutions up to two, which is
//! what "is it unique?" costs). For each data set and mode one table row gives puzzles per CPU
//! second per engine, the fast solver's guesses per puzzle, and the ratios fast/dlx and
//! fast/peer (above 1: the fast solver is faster).
//!
//! How it measures, and why:
//!
//! * CPU time of the measuring thread (`CLOCK_THREAD_CPUTIME_ID`), not wall time: benchmarks
//!   run on shared machines where other work competes for the cores, and the CPU time the
//!   thread itself used is much less disturbed by that. Where the platform has no such clock,
//!   the process's CPU time, and failing that the wall clock (the header says which).
//! * Rounds: every engine runs the whole set once per round, in an order that rotates each
//!   round, so a slow spell of the machine hits every engine rather than one; the table shows
//!   the median over `--rounds`, so one disturbed round moves nothing.
//! * What one run includes, for every engine alike: setting the puzzle up from its 81 digits
//!   and solving it; parsing the file and building the grids happen once, before any timing.
//! * Every run's answers are kept and compared with the other engines' (the same solution in
//!   `first` mode, unless both are valid solutions of a puzzle with several; the same count in
//!   `count` mode). A disagreement ends the command with exit code 1 and the puzzle's line:
//!   a fast wrong answer is worth nothing.
//!
//! The solvers are the libraries'; this module only reads files, times, checks and prints.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use sudoku_core::fast::FastSolver;
use sudoku_core::format::{ReadOptions, read_str};
use sudoku_core::{DlxSolver, Grid, Layout, Shape};

use crate::failure::Failure;
use crate::input;
use crate::output::Output;
use crate::timing::{Clock, ClockKind, cpu_now, machine, median};

/// Arguments of `sudoku bench`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each DATASET is a puzzle file: one 81-character puzzle per line (`.` or `0` for an empty cell,
anything after the puzzle is a label; `#` starts a comment). Malformed lines are reported with
their line number and skipped.

The `sudoku` crate (a JCZSolve port, AGPL-3.0) is measured only in a binary built with
`cargo build --release --features peers`.

Examples:
  sudoku bench puzzles.txt                         fast and dlx (and peer), both modes
  sudoku bench a.txt b.txt --mode first --rounds 5
  sudoku bench hard.txt --engine fast,peer --max 1000")]
pub struct Args {
    /// Puzzle files to solve.
    #[arg(value_name = "DATASET", required = true)]
    datasets: Vec<PathBuf>,

    /// What to measure: the first solution, a count up to two, or both.
    #[arg(long, value_enum, default_value = "both")]
    mode: ModeArg,

    /// The engines to run, comma-separated: fast, dlx, peer (default: every engine built in).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "ENGINE")]
    engine: Vec<Engine>,

    /// Time N rounds and show the median.
    #[arg(long, value_name = "N", default_value_t = 3)]
    rounds: usize,

    /// Use at most N puzzles of each file, evenly spaced through it (big puzzle files are
    /// often sorted, so their first lines are not a fair sample).
    #[arg(long, value_name = "N")]
    max: Option<usize>,
}

/// `--mode` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ModeArg {
    First,
    Count,
    Both,
}

/// What one run asks of every puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The first solution.
    First,
    /// The number of solutions, up to two.
    Count,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::First => "first",
            Mode::Count => "count2",
        }
    }
}

/// An engine under test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Engine {
    /// `sudoku_core::fast::FastSolver`.
    Fast,
    /// `sudoku_core::DlxSolver` with the classic layout.
    Dlx,
    /// The `sudoku` crate (only with `--features peers`).
    Peer,
}

impl Engine {
    fn name(self) -> &'static str {
        match self {
            Engine::Fast => "fast",
            Engine::Dlx => "dlx",
            Engine::Peer => "peer",
        }
    }
}

/// Whether this binary was built with the peer engine.
const PEER_BUILT: bool = cfg!(feature = "peers");

/// One puzzle of a data set, in the forms the engines take, set up before any timing.
struct Puzzle {
    /// The line of the file it was read from.
    line: usize,
    /// 81 digits, row-major, 0 for empty: what the fast solver and the peer take.
    digits: [u8; 81],
    /// The same as a grid: what the DLX solver takes.
    grid: Grid,
}

/// A data set read from a file.
struct DataSet {
    /// The file as named on the command line, for messages.
    path: String,
    /// The short name for the table: the file name.
    name: String,
    puzzles: Vec<Puzzle>,
}

/// What an engine answered for one puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    /// `first` mode: the solution found, if any.
    Solution(Option<[u8; 81]>),
    /// `count` mode: the number of solutions, up to two.
    Count(u64),
}

/// The engines' reusable state: one of each, made once.
struct Engines {
    fast: FastSolver,
    dlx: DlxSolver,
}

/// The result of timing one engine on one set in one mode.
struct Timing {
    /// Median CPU time of a run over the whole set.
    time: Duration,
    /// Fast solver only: guesses summed over the set (the same in every round).
    guesses: u64,
}

/// Runs `sudoku bench`.
pub fn run(args: &Args, _clock: &Clock) -> Result<(), Failure> {
    if args.rounds == 0 {
        return Err(Failure::Usage("--rounds must be at least 1".into()));
    }
    let engines = chosen_engines(&args.engine)?;
    let modes: &[Mode] = match args.mode {
        ModeArg::First => &[Mode::First],
        ModeArg::Count => &[Mode::Count],
        ModeArg::Both => &[Mode::First, Mode::Count],
    };
    // Read every file first: an unreadable one should stop the command before minutes of
    // measuring, not after.
    let mut sets = Vec::with_capacity(args.datasets.len());
    for path in &args.datasets {
        sets.push(load(path, args.max)?);
    }

    let mut out = Output::stdout();
    let clock_name = match cpu_now() {
        (_, ClockKind::Thread) => "thread CPU time",
        (_, ClockKind::Process) => "process CPU time",
        (_, ClockKind::Wall) => "wall time (no CPU clock on this platform)",
    };
    writeln!(
        out,
        "sudoku bench: puzzles per second of {clock_name}, median of {} round(s), engines \
         alternating; {}",
        args.rounds,
        machine()
    )?;
    if !PEER_BUILT {
        writeln!(
            out,
            "note: the peer (the `sudoku` crate) is built only with `--features peers`"
        )?;
    }
    writeln!(out)?;

    let table = Table::new(&engines, &sets);
    table.header(&mut out)?;
    out.flush()?;

    let mut state = Engines {
        fast: FastSolver::new(),
        dlx: DlxSolver::new(Layout::classic()),
    };
    for set in &sets {
        for &mode in modes {
            let timings = measure(&mut state, &engines, set, mode, args.rounds);
            let timings = match timings {
                Ok(t) => t,
                Err(message) => {
                    out.flush()?;
                    // Exit code 1: a puzzle had no agreed answer (not malformed input).
                    let _ = writeln!(std::io::stderr(), "error: {message}");
                    return Err(Failure::Quiet(1));
                }
            };
            table.row(&mut out, set, mode, &timings)?;
            out.flush()?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The engines to run, in table order; the peer only where it is built.
fn chosen_engines(asked: &[Engine]) -> Result<Vec<Engine>, Failure> {
    let all = [Engine::Fast, Engine::Dlx, Engine::Peer];
    if asked.is_empty() {
        return Ok(all
            .into_iter()
            .filter(|&e| e != Engine::Peer || PEER_BUILT)
            .collect());
    }
    if asked.contains(&Engine::Peer) && !PEER_BUILT {
        return Err(Failure::Usage(
            "the peer engine (the `sudoku` crate) is built only with `--features peers`".into(),
        ));
    }
    Ok(all.into_iter().filter(|e| asked.contains(e)).collect())
}

/// Reads a puzzle file. Malformed puzzles, grids that are not 9x9, and puzzles whose givens
/// clash are reported on stderr with their line and skipped; an unreadable file is a failure.
fn load(path: &Path, max: Option<usize>) -> Result<DataSet, Failure> {
    let input = input::read(path)?;
    let name = path
        .file_name()
        .map_or_else(|| input.name.clone(), |n| n.to_string_lossy().into_owned());
    let mut puzzles = Vec::new();
    let mut stderr = std::io::stderr();
    let options = ReadOptions {
        shape: Some(Shape::CLASSIC),
        ..ReadOptions::default()
    };
    for entry in read_str(&input.text, options) {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let _ = writeln!(
                    stderr,
                    "warning: {}:{}{}; skipped",
                    input.name, e.line, e.kind
                );
                continue;
            }
        };
        let skip = |why: &str| {
            let _ = writeln!(
                std::io::stderr(),
                "warning: {}:{}: {why}; skipped",
                input.name,
                entry.line
            );
        };
        if entry.variant.is_some() {
            skip("a variant puzzle (the fast solver and the peer know only the classic rules)");
            continue;
        }
        let Ok(digits) = <[u8; 81]>::try_from(entry.grid.values()) else {
            skip("not a 9x9 grid");
            continue;
        };
        // Clashing givens are an error for our engines and "no solution" for the peer: not a
        // fair or meaningful thing to time.
        if let Err(e) = sudoku_core::fast::count(&digits, 0) {
            skip(&e.to_string());
            continue;
        }
        puzzles.push(Puzzle {
            line: entry.line,
            digits,
            grid: entry.grid,
        });
    }
    if let Some(max) = max.filter(|&m| m < puzzles.len()) {
        let n = puzzles.len();
        let mut k = 0;
        puzzles.retain(|_| {
            // True for exactly `max` of the `n` indices, one every n/max, the first included.
            let keep = (k * max) % n < max;
            k += 1;
            keep
        });
        puzzles.truncate(max);
    }
    Ok(DataSet {
        path: input.name,
        name,
        puzzles,
    })
}

/// Times every engine on one set in one mode: `rounds` rounds, the order rotating each round,
/// every run's answers checked against the first engine's. `Err` names the first puzzle the
/// engines disagree on.
fn measure(
    state: &mut Engines,
    engines: &[Engine],
    set: &DataSet,
    mode: Mode,
    rounds: usize,
) -> Result<Vec<Timing>, String> {
    let n = set.puzzles.len();
    let mut times = vec![Vec::with_capacity(rounds); engines.len()];
    let mut guesses = vec![0u64; engines.len()];
    let mut answers = vec![Vec::with_capacity(n); engines.len()];
    // Touch the answers' pages before any timing, as the peers' harness does with its
    // buffers: otherwise the first round of a process pays the page faults of a fresh
    // allocation (a few percent of a small set, in a single-round run such as the kit's).
    for a in &mut answers {
        a.resize(n, Answer::Count(0));
        a.clear();
    }
    for round in 0..rounds {
        for k in 0..engines.len() {
            let e = (k + round) % engines.len();
            let answers = &mut answers[e];
            answers.clear();
            let start = cpu_now().0;
            guesses[e] = run_engine(state, engines[e], set, mode, answers);
            times[e].push(cpu_now().0.saturating_sub(start));
        }
        for e in 1..engines.len() {
            check(
                set,
                mode,
                (engines[0], &answers[0]),
                (engines[e], &answers[e]),
            )?;
        }
    }
    Ok(times
        .into_iter()
        .zip(guesses)
        .map(|(mut t, guesses)| Timing {
            time: median(&mut t),
            guesses,
        })
        .collect())
}

/// One engine over a whole set: pushes one answer per puzzle, returns the fast solver's
/// guesses (0 for the others). The loop per engine and mode is written out so that the timed
/// code is the solver call and a push, nothing chosen per puzzle.
fn run_engine(
    state: &mut Engines,
    engine: Engine,
    set: &DataSet,
    mode: Mode,
    answers: &mut Vec<Answer>,
) -> u64 {
    let mut guesses = 0;
    match (engine, mode) {
        (Engine::Fast, Mode::First) => {
            for p in &set.puzzles {
                let found = state.fast.first(&p.digits).ok().flatten();
                guesses += state.fast.stats().guesses;
                answers.push(Answer::Solution(found));
            }
        }
        (Engine::Fast, Mode::Count) => {
            for p in &set.puzzles {
                let count = state.fast.count(&p.digits, 2).unwrap_or(0);
                guesses += state.fast.stats().guesses;
                answers.push(Answer::Count(count));
            }
        }
        (Engine::Dlx, Mode::First) => {
            for p in &set.puzzles {
                let found = state.dlx.first(&p.grid).ok().flatten();
                answers.push(Answer::Solution(
                    found.and_then(|g| <[u8; 81]>::try_from(g.values()).ok()),
                ));
            }
        }
        (Engine::Dlx, Mode::Count) => {
            for p in &set.puzzles {
                answers.push(Answer::Count(state.dlx.count(&p.grid, 2).unwrap_or(0)));
            }
        }
        (Engine::Peer, mode) => peer::run(set, mode, answers),
    }
    std::hint::black_box(answers);
    guesses
}

/// The `sudoku` crate, when built in.
#[cfg(feature = "peers")]
mod peer {
    use super::{Answer, DataSet, Mode};

    /// Runs the peer over a set. Its `Sudoku` is made from the 81 digits inside the timed
    /// loop, as our solvers set up their state inside theirs (the check it does is one pass
    /// over the bytes).
    pub(super) fn run(set: &DataSet, mode: Mode, answers: &mut Vec<Answer>) {
        match mode {
            Mode::First => {
                for p in &set.puzzles {
                    let found = sudoku::Sudoku::from_bytes(p.digits)
                        .ok()
                        .and_then(|s| s.some_solution())
                        .map(|s| s.to_bytes());
                    answers.push(Answer::Solution(found));
                }
            }
            Mode::Count => {
                for p in &set.puzzles {
                    let count = sudoku::Sudoku::from_bytes(p.digits)
                        .map_or(0, |s| s.solutions_count_up_to(2));
                    answers.push(Answer::Count(count as u64));
                }
            }
        }
    }
}

/// The peer is not built: never chosen (see [`chosen_engines`]).
#[cfg(not(feature = "peers"))]
mod peer {
    use super::{Answer, DataSet, Mode};

    pub(super) fn run(_set: &DataSet, _mode: Mode, _answers: &mut Vec<Answer>) {}
}

/// Checks that engine `b` answered every puzzle as engine `a` did.
fn check(
    set: &DataSet,
    mode: Mode,
    (a, answers_a): (Engine, &[Answer]),
    (b, answers_b): (Engine, &[Answer]),
) -> Result<(), String> {
    for (p, (x, y)) in set.puzzles.iter().zip(answers_a.iter().zip(answers_b)) {
        if x == y || both_solve(p, x, y) {
            continue;
        }
        let describe = |e: Engine, ans: &Answer| match ans {
            Answer::Solution(None) => format!("{} finds no solution", e.name()),
            Answer::Solution(Some(g)) => format!("{} finds {}", e.name(), line_of(g)),
            Answer::Count(c) => format!("{} counts {c}", e.name()),
        };
        return Err(format!(
            "{}:{}: the engines disagree ({} mode) on {}: {}, but {}",
            set.path,
            p.line,
            mode.name(),
            line_of(&p.digits),
            describe(a, x),
            describe(b, y)
        ));
    }
    if answers_a.len() != answers_b.len() {
        return Err(format!(
            "{}: {} answered {} puzzles, {} answered {}",
            set.path,
            a.name(),
            answers_a.len(),
            b.name(),
            answers_b.len()
        ));
    }
    Ok(())
}

/// Two different first solutions are both right when the puzzle has several solutions and
/// each is one of them.
fn both_solve(p: &Puzzle, x: &Answer, y: &Answer) -> bool {
    let (Answer::Solution(Some(x)), Answer::Solution(Some(y))) = (x, y) else {
        return false;
    };
    let layout = Layout::classic();
    let solves = |g: &[u8; 81]| {
        Grid::from_values(Shape::CLASSIC, g.to_vec())
            .is_ok_and(|g| layout.check_solution(&p.grid, &g).is_ok())
    };
    solves(x) && solves(y)
}

/// A grid as its 81-character line.
fn line_of(g: &[u8; 81]) -> String {
    g.iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}

/// The aligned result table: one row per data set and mode.
struct Table {
    engines: Vec<Engine>,
    name_width: usize,
}

/// Width of the numeric columns.
const W: usize = 10;

impl Table {
    fn new(engines: &[Engine], sets: &[DataSet]) -> Table {
        let name_width = sets.iter().map(|s| s.name.len()).max().unwrap_or(0).max(7);
        Table {
            engines: engines.to_vec(),
            name_width,
        }
    }

    fn has(&self, e: Engine) -> bool {
        self.engines.contains(&e)
    }

    fn header(&self, out: &mut Output) -> std::io::Result<()> {
        let mut line = format!(
            "{:<nw$}  {:<6}  {:>8}",
            "dataset",
            "mode",
            "puzzles",
            nw = self.name_width
        );
        for e in &self.engines {
            line += &format!("  {:>W$}", format!("{}/s", e.name()));
        }
        if self.has(Engine::Fast) {
            line += &format!("  {:>W$}", "guesses");
            if self.has(Engine::Dlx) {
                line += &format!("  {:>W$}", "fast/dlx");
            }
            if self.has(Engine::Peer) {
                line += &format!("  {:>W$}", "fast/peer");
            }
        }
        writeln!(out, "{}", line.trim_end())
    }

    fn row(
        &self,
        out: &mut Output,
        set: &DataSet,
        mode: Mode,
        timings: &[Timing],
    ) -> std::io::Result<()> {
        let n = set.puzzles.len();
        let rate = |t: &Timing| n as f64 / t.time.as_secs_f64().max(1e-9);
        let mut line = format!(
            "{:<nw$}  {:<6}  {:>8}",
            set.name,
            mode.name(),
            n,
            nw = self.name_width
        );
        for t in timings {
            line += &format!("  {:>W$}", thousands(rate(t)));
        }
        let of = |e: Engine| {
            self.engines
                .iter()
                .position(|&x| x == e)
                .map(|k| &timings[k])
        };
        if let Some(fast) = of(Engine::Fast) {
            let guesses = fast.guesses as f64 / n.max(1) as f64;
            line += &format!("  {:>W$.2}", guesses);
            for other in [Engine::Dlx, Engine::Peer] {
                if let Some(t) = of(other) {
                    line += &format!("  {:>W$.2}", rate(fast) / rate(t).max(1e-9));
                }
            }
        }
        writeln!(out, "{line}")
    }
}

/// A rate as a whole number with thousands separators (`523,118`).
fn thousands(x: f64) -> String {
    let digits = format!("{:.0}", x.max(0.0));
    let mut out = String::new();
    for (k, ch) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0.0), "0");
        assert_eq!(thousands(999.4), "999");
        assert_eq!(thousands(1000.0), "1,000");
        assert_eq!(thousands(523_118.2), "523,118");
        assert_eq!(thousands(12_345_678.0), "12,345,678");
    }
}
