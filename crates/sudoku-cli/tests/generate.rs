//! `sudoku generate` through the built binary: unique puzzles, symmetry, givens, minimality,
//! seeds that repeat for any number of threads, sizes, variants, and requests that cannot be
//! met.

mod common;

use common::{assert_contains, sudoku};
use sudoku_core::dig::Symmetry;
use sudoku_core::{Engine, Grid, Layout, Solver, Variant};

fn puzzles(stdout: &str) -> Vec<Grid> {
    stdout
        .lines()
        .map(|l| l.parse().unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn generate(args: &[&str]) -> Vec<Grid> {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let run = sudoku(&all, None);
    assert_eq!(run.code, Some(0), "{all:?}: {}", run.stderr);
    puzzles(&run.stdout)
}

#[test]
fn seeded_symmetric_unique_puzzles_for_any_jobs() {
    let one = sudoku(
        &[
            "generate",
            "--count",
            "40",
            "--seed",
            "11",
            "--symmetry",
            "rotate180",
        ],
        None,
    );
    let two = sudoku(
        &[
            "generate",
            "--count",
            "40",
            "--seed",
            "11",
            "--symmetry",
            "rotate180",
            "--jobs",
            "2",
        ],
        None,
    );
    assert_eq!(one.code, Some(0), "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout, "the same seed, the same puzzles");
    let other = sudoku(&["generate", "--count", "40", "--seed", "12"], None);
    assert_ne!(one.stdout, other.stdout);
    let mut solver = Solver::new(Layout::classic(), Engine::Dlx).expect("solver");
    let list = puzzles(&one.stdout);
    assert_eq!(list.len(), 40);
    for p in &list {
        assert!(Symmetry::Rotate180.holds(p), "{p}");
        assert_eq!(solver.count(p, 2).expect("valid"), 1, "{p}");
    }
}

#[test]
fn givens_in_range_and_minimal() {
    for p in generate(&[
        "--count",
        "10",
        "--givens",
        "30-32",
        "--seed",
        "3",
        "--symmetry",
        "mirror",
    ]) {
        assert!((30..=32).contains(&p.given_count()), "{p}");
        assert!(Symmetry::Mirror.holds(&p), "{p}");
    }
    let mut solver = Solver::new(Layout::classic(), Engine::Dlx).expect("solver");
    for p in generate(&["--count", "5", "--minimal", "--seed", "4"]) {
        assert_eq!(solver.count(&p, 2).expect("valid"), 1);
        for (cell, _) in p.givens() {
            let mut fewer = p.clone();
            fewer.set(cell, None);
            assert_eq!(
                solver.count(&fewer, 2).expect("valid"),
                2,
                "{p} without {cell}"
            );
        }
    }
}

#[test]
fn sizes_and_variants() {
    for shape in ["2x2", "2x3", "4x4"] {
        let list = generate(&["--box", shape, "--count", "2", "--seed", "5"]);
        let layout = Layout::new(shape.parse().expect("shape"));
        let mut solver = Solver::new(layout, Engine::Auto).expect("solver");
        for p in list {
            assert_eq!(p.shape().to_string(), shape);
            assert_eq!(solver.count(&p, 2).expect("valid"), 1, "{p}");
        }
    }
    let x = Layout::with_variant(
        "3x3".parse().expect("shape"),
        Variant {
            diagonals: true,
            ..Variant::default()
        },
    )
    .expect("layout");
    let mut solver = Solver::new(x, Engine::Auto).expect("solver");
    let json = sudoku(
        &[
            "generate",
            "--variant",
            "diagonal",
            "--seed",
            "6",
            "--format",
            "json",
        ],
        None,
    );
    let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("JSON");
    assert_eq!(value["diagonals"], true);
    let p: Grid = value["grid"]
        .as_str()
        .expect("grid")
        .parse()
        .expect("puzzle");
    assert_eq!(solver.count(&p, 2).expect("valid"), 1);
}

#[test]
fn impossible_requests_end_with_a_message() {
    let run = sudoku(
        &[
            "generate",
            "--symmetry",
            "rotate90",
            "--givens",
            "17",
            "--attempts",
            "5",
            "--seed",
            "1",
        ],
        None,
    );
    assert_eq!(run.code, Some(1));
    assert_contains(&run.stderr, "no puzzle of symmetry rotate90 with 17 givens");
    let bad = sudoku(&["generate", "--givens", "40-30"], None);
    assert_eq!(bad.code, Some(2));
    assert_contains(&bad.stderr, "the minimum is above the maximum");
    // More givens than cells is a usage error like too few (it exited 1, as for no luck).
    for givens in ["82", "18446744073709551615"] {
        let bad = sudoku(&["generate", "--givens", givens, "--seed", "1"], None);
        assert_eq!(bad.code, Some(2), "{givens}: {}", bad.stderr);
        assert_contains(&bad.stderr, "a 9x9 grid has 81 cells");
    }
    let symmetry = sudoku(&["generate", "--symmetry", "spiral"], None);
    assert_eq!(symmetry.code, Some(2));
    assert_contains(&symmetry.stderr, "unknown symmetry");
}

#[test]
fn a_request_past_its_time_limit_ends_with_a_message() {
    // A 16x16 Expert puzzle takes minutes (if it turns up at all), never 50 ms.
    let run = sudoku(
        &[
            "generate",
            "--box",
            "4x4",
            "--rung",
            "expert",
            "--time-limit",
            "0.05",
            "--seed",
            "1",
        ],
        None,
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_contains(&run.stderr, "no unfair puzzle with 70 to 88 givens");
    assert_contains(&run.stderr, "before the time limit");
    assert_contains(&run.stderr, "--time-limit 0.05 s per puzzle");
    for bad in ["-1", "soon", "inf"] {
        let run = sudoku(&["generate", &format!("--time-limit={bad}")], None);
        assert_eq!(run.code, Some(2), "{bad}: {}", run.stderr);
        assert_contains(&run.stderr, "--time-limit");
    }
}

#[test]
fn levels_regrade_to_themselves() {
    for level in ["easy", "medium", "hard"] {
        let run = sudoku(
            &[
                "generate", "--level", level, "--count", "4", "--seed", "8", "--rate", "--jobs",
                "2",
            ],
            None,
        );
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let rated = sudoku(&["rate", "--format", "line"], Some(&run.stdout));
        assert_eq!(rated.code, Some(0), "{}", rated.stderr);
        for (made, regraded) in run.stdout.lines().zip(rated.stdout.lines()) {
            let (_, label) = made.split_once('\t').expect("a label");
            assert!(label.starts_with(&format!("{level} ")), "{made}");
            assert_eq!(made, regraded, "the label is the grade `rate` gives");
        }
    }
}

/// Misleading answers to odd requests, made plain: an impossible range of givens, no
/// attempts, a puzzle with several solutions to explain, too many threads, and grids this
/// program cannot read.
#[test]
fn odd_requests_get_plain_answers() {
    let run = sudoku(&["generate", "--givens", "0-0", "--seed", "1"], None);
    assert_eq!(run.code, Some(2));
    assert_contains(
        &run.stderr,
        "a 9x9 sudoku with one solution has at least 17 givens",
    );
    let run = sudoku(&["generate", "--attempts", "0", "--seed", "1"], None);
    assert_eq!(run.code, Some(2));
    assert!(run.stdout.is_empty(), "nothing generated: {}", run.stdout);
    assert_contains(&run.stderr, "at least one attempt is needed");
    let run = sudoku(
        &[
            "generate",
            "--box",
            "2x2",
            "--givens",
            "0-1",
            "--attempts",
            "2",
            "--seed",
            "1",
        ],
        None,
    );
    assert_eq!(run.code, Some(1));
    assert_contains(
        &run.stderr,
        "no puzzle with 0 to 1 givens was found in 2 attempts",
    );
    for command in ["explain", "hint"] {
        let run = sudoku(&[command, "-"], Some("1...............\n"));
        assert_eq!(run.code, Some(1), "{command}");
        assert_contains(&run.stderr, "the puzzle has several solutions");
    }
    let run = sudoku(
        &[
            "generate", "--count", "2", "--jobs", "100000", "--seed", "3",
        ],
        None,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 2);
    assert_contains(&run.stderr, "warning: --jobs 100000 is more than 4 a core");
    let big = format!("{}\n{}\n", ".".repeat(1296), ".".repeat(49));
    let run = sudoku(&["solve", "-"], Some(&big));
    assert_contains(
        &run.stderr,
        "line 1: 1296 cells make a 36x36 grid, larger than the largest this program reads (35x35)",
    );
    assert_contains(
        &run.stderr,
        "line 2: 49 cells make a 7x7 grid, which has no boxes of at least 2x2",
    );
    for shape in [
        "4611686018427387904x4",
        "9223372036854775809x2",
        "1x9",
        "1x1",
    ] {
        let run = sudoku(&["generate", "--box", shape], None);
        assert_eq!(run.code, Some(2), "--box {shape}");
        assert_contains(&run.stderr, "is not supported");
    }
}

/// `generate --count` streams: the largest count starts printing at once instead of
/// allocating a slot per puzzle first (it panicked, or aborted, or took a gigabyte).
#[test]
fn a_huge_count_streams() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["generate", "--count", "18446744073709551615", "--seed", "5"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let stdout = child.stdout.take().expect("piped");
    let lines: Vec<String> = BufReader::new(stdout)
        .lines()
        .take(3)
        .map(|l| l.expect("a line"))
        .collect();
    child.kill().expect("it stops");
    let _ = child.wait();
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().all(|l| l.len() == 81), "{lines:?}");
}

/// A rung's word given as a HoDoKu level, or a level's as a rung, is refused with the option
/// that takes it (exit 2), and `play --level` takes a level that one rung stands for.
#[test]
fn a_word_from_the_other_difficulty_list_points_at_its_option() {
    let run = sudoku(&["generate", "--level", "expert"], None);
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "use --rung expert");
    let run = sudoku(&["generate", "--rung", "extreme"], None);
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "use --level extreme (or --rung master)");
    let run = sudoku(&["generate", "--rung", "EXPERT", "--seed", "3"], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.trim().len(), 81);
}
