//! The page in a real browser: starts the server on a free port with a fresh SQLite file and
//! runs `tests/browser/run.mjs` (Playwright driving Debian's Chromium), which walks a hint
//! through its three stages and applies it, undoes and redoes, enters digits and notes on a
//! 16x16 grid, starts a game from the new-game dialog, enters a puzzle, plays a 4x4 game to the
//! win with the keyboard (reloading half-way), switches language and theme, pauses, answers four
//! questions of each drill (Full House, Naked Single, Hidden Single), checks the phone layout,
//! runs axe-core (no violation allowed) in both languages and both themes, reports the page's
//! weight and first render, fails on script or console errors, and saves screenshots into
//! `<target>/browser-screenshots`.
//!
//! Needs Node.js, `/usr/bin/chromium` (`apt-get install -y chromium`) and the npm packages
//! (`npm ci` in `crates/sudoku-web/tests/browser`); `.ci/run` installs both. Without them the
//! test fails and says what to install.

use std::io::Read;
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

/// Runs `node run.mjs URL SHOTS WORKBOOK`, with a deadline; returns (success, stdout, stderr).
fn run_script(dir: &Path, url: &str, shots: &Path, workbook: &Path) -> (bool, String, String) {
    let mut child = Command::new("node")
        .arg(dir.join("run.mjs"))
        .arg(url)
        .arg(shots)
        .arg(workbook)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    let mut out = child.stdout.take().expect("stdout is piped");
    let mut err = child.stderr.take().expect("stderr is piped");
    let out_reader = thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait().expect("waiting for node") {
            Some(status) => break Some(status),
            None if start.elapsed() > DEADLINE => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            None => thread::sleep(Duration::from_millis(100)),
        }
    };
    let stdout = out_reader.join().unwrap_or_default();
    let mut stderr = err_reader.join().unwrap_or_default();
    if status.is_none() {
        stderr.push_str(&format!("\nkilled after {}s\n", DEADLINE.as_secs()));
    }
    (status.is_some_and(|s| s.success()), stdout, stderr)
}

#[test]
fn the_page_plays_in_chromium() {
    let dir = browser_dir();
    require_tools(&dir);

    let db_dir = tempfile::tempdir().expect("a temporary directory");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let mut config = Config::new("127.0.0.1:0", db_dir.path().join("games.sqlite3"));
    config.pool_target = 0;
    let server = runtime
        .block_on(Server::bind(&config))
        .expect("the server binds");
    let addr = server.local_addr().expect("the server's address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = runtime.spawn(server.run_until(async {
        let _ = stopped.await;
    }));

    let shots = screenshot_dir();
    let url = format!("http://{addr}");
    let workbook = db_dir.path().join("four.xlsx");
    write_workbook(&workbook, PUZZLE4);
    let (ok, stdout, stderr) = run_script(&dir, &url, &shots, &workbook);
    println!("{stdout}");
    eprintln!("{stderr}");

    let _ = stop.send(());
    let served = runtime.block_on(serving);
    assert!(ok, "the browser script failed (output above)");
    assert!(
        matches!(served, Ok(Ok(()))),
        "the server stopped with {served:?}"
    );
    println!("screenshots in {}", shots.display());
}
