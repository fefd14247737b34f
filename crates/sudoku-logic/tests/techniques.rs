//! Techniques on small hand-made positions, most of them on grids other than 9x9 (the 9x9
//! cases are HoDoKu's regression library, `tests/reglib.rs`).

use sudoku_core::{Cell, Digit, Grid, Layout, Shape, Variant};
use sudoku_logic::{Candidates, DigitSet, Lang, Level, Logic, Step, Technique};

/// An empty grid of a shape with some cells' candidates narrowed: `marks` are pairs
/// (cell, digits), e.g. `("r1c1", "12")`.
fn position(shape: &str, marks: &[(&str, &str)]) -> (Logic, Candidates) {
    let shape: Shape = shape.parse().unwrap();
    let layout = Layout::new(shape);
    position_in(layout, marks)
}

fn position_in(layout: Layout, marks: &[(&str, &str)]) -> (Logic, Candidates) {
    let logic = Logic::new(&layout);
    let mut pos = logic.start(&Grid::empty(layout.shape())).unwrap();
    for (cell, digits) in marks {
        let cell: Cell = cell.parse().unwrap();
        let set: DigitSet = digits.chars().filter_map(Digit::from_char).collect();
        pos.restrict(cell, set);
    }
    (logic, pos)
}

/// Removes digit `d` from every cell of row `row` (from 1) except the listed columns.
fn only_in_row(d: usize, row: usize, cols: &[usize], n: usize) -> Vec<(String, String)> {
    let others: String = (1..=n)
        .filter(|&x| x != d)
        .map(|x| Digit::new(x).unwrap().to_char())
        .collect();
    (1..=n)
        .filter(|c| !cols.contains(c))
        .map(|c| (format!("r{row}c{c}"), others.clone()))
        .collect()
}

fn texts(steps: &[Step]) -> Vec<String> {
    steps.iter().map(|s| s.explain(Lang::En)).collect()
}

#[test]
fn naked_pair_on_4x4() {
    let (logic, pos) = position("2x2", &[("r1c1", "12"), ("r1c3", "12")]);
    let steps = logic.find_steps(&pos, Technique::NakedPair);
    assert_eq!(
        texts(&steps),
        [
            "Naked Pair 1,2 in r1c13: removes 1 from r1c2, r1c4; removes 2 from r1c2, r1c4. \
             r1c1 and r1c3 hold only 1 and 2 between them, so those 2 digits fill those 2 cells \
             and leave the other cells of r1."
        ]
    );
}

#[test]
fn locked_pair_on_6x6_clears_row_and_box() {
    let (logic, pos) = position("2x3", &[("r1c1", "56"), ("r1c2", "56")]);
    let steps = logic.find_steps(&pos, Technique::LockedPair);
    assert_eq!(steps.len(), 1);
    // r1c3..r1c6 and r2c1..r2c3 lose 5 and 6.
    assert_eq!(steps[0].eliminations.len(), 2 * 7);
}

#[test]
fn hidden_pair_on_6x6() {
    // Row 3: 5 and 6 only in r3c2 and r3c6.
    let marks: Vec<(&str, &str)> = (1..=6)
        .filter(|c| ![2, 6].contains(c))
        .map(|c| {
            (
                ["r3c1", "r3c2", "r3c3", "r3c4", "r3c5", "r3c6"][c - 1],
                "1234",
            )
        })
        .collect();
    let (logic, pos) = position("2x3", &marks);
    let steps = logic.find_steps(&pos, Technique::HiddenPair);
    let texts = texts(&steps);
    assert!(
        texts.iter().any(|t| t.starts_with("Hidden Pair 5,6 in r3c26: removes 1 from r3c2, r3c6; removes 2 from r3c2, r3c6; removes 3 from r3c2, r3c6; removes 4 from r3c2, r3c6. In r3, 5 and 6 can go only in r3c2 and r3c6")),
        "{texts:?}"
    );
}

#[test]
fn pointing_on_6x6() {
    // Box 1 is r1-2 c1-3; digit 3 only in r1c1, r1c2 there.
    let marks = [
        ("r1c3", "12456"),
        ("r2c1", "12456"),
        ("r2c2", "12456"),
        ("r2c3", "12456"),
    ];
    let (logic, pos) = position("2x3", &marks);
    let steps = logic.find_steps(&pos, Technique::LockedCandidatesPointing);
    assert_eq!(
        texts(&steps),
        [
            "Locked Candidates Type 1 (Pointing) 3 in b1 r1: removes 3 from r1c4, r1c5, r1c6. \
             Every 3 of b1 is in r1 (r1c1 and r1c2): the 3 of b1 is there, so no other cell of \
             r1 can hold 3."
        ]
    );
}

#[test]
fn x_wing_on_6x6() {
    let mut owned = only_in_row(1, 1, &[2, 5], 6);
    owned.extend(only_in_row(1, 4, &[2, 5], 6));
    let marks: Vec<(&str, &str)> = owned
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let (logic, pos) = position("2x3", &marks);
    let steps = logic.find_steps(&pos, Technique::XWing);
    assert_eq!(
        texts(&steps),
        [
            "X-Wing 1 in r14 c25: removes 1 from r2c2, r2c5, r3c2, r3c5, r5c2, r5c5, r6c2, r6c5. \
             Each of r1 and r4 needs its 1 in c2 or c5: the 1s of r1 and r4 take c2 and c5, so 1 \
             leaves their other cells."
        ]
    );
    assert_eq!(
        steps[0].explain(Lang::Zh),
        "X翼 1 在 r14 c25：删除 r2c2、r2c5、r3c2、r3c5、r5c2、r5c5、r6c2、r6c5 的 1。r1、r4 的 1 \
         都只能落在 c2、c5 中：它们占满 c2、c5，所以 c2、c5 的其他格删除 1。"
    );
}

/// A Uniqueness Test 3 whose naked subset takes 4 cells beside the two extra corners (5
/// digits), which HoDoKu finds (its search of the house has no bound) and a search that
/// stopped at 3 cells missed. The rectangle r12c14 on 1 and 2, extra digits 3 (r1c1) and 4
/// (r1c4); with r1c5-r1c8 (3,5 / 5,6 / 6,7 / 7,3) the corners act as a sixth cell of a
/// naked quintuple 3-7 in r1, so r1c2, r1c3 and r1c9 lose 3 to 7.
#[test]
fn uniqueness_test_3_with_four_more_cells() {
    let (logic, pos) = position(
        "3x3",
        &[
            ("r1c1", "123"),
            ("r1c4", "124"),
            ("r2c1", "12"),
            ("r2c4", "12"),
            ("r1c5", "35"),
            ("r1c6", "56"),
            ("r1c7", "67"),
            ("r1c8", "37"),
        ],
    );
    let steps = logic.find_steps(&pos, Technique::UniquenessTest3);
    assert_eq!(steps.len(), 1, "{:?}", texts(&steps));
    let step = &steps[0];
    let extra = step.cells_with_role(sudoku_logic::Role::Extra);
    assert_eq!(extra.len(), 4, "{extra:?}");
    let mut removed: Vec<String> = step.eliminations.iter().map(|c| c.to_string()).collect();
    removed.sort();
    let mut expected: Vec<String> = (3..=7)
        .flat_map(|d| ["r1c2", "r1c3", "r1c9"].map(|c| format!("{d}{c}")))
        .collect();
    expected.sort();
    assert_eq!(removed, expected);
}

#[test]
fn xy_wing_on_6x6() {
    let marks = [("r1c1", "12"), ("r1c5", "13"), ("r2c2", "23")];
    let (logic, pos) = position("2x3", &marks);
    let steps = logic.find_steps(&pos, Technique::XyWing);
    assert_eq!(
        texts(&steps),
        [
            "XY-Wing 1,2,3 in r1c15,r2c2: removes 3 from r1c2, r1c3, r2c4, r2c5, r2c6. The pivot \
             r1c1 holds only 1 and 2, and each pincer (r1c5, r2c2) holds one of them and 3: \
             whichever the pivot takes, the pincer that shares it is left with 3. So r1c5 or \
             r2c2 is 3, and cells that see both lose 3."
        ]
    );
}

#[test]
fn hidden_single_on_a_diagonal() {
    let variant = Variant {
        diagonals: true,
        ..Variant::default()
    };
    let layout = Layout::with_variant("2x2".parse().unwrap(), variant).unwrap();
    // Digit 4 only in r4c4 on the main diagonal.
    let marks = [("r1c1", "123"), ("r2c2", "123"), ("r3c3", "123")];
    let (logic, pos) = position_in(layout, &marks);
    let steps = logic.find_steps(&pos, Technique::HiddenSingle);
    assert!(
        texts(&steps).contains(&"Hidden Single 4 in d1: places 4 in r4c4".to_string()),
        "{:?}",
        texts(&steps)
    );
}

#[test]
fn steps_serialize_for_the_web_page() {
    let (logic, pos) = position("2x2", &[("r1c1", "12"), ("r1c3", "12")]);
    let step = &logic.find_steps(&pos, Technique::NakedPair)[0];
    let json = serde_json::to_value(step).unwrap();
    assert_eq!(json["technique"]["code"], "0200");
    assert_eq!(json["technique"]["name"], "Naked Pair");
    assert_eq!(json["digits"], serde_json::json!([1, 2]));
    assert_eq!(json["eliminations"][0], "1r1c2");
    let roles: Vec<&str> = json["highlights"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["role"].as_str().unwrap())
        .collect();
    assert!(roles.contains(&"base") && roles.contains(&"pattern") && roles.contains(&"removed"));
}

#[test]
fn grades_follow_hodoku_thresholds() {
    // A singles-only puzzle (HoDoKu: Easy).
    let grid: Grid =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
    let logic = Logic::new(&Layout::classic());
    let grade = logic.grade(&grid).unwrap();
    assert_eq!(grade.level, Some(Level::Easy));
    assert!(grade.score <= Level::Easy.max_score());
    // HoDoKu's exemplar for Locked Candidates Type 1: Medium, 418 points.
    let grid: Grid =
        "........9.6....3..2.4....7...937.5.1.....2..3...15.7....1.24.....8.3.6...4.5....."
            .parse()
            .unwrap();
    let grade = logic.grade(&grid).unwrap();
    assert_eq!((grade.level, grade.score), (Some(Level::Medium), 418));
    assert_eq!(grade.hardest, Some(Technique::LockedCandidatesPointing));
}

#[test]
fn hard_puzzles_get_complete_paths() {
    // The first top1465 puzzle needs loops and ALSs (HoDoKu: Extreme, with forcing chains).
    let grid: Grid =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
            .parse()
            .unwrap();
    let logic = Logic::new(&Layout::classic());
    let path = logic.solve_path(&grid).unwrap();
    assert_eq!(path.outcome, sudoku_logic::Outcome::Solved);
    let grade = path.grade();
    assert_eq!(grade.level, Some(Level::Extreme));
    let chained = path.steps.iter().find(|s| !s.chains.is_empty()).unwrap();
    let eureka = chained.chains[0].eureka();
    assert!(chained.explain(Lang::En).contains(&eureka), "{eureka}");
    assert!(chained.explain(Lang::Zh).contains(&eureka), "{eureka}");
    let als = path.steps.iter().find(|s| !s.sets.is_empty()).unwrap();
    assert!(als.sets.len() >= 2);
    assert!(als.sets.iter().all(|s| s.digits.len() == s.cells.len() + 1));
}

/// Every step of the chain, ALS, Sue de Coq, Franken and forcing techniques, found on HoDoKu's
/// library positions, explains itself in both languages from its data: the short form names
/// its chains in Eureka notation and its ALSs as cells and digits, a plain-words reason
/// follows, and the Chinese text has no Latin letters but cell names and technique notation
/// (X, Y, Z, W).
#[test]
fn new_steps_explain_themselves() {
    use Technique::*;
    use sudoku_logic::reglib::parse_str;
    let layout = Layout::classic();
    let logic = Logic::new(&layout);
    let wanted = [
        XChain,
        XyChain,
        ContinuousNiceLoop,
        DiscontinuousNiceLoop,
        Aic,
        GroupedContinuousNiceLoop,
        GroupedDiscontinuousNiceLoop,
        GroupedAic,
        AlsXz,
        AlsXyWing,
        AlsXyChain,
        SueDeCoq,
        FrankenSwordfish,
        FinnedFrankenSwordfish,
        FinnedFrankenJellyfish,
    ];
    let mut seen = std::collections::BTreeSet::new();
    for entry in parse_str(include_str!("data/hodoku-reglib-1.3.txt")) {
        let line = entry.unwrap();
        let Some(t) = Technique::from_code(&line.code).filter(|t| wanted.contains(t)) else {
            continue;
        };
        let pos = line.position(&layout).unwrap();
        for step in logic.find_steps(&pos, t) {
            seen.insert(step.technique);
            check_explained(&step);
        }
    }
    // Forcing chains and nets, and Brute Force, on the paths of two hard puzzles.
    for puzzle in [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.",
    ] {
        let path = logic.solve_path(&puzzle.parse().unwrap()).unwrap();
        for step in path
            .steps
            .iter()
            .filter(|s| s.technique.level() == Level::Extreme)
        {
            seen.insert(step.technique);
            check_explained(step);
        }
    }
    for t in wanted
        .iter()
        .chain(&[ForcingChainContradiction, ForcingNetVerity, BruteForce])
    {
        assert!(seen.contains(t), "no {t} step was explained");
    }
}

/// Siamese fish (with the option on) are named as such in both languages, with a reason;
/// without the option there are none. (Their eliminations are checked against HoDoKu's in
/// `tests/reglib.rs`.)
#[test]
fn siamese_fish_explain_themselves() {
    use sudoku_logic::Options;
    use sudoku_logic::reglib::parse_str;
    let layout = Layout::classic();
    let options = Options {
        siamese_fish: true,
        ..Options::default()
    };
    let (plain, siamese) = (Logic::new(&layout), Logic::with_options(&layout, options));
    let mut found = 0;
    for entry in parse_str(include_str!("data/hodoku-reglib-1.3.txt")) {
        let line = entry.unwrap();
        if line.code.len() != 5 || !line.code.starts_with("03") {
            continue;
        }
        let t = Technique::from_code(&line.code[..4]).unwrap();
        let pos = line.position(&layout).unwrap();
        let single = plain.find_steps(&pos, t);
        assert!(single.iter().all(|s| !s.siamese), "only with the option");
        for step in siamese.find_steps(&pos, t).iter().filter(|s| s.siamese) {
            found += 1;
            check_explained(step);
            let en = step.explain(Lang::En);
            assert!(en.starts_with(&format!("Siamese {}", t.name())), "{en}");
            assert!(
                step.explain(Lang::Zh)
                    .starts_with(&format!("连体{}", t.name_zh()))
            );
        }
    }
    assert!(found >= 26, "{found} Siamese fish");
}

/// Grouped chains through almost locked sets (with the option on) write each set as one
/// Eureka term of two digits, `(6=5)r13c9`, name the sets, and explain themselves; without
/// the option no chain passes through a set.
#[test]
fn chains_through_alses_explain_themselves() {
    use sudoku_logic::Options;
    use sudoku_logic::reglib::parse_str;
    let layout = Layout::classic();
    let options = Options {
        als_in_chains: true,
        ..Options::default()
    };
    let (plain, with_als) = (Logic::new(&layout), Logic::with_options(&layout, options));
    let mut found = 0;
    for entry in parse_str(include_str!("data/hodoku-reglib-1.3.txt")) {
        let line = entry.unwrap();
        if !matches!(line.code.as_str(), "0709" | "0710" | "0711") {
            continue;
        }
        let t = Technique::from_code(&line.code).unwrap();
        let pos = line.position(&layout).unwrap();
        assert!(plain.find_steps(&pos, t).iter().all(|s| s.sets.is_empty()));
        for step in with_als
            .find_steps(&pos, t)
            .iter()
            .filter(|s| !s.sets.is_empty())
        {
            found += 1;
            check_explained(step);
            let eureka = step.chains[0].eureka();
            assert!(
                step.sets.iter().any(|set| {
                    let cells: Vec<sudoku_core::Cell> = set.cells.clone();
                    eureka.contains(&format!(
                        "){}",
                        sudoku_logic::explain::compress_cells(&cells)
                    ))
                }),
                "{eureka}"
            );
        }
    }
    assert!(found >= 40, "{found} chains through ALSs");
}

fn check_explained(step: &Step) {
    let (en, zh) = (step.explain(Lang::En), step.explain(Lang::Zh));
    let reason_en = step.reason(Lang::En).expect("a reason in English");
    let reason_zh = step.reason(Lang::Zh).expect("a reason in Chinese");
    assert!(en.ends_with(&reason_en) && zh.ends_with(&reason_zh), "{en}");
    for chain in &step.chains {
        assert!(
            en.contains(&chain.eureka()) && zh.contains(&chain.eureka()),
            "{en}"
        );
        assert_eq!(chain.links.len() + 1, chain.nodes.len());
    }
    for set in &step.sets {
        assert!(en.contains(&set.to_string()), "{en}");
    }
    for e in &step.eliminations {
        assert!(
            en.contains(&e.cell.to_string()) && zh.contains(&e.cell.to_string()),
            "{en}"
        );
    }
    // Latin letters in the Chinese text: only in cell and house names (r1c2, r12c3, b2) and
    // notation.
    let bytes = zh.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if !b.is_ascii_alphabetic() || b"XYZW".contains(&b) {
            continue;
        }
        let next_digit = bytes.get(i + 1).is_some_and(|c| c.is_ascii_digit());
        assert!(
            matches!(b, b'r' | b'c' | b'b') && next_digit,
            "Latin letters in {zh}"
        );
    }
}

/// A solve path remembers which searches found nothing (see the solver's memo) and skips them
/// while what they read is unchanged; that must never change the path. At every position of
/// the paths of hard puzzles where the path takes a step beyond the singles, a fresh search
/// with nothing remembered finds the same step.
#[test]
fn remembered_searches_never_change_the_path() {
    let layout = Layout::classic();
    let logic = Logic::new(&layout);
    // Lines 771, 1026 and 1344 of magictour top1465: their paths take a Finned Franken
    // Swordfish, found on a digit where that search found nothing at earlier steps.
    let franken = [
        "..247..58..............1.4.....2...9528.9.4....9...1.........3.3....75..685..2...",
        ".36....4...75.........3......49...6.7...4.8..6.....37..59.........1..7594..6.....",
        ".2....9......164..3..94......23...8..............79..6.918..7...3...5.6...5.....3",
    ];
    let text = include_str!("data/magictour_top1465.txt");
    let mut checked = 0;
    for line in franken.into_iter().chain(text.lines().take(8)) {
        let grid: Grid = line.trim().parse().unwrap();
        let mut pos = logic.start(&grid).unwrap();
        for step in logic.solve_path(&grid).unwrap().steps {
            if step.technique.level() > Level::Easy {
                let fresh = logic.next_step(&pos).expect("a step");
                assert_eq!(format!("{fresh:?}"), format!("{step:?}"), "{line}");
                checked += 1;
            }
            pos.apply(&layout, &step);
        }
    }
    assert!(checked > 50, "{checked} steps checked");
}
