//! CSV: records with quoting as RFC 4180 writes it, and a grid as `N` rows of `N` fields.

use crate::grid::Grid;

/// A field, quoted when it holds a comma, a quote or a line break (quotes doubled).
pub fn escape(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

/// One record: the fields escaped and joined by commas, ending with a newline.
///
/// ```
/// assert_eq!(sudoku_core::format::csv::record(&["a", "b,c", "say \"hi\""]), "a,\"b,c\",\"say \"\"hi\"\"\"\n");
/// ```
pub fn record(fields: &[&str]) -> String {
    let mut out = fields
        .iter()
        .map(|f| escape(f))
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    out
}

/// The grid as `N` records of `N` numbers, `0` for an empty cell (what a spreadsheet reads).
///
/// ```
/// let grid = "1.3.4.....2.3..1".parse().unwrap();
/// assert_eq!(sudoku_core::format::csv::grid_rows(&grid), "1,0,3,0\n4,0,0,0\n0,0,2,0\n3,0,0,1\n");
/// ```
pub fn grid_rows(grid: &Grid) -> String {
    grid.values()
        .chunks(grid.size())
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            cells.join(",") + "\n"
        })
        .collect()
}
