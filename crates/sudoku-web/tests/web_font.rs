//! The page's Chinese without a system Chinese font: the server serves a web font cut to the
//! page's own Chinese characters (`static/fonts/ds-han.woff2`, built by `fonts/subset.sh`),
//! with a validator, and Chromium under a fontconfig that holds only a Latin font draws every
//! Chinese label with it (`tests/browser/fonts.mjs`). A second test keeps the font's list of
//! characters in step with the sources.
//!
//! Needs what the browser test needs (Node.js, `/usr/bin/chromium`, `npm ci` in
//! `tests/browser`) and a Latin font in `/usr/share/fonts/truetype/dejavu` (Debian's
//! fonts-dejavu-core, which fontconfig itself pulls in); `.ci/test` installs them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use sudoku_web::{Config, Server};

fn web_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Chinese characters the subset script takes from a text.
fn chinese(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars().filter(|&c| {
        matches!(c as u32, 0x3000..=0x303F | 0x4E00..=0x9FFF | 0xFF00..=0xFFEF)
            || "·…—“”‘’".contains(c)
    })
}

fn files_under(dir: &Path, keep: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, keep, out);
        } else if keep(&path) {
            out.push(path);
        }
    }
}

/// Every Chinese character of the page's texts and of the server's Chinese (the web, game
/// and logic crates' sources) is in the font: else `fonts/subset.sh` must be run again.
#[test]
fn the_web_font_holds_every_chinese_character_the_page_can_show() {
    let web = web_dir();
    let held: BTreeSet<char> = std::fs::read_to_string(web.join("fonts/ds-han-chars.txt"))
        .expect("fonts/ds-han-chars.txt")
        .chars()
        .collect();
    let mut sources = Vec::new();
    let page = |p: &Path| {
        p.extension()
            .is_some_and(|e| e == "js" || e == "html" || e == "css")
    };
    files_under(&web.join("static"), &page, &mut sources);
    let rust = |p: &Path| p.extension().is_some_and(|e| e == "rs");
    for krate in ["sudoku-web", "sudoku-game", "sudoku-logic"] {
        files_under(&web.join("..").join(krate).join("src"), &rust, &mut sources);
    }
    let mut missing = BTreeSet::new();
    for path in &sources {
        let text = std::fs::read_to_string(path).expect("a source file");
        missing.extend(chinese(&text).filter(|c| !held.contains(c)));
    }
    assert!(
        missing.is_empty(),
        "the page's web font lacks {} characters ({}): run crates/sudoku-web/fonts/subset.sh",
        missing.len(),
        missing.iter().collect::<String>()
    );
    let font = std::fs::metadata(web.join("static/fonts/ds-han.woff2")).expect("the font");
    assert!(font.len() < 400_000, "the font is {} bytes", font.len());
}

/// A fontconfig file that sees only the Latin font folder.
fn latin_only_fontconfig(dir: &Path) -> PathBuf {
    let latin = Path::new("/usr/share/fonts/truetype/dejavu");
    assert!(
        latin.is_dir(),
        "{} is missing: install Debian's fonts-dejavu-core",
        latin.display()
    );
    let conf = dir.join("fonts.conf");
    let cache = dir.join("fc-cache");
    std::fs::write(
        &conf,
        format!(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"fonts.dtd\">\n\
             <fontconfig><dir>{}</dir><cachedir>{}</cachedir></fontconfig>\n",
            latin.display(),
            cache.display()
        ),
    )
    .expect("fonts.conf is written");
    conf
}

/// GETs `url`, then again with its ETag: the first status, the ETag, the second status.
async fn fetch_twice(url: &str) -> (u16, String, u16) {
    let client = reqwest::Client::new();
    let first = client.get(url).send().await.expect("the font is served");
    let etag = first
        .headers()
        .get(reqwest::header::ETAG)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let status = first.status().as_u16();
    let again = client
        .get(url)
        .header(reqwest::header::IF_NONE_MATCH, &etag)
        .send()
        .await
        .expect("the font is served again");
    (status, etag, again.status().as_u16())
}

#[test]
fn chinese_labels_render_without_a_system_chinese_font() {
    let browser = web_dir().join("tests/browser");
    assert!(
        browser
            .join("node_modules/playwright-core/package.json")
            .exists(),
        "the browser test's npm packages are missing: run `npm ci --prefix {}`",
        browser.display()
    );
    let dir = tempfile::tempdir().expect("a temporary directory");
    let conf = latin_only_fontconfig(dir.path());
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

    // The font is served with a validator, and a second request with it is answered 304.
    let client = runtime.block_on(fetch_twice(&format!("{url}/fonts/ds-han.woff2")));

    let run = Command::new("node")
        .arg(browser.join("fonts.mjs"))
        .arg(&url)
        .env("FONTCONFIG_FILE", &conf)
        .current_dir(&browser)
        .output()
        .expect("node starts");
    let _ = stop.send(());
    let _ = runtime.block_on(serving);
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    println!("{stdout}");
    eprintln!("{stderr}");
    assert!(run.status.success(), "the font check failed (output above)");
    let (status, etag, revalidated) = client;
    assert_eq!(status, 200);
    assert!(etag.starts_with('"'), "{etag}");
    assert_eq!(revalidated, 304);
}
