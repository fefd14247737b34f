//! Walkthroughs: a puzzle's whole solve path on paper, step by step. Each frame is a diagram
//! of the position before its step (candidates shown where the step needs them) with the
//! step's cells, candidates, houses and links in the colours of the browser game's hints,
//! and the step explained beside it in English or Chinese. Runs of singles are folded into
//! one frame, their order numbered in the cells (or one frame per step with `every_step`).

use sudoku_core::{Cell, Grid, House, Layout};
use sudoku_logic::{Candidates, Lang, LinkKind, Logic, Role, Step, Target, Technique};

use crate::canvas::{Anchor, Canvas, Svg};
use crate::draw::{grid_lines, page_number};
use crate::{Paper, PrintError};

/// The margin around a page's content, in mm.
const MARGIN: f64 = 12.0;
/// Frames a page.
const FRAMES_PER_PAGE: usize = 2;
/// Text size of the explanations, in mm.
const TEXT: f64 = 3.3;

/// The most singles folded into one frame: their lines (two or three each once wrapped, in
/// English) fit the column beside the diagram on paper down to A5, the text shrunk there.
/// Thirty were folded before, and on A4 the column showed the first sixteen and an
/// ellipsis: the rest were explained nowhere.
const SINGLES_PER_FRAME: usize = 8;

/// The smallest share of [`TEXT`] a frame's explanation is shrunk to, to fit its column on
/// smaller paper, before lines are cut.
const SMALLEST_TEXT: f64 = 0.7;

/// The role colours, as the browser game draws hints (`style.css`).
pub(crate) mod colour {
    pub const BASE: &str = "#dbe8fd";
    pub const COVER: &str = "#d5f1e7";
    pub const PATTERN: &str = "#f7e08a";
    pub const FIN: &str = "#ecd5fb";
    pub const ENDO: &str = "#dccaf9";
    pub const COLOR_A: &str = "#c9f0ea";
    pub const COLOR_B: &str = "#ffdcc2";
    pub const PLACED: &str = "#cdeed6";
    pub const PLACED_MARK: &str = "#1f9d55";
    pub const REMOVED_MARK: &str = "#e03e3e";
    pub const LINK: &str = "#d9480f";
    pub const SOLVED: &str = "#1f4e9a";
}

/// One diagram: the position before its steps, and the steps.
#[derive(Debug, Clone)]
pub struct Frame {
    /// The position before the first step.
    pub before: Candidates,
    /// The steps shown (several for a folded run of singles).
    pub steps: Vec<Step>,
    /// The number of the first step in the path, from 1.
    pub first: usize,
}

/// A puzzle's walkthrough, laid out in frames.
#[derive(Debug, Clone)]
pub struct Walkthrough {
    pub(crate) layout: Layout,
    pub(crate) givens: Grid,
    /// The frames, in path order.
    pub frames: Vec<Frame>,
    pub(crate) grade: String,
    pub(crate) lang: Lang,
}

pub(crate) fn is_single(step: &Step) -> bool {
    matches!(
        step.technique,
        Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
    )
}

/// The most walkthroughs printed together. A document is written whole, in memory, and a
/// walkthrough runs to a dozen pages or more (50,000 of them passed 2.4 GB); a workbook
/// gives each its sheet, and stays under the sheets a workbook is read back with.
pub const MAX_WALKTHROUGHS: usize = 200;

impl Walkthrough {
    /// The walkthrough of a puzzle with exactly one solution (else
    /// [`PrintError::NotUnique`]).
    pub fn new(
        layout: &Layout,
        givens: &Grid,
        lang: Lang,
        every_step: bool,
    ) -> Result<Walkthrough, PrintError> {
        let mut solver = sudoku_core::DlxSolver::new(layout.clone());
        if !matches!(solver.verdict(givens), Ok(sudoku_core::Verdict::Unique(_))) {
            return Err(PrintError::NotUnique);
        }
        let logic = Logic::new(layout);
        let mut pos = logic.start(givens).map_err(|_| PrintError::NotUnique)?;
        let path = logic.solve_path_from(pos.clone());
        if !path.is_solved() {
            return Err(PrintError::NotUnique);
        }
        let grade = path.grade();
        let grade = match lang {
            Lang::En => format!(
                "Grade: {grade}; {} steps; hardest: {}",
                path.steps.len(),
                grade.hardest.map_or("-", |t| t.name())
            ),
            Lang::Zh => format!(
                "难度：{}；共 {} 步；最难技巧：{}",
                grade.text(Lang::Zh),
                path.steps.len(),
                grade.hardest.map_or("-", |t| t.name_zh())
            ),
        };
        let mut frames: Vec<Frame> = Vec::new();
        for (k, step) in path.steps.into_iter().enumerate() {
            let fold = !every_step
                && is_single(&step)
                && frames.last().is_some_and(|f| {
                    f.steps.iter().all(is_single) && f.steps.len() < SINGLES_PER_FRAME
                });
            if fold {
                if let Some(f) = frames.last_mut() {
                    f.steps.push(step.clone());
                }
            } else {
                frames.push(Frame {
                    before: pos.clone(),
                    steps: vec![step.clone()],
                    first: k + 1,
                });
            }
            pos.apply(layout, &step);
        }
        // A single with a frame of its own says why it holds (the digits its cell sees, or
        // what keeps its digit out of the rest of its house); in a run of singles each keeps
        // its one line.
        for frame in &mut frames {
            if let [step] = frame.steps.as_mut_slice() {
                logic.explain_single(&frame.before, step);
            }
        }
        Ok(Walkthrough {
            layout: layout.clone(),
            givens: givens.clone(),
            frames,
            grade,
            lang,
        })
    }

    /// How many pages: the puzzle and its grade, then two frames a page.
    pub fn page_count(&self) -> usize {
        1 + self.frames.len().div_ceil(FRAMES_PER_PAGE)
    }

    /// The pages as SVG documents.
    pub fn svg_pages(&self, paper: Paper, title: Option<&str>) -> Vec<String> {
        let (w, h) = paper.size_mm();
        (0..self.page_count())
            .map(|i| {
                let mut canvas = Svg::new(w, h);
                self.draw_page(i, i + 1, (w, h), title, &mut canvas);
                canvas.finish()
            })
            .collect()
    }

    /// The pages as one PDF document.
    pub fn pdf(&self, paper: Paper, title: Option<&str>) -> Result<Vec<u8>, PrintError> {
        Walkthrough::pdf_all(std::slice::from_ref(self), paper, title)
    }

    /// Several walkthroughs as one PDF document, one after the other, pages numbered through;
    /// each starts on a page of its own with its number (`Walkthrough 2`) when there are
    /// several.
    pub fn pdf_all(
        walks: &[Walkthrough],
        paper: Paper,
        title: Option<&str>,
    ) -> Result<Vec<u8>, PrintError> {
        Walkthrough::pdf_all_with(walks, paper, title, None)
    }

    /// [`Walkthrough::pdf_all`] with a font for the characters the fonts built in lack.
    pub fn pdf_all_with(
        walks: &[Walkthrough],
        paper: Paper,
        title: Option<&str>,
        font: Option<&crate::ExtraFont>,
    ) -> Result<Vec<u8>, PrintError> {
        if walks.len() > MAX_WALKTHROUGHS {
            return Err(PrintError::TooMany {
                count: walks.len(),
                max: MAX_WALKTHROUGHS,
            });
        }
        let size = paper.size_mm();
        // (walkthrough, its page) for each page of the document.
        let pages: Vec<(usize, usize)> = walks
            .iter()
            .enumerate()
            .flat_map(|(k, w)| (0..w.page_count()).map(move |i| (k, i)))
            .collect();
        let headings: Vec<String> = (0..walks.len())
            .map(|k| walks[k].heading(title, (walks.len() > 1).then_some(k + 1)))
            .collect();
        crate::pdf::document(size, pages.len(), font, |p, canvas| {
            let (k, i) = pages[p];
            walks[k].draw_page(i, p + 1, size, Some(&headings[k]), canvas);
        })
    }

    /// The heading of the first page: the title, or "Walkthrough" (with its number among
    /// several).
    pub(crate) fn heading(&self, title: Option<&str>, number: Option<usize>) -> String {
        let base = title.map_or_else(
            || match self.lang {
                Lang::En => "Walkthrough".to_string(),
                Lang::Zh => "解题步骤".to_string(),
            },
            str::to_string,
        );
        match (number, self.lang) {
            (None, _) => base,
            (Some(k), Lang::En) => format!("{base} · No. {k}"),
            (Some(k), Lang::Zh) => format!("{base} · 第 {k} 题"),
        }
    }

    /// The heading of frame `frame`: `Step 12: X-Wing`, or `Steps 3-9: singles`.
    pub(crate) fn frame_heading(&self, frame: &Frame) -> String {
        let last = frame.first + frame.steps.len() - 1;
        match (self.lang, frame.steps.len()) {
            (Lang::En, 1) => format!("Step {}: {}", frame.first, frame.steps[0].title(self.lang)),
            (Lang::En, _) => format!("Steps {}-{last}: singles", frame.first),
            (Lang::Zh, 1) => format!("第 {} 步：{}", frame.first, frame.steps[0].title(self.lang)),
            (Lang::Zh, _) => format!("第 {}-{last} 步：唯一数", frame.first),
        }
    }

    /// The explanation of a frame, a line per step (numbered for a run of singles).
    pub(crate) fn frame_lines(&self, frame: &Frame) -> Vec<String> {
        if frame.steps.iter().all(is_single) {
            frame
                .steps
                .iter()
                .enumerate()
                .map(|(i, s)| format!("{}. {}", frame.first + i, s.explain(self.lang)))
                .collect()
        } else {
            vec![frame.steps[0].explain(self.lang)]
        }
    }

    /// Page `i` (from 0) of this walkthrough, numbered `number` at its foot: the puzzle and
    /// its grade, or two frames.
    fn draw_page(
        &self,
        i: usize,
        number: usize,
        (w, h): (f64, f64),
        title: Option<&str>,
        out: &mut dyn Canvas,
    ) {
        page_number(out, w, h, number, self.lang);
        if i > 0 {
            let slot = (h - 2.0 * MARGIN - 8.0) / FRAMES_PER_PAGE as f64;
            let frames = self
                .frames
                .chunks(FRAMES_PER_PAGE)
                .nth(i - 1)
                .unwrap_or(&[]);
            for (k, frame) in frames.iter().enumerate() {
                let y = MARGIN + k as f64 * slot;
                self.frame(out, frame, MARGIN, y, w - 2.0 * MARGIN, slot);
            }
            return;
        }
        let head = self.heading(title, None);
        out.text(
            w / 2.0,
            MARGIN + 6.0,
            6.0,
            Anchor::Middle,
            true,
            "black",
            &head,
        );
        out.text(
            w / 2.0,
            MARGIN + 14.0,
            TEXT,
            Anchor::Middle,
            false,
            "#333333",
            &self.grade,
        );
        let side = (w - 2.0 * MARGIN).min(h * 0.55);
        if let Ok(start) = Candidates::from_grid(&self.layout, &self.givens) {
            self.diagram(
                out,
                &start,
                &[],
                false,
                (w - side) / 2.0,
                MARGIN + 22.0,
                side,
            );
        }
    }

    /// One frame at `(x, y)` in a `width` x `height` box: the heading, the diagram on the
    /// left, the explanation on the right.
    fn frame(&self, out: &mut dyn Canvas, frame: &Frame, x: f64, y: f64, width: f64, height: f64) {
        let singles = frame.steps.iter().all(is_single);
        let heading = self.frame_heading(frame);
        out.text(x, y + 5.0, 4.2, Anchor::Start, true, "black", &heading);
        let side = (width * 0.52).min(height - 12.0);
        self.diagram(out, &frame.before, &frame.steps, !singles, x, y + 9.0, side);
        let lines = self.frame_lines(frame);
        let column = width - side - 6.0;
        // The largest size, down to SMALLEST_TEXT of the usual, at which every line fits.
        let fit = |size: f64| {
            let max_lines = ((height - 12.0) / (size * 1.35)) as usize;
            let wrapped: Vec<String> = lines.iter().flat_map(|l| wrap(l, column, size)).collect();
            (wrapped.len() <= max_lines, wrapped, max_lines)
        };
        let sizes = (0..=6).map(|k| TEXT * (1.0 - (1.0 - SMALLEST_TEXT) * k as f64 / 6.0));
        let mut chosen = None;
        for size in sizes {
            let (fits, wrapped, max_lines) = fit(size);
            chosen = Some((size, wrapped, max_lines));
            if fits {
                break;
            }
        }
        let Some((size, mut wrapped, max_lines)) = chosen else {
            return;
        };
        if wrapped.len() > max_lines {
            wrapped.truncate(max_lines.saturating_sub(1));
            wrapped.push("…".to_string());
        }
        for (k, line) in wrapped.iter().enumerate() {
            let ty = y + 9.0 + size + k as f64 * size * 1.35;
            out.text(
                x + side + 6.0,
                ty,
                size,
                Anchor::Start,
                false,
                "black",
                line,
            );
        }
    }

    /// The position as a grid at `(x, y)`, side `side`, with `steps` drawn on it.
    #[allow(clippy::too_many_arguments)]
    fn diagram(
        &self,
        out: &mut dyn Canvas,
        pos: &Candidates,
        steps: &[Step],
        candidates: bool,
        x: f64,
        y: f64,
        side: f64,
    ) {
        let layout = &self.layout;
        let n = layout.size();
        let cell = side / n as f64;
        let at = |c: Cell| (x + c.col() as f64 * cell, y + c.row() as f64 * cell);
        let tint = tints(layout, steps, candidates);
        for (i, fill) in tint.iter().enumerate() {
            if let Some(fill) = fill {
                let (px, py) = at(Cell::new(i / n, i % n));
                out.rect(px, py, cell, cell, fill);
            }
        }
        grid_lines(out, layout, x, y, side);
        let font = cell * 0.62;
        let (cols, rows) = candidate_grid(n);
        let small = cell / cols.max(rows) as f64 * 0.78;
        for r in 0..n {
            for c in 0..n {
                let here = Cell::new(r, c);
                let (px, py) = at(here);
                if let Some(d) = pos.get(here) {
                    let (bold, fill) = if pos.is_given(here) {
                        (true, "black")
                    } else {
                        (false, colour::SOLVED)
                    };
                    let cy = py + cell / 2.0 + font * 0.36;
                    out.text(
                        px + cell / 2.0,
                        cy,
                        font,
                        Anchor::Middle,
                        bold,
                        fill,
                        &d.to_string(),
                    );
                    continue;
                }
                // A single placed by one of the steps: the digit in green, its order small.
                if let Some((k, step)) = steps
                    .iter()
                    .enumerate()
                    .find(|(_, s)| s.placements.iter().any(|p| p.cell == here))
                {
                    if let Some(p) = step.placements.iter().find(|p| p.cell == here) {
                        let cy = py + cell / 2.0 + font * 0.36;
                        let d = p.digit.to_string();
                        out.text(
                            px + cell / 2.0,
                            cy,
                            font,
                            Anchor::Middle,
                            true,
                            colour::PLACED_MARK,
                            &d,
                        );
                        if steps.len() > 1 {
                            let order = (k + 1).to_string();
                            out.text(
                                px + cell * 0.06,
                                py + cell * 0.3,
                                cell * 0.24,
                                Anchor::Start,
                                false,
                                "#555555",
                                &order,
                            );
                        }
                    }
                    continue;
                }
                if !candidates {
                    continue;
                }
                for d in pos.candidates(here).iter() {
                    let (cx, cy) = candidate_centre(n, cell, (px, py), d);
                    let role = candidate_role(steps, here, d);
                    if let Some(fill) = role.and_then(mark_fill) {
                        out.circle(cx, cy, small * 0.62, fill);
                    }
                    let (bold, fill) = match role {
                        Some(Role::Removed) => (true, colour::REMOVED_MARK),
                        Some(Role::Placed) => (true, colour::PLACED_MARK),
                        Some(_) => (true, "black"),
                        None => (false, "#666666"),
                    };
                    out.text(
                        cx,
                        cy + small * 0.36,
                        small,
                        Anchor::Middle,
                        bold,
                        fill,
                        &d.to_string(),
                    );
                    if role == Some(Role::Removed) {
                        let r = small * 0.45;
                        let strike = [[cx - r, cy + r, cx + r, cy - r]];
                        out.strokes(&strike, colour::REMOVED_MARK, small * 0.1, None, false);
                    }
                }
            }
        }
        if candidates {
            for step in steps {
                links(out, step, n, (x, y, cell));
            }
        }
    }
}

/// The tint of each cell under `steps`: base and cover houses first, then the cells of the
/// steps' roles over them (a candidate's role tints its cell where candidates are not shown,
/// and always for a placement).
pub(crate) fn tints(
    layout: &Layout,
    steps: &[Step],
    candidates: bool,
) -> Vec<Option<&'static str>> {
    let n = layout.size();
    let mut tint: Vec<Option<&'static str>> = vec![None; n * n];
    // Every step's houses first, then every step's cells: in a folded run of singles, a
    // later Full House's house painted over the cells the run placed before it.
    for step in steps {
        for hl in &step.highlights {
            if let (Target::House(house), Role::Base | Role::Cover) = (hl.target, hl.role) {
                let fill = if hl.role == Role::Base {
                    colour::BASE
                } else {
                    colour::COVER
                };
                for c in house_cells(layout, house) {
                    tint[c.index(n)] = Some(fill);
                }
            }
        }
    }
    for step in steps {
        for hl in &step.highlights {
            let c = match hl.target {
                Target::Cell(c) => c,
                Target::Candidate(c) if hl.role == Role::Placed => c.cell,
                Target::Candidate(c) if !candidates => c.cell,
                _ => continue,
            };
            if let Some(fill) = cell_fill(hl.role) {
                tint[c.index(n)] = Some(fill);
            }
        }
    }
    tint
}

/// The arrows of a step's chains: from candidate to candidate, strong links solid, weak
/// dashed, as the browser game draws them.
fn links(out: &mut dyn Canvas, step: &Step, n: usize, (x, y, cell): (f64, f64, f64)) {
    let centre = |node: &sudoku_logic::ChainNode| {
        let count = node.cells.len().max(1) as f64;
        let (sx, sy) = node.cells.iter().fold((0.0, 0.0), |(sx, sy), c| {
            let corner = (x + c.col() as f64 * cell, y + c.row() as f64 * cell);
            let (cx, cy) = candidate_centre(n, cell, corner, node.digit);
            (sx + cx, sy + cy)
        });
        (sx / count, sy / count)
    };
    for chain in step.chains.iter().take(1) {
        for (i, link) in chain.links.iter().enumerate() {
            let (a, b) = (centre(&chain.nodes[i]), centre(&chain.nodes[i + 1]));
            let dash = (*link == LinkKind::Weak).then_some((cell * 0.08, cell * 0.06));
            let line = [[a.0, a.1, b.0, b.1]];
            out.strokes(&line, colour::LINK, cell * 0.03, dash, false);
        }
    }
}

/// Where candidate `d` sits in a cell of side `cell` whose top-left corner is `corner`.
pub(crate) fn candidate_centre(
    n: usize,
    cell: f64,
    corner: (f64, f64),
    d: sudoku_core::Digit,
) -> (f64, f64) {
    let (cols, rows) = candidate_grid(n);
    let k = d.get() - 1;
    (
        corner.0 + ((k % cols) as f64 + 0.5) * cell / cols as f64,
        corner.1 + ((k / cols) as f64 + 0.5) * cell / rows as f64,
    )
}

/// The columns and rows of the small candidate grid in a cell: 3x3 for 9x9, 4x4 for 16x16.
pub(crate) fn candidate_grid(n: usize) -> (usize, usize) {
    let cols = (1..=n).find(|c| c * c >= n).unwrap_or(n);
    (cols, n.div_ceil(cols))
}

/// The most telling role a step gives a candidate: removed over placed over the pattern's.
pub(crate) fn candidate_role(steps: &[Step], cell: Cell, d: sudoku_core::Digit) -> Option<Role> {
    let mut best: Option<Role> = None;
    let rank = |r: Role| match r {
        Role::Removed => 0,
        Role::Placed => 1,
        Role::Fin | Role::EndoFin | Role::Extra => 2,
        Role::ColorA | Role::ColorB => 3,
        Role::LinkStrong | Role::LinkWeak => 4,
        _ => 5,
    };
    for step in steps {
        for hl in &step.highlights {
            if let Target::Candidate(c) = hl.target
                && c.cell == cell
                && c.digit == d
                && best.is_none_or(|b| rank(hl.role) < rank(b))
            {
                best = Some(hl.role);
            }
        }
    }
    best
}

/// The disc behind a candidate of a role.
pub(crate) fn mark_fill(role: Role) -> Option<&'static str> {
    match role {
        Role::Removed => None,
        Role::Placed => Some(colour::PLACED),
        Role::Fin | Role::Extra => Some(colour::FIN),
        Role::EndoFin => Some(colour::ENDO),
        Role::ColorA => Some(colour::COLOR_A),
        Role::ColorB => Some(colour::COLOR_B),
        _ => Some(colour::PATTERN),
    }
}

/// The tint of a cell of a role.
fn cell_fill(role: Role) -> Option<&'static str> {
    match role {
        Role::Placed => Some(colour::PLACED),
        Role::Pattern => Some(colour::PATTERN),
        Role::Fin | Role::Extra => Some(colour::FIN),
        Role::EndoFin => Some(colour::ENDO),
        Role::ColorA => Some(colour::COLOR_A),
        Role::ColorB => Some(colour::COLOR_B),
        _ => None,
    }
}

/// The cells of a house of the layout.
fn house_cells(layout: &Layout, house: House) -> Vec<Cell> {
    layout
        .houses()
        .iter()
        .position(|&h| h == house)
        .map(|h| layout.cells_of(h).collect())
        .unwrap_or_default()
}

/// Splits text into lines of at most `width` mm at `size` mm: Latin letters count about
/// 0.56 of the size, Chinese characters a whole one; breaks at spaces, after the links of a
/// chain in Eureka notation (`-`, `=`, `/`, `,`), or anywhere in Chinese.
pub(crate) fn wrap(text: &str, width: f64, size: f64) -> Vec<String> {
    let w = |c: char| if c.is_ascii() { 0.56 * size } else { size };
    let mut lines = Vec::new();
    let (mut line, mut used) = (String::new(), 0.0);
    let mut word = String::new();
    let mut word_w = 0.0;
    let flush_word = |line: &mut String,
                      used: &mut f64,
                      word: &mut String,
                      word_w: &mut f64,
                      lines: &mut Vec<String>| {
        if *used + *word_w > width && !line.is_empty() {
            lines.push(std::mem::take(line).trim_end().to_string());
            *used = 0.0;
        }
        line.push_str(word);
        *used += *word_w;
        word.clear();
        *word_w = 0.0;
    };
    for ch in text.chars() {
        word.push(ch);
        word_w += w(ch);
        if matches!(ch, ' ' | '-' | '=' | '/' | ',') || !ch.is_ascii() {
            flush_word(&mut line, &mut used, &mut word, &mut word_w, &mut lines);
        }
    }
    flush_word(&mut line, &mut used, &mut word, &mut word_w, &mut lines);
    if !line.trim().is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cell a folded run of singles places keeps the placement fill: a Full House
    /// later in the run painted its house's fill over the cells placed before it.
    #[test]
    fn folded_singles_keep_the_placement_fill() {
        let layout = Layout::classic();
        let givens: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .expect("a grid");
        let walk = Walkthrough::new(&layout, &givens, Lang::En, false).expect("a walkthrough");
        let mut checked = 0;
        for frame in walk.frames.iter().filter(|f| f.steps.len() > 1) {
            let tint = tints(&layout, &frame.steps, false);
            for step in &frame.steps {
                for p in &step.placements {
                    checked += 1;
                    assert_eq!(
                        tint[p.cell.index(9)],
                        Some(colour::PLACED),
                        "step {} of the frame from {}: {:?}",
                        step.technique.name(),
                        frame.first,
                        p.cell
                    );
                }
            }
        }
        assert!(checked > 20, "{checked} folded placements");
    }
}
