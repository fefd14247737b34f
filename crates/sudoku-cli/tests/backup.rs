//! `sudoku backup` while moves are being written, and `sudoku restore`: every move
//! acknowledged before the backup started is in the restored database, a backup is checked
//! before it is put back, and a database another program has open is not replaced.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use common::{assert_contains, sudoku};
use sudoku_store::{Store, StoreError};

fn sql(store: &Store, statement: String) -> Result<(), StoreError> {
    store.write_blocking(move |conn| {
        conn.execute_batch(&statement)
            .map_err(|e| StoreError::Internal(e.to_string()))
    })
}

/// A game row and `n` moves in it, each its own acknowledged change.
fn insert_game(store: &Store) {
    sql(
        store,
        "INSERT INTO games (id, session, rung, size, variant, status, elapsed_ms, created_ms, \
         updated_ms, state) VALUES ('g', 's', 'easy', '9x9', 'classic', 'playing', 0, 0, 0, '{}')"
            .into(),
    )
    .expect("the game is stored");
}

#[test]
fn a_backup_taken_while_moves_are_written_holds_every_move_acknowledged_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let copy = dir.path().join("backup.sqlite3");
    let restored = dir.path().join("restored/games.sqlite3");
    let store = Arc::new(Store::open(&db).expect("the store opens"));
    insert_game(&store);

    // A writer acknowledging a move every few milliseconds, as players do.
    let acknowledged = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (store, acknowledged, stop) = (store.clone(), acknowledged.clone(), stop.clone());
        std::thread::spawn(move || {
            let started = Instant::now();
            let mut n = 0u64;
            while !stop.load(Ordering::Relaxed) && started.elapsed() < Duration::from_secs(30) {
                let action = format!("{{\"kind\":\"place\",\"n\":{n}}}");
                sql(
                    &store,
                    format!(
                        "INSERT INTO moves (game, at_ms, action) VALUES ('g', {n}, '{action}')"
                    ),
                )
                .expect("a move is stored");
                n += 1;
                acknowledged.store(n, Ordering::SeqCst);
            }
        })
    };
    while acknowledged.load(Ordering::SeqCst) < 200 {
        std::thread::sleep(Duration::from_millis(5));
    }
    let before = acknowledged.load(Ordering::SeqCst);
    let run = sudoku(
        &[
            "backup",
            "--db",
            db.to_str().unwrap(),
            "-o",
            copy.to_str().unwrap(),
        ],
        None,
    );
    let after = acknowledged.load(Ordering::SeqCst);
    stop.store(true, Ordering::Relaxed);
    writer.join().expect("the writer ends");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_contains(&run.stderr, "backed up to");
    assert!(
        after > before,
        "moves were written while the backup ran ({before} -> {after})"
    );

    let restore = sudoku(
        &[
            "restore",
            copy.to_str().unwrap(),
            "--db",
            restored.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(restore.code, Some(0), "{}", restore.stderr);
    let summary = sudoku_store::backup::check(&restored).expect("the restored file is whole");
    assert!(
        summary.moves >= before,
        "{} moves restored, {before} acknowledged",
        summary.moves
    );
    assert!(
        summary.moves <= after + 1,
        "{} moves restored, {after} written",
        summary.moves
    );
    // The restored moves are the first ones, with no gap.
    let reopened = Store::open(&restored).expect("the restored database opens");
    let (count, last): (i64, i64) = reopened
        .read_blocking(|conn| {
            conn.query_row("SELECT COUNT(*), MAX(at_ms) FROM moves", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .map_err(|e| StoreError::Internal(e.to_string()))
        })
        .unwrap();
    assert_eq!(last + 1, count);
    drop(reopened);

    // Restoring over the database the store still has open is refused, and changes nothing.
    let refused = sudoku(
        &[
            "restore",
            copy.to_str().unwrap(),
            "--db",
            db.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(refused.code, Some(1), "{}", refused.stderr);
    assert_contains(&refused.stderr, "is open in another program");
    assert!(!dir.path().join("games.sqlite3.before-restore").exists());
    let stopping = store.stopping();
    drop(store);
    assert!(stopping.wait(Duration::from_secs(10)), "the store closes");

    // Once it is closed, the restore keeps the database as it was beside it.
    let replaced = sudoku(
        &[
            "restore",
            copy.to_str().unwrap(),
            "--db",
            db.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(replaced.code, Some(0), "{}", replaced.stderr);
    let kept = sudoku_store::backup::check(&dir.path().join("games.sqlite3.before-restore"))
        .expect("the old database is kept");
    assert!(kept.moves >= after, "{} moves kept", kept.moves);
    assert_eq!(
        sudoku_store::backup::check(&db).unwrap().moves,
        summary.moves
    );
}

#[test]
fn a_backup_is_checked_before_it_is_put_back() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("games.sqlite3");
    let junk = dir.path().join("junk.sqlite3");
    std::fs::write(&junk, b"SQLite format 3\0 but not really a database").unwrap();
    let run = sudoku(
        &[
            "restore",
            junk.to_str().unwrap(),
            "--db",
            target.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(!target.exists(), "nothing was made");

    let other = dir.path().join("other.sqlite3");
    let store = Store::open(&other).unwrap();
    sql(&store, "DROP TABLE moves".into()).unwrap();
    drop(store);
    let run = sudoku(
        &[
            "restore",
            other.to_str().unwrap(),
            "--db",
            target.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "not a Dancing Sudoku database");

    let missing = sudoku(
        &[
            "backup",
            "--db",
            target.to_str().unwrap(),
            "-o",
            junk.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(missing.code, Some(2));
    assert_contains(&missing.stderr, "no such database file");
}
