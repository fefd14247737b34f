//! Pages compared with reviewed pictures: a book page, its answer key and two walkthrough
//! pages (English and Chinese) are drawn as PDF, rendered by poppler's `pdftoppm` at 30 dpi,
//! and compared with the PNGs in `tests/reference/` pixel by pixel, in grey levels: at most
//! 0.5% of the pixels may differ by more than a quarter of the range (anti-aliasing and
//! rasteriser versions move edges by a pixel, a layout change moves far more).
//!
//! After a deliberate change of the drawing, `UPDATE_REFERENCES=1 cargo test -p sudoku-print
//! --test reference` writes the pictures anew; look at them before committing them.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use sudoku_core::{Grid, Layout};
use sudoku_logic::Lang;
use sudoku_print::{Book, BookOptions, Paper, Walkthrough};

const PUZZLES: [&str; 2] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
];

/// A page of a PDF as grey levels: `(width, height, pixels)`.
fn render(pdf: &[u8], page: usize, dir: &Path) -> (u32, u32, Vec<u8>) {
    let file = dir.join("page.pdf");
    std::fs::write(&file, pdf).expect("the PDF is written");
    let prefix = dir.join("out");
    let page = page.to_string();
    let status = Command::new("pdftoppm")
        .args([
            "-r",
            "30",
            "-gray",
            "-png",
            "-singlefile",
            "-f",
            &page,
            "-l",
            &page,
        ])
        .arg(&file)
        .arg(&prefix)
        .status()
        .expect("pdftoppm runs (apt-get install poppler-utils)");
    assert!(status.success());
    decode(&std::fs::read(prefix.with_extension("png")).expect("the picture"))
}

fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    let grey = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|p| p[0])
        .collect();
    (info.width, info.height, grey)
}

fn encode(width: u32, height: u32, grey: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("a header");
    writer.write_image_data(grey).expect("the pixels");
    drop(writer);
    out
}

fn reference(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/reference")
        .join(format!("{name}.png"))
}

/// Compares a rendered page with its reference (or writes the reference when asked).
fn compare(name: &str, (w, h, got): (u32, u32, Vec<u8>)) {
    let path = reference(name);
    if std::env::var_os("UPDATE_REFERENCES").is_some() {
        std::fs::write(&path, encode(w, h, &got)).expect("the reference is written");
        return;
    }
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (rw, rh, want) = decode(&bytes);
    assert_eq!((w, h), (rw, rh), "{name}: the page size changed");
    let differ = got
        .iter()
        .zip(&want)
        .filter(|(a, b)| a.abs_diff(**b) > 64)
        .count();
    let share = differ as f64 / got.len() as f64;
    assert!(
        share <= 0.005,
        "{name}: {:.2}% of the pixels differ",
        share * 100.0
    );
}

#[test]
fn pages_look_as_reviewed() {
    let dir = tempfile::tempdir().expect("a folder");
    let options = BookOptions {
        answers: true,
        title: Some("Dancing Sudoku 数独".into()),
        ..BookOptions::default()
    };
    let book = Book::new(
        PUZZLES.iter().map(|p| common::unique(p, "hard")).collect(),
        options,
    )
    .expect("a book");
    let pdf = book.pdf().expect("a PDF");
    compare("book-page", render(&pdf, 1, dir.path()));
    compare("book-answers", render(&pdf, 2, dir.path()));
    // An Extreme puzzle (top1465's first): chains, ALSs and forcing nets in its path.
    let layout = Layout::classic();
    let extreme =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let givens: Grid = extreme.parse().expect("a grid");
    for (lang, name, page) in [
        (Lang::En, "walkthrough-en", 2),
        (Lang::Zh, "walkthrough-zh", 10),
    ] {
        let walk = Walkthrough::new(&layout, &givens, lang, false).expect("a walkthrough");
        let pdf = walk.pdf(Paper::A4, None).expect("a PDF");
        compare(name, render(&pdf, page, dir.path()));
    }
}
