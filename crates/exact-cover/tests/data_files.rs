//! Every problem file in `tests/data` against its published solution count and the exact
//! search statistics (nodes and updates) of Knuth's DLX1, DLX2 or DLX3 on the same file,
//! as listed in `tests/data/SOURCES.md`. Because the engine follows Knuth's branching rule
//! (minimum remaining values, ties to the leftmost item, options in file order), matching his
//! node and update counts exactly shows that it searches the very same tree.
//!
//! Each file is one test. The slow ones (a few seconds or more in release) are ignored by
//! default: run them with `cargo test -p exact-cover --test data_files -- --include-ignored`.

mod common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use exact_cover::{Count, Parsed, Stats, StopReason};

/// One data file and what searching it must give.
#[derive(Debug)]
struct Case {
    /// File name inside `tests/data`.
    file: &'static str,
    /// A solution limit, for problems with too many solutions to count.
    limit: Option<u64>,
    /// Solutions (up to the limit).
    solutions: u64,
    /// Knuth's node count (one node per solution included).
    nodes: u64,
    /// Knuth's update count.
    updates: u64,
}

/// Above this many updates a file's solutions are not also listed one by one and checked.
const CHECK_ALL_MAX_UPDATES: u64 = 50_000_000;

/// Declares the table of cases and one test per case: `fast` (counted sequentially and in
/// parallel, every solution checked), `slow` (ignored by default; parallel count only), or
/// `limited` (counted with a solution limit).
macro_rules! data_files {
    ($($kind:ident $test:ident: $file:literal $(limit $limit:literal)?
        => $solutions:literal, $nodes:literal, $updates:literal;)*) => {
        const CASES: &[Case] = &[$(Case {
            file: $file,
            limit: data_files!(@limit $($limit)?),
            solutions: $solutions,
            nodes: $nodes,
            updates: $updates,
        }),*];
        $(data_files!(@test $kind $test $file);)*
    };
    (@limit) => { None };
    (@limit $limit:literal) => { Some($limit) };
    (@test fast $test:ident $file:literal) => {
        #[test]
        fn $test() {
            check_fast(case($file));
        }
    };
    (@test slow $test:ident $file:literal) => {
        #[test]
        #[ignore = "slow: run with --include-ignored"]
        fn $test() {
            check_slow(case($file));
        }
    };
    (@test limited $test:ident $file:literal) => {
        #[test]
        fn $test() {
            check_limited(case($file));
        }
    };
}

// Figures from /work/shared/data/exact-cover/README.md (see tests/data/SOURCES.md): solutions,
// DLX1 nodes and updates for XC, DLX2 for XCC (`xcc-*`), DLX3 for MCC (`mcc-*`). The empty 9x9
// sudoku has 6670903752021072936960 solutions; DLX1 stopped after 1000 gives the figures shown.
data_files! {
    fast xc_tiny: "xc-tiny.dlx" => 2, 5, 26;
    fast xc_tiny_nosol: "xc-tiny-nosol.dlx" => 0, 1, 1;
    slow pentomino_6x10: "pentomino-6x10.dlx" => 9_356, 3_637_261, 1_242_377_480;
    slow pentomino_5x12: "pentomino-5x12.dlx" => 4_040, 2_295_156, 770_490_101;
    slow pentomino_4x15: "pentomino-4x15.dlx" => 1_472, 852_893, 279_621_691;
    fast pentomino_3x20: "pentomino-3x20.dlx" => 8, 32_978, 10_986_975;
    fast pentomino_scott_8x8: "pentomino-scott-8x8.dlx" => 520, 293_045, 102_179_915;
    fast queens_4: "queens-4.dlx" => 2, 13, 183;
    fast queens_8: "queens-8.dlx" => 92, 1_049, 16_680;
    fast queens_8_plain: "queens-8-plain.dlx" => 92, 1_223, 21_191;
    fast queens_10: "queens-10.dlx" => 724, 11_578, 198_264;
    fast queens_12: "queens-12.dlx" => 14_200, 211_716, 3_594_752;
    fast queens_13: "queens-13.dlx" => 73_712, 1_046_319, 17_463_157;
    slow queens_14: "queens-14.dlx" => 365_596, 5_474_542, 91_497_926;
    fast langford_5: "langford-5.dlx" => 0, 39, 551;
    fast langford_7: "langford-7.dlx" => 52, 607, 8_339;
    fast langford_8: "langford-8.dlx" => 300, 2_789, 37_241;
    fast langford_11: "langford-11.dlx" => 35_584, 439_747, 5_974_979;
    slow langford_12: "langford-12.dlx" => 216_288, 2_831_065, 38_673_459;
    fast sudoku_4x4_empty: "sudoku-4x4-empty.dlx" => 288, 2_157, 22_545;
    slow sudoku_6x6_empty: "sudoku-6x6-empty.dlx" => 28_200_960, 256_051_537, 2_715_711_127;
    limited sudoku_9x9_empty: "sudoku-9x9-empty.dlx" limit 1000 => 1_000, 9_084, 96_695;
    fast sudoku_9x9_wikipedia: "sudoku-9x9-wikipedia.dlx" => 1, 52, 663;
    fast sudoku_9x9_inkala2012: "sudoku-9x9-inkala2012.dlx" => 1, 2_720, 48_760;
    fast sudoku_9x9_17clue_antibrute: "sudoku-9x9-17clue-antibrute.dlx" => 1, 65, 1_165;
    fast soma: "soma.dlx" => 11_520, 254_676, 29_605_268;
    fast xcc_tiny: "xcc-tiny.dlx" => 1, 5, 16;
    fast xcc_color_cycle10_k3: "xcc-color-cycle10-k3.dlx" => 1_026, 4_093, 20_473;
    fast xcc_color_petersen_k3: "xcc-color-petersen-k3.dlx" => 120, 1_753, 10_579;
    fast xcc_color_petersen_k4: "xcc-color-petersen-k4.dlx" => 12_960, 94_777, 549_769;
    fast xcc_color_grid4x4_k3: "xcc-color-grid4x4-k3.dlx" => 7_812, 46_609, 254_167;
    fast xcc_color_grid5x5_k3: "xcc-color-grid5x5-k3.dlx" => 580_986, 3_625_999, 19_367_113;
    slow xcc_color_grid4x4_k4: "xcc-color-grid4x4-k4.dlx" => 6_000_732, 23_168_353, 160_813_693;
    fast mcc_tiny: "mcc-tiny.dlx" => 7, 17, 36;
    fast mcc_rooks_6_3: "mcc-rooks-6-3.dlx" => 2_400, 10_075, 40_300;
    fast mcc_rooks_8_4: "mcc-rooks-8-4.dlx" => 117_600, 542_970, 2_290_291;
    fast mcc_rooks_8_8: "mcc-rooks-8-8.dlx" => 40_320, 689_070, 5_121_986;
}

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
}

fn case(file: &str) -> &'static Case {
    CASES
        .iter()
        .find(|c| c.file == file)
        .unwrap_or_else(|| panic!("no case for {file}"))
}

/// Reads and parses a data file, and checks that the parser kept every option line as written.
fn load(case: &Case) -> Parsed {
    let path = data_dir().join(case.file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let parsed = exact_cover::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", case.file));
    assert!(
        parsed.warnings.is_empty(),
        "{}: warnings {:?}",
        case.file,
        parsed.warnings
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(parsed.option_lines.len(), parsed.problem.option_count());
    for (option, &line) in parsed.option_lines.iter().enumerate() {
        let written = lines[line - 1]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(
            parsed.problem.option_text(option),
            written,
            "{}:{line}",
            case.file
        );
    }
    parsed
}

fn expected(case: &Case) -> Stats {
    Stats {
        nodes: case.nodes,
        updates: case.updates,
        solutions: case.solutions,
    }
}

fn assert_count(case: &Case, how: &str, count: Count, stopped: Option<StopReason>) {
    assert_eq!(
        count.stats,
        expected(case),
        "{} ({how}): statistics",
        case.file
    );
    assert_eq!(
        count.solutions, case.solutions,
        "{} ({how}): solutions",
        case.file
    );
    assert_eq!(count.stopped, stopped, "{} ({how}): stop reason", case.file);
}

/// Lists every solution with the iterator and checks that each one is a valid cover, that no
/// solution comes twice, and that there are as many as counted.
fn check_every_solution(case: &Case, parsed: &Parsed) {
    let problem = &parsed.problem;
    let mut solver = problem.solver();
    if let Some(limit) = case.limit {
        solver = solver.limit(limit);
    }
    let mut search = solver.solutions();
    let mut seen = BTreeSet::new();
    for solution in search.by_ref() {
        if let Err(why) = common::check_solution(problem, &solution) {
            panic!("{}: solution {solution:?} is wrong: {why}", case.file);
        }
        assert!(
            solution.windows(2).all(|w| w[0] < w[1]),
            "{}: not sorted",
            case.file
        );
        let compact: Box<[u32]> = solution.iter().map(|&o| o as u32).collect();
        assert!(
            seen.insert(compact),
            "{}: solution {solution:?} twice",
            case.file
        );
    }
    assert_eq!(
        seen.len() as u64,
        case.solutions,
        "{}: solutions listed",
        case.file
    );
    assert_eq!(
        search.stats(),
        expected(case),
        "{}: iterator statistics",
        case.file
    );
}

fn check_fast(case: &Case) {
    let parsed = load(case);
    let solver = parsed.problem.solver();
    assert_count(case, "count", solver.count(), None);
    assert_count(case, "count_parallel(2)", solver.count_parallel(2), None);
    for parts in [1, 3, 7] {
        check_parts(case, &solver, parts);
    }
    if case.updates <= CHECK_ALL_MAX_UPDATES {
        check_every_solution(case, &parsed);
    }
}

/// The parts of a split count, counted one by one as separate machines would, add up to
/// the whole: solutions, and Knuth's node and update counts too.
fn check_parts(case: &Case, solver: &exact_cover::Solver<'_>, parts: usize) {
    let mut sum = Stats::default();
    for k in 0..parts {
        let part = solver.count_part(k, parts, 1).expect("a part");
        assert_eq!(part.stopped, None, "{}: part {k}", case.file);
        sum += part.stats;
    }
    assert_eq!(sum, expected(case), "{}: {parts} parts summed", case.file);
    // A part is the same part every time (another machine computes the same split).
    let last = parts - 1;
    assert_eq!(
        solver.count_part(last, parts, 2).expect("a part").stats,
        solver.count_part(last, parts, 1).expect("a part").stats,
        "{}: part {last} of {parts} again, on two threads",
        case.file
    );
    let (_, sizes) = solver.parts(parts).expect("no flag or deadline");
    assert_eq!(sizes.len(), parts);
}

fn check_slow(case: &Case) {
    let parsed = load(case);
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get().max(2));
    let count = parsed.problem.solver().count_parallel(jobs);
    assert_count(case, &format!("count_parallel({jobs})"), count, None);
}

fn check_limited(case: &Case) {
    let parsed = load(case);
    let limit = case
        .limit
        .unwrap_or_else(|| panic!("{}: no limit", case.file));
    let count = parsed.problem.solver().limit(limit).count();
    assert_count(
        case,
        &format!("count with limit {limit}"),
        count,
        Some(StopReason::Limit),
    );
    check_every_solution(case, &parsed);
}

/// A seed changes the order of the search, never the number of solutions: counted on one
/// thread or on two, with any seed, every file gives its published count.
#[test]
fn seeded_counts_are_the_published_counts() {
    for file in [
        "queens-8.dlx",
        "langford-8.dlx",
        "sudoku-4x4-empty.dlx",
        "xcc-color-petersen-k3.dlx",
        "mcc-rooks-6-3.dlx",
    ] {
        let case = case(file);
        let parsed = load(case);
        for seed in 1..=5 {
            let solver = parsed.problem.solver().seed(seed);
            assert_eq!(
                solver.count().solutions,
                case.solutions,
                "{file}, seed {seed}"
            );
            let parallel = solver.count_parallel(2).solutions;
            assert_eq!(
                parallel, case.solutions,
                "{file}, seed {seed}, count_parallel(2)"
            );
        }
    }
}

/// The table covers exactly the files in `tests/data`: a new file needs its expected figures.
#[test]
fn every_data_file_has_a_case() {
    let mut on_disk = BTreeSet::new();
    for entry in std::fs::read_dir(data_dir()).expect("tests/data is readable") {
        let name = entry
            .expect("directory entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        if name.ends_with(".dlx") {
            on_disk.insert(name);
        }
    }
    let in_table: BTreeSet<String> = CASES.iter().map(|c| c.file.to_string()).collect();
    assert_eq!(on_disk, in_table);
    assert_eq!(CASES.len(), in_table.len(), "a file is listed twice");
}
