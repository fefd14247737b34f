//! `sudoku serve`: the browser game on a local address, with games kept in a SQLite file.

use std::io::Write;
use std::path::PathBuf;

use sudoku_web::{Config, Server};

use crate::failure::Failure;

/// Arguments of `sudoku serve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Prints the address it serves on (the real port when --addr asks for port 0), then serves
until Ctrl-C. Games, moves and statistics are kept in the database file; every move is on
disk before the page sees it.

Examples:
  sudoku serve --open
  sudoku serve --addr 0.0.0.0:8000 --db ./games.sqlite3")]
pub struct Args {
    /// Where to listen, host:port (port 0: any free port).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    addr: String,

    /// The SQLite file for games and statistics [default: <data dir>/dancing-sudoku/games.sqlite3].
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,

    /// Open the game in the default web browser.
    #[arg(long)]
    open: bool,

    /// Ready puzzles to keep per rung of the ladder (9x9 classic), made in the background
    /// (at most 1000: the pool is kept in the database and refilled as games start).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u64).range(0..=1000))]
    pool: u64,
}

/// Runs `sudoku serve`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let config = Config {
        addr: args.addr.clone(),
        db: database_path(args.db.as_ref())?,
        pool_target: args.pool,
        limits: sudoku_web::Limits::default(),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::Unmet(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(serve(config, args.open))
}

/// The database file: the one asked for, or `games.sqlite3` in the user's data directory
/// (the server makes the directory). Without a data directory the user must choose.
pub fn database_path(asked: Option<&PathBuf>) -> Result<PathBuf, Failure> {
    if let Some(path) = asked {
        return Ok(path.clone());
    }
    dirs::data_dir()
        .map(|dir| dir.join("dancing-sudoku").join("games.sqlite3"))
        .ok_or_else(|| Failure::Usage("no data directory is known here; pass --db PATH".into()))
}

/// Binds (so a bad address or database fails before anything is printed), says where it
/// serves, opens the browser if asked, and serves until Ctrl-C.
async fn serve(config: Config, open: bool) -> Result<(), Failure> {
    let server = Server::bind(&config)
        .await
        .map_err(|e| Failure::Input(e.to_string()))?;
    let addr = server
        .local_addr()
        .map_err(|e| Failure::Input(e.to_string()))?;
    let url = format!("http://{addr}/");
    announce(&url, &config);
    if open {
        open_browser(&url);
    }
    server
        .run_until(sudoku_web::shutdown_signal())
        .await
        .map_err(|e| Failure::Unmet(e.to_string()))
}

/// Says where the game is served. A reader that went away (`sudoku serve | head -1`) is no
/// reason to stop serving, so a failed write is ignored.
fn announce(url: &str, config: &Config) {
    let mut stdout = std::io::stdout();
    let _ = writeln!(stdout, "serving the game on {url}");
    let _ = writeln!(stdout, "games are kept in {}", config.db.display());
    let _ = stdout.flush();
}

/// Opens the page in the default browser; a machine without one is only worth a warning, the
/// server is still useful.
fn open_browser(url: &str) {
    if let Err(e) = webbrowser::open(url) {
        eprintln!("warning: cannot open a browser ({e}); open {url} yourself");
    }
}
