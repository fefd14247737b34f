//! `sudoku print` through the built binary: a book written as a file per page, answers at
//! the back, and nothing written when a puzzle or an option is wrong.

mod common;

use common::{assert_contains, sudoku};

const PUZZLES: &str = "\
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... first
52...6.........7.13...........4..8..6......5...........418.........3..2...87..... second
6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1.... third
";

fn svg_files(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".svg"))
        .collect();
    names.sort();
    names
}

#[test]
fn a_book_is_a_file_per_page_with_answers_at_the_back() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("book.svg");
    let out = out.to_str().expect("a UTF-8 path");
    let run = sudoku(
        &[
            "print",
            "-",
            "-o",
            out,
            "--answers",
            "--title",
            "Three",
            "--per-page",
            "2",
        ],
        Some(PUZZLES),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        svg_files(dir.path()),
        ["book-1.svg", "book-2.svg", "book-3.svg"]
    );
    assert_eq!(run.stdout.lines().count(), 3, "the files are listed");
    let first = std::fs::read_to_string(dir.path().join("book-1.svg")).expect("page 1");
    assert_contains(&first, ">Three</text>");
    assert_contains(&first, ">1 · first</text>");
    assert_contains(&first, ">2 · second</text>");
    let answers = std::fs::read_to_string(dir.path().join("book-3.svg")).expect("page 3");
    assert_contains(&answers, ">Three: answers</text>");
    assert_contains(&answers, ">3 · third</text>");
}

#[test]
fn nothing_is_written_for_a_broken_puzzle_or_a_wrong_option() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("book.svg");
    let out = out.to_str().expect("a UTF-8 path");
    // Line 2 has several solutions.
    let input = format!(
        "{}\n.4..............\n",
        PUZZLES.lines().next().unwrap_or("")
    );
    let run = sudoku(&["print", "-", "-o", out], Some(&input));
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "line 2: the puzzle has several solutions");
    let run = sudoku(
        &["print", "-", "-o", out],
        Some("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....x\n"),
    );
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "line 1");
    for (args, says) in [
        (vec!["--per-page", "7"], "--per-page `7`"),
        (vec!["--paper", "b9"], "`b9` is not a paper size"),
        (vec!["--per-page", "6x6", "--paper", "a5"], "under 30 mm"),
    ] {
        let mut all = vec!["print", "-", "-o", out];
        all.extend(args);
        // Refused before the input is read (so none is given: the pipe would be closed).
        let run = sudoku(&all, None);
        assert_eq!(run.code, Some(2), "{all:?}");
        assert_contains(&run.stderr, says);
    }
    let doc = dir.path().join("book.docx");
    let run = sudoku(&["print", "-", "-o", doc.to_str().expect("UTF-8")], None);
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "name the output NAME.pdf");
    assert!(svg_files(dir.path()).is_empty(), "nothing was written");
}

#[test]
fn a_walkthrough_is_the_puzzle_then_its_steps() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("walk.svg");
    let out = out.to_str().expect("a UTF-8 path");
    let first = PUZZLES.lines().next().unwrap_or("");
    let run = sudoku(
        &["print", "--walkthrough", "--lang", "zh", "-", "-o", out],
        Some(first),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let pages = svg_files(dir.path());
    assert!(pages.len() > 5, "{pages:?}");
    let cover = std::fs::read_to_string(dir.path().join(&pages[0])).expect("page 1");
    assert_contains(&cover, ">解题步骤</text>");
    assert_contains(&cover, "难度：medium");
    let every = dir.path().join("every.svg");
    let run = sudoku(
        &[
            "print",
            "--walkthrough",
            "--every-step",
            "-",
            "-o",
            every.to_str().expect("UTF-8"),
        ],
        Some(first),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.lines().count() > pages.len(),
        "one diagram per step is longer"
    );
    let run = sudoku(
        &["print", "--walkthrough", "-", "-o", out],
        Some(".4..............\n"),
    );
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "several solutions");
}

#[test]
fn a_pdf_is_one_document() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("book.pdf");
    let out = out.to_str().expect("a UTF-8 path");
    let run = sudoku(&["print", "-", "-o", out, "--answers"], Some(PUZZLES));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.trim(), out);
    let bytes = std::fs::read(out).expect("the PDF");
    assert!(bytes.starts_with(b"%PDF-"));
    // A title the embedded font cannot show is refused, and nothing is written.
    let snow = dir.path().join("snow.pdf");
    let run = sudoku(
        &[
            "print",
            "-",
            "-o",
            snow.to_str().expect("UTF-8"),
            "--title",
            "☃",
        ],
        Some(PUZZLES),
    );
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "no glyph for `☃`");
    assert!(!snow.exists());
}

#[test]
fn a_generated_book_is_the_same_for_the_same_seed() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let page = |name: &str| {
        let out = dir.path().join(name);
        let args = ["print", "--generate", "3", "--rung", "easy", "--seed", "42"];
        let mut all = args.to_vec();
        all.extend(["--lang", "zh", "-o", out.to_str().expect("UTF-8")]);
        let run = sudoku(&all, None);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let first = run.stdout.lines().next().expect("a page").to_string();
        std::fs::read_to_string(first).expect("the page")
    };
    let (a, b) = (page("a.svg"), page("b.svg"));
    assert_eq!(a, b, "the same seed, the same puzzles");
    assert_contains(&a, ">1 · 简单</text>");
    let run = sudoku(&["print", "--generate", "0", "-o", "x.svg"], None);
    assert_eq!(run.code, Some(2), "at least one puzzle");
    let run = sudoku(
        &[
            "print",
            "--generate",
            "2",
            "--rung",
            "hardest",
            "-o",
            "x.svg",
        ],
        None,
    );
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "not a rung");
}

#[test]
fn a_workbook_is_written_for_books_only() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("book.xlsx");
    let out = out.to_str().expect("a UTF-8 path");
    let run = sudoku(&["print", "-", "-o", out, "--answers"], Some(PUZZLES));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(std::fs::read(out).expect("the workbook").starts_with(b"PK"));
    let run = sudoku(&["print", "--walkthrough", "-", "-o", out], Some(PUZZLES));
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "--walkthrough is printed as PDF or SVG");
}
