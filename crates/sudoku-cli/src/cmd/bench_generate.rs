//! `sudoku bench-generate`: CPU time per generated puzzle on every rung of the game's ladder
//! (and for "any level"), next to QQWing's on its nearest difficulty, in the same run.
//!
//! The pairs: QQWing's `simple` (singles only) against our Beginner, `easy` against Easy,
//! `intermediate` against Medium, `expert` against Hard, `any` against a puzzle of any level.
//! Expert and Master have no QQWing counterpart (QQWing's hardest level is "needs guessing");
//! their rows show ours alone.
//!
//! How it measures: QQWing runs as a child process (`qqwing --generate N --difficulty D
//! --one-line`) and is charged the CPU time the kernel reports for it (`RUSAGE_CHILDREN`),
//! process start included (a few milliseconds over N puzzles); ours is the CPU time of the
//! thread that generates, generator set-up included. Rounds alternate the two and rotate
//! which goes first; the table shows each side's median over the rounds. Our puzzles come from
//! seeds `--seed`, `--seed`+1, ... so every round makes the same puzzles.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use sudoku_core::dig::DigOptions;
use sudoku_core::{Layout, Shape};
use sudoku_logic::generate::{GenerateError, Generator, Request};
use sudoku_logic::ladder::Rung;

use crate::failure::Failure;
use crate::output::Output;
use crate::timing::{children_cpu_time, cpu_now, machine, median};

/// Arguments of `sudoku bench-generate`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
QQWing 1.3.4 is Debian's package `qqwing` (apt-get install qqwing). Without it, only our
figures are printed.

Examples:
  sudoku bench-generate
  sudoku bench-generate --count 200 --rounds 5")]
pub struct Args {
    /// Puzzles per level and round, for each generator.
    #[arg(long, value_name = "N", default_value_t = 50)]
    count: u64,

    /// Rounds; the table shows the median.
    #[arg(long, value_name = "N", default_value_t = 3)]
    rounds: usize,

    /// The QQWing program.
    #[arg(long, value_name = "PATH", default_value = "qqwing")]
    qqwing: PathBuf,

    /// The first seed of our puzzles.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

/// One row: our request and the QQWing difficulty it is compared with.
struct Row {
    label: &'static str,
    level: &'static str,
    request: Request,
    qqwing: Option<&'static str>,
}

/// Runs `sudoku bench-generate`.
pub fn run(args: &Args) -> Result<(), Failure> {
    if args.rounds == 0 || args.count == 0 {
        return Err(Failure::Usage(
            "--rounds and --count must be at least 1".into(),
        ));
    }
    let qqwing = qqwing_version(&args.qqwing);
    let mut out = Output::stdout();
    writeln!(
        out,
        "sudoku bench-generate: CPU ms per 9x9 puzzle, median of {} round(s) of {} puzzles; {}",
        args.rounds,
        args.count,
        machine()
    )?;
    match &qqwing {
        Some(v) => writeln!(out, "peer: {v}")?,
        None => writeln!(
            out,
            "note: {} not found (apt-get install qqwing); ours only",
            args.qqwing.display()
        )?,
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:<9} {:<8} {:>9}  {:<13} {:>10}  {:>7}",
        "ours", "level", "ours ms", "qqwing", "qqwing ms", "ratio"
    )?;
    out.flush()?;
    for row in rows() {
        let mut ours = Vec::with_capacity(args.rounds);
        let mut theirs = Vec::with_capacity(args.rounds);
        for round in 0..args.rounds {
            let peer = row.qqwing.filter(|_| qqwing.is_some());
            if round % 2 == 1
                && let Some(d) = peer
            {
                theirs.push(time_qqwing(&args.qqwing, d, args.count)?);
            }
            ours.push(time_ours(&row.request, args.seed, args.count)?);
            if round % 2 == 0
                && let Some(d) = peer
            {
                theirs.push(time_qqwing(&args.qqwing, d, args.count)?);
            }
        }
        let per =
            |times: &mut Vec<Duration>| median(times).as_secs_f64() * 1000.0 / args.count as f64;
        let ours_ms = per(&mut ours);
        let (name, theirs_ms, ratio) = match (row.qqwing, theirs.is_empty()) {
            (Some(d), false) => {
                let t = per(&mut theirs);
                (d, format!("{t:.2}"), format!("{:.1}x", t / ours_ms))
            }
            (Some(d), true) => (d, "-".into(), "-".into()),
            (None, _) => ("(none)", "-".into(), "-".into()),
        };
        writeln!(
            out,
            "{:<9} {:<8} {:>9.3}  {:<13} {:>10}  {:>7}",
            row.label, row.level, ours_ms, name, theirs_ms, ratio
        )?;
        out.flush()?;
    }
    Ok(())
}

/// The table's rows: each rung of the ladder, then any level.
fn rows() -> Vec<Row> {
    let pairs = [
        ("beginner", Some("simple")),
        ("easy", Some("easy")),
        ("medium", Some("intermediate")),
        ("hard", Some("expert")),
        ("expert", None),
        ("master", None),
    ];
    let mut rows: Vec<Row> = pairs
        .into_iter()
        .filter_map(|(id, qqwing)| {
            let rung = Rung::by_id(id)?;
            Some(Row {
                label: rung.id,
                level: rung.level.name(),
                request: rung.request(Shape::CLASSIC),
                qqwing,
            })
        })
        .collect();
    rows.push(Row {
        label: "any",
        level: "any",
        request: Request {
            dig: DigOptions::default(),
            ..Request::default()
        },
        qqwing: Some("any"),
    });
    rows
}

/// CPU time of this thread to generate `count` puzzles.
fn time_ours(request: &Request, seed: u64, count: u64) -> Result<Duration, Failure> {
    let (start, _) = cpu_now();
    let mut generator = Generator::new(&Layout::classic());
    for k in 0..count {
        let seed = seed.wrapping_add(k);
        let made = match request.level {
            // "Any level" needs no grade (as `sudoku generate` without --level or --rate).
            None => generator
                .generate_unrated(&request.dig, seed)
                .map(|_| ())
                .map_err(GenerateError::from),
            Some(_) => generator.generate(request, seed).map(|_| ()),
        };
        made.map_err(|e| Failure::Unmet(format!("our generator failed on seed {seed}: {e}")))?;
    }
    let (end, _) = cpu_now();
    Ok(end.saturating_sub(start))
}

/// CPU time QQWing takes to print `count` puzzles of a difficulty; checks it printed them.
fn time_qqwing(program: &PathBuf, difficulty: &str, count: u64) -> Result<Duration, Failure> {
    let before = children_cpu_time().unwrap_or_default();
    let mut child = Command::new(program)
        .args([
            "--generate",
            &count.to_string(),
            "--difficulty",
            difficulty,
            "--one-line",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| Failure::Unmet(format!("cannot run {}: {e}", program.display())))?;
    let lines = child.stdout.take().map_or(0, |s| {
        BufReader::new(s)
            .lines()
            .map_while(Result::ok)
            .filter(|l| l.len() >= 81)
            .count()
    });
    let status = child
        .wait()
        .map_err(|e| Failure::Unmet(format!("waiting for {}: {e}", program.display())))?;
    let after = children_cpu_time().unwrap_or_default();
    if !status.success() || lines as u64 != count {
        return Err(Failure::Unmet(format!(
            "{} --difficulty {difficulty} printed {lines} of {count} puzzles ({status})",
            program.display()
        )));
    }
    Ok(after.saturating_sub(before))
}

/// QQWing's version line, or `None` when it does not run.
fn qqwing_version(program: &PathBuf) -> Option<String> {
    let out = Command::new(program).arg("--version").output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}
