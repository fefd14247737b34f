//! `sudoku`: the command-line front end of Dancing Sudoku.
//!
//! The binary is a thin layer over the libraries: it parses arguments, reads files or standard
//! input, writes results to standard output, diagnostics and progress to standard error, and
//! turns the outcome into an exit code. No search or puzzle logic lives here.
//!
//! Each subcommand is one module under [`cmd`] with an `Args` struct (its clap arguments) and a
//! `run` function; adding a command means adding a module and one variant to [`Command`].
//!
//! Exit codes are the same for every command: 0 when all went well, 1 when some puzzle had no
//! unique answer, 2 for malformed input, an unreadable file or a usage error.

mod alloc;
mod batch;
mod cmd;
mod failure;
mod input;
mod output;
mod position;
mod progress;
mod stop;
mod timing;
mod words;

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::failure::Failure;

/// The system allocator, with mimalloc for small blocks in every command but `xc` (see
/// [`alloc`]).
#[global_allocator]
static ALLOCATOR: alloc::Split = alloc::Split;

/// Dancing Sudoku: an exact-cover engine and a sudoku toolkit.
#[derive(Debug, Parser)]
#[command(name = "sudoku", version = VERSION, long_about = None, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// `sudoku --version`: the package version and the commit it was built from (`build.rs`).
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("SUDOKU_COMMIT"),
    ")"
);

/// Every subcommand, one module each under `cmd/`.
#[derive(Debug, Subcommand)]
enum Command {
    /// Solve an exact-cover problem written in Knuth's DLX format (XC, XCC, MCC).
    Xc(cmd::xc::Args),
    /// Solve puzzles: one solution per puzzle, in input order (any box shape, variants).
    Solve(cmd::solve::Args),
    /// Count the solutions of each puzzle (`N+` when --limit stopped the count).
    Count(cmd::count::Args),
    /// Tell whether each puzzle is unique, has several solutions, none, or invalid givens.
    Check(cmd::check::Args),
    /// Rate each puzzle's difficulty as HoDoKu does: level, score, hardest technique.
    Rate(cmd::rate::Args),
    /// The next step for a puzzle or a position, in three stages (technique, where, step).
    Hint(cmd::hint::Args),
    /// The whole solution path a person would follow, a step per line, and the grade.
    Explain(cmd::explain::Args),
    /// Generate puzzles with one solution: symmetry, number of givens, minimal, any size.
    Generate(cmd::generate::Args),
    /// Apply symmetries to puzzles: relabel, rotate, reflect, permute; random or canonical.
    Transform(cmd::transform::Args),
    /// Benchmark the 9x9 solvers (fast, DLX, and with `--features peers` the `sudoku` crate).
    Bench(cmd::bench::Args),
    /// Benchmark the generator on every rung of the ladder against QQWing, in the same run.
    BenchGenerate(cmd::bench_generate::Args),
    /// Print a puzzle book with answer keys, or a puzzle's step-by-step walkthrough, as PDF, SVG or XLSX.
    Print(cmd::print::Args),
    /// Serve the browser game: play in a web page, games and statistics kept in SQLite.
    Serve(cmd::serve::Args),
    /// Play in the terminal: full screen, pencil marks, hints, saved in the same database as serve.
    Play(cmd::play::Args),
    /// The singles drill in the terminal (Full House, Naked Single, Hidden Single), timed and kept.
    Drill(cmd::drill::Args),
    /// Copy the games database, while the server runs, to a file (SQLite's online backup).
    Backup(cmd::backup::BackupArgs),
    /// Put a backup of the games database back, after checking it.
    Restore(cmd::backup::RestoreArgs),
    /// Print the shell completion script for bash, zsh, fish, elvish or powershell.
    Completions(cmd::completions::Args),
    /// Print the manual page of `sudoku` or of one command (roff, for `man -l -`), or write them all.
    Man(cmd::man::Args),
}

fn main() -> ExitCode {
    let clock = timing::Clock::start();
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Xc(_)) {
        alloc::use_mimalloc();
    }
    let result = match &cli.command {
        Command::Xc(args) => cmd::xc::run(args, &clock),
        Command::Solve(args) => cmd::solve::run(args, &clock),
        Command::Count(args) => cmd::count::run(args, &clock),
        Command::Check(args) => cmd::check::run(args, &clock),
        Command::Transform(args) => cmd::transform::run(args, &clock),
        Command::Generate(args) => cmd::generate::run(args, &clock),
        Command::Rate(args) => cmd::rate::run(args, &clock),
        Command::Hint(args) => cmd::hint::run(args, &clock),
        Command::Explain(args) => cmd::explain::run(args, &clock),
        Command::Bench(args) => cmd::bench::run(args, &clock),
        Command::BenchGenerate(args) => cmd::bench_generate::run(args),
        Command::Print(args) => cmd::print::run(args, &clock),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Play(args) => cmd::play::run(args),
        Command::Drill(args) => cmd::drill::run(args),
        Command::Backup(args) => cmd::backup::run_backup(args),
        Command::Restore(args) => cmd::backup::run_restore(args),
        Command::Completions(args) => cmd::completions::run(args, Cli::command()),
        Command::Man(args) => cmd::man::run(args, Cli::command()),
    };
    match result {
        // Ctrl-C: the command stopped early and printed what it had (and its --stats).
        _ if stop::interrupted() => report(Failure::Interrupted),
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => report(failure),
    }
}

/// Prints a failure's message on stderr (if it has one) and gives its exit code.
fn report(failure: Failure) -> ExitCode {
    if let Some(message) = failure.message() {
        // Nothing sensible is left to do if stderr itself cannot be written.
        let _ = writeln!(std::io::stderr(), "error: {message}");
    }
    ExitCode::from(failure.exit_code())
}
