//! Workbooks through the built binary: hostile ones refused by name before the spreadsheet
//! library lays them out, within a cap on memory, and an empty one said so.

mod common;

use common::{Run, assert_contains, sudoku};

/// A test file of the workbook reader's (`crates/sudoku-core/tests/data`, see SOURCES.md).
fn core_data(name: &str) -> String {
    format!(
        "{}/../sudoku-core/tests/data/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// `sudoku ARGS` under a cap of 1 GiB of address space: a workbook laid out whole would
/// abort on a failed allocation (exit 134) instead of being refused.
fn sudoku_capped(args: &[&str]) -> Run {
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .output()
        .expect("sh runs");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Sheets each within the bound on one sheet, far past it together: a 22 KB .xls of 40
/// sheets took 5.1 GB and a 1 KB .ods of 20 sheets 2.6 GB before the whole workbook was
/// bounded. Both are refused, naming the bound, in a process capped at 1 GiB.
#[test]
fn many_sheets_are_refused_before_they_are_laid_out() {
    // The cap leaves room for an honest workbook.
    let fine = core_data("puzzles.xls");
    let run = sudoku_capped(&["solve", &fine]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 2, "{}", run.stdout);
    for (name, sheets) in [("many-sheets.xls", 40), ("many-sheets.ods", 2)] {
        let path = core_data(name);
        let run = sudoku_capped(&["solve", &path]);
        assert_eq!(run.code, Some(2), "{name}: {}", run.stderr);
        assert_contains(&run.stderr, &format!("{path}: its {sheets} sheets hold "));
        assert_contains(
            &run.stderr,
            "more than the 4000000 cells read from a workbook",
        );
        assert!(run.stdout.is_empty(), "{}", run.stdout);
    }
}

/// A workbook with no puzzle in it is an error that says so, not an empty success.
#[test]
fn an_empty_workbook_says_it_holds_no_puzzle() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("empty.xlsx");
    let mut book = rust_xlsxwriter::Workbook::new();
    book.add_worksheet();
    book.save(&path).expect("the workbook");
    let path = path.to_str().expect("a UTF-8 path");
    for command in ["solve", "rate", "hint"] {
        let run = sudoku(&[command, path], None);
        assert_eq!(run.code, Some(2), "{command}: {}", run.stderr);
        assert_contains(
            &run.stderr,
            &format!("{path}: no puzzle found in the workbook"),
        );
    }
}
