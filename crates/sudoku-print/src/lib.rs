//! Printing: puzzle books laid out on paper pages, with numbered puzzles and answer keys at
//! the back, rendered as SVG (one document per page).
//!
//! [`Walkthrough`] prints a puzzle's whole solve path, a diagram per step (runs of singles
//! folded) with the step's parts in the hint colours and its explanation beside it.
//!
//! [`Book`] takes the puzzles and [`BookOptions`] (paper, orientation, puzzles per page,
//! title) and lays out [`Page`]s; [`Page::svg`] draws one. A grid is drawn as a printed book
//! draws it: thin cell lines, thick lines wherever two neighbouring cells lie in different
//! boxes (or jigsaw regions), givens in bold, answer digits in a lighter weight and colour,
//! the diagonals of an X-sudoku and the windows of a windoku shaded. Every grid this project
//! knows prints, 4x4 to 25x25.
//!
//! Every page is drawn once, on a canvas of a few primitives (filled rectangles and circles,
//! strokes, text), which is written as SVG (by hand: a few elements, where a library would
//! add only weight) or as PDF (with krilla, which embeds and subsets the font and keeps the
//! text selectable). The font is a subset of Noto Sans CJK SC (SIL OFL 1.1) with every
//! character the project's texts use, kept in `fonts/` with its licence and the script that
//! rebuilds it. Sizes are millimetres throughout, so a page prints at its true size. A book
//! is also written as an Excel workbook (rust_xlsxwriter): grids in cells, as the spreadsheet
//! program this project learned from printed them.

mod canvas;
mod draw;
mod page;
mod paper;
mod pdf;
mod walkthrough;
mod xlsx;

pub use page::{Book, BookOptions, MAX_BOOK, Page, PageKind, Slot};

/// The fonts the PDF embeds, regular weight, in the order a character is looked up (Noto
/// Sans CJK SC, then Noto Sans; subsets): for tests that check every printed character has
/// a glyph.
pub const FONTS_REGULAR: [&[u8]; 2] = [pdf::REGULAR, pdf::LATIN_REGULAR];
pub use draw::GUIDE;
pub use paper::{Paper, PaperError};
pub use pdf::{ExtraFont, lacking};
pub use walkthrough::{Frame, MAX_WALKTHROUGHS, Walkthrough};
pub use xlsx::SHEET_PUZZLES;

use sudoku_core::{Grid, Layout};

/// One puzzle of a book: its layout, givens, solution (for the answer key) and label.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// The layout (box shape and variant houses).
    pub layout: Layout,
    /// The givens.
    pub givens: Grid,
    /// The solution, needed for the answer key.
    pub solution: Option<Grid>,
    /// What is printed beside the puzzle's number, e.g. its level.
    pub label: Option<String>,
}

/// Why a book cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrintError {
    /// No puzzle to print.
    #[error("no puzzle to print")]
    Empty,
    /// Answers were asked for but a puzzle has no solution to print.
    #[error("puzzle {number} has no solution to print in the answer key")]
    NoSolution {
        /// The puzzle's number in the book, from 1.
        number: usize,
    },
    /// A puzzle's grid does not fit its layout.
    #[error("puzzle {number}: the grid does not match its layout")]
    Shape {
        /// The puzzle's number in the book, from 1.
        number: usize,
    },
    /// Text to print uses characters no font has (a title or label, say).
    #[error("no font has a glyph for {}: the fonts built in cover the Latin, Greek and Cyrillic alphabets and Chinese (GB 2312); give a TrueType or OpenType font that has it (sudoku print --font FILE)", .0.iter().map(|c| format!("`{c}` (U+{:04X})", *c as u32)).collect::<Vec<_>>().join(", "))]
    MissingGlyphs(Vec<char>),
    /// More puzzles than a book or a set of walkthroughs holds ([`MAX_BOOK`],
    /// [`MAX_WALKTHROUGHS`]).
    #[error("{count} puzzles: at most {max} are printed together; print them in parts")]
    TooMany {
        /// The puzzles given.
        count: usize,
        /// The most accepted.
        max: usize,
    },
    /// A font file given for the characters the fonts built in lack cannot be used.
    #[error("the font cannot be used: {0}")]
    Font(String),
    /// The workbook could not be made.
    #[error("cannot make the workbook: {0}")]
    Xlsx(String),
    /// The PDF could not be made.
    #[error("cannot make the PDF: {0}")]
    Pdf(String),
    /// A walkthrough needs a puzzle with exactly one solution.
    #[error("the puzzle has no solution or several: a walkthrough needs exactly one")]
    NotUnique,
    /// More puzzles a page than the page can hold legibly.
    /// A gutter or bleed out of range.
    #[error("{what} of {mm} mm: give 0 to {max} mm")]
    Margin {
        /// `--gutter` or `--bleed`.
        what: &'static str,
        /// What was asked, as written.
        mm: String,
        /// The most accepted.
        max: u32,
    },
    #[error("{rows}x{cols} puzzles a page leaves grids under {min} mm wide; use fewer a page")]
    TooSmall {
        /// Rows of puzzles asked for.
        rows: usize,
        /// Columns of puzzles asked for.
        cols: usize,
        /// The smallest grid width accepted, in mm.
        min: u32,
    },
}
