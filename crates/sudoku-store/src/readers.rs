//! [`Readers`]: read-only connections to the database file, so that reads wait neither for a
//! group of changes nor for another program that holds the write lock (WAL lets readers go on
//! beside a writer).

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use crate::StoreError;

/// Read connections: a few, as reads are short and SQLite runs them side by side.
const READERS: usize = 4;

/// Read-only connections to the database file, taken in turn.
#[derive(Debug)]
pub struct Readers {
    conns: Vec<Mutex<Connection>>,
    next: AtomicUsize,
}

impl Readers {
    /// Read-only connections to `path`, or `None` when it is no file (`:memory:`).
    pub fn open(path: &Path) -> Result<Option<Readers>, StoreError> {
        if path.as_os_str() == ":memory:" || path.as_os_str().is_empty() {
            return Ok(None);
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let open_err = |e: rusqlite::Error| StoreError::Open {
            path: path.to_path_buf(),
            message: e.to_string(),
        };
        let conns = (0..READERS)
            .map(|_| {
                let conn = Connection::open_with_flags(path, flags).map_err(open_err)?;
                // As the writer's: a reader kept out (only a checkpoint that empties the log
                // can do that) is told the database is busy soon.
                conn.busy_timeout(Duration::from_secs(1))
                    .map_err(open_err)?;
                Ok(Mutex::new(conn))
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        Ok(Some(Readers {
            conns,
            next: AtomicUsize::new(0),
        }))
    }

    /// Runs `f` on the next connection, on the calling thread.
    pub fn run<R, E>(&self, f: impl FnOnce(&Connection) -> Result<R, E>) -> Result<R, E> {
        let k = self.next.fetch_add(1, Ordering::Relaxed) % self.conns.len();
        // A read that panicked leaves the connection as good as it was.
        let conn = self.conns[k]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        f(&conn)
    }
}
