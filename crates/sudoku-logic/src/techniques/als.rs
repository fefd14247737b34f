//! Almost locked sets: `n` cells of one house holding `n + 1` digits (a bivalue cell is the
//! smallest). Take one digit away and the rest is locked.
//!
//! Two ALSs are linked by a *restricted common* digit `x` when every `x` of one sees every
//! `x` of the other: `x` can then be in at most one of them, so the other is locked.
//!
//! * *ALS-XZ*: two ALSs linked by `x`; for every other common digit `z`, one of them holds
//!   `z`, so a cell seeing every `z` of both loses it. Linked by two digits, each ALS is a
//!   locked set of its other digits too.
//! * *ALS-XY-Wing*: ALS `C` linked to `A` and to `B` by different digits; then `A` or `B`
//!   holds each common digit `z` of theirs outside the links.
//! * *ALS-XY-Chain*: ALSs in a row, each linked to the next by a digit other than the one
//!   that linked it to the previous; the two ends act as in ALS-XZ.
//!
//! Everything follows HoDoKu's search, because which instance a solve path takes decides its
//! score: ALSs listed house by house (rows, columns, boxes), each cell set once; links only
//! from an ALS to one later in that list (both ways without [`crate::Options::als_forward_only`],
//! as HoDoKu's tester has it), none between overlapping sets; ALS-XZ and ALS-XY-Wing
//! take the first link (pair) that eliminates, ALS-XY-Chain the best chain (most
//! eliminations, then `index_sum`, then fewest sets and cells).

use rustc_hash::FxHashMap as HashMap;

use super::buckets::Buckets;
use super::chains::index_sum;
use super::sort::insertion_sort;
use super::{Ctx, digits};
use crate::bits::{BitIter, CellSet};
use crate::chain::AlsGroup;
use crate::geometry::Kind;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// The longest ALS chain in a solve path, in links (HoDoKu's array size).
const MAX_CHAIN: usize = 50;

/// The longest ALS chain when every step is listed (HoDoKu's `allStepsAlsChainLength`): the
/// search grows exponentially with the length, and the early positions "all steps" also
/// looks at hold hundreds of ALSs.
const MAX_CHAIN_ALL_STEPS: usize = 6;

/// The most digits an ALS search handles: the ALS families are searched on grids up to 9x9
/// ([`super::Family::searched_on`]); [`alses`] lists none on larger ones.
const MAX_DIGITS: usize = 9;

/// One almost locked set.
pub(crate) struct Als<const W: usize> {
    pub(crate) cells: CellSet<W>,
    pub(crate) mask: u64,
    /// Per digit index: the cells outside the set that hold the digit and see every cell of
    /// the set holding it. Arrays, not vectors: a position has hundreds of ALSs, and two
    /// allocations each cost some 4% of the ALS search on top1465.
    pub(crate) buddies: [CellSet<W>; MAX_DIGITS],
    /// Per digit index: the set's cells with the digit.
    pub(crate) with: [CellSet<W>; MAX_DIGITS],
    /// The union of `buddies`.
    pub(crate) all_buddies: CellSet<W>,
}

/// A restricted common link from `from` to the later ALS `to`: one digit, or two.
///
/// Kept in twelve bytes (forty as `usize`s): the wing and chain searches read them over
/// and over.
#[derive(Debug, Clone, Copy)]
struct Rc {
    from: u32,
    to: u32,
    d1: u8,
    /// The second digit, [`NO_DIGIT`] for none.
    d2: u8,
}

/// No second digit of an [`Rc`].
const NO_DIGIT: u8 = u8::MAX;

impl Rc {
    fn new(from: usize, to: usize, d1: usize) -> Rc {
        Rc {
            from: from as u32,
            to: to as u32,
            d1: d1 as u8,
            d2: NO_DIGIT,
        }
    }

    fn from(&self) -> usize {
        self.from as usize
    }

    fn to(&self) -> usize {
        self.to as usize
    }

    fn d1(&self) -> usize {
        usize::from(self.d1)
    }

    fn d2(&self) -> Option<usize> {
        (self.d2 != NO_DIGIT).then_some(usize::from(self.d2))
    }
}

/// Every ALS of the position in HoDoKu's order, each set of cells once.
///
/// A set found in a column was found in a row before if its cells share a row (one cell),
/// and one found in a box if they share a row or a column: those are passed over.
///
/// The sets of a house, and the cells seeing each digit's places in one, depend on the
/// house's cells alone: a solve path remembers them per house ([`Memo::als_seeds`]) while
/// the house's cells are the same, and only a set's buddies are made anew at each position.
pub(crate) fn alses<const W: usize>(ctx: &Ctx<W>) -> Vec<Als<W>> {
    if ctx.n() > MAX_DIGITS {
        return Vec::new();
    }
    let houses = [Kind::Row, Kind::Col, Kind::Block].map(|kind| (kind, ctx.g.houses_of_kind(kind)));
    let houses = houses
        .iter()
        .flat_map(|&(kind, list)| list.iter().map(move |&h| (kind, h)));
    // The list is made at its length: a position has hundreds of sets, each some hundreds
    // of bytes, and a growing list copied them over and over.
    let Some(memo) = ctx.memo else {
        let seeds: Vec<AlsSeed<W>> = houses
            .flat_map(|(kind, h)| house_seeds(ctx, kind, h))
            .collect();
        return seeds.iter().map(|seed| seed.als(ctx)).collect();
    };
    let memo = &mut *memo.borrow_mut();
    if memo.als_seeds.len() < ctx.g.house_count() {
        memo.als_seeds.resize_with(ctx.g.house_count(), || None);
    }
    let mut count = 0;
    for (kind, h) in houses.clone() {
        let generation = ctx.house_generation(memo, h);
        let slot = &mut memo.als_seeds[h];
        if slot.as_ref().is_none_or(|(then, _)| *then != generation) {
            *slot = Some((generation, house_seeds(ctx, kind, h)));
        }
        count += slot.as_ref().map_or(0, |(_, seeds)| seeds.len());
    }
    let mut out = Vec::with_capacity(count);
    for (_, h) in houses {
        if let Some((_, seeds)) = &memo.als_seeds[h] {
            out.extend(seeds.iter().map(|seed| seed.als(ctx)));
        }
    }
    out
}

/// An ALS as its house's cells make it: the cells, the digits, and per digit the cells
/// outside it that see all its places of the digit, whatever their candidates.
#[derive(Debug, Clone)]
pub(crate) struct AlsSeed<const W: usize> {
    cells: CellSet<W>,
    mask: u64,
    seeing: [CellSet<W>; MAX_DIGITS],
}

impl<const W: usize> AlsSeed<W> {
    fn new(ctx: &Ctx<W>, cells: CellSet<W>, mask: u64) -> AlsSeed<W> {
        let mut seeing = [CellSet::EMPTY; MAX_DIGITS];
        for d in BitIter(mask) {
            let with = cells.and(&ctx.digit_cells[d]);
            seeing[d] = ctx.g.common_peers(with.iter()).minus(&cells);
        }
        AlsSeed {
            cells,
            mask,
            seeing,
        }
    }

    /// The ALS at the position: its buddies are the cells seeing its places that hold the
    /// digit.
    fn als(&self, ctx: &Ctx<W>) -> Als<W> {
        let mut buddies = [CellSet::EMPTY; MAX_DIGITS];
        let mut with = [CellSet::EMPTY; MAX_DIGITS];
        let mut all_buddies = CellSet::EMPTY;
        for d in BitIter(self.mask) {
            with[d] = self.cells.and(&ctx.digit_cells[d]);
            buddies[d] = self.seeing[d].and(&ctx.digit_cells[d]);
            all_buddies = all_buddies.or(&buddies[d]);
        }
        Als {
            cells: self.cells,
            mask: self.mask,
            buddies,
            with,
            all_buddies,
        }
    }
}

/// The ALSs of house `h` (of kind `kind`) that no earlier house listed, in HoDoKu's order.
fn house_seeds<const W: usize>(ctx: &Ctx<W>, kind: Kind, h: usize) -> Vec<AlsSeed<W>> {
    let g = ctx.g;
    let seen_before = |chosen: &[usize]| {
        let all_in = |house: fn(&crate::geometry::Geometry<W>, usize) -> usize| {
            chosen.iter().all(|&c| house(g, c) == house(g, chosen[0]))
        };
        match kind {
            Kind::Row => false,
            Kind::Col => all_in(crate::geometry::Geometry::row_of),
            _ => {
                all_in(crate::geometry::Geometry::row_of)
                    || all_in(crate::geometry::Geometry::col_of)
            }
        }
    };
    let cells: Vec<usize> = g
        .house_cells(h)
        .iter()
        .copied()
        .filter(|&c| ctx.empty.contains(c))
        .collect();
    let mut out = Vec::new();
    let mut chosen = Vec::new();
    subsets(ctx, &cells, 0, 0, &mut chosen, &mut |chosen, mask| {
        if !seen_before(chosen) {
            let set = CellSet::from_indices(chosen.iter().copied());
            out.push(AlsSeed::new(ctx, set, mask));
        }
    });
    out
}

/// Every subset of `cells` in depth-first order that holds one digit more than it has cells.
///
/// A subset whose digits outnumber its cells by more than the cells left to add (plus one)
/// is not extended: adding cells never removes a digit, so no extension can be one, and the
/// subsets found, and their order, are those of the whole tree.
fn subsets<const W: usize>(
    ctx: &Ctx<W>,
    cells: &[usize],
    from: usize,
    mask: u64,
    chosen: &mut Vec<usize>,
    found: &mut impl FnMut(&[usize], u64),
) {
    for k in from..cells.len() {
        if chosen.len() + 1 >= ctx.n() {
            return;
        }
        chosen.push(cells[k]);
        let m = mask | ctx.mask(cells[k]);
        let digits = m.count_ones() as usize;
        if digits == chosen.len() + 1 {
            found(chosen, m);
        }
        if digits <= chosen.len() + (cells.len() - k - 1) + 1 {
            subsets(ctx, cells, k + 1, m, chosen, found);
        }
        chosen.pop();
    }
}

impl<const W: usize> Als<W> {
    fn group<const V: usize>(&self, ctx: &Ctx<V>) -> AlsGroup {
        AlsGroup {
            cells: self.cells.iter().map(|c| ctx.cell(c)).collect(),
            digits: digits(self.mask),
        }
    }
}

/// For each place (a cell and a digit), the sets (by index in the list) whose first place
/// of the digit it is, ascending: a restricted common digit's places in one set all see
/// the other's, so the first of them does, and only the sets whose first place of a digit
/// sees the other's places of the digit can be linked on it. On every 29th puzzle of
/// top1465 that offers some 3,200 pairs and digits a position, where the sets meeting a
/// set's buddies were 4,600 pairs with 14,800 digits between them.
struct FirstPlaces(Buckets);

impl FirstPlaces {
    fn new<const W: usize>(alses: &[Als<W>]) -> FirstPlaces {
        // Row `c * MAX_DIGITS + d`, for the first place `c` of each digit `d` of each set.
        let rows = alses.iter().enumerate().flat_map(|(k, a)| {
            BitIter(a.mask).filter_map(move |d| {
                let c = a.with[d].iter().next()?;
                Some((c * MAX_DIGITS + d, k as u32))
            })
        });
        let count = rows.clone().map(|(r, _)| r + 1).max().unwrap_or(0);
        FirstPlaces(Buckets::new(count, rows))
    }

    /// The sets whose first place of digit `d` is cell `c`, ascending.
    fn at(&self, c: usize, d: usize) -> &[u32] {
        self.0.of(c * MAX_DIGITS + d)
    }
}

/// The restricted commons from each ALS to the ones it does not overlap: the later ones
/// only when `forward_only` (HoDoKu's solver), every other one when not (its tester's
/// "all steps" search, which finds chains that run back in the list), grouped by the ALS
/// they start from, ascending; with the ranges of each ALS's links. A link has the lowest
/// of its digits and, if there are more, the highest.
///
/// With `overlap`, two sets may share cells, but a digit with a place there links nothing.
fn restricted_commons<const W: usize>(
    alses: &[Als<W>],
    forward_only: bool,
    overlap: bool,
) -> (Vec<Rc>, Vec<(usize, usize)>) {
    let mut rcs: Vec<Rc> = Vec::new();
    let mut slices = Vec::with_capacity(alses.len());
    let firsts = FirstPlaces::new(alses);
    // The sets linked to the current one, and on which digit.
    let mut linked: Vec<(u32, u8)> = Vec::new();
    for (i, a) in alses.iter().enumerate() {
        let start = rcs.len();
        let from = if forward_only { i + 1 } else { 0 };
        linked.clear();
        for d in BitIter(a.mask) {
            for c in a.buddies[d].iter() {
                // The lists ascend: the sets before `from` are left at the first of them.
                for &j in firsts.at(c, d).iter().rev() {
                    let j = j as usize;
                    if j < from {
                        break;
                    }
                    if j == i {
                        continue;
                    }
                    let b = &alses[j];
                    // Every `d` of `b` sees every `d` of `a` (then the reverse holds too,
                    // the places being apart).
                    if !b.with[d].is_subset(&a.buddies[d]) {
                        continue;
                    }
                    let shared = a.cells.and(&b.cells);
                    if !shared.is_empty()
                        && (!overlap || a.with[d].or(&b.with[d]).intersects(&shared))
                    {
                        continue;
                    }
                    linked.push((j as u32, d as u8));
                }
            }
        }
        linked.sort_unstable();
        for &(j, d) in &linked {
            let (j, d) = (j as usize, usize::from(d));
            match rcs[start..].last_mut() {
                Some(r) if r.to() == j => r.d2 = d as u8,
                _ => rcs.push(Rc::new(i, j, d)),
            }
        }
        slices.push((start, rcs.len()));
    }
    (rcs, slices)
}

/// What the common digits of `a` and `b` other than `skip` eliminate: each from the cells that
/// see all its places in both.
fn common_eliminations<const W: usize>(
    a: &Als<W>,
    b: &Als<W>,
    skip: &[usize],
    out: &mut Vec<(usize, usize)>,
) {
    let skip = skip.iter().fold(0, |m, &d| m | 1 << d);
    common_eliminations_but(a, b, skip, out);
}

/// [`common_eliminations`] with the digits to skip as a mask.
fn common_eliminations_but<const W: usize>(
    a: &Als<W>,
    b: &Als<W>,
    skip: u64,
    out: &mut Vec<(usize, usize)>,
) {
    let z = a.mask & b.mask & !skip;
    if z == 0 || !a.all_buddies.intersects(&b.all_buddies) {
        return;
    }
    for d in BitIter(z) {
        for c in a.buddies[d].and(&b.buddies[d]).iter() {
            out.push((c, d));
        }
    }
}

/// Every ALS step at the position: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain, each kind in the order
/// a solve path takes them (only the first of each when `ctx.first_only`).
///
/// Along a solve path each of the three looks only at instances with a set changed since
/// it last found nothing ([`Fresh`]).
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    let alses = alses(ctx);
    let opts = ctx.opts;
    let (rcs, slices) = restricted_commons(&alses, opts.als_forward_only, opts.als_overlap);
    // A solve path takes the first of the three in HoDoKu's order that applies: once one
    // has, the searches after it cannot change the step.
    let fresh = Fresh::new(ctx, Technique::AlsXz, &alses);
    let found = xz(ctx, &alses, &rcs, &fresh, out);
    if !found {
        ctx.note_barren_position(Technique::AlsXz);
    } else if ctx.first_only {
        return;
    }
    let fresh = Fresh::new(ctx, Technique::AlsXyWing, &alses);
    let found = xy_wings(ctx, &alses, &rcs, &fresh, out);
    if !found {
        ctx.note_barren_position(Technique::AlsXyWing);
    } else if ctx.first_only {
        return;
    }
    let fresh = Fresh::new(ctx, Technique::AlsXyChain, &alses);
    // Listing every step, the chains are shorter ([`MAX_CHAIN_ALL_STEPS`]): a longer chain
    // of unchanged sets may have been passed over where that search found nothing.
    if !chains(ctx, &alses, &rcs, &slices, &fresh, out) && ctx.first_only {
        ctx.note_barren_position(Technique::AlsXyChain);
    }
}

/// Which sets an ALS search need look at: along a solve path, once it has found nothing,
/// the sets with a cell changed since ([`Ctx::changed_since_barren`]).
///
/// An instance made of unchanged sets was there then: a set's cells hold the same digits,
/// two sets share the same restricted commons, their order in the list is the same (it is
/// the order of their houses and cells, whatever the other sets), and the cells that see a
/// digit's places in a set and hold it are fewer or as many. What it eliminates now it
/// eliminated then, which was nothing.
struct Fresh {
    /// Per set, whether a cell of it changed (every one where the search has not found
    /// nothing yet).
    changed: Vec<bool>,
}

impl Fresh {
    fn new<const W: usize>(ctx: &Ctx<W>, technique: Technique, alses: &[Als<W>]) -> Fresh {
        let changed = match ctx.changed_since_barren(technique) {
            Some(cells) => alses.iter().map(|a| a.cells.intersects(&cells)).collect(),
            None => vec![true; alses.len()],
        };
        Fresh { changed }
    }

    fn any(&self, sets: &[usize]) -> bool {
        sets.iter().any(|&k| self.changed[k])
    }
}

/// Whether it found a step.
fn xz<const W: usize>(
    ctx: &Ctx<W>,
    alses: &[Als<W>],
    rcs: &[Rc],
    fresh: &Fresh,
    out: &mut Vec<Step>,
) -> bool {
    let mut found = false;
    for rc in rcs {
        if !fresh.any(&[rc.from(), rc.to()]) {
            continue;
        }
        let (a, b) = (&alses[rc.from()], &alses[rc.to()]);
        let mut elims = Vec::new();
        common_eliminations(a, b, &[rc.d1()], &mut elims);
        if let Some(d2) = rc.d2() {
            common_eliminations(a, b, &[d2], &mut elims);
            for (x, y) in [(a, b), (b, a)] {
                for d in BitIter(x.mask & !(1 << rc.d1()) & !(1 << d2)) {
                    for c in x.buddies[d].minus(&y.cells).iter() {
                        elims.push((c, d));
                    }
                }
            }
        }
        if elims.is_empty() {
            continue;
        }
        let links: Vec<usize> = std::iter::once(rc.d1()).chain(rc.d2()).collect();
        if report(ctx, Technique::AlsXz, &[a, b], &links, elims, out) {
            found = true;
            if ctx.first_only {
                break;
            }
        }
    }
    found
}

/// Whether it found a step.
fn xy_wings<const W: usize>(
    ctx: &Ctx<W>,
    alses: &[Als<W>],
    rcs: &[Rc],
    fresh: &Fresh,
    out: &mut Vec<Step>,
) -> bool {
    let mut found = false;
    // Only two restricted commons that share an ALS make a wing: each one's partners are
    // the later ones touching its ALSs, taken in list order as a scan of all pairs would.
    // Per ALS, the links touching it, ascending.
    let touching = Buckets::new(
        alses.len(),
        (rcs.iter().enumerate()).flat_map(|(j, rc)| [(rc.from(), j as u32), (rc.to(), j as u32)]),
    );
    // Per set, whether a link joins it to a changed set: a link between two unchanged sets
    // makes a wing worth looking at only through such a set.
    let mut near_changed = fresh.changed.clone();
    for rc in rcs {
        near_changed[rc.from()] |= fresh.changed[rc.to()];
        near_changed[rc.to()] |= fresh.changed[rc.from()];
    }
    let mut partners: Vec<u32> = Vec::new();
    let later = |list: &'_ [u32], i: usize| list.partition_point(|&j| j as usize <= i);
    for (i, r1) in rcs.iter().enumerate() {
        if !near_changed[r1.from()] && !near_changed[r1.to()] {
            continue;
        }
        let (a, b) = (touching.of(r1.from()), touching.of(r1.to()));
        merge_ascending(&a[later(a, i)..], &b[later(b, i)..], &mut partners);
        for r2 in partners.iter().map(|&j| &rcs[j as usize]) {
            if r1.d2().is_none() && r2.d2().is_none() && r1.d1() == r2.d1() {
                continue;
            }
            let (c, a, b) = if r1.from() == r2.from() {
                (r1.from(), r1.to(), r2.to())
            } else if r1.from() == r2.to() {
                (r1.from(), r1.to(), r2.from())
            } else if r1.to() == r2.from() {
                (r1.to(), r1.from(), r2.to())
            } else if r1.to() == r2.to() {
                (r1.to(), r1.from(), r2.from())
            } else {
                continue;
            };
            if !fresh.any(&[a, b, c]) {
                continue;
            }
            let (sa, sb) = (&alses[a], &alses[b]);
            if a == b
                || (!ctx.opts.als_overlap && sa.cells.intersects(&sb.cells))
                || sa.cells.is_subset(&sb.cells)
                || sb.cells.is_subset(&sa.cells)
            {
                continue;
            }
            let links = [Some(r1.d1()), r1.d2(), Some(r2.d1()), r2.d2()]
                .into_iter()
                .flatten();
            let mut elims = Vec::new();
            common_eliminations_but(sa, sb, links.clone().fold(0, |m, d| m | 1 << d), &mut elims);
            if elims.is_empty() {
                continue;
            }
            let skip: Vec<usize> = links.collect();
            let sets = [sa, sb, &alses[c]];
            if report(ctx, Technique::AlsXyWing, &sets, &skip, elims, out) {
                found = true;
                if ctx.first_only {
                    return true;
                }
            }
        }
    }
    found
}

/// The union of two ascending lists, ascending, each value once, into `out`.
fn merge_ascending(a: &[u32], b: &[u32], out: &mut Vec<u32>) {
    out.clear();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (x, y) = (a[i], b[j]);
        out.push(x.min(y));
        i += usize::from(x <= y);
        j += usize::from(y <= x);
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
}

/// Builds and pushes an ALS step if it eliminates anything; says whether it did.
fn report<const W: usize>(
    ctx: &Ctx<W>,
    technique: Technique,
    sets: &[&Als<W>],
    links: &[usize],
    elims: Vec<(usize, usize)>,
    out: &mut Vec<Step>,
) -> bool {
    match build(ctx, technique, sets, links, &elims) {
        Some(step) => {
            super::push_unique(out, step);
            true
        }
        None => false,
    }
}

fn build<const W: usize>(
    ctx: &Ctx<W>,
    technique: Technique,
    sets: &[&Als<W>],
    links: &[usize],
    elims: &[(usize, usize)],
) -> Option<Step> {
    if elims.is_empty() {
        return None;
    }
    let link_mask = links.iter().fold(0u64, |m, &d| m | 1 << d);
    let mut step = Step::new(technique, digits(link_mask));
    for &(c, d) in elims {
        step.eliminate(ctx.cand(c, d));
    }
    step.normalize();
    for (k, set) in sets.iter().enumerate() {
        let role = if k % 2 == 0 {
            Role::ColorA
        } else {
            Role::ColorB
        };
        for c in set.cells.iter() {
            for d in BitIter(ctx.mask(c)) {
                let role = if link_mask & 1 << d != 0 {
                    Role::LinkStrong
                } else {
                    role
                };
                step.add_candidate(ctx.cand(c, d), role);
            }
        }
        step.sets.push(set.group(ctx));
    }
    Some(step)
}

/// The eliminations (cell, digit) as the step [`build`] makes of them lists them: each
/// candidate once, in [`Step::normalize`]'s order.
fn effect<const W: usize>(ctx: &Ctx<W>, elims: &[(usize, usize)]) -> Vec<sudoku_core::Candidate> {
    let mut key: Vec<sudoku_core::Candidate> = elims.iter().map(|&(c, d)| ctx.cand(c, d)).collect();
    key.sort_by_key(|c| (c.digit, c.cell.row(), c.cell.col()));
    key.dedup();
    key
}

/// The digits a link uses in a chain: HoDoKu's `actualRC` (1: the first, 2: the second,
/// 3: both).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Use {
    First,
    Second,
    Both,
}

impl Use {
    /// [`Use::digits`] as a mask.
    fn mask(self, rc: &Rc) -> u64 {
        self.digits(rc).fold(0, |m, d| m | 1 << d)
    }

    fn digits(self, rc: &Rc) -> impl Iterator<Item = usize> {
        let (a, b) = match (self, rc.d2()) {
            (Use::First, _) | (_, None) => (Some(rc.d1()), None),
            (Use::Second, Some(d2)) => (Some(d2), None),
            (Use::Both, Some(d2)) => (Some(rc.d1()), Some(d2)),
        };
        a.into_iter().chain(b)
    }

    /// How `rc` can follow a link that used `prev`: its digits other than the previous
    /// link's. HoDoKu takes only the previous link's first digit away when it used both.
    fn after(rc: &Rc, prev: Option<(Use, &Rc)>, first_try: bool) -> Option<Use> {
        let Some((used, p)) = prev else {
            return Some(match rc.d2() {
                None => Use::First,
                Some(_) if first_try => Use::First,
                Some(_) => Use::Second,
            });
        };
        let gone = match used {
            Use::Second => p.d2().unwrap_or(p.d1()),
            Use::First | Use::Both => p.d1(),
        };
        match rc.d2() {
            None => (rc.d1() != gone).then_some(Use::First),
            Some(d2) if d2 == gone => Some(Use::First),
            Some(_) if rc.d1() == gone => Some(Use::Second),
            Some(_) => Some(Use::Both),
        }
    }
}

struct ChainSearch<'a, 'c, const W: usize> {
    ctx: &'a Ctx<'c, W>,
    alses: &'a [Als<W>],
    rcs: &'a [Rc],
    slices: &'a [(usize, usize)],
    /// The links of the chain and how each is used.
    links: Vec<(usize, Use)>,
    in_chain: Vec<bool>,
    fresh: &'a Fresh,
    /// Per set, whether it is changed ([`Fresh`]) or links on to one that is: a chain of
    /// unchanged sets alone eliminates nothing, and is not grown towards none.
    leads: Vec<bool>,
    /// The changed sets in the chain.
    fresh_in_chain: usize,
    found: Vec<(Step, usize, usize, u64)>,
    by_effect: HashMap<Vec<sudoku_core::Candidate>, usize>,
}

/// Whether it found a step.
fn chains<const W: usize>(
    ctx: &Ctx<W>,
    alses: &[Als<W>],
    rcs: &[Rc],
    slices: &[(usize, usize)],
    fresh: &Fresh,
    out: &mut Vec<Step>,
) -> bool {
    let mut search = ChainSearch {
        ctx,
        alses,
        rcs,
        slices,
        links: Vec::new(),
        in_chain: vec![false; alses.len()],
        fresh,
        leads: leading_to(&fresh.changed, rcs),
        fresh_in_chain: 0,
        found: Vec::new(),
        by_effect: HashMap::default(),
    };
    for s in 0..alses.len() {
        if !search.leads[s] {
            continue;
        }
        search.in_chain[s] = true;
        search.fresh_in_chain = usize::from(fresh.changed[s]);
        search.extend(s);
        search.in_chain[s] = false;
    }
    let mut found = search.found;
    insertion_sort(&mut found, |a, b| {
        let (ea, eb) = (a.0.eliminations.len(), b.0.eliminations.len());
        if ea != eb {
            return eb.cmp(&ea);
        }
        if a.0.eliminations != b.0.eliminations {
            return a.3.cmp(&b.3);
        }
        (a.1, a.2).cmp(&(b.1, b.2))
    });
    let any = !found.is_empty();
    out.extend(found.into_iter().map(|f| f.0));
    any
}

/// Per set, whether it is `marked` or some restricted common leads from it, link by link,
/// to one that is.
fn leading_to(marked: &[bool], rcs: &[Rc]) -> Vec<bool> {
    let mut leads = marked.to_vec();
    if leads.iter().all(|&m| m) {
        return leads;
    }
    let into = Buckets::new(
        leads.len(),
        rcs.iter().map(|rc| (rc.to(), rc.from() as u32)),
    );
    let mut todo: Vec<usize> = (0..leads.len()).filter(|&k| leads[k]).collect();
    while let Some(k) = todo.pop() {
        for &j in into.of(k) {
            if !leads[j as usize] {
                leads[j as usize] = true;
                todo.push(j as usize);
            }
        }
    }
    leads
}

impl<const W: usize> ChainSearch<'_, '_, W> {
    fn extend(&mut self, at: usize) {
        let max = if self.ctx.first_only {
            MAX_CHAIN
        } else {
            MAX_CHAIN_ALL_STEPS
        };
        if self.links.len() >= max {
            return;
        }
        let prev = self.links.last().map(|&(k, u)| (u, &self.rcs[k]));
        let prev = prev.map(|(u, r)| (u, *r));
        let first = prev.is_none();
        let (start, end) = self.slices[at];
        let mut k = start;
        let mut first_try = true;
        while k < end {
            let rc = self.rcs[k];
            let to = rc.to();
            let used = Use::after(&rc, prev.as_ref().map(|(u, r)| (*u, r)), first_try);
            if let Some(used) = used
                && !self.in_chain[to]
                && (self.fresh_in_chain > 0 || self.leads[to])
            {
                let changed = usize::from(self.fresh.changed[to]);
                self.links.push((k, used));
                self.in_chain[to] = true;
                self.fresh_in_chain += changed;
                if self.links.len() >= 3 && self.fresh_in_chain > 0 {
                    self.check();
                }
                self.extend(to);
                self.fresh_in_chain -= changed;
                self.in_chain[to] = false;
                self.links.pop();
            }
            if first && rc.d2().is_some() && first_try {
                first_try = false;
                continue;
            }
            first_try = true;
            k += 1;
        }
    }

    fn check(&mut self) {
        let (k0, u0) = self.links[0];
        let &(kl, ul) = self.links.last().unwrap_or(&self.links[0]);
        let (r0, rl) = (&self.rcs[k0], &self.rcs[kl]);
        let start = &self.alses[r0.from()];
        let end = &self.alses[rl.to()];
        // Most chains checked eliminate nothing: this allocates nothing until one does.
        let skip = u0.mask(r0) | ul.mask(rl);
        let mut elims = Vec::new();
        common_eliminations_but(start, end, skip, &mut elims);
        if elims.is_empty() {
            return;
        }
        let mut sets: Vec<&Als<W>> = vec![start];
        sets.extend(
            self.links
                .iter()
                .map(|&(k, _)| &self.alses[self.rcs[k].to()]),
        );
        let cells: usize = sets.iter().map(|s| s.cells.len()).sum();
        // Many chains share an effect and only the one with the fewest cells is kept: the
        // step (its highlights are most of the cost) is built only for a chain that is kept.
        let key = effect(self.ctx, &elims);
        let kept = match self.by_effect.get(&key) {
            Some(&k) if self.found[k].2 > cells => Some(k),
            Some(_) => return,
            None => None,
        };
        let links: Vec<usize> = self
            .links
            .iter()
            .flat_map(|&(k, u)| u.digits(&self.rcs[k]))
            .collect();
        let Some(step) = build(self.ctx, Technique::AlsXyChain, &sets, &links, &elims) else {
            return;
        };
        debug_assert_eq!(step.eliminations, key);
        let sum = index_sum(&step, self.ctx.n());
        let entry = (step, sets.len(), cells, sum);
        match kept {
            Some(k) => self.found[k] = entry,
            None => {
                self.by_effect.insert(key, self.found.len());
                self.found.push(entry);
            }
        }
    }
}

/// The most petal sets kept per cell and digit (HoDoKu keeps 100).
const MAX_PETALS: usize = 100;
/// The most petal combinations tried at one position: the search multiplies the petal
/// counts of the stem's digits, so it is bounded. Overlapping petals
/// ([`crate::Options::als_overlap`]) need far more than disjoint ones: 200,000 fell short
/// on three lines of HoDoKu's library.
const MAX_BLOSSOMS: usize = 2_000_000;

/// Death Blossoms (HoDoKu's, off in its solver): a stem cell each of whose digits `d` has an
/// ALS (a petal) whose every `d` sees the stem. Whatever the stem holds, one petal loses its
/// `d` and is locked; so a digit `z` common to all petals (not in the stem) is in one of them,
/// and a cell seeing every `z` of every petal loses it.
pub(crate) fn death_blossoms<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    let alses = alses(ctx);
    let n = ctx.n();
    let cells = ctx.g.cell_count();
    let mut petals: Vec<Vec<Vec<usize>>> = vec![vec![Vec::new(); n]; cells];
    for (i, a) in alses.iter().enumerate() {
        for d in BitIter(a.mask) {
            for x in a.buddies[d].iter() {
                if petals[x][d].len() < MAX_PETALS {
                    petals[x][d].push(i);
                }
            }
        }
    }
    let mut budget = MAX_BLOSSOMS;
    for stem in ctx.empty.iter() {
        let m = ctx.mask(stem);
        let with_petals = (0..n)
            .filter(|&d| !petals[stem][d].is_empty())
            .fold(0u64, |acc, d| acc | 1 << d);
        if with_petals != m {
            continue;
        }
        let digits: Vec<usize> = BitIter(m).collect();
        let mut blossom = Blossom {
            ctx,
            alses: &alses,
            petals: &petals[stem],
            stem,
            digits: &digits,
            chosen: Vec::new(),
            budget: &mut budget,
            out: &mut *out,
        };
        blossom.grow(0, CellSet::EMPTY, u64::MAX);
        if budget == 0 {
            return;
        }
    }
}

struct Blossom<'a, 'c, 'o, const W: usize> {
    ctx: &'a Ctx<'c, W>,
    alses: &'a [Als<W>],
    petals: &'a [Vec<usize>],
    stem: usize,
    digits: &'a [usize],
    chosen: Vec<usize>,
    budget: &'o mut usize,
    out: &'o mut Vec<Step>,
}

impl<const W: usize> Blossom<'_, '_, '_, W> {
    fn grow(&mut self, k: usize, used: CellSet<W>, common: u64) {
        if k == self.digits.len() {
            self.check(common);
            return;
        }
        for &p in &self.petals[self.digits[k]] {
            if *self.budget == 0 {
                return;
            }
            *self.budget -= 1;
            let a = &self.alses[p];
            let overlaps = !self.ctx.opts.als_overlap && a.cells.intersects(&used);
            if overlaps || a.mask & common == 0 || a.cells.contains(self.stem) {
                continue;
            }
            self.chosen.push(p);
            self.grow(k + 1, used.or(&a.cells), common & a.mask);
            self.chosen.pop();
        }
    }

    fn check(&mut self, common: u64) {
        let ctx = self.ctx;
        let petal_cells = self
            .chosen
            .iter()
            .fold(CellSet::<W>::EMPTY, |acc, &p| acc.or(&self.alses[p].cells));
        let mut elims = Vec::new();
        for z in BitIter(common & !ctx.mask(self.stem)) {
            let zs = self.chosen.iter().fold(CellSet::<W>::EMPTY, |acc, &p| {
                acc.or(&self.alses[p].with[z])
            });
            let targets = ctx
                .g
                .common_peers(zs.iter())
                .minus(&petal_cells)
                .and(&ctx.digit_cells[z]);
            elims.extend(targets.iter().filter(|&t| t != self.stem).map(|t| (t, z)));
        }
        let sets: Vec<&Als<W>> = self.chosen.iter().map(|&p| &self.alses[p]).collect();
        if let Some(mut step) = build(ctx, Technique::DeathBlossom, &sets, self.digits, &elims) {
            step.add_cell(ctx.cell(self.stem), Role::Pattern);
            super::push_unique(self.out, step);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use sudoku_core::Layout;

    use super::super::testing::{
        found, hard_and_diabolical_positions, numbers_below, positions_past_singles,
    };
    use super::super::{Ctx, Family, Memo, Options};
    use super::{Fresh, alses, merge_ascending, restricted_commons};
    use crate::bits::{BitIter, CellSet};
    use crate::geometry::{Geometry, Kind};
    use crate::technique::Technique;

    /// Two ascending lists of distinct values merge into what sorting both together and
    /// dropping repeats gives, on lists of every length that share some values.
    #[test]
    fn merged_lists_are_the_sorted_union() {
        let mut rand = numbers_below(0x2545_F491_4F6C_DD1D);
        let mut out = Vec::new();
        let mut shared = 0;
        for round in 0..500 {
            let span = 1 + rand(if round < 250 { 8 } else { 200 });
            let mut pick = || -> Vec<u32> { (0..span as u32).filter(|_| rand(3) == 0).collect() };
            let (a, b) = (pick(), pick());
            let mut want: Vec<u32> = a.iter().chain(&b).copied().collect();
            want.sort_unstable();
            want.dedup();
            merge_ascending(&a, &b, &mut out);
            assert_eq!(out, want, "{a:?} {b:?}");
            shared += a.iter().filter(|v| b.contains(v)).count();
        }
        assert!(shared > 1_000, "{shared} values in both lists");
    }

    /// Per house, the generation its remembered sets were made at (0 for none).
    fn seeds_made(memo: &std::cell::RefCell<Memo<2>>) -> Vec<u32> {
        let memo = memo.borrow();
        (0..27)
            .map(|h| {
                memo.als_seeds
                    .get(h)
                    .and_then(|s| s.as_ref())
                    .map_or(0, |s| s.0)
            })
            .collect()
    }

    /// Along solve paths, the list made from the sets each house remembers is the list
    /// made afresh: the same sets, in the same order, with the same buddies; and some
    /// houses are remembered.
    #[test]
    fn remembered_house_sets_give_the_same_list() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let memo = std::cell::RefCell::new(Memo::default());
        let (mut listed, mut kept) = (0, 0);
        let positions = hard_and_diabolical_positions(&layout, 30);
        for (pos, _) in positions {
            let fresh = alses(&Ctx::new(&g, &pos, &opts));
            let mut ctx = Ctx::new(&g, &pos, &opts);
            ctx.memo = Some(&memo);
            let before = seeds_made(&memo);
            let _ = alses(&ctx);
            let after = seeds_made(&memo);
            kept += before
                .iter()
                .zip(&after)
                .filter(|(b, a)| b == a && **a != 0)
                .count();
            let remembered = alses(&ctx);
            assert_eq!(remembered.len(), fresh.len());
            for (r, f) in remembered.iter().zip(&fresh) {
                assert_eq!((r.cells, r.mask), (f.cells, f.mask));
                assert_eq!(
                    (r.buddies, r.with, r.all_buddies),
                    (f.buddies, f.with, f.all_buddies)
                );
            }
            listed += fresh.len();
        }
        assert!(
            listed > 10_000 && kept > 500,
            "{listed} sets, {kept} houses kept"
        );
    }

    /// Along solve paths, the ALS searches that look only at the sets changed since they
    /// last found nothing ([`Fresh`]) find every step the whole searches find, in the same
    /// order, both as a solve path searches (the first step) and listing every step; and
    /// they do pass over sets.
    #[test]
    fn searches_of_changed_sets_find_what_whole_ones_do() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let (mut steps, mut passed) = (0, 0);
        for first_only in [true, false] {
            let memo = std::cell::RefCell::new(Memo::default());
            let positions = hard_and_diabolical_positions(&layout, 40);
            for (pos, _) in positions {
                let mut whole_ctx = Ctx::new(&g, &pos, &opts);
                whole_ctx.first_only = first_only;
                let whole = found(Family::Als, &whole_ctx);
                let mut ctx = Ctx::new(&g, &pos, &opts);
                ctx.first_only = first_only;
                ctx.memo = Some(&memo);
                for technique in [
                    Technique::AlsXz,
                    Technique::AlsXyWing,
                    Technique::AlsXyChain,
                ] {
                    passed += Fresh::new(&ctx, technique, &alses(&ctx))
                        .changed
                        .iter()
                        .filter(|&&c| !c)
                        .count();
                }
                assert_eq!(found(Family::Als, &ctx), whole);
                steps += whole.len();
            }
        }
        assert!(
            steps > 10_000 && passed > 100_000,
            "{steps} steps, {passed} sets passed over"
        );
    }

    /// The restricted commons are what their definition gives, pair by pair: from each
    /// set, ascending, to each later one (every other one, not forward only) whose places
    /// of a common digit all see the first's, none in a cell both hold (no shared cell at
    /// all, without overlap), with the lowest such digit and the highest if more. In every
    /// mode, along solve paths and diabolical positions.
    #[test]
    fn restricted_commons_are_every_pair_that_links() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let (mut links, mut two) = (0, 0);
        let positions = hard_and_diabolical_positions(&layout, 15);
        for (pos, _) in positions {
            let sets = alses(&Ctx::new(&g, &pos, &opts));
            for (forward_only, overlap) in
                [(true, false), (true, true), (false, false), (false, true)]
            {
                let mut want = Vec::new();
                for (i, a) in sets.iter().enumerate() {
                    for (j, b) in sets.iter().enumerate() {
                        let shared = a.cells.and(&b.cells);
                        if j == i || (forward_only && j < i) || (!overlap && !shared.is_empty()) {
                            continue;
                        }
                        let digits: Vec<usize> = BitIter(a.mask & b.mask)
                            .filter(|&d| {
                                !a.with[d].or(&b.with[d]).intersects(&shared)
                                    && b.with[d].is_subset(&a.buddies[d])
                            })
                            .collect();
                        if let (Some(&d1), Some(&last)) = (digits.first(), digits.last()) {
                            let d2 = (digits.len() > 1).then_some(last);
                            want.push((i, j, d1, d2));
                        }
                    }
                }
                let (rcs, slices) = restricted_commons(&sets, forward_only, overlap);
                let got: Vec<_> = rcs
                    .iter()
                    .map(|r| (r.from(), r.to(), r.d1(), r.d2()))
                    .collect();
                assert_eq!(got, want, "forward only {forward_only}, overlap {overlap}");
                for (i, &(from, to)) in slices.iter().enumerate() {
                    assert!(rcs[from..to].iter().all(|r| r.from() == i));
                }
                links += got.len();
                two += got.iter().filter(|l| l.3.is_some()).count();
            }
        }
        assert!(
            links > 1_000_000 && two > 100_000,
            "{links} links, {two} with two digits"
        );
    }

    /// `alses` lists every almost locked set of the position once: each is the first of
    /// the houses (rows, then columns, then boxes) holding it, as a list that dropped
    /// repeats would have it.
    #[test]
    fn every_als_is_listed_once_under_its_first_house() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let mut listed = 0;
        for pos in positions_past_singles(&layout, 20) {
            let ctx = Ctx::new(&g, &pos, &opts);
            // Every set of empty cells of a house holding one digit more than it has cells
            // (fewer than 9 cells), by house, each kept where first met.
            let mut expected: Vec<(usize, CellSet<2>)> = Vec::new();
            let mut seen = HashSet::new();
            let houses = [Kind::Row, Kind::Col, Kind::Block].map(|k| g.lines(k));
            for (rank, h) in houses.into_iter().flatten().enumerate() {
                let cells: Vec<usize> = g
                    .house_cells(h)
                    .iter()
                    .copied()
                    .filter(|&c| ctx.empty.contains(c))
                    .collect();
                for bits in 1u32..1 << cells.len() {
                    let chosen: Vec<usize> = (0..cells.len())
                        .filter(|k| bits & 1 << k != 0)
                        .map(|k| cells[k])
                        .collect();
                    let mask = chosen.iter().fold(0, |m, &c| m | ctx.mask(c));
                    let set = CellSet::from_indices(chosen.iter().copied());
                    if chosen.len() < 9
                        && mask.count_ones() as usize == chosen.len() + 1
                        && seen.insert(set)
                    {
                        expected.push((rank, set));
                    }
                }
            }
            let found = alses(&ctx);
            let found_sets: HashSet<CellSet<2>> = found.iter().map(|a| a.cells).collect();
            assert_eq!(found_sets.len(), found.len(), "an ALS listed twice");
            assert_eq!(found_sets, seen);
            // The houses in order: each set is listed among those of its first house.
            let rank_of: std::collections::HashMap<CellSet<2>, usize> =
                expected.into_iter().map(|(r, s)| (s, r)).collect();
            let ranks: Vec<usize> = found.iter().map(|a| rank_of[&a.cells]).collect();
            assert!(ranks.is_sorted());
            listed += found.len();
        }
        assert!(listed >= 5000, "{listed}");
    }
}
