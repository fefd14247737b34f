//! Puzzles typed into a spreadsheet: `.xlsx`, `.xlsm`, `.xlsb`, `.xls` and `.ods` workbooks,
//! read with `calamine` (feature `workbook`).
//!
//! People keep puzzles in spreadsheets in three ways, and every sheet of a workbook is read
//! for all three:
//!
//! * **a grid typed into a block of cells**, a digit per cell (numbers, or one-character text
//!   `1`-`9`, `A`-`Z`), empty cells blank or typed as `0` or `.`. This is also how
//!   `sudoku print` lays out its workbooks, so a printed book reads back;
//! * **one puzzle per row**: a cell holding a whole one-line puzzle (`4.....8.5.3...`), its
//!   label after it in the same cell or in the next cell;
//! * both on one sheet, in any number.
//!
//! Grids are found as blocks of digit cells. A row with text but no digits (a label, a
//! title) or two blank rows end a block; so do two blank columns. One blank row or column
//! inside a grid is kept (a puzzle may have an empty row). A block must be square; where
//! its first or last row or column holds no digit, the label cell right above the grid says
//! where it starts (as `sudoku print` writes it), else the block is reported with a hint to
//! type `0` or `.` in the empty cells.
//!
//! Errors name the sheet and the cell (`sheet 'Puzzles', cell C4: ...`); a malformed puzzle is
//! reported and the others are still read, as in the text formats.

use std::fmt;
use std::io::Cursor;

use calamine::{Data, Reader, Sheets, open_workbook_auto_from_rs};
use thiserror::Error;

use super::line::parse_line;
use super::{Entry, ReadOptions, cell_value};
use crate::grid::Grid;
use crate::shape::Shape;

/// The largest sheet read, in cells: a sheet bigger than this is refused rather than scanned
/// (a million cells is far beyond any puzzle book, and bounds the work on a hostile file).
pub const MAX_SHEET_CELLS: usize = 4_000_000;

/// The most cells read from a whole workbook, all its sheets together, each counted as the
/// rectangle it is laid out in. The spreadsheet library lays out every `.xls` and `.ods`
/// sheet as it opens the file, so a bound per sheet alone let a 22 KB `.xls` of 40 sheets,
/// each just under it, take 5 GB.
pub const MAX_WORKBOOK_CELLS: usize = 4_000_000;

/// The most sheets read from a workbook (far beyond any book; `sudoku print` splits 50,000
/// puzzles with answers over 50).
pub const MAX_SHEETS: usize = 256;

/// The most a zipped workbook (`.xlsx`, `.ods`) may unpack to, in bytes, by what its
/// directory says: a small file that unpacks to gigabytes is refused before it is read.
pub const MAX_UNPACKED: u64 = 64 << 20;

/// A workbook that could not be opened at all.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WorkbookError {
    /// Not a workbook calamine can read, or a damaged one.
    #[error("not a readable .xlsx/.xls/.ods workbook: {0}")]
    Open(String),
    /// A workbook larger than this reader takes ([`MAX_WORKBOOK_CELLS`], [`MAX_SHEETS`]).
    #[error("{0}")]
    TooLarge(String),
    /// A workbook with no puzzle in any of its sheets.
    #[error("no puzzle found in the workbook")]
    Empty,
    /// A sheet that could not be read.
    #[error("sheet '{sheet}': {message}")]
    Sheet {
        /// The sheet's name.
        sheet: String,
        /// What went wrong.
        message: String,
    },
}

/// A puzzle found in a workbook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetPuzzle {
    /// Where it is: the sheet and its cells.
    pub place: Place,
    /// The givens.
    pub grid: Grid,
    /// Its label: the text above the grid, or after a one-line puzzle; often empty.
    pub label: String,
}

impl SheetPuzzle {
    /// The puzzle as an [`Entry`] of a batch, numbered `ordinal` (from 1) in place of a line.
    pub fn into_entry(self, ordinal: usize) -> Entry {
        Entry {
            line: ordinal,
            grid: self.grid,
            label: self.label,
            variant: None,
            constraints: crate::constraint::Constraints::default(),
        }
    }
}

/// A place in a workbook: a sheet and a cell or a range of cells, in A1 notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The sheet's name.
    pub sheet: String,
    /// `C4` or `A2:I10`.
    pub cells: String,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.cells.contains(':') {
            "cells"
        } else {
            "cell"
        };
        write!(f, "sheet '{}', {what} {}", self.sheet, self.cells)
    }
}

/// A puzzle in a workbook that could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{place}{message}")]
pub struct SheetError {
    /// The sheet and the cell at fault (or the block's range).
    pub place: Place,
    /// What is wrong, starting with `: ` or `, column ...: `.
    pub message: String,
}

/// Whether `bytes` look like a workbook: a zip archive (`.xlsx`, `.ods`) or an OLE compound
/// file (`.xls`). Text never starts this way.
pub fn looks_like_workbook(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0])
}

/// Reads every puzzle of every sheet, in sheet order, then top to bottom and left to right.
/// Only a workbook that cannot be opened (or holds no puzzle at all) is an error; a
/// malformed puzzle is an `Err` item and the rest are still read.
///
/// A workbook written by `sudoku print` says which of its sheets are what: its answer
/// sheets are skipped (their grids are the puzzles' solutions), and a walkthrough sheet
/// gives its puzzle (the first grid), not the frames of the solving steps.
///
/// `options.shape` gives the box shape where the size alone does not say it.
pub fn read_workbook(
    bytes: &[u8],
    options: ReadOptions,
) -> Result<Vec<Result<SheetPuzzle, SheetError>>, WorkbookError> {
    check_unpacked_size(bytes)?;
    check_ods_sheets(bytes)?;
    check_xls_sheets(bytes)?;
    let printed = PrintedSheets::of(bytes);
    let mut book = open_workbook_auto_from_rs(Cursor::new(bytes))
        .map_err(|e| WorkbookError::Open(e.to_string()))?;
    let names = book.sheet_names();
    check_sheet_count(names.len())?;
    let mut out = Vec::new();
    // Cells laid out so far, over all sheets (bounded by MAX_WORKBOOK_CELLS).
    let mut laid_out = 0usize;
    for name in names {
        if printed.answers.contains(&name) {
            continue;
        }
        let cells = match sheet_cells(&mut book, &name) {
            Ok(cells) => cells,
            // Chart sheets and the like hold no cells: nothing to read there.
            Err(e) if e.to_lowercase().contains("chart") => continue,
            Err(message) => {
                return Err(WorkbookError::Sheet {
                    sheet: name,
                    message,
                });
            }
        };
        if let Some(sheet) = Sheet::from_cells(&name, cells, laid_out)? {
            laid_out += sheet.height * sheet.width;
            let from = out.len();
            sheet.read(options, &mut out);
            if printed.walkthroughs.contains(&name) {
                out.truncate(from + 1);
            }
        }
    }
    if out.is_empty() {
        return Err(WorkbookError::Empty);
    }
    Ok(out)
}

/// Refuses a workbook of more than [`MAX_SHEETS`] sheets.
fn check_sheet_count(sheets: usize) -> Result<(), WorkbookError> {
    if sheets > MAX_SHEETS {
        return Err(WorkbookError::TooLarge(format!(
            "the workbook has {sheets} sheets, more than the {MAX_SHEETS} read"
        )));
    }
    Ok(())
}

/// Refuses a workbook whose sheets together lay out more than [`MAX_WORKBOOK_CELLS`]
/// cells; `sizes` are the sheets' names and cells.
fn check_workbook_cells(sizes: &[(String, usize)]) -> Result<(), WorkbookError> {
    let total = sizes
        .iter()
        .fold(0usize, |sum, (_, cells)| sum.saturating_add(*cells));
    if total > MAX_WORKBOOK_CELLS {
        // The first of the largest (max_by_key keeps the last).
        let (largest, cells) = sizes
            .iter()
            .rev()
            .max_by_key(|(_, cells)| *cells)
            .map_or(("", 0), |(name, cells)| (name.as_str(), *cells));
        return Err(WorkbookError::TooLarge(format!(
            "its {} sheets hold {total} cells together (the largest, '{largest}', {cells}), \
             more than the {MAX_WORKBOOK_CELLS} cells read from a workbook",
            sizes.len()
        )));
    }
    Ok(())
}

/// The names of the sheets `sudoku print` wrote as answers and as walkthroughs, from the
/// workbook's custom properties [`PRINTED_ANSWERS`] and [`PRINTED_WALKTHROUGHS`] (empty for
/// any other workbook).
#[derive(Debug, Default)]
struct PrintedSheets {
    answers: Vec<String>,
    walkthroughs: Vec<String>,
}

/// The custom document property in which `sudoku print` lists a book's answer sheets,
/// their names joined by `/` (a character no sheet name may hold).
pub const PRINTED_ANSWERS: &str = "sudoku-print answer sheets";

/// The custom document property in which `sudoku print` lists a workbook's walkthrough
/// sheets, their names joined by `/`.
pub const PRINTED_WALKTHROUGHS: &str = "sudoku-print walkthrough sheets";

impl PrintedSheets {
    /// Reads `docProps/custom.xml` of a zipped workbook; anything unreadable there is
    /// taken as no marks (the workbook is then read as any other).
    fn of(bytes: &[u8]) -> PrintedSheets {
        use std::io::Read;
        let mut printed = PrintedSheets::default();
        if !bytes.starts_with(b"PK") {
            return printed;
        }
        let Ok(mut zip) = zip::ZipArchive::new(Cursor::new(bytes)) else {
            return printed;
        };
        let Ok(member) = zip.by_name("docProps/custom.xml") else {
            return printed;
        };
        let mut xml = Vec::new();
        if member.take(MAX_UNPACKED).read_to_end(&mut xml).is_err() {
            return printed;
        }
        let mut reader = quick_xml::Reader::from_reader(&xml[..]);
        // The property being read, and its value so far (text and entities come apart).
        let mut property: Option<(String, String)> = None;
        loop {
            match reader.read_event() {
                Ok(quick_xml::events::Event::Start(e)) if e.name().0 == "property" => {
                    property = attribute(&e, "name").map(|name| (name, String::new()));
                }
                Ok(quick_xml::events::Event::Text(t)) => {
                    if let Some((_, value)) = &mut property {
                        value.push_str(&t);
                    }
                }
                Ok(quick_xml::events::Event::GeneralRef(r)) => {
                    if let Some((_, value)) = &mut property {
                        value.push(match &*r {
                            "amp" => '&',
                            "lt" => '<',
                            "gt" => '>',
                            "quot" => '"',
                            _ => '\'',
                        });
                    }
                }
                Ok(quick_xml::events::Event::End(e)) if e.name().0 == "property" => {
                    let Some((name, value)) = property.take() else {
                        continue;
                    };
                    let names = value.split('/').map(str::to_string);
                    match name.as_str() {
                        PRINTED_ANSWERS => printed.answers.extend(names),
                        PRINTED_WALKTHROUGHS => printed.walkthroughs.extend(names),
                        _ => {}
                    }
                }
                Ok(quick_xml::events::Event::Eof) | Err(_) => return printed,
                _ => {}
            }
        }
    }
}

/// A sheet's cells that hold something, with their (row, column) on the sheet.
type SheetCells = Vec<((u32, u32), Kind)>;

/// The cells of a sheet that hold something, by (row, column) on the sheet.
///
/// `.xlsx` and `.xlsb` sheets are read cell by cell, so that the size of the sheet is known
/// before anything is laid out: calamine's `worksheet_range` lays the sheet out as one
/// rectangle from its first cell to its last, and a 1 KB file with cells `A1` and
/// `XFD1048576` asked for 17 billion cells (512 GB) and aborted the process, the server
/// with it. `.xls` and `.ods` go through `worksheet_range`, and are measured first
/// ([`check_xls_sheets`], [`check_ods_sheets`]).
fn sheet_cells<RS: std::io::Read + std::io::Seek>(
    book: &mut Sheets<RS>,
    name: &str,
) -> Result<SheetCells, String> {
    let mut cells = Vec::new();
    let mut keep = |pos: (u32, u32), data: &Data| -> Result<(), String> {
        let kind = Kind::of(data);
        if kind != Kind::Blank {
            if cells.len() >= MAX_SHEET_CELLS {
                return Err(format!("more than the {MAX_SHEET_CELLS} cells read"));
            }
            cells.push((pos, kind));
        }
        Ok(())
    };
    // The two readers are different types with the same methods.
    macro_rules! cell_by_cell {
        ($book:expr) => {{
            let mut reader = $book
                .worksheet_cells_reader(name)
                .map_err(|e| e.to_string())?;
            while let Some(cell) = reader.next_cell().map_err(|e| e.to_string())? {
                keep(cell.get_position(), &Data::from(cell.get_value().clone()))?;
            }
        }};
    }
    match book {
        Sheets::Xlsx(book) => cell_by_cell!(book),
        Sheets::Xlsb(book) => cell_by_cell!(book),
        other => {
            let range = other.worksheet_range(name).map_err(|e| e.to_string())?;
            let (top, left) = range.start().unwrap_or((0, 0));
            for (r, c, data) in range.used_cells() {
                keep((top + r as u32, left + c as u32), data)?;
            }
        }
    }
    Ok(cells)
}

/// Refuses a zipped workbook whose members unpack to more than [`MAX_UNPACKED`] bytes.
fn check_unpacked_size(bytes: &[u8]) -> Result<(), WorkbookError> {
    if !bytes.starts_with(b"PK") {
        return Ok(());
    }
    let mut zip =
        zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| WorkbookError::Open(e.to_string()))?;
    let mut total: u64 = 0;
    for i in 0..zip.len() {
        let member = zip
            .by_index_raw(i)
            .map_err(|e| WorkbookError::Open(e.to_string()))?;
        total = total.saturating_add(member.size());
    }
    if total > MAX_UNPACKED {
        return Err(WorkbookError::Open(format!(
            "it unpacks to {} MB, more than the {} MB read",
            total >> 20,
            MAX_UNPACKED >> 20
        )));
    }
    Ok(())
}

/// The most rows and columns calamine reads of an `.ods` sheet (it caps repeats there).
const ODS_ROWS: usize = 1 << 20;
const ODS_COLUMNS: usize = 1 << 14;

/// Refuses an `.ods` workbook with a sheet that calamine would lay out in more than
/// [`MAX_SHEET_CELLS`] cells. calamine reads a sheet row by row, each row as wide as its
/// last cell that holds something (`table:number-columns-repeated` up to 16,384 columns),
/// then lays the sheet out from its first such cell to its last (`number-rows-repeated` up
/// to a million rows). A 15 KB file of 20,000 rows, each a blank run of 16,383 columns and
/// then a number, takes a minute and 18 GB without this check. So the sheet's content is
/// measured here first, in one pass over its XML that keeps nothing but counts.
fn check_ods_sheets(bytes: &[u8]) -> Result<(), WorkbookError> {
    use std::io::Read;
    if !bytes.starts_with(b"PK") {
        return Ok(());
    }
    let open = |e: &dyn fmt::Display| WorkbookError::Open(e.to_string());
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| open(&e))?;
    let Ok(member) = zip.by_name("content.xml") else {
        return Ok(()); // not an .ods (an .xlsx keeps its sheets under xl/)
    };
    let mut xml = Vec::new();
    member
        .take(MAX_UNPACKED)
        .read_to_end(&mut xml)
        .map_err(|e| open(&format_args!("content.xml: {e}")))?;
    let mut reader = quick_xml::Reader::from_reader(&xml[..]);
    let mut sheet = OdsSheet::default();
    let mut sizes: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    loop {
        let event = reader
            .read_event()
            .map_err(|e| open(&format_args!("content.xml: {e}")))?;
        match event {
            quick_xml::events::Event::Start(e) if e.name().0 == "table:table" => {
                depth += 1;
                if depth == 1 {
                    check_sheet_count(sizes.len() + 1)?;
                    sheet = OdsSheet::default();
                    sheet.name = attribute(&e, "table:name").unwrap_or_default();
                }
            }
            quick_xml::events::Event::Start(e) if e.name().0 == "table:table-row" => {
                let repeats = attribute(&e, "table:number-rows-repeated")
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(1usize);
                sheet.row_start(repeats);
            }
            quick_xml::events::Event::Empty(e) if e.name().0 == "table:table-row" => {
                let repeats = attribute(&e, "table:number-rows-repeated")
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(1usize);
                sheet.row_start(repeats);
                sheet.row_end();
            }
            quick_xml::events::Event::Start(ref e) | quick_xml::events::Event::Empty(ref e)
                if matches!(e.name().0, "table:table-cell" | "table:covered-table-cell") =>
            {
                let repeats = attribute(e, "table:number-columns-repeated")
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(1usize);
                // A cell with content or a value or a formula; a bare (styled) blank is none.
                let full = matches!(event, quick_xml::events::Event::Start(_))
                    || attribute(e, "office:value-type").is_some()
                    || attribute(e, "table:formula").is_some();
                sheet.cells(repeats, full);
            }
            quick_xml::events::Event::End(e) if e.name().0 == "table:table-row" => {
                sheet.row_end();
            }
            quick_xml::events::Event::End(e) if e.name().0 == "table:table" => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    sizes.push((sheet.name.clone(), sheet.check()?));
                    check_workbook_cells(&sizes)?;
                }
            }
            quick_xml::events::Event::Eof => return Ok(()),
            _ => {}
        }
    }
}

/// Refuses an `.xls` workbook with a sheet that calamine would lay out in more than
/// [`MAX_SHEET_CELLS`] cells. calamine lays out every sheet as it opens the file, each as
/// one rectangle from its first cell to its last, after reserving room for the rows and
/// columns its `DIMENSIONS` record claims: a 6 KB file claiming 2^32 rows asked for 44 TB
/// and aborted the process (the server with it), and one with cells `A1` and `IV65536`
/// took a gigabyte. So the records calamine reads are read here first, from the same
/// offsets (each sheet's, as the workbook's `BOUNDSHEET` records give them), and measured.
fn check_xls_sheets(bytes: &[u8]) -> Result<(), WorkbookError> {
    use std::io::Read;
    if !bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) {
        return Ok(());
    }
    let open = |e: &dyn fmt::Display| WorkbookError::Open(e.to_string());
    let mut book = cfb::CompoundFile::open(Cursor::new(bytes)).map_err(|e| open(&e))?;
    let name = ["/Workbook", "/Book"]
        .into_iter()
        .find(|n| book.is_stream(n))
        .ok_or_else(|| open(&"it holds no workbook stream"))?;
    let mut stream = Vec::new();
    book.open_stream(name)
        .map_err(|e| open(&e))?
        .take(MAX_UNPACKED)
        .read_to_end(&mut stream)
        .map_err(|e| open(&e))?;
    // The workbook's own records, up to its end: where each sheet starts, and its name.
    let mut sheets = Vec::new();
    for (typ, data) in BiffRecords(&stream) {
        match typ {
            0x0085 if data.len() >= 4 => {
                let at = u32::from_le_bytes([data[0], data[1], data[2], data[3]]) as usize;
                sheets.push((at, biff_sheet_name(data)));
            }
            0x000A => break,
            _ => {}
        }
    }
    check_sheet_count(sheets.len())?;
    let mut sizes = Vec::new();
    for (at, name) in sheets {
        let Some(records) = stream.get(at..) else {
            continue; // calamine refuses the file for this
        };
        let cells = measure_xls_sheet(records).map_err(|message| WorkbookError::Sheet {
            sheet: name.clone(),
            message,
        })?;
        sizes.push((name, cells));
    }
    check_workbook_cells(&sizes)
}

/// The records of a BIFF stream, `(type, data)`, the `CONTINUE` records after each skipped
/// as calamine skips them; it stops where a record runs past the stream.
struct BiffRecords<'a>(&'a [u8]);

impl<'a> Iterator for BiffRecords<'a> {
    type Item = (u16, &'a [u8]);
    fn next(&mut self) -> Option<(u16, &'a [u8])> {
        let record = |s: &'a [u8]| -> Option<(u16, &'a [u8], &'a [u8])> {
            let typ = u16::from_le_bytes([*s.first()?, *s.get(1)?]);
            let len = u16::from_le_bytes([*s.get(2)?, *s.get(3)?]) as usize;
            let data = s.get(4..4 + len)?;
            Some((typ, data, &s[4 + len..]))
        };
        let (typ, data, mut rest) = record(self.0)?;
        while let Some((0x003C, _, after)) = record(rest) {
            rest = after;
        }
        self.0 = rest;
        Some((typ, data))
    }
}

/// A sheet's name from its `BOUNDSHEET` record (BIFF8: a length, a flag for two-byte
/// characters, the characters); empty where the record is too short.
fn biff_sheet_name(data: &[u8]) -> String {
    let (Some(&len), Some(&flags)) = (data.get(6), data.get(7)) else {
        return String::new();
    };
    let chars = &data[8.min(data.len())..];
    if flags & 1 == 0 {
        chars
            .iter()
            .take(len as usize)
            .map(|&b| b as char)
            .collect()
    } else {
        let units: Vec<u16> = chars
            .chunks_exact(2)
            .take(len as usize)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        String::from_utf16_lossy(&units)
    }
}

/// Measures one sheet's records as calamine reads them: the room its `DIMENSIONS` claim,
/// and the rectangle of its cells. Embedded charts (a nested `BOF` to its `EOF`) are
/// skipped, as calamine skips them. Returns the cells of the rectangle calamine lays out.
fn measure_xls_sheet(records: &[u8]) -> Result<usize, String> {
    let word = |d: &[u8], at: usize| u16::from_le_bytes([d[at], d[at + 1]]) as u32;
    let long = |d: &[u8], at: usize| u32::from_le_bytes([d[at], d[at + 1], d[at + 2], d[at + 3]]);
    let (mut seen_bof, mut depth) = (false, 0usize);
    let mut corners: Option<((u32, u32), (u32, u32))> = None;
    let mut cell = |r: u32, c0: u32, c1: u32| {
        let ((t, l), (b, rt)) = corners.unwrap_or(((r, c0), (r, c1)));
        corners = Some(((t.min(r), l.min(c0)), (b.max(r), rt.max(c1))));
    };
    for (typ, d) in BiffRecords(records) {
        if depth > 0 {
            match typ {
                0x0809 => depth += 1,
                0x000A => depth -= 1,
                _ => {}
            }
            continue;
        }
        match typ {
            0x0809 if seen_bof => depth += 1,
            0x0809 => seen_bof = true,
            0x000A => break,
            // DIMENSIONS, read as calamine reads it (rows counted with its wrap-around).
            0x0200 if matches!(d.len(), 10 | 14 | 16) => {
                let (rf, rl, cf, cl) = if d.len() == 10 {
                    (word(d, 0), word(d, 2), word(d, 4), word(d, 6))
                } else {
                    (long(d, 0), long(d, 4), word(d, 8), word(d, 10))
                };
                let cf = if cf > 0xFF || cl < cf { 0 } else { cf };
                if rl >= 1 && cl >= 1 {
                    let rows = (rl - 1).wrapping_sub(rf).wrapping_add(1) as usize;
                    let cols = (cl - 1).wrapping_sub(cf).wrapping_add(1) as usize;
                    if rows.saturating_mul(cols) > MAX_SHEET_CELLS {
                        return Err(format!(
                            "its dimensions claim {rows} rows by {cols} columns, more than \
                             the {MAX_SHEET_CELLS} cells read"
                        ));
                    }
                }
            }
            // Cells with a value: number, label, rich label, boolean or error, RK, shared
            // string, formula; MULRK holds a run of columns.
            0x0203 | 0x0204 | 0x00D6 | 0x0205 | 0x027E | 0x00FD | 0x0006 if d.len() >= 4 => {
                cell(word(d, 0), word(d, 2), word(d, 2));
            }
            0x00BD if d.len() >= 6 => {
                let (first, last) = (word(d, 2), word(d, d.len() - 2));
                cell(word(d, 0), first.min(last), first.max(last));
            }
            _ => {}
        }
    }
    if let Some(((top, left), (bottom, right))) = corners {
        let (height, width) = ((bottom - top + 1) as usize, (right - left + 1) as usize);
        if height.saturating_mul(width) > MAX_SHEET_CELLS {
            let corner = |r: u32, c: u32| format!("{}{}", column_name(c as usize), r + 1);
            return Err(format!(
                "its cells run from {} to {}, {height} rows by {width} columns, more than \
                 the {MAX_SHEET_CELLS} cells read",
                corner(top, left),
                corner(bottom, right)
            ));
        }
        return Ok(height * width);
    }
    Ok(0)
}

/// An attribute's value as text.
fn attribute(e: &quick_xml::events::BytesStart<'_>, name: &str) -> Option<String> {
    let a = e.try_get_attribute(name).ok()??;
    Some(a.value.into_owned())
}

/// What calamine would make of an `.ods` sheet: the rows and columns of its cells that hold
/// something, and the cells it reads before laying them out.
#[derive(Default)]
struct OdsSheet {
    name: String,
    /// The row the next row element starts at, and how many rows it stands for.
    row: usize,
    repeats: usize,
    /// The column the next cell starts at, and the last one holding something in this row.
    column: usize,
    last: Option<usize>,
    /// First and last row and column holding something.
    rows: Option<(usize, usize)>,
    columns: Option<(usize, usize)>,
    /// Cells read row by row: each row element up to its last cell holding something.
    read: usize,
}

impl OdsSheet {
    fn row_start(&mut self, repeats: usize) {
        self.repeats = repeats.min(ODS_ROWS.saturating_sub(self.row));
        self.column = 0;
        self.last = None;
    }

    fn cells(&mut self, repeats: usize, full: bool) {
        let repeats = repeats.min(ODS_COLUMNS.saturating_sub(self.column));
        if full && repeats > 0 {
            let (first, last) = (self.column, self.column + repeats - 1);
            self.last = Some(last);
            let (l, r) = self.columns.unwrap_or((first, last));
            self.columns = Some((l.min(first), r.max(last)));
        }
        self.column += repeats;
    }

    fn row_end(&mut self) {
        if let Some(last) = self.last.filter(|_| self.repeats > 0) {
            self.read = self.read.saturating_add(last + 1);
            let (first, end) = (self.row, self.row + self.repeats - 1);
            let (t, b) = self.rows.unwrap_or((first, end));
            self.rows = Some((t.min(first), b.max(end)));
        }
        self.row += self.repeats;
        self.last = None;
    }

    /// Refuses the sheet past [`MAX_SHEET_CELLS`]; else the cells it costs calamine (the
    /// larger of its rectangle and the cells its rows hold).
    fn check(&self) -> Result<usize, WorkbookError> {
        let refuse = |message: String| {
            Err(WorkbookError::Sheet {
                sheet: self.name.clone(),
                message,
            })
        };
        let mut area = 0;
        if let (Some((top, bottom)), Some((left, right))) = (self.rows, self.columns) {
            let (height, width) = (bottom - top + 1, right - left + 1);
            area = height.saturating_mul(width);
            if area > MAX_SHEET_CELLS {
                let corner = |r: usize, c: usize| format!("{}{}", column_name(c), r + 1);
                return refuse(format!(
                    "its cells run from {} to {}, {height} rows by {width} columns, more than \
                     the {MAX_SHEET_CELLS} cells read",
                    corner(top, left),
                    corner(bottom, right)
                ));
            }
        }
        if self.read > MAX_SHEET_CELLS {
            return refuse(format!(
                "its rows hold {} cells up to their last filled one, more than the \
                 {MAX_SHEET_CELLS} cells read",
                self.read
            ));
        }
        Ok(area.max(self.read))
    }
}

/// What a cell holds, as far as finding puzzles goes.
#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Blank,
    /// A grid cell: a digit (`1`..), or 0 for an empty-cell mark, with the character typed
    /// when it was one (for messages). Digits are checked against the grid's size once the
    /// grid is found.
    Mark(u8, Option<char>),
    /// Anything else: a label, a note, a one-line puzzle.
    Text(String),
}

impl Kind {
    fn of(data: &Data) -> Kind {
        match data {
            Data::Empty => Kind::Blank,
            Data::Int(v) if (0..=36).contains(v) => Kind::Mark(*v as u8, None),
            Data::Float(v) if v.fract() == 0.0 && (0.0..=36.0).contains(v) => {
                Kind::Mark(*v as u8, None)
            }
            Data::String(s) => {
                let t = s.trim();
                if t.is_empty() {
                    return Kind::Blank;
                }
                let mut chars = t.chars();
                if let (Some(c), None) = (chars.next(), chars.next())
                    && let Some(v) = cell_value(c)
                {
                    return Kind::Mark(v, Some(c));
                }
                match t.parse::<u8>() {
                    Ok(v) if v <= 36 => Kind::Mark(v, None),
                    _ => Kind::Text(t.to_string()),
                }
            }
            other => Kind::Text(other.to_string()),
        }
    }
}

/// One sheet's used range, row by row.
struct Sheet<'a> {
    name: &'a str,
    /// The range's first row and column on the sheet, from 0.
    top: usize,
    left: usize,
    height: usize,
    width: usize,
    cells: Vec<Kind>,
}

/// A rectangle of a sheet's range: rows `top..bottom`, columns `left..right`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rect {
    top: usize,
    bottom: usize,
    left: usize,
    right: usize,
}

impl<'a> Sheet<'a> {
    /// The sheet laid out as the rectangle from its first cell that holds something to its
    /// last (`None`: it holds nothing), refused when that is more than [`MAX_SHEET_CELLS`].
    /// `used`: the cells the workbook's sheets before this one laid out; the sheets
    /// together are refused past [`MAX_WORKBOOK_CELLS`].
    fn from_cells(
        name: &'a str,
        cells: SheetCells,
        used: usize,
    ) -> Result<Option<Sheet<'a>>, WorkbookError> {
        let Some(top) = cells.iter().map(|((r, _), _)| *r as usize).min() else {
            return Ok(None);
        };
        let bottom = cells
            .iter()
            .map(|((r, _), _)| *r as usize)
            .max()
            .unwrap_or(top);
        let left = cells
            .iter()
            .map(|((_, c), _)| *c as usize)
            .min()
            .unwrap_or(0);
        let right = cells
            .iter()
            .map(|((_, c), _)| *c as usize)
            .max()
            .unwrap_or(left);
        let (height, width) = (bottom - top + 1, right - left + 1);
        if height.saturating_mul(width) > MAX_SHEET_CELLS {
            let corner = |r: usize, c: usize| format!("{}{}", column_name(c), r + 1);
            return Err(WorkbookError::Sheet {
                sheet: name.to_string(),
                message: format!(
                    "its cells run from {} to {}, {height} rows by {width} columns, more than \
                     the {MAX_SHEET_CELLS} cells read",
                    corner(top, left),
                    corner(bottom, right)
                ),
            });
        }
        if used + height * width > MAX_WORKBOOK_CELLS {
            return Err(WorkbookError::TooLarge(format!(
                "its sheets up to '{name}' hold {} cells together, more than the \
                 {MAX_WORKBOOK_CELLS} cells read from a workbook",
                used + height * width
            )));
        }
        let mut laid_out = vec![Kind::Blank; height * width];
        for ((r, c), kind) in cells {
            laid_out[(r as usize - top) * width + (c as usize - left)] = kind;
        }
        Ok(Some(Sheet {
            name,
            top,
            left,
            height,
            width,
            cells: laid_out,
        }))
    }
}

impl Sheet<'_> {
    fn at(&self, r: usize, c: usize) -> &Kind {
        &self.cells[r * self.width + c]
    }

    /// `C4` for a cell of the range.
    fn cell_ref(&self, r: usize, c: usize) -> String {
        format!("{}{}", column_name(self.left + c), self.top + r + 1)
    }

    fn place(&self, cells: String) -> Place {
        Place {
            sheet: self.name.to_string(),
            cells,
        }
    }

    fn read(&self, options: ReadOptions, out: &mut Vec<Result<SheetPuzzle, SheetError>>) {
        let mut found: Vec<((usize, usize), Result<SheetPuzzle, SheetError>)> = Vec::new();
        for r in 0..self.height {
            for c in 0..self.width {
                if let Some(read) = self.line_puzzle(r, c, options) {
                    found.push(((r, c), read));
                }
            }
        }
        for block in self.blocks() {
            found.push(((block.top, block.left), self.grid(block, options)));
        }
        found.sort_by_key(|(at, _)| *at);
        out.extend(found.into_iter().map(|(_, read)| read));
    }

    /// A one-line puzzle in cell (r, c), if the cell holds one: a first word of at least 16
    /// characters, nine in ten of them digits or empty-cell marks and a quarter of them not
    /// letters (so that a long word is not taken for a puzzle, while a puzzle with a typo or
    /// a missing cell is, and gets its error).
    fn line_puzzle(
        &self,
        r: usize,
        c: usize,
        options: ReadOptions,
    ) -> Option<Result<SheetPuzzle, SheetError>> {
        let Kind::Text(text) = self.at(r, c) else {
            return None;
        };
        let word = text
            .split(|ch: char| ch.is_whitespace() || ch == ',' || ch == ';')
            .next()
            .unwrap_or("");
        let length = word.chars().count();
        let cells = word.chars().filter(|&ch| cell_value(ch).is_some()).count();
        let not_letters = word
            .chars()
            .filter(|&ch| cell_value(ch).is_some() && !ch.is_ascii_alphabetic())
            .count();
        if length < 16 || cells * 10 < length * 9 || not_letters * 4 < length {
            return None;
        }
        let place = self.place(self.cell_ref(r, c));
        Some(match parse_line(text, options.shape, 1) {
            Ok((grid, mut label)) => {
                if label.is_empty()
                    && c + 1 < self.width
                    && let Kind::Text(next) = self.at(r, c + 1)
                {
                    label = next.clone();
                }
                Ok(SheetPuzzle { place, grid, label })
            }
            Err(e) => Err(SheetError {
                place,
                message: e.kind.to_string(),
            }),
        })
    }

    /// Whether row r has a grid cell in columns `left..right`, and whether it has text there.
    fn row_has(&self, r: usize, left: usize, right: usize) -> (bool, bool) {
        self.tally((left..right).map(|c| (r, c)))
    }

    /// Whether column c has a grid cell in rows `top..bottom`, and whether it has text there.
    fn column_has(&self, c: usize, top: usize, bottom: usize) -> (bool, bool) {
        self.tally((top..bottom).map(|r| (r, c)))
    }

    /// Whether any of the cells holds a grid cell, and whether any holds text.
    fn tally(&self, cells: impl Iterator<Item = (usize, usize)>) -> (bool, bool) {
        let (mut mark, mut text) = (false, false);
        for (r, c) in cells {
            match self.at(r, c) {
                Kind::Mark(..) => mark = true,
                Kind::Text(_) => text = true,
                Kind::Blank => {}
            }
        }
        (mark, text)
    }

    /// The blocks of grid cells: runs of rows with grid cells (one blank row inside a run is
    /// kept; a text-only row or two blank rows end it), each split the same way by columns.
    fn blocks(&self) -> Vec<Rect> {
        let mut blocks = Vec::new();
        let rows: Vec<(bool, bool)> = (0..self.height)
            .map(|r| self.row_has(r, 0, self.width))
            .collect();
        for (top, bottom) in runs(&rows) {
            let cols: Vec<(bool, bool)> = (0..self.width)
                .map(|c| self.column_has(c, top, bottom))
                .collect();
            for (left, right) in runs(&cols) {
                // The rows of this column run that hold its marks (a run of rows can be split
                // differently in different columns: two grids side by side, of two heights).
                let sub: Vec<(bool, bool)> = (top..bottom)
                    .map(|r| self.row_has(r, left, right))
                    .collect();
                for (t, b) in runs(&sub) {
                    blocks.push(Rect {
                        top: top + t,
                        bottom: top + b,
                        left,
                        right,
                    });
                }
            }
        }
        blocks
    }

    /// The grid in a block: its size from the block's larger side, its corner from the
    /// label above it where a side is short.
    fn grid(&self, block: Rect, options: ReadOptions) -> Result<SheetPuzzle, SheetError> {
        let (h, w) = (block.bottom - block.top, block.right - block.left);
        let n = h.max(w);
        let range = |r: Rect| {
            format!(
                "{}:{}",
                self.cell_ref(r.top, r.left),
                self.cell_ref(r.bottom - 1, r.right - 1)
            )
        };
        let shape = match options.shape {
            Some(s) if s.size() == n => s,
            Some(s) => {
                return Err(SheetError {
                    place: self.place(range(block)),
                    message: format!(
                        ": a block of {h} rows by {w} columns is not a {0}x{0} grid (the box shape {1}x{2} was given)",
                        s.size(),
                        s.box_rows(),
                        s.box_cols()
                    ),
                });
            }
            None => match Shape::from_size(n) {
                Some(s) if n >= 4 => s,
                _ => {
                    return Err(SheetError {
                        place: self.place(range(block)),
                        message: format!(
                            ": a block of {h} rows by {w} columns is no grid this program knows (4x4 to 25x25, boxes of at least 2x2); leave two blank rows or columns between grids"
                        ),
                    });
                }
            },
        };
        let rect = self.square(block, n).ok_or_else(|| SheetError {
            place: self.place(range(block)),
            message: format!(
                ": a block of {h} rows by {w} columns: a grid is square, and nothing says where its empty {} is; type 0 or . in its empty cells",
                if h < w { "row" } else { "column" }
            ),
        })?;
        let mut values = Vec::with_capacity(n * n);
        for r in rect.top..rect.bottom {
            for c in rect.left..rect.right {
                let v = match self.at(r, c) {
                    Kind::Blank => 0,
                    Kind::Mark(v, _) if (*v as usize) <= n => *v,
                    Kind::Mark(v, typed) => {
                        let shown = typed.map_or(v.to_string(), String::from);
                        return Err(self.cell_error(r, c, format!("`{shown}` is not a digit of a {n}x{n} grid (1 to {n}; blank, 0 or . for an empty cell)")));
                    }
                    Kind::Text(t) => {
                        return Err(self.cell_error(
                            r,
                            c,
                            format!("`{t}` is not a digit or an empty-cell mark"),
                        ));
                    }
                };
                values.push(v);
            }
        }
        let grid = Grid::from_values(shape, values).map_err(|e| SheetError {
            place: self.place(range(rect)),
            message: format!(": {e}"),
        })?;
        Ok(SheetPuzzle {
            place: self.place(range(rect)),
            grid,
            label: self.label_above(rect).unwrap_or_default(),
        })
    }

    fn cell_error(&self, r: usize, c: usize, message: String) -> SheetError {
        SheetError {
            place: self.place(self.cell_ref(r, c)),
            message: format!(": {message}"),
        }
    }

    /// The n-by-n square holding a block: the block itself when square, else placed by the
    /// label right above it (its row is the one above the grid, its column the grid's first).
    fn square(&self, block: Rect, n: usize) -> Option<Rect> {
        let (h, w) = (block.bottom - block.top, block.right - block.left);
        if h == n && w == n {
            return Some(block);
        }
        // The label: a text cell on a row above the block, in a column where a grid holding
        // the block could start.
        let lowest_left = block.right.saturating_sub(n);
        let lowest_top = block.bottom.saturating_sub(n + 1);
        for label_row in (lowest_top..block.top).rev() {
            for c in lowest_left..=block.left {
                if !matches!(self.at(label_row, c), Kind::Text(_)) {
                    continue;
                }
                let rect = Rect {
                    top: label_row + 1,
                    bottom: label_row + 1 + n,
                    left: c,
                    right: c + n,
                };
                if rect.bottom <= self.height && rect.right <= self.width {
                    return Some(rect);
                }
            }
        }
        None
    }

    /// The text right above a grid, in its columns: its label.
    fn label_above(&self, rect: Rect) -> Option<String> {
        let r = rect.top.checked_sub(1)?;
        (rect.left..rect.right).find_map(|c| match self.at(r, c) {
            Kind::Text(t) => Some(t.clone()),
            _ => None,
        })
    }
}

/// The runs of a sequence of (has a grid cell, has text) lines: from a line with a grid cell
/// to the last one before a text-only line or two blank lines.
fn runs(lines: &[(bool, bool)]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut last_mark = 0;
    for (i, &(mark, text)) in lines.iter().enumerate() {
        if mark {
            start.get_or_insert(i);
            last_mark = i;
            continue;
        }
        if let Some(s) = start
            && (text || i - last_mark >= 2)
        {
            out.push((s, last_mark + 1));
            start = None;
        }
    }
    if let Some(s) = start {
        out.push((s, last_mark + 1));
    }
    out
}

/// A column's letters: 0 → `A`, 25 → `Z`, 26 → `AA`.
fn column_name(mut c: usize) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'A' + (c % 26) as u8);
        if c < 26 {
            break;
        }
        c = c / 26 - 1;
    }
    name.reverse();
    String::from_utf8(name).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_names_run_past_z() {
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(25), "Z");
        assert_eq!(column_name(26), "AA");
        assert_eq!(column_name(701), "ZZ");
        assert_eq!(column_name(702), "AAA");
    }

    #[test]
    fn runs_keep_one_blank_line_and_end_at_two_or_at_text() {
        let b = (false, false);
        let m = (true, false);
        let t = (false, true);
        assert_eq!(runs(&[m, b, m, b, b, m]), vec![(0, 3), (5, 6)]);
        assert_eq!(runs(&[t, m, m, t, m]), vec![(1, 3), (4, 5)]);
        assert_eq!(runs(&[b, b]), Vec::<(usize, usize)>::new());
    }
}
