//! What the batch commands (`solve`, `count`, `check`, `transform`) share: the puzzle input
//! and its options, a solver per layout, running a function over every puzzle (in parallel
//! with `--jobs`, results still in input order), per-puzzle diagnostics, the progress bar and
//! `--stats`, and the exit code.
//!
//! Every batch command writes one result for each puzzle read, in input order, and an empty
//! line for a puzzle that could not be read or has no answer; the reason goes to stderr as
//! `FILE: line N: ...`. The exit code is 2 if some puzzle was malformed, else 1 if some puzzle
//! had no unique answer, else 0.

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use sudoku_core::format::workbook::{SheetError, looks_like_workbook, read_workbook};
use sudoku_core::format::{ParseError, ParseErrorKind, ReadOptions, read_str};
use sudoku_core::{Engine, Entry, Halted, Layout, Shape, Solver, Variant};

use crate::failure::Failure;
use crate::input;
use crate::output::Output;
use crate::stop::{self, Limit, PuzzleLimit, TimeLimit, parse_seconds};
use crate::timing::{self, Clock};

/// Puzzles handed to the worker threads at a time: large enough to keep the threads busy,
/// small enough that results appear steadily and the progress bar moves.
const CHUNK: usize = 2048;

/// How long a run goes before its progress bar appears: quick batches print nothing extra.
const PROGRESS_DELAY: Duration = Duration::from_millis(500);

/// The input options every batch command takes.
#[derive(Debug, Clone, clap::Args)]
pub struct InputArgs {
    /// The puzzle files, or `-` for standard input: one puzzle per line (81 characters for
    /// 9x9, `.` `0` `_` `*` `-` for empty cells, anything after the puzzle kept as a label),
    /// grids over several lines, or JSON. Lines starting with `#` are comments. A workbook
    /// (.xlsx, .xls, .ods) is read too: grids typed into blocks of cells (as `print` writes
    /// them) and one-line puzzles in cells. Killer sudoku (`solve` and `count`; the other
    /// commands refuse it by name): f-puzzles' JSON or link (also as a SudokuPad
    /// `sudokupad.app/fpuzzles…` link), the forums' short killer form (81 characters, sums
    /// and pointers `< > ^ v`), or a `[killer]` section, the cage map (a letter per cell)
    /// then the sums (`a=15 b=7 ...`). Several files are read in turn as
    /// one batch: one result per puzzle in order, each message naming its file and line.
    #[arg(value_name = "FILE", default_value = input::STDIN, num_args = 1..)]
    pub files: Vec<PathBuf>,

    /// The box shape, rows x columns (`2x3`, `3x3`, `4x4`...); by default it follows from
    /// each puzzle's size.
    #[arg(long = "box", value_name = "RxC")]
    pub shape: Option<Shape>,
}

/// The variant options: extra or replaced houses.
#[derive(Debug, Clone, clap::Args)]
pub struct VariantArgs {
    /// Variant houses, comma-separated: `diagonal` (X), `windoku` (hyper), `jigsaw` (with
    /// --regions). A JSON puzzle that names its own variant keeps it.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub variant: Vec<VariantName>,

    /// The jigsaw region map: one character per cell, row by row (the same character, the
    /// same region), given inline or as a file name.
    #[arg(long, value_name = "MAP|FILE")]
    pub regions: Option<String>,
}

/// The options of the commands that search: the variant, the engine, threads and statistics.
#[derive(Debug, Clone, clap::Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub variant: VariantArgs,

    /// The search engine: `auto` (the fast solver for plain 9x9, dancing links otherwise),
    /// `dlx` or `fast` (plain 9x9 only).
    #[arg(long, value_name = "ENGINE", default_value = "auto")]
    pub engine: Engine,

    /// Worker threads (0 = one per core); results keep the input order.
    #[arg(long, value_name = "J", default_value_t = 1)]
    pub jobs: usize,

    /// Print the number of puzzles, the CPU and wall time and puzzles per second on stderr
    /// (also when Ctrl-C stops the run).
    #[arg(long)]
    pub stats: bool,

    /// Give up on a puzzle after this many seconds (fractions and units allowed: `1.5`,
    /// `500ms`, `2m`; 0 for no limit): it gets an empty line and a message, and the batch
    /// goes on. Left out: no limit for 9x9 and smaller, 10 s a puzzle for larger grids,
    /// whose sparse puzzles can search for hours.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<TimeLimit>,
}

impl SolveArgs {
    /// `--time-limit`, as given or left out.
    pub fn limit(&self) -> PuzzleLimit {
        PuzzleLimit(self.time_limit)
    }
}

/// A name in `--variant`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum VariantName {
    /// The two long diagonals are houses.
    Diagonal,
    /// The windoku windows are houses.
    Windoku,
    /// A region map replaces the boxes (needs --regions).
    Jigsaw,
}

/// The puzzles of the inputs, read whole.
pub struct Batch {
    /// The first input's name for messages.
    pub name: String,
    /// Each puzzle or the reason it could not be read, in input order.
    pub entries: Vec<Result<Entry, Malformed>>,
    /// The inputs, in order, each with the index of its first entry.
    sources: Vec<Source>,
}

/// One input of a batch.
struct Source {
    /// Its name for messages.
    name: String,
    /// The index in [`Batch::entries`] of its first puzzle.
    start: usize,
    /// For a workbook, where each puzzle is (`sheet 'Puzzles', cells A2:I10`), by ordinal:
    /// a workbook's entries are numbered 1, 2, ... in place of lines.
    places: Option<Vec<String>>,
}

/// A puzzle that could not be read, and where: a line and column of a text, or a sheet and
/// cell of a workbook.
#[derive(Debug, Clone)]
pub enum Malformed {
    /// From a text input.
    Text(ParseError),
    /// From a workbook.
    Sheet(SheetError),
}

impl std::fmt::Display for Malformed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Malformed::Text(e) => e.fmt(f),
            Malformed::Sheet(e) => e.fmt(f),
        }
    }
}

impl Batch {
    /// Reads and parses the input named in `args`: text in any of the puzzle formats, or a
    /// workbook (`.xlsx`, `.xls`, `.ods`, told by its first bytes). Only an unreadable input
    /// is an error; malformed puzzles are kept as errors in the batch, so the rest still runs.
    pub fn read(args: &InputArgs) -> Result<Batch, Failure> {
        Batch::read_with(args, false)
    }

    /// [`Batch::read`] for a command that handles constraints beside the houses (killer
    /// cages): with `constraints` false, a puzzle that has some is an error naming them.
    pub fn read_with(args: &InputArgs, constraints: bool) -> Result<Batch, Failure> {
        let mut batch = Batch {
            name: String::new(),
            entries: Vec::new(),
            sources: Vec::new(),
        };
        for path in &args.files {
            let (name, entries, places) = Batch::read_one(path, args.shape, constraints)?;
            batch.sources.push(Source {
                name,
                start: batch.entries.len(),
                places,
            });
            batch.entries.extend(entries);
        }
        batch.name = batch
            .sources
            .first()
            .map(|s| s.name.clone())
            .unwrap_or_default();
        Ok(batch)
    }

    /// Reads one input: its name, its entries and, for a workbook, their places.
    #[allow(clippy::type_complexity)]
    fn read_one(
        path: &std::path::Path,
        shape: Option<Shape>,
        constraints: bool,
    ) -> Result<(String, Vec<Result<Entry, Malformed>>, Option<Vec<String>>), Failure> {
        let (name, bytes) = input::read_bytes(path)?;
        let options = ReadOptions { shape, constraints };
        if looks_like_workbook(&bytes) {
            let found = read_workbook(&bytes, options)
                .map_err(|e| Failure::Input(format!("{name}: {e}")))?;
            let places = found
                .iter()
                .map(|r| match r {
                    Ok(p) => p.place.to_string(),
                    Err(e) => e.place.to_string(),
                })
                .collect();
            let entries = found
                .into_iter()
                .enumerate()
                .map(|(k, r)| r.map(|p| p.into_entry(k + 1)).map_err(Malformed::Sheet))
                .collect();
            return Ok((name, entries, Some(places)));
        }
        // Bytes that are not UTF-8 cost only their line: it is read with them replaced, and
        // if it then fails, the error says why.
        let text = String::from_utf8_lossy(&bytes);
        // Only text that needed replacing has lines to name (no second pass otherwise).
        let not_utf8 = match text {
            std::borrow::Cow::Borrowed(_) => Vec::new(),
            std::borrow::Cow::Owned(_) => lines_not_utf8(&bytes),
        };
        let entries = read_str(&text, options)
            .map(|r| {
                r.map_err(
                    |e| match not_utf8.binary_search_by_key(&e.line, |&(l, _)| l) {
                        Ok(k) => Malformed::Text(ParseError {
                            line: e.line,
                            kind: ParseErrorKind::Io(format!(
                                "not UTF-8 text (byte {} of the line)",
                                not_utf8[k].1
                            )),
                        }),
                        Err(_) => Malformed::Text(e),
                    },
                )
            })
            .collect();
        Ok((name, entries, None))
    }

    /// The input that holds the entry at `index` (of [`Batch::entries`]).
    fn source_of(&self, index: usize) -> Option<&Source> {
        let k = self.sources.partition_point(|s| s.start <= index);
        self.sources.get(k.checked_sub(1)?)
    }

    /// The name of the input that holds the entry at `index`, for messages.
    pub fn name_of(&self, index: usize) -> &str {
        self.source_of(index).map_or(&self.name, |s| &s.name)
    }

    /// Where the entry at `index`, numbered `line` in its input, is: `FILE: line 3`, or
    /// `FILE: sheet 'Puzzles', cells A2:I10`.
    pub fn locate(&self, index: usize, line: usize) -> String {
        match self.source_of(index) {
            Some(s) => format!("{}: {}", s.name, place(s.places.as_deref(), line)),
            None => format!("{}: line {line}", self.name),
        }
    }
}

/// The lines (from 1) that are not UTF-8, each with the first bad byte's place in it (from 1).
fn lines_not_utf8(bytes: &[u8]) -> Vec<(usize, usize)> {
    bytes
        .split(|&b| b == b'\n')
        .enumerate()
        .filter_map(|(k, line)| {
            std::str::from_utf8(line)
                .err()
                .map(|e| (k + 1, e.valid_up_to() + 1))
        })
        .collect()
}

fn place(places: Option<&[String]>, line: usize) -> String {
    match places.and_then(|p| p.get(line.wrapping_sub(1))) {
        Some(place) => place.clone(),
        None => format!("line {line}"),
    }
}

/// The variant the command line asks for, with the region map kept as text until a puzzle's
/// shape says how to read it.
#[derive(Debug, Clone, Default)]
pub struct VariantSpec {
    diagonals: bool,
    windoku: bool,
    regions: Option<String>,
}

impl VariantSpec {
    /// Checks `--variant` and `--regions` together; `--regions` may name a file.
    pub fn from_args(args: &VariantArgs) -> Result<VariantSpec, Failure> {
        let jigsaw = args.variant.contains(&VariantName::Jigsaw);
        let regions = match &args.regions {
            None if jigsaw => {
                return Err(Failure::Usage(
                    "--variant jigsaw needs the region map: --regions MAP|FILE".into(),
                ));
            }
            None => None,
            Some(text) => Some(read_region_map(text)?),
        };
        Ok(VariantSpec {
            diagonals: args.variant.contains(&VariantName::Diagonal),
            windoku: args.variant.contains(&VariantName::Windoku),
            regions,
        })
    }

    /// The variant for a grid of this shape.
    pub fn variant(&self, shape: Shape) -> Result<Variant, String> {
        let regions = match &self.regions {
            None => None,
            Some(text) => Some(
                Variant::parse_region_map(text, shape)
                    .map_err(|e| format!("--regions for a {shape} grid: {e}"))?,
            ),
        };
        Ok(Variant {
            diagonals: self.diagonals,
            windoku: self.windoku,
            regions,
            extra: Vec::new(),
        })
    }
}

/// `--regions` is a file if one exists by that name, otherwise the map itself.
fn read_region_map(text: &str) -> Result<String, Failure> {
    let path = std::path::Path::new(text);
    let looks_inline =
        text.chars().filter(|c| !c.is_whitespace()).count() >= 16 && !text.contains(['/', '\\']);
    if !looks_inline && path.exists() {
        return std::fs::read_to_string(path)
            .map_err(|e| Failure::Input(format!("{text}: cannot read the region map: {e}")));
    }
    if !looks_inline {
        return Err(Failure::Usage(format!(
            "--regions {text}: no such file, and too short to be a region map"
        )));
    }
    Ok(text.to_string())
}

/// One solver per layout met in the batch (puzzles of several sizes or variants may mix),
/// kept per worker thread so each reuses its buffers.
pub struct Solvers {
    spec: VariantSpec,
    engine: Engine,
    time_limit: PuzzleLimit,
    /// The limit the last puzzle handed out ran under, for [`Solvers::cut_short`].
    last_limit: Limit,
    by_layout: HashMap<(Shape, Variant), Solver>,
}

impl Solvers {
    /// Solvers for the command line's variant, engine and time limit.
    pub fn new(spec: VariantSpec, solve: &SolveArgs) -> Solvers {
        Solvers {
            spec,
            engine: solve.engine,
            time_limit: solve.limit(),
            last_limit: Limit::NONE,
            by_layout: HashMap::new(),
        }
    }

    /// The solver for a puzzle: its own variant if it carries one (JSON), else the command
    /// line's. The error is the reason the puzzle cannot be solved with these options. Its
    /// searches stop at Ctrl-C and at the puzzle's deadline (`--time-limit` from now); ask
    /// [`Solvers::cut_short`] afterwards.
    pub fn for_entry(&mut self, entry: &Entry) -> Result<&mut Solver, String> {
        let shape = entry.grid.shape();
        let variant = match &entry.variant {
            Some(v) => v.clone(),
            None => self.spec.variant(shape)?,
        };
        self.last_limit = self.limit_for(shape);
        let key = (shape, variant);
        if !self.by_layout.contains_key(&key) {
            let layout =
                Layout::with_variant(shape, key.1.clone()).map_err(|e| format!("variant: {e}"))?;
            let solver = Solver::new(layout, self.engine).map_err(|e| e.to_string())?;
            self.by_layout.insert(key.clone(), solver);
        }
        let solver = self
            .by_layout
            .get_mut(&key)
            .ok_or_else(|| "internal: solver cache".to_string())?;
        solver.set_deadline(self.last_limit.deadline());
        solver.set_stop_flag(Some(stop::flag()));
        Ok(solver)
    }

    /// Why a puzzle's last search was cut short (its answer is then not to be trusted), as a
    /// message for the puzzle's line: the time limit, or Ctrl-C.
    pub fn cut_short(&self, halted: Option<Halted>) -> Option<String> {
        Some(cut_short_message(halted?, self.last_limit))
    }

    /// For a puzzle with constraints beside the houses (killer cages), which only
    /// [`sudoku_core::constraint`] solves: its layout, and the time limit and Ctrl-C as a
    /// halt for that search.
    pub fn constrained(&mut self, entry: &Entry) -> Result<(Layout, exact_cover::Halt), String> {
        let layout = self.for_entry(entry)?.layout().clone();
        let mut halt = exact_cover::Halt::default();
        halt.set_deadline(self.last_limit.deadline());
        halt.set_flag(Some(stop::flag()));
        Ok((layout, halt))
    }

    /// Why a constrained search that came back empty-handed was cut short.
    pub fn constrained_cut(&self) -> String {
        path_cut_message(self.last_limit)
    }

    /// The limit the last puzzle handed out by [`Solvers::for_entry`] runs under.
    pub fn limit(&self) -> Limit {
        self.last_limit
    }

    /// The limit a puzzle of this shape runs under.
    pub fn limit_for(&self, shape: Shape) -> Limit {
        self.time_limit.for_size(shape.size())
    }
}

/// The message for a solve path cut short between two steps, by the deadline or by Ctrl-C.
pub fn path_cut_message(limit: Limit) -> String {
    let halted = if stop::interrupted() {
        Halted::Flag
    } else {
        Halted::Deadline
    };
    cut_short_message(halted, limit)
}

/// The message for a puzzle whose search was cut short.
pub fn cut_short_message(halted: Halted, limit: Limit) -> String {
    match halted {
        Halted::Deadline => format!("no answer within the time limit ({})", limit.describe()),
        Halted::Flag => "interrupted".to_string(),
    }
}

/// The result of a command's work on one puzzle: `Err(Rejected)` when the command line's
/// options do not fit the puzzle, `Ok(Err(why))` when it has no answer, `Ok(Ok(value))`.
pub type Answer<T> = Result<Result<T, String>, Rejected>;

/// Options that do not fit a puzzle (the reason): a usage problem, exit code 2.
#[derive(Debug)]
pub struct Rejected(pub String);

impl<'a> Sink<'a> {
    /// Writes one answer: `show(value)` and a newline, or the failure.
    pub fn answer<T>(
        &mut self,
        line: usize,
        answer: Answer<T>,
        show: impl FnOnce(&mut Tally, T) -> String,
    ) -> Result<(), Failure> {
        match answer {
            Err(Rejected(why)) => self.reject(line, &why),
            Ok(Err(why)) => self.fail(line, &why),
            Ok(Ok(value)) => {
                let text = show(&mut self.tally, value);
                writeln!(self.out, "{text}").map_err(Failure::from)
            }
        }
    }
}

/// How each puzzle of a batch came out, for the exit code and the statistics.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    /// Puzzles read and handled.
    pub puzzles: usize,
    /// Puzzles without a unique answer (several, none, invalid givens, a layout error).
    pub not_unique: usize,
    /// Puzzles that could not be read.
    pub malformed: usize,
}

impl Tally {
    /// The exit-code convention of every batch command.
    pub fn exit_code(&self) -> u8 {
        if self.malformed > 0 {
            2
        } else if self.not_unique > 0 {
            1
        } else {
            0
        }
    }
}

/// Where a batch's results go: standard output, the tally for the exit code, and the input's
/// name for diagnostics.
pub struct Sink<'a> {
    /// Standard output.
    pub out: &'a mut Output,
    /// How the puzzles came out so far.
    pub tally: Tally,
    /// The input's name, to start each diagnostic.
    pub name: &'a str,
    /// A workbook's places by ordinal (see [`Batch::place`]).
    places: Option<&'a [String]>,
}

impl Sink<'_> {
    /// A puzzle with no answer to print: the reason on stderr, an empty line on stdout.
    pub fn fail(&mut self, line: usize, why: &str) -> Result<(), Failure> {
        self.tally.not_unique += 1;
        self.diagnose(line, why);
        writeln!(self.out).map_err(Failure::from)
    }

    /// A puzzle the command cannot take (an option that does not fit it): like a malformed
    /// puzzle for the exit code, the reason on stderr, an empty line on stdout.
    pub fn reject(&mut self, line: usize, why: &str) -> Result<(), Failure> {
        self.tally.malformed += 1;
        self.diagnose(line, why);
        writeln!(self.out).map_err(Failure::from)
    }

    /// Writes a diagnostic about the puzzle numbered `line`: `NAME: line N: message` (or the
    /// workbook place in place of the line).
    pub fn diagnose(&self, line: usize, message: &str) {
        // A diagnostic that cannot be written is no reason to stop the batch.
        let place = place(self.places, line);
        let _ = writeln!(std::io::stderr(), "{}: {place}: {message}", self.name);
    }

    /// A puzzle that could not be read: the parse error on stderr, an empty line on stdout.
    fn malformed(&mut self, error: &Malformed) -> Result<(), Failure> {
        self.tally.malformed += 1;
        let _ = writeln!(std::io::stderr(), "{}: {error}", self.name);
        writeln!(self.out).map_err(Failure::from)
    }
}

/// Runs `work` on every puzzle of the batch on `jobs` threads (0: one per core), with a
/// per-thread state from `init`, and hands each result with its puzzle to `emit` in input
/// order. Puzzles that could not be read are reported here (an empty line and the parse
/// error). Shows a progress bar on a terminal for long batches. Returns the tally.
pub fn run<'b, S, T, I, W, E>(
    batch: &'b Batch,
    jobs: usize,
    out: &'b mut Output,
    init: I,
    work: W,
    mut emit: E,
) -> Result<Tally, Failure>
where
    T: Send,
    I: Fn() -> S + Sync + Send,
    W: Fn(&mut S, &Entry) -> T + Sync + Send,
    E: FnMut(&mut Sink, &Entry, T) -> Result<(), Failure>,
{
    let mut sink = Sink {
        out,
        tally: Tally::default(),
        name: &batch.name,
        places: None,
    };
    let mut index = 0;
    let mut deliver = |sink: &mut Sink<'b>, entry: &Result<Entry, Malformed>, result: Option<T>| {
        if let Some(source) = batch.source_of(index) {
            sink.name = &source.name;
            sink.places = source.places.as_deref();
        }
        index += 1;
        sink.tally.puzzles += 1;
        match (entry, result) {
            (Ok(entry), Some(result)) => emit(sink, entry, result),
            (Err(e), _) => sink.malformed(e),
            (Ok(_), None) => unreachable!("every puzzle read has a result"),
        }
    };
    let work = |state: &mut S, entry: &&Result<Entry, Malformed>| {
        entry.as_ref().ok().map(|e| work(state, e))
    };
    let deliver = |entry: &&Result<Entry, Malformed>, result| deliver(&mut sink, entry, result);
    let entries = batch.entries.iter();
    for_each_ordered(
        entries,
        batch.entries.len(),
        jobs,
        CHUNK,
        init,
        work,
        deliver,
    )?;
    Ok(sink.tally)
}

/// Runs `work` on every item on `jobs` threads (0: one per core), with a per-thread state
/// from `init`, `chunk` items at a time, and hands each result to `deliver` in the items'
/// order. The items are drawn from the iterator a chunk at a time (a million generated
/// puzzles need no million slots first); `total` sizes the progress bar, shown on a
/// terminal for long runs.
pub fn for_each_ordered<X, S, T, I, W, D>(
    mut items: impl Iterator<Item = X>,
    total: usize,
    jobs: usize,
    chunk: usize,
    init: I,
    work: W,
    mut deliver: D,
) -> Result<(), Failure>
where
    X: Send + Sync,
    T: Send,
    I: Fn() -> S + Sync + Send,
    W: Fn(&mut S, &X) -> T + Sync + Send,
    D: FnMut(&X, T) -> Result<(), Failure>,
{
    let progress = BatchProgress::new(total);
    let threads = thread_count(jobs);
    if threads <= 1 {
        let mut state = init();
        for (k, item) in items.enumerate() {
            let result = work(&mut state, &item);
            // Ctrl-C: what was delivered stays; the item the interrupt cut short is dropped.
            if stop::interrupted() {
                break;
            }
            progress.suspend(|| deliver(&item, result))?;
            progress.set(k + 1);
        }
        progress.finish();
        return Ok(());
    }
    let pool = thread_pool(threads)?;
    let mut done = 0;
    loop {
        let part: Vec<X> = items.by_ref().take(chunk.max(1)).collect();
        if part.is_empty() {
            break;
        }
        let results: Vec<T> = pool.install(|| part.par_iter().map_init(&init, &work).collect());
        if stop::interrupted() {
            break;
        }
        for (item, result) in part.iter().zip(results) {
            progress.suspend(|| deliver(item, result))?;
        }
        done += part.len();
        progress.set(done);
    }
    progress.finish();
    Ok(())
}

/// A pool of `threads` worker threads (see [`thread_count`]).
pub fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, Failure> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::Usage(format!("cannot start {threads} threads: {e}")))
}

/// The most threads per core `--jobs` may ask for: past a few, threads only add memory and
/// switching (10,000 of them took 31 s and 212 MB on a problem one core counts in 2 s).
pub const MAX_THREADS_PER_CORE: usize = 4;

/// The threads `--jobs J` asks for: `J`, or one per core for 0; at most
/// [`MAX_THREADS_PER_CORE`] a core, with a warning (once) when capped.
pub fn thread_count(jobs: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cap = cores * MAX_THREADS_PER_CORE;
    match jobs {
        0 => cores,
        j if j > cap => {
            static WARNED: std::sync::Once = std::sync::Once::new();
            WARNED.call_once(|| {
                let _ = writeln!(
                    std::io::stderr(),
                    "warning: --jobs {j} is more than {MAX_THREADS_PER_CORE} a core: using {cap} threads"
                );
            });
            cap
        }
        j => j,
    }
}

/// A progress line on stderr for runs long enough to want one, when stderr is a terminal:
/// it stays hidden for the first half second, so quick batches print nothing extra, then a
/// timer shows it and keeps its clock and spinner moving even while one long puzzle is
/// searched (a 16x16 with few givens can take hours; the line says how to stop it). Updates
/// are cheap (an atomic store; indicatif redraws at its own rate).
struct BatchProgress {
    bar: Option<ProgressBar>,
}

impl BatchProgress {
    fn new(total: usize) -> BatchProgress {
        if total == 0 || !std::io::stderr().is_terminal() {
            return BatchProgress { bar: None };
        }
        let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::hidden());
        let template = if total == 1 {
            "{spinner} {elapsed_precise} searching (Ctrl-C stops; --time-limit bounds each puzzle)"
        } else {
            "{spinner} {elapsed_precise} [{wide_bar}] {pos}/{len} puzzles, {per_sec}, eta {eta}"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        let shown = bar.clone();
        // The timer ends with the process if the run outlives it; it holds no lock.
        std::thread::spawn(move || {
            std::thread::sleep(PROGRESS_DELAY);
            if !shown.is_finished() {
                shown.set_draw_target(ProgressDrawTarget::stderr());
                shown.enable_steady_tick(Duration::from_millis(200));
            }
        });
        BatchProgress { bar: Some(bar) }
    }

    fn set(&self, done: usize) {
        if let Some(bar) = &self.bar {
            bar.set_position(done as u64);
        }
    }

    fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Ends a batch command: flushes the output, prints `--stats` if asked, and turns the tally
/// into the exit code (the diagnostics are already printed).
pub fn finish(out: &mut Output, tally: Tally, stats: bool, clock: &Clock) -> Result<(), Failure> {
    out.flush()?;
    if stats {
        print_stats(tally.puzzles, clock);
    }
    match tally.exit_code() {
        0 => Ok(()),
        code => Err(Failure::Quiet(code)),
    }
}

/// Prints `--stats` on stderr: puzzles, CPU and wall time, and the rates.
pub fn print_stats(puzzles: usize, clock: &Clock) {
    let wall = clock.wall().as_secs_f64();
    let mut text = format!("puzzles: {puzzles}\n");
    if let Some(cpu) = timing::process_cpu_time() {
        let cpu = cpu.as_secs_f64();
        text += &format!("cpu time: {cpu:.3} s\n");
        if cpu > 0.0 {
            text += &format!("puzzles per cpu second: {}\n", rate(puzzles, cpu));
        }
    }
    text += &format!("wall time: {wall:.3} s\n");
    if wall > 0.0 {
        text += &format!("puzzles per second: {}\n", rate(puzzles, wall));
    }
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// Puzzles per second, with decimals only where they matter (one slow puzzle: `0.035`).
fn rate(puzzles: usize, seconds: f64) -> String {
    let r = puzzles as f64 / seconds;
    if r >= 100.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.3}")
    }
}
