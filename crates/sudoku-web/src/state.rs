//! [`AppState`]: what every handler shares — the database — and the bridge from async
//! handlers to blocking SQLite work: changes go to the database thread of
//! [`crate::writer`]; reads run on connections of their own ([`Readers`]), so that they wait
//! neither for a batch of moves nor for another program that holds the write lock (WAL lets
//! readers go on beside a writer).

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use crate::Limits;
use crate::db::Db;
use crate::error::{ApiError, WebError};
use crate::quota::Quotas;
use crate::writer::Writer;

/// The server's shared state; cheap to clone.
#[derive(Debug, Clone)]
pub struct AppState {
    db: Writer,
    /// `None` for a database without a file (in memory): reads go to the writer then.
    readers: Option<Arc<Readers>>,
    quotas: Arc<Quotas>,
}

/// Read-only connections to the database file, taken in turn.
#[derive(Debug)]
struct Readers {
    conns: Vec<Mutex<Connection>>,
    next: AtomicUsize,
}

/// Read connections: a few, as reads are short and SQLite runs them side by side.
const READERS: usize = 4;

impl Readers {
    /// Read-only connections to `path`, or `None` when it is no file (`:memory:`).
    fn open(path: &Path) -> Result<Option<Readers>, WebError> {
        if path.as_os_str() == ":memory:" || path.as_os_str().is_empty() {
            return Ok(None);
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let db_err = |source| WebError::Database {
            path: path.to_path_buf(),
            source,
        };
        let conns = (0..READERS)
            .map(|_| {
                let conn = Connection::open_with_flags(path, flags).map_err(db_err)?;
                // As the writer's: a reader kept out (only a checkpoint that empties the log
                // can do that) answers 503 soon.
                conn.busy_timeout(Duration::from_secs(1)).map_err(db_err)?;
                Ok(Mutex::new(conn))
            })
            .collect::<Result<Vec<_>, WebError>>()?;
        Ok(Some(Readers {
            conns,
            next: AtomicUsize::new(0),
        }))
    }
}

impl AppState {
    /// Opens the database at `path` (made, with its directory, if missing), with the
    /// quotas of `limits`.
    pub fn open(path: &Path, limits: &Limits) -> Result<AppState, WebError> {
        let conn = Db::open(path)?.into_connection();
        let readers = Readers::open(path)?.map(Arc::new);
        Ok(AppState {
            db: Writer::start(conn).map_err(WebError::Thread)?,
            readers,
            quotas: Arc::new(Quotas::new(
                limits.sessions_per_minute,
                limits.games_per_session,
            )),
        })
    }

    /// The quotas on sessions and games.
    pub fn quotas(&self) -> &Quotas {
        &self.quotas
    }

    /// Runs `f` on the connection on the database thread, so that SQLite's disk waits never
    /// stall the async workers; `Ok` comes once its change is committed (see
    /// [`Writer::run`]).
    pub async fn db<R, F>(&self, f: F) -> Result<R, ApiError>
    where
        R: Send + 'static,
        F: FnOnce(&Connection) -> Result<R, ApiError> + Send + 'static,
    {
        self.db.run(f).await
    }

    /// Runs `f`, which only reads, on a read connection in a blocking thread; it sees every
    /// change acknowledged so far. Without a database file it runs on the database thread.
    pub async fn read<R, F>(&self, f: F) -> Result<R, ApiError>
    where
        R: Send + 'static,
        F: FnOnce(&Connection) -> Result<R, ApiError> + Send + 'static,
    {
        let Some(readers) = self.readers.clone() else {
            return self.db.run(f).await;
        };
        tokio::task::spawn_blocking(move || {
            let k = readers.next.fetch_add(1, Ordering::Relaxed) % readers.conns.len();
            // A read that panicked leaves the connection as good as it was.
            let conn = readers.conns[k]
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            f(&conn)
        })
        .await?
    }
}
