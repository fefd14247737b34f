//! Knuth's text format for exact-cover problems, as his DLX1/DLX2/DLX3 programs read it.
//!
//! ```text
//! | a comment: a line whose first non-blank character is `|`
//! a b 2|c 0:3|d | x y      <- items: primary (optionally `v|name` or `u:v|name`), `|`, secondary
//! a b x:red                <- one option per line; `name:colour` colours a secondary item
//! ```
//!
//! Unlike Knuth's programs, names and colours may be longer than 8 and 1 characters. Every
//! error says the line, the column and the token; an option without a primary item is not an
//! error but a [`Warning`], and is left out (as Knuth's programs do).

use std::fmt;

use thiserror::Error;

use crate::problem::{BuildError, Problem};

/// A mistake in a problem file, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) of the offending token.
    pub column: usize,
    /// The offending token (empty when the problem is a missing line).
    pub token: String,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong in a problem file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// The file has no item line.
    #[error("no items: the first line that is not a comment must name the items")]
    NoItems,
    /// The item line has no primary item.
    #[error("no primary items before `|`")]
    NoPrimaryItems,
    /// The item line has more than one lone `|`.
    #[error("a second `|` in the item line")]
    SecondBar,
    /// `u:v|name` bounds that are not numbers.
    #[error("`{0}` is not a multiplicity: write `v|name` or `u:v|name` with whole numbers")]
    BadMultiplicity(String),
    /// Bounds written on a secondary item.
    #[error("secondary item `{0}` cannot have a multiplicity")]
    BoundsOnSecondary(String),
    /// A problem with an item or option (unknown item, repeated item, colour on a primary...).
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// Something odd but not wrong in a problem file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// 1-based line number.
    pub line: usize,
    /// What was noticed.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// A problem read from text, with the line each option came from and any warnings.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// The problem.
    pub problem: Problem,
    /// For each option of the problem, the 1-based line it was read from.
    pub option_lines: Vec<usize>,
    /// Options that were left out, and why.
    pub warnings: Vec<Warning>,
}

/// Splits a line into tokens with their 1-based character columns.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut start: Option<(usize, usize)> = None;
    let mut out = Vec::new();
    for (byte, ch) in line.char_indices() {
        column += 1;
        if ch.is_whitespace() {
            if let Some((b, c)) = start.take() {
                out.push((c, &line[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((b, c)) = start {
        out.push((c, &line[b..]));
    }
    out.into_iter()
}

fn is_comment_or_blank(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('|')
}

/// Reads a problem in Knuth's format.
///
/// ```
/// let parsed = exact_cover::parse("a b | x\na x:1\nb x:1\na b\n").unwrap();
/// assert_eq!(parsed.problem.solver().count().solutions, 2);
/// ```
pub fn parse(text: &str) -> Result<Parsed, ParseError> {
    // A byte-order mark, as some Windows editors write, is not part of the first item's name.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().enumerate().map(|(k, l)| (k + 1, l));
    let mut problem = Problem::new();
    let err = |line, column, token: &str, kind| ParseError {
        line,
        column,
        token: token.to_string(),
        kind,
    };
    let Some((item_line, items)) = lines.by_ref().find(|(_, l)| !is_comment_or_blank(l)) else {
        let last = text.lines().count().max(1);
        return Err(err(last, 1, "", ParseErrorKind::NoItems));
    };
    let mut secondary = false;
    for (column, token) in tokens(items) {
        let at = |kind| err(item_line, column, token, kind);
        if token == "|" {
            if secondary {
                return Err(at(ParseErrorKind::SecondBar));
            }
            secondary = true;
            continue;
        }
        let result = match token.rsplit_once('|') {
            Some(_) if secondary => {
                return Err(at(ParseErrorKind::BoundsOnSecondary(token.to_string())));
            }
            Some((bounds, name)) => {
                let (min, max) = parse_bounds(bounds)
                    .ok_or_else(|| at(ParseErrorKind::BadMultiplicity(token.to_string())))?;
                // Whole numbers, so a number that does not parse is too large.
                let narrow = |bound: &str| {
                    bound.parse::<u32>().map_err(|_| BuildError::BoundTooLarge {
                        item: name.to_string(),
                        bound: bound.to_string(),
                    })
                };
                narrow(min)
                    .and_then(|min| Ok((min, narrow(max)?)))
                    .and_then(|(min, max)| problem.add_primary_with_bounds(name, min, max))
            }
            None if secondary => problem.add_secondary(token),
            None => problem.add_primary(token),
        };
        result.map_err(|e| at(e.into()))?;
    }
    if !problem
        .items()
        .iter()
        .any(|i| i.kind != crate::ItemKind::Secondary)
    {
        return Err(err(
            item_line,
            1,
            items.trim(),
            ParseErrorKind::NoPrimaryItems,
        ));
    }
    let mut option_lines = Vec::new();
    let mut warnings = Vec::new();
    let mut last_option = vec![0usize; problem.items().len()];
    let mut option_stamp = 0usize;
    for (line, text) in lines {
        if is_comment_or_blank(text) {
            continue;
        }
        let mut uses = Vec::new();
        option_stamp += 1;
        for (column, token) in tokens(text) {
            let u = problem
                .parse_use(token)
                .map_err(|e| err(line, column, token, e.into()))?;
            // The option that last used each item: a repeat is found where it is written, in
            // constant time (an option may name a million items).
            let last = &mut last_option[u.item.index()];
            if std::mem::replace(last, option_stamp) == option_stamp {
                let name = problem.item(u.item).name.clone();
                return Err(err(
                    line,
                    column,
                    token,
                    BuildError::RepeatedItem(name).into(),
                ));
            }
            uses.push(u);
        }
        match problem.add_option(&uses) {
            Ok(_) => option_lines.push(line),
            Err(BuildError::NoPrimaryItem) => warnings.push(Warning {
                line,
                message: format!("option `{}` has no primary item; ignored", text.trim()),
            }),
            Err(e) => return Err(err(line, 1, text.trim(), e.into())),
        }
    }
    Ok(Parsed {
        problem,
        option_lines,
        warnings,
    })
}

/// `v` or `u:v`, as written (checked against [`crate::MAX_BOUND`] by the caller).
fn parse_bounds(s: &str) -> Option<(&str, &str)> {
    let whole = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let (u, v) = s.split_once(':').unwrap_or((s, s));
    (whole(u) && whole(v)).then_some((u, v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_items_options_and_comments() {
        let p = parse("| comment\n\n  a b 2|c 0:3|d | x y\n| another\na b x:red\nc d y\n").unwrap();
        assert_eq!(p.problem.items().len(), 6);
        assert_eq!(p.option_lines, vec![5, 6]);
        assert_eq!(p.problem.option_text(0), "a b x:red");
        assert_eq!(
            p.problem.to_string(),
            "a b 2|c 0:3|d | x y\na b x:red\nc d y\n"
        );
    }

    #[test]
    fn errors_name_line_column_and_token() {
        let e = parse("a b\na\n b  zz\n").unwrap_err();
        assert_eq!((e.line, e.column, e.token.as_str()), (3, 5, "zz"));
        assert!(
            e.to_string()
                .starts_with("line 3, column 5: unknown item `zz`"),
            "{e}"
        );

        let e = parse("a b | x\na x:1 b x:2\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 9));
        assert!(matches!(
            e.kind,
            ParseErrorKind::Build(BuildError::RepeatedItem(_))
        ));

        let e = parse("a b | x\na:1 b\n").unwrap_err();
        assert!(matches!(
            e.kind,
            ParseErrorKind::Build(BuildError::ColorOnPrimary(_))
        ));

        let e = parse("a | x | y\n").unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind.clone()),
            (1, 7, ParseErrorKind::SecondBar)
        );

        let e = parse("x:y:z|a\n").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::BadMultiplicity(_)));
        let e = parse("3:2|a\n").unwrap_err();
        assert!(matches!(
            e.kind,
            ParseErrorKind::Build(BuildError::BadBounds { .. })
        ));
        let e = parse("a | 1|x\n").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::BoundsOnSecondary(_)));
        let e = parse("a a\n").unwrap_err();
        assert!(matches!(
            e.kind,
            ParseErrorKind::Build(BuildError::DuplicateItem(_))
        ));
        let e = parse("| only comments\n").unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::NoItems);
        let e = parse("a | x\na x:\n").unwrap_err();
        assert!(matches!(
            e.kind,
            ParseErrorKind::Build(BuildError::BadColorName(_))
        ));
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_item() {
        let p = parse("\u{feff}a b\na\nb\n").unwrap();
        assert_eq!(p.problem.item(crate::ItemId(0)).name, "a");
        assert_eq!(p.problem.solver().count().solutions, 1);
    }

    #[test]
    fn bounds_above_the_largest_are_refused_as_written() {
        for (text, bound) in [
            ("3000000000|a\na\n", "3000000000"),
            ("1:2147483648|a\na\n", "2147483648"),
            ("99999999999999999999999|a\na\n", "99999999999999999999999"),
        ] {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (1, 1), "{text}");
            assert_eq!(
                e.kind,
                ParseErrorKind::Build(BuildError::BoundTooLarge {
                    item: "a".into(),
                    bound: bound.into()
                }),
                "{text}"
            );
            assert!(
                e.to_string().contains("largest multiplicity, 2147483647"),
                "{e}"
            );
        }
        // The largest itself is searched correctly: one option cannot cover `a` that often.
        let p = parse("2147483647|a\na\n").unwrap();
        assert_eq!(p.problem.solver().count().solutions, 0);
        let p = parse("0:2147483647|a b\na b\nb\n").unwrap();
        assert_eq!(p.problem.solver().count().solutions, 2);
        let e = parse("+5|a\na\n").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::BadMultiplicity(_)));
    }

    #[test]
    fn a_repeat_in_a_long_option_is_found_where_it_is_written() {
        let names: Vec<String> = (0..5_000).map(|k| format!("i{k}")).collect();
        let items = names.join(" ");
        let p = parse(&format!("{items}\n{items}\n")).unwrap();
        assert_eq!(p.problem.solver().count().solutions, 1);
        let text = format!("{items}\n{items} i17\n");
        let e = parse(&text).unwrap_err();
        assert_eq!((e.line, e.token.as_str()), (2, "i17"));
        assert_eq!(e.column, items.chars().count() + 2);
        assert_eq!(
            e.kind,
            ParseErrorKind::Build(BuildError::RepeatedItem("i17".into()))
        );
    }

    #[test]
    fn option_without_primary_is_a_warning() {
        let p = parse("a | x\nx\na\n").unwrap();
        assert_eq!(p.warnings.len(), 1);
        assert_eq!(p.warnings[0].line, 2);
        assert_eq!(p.problem.option_count(), 1);
    }

    #[test]
    fn long_colours_and_unicode_columns() {
        let p = parse("é a | x\né x:crimson\na x:crimson\n").unwrap();
        assert_eq!(p.problem.solver().count().solutions, 1);
        let e = parse("é a\né  q\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 4));
    }
}
