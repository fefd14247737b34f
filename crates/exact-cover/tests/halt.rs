//! Stopping a search from outside: a deadline that has passed, or a raised flag, ends every
//! way of running a search at its next look (every few thousand nodes), with the reason.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use exact_cover::{Problem, StopReason};

/// Langford pairs of order 12: 2.8 million nodes to count, so a search stopped early is
/// far from its end.
fn langford() -> Problem {
    let text = include_str!("data/langford-12.dlx");
    exact_cover::parse(text)
        .expect("the test file parses")
        .problem
}

/// Nodes a stopped search may have visited: one slice between looks, and some slack.
const ONE_SLICE: u64 = 10_000;

#[test]
fn a_passed_deadline_stops_counting_solving_and_the_parallel_count() {
    let problem = langford();
    let past = Instant::now();
    let solver = problem.solver().deadline(past);
    let count = solver.count();
    assert_eq!(count.stopped, Some(StopReason::Deadline));
    assert!(
        count.stats.nodes <= ONE_SLICE,
        "{} nodes",
        count.stats.nodes
    );

    let mut search = solver.solutions();
    let found = search.by_ref().count();
    assert_eq!(search.stopped(), Some(StopReason::Deadline));
    assert!(found < 216_288);

    let parallel = solver.count_parallel(2);
    assert_eq!(parallel.stopped, Some(StopReason::Deadline));
    assert!(parallel.solutions < 216_288);
}

#[test]
fn a_deadline_far_ahead_changes_nothing() {
    let problem = langford();
    let later = Instant::now() + Duration::from_secs(3600);
    let text = include_str!("data/langford-8.dlx");
    let small = exact_cover::parse(text).unwrap().problem;
    let count = small.solver().deadline(later).count();
    assert_eq!(count.stopped, None);
    assert_eq!(count.solutions, 300);
    assert_eq!(count.stats.nodes, 2_789);
    // The flag wins over a deadline that has not come.
    let flag = Arc::new(AtomicBool::new(true));
    let stopped = problem.solver().deadline(later).stop_flag(flag).count();
    assert_eq!(stopped.stopped, Some(StopReason::Flag));
}
