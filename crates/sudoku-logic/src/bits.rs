//! Small bit sets: [`DigitSet`] for the candidates of one cell and [`CellSet`] for a set of
//! cells of the whole grid.
//!
//! Techniques spend their time intersecting sets ("the cells that see both pincers", "the
//! digits these three cells share"), so both are plain words: a digit set is one `u64` (grids
//! have at most 35 digits) and a cell set a fixed array of `W` words. Neither allocates.
//!
//! The width is a const parameter rather than one size for every grid because every set
//! operation walks all the words: 20 words hold the largest grid (35 x 35 = 1225 cells), but a
//! classic 9 x 9 grid fits in 2, and carrying the other 18 zero words through every
//! intersection costs a 9 x 9 solve about a tenth of its time. [`crate::Logic`] picks the
//! narrowest width that holds its layout.

use std::fmt;

use sudoku_core::Digit;

/// A set of digits, bit `d - 1` for digit `d`.
///
/// ```
/// use sudoku_logic::DigitSet;
/// use sudoku_core::Digit;
///
/// let set = DigitSet::from_bits(0b10010);
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.to_string(), "2,5");
/// assert!(set.contains(Digit::new(5).unwrap()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct DigitSet(u64);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// The set whose bit `d - 1` is bit `d - 1` of `bits`.
    pub fn from_bits(bits: u64) -> DigitSet {
        DigitSet(bits)
    }

    /// Every digit `1..=n`.
    pub fn all(n: usize) -> DigitSet {
        DigitSet(if n >= 64 { u64::MAX } else { (1u64 << n) - 1 })
    }

    /// One digit.
    pub fn single(d: Digit) -> DigitSet {
        DigitSet(1 << (d.get() - 1))
    }

    /// The raw bits.
    pub fn bits(self) -> u64 {
        self.0
    }

    /// Whether `d` is in the set.
    pub fn contains(self, d: Digit) -> bool {
        self.0 & (1 << (d.get() - 1)) != 0
    }

    /// Number of digits.
    pub fn len(self) -> usize {
        count_small(self.0)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digits, smallest first.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        BitIter(self.0).filter_map(|i| Digit::new(i + 1))
    }

    /// The digits as a vector, smallest first.
    pub fn to_vec(self) -> Vec<Digit> {
        self.iter().collect()
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> DigitSet {
        DigitSet(iter.into_iter().fold(0, |a, d| a | 1 << (d.get() - 1)))
    }
}

impl fmt::Display for DigitSet {
    /// Digits separated by commas, as the explanations write them: `2,5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: Vec<String> = self.iter().map(|d| d.to_string()).collect();
        f.write_str(&text.join(","))
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

/// The positions of the set bits of a word, lowest first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BitIter(pub(crate) u64);

impl Iterator for BitIter {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// Words in the widest [`CellSet`], the default width: enough for a 35 x 35 grid.
pub const MAX_WORDS: usize = 20;

/// The [`CellSet`] widths [`crate::Logic`] chooses from, narrowest first: the first that
/// holds every cell of a layout is used (2 words for up to 128 cells, as a 9 x 9 grid; 4 for
/// 256, as 16 x 16; 10 for 640, as 25 x 25; 20 for the rest).
pub(crate) const WIDTHS: [usize; 4] = [2, 4, 10, MAX_WORDS];

/// The narrowest of [`WIDTHS`] whose sets hold `cells` cells.
pub(crate) fn width_for(cells: usize) -> usize {
    WIDTHS
        .into_iter()
        .find(|&w| cells <= w * 64)
        .unwrap_or(MAX_WORDS)
}

/// A set of cells of a grid, by row-major index, in `W` words (cells `0..64 * W`).
///
/// `W` defaults to the widest, [`MAX_WORDS`], which holds any grid; the solver uses narrower
/// sets for smaller grids because every operation costs one step per word.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellSet<const W: usize = MAX_WORDS> {
    words: [u64; W],
}

impl<const W: usize> Default for CellSet<W> {
    fn default() -> CellSet<W> {
        CellSet::EMPTY
    }
}

impl<const W: usize> CellSet<W> {
    /// No cell.
    pub const EMPTY: CellSet<W> = CellSet { words: [0; W] };

    /// The set of the given cell indices.
    pub fn from_indices(cells: impl IntoIterator<Item = usize>) -> CellSet<W> {
        let mut set = CellSet::EMPTY;
        for i in cells {
            set.insert(i);
        }
        set
    }

    /// The same cells in a set of `V` words: the words past `W` are empty, and those past
    /// `V` must be (every cell of a grid fits the width its sets are made for). A copy of
    /// words, where a set rebuilt cell by cell paid a step per cell.
    pub(crate) fn resized<const V: usize>(&self) -> CellSet<V> {
        let mut words = [0; V];
        let k = W.min(V);
        words[..k].copy_from_slice(&self.words[..k]);
        debug_assert!(self.words[k..].iter().all(|&w| w == 0));
        CellSet { words }
    }

    /// Adds a cell.
    pub fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    /// Removes a cell.
    pub fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1 << (i % 64));
    }

    /// Whether the cell is in the set.
    pub fn contains(&self, i: usize) -> bool {
        self.words[i / 64] & (1 << (i % 64)) != 0
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set has two cells or more: `len() >= 2` without counting, which the
    /// portable x86-64 build (no POPCNT) does in a dozen instructions a word. The searches
    /// ask this of every digit in every house.
    pub fn has_two(&self) -> bool {
        let mut any = false;
        for &w in &self.words {
            if w & w.wrapping_sub(1) != 0 || (any && w != 0) {
                return true;
            }
            any |= w != 0;
        }
        false
    }

    /// Whether the set has exactly two cells, without counting (see [`CellSet::has_two`]):
    /// the graphs of the chain searches ask it of a digit's places in every house of every
    /// candidate.
    pub fn is_pair(&self) -> bool {
        let mut cells = 0;
        for &w in &self.words {
            if w != 0 {
                let rest = w & w.wrapping_sub(1);
                cells += if rest == 0 {
                    1
                } else if rest & rest.wrapping_sub(1) == 0 {
                    2
                } else {
                    3
                };
            }
        }
        cells == 2
    }

    /// Whether the set has exactly one cell.
    pub fn is_single(&self) -> bool {
        !self.is_empty() && !self.has_two()
    }

    /// Whether no cell is in the set.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The cells in both sets.
    pub fn and(&self, other: &CellSet<W>) -> CellSet<W> {
        self.zip(other, |a, b| a & b)
    }

    /// The cells in either set.
    pub fn or(&self, other: &CellSet<W>) -> CellSet<W> {
        self.zip(other, |a, b| a | b)
    }

    /// The cells of `self` not in `other`.
    pub fn minus(&self, other: &CellSet<W>) -> CellSet<W> {
        self.zip(other, |a, b| a & !b)
    }

    /// Whether the sets share a cell.
    pub fn intersects(&self, other: &CellSet<W>) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// Whether every cell of `self` is in `other`.
    pub fn is_subset(&self, other: &CellSet<W>) -> bool {
        self.words
            .iter()
            .zip(&other.words)
            .all(|(a, b)| a & !b == 0)
    }

    /// The cells, in increasing index order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words
            .iter()
            .enumerate()
            .flat_map(|(k, &w)| BitIter(w).map(move |b| k * 64 + b))
    }

    /// The smallest cell index, if any.
    pub fn first(&self) -> Option<usize> {
        self.iter().next()
    }

    /// The words of bits, cell `i` at bit `i % 64` of word `i / 64`.
    pub(crate) fn words(&self) -> &[u64; W] {
        &self.words
    }

    fn zip(&self, other: &CellSet<W>, f: impl Fn(u64, u64) -> u64) -> CellSet<W> {
        let mut words = [0; W];
        for (k, w) in words.iter_mut().enumerate() {
            *w = f(self.words[k], other.words[k]);
        }
        CellSet { words }
    }
}

impl<const W: usize> FromIterator<usize> for CellSet<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> CellSet<W> {
        CellSet::from_indices(iter)
    }
}

impl<const W: usize> fmt::Debug for CellSet<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Every subset of `k` elements of `items`, in lexicographic order of positions, passed to
/// `visit`; `visit` returns `false` to stop early. The plain enumeration, kept as the
/// reference the narrow search is tested against.
#[cfg(test)]
fn for_each_combination<T: Copy>(items: &[T], k: usize, visit: &mut dyn FnMut(&[T]) -> bool) {
    let mut chosen = Vec::with_capacity(k);
    combine(items, k, 0, &mut chosen, visit);
}

#[cfg(test)]
fn combine<T: Copy>(
    items: &[T],
    k: usize,
    start: usize,
    chosen: &mut Vec<T>,
    visit: &mut dyn FnMut(&[T]) -> bool,
) -> bool {
    if chosen.len() == k {
        return visit(chosen);
    }
    let need = k - chosen.len();
    for i in start..items.len() {
        if items.len() - i < need {
            break;
        }
        chosen.push(items[i]);
        let go_on = combine(items, k, i + 1, chosen, visit);
        chosen.pop();
        if !go_on {
            return false;
        }
    }
    true
}

/// The places of the digits not yet placed in a house, for the hidden-subset searches: each
/// digit's places as a word of bits (bit `i`: the house's `i`-th cell), gathered in one pass
/// over the cells, kept for the digits with a number of places in `counts`. `cell(c)` gives
/// cell `c`'s candidates and the digit placed in it (as bits, from bit 0 for digit 1; 0 for
/// none). The digits found are in increasing order.
pub(crate) struct HousePlaces {
    /// The digits (from 0), then their places, `len` of each.
    pub(crate) digits: [u8; sudoku_core::MAX_SIZE],
    pub(crate) places: [u64; sudoku_core::MAX_SIZE],
    pub(crate) len: usize,
}

impl HousePlaces {
    /// Gathers the places of the digits of `n` not placed in the house of cells `house`.
    pub(crate) fn gather(
        house: impl IntoIterator<Item = usize>,
        n: usize,
        counts: std::ops::RangeInclusive<u32>,
        cell: impl Fn(usize) -> (u64, u64),
    ) -> HousePlaces {
        let (mut at, mut placed) = ([0u64; sudoku_core::MAX_SIZE], 0u64);
        for (i, c) in house.into_iter().enumerate() {
            let (mut m, value) = cell(c);
            placed |= value;
            while m != 0 {
                at[m.trailing_zeros() as usize] |= 1 << i;
                m &= m - 1;
            }
        }
        let mut out = HousePlaces {
            digits: [0; sudoku_core::MAX_SIZE],
            places: [0; sudoku_core::MAX_SIZE],
            len: 0,
        };
        for (d, &cells) in at.iter().enumerate().take(n) {
            if placed & 1 << d == 0 && count_within(cells, &counts) {
                (out.digits[out.len], out.places[out.len]) = (d as u8, cells);
                out.len += 1;
            }
        }
        out
    }

    /// The places, one word per digit.
    pub(crate) fn places(&self) -> &[u64] {
        &self.places[..self.len]
    }
}

/// Whether `x` has exactly two bits set, without a population count (which the portable
/// x86-64 build computes in some twenty instructions): a bivalue cell's mask.
#[inline(always)]
pub(crate) fn two_bits(x: u64) -> bool {
    let rest = x & x.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// The bits set in each byte value, for [`count_small`].
const BYTE_COUNTS: [u8; 256] = {
    let mut out = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        out[b] = (b as u32).count_ones() as u8;
        b += 1;
    }
    out
};

/// The bits set in `x`, a mask of digits or of a house's places: two table look-ups where
/// it fits 16 bits (every grid up to 16x16), a population count otherwise. The portable
/// x86-64 build has no POPCNT instruction and counts a word in about 17 instructions,
/// which the searches that count such masks at every node of theirs paid.
#[inline(always)]
pub(crate) fn count_small(x: u64) -> usize {
    if x >> 16 == 0 {
        usize::from(BYTE_COUNTS[(x & 0xff) as usize]) + usize::from(BYTE_COUNTS[(x >> 8) as usize])
    } else {
        x.count_ones() as usize
    }
}

/// Whether `x` has at most `k` bits set: clearing its lowest bit `k` times leaves nothing.
/// For pairs and triples this costs less than a population count, which the portable
/// x86-64 build (no POPCNT instruction) computes in a dozen instructions.
#[inline(always)]
pub(crate) fn has_at_most(mut x: u64, k: usize) -> bool {
    for _ in 0..k {
        x &= x.wrapping_sub(1);
    }
    x == 0
}

/// Whether the number of bits of `x` lies in `counts` (see [`has_at_most`]).
#[inline(always)]
pub(crate) fn count_within(x: u64, counts: &std::ops::RangeInclusive<u32>) -> bool {
    let (low, high) = (*counts.start() as usize, *counts.end() as usize);
    (low == 0 || !has_at_most(x, low - 1)) && has_at_most(x, high)
}

/// The test of a union with at most `k` bits, for [`for_each_narrow_combination`] (fish,
/// whose sizes go past the few bits where [`has_at_most`] pays).
pub(crate) fn at_most(k: usize) -> impl Fn(u64) -> bool {
    move |union| count_small(union) <= k
}

/// The pairs and triples of one house among `items` (each a tag below 64 with its set: a
/// cell's digits for naked subsets, a digit's cells for hidden ones): every two or three
/// items of two or three elements whose union has exactly as many, passed to `found` as
/// the chosen tags (bit `tag` each) and their union. Fewer elements than items would be a
/// contradiction, which is left to the caller's other checks. `N`: the most items (the
/// house's size), so that a 9x9 house clears no room for 35.
pub(crate) fn for_each_pair_or_triple<const N: usize>(
    items: impl IntoIterator<Item = (usize, u64)>,
    found: &mut dyn FnMut(u64, u64),
) {
    let (mut tags, mut sets, mut count) = ([0u8; N], [0u64; N], 0);
    for (tag, set) in items {
        if count_within(set, &(2..=3)) {
            (tags[count], sets[count]) = (tag as u8, set);
            count += 1;
        }
    }
    for k in 2..=3 {
        for_each_narrow_combination(
            &sets[..count],
            k,
            0,
            |u| has_at_most(u, k),
            &mut |chosen, union| {
                if !has_at_most(union, k - 1) {
                    found(chosen.iter().fold(0, |m, &j| m | 1 << tags[j]), union);
                }
                true
            },
        );
    }
}

/// The most elements [`for_each_narrow_combination`] chooses.
pub(crate) const MAX_CHOSEN: usize = 8;

/// Every subset of `k` (at most 8) positions of `masks` whose masks, ORed together with
/// `base`, make a union that `fits`, in lexicographic order of positions, passed to `visit`
/// with that union; `visit` returns `false` to stop early. `fits` must hold of every subset
/// of a union it holds of (a union that does not fit cannot be made to fit by adding to it).
///
/// This is the search of every subset technique (naked and hidden subsets, fish, the subset
/// of a Uniqueness Test 3): they want the few combinations whose union stays small ("at
/// most `k` digits"). A union only grows as positions are added, so a prefix that already
/// does not fit is dropped with every combination that extends it: the same combinations
/// in the same order as trying all of them, for a fraction of the work.
pub(crate) fn for_each_narrow_combination(
    masks: &[u64],
    k: usize,
    base: u64,
    fits: impl Fn(u64) -> bool,
    visit: &mut dyn FnMut(&[usize], u64) -> bool,
) {
    assert!(k <= MAX_CHOSEN, "at most {MAX_CHOSEN} elements are chosen");
    if k > masks.len() || !fits(base) {
        return;
    }
    if k == 0 {
        visit(&[], base);
        return;
    }
    let mut chosen = [0usize; MAX_CHOSEN];
    // `unions[j]`: `base` ORed with the masks of the first `j` chosen positions.
    let mut unions = [0u64; MAX_CHOSEN + 1];
    unions[0] = base;
    let (mut depth, mut next) = (0usize, 0usize);
    loop {
        // Room for the rest: `k - depth` positions from `next` on.
        if next + (k - depth) <= masks.len() {
            let union = unions[depth] | masks[next];
            if fits(union) {
                chosen[depth] = next;
                if depth + 1 == k {
                    if !visit(&chosen[..k], union) {
                        return;
                    }
                } else {
                    unions[depth + 1] = union;
                    depth += 1;
                }
            }
            next += 1;
            continue;
        }
        // This level is exhausted: go back one and move that choice on.
        if depth == 0 {
            return;
        }
        depth -= 1;
        next = chosen[depth] + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_counts_are_population_counts() {
        let mut below = crate::techniques::testing::numbers_below(77);
        for x in (0..1 << 16).chain((0..10_000).map(|_| below(u64::MAX))) {
            assert_eq!(count_small(x), x.count_ones() as usize, "{x:#x}");
        }
    }

    /// `has_two`, `is_pair` and `is_single` agree with `len` on sets of every size, across
    /// words.
    #[test]
    fn two_and_one_without_counting() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..2000 {
            let mut set: CellSet<3> = CellSet::EMPTY;
            for _ in 0..round % 5 {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                set.insert((x >> 40) as usize % 192);
            }
            assert_eq!(set.has_two(), set.len() >= 2, "{set:?}");
            assert_eq!(set.is_single(), set.len() == 1, "{set:?}");
            assert_eq!(set.is_pair(), set.len() == 2, "{set:?}");
            assert_eq!(two_bits(set.words[0]), set.words[0].count_ones() == 2);
        }
    }

    /// The bit-clearing counts agree with the population count on words of every size.
    #[test]
    fn small_counts() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let word = x >> (x % 64) & x.rotate_left(17);
            for k in 0..6 {
                assert_eq!(
                    has_at_most(word, k),
                    word.count_ones() as usize <= k,
                    "{word:#x}"
                );
            }
            let n = word.count_ones();
            assert_eq!(
                count_within(word, &(2..=3)),
                (2..=3).contains(&n),
                "{word:#x}"
            );
            assert_eq!(count_within(word, &(0..=1)), n <= 1, "{word:#x}");
        }
    }

    #[test]
    fn cell_sets() {
        let a: CellSet = CellSet::from_indices([0, 80, 700]);
        let b = CellSet::from_indices([80, 81]);
        assert_eq!(a.len(), 3);
        assert_eq!(a.and(&b).iter().collect::<Vec<_>>(), [80]);
        assert_eq!(a.minus(&b).iter().collect::<Vec<_>>(), [0, 700]);
        assert!(a.intersects(&b));
        assert!(CellSet::from_indices([80]).is_subset(&a));
        let narrow = CellSet::<2>::from_indices([0, 80, 127]);
        assert_eq!(narrow.iter().collect::<Vec<_>>(), [0, 80, 127]);
        assert_eq!(narrow.len(), 3);
    }

    #[test]
    fn widths() {
        assert_eq!(width_for(81), 2);
        assert_eq!(width_for(128), 2);
        assert_eq!(width_for(129), 4);
        assert_eq!(width_for(256), 4);
        assert_eq!(width_for(625), 10);
        assert_eq!(width_for(1225), MAX_WORDS);
    }

    /// A set resized to another width holds the same cells, wider or narrower.
    #[test]
    fn resized_sets_keep_their_cells() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..500 {
            let cells: Vec<usize> = (0..round % 40)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    (x % 256) as usize
                })
                .collect();
            let four = CellSet::<4>::from_indices(cells.iter().copied());
            let wide: CellSet<20> = four.resized();
            assert_eq!(wide, CellSet::<20>::from_indices(cells.iter().copied()));
            assert_eq!(wide.resized::<4>(), four);
            let low: Vec<usize> = cells.iter().copied().filter(|&c| c < 128).collect();
            let narrow = CellSet::<4>::from_indices(low.iter().copied()).resized::<2>();
            assert_eq!(narrow, CellSet::<2>::from_indices(low));
        }
    }

    /// The narrow search visits exactly the combinations a full enumeration keeps, in the
    /// same order, for many random mask lists.
    #[test]
    fn narrow_combinations_are_the_filtered_full_ones() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..400 {
            let len = (next() % 10) as usize;
            let masks: Vec<u64> = (0..len).map(|_| next() & next() & 0x3f).collect();
            let k = round % 5;
            let base = if round % 3 == 0 { next() & 1 } else { 0 };
            let max_bits = (k + round % 2) as u32;
            let positions: Vec<usize> = (0..len).collect();
            let mut expected = Vec::new();
            for_each_combination(&positions, k, &mut |c| {
                let union = c.iter().fold(base, |m, &i| m | masks[i]);
                if union.count_ones() <= max_bits {
                    expected.push((c.to_vec(), union));
                }
                true
            });
            let mut seen = Vec::new();
            let fits = |u: u64| u.count_ones() <= max_bits;
            for_each_narrow_combination(&masks, k, base, fits, &mut |c, union| {
                seen.push((c.to_vec(), union));
                true
            });
            assert_eq!(seen, expected, "{masks:?} k={k} base={base} max={max_bits}");
        }
        let mut visits = 0;
        for_each_narrow_combination(&[1, 2, 4, 8], 2, 0, |u| u.count_ones() <= 2, &mut |_, _| {
            visits += 1;
            visits < 3
        });
        assert_eq!(visits, 3, "stops when told to");
    }

    #[test]
    fn combinations() {
        let mut seen = Vec::new();
        for_each_combination(&[1, 2, 3, 4], 2, &mut |c| {
            seen.push(c.to_vec());
            true
        });
        assert_eq!(seen.len(), 6);
        assert_eq!(seen[0], [1, 2]);
        assert_eq!(seen[5], [3, 4]);
    }
}
