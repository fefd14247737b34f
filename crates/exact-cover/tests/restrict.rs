//! `Solver::restrict` searches exactly the problem made of the items and options it keeps: on
//! random problems (with secondary items, colours and multiplicities), the restricted search
//! and a search of that smaller problem, built separately through the public API, find the
//! same solutions in the same order with the same node and update counts, on every way of
//! running a search. (The sudoku solver's use of it is checked in `sudoku-core`.)

use exact_cover::{Backend, Problem, Use};
use proptest::prelude::*;

/// A random problem: item bounds (`None` for a secondary item), options as (item, colour)
/// uses with colour 0 meaning none, and which items and options the restriction keeps.
#[derive(Debug, Clone)]
struct Case {
    items: Vec<Option<(u32, u32)>>,
    options: Vec<Vec<(usize, u8)>>,
    keep_items: Vec<bool>,
    keep_options: Vec<bool>,
}

impl Case {
    /// The problem with the items `which` (in order) and the options that use only them,
    /// among `options` (in order); returns it with the original index of each option.
    fn build(&self, which: &[usize], options: &[usize]) -> (Problem, Vec<usize>) {
        let mut problem = Problem::new();
        let mut id = vec![None; self.items.len()];
        for &k in which {
            let added = match self.items[k] {
                Some((min, max)) => problem.add_primary_with_bounds(&format!("i{k}"), min, max),
                None => problem.add_secondary(&format!("i{k}")),
            };
            id[k] = Some(added.expect("valid item"));
        }
        let mut original = Vec::new();
        for &k in options {
            let option = &self.options[k];
            if option.iter().any(|&(i, _)| id[i].is_none()) {
                continue;
            }
            let uses: Vec<Use> = option
                .iter()
                .map(|&(i, c)| Use {
                    item: id[i].expect("kept"),
                    color: (c > 0).then(|| problem.color(&format!("c{c}")).expect("name")),
                })
                .collect();
            if problem.add_option(&uses).is_ok() {
                original.push(k);
            }
        }
        (problem, original)
    }

    /// The whole problem (every item, every valid option) with the original option indices.
    fn whole(&self) -> (Problem, Vec<usize>) {
        let all: Vec<usize> = (0..self.items.len()).collect();
        let options: Vec<usize> = (0..self.options.len()).collect();
        self.build(&all, &options)
    }
}

fn case(colours: u8, multiplicities: bool) -> impl Strategy<Value = Case> {
    let bounds = if multiplicities {
        (1u32..=3).prop_flat_map(|v| (0..=v, Just(v))).boxed()
    } else {
        Just((1, 1)).boxed()
    };
    (1usize..=6, 0usize..=3).prop_flat_map(move |(primary, secondary)| {
        let n = primary + secondary;
        let option = (
            proptest::sample::subsequence((0..primary).collect::<Vec<_>>(), 1..=primary),
            proptest::collection::vec((any::<bool>(), 0..=colours), secondary),
        )
            .prop_map(move |(ps, ss)| {
                let mut uses: Vec<(usize, u8)> = ps.into_iter().map(|p| (p, 0)).collect();
                for (k, (used, c)) in ss.into_iter().enumerate() {
                    if used {
                        uses.push((primary + k, c));
                    }
                }
                uses
            });
        (
            proptest::collection::vec(bounds.clone(), primary),
            proptest::collection::vec(option, 0..=12),
            proptest::collection::vec(any::<bool>(), n),
            proptest::collection::vec(any::<bool>(), 12),
        )
            .prop_map(move |(bounds, options, keep_items, keep_options)| Case {
                items: bounds
                    .into_iter()
                    .map(Some)
                    .chain(std::iter::repeat_n(None, secondary))
                    .collect(),
                keep_options: keep_options[..options.len()].to_vec(),
                options,
                keep_items,
            })
    })
}

fn check(case: &Case) -> Result<(), TestCaseError> {
    let (whole, original) = case.whole();
    // The restriction, in the whole problem's numbering.
    let items = &case.keep_items;
    let listed: Vec<usize> = (0..whole.option_count())
        .filter(|&j| case.keep_options[original[j]])
        .collect();
    // The same part built as a problem of its own.
    let which: Vec<usize> = (0..case.items.len()).filter(|&k| items[k]).collect();
    let kept: Vec<usize> = listed.iter().map(|&j| original[j]).collect();
    let (part, part_original) = case.build(&which, &kept);
    // Part option -> whole option.
    let to_whole = |s: Vec<usize>| -> Vec<usize> {
        let mut s: Vec<usize> = s
            .into_iter()
            .map(|p| {
                let k = part_original[p];
                original
                    .iter()
                    .position(|&o| o == k)
                    .expect("in the whole problem")
            })
            .collect();
        s.sort_unstable();
        s
    };

    // The algorithm is chosen for the whole problem: when the part alone would need a simpler
    // one (no colour or multiplicity left in it), the two searches are different programs,
    // and only their solutions must agree.
    let same_algorithm = whole.has_multiplicities() == part.has_multiplicities()
        && whole.has_colors() == part.has_colors();
    let restricted = || whole.solver().restrict(items, &listed);
    let mut search = restricted().solutions();
    let mut reference = part.solver().solutions();
    let mut a_all = Vec::new();
    let mut b_all = Vec::new();
    loop {
        let (a, b) = (search.next(), reference.next().map(to_whole));
        if same_algorithm {
            prop_assert_eq!(&a, &b, "solutions differ");
        }
        match (a, b) {
            (None, None) => break,
            (a, b) => {
                a_all.extend(a);
                b_all.extend(b);
            }
        }
    }
    a_all.sort();
    b_all.sort();
    prop_assert_eq!(&a_all, &b_all, "sets of solutions differ");
    let (count, part_count) = (restricted().count(), part.solver().count());
    prop_assert_eq!(count.solutions, part_count.solutions, "count()");
    if same_algorithm {
        prop_assert_eq!(search.stats(), reference.stats(), "iterator statistics");
        prop_assert_eq!(count, part_count, "count()");
        prop_assert_eq!(
            restricted().count_parallel(2),
            part.solver().count_parallel(2),
            "count_parallel(2)"
        );
        prop_assert_eq!(
            restricted().limit(1).count(),
            part.solver().limit(1).count()
        );
    }
    // Dancing cells and a seed try options in other orders: the same solutions, as sets.
    let mut cells: Vec<Vec<usize>> = restricted().backend(Backend::Cells).solutions().collect();
    cells.sort();
    let mut all: Vec<Vec<usize>> = part.solver().solutions().map(to_whole).collect();
    all.sort();
    prop_assert_eq!(&cells, &all, "cells backend");
    let mut seeded: Vec<Vec<usize>> = restricted().seed(7).solutions().collect();
    seeded.sort();
    prop_assert_eq!(&seeded, &all, "seeded");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn restricted_plain(case in case(0, false)) {
        check(&case)?;
    }

    #[test]
    fn restricted_with_colours(case in case(2, false)) {
        check(&case)?;
    }

    #[test]
    fn restricted_with_multiplicities(case in case(2, true)) {
        check(&case)?;
    }
}

#[test]
fn nothing_kept_is_the_empty_solution() {
    let parsed = exact_cover::parse("a b\na\nb\na b\n").expect("parses");
    let solver = parsed.problem.solver().restrict(&[false, false], &[]);
    assert_eq!(
        solver.solutions().collect::<Vec<_>>(),
        vec![Vec::<usize>::new()]
    );
}

#[test]
#[should_panic(expected = "distinct")]
fn options_listed_twice_are_refused() {
    let parsed = exact_cover::parse("a b\na\nb\na b\n").expect("parses");
    let _ = parsed.problem.solver().restrict(&[true, true], &[2, 0, 2]);
}

/// The options are tried in the order listed: the same solutions, found in another order.
#[test]
fn the_listed_order_is_the_search_order() {
    // Options 0 {a b}, 1 {a}, 2 {b}: two solutions, {0} and {1, 2}.
    let parsed = exact_cover::parse("a b\na b\na\nb\n").expect("parses");
    let solutions = |listed: &[usize]| {
        let solver = parsed.problem.solver().restrict(&[true, true], listed);
        solver.solutions().collect::<Vec<_>>()
    };
    assert_eq!(solutions(&[0, 1, 2]), vec![vec![0], vec![1, 2]]);
    assert_eq!(solutions(&[1, 2, 0]), vec![vec![1, 2], vec![0]]);
    assert_eq!(solutions(&[2, 0, 1]), vec![vec![0], vec![1, 2]]);
}

#[test]
#[should_panic(expected = "item flags")]
fn too_few_item_flags_are_refused() {
    let parsed = exact_cover::parse("a b\na\nb\na b\n").expect("parses");
    let _ = parsed.problem.solver().restrict(&[true], &[0]);
}
