//! The search engine: propagation on band words and depth-first guessing.
//!
//! See the module documentation of [`crate::fast`] for the bit layout and the rules.

use super::tables::{
    CELLS, COMPLEX, CONFINE, NPERM, PERM_KEEP, PERM_MASKS, POINT_OUT, POP9, ROW, STACKMATES,
};

/// The whole search state of one node: 27 band words, the words as they were when last
/// propagated (a word that differs from its copy must be looked at again), the unsolved
/// cells and the bivalue cells per band, the words changed outside the band updates and the
/// words' folds as the column rule last saw them. 88 words, copied once per guess.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// `cand[3 * d + b]`: where digit `d` (0..9) may still go in band `b`; placed digits stay.
    cand: [u32; 27],
    /// `cand` as it was after the word's last band update.
    prev: [u32; 27],
    /// Cells of each band that no digit has been placed in yet.
    unsolved: [u32; 3],
    /// Bit `i`: word `i` was changed by a rule other than the band update (the guess, naked
    /// singles, the column rule, triads): the first sweep of the band updates takes these words
    /// without comparing all 27 with `prev`.
    dirty: u32,
    /// `cols[i]`: the columns of word `i` (its fold) as the column rule last left them. The
    /// rule's answer for a digit depends only on the folds of its three words, so a digit
    /// whose folds are unchanged is skipped: about three in four are, on the hard sets.
    cols: [u32; 27],
    /// Unsolved cells with two candidates, per band, as the last naked-singles pass saw them;
    /// that pass runs on the fixed point, so the bivalue guess needs no count of its own.
    pairs: [u32; 3],
}

/// The number of candidates in a band word.
#[inline(always)]
fn pop27(a: u32) -> u32 {
    POP9[(a & ROW) as usize] as u32
        + POP9[((a >> 9) & ROW) as usize] as u32
        + POP9[((a >> 18) & ROW) as usize] as u32
}

/// Why a puzzle cannot even be set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SetupError {
    /// `puzzle[cell]` is over 9.
    Value { cell: usize, value: u8 },
    /// Two givens of `digit` share a house.
    Conflict {
        digit: u8,
        first: usize,
        second: usize,
    },
}

/// The nine columns of a band word, folded over its three rows.
#[inline(always)]
fn fold(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & ROW
}

/// A 9-bit column set, repeated on the three rows of a band.
#[inline(always)]
fn spread(c: u32) -> u32 {
    c | c << 9 | c << 18
}

/// The minirows of a band word that hold a candidate, as a 9-bit mask in column-major order
/// (bit `3 * s + r` for row `r` and stack `s`, the index of `COMPLEX`). Shifts instead of
/// three lookups in a table of row to minirows: the band update waits on this mask, and the
/// column-major order is the one that two folds give for free.
#[inline(always)]
fn minirows(a: u32) -> u32 {
    // Bit `9 * r + 3 * s` of `t`: minirow `(r, s)` is not empty.
    let t = (a | a >> 1 | a >> 2) & 0x124_9249;
    (t | t >> 8 | t >> 16) & ROW
}

/// A digit's columns in one stack (the three columns from bit `sh` of each band's fold in
/// `folds`) as a 3x3 mask, bit `3 * band + column of the stack`: the shape the column rule
/// filters and the guess counts configurations in.
#[inline(always)]
fn stack_shape(folds: [u32; 3], sh: usize) -> u32 {
    ((folds[0] >> sh) & 7) | ((folds[1] >> sh) & 7) << 3 | ((folds[2] >> sh) & 7) << 6
}

/// The full rows (of a band) that `x` touches.
#[inline(always)]
fn rows_of(x: u32) -> u32 {
    let mut m = 0;
    if x & ROW != 0 {
        m |= ROW;
    }
    if x & (ROW << 9) != 0 {
        m |= ROW << 9;
    }
    if x & (ROW << 18) != 0 {
        m |= ROW << 18;
    }
    m
}

/// Whether some row of `x` holds two or more bits.
#[inline(always)]
fn row_twice(x: u32) -> bool {
    let r0 = x & ROW;
    let r1 = x & (ROW << 9);
    let r2 = x & (ROW << 18);
    (r0 & r0.wrapping_sub(1)) | (r1 & r1.wrapping_sub(1)) | (r2 & r2.wrapping_sub(1)) != 0
}

/// What a propagation pass found.
enum Pass {
    /// Nothing new.
    Stable,
    /// Something was eliminated: run the band updates again.
    Changed,
    /// The state has no solution.
    Contradiction,
}

/// `places[v][b]`: the cells of band `b` that hold `v` (0: the empty cells), from a puzzle
/// of bytes 0..=9. Each band's 27 bytes are cut into bit planes (bit `k` of every byte, as
/// a 27-bit mask), eight bytes at a time by one multiplication; a value's cells are then
/// the AND of four planes or their complements.
fn value_places(puzzle: &[u8; 81]) -> [[u32; 3]; 10] {
    /// Bit 8i of `x` (bits elsewhere clear) to bit 56 + i: each bit lands on its own.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    const LOW: u64 = 0x0101_0101_0101_0101;
    let mut bytes = [0u8; 88];
    bytes[..81].copy_from_slice(puzzle);
    let mut places = [[0u32; 3]; 10];
    for b in 0..3 {
        let mut planes = [0u32; 4];
        for chunk in 0..4 {
            let at = 27 * b + 8 * chunk;
            let mut word = u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
            if chunk == 3 {
                word &= 0xFF_FFFF; // the band's last three bytes
            }
            for (k, plane) in planes.iter_mut().enumerate() {
                let bits = ((word >> k) & LOW).wrapping_mul(GATHER) >> 56;
                *plane |= (bits as u32) << (8 * chunk);
            }
        }
        for (v, place) in places.iter_mut().enumerate() {
            place[b] = planes.iter().enumerate().fold((1 << 27) - 1, |m, (k, &p)| {
                m & if v >> k & 1 != 0 { p } else { !p }
            });
        }
    }
    places
}

/// The first given (in row-major order) that repeats a digit of an earlier given of its
/// house, as the error naming both; `None` when there is none.
#[cold]
fn first_clash(puzzle: &[u8; 81]) -> Option<SetupError> {
    let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    for (cell, &v) in puzzle.iter().enumerate() {
        let digit = (1u16 << (v % 10)) & !1;
        let (r, c) = (cell / 9, cell % 9);
        let bx = 3 * (r / 3) + c / 3;
        if (rows[r] | cols[c] | boxes[bx]) & digit != 0 {
            return Some(clash(puzzle, cell));
        }
        rows[r] |= digit;
        cols[c] |= digit;
        boxes[bx] |= digit;
    }
    None
}

/// The clash of the given at `second` with an earlier given of its house.
#[cold]
fn clash(puzzle: &[u8; 81], second: usize) -> SetupError {
    let v = puzzle[second % 81];
    let (r, c) = (second / 9, second % 9);
    let first = (0..second)
        .find(|&o| {
            let (r2, c2) = (o / 9, o % 9);
            puzzle[o] == v && (r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3))
        })
        .unwrap_or(second);
    SetupError::Conflict {
        digit: v,
        first,
        second,
    }
}

impl State {
    /// The state of a puzzle: every given placed, nothing propagated yet.
    pub(super) fn new(puzzle: &[u8; 81]) -> Result<State, SetupError> {
        // A byte that is no digit is named before any clash (a clash among garbage means
        // little).
        if let Some(cell) = puzzle.iter().position(|&v| v > 9) {
            return Err(SetupError::Value {
                cell,
                value: puzzle[cell],
            });
        }
        // Everything below works on whole band words, the same few operations on each of
        // the 27, with no branch and no table: about half the instructions of a loop over
        // the cells (this runs once per uniqueness test of the digger).
        let places = value_places(puzzle);
        let mut cand = [0u32; 27];
        for d in 0..9 {
            cand[3 * d..3 * d + 3].copy_from_slice(&places[d + 1]);
        }
        // Two givens of a digit in one house: within a band word, two in a minirow, two
        // minirows of a row or of a box, or two rows of a column; between bands, a column.
        let mut twice = 0u32;
        let mut elim = [0u32; 27];
        let mut folds = [0u32; 27];
        for i in 0..27 {
            let w = cand[i];
            let m = minirows(w);
            twice |= (w & w >> 1 & 0o333_333_333) | (w & w >> 2 & 0o111_111_111);
            twice |= (m & m >> 3 & 0o77) | (m & m >> 6 & 0o7);
            twice |= (m & m >> 1 & 0o333) | (m & m >> 2 & 0o111);
            twice |= (w & w >> 9) | (w & w >> 18);
            // The rows (bit `r`) and stacks (bit `3 * s`) the digit is given in, widened to
            // their cells: `(x << 9) - x` fills the nine bits from each bit of `x`.
            let rows = (m | m >> 3 | m >> 6) & 7;
            let rows = (rows & 1) | (rows & 2) << 8 | (rows & 4) << 16;
            let stacks = (m | m >> 1 | m >> 2) & 0o111;
            elim[i] = ((rows << 9) - rows) | spread((stacks << 3) - stacks);
            folds[i] = fold(w);
        }
        let mut cols = [0u32; 9];
        for (d, col) in cols.iter_mut().enumerate() {
            let [f0, f1, f2] = [folds[3 * d], folds[3 * d + 1], folds[3 * d + 2]];
            twice |= (f0 & f1) | (f0 & f2) | (f1 & f2);
            *col = spread(f0 | f1 | f2);
        }
        if twice != 0
            && let Some(e) = first_clash(puzzle)
        {
            return Err(e);
        }
        let empty = places[0];
        for d in 0..9 {
            for b in 0..3 {
                cand[3 * d + b] |= empty[b] & !cols[d] & !elim[3 * d + b];
            }
        }
        Ok(State {
            cand,
            prev: [u32::MAX; 27],
            unsolved: empty,
            dirty: (1 << 27) - 1,
            cols: [u32::MAX; 27],
            pairs: [0; 3],
        })
    }

    /// The 27 band words.
    pub(super) fn cand_words(&self) -> [u32; 27] {
        self.cand
    }

    /// The cells of each band that no digit is placed in.
    pub(super) fn unsolved_cells(&self) -> [u32; 3] {
        self.unsolved
    }

    /// Removes `digit` (1..=9; anything else removes nothing) from the candidates of
    /// `cell` before propagation, as if a clue said "not this digit here".
    pub(super) fn exclude(&mut self, cell: usize, digit: u8) {
        if (1..=9).contains(&digit) {
            let (r, c) = (cell / 9, cell % 9);
            self.cand[3 * (digit as usize - 1) + r / 3] &= !(1 << (9 * (r % 3) + c));
        }
    }

    /// Whether `digit` (1..=9) is still a candidate of (or placed in) `cell`.
    #[cfg(test)]
    pub(super) fn has(&self, cell: usize, digit: u8) -> bool {
        let (r, c) = (cell / 9, cell % 9);
        self.cand[3 * (digit as usize - 1) + r / 3] & 1 << (9 * (r % 3) + c) != 0
    }

    /// The grid of a solved state.
    pub(super) fn grid(&self) -> [u8; 81] {
        let mut g = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                // Solved, a digit sits in exactly three cells of each band: no loop on the bits.
                let mut w = self.cand[3 * d + b];
                debug_assert_eq!(w.count_ones(), 3);
                for _ in 0..3 {
                    let bit = w.trailing_zeros() as usize;
                    w &= w.wrapping_sub(1);
                    g[(27 * b + bit) % 81] = d as u8 + 1;
                }
            }
        }
        g
    }

    #[inline(always)]
    fn solved(&self) -> bool {
        (self.unsolved[0] | self.unsolved[1] | self.unsolved[2]) == 0
    }

    /// The band update of word `(d, b)`: keep the minirows that some row-to-stack permutation
    /// allows; clear from the digit's other two bands each column that a box of this band is
    /// confined to (pointing along columns, which also clears the column of a placed digit);
    /// and place the digit in every row left with one cell, clearing that cell from the other
    /// digits. No branch depends on what was found, as those branches would be unpredictable:
    /// clearing cells that are already clear costs less than a mispredicted branch.
    /// `false` on a contradiction.
    #[inline(always)]
    fn update(&mut self, d: usize, b: usize) -> bool {
        let i = 3 * d + b;
        let a = self.cand[i] & COMPLEX[minirows(self.cand[i]) as usize];
        if a == 0 {
            return false;
        }
        self.cand[i] = a;
        self.prev[i] = a;
        // The digit's other two bands lose the columns a box of this band is confined to.
        // Their indices come from a table, not a branch on `b` (mispredicted a third of the
        // time), and are not adjacent, so the compiler does not merge the two ANDs into one
        // 8-byte load over words just stored 4 bytes at a time (a store-forwarding stall).
        let out = POINT_OUT[fold(a) as usize];
        let d3 = 3 * d;
        let [o1, o2] = OTHER[b % 3];
        debug_assert!(d3 + 2 < 27);
        // SAFETY: `d < 9` and `o1, o2 < 3` (the one caller passes `i / 3` and `i % 3` of a
        // word index `i < 27`), so both are word indices. The bounds checks were a tenth of
        // the update's instructions.
        unsafe {
            *self.cand.get_unchecked_mut(d3 + o1) &= out;
            *self.cand.get_unchecked_mut(d3 + o2) &= out;
        }
        // Every row is non-empty now; a row with one bit is a placement.
        let r0 = a & ROW;
        let r1 = a & (ROW << 9);
        let r2 = a & (ROW << 18);
        let single = (((r0 & r0.wrapping_sub(1)) == 0) as u32 * r0)
            | (((r1 & r1.wrapping_sub(1)) == 0) as u32 * r1)
            | (((r2 & r2.wrapping_sub(1)) == 0) as u32 * r2);
        self.unsolved[b] &= !single;
        // Clear the placed cells from all nine digits of the band, then put this word back:
        // cheaper than skipping digit `d`, which costs a branch on `d`.
        for d2 in 0..9 {
            self.cand[3 * d2 + b] &= !single;
        }
        self.cand[i] = a;
        true
    }

    /// Band updates until every word is stable. The words to update are found all at once as
    /// a bit mask, so stable words cost no branch, and the next word to update never waits
    /// for the last update's result: the updates of one sweep overlap in the CPU.
    #[inline(always)]
    fn bands(&mut self) -> bool {
        let mut dirty = self.dirty;
        self.dirty = 0;
        loop {
            while dirty != 0 {
                let i = dirty.trailing_zeros() as usize;
                if i >= 27 {
                    // SAFETY: every mask of words is made of bits 0..27 (the compare below,
                    // and the rules that mark words), and `dirty` is not zero here. The hint
                    // drops the bounds checks of the update's word indices.
                    unsafe { std::hint::unreachable_unchecked() }
                }
                dirty &= dirty - 1;
                if !self.update(i / 3, i % 3) {
                    return false;
                }
            }
            // Shift chains (recurrences the compiler does not vectorise): the vectorised
            // compare loaded 16 bytes over words just written 4 bytes at a time, which cannot
            // be store-forwarded and stalled. Three chains of nine, for a third the latency.
            let (mut t0, mut t1, mut t2) = (0u32, 0u32, 0u32);
            for i in (0..9).rev() {
                t0 = t0 << 1 | (self.cand[i] != self.prev[i]) as u32;
                t1 = t1 << 1 | (self.cand[9 + i] != self.prev[9 + i]) as u32;
                t2 = t2 << 1 | (self.cand[18 + i] != self.prev[18 + i]) as u32;
            }
            dirty = t0 | t1 << 9 | t2 << 18;
            if dirty == 0 {
                return true;
            }
        }
    }

    /// Naked singles (a cell with one candidate) and empty cells, by counting the digits of
    /// each cell bit-sliced (`ones`: at least one, `twos`: at least two).
    #[inline(always)]
    fn naked(&mut self) -> Pass {
        let mut pass = Pass::Stable;
        for b in 0..3 {
            let u = self.unsolved[b];
            self.pairs[b] = 0;
            if u == 0 {
                continue;
            }
            let (mut ones, mut twos, mut threes) = (0, 0, 0);
            for d in 0..9 {
                let x = self.cand[3 * d + b];
                threes |= twos & x;
                twos |= ones & x;
                ones |= x;
            }
            self.pairs[b] = u & twos & !threes;
            if u & !ones != 0 {
                return Pass::Contradiction;
            }
            let ns = u & !twos;
            if ns != 0 {
                pass = Pass::Changed;
                for d in 0..9 {
                    let w = &mut self.cand[3 * d + b];
                    let hit = *w & ns;
                    if hit != 0 {
                        if row_twice(hit) {
                            return Pass::Contradiction;
                        }
                        *w &= !rows_of(hit) | hit;
                        self.dirty |= 1 << (3 * d + b);
                    }
                }
            }
        }
        pass
    }

    /// The band rule turned sideways: in each stack a digit's three boxes choose their columns
    /// by a permutation. Gives pointing and claiming along columns, hidden singles in columns
    /// (with the band rule), and finds a digit with no room in some column.
    #[inline(always)]
    fn stacks(&mut self) -> Pass {
        let mut pass = Pass::Stable;
        // All 27 folds in one loop the compiler vectorises (the words were last stored well
        // before, so the wide loads do not stall); only digits with a changed fold go on.
        let folds = self.cand.map(fold);
        let mut changed = 0u32;
        for (i, (f, c)) in folds.iter().zip(&self.cols).enumerate() {
            changed |= ((f != c) as u32) << i;
        }
        self.cols = folds;
        while changed != 0 {
            let d = changed.trailing_zeros() as usize / 3;
            changed &= !(7 << (3 * d));
            let d3 = 3 * d;
            let (f0, f1, f2) = (folds[d3], folds[d3 + 1], folds[d3 + 2]);
            if f0 & f1 & f2 == ROW {
                continue;
            }
            let (mut k0, mut k1, mut k2) = (0, 0, 0);
            for sh in [0, 3, 6] {
                let m = stack_shape([f0, f1, f2], sh);
                let k = PERM_KEEP[m as usize] as u32;
                if k == 0 {
                    return Pass::Contradiction;
                }
                k0 |= (k & 7) << sh;
                k1 |= ((k >> 3) & 7) << sh;
                k2 |= ((k >> 6) & 7) << sh;
            }
            if (f0 & !k0) | (f1 & !k1) | (f2 & !k2) != 0 {
                pass = Pass::Changed;
                self.cols[d3] = f0 & k0;
                self.cols[d3 + 1] = f1 & k1;
                self.cols[d3 + 2] = f2 & k2;
                self.cand[d3] &= spread(k0);
                self.cand[d3 + 1] &= spread(k1);
                self.cand[d3 + 2] &= spread(k2);
                self.dirty |= 7 << d3;
            }
        }
        pass
    }

    /// The number of unsolved cells.
    #[inline(always)]
    fn unsolved_count(&self) -> u32 {
        self.unsolved.iter().map(|u| u.count_ones()).sum()
    }

    /// Propagates to a fixed point. `false` on a contradiction.
    #[inline(always)]
    fn propagate(&mut self, tot: &mut [u32; 6], triads_from: u32) -> bool {
        loop {
            if !self.bands() {
                return false;
            }
            if self.solved() {
                return true;
            }
            match self.naked() {
                Pass::Contradiction => return false,
                Pass::Changed => continue,
                Pass::Stable => {}
            }
            match self.stacks() {
                Pass::Contradiction => return false,
                Pass::Changed => continue,
                Pass::Stable => {}
            }
            // Near the end the triads rarely find anything and a bivalue cell's placements
            // finish the grid: the guess then takes one (`tot` all zero says so).
            if self.unsolved_count() < triads_from {
                *tot = [0; 6];
                return true;
            }
            match self.triads(tot) {
                Pass::Contradiction => return false,
                Pass::Changed => continue,
                Pass::Stable => return true,
            }
        }
    }

    /// Triads: a minirow (three cells of a row inside a box) holds exactly three digits, and
    /// so does a minicolumn. For every minirow and minicolumn this counts the digits that can
    /// reach it (bit-sliced adders, exact up to 15) and the digits *certain* in it (alone in
    /// their row of the band, or in their column across the stack's bands; saturating at
    /// three). Fewer than three reaching is a contradiction; exactly three reaching puts all
    /// three there (confined to that minirow in its row and box); three certain keep every
    /// other digit out. Runs last, when the other rules are stable, about once per guess.
    ///
    /// One 64-bit word per digit holds both directions: bits `9 * b + 3 * s + r` are its
    /// minirows (band `b`, stack `s`, row `r`, the column-major order `minirows` gives), bits
    /// `32 + 9 * b + c` its minicolumns (band `b`, column `c`: the words' folds, which the
    /// column rule has just left in `cols`). On a stable pass, `tot` gets each band's and each
    /// stack's sum of the reach counts, the open (digit, minirow) pairs the guess looks at.
    #[inline(always)]
    fn triads(&mut self, tot: &mut [u32; 6]) -> Pass {
        const FULL: u64 = 0x7FF_FFFF | 0x7FF_FFFF << 32;
        let (mut s0, mut s1, mut s2, mut s3) = (0u64, 0u64, 0u64, 0u64);
        let (mut c1, mut c2, mut c3) = (0u64, 0u64, 0u64);
        let mut open = 0u64;
        let mut loose = [0u64; 9];
        // Each word's minirows, and those alone in their row, in loops the compiler vectorises.
        let mr = self.cand.map(minirows);
        let alone = mr.map(|m| {
            m & !(((m >> 3) & 0o077) | ((m >> 6) & 0o007) | ((m << 3) & 0o770) | ((m << 6) & 0o700))
        });
        for (d, l) in loose.iter_mut().enumerate() {
            let d3 = 3 * d;
            let h = mr[d3] | mr[d3 + 1] << 9 | mr[d3 + 2] << 18;
            let ah = alone[d3] | alone[d3 + 1] << 9 | alone[d3 + 2] << 18;
            let (f0, f1, f2) = (self.cols[d3], self.cols[d3 + 1], self.cols[d3 + 2]);
            let v = f0 | f1 << 9 | f2 << 18;
            let one = (f0 ^ f1 ^ f2) & !(f0 & f1 & f2);
            let reach = h as u64 | (v as u64) << 32;
            let x = ah as u64 | ((v & spread(one)) as u64) << 32;
            let t0 = s0 & reach;
            s0 ^= reach;
            let t1 = s1 & t0;
            s1 ^= t0;
            let t2 = s2 & t1;
            s2 ^= t1;
            s3 |= t2;
            c3 |= c2 & x;
            c2 |= c1 & x;
            c1 |= x;
            *l = reach & !x;
            open |= *l;
        }
        if !s3 & !s2 & !(s0 & s1) & FULL != 0 {
            return Pass::Contradiction;
        }
        let confine = s0 & s1 & !s2 & !s3 & open;
        let exclude = c3 & open;
        if confine | exclude == 0 {
            let sl = [s0, s1, s2, s3];
            for b in 0..3 {
                let (mut th, mut tv) = (0, 0);
                for (k, &x) in sl.iter().enumerate() {
                    th += (POP9[((x >> (9 * b)) as u32 & ROW) as usize] as u32) << k;
                    let t = ((x >> 32) as u32 >> (3 * b)) & 0x1C_0E07;
                    tv += (POP9[((t | t >> 6 | t >> 12) & ROW) as usize] as u32) << k;
                }
                tot[b] = th;
                tot[3 + b] = tv;
            }
            return Pass::Stable;
        }
        for (d, &l) in loose.iter().enumerate() {
            let (cf, ex) = (l & confine, l & exclude);
            if cf | ex == 0 {
                continue;
            }
            let (cfv, exv) = ((cf >> 32) as u32, (ex >> 32) as u32);
            let cc = [cfv & ROW, (cfv >> 9) & ROW, (cfv >> 18) & ROW];
            for b in 0..3 {
                let hcf = (cf >> (9 * b)) as u32 & ROW;
                let hex = (ex >> (9 * b)) as u32 & ROW;
                let [o1, o2] = OTHER[b];
                let cols =
                    (exv >> (9 * b)) & ROW | STACKMATES[cc[b] as usize] as u32 | cc[o1] | cc[o2];
                self.cand[3 * d + b] &=
                    CONFINE[hcf as usize] & !CELLS[hex as usize] & !spread(cols);
            }
            self.dirty |= 7 << (3 * d);
        }
        Pass::Changed
    }

    /// The guess, at a fixed point that is not solved (`tot` from the triads pass that found
    /// it stable): of the bands and stacks not settled, the one with the fewest open (digit,
    /// minirow) pairs, the most constrained; in it, the digit with the fewest configurations
    /// (two or more). Each branch puts the digit in one of them, so each branch fixes its
    /// minirow (or minicolumn) in three boxes, and the triads take it from there. A band is
    /// settled when its total is 27: three digits per minirow, one configuration per digit.
    /// (tdoku's branching; it took 112 guesses to count two on forum hardest 1106 where the
    /// best bivalue cell took 205; see `docs/fast-solver.md`.)
    #[inline(always)]
    fn pick(&self, tot: &[u32; 6]) -> Guess {
        let mut best = 6;
        let mut best_tot = u32::MAX;
        for (k, &t) in tot.iter().enumerate() {
            if t > 27 && t < best_tot {
                best_tot = t;
                best = k;
            }
        }
        // A digit's configurations in the chosen band (its minirows) or stack (its
        // minicolumns, bit `3 * band + column of the stack`), as a 3x3 mask.
        let shape = |d: usize| -> u32 {
            let d3 = 3 * d;
            if best < 3 {
                minirows(self.cand[d3 + best])
            } else {
                stack_shape(
                    [self.cols[d3], self.cols[d3 + 1], self.cols[d3 + 2]],
                    3 * (best - 3),
                )
            }
        };
        let (mut digit, mut fewest, mut shape_of) = (0, u8::MAX, 0);
        if best < 6 {
            for d in 0..9 {
                let m = shape(d);
                let c = NPERM[m as usize];
                if c >= 2 && c < fewest {
                    (digit, fewest, shape_of) = (d, c, m);
                }
            }
        }
        if fewest == u8::MAX {
            // No triads pass (near the end), or nothing to branch on.
            return self.pick_pair();
        }
        Guess::Config {
            digit,
            unit: best,
            shape: shape_of,
        }
    }

    /// The guess near the end (under [`TRIADS_FROM`] unsolved cells, where the triads pass
    /// is skipped): of the first bivalue cell of each band, the one whose two digits are
    /// both far from settled in the band (most candidates left), scored `4 * min - max` of
    /// their two counts, the digit with more candidates first; the first unsolved cell when
    /// no cell is bivalue. Alone, without the triads, this guess counts to two on the hard
    /// sets in nearly twice the guesses of the configurations (`docs/fast-solver.md`).
    #[inline(always)]
    fn pick_pair(&self) -> Guess {
        let mut best: Option<Guess> = None;
        let mut best_score = 0;
        for b in 0..3 {
            let biv = self.pairs[b];
            if biv == 0 {
                continue;
            }
            // The first bivalue cell of the band, its two digits found without a branch.
            let bit = biv & biv.wrapping_neg();
            let mut digits = 0u32;
            for d in 0..9 {
                digits |= ((self.cand[3 * d + b] & bit != 0) as u32) << d;
            }
            let d1 = digits.trailing_zeros() as usize % 9;
            let d2 = (digits & digits.wrapping_sub(1)).trailing_zeros() as usize % 9;
            let (p1, p2) = (pop27(self.cand[3 * d1 + b]), pop27(self.cand[3 * d2 + b]));
            // Counts are at most 27, so the score is positive (0 means "no cell yet").
            let score = 64 + 4 * p1.min(p2) - p1.max(p2);
            if score > best_score {
                best_score = score;
                let (first, other) = if p1 > p2 { (d1, d2) } else { (d2, d1) };
                best = Some(Guess::Pair {
                    word: 3 * first + b,
                    bit,
                    other: 3 * other + b,
                });
            }
        }
        best.unwrap_or_else(|| self.pick_cell())
    }

    /// The first unsolved cell and its lowest digit. A safety net: at a fixed point that the
    /// triads pass has seen, every band and stack is settled only when every digit is placed
    /// (each digit's minirow and minicolumn in each box are then single, so the band update
    /// has placed it); near the end, a cell with no bivalue cell in the grid.
    #[cold]
    fn pick_cell(&self) -> Guess {
        let b = self.unsolved.iter().position(|&u| u != 0).unwrap_or(0) % 3;
        let u = self.unsolved[b];
        let bit = u & u.wrapping_neg();
        let d = (0..9)
            .find(|&d| self.cand[3 * d + b] & bit != 0)
            .unwrap_or(0);
        Guess::Cell {
            word: 3 * d + b,
            bit,
        }
    }

    /// ANDs `masks` into the three words of the digit whose first word is `d3`, marking the
    /// words that changed (a configuration in a band changes one word, in a stack three).
    #[inline(always)]
    fn confine(&mut self, d3: usize, masks: &[u32; 3]) {
        let mut dirty = 0;
        for (i, &m) in masks.iter().enumerate() {
            let w = self.cand[d3 + i];
            self.cand[d3 + i] = w & m;
            dirty |= ((w & m != w) as u32) << (d3 + i);
        }
        self.dirty = dirty;
    }
}

/// A guess: a digit in each of its configurations in a band (`unit` 0..3) or a stack (`unit`
/// 3..6), `shape` being its minirows or minicolumns there as a 3x3 mask; a bivalue cell
/// `bit`, holding the digit of word `word` or else that of word `other`; or a cell `bit` of
/// word `word` holding the word's digit or not.
enum Guess {
    Config {
        digit: usize,
        unit: usize,
        shape: u32,
    },
    Cell {
        word: usize,
        bit: u32,
    },
    Pair {
        word: usize,
        bit: u32,
        other: usize,
    },
}

/// Under this many unsolved cells the triads pass is skipped and the guess takes a bivalue
/// cell. In the generator's uniqueness checks (a given removed from a minimal puzzle) the
/// triads cost a fifth of the time and save no guess; on the hard sets the guesses barely
/// move (forum hardest 1106 counting to two: 113.5 against 112.0). The figures are in
/// `docs/fast-solver.md`.
pub(super) const TRIADS_FROM: u32 = 30;

/// A `triads_from` that never runs the triads pass: the bivalue-cell guess throughout.
pub(super) const NO_TRIADS: u32 = 82;

/// The masks of a digit's three words that put it in configuration `p` (a permutation, as a
/// 3x3 mask) of band or stack `unit`.
#[inline(always)]
fn config_masks(unit: usize, p: u32) -> [u32; 3] {
    let mut masks = [u32::MAX; 3];
    if unit < 3 {
        masks[unit] = CELLS[p as usize];
    } else {
        // In each band, the stack keeps only the configuration's column.
        let sh = 3 * (unit - 3);
        for (i, w) in masks.iter_mut().enumerate() {
            let col = ((p >> (3 * i)) & 7) << sh;
            *w = !spread((0o7 << sh) & !col);
        }
    }
    masks
}

/// `OTHER[b]`: the two bands other than `b`.
const OTHER: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// A search: counts solutions up to `limit` and keeps the first. The triads pass runs at
/// fixed points with at least `triads_from` unsolved cells. With `stop`, it is asked every
/// [`POLL_EVERY`] guesses whether to give up (a deadline, an interrupt): a count with a high
/// limit is otherwise unbounded work.
pub(super) struct Search<'s> {
    pub(super) limit: u64,
    pub(super) solutions: u64,
    pub(super) guesses: u64,
    pub(super) first: Option<[u8; 81]>,
    triads_from: u32,
    stop: Option<&'s mut dyn FnMut() -> bool>,
    /// `stop` said to give up: the counts are those reached by then.
    pub(super) stopped: bool,
}

/// How many guesses a search makes between two questions to its `stop` (a guess is about a
/// microsecond, so a few milliseconds apart).
pub(super) const POLL_EVERY: u64 = 4096;

impl<'s> Search<'s> {
    pub(super) fn new(limit: u64, triads_from: u32) -> Search<'s> {
        Search {
            limit,
            solutions: 0,
            guesses: 0,
            first: None,
            triads_from,
            stop: None,
            stopped: false,
        }
    }

    /// The search asks `stop` every [`POLL_EVERY`] guesses whether to give up.
    pub(super) fn with_stop(mut self, stop: &'s mut dyn FnMut() -> bool) -> Search<'s> {
        self.stop = Some(stop);
        self
    }

    /// Counts a guess; `true` when the search is to give up now.
    #[inline(always)]
    fn guess(&mut self) -> bool {
        self.guesses += 1;
        self.guesses.is_multiple_of(POLL_EVERY) && self.ask_stop()
    }

    #[cold]
    #[inline(never)]
    fn ask_stop(&mut self) -> bool {
        if let Some(stop) = self.stop.as_mut() {
            self.stopped = stop();
        }
        self.stopped
    }

    /// Searches below `s`; `true` once the limit is reached. The second branch of a guess
    /// is the loop going on in the same frame, so only the first branch recurses.
    fn node(&mut self, mut s: State) -> bool {
        loop {
            let mut tot = [0u32; 6];
            if !s.propagate(&mut tot, self.triads_from) {
                return false;
            }
            if s.solved() {
                if self.solutions == 0 {
                    self.first = Some(s.grid());
                }
                self.solutions += 1;
                return self.solutions >= self.limit;
            }
            match s.pick(&tot) {
                Guess::Config { digit, unit, shape } => {
                    let d3 = 3 * digit;
                    let mut left = NPERM[shape as usize];
                    for p in PERM_MASKS {
                        if shape & p != p {
                            continue;
                        }
                        left -= 1;
                        let masks = config_masks(unit, p);
                        if left == 0 {
                            // The others failed: the last configuration needs no copy.
                            s.confine(d3, &masks);
                            break;
                        }
                        if self.guess() {
                            return true;
                        }
                        let mut child = s;
                        child.confine(d3, &masks);
                        if self.node(child) {
                            return true;
                        }
                    }
                }
                Guess::Pair { word, bit, other } => {
                    if self.guess() {
                        return true;
                    }
                    let mut child = s;
                    child.cand[word] &= !rows_of(bit) | bit;
                    // Placing the digit clears the cell from the other digit's word.
                    child.dirty = 1 << word | 1 << other;
                    if self.node(child) {
                        return true;
                    }
                    // The cell holds its other digit: placed now, rather than after the band
                    // updates stop and the naked singles find it.
                    s.cand[word] &= !bit;
                    s.cand[other] &= !rows_of(bit) | bit;
                    s.dirty = 1 << word | 1 << other;
                }
                Guess::Cell { word, bit } => {
                    if self.guess() {
                        return true;
                    }
                    let mut child = s;
                    child.cand[word] &= !rows_of(bit) | bit;
                    child.dirty = 1 << word;
                    if self.node(child) {
                        return true;
                    }
                    s.cand[word] &= !bit;
                    s.dirty = 1 << word;
                }
            }
        }
    }

    /// Runs the search from `s`.
    pub(super) fn run(&mut self, s: State) {
        self.node(s);
    }
}
