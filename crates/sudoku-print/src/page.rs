//! The layout of a book: which puzzle goes where on which page, in millimetres.

use sudoku_logic::Lang;

use crate::{Paper, PrintError, Puzzle};

/// The margin around a page's content, in mm.
const MARGIN: f64 = 12.0;
/// The height of the title line at the top of a page, in mm.
const HEADER: f64 = 10.0;
/// The height of the page-number line at the bottom, in mm.
const FOOTER: f64 = 8.0;
/// The height of a puzzle's number and label above its grid, in mm.
pub(crate) const LABEL: f64 = 6.0;
/// The most puzzles a book holds. A book is laid out and written whole, in memory (50,000
/// puzzles as a PDF took 655 MB); a larger set is printed as several books.
pub const MAX_BOOK: usize = 10_000;

/// The widest gutter accepted, in mm.
const MAX_GUTTER: f64 = 40.0;
/// The widest bleed accepted, in mm (print-on-demand asks for about 3).
const MAX_BLEED: f64 = 10.0;
/// The narrowest puzzle grid accepted, in mm: smaller would not be legible.
const MIN_GRID: f64 = 30.0;

/// How to lay out a book.
#[derive(Debug, Clone)]
pub struct BookOptions {
    /// The paper.
    pub paper: Paper,
    /// Turn the paper to landscape.
    pub landscape: bool,
    /// Puzzles a page: rows and columns of them.
    pub per_page: (usize, usize),
    /// A title at the top of every page.
    pub title: Option<String>,
    /// Add answer keys at the back, several smaller grids a page, numbered as the puzzles.
    pub answers: bool,
    /// The language of the page's words ("Answers", "page").
    pub lang: Lang,
    /// Faint dots in every empty cell of a puzzle where its pencil marks go (a 3x3 of them
    /// for 9x9), to write candidates in the same place every time.
    pub guide_dots: bool,
    /// Extra inside margin for binding, in mm, mirrored: on the left of odd (right-hand)
    /// pages, on the right of even ones.
    pub gutter: f64,
    /// Bleed for print-on-demand, in mm, added outside the trimmed page at the top, the
    /// bottom and the outside edge (as print-on-demand services ask for books); the PDF's
    /// trim box marks the finished page.
    pub bleed: f64,
    /// A font for the characters the fonts built in lack (in the PDF).
    pub font: Option<crate::ExtraFont>,
}

impl Default for BookOptions {
    /// A4 portrait, two puzzles a page, no title, no answers, English.
    fn default() -> BookOptions {
        BookOptions {
            paper: Paper::A4,
            landscape: false,
            per_page: (2, 1),
            title: None,
            answers: false,
            lang: Lang::En,
            guide_dots: false,
            gutter: 0.0,
            bleed: 0.0,
            font: None,
        }
    }
}

/// Puzzles or answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    /// The puzzles, with their givens.
    Puzzles,
    /// The answer key: each puzzle's solution, its givens in bold.
    Answers,
}

/// Where one grid goes on its page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slot {
    /// The puzzle, by index into the book's puzzles.
    pub puzzle: usize,
    /// The grid's top-left corner, in mm from the page's top-left corner.
    pub x: f64,
    /// See `x`.
    pub y: f64,
    /// The grid's side, in mm.
    pub side: f64,
}

/// One page of a book.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// Puzzles or answers.
    pub kind: PageKind,
    /// The page's number, from 1.
    pub number: usize,
    /// The grids on the page.
    pub slots: Vec<Slot>,
}

/// A laid-out book: its puzzles, options and pages.
#[derive(Debug, Clone)]
pub struct Book {
    /// The puzzles, in print order; puzzle `i` is numbered `i + 1`.
    pub puzzles: Vec<Puzzle>,
    /// How the book is laid out.
    pub options: BookOptions,
    /// The pages: the puzzles, then (with answers) the answer key.
    pub pages: Vec<Page>,
}

/// A length as a user wrote it, short: `41`, `0.5`, but `1e308` rather than its 309 digits.
fn shown_mm(mm: f64) -> String {
    if mm.is_finite() && (mm == 0.0 || (1e-3..1e6).contains(&mm.abs())) {
        mm.to_string()
    } else {
        format!("{mm:e}")
    }
}

impl Book {
    /// Lays out a book. Fails on an empty book, a grid that does not fit its layout, answers
    /// asked for a puzzle without a solution, or so many puzzles a page that grids would be
    /// under 30 mm wide.
    pub fn new(puzzles: Vec<Puzzle>, options: BookOptions) -> Result<Book, PrintError> {
        for (what, mm, max) in [
            ("a gutter", options.gutter, MAX_GUTTER),
            ("a bleed", options.bleed, MAX_BLEED),
        ] {
            if !(0.0..=max).contains(&mm) {
                return Err(PrintError::Margin {
                    what,
                    mm: shown_mm(mm),
                    max: max as u32,
                });
            }
        }
        let (rows, cols) = options.per_page;
        let (rows, cols) = (rows.max(1), cols.max(1));
        let area = content(&options);
        let cells = cells(area, rows, cols);
        if cells[0].side < MIN_GRID {
            return Err(PrintError::TooSmall {
                rows,
                cols,
                min: MIN_GRID as u32,
            });
        }
        if puzzles.is_empty() {
            return Err(PrintError::Empty);
        }
        if puzzles.len() > MAX_BOOK {
            return Err(PrintError::TooMany {
                count: puzzles.len(),
                max: MAX_BOOK,
            });
        }
        for (i, p) in puzzles.iter().enumerate() {
            let shape_ok = p.layout.check_shape(&p.givens).is_ok()
                && p.solution
                    .as_ref()
                    .is_none_or(|s| p.layout.check_shape(s).is_ok());
            if !shape_ok {
                return Err(PrintError::Shape { number: i + 1 });
            }
            if options.answers && p.solution.is_none() {
                return Err(PrintError::NoSolution { number: i + 1 });
            }
        }
        let mut pages = Vec::new();
        paginate(&mut pages, PageKind::Puzzles, puzzles.len(), &cells);
        if options.answers {
            let largest = puzzles.iter().map(|p| p.layout.size()).max().unwrap_or(9);
            let (ar, ac) = answer_grid(largest, options.landscape);
            paginate(
                &mut pages,
                PageKind::Answers,
                puzzles.len(),
                &self::cells(area, ar, ac),
            );
        }
        Ok(Book {
            puzzles,
            options,
            pages,
        })
    }

    /// The finished page's size in mm, as printed (landscape turned), without bleed.
    pub fn page_size(&self) -> (f64, f64) {
        page_size(&self.options)
    }

    /// The sheet's size in mm: the finished page with its bleed (at the top, the bottom and
    /// the outside edge).
    pub fn sheet_size(&self) -> (f64, f64) {
        let (w, h) = self.page_size();
        let b = self.options.bleed;
        (w + b, h + 2.0 * b)
    }

    /// Where the finished page lies on the sheet of page `number` (from 1): `(x, y)` mm. The
    /// bleed is on the outside edge: the right of odd pages, the left of even ones.
    pub fn trim_origin(&self, number: usize) -> (f64, f64) {
        let b = self.options.bleed;
        if number % 2 == 1 { (0.0, b) } else { (b, b) }
    }

    /// How far page `number`'s content moves right for the gutter: odd pages are bound on
    /// their left.
    pub fn gutter_shift(&self, number: usize) -> f64 {
        if number % 2 == 1 {
            self.options.gutter
        } else {
            0.0
        }
    }
}

fn page_size(options: &BookOptions) -> (f64, f64) {
    let (w, h) = options.paper.size_mm();
    if options.landscape { (h, w) } else { (w, h) }
}

/// The content area of a page: `(x, y, width, height)` in mm (on an even page; odd pages
/// move right by the gutter).
fn content(options: &BookOptions) -> (f64, f64, f64, f64) {
    let (w, h) = page_size(options);
    (
        MARGIN,
        MARGIN + HEADER,
        w - 2.0 * MARGIN - options.gutter,
        h - 2.0 * MARGIN - HEADER - FOOTER,
    )
}

/// The answer key's grids a page: many small ones, fewer for large grids.
fn answer_grid(size: usize, landscape: bool) -> (usize, usize) {
    let (r, c) = match size {
        0..=9 => (4, 3),
        10..=16 => (3, 2),
        _ => (1, 1),
    };
    if landscape { (c, r) } else { (r, c) }
}

/// The grid positions of a page with `rows` x `cols` slots (the puzzle index left at 0).
fn cells(area: (f64, f64, f64, f64), rows: usize, cols: usize) -> Vec<Slot> {
    let (x0, y0, w, h) = area;
    let (sw, sh) = (w / cols as f64, h / rows as f64);
    let side = (sw * 0.9).min((sh - LABEL) * 0.9);
    let mut out = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            out.push(Slot {
                puzzle: 0,
                x: x0 + c as f64 * sw + (sw - side) / 2.0,
                y: y0 + r as f64 * sh + LABEL + (sh - LABEL - side) / 2.0,
                side,
            });
        }
    }
    out
}

/// Appends the pages of `count` grids, filling `cells` in order.
fn paginate(pages: &mut Vec<Page>, kind: PageKind, count: usize, cells: &[Slot]) {
    for start in (0..count).step_by(cells.len()) {
        let slots = (start..count.min(start + cells.len()))
            .zip(cells)
            .map(|(puzzle, cell)| Slot { puzzle, ..*cell })
            .collect();
        pages.push(Page {
            kind,
            number: pages.len() + 1,
            slots,
        });
    }
}
