//! `sudoku solve`, `count`, `check` and `transform` through the built binary: answers checked
//! against the rules, one output line per puzzle in input order, diagnostics with line
//! numbers, exit codes, threads, engines, variants and formats.

mod common;

use std::path::{Path, PathBuf};

use common::{Run, assert_contains, sudoku};
use sudoku_core::{Grid, Layout, Shape, Transform, Variant};

/// A file of the core crate's sample puzzles.
fn sample(name: &str) -> String {
    let path: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../sudoku-core/tests/data")
        .join(name);
    path.to_str().expect("UTF-8 path").to_string()
}

fn lines(run: &Run) -> Vec<&str> {
    run.stdout.lines().collect()
}

const EXAMPLE_A: &str =
    ".93...7...14....957..8....4.8...51..1.64.....4.7.81...64..5..1.....6...9.....7.6.";
const EXAMPLE_B: &str =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

/// Checks that `solution` solves `puzzle` under `layout`.
fn assert_solves(layout: &Layout, puzzle: &str, solution: &str) {
    let p: Grid = puzzle.parse().expect("a puzzle");
    let s: Grid = solution.parse().expect("a solution");
    layout
        .check_solution(&p, &s)
        .unwrap_or_else(|e| panic!("{solution} does not solve {puzzle}: {e}"));
}

#[test]
fn solve_prints_checked_solutions_in_order() {
    let input = format!("# the issue's examples\n{EXAMPLE_A}\tfirst\n{EXAMPLE_B}\n");
    let run = sudoku(&["solve"], Some(&input));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let out = lines(&run);
    assert_eq!(out.len(), 2);
    let (solution, label) = out[0].split_once('\t').expect("the label is kept");
    assert_eq!(label, "first");
    assert_solves(&Layout::classic(), EXAMPLE_A, solution);
    assert_solves(&Layout::classic(), EXAMPLE_B, out[1]);
}

#[test]
fn bad_lines_get_an_empty_line_and_a_located_message() {
    let input = format!(
        "{EXAMPLE_A}\n11...............................................................................\n\
         {}x\n123....4........\n.4..............\n{EXAMPLE_B}\n",
        &EXAMPLE_B[..80]
    );
    let run = sudoku(&["solve", "-"], Some(&input));
    // A malformed line makes the exit code 2, whatever else happened.
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    let out = lines(&run);
    assert_eq!(out.len(), 6, "{}", run.stdout);
    assert_eq!(out[0].len(), 81);
    assert_eq!(out[1], "");
    assert_eq!(out[2], "");
    assert_eq!(out[3], "");
    assert_eq!(out[4].len(), 16, "several solutions: the first is printed");
    assert_eq!(out[5].len(), 81);
    let err = &run.stderr;
    assert!(
        err.contains("<stdin>: line 2: invalid givens: r1 has 1 twice: r1c1 and r1c2"),
        "{err}"
    );
    assert!(err.contains("<stdin>: line 3, column 81"), "{err}");
    assert!(err.contains("<stdin>: line 4: no solution"), "{err}");
    assert!(
        err.contains("<stdin>: line 5: warning: several solutions"),
        "{err}"
    );
}

#[test]
fn exit_code_one_for_puzzles_without_a_unique_answer() {
    let run = sudoku(&["solve"], Some(".4..............\n"));
    assert_eq!(run.code, Some(1));
    let first = sudoku(&["solve", "--first"], Some(".4..............\n"));
    assert_eq!(first.code, Some(0), "--first skips the uniqueness check");
    assert!(first.stderr.is_empty(), "{}", first.stderr);
    assert_eq!(first.stdout, run.stdout);
    let serg = sudoku(&["check", &sample("serg_benchmark.txt")], None);
    assert_eq!(serg.code, Some(1));
    assert_eq!(lines(&serg).len(), 100);
    assert!(
        lines(&serg).iter().all(|l| *l == "multiple"),
        "{}",
        serg.stdout
    );
}

#[test]
fn threads_and_engines_give_the_same_output() {
    let file = sample("magictour_top1465.txt");
    let one = sudoku(&["solve", &file], None);
    assert_eq!(one.code, Some(0), "{}", one.stderr);
    assert_eq!(lines(&one).len(), 100);
    for args in [
        ["--jobs", "0", "--engine", "auto"],
        ["--jobs", "2", "--engine", "dlx"],
        ["--jobs", "3", "--engine", "fast"],
    ] {
        let mut all = vec!["solve", file.as_str()];
        all.extend_from_slice(&args);
        let run = sudoku(&all, None);
        assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, one.stdout, "{args:?}");
    }
    let puzzles = std::fs::read_to_string(&file).expect("sample");
    for (p, s) in puzzles.lines().zip(lines(&one)) {
        assert_solves(&Layout::classic(), p, s);
    }
}

#[test]
fn the_fast_engine_refuses_other_layouts() {
    let run = sudoku(&["solve", "--engine", "fast"], Some(".4..............\n"));
    assert_eq!(run.code, Some(2));
    assert_eq!(run.stdout, "\n");
    assert_contains(&run.stderr, "line 1: the fast engine solves only plain 9x9");
}

#[test]
fn count_prints_counts_and_limits() {
    let input = "................\n.4..............\n123....4........\n";
    let run = sudoku(&["count"], Some(input));
    assert_eq!(lines(&run), ["288", "72", "0"]);
    assert_eq!(run.code, Some(1));
    let limited = sudoku(&["count", "--limit", "72"], Some(input));
    assert_eq!(lines(&limited), ["72+", "72", "0"]);
    let json = sudoku(&["count", "--format", "json", "--limit", "5"], Some(input));
    let first: serde_json::Value = serde_json::from_str(lines(&json)[0]).expect("JSON");
    assert_eq!(first["count"], 5);
    assert_eq!(first["complete"], false);
    assert_eq!(first["line"], 1);
    // One puzzle on several threads: the tree is split, the count is the same.
    let parallel = sudoku(&["count", "--jobs", "2"], Some("................\n"));
    assert_eq!(lines(&parallel), ["288"]);
    let unique = sudoku(&["count"], Some(&format!("{EXAMPLE_A}\n")));
    assert_eq!((unique.code, lines(&unique)), (Some(0), vec!["1"]));
}

#[test]
fn check_names_each_verdict() {
    let input = format!("{EXAMPLE_A}\n.4..............\n123....4........\n11..............\n");
    let run = sudoku(&["check"], Some(&input));
    assert_eq!(
        lines(&run),
        [
            "unique",
            "multiple",
            "none",
            "invalid: r1 has 1 twice: r1c1 and r1c2"
        ]
    );
    assert_eq!(run.code, Some(1));
    let json = sudoku(&["check", "--format", "json"], Some(&input));
    let last: serde_json::Value = serde_json::from_str(lines(&json)[3]).expect("JSON");
    assert_eq!(last["verdict"], "invalid");
    assert_eq!(last["line"], 4);
    assert_eq!(last["why"], "r1 has 1 twice: r1c1 and r1c2");
}

#[test]
fn multi_line_grids_and_formats() {
    let qqwing = "\
 . 9 3 | . . . | 7 . .
 . 1 4 | . . . | . 9 5
 7 . . | 8 . . | . . 4
-------|-------|-------
 . 8 . | . . 5 | 1 . .
 1 . 6 | 4 . . | . . .
 4 . 7 | . 8 1 | . . .
-------|-------|-------
 6 4 . | . 5 . | . 1 .
 . . . | . 6 . | . . 9
 . . . | . . 7 | . 6 .
";
    let run = sudoku(&["solve", "--format", "grid"], Some(qqwing));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_contains(&run.stdout, "|");
    assert_contains(&run.stdout, "-");
    let digits: String = run.stdout.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(digits.len(), 81);
    assert_solves(&Layout::classic(), EXAMPLE_A, &digits);
    let json = sudoku(&["solve", "--format", "json"], Some(qqwing));
    let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("JSON");
    assert_eq!(value["grid"].as_str(), Some(digits.as_str()));
}

#[test]
fn all_prints_every_solution() {
    let run = sudoku(&["solve", "--all"], Some(".4..............\n"));
    let out = lines(&run);
    assert_eq!(out.len(), 73, "72 solutions and a blank line");
    assert_eq!(out[72], "");
    let distinct: std::collections::BTreeSet<_> = out[..72].iter().collect();
    assert_eq!(distinct.len(), 72);
    let layout = Layout::new(Shape::new(2, 2).expect("2x2"));
    for s in &out[..72] {
        assert_solves(&layout, ".4..............", s);
    }
}

#[test]
fn variants_from_the_command_line() {
    let diagonal =
        ".......5.3....4...8.........48.1.....3.4...6..........4....127.1.....6..67.5...4.";
    let plain = sudoku(&["check"], Some(diagonal));
    assert_eq!(lines(&plain), ["multiple"]);
    let run = sudoku(&["solve", "--variant", "diagonal"], Some(diagonal));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let x = Layout::with_variant(
        Shape::CLASSIC,
        Variant {
            diagonals: true,
            ..Variant::default()
        },
    )
    .expect("diagonal layout");
    assert_solves(&x, diagonal, lines(&run)[0]);

    let regions =
        "111222223111223233111233333444555666444555566444556669777788969777888999778888999";
    let jigsaw =
        ".....2.1.89...1...6..........243.....6.....5......3.........78.1...........2.8..9";
    let run = sudoku(
        &["solve", "--variant", "jigsaw", "--regions", regions],
        Some(jigsaw),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        lines(&run),
        ["375892416894761325621584973582436197963127854417953268239645781158379642746218539"]
    );
    // A region map from a file.
    let dir = std::env::temp_dir().join(format!("sudoku-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let map = dir.join("regions.txt");
    std::fs::write(
        &map,
        regions
            .as_bytes()
            .chunks(9)
            .map(|r| String::from_utf8_lossy(r) + "\n")
            .collect::<String>(),
    )
    .expect("write map");
    let from_file = sudoku(
        &["solve", "--regions", map.to_str().expect("UTF-8")],
        Some(jigsaw),
    );
    assert_eq!(from_file.stdout, run.stdout);
    std::fs::remove_dir_all(&dir).ok();

    let missing = sudoku(&["solve", "--variant", "jigsaw"], Some(jigsaw));
    assert_eq!(missing.code, Some(2));
    assert_contains(&missing.stderr, "--regions");
    let wrong_size = sudoku(&["solve", "--regions", regions], Some(".4..............\n"));
    assert_eq!(wrong_size.code, Some(2));
    assert!(
        wrong_size
            .stderr
            .contains("line 1: --regions for a 2x2 grid"),
        "{}",
        wrong_size.stderr
    );
}

#[test]
fn big_grids_solve() {
    for (shape, seed) in [("4x4", 1u64), ("5x5", 2)] {
        let shape: Shape = shape.parse().expect("shape");
        let full = Transform::random(shape, seed)
            .apply(&Grid::pattern(shape))
            .expect("same shape");
        // Every third cell emptied: a puzzle with a known solution (maybe not unique).
        let mut puzzle = full.clone();
        for k in (0..shape.cell_count()).step_by(3) {
            puzzle.set(sudoku_core::Cell::from_index(k, shape.size()), None);
        }
        let run = sudoku(&["solve", "--first"], Some(&format!("{puzzle}\n")));
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        assert_solves(&Layout::new(shape), &puzzle.to_string(), lines(&run)[0]);
    }
}

#[test]
fn transform_random_is_seeded_and_keeps_solutions() {
    let file = sample("unbiased_1k.txt");
    let a = sudoku(&["transform", "--random", "--seed", "9", &file], None);
    let b = sudoku(&["transform", "--random", "--seed", "9", &file], None);
    let c = sudoku(&["transform", "--random", "--seed", "10", &file], None);
    assert_eq!(a.code, Some(0), "{}", a.stderr);
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
    // Equivalent puzzles: the same canonical form.
    let canon = |text: &str| sudoku(&["transform", "--canonical"], Some(text)).stdout;
    let original = std::fs::read_to_string(&file).expect("sample");
    assert_eq!(canon(&original), canon(&a.stdout));
    assert_eq!(canon(&a.stdout), canon(&c.stdout));
    // Still unique puzzles.
    let check = sudoku(&["check"], Some(&a.stdout));
    assert_eq!(check.code, Some(0), "{}", check.stdout);
}

/// The canonical form of an empty 16x16 grid searches millions of symmetries with nothing
/// to prune them (it ran for ever); the time limit reports it and the batch goes on.
#[test]
fn canonical_gives_up_at_the_time_limit_and_goes_on() {
    let input = format!("{}\n{EXAMPLE_A}\n", ".".repeat(256));
    let started = std::time::Instant::now();
    let run = sudoku(
        &["transform", "--canonical", "--time-limit", "0.3"],
        Some(&input),
    );
    assert!(
        started.elapsed().as_secs_f64() < 10.0,
        "{:?}",
        started.elapsed()
    );
    assert_ne!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("line 1: no canonical form within the time limit (0.3 s"),
        "{}",
        run.stderr
    );
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert_eq!(lines[0], "");
    let alone = sudoku(
        &["transform", "--canonical"],
        Some(&format!("{EXAMPLE_A}\n")),
    );
    assert_eq!(lines[1], alone.stdout.trim_end());
}

/// A quarter turn of a 6x6 grid with 2x3 boxes has 3x2 boxes, which a line cannot say: a
/// note says how to read it back, and read so it is the same puzzle, still unique.
#[test]
fn a_turned_oblong_grid_says_how_to_read_it_back() {
    let puzzle = ".......2......15....2..31.4.2..5.6..\n";
    assert_eq!(
        sudoku(&["check"], Some(puzzle)).code,
        Some(0),
        "the sample is unique"
    );
    let turned = sudoku(&["transform", "--rotate", "90"], Some(puzzle));
    assert_eq!(turned.code, Some(0), "{}", turned.stderr);
    assert!(
        turned.stderr.contains("3x2 boxes") && turned.stderr.contains("--box 3x2"),
        "{}",
        turned.stderr
    );
    let back = sudoku(&["check", "--box", "3x2"], Some(&turned.stdout));
    assert_eq!(back.code, Some(0), "{}{}", back.stdout, back.stderr);
    let json = sudoku(
        &["transform", "--rotate", "180", "--format", "json"],
        Some(puzzle),
    );
    assert_eq!(json.stderr, "", "a half turn keeps the boxes");
}

#[test]
fn named_transforms_commute_with_solving() {
    let solve = |text: &str| sudoku(&["solve"], Some(text)).stdout;
    let solution = solve(&format!("{EXAMPLE_A}\n"));
    let ops: [&[&str]; 4] = [
        &["--rotate", "90"],
        &["--relabel", "987654321", "--mirror", "rows"],
        &["--bands", "312", "--rows", "2:213", "--cols", "3:321"],
        &["--transpose", "--stacks", "231"],
    ];
    for op in ops {
        let transform = |text: &str| {
            let mut args = vec!["transform"];
            args.extend_from_slice(op);
            let run = sudoku(&args, Some(text));
            assert_eq!(run.code, Some(0), "{op:?}: {}", run.stderr);
            run.stdout
        };
        let moved = transform(&format!("{EXAMPLE_A}\n"));
        assert_ne!(moved.trim(), EXAMPLE_A, "{op:?} changes the grid");
        assert_eq!(solve(&moved), transform(&solution), "{op:?}");
    }
    let bad = sudoku(
        &["transform", "--bands", "112"],
        Some(&format!("{EXAMPLE_A}\n")),
    );
    assert_eq!(bad.code, Some(2));
    assert_contains(&bad.stderr, "--bands 112");
}

#[test]
fn stats_and_unreadable_files() {
    let run = sudoku(&["solve", "--stats", &sample("17_clue.txt")], None);
    assert_eq!(run.code, Some(0));
    assert_contains(&run.stderr, "puzzles: 200");
    assert_contains(&run.stderr, "puzzles per cpu second");
    let missing = sudoku(&["solve", "/no/such/file.txt"], None);
    assert_eq!(missing.code, Some(2));
    assert_contains(&missing.stderr, "/no/such/file.txt: cannot read");
    let zero = sudoku(&["count", "--limit", "0"], Some("................\n"));
    assert_eq!(zero.code, Some(2), "{}", zero.stderr);
    assert!(zero.stderr.contains("--limit"), "{}", zero.stderr);
    let usage = sudoku(&["count", "--limit", "many"], Some(""));
    assert_eq!(usage.code, Some(2));
}

/// Bytes that are not UTF-8 cost only their line: the puzzles around it are solved, the line
/// gets an empty answer and a message naming it; a bad byte in a label costs nothing.
#[test]
fn invalid_utf8_costs_only_its_line() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("mixed.txt");
    let good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let mut bytes = format!("{good}\n").into_bytes();
    bytes.extend_from_slice(b"4.....8.5.3...\xff\xfe......7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n");
    bytes.extend_from_slice(format!("{good} caf").as_bytes());
    bytes.extend_from_slice(b"\xe9\n");
    std::fs::write(&path, bytes).expect("the file");
    let run = sudoku(&["solve", path.to_str().expect("UTF-8")], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    let out = lines(&run);
    assert_eq!(out.len(), 3, "{}", run.stdout);
    assert!(
        out[0].len() >= 81 && out[1].is_empty() && out[2].len() >= 81,
        "{out:?}"
    );
    assert_contains(&run.stderr, "line 2: not UTF-8 text (byte 15 of the line)");
    assert!(!run.stderr.contains("line 3"), "{}", run.stderr);
}

/// Every batch command reads several files in turn as one batch: one output line per puzzle
/// in order across the files, and each message names its own file and line.
#[test]
fn every_batch_command_takes_several_files() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("first.txt");
    let second = dir.path().join("second.txt");
    std::fs::write(&first, format!("{EXAMPLE_A}\n")).unwrap();
    std::fs::write(&second, format!("# a comment\n{EXAMPLE_B}\n12345\n")).unwrap();
    let (first, second) = (first.to_str().unwrap(), second.to_str().unwrap());
    for command in ["solve", "count", "check", "rate", "transform"] {
        let run = sudoku(&[command, first, second], None);
        let out = lines(&run);
        assert_eq!(out.len(), 3, "{command}: {}", run.stdout);
        assert!(
            !out[0].is_empty() && !out[1].is_empty(),
            "{command}: {out:?}"
        );
        assert_eq!(out[2], "", "{command}");
        assert_eq!(run.code, Some(2), "{command}: {}", run.stderr);
        assert_contains(&run.stderr, &format!("{second}: line 3: "));
        assert!(
            !run.stderr.contains(&format!("{first}:")),
            "{command}: {}",
            run.stderr
        );
    }
    let solved = sudoku(&["solve", first, second], None);
    let one = sudoku(
        &["solve", "-"],
        Some(&format!("{EXAMPLE_A}\n{EXAMPLE_B}\n")),
    );
    assert_eq!(lines(&solved)[..2], lines(&one)[..]);
}

/// A 9x9 killer with no givens, its cages built from a known grid (two- to four-cell cages of
/// distinct digits): the `[killer]` section's map and sums.
const KILLER: &str = "[killer]
aabcddeff
agbccdehf
igjckllhh
iijmknnoh
pqqmkrnos
ppmmrrtss
uuvwwrtxy
uzvAwwxxy
BzzACCCDD
a=14 b=6 c=19 d=20 e=12 f=11 g=16 h=20 i=14 j=17 k=15 l=7 m=27 n=12 o=11 p=12 q=8 r=16
s=12 t=10 u=17 v=8 w=18 x=17 y=9 z=17 A=6 B=3 C=15 D=16
";
/// The grid the killer was built from.
const KILLER_SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// `solve` and `count` read a `[killer]` section and honour its cages; a command that would
/// drop them refuses the puzzle by name, and a malformed section says where.
#[test]
fn killer_cages_are_solved_counted_or_refused_by_name() {
    let run = sudoku(&["solve"], Some(KILLER));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(lines(&run), [KILLER_SOLVED]);
    let run = sudoku(&["count", "--limit", "2"], Some(KILLER));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(lines(&run), ["1"]);
    // One cage's sum changed by one: the cages have no solution any more.
    let broken = KILLER.replace("a=14", "a=15");
    let run = sudoku(&["count"], Some(&broken));
    assert_eq!(lines(&run), ["0"]);
    let run = sudoku(&["rate"], Some(KILLER));
    assert_eq!(run.code, Some(2));
    assert_contains(
        &run.stderr,
        "line 2, column 1: killer: killer cages are read by",
    );
    let run = sudoku(&["solve"], Some(&KILLER.replace("a=14", "a=1x")));
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "line 11, column 3: killer: `1x` is not a sum");
    let run = sudoku(&["count"], Some(&KILLER.replace("a=14", "a=40")));
    assert_eq!(run.code, Some(2));
    assert_contains(
        &run.stderr,
        "cage 1 (r1c1 r1c2 r2c1) sums to 40, but 3 different digits of 1..9 sum to 6..24",
    );
}

/// The same killer as f-puzzles exports it (cells `R1C1`, sums as strings): solved and
/// counted the same, also as an f-puzzles or SudokuPad link; a constraint we do not read yet
/// is refused by name.
#[test]
fn an_f_puzzles_killer_is_solved_and_unknown_constraints_refused() {
    let killer = sudoku_core::constraint::text::parse(KILLER.trim_start_matches("[killer]\n"))
        .expect("the text form reads");
    let cages: Vec<String> = killer
        .constraints
        .cages()
        .map(|cage| {
            let cells: Vec<String> = cage
                .cells
                .iter()
                .map(|c| format!("\"R{}C{}\"", c.row() + 1, c.col() + 1))
                .collect();
            format!(
                r#"{{"cells":[{}],"value":"{}"}}"#,
                cells.join(","),
                cage.sum.unwrap()
            )
        })
        .collect();
    let row = format!("[{}]", ["{}"; 9].join(","));
    let grid = vec![row; 9].join(",");
    let json = format!(
        r#"{{"size":9,"title":"killer","grid":[{grid}],"killercage":[{}]}}"#,
        cages.join(",")
    );
    let run = sudoku(&["solve"], Some(&json));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(lines(&run), [format!("{KILLER_SOLVED}\tkiller").as_str()]);
    let run = sudoku(&["count", "--limit", "2"], Some(&json));
    assert_eq!(lines(&run), ["1"]);
    // The same as the links f-puzzles and SudokuPad share (lz-string's base64 of the JSON).
    let data = lz_str::compress_to_base64(json.as_str());
    for link in [
        format!("https://www.f-puzzles.com/?load={data}"),
        format!("https://sudokupad.app/fpuzzles{data}"),
    ] {
        let run = sudoku(&["solve"], Some(&link));
        assert_eq!(run.code, Some(0), "{link}: {}", run.stderr);
        assert_eq!(lines(&run), [format!("{KILLER_SOLVED}\tkiller").as_str()]);
        let run = sudoku(&["count", "--limit", "2"], Some(&link));
        assert_eq!(lines(&run), ["1"], "{link}");
    }
    let run = sudoku(&["count"], Some("https://sudokupad.app/some-puzzle-id"));
    assert_eq!(run.code, Some(2));
    assert_contains(
        &run.stderr,
        "line 1: JSON: link: `some-puzzle-id` names a puzzle kept on SudokuPad's server",
    );
    let arrows = json.replace(
        r#""killercage""#,
        r#""arrow":[{"lines":[["R1C1","R1C2"]],"cells":["R1C1"]}],"killercage""#,
    );
    let run = sudoku(&["count"], Some(&arrows));
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "f-puzzles: not supported yet");
    assert_contains(&run.stderr, "`arrow` (1)");
}
