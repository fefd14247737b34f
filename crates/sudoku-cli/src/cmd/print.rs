//! `sudoku print`: a puzzle book from a puzzle file, laid out on paper pages, with the answer
//! keys at the back; written as SVG, one file per page (`book.svg` gives `book-1.svg`,
//! `book-2.svg`, ...). Every puzzle must have exactly one solution: a book with a broken
//! puzzle is not written, and the error names the line.

use std::path::{Path, PathBuf};

use sudoku_core::Verdict;
use sudoku_print::{Book, BookOptions, Paper, Puzzle, Walkthrough};

use crate::batch::{Batch, InputArgs, SolveArgs, Solvers, VariantSpec};
use crate::cmd::explain::LangArg;
use crate::failure::Failure;

/// Arguments of `sudoku print`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Output: SVG, one file per page, named after --output with the page number added
(book.svg gives book-1.svg, book-2.svg, ...); the files written are listed on stdout.
Exit codes: 0 written; 2 malformed input, a puzzle without exactly one solution, or a usage
error (nothing is written then).

Examples:
  sudoku print puzzles.txt -o book.svg --answers --title 'Sunday puzzles'
  sudoku print --walkthrough --lang zh puzzle.txt -o steps.svg
  sudoku print --per-page 6 --paper letter puzzles.txt -o book.svg
  sudoku generate --count 8 | sudoku print - -o book.svg --answers --lang zh")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    solve: SolveArgs,

    /// Where to write: `NAME.svg` gives `NAME-1.svg`, `NAME-2.svg`, ... (a file per page).
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,

    /// Puzzles a page: 1, 2, 4 or 6, or ROWSxCOLS (`3x2`).
    #[arg(long, value_name = "N|RxC", default_value = "2")]
    per_page: String,

    /// The paper: `a4`, `letter`, `a5`, or WIDTHxHEIGHT in millimetres (`170x240`).
    #[arg(long, value_name = "PAPER", default_value = "a4")]
    paper: String,

    /// Turn the pages to landscape.
    #[arg(long)]
    landscape: bool,

    /// A title at the top of every page.
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,

    /// Add the answer keys at the back, numbered as the puzzles.
    #[arg(long)]
    answers: bool,

    /// Print each puzzle's walkthrough instead of a book: the path a person would take, a
    /// diagram per step with the step's cells in colour and its explanation (runs of singles
    /// folded into one diagram).
    #[arg(long)]
    walkthrough: bool,

    /// With --walkthrough: one diagram per step, singles too.
    #[arg(long, requires = "walkthrough")]
    every_step: bool,

    /// The language of the page's words (answers, page numbers, explanations): `en` or `zh`.
    #[arg(long, value_name = "LANG", default_value = "en")]
    lang: LangArg,
}

/// Runs `sudoku print`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let extension = args.output.extension().and_then(|e| e.to_str());
    if !extension.is_some_and(|e| e.eq_ignore_ascii_case("svg")) {
        return Err(Failure::Usage(format!(
            "`{}`: only SVG output is written so far; name the output NAME.svg",
            args.output.display()
        )));
    }
    let paper: Paper = args
        .paper
        .parse()
        .map_err(|e| Failure::Usage(format!("{e}")))?;
    let per_page = per_page(&args.per_page, args.landscape)?;
    let spec = VariantSpec::from_args(&args.solve.variant)?;
    let batch = Batch::read(&args.input)?;
    let mut solvers = Solvers::new(spec, args.solve.engine);
    let mut puzzles = Vec::new();
    for entry in &batch.entries {
        let entry = entry
            .as_ref()
            .map_err(|e| Failure::Input(format!("{}: {e}", batch.name)))?;
        let at =
            |why: String| Failure::Input(format!("{}: line {}: {why}", batch.name, entry.line));
        let solver = solvers.for_entry(entry).map_err(at)?;
        let solution = match solver.verdict(&entry.grid) {
            Ok(Verdict::Unique(solution)) => solution,
            Ok(Verdict::Multiple(..)) => return Err(at("the puzzle has several solutions".into())),
            Ok(Verdict::NoSolution) => return Err(at("the puzzle has no solution".into())),
            Ok(Verdict::Invalid(c)) => return Err(at(format!("invalid givens: {c}"))),
            Err(e) => return Err(at(e.to_string())),
        };
        puzzles.push(Puzzle {
            layout: solver.layout().clone(),
            givens: entry.grid.clone(),
            solution: Some(solution),
            label: (!entry.label.is_empty()).then(|| entry.label.clone()),
        });
    }
    let pages = if args.walkthrough {
        walkthroughs(&puzzles, paper, args)?
    } else {
        book(puzzles, paper, per_page, args)?
    };
    let width = pages.len().to_string().len();
    let files: Vec<PathBuf> = (1..=pages.len())
        .map(|k| page_file(&args.output, k, width))
        .collect();
    for (page, file) in pages.iter().zip(&files) {
        std::fs::write(file, page)
            .map_err(|e| Failure::Input(format!("cannot write {}: {e}", file.display())))?;
    }
    for file in &files {
        println!("{}", file.display());
    }
    Ok(())
}

/// The pages of a book of the puzzles.
fn book(
    puzzles: Vec<Puzzle>,
    paper: Paper,
    per_page: (usize, usize),
    args: &Args,
) -> Result<Vec<String>, Failure> {
    let options = BookOptions {
        paper,
        landscape: args.landscape,
        per_page,
        title: args.title.clone(),
        answers: args.answers,
        lang: args.lang.into(),
    };
    let book = Book::new(puzzles, options).map_err(|e| Failure::Input(e.to_string()))?;
    Ok(book.pages.iter().map(|p| book.svg(p)).collect())
}

/// The pages of every puzzle's walkthrough, one after the other.
fn walkthroughs(puzzles: &[Puzzle], paper: Paper, args: &Args) -> Result<Vec<String>, Failure> {
    let mut pages = Vec::new();
    for (i, p) in puzzles.iter().enumerate() {
        let walk = Walkthrough::new(&p.layout, &p.givens, args.lang.into(), args.every_step)
            .map_err(|e| Failure::Input(format!("puzzle {}: {e}", i + 1)))?;
        pages.extend(walk.svg_pages(paper, args.title.as_deref()));
    }
    Ok(pages)
}

/// `--per-page`: 1, 2, 4 or 6 (laid out to suit the orientation), or `RxC`.
fn per_page(text: &str, landscape: bool) -> Result<(usize, usize), Failure> {
    let bad = || {
        Failure::Usage(format!(
            "--per-page `{text}`: give 1, 2, 4 or 6, or ROWSxCOLS such as 3x2 (at most 6x6)"
        ))
    };
    let (r, c) = match text {
        "1" => (1, 1),
        "2" => (2, 1),
        "4" => (2, 2),
        "6" => (3, 2),
        _ => {
            let (r, c) = text.split_once('x').ok_or_else(bad)?;
            let (r, c): (usize, usize) =
                (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
            if !(1..=6).contains(&r) || !(1..=6).contains(&c) {
                return Err(bad());
            }
            return Ok((r, c));
        }
    };
    Ok(if landscape { (c, r) } else { (r, c) })
}

/// `book.svg` and page 3 of 12: `book-03.svg`.
fn page_file(output: &Path, page: usize, width: usize) -> PathBuf {
    let stem = output
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("book");
    let ext = output.extension().and_then(|s| s.to_str()).unwrap_or("svg");
    output.with_file_name(format!("{stem}-{page:0width$}.{ext}"))
}
