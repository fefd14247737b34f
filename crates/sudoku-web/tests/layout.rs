//! The page's layout where a player first meets it (`tests/browser/layout.mjs`): at 1280x800
//! a long stage-3 hint and the offline banner keep the board and "Apply this step" in view;
//! at 390x844 the page keeps its h1, shows the whole board and axe-core finds no violation in
//! either language. Screenshots go to `<target>/browser-screenshots`.
//!
//! Needs what the browser test needs: Node.js, `/usr/bin/chromium` and `npm ci` in
//! `tests/browser` (`.ci/run` installs them).

use std::path::{Path, PathBuf};
use std::process::Command;

use sudoku_web::{Config, Server};

#[test]
fn the_board_and_the_hint_stay_in_view_on_desktop_and_phone() {
    let browser = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    assert!(
        browser.join("node_modules/axe-core/axe.min.js").exists(),
        "the browser test's npm packages are missing: run `npm ci --prefix {}`",
        browser.display()
    );
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let shots: PathBuf = tmp.parent().unwrap_or(tmp).join("browser-screenshots");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let mut config = Config::new("127.0.0.1:0", dir.path().join("games.sqlite3"));
    config.pool_target = 0;
    let server = runtime
        .block_on(Server::bind(&config))
        .expect("the server binds");
    let url = format!("http://{}", server.local_addr().expect("an address"));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = runtime.spawn(server.run_until(async {
        let _ = stopped.await;
    }));
    let run = Command::new("node")
        .arg(browser.join("layout.mjs"))
        .arg(&url)
        .arg(&shots)
        .current_dir(&browser)
        .output()
        .expect("node starts");
    let _ = stop.send(());
    let _ = runtime.block_on(serving);
    println!("{}", String::from_utf8_lossy(&run.stdout));
    eprintln!("{}", String::from_utf8_lossy(&run.stderr));
    assert!(
        run.status.success(),
        "the layout check failed (output above)"
    );
}
