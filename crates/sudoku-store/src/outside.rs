//! Another program at the database file, for the tests of the front ends (feature
//! `outside`): a connection of its own that holds the file locked, and reads of the move log
//! as the file holds it. The front ends' tests use these instead of SQLite, so that only
//! this crate talks to it.

use std::path::Path;

use rusqlite::Connection;

use crate::StoreError;

/// A connection of another program holding an exclusive lock on the file until dropped (or
/// [`OutsideLock::release`]d): every change of the store waits behind it.
#[derive(Debug)]
pub struct OutsideLock {
    conn: Connection,
}

impl OutsideLock {
    /// Opens the file as another program would and takes its exclusive lock.
    pub fn take(db: &Path) -> Result<OutsideLock, StoreError> {
        let conn = Connection::open(db)?;
        conn.execute_batch("BEGIN EXCLUSIVE")?;
        Ok(OutsideLock { conn })
    }

    /// Gives the lock back (the connection stays open until dropped).
    pub fn release(&self) -> Result<(), StoreError> {
        Ok(self.conn.execute_batch("COMMIT")?)
    }
}

/// A game's rows in the move log and its saved state (JSON), read from the file by a
/// connection of its own: what is on disk, whatever the store's writer holds.
pub fn read_game(db: &Path, id: &str) -> Result<(usize, String), StoreError> {
    let conn = Connection::open(db)?;
    let rows: i64 = conn.query_row("SELECT COUNT(*) FROM moves WHERE game = ?1", [id], |r| {
        r.get(0)
    })?;
    let state: String =
        conn.query_row("SELECT state FROM games WHERE id = ?1", [id], |r| r.get(0))?;
    Ok((usize::try_from(rows).unwrap_or(0), state))
}
