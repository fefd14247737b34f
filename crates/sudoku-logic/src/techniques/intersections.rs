//! Locked Candidates: when a digit's candidates in one house all lie in a second house, the
//! digit must go in their intersection, so it leaves the rest of the second house. With a box
//! as the first house that is "pointing" (type 1); with a row or column, "claiming" (type 2).
//! Locked Pair and Locked Triple are naked subsets inside such an intersection and live in
//! [`super::subsets`].

use super::{Ctx, eliminate_all, mark_all, push_unique};
use crate::bits::CellSet;
use crate::geometry::Kind;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// Every locked candidate at the position: boxes first (pointing), then rows and columns
/// (claiming), digits in order, as HoDoKu searches them.
///
/// A digit's locked candidates depend on its cells alone: a solve path remembers the digits
/// where the search found none ([`Ctx::known_barren`]) and passes over them while their
/// cells are the same. A solve path ([`Ctx::first_only`]) takes the first step found (any
/// pointing one comes before every claiming one), and the search stops there, noting
/// nothing (the digits after it were not all looked at).
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    let memo = Technique::LockedCandidatesPointing;
    let skip = ctx.barren_digits(memo);
    let mut found = 0u64;
    for a in ctx.g.blocks_first() {
        for d in (0..ctx.n()).filter(|&d| skip & 1 << d == 0) {
            let cells = ctx.cells_in(a, d);
            if !cells.has_two() {
                continue;
            }
            // A second house holding the cells (two or more) shares them with `a`: one of
            // `a`'s partners, in index order.
            for b in ctx.g.houses_holding(&cells).filter(|&b| b != a) {
                let house = ctx.g.house_set(b);
                // Most intersections clear nothing: no step is built for those.
                if ctx.digit_cells[d].minus(&cells).intersects(house) {
                    locked(ctx, a, b, d, &cells, out);
                    if ctx.first_only {
                        return;
                    }
                    found |= 1 << d;
                }
            }
        }
    }
    ctx.note_barren_but(memo, skip | found);
}

/// The step of digit index `d` in house `a`, all of whose candidates (`cells`) lie in `b`.
fn locked<const W: usize>(
    ctx: &Ctx<W>,
    a: usize,
    b: usize,
    d: usize,
    cells: &CellSet<W>,
    out: &mut Vec<Step>,
) {
    let technique = match ctx.g.kind(a) {
        Kind::Row | Kind::Col => Technique::LockedCandidatesClaiming,
        Kind::Block | Kind::Other => Technique::LockedCandidatesPointing,
    };
    let mut step = Step::new(technique, vec![super::digit(d)]);
    step.add_house(ctx.g.house(a), Role::Base);
    step.add_house(ctx.g.house(b), Role::Cover);
    mark_all(ctx, &mut step, cells, d, Role::Pattern);
    let rest = ctx.g.house_set(b).minus(cells);
    if eliminate_all(ctx, &mut step, &rest, d) {
        push_unique(out, step);
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use sudoku_core::Layout;

    use super::super::testing::{found, positions_past_singles};
    use super::super::{Family, Memo, Options};
    use super::*;
    use crate::geometry::Geometry;

    /// Along solve paths, a search that remembers the digits where it found nothing finds
    /// what the whole search finds; and it does pass over digits.
    #[test]
    fn remembered_barren_digits_change_nothing_found() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let memo = RefCell::new(Memo::default());
        let (mut steps, mut passed) = (0, 0);
        for pos in positions_past_singles(&layout, 30) {
            let whole = found(Family::Intersections, &Ctx::new(&g, &pos, &opts));
            let mut ctx = Ctx::new(&g, &pos, &opts);
            ctx.memo = Some(&memo);
            passed += (0..9)
                .filter(|&d| ctx.known_barren(Technique::LockedCandidatesPointing, d))
                .count();
            assert_eq!(found(Family::Intersections, &ctx), whole);
            steps += whole.len();
        }
        assert!(
            steps >= 100 && passed >= 1000,
            "{steps} steps, {passed} digits passed"
        );
    }
}
