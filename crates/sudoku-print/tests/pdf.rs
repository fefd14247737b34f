//! PDFs checked as a reader would, with poppler's tools: `pdftotext` finds every puzzle
//! number and the answers' digits, the Chinese text is extractable, `pdffonts` shows every
//! font embedded, `pdftoppm` renders every page. (CI installs poppler-utils.)

mod common;

use std::process::Command;

use sudoku_core::{Engine, Grid, Layout, Shape, Solver, Variant};
use sudoku_logic::Lang;
use sudoku_print::{Book, BookOptions, ExtraFont, Paper, Puzzle, Walkthrough};

const NINE: [&str; 3] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
];

fn run(tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{tool} runs (apt-get install poppler-utils): {e}"));
    assert!(
        out.status.success(),
        "{tool} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A puzzle of the layout: `givens` of a whole solution dug to every other cell.
fn dug(layout: Layout, seed: usize) -> Puzzle {
    let mut solver = Solver::new(layout.clone(), Engine::Dlx).expect("a solver");
    let full = solver
        .solutions(&Grid::empty(layout.shape()))
        .expect("solutions")
        .nth(seed)
        .expect("a grid");
    let mut givens = full.clone();
    let n = layout.size();
    for i in (0..n * n).filter(|i| (i + seed).is_multiple_of(2)) {
        givens.set(sudoku_core::Cell::new(i / n, i % n), None);
    }
    Puzzle {
        layout,
        givens,
        solution: Some(full),
        label: Some(format!("{n}x{n}")),
    }
}

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).expect("a shape")
}

fn write(dir: &std::path::Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("the PDF is written");
    path.to_str().expect("UTF-8").to_string()
}

/// Pages of a PDF, from `pdfinfo`.
fn pages(pdf: &str) -> usize {
    run("pdfinfo", &[pdf])
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("a page count")
}

#[test]
fn books_print_every_grid_kind_and_read_back() {
    let dir = tempfile::tempdir().expect("a folder");
    let jigsaw = Variant {
        regions: Some(
            Variant::parse_region_map("AABB\nACBB\nACDD\nCCDD", shape(2, 2)).expect("a map"),
        ),
        ..Variant::default()
    };
    let diagonal = Variant {
        diagonals: true,
        ..Variant::default()
    };
    let mut puzzles: Vec<Puzzle> = NINE.iter().map(|p| common::unique(p, "hard")).collect();
    puzzles.push(dug(Layout::new(shape(2, 3)), 1));
    puzzles.push(dug(Layout::new(shape(4, 4)), 0));
    puzzles.push(dug(
        Layout::with_variant(shape(2, 2), jigsaw).expect("a layout"),
        2,
    ));
    puzzles.push(dug(
        Layout::with_variant(shape(3, 3), diagonal).expect("a layout"),
        3,
    ));
    let count = puzzles.len();
    for (per_page, paper, lang) in [
        ((1, 1), Paper::A4, Lang::En),
        ((2, 1), Paper::Letter, Lang::Zh),
        ((2, 2), Paper::A4, Lang::En),
        ((3, 2), Paper::Letter, Lang::En),
    ] {
        let options = BookOptions {
            paper,
            per_page,
            answers: true,
            title: Some("数独 Sunday".into()),
            lang,
            ..BookOptions::default()
        };
        let book = Book::new(puzzles.clone(), options).expect("a book");
        let pdf = write(dir.path(), "book.pdf", &book.pdf().expect("a PDF"));
        assert_eq!(pages(&pdf), book.pages.len());
        let text = run("pdftotext", &["-layout", &pdf, "-"]);
        assert!(text.contains("数独 Sunday"), "{text}");
        for n in 1..=count {
            assert!(
                text.contains(&format!("{n} · ")),
                "puzzle {n} in {per_page:?}"
            );
        }
        let answers = match lang {
            Lang::En => "数独 Sunday: answers",
            Lang::Zh => "数独 Sunday：答案",
        };
        assert!(text.contains(answers), "{text}");
        // The first puzzle's answer: its solution's first row, read from the answer page.
        let answer_pages = book
            .pages
            .iter()
            .filter(|p| p.kind == sudoku_print::PageKind::Answers)
            .count();
        let first = book.pages.len() - answer_pages + 1;
        let key = run(
            "pdftotext",
            &[
                "-f",
                &first.to_string(),
                "-l",
                &first.to_string(),
                &pdf,
                "-",
            ],
        );
        let digits: String = key.chars().filter(|c| c.is_ascii_digit()).collect();
        let row: String = book.puzzles[0]
            .solution
            .as_ref()
            .expect("a solution")
            .to_line()[..9]
            .to_string();
        assert!(digits.contains(&row), "{row} not in the answer key");
        let fonts = run("pdffonts", &[&pdf]);
        let rows: Vec<&str> = fonts.lines().skip(2).collect();
        assert!(!rows.is_empty());
        for row in rows {
            let cols: Vec<&str> = row.split_whitespace().collect();
            // name type... emb sub uni object ID: emb is the fourth field from the end but two.
            assert_eq!(cols[cols.len() - 5], "yes", "not embedded: {row}");
        }
        let prefix = dir.path().join("page");
        run(
            "pdftoppm",
            &["-r", "20", "-png", &pdf, prefix.to_str().expect("UTF-8")],
        );
        let rendered = std::fs::read_dir(dir.path())
            .expect("the folder")
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.file_name().to_string_lossy().starts_with("page"))
            })
            .count();
        assert_eq!(rendered, book.pages.len());
        for e in std::fs::read_dir(dir.path()).expect("the folder").flatten() {
            if e.file_name().to_string_lossy().starts_with("page") {
                std::fs::remove_file(e.path()).expect("removed");
            }
        }
    }
}

#[test]
fn walkthroughs_read_back_in_both_languages() {
    let dir = tempfile::tempdir().expect("a folder");
    let layout = Layout::classic();
    let givens: Grid = NINE[1].parse().expect("a grid");
    for (lang, heading, step) in [
        (Lang::En, "Walkthrough", "Step "),
        (Lang::Zh, "解题步骤", "第 "),
    ] {
        let walk = Walkthrough::new(&layout, &givens, lang, false).expect("a walkthrough");
        let pdf = write(
            dir.path(),
            "walk.pdf",
            &walk.pdf(Paper::A4, None).expect("a PDF"),
        );
        assert_eq!(pages(&pdf), walk.page_count());
        let text = run("pdftotext", &[&pdf, "-"]);
        assert!(text.contains(heading), "{text}");
        let steps = walk.frames.iter().filter(|f| f.steps.len() == 1).count();
        assert!(text.matches(step).count() >= steps, "{text}");
        // Every single of a folded run is explained: its number starts a line, on A4 and on
        // the smaller print-on-demand page. (A run of 30 showed 16 and an ellipsis.)
        for paper in [Paper::A4, Paper::A5] {
            let pdf = write(
                dir.path(),
                "walk.pdf",
                &walk.pdf(paper, None).expect("a PDF"),
            );
            let text = run("pdftotext", &[&pdf, "-"]);
            assert!(
                !text.contains('…'),
                "{paper:?}: a frame's text was cut: {text}"
            );
            for frame in walk.frames.iter().filter(|f| f.steps.len() > 1) {
                for k in frame.first..frame.first + frame.steps.len() {
                    assert!(
                        text.lines().any(|l| l.starts_with(&format!("{k}. "))),
                        "{paper:?}: step {k} is not explained: {text}"
                    );
                }
            }
        }
        if lang == Lang::Zh {
            assert!(text.contains("删除"), "the Chinese explanations are text");
        }
    }
    let odd = BookOptions {
        title: Some("☃".into()),
        ..BookOptions::default()
    };
    let book = Book::new(vec![common::unique(NINE[0], "hard")], odd).expect("a book");
    assert!(matches!(book.pdf(), Err(sudoku_print::PrintError::MissingGlyphs(c)) if c == ['☃']));
}

/// With bleed, every page is the finished size plus the bleed, and its trim box (what
/// `pdfinfo -box` prints, in points from the bottom-left corner) lies against the spine:
/// the left edge of odd pages, the right of even ones.
#[test]
fn bleed_sets_each_pages_trim_box() {
    let dir = tempfile::tempdir().expect("a folder");
    let layout = Layout::classic();
    let puzzles = (0..2).map(|s| dug(layout.clone(), s)).collect();
    let options = BookOptions {
        per_page: (1, 1),
        bleed: 3.175,
        paper: "152.4x228.6".parse().expect("a paper size"),
        ..BookOptions::default()
    };
    let book = Book::new(puzzles, options).expect("a book");
    let pdf = write(dir.path(), "bleed.pdf", &book.pdf().expect("a PDF"));
    let boxes = |page: &str| -> Vec<f64> {
        let info = run("pdfinfo", &["-box", "-f", page, "-l", page, &pdf]);
        let line = info
            .lines()
            .find(|l| l.contains("TrimBox"))
            .expect("a trim box");
        line.split_whitespace()
            .filter_map(|w| w.parse().ok())
            .skip(1)
            .collect()
    };
    // 6 x 9 in with 0.125 in of bleed: the sheet is 441 x 666 pt, the trim 432 x 648 pt.
    let odd = boxes("1");
    let even = boxes("2");
    let near = |a: &[f64], b: [f64; 4]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.05);
    assert!(near(&odd, [0.0, 9.0, 432.0, 657.0]), "{odd:?}");
    assert!(near(&even, [9.0, 9.0, 441.0, 657.0]), "{even:?}");
    assert!(run("pdfinfo", &[&pdf]).contains("441 x 666 pts"));
}

/// A 25x25 grid prints at one a page, its answer too, and every page renders.
#[test]
fn a_25x25_grid_prints_one_a_page() {
    let dir = tempfile::tempdir().expect("a folder");
    let options = BookOptions {
        per_page: (1, 1),
        answers: true,
        ..BookOptions::default()
    };
    let puzzle = dug(Layout::new(shape(5, 5)), 0);
    let book = Book::new(vec![puzzle], options).expect("a book");
    assert_eq!(book.pages.len(), 2, "the puzzle, then its answer");
    let side = book.pages[0].slots[0].side;
    assert!(side > 150.0, "a 25x25 grid fills the page: {side} mm");
    let pdf = write(dir.path(), "big.pdf", &book.pdf().expect("a PDF"));
    assert_eq!(pages(&pdf), 2);
    let prefix = dir.path().join("big");
    run(
        "pdftoppm",
        &["-r", "30", "-png", &pdf, prefix.to_str().expect("UTF-8")],
    );
    let text = run("pdftotext", &["-f", "2", "-l", "2", &pdf, "-"]);
    let glyphs = text.chars().filter(|c| c.is_ascii_alphanumeric()).count();
    assert!(glyphs >= 625, "every answer cell is printed: {glyphs}");
}

/// Titles and labels in the Latin, Greek and Cyrillic alphabets and in Chinese print out of
/// the box (each had no glyph before), read back as text, with both fonts built in embedded;
/// a character they lack prints from a font given for it ([`ExtraFont`]), and without one
/// the error names it.
#[test]
fn titles_and_labels_in_any_common_alphabet_print() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut first = common::unique(NINE[0], "春节谜题集");
    first.label = Some("春节谜题集".into());
    let mut second = common::unique(NINE[1], "x");
    second.label = Some("Für Oma · Ελληνικά · Русский".into());
    let options = BookOptions {
        title: Some("Café Sudoku — Noël".into()),
        ..BookOptions::default()
    };
    let book = Book::new(vec![first, second], options).expect("a book");
    let pdf = write(dir.path(), "book.pdf", &book.pdf().expect("a PDF"));
    let text = run("pdftotext", &[&pdf, "-"]);
    for words in [
        "Café Sudoku — Noël",
        "1 · 春节谜题集",
        "2 · Für Oma · Ελληνικά · Русский",
    ] {
        assert!(text.contains(words), "`{words}` is missing: {text}");
    }
    let fonts = run("pdffonts", &[&pdf]);
    assert!(
        fonts.contains("NotoSansCJKsc") && fonts.contains("NotoSans-"),
        "{fonts}"
    );
    // A Hebrew title: no font built in has it, and the error names each letter.
    let hebrew = |font: Option<ExtraFont>| {
        let options = BookOptions {
            title: Some("שלום".into()),
            font,
            ..BookOptions::default()
        };
        Book::new(vec![common::unique(NINE[0], "x")], options)
            .expect("a book")
            .pdf()
    };
    let err = hebrew(None).expect_err("no glyph");
    assert!(
        err.to_string()
            .starts_with("no font has a glyph for `ש` (U+05E9), `ל` (U+05DC), `ו` (U+05D5)"),
        "{err}"
    );
    let data = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/NotoSansHebrew-Shalom.ttf"
    ))
    .expect("the test font");
    let font = ExtraFont::new(data).expect("a font");
    let pdf = write(
        dir.path(),
        "hebrew.pdf",
        &hebrew(Some(font)).expect("a PDF"),
    );
    let fonts = run("pdffonts", &[&pdf]);
    assert!(fonts.contains("NotoSansHebrew"), "{fonts}");
    assert!(
        ExtraFont::new(b"not a font".to_vec()).is_err(),
        "a file that is no font is refused"
    );
}
