//! What the server keeps to issue sessions and bound them: its secrets (the key that signs
//! session cookies, made once and kept in the database so that cookies outlive a restart),
//! whether a session has stored anything, and how many drill questions it holds.

use rusqlite::{Connection, OptionalExtension, params};

use crate::StoreError;

/// The secret called `name`: `fresh` (random bytes of the caller's) the first time it is
/// asked for, kept in the database from then on, so every later call gets the same bytes.
pub fn secret(conn: &Connection, name: &str, fresh: &[u8]) -> Result<Vec<u8>, StoreError> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS secrets (name TEXT PRIMARY KEY, value BLOB NOT NULL)",
    )?;
    conn.execute(
        "INSERT OR IGNORE INTO secrets (name, value) VALUES (?1, ?2)",
        params![name, fresh],
    )?;
    Ok(
        conn.query_row("SELECT value FROM secrets WHERE name = ?1", [name], |r| {
            r.get(0)
        })?,
    )
}

/// Whether `session` has stored anything: a game or a drill question.
pub fn known(conn: &Connection, session: &str) -> Result<bool, StoreError> {
    let game = conn
        .query_row(
            "SELECT 1 FROM games WHERE session = ?1 LIMIT 1",
            [session],
            |_| Ok(()),
        )
        .optional()?;
    if game.is_some() {
        return Ok(true);
    }
    let question = conn
        .query_row(
            "SELECT 1 FROM drill WHERE session = ?1 LIMIT 1",
            [session],
            |_| Ok(()),
        )
        .optional()?;
    Ok(question.is_some())
}

/// The drill questions `session` holds, answered or not.
pub fn count_questions(conn: &Connection, session: &str) -> Result<u64, StoreError> {
    let n: i64 = conn.query_row(
        "SELECT COUNT(*) FROM drill WHERE session = ?1",
        [session],
        |r| r.get(0),
    )?;
    Ok(u64::try_from(n).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_made_once_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let db = crate::Db::open(&dir.path().join("games.sqlite3")).unwrap();
        let conn = db.into_connection();
        let first = secret(&conn, "session", &[1; 32]).unwrap();
        assert_eq!(first, vec![1; 32]);
        assert_eq!(secret(&conn, "session", &[2; 32]).unwrap(), first);
        assert!(!known(&conn, "nobody").unwrap());
        conn.execute(
            "INSERT INTO drill (id, session, question, asked_ms) VALUES ('q', 's', '{}', 0)",
            [],
        )
        .unwrap();
        assert!(known(&conn, "s").unwrap());
        assert_eq!(count_questions(&conn, "s").unwrap(), 1);
    }
}
