//! The short killer form the killer solvers' forums pass puzzles in: one line of 81
//! characters, one per cell of a 9x9 grid, row by row. A cell either holds its cage's sum
//! (`1`-`9`, `A`-`Z` for 10-35, `a`-`j` for 36-45; `0` for a cage without a sum), which makes
//! it the cage's head, or points
//! to a neighbour of the same cage, on the way to the head: `<` `>` `^` `v` for left, right,
//! up and down, and `` ` `` `'` `,` `.` for up-left, up-right, down-left and down-right.
//!
//! ```text
//! G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^
//! ```
//!
//! A pointer that leaves the grid or goes round in a loop is refused, naming the cell.

use super::{Cage, Constraint, Constraints};
use crate::shape::Cell;

/// The side of the grid the form is for.
const N: usize = 9;

/// Why a line in the short form does not read: the column (from 1) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShortError {
    /// The column of the character at fault, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Whether `line` is a killer in the short form: 81 characters of the form with at least one
/// of the pointers `<` `>` `^` `v` (a plain puzzle's `.` is a pointer too, but a plain puzzle
/// has none of those).
pub fn looks_like(line: &str) -> bool {
    line.len() == N * N
        && line
            .bytes()
            .all(|b| sum_of(b).is_some() || step(b).is_some())
        && line.bytes().any(|b| matches!(b, b'<' | b'>' | b'^' | b'v'))
}

/// The sum a head character stands for.
fn sum_of(b: u8) -> Option<u32> {
    match b {
        b'0'..=b'9' => Some(u32::from(b - b'0')),
        b'A'..=b'Z' => Some(u32::from(b - b'A') + 10),
        b'a'..=b'j' => Some(u32::from(b - b'a') + 36),
        _ => None,
    }
}

/// The (row, column) step a pointer character makes.
fn step(b: u8) -> Option<(isize, isize)> {
    Some(match b {
        b'<' => (0, -1),
        b'>' => (0, 1),
        b'^' => (-1, 0),
        b'v' => (1, 0),
        b'`' => (-1, -1),
        b'\'' => (-1, 1),
        b',' => (1, -1),
        b'.' => (1, 1),
        _ => return None,
    })
}

/// The cages of a line in the short form, each with its sum, in the order of their heads.
pub fn parse(line: &str) -> Result<Constraints, ShortError> {
    let bytes = line.as_bytes();
    if bytes.len() != N * N {
        return Err(ShortError {
            column: bytes.len().min(N * N) + 1,
            message: format!("a short killer has 81 characters, this has {}", bytes.len()),
        });
    }
    // Where each cell points: itself for a head.
    let mut next = vec![0usize; N * N];
    for (i, &b) in bytes.iter().enumerate() {
        let cell = Cell::from_index(i, N);
        next[i] = match (sum_of(b), step(b)) {
            (Some(_), _) => i,
            (None, Some((dr, dc))) => {
                let (r, c) = (cell.row() as isize + dr, cell.col() as isize + dc);
                if !(0..N as isize).contains(&r) || !(0..N as isize).contains(&c) {
                    return Err(ShortError {
                        column: i + 1,
                        message: format!("`{}` at {cell} points out of the grid", b as char),
                    });
                }
                r as usize * N + c as usize
            }
            (None, None) => {
                return Err(ShortError {
                    column: i + 1,
                    message: format!(
                        "`{}` at {cell} is neither a sum (0-9, A-Z, a-j) nor a pointer \
                         (< > ^ v ` ' , .)",
                        char::from(b)
                    ),
                });
            }
        };
    }
    // Each cell's head, following the pointers (a path longer than the grid is a loop).
    let mut head_of = vec![usize::MAX; N * N];
    for (start, head) in head_of.iter_mut().enumerate() {
        let mut at = start;
        for _ in 0..=N * N {
            if next[at] == at {
                break;
            }
            at = next[at];
        }
        if next[at] != at {
            return Err(ShortError {
                column: start + 1,
                message: format!(
                    "the pointers from {} go round in a loop and reach no sum",
                    Cell::from_index(start, N)
                ),
            });
        }
        *head = at;
    }
    let mut cages = Constraints::new();
    for head in 0..N * N {
        if next[head] != head {
            continue;
        }
        let cells: Vec<Cell> = (0..N * N)
            .filter(|&i| head_of[i] == head)
            .map(|i| Cell::from_index(i, N))
            .collect();
        // A head of `0` marks a cage without a sum (its digits differ, nothing more).
        let sum = sum_of(bytes[head]).filter(|&s| s > 0);
        cages.push(Constraint::Cage(Cage::new(cells, sum)));
    }
    Ok(cages)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TAREK_1: &str =
        "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^";

    #[test]
    fn every_cell_is_in_one_cage_and_the_sums_add_up_to_the_grid() {
        assert!(looks_like(TAREK_1));
        let cages = parse(TAREK_1).unwrap();
        let cells: usize = cages.cages().map(|c| c.cells.len()).sum();
        assert_eq!(cells, 81);
        let sums: u32 = cages.cages().map(|c| c.sum.unwrap()).sum();
        assert_eq!(sums, 405, "nine rows of 45");
        // The first cage: G = 16 over r1c1 r1c2 r1c3 (pointing left) and r2c1 (up).
        let first = cages.cages().next().unwrap();
        assert_eq!(first.sum, Some(16));
        assert_eq!(
            first.cells,
            vec![
                Cell::new(0, 0),
                Cell::new(0, 1),
                Cell::new(0, 2),
                Cell::new(1, 0)
            ]
        );
    }

    #[test]
    fn plain_puzzles_are_not_taken_for_killers() {
        let plain =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        assert!(!looks_like(plain));
        assert!(!looks_like(&"1".repeat(81)));
    }

    #[test]
    fn pointers_out_of_the_grid_loops_and_strangers_are_named() {
        let out = format!("<{}", &TAREK_1[1..]);
        let e = parse(&out).unwrap_err();
        assert_eq!(e.column, 1);
        assert!(
            e.message.contains("r1c1 points out of the grid"),
            "{}",
            e.message
        );
        // r1c2 and r1c3 point at each other.
        let lp = format!("G><{}", &TAREK_1[3..]);
        let e = parse(&lp).unwrap_err();
        assert!(e.message.contains("loop"), "{}", e.message);
        let odd = format!("G<#{}", &TAREK_1[3..]);
        let e = parse(&odd).unwrap_err();
        assert_eq!(e.column, 3);
        assert!(e.message.contains("`#` at r1c3"), "{}", e.message);
        assert!(parse("G<<").unwrap_err().message.contains("81 characters"));
    }
}
