//! Drawing a book's pages and its grids on a [`Canvas`]: the title, the grids with their
//! numbers and labels, the page number. Units are millimetres.

use sudoku_core::{Cell, Grid, House, Layout};
use sudoku_logic::Lang;

use crate::canvas::{Anchor, Canvas, Shifted, Svg};
use crate::page::LABEL;
use crate::walkthrough::{candidate_centre, candidate_grid};
use crate::{Book, Page, PageKind, PrintError, Puzzle, Slot};

/// The fill of shaded cells: the diagonals of an X-sudoku, windows and extra regions.
const SHADE: &str = "#e4e4e4";
/// The colour of the pencil-mark guide dots: visible to the pen, quiet to the eye.
pub const GUIDE: &str = "#a0a0a0";
/// The colour of answer digits, apart from the givens.
pub(crate) const ANSWER: &str = "#1f4e9a";

impl Book {
    /// The page as a standalone SVG document, at its true size in millimetres (with its
    /// bleed, if any).
    pub fn svg(&self, page: &Page) -> String {
        let (w, h) = self.sheet_size();
        let mut canvas = Svg::new(w, h);
        self.draw_sheet(page, &mut canvas);
        canvas.finish()
    }

    /// The whole book as one PDF document; with bleed, each page's trim box is the finished
    /// page.
    pub fn pdf(&self) -> Result<Vec<u8>, PrintError> {
        let (w, h) = self.page_size();
        let bleed = self.options.bleed > 0.0;
        let trim = |i: usize| {
            let (x, y) = self.trim_origin(self.pages[i].number);
            bleed.then_some((x, y, w, h))
        };
        let font = self.options.font.as_ref();
        let size = self.sheet_size();
        crate::pdf::document_trimmed(size, self.pages.len(), font, trim, |i, canvas| {
            self.draw_sheet(&self.pages[i], canvas);
        })
    }

    /// A page on its sheet: the finished page moved to where the bleed puts it.
    fn draw_sheet(&self, page: &Page, out: &mut dyn Canvas) {
        let (dx, dy) = self.trim_origin(page.number);
        let mut shifted = Shifted { inner: out, dx, dy };
        self.draw(page, &mut shifted);
    }

    fn draw(&self, page: &Page, out: &mut dyn Canvas) {
        let (w, h) = self.page_size();
        // The content moves for the gutter; the title and page number stay centred on it.
        let gutter = self.gutter_shift(page.number);
        let centre = gutter + (w - self.options.gutter) / 2.0;
        let title = match (&self.options.title, page.kind, self.options.lang) {
            (Some(t), PageKind::Puzzles, _) => Some(t.clone()),
            (Some(t), PageKind::Answers, Lang::En) => Some(format!("{t}: answers")),
            (Some(t), PageKind::Answers, Lang::Zh) => Some(format!("{t}：答案")),
            (None, PageKind::Answers, Lang::En) => Some("Answers".to_string()),
            (None, PageKind::Answers, Lang::Zh) => Some("答案".to_string()),
            (None, PageKind::Puzzles, _) => None,
        };
        if let Some(title) = title {
            out.text(centre, 18.0, 6.0, Anchor::Middle, true, "black", &title);
        }
        page_number(out, centre * 2.0, h, page.number, self.options.lang);
        for slot in &page.slots {
            let slot = &Slot {
                x: slot.x + gutter,
                ..*slot
            };
            let puzzle = &self.puzzles[slot.puzzle];
            let mut label = format!("{}", slot.puzzle + 1);
            if let Some(l) = &puzzle.label {
                label.push_str(" · ");
                label.push_str(l);
            }
            let size = if page.kind == PageKind::Answers {
                3.2
            } else {
                4.0
            };
            out.text(
                slot.x,
                slot.y - LABEL * 0.35,
                size,
                Anchor::Start,
                true,
                "black",
                &label,
            );
            let shown = match page.kind {
                PageKind::Puzzles => None,
                PageKind::Answers => puzzle.solution.as_ref(),
            };
            grid(out, puzzle, shown, slot.x, slot.y, slot.side);
            if self.options.guide_dots && page.kind == PageKind::Puzzles {
                guide_dots(out, puzzle, slot);
            }
        }
    }
}

/// Faint dots where each empty cell's pencil marks go: the candidate places of the walkthrough
/// diagrams (a 3x3 for 9x9, 4x4 for 16x16).
fn guide_dots(out: &mut dyn Canvas, puzzle: &Puzzle, slot: &Slot) {
    let n = puzzle.layout.size();
    let cell = slot.side / n as f64;
    let (cols, rows) = candidate_grid(n);
    let r = (cell / cols.max(rows) as f64 * 0.08).clamp(0.1, 0.35);
    for at in puzzle.layout.shape().cells() {
        if puzzle.givens.get(at).is_some() {
            continue;
        }
        let corner = (
            slot.x + at.col() as f64 * cell,
            slot.y + at.row() as f64 * cell,
        );
        for d in (1..=n).filter_map(sudoku_core::Digit::new) {
            let (cx, cy) = candidate_centre(n, cell, corner, d);
            out.circle(cx, cy, r, GUIDE);
        }
    }
}

/// The page number at the foot of a page.
pub(crate) fn page_number(out: &mut dyn Canvas, w: f64, h: f64, number: usize, lang: Lang) {
    let text = match lang {
        Lang::En => format!("{number}"),
        Lang::Zh => format!("第 {number} 页"),
    };
    out.text(
        w / 2.0,
        h - 10.0,
        3.5,
        Anchor::Middle,
        false,
        "#444444",
        &text,
    );
}

/// The block (box or jigsaw region) of every cell, and whether it is shaded (a diagonal,
/// a window or an extra region).
pub(crate) fn blocks(layout: &Layout) -> (Vec<usize>, Vec<bool>) {
    let n = layout.size();
    let (mut block, mut shaded) = (vec![0; n * n], vec![false; n * n]);
    for (h, house) in layout.houses().iter().enumerate() {
        for cell in layout.cells_of(h) {
            let i = cell.index(n);
            match house {
                House::Box(b) | House::Region(b) => block[i] = usize::from(*b),
                House::Diagonal(_) | House::Extra(_) => shaded[i] = true,
                House::Row(_) | House::Col(_) => {}
            }
        }
    }
    (block, shaded)
}

/// A grid with its top-left corner at `(x, y)` and side `side`: the givens in bold and,
/// with `solution`, the other digits of the solution in the answer colour.
fn grid(out: &mut dyn Canvas, puzzle: &Puzzle, solution: Option<&Grid>, x: f64, y: f64, side: f64) {
    let layout = &puzzle.layout;
    let n = layout.size();
    let cell = side / n as f64;
    let (_, shaded) = blocks(layout);
    for (i, _) in shaded.iter().enumerate().filter(|(_, s)| **s) {
        let (r, c) = (i / n, i % n);
        out.rect(x + c as f64 * cell, y + r as f64 * cell, cell, cell, SHADE);
    }
    grid_lines(out, layout, x, y, side);
    let font = cell * 0.62;
    for r in 0..n {
        for c in 0..n {
            let at = Cell::new(r, c);
            let (digit, given) = match (puzzle.givens.get(at), solution) {
                (Some(d), _) => (d, true),
                (None, Some(s)) => match s.get(at) {
                    Some(d) => (d, false),
                    None => continue,
                },
                (None, None) => continue,
            };
            let fill = if given { "black" } else { ANSWER };
            let cx = x + (c as f64 + 0.5) * cell;
            let cy = y + (r as f64 + 0.5) * cell + font * 0.36;
            out.text(
                cx,
                cy,
                font,
                Anchor::Middle,
                given,
                fill,
                &digit.to_string(),
            );
        }
    }
}

/// The lines of a grid at `(x, y)` with side `side`: a hairline between cells of one block,
/// a thick line between blocks (boxes or jigsaw regions), a thicker border.
pub(crate) fn grid_lines(out: &mut dyn Canvas, layout: &Layout, x: f64, y: f64, side: f64) {
    let n = layout.size();
    let cell = side / n as f64;
    let (block, _) = blocks(layout);
    let (mut thin, mut thick) = (Vec::new(), Vec::new());
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            let (px, py) = (x + c as f64 * cell, y + r as f64 * cell);
            if c + 1 < n {
                let edge = [px + cell, py, px + cell, py + cell];
                if block[i] == block[i + 1] {
                    &mut thin
                } else {
                    &mut thick
                }
                .push(edge);
            }
            if r + 1 < n {
                let edge = [px, py + cell, px + cell, py + cell];
                if block[i] == block[i + n] {
                    &mut thin
                } else {
                    &mut thick
                }
                .push(edge);
            }
        }
    }
    // A book's weights: hairlines for cells, three times that for boxes, a little more for
    // the border; capped so that a large grid is not drawn heavier than a small one.
    let thin_w = (side * 0.0025).clamp(0.12, 0.3);
    let thick_w = (thin_w * 3.2).min(0.8);
    out.strokes(&thin, "#555555", thin_w, None, false);
    out.strokes(&thick, "black", thick_w, None, true);
    let border = [
        [x, y, x + side, y],
        [x + side, y, x + side, y + side],
        [x + side, y + side, x, y + side],
        [x, y + side, x, y],
    ];
    out.strokes(&border, "black", thick_w * 1.25, None, true);
}
