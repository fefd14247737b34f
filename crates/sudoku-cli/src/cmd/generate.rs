//! `sudoku generate`: new puzzles with exactly one solution, a chosen symmetry of the givens,
//! a range of givens, minimal on request, any box shape and variant.
//!
//! Puzzle `k` of a run is made from its own seed, derived from `--seed` and `k`, so the output
//! is the same whatever `--jobs` is, and any one puzzle can be made again alone.

use std::io::Write;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use sudoku_core::dig::{DigError, Symmetry};
use sudoku_core::format::OutputFormat;
use sudoku_core::{Grid, Layout, Shape};
use sudoku_logic::Grade;
use sudoku_logic::Level;
use sudoku_logic::generate::{GenerateError, Generator, Request};
use sudoku_logic::ladder::Rung;

use crate::batch::{self, VariantArgs, VariantSpec};
use crate::failure::Failure;
use crate::output::Output;
use crate::stop::{TimeLimit, parse_seconds};
use crate::timing::Clock;

/// Arguments of `sudoku generate`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Every puzzle has exactly one solution. A request that cannot be met (90-degree symmetry with
17 givens, say) ends with a message after a bounded number of attempts (exit 1).

Examples:
  sudoku generate --count 10 --symmetry rotate180 --seed 7
  sudoku generate --givens 30-34 --format grid
  sudoku generate --rung beginner --symmetry rotate180 --rate
  sudoku generate --minimal --count 1000 --jobs 0 > minimal.txt
  sudoku generate --box 2x2 --count 5         4x4 puzzles for children
  sudoku generate --box 4x4 --symmetry mirror 16x16
  sudoku generate --variant diagonal --count 3")]
pub struct Args {
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 1)]
    count: u64,

    /// The difficulty, on HoDoKu's scale: easy, medium, hard, unfair, extreme (any by default).
    #[arg(long, value_name = "LEVEL", value_parser = crate::words::parse_level)]
    level: Option<Level>,

    /// A rung of the game's ladder instead of a level: beginner, easy, medium, hard, expert,
    /// master (each a level, a score range and a range of givens; see the README).
    /// `--givens` and `--minimal` still apply on top.
    #[arg(long, value_name = "RUNG", conflicts_with = "level", value_parser = crate::words::parse_rung)]
    rung: Option<&'static Rung>,

    /// Label each puzzle with its level and score.
    #[arg(long)]
    rate: bool,

    /// The box shape, rows x columns: `2x2` (4x4 grid), `2x3` (6x6), `3x3`, `4x4` (16x16)...
    #[arg(long = "box", value_name = "RxC", default_value = "3x3")]
    shape: Shape,

    #[command(flatten)]
    variant: VariantArgs,

    /// The symmetry of the givens: none, rotate180, rotate90, mirror, flip, diagonal,
    /// antidiagonal, or random (one of them per puzzle).
    #[arg(long, value_name = "SYMMETRY", default_value = "none")]
    symmetry: Symmetry,

    /// The number of givens, `N` or `MIN-MAX`.
    #[arg(long, value_name = "N|MIN-MAX", value_parser = parse_range)]
    givens: Option<(usize, usize)>,

    /// No given can be removed without losing uniqueness.
    #[arg(long)]
    minimal: bool,

    /// The seed: the same seed, the same puzzles (whatever --jobs is). By default a new one
    /// is drawn and printed on stderr.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// Full grids to try per puzzle before giving up on a request (default: 200, or 2000 with
    /// --level).
    #[arg(long, value_name = "N", value_parser = parse_attempts)]
    attempts: Option<usize>,

    /// Seconds each puzzle may take before the request fails (0: no limit; a unit may
    /// follow: `500ms`, `90s`, `2m`). A 9x9 puzzle takes milliseconds at any level; large
    /// grids at the upper levels can take minutes.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_seconds)]
    time_limit: TimeLimit,

    /// Worker threads (0 = one per core); the output is the same for any number.
    #[arg(long, value_name = "J", default_value_t = 1)]
    jobs: usize,

    /// Output format: line, grid, json or csv.
    #[arg(long, value_name = "FORMAT", default_value = "line")]
    format: OutputFormat,

    /// Print the number of puzzles, the CPU and wall time and puzzles per second on stderr.
    #[arg(long)]
    stats: bool,
}

/// The generator request the arguments make.
fn request(args: &Args) -> Request {
    let mut request = match args.rung {
        Some(rung) => rung.request(args.shape),
        None => Request {
            level: args.level,
            ..Request::default()
        },
    };
    let attempts = args
        .attempts
        .unwrap_or(if request.level.is_some() { 2000 } else { 200 });
    if let Some((min, max)) = args.givens {
        (request.dig.min_givens, request.dig.max_givens) = (min, max);
    }
    request.dig.symmetry = args.symmetry;
    request.dig.minimal |= args.minimal;
    request.dig.attempts = attempts;
    request.attempts = attempts;
    request
}

/// `N` or `MIN-MAX`.
fn parse_range(text: &str) -> Result<(usize, usize), String> {
    let number = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("`{text}` is not N or MIN-MAX"))
    };
    let (min, max) = match text.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => {
            let n = number(text)?;
            (n, n)
        }
    };
    if min > max {
        return Err(format!("`{text}`: the minimum is above the maximum"));
    }
    Ok((min, max))
}

/// `--attempts`: at least one.
fn parse_attempts(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("at least one attempt is needed".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("`{text}`: {e}")),
    }
}

/// The fewest givens a plain 9x9 puzzle with one solution can have (McGuire, Tugemann and
/// Civario, 2012: no 16-clue sudoku exists).
const FEWEST_9X9_GIVENS: usize = 17;

/// Runs `sudoku generate`.
pub fn run(args: &Args, clock: &Clock) -> Result<(), Failure> {
    let spec = VariantSpec::from_args(&args.variant)?;
    let cells = args.shape.cell_count();
    if let Some((min, max)) = args.givens
        && min > cells
    {
        return Err(Failure::Usage(format!(
            "--givens {min}-{max}: a {n}x{n} grid has {cells} cells",
            n = args.shape.size()
        )));
    }
    if let Some((min, max)) = args.givens
        && args.shape.size() == 9
        && args.variant.variant.is_empty()
        && max < FEWEST_9X9_GIVENS
    {
        return Err(Failure::Usage(format!(
            "--givens {min}-{max}: a 9x9 sudoku with one solution has at least {FEWEST_9X9_GIVENS} givens"
        )));
    }
    let variant = spec
        .variant(args.shape)
        .map_err(|e| Failure::Usage(e.to_string()))?;
    let layout = Layout::with_variant(args.shape, variant.clone())
        .map_err(|e| Failure::Usage(format!("--variant: {e}")))?;
    let seed = args.seed.unwrap_or_else(|| {
        let s = fresh_seed();
        let _ = writeln!(std::io::stderr(), "seed: {s}");
        s
    });
    let request = request(args);
    let threads = batch::thread_count(args.jobs);
    let init = || Generator::new(&layout);
    // Grading costs more than digging: skip it when nothing asks for a level or a score.
    let unrated = request.level.is_none() && !args.rate;
    let work = |generator: &mut Generator, &k: &u64| {
        let seed = puzzle_seed(seed, k);
        let mut request = request.clone();
        request.dig.deadline = args.time_limit.0.map(|limit| Instant::now() + limit);
        if unrated {
            let dug = generator.generate_unrated(&request.dig, seed)?;
            return Ok((dug.puzzle, None));
        }
        generator
            .generate(&request, seed)
            .map(|made| (made.puzzle, Some(made.grade)))
    };
    let mut out = Output::stdout();
    let mut made = 0;
    let variant_out = (!variant.is_plain()).then_some(&variant);
    let deliver = |_: &u64, generated: Result<(Grid, Option<Grade>), GenerateError>| match generated
    {
        Ok((puzzle, grade)) => {
            made += 1;
            let label = match grade.filter(|_| args.rate) {
                Some(grade) => {
                    let level = grade.level.map_or("beyond".to_string(), |l| l.to_string());
                    format!("{level} {}", grade.score)
                }
                None => String::new(),
            };
            let text = args.format.write(&puzzle, &label, variant_out);
            out.write_all(text.as_bytes()).map_err(Failure::from)
        }
        Err(e) => Err(Failure::Unmet(unmet_message(&e, args.time_limit.0))),
    };
    let total = usize::try_from(args.count).unwrap_or(usize::MAX);
    let result = batch::for_each_ordered(
        0..args.count,
        total,
        args.jobs,
        threads * 4,
        init,
        work,
        deliver,
    );
    out.flush()?;
    if args.stats {
        batch::print_stats(made, clock);
    }
    result
}

/// Why a request failed; a time limit also says which, and how to lift it.
fn unmet_message(e: &GenerateError, limit: Option<Duration>) -> String {
    let timed_out = matches!(
        e,
        GenerateError::TimeUp { .. } | GenerateError::Dig(DigError::TimeUp { .. })
    );
    match limit.filter(|_| timed_out) {
        Some(limit) => format!(
            "{e} (--time-limit {} s per puzzle; --time-limit 0 for none)",
            limit.as_secs_f64()
        ),
        None => e.to_string(),
    }
}

/// The seed of puzzle `k` of a run: a mix of the run's seed and `k` (splitmix64's finaliser),
/// so neighbouring puzzles share nothing.
pub(crate) fn puzzle_seed(seed: u64, k: u64) -> u64 {
    let mut z = seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed from the clock, when `--seed` is not given.
pub fn fresh_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
