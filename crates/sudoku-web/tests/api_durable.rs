//! What survives, through the JSON API (`API.md`) against a real server: every acknowledged
//! move across a restart and a SIGKILL, and a locked or damaged database, named. And the page
//! without the server: the service worker keeps every script the page imports.

mod common;

use std::process::{Command, Stdio};

use common::{CLASSIC, Player, answers, assert_error, id_of, place, start, table, tempdir};
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn every_acknowledged_move_survives_a_restart() {
    let (dir, server, player, game, id) = table(CLASSIC).await;
    let db = dir.path().join("games.sqlite3");
    let todo = answers(&game);
    for (k, (cell, digit)) in todo.iter().take(10).enumerate() {
        let (status, _) = player.play(&id, place(cell, *digit)).await;
        assert_eq!(status, StatusCode::OK);
        // Committed before the answer: another connection sees the row and the digit.
        let (rows, state) = read_game(&db, &id);
        assert_eq!(rows, k + 1);
        assert!(
            state["cells"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c["d"] != 0)
                .count()
                > k
        );
    }
    player
        .play(
            &id,
            json!({ "kind": "note", "cell": todo[10].0, "digit": 3 }),
        )
        .await;
    let (_, before) = player.get(&format!("/api/games/{id}")).await;
    server.stop().await;

    let server = start(&db).await;
    let again = Player::at(&server.url);
    // Same cookie jar, new port: the session goes on.
    let player = Player {
        base: server.url.clone(),
        ..player
    };
    let (status, after) = player.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["cells"], before["cells"]);
    assert_eq!(after["moves"], 11);
    assert_eq!(
        again.get(&format!("/api/games/{id}")).await.0,
        StatusCode::NOT_FOUND
    );
    let (_, undone) = player
        .post(&format!("/api/games/{id}/undo"), json!({}))
        .await;
    assert_eq!(undone["moves"], 10, "the history survives too");
    server.stop().await;
}

/// The rows of a game in the move log and its saved state, read with a connection of our own.
fn read_game(db: &std::path::Path, id: &str) -> (usize, Value) {
    let (rows, state) = sudoku_store::outside::read_game(db, id).expect("the file reads");
    (rows, serde_json::from_str(&state).expect("a saved game"))
}

/// Set in the environment of the child process that [`moves_survive_kill_9`] starts.
const CHILD_DB: &str = "SUDOKU_WEB_TEST_CHILD_DB";

/// Not a test of its own: the server process that [`moves_survive_kill_9`] starts by running
/// this test binary again with [`CHILD_DB`] set, and then kills with SIGKILL. Without the
/// variable it returns at once.
#[test]
fn child_server_for_kill_9() {
    let Ok(db) = std::env::var(CHILD_DB) else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        let server = start(std::path::Path::new(&db)).await;
        println!("CHILD-URL {}", server.url);
        std::future::pending::<()>().await;
    });
}

#[tokio::test]
async fn moves_survive_kill_9() {
    use std::io::{BufRead, BufReader};
    let dir = tempdir();
    let db = dir.path().join("games.sqlite3");
    let mut child = Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "--exact",
            "child_server_for_kill_9",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_DB, &db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the child server starts");
    let stdout = child.stdout.take().expect("piped");
    let url = tokio::task::spawn_blocking(move || {
        BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            // The harness writes `test child_server_for_kill_9 ... ` on the same line.
            .find_map(|l| {
                l.split_once("CHILD-URL ")
                    .map(|(_, url)| url.trim().to_string())
            })
    })
    .await
    .unwrap()
    .expect("the child prints its URL");
    let player = Player::at(&url);
    let game = player.import(CLASSIC).await;
    let id = id_of(&game);
    let todo = answers(&game);
    let mut acknowledged = Vec::new();
    for (cell, digit) in todo.iter().take(15) {
        let (status, answer) = player.play(&id, place(cell, *digit)).await;
        assert_eq!(status, StatusCode::OK);
        acknowledged.push(answer);
    }
    child.kill().expect("SIGKILL"); // no chance to flush or close anything
    child.wait().expect("the child is gone");

    let server = start(&db).await;
    let player = Player {
        base: server.url.clone(),
        ..player
    };
    let (status, after) = player.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    let last = acknowledged.last().unwrap();
    assert_eq!(after["cells"], last["cells"]);
    assert_eq!(after["moves"], 15);
    server.stop().await;
}

/// A database locked by another program: a move is answered 503 `unavailable` with
/// `Retry-After` soon, and goes through once the lock is gone; reads are served meanwhile. A damaged database file is
/// refused at start, naming the damage.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_locked_or_damaged_database_is_named() {
    let dir = tempdir();
    let db = dir.path().join("games.sqlite3");
    let server = start(&db).await;
    let player = Player::new(&server);
    let game = player
        .new_game(json!({"size": "4x4", "rung": "beginner"}))
        .await;
    let id = id_of(&game);
    let (cell, digit) = answers(&game)[0].clone();
    let other = sudoku_store::outside::OutsideLock::take(&db).expect("an exclusive lock");
    let started = std::time::Instant::now();
    let busy = player.play(&id, place(&cell, digit)).await;
    assert_error(&busy, 503, "unavailable", None);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(4),
        "answered in {:?}",
        started.elapsed()
    );
    // Reads have connections of their own: they go on beside the lock, at once.
    let started = std::time::Instant::now();
    let (status, shown) = player.get(&format!("/api/games/{id}")).await;
    assert!(
        status.is_success(),
        "a game read under the lock: {status} {shown}"
    );
    assert_eq!(shown["id"], game["id"]);
    let (status, list) = player.get("/api/games").await;
    assert!(status.is_success(), "the list under the lock: {status}");
    assert_eq!(list["games"].as_array().map(Vec::len), Some(1));
    let (status, _) = player.get("/api/stats").await;
    assert!(status.is_success(), "statistics under the lock: {status}");
    assert!(
        started.elapsed() < std::time::Duration::from_millis(900),
        "reads wait for no lock: {:?}",
        started.elapsed()
    );
    other.release().expect("the lock goes");
    let (status, _) = player.play(&id, place(&cell, digit)).await;
    assert!(status.is_success(), "after the lock: {status}");
    drop(other);
    server.stop().await;
    // A stopped server folds its log into the file and empties it.
    let wal = dir.path().join("games.sqlite3-wal");
    let waited = std::time::Instant::now();
    while std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
        assert!(
            waited.elapsed() < std::time::Duration::from_secs(10),
            "the log is emptied at shutdown"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }

    // Damage the file's second page: the next start refuses it, saying so.
    let mut bytes = std::fs::read(&db).expect("the file");
    assert!(bytes.len() > 8192, "{} bytes", bytes.len());
    bytes[4096..8192].fill(0xA5);
    std::fs::write(&db, &bytes).expect("the damaged file");
    let _ = std::fs::remove_file(dir.path().join("games.sqlite3-wal"));
    let config = sudoku_web::Config::new("127.0.0.1:0", &db);
    let err = sudoku_web::Server::bind(&config)
        .await
        .expect_err("a damaged database is refused");
    let text = err.to_string();
    println!("{text}");
    assert!(text.contains("is damaged"), "{text}");
}

/// The page's scripts and the files they import, relative to `static/`: every `.js` and
/// `.css` file there (the service worker itself aside), folders included.
fn page_files(dir: &std::path::Path, under: &str, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("the page's folder").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = format!("{under}{name}");
        if entry.path().is_dir() {
            page_files(&entry.path(), &format!("{path}/"), out);
        } else if (name.ends_with(".js") || name.ends_with(".css")) && path != "sw.js" {
            out.push(path);
        }
    }
}

/// The page opens without the server only if the service worker kept every file it loads:
/// `sw.js`'s `SHELL` names every script and style sheet of `static/` (the modules of
/// `static/app/` included) and nothing that is not there, and every relative `import` of a
/// script names a file that exists (a typo there stops the whole page).
#[test]
fn the_service_worker_keeps_every_script_the_page_imports() {
    let statics = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
    let sw = std::fs::read_to_string(statics.join("sw.js")).expect("sw.js");
    let shell = &sw[sw.find("const SHELL = [").expect("SHELL")..];
    let shell = &shell[..shell.find("];").expect("the end of SHELL")];
    let kept: Vec<&str> = shell
        .split('\'')
        .skip(1)
        .step_by(2)
        .map(|p| p.trim_start_matches('/'))
        .collect();
    let mut files = Vec::new();
    page_files(&statics, "", &mut files);
    files.sort();
    assert!(files.contains(&"app/state.js".to_string()), "{files:?}");
    for file in &files {
        assert!(kept.contains(&file.as_str()), "sw.js's SHELL lacks /{file}");
    }
    for path in kept.iter().filter(|p| !p.is_empty()) {
        assert!(
            statics.join(path).is_file(),
            "sw.js keeps /{path}, which is not in static/"
        );
    }
    for file in files.iter().filter(|f| f.ends_with(".js")) {
        let text = std::fs::read_to_string(statics.join(file)).expect("a script");
        let folder = statics.join(file).parent().expect("a folder").to_path_buf();
        for line in text.lines().filter(|l| l.starts_with("import ")) {
            let Some(spec) = line.split('\'').nth(1) else {
                continue;
            };
            assert!(
                spec.starts_with("./") || spec.starts_with("../"),
                "{file}: {line}"
            );
            assert!(
                folder.join(spec).is_file(),
                "{file} imports {spec}, which is not there"
            );
        }
        assert!(
            text.lines().count() <= 1500,
            "{file} is over 1,500 lines: split it along its concerns"
        );
    }
}
