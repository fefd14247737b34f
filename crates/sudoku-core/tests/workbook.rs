//! Reading puzzles from workbooks: grids typed into blocks of cells, one-line puzzles in
//! cells, both on one sheet, in .xlsx (written here with rust_xlsxwriter) and .ods (a small
//! file in `tests/data`); errors name the sheet and the cell.

use rust_xlsxwriter::{Workbook, Worksheet};
use sudoku_core::format::ReadOptions;
use sudoku_core::format::workbook::{SheetError, SheetPuzzle, looks_like_workbook, read_workbook};

const TOP1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn read(bytes: &[u8]) -> Vec<Result<SheetPuzzle, SheetError>> {
    assert!(looks_like_workbook(bytes));
    read_workbook(bytes, ReadOptions::default()).expect("a readable workbook")
}

/// Writes a 9x9 puzzle's digits as numbers from (top, left), leaving empty cells blank.
fn put_grid(sheet: &mut Worksheet, line: &str, top: u32, left: u16) {
    for (i, ch) in line.chars().enumerate() {
        if let Some(d) = ch.to_digit(10).filter(|&d| d > 0) {
            let (r, c) = ((i / 9) as u32, (i % 9) as u16);
            sheet.write_number(top + r, left + c, d as f64).unwrap();
        }
    }
}

fn xlsx(fill: impl FnOnce(&mut Worksheet)) -> Vec<u8> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet().set_name("Mine").unwrap();
    fill(sheet);
    book.save_to_buffer().unwrap()
}

#[test]
fn grids_side_by_side_and_stacked_read_in_reading_order() {
    let second =
        "1...7..3.83.6.......29..8....8....7....4.2.....1....9.....6...2.7.5.......3.....4";
    let bytes = xlsx(|s| {
        s.write_string(0, 1, "First").unwrap();
        put_grid(s, TOP1, 1, 1);
        // Two blank columns apart.
        put_grid(s, second, 1, 12);
        // Below, after a label row.
        s.write_string(11, 1, "Third").unwrap();
        put_grid(s, TOP1, 12, 1);
    });
    let found = read(&bytes);
    assert_eq!(found.len(), 3, "{found:?}");
    let p: Vec<&SheetPuzzle> = found.iter().map(|r| r.as_ref().unwrap()).collect();
    assert_eq!(p[0].grid.to_line(), TOP1);
    assert_eq!(p[0].label, "First");
    assert_eq!(p[0].place.to_string(), "sheet 'Mine', cells B2:J10");
    assert_eq!(p[1].grid.to_line(), second);
    assert_eq!(p[1].place.cells, "M2:U10");
    assert_eq!(p[2].label, "Third");
    assert_eq!(p[2].place.cells, "B13:J21");
}

#[test]
fn one_puzzle_per_row_takes_the_label_from_the_next_cell() {
    let bytes = xlsx(|s| {
        s.write_string(0, 0, "Puzzle").unwrap();
        s.write_string(0, 1, "Name").unwrap();
        s.write_string(1, 0, TOP1).unwrap();
        s.write_string(1, 1, "top1465 #1").unwrap();
        s.write_string(2, 0, format!("{TOP1} hard one")).unwrap();
    });
    let found = read(&bytes);
    let p: Vec<&SheetPuzzle> = found.iter().map(|r| r.as_ref().unwrap()).collect();
    assert_eq!(p.len(), 2);
    assert_eq!(
        (p[0].grid.to_line().as_str(), p[0].label.as_str()),
        (TOP1, "top1465 #1")
    );
    assert_eq!(p[0].place.to_string(), "sheet 'Mine', cell A2");
    assert_eq!(p[1].label, "hard one");
}

#[test]
fn text_digits_and_marks_count_and_one_empty_row_stays_inside_a_grid() {
    // Row 5 of this grid is empty: the block still reads as one 9x9 grid.
    let mut line: Vec<char> = TOP1.chars().collect();
    line[36..45].fill('.');
    line[0] = '.';
    line[80] = '9';
    let line: String = line.into_iter().collect();
    let bytes = xlsx(|s| {
        for (i, ch) in line.chars().enumerate() {
            let (r, c) = ((i / 9) as u32, (i % 9) as u16);
            match ch {
                '.' if r == 0 && c == 0 => s.write_string(r, c, ".").map(|_| ()).unwrap(),
                '.' => {}
                _ => s.write_string(r, c, ch.to_string()).map(|_| ()).unwrap(),
            }
        }
    });
    let found = read(&bytes);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].as_ref().unwrap().grid.to_line(), line);
}

#[test]
fn a_grid_with_an_empty_edge_is_placed_by_its_label() {
    // The grid's first column is empty: the label above it says where the grid starts.
    let mut line: Vec<char> = TOP1.chars().collect();
    for r in 0..9 {
        line[r * 9] = '.';
    }
    let line: String = line.into_iter().collect();
    let bytes = xlsx(|s| {
        s.write_string(2, 3, "No. 1").unwrap();
        put_grid(s, &line, 3, 3);
    });
    let found = read(&bytes);
    let p = found[0].as_ref().unwrap();
    assert_eq!(p.grid.to_line(), line);
    assert_eq!(p.place.cells, "D4:L12");
    // Without the label, nothing says where the empty column is: an error naming the block.
    let bytes = xlsx(|s| put_grid(s, &line, 3, 3));
    let err = read(&bytes)[0].clone().unwrap_err();
    assert_eq!(err.place.cells, "E4:L12");
    assert!(err.to_string().contains("type 0 or ."), "{err}");
}

#[test]
fn errors_name_the_sheet_and_the_cell_and_the_rest_is_read() {
    let bytes = xlsx(|s| {
        put_grid(s, TOP1, 0, 0);
        s.write_string(4, 4, "x").unwrap();
        s.write_string(11, 0, "Next").unwrap();
        put_grid(s, TOP1, 12, 0);
        s.write_number(12, 1, 12.0).unwrap();
        s.write_string(22, 0, "Last").unwrap();
        s.write_string(23, 0, TOP1.replace('4', "?")).unwrap();
        s.write_string(25, 0, "Fine").unwrap();
        put_grid(s, TOP1, 26, 0);
    });
    let found = read(&bytes);
    assert_eq!(found.len(), 4, "{found:?}");
    let e0 = found[0].clone().unwrap_err().to_string();
    assert_eq!(
        e0,
        "sheet 'Mine', cell E5: `x` is not a digit of a 9x9 grid (1 to 9; blank, 0 or . for an empty cell)"
    );
    let e1 = found[1].clone().unwrap_err().to_string();
    assert!(
        e1.starts_with("sheet 'Mine', cell B13: `12` is not a digit"),
        "{e1}"
    );
    let e2 = found[2].clone().unwrap_err().to_string();
    assert_eq!(
        e2,
        "sheet 'Mine', cell A24, column 1 (r1c1): `?` is not a digit or an empty-cell mark"
    );
    assert_eq!(found[3].as_ref().unwrap().grid.to_line(), TOP1);
}

#[test]
fn a_block_that_is_no_grid_is_reported_with_its_range() {
    let bytes = xlsx(|s| {
        for c in 0..7 {
            s.write_number(0, c, 1.0 + c as f64).unwrap();
        }
    });
    let err = read(&bytes)[0].clone().unwrap_err().to_string();
    assert!(
        err.starts_with("sheet 'Mine', cells A1:G1: a block of 1 rows by 7 columns"),
        "{err}"
    );
}

#[test]
fn an_ods_file_reads_like_an_xlsx() {
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/puzzles.ods"
    ))
    .expect("tests/data/puzzles.ods");
    let found = read(&bytes);
    let p: Vec<&SheetPuzzle> = found.iter().map(|r| r.as_ref().unwrap()).collect();
    assert_eq!(p.len(), 2, "{found:?}");
    assert_eq!(p[0].grid.to_line(), TOP1);
    assert_eq!(p[0].label, "top1465 #1");
    assert_eq!(p[0].place.to_string(), "sheet 'Puzzles', cell A2");
    assert_eq!(p[1].grid.to_line(), "1.....3..4.....2");
    assert_eq!(p[1].label, "Small");
}

#[test]
fn text_and_broken_files_are_not_workbooks() {
    assert!(!looks_like_workbook(TOP1.as_bytes()));
    let err = read_workbook(b"PK\x03\x04 not really a zip", ReadOptions::default()).unwrap_err();
    assert!(err.to_string().starts_with("not a readable"), "{err}");
}

#[test]
fn a_workbook_that_unpacks_to_too_much_is_refused_before_reading() {
    // A sheet of 70 MB of blanks, zipped to a small file.
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    let big = " ".repeat(30_000);
    for r in 0..2_400 {
        sheet.write_string(r, 0, format!("{r}{big}")).unwrap();
    }
    let bytes = book.save_to_buffer().unwrap();
    assert!(bytes.len() < 2 << 20, "{} bytes", bytes.len());
    let err = read_workbook(&bytes, ReadOptions::default()).unwrap_err();
    assert!(
        err.to_string().contains("more than the 64 MB read"),
        "{err}"
    );
}

#[test]
fn a_sheet_with_a_far_off_cell_is_refused_naming_its_corners() {
    // Two cells, A1 and the last cell a sheet may have: a file of a few KB whose rectangle
    // is 17 billion cells. Laid out whole, it aborted the process on a failed allocation.
    let bytes = xlsx(|sheet| {
        sheet.write_number(0, 0, 5).unwrap();
        sheet.write_number(1_048_575, 16_383, 7).unwrap();
    });
    assert!(bytes.len() < 16 << 10, "{} bytes", bytes.len());
    let err = read_workbook(&bytes, ReadOptions::default()).unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("A1 to XFD1048576") && message.contains("more than the 4000000 cells"),
        "{message}"
    );
    // Blank cells far away (formatted, typed as spaces) do not count: the grid still reads.
    let bytes = xlsx(|sheet| {
        put_grid(sheet, TOP1, 2, 1);
        sheet.write_string(1_048_575, 16_383, " ").unwrap();
    });
    let found = read(&bytes);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].as_ref().unwrap().grid.to_line(), TOP1);
}

/// An `.ods` workbook of one sheet `S` whose rows are `rows` (ODF XML), zipped without
/// compression (its manifest is what tells calamine the file is an `.ods`).
fn ods(rows: &str) -> Vec<u8> {
    use std::io::Write;
    let content = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><office:document-content \
         xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" \
         xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" \
         xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" office:version=\"1.2\">\
         <office:body><office:spreadsheet><table:table table:name=\"S\">{rows}</table:table>\
         </office:spreadsheet></office:body></office:document-content>"
    );
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    zip.start_file("mimetype", stored).unwrap();
    zip.write_all(b"application/vnd.oasis.opendocument.spreadsheet")
        .unwrap();
    zip.start_file("META-INF/manifest.xml", stored).unwrap();
    zip.write_all(
        b"<?xml version=\"1.0\" encoding=\"UTF-8\"?><manifest:manifest \
          xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\" \
          manifest:version=\"1.2\"><manifest:file-entry manifest:full-path=\"/\" \
          manifest:media-type=\"application/vnd.oasis.opendocument.spreadsheet\"/>\
          </manifest:manifest>",
    )
    .unwrap();
    zip.start_file("content.xml", stored).unwrap();
    zip.write_all(content.as_bytes()).unwrap();
    zip.finish().unwrap().into_inner()
}

/// A numeric `.ods` cell holding `v`.
fn ods_number(v: u32) -> String {
    format!(
        "<table:table-cell office:value-type=\"float\" office:value=\"{v}\">\
         <text:p>{v}</text:p></table:table-cell>"
    )
}

#[test]
fn an_ods_sheet_that_would_lay_out_too_many_cells_is_refused_before_calamine_reads_it() {
    // Each row a blank run of 16,383 columns, then a number: 300 rows make 4.9 million
    // cells read row by row (20,000 such rows took a minute and 18 GB before the check).
    let wide = format!(
        "<table:table-row><table:table-cell table:number-columns-repeated=\"16383\"/>{}\
         </table:table-row>",
        ods_number(1)
    );
    let err = read_workbook(&ods(&wide.repeat(300)), ReadOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "sheet 'S': its rows hold 4915200 cells up to their last filled one, more than the \
         4000000 cells read"
    );
    // A1, then a million blank rows, then a number: the rectangle calamine lays out.
    let tall = format!(
        "<table:table-row>{}</table:table-row><table:table-row \
         table:number-rows-repeated=\"1000000\"><table:table-cell/></table:table-row>\
         <table:table-row><table:table-cell table:number-columns-repeated=\"9\"/>{}\
         </table:table-row>",
        ods_number(5),
        ods_number(7)
    );
    let err = read_workbook(&ods(&tall), ReadOptions::default()).unwrap_err();
    assert!(
        err.to_string()
            .contains("its cells run from A1 to J1000002, 1000002 rows by 10 columns"),
        "{err}"
    );
    // Blank styled runs to the sheet's edge, as office programs write them, cost nothing:
    // the 4x4 grid above them still reads.
    let grid = [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]];
    let mut rows = String::new();
    for row in grid {
        rows.push_str("<table:table-row>");
        for v in row {
            if v == 0 {
                rows.push_str("<table:table-cell/>");
            } else {
                rows.push_str(&ods_number(v));
            }
        }
        rows.push_str(
            "<table:table-cell table:style-name=\"ce1\" \
             table:number-columns-repeated=\"16380\"/></table:table-row>",
        );
    }
    rows.push_str(
        "<table:table-row table:number-rows-repeated=\"1048572\"><table:table-cell \
         table:number-columns-repeated=\"16384\"/></table:table-row>",
    );
    let found = read(&ods(&rows));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].as_ref().unwrap().grid.to_line(),
        "1.....3..4.....2"
    );
}

fn data_file(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).expect(&path)
}

#[test]
fn an_xls_file_reads_and_hostile_ones_are_refused_before_calamine_lays_them_out() {
    let found = read(&data_file("puzzles.xls"));
    let lines: Vec<String> = found
        .iter()
        .map(|p| p.as_ref().unwrap().grid.to_line())
        .collect();
    assert_eq!(lines, ["1.....3..4.....2", TOP1]);
    assert_eq!(found[1].as_ref().unwrap().label, "top1465 #1");
    // A claim of 2^32 - 1 rows: calamine reserved 44 TB for it and aborted the process.
    let err =
        read_workbook(&data_file("hostile-dimensions.xls"), ReadOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "sheet 'S': its dimensions claim 4294967295 rows by 256 columns, more than the 4000000 \
         cells read"
    );
    // Cells A1 and IV65536 under a claim of 2 by 2: the cells themselves are measured.
    let err =
        read_workbook(&data_file("hostile-far-cells.xls"), ReadOptions::default()).unwrap_err();
    assert!(
        err.to_string()
            .contains("its cells run from A1 to IV65536, 65536 rows by 256 columns"),
        "{err}"
    );
    // A compound file that is no workbook.
    let err = read_workbook(
        &[0xD0, 0xCF, 0x11, 0xE0, 0, 0, 0, 0],
        ReadOptions::default(),
    )
    .unwrap_err();
    assert!(err.to_string().starts_with("not a readable"), "{err}");
}

/// The bound on cells holds for the whole workbook: calamine lays out every `.xls` and
/// `.ods` sheet as it opens the file, so sheets each just within the bound for one sheet
/// took gigabytes together (40 such `.xls` sheets, 22 KB: 5.1 GB; 20 `.ods` sheets, 1 KB:
/// 2.6 GB).
#[test]
fn many_sheets_each_within_the_bound_are_refused_together() {
    let err = read_workbook(&data_file("many-sheets.xls"), ReadOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "its 40 sheets hold 160000000 cells together (the largest, 'S1', 4000000), more than \
         the 4000000 cells read from a workbook"
    );
    let err = read_workbook(&data_file("many-sheets.ods"), ReadOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "its 2 sheets hold 7999488 cells together (the largest, 'S1', 3999744), more than the \
         4000000 cells read from a workbook"
    );
    // An .xlsx is read a sheet at a time, and bounded the same way.
    let mut book = Workbook::new();
    for k in 1..=3 {
        let sheet = book.add_worksheet().set_name(format!("S{k}")).unwrap();
        sheet.write_number(0, 0, 5).unwrap();
        sheet.write_number(19_999, 99, 7).unwrap();
    }
    let err = read_workbook(&book.save_to_buffer().unwrap(), ReadOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "its sheets up to 'S3' hold 6000000 cells together, more than the 4000000 cells read \
         from a workbook"
    );
}

#[test]
fn a_workbook_of_too_many_sheets_is_refused_and_an_empty_one_said_so() {
    let mut book = Workbook::new();
    for _ in 0..257 {
        book.add_worksheet().write_number(0, 0, 1).unwrap();
    }
    let err = read_workbook(&book.save_to_buffer().unwrap(), ReadOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the workbook has 257 sheets, more than the 256 read"
    );
    let mut book = Workbook::new();
    book.add_worksheet();
    let err = read_workbook(&book.save_to_buffer().unwrap(), ReadOptions::default()).unwrap_err();
    assert_eq!(err.to_string(), "no puzzle found in the workbook");
}

/// A workbook `sudoku print` wrote lists its answer sheets and its walkthrough sheets in
/// custom properties: answers are skipped, and a walkthrough sheet gives only its puzzle.
#[test]
fn printed_answer_sheets_are_skipped_and_a_walkthrough_gives_its_puzzle() {
    let mut book = Workbook::new();
    let puzzles = book.add_worksheet().set_name("Puzzles").unwrap();
    puzzles.write_string(0, 0, "No. 1").unwrap();
    put_grid(puzzles, TOP1, 1, 0);
    let answers = book.add_worksheet().set_name("Answers").unwrap();
    answers.write_string(0, 0, "No. 1").unwrap();
    put_grid(answers, TOP1, 1, 0);
    let walk = book.add_worksheet().set_name("Walk & 1").unwrap();
    walk.write_string(0, 0, "Walkthrough").unwrap();
    put_grid(walk, TOP1, 3, 0);
    walk.write_string(13, 0, "Step 1").unwrap();
    put_grid(walk, TOP1, 14, 0);
    walk.write_string(15, 1, "1 2\n3").unwrap();
    let properties = rust_xlsxwriter::DocProperties::new()
        .set_custom_property("sudoku-print answer sheets", "Answers")
        .set_custom_property("sudoku-print walkthrough sheets", "Walk & 1");
    book.set_properties(&properties);
    let found = read(&book.save_to_buffer().unwrap());
    let places: Vec<String> = found
        .iter()
        .map(|p| p.as_ref().unwrap().place.to_string())
        .collect();
    assert_eq!(
        places,
        [
            "sheet 'Puzzles', cells A2:I10",
            "sheet 'Walk & 1', cells A4:I12"
        ]
    );
}
