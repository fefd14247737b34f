//! [`SinglesCheck`](super::SinglesCheck) on the classic 9x9 layout, on bit boards: for
//! each digit, the cells where it is a candidate, as three band words of 27 bits (bit
//! `9 r + c` for row `r` of the band and column `c`), as the fast solver keeps them.
//!
//! On the generator's hard rung the general check (a candidate mask per cell, houses and
//! peers as lists of cells) was a fifth of all the instructions, most of it in the sweeps
//! and placements: a sweep reads every cell of every house, a placement every peer. Here a
//! placement clears a row, a box and a column of one digit with a few masks, a sweep finds
//! the naked singles of a band with two words and the hidden singles of a digit with a
//! dozen masks, and locked candidates compare a digit's rows and columns with its boxes
//! word by word. Pairs and triples, which run only where those stall, gather the cells'
//! masks once per pass and search each house as the general check does (the same search,
//! [`for_each_pair_or_triple`]). The answers and the position where the check stalls are
//! the general check's (tested): each rule only removes candidates that no solution has,
//! so the order in which they run does not change where they end. Hard rung, 300 puzzles:
//! 1,467M instructions before, 1,355M after, the puzzles byte for byte the same.

use crate::bits::for_each_pair_or_triple;

/// The 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;
/// The nine cells of a band's first row.
pub(super) const ROW: u32 = 0x1ff;
/// Bits `c`, `c + 9` and `c + 18`: a column of a band, shifted by `c`.
pub(super) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;
/// The nine cells of each box of a band.
const BOX: [u32; 3] = [COLUMN * 7, (COLUMN * 7) << 3, (COLUMN * 7) << 6];
/// `PEERS_IN_BAND[k]` for cell `k` of a band (bit `9 r + c`): its column in every band, and
/// its row and box in its own band.
const PEERS_IN_BAND: [(u32, u32); 27] = {
    let mut t = [(0, 0); 27];
    let mut k = 0;
    while k < 27 {
        let (r, c) = (k / 9, k % 9);
        t[k] = (COLUMN << c, ROW << (9 * r) | BOX[c / 3]);
        k += 1;
    }
    t
};

/// The cells of each house (row by row): the nine rows, the nine columns, the nine boxes.
pub(super) const HOUSES: [[u8; 9]; 27] = houses();

const fn houses() -> [[u8; 9]; 27] {
    let mut out = [[0u8; 9]; 27];
    let mut h = 0;
    while h < 9 {
        let mut p = 0;
        while p < 9 {
            out[h][p] = (9 * h + p) as u8;
            out[9 + h][p] = (9 * p + h) as u8;
            out[18 + h][p] = (27 * (h / 3) + 3 * (h % 3) + 9 * (p / 3) + p % 3) as u8;
            p += 1;
        }
        h += 1;
    }
    out
}

/// The candidates and placed digits of a 9x9 position.
#[derive(Debug, Clone)]
pub(super) struct Classic {
    /// `cand[3 d + b]`: the cells of band `b` where digit index `d` is a candidate. A placed
    /// cell is no digit's candidate.
    cand: [u32; 27],
    /// The placed cells of each band.
    solved: [u32; 3],
    /// The digit placed in each cell (from 1), 0 while it is empty.
    value: [u8; 81],
    /// Empty cells.
    pub(super) left: usize,
}

impl Classic {
    pub(super) fn new() -> Classic {
        Classic {
            cand: [BAND; 27],
            solved: [0; 3],
            value: [0; 81],
            left: 81,
        }
    }

    /// Sets up `values` (a grid's, row by row, 0 for empty); `None` if a given's digit was
    /// already taken from its cell by another given.
    ///
    /// The band words come from the fast solver's setup, which builds all 27 at once without
    /// a branch: placing the givens one by one was most of the time of the generator's quick
    /// checks, which load a puzzle of 20 to 35 givens to place a few cells.
    pub(super) fn load_grid(&mut self, values: &[u8]) -> Option<()> {
        let puzzle: &[u8; 81] = values.try_into().ok()?;
        let words = sudoku_core::fast::band_words(puzzle).ok()?;
        for (i, w) in self.cand.iter_mut().enumerate() {
            *w = words.cand[i] & words.empty[i % 3];
        }
        for b in 0..3 {
            self.solved[b] = BAND & !words.empty[b];
        }
        self.value = *puzzle;
        self.left = words.empty.iter().map(|e| e.count_ones() as usize).sum();
        Some(())
    }

    /// Sets up a position: the candidate `masks` of the empty cells and the placed `values`.
    pub(super) fn load_position(&mut self, masks: &[u64], values: &[u8]) {
        self.cand = [0; 27];
        self.solved = [0; 3];
        self.left = 81;
        for (i, (&m, &v)) in masks.iter().zip(values).enumerate() {
            let (b, bit) = (i / 27, 1 << (i % 27));
            self.value[i] = v;
            if v != 0 {
                self.solved[b] |= bit;
                self.left -= 1;
                continue;
            }
            let mut m = m;
            while m != 0 {
                self.cand[3 * m.trailing_zeros() as usize + b] |= bit;
                m &= m - 1;
            }
        }
    }

    /// Whether cell `i` holds a digit.
    pub(super) fn is_placed(&self, i: usize) -> bool {
        self.value[i] != 0
    }

    /// The candidates of cell `i` (bit `d` for digit index `d`), as the general check keeps
    /// them: 0 once it is placed.
    pub(super) fn mask(&self, i: usize) -> u64 {
        let (b, k) = (i / 27, i % 27);
        (0..9).fold(0, |m, d| m | ((self.cand[3 * d + b] >> k & 1) as u64) << d)
    }

    /// The placed digit of cell `i` as a bit (`1 << d`), 0 while it is empty.
    pub(super) fn placed_bit(&self, i: usize) -> u64 {
        match self.value[i] {
            0 => 0,
            v => 1 << (v - 1),
        }
    }

    /// Places digit index `d` in cell `k` of band `b`: the cell is no digit's candidate any
    /// more, and `d` leaves the cell's row, box and column. (The callers have the band and
    /// the cell's bit at hand; the row, column and box come from one table entry.)
    fn place(&mut self, b: usize, k: usize, d: usize) {
        let bit = 1 << k;
        for e in 0..9 {
            self.cand[3 * e + b] &= !bit;
        }
        let (column, row_and_box) = PEERS_IN_BAND[k % 27];
        let d3 = 3 * d;
        self.cand[d3] &= !column;
        self.cand[d3 + 1] &= !column;
        self.cand[d3 + 2] &= !column;
        self.cand[d3 + b] &= !row_and_box;
        self.solved[b] |= bit;
        self.value[27 * b + k] = d as u8 + 1;
        self.left -= 1;
    }

    /// One pass of naked singles, then hidden singles; `None` when an empty cell has no
    /// candidate left.
    pub(super) fn sweep(&mut self) -> Option<()> {
        for b in 0..3 {
            let (mut once, mut twice) = (0, 0);
            for d in 0..9 {
                let w = self.cand[3 * d + b];
                twice |= once & w;
                once |= w;
            }
            if BAND & !self.solved[b] & !once != 0 {
                return None;
            }
            let mut singles = once & !twice;
            while singles != 0 {
                let k = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // A placement earlier in this loop may have taken the cell's one digit.
                let d = (0..9).find(|&d| self.cand[3 * d + b] >> k & 1 != 0)?;
                self.place(b, k, d);
            }
        }
        for d in 0..9 {
            self.hidden_singles(d);
        }
        Some(())
    }

    /// Places digit index `d` in every cell that is its only place in a row, a column or a
    /// box.
    fn hidden_singles(&mut self, d: usize) {
        let w = [self.cand[3 * d], self.cand[3 * d + 1], self.cand[3 * d + 2]];
        // The columns where the digit has one place: counted up to two over the nine rows.
        let (mut once, mut twice) = (0, 0);
        for x in w.iter().flat_map(|&x| [x & ROW, x >> 9 & ROW, x >> 18]) {
            twice |= once & x;
            once |= x;
        }
        let lone_columns = (once & !twice) * COLUMN;
        for (b, &x) in w.iter().enumerate() {
            let mut lone = x & lone_columns;
            for house in [ROW, ROW << 9, ROW << 18, BOX[0], BOX[1], BOX[2]] {
                let y = x & house;
                if y & y.wrapping_sub(1) == 0 {
                    lone |= y;
                }
            }
            while lone != 0 {
                let k = lone.trailing_zeros() as usize;
                lone &= lone - 1;
                // Found twice (in its row and its box, say): placed the first time.
                if self.cand[3 * d + b] >> k & 1 != 0 {
                    self.place(b, k, d);
                }
            }
        }
    }

    /// One pass of locked candidates over every digit and every box with a row or column
    /// through it, as the general check's pass over intersecting houses; whether any
    /// candidate went.
    pub(super) fn lock(&mut self) -> bool {
        let mut changed = false;
        for d in 0..9 {
            for b in 0..3 {
                changed |= self.lock_rows(3 * d + b);
            }
            changed |= self.lock_columns(3 * d);
        }
        changed
    }

    /// Locked candidates in one band word: a box whose places lie in one row leaves the
    /// rest of the row, a row whose places lie in one box leaves the rest of the box.
    fn lock_rows(&mut self, word: usize) -> bool {
        let w = self.cand[word];
        let mut out = w;
        for r in 0..3 {
            let row = ROW << (9 * r);
            for bx in BOX {
                let shared = w & row & bx;
                if shared == 0 {
                    continue;
                }
                if w & bx & !row == 0 {
                    out &= !(row & !bx);
                }
                if w & row & !bx == 0 {
                    out &= !(bx & !row);
                }
            }
        }
        self.cand[word] = out;
        out != w
    }

    /// Locked candidates between the boxes and the columns of one digit (its three band
    /// words from `word`): a box whose places lie in one column leaves the rest of the
    /// column, a column whose places lie in one box leaves the rest of the box.
    fn lock_columns(&mut self, word: usize) -> bool {
        let w = [self.cand[word], self.cand[word + 1], self.cand[word + 2]];
        let mut out = w;
        for c in 0..9 {
            let column = COLUMN << c;
            let bx = BOX[c / 3];
            for b in 0..3 {
                if w[b] & column == 0 {
                    continue;
                }
                if w[b] & bx & !column == 0 {
                    for (o, other) in out.iter_mut().enumerate() {
                        if o != b {
                            *other &= !column;
                        }
                    }
                }
                if (0..3).all(|o| o == b || w[o] & column == 0) {
                    out[b] &= !(bx & !column);
                }
            }
        }
        self.cand[word..word + 3].copy_from_slice(&out);
        out != w
    }

    /// One pass of naked and hidden pairs and triples over the houses, as the general
    /// check's; whether any candidate went. The cells' candidates are gathered once for the
    /// pass and kept up to date as candidates go.
    pub(super) fn subsets(&mut self) -> bool {
        let mut masks = [0u16; 81];
        for (word, &w) in self.cand.iter().enumerate() {
            let (d, b) = (word / 3, word % 3);
            let mut w = w;
            while w != 0 {
                masks[27 * b + w.trailing_zeros() as usize] |= 1 << d;
                w &= w - 1;
            }
        }
        let mut changed = false;
        for house in &HOUSES {
            changed |= self.naked(house, &mut masks) | self.hidden(house, &mut masks);
        }
        changed
    }

    /// Removes the `digits` (bit `d` for digit index `d`) from cell `i`, whose candidates
    /// `masks` holds; whether any was a candidate there.
    fn remove(&mut self, masks: &mut [u16; 81], i: usize, digits: u64) -> bool {
        let mut m = masks[i] & digits as u16;
        masks[i] &= !m;
        let (b, bit) = (i / 27, 1 << (i % 27));
        let removed = m != 0;
        while m != 0 {
            self.cand[3 * m.trailing_zeros() as usize + b] &= !bit;
            m &= m - 1;
        }
        removed
    }

    /// Naked pairs and triples in a house: their digits leave the house's other cells.
    fn naked(&mut self, house: &[u8; 9], masks: &mut [u16; 81]) -> bool {
        let cells = house.map(|i| u64::from(masks[i as usize]));
        let mut changed = false;
        for_each_pair_or_triple::<9>(cells.into_iter().enumerate(), &mut |inside, digits| {
            for (p, &i) in house.iter().enumerate() {
                if inside & 1 << p == 0 {
                    changed |= self.remove(masks, i as usize, digits);
                }
            }
        });
        changed
    }

    /// Hidden pairs and triples in a house: their cells lose every other digit.
    fn hidden(&mut self, house: &[u8; 9], masks: &mut [u16; 81]) -> bool {
        let mut places = [0u64; 9];
        for (p, &i) in house.iter().enumerate() {
            let mut m = masks[i as usize];
            while m != 0 {
                places[m.trailing_zeros() as usize] |= 1 << p;
                m &= m - 1;
            }
        }
        let mut changed = false;
        for_each_pair_or_triple::<9>(places.into_iter().enumerate(), &mut |keep, mut cells| {
            while cells != 0 {
                let p = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                changed |= self.remove(masks, house[p] as usize, !keep);
            }
        });
        changed
    }
}
