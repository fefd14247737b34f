//! `sudoku play` and `sudoku drill` end to end: the game in a real terminal (tmux: keys in
//! with `send-keys`, the screen out with `capture-pane`), and the plain drill answered by a
//! script. Needs tmux (`apt-get install -y tmux`; `.ci/test` installs it).

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use sudoku_store::Store;

const SUDOKU: &str = env!("CARGO_BIN_EXE_sudoku");
/// A 4x4 puzzle and its solution.
const FOUR: &str = "1..4.4..21.....1";
const FOUR_SOLVED: &str = "1234341221434321";
/// The session the terminal keeps its games under, from `USER`.
const USER: &str = "e2e";

/// A tmux server of its own (a private socket), killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn new(name: &str) -> Tmux {
        assert!(
            Command::new("tmux")
                .arg("-V")
                .output()
                .is_ok_and(|o| o.status.success()),
            "tmux is missing: install it (apt-get install -y tmux)"
        );
        Tmux {
            socket: format!("sudoku-{name}-{}", std::process::id()),
        }
    }

    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Starts `sudoku ARGS` in an 80x24 window.
    fn start(&self, db: &Path, args: &str) {
        let command = format!(
            "env USER={USER} LANG=C.UTF-8 {SUDOKU} {args} --db {}",
            db.display()
        );
        self.run(&[
            "-u",
            "new-session",
            "-d",
            "-s",
            "play",
            "-x",
            "80",
            "-y",
            "24",
            &command,
        ]);
    }

    fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.run(&["send-keys", "-t", "play", k]);
        }
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "play"])
    }

    /// Waits until the screen shows `text` (at most 20 s); returns the screen.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "waited for {text:?}; the screen:\n{screen}"
            );
            thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until the window's program has ended.
    fn wait_gone(&self) {
        let start = Instant::now();
        while self.run(&["list-sessions"]).contains("play") {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the game did not quit"
            );
            thread::sleep(Duration::from_millis(100));
        }
    }

    fn pid(&self) -> String {
        self.run(&["list-panes", "-t", "play", "-F", "#{pane_pid}"])
            .trim()
            .to_string()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// The keys that move the selection from `from` to `to` on an `n`-sided grid.
fn path(n: usize, from: usize, to: usize) -> Vec<&'static str> {
    let (dr, dc) = (
        (to / n) as isize - (from / n) as isize,
        (to % n) as isize - (from % n) as isize,
    );
    let mut keys = Vec::new();
    keys.extend(std::iter::repeat_n(
        if dr > 0 { "Down" } else { "Up" },
        dr.unsigned_abs(),
    ));
    keys.extend(std::iter::repeat_n(
        if dc > 0 { "Right" } else { "Left" },
        dc.unsigned_abs(),
    ));
    keys
}

#[test]
fn a_4x4_game_played_to_the_win_with_keys_counts_in_the_statistics() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let tmux = Tmux::new("win");
    tmux.start(&db, &format!("play {FOUR}"));
    let screen = tmux.wait_for("Your puzzle");
    assert!(screen.contains("┌"), "the board is drawn:\n{screen}");
    let empties: Vec<usize> = FOUR
        .chars()
        .enumerate()
        .filter(|&(_, c)| c == '.')
        .map(|(i, _)| i)
        .collect();
    let mut at = empties[0];
    for &i in &empties {
        tmux.keys(&path(4, at, i));
        let digit = &FOUR_SOLVED[i..=i];
        tmux.keys(&[digit]);
        at = i;
    }
    let won = tmux.wait_for("Solved in");
    assert!(
        won.contains("0 mistakes"),
        "the win line gives the mistakes:\n{won}"
    );
    tmux.keys(&["q"]);
    tmux.wait_gone();

    // Again: a new 4x4 game; the statistics list the one won.
    tmux.start(&db, "play --new --size 4x4 --level easy");
    tmux.wait_for("Easy · 4×4");
    tmux.keys(&["s"]);
    let stats = tmux.wait_for("Statistics");
    let line = stats
        .lines()
        .find(|l| l.contains("Your puzzle"))
        .unwrap_or_else(|| panic!("no line for the puzzle played:\n{stats}"));
    assert!(line.contains("100%"), "{line}");
    tmux.keys(&["Escape", "?"]);
    tmux.wait_for("Keys");
    tmux.keys(&["Escape", "q"]);
    tmux.wait_gone();
}

/// A 9x9 puzzle (its first row's solution: 193574826).
const KITE: &str =
    "1...7.82....2.........9....8.2..7..9....3..6...9..6.4.5..34..8..14..5.......2.53.";

#[test]
fn killed_in_the_middle_of_a_game_it_resumes_with_every_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let tmux = Tmux::new("kill");
    tmux.start(&db, &format!("play {KITE}"));
    tmux.wait_for("Your puzzle");
    // The first empty cells of row 1 are r1c2, r1c3, r1c4: 9, 3, 5.
    tmux.keys(&["9", "Right", "3", "Right", "5"]);
    tmux.wait_for("│ 1  9  3 │ 5  7");
    let pid = tmux.pid();
    assert!(!pid.is_empty());
    let killed = Command::new("kill").args(["-9", &pid]).status().unwrap();
    assert!(killed.success());
    tmux.wait_gone();

    // Every move shown was on disk.
    let store = Store::open(&db).unwrap();
    let session = format!("terminal-{USER}");
    let newest = store.newest_playing_blocking(&session, 0).unwrap();
    let id = newest.expect("the game being played").id;
    let (_, game) = store.load_game_blocking(&session, &id).unwrap();
    assert_eq!(game.moves(), 3);
    drop(store);

    // Started again without a puzzle, the game goes on where it was.
    tmux.start(&db, "play");
    tmux.wait_for("│ 1  9  3 │ 5  7");
    tmux.keys(&["u"]);
    tmux.wait_for("│ 1  9  3 │    7");
    tmux.keys(&["q"]);
    tmux.wait_gone();
}

#[test]
fn a_malformed_puzzle_or_database_is_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(SUDOKU)
        .args(["play", "1..4.4..2x.....1"])
        .arg("--db")
        .arg(dir.path().join("g.sqlite3"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("error:") && err.contains("column 10") && err.contains("r3c2"),
        "{err}"
    );
    // A directory where the database file should be.
    let out = Command::new(SUDOKU)
        .args(["drill", "--plain", "--count", "1", "--db"])
        .arg(dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot open the database"), "{err}");
}

/// The answer a script works out from a plain question: the question line and its grid.
fn answer(question: &str, grid: &[String], wrong: bool) -> String {
    let sees = |(r1, c1): (usize, usize), (r2, c2): (usize, usize)| {
        (r1, c1) != (r2, c2) && (r1 == r2 || c1 == c2 || (r1 / 3 == r2 / 3 && c1 / 3 == c2 / 3))
    };
    let at = |r: usize, c: usize| grid[r].as_bytes()[c];
    if question.contains("where does") {
        // "Hidden Single: where does 7 go in c4?"
        let words: Vec<&str> = question.split_whitespace().collect();
        let d = words[words.iter().position(|w| *w == "does").unwrap() + 1].as_bytes()[0];
        let house = words.last().unwrap().trim_end_matches('?');
        let k = house[1..].parse::<usize>().unwrap() - 1;
        let cells: Vec<(usize, usize)> = (0..9)
            .map(|j| match &house[..1] {
                "r" => (k, j),
                "c" => (j, k),
                _ => (k / 3 * 3 + j / 3, k % 3 * 3 + j % 3),
            })
            .collect();
        let places: Vec<(usize, usize)> = cells
            .iter()
            .copied()
            .filter(|&(r, c)| at(r, c) == b'.')
            .filter(|&p| !(0..81).any(|i| at(i / 9, i % 9) == d && sees((i / 9, i % 9), p)))
            .collect();
        assert_eq!(places.len(), 1, "{question}\n{grid:?}");
        let pick = if wrong {
            *cells
                .iter()
                .find(|&&p| at(p.0, p.1) == b'.' && p != places[0])
                .unwrap()
        } else {
            places[0]
        };
        return format!("r{}c{}", pick.0 + 1, pick.1 + 1);
    }
    let asked = (0..81).find(|&i| at(i / 9, i % 9) == b'?').unwrap();
    let asked = (asked / 9, asked % 9);
    let seen: Vec<u8> = (0..81)
        .filter(|&i| sees((i / 9, i % 9), asked))
        .map(|i| at(i / 9, i % 9))
        .filter(u8::is_ascii_digit)
        .collect();
    let left: Vec<u8> = (b'1'..=b'9').filter(|d| !seen.contains(d)).collect();
    assert_eq!(left.len(), 1, "{question}\n{grid:?}");
    let d = if wrong {
        b'1' + (left[0] - b'0') % 9
    } else {
        left[0]
    };
    char::from(d).to_string()
}

#[test]
fn the_plain_drill_answered_by_a_script() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let mut child = Command::new(SUDOKU)
        .args(["drill", "--plain", "--count", "6", "--lang", "en", "--db"])
        .arg(&db)
        .env("USER", USER)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut transcript = String::new();
    for k in 0..6 {
        // The question line, nine grid lines, then the prompt "> ".
        let mut question = String::new();
        output.read_line(&mut question).unwrap();
        let grid: Vec<String> = (0..9)
            .map(|_| {
                let mut l = String::new();
                output.read_line(&mut l).unwrap();
                l.trim_end().to_string()
            })
            .collect();
        let mut prompt = [0u8; 2];
        output.read_exact(&mut prompt).unwrap();
        assert_eq!(&prompt, b"> ", "{question}");
        let reply = answer(&question, &grid, k == 5);
        writeln!(input, "{reply}").unwrap();
        input.flush().unwrap();
        let mut verdict = String::new();
        output.read_line(&mut verdict).unwrap();
        assert!(
            verdict.starts_with(if k == 5 { "wrong" } else { "right" }),
            "{question}{verdict}"
        );
        transcript.push_str(&question);
    }
    drop(input);
    let mut rest = String::new();
    output.read_to_string(&mut rest).unwrap();
    assert!(child.wait().unwrap().success());
    // Every kind in turn, and the summary: 5 of 6.
    for kind in ["Full House", "Naked Single", "Hidden Single"] {
        assert!(transcript.contains(kind), "{transcript}");
    }
    assert!(
        rest.contains("correct 5  wrong 1  total 6  accuracy 83%"),
        "{rest}"
    );
    assert!(rest.contains("Hidden Single: correct 1  wrong 1"), "{rest}");
    // Kept with the page's drill answers.
    let store = Store::open(&db).unwrap();
    let session = format!("terminal-{USER}");
    let stats = store.statistics_blocking(&session).unwrap().drill;
    assert_eq!((stats.answered, stats.correct), (6, 5));
}
