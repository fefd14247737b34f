//! `sudoku transform`: apply symmetries to puzzles (relabel digits, rotate, reflect,
//! transpose, permute rows, columns, bands and stacks), a random symmetry, or the canonical
//! form. Each gives an equivalent puzzle: its solution is the transformed solution.
//!
//! The named transforms are applied in a fixed order whatever the order on the command line:
//! relabel, rows in bands, columns in stacks, bands, stacks, transpose, rotate, mirror, then
//! `--random`. Orders are written with numbers from 1: `--bands 312` puts the third band on top.

use std::collections::HashMap;
use std::io::Write;

use sudoku_core::format::OutputFormat;
use sudoku_core::{Entry, Shape, Transform, canonical_within};

use crate::batch::{self, Batch, InputArgs, Sink};
use crate::cmd::generate::fresh_seed;
use crate::failure::Failure;
use crate::output::Output;
use crate::stop::{TimeLimit, parse_seconds};
use crate::timing::Clock;

/// Arguments of `sudoku transform`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Transforms apply in this order: --relabel, --rows, --cols, --bands, --stacks, --transpose,
--rotate, --mirror, then --random. Orders count from 1.

Examples:
  sudoku transform --random --seed 7 puzzles.txt     a new puzzle from each (same seed, same output)
  sudoku transform --canonical puzzles.txt           equivalent puzzles give equal lines
  sudoku transform --rotate 90 --relabel 987654321 p.txt
  sudoku transform --rows 1:312 --stacks 213 p.txt")]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,

    /// A random symmetry per puzzle (digits, bands, rows, stacks, columns, transpose).
    #[arg(long)]
    random: bool,

    /// The seed for --random: the same seed gives the same output. By default a new one is
    /// drawn (and printed on stderr).
    #[arg(long, value_name = "S", requires = "random")]
    seed: Option<u64>,

    /// The canonical form: the smallest equivalent grid (every symmetry of a puzzle gives the
    /// same canonical form).
    #[arg(long, conflicts_with_all = ["random", "relabel", "transpose", "rotate", "mirror", "bands", "stacks", "rows", "cols"])]
    canonical: bool,

    /// Relabel the digits: the new digit for 1, 2, ... N (`987654321` swaps 1 and 9, ...).
    #[arg(long, value_name = "DIGITS")]
    relabel: Option<String>,

    /// Reflect in the main diagonal (rows become columns).
    #[arg(long)]
    transpose: bool,

    /// Turn clockwise by 90, 180 or 270 degrees.
    #[arg(long, value_name = "DEGREES", value_parser = ["90", "180", "270"])]
    rotate: Option<String>,

    /// Mirror: `cols` reverses the columns (left to right), `rows` the rows (top to bottom).
    #[arg(long, value_name = "AXIS", value_parser = ["cols", "rows"])]
    mirror: Option<String>,

    /// Reorder the bands: the band in place k is the band ORDER names at k (`312`: the third on top).
    #[arg(long, value_name = "ORDER")]
    bands: Option<String>,

    /// Reorder the stacks: the stack in place k is the stack ORDER names at k.
    #[arg(long, value_name = "ORDER")]
    stacks: Option<String>,

    /// Reorder the rows of one band, `BAND:ORDER` (`2:132`); may be repeated.
    #[arg(long, value_name = "BAND:ORDER")]
    rows: Vec<String>,

    /// Reorder the columns of one stack, `STACK:ORDER`; may be repeated.
    #[arg(long, value_name = "STACK:ORDER")]
    cols: Vec<String>,

    /// Output format: line, grid, json or csv.
    #[arg(long, value_name = "FORMAT", default_value = "line")]
    format: OutputFormat,

    /// With --canonical: give up on a puzzle after this many seconds (units allowed: `500ms`,
    /// `2m`; 0 for no limit). 9x9 takes milliseconds; from 16x16 up the symmetries are
    /// millions and a grid with few givens may never finish. The puzzle is then reported and
    /// the others still transformed.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_seconds)]
    time_limit: TimeLimit,
}

/// Runs `sudoku transform`.
pub fn run(args: &Args, clock: &Clock) -> Result<(), Failure> {
    let batch = Batch::read(&args.input)?;
    let seed = match args.seed {
        Some(s) => s,
        None => {
            let s = fresh_seed();
            if args.random {
                let _ = writeln!(std::io::stderr(), "seed: {s}");
            }
            s
        }
    };
    // The named transforms for each shape met, built once.
    let mut named: HashMap<Shape, Result<Transform, String>> = HashMap::new();
    let mut index = 0u64;
    let mut warned = false;
    let mut out = Output::stdout();
    let work = |_: &mut (), _: &Entry| {};
    let emit = |sink: &mut Sink, entry: &Entry, ()| {
        index += 1;
        if entry.variant.as_ref().is_some_and(|v| !v.is_plain()) {
            let why = "transform works on plain puzzles; this one has variant houses";
            return sink.reject(entry.line, why);
        }
        let grid = &entry.grid;
        let result = if args.canonical {
            canonical_within(grid, args.time_limit.deadline())
                .map(|(g, _)| g)
                .ok_or_else(|| {
                    format!(
                        "no canonical form within the time limit ({}; --time-limit 0 for none)",
                        args.time_limit.describe()
                    )
                })
        } else {
            let shape = grid.shape();
            named
                .entry(shape)
                .or_insert_with(|| build(args, shape))
                .clone()
                .map(|t| {
                    if args.random {
                        // Each puzzle its own symmetry, all fixed by the seed.
                        let k = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                        t.then(&Transform::random(t.output_shape(), k))
                    } else {
                        t
                    }
                })
                .and_then(|t| t.apply(grid).map_err(|e| e.to_string()))
        };
        match result {
            Ok(g) => {
                warn_of_boxes_a_line_cannot_say(args.format, g.shape(), &mut warned);
                let text = args.format.write(&g, &entry.label, None);
                sink.out.write_all(text.as_bytes()).map_err(Failure::from)
            }
            Err(why) => sink.reject(entry.line, &why),
        }
    };
    let tally = batch::run(&batch, 1, &mut out, || (), work, emit)?;
    // A transform changes no puzzle's verdict: only unreadable puzzles or options that do
    // not fit a shape make the exit code non-zero.
    batch::finish(&mut out, tally, false, clock)
}

/// A transpose or a quarter turn of a grid with oblong boxes (2x3) gives the other oblong
/// (3x2), which a line or CSV record cannot say: it reads back as the usual shape for its
/// size, a different puzzle. Said once, on stderr, with the way to read it back.
fn warn_of_boxes_a_line_cannot_say(format: OutputFormat, shape: Shape, warned: &mut bool) {
    let plain = matches!(format, OutputFormat::Line | OutputFormat::Csv);
    if plain && !*warned && Shape::from_size(shape.size()) != Some(shape) {
        *warned = true;
        let _ = writeln!(
            std::io::stderr(),
            "note: the output has {shape} boxes, which a line does not say: read it back with \
             --box {shape}"
        );
    }
}

/// The composition of the named transforms for grids of one shape, or why they do not fit it.
fn build(args: &Args, shape: Shape) -> Result<Transform, String> {
    let n = shape.size();
    let mut t = Transform::identity(shape);
    let mut then = |next: Result<Transform, String>| -> Result<(), String> {
        t = t.then(&next?);
        Ok(())
    };
    if let Some(d) = &args.relabel {
        let digits = parse_order(d, n, "--relabel")?
            .iter()
            .map(|&k| k + 1)
            .collect::<Vec<u8>>();
        then(Transform::relabel(shape, &digits).map_err(|e| format!("--relabel: {e}")))?;
    }
    for spec in &args.rows {
        let (band, order) = parse_block(spec, shape.bands(), shape.box_rows(), "--rows")?;
        then(Transform::permute_rows_in_band(shape, band, &order).map_err(|e| e.to_string()))?;
    }
    for spec in &args.cols {
        let (stack, order) = parse_block(spec, shape.stacks(), shape.box_cols(), "--cols")?;
        then(Transform::permute_cols_in_stack(shape, stack, &order).map_err(|e| e.to_string()))?;
    }
    if let Some(o) = &args.bands {
        let order = parse_order(o, shape.bands(), "--bands")?;
        then(Transform::permute_bands(shape, &order).map_err(|e| e.to_string()))?;
    }
    if let Some(o) = &args.stacks {
        let order = parse_order(o, shape.stacks(), "--stacks")?;
        then(Transform::permute_stacks(shape, &order).map_err(|e| e.to_string()))?;
    }
    if args.transpose {
        t = t.then(&Transform::transpose(t.output_shape()));
    }
    if let Some(degrees) = &args.rotate {
        let turns = match degrees.as_str() {
            "90" => 1,
            "180" => 2,
            _ => 3,
        };
        t = t.then(&Transform::rotate(t.output_shape(), turns));
    }
    match args.mirror.as_deref() {
        Some("cols") => t = t.then(&Transform::mirror_columns(t.output_shape())),
        Some("rows") => t = t.then(&Transform::mirror_rows(t.output_shape())),
        _ => {}
    }
    Ok(t)
}

/// An order of `len` numbers from 1 (`312`, or `3,1,2` for more than nine), as indices from 0;
/// it must use each of 1..=len once.
fn parse_order(text: &str, len: usize, option: &str) -> Result<Vec<u8>, String> {
    let parts: Vec<&str> = if text.contains(',') {
        text.split(',').map(str::trim).collect()
    } else {
        text.trim()
            .char_indices()
            .map(|(i, c)| &text.trim()[i..i + c.len_utf8()])
            .collect()
    };
    let bad = || format!("{option} {text}: expected an order of 1..={len}, each once");
    if parts.len() != len {
        return Err(bad());
    }
    let mut seen = vec![false; len];
    let mut order = Vec::with_capacity(len);
    for p in parts {
        let k: usize = p.parse().map_err(|_| bad())?;
        if k == 0 || k > len || std::mem::replace(&mut seen[k - 1], true) {
            return Err(bad());
        }
        order.push((k - 1) as u8);
    }
    Ok(order)
}

/// `BLOCK:ORDER` for --rows and --cols: the band or stack from 1, and the order inside it.
fn parse_block(
    text: &str,
    blocks: usize,
    len: usize,
    option: &str,
) -> Result<(usize, Vec<u8>), String> {
    let (block, order) = text
        .split_once(':')
        .ok_or_else(|| format!("{option} {text}: expected BLOCK:ORDER, as in 2:312"))?;
    let block: usize = block
        .trim()
        .parse()
        .ok()
        .filter(|b| (1..=blocks).contains(b))
        .ok_or_else(|| format!("{option} {text}: the block must be 1..={blocks}"))?;
    Ok((block - 1, parse_order(order, len, option)?))
}
