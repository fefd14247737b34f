//! Uniqueness: Uniqueness Tests 1-6 and the Hidden Rectangle.
//!
//! Four unsolved cells on two rows, two columns and two boxes that could end up holding only
//! `a` and `b` form a *deadly pattern*: the two digits could be swapped, giving a second
//! solution. A puzzle with one solution never ends that way, so at least one corner must get
//! another digit (or the pattern must break some other way), and each test turns that into
//! eliminations. They assume the puzzle has a unique solution.
//!
//! The rectangle must touch every house in a whole side (two corners on one row, column or
//! box) or not at all; that is what makes the swap legal, and it is checked on the layout's
//! houses, so jigsaw and extra regions are handled too.

use super::{Ctx, digits, push_unique};
use crate::bits::{BitIter, CellSet, MAX_CHOSEN, for_each_narrow_combination, two_bits};
use crate::step::{Role, Step};
use crate::technique::Technique;

/// Every uniqueness step at the position.
///
/// A position has hundreds of rectangles and few of them can be a pattern, so each is first
/// told apart by the classes of its corners ([`corner_classes`]): all empty with a bivalue
/// corner (a uniqueness test may hold), or some solved, none a given, two or three of them
/// solved (an avoidable rectangle may).
///
/// A rectangle's tests read and clear cells of its corners' houses alone: a solve path
/// passes over the rectangles whose houses are unchanged since the search last found
/// nothing ([`Ctx::houses_changed_since_barren`]).
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    let class = corner_classes(ctx);
    let memo = Technique::UniquenessTest1;
    let changed = ctx.houses_changed_since_barren(memo);
    let houses = ctx.g.rectangle_houses();
    let from = out.len();
    for (k, &corners) in ctx.g.rectangles().iter().enumerate() {
        if let (Some(changed), Some(houses)) = (changed, houses)
            && houses[k] & changed == 0
        {
            continue;
        }
        let kinds = corners.map(|c| class[c]);
        let any = kinds.iter().fold(0, |a, &k| a | k);
        if any & (SOLVED | GIVEN) == 0 {
            if any & BIVALUE != 0 {
                uniqueness_tests(ctx, corners, out);
            }
        } else if any & GIVEN == 0 {
            let solved = kinds.iter().filter(|&&k| k == SOLVED).count();
            if (2..=3).contains(&solved) {
                avoidable(ctx, corners, solved, out);
            }
        }
    }
    if out.len() == from && houses.is_some() {
        ctx.note_barren_look(memo);
    }
}

/// Corner classes: an empty cell, one with two candidates (also [`EMPTY`]), a solved cell
/// that was not given, a given.
const EMPTY: u8 = 1;
const BIVALUE: u8 = 2;
const SOLVED: u8 = 4;
const GIVEN: u8 = 8;

/// The class of every cell.
fn corner_classes<const W: usize>(ctx: &Ctx<W>) -> Vec<u8> {
    (0..ctx.pos.masks().len())
        .map(|c| {
            if ctx.empty.contains(c) {
                if two_bits(ctx.mask(c)) {
                    EMPTY | BIVALUE
                } else {
                    EMPTY
                }
            } else if ctx.pos.is_given(ctx.cell(c)) {
                GIVEN
            } else {
                SOLVED
            }
        })
        .collect()
}

/// The uniqueness tests of a rectangle whose corners are all empty: one per distinct pair of
/// digits a bivalue corner holds.
fn uniqueness_tests<const W: usize>(ctx: &Ctx<W>, corners: [usize; 4], out: &mut Vec<Step>) {
    // The corners' bivalue masks, on the stack.
    let (mut pairs, mut len) = ([0u64; 4], 0);
    for &c in &corners {
        if two_bits(ctx.mask(c)) {
            pairs[len] = ctx.mask(c);
            len += 1;
        }
    }
    let pairs = &pairs[..len];
    for (i, &m) in pairs.iter().enumerate() {
        if !pairs[..i].contains(&m)
            && let Some(ur) = Rect::new(ctx, corners, m)
        {
            ur.find(out);
        }
    }
}

/// Avoidable Rectangles: corners already solved (none of them a given) that would complete a
/// deadly pattern with the remaining corners. Type 1: three solved corners, so the fourth
/// cannot take the digit that completes the pattern. Type 2: one solved side `a`, `b`; the
/// other side's cells hold `b`+`c` and `a`+`c`, so one of them is `c`. `solved` corners (2
/// or 3) are solved, none of them a given ([`find`] tells them apart).
fn avoidable<const W: usize>(
    ctx: &Ctx<W>,
    corners: [usize; 4],
    solved: usize,
    out: &mut Vec<Step>,
) {
    let values = ctx.pos.values();
    // Corner k's diagonal partner is 3 - k; its side partners are k ^ 1 and k ^ 2.
    let v = |k: usize| values[corners[k]] as usize;
    match solved {
        3 => {
            let Some(k) = (0..4).find(|&k| v(k) == 0) else {
                return;
            };
            let (a, b) = (v(3 - k), v(k ^ 1));
            if a == 0 || b == 0 || a == b || v(k ^ 2) != b || !ctx.has(corners[k], a - 1) {
                return;
            }
            let mut step = ar_step(ctx, Technique::AvoidableRectangle1, corners, a, b);
            step.eliminate(ctx.cand(corners[k], a - 1));
            push_unique(out, step);
        }
        2 => {
            for (p, q) in [(0, 1), (2, 3), (0, 2), (1, 3)] {
                avoidable2(ctx, corners, [p, q], out);
            }
        }
        _ => {}
    }
}

/// Type 2 with corners `p`, `q` (a side) solved.
fn avoidable2<const W: usize>(
    ctx: &Ctx<W>,
    corners: [usize; 4],
    [p, q]: [usize; 2],
    out: &mut Vec<Step>,
) {
    let values = ctx.pos.values();
    let (a, b) = (values[corners[p]] as usize, values[corners[q]] as usize);
    if a == 0 || b == 0 || a == b {
        return;
    }
    // The cells across from p and q must become b and a to complete the pattern.
    let (cp, cq) = (corners[3 - q], corners[3 - p]);
    let (mp, mq) = (ctx.mask(cp), ctx.mask(cq));
    let (bb, ab) = (1u64 << (b - 1), 1u64 << (a - 1));
    let (xp, xq) = (mp & !bb, mq & !ab);
    if mp & bb == 0 || mq & ab == 0 || xp != xq || xp.count_ones() != 1 {
        return;
    }
    let z = xp.trailing_zeros() as usize;
    let targets = ctx
        .g
        .common_peers([cp, cq])
        .and(&ctx.digit_cells[z])
        .minus(&CellSet::<W>::from_indices(corners));
    let mut step = ar_step(ctx, Technique::AvoidableRectangle2, corners, a, b);
    for c in [cp, cq] {
        step.add_candidate(ctx.cand(c, z), Role::Extra);
    }
    for t in targets.iter() {
        step.eliminate(ctx.cand(t, z));
    }
    push_unique(out, step);
}

fn ar_step<const W: usize>(
    ctx: &Ctx<W>,
    technique: Technique,
    corners: [usize; 4],
    a: usize,
    b: usize,
) -> Step {
    let mut step = Step::new(technique, digits((1 << (a - 1)) | (1 << (b - 1))));
    for c in corners {
        step.add_cell(ctx.cell(c), Role::Pattern);
    }
    step
}

/// A rectangle with its pair `m` (a mask of two digits) and its corners with extra digits.
struct Rect<'c, 'a, const W: usize> {
    ctx: &'c Ctx<'a, W>,
    corners: [usize; 4],
    m: u64,
    /// Corners with candidates besides `a` and `b`.
    extra: Vec<usize>,
}

impl<'c, 'a, const W: usize> Rect<'c, 'a, W> {
    fn new(ctx: &'c Ctx<'a, W>, corners: [usize; 4], m: u64) -> Option<Rect<'c, 'a, W>> {
        let mut extra = Vec::new();
        for &c in &corners {
            let mask = ctx.mask(c);
            let core = mask & m;
            if core == 0 || (core != m && !ctx.opts.uniqueness_missing_candidates) {
                return None;
            }
            if mask & !m != 0 {
                extra.push(c);
            } else if core != m {
                return None;
            }
        }
        Some(Rect {
            ctx,
            corners,
            m,
            extra,
        })
    }

    fn set(&self) -> CellSet<W> {
        CellSet::<W>::from_indices(self.corners)
    }

    fn find(&self, out: &mut Vec<Step>) {
        match self.extra.len() {
            1 => self.type1(out),
            2 if self.side(self.extra[0], self.extra[1]) => {
                self.type2(out);
                self.type3(out);
                self.type4(out);
            }
            2 => {
                self.type5(out);
                self.type6(out);
            }
            3 => self.type5(out),
            _ => {}
        }
        self.hidden(out);
    }

    fn side(&self, a: usize, b: usize) -> bool {
        let g = self.ctx.g;
        g.row_of(a) == g.row_of(b) || g.col_of(a) == g.col_of(b)
    }

    fn step(&self, technique: Technique) -> Step {
        let mut step = Step::new(technique, digits(self.m));
        for &c in &self.corners {
            step.add_cell(self.ctx.cell(c), Role::Pattern);
            for d in BitIter(self.ctx.mask(c) & self.m) {
                step.add_candidate(self.ctx.cand(c, d), Role::Pattern);
            }
        }
        step
    }

    fn type1(&self, out: &mut Vec<Step>) {
        let c = self.extra[0];
        let mut step = self.step(Technique::UniquenessTest1);
        for d in BitIter(self.ctx.mask(c) & self.m) {
            step.eliminate(self.ctx.cand(c, d));
        }
        push_unique(out, step);
    }

    /// The one extra digit all extra corners share, if each has only that one.
    fn common_extra(&self) -> Option<usize> {
        let first = self.ctx.mask(self.extra[0]) & !self.m;
        let same = self
            .extra
            .iter()
            .all(|&c| self.ctx.mask(c) & !self.m == first);
        (same && first.count_ones() == 1).then(|| first.trailing_zeros() as usize)
    }

    /// Removes extra digit `z` from every cell that sees all extra corners.
    fn eliminate_extra(&self, technique: Technique, z: usize, out: &mut Vec<Step>) {
        let targets = self
            .ctx
            .g
            .common_peers(self.extra.iter().copied())
            .and(&self.ctx.digit_cells[z])
            .minus(&self.set());
        let mut step = self.step(technique);
        for &c in &self.extra {
            step.add_candidate(self.ctx.cand(c, z), Role::Extra);
        }
        for t in targets.iter() {
            step.eliminate(self.ctx.cand(t, z));
        }
        push_unique(out, step);
    }

    fn type2(&self, out: &mut Vec<Step>) {
        if let Some(z) = self.common_extra() {
            self.eliminate_extra(Technique::UniquenessTest2, z, out);
        }
    }

    fn type5(&self, out: &mut Vec<Step>) {
        if let Some(z) = self.common_extra() {
            self.eliminate_extra(Technique::UniquenessTest5, z, out);
        }
    }

    /// The houses holding both extra corners.
    fn shared_houses(&self) -> Vec<usize> {
        self.ctx
            .g
            .common_houses(&CellSet::<W>::from_indices(self.extra.iter().copied()))
    }

    /// The extra corners act as one cell holding their extra digits; with `k` more cells of a
    /// shared house they may form a naked subset.
    fn type3(&self, out: &mut Vec<Step>) {
        let ctx = self.ctx;
        let virtual_mask = self.extra.iter().fold(0, |m, &c| m | ctx.mask(c)) & !self.m;
        for h in self.shared_houses() {
            let others: Vec<usize> = ctx
                .g
                .house_set(h)
                .and(&ctx.empty)
                .minus(&self.set())
                .iter()
                .collect();
            let masks: Vec<u64> = others.iter().map(|&c| ctx.mask(c)).collect();
            // As HoDoKu, any number of cells (its search recurses over the house without a
            // bound): a 9x9 house has at most 7 beside the two extra corners. Stopping at 3
            // missed steps HoDoKu takes with 4 or 5.
            let mut cells = [0usize; MAX_CHOSEN];
            for k in 1..=others.len().min(MAX_CHOSEN) {
                let bits = k as u32 + 1;
                for_each_narrow_combination(
                    &masks,
                    k,
                    virtual_mask,
                    |u| u.count_ones() <= bits,
                    &mut |chosen, union| {
                        if union.count_ones() == bits {
                            for (slot, &j) in cells.iter_mut().zip(chosen) {
                                *slot = others[j];
                            }
                            self.type3_step(h, &cells[..k], union, out);
                        }
                        true
                    },
                );
            }
        }
    }

    fn type3_step(&self, h: usize, chosen: &[usize], union: u64, out: &mut Vec<Step>) {
        let ctx = self.ctx;
        let chosen_set = CellSet::<W>::from_indices(chosen.iter().copied());
        let keep = chosen_set.or(&self.set());
        let mut step = self.step(Technique::UniquenessTest3);
        for &c in chosen {
            step.add_cell(ctx.cell(c), Role::Extra);
        }
        // The same subset clears every shared house that holds all of it (a line and a box).
        for x in self.shared_houses() {
            if x != h && !chosen_set.is_subset(ctx.g.house_set(x)) {
                continue;
            }
            step.add_house(ctx.g.house(x), Role::Base);
            let targets = ctx.g.house_set(x).minus(&keep);
            for d in BitIter(union) {
                super::eliminate_all(ctx, &mut step, &targets, d);
            }
        }
        push_unique(out, step);
    }

    /// If one of the pair is locked to the two extra corners in a shared house, the other
    /// digit of the pair leaves both.
    fn type4(&self, out: &mut Vec<Step>) {
        let ctx = self.ctx;
        let pair = CellSet::<W>::from_indices(self.extra.iter().copied());
        for h in self.shared_houses() {
            for x in BitIter(self.m) {
                if ctx.cells_in(h, x) != pair {
                    continue;
                }
                let y = (self.m & !(1 << x)).trailing_zeros() as usize;
                let mut step = self.step(Technique::UniquenessTest4);
                step.add_house(ctx.g.house(h), Role::Base);
                for &c in &self.extra {
                    step.add_candidate(ctx.cand(c, x), Role::LinkStrong);
                    if ctx.has(c, y) {
                        step.eliminate(ctx.cand(c, y));
                    }
                }
                push_unique(out, step);
            }
        }
    }

    /// The corners of `d`'s lines through the rectangle: if `d` sits only on corners in both
    /// rows and both columns, it is an X-Wing on the diagonal, and the bivalue diagonal would
    /// make the deadly pattern; so `d` leaves the extra corners.
    fn type6(&self, out: &mut Vec<Step>) {
        let ctx = self.ctx;
        let set = self.set();
        let lines = [
            ctx.g.row_of(self.corners[0]),
            ctx.g.row_of(self.corners[3]),
            ctx.g.col_of(self.corners[0]),
            ctx.g.col_of(self.corners[3]),
        ];
        for x in BitIter(self.m) {
            let linked = |h: usize| {
                let line = ctx.cells_in(h, x);
                !line.is_empty() && line.is_subset(&set)
            };
            if !lines.iter().all(|&h| linked(h)) {
                continue;
            }
            let mut step = self.step(Technique::UniquenessTest6);
            for &c in &self.extra {
                if ctx.has(c, x) {
                    step.eliminate(ctx.cand(c, x));
                }
            }
            push_unique(out, step);
        }
    }

    /// Hidden Rectangle: a bivalue corner, and at the opposite corner `d`'s row and column
    /// hold one digit of the pair only inside the rectangle; the other digit leaves that
    /// corner.
    fn hidden(&self, out: &mut Vec<Step>) {
        let ctx = self.ctx;
        let set = self.set();
        for k in 0..4 {
            let (a, d) = (self.corners[k], self.corners[3 - k]);
            if ctx.mask(a) != self.m {
                continue;
            }
            for x in BitIter(self.m) {
                let y = (self.m & !(1 << x)).trailing_zeros() as usize;
                let row = ctx.cells_in(ctx.g.row_of(d), x);
                let col = ctx.cells_in(ctx.g.col_of(d), x);
                let linked = |line: &CellSet<W>| !line.is_empty() && line.is_subset(&set);
                if !linked(&row) || !linked(&col) || !ctx.has(d, y) {
                    continue;
                }
                let mut step = self.step(Technique::HiddenRectangle);
                step.eliminate(ctx.cand(d, y));
                push_unique(out, step);
            }
        }
    }
}
