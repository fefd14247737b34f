//! Backups of a live database, and putting one back.
//!
//! [`backup`] copies the database with SQLite's online backup in one step: it reads one
//! snapshot (a read transaction, which in WAL mode does not stop the writer), so the copy holds
//! every change committed before it started, and none half-made, while the server goes on
//! taking moves. The copy is written beside the target and renamed into place, so `OUT` is
//! never a half-written file, then checked as [`restore`] would check it.
//!
//! [`restore`] checks a backup before anything is touched (SQLite's `quick_check`, that it is
//! a Dancing Sudoku database, that its rows are of a version this build knows), refuses while
//! any other program has the target open (a running `sudoku serve` would keep serving what it
//! has cached), keeps the target as it was in `FILE.before-restore`, and copies the backup in.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::backup::Backup;
use rusqlite::{Connection, OpenFlags};

use crate::StoreError;
use crate::db::ROWS_VERSION;

/// What a database holds, for the command's report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Games of every player.
    pub games: u64,
    /// Moves of every game.
    pub moves: u64,
    /// The file's size in bytes.
    pub bytes: u64,
}

fn err(path: &Path, what: &str) -> impl Fn(rusqlite::Error) -> StoreError {
    let path = path.to_path_buf();
    let what = what.to_string();
    move |e| StoreError::Open {
        path: path.clone(),
        message: format!("{what}: {e}"),
    }
}

/// Copies the database `db`, which may be in use, to `out` (replacing it), and checks the
/// copy.
pub fn backup(db: &Path, out: &Path) -> Result<Summary, StoreError> {
    if !db.is_file() {
        return Err(StoreError::Open {
            path: db.to_path_buf(),
            message: "no such database file".into(),
        });
    }
    let source = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(err(db, "cannot open it"))?;
    source
        .busy_timeout(Duration::from_secs(5))
        .map_err(err(db, "cannot set it up"))?;
    let partial = sibling(out, ".partial");
    let _ = std::fs::remove_file(&partial);
    {
        let mut copy = Connection::open(&partial).map_err(err(&partial, "cannot write it"))?;
        let step = Backup::new(&source, &mut copy).map_err(err(db, "cannot start the backup"))?;
        // Every page in one step: one snapshot, never restarted by the writer's commits.
        step.step(-1).map_err(err(db, "the backup failed"))?;
    }
    let summary = check(&partial)?;
    std::fs::rename(&partial, out).map_err(|e| StoreError::Open {
        path: out.to_path_buf(),
        message: format!("cannot put the backup in place: {e}"),
    })?;
    Ok(summary)
}

/// Puts the backup `from` in place of the database `db` (which need not exist), once it is
/// checked and nothing else has `db` open; the database as it was is kept in
/// `DB.before-restore`. Returns what the restored database holds.
pub fn restore(from: &Path, db: &Path) -> Result<Summary, StoreError> {
    check(from)?;
    let source = Connection::open_with_flags(from, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(err(from, "cannot open it"))?;
    let mut target = Connection::open(db).map_err(err(db, "cannot open it"))?;
    // Exclusive use: fails at once while another connection (a server, a game in the
    // terminal) has the file open.
    let busy = |_: rusqlite::Error| {
        StoreError::Busy(format!(
            "{} is open in another program: stop `sudoku serve` and `sudoku play` first",
            db.display()
        ))
    };
    target.busy_timeout(Duration::ZERO).map_err(busy)?;
    target
        .pragma_update(None, "locking_mode", "EXCLUSIVE")
        .map_err(busy)?;
    target
        .execute_batch("BEGIN EXCLUSIVE; COMMIT;")
        .map_err(busy)?;
    let kept = sibling(db, ".before-restore");
    let has_data: bool = target
        .query_row("SELECT COUNT(*) > 0 FROM sqlite_master", [], |r| r.get(0))
        .map_err(err(db, "cannot read it"))?;
    if has_data {
        let _ = std::fs::remove_file(&kept);
        target
            .backup(rusqlite::MAIN_DB, &kept, None)
            .map_err(err(&kept, "cannot keep the database as it was"))?;
    }
    {
        let step =
            Backup::new(&source, &mut target).map_err(err(db, "cannot start the restore"))?;
        step.step(-1).map_err(err(db, "the restore failed"))?;
    }
    drop(target);
    check(db)
}

/// Checks that `path` is a whole Dancing Sudoku database of a version this build knows.
pub fn check(path: &Path) -> Result<Summary, StoreError> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(err(path, "cannot open it"))?;
    let report: Vec<String> = conn
        .prepare("PRAGMA quick_check(5)")
        .and_then(|mut s| {
            s.query_map([], |r| r.get::<_, String>(0))?
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(|e| StoreError::Damaged {
            path: path.to_path_buf(),
            report: e.to_string(),
        })?;
    if report != ["ok"] {
        return Err(StoreError::Damaged {
            path: path.to_path_buf(),
            report: report.join("; "),
        });
    }
    let tables: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('games', 'moves')",
            [],
            |r| r.get(0),
        )
        .map_err(err(path, "cannot read it"))?;
    if tables != 2 {
        return Err(StoreError::Open {
            path: path.to_path_buf(),
            message: "not a Dancing Sudoku database (no games and moves tables)".into(),
        });
    }
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(err(path, "cannot read it"))?;
    if version > ROWS_VERSION {
        return Err(StoreError::Open {
            path: path.to_path_buf(),
            message: format!(
                "made by a newer sudoku (rows of version {version}; this one knows {ROWS_VERSION})"
            ),
        });
    }
    let count = |table: &str| -> Result<u64, StoreError> {
        conn.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| {
            r.get::<_, i64>(0)
        })
        .map(|n| n.max(0) as u64)
        .map_err(err(path, "cannot read it"))
    };
    Ok(Summary {
        games: count("games")?,
        moves: count("moves")?,
        bytes: std::fs::metadata(path).map(|m| m.len()).unwrap_or(0),
    })
}

/// `games.sqlite3` and `.partial`: `games.sqlite3.partial`.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}
