//! A book as an Excel workbook, laid out as the spreadsheet program this project learned from
//! prints it: a sheet of puzzles and a sheet of answers, two grids a printed page, each grid
//! in cells with thin cell borders and medium borders between boxes (or jigsaw regions),
//! shaded diagonals and windows, givens in bold, answer digits in blue.

use rust_xlsxwriter::{Color, Format, FormatAlign, FormatBorder, Workbook, Worksheet, XlsxError};
use sudoku_core::{Cell, Grid};
use sudoku_logic::Lang;

use crate::draw::{ANSWER, blocks};
use crate::{Book, Paper, PrintError, Puzzle};

/// Grids a printed page, as the original program prints them.
const PER_PAGE: usize = 2;

impl Book {
    /// The book as an XLSX workbook: a sheet of puzzles, and with answers a sheet of them.
    pub fn xlsx(&self) -> Result<Vec<u8>, PrintError> {
        let xlsx = |e: XlsxError| PrintError::Xlsx(e.to_string());
        let mut workbook = Workbook::new();
        let (puzzles, answers) = match self.options.lang {
            Lang::En => ("Puzzles", "Answers"),
            Lang::Zh => ("谜题", "答案"),
        };
        let sheet = workbook.add_worksheet().set_name(puzzles).map_err(xlsx)?;
        self.sheet(sheet, false).map_err(xlsx)?;
        if self.options.answers {
            let sheet = workbook.add_worksheet().set_name(answers).map_err(xlsx)?;
            self.sheet(sheet, true).map_err(xlsx)?;
        }
        workbook.save_to_buffer().map_err(xlsx)
    }

    fn sheet(&self, sheet: &mut Worksheet, answers: bool) -> Result<(), XlsxError> {
        let n = self
            .puzzles
            .iter()
            .map(|p| p.layout.size())
            .max()
            .unwrap_or(9);
        sheet.set_paper_size(match self.options.paper {
            Paper::Letter => 1,
            Paper::A5 => 11,
            _ => 9,
        });
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
        for (k, puzzle) in self.puzzles.iter().enumerate() {
            let top = (k * (n + 2)) as u32;
            if k > 0 && k % PER_PAGE == 0 {
                breaks.push(top);
            }
            let mut label = format!("{}", k + 1);
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
            let edge = |other: Option<usize>| match other {
                Some(j) if block[j] == block[i] => FormatBorder::Thin,
                _ => FormatBorder::Medium,
            };
            let mut format = Format::new()
                .set_align(FormatAlign::Center)
                .set_align(FormatAlign::VerticalCenter)
                .set_font_size(14)
                .set_border_top(edge((r > 0).then(|| i - n)))
                .set_border_bottom(edge((r + 1 < n).then_some(i + n)))
                .set_border_left(edge((c > 0).then(|| i - 1)))
                .set_border_right(edge((c + 1 < n).then_some(i + 1)));
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
