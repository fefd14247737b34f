//! Whether HoDoKu's Medium techniques have a step at a classic 9x9 position: tests on bit
//! boards that a solve path asks where the singles stall, before it runs their searches.
//!
//! At most of the positions where a path looks past the singles no Medium technique
//! applies: a harder step is taken there (on the diabolical set 12,000 of 22,000). The
//! Medium searches build their candidate steps house by house, which cost about 19,000
//! cycles a position there; these tests answer in a small fraction of that, and a search
//! they rule out is passed over (it would have found nothing, so the path is the same).
//!
//! Each test may say yes where the search then finds nothing (the Locked Pairs and Triples'
//! test says yes for any naked pair or triple, in one box and one line or not), never no
//! where it finds something: every step of the searches is an instance with an
//! elimination that the test looks for.

use super::classic::{BAND, COLUMN, HOUSES, ROW};

/// The tests at one position: the subsets house by house ([`house_subsets`], which a
/// solve path keeps for the houses whose cells are unchanged), locked candidates when a
/// search first asks (a path that takes a Locked Pair needs no other test). Each says
/// `false` only where its searches find nothing.
pub(crate) struct MediumTests {
    /// The digits' cells as [`bands`].
    bands: [[u32; 3]; 9],
    /// Per house, what [`house_subsets`] says of it.
    houses: [u8; 27],
    /// Whether some digit has locked candidates, once looked for.
    locked: Option<bool>,
}

/// In [`house_subsets`], a naked pair or triple (bit `k - 1` for a naked subset of `k`
/// cells; bit 0, one cell, serves the hidden subsets read off the naked ones).
const NAKED_PAIR_OR_TRIPLE: u8 = 0b110;
/// In [`house_subsets`], a naked or hidden pair.
const PAIR: u8 = 1 << 3;
/// In [`house_subsets`], a naked or hidden triple.
const TRIPLE: u8 = 1 << 4;

impl MediumTests {
    /// The tests at a position: its digits' cells as [`bands`], and what
    /// [`house_subsets`] says of each house.
    pub(crate) fn new(bands: [[u32; 3]; 9], houses: [u8; 27]) -> MediumTests {
        MediumTests {
            bands,
            houses,
            locked: None,
        }
    }

    /// Whether a naked pair or triple eliminates something (Locked Pairs and Triples are
    /// such subsets in one box and one line).
    pub(crate) fn naked(&self) -> bool {
        self.houses.iter().any(|&k| k & NAKED_PAIR_OR_TRIPLE != 0)
    }

    /// Whether some digit has locked candidates, pointing or claiming.
    pub(crate) fn locked_candidates(&mut self) -> bool {
        let bands = &self.bands;
        *self.locked.get_or_insert_with(|| locked_candidates(bands))
    }

    /// Whether a naked or hidden pair eliminates something.
    pub(crate) fn pairs(&self) -> bool {
        self.houses.iter().any(|&k| k & PAIR != 0)
    }

    /// Whether a naked or hidden triple eliminates something.
    pub(crate) fn triples(&self) -> bool {
        self.houses.iter().any(|&k| k & TRIPLE != 0)
    }
}

/// The cells of each digit as three band words (bit `9 r + c` for row `r` of the band and
/// column `c`), from the two words of a cell set of 81 cells.
pub(crate) fn bands(digit_words: impl Iterator<Item = (u64, u64)>) -> [[u32; 3]; 9] {
    let mut out = [[0; 3]; 9];
    for (d, (lo, hi)) in digit_words.take(9).enumerate() {
        out[d] = [
            lo as u32 & BAND,
            (lo >> 27) as u32 & BAND,
            ((lo >> 54) | (hi << 10)) as u32 & BAND,
        ];
    }
    out
}

/// Whether a digit of a 3x3 occupancy matrix (bit `3 i + j`: line `i` meets box `j`)
/// has locked candidates: a line that meets one box alone where that box meets another
/// line (claiming), or a box that meets one line alone where that line meets another box
/// (pointing). The rule reads the same with lines and boxes swapped, so the matrix may be
/// given either way round.
const LOCKS: [bool; 512] = locks();

const fn locks() -> [bool; 512] {
    let mut out = [false; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 3 {
            let (l, b) = (line_of(m, k), block_of(m, k));
            // A line in one box (bit j: box j) whose box meets more lines, or the other way.
            if l.count_ones() == 1 && block_of(m, l.trailing_zeros()).count_ones() >= 2 {
                out[m as usize] = true;
            }
            if b.count_ones() == 1 && line_of(m, b.trailing_zeros()).count_ones() >= 2 {
                out[m as usize] = true;
            }
            k += 1;
        }
        m += 1;
    }
    out
}

/// The boxes line `i` of an occupancy matrix meets (bit `j`: box `j`).
const fn line_of(m: u32, i: u32) -> u32 {
    (m >> (3 * i)) & 7
}

/// The lines box `j` of an occupancy matrix meets (bit `i`: line `i`).
const fn block_of(m: u32, j: u32) -> u32 {
    ((m >> j) & 1) | ((m >> (j + 2)) & 2) | ((m >> (j + 4)) & 4)
}

/// The boxes (bits 0 to 2) a row's nine places (bits 0 to 8) meet.
fn boxes_met(row: u32) -> u32 {
    let folded = (row | row >> 1 | row >> 2) & 0o111;
    // Bits 0, 3 and 6 to bits 6, 7 and 8: no two partial products share a bit.
    ((folded * 0o124) >> 6) & 7
}

/// Whether some digit has locked candidates ([`LOCKS`]) in a band (rows and boxes) or a
/// stack (columns and boxes).
fn locked_candidates(bands: &[[u32; 3]; 9]) -> bool {
    bands.iter().any(|words| {
        let by_rows = words.iter().any(|&w| {
            let m = boxes_met(w & ROW) | boxes_met(w >> 9 & ROW) << 3 | boxes_met(w >> 18) << 6;
            LOCKS[m as usize]
        });
        by_rows
            || (0..3).any(|stack| {
                // Line: the band's box in the stack; bit: the column of the stack it meets.
                let met = |w: u32| {
                    let w = w >> (3 * stack);
                    (w | w >> 9 | w >> 18) & 7
                };
                let m = met(words[0]) | met(words[1]) << 3 | met(words[2]) << 6;
                LOCKS[m as usize]
            })
    })
}

/// The subsets of house `h` (rows, columns, boxes, as [`HOUSES`] and the classic layout
/// number them) that eliminate something: bits 0 to 2 the sizes of its naked
/// ones of one to three cells, [`PAIR`] and [`TRIPLE`] a naked or hidden pair or triple.
/// It reads the house's cells alone: their candidates `masks`, and the digits' places
/// there from the `bands`.
///
/// In a house of `e` empty cells holding `e` digits, the cells outside a naked subset of
/// `k` cells hold the other `e - k` digits as a hidden subset with the same eliminations,
/// and the other way round: where `e` is at most 5, the hidden pairs and triples are the
/// naked subsets of `e - 2` and `e - 3` cells, which the naked search (of 1 to 3 cells)
/// has found, and the digits' places are not read.
pub(crate) fn house_subsets(masks: &[u64], bands: &[[u32; 3]; 9], h: usize) -> u8 {
    let digits_of = HOUSES[h].map(|i| masks[i as usize] as u32);
    let naked = productive_subsets(&digits_of);
    let (mut empty, mut held) = (0, 0);
    for &m in &digits_of {
        empty += u32::from(m != 0);
        held |= m;
    }
    let hidden = if empty <= 5 && bit_count(held) == empty {
        (1..=3)
            .filter(|&k| naked & 1 << (k - 1) != 0 && (1..=3).contains(&(empty - k)))
            .fold(0, |h, k| h | 1 << (empty - k - 1))
    } else {
        productive_subsets(&std::array::from_fn(|d| places(&bands[d], h)))
    };
    naked | ((naked | hidden) & 0b110) << 2
}

/// The bits set in `x`, counted by clearing the lowest.
fn bit_count(mut x: u32) -> u32 {
    let mut count = 0;
    while x != 0 {
        x = clear_lowest(x);
        count += 1;
    }
    count
}

/// The places of a digit (its three band words) in house `h` (rows, columns, boxes), as
/// bits in an order of the house's own: only their counts and overlaps are read.
fn places(words: &[u32; 3], h: usize) -> u32 {
    match h {
        0..9 => words[h / 3] >> (9 * (h % 3)) & ROW,
        9..18 => {
            let column = COLUMN << (h - 9);
            words[0] & column | (words[1] & column) << 1 | (words[2] & column) << 2
        }
        _ => {
            let b = h - 18;
            words[b / 3] & (0o7007007 << (3 * (b % 3)))
        }
    }
}

/// Which sizes (bit `k - 1` for size `k`: one, two, three) have that many of `sets` (bit
/// masks; at most three elements each, one at least) whose union has at most that many
/// elements, met by another set: a naked subset with an elimination when the sets are the
/// cells' digits, a hidden one when they are the digits' places.
///
/// Whether another set meets the union is read from counts: an element of the union held
/// by more of the sets than by the chosen ones is held by another. (The release build may
/// not count bits with one instruction, so bits are counted by clearing the lowest.)
fn productive_subsets(sets: &[u32; 9]) -> u8 {
    let (mut small, mut t) = ([0u32; 9], 0);
    // `held[k]`: the elements held by more than `k` of the sets.
    let mut held = [0u32; 4];
    let mut singles = 0;
    for &s in sets {
        held[3] |= held[2] & s;
        held[2] |= held[1] & s;
        held[1] |= held[0] & s;
        held[0] |= s;
        if s != 0 && at_most_one(clear_lowest(clear_lowest(s))) {
            small[t] = s;
            t += 1;
            if at_most_one(s) {
                singles |= s;
            }
        }
    }
    let mut found = u8::from(singles & held[1] != 0);
    for a in 0..t {
        for b in a + 1..t {
            let (x, y) = (small[a], small[b]);
            let union = x | y;
            let pair = at_most_one(clear_lowest(union));
            if pair && found & 2 == 0 && (x ^ y) & held[1] | x & y & held[2] != 0 {
                found |= 2;
            }
            if found & 4 == 0 && at_most_one(clear_lowest(clear_lowest(union))) {
                for &z in &small[b + 1..t] {
                    let union = union | z;
                    if !at_most_one(clear_lowest(clear_lowest(union))) {
                        continue;
                    }
                    let thrice = x & y & z;
                    let twice = (x & y | x & z | y & z) & !thrice;
                    let once = union & !(twice | thrice);
                    if once & held[1] | twice & held[2] | thrice & held[3] != 0 {
                        found |= 4;
                        break;
                    }
                }
            }
            if found & 6 == 6 {
                return found;
            }
        }
    }
    found
}

/// `x` without its lowest set bit.
fn clear_lowest(x: u32) -> u32 {
    x & x.wrapping_sub(1)
}

/// Whether `x` has at most one bit set.
fn at_most_one(x: u32) -> bool {
    clear_lowest(x) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The houses are numbered as the classic layout numbers them (a solve path keeps
    /// their subsets by the layout's numbers).
    #[test]
    fn houses_are_the_classic_layouts() {
        let layout = sudoku_core::Layout::classic();
        for (h, cells) in HOUSES.iter().enumerate() {
            let mut ours: Vec<u16> = cells.iter().map(|&c| u16::from(c)).collect();
            let mut theirs = layout.house_cells(h).to_vec();
            ours.sort_unstable();
            theirs.sort_unstable();
            assert_eq!(ours, theirs, "house {h}");
        }
    }

    #[test]
    fn boxes_met_by_a_row() {
        for row in 0..512u32 {
            let want = (0..3).fold(0, |m, b| m | u32::from(row >> (3 * b) & 7 != 0) << b);
            assert_eq!(boxes_met(row), want, "{row:09b}");
        }
    }

    #[test]
    fn the_lock_table_reads_the_same_transposed() {
        for (m, &locked) in LOCKS.iter().enumerate() {
            let t = (0..9).fold(0, |t, k| t | (m >> k & 1) << (3 * (k % 3) + k / 3));
            assert_eq!(locked, LOCKS[t], "{m:09b}");
        }
        // One line through one box, the box through another line: claiming.
        assert!(LOCKS[0b000_011_001]);
        // Every line through every box: nothing is locked.
        assert!(!LOCKS[0b111_111_111]);
        // Each line through its own box: nothing to eliminate.
        assert!(!LOCKS[0b100_010_001]);
    }

    /// The counting test against the definition: every pair and triple tried, and every
    /// other set looked at, on random houses.
    #[test]
    fn productive_subsets_by_the_definition() {
        let mut below = crate::techniques::testing::numbers_below(0x9e37_79b9_7f4a_7c15);
        let mut next = move || below(u64::MAX);
        let (mut pairs, mut triples) = (0, 0);
        for _ in 0..20_000 {
            let sets: [u32; 9] = std::array::from_fn(|_| {
                let r = next();
                // Mostly few elements, as in a house near a stall; some empty.
                let mut s = (r as u32) & 0x1ff;
                for k in 0..(r >> 40) % 7 {
                    s &= (r >> (12 + 3 * k)) as u32 | 0x100;
                }
                s
            });
            let small: Vec<usize> = (0..9)
                .filter(|&i| (1..=3).contains(&sets[i].count_ones()))
                .collect();
            let mut want = 0u8;
            for k in 1..=3usize {
                let mut stack = vec![(0usize, Vec::new())];
                while let Some((from, chosen)) = stack.pop() {
                    if chosen.len() == k {
                        let union = chosen.iter().fold(0, |u, &i: &usize| u | sets[i]);
                        let met = (0..9).any(|i| !chosen.contains(&i) && sets[i] & union != 0);
                        if union.count_ones() as usize <= k && met {
                            want |= 1 << (k - 1);
                        }
                        continue;
                    }
                    for (j, &i) in small.iter().enumerate().skip(from) {
                        let mut more = chosen.clone();
                        more.push(i);
                        stack.push((j + 1, more));
                    }
                }
            }
            assert_eq!(productive_subsets(&sets), want, "{sets:?}");
            pairs += usize::from(want & 2 != 0);
            triples += usize::from(want & 4 != 0);
        }
        assert!(pairs > 1_000 && triples > 1_000, "{pairs} {triples}");
    }
}
