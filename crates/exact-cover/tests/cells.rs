//! The dancing-cells back end against dancing links: the same solutions on random problems
//! (with secondary items and colours), and, because it branches on the same items, the very
//! same search tree (nodes and updates) as DLX1 on the exact-cover data files.

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
        prop_assert_eq!(cells.into_iter().collect::<BTreeSet<_>>(), links);
        let counted = p.solver().backend(Backend::Cells).count();
        prop_assert_eq!(counted.stats.nodes, p.solver().count().stats.nodes);
        prop_assert_eq!(p.solver().backend(Backend::Cells).count_parallel(2), counted);
    }

    #[test]
    fn seeded_cells_find_the_same_solutions(p in problem(), seed in any::<u64>()) {
        let links: BTreeSet<Vec<usize>> = p.solver().solutions().collect();
        let cells: BTreeSet<Vec<usize>> =
            p.solver().backend(Backend::Cells).seed(seed).solutions().collect();
        prop_assert_eq!(cells, links);
    }
}

/// On plain exact cover (no colours) the cells back end visits exactly DLX1's tree.
#[test]
fn cells_reproduce_dlx1_statistics() {
    for file in [
        "xc-tiny",
        "queens-8",
        "queens-10",
        "langford-8",
        "sudoku-4x4-empty",
        "pentomino-3x20",
    ] {
        let path = format!("{}/tests/data/{file}.dlx", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let problem = parse(&text).unwrap().problem;
        let links = problem.solver().count();
        let cells = problem.solver().backend(Backend::Cells).count();
        assert_eq!(cells, links, "{file}");
    }
}

/// With colours the tree is the same; only the update count differs (cells counts the
/// deactivation of a purified item).
#[test]
fn cells_reproduce_dlx2_nodes() {
    for file in ["xcc-tiny", "xcc-color-cycle10-k3", "xcc-color-petersen-k3"] {
        let path = format!("{}/tests/data/{file}.dlx", env!("CARGO_MANIFEST_DIR"));
        let problem = parse(&std::fs::read_to_string(&path).unwrap())
            .unwrap()
            .problem;
        let links = problem.solver().count();
        let cells = problem.solver().backend(Backend::Cells).count();
        assert_eq!(
            (cells.solutions, cells.stats.nodes),
            (links.solutions, links.stats.nodes)
        );
    }
}
