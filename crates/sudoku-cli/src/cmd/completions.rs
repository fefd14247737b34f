//! `sudoku completions SHELL`: the shell's completion script, made from the command
//! definitions (clap_complete), so it completes exactly what `--help` lists.

use std::io::Write;

use clap_complete::Shell;

use crate::failure::Failure;
use crate::output::Output;

/// Arguments of `sudoku completions`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  source <(sudoku completions bash)                      bash, this shell only
  sudoku completions bash > ~/.local/share/bash-completion/completions/sudoku
  sudoku completions zsh > \"${fpath[1]}/_sudoku\"
  sudoku completions fish > ~/.config/fish/completions/sudoku.fish")]
pub struct Args {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_name = "SHELL")]
    shell: Shell,
}

/// Runs `sudoku completions`.
pub fn run(args: &Args, mut command: clap::Command) -> Result<(), Failure> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "sudoku", &mut script);
    let mut out = Output::stdout();
    out.write_all(&script)?;
    out.flush()?;
    Ok(())
}
