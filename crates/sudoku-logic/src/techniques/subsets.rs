//! Subsets. A *naked* subset is `k` cells of a house whose candidates together are only `k`
//! digits: those digits go in those cells, so they leave every other cell that sees all `k`.
//! When the cells (2 or 3 of them) also share a box and a line, HoDoKu calls it a Locked
//! Pair/Triple and clears both houses. A *hidden* subset is `k` digits that have only the same
//! `k` cells left in a house: every other digit leaves those cells.
//!
//! Houses are searched boxes first, then rows and columns, as HoDoKu does, so the first step
//! found is the one HoDoKu's solver takes.

use super::{Ctx, digits, push_unique};
use crate::bits::{CellSet, HousePlaces, at_most, for_each_narrow_combination};
use crate::geometry::Kind;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// Every naked and hidden subset of size `k` (2 to 4) at the position.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, k: usize, out: &mut Vec<Step>) {
    for h in ctx.g.blocks_first() {
        naked(ctx, h, k, out);
    }
    for h in ctx.g.blocks_first() {
        hidden(ctx, h, k, out);
    }
}

/// The most cells a house has (and digits a grid has): lists of a house live on the stack.
const MAX_HOUSE: usize = sudoku_core::MAX_SIZE;

fn naked<const W: usize>(ctx: &Ctx<W>, h: usize, k: usize, out: &mut Vec<Step>) {
    let (mut cells, mut masks, mut len) = ([0usize; MAX_HOUSE], [0u64; MAX_HOUSE], 0);
    for &c in ctx.g.house_cells(h) {
        let m = ctx.mask(c);
        if (1..=k).contains(&(m.count_ones() as usize)) {
            (cells[len], masks[len]) = (c, m);
            len += 1;
        }
    }
    let mut chosen_cells = [0usize; 4];
    for_each_narrow_combination(&masks[..len], k, 0, at_most(k), &mut |chosen, union| {
        if union.count_ones() as usize == k {
            for (slot, &j) in chosen_cells.iter_mut().zip(chosen) {
                *slot = cells[j];
            }
            if clears_something(ctx, &chosen_cells[..k], union) {
                out_naked(ctx, h, &chosen_cells[..k], union, out);
            }
        }
        true
    });
}

/// Whether a cell seeing every cell of a naked subset still has one of its digits: the
/// subset's eliminations lie among those cells. Most subsets a solve path meets have done
/// their work at an earlier step and stay in the grid; this settles them before a step is
/// built and thrown away.
fn clears_something<const W: usize>(ctx: &Ctx<W>, chosen: &[usize], union: u64) -> bool {
    let seeing = chosen[1..]
        .iter()
        .fold(*ctx.g.peers(chosen[0]), |s, &c| s.and(ctx.g.peers(c)));
    super::BitIter(union).any(|d| ctx.digit_cells[d].intersects(&seeing))
}

fn out_naked<const W: usize>(
    ctx: &Ctx<W>,
    h: usize,
    chosen: &[usize],
    union: u64,
    out: &mut Vec<Step>,
) {
    let set = CellSet::<W>::from_indices(chosen.iter().copied());
    let houses = ctx.g.common_houses(&set);
    let shared_block = houses
        .iter()
        .copied()
        .find(|&x| ctx.g.kind(x) == Kind::Block);
    let clears = |x: usize, skip: Option<usize>| {
        let mut others = ctx.g.house_set(x).minus(&set);
        if let Some(b) = skip {
            others = others.minus(ctx.g.house_set(b));
        }
        super::BitIter(union).any(|d| ctx.digit_cells[d].intersects(&others))
    };
    // HoDoKu's Locked Pair/Triple clears a box and a line at once: the line outside the box
    // must lose a candidate too. A subset that shares a box and a line but clears only the
    // box (or only the line) is a plain Naked Pair/Triple.
    let block = shared_block.is_some_and(|b| clears(b, None));
    let line = houses
        .iter()
        .any(|&x| matches!(ctx.g.kind(x), Kind::Row | Kind::Col) && clears(x, shared_block));
    let locked = chosen.len() <= 3 && block && line;
    let technique = match (chosen.len(), locked) {
        (2, true) => Technique::LockedPair,
        (3, true) => Technique::LockedTriple,
        (2, false) => Technique::NakedPair,
        (3, false) => Technique::NakedTriple,
        _ => Technique::NakedQuadruple,
    };
    let mut step = Step::new(technique, digits(union));
    let base = if locked { houses } else { vec![h] };
    for &x in &base {
        step.add_house(ctx.g.house(x), Role::Base);
    }
    for &c in chosen {
        step.add_cell(ctx.cell(c), Role::Pattern);
    }
    for &x in &base {
        let others = ctx.g.house_set(x).minus(&set);
        for d in super::BitIter(union) {
            super::eliminate_all(ctx, &mut step, &others, d);
        }
    }
    push_unique(out, step);
}

/// Hidden subsets of size `k` in house `h`. Each digit's places in the house are a word of
/// bits (bit `i`: the house's `i`-th cell), so a combination of digits costs an OR and a
/// popcount; the cells are turned into a set only for a hit.
fn hidden<const W: usize>(ctx: &Ctx<W>, h: usize, k: usize, out: &mut Vec<Step>) {
    let house = ctx.g.house_cells(h);
    let found = HousePlaces::gather(house.iter().copied(), ctx.n(), 1..=k as u32, |c| {
        let value = ctx.pos.values()[c] as u32;
        let placed = if value > 0 { 1 << (value - 1) } else { 0 };
        (ctx.mask(c), placed)
    });
    let mut digits = [0usize; 4];
    for_each_narrow_combination(found.places(), k, 0, at_most(k), &mut |chosen, union| {
        if union.count_ones() as usize == k {
            for (slot, &j) in digits.iter_mut().zip(chosen) {
                *slot = found.digits[j] as usize;
            }
            let cells = CellSet::<W>::from_indices(super::BitIter(union).map(|i| house[i]));
            // Done its work already (its cells hold its digits alone): no step.
            let keep = digits[..k].iter().fold(0u64, |m, &d| m | 1 << d);
            if cells.iter().any(|c| ctx.mask(c) & !keep != 0) {
                out_hidden(ctx, h, &digits[..k], &cells, out);
            }
        }
        true
    });
}

fn out_hidden<const W: usize>(
    ctx: &Ctx<W>,
    h: usize,
    chosen: &[usize],
    cells: &CellSet<W>,
    out: &mut Vec<Step>,
) {
    let technique = match chosen.len() {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuadruple,
    };
    let keep = chosen.iter().fold(0u64, |m, &d| m | 1 << d);
    let mut step = Step::new(technique, digits(keep));
    step.add_house(ctx.g.house(h), Role::Base);
    for c in cells.iter() {
        step.add_cell(ctx.cell(c), Role::Pattern);
        for d in super::BitIter(ctx.mask(c) & !keep) {
            step.eliminate(ctx.cand(c, d));
        }
    }
    push_unique(out, step);
}
