//! # sudoku_store
//!
//! The games, moves, statistics, drill answers and daily puzzles of Dancing Sudoku in one
//! SQLite file, shared by the front ends: the browser game (`sudoku serve`) and the terminal
//! (`sudoku play`, `sudoku drill`) read and write the same file, so a game started in one is
//! listed, resumed and counted in the other.
//!
//! [`Store`] is the handle: changes go to one writer thread that owns the connection and
//! commits them in groups ([`writer`]: one fsync acknowledges many moves, each change still
//! atomic and alone), reads run on read-only connections of their own. Nothing acknowledged is
//! lost: a change's `Ok` comes only once its transaction is committed (WAL, `synchronous =
//! FULL`).
//!
//! What the front ends ask is a typed method of [`Store`] (`load_game`, `update_game`,
//! `save_game_if`, `insert_game`, `list_games`, `take_pooled`, `statistics`, ...), each one
//! job, with a `_blocking` twin for the terminal; a step that must not be split (a quota
//! check and the insert, a move's key and the move) is one method with the front end's part
//! as a closure over the stored values. So `rusqlite` and the writer's cache of parsed games
//! stay in this crate. [`db`] holds the reads and writes of each table over a bare
//! connection, which the methods are built on.
//!
//! Errors are a [`StoreError`]; a front end maps them once (the web to HTTP statuses, the
//! terminal to a message), and a method taking a closure returns the closure's own error
//! type as long as a store error converts into it.
//!
//! ```
//! # async fn run() -> Result<(), sudoku_store::StoreError> {
//! let dir = tempfile::tempdir().unwrap();
//! let store = sudoku_store::Store::open(&dir.path().join("games.sqlite3"))?;
//! let games = store.list_games("some-session", 0).await?;
//! assert!(games.is_empty());
//! # Ok(())
//! # }
//! ```

#![warn(missing_docs)]

pub mod backup;
pub mod db;
#[cfg(feature = "outside")]
pub mod outside;
mod readers;
pub mod sessions;
mod typed;
pub mod writer;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};

use rusqlite::Connection;
use thiserror::Error;

pub use db::Db;
pub use readers::Readers;
pub use typed::{AskedQuestion, DailyGame, Logged, Marked, Statistics, Updated};
pub use writer::{Stopping, Writer};

/// Why the store could not do what was asked.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum StoreError {
    /// No such game, question, ... for this player (another player's counts as none).
    #[error("{0}")]
    NotFound(String),
    /// Another program holds the database locked: try again soon.
    #[error("database busy: another program holds it locked ({0}); try again")]
    Busy(String),
    /// The database file or its directory could not be opened or set up.
    #[error("cannot open the database {path}: {message}")]
    Open {
        /// The file.
        path: PathBuf,
        /// What SQLite or the system said.
        message: String,
    },
    /// The database file is damaged (SQLite's `quick_check` found faults).
    #[error(
        "the database {path} is damaged: {report}; restore it from a backup, or move it away to start afresh"
    )]
    Damaged {
        /// The file.
        path: PathBuf,
        /// The first lines of SQLite's report.
        report: String,
    },
    /// The writer thread is gone, or a job panicked.
    #[error("{0}")]
    Stopped(String),
    /// A fault of the store (a query that failed, a saved game that does not read).
    #[error("{0}")]
    Internal(String),
}

impl StoreError {
    /// An internal error with its message.
    pub fn internal(message: impl Into<String>) -> StoreError {
        StoreError::Internal(message.into())
    }
}

impl From<rusqlite::Error> for StoreError {
    /// A database locked by another program is [`StoreError::Busy`] (the request can simply
    /// be made again); anything else is a fault.
    fn from(e: rusqlite::Error) -> StoreError {
        let busy = matches!(
            e.sqlite_error_code(),
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
        );
        if busy {
            StoreError::Busy(e.to_string())
        } else {
            StoreError::Internal(format!("database: {e}"))
        }
    }
}

/// The store: the writer thread and the read connections of one database file; cheap to
/// clone. The writer thread ends, closing its connection, when the last handle is dropped.
#[derive(Debug, Clone)]
pub struct Store {
    writer: Writer,
    /// `None` for a database without a file (in memory): reads go to the writer then.
    readers: Option<Arc<Readers>>,
}

impl Store {
    /// Opens (or makes) the database file, with its directory, checks it is whole, brings
    /// its tables up to date and starts the writer thread.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let conn = Db::open(path)?.into_connection();
        let readers = Readers::open(path)?.map(Arc::new);
        let writer =
            Writer::start_closing_last(conn, readers.as_ref()).map_err(|e| StoreError::Open {
                path: path.to_path_buf(),
                message: format!("cannot start the database thread: {e}"),
            })?;
        Ok(Store { writer, readers })
    }

    /// A handle to wait, once this store and its clones are dropped, for the database
    /// thread to fold the write-ahead log back and stop.
    pub fn stopping(&self) -> Stopping {
        self.writer.stopping()
    }

    /// Runs `f` on the writer's connection in the next group of changes; `Ok` comes once
    /// that group is committed (see [`Writer::run`]). For the tests' own SQL: a change made
    /// here drops the writer's cache of games, which `f` cannot see.
    #[cfg(test)]
    pub(crate) async fn write<R, E, F>(&self, f: F) -> Result<R, E>
    where
        R: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<R, E> + Send + 'static,
    {
        self.writer.run(f).await
    }

    /// [`Store::write`] on the calling thread: blocks until the change is committed.
    #[cfg(test)]
    pub(crate) fn write_blocking<R, E, F>(&self, f: F) -> Result<R, E>
    where
        R: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<R, E> + Send + 'static,
    {
        self.writer.run_blocking(f)
    }

    /// Runs `f`, which only reads, on a read connection in a blocking thread of the async
    /// runtime; it sees every change acknowledged so far. Without a database file it runs on
    /// the writer thread. The typed read methods run on it.
    pub(crate) async fn read<R, E, F>(&self, f: F) -> Result<R, E>
    where
        R: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<R, E> + Send + 'static,
    {
        let Some(readers) = self.readers.clone() else {
            return self.writer.run(f).await;
        };
        tokio::task::spawn_blocking(move || readers.run(f))
            .await
            .map_err(|e| E::from(StoreError::Stopped(format!("a read task failed: {e}"))))?
    }

    /// [`Store::read`] on the calling thread.
    pub(crate) fn read_blocking<R, E, F>(&self, f: F) -> Result<R, E>
    where
        R: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<R, E> + Send + 'static,
    {
        match &self.readers {
            Some(readers) => readers.run(f),
            None => self.writer.run_blocking(f),
        }
    }
}

/// A Unix time in ms as RFC 3339 (`2026-11-23T10:00:00Z`).
pub fn rfc3339(ms: u64) -> String {
    humantime::format_rfc3339_seconds(UNIX_EPOCH + Duration::from_millis(ms)).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Grid;
    use sudoku_game::{Game, GameVariant};

    /// The database thread closes its connection after the read connections, so that the
    /// stopped store leaves the database file alone. Were it to stop while a read
    /// connection is still open (a read being dropped on another thread as the process
    /// exits), that connection, read-only, would close last or never, and an empty `-wal`
    /// and a 32 KB `-shm` would be left behind (6 of 12 stops of the server after reads,
    /// without this order).
    #[test]
    fn the_writer_closes_after_the_readers_and_leaves_one_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite3");
        let store = Store::open(&path).unwrap();
        store
            .write_blocking(|c| db::count_games(c, "s").map(drop))
            .unwrap();
        store.read_blocking(|c| db::count_games(c, "s")).unwrap();
        // A read still being dropped when the last handle goes.
        let reading = store.readers.clone().expect("read connections");
        let stopping = store.stopping();
        drop(store);
        assert!(
            !stopping.wait(Duration::from_millis(300)),
            "the database thread stopped while a read connection was open"
        );
        drop(reading);
        assert!(stopping.wait(Duration::from_secs(5)), "the thread stops");
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["games.sqlite3"]);
    }

    /// The terminal has no async runtime: it writes and reads through the blocking calls,
    /// and a second handle on the same file (another front end) sees what it wrote.
    #[test]
    fn a_caller_without_a_runtime_writes_and_reads() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite3");
        let store = Store::open(&path).unwrap();
        let puzzle: Grid = "1.34341221434321".parse().unwrap();
        let solution: Grid = "1234341221434321".parse().unwrap();
        let game = Game::new(GameVariant::Classic, &puzzle, &solution, 0).unwrap();
        let meta = db::Meta {
            id: "g1".into(),
            rung: "easy".into(),
            level: None,
            score: None,
            created_ms: 0,
            updated_ms: 0,
            daily: None,
        };
        store
            .write_blocking(move |c| db::insert_game(c, "terminal", &meta, &game))
            .unwrap();
        let other = Store::open(&path).unwrap();
        let n = other
            .read_blocking(|c| db::count_games(c, "terminal"))
            .unwrap();
        assert_eq!(n, 1);
        let missing = store.read_blocking(|c| db::load_game(c, "terminal", "nope"));
        assert!(
            matches!(missing, Err(StoreError::NotFound(_))),
            "{missing:?}"
        );
    }
}
