//! A textbook dancing-links sudoku solver: the yardstick the DLX sudoku path is measured
//! against (issue "Sudoku as exact cover": at least twice its throughput on every set).
//!
//! It is written the way the method is usually taught (Knuth, "Dancing Links", 2000), on
//! purpose with none of the project's refinements, so that the ratio says what those
//! refinements buy:
//!
//! * the whole matrix, all 729 rows of 4 nodes under 324 columns (cell, row-digit,
//!   column-digit, box-digit), is rebuilt for every puzzle;
//! * the givens are *selected* like any other choice: the columns of each given's row are
//!   covered, one after the other, before the search starts;
//! * then Algorithm X, recursively: choose the column of smallest size (ties to the leftmost),
//!   cover it, try each of its rows in turn (cover the row's other columns, recurse, uncover
//!   them in reverse), and stop at the first solution or when a count reaches its limit;
//! * plain safe Rust: nodes in one vector of structs indexed by `u32`, bounds-checked.
//!
//! No singles are placed before the search, the matrix is not shrunk, and the branching rule
//! looks at nothing but column sizes.

/// Number of columns: 81 cells, then 81 (row, digit), 81 (column, digit), 81 (box, digit).
const COLUMNS: usize = 324;
/// Number of rows: one per candidate (cell, digit), row `cell * 9 + digit - 1`.
const ROWS: usize = 729;
/// The root of the list of active columns; the headers are `1..=COLUMNS`.
const ROOT: u32 = 0;
/// The first node of the rows; row `r` owns nodes `FIRST_ROW_NODE + 4 * r ..+ 4`.
const FIRST_ROW_NODE: usize = COLUMNS + 1;

/// One node of the matrix: a column header (or the root) or a 1 in a row.
#[derive(Debug, Clone, Copy, Default)]
struct Node {
    left: u32,
    right: u32,
    up: u32,
    down: u32,
    /// The column header this node belongs to (a header: itself).
    column: u32,
    /// The row (candidate) of a row node.
    row: u32,
}

/// What a search found: the number of solutions (up to the limit), the first solution as 81
/// digits, and the number of search-tree nodes (calls of the recursive search).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit.
    pub count: u64,
    /// The first solution found.
    pub first: Option<[u8; 81]>,
    /// Search-tree nodes visited (one per call of the search, solutions included).
    pub nodes: u64,
}

/// The solver; it keeps its vectors between puzzles (but rebuilds their contents).
#[derive(Debug, Clone)]
pub struct Textbook {
    nodes: Vec<Node>,
    /// Number of rows in each column's list, by header index.
    size: Vec<u32>,
    /// Whether a column was covered by a given (to detect givens that clash).
    covered: Vec<bool>,
    /// The row node chosen at each level of the search.
    choices: Vec<u32>,
    givens: [u8; 81],
    limit: u64,
    count: u64,
    first: Option<[u8; 81]>,
    visited: u64,
}

impl Textbook {
    /// A solver with empty buffers.
    pub fn new() -> Textbook {
        Textbook {
            nodes: Vec::new(),
            size: Vec::new(),
            covered: Vec::new(),
            choices: Vec::new(),
            givens: [0; 81],
            limit: 0,
            count: 0,
            first: None,
            visited: 0,
        }
    }

    /// Searches `givens` (81 digits, 0 for an empty cell) for up to `limit` solutions.
    /// Givens that clash (two in one house, or a digit twice in a cell's houses) have no
    /// solution.
    pub fn solve(&mut self, givens: &[u8; 81], limit: u64) -> Outcome {
        self.build();
        self.givens = *givens;
        self.limit = limit;
        self.count = 0;
        self.first = None;
        self.visited = 0;
        let mut clash = false;
        for (cell, &v) in givens.iter().enumerate() {
            if v != 0 && !self.select_given(cell * 9 + v as usize - 1) {
                clash = true;
                break;
            }
        }
        if !clash && limit > 0 {
            self.search(0);
        }
        Outcome {
            count: self.count,
            first: self.first,
            nodes: self.visited,
        }
    }

    /// The four columns of candidate row `row`.
    fn columns_of(row: usize) -> [usize; 4] {
        let (cell, d) = (row / 9, row % 9);
        let (r, c) = (cell / 9, cell % 9);
        let b = (r / 3) * 3 + c / 3;
        [
            1 + cell,
            1 + 81 + r * 9 + d,
            1 + 162 + c * 9 + d,
            1 + 243 + b * 9 + d,
        ]
    }

    /// Builds the full matrix: the root and the headers in one circular list, then every row,
    /// each a circular list of its 4 nodes, appended at the bottom of its columns.
    fn build(&mut self) {
        let headers = COLUMNS as u32 + 1;
        self.nodes.clear();
        self.nodes.reserve(FIRST_ROW_NODE + 4 * ROWS);
        for h in 0..headers {
            self.nodes.push(Node {
                left: (h + headers - 1) % headers,
                right: (h + 1) % headers,
                up: h,
                down: h,
                column: h,
                row: u32::MAX,
            });
        }
        self.size.clear();
        self.size.resize(COLUMNS + 1, 0);
        self.covered.clear();
        self.covered.resize(COLUMNS + 1, false);
        for row in 0..ROWS {
            let first = self.nodes.len() as u32;
            for (k, &col) in Textbook::columns_of(row).iter().enumerate() {
                let x = first + k as u32;
                let up = self.nodes[col].up;
                self.nodes.push(Node {
                    left: first + (k as u32 + 3) % 4,
                    right: first + (k as u32 + 1) % 4,
                    up,
                    down: col as u32,
                    column: col as u32,
                    row: row as u32,
                });
                self.nodes[up as usize].down = x;
                self.nodes[col].up = x;
                self.size[col] += 1;
            }
        }
    }

    /// Selects a given's row: covers its columns. `false` if one of them is already covered
    /// (the given clashes with an earlier one).
    fn select_given(&mut self, row: usize) -> bool {
        let columns = Textbook::columns_of(row);
        if columns.iter().any(|&c| self.covered[c]) {
            return false;
        }
        for c in columns {
            self.covered[c] = true;
            self.cover(c as u32);
        }
        true
    }

    /// Removes column `c` from the header list and every row that has a 1 in it from the other
    /// columns.
    fn cover(&mut self, c: u32) {
        let Node { left, right, .. } = self.nodes[c as usize];
        self.nodes[right as usize].left = left;
        self.nodes[left as usize].right = right;
        let mut i = self.nodes[c as usize].down;
        while i != c {
            let mut j = self.nodes[i as usize].right;
            while j != i {
                let Node {
                    up, down, column, ..
                } = self.nodes[j as usize];
                self.nodes[up as usize].down = down;
                self.nodes[down as usize].up = up;
                self.size[column as usize] -= 1;
                j = self.nodes[j as usize].right;
            }
            i = self.nodes[i as usize].down;
        }
    }

    /// Undoes [`Textbook::cover`], in exactly the reverse order.
    fn uncover(&mut self, c: u32) {
        let mut i = self.nodes[c as usize].up;
        while i != c {
            let mut j = self.nodes[i as usize].left;
            while j != i {
                let Node {
                    up, down, column, ..
                } = self.nodes[j as usize];
                self.size[column as usize] += 1;
                self.nodes[up as usize].down = j;
                self.nodes[down as usize].up = j;
                j = self.nodes[j as usize].left;
            }
            i = self.nodes[i as usize].up;
        }
        let Node { left, right, .. } = self.nodes[c as usize];
        self.nodes[right as usize].left = c;
        self.nodes[left as usize].right = c;
    }

    /// Algorithm X at depth `k`; returns `true` when the solution limit is reached (and the
    /// search should stop).
    fn search(&mut self, k: usize) -> bool {
        self.visited += 1;
        let mut c = self.nodes[ROOT as usize].right;
        if c == ROOT {
            self.count += 1;
            if self.first.is_none() {
                let mut grid = self.givens;
                for &x in &self.choices[..k] {
                    let row = self.nodes[x as usize].row as usize;
                    grid[row / 9] = (row % 9) as u8 + 1;
                }
                self.first = Some(grid);
            }
            return self.count >= self.limit;
        }
        // The column with the fewest rows, ties to the leftmost.
        let mut best = self.size[c as usize];
        let mut j = self.nodes[c as usize].right;
        while j != ROOT {
            if self.size[j as usize] < best {
                best = self.size[j as usize];
                c = j;
            }
            j = self.nodes[j as usize].right;
        }
        if self.choices.len() <= k {
            self.choices.resize(k + 1, 0);
        }
        self.cover(c);
        let mut stop = false;
        let mut r = self.nodes[c as usize].down;
        while r != c {
            self.choices[k] = r;
            let mut j = self.nodes[r as usize].right;
            while j != r {
                self.cover(self.nodes[j as usize].column);
                j = self.nodes[j as usize].right;
            }
            stop = self.search(k + 1);
            let mut j = self.nodes[r as usize].left;
            while j != r {
                self.uncover(self.nodes[j as usize].column);
                j = self.nodes[j as usize].left;
            }
            if stop {
                break;
            }
            r = self.nodes[r as usize].down;
        }
        self.uncover(c);
        stop
    }
}
