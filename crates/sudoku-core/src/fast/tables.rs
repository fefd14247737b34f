//! Lookup tables for the band words, all built at compile time by `const fn`s.
//!
//! A band word holds one digit's candidates in one band: bit `9 * r + c` is row `r` (0..3) of the
//! band and column `c` (0..9). The nine *minirows* of a band (row `r` crossed with stack `s`,
//! three cells) sit at bits `3 * j .. 3 * j + 3` with `j = 3 * r + s`, so a 9-bit *minirow mask*
//! (bit `j` set when minirow `j` holds a candidate) maps onto the word by widening each bit to
//! three. The same 3x3 shape (three rows of a band by three stacks) also describes three bands
//! by three columns of a stack, so one permutation table serves both directions.

/// The nine bits of one band row.
pub(super) const ROW: u32 = 0x1FF;
/// All 27 cells of a band.
pub(super) const ALL: u32 = 0x7FF_FFFF;

/// `PERM_KEEP[m]`: for a 3x3 mask `m` (bit `3 * i + j`), the union of the permutations
/// `i -> j` that lie wholly inside `m`; 0 when there is none.
///
/// Why: in a band a digit sits once in each row and once in each box, so the rows choose
/// their stacks by a permutation. A minirow that belongs to no permutation that the current
/// minirows allow can be dropped: this one lookup covers pointing and claiming inside the
/// band, and more, and a result of 0 is a contradiction.
pub(super) static PERM_KEEP: [u16; 512] = perm_table();

/// `COMPLEX[m]`: `PERM_KEEP` of the minirow mask `m` widened to a 27-bit band mask (each
/// minirow bit to its three cells), ready to AND into a band word. `m` is column-major (bit
/// `3 * s + r` for row `r` and stack `s`), the order in which shifts gather the minirows of
/// a word without lookups (see `minirows` in the solver).
pub(super) static COMPLEX: [u32; 512] = complex_table();

/// `POINT_OUT[cols]`: for the nine columns `cols` that a digit can reach in one band, the mask
/// for the digit's other two bands: it clears each column that is the only one its box can
/// use (pointing along columns; a placed digit's column is such a column).
pub(super) static POINT_OUT: [u32; 512] = point_out_table();

const fn point_out_table() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut clear = 0u32;
        let mut s = 0;
        while s < 3 {
            let part = (cols >> (3 * s)) & 7;
            if part == 1 || part == 2 || part == 4 {
                clear |= (part as u32) << (3 * s);
            }
            s += 1;
        }
        t[cols] = !(clear | clear << 9 | clear << 18) & ALL;
        cols += 1;
    }
    t
}

/// `POP9[x]`: the number of bits of a 9-bit row. Baseline x86-64 has no popcount
/// instruction, and three lookups beat the bit-twiddling fallback of `count_ones`.
pub(super) static POP9: [u8; 512] = pop_table();

const fn pop_table() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = (x as u32).count_ones() as u8;
        x += 1;
    }
    t
}

/// The six permutations of a 3x3 mask, each as its three bits (`3 * i + j` for `i -> j`).
/// A transposed permutation is a permutation too, so the list serves row-major and
/// column-major masks alike.
pub(super) const PERM_MASKS: [u32; 6] = perm_masks();

const fn perm_masks() -> [u32; 6] {
    let mut t = [0u32; 6];
    let mut p = 0;
    while p < 6 {
        t[p] = (1 << PERMS[p][0]) | (1 << (3 + PERMS[p][1])) | (1 << (6 + PERMS[p][2]));
        p += 1;
    }
    t
}

/// `NPERM[m]`: how many permutations lie wholly inside the 3x3 mask `m`: for a digit's
/// minirows in a band (or minicolumns in a stack), its number of *configurations* left.
pub(super) static NPERM: [u8; 512] = nperm_table();

const fn nperm_table() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = perms_inside(m as u32).1;
        m += 1;
    }
    t
}

/// The permutations wholly inside the 3x3 mask `m`: their union and their number. The one
/// scan behind both `PERM_KEEP` and `NPERM`.
const fn perms_inside(m: u32) -> (u32, u8) {
    let masks = perm_masks();
    let (mut union, mut count) = (0, 0);
    let mut p = 0;
    while p < 6 {
        if m & masks[p] == masks[p] {
            union |= masks[p];
            count += 1;
        }
        p += 1;
    }
    (union, count)
}

/// `CELLS[m]`: the cells of the minirows in the column-major mask `m` (bit `3 * s + r`).
pub(super) static CELLS: [u32; 512] = cells_table();

const fn cells_table() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = widen(transpose(m) as u32);
        m += 1;
    }
    t
}

/// `CONFINE[m]`: for the column-major minirow mask `m`, the band mask that keeps those
/// minirows and clears the rest of their rows and of their boxes: where a digit goes when
/// each of these minirows surely holds it.
pub(super) static CONFINE: [u32; 512] = confine_table();

const fn confine_table() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut keep = ALL;
        let mut j = 0;
        while j < 9 {
            if m & (1 << j) != 0 {
                let (s, r) = (j / 3, j % 3);
                let minirow = 7u32 << (9 * r + 3 * s);
                let row = ROW << (9 * r);
                let bx = 0o7007007u32 << (3 * s);
                keep &= !(row | bx) | minirow;
            }
            j += 1;
        }
        t[m] = keep;
        m += 1;
    }
    t
}

/// `STACKMATES[cols]`: for a 9-bit column set, the other columns of the stacks it touches:
/// what a digit leaves in a band when each of `cols` surely holds it there.
pub(super) static STACKMATES: [u16; 512] = stackmates_table();

const fn stackmates_table() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut c = 0;
        while c < 9 {
            if m & (1 << c) != 0 {
                t[m] |= (7 << (3 * (c / 3))) & !(1 << c);
            }
            c += 1;
        }
        m += 1;
    }
    t
}

const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const fn perm_table() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = perms_inside(m as u32).0 as u16;
        m += 1;
    }
    t
}

/// Widens a 9-bit minirow mask to the 27-bit band mask of its cells.
const fn widen(m: u32) -> u32 {
    let mut w = 0;
    let mut j = 0;
    while j < 9 {
        if m & (1 << j) != 0 {
            w |= 7 << (3 * j);
        }
        j += 1;
    }
    w
}

/// Swaps the two indices of a 3x3 mask: bit `3 * i + j` to bit `3 * j + i`.
const fn transpose(m: usize) -> usize {
    let mut t = 0;
    let mut i = 0;
    while i < 3 {
        let mut j = 0;
        while j < 3 {
            if m & (1 << (3 * i + j)) != 0 {
                t |= 1 << (3 * j + i);
            }
            j += 1;
        }
        i += 1;
    }
    t
}

const fn complex_table() -> [u32; 512] {
    let perms = perm_table();
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = widen(perms[transpose(m)] as u32);
        m += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations() {
        // The identity alone.
        assert_eq!(PERM_KEEP[0b100_010_001], 0b100_010_001);
        // Everything allowed keeps everything.
        assert_eq!(PERM_KEEP[0x1FF], 0x1FF);
        // Two rows locked to the same stack: no permutation.
        assert_eq!(PERM_KEEP[0b111_001_001], 0);
        // Row 0 locked to stack 0 removes stack 0 from the other rows.
        assert_eq!(PERM_KEEP[0b111_111_001], 0b110_110_001);
        assert_eq!(COMPLEX[0x1FF], ALL);
        // Row 0 in stack 1 only (column-major bit 3), rows 1 and 2 anywhere else.
        assert_eq!(COMPLEX[0o666 | 0o010], 0o070 | (0o707 << 9) | (0o707 << 18));
    }

    #[test]
    fn configurations() {
        assert_eq!(NPERM[0x1FF], 6);
        assert_eq!(NPERM[0b100_010_001], 1);
        // Two permutations sharing one minirow (five minirows), or none (six): two each.
        assert_eq!(NPERM[0b100_011_011], 2);
        assert_eq!(NPERM[0b101_011_110], 2);
        // All but one minirow: four.
        assert_eq!(NPERM[0x1FF & !1], 4);
        assert_eq!(NPERM[0b111_001_001], 0);
        assert!(PERM_MASKS.iter().all(|&p| NPERM[p as usize] == 1));
    }

    #[test]
    fn triad_masks() {
        // Column-major bit 3 is stack 1, row 0: cells 3..6 of the band.
        assert_eq!(CELLS[1 << 3], 0o70);
        assert_eq!(CELLS[0x1FF], ALL);
        // Confined to row 0 of stack 1: row 0 keeps only that minirow, the box only its row.
        assert_eq!(CONFINE[1 << 3], ALL & !(0o707 | 0o070 << 9 | 0o070 << 18));
        assert_eq!(CONFINE[0], ALL);
        assert_eq!(STACKMATES[0b000_000_010], 0b000_000_101);
        assert_eq!(STACKMATES[0b100_000_001], 0b011_000_110);
    }

    #[test]
    fn point_out() {
        // Stack 0 confined to column 1, stacks 1 and 2 open: column 1 leaves the other bands.
        let m = POINT_OUT[0o772];
        assert_eq!(m, ALL & !(0o2 | 0o2 << 9 | 0o2 << 18));
        assert_eq!(POINT_OUT[0o777], ALL);
    }
}
