//! `sudoku print`: a puzzle book from a puzzle file, laid out on paper pages, with the answer
//! keys at the back, or a puzzle's step-by-step walkthrough; written as one PDF (`book.pdf`)
//! or as SVG, one file per page (`book.svg` gives `book-1.svg`, `book-2.svg`, ...). Every
//! puzzle must have exactly one solution: a book with a broken puzzle is not written, and the
//! error names the line.

use std::path::{Path, PathBuf};

use sudoku_core::{Layout, Verdict};
use sudoku_logic::generate::Generator;
use sudoku_logic::ladder::Rung;
use sudoku_print::{Book, BookOptions, ExtraFont, Paper, PrintError, Puzzle, Walkthrough};

use rayon::prelude::*;

use crate::batch::{self, Batch, InputArgs, SolveArgs, Solvers, VariantSpec};
use crate::cmd::explain::LangArg;
use crate::failure::Failure;
use crate::timing::Clock;

/// Arguments of `sudoku print`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Output: by the extension of --output: NAME.pdf, one document (vector, the font embedded,
text selectable); NAME.svg, a file per page with the page number added (book-1.svg,
book-2.svg, ...); NAME.xlsx, a workbook (a book: puzzles and answers on their own sheets, two
grids a printed page; a walkthrough: a sheet per puzzle, each step's grid with its cells
filled in the hint colours and its explanation beside it). The files written are listed on
stdout. Several puzzles' walkthroughs go one after the other into one PDF.
Exit codes: 0 written; 2 malformed input, a puzzle without exactly one solution, or a usage
error (nothing is written then).

Examples:
  sudoku print puzzles.txt -o book.pdf --answers --title 'Sunday puzzles'
  sudoku print --walkthrough --lang zh puzzle.txt -o steps.svg
  sudoku print --walkthrough puzzle.txt -o steps.xlsx
  sudoku print --per-page 6 --paper letter puzzles.txt -o book.svg
  sudoku generate --count 8 | sudoku print - -o book.svg --answers --lang zh")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    solve: SolveArgs,

    /// Where to write: `NAME.pdf` (one document), `NAME.svg` (`NAME-1.svg`, `NAME-2.svg`,
    /// ...: a file per page) or `NAME.xlsx` (a workbook).
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

    /// Faint dots in the empty cells where pencil marks go (a 3x3 of them for 9x9).
    #[arg(long)]
    guide_dots: bool,

    /// Extra inside margin for a bound book, in mm, mirrored: left on odd pages, right on
    /// even ones.
    #[arg(long, value_name = "MM", default_value_t = 0.0)]
    gutter: f64,

    /// Bleed for print-on-demand, in mm (3.2 is KDP's 0.125 in): the sheet grows at the top,
    /// the bottom and the outside edge; the PDF's trim box marks the finished page.
    #[arg(long, value_name = "MM", default_value_t = 0.0)]
    bleed: f64,

    /// Print N puzzles made on the spot instead of reading a file (at most 500).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=500))]
    generate: Option<u16>,

    /// With --generate: the rung of the ladder: beginner, easy, medium, hard, expert, master.
    #[arg(long, value_name = "RUNG", requires = "generate", default_value = "medium",
          value_parser = crate::words::parse_rung)]
    rung: &'static Rung,

    /// With --generate: the seed (the same seed, the same book); a new one by default,
    /// printed on stderr.
    #[arg(long, value_name = "S", requires = "generate")]
    seed: Option<u64>,

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

    /// The output format; by default the output's extension says.
    #[arg(long, value_name = "FORMAT")]
    format: Option<Format>,

    /// A TrueType or OpenType font (`.ttf`, `.otf`) for the characters of a title or label
    /// the fonts built in lack (they cover the Latin, Greek and Cyrillic alphabets and
    /// Chinese); in the PDF.
    #[arg(long, value_name = "FILE")]
    font: Option<PathBuf>,

    /// What is printed beside each puzzle's number: `given` (what followed the puzzle on its
    /// line, or the rung with --generate), `grade` (the level HoDoKu would give it, with its
    /// score) or `none`.
    #[arg(long, value_name = "LABEL", default_value = "given")]
    label: LabelArg,
}

/// `--label`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum LabelArg {
    /// What came with the puzzle.
    Given,
    /// Its grade.
    Grade,
    /// Only the number.
    None,
}

/// Runs `sudoku print`.
pub fn run(args: &Args, clock: &Clock) -> Result<(), Failure> {
    let format = match args.format {
        Some(format) => format,
        None => Format::of(&args.output)?,
    };
    let paper: Paper = args
        .paper
        .parse()
        .map_err(|e| Failure::Usage(format!("{e}")))?;
    let per_page = per_page(&args.per_page, args.landscape)?;
    let font = extra_font(args)?;
    let pdf = format == Format::Pdf;
    if let Some(title) = args.title.as_deref().filter(|_| pdf) {
        glyphs(title, font.as_ref()).map_err(|e| Failure::Usage(format!("--title: {e}")))?;
    }
    if let Some(count) = args.generate {
        bounded(usize::from(count), args).map_err(Failure::Usage)?;
    }
    let (mut puzzles, places) = match args.generate {
        Some(count) => generated(count, args)?,
        None => read(args)?,
    };
    if pdf {
        for (puzzle, place) in puzzles.iter().zip(&places) {
            if let Some(label) = &puzzle.label {
                glyphs(label, font.as_ref())
                    .map_err(|e| Failure::Input(format!("{place}: the label `{label}`: {e}")))?;
            }
        }
    }
    match args.label {
        LabelArg::Given => {}
        LabelArg::None => puzzles.iter_mut().for_each(|p| p.label = None),
        LabelArg::Grade => label_with_grades(&mut puzzles, args)?,
    }
    let count = puzzles.len();
    let title = args.title.as_deref();
    match format {
        Format::Pdf => {
            let bytes = if args.walkthrough {
                let walks = walkthroughs(&puzzles, args)?;
                Walkthrough::pdf_all_with(&walks, paper, title, font.as_ref())
                    .map_err(|e| Failure::Input(e.to_string()))?
            } else {
                book(puzzles, paper, per_page, args, font)?
                    .pdf()
                    .map_err(|e| Failure::Input(e.to_string()))?
            };
            write(&args.output, &bytes)?;
            println!("{}", args.output.display());
        }
        Format::Xlsx => {
            let bytes = if args.walkthrough {
                Walkthrough::xlsx_all(&walkthroughs(&puzzles, args)?, paper, title)
            } else {
                book(puzzles, paper, per_page, args, None)?.xlsx()
            }
            .map_err(|e| Failure::Input(e.to_string()))?;
            write(&args.output, &bytes)?;
            println!("{}", args.output.display());
        }
        Format::Svg => {
            let pages: Vec<String> = if args.walkthrough {
                walkthroughs(&puzzles, args)?
                    .iter()
                    .flat_map(|w| w.svg_pages(paper, title))
                    .collect()
            } else {
                let book = book(puzzles, paper, per_page, args, None)?;
                book.pages.iter().map(|p| book.svg(p)).collect()
            };
            let width = pages.len().to_string().len();
            let files: Vec<PathBuf> = (1..=pages.len())
                .map(|k| page_file(&args.output, k, width))
                .collect();
            for (page, file) in pages.iter().zip(&files) {
                write(file, page.as_bytes())?;
            }
            for file in &files {
                println!("{}", file.display());
            }
        }
    }
    if args.solve.stats {
        batch::print_stats(count, clock);
    }
    Ok(())
}

/// Refuses more puzzles than a book (or, with `--walkthrough`, a set of walkthroughs) holds,
/// before any is solved or drawn: the output is made whole in memory.
fn bounded(count: usize, args: &Args) -> Result<(), String> {
    let max = if args.walkthrough {
        sudoku_print::MAX_WALKTHROUGHS
    } else {
        sudoku_print::MAX_BOOK
    };
    if count > max {
        return Err(PrintError::TooMany { count, max }.to_string());
    }
    Ok(())
}

/// `--font`, read and checked.
fn extra_font(args: &Args) -> Result<Option<ExtraFont>, Failure> {
    let Some(path) = &args.font else {
        return Ok(None);
    };
    let bytes = std::fs::read(path)
        .map_err(|e| Failure::Usage(format!("--font {}: {e}", path.display())))?;
    ExtraFont::new(bytes)
        .map(Some)
        .map_err(|e| Failure::Usage(format!("--font {}: {e}", path.display())))
}

/// Whether every character of `text` has a glyph in the PDF's fonts (`--font` with them).
fn glyphs(text: &str, font: Option<&ExtraFont>) -> Result<(), PrintError> {
    let missing = sudoku_print::lacking(text, font);
    if missing.is_empty() {
        Ok(())
    } else {
        Err(PrintError::MissingGlyphs(missing))
    }
}

/// Runs `f` on `--jobs` threads (0: one per core).
fn on_threads<T: Send>(args: &Args, f: impl FnOnce() -> T + Send) -> Result<T, Failure> {
    let pool = batch::thread_pool(batch::thread_count(args.solve.jobs))?;
    Ok(pool.install(f))
}

/// Labels each puzzle with its grade in the page's language (`hard (1234)`).
fn label_with_grades(puzzles: &mut [Puzzle], args: &Args) -> Result<(), Failure> {
    let lang: sudoku_logic::Lang = args.lang.into();
    let grades: Vec<Result<String, String>> = on_threads(args, || {
        puzzles
            .par_iter()
            .map(|p| {
                sudoku_logic::Logic::new(&p.layout)
                    .grade(&p.givens)
                    .map(|g| g.text(lang))
                    .map_err(|e| e.to_string())
            })
            .collect()
    })?;
    for (k, (puzzle, grade)) in puzzles.iter_mut().zip(grades).enumerate() {
        let grade = grade.map_err(|e| Failure::Input(format!("puzzle {}: {e}", k + 1)))?;
        puzzle.label = Some(grade);
    }
    Ok(())
}

/// The puzzles of the input, each with its solution (exactly one, or an error naming the
/// line), and where each came from (`book.txt: line 3`, for messages).
fn read(args: &Args) -> Result<(Vec<Puzzle>, Vec<String>), Failure> {
    let spec = VariantSpec::from_args(&args.solve.variant)?;
    let batch = Batch::read(&args.input)?;
    bounded(batch.entries.len(), args)
        .map_err(|e| Failure::Input(format!("{}: {e}", batch.name)))?;
    let mut solvers = Solvers::new(spec, &args.solve);
    let mut puzzles = Vec::new();
    let mut places = Vec::new();
    for (index, entry) in batch.entries.iter().enumerate() {
        let entry = entry
            .as_ref()
            .map_err(|e| Failure::Input(format!("{}: {e}", batch.name_of(index))))?;
        let at =
            |why: String| Failure::Input(format!("{}: {why}", batch.locate(index, entry.line)));
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
        places.push(batch.locate(index, entry.line));
    }
    Ok((puzzles, places))
}

/// `count` puzzles of the rung, made from the seed (puzzle `k` from its own seed, as
/// `sudoku generate` makes them), labelled with the rung's name; and `puzzle K` for each,
/// for messages.
fn generated(count: u16, args: &Args) -> Result<(Vec<Puzzle>, Vec<String>), Failure> {
    let shape = args
        .input
        .shape
        .unwrap_or_else(|| Layout::classic().shape());
    let layout = Layout::new(shape);
    let seed = args.seed.unwrap_or_else(|| {
        let s = crate::cmd::generate::fresh_seed();
        eprintln!("seed: {s}");
        s
    });
    let request = args.rung.request(shape);
    let mut generator = Generator::new(&layout);
    let name = match args.lang {
        LangArg::En => args.rung.name_en,
        LangArg::Zh => args.rung.name_zh,
    };
    let places = (1..=count).map(|k| format!("puzzle {k}")).collect();
    let puzzles = (0..u64::from(count))
        .map(|k| {
            let made = generator
                .generate(&request, crate::cmd::generate::puzzle_seed(seed, k))
                .map_err(|e| Failure::Unmet(format!("puzzle {}: {e}", k + 1)))?;
            Ok(Puzzle {
                layout: layout.clone(),
                givens: made.puzzle,
                solution: Some(made.solution),
                label: Some(name.to_string()),
            })
        })
        .collect::<Result<Vec<Puzzle>, Failure>>()?;
    Ok((puzzles, places))
}

/// The output format: `--format`, or the output's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// One PDF document.
    Pdf,
    /// An SVG file per page.
    Svg,
    /// An Excel workbook.
    Xlsx,
}

impl Format {
    fn of(output: &Path) -> Result<Format, Failure> {
        match output
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("pdf") => Ok(Format::Pdf),
            Some("svg") => Ok(Format::Svg),
            Some("xlsx") => Ok(Format::Xlsx),
            _ => Err(Failure::Usage(format!(
                "`{}`: name the output NAME.pdf (one document), NAME.svg (a file per page) or \
                 NAME.xlsx (a workbook)",
                output.display()
            ))),
        }
    }
}

fn write(file: &Path, bytes: &[u8]) -> Result<(), Failure> {
    std::fs::write(file, bytes)
        .map_err(|e| Failure::Input(format!("cannot write {}: {e}", file.display())))
}

/// A book of the puzzles.
fn book(
    puzzles: Vec<Puzzle>,
    paper: Paper,
    per_page: (usize, usize),
    args: &Args,
    font: Option<ExtraFont>,
) -> Result<Book, Failure> {
    let options = BookOptions {
        paper,
        landscape: args.landscape,
        per_page,
        title: args.title.clone(),
        answers: args.answers,
        lang: args.lang.into(),
        guide_dots: args.guide_dots,
        gutter: args.gutter,
        bleed: args.bleed,
        font,
    };
    Book::new(puzzles, options).map_err(|e| Failure::Input(e.to_string()))
}

/// Every puzzle's walkthrough, on `--jobs` threads.
fn walkthroughs(puzzles: &[Puzzle], args: &Args) -> Result<Vec<Walkthrough>, Failure> {
    on_threads(args, || {
        puzzles
            .par_iter()
            .enumerate()
            .map(|(i, p)| {
                Walkthrough::new(&p.layout, &p.givens, args.lang.into(), args.every_step)
                    .map_err(|e| Failure::Input(format!("puzzle {}: {e}", i + 1)))
            })
            .collect()
    })?
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
