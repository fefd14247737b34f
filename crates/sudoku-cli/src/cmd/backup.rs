//! `sudoku backup` and `sudoku restore`: a consistent copy of the games database while the
//! server runs, and putting one back (see `sudoku_store::backup`).

use std::io::Write;
use std::path::PathBuf;

use sudoku_store::StoreError;
use sudoku_store::backup::Summary;

use crate::cmd::serve::database_path;
use crate::failure::Failure;

/// Arguments of `sudoku backup`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The copy is one snapshot: every move acknowledged before it started, none half-made, while
`sudoku serve` goes on. It is written beside OUT and renamed into place, then checked.

Examples:
  sudoku backup -o games-$(date +%F).sqlite3
  sudoku backup --db /var/lib/sudoku/games.sqlite3 -o /var/backups/sudoku/games.sqlite3")]
pub struct BackupArgs {
    /// The database to copy, the one `sudoku serve` uses [default: <data dir>/dancing-sudoku/games.sqlite3].
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,

    /// The backup file to write (replaced if it exists).
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
}

/// Arguments of `sudoku restore`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The backup is checked first (SQLite's quick_check, a Dancing Sudoku database of a version
this sudoku knows); the database must not be open in another program (stop `sudoku serve`);
the database as it was is kept as PATH.before-restore.

Example:
  sudoku restore games-2026-12-01.sqlite3 --db /var/lib/sudoku/games.sqlite3")]
pub struct RestoreArgs {
    /// The backup file.
    #[arg(value_name = "BACKUP")]
    backup: PathBuf,

    /// The database to replace [default: <data dir>/dancing-sudoku/games.sqlite3].
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
}

fn failure(e: StoreError) -> Failure {
    match e {
        StoreError::Busy(_) => Failure::Unmet(e.to_string()),
        _ => Failure::Input(e.to_string()),
    }
}

fn report(verb: &str, path: &std::path::Path, s: &Summary) -> Result<(), Failure> {
    let mut err = std::io::stderr();
    writeln!(
        err,
        "{verb} {}: {} games, {} moves, {} bytes",
        path.display(),
        s.games,
        s.moves,
        s.bytes
    )?;
    Ok(())
}

/// Runs `sudoku backup`.
pub fn run_backup(args: &BackupArgs) -> Result<(), Failure> {
    let db = database_path(args.db.as_ref())?;
    let summary = sudoku_store::backup::backup(&db, &args.output).map_err(failure)?;
    report("backed up to", &args.output, &summary)
}

/// Runs `sudoku restore`.
pub fn run_restore(args: &RestoreArgs) -> Result<(), Failure> {
    let db = database_path(args.db.as_ref())?;
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| {
            Failure::Input(format!("{}: cannot make the folder: {e}", dir.display()))
        })?;
    }
    let summary = sudoku_store::backup::restore(&args.backup, &db).map_err(failure)?;
    report("restored", &db, &summary)
}
