//! `sudoku bench` through the built binary: the table's header and rows, `--mode`, `--engine`
//! and `--max`, a malformed line reported with its line number and skipped, and the exit code
//! for an unreadable file. The puzzles come from the repository's samples
//! (`crates/sudoku-core/tests/data`), copied to a temporary directory with a bad line added.

mod common;

use std::path::{Path, PathBuf};

use common::Run;

/// Runs `sudoku ARGS` with no standard input.
fn sudoku(args: &[&str]) -> Run {
    common::sudoku(args, None)
}

/// A fresh directory of its own for one test.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-bench-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// The first `n` puzzles of a sample file of sudoku-core's test data.
fn sample(file: &str, n: usize) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../sudoku-core/tests/data")
        .join(file);
    let text = std::fs::read_to_string(&path).expect("the sample file");
    text.lines().take(n).map(str::to_string).collect()
}

/// Writes `small.txt`: a comment (line 1), three 17-clue puzzles (lines 2-4), a line with a
/// bad character (line 5), two hard puzzles, the second with a label (lines 6-7).
fn small_file(dir: &Path) -> PathBuf {
    let mut lines = vec!["# a small set".to_string()];
    lines.extend(sample("17_clue.txt", 3));
    lines.push(format!("x{}", &sample("17_clue.txt", 1)[0][1..]));
    let hard = sample("forum_hardest_1905_11plus.txt", 2);
    lines.push(hard[0].clone());
    lines.push(format!("{}\thard two", hard[1]));
    let path = dir.join("small.txt");
    std::fs::write(&path, lines.join("\n") + "\n").expect("write the puzzles");
    path
}

/// The table's rows: the lines after the header line, which starts with `dataset`.
fn rows(stdout: &str) -> Vec<Vec<String>> {
    stdout
        .lines()
        .skip_while(|l| !l.starts_with("dataset"))
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

fn header(stdout: &str) -> Vec<String> {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("dataset"))
        .expect("a header line");
    line.split_whitespace().map(str::to_string).collect()
}

/// A rate column: digits with thousands separators, above zero.
fn rate(cell: &str) -> f64 {
    let n: f64 = cell.replace(',', "").parse().expect("a rate");
    assert!(n > 0.0, "rate {cell}");
    n
}

#[test]
fn table_rows_and_a_malformed_line() {
    let dir = temp_dir("table");
    let file = small_file(&dir);
    let run = sudoku(&["bench", file.to_str().expect("UTF-8 path"), "--rounds", "1"]);
    assert_eq!(run.code, Some(0), "stderr:\n{}", run.stderr);

    // The bad line is named by file and line number, and skipped.
    assert!(
        run.stderr.contains("small.txt:5"),
        "the malformed line 5 is reported:\n{}",
        run.stderr
    );
    assert_eq!(
        run.stderr.lines().count(),
        1,
        "one warning:\n{}",
        run.stderr
    );

    let peers = cfg!(feature = "peers");
    let mut expected = vec!["dataset", "mode", "puzzles", "fast/s", "dlx/s"];
    if peers {
        expected.push("peer/s");
    }
    expected.extend(["guesses", "fast/dlx"]);
    if peers {
        expected.push("fast/peer");
    } else {
        assert!(
            run.stdout.contains("only with `--features peers`"),
            "says how to get the peer:\n{}",
            run.stdout
        );
    }
    assert_eq!(header(&run.stdout), expected);

    let rows = rows(&run.stdout);
    assert_eq!(rows.len(), 2, "one row per mode:\n{}", run.stdout);
    for (row, mode) in rows.iter().zip(["first", "count2"]) {
        assert_eq!(row.len(), expected.len(), "{row:?}");
        assert_eq!(row[0], "small.txt");
        assert_eq!(row[1], mode);
        assert_eq!(row[2], "5", "five good puzzles");
        let fast = rate(&row[3]);
        let dlx = rate(&row[4]);
        let engines = if peers { 3 } else { 2 };
        let guesses: f64 = row[3 + engines].parse().expect("guesses per puzzle");
        assert!(guesses >= 0.0);
        let ratio: f64 = row[4 + engines].parse().expect("fast/dlx");
        // The printed rates are rounded; the ratio is of the exact ones.
        assert!((ratio - fast / dlx).abs() <= 0.02 * ratio + 0.01, "{row:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn mode_engine_and_max() {
    let dir = temp_dir("options");
    let file = small_file(&dir);
    let path = file.to_str().expect("UTF-8 path");
    let run = sudoku(&[
        "bench", path, path, "--mode", "count", "--engine", "fast", "--max", "2", "--rounds", "3",
    ]);
    assert_eq!(run.code, Some(0), "stderr:\n{}", run.stderr);
    assert_eq!(
        header(&run.stdout),
        ["dataset", "mode", "puzzles", "fast/s", "guesses"]
    );
    let rows = rows(&run.stdout);
    assert_eq!(rows.len(), 2, "one row per file:\n{}", run.stdout);
    for row in &rows {
        assert_eq!(row[1..3], ["count2", "2"]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unreadable_file_and_bad_usage_exit_2() {
    let dir = temp_dir("missing");
    let missing = dir.join("no-such-file.txt");
    let run = sudoku(&["bench", missing.to_str().expect("UTF-8 path")]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("no-such-file.txt"), "{}", run.stderr);
    assert!(run.stdout.is_empty(), "nothing measured:\n{}", run.stdout);

    let file = small_file(&dir);
    let run = sudoku(&["bench", file.to_str().expect("UTF-8 path"), "--rounds", "0"]);
    assert_eq!(run.code, Some(2));
    if !cfg!(feature = "peers") {
        let run = sudoku(&[
            "bench",
            file.to_str().expect("UTF-8 path"),
            "--engine",
            "peer",
        ]);
        assert_eq!(run.code, Some(2));
        assert!(run.stderr.contains("--features peers"), "{}", run.stderr);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
