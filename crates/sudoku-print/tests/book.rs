//! Books as a reader sees them: how many pages, where the grids go, what each page says, and
//! which lines are thick.

use sudoku_core::{Engine, Grid, Layout, Shape, Solver, Variant, Verdict};
use sudoku_logic::Lang;
use sudoku_print::{Book, BookOptions, PageKind, Paper, PrintError, Puzzle};

const PUZZLES: [&str; 3] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
];

fn puzzle(layout: &Layout, text: &str, label: Option<&str>) -> Puzzle {
    let givens: Grid = text.parse().expect("a grid");
    let mut solver = Solver::new(layout.clone(), Engine::Dlx).expect("a solver");
    let Ok(Verdict::Unique(solution)) = solver.verdict(&givens) else {
        panic!("not unique: {text}");
    };
    Puzzle {
        layout: layout.clone(),
        givens,
        solution: Some(solution),
        label: label.map(str::to_string),
    }
}

fn classic(n: usize) -> Vec<Puzzle> {
    let layout = Layout::classic();
    (0..n)
        .map(|i| puzzle(&layout, PUZZLES[i % 3], Some("hard")))
        .collect()
}

/// A puzzle whose givens are a whole solution of the layout (every cell printed).
fn filled(layout: Layout) -> Puzzle {
    let mut solver = Solver::new(layout.clone(), Engine::Dlx).expect("a solver");
    let full = solver
        .solutions(&Grid::empty(layout.shape()))
        .expect("solutions")
        .next()
        .expect("a grid");
    Puzzle {
        layout,
        givens: full.clone(),
        solution: Some(full),
        label: None,
    }
}

fn count(svg: &str, part: &str) -> usize {
    svg.matches(part).count()
}

/// The texts of a page, in order.
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text ")
        .skip(1)
        .filter_map(|t| t.split_once('>').map(|(_, rest)| rest))
        .filter_map(|t| t.split_once("</text>").map(|(s, _)| s.to_string()))
        .collect()
}

#[test]
fn seven_puzzles_two_a_page_with_answers() {
    let options = BookOptions {
        answers: true,
        title: Some("Sunday <hard> & more".into()),
        ..BookOptions::default()
    };
    let book = Book::new(classic(7), options).expect("a book");
    let kinds: Vec<PageKind> = book.pages.iter().map(|p| p.kind).collect();
    // Four pages of puzzles (2, 2, 2, 1), then one page of twelve small answers.
    assert_eq!(
        kinds,
        [
            PageKind::Puzzles,
            PageKind::Puzzles,
            PageKind::Puzzles,
            PageKind::Puzzles,
            PageKind::Answers
        ]
    );
    assert_eq!(book.pages[3].slots.len(), 1);
    assert_eq!(book.pages[4].slots.len(), 7);
    let (w, h) = book.page_size();
    assert_eq!((w, h), (210.0, 297.0));
    for page in &book.pages {
        for s in &page.slots {
            assert!(s.x > 0.0 && s.y > 0.0 && s.x + s.side < w && s.y + s.side < h);
        }
        for (a, b) in page.slots.iter().zip(page.slots.iter().skip(1)) {
            let apart = a.x + a.side <= b.x || a.y + a.side <= b.y;
            assert!(apart, "grids overlap on page {}", page.number);
        }
    }
    let first = book.svg(&book.pages[0]);
    assert!(first.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\""));
    let words = texts(&first);
    assert_eq!(
        words[0], "Sunday &lt;hard&gt; &amp; more",
        "the title, escaped"
    );
    assert_eq!(words[1], "1", "the page number");
    assert!(words.contains(&"1 · hard".to_string()) && words.contains(&"2 · hard".to_string()));
    // Every given, and nothing else, in the grids of a puzzle page.
    let givens: usize = book.puzzles[..2]
        .iter()
        .map(|p| p.givens.given_count())
        .sum();
    assert_eq!(
        count(&first, "font-weight=\"bold\" fill=\"black\">") - 3,
        givens
    );
    // The answer page: every cell of every solution, givens in bold.
    let answers = book.svg(&book.pages[4]);
    assert_eq!(
        texts(&answers)[0],
        "Sunday &lt;hard&gt; &amp; more: answers"
    );
    assert_eq!(
        count(&answers, "fill=\"#1f4e9a\">")
            + count(&answers, "font-weight=\"bold\" fill=\"black\">")
            - 1
            - 7,
        7 * 81
    );
}

/// The thick segments of a page's grids, as the `d` of the thick path.
fn thick_segments(svg: &str) -> usize {
    let path = svg
        .split("<path d=\"")
        .nth(2)
        .and_then(|p| p.split_once('"'))
        .map(|(d, _)| d)
        .expect("a thick path");
    path.matches('M').count()
}

#[test]
fn thick_lines_follow_boxes_and_regions() {
    let options = BookOptions {
        per_page: (1, 1),
        ..BookOptions::default()
    };
    // 9x9: two inner box lines each way, nine cells long.
    let book = Book::new(classic(1), options.clone()).expect("a book");
    assert_eq!(thick_segments(&book.svg(&book.pages[0])), 2 * 2 * 9);
    // 6x6 boxes of 2x3: two inner lines across (rows), one down (columns), six cells long.
    let six = Layout::new(Shape::new(2, 3).expect("a shape"));
    let p = filled(six);
    let book = Book::new(vec![p], options.clone()).expect("a book");
    assert_eq!(thick_segments(&book.svg(&book.pages[0])), (2 + 1) * 6);
    // A jigsaw 4x4: the regions decide.
    let map = "AABB\nACBB\nACDD\nCCDD";
    let variant = Variant {
        regions: Some(
            Variant::parse_region_map(map, Shape::new(2, 2).expect("a shape")).expect("a map"),
        ),
        ..Variant::default()
    };
    let jig = Layout::with_variant(Shape::new(2, 2).expect("a shape"), variant).expect("a layout");
    let p = filled(jig);
    let book = Book::new(vec![p], options).expect("a book");
    let svg = book.svg(&book.pages[0]);
    let expected = count_region_edges(map);
    assert_eq!(thick_segments(&svg), expected);
}

/// Edges between cells of different letters in a region map.
fn count_region_edges(map: &str) -> usize {
    let rows: Vec<Vec<char>> = map.lines().map(|l| l.chars().collect()).collect();
    let n = rows.len();
    let mut edges = 0;
    for r in 0..n {
        for c in 0..n {
            edges += usize::from(c + 1 < n && rows[r][c] != rows[r][c + 1]);
            edges += usize::from(r + 1 < n && rows[r][c] != rows[r + 1][c]);
        }
    }
    edges
}

#[test]
fn diagonals_are_shaded_and_chinese_pages_say_so() {
    let layout = Layout::with_variant(
        Shape::new(3, 3).expect("a shape"),
        Variant {
            diagonals: true,
            ..Variant::default()
        },
    )
    .expect("a layout");
    let p = filled(layout);
    let options = BookOptions {
        answers: true,
        lang: Lang::Zh,
        paper: Paper::Letter,
        landscape: true,
        ..BookOptions::default()
    };
    let book = Book::new(vec![p], options).expect("a book");
    assert_eq!(book.page_size(), (279.4, 215.9));
    let page = book.svg(&book.pages[0]);
    assert_eq!(
        count(&page, "fill=\"#e4e4e4\""),
        17,
        "the two diagonals share the centre"
    );
    assert!(texts(&page).contains(&"第 1 页".to_string()));
    assert_eq!(texts(&book.svg(&book.pages[1]))[0], "答案");
    // The workbook shades the same cells, on both sheets, under Chinese sheet names.
    use calamine::{Reader, Xlsx};
    let bytes = book.xlsx().expect("a workbook");
    let mut workbook: Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).expect("it opens");
    assert_eq!(workbook.sheet_names(), ["谜题", "答案"]);
    for sheet in ["谜题", "答案"] {
        let styles = workbook.worksheet_style(sheet).expect("the styles");
        let (r0, c0) = styles.start().unwrap_or((0, 0));
        for r in 0..9u32 {
            for c in 0..9u32 {
                let fill = styles
                    .get((1 + r - r0, c - c0))
                    .and_then(|s| s.fill.as_ref())
                    .and_then(|f| f.get_color())
                    .map(|c| (c.red, c.green, c.blue));
                let diagonal = r == c || r + c == 8;
                assert_eq!(
                    fill == Some((0xe4, 0xe4, 0xe4)),
                    diagonal,
                    "{sheet} r{r}c{c}"
                );
            }
        }
    }
}

#[test]
fn books_that_cannot_be_made_say_why() {
    assert_eq!(
        Book::new(Vec::new(), BookOptions::default()).err(),
        Some(PrintError::Empty)
    );
    let mut puzzles = classic(3);
    puzzles[1].solution = None;
    let with_answers = BookOptions {
        answers: true,
        ..BookOptions::default()
    };
    assert_eq!(
        Book::new(puzzles.clone(), with_answers).err(),
        Some(PrintError::NoSolution { number: 2 })
    );
    assert!(
        Book::new(puzzles, BookOptions::default()).is_ok(),
        "no answers, no solution needed"
    );
    let crowded = BookOptions {
        per_page: (6, 6),
        paper: Paper::A5,
        ..BookOptions::default()
    };
    assert!(matches!(
        Book::new(classic(1), crowded),
        Err(PrintError::TooSmall { .. })
    ));
    let mut wrong = classic(1);
    wrong[0].layout = Layout::new(Shape::new(2, 2).expect("a shape"));
    assert_eq!(
        Book::new(wrong, BookOptions::default()).err(),
        Some(PrintError::Shape { number: 1 })
    );
}

#[test]
fn a_walkthrough_shows_every_step_with_singles_folded() {
    use sudoku_print::Walkthrough;
    let layout = Layout::classic();
    let givens: Grid = PUZZLES[1].parse().expect("a grid");
    let path = sudoku_logic::Logic::new(&layout)
        .solve_path(&givens)
        .expect("a path");
    let walk = Walkthrough::new(&layout, &givens, Lang::En, false).expect("a walkthrough");
    // Every step once, in order; a frame of several steps holds singles only.
    let steps: Vec<_> = walk.frames.iter().flat_map(|f| f.steps.iter()).collect();
    assert_eq!(steps.len(), path.steps.len());
    let effect =
        |s: &sudoku_logic::Step| (s.technique, s.placements.clone(), s.eliminations.clone());
    assert!(
        steps
            .iter()
            .zip(&path.steps)
            .all(|(a, b)| effect(a) == effect(b))
    );
    for pair in walk.frames.windows(2) {
        assert_eq!(pair[0].first + pair[0].steps.len(), pair[1].first);
    }
    assert!(walk.frames.len() < path.steps.len(), "singles are folded");
    let pages = walk.svg_pages(Paper::A4, Some("Two"));
    assert_eq!(pages.len(), 1 + walk.frames.len().div_ceil(2));
    let cover = texts(&pages[0]);
    assert!(cover.contains(&"Two".to_string()) && cover.iter().any(|t| t.starts_with("Grade: ")));
    let all: Vec<String> = pages.iter().flat_map(|p| texts(p)).collect();
    for frame in walk.frames.iter().filter(|f| f.steps.len() == 1) {
        let heading = format!("Step {}: {}", frame.first, frame.steps[0].technique.name());
        assert!(all.contains(&heading), "{heading}");
    }
    // Every removal is struck out in red on its frame.
    let removals: usize = walk
        .frames
        .iter()
        .filter(|f| f.steps.len() == 1 && !f.steps[0].eliminations.is_empty())
        .map(|f| f.steps[0].eliminations.len())
        .sum();
    let struck: usize = pages.iter().map(|p| count(p, "stroke=\"#e03e3e\"")).sum();
    assert!(struck >= removals, "{struck} < {removals}");
    // One frame per step on request, and in Chinese.
    let every = Walkthrough::new(&layout, &givens, Lang::Zh, true).expect("a walkthrough");
    assert_eq!(every.frames.len(), path.steps.len());
    let zh = every.svg_pages(Paper::A4, None);
    assert!(texts(&zh[0]).contains(&"解题步骤".to_string()));
    assert!(texts(&zh[1]).iter().any(|t| t.starts_with("第 1 步：")));
    // A single on its own frame says why it holds.
    for frame in &every.frames {
        let step = &frame.steps[0];
        if matches!(
            step.technique,
            sudoku_logic::Technique::NakedSingle | sudoku_logic::Technique::HiddenSingle
        ) {
            let text = step.explain(Lang::Zh);
            assert!(text.contains("只剩"), "{text}");
        }
    }
    // Several solutions: no walkthrough.
    let open: Grid = ".4..............".parse().expect("a grid");
    assert_eq!(
        Walkthrough::new(&Layout::new(open.shape()), &open, Lang::En, false).err(),
        Some(PrintError::NotUnique)
    );
}

#[test]
fn a_workbook_holds_the_puzzles_and_the_answers() {
    use calamine::{Data, Reader, Xlsx};
    let options = BookOptions {
        answers: true,
        ..BookOptions::default()
    };
    let book = Book::new(classic(3), options).expect("a book");
    let bytes = book.xlsx().expect("a workbook");
    let mut workbook: Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).expect("it opens");
    assert_eq!(workbook.sheet_names(), ["Puzzles", "Answers"]);
    for (sheet, answers) in [("Puzzles", false), ("Answers", true)] {
        let range = workbook.worksheet_range(sheet).expect("the sheet");
        for (k, puzzle) in book.puzzles.iter().enumerate() {
            let top = (k * 11) as u32;
            let label = range.get_value((top, 0)).expect("the label");
            assert_eq!(label, &Data::String(format!("No. {} · hard", k + 1)));
            let shown = if answers {
                puzzle.solution.as_ref()
            } else {
                None
            };
            for r in 0..9 {
                for c in 0..9 {
                    let at = sudoku_core::Cell::new(r, c);
                    let want = puzzle
                        .givens
                        .get(at)
                        .or_else(|| shown.and_then(|s| s.get(at)));
                    let got = match range.get_value((top + 1 + r as u32, c as u32)) {
                        Some(Data::Float(v)) => Some(*v as usize),
                        Some(Data::Int(v)) => Some(*v as usize),
                        _ => None,
                    };
                    assert_eq!(
                        got,
                        want.map(|d| d.get()),
                        "{sheet} {k} r{}c{}",
                        r + 1,
                        c + 1
                    );
                }
            }
        }
    }
}

/// A walkthrough as a workbook: a sheet per puzzle, a grid per frame under its heading, the
/// step's cells filled in the role colours (placements green, the pattern yellow, houses
/// blue and green), candidates written where the step needs them, the explanation beside.
#[test]
fn a_walkthrough_workbook_holds_each_step_with_its_fills() {
    use calamine::{Data, Reader, Xlsx};
    use sudoku_print::Walkthrough;
    // A medium puzzle: singles, then a Hidden Pair.
    let text = "5..7..6....38...........2..62.4............917............35.8.4.....1......9....";
    let layout = Layout::classic();
    let givens: Grid = text.parse().expect("a grid");
    let walks: Vec<Walkthrough> = [Lang::En, Lang::Zh]
        .into_iter()
        .map(|lang| Walkthrough::new(&layout, &givens, lang, false).expect("a walkthrough"))
        .collect();
    let bytes = Walkthrough::xlsx_all(&walks, Paper::A4, None).expect("a workbook");
    let mut book: Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).expect("it opens");
    assert_eq!(book.sheet_names(), ["Walkthrough 1", "解题步骤 2"]);
    let values = book.worksheet_range("Walkthrough 1").expect("the sheet");
    let styles = book.worksheet_style("Walkthrough 1").expect("the styles");
    let value = |r: u32, c: u32| values.get_value((r, c)).cloned().unwrap_or(Data::Empty);
    let fill = |r: u32, c: u32| {
        let (r0, c0) = styles.start().unwrap_or((0, 0));
        styles
            .get((r - r0, c - c0))
            .and_then(|s| s.fill.as_ref())
            .and_then(|f| f.get_color())
            .map(|c| format!("#{:02x}{:02x}{:02x}", c.red, c.green, c.blue))
    };
    assert_eq!(value(0, 0), Data::String("Walkthrough · No. 1".into()));
    // The puzzle's givens from row 4.
    for (i, ch) in text.chars().enumerate() {
        let (r, c) = (3 + (i / 9) as u32, (i % 9) as u32);
        let want = ch.to_digit(10).map(f64::from);
        let got = match value(r, c) {
            Data::Float(v) => Some(v),
            _ => None,
        };
        assert_eq!(got, want, "given r{}c{}", r - 2, c + 1);
    }
    // Every frame: its heading, then a 9x9 grid; the frame's steps are found in it.
    let headings: Vec<(u32, String)> = (0..values.height() as u32)
        .filter_map(|r| match value(r, 0) {
            Data::String(s) if s.starts_with("Step") => Some((r, s)),
            _ => None,
        })
        .collect();
    assert_eq!(headings.len(), walks[0].frames.len());
    let mut saw = (false, false);
    for ((row, heading), frame) in headings.iter().zip(&walks[0].frames) {
        let step = &frame.steps[0];
        assert!(
            heading.contains(&step.title(Lang::En)) || frame.steps.len() > 1,
            "{heading}"
        );
        let explanation = match value(row + 1, 10) {
            Data::String(s) => s,
            other => panic!("no explanation beside {heading}: {other:?}"),
        };
        assert!(
            explanation.contains(&step.explain(Lang::En)),
            "{explanation}"
        );
        for p in frame.steps.iter().flat_map(|s| &s.placements) {
            let (r, c) = (row + 1 + p.cell.row() as u32, p.cell.col() as u32);
            assert_eq!(
                fill(r, c).as_deref(),
                Some("#cdeed6"),
                "{heading}: placed {}",
                p.cell
            );
            saw.0 = true;
        }
        if frame.steps.len() == 1 && !step.eliminations.is_empty() {
            // The candidates are written in the cells, the removed one among them.
            for e in &step.eliminations {
                let (r, c) = (row + 1 + e.cell.row() as u32, e.cell.col() as u32);
                let Data::String(cands) = value(r, c) else {
                    panic!("{heading}: no candidates in {}", e.cell);
                };
                assert!(cands.contains(&e.digit.to_string()), "{heading}: {cands:?}");
            }
            let fills: Vec<String> = (0..9)
                .flat_map(|r| (0..9).map(move |c| (r, c)))
                .filter_map(|(r, c)| fill(row + 1 + r, c))
                .collect();
            assert!(
                fills.iter().any(|f| f == "#f7e08a"),
                "{heading}: the pattern is filled yellow: {fills:?}"
            );
            saw.1 = true;
        }
    }
    assert!(saw.0 && saw.1, "a frame of singles and one of a technique");
}

/// The x of the first `<text>` whose content is `content`, in mm.
fn text_x(svg: &str, content: &str) -> f64 {
    let end = svg
        .find(&format!(">{content}</text>"))
        .unwrap_or_else(|| panic!("no text {content}"));
    let start = svg[..end].rfind("<text x=\"").expect("a text element") + 9;
    svg[start..]
        .split('"')
        .next()
        .expect("x")
        .parse()
        .expect("a number")
}

/// Guide dots: a faint dot where each candidate of an empty cell goes, on puzzle pages only.
/// A gutter moves odd pages' content right and even pages' left; a bleed grows the sheet at
/// the top, the bottom and the outside edge, the finished page drawn where the trim box is.
#[test]
fn guide_dots_gutter_and_bleed() {
    let plain = BookOptions {
        per_page: (1, 1),
        answers: true,
        ..BookOptions::default()
    };
    let book = |options: BookOptions| Book::new(classic(2), options).expect("a book");
    let dots = |svg: &str| count(svg, &format!("fill=\"{}\"/>", sudoku_print::GUIDE));
    let base = book(plain.clone());
    let dotted = book(BookOptions {
        guide_dots: true,
        ..plain.clone()
    });
    assert_eq!(dots(&base.svg(&base.pages[0])), 0);
    let empties = 81 - PUZZLES[0].chars().filter(|c| c.is_ascii_digit()).count();
    assert_eq!(dots(&dotted.svg(&dotted.pages[0])), empties * 9);
    assert_eq!(
        dots(&dotted.svg(&dotted.pages[2])),
        0,
        "no dots in the answers"
    );

    let bound = book(BookOptions {
        gutter: 10.0,
        ..plain.clone()
    });
    let x = |b: &Book, page: usize, label: &str| text_x(&b.svg(&b.pages[page]), label);
    // The grids shrink to fit the narrower content; the inside margin is mirrored.
    let (odd, even) = (x(&bound, 0, "1 · hard"), x(&bound, 1, "2 · hard"));
    assert!((odd - even - 10.0).abs() < 0.01, "odd {odd} even {even}");
    let centre_plain = x(&base, 0, "1 · hard") + base.pages[0].slots[0].side / 2.0;
    let centre_odd = odd + bound.pages[0].slots[0].side / 2.0;
    assert!(
        (centre_odd - centre_plain - 5.0).abs() < 0.01,
        "{centre_odd} {centre_plain}"
    );

    let bled = book(BookOptions {
        bleed: 3.0,
        ..plain.clone()
    });
    assert_eq!(bled.sheet_size(), (213.0, 303.0));
    let first = bled.svg(&bled.pages[0]);
    assert!(
        first.contains("width=\"213mm\" height=\"303mm\""),
        "{}",
        &first[..200]
    );
    assert!(
        (x(&bled, 0, "1 · hard") - x(&base, 0, "1 · hard")).abs() < 0.01,
        "odd: bleed on the right"
    );
    assert!(
        (x(&bled, 1, "2 · hard") - x(&base, 1, "2 · hard") - 3.0).abs() < 0.01,
        "even: on the left"
    );

    for (gutter, bleed) in [(41.0, 0.0), (-1.0, 0.0), (0.0, 11.0), (0.0, f64::NAN)] {
        let wrong = Book::new(
            classic(1),
            BookOptions {
                gutter,
                bleed,
                ..plain.clone()
            },
        );
        assert!(
            matches!(wrong, Err(PrintError::Margin { .. })),
            "{gutter} {bleed}"
        );
    }
}
