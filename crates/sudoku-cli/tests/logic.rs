//! `sudoku rate`, `hint` and `explain` through the built binary: grades per puzzle in input
//! order, hints in three stages and two languages, mistakes before hints, whole paths, and the
//! input forms (puzzle, pencil marks, HoDoKu library line).

mod common;

use common::{assert_contains, sudoku};

/// An easy puzzle (singles and a locked triple) and a harder one (top1465's first).
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn rate_grades_each_puzzle_in_order() {
    let input = format!("{EASY}\n.4..............\n{HARD}\n11..............\n");
    let run = sudoku(&["rate"], Some(&input));
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4);
    let easy: Vec<&str> = lines[0].split('\t').collect();
    assert_eq!(easy[0], "easy", "{}", lines[0]);
    assert!(easy[1].parse::<u32>().expect("a score") <= 800);
    assert_eq!(lines[1], "", "several solutions are not rated");
    assert!(
        ["medium", "hard", "unfair", "extreme", "beyond"]
            .contains(&lines[2].split('\t').next().unwrap_or("")),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3], "");
    assert_contains(&run.stderr, "line 2: not rated: several solutions");
    assert_contains(&run.stderr, "line 4: invalid givens");
    let json = sudoku(
        &["rate", "--format", "json", "--jobs", "2"],
        Some(&format!("{EASY}\tmine\n")),
    );
    let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("JSON");
    assert_eq!(value["level"], "easy");
    assert_eq!(value["label"], "mine");
    assert!(value["steps"].as_u64().expect("steps") > 40);
    let line = sudoku(&["rate", "--format", "line"], Some(&format!("{EASY}\n")));
    assert!(
        line.stdout.starts_with(&format!("{EASY}\teasy ")),
        "{}",
        line.stdout
    );
}

#[test]
fn hints_teach_in_three_stages() {
    let texts: Vec<String> = (1..=3)
        .map(|stage| {
            let run = sudoku(&["hint", "--stage", &stage.to_string(), HARD], None);
            assert_eq!(run.code, Some(0), "{}", run.stderr);
            run.stdout.trim().to_string()
        })
        .collect();
    assert_eq!(texts[0], "Try a Hidden Single.");
    assert_eq!(texts[1], "Look for a Hidden Single in b8.");
    assert_eq!(
        texts[2],
        "Hidden Single 1 in b8: places 1 in r8c6. 1 has one place left in b8, r8c6: the 1s in \
         r6c5 and r9c1 see every other empty cell of b8."
    );
    let zh = sudoku(&["hint", "--stage", "3", "--lang", "zh", HARD], None);
    assert_contains(&zh.stdout, "r8c6");
    assert!(
        zh.stdout
            .chars()
            .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
        "{}",
        zh.stdout
    );
    let json = sudoku(&["hint", "--format", "json", "--stage", "2", HARD], None);
    let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("JSON");
    assert_eq!(value["kind"], "step");
    assert_eq!(value["text"], texts[1]);
    assert_eq!(value["step"]["placements"][0], "1r8c6");
}

#[test]
fn a_wrong_digit_is_pointed_out_instead_of_a_hint() {
    // HARD with a wrong 2 in r1c2 and a right 7 in r1c3, as a library line (`+d` = placed).
    let line = ":0000:1:4+2+7...8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:::";
    let run = sudoku(&["hint", line], None);
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout.trim(), "r1c2 holds 2, which is not its digit");
}

#[test]
fn pencil_marks_and_bad_positions() {
    let several = "|1 2 34 34|\n|34 34 1 2|\n|2 1 34 34|\n|34 34 2 1|\n";
    let run = sudoku(&["hint", "-"], Some(several));
    assert_eq!(run.code, Some(1));
    assert_contains(&run.stderr, "several solutions");
    // A unique 4x4 position given as pencil marks.
    let marks = "|1 2 3 4|\n|34 4 1 2|\n|2 1 4 3|\n|4 3 2 1|\n";
    let run = sudoku(&["hint", "--stage", "3", "-"], Some(marks));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_contains(&run.stdout, "r2c1");
    let bad = sudoku(
        &["hint", "-"],
        Some("|1 2 3 4|\n|34 x 1 2|\n|2 1 4 3|\n|4 3 2 1|\n"),
    );
    assert_eq!(bad.code, Some(2));
    let none = sudoku(&["explain", "-"], Some(""));
    assert_eq!(none.code, Some(2));
    assert_contains(&none.stderr, "no puzzle found");
    // A file name that names no file is said to be missing (it was read as a 10x10 puzzle
    // and blamed for its letters), and a file that is not text says where it stops.
    for missing in ["nosuch.txt", "/nonexistent/p.txt"] {
        let run = sudoku(&["hint", missing], None);
        assert_eq!(run.code, Some(2), "{missing}");
        assert_contains(&run.stderr, &format!("{missing}: no such file"));
    }
    let dir = std::env::temp_dir().join(format!("sudoku-hint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let binary = dir.join("p.bin");
    std::fs::write(&binary, b"4.....8.5\xff\xfe").expect("written");
    let run = sudoku(&["explain", binary.to_str().expect("UTF-8 path")], None);
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "not UTF-8 text (byte 10 ");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--style intuitive`: one placement a step, without pencil marks; the easy puzzle is solved
/// that way, the hard one stops where it needs marks (exit 1), in both languages.
#[test]
fn explain_in_the_intuitive_style() {
    let run = sudoku(&["explain", "--style", "intuitive", EASY], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let last = lines[lines.len() - 1];
    assert!(
        last.starts_with("solved without pencil marks in "),
        "{last}"
    );
    let steps = &lines[..lines.len() - 1];
    assert!(
        steps
            .iter()
            .all(|l| l.contains("places ") && !l.contains("removes ")),
        "{}",
        run.stdout
    );
    let json = sudoku(
        &["explain", "--style", "intuitive", "--format", "json", EASY],
        None,
    );
    let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("JSON");
    assert_eq!(value["style"], "intuitive");
    assert_eq!(value["steps"].as_array().map(Vec::len), Some(steps.len()));
    let hard = sudoku(
        &["explain", "--style", "intuitive", "--lang", "zh", HARD],
        None,
    );
    assert_eq!(hard.code, Some(1), "{}", hard.stderr);
    assert_contains(&hard.stdout, "此后需要候选数");
    let bad = sudoku(&["explain", "--style", "marks", EASY], None);
    assert_eq!(bad.code, Some(2));
    assert_contains(&bad.stderr, "intuitive");
}

#[test]
fn explain_prints_the_whole_path() {
    let run = sudoku(&["explain", EASY], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines.len() > 40);
    assert!(lines[0].trim_start().starts_with("1. "), "{}", lines[0]);
    assert!(
        lines[lines.len() - 1].starts_with("solved: easy"),
        "{}",
        run.stdout
    );
    let json = sudoku(&["explain", "--format", "json", EASY], None);
    let value: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("JSON");
    assert_eq!(value["outcome"], "solved");
    assert_eq!(
        value["steps"].as_array().map(Vec::len),
        Some(lines.len() - 1)
    );
    assert_eq!(value["end"].as_str().map(|s| s.contains('.')), Some(false));
}
