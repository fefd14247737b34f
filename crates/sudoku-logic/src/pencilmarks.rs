//! Positions written as a pencil-mark grid, as HoDoKu and other programs print them:
//!
//! ```text
//! .----------------.----------------.----------------.
//! | 1    6    59   | 2    3    4    | 8    59   7    |
//! ...
//! ```
//!
//! Every cell is one word of its candidates; borders (`.`, `-`, `|`, `:`, `+`, `'`, `*`) are
//! ignored. A word of one digit is taken as a placed digit. The grid's size follows from the
//! number of words (81 for 9x9, 36 for 6x6, ...); digits above 9 are written `A`-`Z`.

use sudoku_core::{Cell, Digit, Grid, Layout, Shape};
use thiserror::Error;

use crate::bits::DigitSet;
use crate::candidates::{Candidates, CandidatesError};

/// A pencil-mark grid that cannot be read; `line` and `column` count from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PencilmarkError {
    /// A character that is neither a digit of the grid nor a border.
    #[error("{line}:{column}: `{found}` is not a digit or a border")]
    Char {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// The character.
        found: char,
    },
    /// The number of cells is not a square of a supported size, or not the layout's.
    #[error("{found} cells do not make a grid for this layout ({expected} expected)")]
    Count {
        /// Cells found.
        found: usize,
        /// Cells of the layout.
        expected: usize,
    },
    /// The placed digits clash, or the grid does not fit the layout.
    #[error(transparent)]
    Position(#[from] CandidatesError),
}

/// Reads a pencil-mark grid for a layout.
///
/// ```
/// use sudoku_core::{Cell, Layout};
/// use sudoku_logic::pencilmarks::parse;
///
/// let text = "|1 2 34 34|\n|34 34 1 2|\n|2 1 34 34|\n|34 34 2 1|";
/// let pos = parse(&Layout::new("2x2".parse().unwrap()), text).unwrap();
/// assert_eq!(pos.candidates(Cell::new(0, 2)).to_string(), "3,4");
/// assert_eq!(pos.get(Cell::new(0, 0)).map(|d| d.get()), Some(1));
/// ```
pub fn parse(layout: &Layout, text: &str) -> Result<Candidates, PencilmarkError> {
    let n = layout.size();
    let words = words(text, n)?;
    if words.len() != n * n {
        return Err(PencilmarkError::Count {
            found: words.len(),
            expected: n * n,
        });
    }
    let shape: Shape = layout.shape();
    let values: Vec<u8> = words
        .iter()
        .map(|w| if w.len() == 1 { first(w) } else { 0 })
        .collect();
    let grid = Grid::from_values(shape, values).map_err(|_| PencilmarkError::Count {
        found: words.len(),
        expected: n * n,
    })?;
    let mut pos = Candidates::from_grid(layout, &grid)?;
    for (i, w) in words.iter().enumerate() {
        if w.len() > 1 {
            pos.restrict(
                Cell::from_index(i, n),
                w.iter().copied().collect::<DigitSet>(),
            );
        }
    }
    Ok(pos)
}

fn first(word: &[Digit]) -> u8 {
    word.first().map_or(0, |d| d.get() as u8)
}

/// The cells' digit words (digits up to `n`), in reading order.
fn words(text: &str, n: usize) -> Result<Vec<Vec<Digit>>, PencilmarkError> {
    let mut out = Vec::new();
    for (l, line) in text.lines().enumerate() {
        let mut word: Vec<Digit> = Vec::new();
        for (c, ch) in line.chars().enumerate() {
            if let Some(d) = Digit::from_char(ch).filter(|d| d.get() <= n) {
                word.push(d);
                continue;
            }
            if !(ch.is_whitespace() || ".-|:+'*=".contains(ch)) {
                return Err(PencilmarkError::Char {
                    line: l + 1,
                    column: c + 1,
                    found: ch,
                });
            }
            if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
        }
        if !word.is_empty() {
            out.push(word);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_say_where() {
        let layout = Layout::new("2x2".parse().unwrap());
        let e = parse(&layout, "|1 2 x|").unwrap_err();
        assert!(matches!(
            e,
            PencilmarkError::Char {
                line: 1,
                column: 6,
                found: 'x'
            }
        ));
        let e = parse(&layout, "1 2 3").unwrap_err();
        assert!(matches!(
            e,
            PencilmarkError::Count {
                found: 3,
                expected: 16
            }
        ));
    }
}
