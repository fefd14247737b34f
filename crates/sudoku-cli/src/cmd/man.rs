//! `sudoku man [COMMAND]`: the manual pages, made from the command definitions (clap_mangen)
//! so that they say what `--help` says. One page for `sudoku` (sudoku(1)) and one for each
//! command (sudoku-solve(1), ...), as git and cargo have them; `--dir DIR` writes them all,
//! for a package.

use std::io::Write;
use std::path::PathBuf;

use crate::failure::Failure;
use crate::output::Output;

/// Arguments of `sudoku man`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  sudoku man | man -l -                  the page of sudoku itself
  sudoku man solve | man -l -            the page of one command, sudoku-solve(1)
  sudoku man --dir /usr/share/man/man1   every page, as sudoku.1, sudoku-solve.1, ...")]
pub struct Args {
    /// The command whose page to print (`solve`, `rate`, ...); `sudoku` itself by default.
    #[arg(value_name = "COMMAND", conflicts_with = "dir")]
    command: Option<String>,

    /// Write every page into this folder (`sudoku.1` and `sudoku-COMMAND.1`) instead.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Runs `sudoku man`.
pub fn run(args: &Args, command: clap::Command) -> Result<(), Failure> {
    let command = command
        .version(crate::VERSION)
        .disable_help_subcommand(true);
    if let Some(dir) = &args.dir {
        return write_all(&command, dir);
    }
    let page = match &args.command {
        None => page(&command)?,
        Some(name) => {
            let sub = command.find_subcommand(name).ok_or_else(|| {
                let names: Vec<&str> = command
                    .get_subcommands()
                    .map(clap::Command::get_name)
                    .collect();
                Failure::Usage(format!(
                    "no command `{name}` (commands: {})",
                    names.join(", ")
                ))
            })?;
            page(&named(&command, sub))?
        }
    };
    let mut out = Output::stdout();
    out.write_all(&page)?;
    out.flush()?;
    Ok(())
}

/// A command's page in roff.
fn page(command: &clap::Command) -> Result<Vec<u8>, Failure> {
    let mut roff = Vec::new();
    clap_mangen::Man::new(command.clone())
        .render(&mut roff)
        .map_err(Failure::from)?;
    Ok(roff)
}

/// A subcommand as its page names it: `sudoku-solve`, with the version of the whole.
fn named(parent: &clap::Command, sub: &clap::Command) -> clap::Command {
    let name = format!("{}-{}", parent.get_name(), sub.get_name());
    sub.clone()
        .name(name.clone())
        .bin_name(format!("{} {}", parent.get_name(), sub.get_name()))
        .display_name(name)
        .version(crate::VERSION)
}

/// Every page into `dir`.
fn write_all(command: &clap::Command, dir: &std::path::Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::Input(format!("{}: cannot make the folder: {e}", dir.display())))?;
    let mut pages = vec![(format!("{}.1", command.get_name()), page(command)?)];
    for sub in command.get_subcommands() {
        let sub = named(command, sub);
        pages.push((format!("{}.1", sub.get_name()), page(&sub)?));
    }
    for (file, roff) in pages {
        let path = dir.join(&file);
        std::fs::write(&path, roff)
            .map_err(|e| Failure::Input(format!("{}: cannot write: {e}", path.display())))?;
    }
    Ok(())
}
