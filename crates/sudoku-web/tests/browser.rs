//! The page in a real browser: starts the server on a free port with a fresh SQLite file and
//! runs `tests/browser/run.mjs` (Playwright driving Debian's Chromium), which walks a hint
//! through its three stages and applies it, undoes and redoes, enters digits and notes on a
//! 16x16 grid, starts a game from the new-game dialog, enters a puzzle, plays a 4x4 game to the
//! win with the keyboard (reloading half-way), switches language and theme, pauses, answers four
//! questions of each drill (Full House, Naked Single, Hidden Single), checks the phone layout,
//! opens the daily puzzle (and checks another player gets the same one), places digits
//! digit-first, plays on while the server is stopped (moves kept, one undone, the page
//! reloaded from the service worker's copy) and checks every move reaches the server once
//! when it is started again on the same file,
//! runs axe-core (no violation allowed) in both languages and both themes, reports the page's
//! weight and first render, fails on script or console errors, and saves screenshots into
//! `<target>/browser-screenshots`.
//!
//! A second test, `the_page_plays_the_shared_move_vectors`, runs `tests/browser/moves.mjs`: the
//! page's `offline.js` and `board.js` play every case of `sudoku-game`'s
//! `tests/data/moves.json`, the vectors that crate's own test plays too, so that the page's
//! offline moves and conflict marks cannot drift from the game's.
//!
//! Needs Node.js, `/usr/bin/chromium` (`apt-get install -y chromium`) and the npm packages
//! (`npm ci` in `crates/sudoku-web/tests/browser`); `.ci/run` installs both. Without them the
//! test fails and says what to install.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use sudoku_web::{Config, Server};

/// How long the whole browser script may take.
const DEADLINE: Duration = Duration::from_secs(240);

fn browser_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser")
}

/// `<target>/browser-screenshots` (`CARGO_TARGET_TMPDIR` is `<target>/tmp`).
fn screenshot_dir() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().unwrap_or(tmp).join("browser-screenshots")
}

fn require_tools(dir: &Path) {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    assert!(
        Path::new(&chromium).exists(),
        "{chromium} is missing: install Chromium (as root: apt-get install -y chromium)"
    );
    let node = Command::new("node").arg("--version").output();
    assert!(
        node.as_ref().is_ok_and(|o| o.status.success()),
        "Node.js is missing: install it (apt-get install -y nodejs npm), then run `npm ci` in {}",
        dir.display()
    );
    assert!(
        dir.join("node_modules/playwright-core/package.json")
            .exists(),
        "the browser test's npm packages are missing: run `npm ci` in {} \
         (or `npm ci --prefix {}`)",
        dir.display(),
        dir.display()
    );
}

/// The 4x4 puzzle the script plays (its `PUZZLE4`).
const PUZZLE4: &str = "1..4.4..21.....1";

/// A workbook with the puzzle typed into cells B3:E6 under a label, for the page's "Open a
/// file".
fn write_workbook(path: &Path, puzzle: &str) {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(1, 1, "Four").expect("a cell");
    for (i, ch) in puzzle.chars().enumerate() {
        if let Some(d) = ch.to_digit(10) {
            let (r, c) = (2 + (i / 4) as u32, 1 + (i % 4) as u16);
            sheet.write_number(r, c, d as f64).expect("a cell");
        }
    }
    book.save(path).expect("the workbook is written");
}

/// A server running: the way to stop it, and its task.
type Running = (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<Result<(), sudoku_web::WebError>>,
);

/// The server under test, which the script may stop and start again (same address, same
/// database file) to check that the page plays on without it.
struct Served {
    runtime: tokio::runtime::Runtime,
    config: Config,
    running: Option<Running>,
}

impl Served {
    /// A server started on a free port with a fresh database in `dir`.
    fn fresh(dir: &Path) -> Served {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let mut config = Config::new("127.0.0.1:0", dir.join("games.sqlite3"));
        config.pool_target = 0;
        let mut served = Served {
            runtime,
            config,
            running: None,
        };
        served.start();
        served
    }

    fn start(&mut self) {
        let server = self
            .runtime
            .block_on(Server::bind(&self.config))
            .expect("the server binds");
        if self.config.addr.ends_with(":0") {
            let addr = server.local_addr().expect("the server's address");
            self.config.addr = addr.to_string();
        }
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let serving = self.runtime.spawn(server.run_until(async {
            let _ = stopped.await;
        }));
        self.running = Some((stop, serving));
    }

    /// Stops the server; `Err` when it stopped with an error.
    fn stop(&mut self) -> Result<(), String> {
        let Some((stop, serving)) = self.running.take() else {
            return Ok(());
        };
        let _ = stop.send(());
        match self.runtime.block_on(serving) {
            Ok(Ok(())) => Ok(()),
            other => Err(format!("the server stopped with {other:?}")),
        }
    }
}

/// Runs `node SCRIPT URL ARGS...` (`run.mjs URL SHOTS WORKBOOK`, say), with a deadline,
/// carrying out the script's `@@server stop|start` requests; returns (success, stdout, stderr).
fn run_script(
    dir: &Path,
    served: &mut Served,
    script: &str,
    args: &[&Path],
) -> (bool, String, String) {
    let url = format!("http://{}", served.config.addr);
    let mut child = Command::new("node")
        .arg(dir.join(script))
        .arg(&url)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    let mut to_script = child.stdin.take().expect("stdin is piped");
    let out = child.stdout.take().expect("stdout is piped");
    let mut err = child.stderr.take().expect("stderr is piped");
    let (lines_tx, lines) = std::sync::mpsc::channel::<String>();
    let out_reader = thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if lines_tx.send(line).is_err() {
                break;
            }
        }
    });
    let err_reader = thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let mut stdout = String::new();
    let mut harness_fault = None;
    let status = loop {
        while let Ok(line) = lines.try_recv() {
            let request = line.strip_prefix("@@server ").map(str::trim);
            let answer = match request {
                Some("stop") => served.stop().map(|()| "done"),
                Some("start") => {
                    served.start();
                    Ok("done")
                }
                Some(other) => Err(format!("unknown request {other}")),
                None => {
                    stdout.push_str(&line);
                    stdout.push('\n');
                    continue;
                }
            };
            stdout.push_str(&format!("(harness: {line})\n"));
            let reply = answer.unwrap_or_else(|e| {
                harness_fault = Some(e.clone());
                "failed"
            });
            let _ = writeln!(to_script, "{reply}");
            let _ = to_script.flush();
        }
        match child.try_wait().expect("waiting for node") {
            Some(status) => break Some(status),
            None if start.elapsed() > DEADLINE => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            None => thread::sleep(Duration::from_millis(50)),
        }
    };
    let _ = out_reader.join();
    while let Ok(line) = lines.try_recv() {
        stdout.push_str(&line);
        stdout.push('\n');
    }
    let mut stderr = err_reader.join().unwrap_or_default();
    if status.is_none() {
        stderr.push_str(&format!("\nkilled after {}s\n", DEADLINE.as_secs()));
    }
    if let Some(fault) = harness_fault {
        stderr.push_str(&format!("\nthe harness failed: {fault}\n"));
    }
    (status.is_some_and(|s| s.success()), stdout, stderr)
}

#[test]
fn the_page_plays_in_chromium() {
    let dir = browser_dir();
    require_tools(&dir);

    let db_dir = tempfile::tempdir().expect("a temporary directory");
    let mut served = Served::fresh(db_dir.path());

    let shots = screenshot_dir();
    let workbook = db_dir.path().join("four.xlsx");
    write_workbook(&workbook, PUZZLE4);
    let (ok, stdout, stderr) = run_script(&dir, &mut served, "run.mjs", &[&shots, &workbook]);
    println!("{stdout}");
    eprintln!("{stderr}");

    let stopped = served.stop();
    assert!(ok, "the browser script failed (output above)");
    assert!(stopped.is_ok(), "{stopped:?}");
    println!("screenshots in {}", shots.display());
}

/// The shared move vectors (`sudoku-game`'s `tests/data/moves.json`) through the page's own
/// `offline.js` and `board.js`.
#[test]
fn the_page_plays_the_shared_move_vectors() {
    let dir = browser_dir();
    require_tools(&dir);
    let vectors =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../sudoku-game/tests/data/moves.json");
    assert!(vectors.exists(), "{} is missing", vectors.display());

    let db_dir = tempfile::tempdir().expect("a temporary directory");
    let mut served = Served::fresh(db_dir.path());
    let (ok, stdout, stderr) = run_script(&dir, &mut served, "moves.mjs", &[&vectors]);
    println!("{stdout}");
    eprintln!("{stderr}");
    let stopped = served.stop();
    assert!(
        ok,
        "the page departs from the shared move vectors:\n{stdout}{stderr}"
    );
    assert!(stopped.is_ok(), "{stopped:?}");
}
