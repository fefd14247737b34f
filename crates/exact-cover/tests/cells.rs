//! The dancing-cells back end: the same solutions as dancing links on random problems (with
//! secondary items and colours), and on every plain exact-cover data file exactly the nodes
//! and updates of Knuth's SSXC1, whose algorithm it follows (`tests/data/SOURCES.md`).

mod common;

use std::collections::BTreeSet;

use exact_cover::{Backend, Problem, parse};
use proptest::prelude::*;

/// A random problem: `primary` + `secondary` items; each option a non-empty random subset
/// with at least one primary item, secondary uses coloured with one of `colors` colours or
/// (colour 0) uncoloured.
fn problem() -> impl Strategy<Value = Problem> {
    (1usize..=7, 0usize..=3, 0u32..=2).prop_flat_map(|(primary, secondary, colors)| {
        let n = primary + secondary;
        let option = prop::collection::vec((0..n, 0..=colors), 1..=n);
        prop::collection::vec(option, 1..=12).prop_map(move |options| {
            let mut p = Problem::new();
            for k in 0..primary {
                p.add_primary(&format!("p{k}")).unwrap();
            }
            for k in 0..secondary {
                p.add_secondary(&format!("s{k}")).unwrap();
            }
            for option in options {
                let mut tokens: Vec<String> = Vec::new();
                let mut seen = BTreeSet::new();
                for (item, color) in option {
                    if !seen.insert(item) {
                        continue;
                    }
                    tokens.push(match (item < primary, color) {
                        (true, _) => format!("p{item}"),
                        (false, 0) => format!("s{}", item - primary),
                        (false, c) => format!("s{}:c{c}", item - primary),
                    });
                }
                // Options without a primary item are refused by the builder: skip them.
                let _ = p.add_option_by_names(tokens.iter().map(String::as_str));
            }
            p
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn cells_find_the_same_solutions_as_links(p in problem()) {
        let links: BTreeSet<Vec<usize>> = p.solver().solutions().collect();
        let cells: Vec<Vec<usize>> = p.solver().backend(Backend::Cells).solutions().collect();
        for s in &cells {
            prop_assert!(common::check_solution(&p, s).is_ok(), "{:?}", common::check_solution(&p, s));
        }
        prop_assert_eq!(cells.len(), links.len(), "cells repeated a solution");
        let solutions = links.len() as u64;
        prop_assert_eq!(cells.into_iter().collect::<BTreeSet<_>>(), links);
        // Split counts give the same solutions (not the same nodes: the sets' orders, and so
        // the ties, depend on what was searched before, which a split changes).
        let counted = p.solver().backend(Backend::Cells).count();
        prop_assert_eq!(counted.solutions, solutions);
        prop_assert_eq!(p.solver().backend(Backend::Cells).count_parallel(2).solutions, counted.solutions);
        for parts in [2, 3] {
            let sum: u64 = (0..parts)
                .map(|k| p.solver().backend(Backend::Cells).count_part(k, parts, 1).expect("a part").solutions)
                .sum();
            prop_assert_eq!(sum, counted.solutions, "{} parts", parts);
        }
    }

    #[test]
    fn seeded_cells_find_the_same_solutions(p in problem(), seed in any::<u64>()) {
        let links: BTreeSet<Vec<usize>> = p.solver().solutions().collect();
        let cells: BTreeSet<Vec<usize>> =
            p.solver().backend(Backend::Cells).seed(seed).solutions().collect();
        prop_assert_eq!(cells, links);
    }
}

/// SSXC1's solutions, nodes and updates on a plain exact-cover file (Knuth's program, built
/// from `shared/peers/src/knuth/ssxc1.c` and run on the same file; `tests/data/SOURCES.md`).
struct Ssxc1 {
    file: &'static str,
    limit: Option<u64>,
    solutions: u64,
    nodes: u64,
    updates: u64,
}

const fn ssxc1(file: &'static str, solutions: u64, nodes: u64, updates: u64) -> Ssxc1 {
    Ssxc1 {
        file,
        limit: None,
        solutions,
        nodes,
        updates,
    }
}

/// The files that take well under a second.
const SSXC1_FAST: &[Ssxc1] = &[
    ssxc1("xc-tiny", 2, 4, 23),
    ssxc1("xc-tiny-nosol", 0, 0, 0),
    ssxc1("queens-4", 2, 11, 172),
    ssxc1("queens-8", 92, 807, 14_897),
    ssxc1("queens-8-plain", 92, 890, 18_032),
    ssxc1("queens-10", 724, 9_720, 199_815),
    ssxc1("queens-12", 14_200, 188_634, 3_844_577),
    ssxc1("queens-13", 73_712, 933_351, 18_557_805),
    ssxc1("langford-5", 0, 21, 455),
    ssxc1("langford-7", 52, 459, 7_690),
    ssxc1("langford-8", 300, 2_295, 35_282),
    ssxc1("langford-11", 35_584, 349_755, 5_592_127),
    ssxc1("pentomino-3x20", 8, 9_088, 8_942_284),
    ssxc1("pentomino-scott-8x8", 520, 93_565, 84_849_544),
    ssxc1("soma", 11_520, 120_189, 27_025_980),
    ssxc1("sudoku-4x4-empty", 288, 2_222, 23_288),
    ssxc1("sudoku-9x9-wikipedia", 1, 52, 663),
    ssxc1("sudoku-9x9-inkala2012", 1, 3_211, 64_062),
    ssxc1("sudoku-9x9-17clue-antibrute", 1, 65, 1_165),
    Ssxc1 {
        limit: Some(1000),
        ..ssxc1("sudoku-9x9-empty", 1000, 20_072, 245_516)
    },
];

/// The files that take seconds (the empty 6x6 sudoku half a minute).
const SSXC1_SLOW: &[Ssxc1] = &[
    ssxc1("queens-14", 365_596, 4_972_848, 100_038_775),
    ssxc1("langford-12", 216_288, 2_261_118, 36_454_352),
    ssxc1("pentomino-4x15", 1_472, 259_906, 234_018_856),
    ssxc1("pentomino-5x12", 4_040, 734_984, 653_107_645),
    ssxc1("pentomino-6x10", 9_356, 1_210_943, 1_055_053_908),
    ssxc1("sudoku-6x6-empty", 28_200_960, 308_185_803, 3_341_456_514),
];

fn load(file: &str) -> Problem {
    let path = format!("{}/tests/data/{file}.dlx", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    parse(&text).unwrap().problem
}

/// Counts each file with the cells back end: SSXC1's solutions, nodes and updates exactly.
fn check_ssxc1(cases: &[Ssxc1]) {
    for case in cases {
        let problem = load(case.file);
        let mut solver = problem.solver().backend(Backend::Cells);
        if let Some(limit) = case.limit {
            solver = solver.limit(limit);
        }
        let count = solver.count();
        assert_eq!(
            (count.solutions, count.stats.nodes, count.stats.updates),
            (case.solutions, case.nodes, case.updates),
            "{}: (solutions, nodes, updates) against SSXC1",
            case.file
        );
    }
}

#[test]
fn cells_reproduce_ssxc1_statistics() {
    check_ssxc1(SSXC1_FAST);
}

#[test]
#[ignore = "slow: run with --include-ignored"]
fn cells_reproduce_ssxc1_statistics_on_the_large_files() {
    check_ssxc1(SSXC1_SLOW);
}

/// Every plain file of the data folder has its SSXC1 figures above.
#[test]
fn every_plain_data_file_has_ssxc1_figures() {
    let dir = format!("{}/tests/data", env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(file) = name.strip_suffix(".dlx") else {
            continue;
        };
        if file.starts_with("xcc-") || file.starts_with("mcc-") {
            continue;
        }
        assert!(
            SSXC1_FAST.iter().chain(SSXC1_SLOW).any(|c| c.file == file),
            "{file}: no SSXC1 figures"
        );
    }
}

/// Split counts on the cells back end: the parts add up to the count, and a part counted
/// again (on two threads) is the same part, on plain and colour problems.
#[test]
fn cells_parts_add_up() {
    for (file, solutions) in [
        ("langford-8", 300),
        ("queens-10", 724),
        ("pentomino-3x20", 8),
        ("xcc-color-petersen-k3", 120),
        ("xcc-color-cycle10-k3", 1_026),
    ] {
        let problem = load(file);
        let solver = problem.solver().backend(Backend::Cells);
        for parts in [1, 3, 7] {
            let counts: Vec<_> = (0..parts)
                .map(|k| solver.count_part(k, parts, 1).expect("a part"))
                .collect();
            let sum: u64 = counts.iter().map(|c| c.solutions).sum();
            assert_eq!(sum, solutions, "{file}: {parts} parts");
            assert_eq!(
                solver
                    .count_part(parts - 1, parts, 2)
                    .expect("a part")
                    .stats,
                counts[parts - 1].stats,
                "{file}: part {parts} of {parts} again"
            );
        }
        assert_eq!(solver.count_parallel(2).solutions, solutions, "{file}");
    }
}

/// With colours: the published counts of the colour files (the trees differ from DLX2's).
#[test]
fn cells_count_colourings() {
    for (file, solutions) in [
        ("xcc-tiny", 1),
        ("xcc-color-cycle10-k3", 1_026),
        ("xcc-color-petersen-k3", 120),
        ("xcc-color-petersen-k4", 12_960),
        ("xcc-color-grid4x4-k3", 7_812),
    ] {
        let problem = load(file);
        let links = problem.solver().count();
        let cells = problem.solver().backend(Backend::Cells).count();
        assert_eq!(links.solutions, solutions, "{file}");
        assert_eq!(cells.solutions, solutions, "{file}");
    }
}

/// `auto` takes cells for a plain exact cover without secondary items and of modest size,
/// links otherwise; multiplicities are always searched on links.
#[test]
fn auto_picks_cells_only_where_they_win() {
    let resolve = |file: &str, backend: Backend| backend.resolve(&load(file));
    assert_eq!(resolve("pentomino-3x20", Backend::Auto), Backend::Cells);
    assert_eq!(resolve("langford-8", Backend::Auto), Backend::Cells);
    assert_eq!(resolve("queens-8", Backend::Auto), Backend::Links);
    assert_eq!(
        resolve("xcc-color-petersen-k3", Backend::Auto),
        Backend::Links
    );
    assert_eq!(resolve("mcc-rooks-6-3", Backend::Auto), Backend::Links);
    assert_eq!(resolve("mcc-rooks-6-3", Backend::Cells), Backend::Links);
    assert_eq!(
        resolve("xcc-color-petersen-k3", Backend::Cells),
        Backend::Cells
    );
    assert_eq!(resolve("queens-8", Backend::Links), Backend::Links);
    let mut large = Problem::with_unnamed_items(5000, 0);
    let items: Vec<_> = (0..5000).map(|k| large.item_at(k).unwrap()).collect();
    for pair in items.chunks(2) {
        large.add_option_items(pair.iter().copied()).unwrap();
    }
    assert_eq!(Backend::Auto.resolve(&large), Backend::Links);
    assert_eq!(large.solver().backend(Backend::Cells).count().solutions, 1);
}
