//! Subsets. A *naked* subset is `k` cells of a house whose candidates together are only `k`
//! digits: those digits go in those cells, so they leave every other cell that sees all `k`.
//! When the cells (2 or 3 of them) also share a box and a line, HoDoKu calls it a Locked
//! Pair/Triple and clears both houses. A *hidden* subset is `k` digits that have only the same
//! `k` cells left in a house: every other digit leaves those cells.
//!
//! Houses are searched boxes first, then rows and columns, as HoDoKu does, so the first step
//! found is the one HoDoKu's solver takes.

use super::{Ctx, Heard, Quiet, digits, push_unique};
use crate::bits::{CellSet, HousePlaces, for_each_narrow_combination, has_at_most};
use crate::geometry::Kind;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// Every naked and hidden subset of size `k` (2 to 4) at the position.
///
/// For a solve path ([`Ctx::first_only`]), quadruples only in houses with 8 empty cells or
/// more. In a house with `m` empty cells, the cells outside a naked quadruple hold a hidden
/// subset of the other `m - 4` digits, with the same eliminations, and the cells of a
/// hidden quadruple leave a naked `m - 4` subset: where `m` is 7 or less, that is a single,
/// pair or triple, which a path takes first. Such a house can hold no quadruple that a path
/// would take, and at the positions where a path looks for quadruples (past the singles and
/// smaller subsets) most houses have fewer than 8 empty cells.
///
/// A hidden search reads its house's cells alone, and a naked one its house's and those of
/// the other house its subsets share, if any (see [`Quiet`]): a path passes over such
/// houses while their cells are the same.
///
/// A solve path takes the first naked subset of size `k` (HoDoKu looks for naked pairs and
/// triples before hidden ones, and the Locked Pairs and Triples a naked search may also
/// meet were looked for before both), else the first hidden one: with
/// [`Ctx::first_only`] the search stops at the first of each.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, k: usize, out: &mut Vec<Step>) {
    let worth = |h: usize| k < 4 || !ctx.first_only || ctx.empty.and(ctx.g.house_set(h)).len() >= 8;
    let from = out.len();
    // Whether the path's step is among those found (a naked or hidden subset of size `k`).
    let done =
        |out: &Vec<Step>| ctx.first_only && out[from..].iter().any(|s| !is_locked(s.technique));
    for house in ctx.g.blocks_first().filter(|&h| worth(h)) {
        let search = Quiet::Naked {
            house,
            k,
            locked: false,
        };
        ctx.search_unless_quiet(search, || naked_among(ctx, house, k, false, out));
        if done(out) {
            return;
        }
    }
    for house in ctx.g.blocks_first().filter(|&h| worth(h)) {
        let search = Quiet::Hidden { house, k };
        ctx.search_unless_quiet(search, || Heard::of(hidden(ctx, house, k, out), None));
        if done(out) {
            return;
        }
    }
}

/// Every Locked Pair and Locked Triple at the position: the naked subsets of the blocks
/// whose cells also share a line, pairs first. The same steps, in the same order, as the
/// searches of all subsets of sizes 2 and 3 report them (a locked subset lies in a block,
/// and blocks are searched first), for a fraction of the work: HoDoKu looks for these first
/// after the singles, so a solve path asks at every position past the singles, and most of
/// those positions then take a Locked Candidates step or a plain subset.
pub(crate) fn find_locked<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    let from = out.len();
    for k in 2..=3 {
        for &house in ctx.g.houses_of_kind(Kind::Block) {
            let search = Quiet::Naked {
                house,
                k,
                locked: true,
            };
            ctx.search_unless_quiet(search, || naked_among(ctx, house, k, true, out));
        }
        // A path takes the first Locked Pair before any Locked Triple.
        if ctx.first_only && out.len() > from {
            return;
        }
    }
}

/// The most cells a house has (and digits a grid has): lists of a house live on the stack.
const MAX_HOUSE: usize = sudoku_core::MAX_SIZE;

/// Naked subsets of size `k` in house `h`; only the locked ones when `locked_only` is set
/// (their cells share a line as well, and the step clears both houses).
///
/// Nothing is heard where no subset clears anything: the subsets are those of the house,
/// and what each clears lies in the houses holding all its cells, `h` and at most one
/// other on a plain grid. Where the subsets met share more than one other house, what the
/// search read is not kept ([`Heard::Something`]).
fn naked_among<const W: usize>(
    ctx: &Ctx<W>,
    h: usize,
    k: usize,
    locked_only: bool,
    out: &mut Vec<Step>,
) -> Heard {
    let (mut cleared, mut beside, mut several) = (false, None, false);
    // Cells as `u16`: the arrays are set to zero at every search, and most searches
    // find few cells to try.
    let (mut cells, mut masks, mut len) = ([0u16; MAX_HOUSE], [0u64; MAX_HOUSE], 0);
    for &c in ctx.g.house_cells(h) {
        let m = ctx.mask(c);
        if m != 0 && has_at_most(m, k) {
            (cells[len], masks[len]) = (c as u16, m);
            len += 1;
        }
    }
    let mut chosen_cells = [0usize; 4];
    for_each_narrow_combination(
        &masks[..len],
        k,
        0,
        |u| has_at_most(u, k),
        &mut |chosen, union| {
            if !has_at_most(union, k - 1) {
                for (slot, &j) in chosen_cells.iter_mut().zip(chosen) {
                    *slot = usize::from(cells[j]);
                }
                let chosen = &chosen_cells[..k];
                if locked_only && !ctx.g.shares_a_line(chosen) {
                    return true;
                }
                let set = CellSet::<W>::from_indices(chosen.iter().copied());
                for x in ctx.g.houses_holding(&set).filter(|&x| x != h) {
                    several |= beside.is_some_and(|b| b != x);
                    beside = Some(x);
                }
                if clears_something(ctx, chosen, union) {
                    cleared = true;
                    let step = naked_step(ctx, h, chosen, union);
                    if !locked_only || is_locked(step.technique) {
                        push_unique(out, step);
                    }
                }
            }
            true
        },
    );
    if cleared || several {
        Heard::Something
    } else {
        Heard::Nothing { beside }
    }
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

fn is_locked(technique: Technique) -> bool {
    matches!(technique, Technique::LockedPair | Technique::LockedTriple)
}

/// The step of a naked subset found in house `h`: a Locked Pair or Triple when it clears
/// both a box and a line it lies in, else a plain naked subset of `h`.
fn naked_step<const W: usize>(ctx: &Ctx<W>, h: usize, chosen: &[usize], union: u64) -> Step {
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
    step
}

/// Hidden subsets of size `k` in house `h`. Each digit's places in the house are a word of
/// bits (bit `i`: the house's `i`-th cell), so a combination of digits costs an OR and a
/// popcount; the cells are turned into a set only for a hit. Whether it found one.
fn hidden<const W: usize>(ctx: &Ctx<W>, h: usize, k: usize, out: &mut Vec<Step>) -> bool {
    let mut any = false;
    let house = ctx.g.house_cells(h);
    let found = HousePlaces::gather(house.iter().copied(), ctx.n(), 1..=k as u32, |c| {
        let value = ctx.pos.values()[c] as u32;
        let placed = if value > 0 { 1 << (value - 1) } else { 0 };
        (ctx.mask(c), placed)
    });
    let mut digits = [0usize; 4];
    for_each_narrow_combination(
        found.places(),
        k,
        0,
        |u| has_at_most(u, k),
        &mut |chosen, union| {
            if !has_at_most(union, k - 1) {
                for (slot, &j) in digits.iter_mut().zip(chosen) {
                    *slot = found.digits[j] as usize;
                }
                let cells = CellSet::<W>::from_indices(super::BitIter(union).map(|i| house[i]));
                // Done its work already (its cells hold its digits alone): no step.
                let keep = digits[..k].iter().fold(0u64, |m, &d| m | 1 << d);
                if cells.iter().any(|c| ctx.mask(c) & !keep != 0) {
                    out_hidden(ctx, h, &digits[..k], &cells, out);
                    any = true;
                }
            }
            true
        },
    );
    any
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

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::super::testing::{
        diabolical_positions, found, path_positions, positions_past_singles,
    };
    use super::super::{Family, Memo, Options};
    use super::*;
    use crate::geometry::Geometry;
    use sudoku_core::Layout;

    /// The search for locked subsets alone reports the Locked Pairs and Triples that the
    /// searches of all pairs and triples report, in the same order (so a path takes the
    /// same one); and it finds some.
    #[test]
    fn locked_subsets_alone_are_those_of_all_subsets() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let mut locked_seen = 0;
        for pos in positions_past_singles(&layout, 40) {
            let ctx = Ctx::new(&g, &pos, &opts);
            let mut all = found(Family::Pairs, &ctx);
            all.extend(found(Family::Triples, &ctx));
            all.retain(|s| is_locked(s.technique));
            assert_eq!(found(Family::Locked, &ctx), all);
            locked_seen += all.len();
        }
        assert!(locked_seen >= 40, "{locked_seen} locked subsets seen");
    }

    /// Where a path looks for quadruples (no single, locked candidates or smaller subset
    /// left), the search that skips houses with fewer than 8 empty cells (and stops at the
    /// path's step) finds the whole search's first quadruples; and such positions with
    /// quadruples occur.
    #[test]
    fn quadruples_a_path_looks_for_are_all_in_roomy_houses() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let (mut stalls, mut with_quads) = (0, 0);
        for pos in positions_past_singles(&layout, 120) {
            let mut ctx = Ctx::new(&g, &pos, &opts);
            let easier = [
                Family::Singles,
                Family::Intersections,
                Family::Pairs,
                Family::Triples,
            ];
            if easier.iter().any(|&f| !found(f, &ctx).is_empty()) {
                continue;
            }
            stalls += 1;
            let all = found(Family::Quads, &ctx);
            ctx.first_only = true;
            let first = found(Family::Quads, &ctx);
            assert!(all.starts_with(&first) && first.is_empty() == all.is_empty());
            with_quads += usize::from(!all.is_empty());
        }
        assert!(stalls >= 400 && with_quads >= 3, "{stalls} {with_quads}");
    }

    /// Searches that remember the houses where they found nothing, with one memo over the
    /// positions of many paths (so over positions that gain candidates as well as lose
    /// them), find what the whole searches find; and they do pass over houses.
    #[test]
    fn remembered_quiet_houses_change_nothing_found() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let memo = RefCell::new(Memo::default());
        let families = [
            Family::Locked,
            Family::Pairs,
            Family::Triples,
            Family::Quads,
        ];
        let (mut steps, mut passed) = (0, 0);
        let positions = path_positions(&layout, 40);
        for (pos, _) in positions
            .into_iter()
            .chain(diabolical_positions(&layout, 40))
        {
            let mut ctx = Ctx::new(&g, &pos, &opts);
            ctx.memo = Some(&memo);
            for house in 0..27 {
                for k in 2..=4 {
                    let searches = [
                        Quiet::Naked {
                            house,
                            k,
                            locked: false,
                        },
                        Quiet::Hidden { house, k },
                    ];
                    passed += searches.iter().filter(|&&q| ctx.known_quiet(q)).count();
                }
            }
            for family in families {
                let whole = found(family, &Ctx::new(&g, &pos, &opts));
                assert_eq!(found(family, &ctx), whole, "{family:?}");
                steps += whole.len();
            }
        }
        assert!(
            steps >= 100 && passed >= 10_000,
            "{steps} steps, {passed} searches passed"
        );
    }
}
