//! Property tests on random small problems: the search agrees with a brute-force reference
//! that tries every subset of options, whatever the mix of secondary items, colours and
//! multiplicities; and the ways of running a search (iterator, count, parallel count, seed,
//! limit) agree with each other.

mod common;

use std::collections::BTreeSet;

use exact_cover::{Problem, Use};
use proptest::prelude::*;

/// A random problem before it is built: item bounds (`None` for a secondary item) and, for
/// each option, its item uses as (item index, colour) with colour 0 meaning uncoloured.
#[derive(Debug, Clone)]
struct Spec {
    primary: Vec<(u32, u32)>,
    secondary: usize,
    options: Vec<Vec<(usize, u8)>>,
}

impl Spec {
    /// Builds the problem through the public API. Item `k` is named `i<k>`, colour `c` is
    /// named `c<c>`.
    fn build(&self) -> Problem {
        let mut problem = Problem::new();
        for (k, &(min, max)) in self.primary.iter().enumerate() {
            problem
                .add_primary_with_bounds(&format!("i{k}"), min, max)
                .expect("valid bounds");
        }
        for k in 0..self.secondary {
            problem
                .add_secondary(&format!("i{}", self.primary.len() + k))
                .expect("new name");
        }
        for option in &self.options {
            let mut uses = Vec::new();
            for &(item, colour) in option {
                let item = problem.item_at(item).expect("item exists");
                let color = (colour > 0).then(|| problem.color(&format!("c{colour}")));
                let color = color.transpose().expect("valid colour name");
                uses.push(Use { item, color });
            }
            problem
                .add_option(&uses)
                .expect("option has a primary item");
        }
        problem
    }
}

/// Strategy for an option over `primary` primary and `secondary` secondary items: a non-empty
/// set of primary items, any set of secondary items, and for each secondary use a colour in
/// `0..=colours` (0: uncoloured).
fn option(
    primary: usize,
    secondary: usize,
    colours: u8,
) -> impl Strategy<Value = Vec<(usize, u8)>> {
    let primaries = proptest::sample::subsequence((0..primary).collect::<Vec<_>>(), 1..=primary);
    let secondaries =
        proptest::collection::vec((any::<bool>(), 0..=colours), secondary..=secondary);
    (primaries, secondaries).prop_map(move |(ps, ss)| {
        let mut uses: Vec<(usize, u8)> = ps.into_iter().map(|p| (p, 0)).collect();
        for (k, (used, colour)) in ss.into_iter().enumerate() {
            if used {
                uses.push((primary + k, colour));
            }
        }
        uses
    })
}

/// Strategy for a problem: `primary` items with bounds from `bounds`, up to `max_secondary`
/// secondary items, up to 12 options, colours `1..=colours` (none if 0).
fn spec(
    primary: std::ops::RangeInclusive<usize>,
    max_secondary: usize,
    colours: u8,
    bounds: BoxedStrategy<(u32, u32)>,
) -> impl Strategy<Value = Spec> {
    (primary, 0..=max_secondary).prop_flat_map(move |(p, s)| {
        (
            proptest::collection::vec(bounds.clone(), p..=p),
            proptest::collection::vec(option(p, s, colours), 0..=12),
        )
            .prop_map(move |(primary, options)| Spec {
                primary,
                secondary: s,
                options,
            })
    })
}

/// Exactly once: plain exact cover.
fn exact() -> BoxedStrategy<(u32, u32)> {
    Just((1, 1)).boxed()
}

/// `u:v` with `0 <= u <= v`, `1 <= v <= 3`.
fn multiplicity() -> BoxedStrategy<(u32, u32)> {
    (1u32..=3).prop_flat_map(|v| (0..=v, Just(v))).boxed()
}

/// The number of solutions by trying every subset of options.
fn brute_force(problem: &Problem) -> u64 {
    let n = problem.option_count();
    let mut solutions = 0;
    for mask in 0u32..(1 << n) {
        let subset: Vec<usize> = (0..n).filter(|&k| mask & (1 << k) != 0).collect();
        if common::is_solution(problem, &subset) {
            solutions += 1;
        }
    }
    solutions
}

/// Every way of searching agrees with the brute force and with each other.
fn check_agreement(spec: &Spec) -> Result<(), TestCaseError> {
    let problem = spec.build();
    let reference = brute_force(&problem);

    let mut search = problem.solver().solutions();
    let mut listed = BTreeSet::new();
    for solution in search.by_ref() {
        if let Err(why) = common::check_solution(&problem, &solution) {
            return Err(TestCaseError::fail(format!(
                "{solution:?} is not a solution: {why}"
            )));
        }
        prop_assert!(listed.insert(solution.clone()), "{solution:?} listed twice");
    }
    prop_assert_eq!(listed.len() as u64, reference, "iterator vs brute force");

    let count = problem.solver().count();
    prop_assert_eq!(count.solutions, reference, "count() vs brute force");
    prop_assert_eq!(count.stopped, None);
    prop_assert_eq!(
        search.stats(),
        count.stats,
        "iterator vs count() statistics"
    );

    let parallel = problem.solver().count_parallel(2);
    prop_assert_eq!(
        parallel.solutions,
        reference,
        "count_parallel(2) vs brute force"
    );
    prop_assert_eq!(
        parallel.stats,
        count.stats,
        "count_parallel(2) vs count() statistics"
    );

    // The text format round-trips the problem.
    let reparsed = exact_cover::parse(&problem.to_string())
        .map_err(|e| TestCaseError::fail(format!("{e} in\n{problem}")))?;
    prop_assert_eq!(
        reparsed.problem.solver().count().stats,
        count.stats,
        "after a round trip"
    );
    Ok(())
}

/// A seeded search finds the same set of solutions as an unseeded one, and the same seed
/// finds them in the same order.
fn check_seed(spec: &Spec, seed: u64) -> Result<(), TestCaseError> {
    let problem = spec.build();
    let plain: BTreeSet<Vec<usize>> = problem.solver().solutions().collect();
    let seeded: Vec<Vec<usize>> = problem.solver().seed(seed).solutions().collect();
    let again: Vec<Vec<usize>> = problem.solver().seed(seed).solutions().collect();
    prop_assert_eq!(&seeded, &again, "same seed, different order");
    prop_assert_eq!(
        seeded.len(),
        plain.len(),
        "a seeded search repeated a solution"
    );
    prop_assert_eq!(seeded.into_iter().collect::<BTreeSet<_>>(), plain);
    let count = problem.solver().seed(seed).count();
    prop_assert_eq!(count.solutions, problem.solver().count().solutions);
    prop_assert_eq!(
        problem.solver().seed(seed).count_parallel(2).solutions,
        count.solutions
    );
    Ok(())
}

/// A limit of `k` gives `min(k, total)` solutions, counted or listed.
fn check_limit(spec: &Spec, k: u64) -> Result<(), TestCaseError> {
    let problem = spec.build();
    let total = problem.solver().count().solutions;
    let limited = problem.solver().limit(k).count();
    prop_assert_eq!(limited.solutions, k.min(total));
    prop_assert_eq!(
        problem.solver().limit(k).solutions().count() as u64,
        k.min(total)
    );
    prop_assert_eq!(problem.solver().first().is_some(), total > 0);
    prop_assert_eq!(
        problem.solver().limit(k).first().is_some(),
        k > 0 && total > 0
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Exact cover with primary items only.
    #[test]
    fn exact_cover_matches_brute_force(spec in spec(1..=8, 0, 0, exact())) {
        check_agreement(&spec)?;
    }

    /// Secondary items without colours.
    #[test]
    fn secondary_items_match_brute_force(spec in spec(1..=5, 3, 0, exact())) {
        check_agreement(&spec)?;
    }

    /// Secondary items with colours (XCC).
    #[test]
    fn colours_match_brute_force(spec in spec(1..=5, 3, 2, exact())) {
        check_agreement(&spec)?;
    }

    /// Multiplicities `u:v` on primary items (MCC), no secondary items.
    #[test]
    fn multiplicities_match_brute_force(spec in spec(1..=6, 0, 0, multiplicity())) {
        check_agreement(&spec)?;
    }

    /// Multiplicities with coloured secondary items.
    #[test]
    fn multiplicities_and_colours_match_brute_force(spec in spec(1..=5, 3, 2, multiplicity())) {
        check_agreement(&spec)?;
    }

    /// Seeds change the order, never the set of solutions.
    #[test]
    fn seeded_search_finds_the_same_solutions(
        spec in spec(1..=6, 2, 2, exact()),
        seed in any::<u64>(),
    ) {
        check_seed(&spec, seed)?;
    }

    /// Seeds with multiplicities.
    #[test]
    fn seeded_search_with_multiplicities(
        spec in spec(1..=5, 2, 2, multiplicity()),
        seed in any::<u64>(),
    ) {
        check_seed(&spec, seed)?;
    }

    /// Limits cut the count and the list to `min(k, total)`.
    #[test]
    fn limit_gives_min_of_limit_and_total(
        spec in spec(1..=6, 2, 2, exact()),
        k in 0u64..6,
    ) {
        check_limit(&spec, k)?;
    }

    /// Limits with multiplicities.
    #[test]
    fn limit_with_multiplicities(spec in spec(1..=5, 2, 2, multiplicity()), k in 0u64..6) {
        check_limit(&spec, k)?;
    }
}
