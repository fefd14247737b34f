//! Which digits no single-digit pattern can touch at a position, so that the searches for
//! them (fish of every shape, Skyscrapers and the other single-digit patterns, colouring,
//! X-Chains) skip those digits.
//!
//! Every one of those patterns reasons about one digit's cells and the houses alone. So a
//! candidate it eliminates lies on no *template* of the digit: no way to place the digit once
//! in every row, column and box that uses only its candidates and placed cells. Where every
//! candidate of a digit lies on some template, no such pattern eliminates anything on it,
//! and the search for one there can only come back empty. A solve path searches these
//! patterns at nearly every step, for every digit: the generator's Hard rung and the rating
//! of hard puzzles spend a good part of their time in searches that this test settles at
//! once.
//!
//! On 9x9 the test is cheap without listing the up to 46,656 templates: a template's three
//! bands each place the digit once in each of the band's rows and boxes, so a band's part
//! is known by the column it takes in each of the three stacks (27 kinds), and three parts
//! make a template exactly when each stack's three columns differ. Other layouts (other
//! sizes, diagonals, extra regions, jigsaw regions) are not tested: there every digit counts
//! as one a pattern might touch.

use super::Ctx;
use crate::bits::BitIter;

/// Bit `d` set: digit index `d` has every candidate on some template, so no single-digit
/// pattern eliminates anything on it here. `0` for layouts other than classic 9x9.
pub(crate) fn untouchable_digits<const W: usize>(ctx: &Ctx<W>) -> u64 {
    let shape = ctx.g.layout().shape();
    if ctx.n() != 9 || shape.box_rows() != 3 || !ctx.g.is_plain() {
        return 0;
    }
    let mut rows = [[0u16; 9]; 9];
    for (cell, (&value, &mask)) in ctx.pos.values().iter().zip(ctx.pos.masks()).enumerate() {
        let (r, c) = (cell / 9, cell % 9);
        if value != 0 {
            rows[value as usize - 1][r] |= 1 << c;
        }
        for d in BitIter(mask) {
            rows[d][r] |= 1 << c;
        }
    }
    // A digit's answer depends on its rows alone: a solve path remembers each digit's last
    // rows and answer, and most digits keep their rows from one step to the next.
    let mut memo = ctx.memo.map(|m| m.borrow_mut());
    let mut untouchable = 0;
    for (d, rows) in rows.iter().enumerate() {
        let known = memo
            .as_ref()
            .and_then(|m| m.templates.get(d))
            .filter(|(then, _)| then == rows)
            .map(|&(_, answer)| answer);
        let answer = known.unwrap_or_else(|| covered_rows(rows) == *rows);
        if let Some(m) = memo.as_mut()
            && known.is_none()
        {
            if m.templates.len() < 9 {
                m.templates.resize(9, ([u16::MAX; 9], false));
            }
            m.templates[d] = (*rows, answer);
        }
        untouchable |= u64::from(answer) << d;
    }
    untouchable
}

/// The kind of a band's part of a template: the column offset (0 to 2) taken in each of
/// the three stacks, as `9 * first + 3 * second + third`.
fn kind_of(offsets: [usize; 3]) -> usize {
    9 * offsets[0] + 3 * offsets[1] + offsets[2]
}

/// For two kinds of band part, the kind the third band's part must be for the three to make
/// a template (each stack's three column offsets differ), or `NONE`.
const THIRD: [[u8; 27]; 27] = third_table();
const NONE: u8 = u8::MAX;

const fn third_table() -> [[u8; 27]; 27] {
    let mut table = [[NONE; 27]; 27];
    let mut a = 0;
    while a < 27 {
        let mut b = 0;
        while b < 27 {
            let (mut kind, mut s, mut ok) = (0, 0, true);
            while s < 3 {
                let shift = [9, 3, 1][s];
                let (x, y) = (a / shift % 3, b / shift % 3);
                if x == y {
                    ok = false;
                } else {
                    kind += shift * (3 - x - y);
                }
                s += 1;
            }
            if ok {
                table[a][b] = kind as u8;
            }
            b += 1;
        }
        a += 1;
    }
    table
}

/// The cells (as column masks per row) that some template of a digit fills, given the cells
/// (`allowed`, per row) where it is a candidate or placed.
fn covered_rows(allowed: &[u16; 9]) -> [u16; 9] {
    // For each band and kind of part: the cells such parts fill, and which kinds occur.
    let mut fills = [[[0u16; 3]; 27]; 3];
    let mut kinds = [0u32; 3];
    for band in 0..3 {
        let [r0, r1, r2] = [0, 1, 2].map(|k| allowed[3 * band + k] as u64);
        for c0 in BitIter(r0) {
            for c1 in BitIter(r1).filter(|c1| c1 / 3 != c0 / 3) {
                for c2 in BitIter(r2).filter(|c2| c2 / 3 != c0 / 3 && c2 / 3 != c1 / 3) {
                    let mut offsets = [0; 3];
                    for c in [c0, c1, c2] {
                        offsets[c / 3] = c % 3;
                    }
                    let kind = kind_of(offsets);
                    let part = &mut fills[band][kind];
                    part[0] |= 1 << c0;
                    part[1] |= 1 << c1;
                    part[2] |= 1 << c2;
                    kinds[band] |= 1 << kind;
                }
            }
        }
    }
    let mut used = [0u32; 3];
    for a in BitIter(kinds[0] as u64) {
        for b in BitIter(kinds[1] as u64) {
            let c = THIRD[a][b];
            if c != NONE && kinds[2] & 1 << c != 0 {
                used[0] |= 1 << a;
                used[1] |= 1 << b;
                used[2] |= 1 << c;
            }
        }
    }
    let mut covered = [0u16; 9];
    for band in 0..3 {
        for kind in BitIter(used[band] as u64) {
            for k in 0..3 {
                covered[3 * band + k] |= fills[band][kind][k];
            }
        }
    }
    covered
}

#[cfg(test)]
mod tests {
    use super::super::Options;
    use super::*;
    use crate::candidates::Candidates;
    use crate::geometry::Geometry;
    use crate::technique::Technique;
    use sudoku_core::dig::{DigOptions, Digger};
    use sudoku_core::{Layout, Shape};

    /// The cells some template fills, by listing every template (row by row, each cell
    /// seeing no earlier choice): the slow, plain definition the band test must agree with.
    fn covered_by_listing(allowed: &[u16; 9]) -> [u16; 9] {
        fn extend(
            allowed: &[u16; 9],
            r: usize,
            cols: u16,
            boxes: u16,
            path: &mut [usize; 9],
            out: &mut [u16; 9],
        ) {
            if r == 9 {
                for (row, &c) in path.iter().enumerate() {
                    out[row] |= 1 << c;
                }
                return;
            }
            for c in 0..9 {
                let b = r / 3 * 3 + c / 3;
                if allowed[r] & 1 << c != 0 && cols & 1 << c == 0 && boxes & 1 << b == 0 {
                    path[r] = c;
                    extend(allowed, r + 1, cols | 1 << c, boxes | 1 << b, path, out);
                }
            }
        }
        let mut out = [0; 9];
        extend(allowed, 0, 0, 0, &mut [0; 9], &mut out);
        out
    }

    #[test]
    fn band_test_agrees_with_listing_every_template() {
        let mut rng = exact_cover::Rng::new(11);
        let mut differing = 0;
        for _ in 0..3000 {
            // Random candidate patterns, dense and sparse, many with no template at all.
            let density = 2 + rng.below(7);
            let allowed: [u16; 9] = std::array::from_fn(|_| {
                (0..9)
                    .filter(|_| rng.below(9) < density)
                    .fold(0, |m, c| m | 1 << c)
            });
            let fast = covered_rows(&allowed);
            assert_eq!(fast, covered_by_listing(&allowed), "{allowed:?}");
            differing += (fast != allowed) as usize;
        }
        // Both outcomes are exercised: digits with candidates off every template, and not.
        assert!(differing > 300 && differing < 2900, "{differing}");
    }

    /// Along the solve paths of dug puzzles, the single-digit searches, made on every digit,
    /// find no step on a digit said to be untouchable; and the test finds such digits often.
    #[test]
    fn untouchable_digits_have_no_single_digit_steps() {
        use super::super::Family;
        let layout = Layout::classic();
        let logic = crate::Logic::new(&layout);
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let mut digger = Digger::new(layout.clone());
        let families = [
            Family::Fish,
            Family::FinnedFish,
            Family::SingleDigit,
            Family::Coloring,
            Family::Franken,
            Family::Chains,
        ];
        let (mut untouchable, mut digits, mut steps) = (0, 0, 0);
        for seed in 0..30 {
            let puzzle = digger
                .generate(&DigOptions::default(), seed)
                .unwrap()
                .puzzle;
            let path = logic.solve_path(&puzzle).unwrap();
            let mut pos = Candidates::from_grid(&layout, &puzzle).unwrap();
            for step in path.steps.iter() {
                if step.technique.level() > crate::Level::Easy {
                    let ctx = Ctx::new(&g, &pos, &opts);
                    let dead = untouchable_digits(&ctx);
                    untouchable += dead.count_ones();
                    digits += 9;
                    // Every digit searched: the test itself is off.
                    let _ = ctx.untouchable.set(0);
                    let mut found = Vec::new();
                    for family in families {
                        family.find(&ctx, &mut found);
                    }
                    for s in found.iter().filter(|s| s.technique != Technique::XyChain) {
                        steps += 1;
                        let d = s.eliminations[0].digit.get() - 1;
                        assert!(dead & 1 << d == 0, "{s:?} in {pos:?}");
                    }
                }
                pos.apply(&layout, step);
            }
        }
        assert!(steps > 100, "{steps}");
        assert!(untouchable * 2 > digits, "{untouchable} of {digits}");
        // Other layouts are not tested.
        let six = Layout::new(Shape::new(2, 3).unwrap());
        let pos = Candidates::from_grid(&six, &sudoku_core::Grid::empty(six.shape())).unwrap();
        let g6 = Geometry::<1>::new(&six);
        assert_eq!(untouchable_digits(&Ctx::new(&g6, &pos, &opts)), 0);
    }
}
