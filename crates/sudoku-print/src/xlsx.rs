//! A book as an Excel workbook, laid out as the spreadsheet program this project learned from
//! prints it: a sheet of puzzles and a sheet of answers, two grids a printed page, each grid
//! in cells with thin cell borders and medium borders between boxes (or jigsaw regions),
//! shaded diagonals and windows, givens in bold, answer digits in blue.
//!
//! A walkthrough is a sheet per puzzle: the puzzle, then a grid per frame with the step's
//! cells filled in the role colours of the PDF (the program above highlighted its steps in
//! green and yellow the same way), candidates written in the cells where the step needs them
//! (removed ones struck through in red), and the explanation beside the grid.

use rust_xlsxwriter::{
    Color, DocProperties, Format, FormatAlign, FormatBorder, FormatUnderline, Workbook, Worksheet,
    XlsxError,
};
use sudoku_core::{Cell, Grid};
use sudoku_logic::{Candidates, Lang, Role, Step};

use crate::draw::{ANSWER, blocks};
use crate::walkthrough::{
    Frame, candidate_grid, candidate_role, colour as role_colour, is_single, tints,
};
use crate::{Book, Paper, PrintError, Puzzle, Walkthrough};

/// Grids a printed page, as the original program prints them.
const PER_PAGE: usize = 2;

/// The most puzzles a sheet holds: 1,000 printed pages, 999 page breaks, under the 1,023
/// Excel allows a sheet (a book of about 2,050 puzzles could not be written before).
pub const SHEET_PUZZLES: usize = 2_000;

/// The custom document properties that tell a reader which sheets are answers and which
/// are walkthroughs, the sheets' names joined by `/` (no sheet name holds one). They are
/// the names `sudoku_core::format::workbook` looks for: reading a book back skips its
/// answers, and a walkthrough gives its puzzle.
const ANSWER_SHEETS: &str = "sudoku-print answer sheets";
const WALKTHROUGH_SHEETS: &str = "sudoku-print walkthrough sheets";

/// Marks `sheets` under the property `name` in the workbook's custom properties.
fn mark_sheets(workbook: &mut Workbook, name: &str, sheets: &[String]) {
    if sheets.is_empty() {
        return;
    }
    let properties = DocProperties::new().set_custom_property(name, sheets.join("/"));
    workbook.set_properties(&properties);
}

impl Book {
    /// The book as an XLSX workbook: a sheet of puzzles, and with answers a sheet of them;
    /// past [`SHEET_PUZZLES`] puzzles, as many sheets of each as it takes (`Puzzles 1`,
    /// `Puzzles 2`, ..., then `Answers 1`, ...), numbered through.
    pub fn xlsx(&self) -> Result<Vec<u8>, PrintError> {
        let xlsx = |e: XlsxError| PrintError::Xlsx(e.to_string());
        let mut workbook = Workbook::new();
        let (puzzles, answers) = match self.options.lang {
            Lang::En => ("Puzzles", "Answers"),
            Lang::Zh => ("谜题", "答案"),
        };
        let parts = self.puzzles.len().div_ceil(SHEET_PUZZLES).max(1);
        let name = |base: &str, part: usize| {
            if parts == 1 {
                base.to_string()
            } else {
                format!("{base} {}", part + 1)
            }
        };
        // The puzzles' sheets, then (with answers) the answers' sheets, which are marked.
        let kinds = [(puzzles, false), (answers, true)];
        let mut marked = Vec::new();
        for (base, answer) in kinds
            .into_iter()
            .filter(|&(_, a)| !a || self.options.answers)
        {
            for part in 0..parts {
                let sheet = workbook
                    .add_worksheet()
                    .set_name(name(base, part))
                    .map_err(xlsx)?;
                self.sheet(sheet, part * SHEET_PUZZLES, answer)
                    .map_err(xlsx)?;
                if answer {
                    marked.push(name(base, part));
                }
            }
        }
        mark_sheets(&mut workbook, ANSWER_SHEETS, &marked);
        workbook.save_to_buffer().map_err(xlsx)
    }

    /// A sheet of the puzzles (or answers) from puzzle `first`, at most [`SHEET_PUZZLES`].
    fn sheet(&self, sheet: &mut Worksheet, first: usize, answers: bool) -> Result<(), XlsxError> {
        let n = self
            .puzzles
            .iter()
            .map(|p| p.layout.size())
            .max()
            .unwrap_or(9);
        sheet.set_paper_size(paper_code(self.options.paper));
        if self.options.landscape {
            sheet.set_landscape();
        }
        sheet.set_print_fit_to_pages(1, 0);
        sheet.set_print_center_horizontally(true);
        if let Some(title) = &self.options.title {
            sheet.set_header(format!("&C&\"-,Bold\"{}", title.replace('&', "&&")));
        }
        sheet.set_footer("&C&P");
        for c in 0..n as u16 {
            sheet.set_column_width(c, 4.3)?;
        }
        let mut breaks = Vec::new();
        let part = self
            .puzzles
            .iter()
            .enumerate()
            .skip(first)
            .take(SHEET_PUZZLES);
        for (i, (k, puzzle)) in part.enumerate() {
            let top = (i * (n + 2)) as u32;
            if i > 0 && i % PER_PAGE == 0 {
                breaks.push(top);
            }
            // Words around the number, so that reading the workbook back takes the label for
            // text, not for a digit of the grid.
            let mut label = match self.options.lang {
                Lang::En => format!("No. {}", k + 1),
                Lang::Zh => format!("第 {} 题", k + 1),
            };
            if let Some(l) = &puzzle.label {
                label.push_str(" · ");
                label.push_str(l);
            }
            sheet.write_string_with_format(top, 0, &label, &Format::new().set_bold())?;
            let shown = if answers {
                puzzle.solution.as_ref()
            } else {
                None
            };
            grid(sheet, puzzle, shown, top + 1)?;
        }
        if !breaks.is_empty() {
            sheet.set_page_breaks(&breaks)?;
        }
        Ok(())
    }
}

/// `#rrggbb` as a colour.
fn colour(hex: &str) -> Color {
    Color::RGB(u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0))
}

/// One grid from row `top`: a cell per cell, borders from the blocks.
fn grid(
    sheet: &mut Worksheet,
    puzzle: &Puzzle,
    solution: Option<&Grid>,
    top: u32,
) -> Result<(), XlsxError> {
    let n = puzzle.layout.size();
    let (block, shaded) = blocks(&puzzle.layout);
    for r in 0..n {
        sheet.set_row_height(top + r as u32, 24)?;
        for c in 0..n {
            let i = r * n + c;
            let mut format = cell_format(&block, n, r, c).set_font_size(14);
            if shaded[i] {
                format = format.set_background_color(colour("#e4e4e4"));
            }
            let at = Cell::new(r, c);
            let (row, col) = (top + r as u32, c as u16);
            match (puzzle.givens.get(at), solution.and_then(|s| s.get(at))) {
                (Some(d), _) => {
                    sheet.write_number_with_format(row, col, d.get() as f64, &format.set_bold())?;
                }
                (None, Some(d)) => {
                    let format = format.set_font_color(colour(ANSWER));
                    sheet.write_number_with_format(row, col, d.get() as f64, &format)?;
                }
                (None, None) => {
                    sheet.write_blank(row, col, &format)?;
                }
            }
        }
    }
    Ok(())
}

/// A grid cell's format: centred, thin borders inside a block, medium ones at its edges.
fn cell_format(block: &[usize], n: usize, r: usize, c: usize) -> Format {
    let i = r * n + c;
    let edge = |other: Option<usize>| match other {
        Some(j) if block[j] == block[i] => FormatBorder::Thin,
        _ => FormatBorder::Medium,
    };
    Format::new()
        .set_align(FormatAlign::Center)
        .set_align(FormatAlign::VerticalCenter)
        .set_border_top(edge((r > 0).then(|| i - n)))
        .set_border_bottom(edge((r + 1 < n).then_some(i + n)))
        .set_border_left(edge((c > 0).then(|| i - 1)))
        .set_border_right(edge((c + 1 < n).then_some(i + 1)))
}

/// Frames a printed page of a walkthrough sheet.
const FRAMES_PER_PAGE: usize = 2;
/// Columns the explanation beside a grid spans.
const TEXT_COLUMNS: u16 = 8;

impl Walkthrough {
    /// Walkthroughs as an XLSX workbook: a sheet per puzzle (see the module doc).
    pub fn xlsx_all(
        walks: &[Walkthrough],
        paper: Paper,
        title: Option<&str>,
    ) -> Result<Vec<u8>, PrintError> {
        let xlsx = |e: XlsxError| PrintError::Xlsx(e.to_string());
        if walks.len() > crate::MAX_WALKTHROUGHS {
            return Err(PrintError::TooMany {
                count: walks.len(),
                max: crate::MAX_WALKTHROUGHS,
            });
        }
        let mut workbook = Workbook::new();
        let mut names = Vec::new();
        for (k, walk) in walks.iter().enumerate() {
            let number = (walks.len() > 1).then_some(k + 1);
            let name = match (walk.lang, number) {
                (Lang::En, None) => "Walkthrough".to_string(),
                (Lang::Zh, None) => "解题步骤".to_string(),
                (Lang::En, Some(k)) => format!("Walkthrough {k}"),
                (Lang::Zh, Some(k)) => format!("解题步骤 {k}"),
            };
            let sheet = workbook.add_worksheet().set_name(&name).map_err(xlsx)?;
            walk.sheet(sheet, paper, &walk.heading(title, number))
                .map_err(xlsx)?;
            names.push(name);
        }
        mark_sheets(&mut workbook, WALKTHROUGH_SHEETS, &names);
        workbook.save_to_buffer().map_err(xlsx)
    }

    fn sheet(&self, sheet: &mut Worksheet, paper: Paper, heading: &str) -> Result<(), XlsxError> {
        let n = self.layout.size();
        sheet.set_paper_size(paper_code(paper));
        sheet.set_print_fit_to_pages(1, 0);
        sheet.set_footer("&C&P");
        for c in 0..n as u16 {
            sheet.set_column_width(c, if n > 9 { 6.5 } else { 6.0 })?;
        }
        sheet.set_column_width(n as u16, 2.0)?;
        for c in 0..TEXT_COLUMNS {
            sheet.set_column_width(n as u16 + 1 + c, 11.0)?;
        }
        let bold = Format::new().set_bold();
        sheet.write_string_with_format(0, 0, heading, &bold.clone().set_font_size(14))?;
        sheet.write_string(1, 0, &self.grade)?;
        let mut row = 3u32;
        if let Ok(start) = Candidates::from_grid(&self.layout, &self.givens) {
            self.grid(sheet, row, &start, &[], false)?;
            row += n as u32 + 1;
        }
        let mut breaks = Vec::new();
        for (k, frame) in self.frames.iter().enumerate() {
            if k % FRAMES_PER_PAGE == 0 {
                breaks.push(row);
            }
            sheet.write_string_with_format(row, 0, self.frame_heading(frame), &bold)?;
            let candidates = !frame.steps.iter().all(is_single);
            self.grid(sheet, row + 1, &frame.before, &frame.steps, candidates)?;
            self.explanation(sheet, row + 1, frame)?;
            row += n as u32 + 2;
        }
        sheet.set_page_breaks(&breaks)?;
        Ok(())
    }

    /// The frame's explanation, merged over the columns right of its grid.
    fn explanation(&self, sheet: &mut Worksheet, top: u32, frame: &Frame) -> Result<(), XlsxError> {
        let n = self.layout.size();
        let first = n as u16 + 1;
        let format = Format::new()
            .set_text_wrap()
            .set_align(FormatAlign::Top)
            .set_align(FormatAlign::Left);
        sheet.merge_range(
            top,
            first,
            top + n as u32 - 1,
            first + TEXT_COLUMNS - 1,
            &self.frame_lines(frame).join("\n"),
            &format,
        )?;
        Ok(())
    }

    /// A grid of the position from row `top`: digits, the steps' cells filled by role, and
    /// with `candidates` each empty cell's candidates in a small square of digits.
    fn grid(
        &self,
        sheet: &mut Worksheet,
        top: u32,
        pos: &Candidates,
        steps: &[Step],
        candidates: bool,
    ) -> Result<(), XlsxError> {
        let layout = &self.layout;
        let n = layout.size();
        let (block, _) = blocks(layout);
        let tint = tints(layout, steps, candidates);
        let (_, lines) = candidate_grid(n);
        let height = if candidates {
            (lines as f64 * 11.0 + 4.0).max(26.0)
        } else {
            26.0
        };
        for r in 0..n {
            sheet.set_row_height(top + r as u32, height)?;
            for c in 0..n {
                let here = Cell::new(r, c);
                let mut format = cell_format(&block, n, r, c);
                if let Some(fill) = pattern_fill(steps, here).or(tint[here.index(n)]) {
                    format = format.set_background_color(colour(fill));
                }
                let (row, col) = (top + r as u32, c as u16);
                if let Some(d) = pos.get(here) {
                    let digit = format.set_font_size(14);
                    let digit = if pos.is_given(here) {
                        digit.set_bold()
                    } else {
                        digit.set_font_color(colour(role_colour::SOLVED))
                    };
                    sheet.write_number_with_format(row, col, d.get() as f64, &digit)?;
                    continue;
                }
                let placed = steps.iter().enumerate().find_map(|(k, s)| {
                    s.placements
                        .iter()
                        .find(|p| p.cell == here)
                        .map(|p| (k, p.digit))
                });
                if let Some((k, d)) = placed {
                    let digit = format
                        .set_font_size(14)
                        .set_bold()
                        .set_font_color(colour(role_colour::PLACED_MARK));
                    if steps.len() > 1 {
                        // The order of a folded single, small before the digit.
                        let order = Format::new()
                            .set_font_size(8)
                            .set_font_color(colour("#555555"));
                        let big = Format::new()
                            .set_font_size(14)
                            .set_bold()
                            .set_font_color(colour(role_colour::PLACED_MARK));
                        let (o, t) = (format!("{} ", k + 1), d.to_string());
                        sheet.write_rich_string_with_format(
                            row,
                            col,
                            &[(&order, o.as_str()), (&big, t.as_str())],
                            &digit,
                        )?;
                    } else {
                        sheet.write_number_with_format(row, col, d.get() as f64, &digit)?;
                    }
                    continue;
                }
                if !candidates || pos.candidates(here).is_empty() {
                    sheet.write_blank(row, col, &format)?;
                    continue;
                }
                let segments = candidate_segments(pos, steps, here, n);
                let parts: Vec<(&Format, &str)> =
                    segments.iter().map(|(f, t)| (f, t.as_str())).collect();
                let format = format
                    .set_text_wrap()
                    .set_font_name("Courier New")
                    .set_font_size(8);
                sheet.write_rich_string_with_format(row, col, &parts, &format)?;
            }
        }
        Ok(())
    }
}

/// The fill of a cell where a step marks a candidate (the pattern, a fin, a placement): the
/// candidate's role colour, over the tint of its house (a spreadsheet cell has one fill
/// where the page draws a disc behind the candidate). Removals alone leave the house tint.
fn pattern_fill(steps: &[Step], cell: Cell) -> Option<&'static str> {
    (1..=36)
        .filter_map(sudoku_core::Digit::new)
        .filter_map(|d| candidate_role(steps, cell, d))
        .filter(|&role| role != Role::Removed)
        .find_map(crate::walkthrough::mark_fill)
}

/// A cell's candidates as rich-text runs, laid out in lines as on the page (`1 2 3`,
/// `4 5 6`, ...; a gap where a digit is not a candidate): plain grey, the step's candidates
/// bold, removals struck through in red, placements green.
fn candidate_segments(
    pos: &Candidates,
    steps: &[Step],
    cell: Cell,
    n: usize,
) -> Vec<(Format, String)> {
    let (cols, _) = candidate_grid(n);
    let have = pos.candidates(cell);
    let width = if n > 9 { 2 } else { 1 };
    let mut runs: Vec<(Format, String)> = Vec::new();
    let mut push = |format: Format, text: String| match runs.last_mut() {
        Some((f, t)) if *f == format => t.push_str(&text),
        _ => runs.push((format, text)),
    };
    let plain = Format::new().set_font_color(colour("#666666"));
    for k in 0..n {
        let Some(d) = sudoku_core::Digit::new(k + 1) else {
            continue;
        };
        if k > 0 {
            let sep = if k % cols == 0 { "\n" } else { " " };
            push(plain.clone(), sep.to_string());
        }
        if !have.contains(d) {
            push(plain.clone(), " ".repeat(width));
            continue;
        }
        let format = match candidate_role(steps, cell, d) {
            None => plain.clone(),
            Some(Role::Removed) => Format::new()
                .set_bold()
                .set_font_strikethrough()
                .set_font_color(colour(role_colour::REMOVED_MARK)),
            Some(Role::Placed) => Format::new()
                .set_bold()
                .set_font_color(colour(role_colour::PLACED_MARK)),
            Some(_) => Format::new()
                .set_bold()
                .set_underline(FormatUnderline::Single),
        };
        push(format, format!("{:>width$}", d.to_string()));
    }
    runs
}

/// Excel's code for a paper size (9: A4, 1: Letter, 11: A5); custom sizes print on A4.
fn paper_code(paper: Paper) -> u8 {
    match paper {
        Paper::Letter => 1,
        Paper::A5 => 11,
        _ => 9,
    }
}
