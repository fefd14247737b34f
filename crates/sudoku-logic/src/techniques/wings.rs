//! Wings: XY-Wing, XYZ-Wing and W-Wing.
//!
//! *XY-Wing*: a pivot with candidates `xy` sees two pincers `xz` and `yz`. Whatever the pivot
//! holds, one pincer is `z`, so cells seeing both pincers lose `z`. *XYZ-Wing*: the pivot is
//! `xyz`; then the pivot or a pincer is `z`, so cells seeing all three lose `z`. *W-Wing*: two
//! cells `xy` that do not see each other, joined by a strong link on `x` whose ends see one
//! cell each: one of the cells is `y`, so cells seeing both lose `y`.

use super::single_digit::{Link, strong_links};
use super::{Ctx, digits, push_unique};
use crate::bits::{BitIter, CellSet, count_small};
use crate::step::{Role, Step};
use crate::technique::Technique;

/// Every wing at the position.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    let bivalue = ctx.bivalue_cells();
    // A pivot's pincers are among its peers: read from a set, not by testing every cell.
    let bivalue_set = CellSet::<W>::from_indices(bivalue.iter().copied());
    xy_wings(ctx, &bivalue, &bivalue_set, out);
    xyz_wings(ctx, &bivalue_set, out);
    w_wings(ctx, &bivalue, out);
}

fn xy_wings<const W: usize>(
    ctx: &Ctx<W>,
    bivalue: &[usize],
    bivalue_set: &CellSet<W>,
    out: &mut Vec<Step>,
) {
    let mut pincers = Vec::new();
    for &pivot in bivalue {
        let pm = ctx.mask(pivot);
        gather_pincers(
            ctx,
            pivot,
            bivalue_set,
            |m| (m & pm).count_ones() == 1,
            &mut pincers,
        );
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (ctx.mask(a), ctx.mask(b));
                let z = ma & mb & !pm;
                if z.count_ones() != 1 || (ma | mb) & pm != pm {
                    continue;
                }
                let wing = Wing {
                    technique: Technique::XyWing,
                    pivot,
                    pincers: [a, b],
                    z,
                };
                wing.report(ctx, ctx.g.common_peers([a, b]), out);
            }
        }
    }
}

fn xyz_wings<const W: usize>(ctx: &Ctx<W>, bivalue_set: &CellSet<W>, out: &mut Vec<Step>) {
    let mut pincers = Vec::new();
    for pivot in ctx.empty.iter() {
        let pm = ctx.mask(pivot);
        if count_small(pm) != 3 {
            continue;
        }
        gather_pincers(ctx, pivot, bivalue_set, |m| m & !pm == 0, &mut pincers);
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (ctx.mask(a), ctx.mask(b));
                let z = ma & mb;
                if z.count_ones() != 1 || ma == mb {
                    continue;
                }
                let wing = Wing {
                    technique: Technique::XyzWing,
                    pivot,
                    pincers: [a, b],
                    z,
                };
                wing.report(ctx, ctx.g.common_peers([pivot, a, b]), out);
            }
        }
    }
}

/// Into `out` (cleared first), the bivalue peers of `pivot` whose candidates `fit`: its
/// possible pincers. One list serves every pivot of a search (allocating one a pivot cost
/// more than most pivots' search).
fn gather_pincers<const W: usize>(
    ctx: &Ctx<W>,
    pivot: usize,
    bivalue_set: &CellSet<W>,
    fit: impl Fn(u64) -> bool,
    out: &mut Vec<usize>,
) {
    out.clear();
    let peers = ctx.g.peers(pivot).and(bivalue_set);
    out.extend(peers.iter().filter(|&c| fit(ctx.mask(c))));
}

/// A pivot, two pincers and the digit `z` (as a one-bit mask) they eliminate.
struct Wing {
    technique: Technique,
    pivot: usize,
    pincers: [usize; 2],
    z: u64,
}

impl Wing {
    fn report<const W: usize>(&self, ctx: &Ctx<W>, seeing: CellSet<W>, out: &mut Vec<Step>) {
        let z = self.z.trailing_zeros() as usize;
        let cells = CellSet::<W>::from_indices([self.pivot, self.pincers[0], self.pincers[1]]);
        let targets = seeing.and(&ctx.digit_cells[z]).minus(&cells);
        if targets.is_empty() {
            return;
        }
        let all = ctx.mask(self.pivot) | ctx.mask(self.pincers[0]) | ctx.mask(self.pincers[1]);
        let mut step = Step::new(self.technique, digits(all));
        step.add_cell(ctx.cell(self.pivot), Role::Pattern);
        for p in self.pincers {
            step.add_cell(ctx.cell(p), Role::Pattern);
        }
        for c in cells.iter() {
            if ctx.has(c, z) {
                step.add_candidate(ctx.cand(c, z), Role::Pattern);
            }
        }
        for t in targets.iter() {
            step.eliminate(ctx.cand(t, z));
        }
        push_unique(out, step);
    }
}

fn w_wings<const W: usize>(ctx: &Ctx<W>, bivalue: &[usize], out: &mut Vec<Step>) {
    // Per digit, its strong links, listed the first time a pair of cells asks.
    let mut strong: Vec<Option<Vec<Link>>> = vec![None; ctx.n()];
    for (i, &c1) in bivalue.iter().enumerate() {
        for &c2 in &bivalue[i + 1..] {
            let m = ctx.mask(c1);
            if ctx.mask(c2) != m || ctx.g.sees(c1, c2) {
                continue;
            }
            let seeing = ctx
                .g
                .common_peers([c1, c2])
                .minus(&CellSet::<W>::from_indices([c1, c2]));
            for x in BitIter(m) {
                let y = (m & !(1 << x)).trailing_zeros() as usize;
                let targets = seeing.and(&ctx.digit_cells[y]);
                if targets.is_empty() {
                    continue;
                }
                let links = strong[x].get_or_insert_with(|| strong_links(ctx, x));
                w_wing_links(ctx, [c1, c2], (x, links), (y, &targets), out);
            }
        }
    }
}

/// W-Wings on cells `c` (both `xy`) through a strong link on `x` (among `strong`, its
/// strong links), eliminating `y` from `targets`.
fn w_wing_links<const W: usize>(
    ctx: &Ctx<W>,
    c: [usize; 2],
    (x, strong): (usize, &[Link]),
    (y, targets): (usize, &CellSet<W>),
    out: &mut Vec<Step>,
) {
    for &Link {
        house: h,
        ends: [a, b],
    } in strong
    {
        if c.contains(&a) || c.contains(&b) {
            continue;
        }
        for (p, q) in [(a, b), (b, a)] {
            if !(ctx.g.sees(p, c[0]) && ctx.g.sees(q, c[1])) {
                continue;
            }
            let mut step = Step::new(Technique::WWing, digits(ctx.mask(c[0])));
            for cell in c {
                step.add_cell(ctx.cell(cell), Role::Pattern);
            }
            step.add_house(ctx.g.house(h), Role::Base);
            step.add_candidate(ctx.cand(p, x), Role::LinkStrong);
            step.add_candidate(ctx.cand(q, x), Role::LinkStrong);
            for t in targets.iter() {
                step.eliminate(ctx.cand(t, y));
            }
            push_unique(out, step);
        }
    }
}
