//! A puzzle the player brings: read from text in any of the project's formats, or from a
//! workbook, checked for exactly one solution within one search budget, and graded. The
//! browser and the terminal import through here, so both refuse the same puzzles with the
//! same sentences.

use sudoku_core::format::workbook::{looks_like_workbook, read_workbook};
use sudoku_core::format::{ReadOptions, read_str};
use sudoku_core::{Engine, Grid, ParseError, ParseErrorKind, Shape, Solver, Verdict};
use sudoku_game::GameVariant;
use sudoku_game::offer::{parse_size, size_name};
use sudoku_logic::{Level, Logic};

use crate::error::{Code, PlayError};
use crate::zh;

/// The search-tree nodes an import may take to settle uniqueness. The hardest 16x16 puzzles
/// the generator makes take about 2,500 (a few milliseconds); givens chosen to defeat the
/// search could take any time, and a server would spend it on one request.
pub const IMPORT_NODES: u64 = 1_000_000;

/// An imported puzzle with its solution and grade.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The givens.
    pub puzzle: Grid,
    /// The unique solution.
    pub solution: Grid,
    /// The grader's level name (`beyond` when the grader got stuck).
    pub level: String,
    /// The grader's score.
    pub score: u32,
}

/// The grader's level, `beyond` when it got stuck.
pub fn level_name(level: Option<Level>) -> String {
    level.map_or("beyond", Level::name).to_string()
}

/// Reads the one puzzle of `text` and checks that it has exactly one solution in `variant`
/// (blocking: it solves and grades). Refusals are sentences that name the place.
pub fn import(
    text: &str,
    shape: Option<Shape>,
    variant: GameVariant,
) -> Result<Imported, PlayError> {
    import_within(text, shape, variant, IMPORT_NODES).map_err(as_sentences)
}

/// Reads the puzzle numbered `index` (from 0) of a workbook (`.xlsx`, `.xls`, `.ods`: grids
/// typed into cells or one-line puzzles in cells) and imports it as [`import`] does; errors
/// name the sheet and the cell (field `workbook`).
pub fn import_workbook(
    bytes: &[u8],
    index: usize,
    shape: Option<Shape>,
    variant: GameVariant,
) -> Result<Imported, PlayError> {
    if !looks_like_workbook(bytes) {
        return Err(PlayError::bad_field(
            "workbook",
            "the body is not an .xlsx, .xls or .ods workbook",
            "上传的不是 .xlsx、.xls 或 .ods 表格文件。",
        ));
    }
    let found = read_workbook(
        bytes,
        ReadOptions {
            shape,
            ..ReadOptions::default()
        },
    )
    .map_err(|e| {
        PlayError::bad_field(
            "workbook",
            e.to_string(),
            zh::generic(Code::BadField, Some("workbook")),
        )
    })?;
    let count = found.len();
    let puzzle = found
        .into_iter()
        .nth(index)
        .ok_or_else(|| {
            let (en, zh) = match count {
                0 => (
                    "no puzzle found in the workbook".to_string(),
                    "表格文件中没有找到题目。".to_string(),
                ),
                n => (
                    format!("the workbook holds {n} puzzles: index {index} is past them"),
                    format!("表格文件中只有 {n} 道题，没有第 {} 道。", index + 1),
                ),
            };
            PlayError::bad_field("workbook", en, zh)
        })?
        .map_err(|e| {
            let zh = zh::generic(Code::BadField, Some("workbook"));
            as_sentences(PlayError::bad_field("workbook", e.to_string(), zh))
        })?;
    import_within(&puzzle.grid.to_line(), shape, variant, IMPORT_NODES).map_err(as_sentences)
}

/// [`import`] with the uniqueness check bounded to `nodes` search-tree nodes: past them the
/// import is refused (`too_hard`) rather than searched on.
pub fn import_within(
    text: &str,
    shape: Option<Shape>,
    variant: GameVariant,
    nodes: u64,
) -> Result<Imported, PlayError> {
    let grid = read_one(text, shape)?;
    let shape = grid.shape();
    if parse_size(&size_name(shape)) != Some(shape) {
        return Err(PlayError::bad_field(
            "puzzle",
            format!(
                "a {} grid with {}x{} boxes cannot be played here (sizes: 4x4, 6x6, 9x9, 16x16)",
                size_name(shape),
                shape.box_rows(),
                shape.box_cols()
            ),
            format!(
                "{n}×{n}的盘面（宫为{}×{}）不能在这里玩（可选尺寸：4×4、6×6、9×9、16×16）。",
                shape.box_rows(),
                shape.box_cols(),
                n = shape.size()
            ),
        ));
    }
    let layout = variant.layout(shape).map_err(|e| {
        PlayError::bad_field(
            "variant",
            e.to_string(),
            zh::generic(Code::BadField, Some("variant")),
        )
    })?;
    let mut solver = Solver::new(layout.clone(), Engine::Auto)
        .map_err(|e| PlayError::internal(e.to_string()))?;
    let verdict = solver
        .verdict_within(&grid, nodes)
        .map_err(|e| {
            PlayError::bad_field(
                "puzzle",
                e.to_string(),
                zh::generic(Code::BadField, Some("puzzle")),
            )
        })?
        .ok_or_else(|| {
            PlayError::new(
                Code::TooHard,
                format!(
                    "the puzzle could not be checked for a single solution within {nodes} \
                     search steps (a puzzle a person can solve takes a few thousand)"
                ),
                zh::generic(Code::TooHard, None),
            )
            .with_field("puzzle")
        })?;
    let solution = match verdict {
        Verdict::Unique(solution) => solution,
        Verdict::Multiple(..) => {
            return Err(PlayError::new(
                Code::SeveralSolutions,
                "the puzzle has more than one solution",
                zh::generic(Code::SeveralSolutions, None),
            )
            .with_field("puzzle"));
        }
        Verdict::NoSolution => {
            return Err(PlayError::new(
                Code::NoSolution,
                "the puzzle has no solution",
                zh::generic(Code::NoSolution, None),
            )
            .with_field("puzzle"));
        }
        Verdict::Invalid(conflict) => {
            return Err(PlayError::new(
                Code::NoSolution,
                format!("the givens clash: {conflict}"),
                zh::conflict(&conflict),
            )
            .with_field("puzzle"));
        }
    };
    let grade = Logic::new(&layout)
        .solve_path(&grid)
        .map(|p| p.grade())
        .map_err(|e| PlayError::internal(e.to_string()))?;
    Ok(Imported {
        puzzle: grid,
        solution,
        level: level_name(grade.level),
        score: grade.score,
    })
}

/// The one puzzle of `text`: none, or a second one, is refused with its line.
fn read_one(text: &str, shape: Option<Shape>) -> Result<Grid, PlayError> {
    let mut entries = read_str(
        text,
        ReadOptions {
            shape,
            ..ReadOptions::default()
        },
    );
    let entry = match entries.next() {
        None => {
            return Err(PlayError::bad_field(
                "puzzle",
                "no puzzle found in the text",
                zh::parse_error(&ParseErrorKind::NoPuzzle),
            ));
        }
        Some(Err(e)) => return Err(parse_error(&e)),
        Some(Ok(entry)) => entry,
    };
    if let Some(next) = entries.next() {
        let line = match next {
            Ok(e) => e.line,
            Err(e) => e.line,
        };
        let mut err = PlayError::bad_field(
            "puzzle",
            format!("line {line}: a second puzzle where one was expected"),
            zh::parse_error(&ParseErrorKind::SecondPuzzle),
        );
        err.line = u32::try_from(line).ok();
        return Err(err);
    }
    Ok(entry.grid)
}

/// A parse error as `bad_field` on `puzzle` with its line and, when known, column.
fn parse_error(e: &ParseError) -> PlayError {
    let column = match &e.kind {
        ParseErrorKind::BadChar { column, .. } | ParseErrorKind::BadToken { column, .. } => {
            Some(*column)
        }
        ParseErrorKind::DigitTooLarge { column, .. } | ParseErrorKind::Json { column, .. } => {
            *column
        }
        _ => None,
    };
    let mut err = PlayError::bad_field("puzzle", e.to_string(), zh::parse_error(&e.kind));
    err.line = u32::try_from(e.line).ok();
    err.column = column.and_then(|c| u32::try_from(c).ok());
    err
}

/// An import's refusal as players read it: in each language one sentence that names the
/// place once, `Line 3, column 2 (r3c2): ...` and `第 3 行，第 2 列：...`, with the
/// punctuation of its language (full-width brackets and stops in Chinese).
fn as_sentences(mut e: PlayError) -> PlayError {
    e.message = sentence_en(&e.message);
    // A sentence that starts with its cell (`r3c2：...`) has the cell put beside the place.
    let (cell, zh) = match e.message_zh.split_once('：') {
        Some((cell, rest)) if is_cell_name(cell) => (Some(cell.to_string()), rest.to_string()),
        _ => (None, e.message_zh.clone()),
    };
    let bracket = cell
        .as_deref()
        .map_or(String::new(), |c| format!("（{c}）"));
    let at = match (e.line, e.column, &cell) {
        (Some(line), Some(column), _) => format!("第 {line} 行，第 {column} 列{bracket}："),
        (Some(line), None, _) => format!("第 {line} 行{bracket}："),
        (None, _, Some(cell)) => format!("{cell}："),
        (None, _, None) => String::new(),
    };
    e.message_zh = format!("{at}{}", sentence_zh(&zh));
    e
}

/// `r3c2`, `r10c16`.
fn is_cell_name(text: &str) -> bool {
    let Some((row, col)) = text.strip_prefix('r').and_then(|t| t.split_once('c')) else {
        return false;
    };
    let number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    number(row) && number(col)
}

/// A capital first letter and a full stop.
fn sentence_en(text: &str) -> String {
    let text = text.trim();
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return String::new(),
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// Full-width brackets and colons, no space after a stop, and a full stop at the end.
fn sentence_zh(text: &str) -> String {
    let mut out = String::new();
    let mut after_stop = false;
    for c in text.trim().chars() {
        if after_stop && c == ' ' {
            continue;
        }
        after_stop = matches!(c, '。' | '，' | '：' | '；');
        out.push(match c {
            '(' => '（',
            ')' => '）',
            _ => c,
        });
    }
    match out.pop() {
        Some('.' | '。') | None => {}
        Some(last) => out.push(last),
    }
    if !out.is_empty() {
        out.push('。');
    }
    out
}
