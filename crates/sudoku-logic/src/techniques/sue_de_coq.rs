//! Sue de Coq: two or three empty cells where a line meets a box (the intersection `I`)
//! holding `|I| + 2` or more digits `V`. Cells `CL` of the rest of the line and `CB` of the
//! rest of the box are chosen so that `I`, `CL` and `CB` together hold exactly as many digits
//! as they have cells, with `CL` and `CB` sharing no digit of `V`: then every digit of the
//! three sets is locked in them. The line outside `I` and `CL` loses the digits of `CL` and
//! of `V` that are not in `CB`; the box outside `I` and `CB` loses the digits of `CB` and of
//! `V` that are not in `CL`; a digit outside `V` that both sets hold leaves both houses.
//!
//! The search follows HoDoKu's order, which decides which instance a solve path takes: rows
//! before columns, lines and boxes by index, intersections `{p0,p1}`, `{p0,p1,p2}`,
//! `{p0,p2}`, `{p1,p2}`, then the line's and the box's cell sets in depth-first order.

use super::{Ctx, Heard, Quiet, digits, push_unique};
use crate::bits::{BitIter, CellSet, count_small};
use crate::chain::AlsGroup;
use crate::geometry::Kind;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// Every Sue de Coq at the position, in HoDoKu's search order.
///
/// The search of one line and box reads the cells of those two houses alone: a solve path
/// remembers the pairs where it found nothing ([`Ctx::known_quiet`]) and passes over
/// them while their cells are the same.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    for kind in [Kind::Row, Kind::Col] {
        for line in ctx.g.lines(kind) {
            for block in ctx.g.lines(Kind::Block) {
                let meet = ctx.g.house_set(line).and(ctx.g.house_set(block));
                let open = meet.and(&ctx.empty);
                if !open.has_two() {
                    continue;
                }
                ctx.search_unless_quiet(Quiet::SueDeCoq { line, block }, || {
                    let cells: Vec<usize> = open.iter().collect();
                    let mut search = Search {
                        ctx,
                        line,
                        block,
                        out: &mut *out,
                        found: false,
                    };
                    search.intersections(&cells, 0, &mut Vec::new());
                    Heard::of(search.found, Some(block))
                });
            }
        }
    }
}

/// One line and box being searched.
struct Search<'a, 'o, const W: usize> {
    ctx: &'a Ctx<'a, W>,
    line: usize,
    block: usize,
    out: &'o mut Vec<Step>,
    /// Whether a step was found (pushed, or equal to one pushed before).
    found: bool,
}

impl<const W: usize> Search<'_, '_, W> {
    /// Intersections of two and three cells, in depth-first order.
    fn intersections(&mut self, cells: &[usize], from: usize, chosen: &mut Vec<usize>) {
        for k in from..cells.len() {
            chosen.push(cells[k]);
            if chosen.len() >= 2 {
                self.intersection(chosen);
            }
            if chosen.len() < 3 {
                self.intersections(cells, k + 1, chosen);
            }
            chosen.pop();
        }
    }

    fn intersection(&mut self, meet: &[usize]) {
        let v = meet.iter().fold(0, |m, &c| m | self.ctx.mask(c));
        let plus = count_small(v);
        if plus < meet.len() + 2 {
            return;
        }
        let meet_set = CellSet::<W>::from_indices(meet.iter().copied());
        let empty = &self.ctx.empty;
        let sources: Vec<usize> = self
            .ctx
            .g
            .house_set(self.line)
            .and(empty)
            .minus(&meet_set)
            .iter()
            .collect();
        let mut pick = Pick::new(meet_set, v, plus - meet.len());
        self.line_sets(&sources, 0, 0, &mut pick);
    }

    /// Every nonempty subset of the line's other cells, depth first; each accepted one is
    /// tried with the box's cell sets. `size`: the cells chosen so far.
    ///
    /// A set is accepted only with more cells than digits outside `V`, and a cell added
    /// never takes such a digit away: a set whose digits outside `V` are as many as its
    /// cells and all the cells still to come is not extended, and the sets accepted, in
    /// their order, are those of the whole tree.
    fn line_sets(&mut self, sources: &[usize], from: usize, size: usize, pick: &mut Pick<W>) {
        for k in from..sources.len() {
            let c = sources[k];
            pick.line.insert(c);
            let saved = pick.line_mask;
            pick.line_mask |= self.ctx.mask(c);
            let (inside, extra) = split(pick.line_mask, pick.v);
            let size = size + 1;
            if inside > 0 && size > extra && size - extra < pick.plus {
                self.box_search(pick, pick.plus - (size - extra));
            }
            if size + (sources.len() - k - 1) > extra {
                self.line_sets(sources, k + 1, size, pick);
            }
            pick.line_mask = saved;
            pick.line.remove(c);
        }
    }

    fn box_search(&mut self, pick: &mut Pick<W>, need: usize) {
        let banned = pick.line_mask & pick.v;
        let sources: Vec<usize> = self
            .ctx
            .g
            .house_set(self.block)
            .and(&self.ctx.empty)
            .minus(&pick.meet)
            .minus(&pick.line)
            .iter()
            .filter(|&c| self.ctx.mask(c) & banned == 0)
            .collect();
        pick.block = CellSet::EMPTY;
        pick.block_mask = 0;
        self.box_sets(&sources, 0, 0, pick, need);
    }

    /// Every nonempty subset of the box's cells left, depth first, as [`Search::line_sets`]:
    /// one is accepted with `need` cells more than digits outside `V`, so a set that cannot
    /// reach that with every cell still to come is not extended.
    fn box_sets(
        &mut self,
        sources: &[usize],
        from: usize,
        size: usize,
        pick: &mut Pick<W>,
        need: usize,
    ) {
        for k in from..sources.len() {
            let c = sources[k];
            pick.block.insert(c);
            let saved = pick.block_mask;
            pick.block_mask |= self.ctx.mask(c);
            let (inside, extra) = split(pick.block_mask, pick.v);
            let size = size + 1;
            if inside > 0 && size >= extra && size - extra == need {
                self.report(pick);
            }
            if size + (sources.len() - k - 1) >= extra + need {
                self.box_sets(sources, k + 1, size, pick, need);
            }
            pick.block_mask = saved;
            pick.block.remove(c);
        }
    }

    fn report(&mut self, pick: &Pick<W>) {
        let ctx = self.ctx;
        let (v, vl, vb) = (pick.v, pick.line_mask, pick.block_mask);
        let both = vl & vb;
        let mut step = Step::new(Technique::SueDeCoq, digits(v));
        let block_rest = ctx
            .g
            .house_set(self.block)
            .minus(&pick.block)
            .minus(&pick.meet);
        for d in BitIter(((v | vb) & !vl) | both) {
            super::eliminate_all(ctx, &mut step, &block_rest, d);
        }
        let line_rest = ctx
            .g
            .house_set(self.line)
            .minus(&pick.line)
            .minus(&pick.meet);
        for d in BitIter(((v | vl) & !vb) | both) {
            super::eliminate_all(ctx, &mut step, &line_rest, d);
        }
        if !step.is_productive() {
            return;
        }
        self.found = true;
        step.add_house(ctx.g.house(self.line), Role::Base);
        step.add_house(ctx.g.house(self.block), Role::Cover);
        for (set, mask, role) in [
            (&pick.meet, v, Role::Pattern),
            (&pick.line, vl, Role::ColorA),
            (&pick.block, vb, Role::ColorB),
        ] {
            for c in set.iter() {
                for d in BitIter(ctx.mask(c)) {
                    step.add_candidate(ctx.cand(c, d), role);
                }
            }
            step.sets.push(AlsGroup {
                cells: set.iter().map(|c| ctx.cell(c)).collect(),
                digits: digits(mask),
            });
        }
        push_unique(self.out, step);
    }
}

/// The sets chosen so far: the intersection and its digits, the line's cells and the box's.
struct Pick<const W: usize> {
    meet: CellSet<W>,
    v: u64,
    /// How many more digits than cells the intersection has.
    plus: usize,
    line: CellSet<W>,
    line_mask: u64,
    block: CellSet<W>,
    block_mask: u64,
}

impl<const W: usize> Pick<W> {
    fn new(meet: CellSet<W>, v: u64, plus: usize) -> Pick<W> {
        Pick {
            meet,
            v,
            plus,
            line: CellSet::EMPTY,
            line_mask: 0,
            block: CellSet::EMPTY,
            block_mask: 0,
        }
    }
}

/// How many digits of `mask` are in `v`, and how many are not.
fn split(mask: u64, v: u64) -> (usize, usize) {
    (count_small(mask & v), count_small(mask & !v))
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use sudoku_core::Layout;

    use super::super::testing::{diabolical_positions, found, path_positions};
    use super::super::{Family, Memo, Options};
    use super::*;
    use crate::geometry::Geometry;

    /// Along solve paths, a search that remembers the lines and boxes where it found
    /// nothing finds what the whole search finds; and it does pass over some.
    #[test]
    fn remembered_quiet_pairs_change_nothing_found() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let memo = RefCell::new(Memo::default());
        let (mut steps, mut passed) = (0, 0);
        let positions = path_positions(&layout, 40);
        for (pos, _) in positions
            .into_iter()
            .chain(diabolical_positions(&layout, 40))
        {
            let whole = found(Family::SueDeCoq, &Ctx::new(&g, &pos, &opts));
            let mut ctx = Ctx::new(&g, &pos, &opts);
            ctx.memo = Some(&memo);
            for line in (0..27).filter(|&h| g.kind(h) != Kind::Block) {
                passed += g
                    .lines(Kind::Block)
                    .filter(|&block| ctx.known_quiet(Quiet::SueDeCoq { line, block }))
                    .count();
            }
            assert_eq!(found(Family::SueDeCoq, &ctx), whole);
            steps += whole.len();
        }
        assert!(
            steps >= 50 && passed >= 10_000,
            "{steps} steps, {passed} pairs passed"
        );
    }
}
