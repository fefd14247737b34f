//! Puzzle links: an f-puzzles link (`https://www.f-puzzles.com/?load=N4Ig…`), a SudokuPad
//! link that carries an f-puzzles puzzle (`https://sudokupad.app/fpuzzlesN4Ig…`, also as
//! `?puzzleid=fpuzzles…`), or the bare `fpuzzlesN4Ig…` data. The data is f-puzzles' JSON,
//! compressed with lz-string into base64; it is read as [`super::fpuzzles`] reads the JSON,
//! so what it carries that we do not support is refused by name.
//!
//! A SudokuPad link by id (`sudokupad.app/abc123`) names a puzzle kept on SudokuPad's server,
//! and SudokuPad's own format (`scl…`) is not read: both are refused saying so.

use super::{Entry, ParseError, ParseErrorKind, ReadOptions};

/// The longest link read, in bytes: an f-puzzles 16x16 with every cell given and a hundred
/// cages compresses to well under it.
const MAX_LINK: usize = 256 * 1024;

/// The most a link's data may decompress to, in UTF-16 units: a bound on the JSON read.
const MAX_JSON: usize = 4 * 1024 * 1024;

/// Whether a line is a puzzle link (or bare link data) this reader takes.
pub(super) fn looks_like(t: &str) -> bool {
    let lower = t.get(..12).unwrap_or(t).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://") || t.starts_with("fpuzzles")
}

fn error(line: usize, message: impl Into<String>) -> ParseError {
    ParseError::new(
        line,
        ParseErrorKind::Json {
            column: None,
            message: format!("link: {}", message.into()),
        },
    )
}

/// The puzzle of a link.
pub(super) fn entry(t: &str, line: usize, options: ReadOptions) -> Result<Entry, ParseError> {
    if t.len() > MAX_LINK {
        return Err(error(
            line,
            format!(
                "{} bytes, more than the {MAX_LINK} a link may have",
                t.len()
            ),
        ));
    }
    let data = fpuzzles_data(t).map_err(|m| error(line, m))?;
    let json = decompress(&data).map_err(|m| error(line, m))?;
    let value: serde_json::Value = serde_json::from_str(&json)
        .map_err(|e| error(line, format!("the data is not f-puzzles' JSON ({e})")))?;
    if !super::fpuzzles::looks_like(&value) {
        return Err(error(
            line,
            "the data is JSON but not an f-puzzles puzzle (no `size` and `grid`)",
        ));
    }
    super::fpuzzles::entry(&value, line, options)
}

/// The compressed f-puzzles data a link carries.
fn fpuzzles_data(t: &str) -> Result<String, String> {
    if let Some(data) = t.strip_prefix("fpuzzles") {
        return Ok(unescape(data));
    }
    let rest = t.split_once("://").map_or(t, |(_, r)| r);
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let host = host.to_ascii_lowercase();
    let query = path.split_once('?').map(|(_, q)| q);
    let param = |name: &str| {
        query.and_then(|q| {
            q.split('&')
                .find_map(|kv| kv.strip_prefix(name).and_then(|v| v.strip_prefix('=')))
        })
    };
    if host.ends_with("f-puzzles.com") {
        return param("load")
            .map(unescape)
            .ok_or_else(|| "an f-puzzles link without `?load=` data".to_string());
    }
    if host.ends_with("sudokupad.app") || host.ends_with("crackingthecryptic.com") {
        let id = param("puzzleid").map(str::to_string).unwrap_or_else(|| {
            let path = path.split(['?', '#']).next().unwrap_or("");
            path.strip_prefix("sudoku/").unwrap_or(path).to_string()
        });
        let id = unescape(&id);
        if let Some(data) = id.strip_prefix("fpuzzles") {
            return Ok(data.to_string());
        }
        if id.starts_with("scl") || id.starts_with("ctc") {
            return Err(
                "SudokuPad's own format (scl) is not read yet: open the puzzle in SudokuPad \
                 and copy its f-puzzles link or JSON"
                    .to_string(),
            );
        }
        return Err(format!(
            "`{}` names a puzzle kept on SudokuPad's server, which is not fetched: open it \
             there and copy its f-puzzles link or JSON",
            id.chars().take(40).collect::<String>()
        ));
    }
    Err(format!(
        "a link to {host}, which carries no puzzle this reads (f-puzzles and SudokuPad links \
         do)"
    ))
}

/// A link's data as written: `%2B`-style escapes undone, a `+` read back where a form turned
/// it into a space.
fn unescape(data: &str) -> String {
    let bytes = data.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b' ' => out.push(b'+'),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// lz-string's base64 data, decompressed, bounded.
fn decompress(data: &str) -> Result<String, String> {
    let data = data.trim();
    if data.is_empty() {
        return Err("the link carries no data".to_string());
    }
    let units = super::lzstring::decompress_base64(data, MAX_JSON)
        .map_err(|e| format!("the data does not decompress: {e}"))?;
    String::from_utf16(&units).map_err(|_| "the data decompresses to no text".to_string())
}
