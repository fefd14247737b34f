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

mod cmd;
mod failure;
mod input;
mod output;
mod progress;
mod timing;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::failure::Failure;

/// Dancing Sudoku: an exact-cover engine and a sudoku toolkit.
#[derive(Debug, Parser)]
#[command(name = "sudoku", version, long_about = None, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Every subcommand, one module each under `cmd/`.
#[derive(Debug, Subcommand)]
enum Command {
    /// Solve an exact-cover problem written in Knuth's DLX format (XC, XCC, MCC).
    Xc(cmd::xc::Args),
}

fn main() -> ExitCode {
    let clock = timing::Clock::start();
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Xc(args) => cmd::xc::run(args, &clock),
    };
    match result {
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
