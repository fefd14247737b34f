//! Criterion comparison of our engine with the `dlx` crate (0.8.5, feature
//! `unsafe-fast-index`, its fastest configuration) on whole searches.
//!
//! One group per problem, two functions per group, `exact_cover` and `dlx`; each iteration
//! counts every solution of the problem. Why whole counts: that is what the engine is for
//! (`sudoku count`, uniqueness checks), and a whole search exercises cover, uncover and the
//! choice of item in their real proportions.
//!
//! What one iteration includes, for both engines alike: building the dancing links from a
//! problem whose names are already resolved, then the search. Our [`exact_cover::Solver::count`]
//! builds its links inside the call (there is no way to hand it prebuilt links), so the `dlx`
//! side builds its problem from item indices inside the iteration too. Parsing the text is
//! outside the timed part for both. See `benches/common/mod.rs`.
//!
//! Both engines walk the same search tree (minimum remaining values, ties to the leftmost,
//! options in file order); before timing, each problem is counted once by both and the result
//! checked against the published count, and the two node counts against each other.
//!
//! Samples are few (10, flat sampling: every sample is one iteration for these long
//! routines) so the whole bench takes a few minutes on a 2-core machine. For a quick table of
//! CPU times and ratios, see the `ratio` bench.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};

use common::{CASES, Prepared};

fn engines(c: &mut Criterion) {
    for case in CASES {
        let prepared = Prepared::new(case);
        // The check runs three counts (ours, dlx, dlx through its own reader); a third of its
        // time is a rough cost of one iteration, used to give criterion enough time for its
        // ten samples without warnings.
        let start = Instant::now();
        prepared.check();
        let per_run = start.elapsed() / 3;

        let mut group = c.benchmark_group(case.name);
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3).max(per_run * 12));
        group.bench_function("exact_cover", |b| {
            b.iter(|| black_box(&prepared).count_ours().solutions)
        });
        group.bench_function("dlx", |b| {
            b.iter(|| black_box(&prepared).count_dlx().solutions)
        });
        group.finish();
    }
}

criterion_group!(benches, engines);
criterion_main!(benches);
