//! Bivalue Universal Grave + 1. If every empty cell had two candidates and every digit were
//! possible exactly twice in each house, the position would have no solution or at least two
//! (a "BUG"). When one cell has a third candidate and removing one of its digits would make
//! such a grave, that digit must go there (assuming a unique solution): HoDoKu writes it as
//! removing the cell's other candidates.
//!
//! Only for layouts whose houses are rows, columns and boxes (or jigsaw regions), where the
//! counting argument is the classic one.

use super::{Ctx, push_unique};
use crate::bits::BitIter;
use crate::geometry::Kind;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// The BUG+1 step, if the position is one.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    if (0..ctx.g.house_count()).any(|h| ctx.g.kind(h) == Kind::Other) {
        return;
    }
    let mut plus = None;
    for c in ctx.empty.iter() {
        match ctx.mask(c).count_ones() {
            2 => {}
            3 if plus.is_none() => plus = Some(c),
            _ => return,
        }
    }
    let Some(cell) = plus else { return };
    let Some(d) = extra_digit(ctx, cell) else {
        return;
    };
    if !others_are_pairs(ctx, cell, d) {
        return;
    }
    let mut step = Step::new(Technique::BugPlusOne, Vec::new());
    step.add_candidate(ctx.cand(cell, d), Role::Pattern);
    for x in BitIter(ctx.mask(cell) & !(1 << d)) {
        step.eliminate(ctx.cand(cell, x));
    }
    push_unique(out, step);
}

/// The digit of the +1 cell that appears three times in each of its houses.
fn extra_digit<const W: usize>(ctx: &Ctx<W>, cell: usize) -> Option<usize> {
    let houses = ctx.g.houses_of(cell);
    BitIter(ctx.mask(cell)).find(|&d| {
        houses
            .iter()
            .all(|&h| ctx.cells_in(h as usize, d).len() == 3)
    })
}

/// Whether every digit appears zero or two times in every house, apart from `d` in the houses
/// of `cell`.
fn others_are_pairs<const W: usize>(ctx: &Ctx<W>, cell: usize, d: usize) -> bool {
    let houses = ctx.g.houses_of(cell);
    (0..ctx.g.house_count()).all(|h| {
        (0..ctx.n()).all(|x| {
            let count = ctx.cells_in(h, x).len();
            let expected_extra = x == d && houses.contains(&(h as u16));
            count == 0 || count == if expected_extra { 3 } else { 2 }
        })
    })
}
