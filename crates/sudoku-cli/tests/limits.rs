//! Bounded work: `--time-limit` on every command that searches, and Ctrl-C, which stops a
//! command, keeps what it wrote, still prints `--stats`, and exits with 130.

mod common;

use std::io::Read;
use std::process::Command;
use std::time::{Duration, Instant};

use common::{assert_contains, spawn, sudoku};

/// An empty 16x16 grid: counting its solutions never ends.
fn empty_16() -> String {
    format!("{}\n", ".".repeat(256))
}

/// A 9x9 puzzle with one solution.
const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn a_puzzle_past_its_time_limit_gets_a_message_and_the_batch_goes_on() {
    let input = format!("{}{}\n", empty_16(), ".4..............");
    let started = Instant::now();
    let run = sudoku(&["count", "--time-limit", "0.3", "-"], Some(&input));
    assert!(started.elapsed() < Duration::from_secs(20), "bounded");
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout, "\n72\n");
    assert_contains(
        &run.stderr,
        "line 1: no answer within the time limit (0.3 s; --time-limit 0 for none)",
    );
}

#[test]
fn every_solution_stops_at_the_time_limit_with_how_many_were_printed() {
    let empty = format!("{}\n", ".".repeat(81));
    let run = sudoku(
        &["solve", "--all", "--time-limit", "0.3", "-"],
        Some(&empty),
    );
    assert_eq!(run.code, Some(1));
    let printed = run.stdout.lines().filter(|l| l.len() == 81).count();
    assert!(printed > 0, "solutions were streamed before the limit");
    assert_contains(
        &run.stderr,
        &format!(
            "no answer within the time limit (0.3 s; --time-limit 0 for none) after {printed} solutions"
        ),
    );
}

/// The uniqueness check is dancing links (the fast solver needs no limit), and the grade is
/// a solve path: each stops at the limit.
#[test]
fn rate_explain_and_hint_stop_at_the_time_limit() {
    let rate = sudoku(&["rate", "--time-limit", "0.000001", "-"], Some(PUZZLE));
    assert_eq!(rate.code, Some(1));
    assert_eq!(rate.stdout, "\n");
    assert_contains(&rate.stderr, "no answer within the time limit (0.000001 s");

    let explain = sudoku(&["explain", "--time-limit", "0.000001", PUZZLE], None);
    assert_eq!(explain.code, Some(1));
    assert_contains(
        &explain.stdout,
        "stopped after 0 steps: no answer within the time limit",
    );
    let zh = sudoku(
        &[
            "explain",
            "--lang",
            "zh",
            "--time-limit",
            "0.000001",
            PUZZLE,
        ],
        None,
    );
    assert_contains(&zh.stdout, "第 0 步后停止：超过时间限制（0.000001 秒）");

    let hint = sudoku(
        &["hint", "--time-limit", "0.000001", "-"],
        Some(&empty_16()),
    );
    assert_eq!(hint.code, Some(1));
    assert_contains(
        &hint.stderr,
        "uniqueness check: no answer within the time limit",
    );
}

/// 40 independent choices of two: 2^40 solutions, far more than a count can reach.
fn endless_problem() -> String {
    let mut problem: String = (0..40).map(|k| format!("a{k} ")).collect();
    problem.push('\n');
    for k in 0..40 {
        problem += &format!("a{k}\na{k}\n");
    }
    problem
}

#[test]
fn xc_prints_a_count_cut_by_the_time_limit_as_a_lower_bound() {
    let run = sudoku(
        &["xc", "--count", "--stats", "--time-limit", "0.3", "-"],
        Some(&endless_problem()),
    );
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.trim_end().ends_with('+'), "{}", run.stdout);
    assert_contains(&run.stderr, "stopped: time limit reached");
    assert_contains(&run.stderr, "error: the time limit (0.3 s) ran out after");
}

/// The empty 9x9 grid: its 6,670,903,752,021,072,936,960 solutions are counted by the fast
/// 9x9 solver, not by DLX, so the limits must reach that engine too.
fn empty_9() -> String {
    format!("{}\n", ".".repeat(81))
}

#[test]
fn a_9x9_count_with_a_high_limit_stops_at_the_time_limit_and_at_ctrl_c() {
    let input = format!("{}{PUZZLE}\n", empty_9());
    let started = Instant::now();
    let run = sudoku(
        &[
            "count",
            "--time-limit",
            "0.3",
            "--limit",
            "1000000000000",
            "-",
        ],
        Some(&input),
    );
    assert!(started.elapsed() < Duration::from_secs(20), "bounded");
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout, "\n1\n", "the next puzzle is still counted");
    assert_contains(
        &run.stderr,
        "line 1: no answer within the time limit (0.3 s; --time-limit 0 for none)",
    );

    let (code, out, err) = interrupted(
        &["count", "--stats", "--limit", "1000000000000", "-"],
        &format!("{PUZZLE}\n{}", empty_9()),
    );
    assert_eq!(code, Some(130));
    assert_eq!(out, "1\n", "the first puzzle's answer stays");
    assert_contains(&err, "error: interrupted");
}

/// Starts `sudoku ARGS` with `stdin`, waits a moment, sends it SIGINT as Ctrl-C does, and
/// returns its exit code, stdout and stderr.
fn interrupted(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut child = spawn(args);
    {
        use std::io::Write;
        let mut input = child.stdin.take().expect("stdin is piped");
        input.write_all(stdin.as_bytes()).expect("stdin is written");
    }
    std::thread::sleep(Duration::from_millis(1500));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let waited = Instant::now();
    let status = child.wait().expect("the binary ends");
    assert!(
        waited.elapsed() < Duration::from_secs(10),
        "stops soon after Ctrl-C"
    );
    let (mut out, mut err) = (String::new(), String::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.code(), out, err)
}

#[test]
fn ctrl_c_keeps_what_was_written_prints_the_stats_and_exits_130() {
    // A solved puzzle first, then one that never ends.
    let input = format!("{PUZZLE}\n{}", empty_16());
    let (code, out, err) = interrupted(
        &["count", "--stats", "--limit", "1000000000000", "-"],
        &input,
    );
    assert_eq!(code, Some(130));
    assert_eq!(out, "1\n", "the first puzzle's answer stays");
    assert_contains(&err, "puzzles: 1\n");
    assert_contains(&err, "error: interrupted");

    let (code, out, err) = interrupted(&["xc", "--count", "--stats", "-"], &endless_problem());
    assert_eq!(code, Some(130));
    assert!(out.trim_end().ends_with('+'), "{out}");
    assert_contains(&err, "stopped: interrupted");
}

/// 200,000 items: DLX1's walk of the active list is quadratic in them (40,000 took 1.2 s, a
/// million did not end in ten minutes); the choice by blocks finds a solution in a fraction
/// of a second, well inside the bound.
#[test]
fn xc_takes_many_items_in_its_stride() {
    let n = 200_000;
    let mut problem: String = (0..n).map(|k| format!("i{k} ")).collect();
    problem.push('\n');
    for k in 0..n {
        problem += &format!("i{k}\n");
        if k % 3 == 0 && k + 1 < n {
            problem += &format!("i{k} i{}\n", k + 1);
        }
    }
    let run = sudoku(
        &["xc", "--limit", "1", "--stats", "--time-limit", "60", "-"],
        Some(&problem),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_contains(&run.stderr, "solutions: 1\n");
    assert_contains(&run.stderr, &format!("nodes: {}\n", n + 1));
}

/// Making the first full grid of a large layout is a search too: with `--seed 8` on 5x7
/// boxes (35x35) it ran 15 s under a 1 s limit, before the dig had a grid to work on.
#[test]
fn generate_stops_at_the_time_limit_while_it_makes_a_full_grid() {
    let started = Instant::now();
    let run = sudoku(
        &[
            "generate",
            "--box",
            "5x7",
            "--time-limit",
            "0.5",
            "--seed",
            "8",
        ],
        None,
    );
    let took = started.elapsed();
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_contains(&run.stderr, "before the time limit");
}

/// A 35x35 grid (boxes of 5 rows by 7 columns) with half its cells given: a pattern grid
/// with the digits relabelled and every other cell of a shuffled order emptied. Its search
/// runs for minutes, so it is the case for the default limit of the larger grids.
fn half_filled_35() -> String {
    let (rows, cols, n) = (5usize, 7usize, 35usize);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut relabel: Vec<usize> = (0..n).collect();
    for k in (1..n).rev() {
        relabel.swap(k, (next() % (k as u64 + 1)) as usize);
    }
    let mut cells: Vec<char> = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            let v = relabel[(cols * (r % rows) + r / rows + c) % n] + 1;
            char::from_digit(v as u32, 36).unwrap().to_ascii_uppercase()
        })
        .collect();
    let mut order: Vec<usize> = (0..n * n).collect();
    for k in (1..order.len()).rev() {
        order.swap(k, (next() % (k as u64 + 1)) as usize);
    }
    for &i in &order[..n * n / 2] {
        cells[i] = '.';
    }
    cells.into_iter().collect::<String>() + "\n"
}

/// Left out, `--time-limit` bounds a puzzle larger than 9x9 at 10 s, and the message says
/// that it was the default and how to lift it; a 9x9 gets no default limit.
#[test]
fn large_grids_stop_at_a_default_time_limit_the_message_names() {
    let puzzle = half_filled_35();
    let default = "the default for grids larger than 9x9; --time-limit 0 for none, or a longer one";
    let runs: Vec<_> = [
        vec!["solve", "--box", "5x7", "-"],
        vec!["check", "--box", "5x7", "-"],
        vec!["rate", "--box", "5x7", "-"],
        vec!["hint", "--box", "5x7", "-"],
    ]
    .into_iter()
    .map(|args| {
        let puzzle = puzzle.clone();
        std::thread::spawn(move || {
            let started = Instant::now();
            let run = sudoku(&args, Some(&puzzle));
            (args[0], run, started.elapsed())
        })
    })
    .collect();
    for handle in runs {
        let (command, run, took) = handle.join().unwrap();
        assert!(took < Duration::from_secs(40), "{command} took {took:?}");
        assert!(
            took >= Duration::from_secs(9),
            "{command} stopped early: {took:?}"
        );
        assert_eq!(run.code, Some(1), "{command}: {}", run.stderr);
        assert_contains(&run.stderr, &format!("time limit (10 s, {default})"));
    }
}
