//! `sudoku backup` while moves are being written, and `sudoku restore`: every move
//! acknowledged before the backup started is in the restored database, a backup is checked
//! before it is put back, and a database another program has open is not replaced.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use common::{assert_contains, sudoku};
use sudoku_core::Grid;
use sudoku_game::{Game, GameVariant};
use sudoku_store::db::Meta;
use sudoku_store::{Logged, Store, StoreError};

/// A game `g` of session `s`.
fn insert_game(store: &Store) {
    let puzzle: Grid = "1.34341221434321".parse().unwrap();
    let solution: Grid = "1234341221434321".parse().unwrap();
    let game = Game::new(GameVariant::Classic, &puzzle, &solution, 0).unwrap();
    let meta = Meta {
        id: "g".into(),
        rung: "easy".into(),
        level: None,
        score: None,
        created_ms: 0,
        updated_ms: 0,
        daily: None,
    };
    store
        .insert_game_blocking("s", meta, game, |_| Ok::<_, StoreError>(()))
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
                // The n-th change at time n, with its row in the move log.
                let action = format!("{{\"kind\":\"hint\",\"n\":{n}}}");
                store
                    .update_game_blocking("s", "g", Logged::new(&action, n), |g| {
                        g.record_hint();
                        Ok::<_, StoreError>(())
                    })
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
    // The restored moves are the first ones, with no gap: the n-th was made at time n, and
    // the game, whole, was stored with the last of them.
    let reopened = Store::open(&restored).expect("the restored database opens");
    let (meta, _) = reopened.load_game_blocking("s", "g").unwrap();
    assert_eq!(meta.updated_ms + 1, summary.moves, "the last move's time");
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

    // An empty file is a whole SQLite database, of no tables.
    let other = dir.path().join("other.sqlite3");
    std::fs::write(&other, b"").unwrap();
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
