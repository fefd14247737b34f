//! `sudoku xc` through the built binary: output format, counts, limits, seeds, parallel
//! counts, statistics, standard input, error messages and exit codes.

mod common;

use std::collections::{BTreeSet, HashMap};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{Run, sudoku};
use exact_cover::{ItemKind, Problem};

/// Runs `sudoku xc FILE ARGS...` on a file in the exact-cover test data and expects success.
fn xc_ok(file: &str, args: &[&str]) -> Run {
    let path = data(file);
    let path = path.to_str().expect("UTF-8 path");
    let mut all = vec!["xc", path];
    all.extend_from_slice(args);
    let run = sudoku(&all, None);
    assert_eq!(run.code, Some(0), "sudoku {all:?} failed:\n{}", run.stderr);
    run
}

fn data(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../exact-cover/tests/data")
        .join(file)
}

/// Writes `text` to a scratch file for this test and returns its path.
fn scratch(name: &str, text: &[u8]) -> String {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("xc-{name}.dlx"));
    std::fs::write(&path, text).expect("scratch file written");
    path.to_str().expect("UTF-8 path").to_string()
}

/// Splits printed solutions (options one per line, a blank line between solutions).
fn solutions(stdout: &str) -> Vec<Vec<String>> {
    if stdout.is_empty() {
        return Vec::new();
    }
    assert!(stdout.ends_with('\n'), "output ends with a newline");
    stdout
        .trim_end_matches('\n')
        .split("\n\n")
        .map(|block| block.lines().map(str::to_string).collect())
        .collect()
}

/// Checks that every printed solution is a valid cover of the problem in `file`: each line is
/// an option of the problem, written as in the file, and together they cover each primary item
/// within its bounds and each secondary item at most once or in one colour. Returns the
/// solutions as sets of option indices.
fn check_printed(file: &str, stdout: &str) -> Vec<BTreeSet<usize>> {
    let text = std::fs::read_to_string(data(file)).expect("data file");
    let problem = exact_cover::parse(&text).expect("data file parses").problem;
    let index: HashMap<String, usize> = (0..problem.option_count())
        .map(|k| (problem.option_text(k), k))
        .collect();
    let mut all = Vec::new();
    for block in solutions(stdout) {
        let chosen: BTreeSet<usize> = block
            .iter()
            .map(|line| {
                *index
                    .get(line)
                    .unwrap_or_else(|| panic!("`{line}` is not an option"))
            })
            .collect();
        assert_eq!(
            chosen.len(),
            block.len(),
            "an option is printed twice in {block:?}"
        );
        assert_valid(&problem, &chosen);
        all.push(chosen);
    }
    all
}

fn assert_valid(problem: &Problem, chosen: &BTreeSet<usize>) {
    let mut uses = vec![0u32; problem.items().len()];
    let mut colours: Vec<BTreeSet<Option<_>>> = vec![BTreeSet::new(); problem.items().len()];
    for &option in chosen {
        for u in problem.option(option) {
            uses[u.item.index()] += 1;
            colours[u.item.index()].insert(u.color);
        }
    }
    for (k, item) in problem.items().iter().enumerate() {
        match item.kind {
            ItemKind::Primary { min, max } => {
                assert!(
                    (min..=max).contains(&uses[k]),
                    "item {} covered {}",
                    item.name,
                    uses[k]
                );
            }
            ItemKind::Secondary => {
                let one_colour = colours[k].len() == 1 && !colours[k].contains(&None);
                assert!(
                    uses[k] <= 1 || one_colour,
                    "secondary item {} clashes",
                    item.name
                );
            }
        }
    }
}

/// The value of `name: value` in a `--stats` report.
fn stat(stderr: &str, name: &str) -> String {
    let prefix = format!("{name}: ");
    stderr
        .lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no `{name}` in\n{stderr}"))
        .to_string()
}

const KNUTH: &str = "| Knuth's example: the only solution is {B, D, F}\n\
                     1 2 3 4 5 6 7\n1 4 7\n1 4\n4 5 7\n3 5 6\n2 3 6 7\n2 7\n";

#[test]
fn knuths_example_has_the_one_solution_b_d_f() {
    let run = sudoku(&["xc"], Some(KNUTH));
    assert_eq!(run.code, Some(0));
    assert_eq!(run.stdout, "1 4\n3 5 6\n2 7\n");
    assert_eq!(run.stderr, "");
    let run = sudoku(&["xc", "-", "--count"], Some(KNUTH));
    assert_eq!((run.code, run.stdout.as_str()), (Some(0), "1\n"));
}

#[test]
fn prints_each_solution_as_its_options_with_a_blank_line_between() {
    let run = xc_ok("xc-tiny.dlx", &[]);
    assert_eq!(run.stdout, "a b\nc d\n\na b\nc d x\n");
    let run = xc_ok("xcc-tiny.dlx", &[]);
    assert_eq!(run.stdout, "p X:A\nq X:A Y:B\nr Y:B\n");
    let run = xc_ok("mcc-tiny.dlx", &[]);
    assert_eq!(check_printed("mcc-tiny.dlx", &run.stdout).len(), 7);
}

#[test]
fn no_solution_is_success_with_empty_output() {
    let run = xc_ok("xc-tiny-nosol.dlx", &[]);
    assert_eq!(run.stdout, "");
    let run = xc_ok("xc-tiny-nosol.dlx", &["--count"]);
    assert_eq!(run.stdout, "0\n");
}

#[test]
fn printed_solutions_are_valid_and_as_many_as_counted() {
    for (file, total) in [
        ("queens-8.dlx", 92),
        ("langford-7.dlx", 52),
        ("sudoku-4x4-empty.dlx", 288),
        ("xcc-color-petersen-k3.dlx", 120),
        ("mcc-rooks-6-3.dlx", 2400),
        ("sudoku-9x9-wikipedia.dlx", 1),
    ] {
        let printed = check_printed(file, &xc_ok(file, &[]).stdout);
        assert_eq!(printed.len(), total, "{file}");
        let distinct: BTreeSet<_> = printed.into_iter().collect();
        assert_eq!(distinct.len(), total, "{file}: a solution is printed twice");
    }
}

#[test]
fn count_prints_one_integer() {
    for (file, total) in [
        ("queens-8.dlx", "92"),
        ("queens-10.dlx", "724"),
        ("langford-8.dlx", "300"),
        ("langford-5.dlx", "0"),
        ("pentomino-3x20.dlx", "8"),
        ("xcc-color-cycle10-k3.dlx", "1026"),
        ("mcc-rooks-8-8.dlx", "40320"),
        ("sudoku-9x9-inkala2012.dlx", "1"),
    ] {
        let run = xc_ok(file, &["--count"]);
        assert_eq!(run.stdout, format!("{total}\n"), "{file}");
        assert_eq!(run.stderr, "", "{file}");
    }
}

#[test]
fn limit_stops_after_n_solutions() {
    let printed = check_printed(
        "queens-8.dlx",
        &xc_ok("queens-8.dlx", &["--limit", "5"]).stdout,
    );
    assert_eq!(printed.len(), 5);
    assert_eq!(
        xc_ok("queens-8.dlx", &["--count", "--limit", "5"]).stdout,
        "5+\n"
    );
    assert_eq!(
        xc_ok("queens-8.dlx", &["--count", "--limit", "1000"]).stdout,
        "92\n"
    );
    // A limit of 0 would stop before the first solution and report 0 for any problem.
    let path = data("queens-8.dlx");
    for args in [&["--limit", "0"][..], &["--count", "--limit", "0"]] {
        let mut all = vec!["xc", path.to_str().expect("UTF-8 path")];
        all.extend_from_slice(args);
        let run = sudoku(&all, None);
        assert_eq!(run.code, Some(2), "{args:?}");
        assert!(run.stderr.contains("--limit"), "{}", run.stderr);
    }
    // A problem with far too many solutions to list, cut short.
    let run = xc_ok("sudoku-9x9-empty.dlx", &["--limit", "3"]);
    assert_eq!(check_printed("sudoku-9x9-empty.dlx", &run.stdout).len(), 3);
    let run = xc_ok(
        "sudoku-9x9-empty.dlx",
        &["--count", "--limit", "1000", "--stats"],
    );
    assert_eq!(run.stdout, "1000+\n");
    assert_eq!(stat(&run.stderr, "nodes"), "9084");
    assert_eq!(stat(&run.stderr, "updates"), "96695");
    assert!(
        run.stderr.contains("stopped: solution limit reached"),
        "{}",
        run.stderr
    );
}

#[test]
fn seed_shuffles_reproducibly_and_keeps_the_solution_set() {
    let plain = check_printed("queens-8.dlx", &xc_ok("queens-8.dlx", &[]).stdout);
    let first = xc_ok("queens-8.dlx", &["--seed", "42"]).stdout;
    let second = xc_ok("queens-8.dlx", &["--seed", "42"]).stdout;
    assert_eq!(first, second, "the same seed gives the same output");
    let seeded = check_printed("queens-8.dlx", &first);
    assert_eq!(seeded.len(), 92);
    assert_eq!(
        seeded.iter().cloned().collect::<BTreeSet<_>>(),
        plain.iter().cloned().collect::<BTreeSet<_>>()
    );
    let other = xc_ok("queens-8.dlx", &["--seed", "7"]).stdout;
    assert_ne!(other, first, "different seeds give a different order");

    let one = xc_ok("sudoku-9x9-empty.dlx", &["--seed", "2024", "--limit", "1"]).stdout;
    assert_eq!(check_printed("sudoku-9x9-empty.dlx", &one).len(), 1);
    assert_eq!(
        one,
        xc_ok("sudoku-9x9-empty.dlx", &["--seed", "2024", "--limit", "1"]).stdout
    );
    assert_eq!(
        xc_ok("queens-10.dlx", &["--seed", "9", "--count"]).stdout,
        "724\n"
    );
}

#[test]
fn jobs_count_equals_the_sequential_count() {
    for file in [
        "queens-10.dlx",
        "langford-11.dlx",
        "xcc-color-grid4x4-k3.dlx",
        "mcc-rooks-8-4.dlx",
    ] {
        let sequential = xc_ok(file, &["--count", "--stats"]);
        for jobs in ["2", "0"] {
            let parallel = xc_ok(file, &["--count", "--stats", "--jobs", jobs]);
            assert_eq!(parallel.stdout, sequential.stdout, "{file} --jobs {jobs}");
            for name in ["nodes", "updates", "solutions"] {
                assert_eq!(
                    stat(&parallel.stderr, name),
                    stat(&sequential.stderr, name),
                    "{file} --jobs {jobs}: {name}"
                );
            }
        }
    }
    assert_eq!(
        xc_ok("queens-8.dlx", &["--count", "--jobs", "2", "--seed", "3"]).stdout,
        "92\n"
    );
}

#[test]
fn jobs_without_count_or_with_limit_is_a_usage_error() {
    let path = data("queens-8.dlx");
    let path = path.to_str().expect("UTF-8 path");
    let run = sudoku(&["xc", path, "--jobs", "2"], None);
    assert_eq!(run.code, Some(2));
    assert_eq!(run.stdout, "");
    assert!(run.stderr.starts_with("error: --jobs"), "{}", run.stderr);
    assert!(run.stderr.contains("needs --count"), "{}", run.stderr);

    let run = sudoku(
        &["xc", path, "--count", "--jobs", "2", "--limit", "3"],
        None,
    );
    assert_eq!(run.code, Some(2));
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.contains("cannot be combined with --limit"),
        "{}",
        run.stderr
    );
}

#[test]
fn other_usage_errors_exit_2() {
    assert_eq!(sudoku(&[], None).code, Some(2));
    assert_eq!(sudoku(&["xc", "--frobnicate"], None).code, Some(2));
    assert_eq!(sudoku(&["xc", "--limit", "many"], None).code, Some(2));
    assert_eq!(sudoku(&["nonsense"], None).code, Some(2));
    let help = sudoku(&["xc", "--help"], None);
    assert_eq!(help.code, Some(0));
    assert!(help.stdout.contains("--count"), "{}", help.stdout);
}

#[test]
fn stats_reports_nodes_updates_solutions_and_times() {
    let run = xc_ok("queens-8.dlx", &["--count", "--stats"]);
    assert_eq!(run.stdout, "92\n");
    assert_eq!(stat(&run.stderr, "nodes"), "1049");
    assert_eq!(stat(&run.stderr, "updates"), "16680");
    assert_eq!(stat(&run.stderr, "solutions"), "92");
    let cpu = stat(&run.stderr, "cpu time");
    assert!(cpu.ends_with(" s"), "{cpu}");
    let wall = stat(&run.stderr, "wall time");
    assert!(
        wall.contains(" s (search ") && wall.ends_with(" s)"),
        "{wall}"
    );

    // With solutions printed, the report still goes to stderr only.
    let run = xc_ok("xcc-tiny.dlx", &["--stats"]);
    assert_eq!(run.stdout, "p X:A\nq X:A Y:B\nr Y:B\n");
    assert_eq!(stat(&run.stderr, "nodes"), "5");
    assert_eq!(stat(&run.stderr, "updates"), "16");
}

#[test]
fn reads_standard_input_by_default_or_with_a_dash() {
    let text = std::fs::read_to_string(data("langford-7.dlx")).expect("data file");
    assert_eq!(sudoku(&["xc", "--count"], Some(&text)).stdout, "52\n");
    assert_eq!(sudoku(&["xc", "-", "--count"], Some(&text)).stdout, "52\n");
    let from_file = xc_ok("langford-7.dlx", &[]).stdout;
    assert_eq!(sudoku(&["xc", "-"], Some(&text)).stdout, from_file);
}

#[test]
fn progress_goes_to_stderr_as_plain_lines_when_not_a_terminal() {
    let run = xc_ok("queens-8.dlx", &["--count", "--progress"]);
    assert_eq!(run.stdout, "92\n");
    assert!(
        run.stderr
            .lines()
            .all(|line| line.starts_with("progress: ")),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("progress: 100.0% nodes=1049 solutions=92 (done)"),
        "{}",
        run.stderr
    );
    let run = xc_ok("xc-tiny.dlx", &["--progress"]);
    assert_eq!(run.stdout, "a b\nc d\n\na b\nc d x\n");
    let run = xc_ok("queens-8.dlx", &["--count", "--progress", "--jobs", "2"]);
    assert_eq!(run.stdout, "92\n");
}

/// Runs `sudoku xc` on a malformed problem and checks for exit code 2, nothing on stdout, and
/// one line on stderr that starts with `error: FILE:LINE:COLUMN: ` and contains `what`.
fn assert_malformed(name: &str, text: &str, line: usize, column: usize, what: &str) {
    let path = scratch(name, text.as_bytes());
    let run = sudoku(&["xc", &path], None);
    assert_eq!(run.code, Some(2), "{name}: {}", run.stderr);
    assert_eq!(run.stdout, "", "{name}");
    assert_eq!(
        run.stderr.lines().count(),
        1,
        "{name}: one message, got\n{}",
        run.stderr
    );
    let prefix = format!("error: {path}:{line}:{column}: ");
    assert!(
        run.stderr.starts_with(&prefix),
        "{name}: expected {prefix}..., got {}",
        run.stderr
    );
    assert!(
        run.stderr.contains(what),
        "{name}: expected `{what}` in {}",
        run.stderr
    );
}

#[test]
fn malformed_input_names_file_line_column_and_token() {
    assert_malformed("unknown", "a b\na\nb  zz\n", 3, 4, "unknown item `zz`");
    assert_malformed("repeated", "a b | x\na x:1 b x:2\n", 2, 9, "`x:2`");
    assert_malformed(
        "repeated-plain",
        "a b c\n| comment\na b a\n",
        3,
        5,
        "appears twice",
    );
    assert_malformed("colour-on-primary", "a b | x\nb a:red\n", 2, 3, "`a:red`");
    assert_malformed(
        "colour-on-primary",
        "a b | x\nb a:red\n",
        2,
        3,
        "cannot have a colour",
    );
    assert_malformed("bad-multiplicity", "a x:y|b c\n", 1, 3, "`x:y|b`");
    assert_malformed("bad-multiplicity-2", "a 2:1|b\n", 1, 3, "impossible");
    assert_malformed("second-bar", "a b | x | y\n", 1, 9, "second `|`");
    assert_malformed("bounds-on-secondary", "a | 2|x\n", 1, 5, "`2|x`");
    assert_malformed("duplicate-item", "a b a\n", 1, 5, "declared twice");
    assert_malformed("empty", "", 1, 1, "no items");
    assert_malformed("only-comments", "| nothing here\n\n", 2, 1, "no items");
}

#[test]
fn malformed_standard_input_is_called_stdin() {
    let run = sudoku(&["xc"], Some("a b\na q\n"));
    assert_eq!(run.code, Some(2));
    assert_eq!(run.stderr, "error: <stdin>:2:3: unknown item `q`\n");
}

#[test]
fn input_that_is_not_utf8_is_an_error() {
    let path = scratch("latin1", b"a b\na \xe9\n");
    let run = sudoku(&["xc", &path], None);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.starts_with(&format!("error: {path}: ")),
        "{}",
        run.stderr
    );
}

#[test]
fn a_missing_file_names_the_path_and_the_os_error() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-such-problem.dlx");
    let path = path.to_str().expect("UTF-8 path");
    let run = sudoku(&["xc", path, "--count"], None);
    assert_eq!(run.code, Some(2));
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.starts_with(&format!("error: {path}: ")),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("os error"), "{}", run.stderr);

    let run = sudoku(&["xc", env!("CARGO_TARGET_TMPDIR")], None);
    assert_eq!(run.code, Some(2), "a directory is not a problem file");
}

#[test]
fn an_option_without_a_primary_item_is_a_warning_and_ignored() {
    let path = scratch("no-primary", b"a b | x y\nx y\na b\n| comment\ny\n");
    let run = sudoku(&["xc", &path], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "a b\n");
    let warnings: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(warnings.len(), 2, "{}", run.stderr);
    assert!(
        warnings[0].starts_with(&format!("warning: {path}:2: ")),
        "{}",
        warnings[0]
    );
    assert!(
        warnings[1].starts_with(&format!("warning: {path}:5: ")),
        "{}",
        warnings[1]
    );
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // queens-12 prints 14200 solutions, far more than a pipe holds.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["xc", data("queens-12.dlx").to_str().expect("UTF-8 path")])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sudoku binary starts");
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut start = [0u8; 100];
    stdout.read_exact(&mut start).expect("some output");
    drop(stdout);
    let output = child.wait_with_output().expect("the sudoku binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr, "", "nothing on stderr");
    assert_eq!(output.status.code(), Some(0));
}

/// The cells back end finds the same count with SSXC1's node and update counts (Knuth's
/// program on the same file: 2295 nodes, 35282 updates); `auto` takes cells for an exact
/// cover without secondary items and links for one with them; --stats names the back end.
#[test]
fn cells_backend_counts_the_same() {
    let links = xc_ok("langford-8.dlx", &["--count", "--stats"]);
    let cells = xc_ok(
        "langford-8.dlx",
        &["--count", "--stats", "--backend", "cells"],
    );
    assert_eq!(cells.stdout.trim(), "300");
    assert_eq!(links.stdout.trim(), "300");
    assert_eq!(stat(&cells.stderr, "nodes"), "2295");
    assert_eq!(stat(&cells.stderr, "updates"), "35282");
    assert_eq!(stat(&cells.stderr, "backend"), "cells");
    assert_eq!(stat(&links.stderr, "nodes"), "2789");
    assert_eq!(stat(&links.stderr, "backend"), "links");
    let auto = xc_ok(
        "langford-8.dlx",
        &["--count", "--stats", "--backend", "auto"],
    );
    assert_eq!(stat(&auto.stderr, "backend"), "cells");
    assert_eq!(stat(&auto.stderr, "nodes"), "2295");
    let queens = xc_ok("queens-8.dlx", &["--count", "--stats", "--backend", "auto"]);
    assert_eq!(queens.stdout.trim(), "92");
    assert_eq!(stat(&queens.stderr, "backend"), "links");
    let path = data("langford-8.dlx");
    let bad = sudoku(
        &[
            "xc",
            path.to_str().expect("UTF-8 path"),
            "--backend",
            "ropes",
        ],
        None,
    );
    assert_eq!(bad.code, Some(2));
}

/// The parts of a split count, run with GNU parallel as the README shows (`--list-parts N |
/// parallel sudoku xc FILE --count --part {}`), add up to the count; so do the node and
/// update counts; for an exact cover, a colour and a multiplicity problem. Needs GNU
/// parallel (`apt-get install -y parallel`; `.ci/test` installs it).
#[test]
fn parts_run_with_gnu_parallel_add_up_to_the_count() {
    assert!(
        Command::new("parallel")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success()),
        "GNU parallel is missing: install it (apt-get install -y parallel)"
    );
    for file in [
        "queens-10.dlx",
        "xcc-color-grid4x4-k3.dlx",
        "mcc-rooks-8-4.dlx",
    ] {
        let whole = xc_ok(file, &["--count", "--stats"]);
        let listed = xc_ok(file, &["--list-parts", "12"]);
        let lines: Vec<&str> = listed.stdout.lines().collect();
        assert_eq!(lines.len(), 12, "{}", listed.stdout);
        assert_eq!((lines[0], lines[11]), ("1/12", "12/12"));
        let path = data(file);
        let mut child = Command::new("parallel")
            .args(["--will-cite", "-j", "2", "-k"])
            .arg(env!("CARGO_BIN_EXE_sudoku"))
            .arg("xc")
            .arg(&path)
            .args(["--count", "--stats", "--part", "{}"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("parallel starts");
        use std::io::Write;
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(listed.stdout.as_bytes())
            .expect("the parts written");
        let out = child.wait_with_output().expect("parallel ends");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let counts: Vec<u64> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| l.trim().parse().expect("a count a line"))
            .collect();
        assert_eq!(counts.len(), 12, "{file}");
        let total: u64 = counts.iter().sum();
        assert_eq!(
            total.to_string(),
            whole.stdout.trim(),
            "{file}: counts summed"
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        let summed = |name: &str| -> u64 {
            stderr
                .lines()
                .filter_map(|l| l.strip_prefix(&format!("{name}: ")))
                .map(|v| v.trim().parse::<u64>().expect("a number"))
                .sum()
        };
        for name in ["nodes", "updates"] {
            assert_eq!(
                summed(name).to_string(),
                stat(&whole.stderr, name),
                "{file}: {name} summed"
            );
        }
    }
    // A part that is no part.
    let path = data("queens-8.dlx");
    let path = path.to_str().expect("UTF-8 path");
    for bad in ["0/4", "5/4", "x/4", "3"] {
        let run = sudoku(&["xc", path, "--count", "--part", bad], None);
        assert_eq!(run.code, Some(2), "{bad}");
        assert!(run.stderr.contains("K/N"), "{}", run.stderr);
    }
    let run = sudoku(&["xc", path, "--part", "1/4"], None);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("needs --count"), "{}", run.stderr);
    // More parts than a split keeps paths for: refused before anything is searched (it
    // overflowed the list's allocation, or ran out of memory building it).
    for args in [
        &["--count", "--part", "2/100001"][..],
        &["--list-parts", "100001"],
        &["--list-parts", "18446744073709551615"],
    ] {
        let mut all = vec!["xc", path];
        all.extend_from_slice(args);
        let run = sudoku(&all, None);
        assert_eq!(run.code, Some(2), "{args:?}");
        assert!(
            run.stderr.contains("a count splits into 1 to 100000 parts"),
            "{}",
            run.stderr
        );
    }
    // The list itself needs no split; a split that takes too long stops at the time limit.
    let listed = xc_ok("queens-8.dlx", &["--list-parts", "100000"]);
    assert_eq!(listed.stdout.lines().count(), 100_000);
    assert_eq!(listed.stdout.lines().last(), Some("100000/100000"));
}

/// The split of a count into many parts searches deep into the tree before a part is
/// counted; the time limit and Ctrl-C cut that phase short too (it ran on for minutes).
#[test]
fn a_split_into_many_parts_stops_at_the_time_limit() {
    let path = data("pentomino-6x10.dlx");
    let path = path.to_str().expect("UTF-8 path");
    let started = std::time::Instant::now();
    let run = sudoku(
        &[
            "xc",
            path,
            "--count",
            "--part",
            "2/100000",
            "--time-limit",
            "0.5",
        ],
        None,
    );
    assert!(
        started.elapsed().as_secs_f64() < 10.0,
        "{:?}",
        started.elapsed()
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(run.stdout, "0+\n");
    assert!(run.stderr.contains("time limit"), "{}", run.stderr);
}

/// `--progress` with `--part`: progress lines for the part (the share of its subtrees
/// counted, with nodes and solutions so far), ending with the part's own totals.
#[test]
fn a_part_shows_its_progress() {
    let plain = xc_ok("langford-11.dlx", &["--count", "--part", "2/3"]);
    let shown = xc_ok(
        "langford-11.dlx",
        &["--count", "--part", "2/3", "--progress", "--stats"],
    );
    assert_eq!(shown.stdout, plain.stdout);
    let done = shown
        .stderr
        .lines()
        .find(|l| l.starts_with("progress: 100.0%") && l.ends_with("(done)"))
        .unwrap_or_else(|| panic!("no final progress line in\n{}", shown.stderr));
    assert!(
        done.contains(&format!("solutions={}", plain.stdout.trim())),
        "{done}"
    );
    assert!(
        done.contains(&format!("nodes={}", stat(&shown.stderr, "nodes"))),
        "{done}"
    );
}
