//! Template Set and Template Delete. A *template* of a digit is one way to place it once in
//! every house: on 9x9, 46,656 of them. The templates still possible for a digit are those
//! that cover its placed cells and stay on its candidates; a digit's template must also miss
//! the cells every template of another digit fills. A cell that every possible template of a
//! digit fills gets the digit (Template Set); a candidate that no possible template uses goes
//! (Template Delete).
//!
//! HoDoKu ships both disabled in its solver (they see through anything, at a score of
//! 10,000): they are found for hints and "all steps". Searched on grids up to 9x9.

use super::{Ctx, digit, push_unique};
use crate::bits::CellSet;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// The most templates kept for one digit; more than a 9x9 grid has (46,656) means a layout
/// this search is not for.
const MAX_TEMPLATES: usize = 50_000;

/// Every Template Set and Template Delete step, one per digit and kind, digits in order.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    if !ctx.g.is_plain() {
        return; // a diagonal or extra region would need its own place in every template
    }
    let n = ctx.n();
    let mut lists: Vec<Vec<CellSet<W>>> = Vec::with_capacity(n);
    for d in 0..n {
        match templates(ctx, d) {
            Some(list) => lists.push(list),
            None => return,
        }
    }
    refine(&mut lists);
    for (d, list) in lists.iter().enumerate() {
        let (all, any) = and_or(list);
        let placed: CellSet<W> = (0..ctx.g.cell_count())
            .filter(|&c| ctx.pos.values()[c] as usize == d + 1)
            .collect();
        let set = all.minus(&placed);
        if !list.is_empty() && !set.is_empty() {
            let mut step = Step::new(Technique::TemplateSet, vec![digit(d)]);
            for c in set.iter() {
                step.add_cell(ctx.cell(c), Role::Pattern);
                step.place(ctx.cand(c, d));
            }
            push_unique(out, step);
        }
        let gone = ctx.digit_cells[d].minus(&any);
        if !list.is_empty() && !gone.is_empty() {
            let mut step = Step::new(Technique::TemplateDelete, vec![digit(d)]);
            for c in gone.iter() {
                step.eliminate(ctx.cand(c, d));
            }
            push_unique(out, step);
        }
    }
}

/// The templates of digit index `d` that the position allows, or `None` past the limit.
fn templates<const W: usize>(ctx: &Ctx<W>, d: usize) -> Option<Vec<CellSet<W>>> {
    let n = ctx.n();
    let mut allowed = ctx.digit_cells[d];
    let mut placed = CellSet::<W>::EMPTY;
    for c in 0..ctx.g.cell_count() {
        if ctx.pos.values()[c] as usize == d + 1 {
            allowed.insert(c);
            placed.insert(c);
        }
    }
    let rows: Vec<Vec<usize>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|k| r * n + k)
                .filter(|&c| allowed.contains(c))
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    let ok = extend(ctx, &rows, 0, CellSet::EMPTY, &placed, &mut out);
    ok.then_some(out)
}

/// Places the digit in row `r` and the rows below, in every way that sees no earlier choice;
/// `false` once the limit is passed.
fn extend<const W: usize>(
    ctx: &Ctx<W>,
    rows: &[Vec<usize>],
    r: usize,
    chosen: CellSet<W>,
    placed: &CellSet<W>,
    out: &mut Vec<CellSet<W>>,
) -> bool {
    if r == rows.len() {
        if placed.is_subset(&chosen) {
            out.push(chosen);
        }
        return out.len() <= MAX_TEMPLATES;
    }
    for &c in &rows[r] {
        if chosen.iter().any(|x| ctx.g.sees(x, c)) {
            continue;
        }
        let mut next = chosen;
        next.insert(c);
        if !extend(ctx, rows, r + 1, next, placed, out) {
            return false;
        }
    }
    true
}

/// The cells every template fills, and the cells some template fills.
fn and_or<const W: usize>(list: &[CellSet<W>]) -> (CellSet<W>, CellSet<W>) {
    let mut all = list.first().copied().unwrap_or_default();
    let mut any = CellSet::EMPTY;
    for t in list {
        all = all.and(t);
        any = any.or(t);
    }
    (all, any)
}

/// Drops every template of a digit that takes a cell every template of another digit needs,
/// until nothing changes (HoDoKu's refinement).
fn refine<const W: usize>(lists: &mut [Vec<CellSet<W>>]) {
    let mut ands: Vec<CellSet<W>> = lists.iter().map(|l| and_or(l).0).collect();
    loop {
        let mut changed = false;
        for j in 0..lists.len() {
            let before = lists[j].len();
            let others: CellSet<W> = ands
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != j)
                .fold(CellSet::EMPTY, |acc, (_, a)| acc.or(a));
            lists[j].retain(|t| !t.intersects(&others));
            if lists[j].len() != before {
                changed = true;
                ands[j] = and_or(&lists[j]).0;
            }
        }
        if !changed {
            return;
        }
    }
}
