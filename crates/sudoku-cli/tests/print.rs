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
        // Said as written, not as 309 digits.
        (
            vec!["--gutter", "1e308"],
            "a gutter of 1e308 mm: give 0 to 40 mm",
        ),
        (vec!["--bleed=-0.5"], "a bleed of -0.5 mm: give 0 to 10 mm"),
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
    assert_contains(&cover, "难度：中等");
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
    // A title no font has is refused, naming the option and the character; nothing is
    // written.
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
        None,
    );
    assert_eq!(run.code, Some(2));
    assert_contains(&run.stderr, "--title: no font has a glyph for `☃` (U+2603)");
    assert_contains(&run.stderr, "--font FILE");
    assert!(!snow.exists());
}

/// Ordinary titles and labels print out of the box (each failed for want of a glyph); a
/// label no font has names its line and the character, and stops before anything is
/// written; `--font FILE` supplies what the fonts built in lack.
#[test]
fn any_common_title_or_label_prints_and_a_missing_glyph_names_its_line() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("book.pdf");
    let out = out.to_str().expect("a UTF-8 path");
    let pdftotext = |pdf: &str| {
        let text = std::process::Command::new("pdftotext")
            .args([pdf, "-"])
            .output()
            .expect("pdftotext runs (poppler-utils)");
        String::from_utf8_lossy(&text.stdout).into_owned()
    };
    let lines: Vec<&str> = PUZZLES.lines().map(|l| &l[..81]).collect();
    let input = format!(
        "{} Für Oma\n{} 春节谜题集\n{} Ёлка · Χριστούγεννα\n",
        lines[0], lines[1], lines[2]
    );
    for title in ["Café Sudoku — Noël", "春节谜题集"] {
        let run = sudoku(&["print", "-", "-o", out, "--title", title], Some(&input));
        assert_eq!(run.code, Some(0), "{title}: {}", run.stderr);
        let text = pdftotext(out);
        for words in [
            title,
            "1 · Für Oma",
            "2 · 春节谜题集",
            "3 · Ёлка · Χριστούγεννα",
        ] {
            assert_contains(&text, words);
        }
    }
    std::fs::remove_file(out).expect("removed");
    let input = format!("{} fine\n{} שלום\n", lines[0], lines[1]);
    let run = sudoku(&["print", "-", "-o", out], Some(&input));
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_contains(
        &run.stderr,
        "<stdin>: line 2: the label `שלום`: no font has a glyph for `ש` (U+05E9)",
    );
    assert!(!std::path::Path::new(out).exists(), "nothing written");
    let font = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../sudoku-print/tests/data/NotoSansHebrew-Shalom.ttf"
    );
    let run = sudoku(&["print", "-", "-o", out, "--font", font], Some(&input));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let fonts = std::process::Command::new("pdffonts")
        .arg(out)
        .output()
        .expect("pdffonts runs (poppler-utils)");
    assert_contains(&String::from_utf8_lossy(&fonts.stdout), "NotoSansHebrew");
    // A file that is no font is a usage error.
    let run = sudoku(&["print", "-", "-o", out, "--font", "Cargo.toml"], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_contains(&run.stderr, "--font Cargo.toml: the font cannot be used");
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

/// Books and walkthroughs both go to a workbook; several walkthroughs go into one PDF, one
/// after the other, pages numbered through.
#[test]
fn workbooks_and_pdfs_take_books_and_walkthroughs_of_several_puzzles() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("book.xlsx");
    let out = out.to_str().expect("a UTF-8 path");
    let run = sudoku(&["print", "-", "-o", out, "--answers"], Some(PUZZLES));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(std::fs::read(out).expect("the workbook").starts_with(b"PK"));
    let walk = dir.path().join("walk.xlsx");
    let walk = walk.to_str().expect("a UTF-8 path");
    let run = sudoku(&["print", "--walkthrough", "-", "-o", walk], Some(PUZZLES));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let bytes = std::fs::read(walk).expect("the workbook");
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        bytes.starts_with(b"PK") && text.contains("worksheets/sheet3.xml"),
        "a sheet a puzzle"
    );
    let pdf = dir.path().join("walk.pdf");
    let pdf = pdf.to_str().expect("a UTF-8 path");
    let run = sudoku(&["print", "--walkthrough", "-", "-o", pdf], Some(PUZZLES));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let text = std::process::Command::new("pdftotext")
        .args([pdf, "-"])
        .output()
        .expect("pdftotext runs (poppler-utils)");
    let text = String::from_utf8_lossy(&text.stdout);
    for k in 1..=3 {
        assert_contains(&text, &format!("Walkthrough · No. {k}"));
    }
}

/// A book printed as a workbook reads back in every command that reads puzzles: its
/// puzzles, in order, labelled as printed, and not its answer sheet (the puzzles' solutions,
/// which `solve` solved again, 6 lines for 3 puzzles). A walkthrough workbook gives its
/// puzzles (one a sheet), where its frames were reported as cells that are no digits.
#[test]
fn a_printed_workbook_reads_back() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let book = dir.path().join("book.xlsx");
    let book = book.to_str().expect("a UTF-8 path");
    let run = sudoku(&["print", "-", "-o", book, "--answers"], Some(PUZZLES));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let from_text = sudoku(&["solve", "-"], Some(PUZZLES));
    let from_book = sudoku(&["solve", book], None);
    assert_eq!(from_book.code, Some(0), "{}", from_book.stderr);
    let lines: Vec<&str> = from_book.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", from_book.stdout);
    let solutions: Vec<&str> = from_text
        .stdout
        .lines()
        .map(|l| l.split_whitespace().next().expect("a solution"))
        .collect();
    for (k, solution) in solutions.iter().enumerate() {
        assert_eq!(
            lines[k],
            format!(
                "{solution}\tNo. {} · {}",
                k + 1,
                ["first", "second", "third"][k]
            )
        );
    }
    let rated = sudoku(&["rate", book], None);
    assert_eq!(rated.stdout.lines().count(), 3, "{}", rated.stderr);
    let explained = sudoku(&["explain", book], None);
    assert_eq!(explained.code, Some(0), "{}", explained.stderr);
    assert_contains(&explained.stdout, "Hidden Single");
    // Walkthroughs, in both languages: each sheet's puzzle, solved once.
    for lang in ["en", "zh"] {
        let walk = dir.path().join(format!("walk-{lang}.xlsx"));
        let walk = walk.to_str().expect("a UTF-8 path");
        let run = sudoku(
            &["print", "--walkthrough", "--lang", lang, "-", "-o", walk],
            Some(PUZZLES),
        );
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let solved = sudoku(&["solve", walk], None);
        assert_eq!(solved.code, Some(0), "{lang}: {}", solved.stderr);
        let got: Vec<&str> = solved
            .stdout
            .lines()
            .map(|l| l.split_whitespace().next().unwrap_or(""))
            .collect();
        assert_eq!(got, solutions, "{lang}: {}", solved.stdout);
    }
}

/// A workbook's malformed puzzles are reported by sheet and cell, and the others still run.
#[test]
fn workbook_errors_name_the_sheet_and_the_cell() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("typed.xlsx");
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet().set_name("Mine").expect("a name");
    let first = PUZZLES.lines().next().expect("a puzzle");
    sheet.write_string(0, 0, first).expect("a cell");
    sheet
        .write_string(1, 0, first.replacen('4', "?", 1))
        .expect("a cell");
    sheet.write_string(3, 2, "Typed").expect("a cell");
    for (i, ch) in first.chars().take(81).enumerate() {
        if let Some(d) = ch.to_digit(10) {
            let (r, c) = (4 + (i / 9) as u32, 2 + (i % 9) as u16);
            sheet.write_number(r, c, d as f64).expect("a cell");
        }
    }
    sheet.write_number(8, 6, 10.0).expect("a cell");
    workbook.save(&path).expect("the workbook");
    let path = path.to_str().expect("a UTF-8 path");
    let run = sudoku(&["solve", path], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 3, "{}", run.stdout);
    assert!(run.stdout.lines().next().is_some_and(|l| l.len() >= 81));
    assert_contains(
        &run.stderr,
        &format!("{path}: sheet 'Mine', cell A2, column 1 (r1c1): `?` is not a digit"),
    );
    assert_contains(
        &run.stderr,
        &format!("{path}: sheet 'Mine', cell G9: `10` is not a digit of a 9x9 grid"),
    );
    // Not a workbook after all: a clear error, no panic.
    let broken = dir.path().join("broken.xlsx");
    std::fs::write(&broken, b"PK\x03\x04garbage").expect("a file");
    let run = sudoku(&["solve", broken.to_str().expect("UTF-8")], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_contains(&run.stderr, "not a readable .xlsx/.xls/.ods workbook");
}

/// `--format` overrides the extension; `--label grade` prints each puzzle's grade in the
/// page's language; `--stats` reports on stderr.
#[test]
fn format_label_and_stats() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("book.out");
    let out = out.to_str().expect("a UTF-8 path");
    let run = sudoku(
        &[
            "print", "-", "-o", out, "--format", "svg", "--label", "grade", "--lang", "zh",
            "--stats", "--jobs", "2",
        ],
        Some(PUZZLES),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_contains(&run.stderr, "puzzles: 3");
    let first = run.stdout.lines().next().expect("a page");
    assert!(first.ends_with("book-1.out"), "{first}");
    let page = std::fs::read_to_string(first).expect("the page");
    assert_contains(&page, ">1 · 中等（696 分）<");
    let run = sudoku(
        &[
            "print", "-", "-o", out, "--label", "none", "--format", "svg",
        ],
        Some(PUZZLES),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let page =
        std::fs::read_to_string(run.stdout.lines().next().expect("a page")).expect("the page");
    assert_contains(&page, ">1</text>");
    assert!(!page.contains("first"), "no label");
    let run = sudoku(&["print", "-", "-o", out, "--format", "doc"], Some(PUZZLES));
    assert_eq!(run.code, Some(2));
}

/// A book is made whole in memory, so it is bounded, with a message, before anything is
/// solved or drawn (50,000 puzzles took 655 MB as a PDF, 50,000 walkthroughs passed
/// 2.4 GB); a workbook splits its puzzles over sheets of 2,000 (Excel's 1,023 page breaks a
/// sheet stopped a book of about 2,050), numbered through, and reads back whole.
#[test]
fn large_books_are_bounded_and_a_workbook_splits_over_sheets() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let first = &PUZZLES[..81];
    let many = |count: usize| format!("{first}\n").repeat(count);
    let pdf = dir.path().join("book.pdf");
    let pdf = pdf.to_str().expect("a UTF-8 path");
    let run = sudoku(&["print", "-", "-o", pdf], Some(&many(10_001)));
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_contains(
        &run.stderr,
        "<stdin>: 10001 puzzles: at most 10000 are printed together; print them in parts",
    );
    let run = sudoku(
        &["print", "--walkthrough", "-", "-o", pdf],
        Some(&many(201)),
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_contains(&run.stderr, "201 puzzles: at most 200 are printed together");
    assert!(!std::path::Path::new(pdf).exists(), "nothing written");
    let book = dir.path().join("book.xlsx");
    let book = book.to_str().expect("a UTF-8 path");
    let run = sudoku(&["print", "-", "-o", book, "--answers"], Some(&many(2_001)));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let solved = sudoku(&["solve", book], None);
    assert_eq!(solved.code, Some(0), "{}", solved.stderr);
    let lines: Vec<&str> = solved.stdout.lines().collect();
    assert_eq!(lines.len(), 2_001, "the answer sheets are not read");
    assert!(lines[2_000].ends_with("\tNo. 2001"), "{}", lines[2_000]);
    let bytes = std::fs::read(book).expect("the workbook");
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        text.contains("worksheets/sheet4.xml") && !text.contains("worksheets/sheet5.xml"),
        "two sheets of puzzles, two of answers"
    );
}

/// A book from several files: the puzzles of each in turn, and a refusal names its own file.
#[test]
fn a_book_reads_several_files_and_names_the_one_at_fault() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    std::fs::write(&a, format!("{}.\n", &solved[..80])).unwrap();
    std::fs::write(&b, "# two\n1...............\n").unwrap();
    let out = dir.path().join("book.pdf");
    let run = common::sudoku(
        &[
            "print",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    common::assert_contains(
        &run.stderr,
        &format!("{}: line 2: the puzzle has several solutions", b.display()),
    );
}
