//! Split counts asked for parts that do not exist are refused with a typed error, before
//! anything is searched; a split stopped from outside says so.

use std::time::Instant;

use exact_cover::{MAX_PARTS, PartError, StopReason};

fn langford_8() -> exact_cover::Problem {
    exact_cover::parse(include_str!("data/langford-8.dlx"))
        .expect("the test file parses")
        .problem
}

#[test]
fn parts_that_do_not_exist_are_refused() {
    let problem = langford_8();
    let solver = problem.solver();
    assert_eq!(solver.count_part(0, 0, 1), Err(PartError::Parts(0)));
    assert_eq!(
        solver.count_part(0, MAX_PARTS + 1, 1),
        Err(PartError::Parts(MAX_PARTS + 1))
    );
    assert_eq!(
        solver.count_part(3, 3, 1),
        Err(PartError::Part { part: 3, parts: 3 })
    );
    assert_eq!(solver.parts(0), Err(PartError::Parts(0)));
    assert_eq!(solver.parts(usize::MAX), Err(PartError::Parts(usize::MAX)));
    assert_eq!(
        PartError::Part { part: 3, parts: 3 }.to_string(),
        "there is no part 3 of 3: they are numbered 0 to 2"
    );
    assert!(exact_cover::check_parts(MAX_PARTS).is_ok());
    // The parts that do exist still add up.
    let sum: u64 = (0..3)
        .map(|k| solver.count_part(k, 3, 1).expect("a part").solutions)
        .sum();
    assert_eq!(sum, 300);
}

#[test]
fn a_split_stopped_by_the_deadline_says_so() {
    // Langford pairs of order 12: the split into 1000 parts goes deep enough (2.8 million
    // nodes in the whole tree) to meet a look at the clock.
    let problem = exact_cover::parse(include_str!("data/langford-12.dlx"))
        .expect("the test file parses")
        .problem;
    let solver = problem.solver().deadline(Instant::now());
    assert_eq!(
        solver.parts(1000),
        Err(PartError::Stopped(StopReason::Deadline))
    );
    let part = solver.count_part(0, 1000, 1).expect("a part that exists");
    assert_eq!(part.stopped, Some(StopReason::Deadline));
}
