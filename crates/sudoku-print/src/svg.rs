//! Drawing a page as SVG: the title, the grids with their numbers and labels, the page
//! number. Units are millimetres.

use std::fmt::Write;

use sudoku_core::{Cell, Grid, House, Layout};
use sudoku_logic::Lang;

use crate::page::LABEL;
use crate::{Book, Page, PageKind, Puzzle};

/// The fonts asked for, in order; every one has the digits, and the CJK ones the Chinese.
pub(crate) const FONTS: &str =
    "'DejaVu Sans', 'Noto Sans CJK SC', 'Liberation Sans', Arial, sans-serif";
/// The fill of shaded cells: the diagonals of an X-sudoku, windows and extra regions.
const SHADE: &str = "#e4e4e4";
/// The colour of answer digits, apart from the givens.
const ANSWER: &str = "#1f4e9a";

impl Book {
    /// The page as a standalone SVG document, at its true size in millimetres.
    pub fn svg(&self, page: &Page) -> String {
        let (w, h) = self.page_size();
        let mut out = String::new();
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}mm\" height=\"{h}mm\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"{FONTS}\">\n\
             <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
        );
        let title = match (&self.options.title, page.kind, self.options.lang) {
            (Some(t), PageKind::Puzzles, _) => Some(t.clone()),
            (Some(t), PageKind::Answers, Lang::En) => Some(format!("{t}: answers")),
            (Some(t), PageKind::Answers, Lang::Zh) => Some(format!("{t}：答案")),
            (None, PageKind::Answers, Lang::En) => Some("Answers".to_string()),
            (None, PageKind::Answers, Lang::Zh) => Some("答案".to_string()),
            (None, PageKind::Puzzles, _) => None,
        };
        if let Some(title) = title {
            text(
                &mut out,
                w / 2.0,
                12.0 + 6.0,
                6.0,
                "middle",
                "bold",
                "black",
                &title,
            );
        }
        let number = match self.options.lang {
            Lang::En => format!("{}", page.number),
            Lang::Zh => format!("第 {} 页", page.number),
        };
        text(
            &mut out,
            w / 2.0,
            h - 12.0 + 2.0,
            3.5,
            "middle",
            "normal",
            "#444",
            &number,
        );
        for slot in &page.slots {
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
            let y = slot.y - LABEL * 0.35;
            text(&mut out, slot.x, y, size, "start", "bold", "black", &label);
            let shown = match page.kind {
                PageKind::Puzzles => None,
                PageKind::Answers => puzzle.solution.as_ref(),
            };
            grid(&mut out, puzzle, shown, slot.x, slot.y, slot.side);
        }
        out.push_str("</svg>\n");
        out
    }
}

/// Text at `(x, y)` (the baseline), escaped for XML.
#[allow(clippy::too_many_arguments)]
pub(crate) fn text(
    out: &mut String,
    x: f64,
    y: f64,
    size: f64,
    anchor: &str,
    weight: &str,
    fill: &str,
    s: &str,
) {
    let _ = writeln!(
        out,
        "<text x=\"{x:.2}\" y=\"{y:.2}\" font-size=\"{size:.2}\" text-anchor=\"{anchor}\" \
         font-weight=\"{weight}\" fill=\"{fill}\">{}</text>",
        escape(s)
    );
}

pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The block (box or jigsaw region) of every cell, and whether it is shaded (a diagonal,
/// a window or an extra region).
fn blocks(layout: &Layout) -> (Vec<usize>, Vec<bool>) {
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
fn grid(out: &mut String, puzzle: &Puzzle, solution: Option<&Grid>, x: f64, y: f64, side: f64) {
    let layout = &puzzle.layout;
    let n = layout.size();
    let cell = side / n as f64;
    let (_, shaded) = blocks(layout);
    for (i, _) in shaded.iter().enumerate().filter(|(_, s)| **s) {
        let (r, c) = (i / n, i % n);
        let _ = writeln!(
            out,
            "<rect x=\"{:.3}\" y=\"{:.3}\" width=\"{cell:.3}\" height=\"{cell:.3}\" fill=\"{SHADE}\"/>",
            x + c as f64 * cell,
            y + r as f64 * cell
        );
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
            let (weight, fill) = if given {
                ("bold", "black")
            } else {
                ("normal", ANSWER)
            };
            let cx = x + (c as f64 + 0.5) * cell;
            let cy = y + (r as f64 + 0.5) * cell + font * 0.36;
            text(
                out,
                cx,
                cy,
                font,
                "middle",
                weight,
                fill,
                &digit.to_string(),
            );
        }
    }
}

/// The lines of a grid at `(x, y)` with side `side`: a hairline between cells of one block,
/// a thick line between blocks (boxes or jigsaw regions), a thicker border.
pub(crate) fn grid_lines(out: &mut String, layout: &Layout, x: f64, y: f64, side: f64) {
    let n = layout.size();
    let cell = side / n as f64;
    let (block, _) = blocks(layout);
    // Every inner edge between two cells: thick where they lie in different blocks.
    let (mut thin, mut thick) = (String::new(), String::new());
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            let (px, py) = (x + c as f64 * cell, y + r as f64 * cell);
            if c + 1 < n {
                let path = if block[i] == block[i + 1] {
                    &mut thin
                } else {
                    &mut thick
                };
                let _ = write!(path, "M{:.3} {py:.3}v{cell:.3}", px + cell);
            }
            if r + 1 < n {
                let path = if block[i] == block[i + n] {
                    &mut thin
                } else {
                    &mut thick
                };
                let _ = write!(path, "M{px:.3} {:.3}h{cell:.3}", py + cell);
            }
        }
    }
    // A book's weights: hairlines for cells, three times that for boxes, a little more for
    // the border; capped so that a large grid is not drawn heavier than a small one.
    let thin_w = (side * 0.0025).clamp(0.12, 0.3);
    let thick_w = (thin_w * 3.2).min(0.8);
    let _ = writeln!(
        out,
        "<path d=\"{thin}\" stroke=\"#555\" stroke-width=\"{thin_w:.3}\" fill=\"none\"/>\n\
         <path d=\"{thick}\" stroke=\"black\" stroke-width=\"{thick_w:.3}\" \
         stroke-linecap=\"square\" fill=\"none\"/>\n\
         <rect x=\"{x:.3}\" y=\"{y:.3}\" width=\"{side:.3}\" height=\"{side:.3}\" \
         stroke=\"black\" stroke-width=\"{:.3}\" fill=\"none\"/>",
        thick_w * 1.25
    );
}
