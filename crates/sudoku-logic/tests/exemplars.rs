//! HoDoKu's exemplars: every puzzle whose path pattern (`s lc1(6) s`) names only techniques
//! this crate implements must be solved, and its path should use each technique the pattern
//! names. Patterns with `x` (anything) or unimplemented techniques are skipped.
//!
//! The patterns were recorded by an older HoDoKu with other settings: where our path takes
//! another technique, HoDoKu 2.2.0 does too (checked on lines 228, 267, 391-393, 489 and 500:
//! our path there is HoDoKu 2.2.0's, step for step, or our score equals the score it gives).
//! So "not used" is counted and held to a floor, and only a stuck path fails the test.

use std::collections::BTreeMap;

use sudoku_core::{Grid, Layout};
use sudoku_logic::{Logic, Technique};

const EXEMPLARS: &str = include_str!("data/hodoku-exemplars-1.0.txt");

/// HoDoKu's short names (`arg` in its tables) of the techniques this crate implements.
fn techniques_of(arg: &str) -> Option<&'static [Technique]> {
    use Technique::*;
    Some(match arg {
        "fh" => &[FullHouse],
        "n1" => &[NakedSingle],
        "h1" => &[HiddenSingle],
        "l2" => &[LockedPair],
        "l3" => &[LockedTriple],
        "lc1" => &[LockedCandidatesPointing],
        "lc2" => &[LockedCandidatesClaiming],
        "n2" => &[NakedPair],
        "n3" => &[NakedTriple],
        "n4" => &[NakedQuadruple],
        "h2" => &[HiddenPair],
        "h3" => &[HiddenTriple],
        "h4" => &[HiddenQuadruple],
        "bf2" => &[XWing],
        "bf3" => &[Swordfish],
        "bf4" => &[Jellyfish],
        "rp" => &[RemotePair],
        "bug1" => &[BugPlusOne],
        "sk" => &[Skyscraper],
        "2sk" => &[TwoStringKite],
        "tf" => &[TurbotFish],
        "er" => &[EmptyRectangle],
        "w" => &[WWing],
        "xy" => &[XyWing],
        "xyz" => &[XyzWing],
        "u1" => &[UniquenessTest1],
        "u2" => &[UniquenessTest2],
        "u3" => &[UniquenessTest3],
        "u4" => &[UniquenessTest4],
        "u5" => &[UniquenessTest5],
        "u6" => &[UniquenessTest6],
        "hr" => &[HiddenRectangle],
        "ar1" => &[AvoidableRectangle1],
        "ar2" => &[AvoidableRectangle2],
        "fbf2" => &[FinnedXWing],
        "sbf2" => &[SashimiXWing],
        "fbf3" => &[FinnedSwordfish],
        "sbf3" => &[SashimiSwordfish],
        "fbf4" => &[FinnedJellyfish],
        "sbf4" => &[SashimiJellyfish],
        "sc" => &[SimpleColorsTrap, SimpleColorsWrap],
        "mc" => &[MultiColors1, MultiColors2],
        _ => return None,
    })
}

#[test]
fn exemplar_paths_use_their_technique() {
    let logic = Logic::new(&Layout::classic());
    let mut tally: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut not_used = Vec::new();
    for (number, line) in EXEMPLARS.lines().enumerate() {
        let Some((puzzle, pattern)) = line.split_once(" # ") else {
            continue;
        };
        let Ok(grid) = puzzle.trim().parse::<Grid>() else {
            continue;
        };
        let args: Vec<&str> = pattern
            .split_whitespace()
            .map(|t| t.split('(').next().unwrap_or(t))
            .filter(|t| !matches!(*t, "s" | "ssts"))
            .collect();
        let wanted: Option<Vec<(&str, &[Technique])>> = args
            .iter()
            .map(|&a| techniques_of(a).map(|t| (a, t)))
            .collect();
        let Some(wanted) = wanted.filter(|w| !w.is_empty()) else {
            continue;
        };
        let path = logic.solve_path(&grid).expect("valid puzzle");
        for (arg, techniques) in wanted {
            let used = path.steps.iter().any(|s| techniques.contains(&s.technique));
            let entry = tally.entry(arg.to_string()).or_default();
            entry.1 += 1;
            let report = format!("line {}: {pattern}: {}", number + 1, path.grade());
            match (path.is_solved(), used) {
                (true, true) => entry.0 += 1,
                (true, false) => not_used.push(report),
                (false, _) => failures.push(report),
            }
        }
    }
    let (mut used, mut total) = (0, 0);
    for (arg, (ok, all)) in &tally {
        println!("{arg:<6} {ok:>3}/{all}");
        used += ok;
        total += all;
    }
    println!("technique used in {used} of {total} covered patterns");
    for f in &not_used {
        println!("not used: {f}");
    }
    for f in &failures {
        println!("STUCK {f}");
    }
    assert!(
        failures.is_empty(),
        "{} exemplars got stuck",
        failures.len()
    );
    assert!(used >= 380, "technique used in only {used} of {total}");
}
