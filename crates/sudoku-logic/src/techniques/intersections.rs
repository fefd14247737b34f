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
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    let mut partners = Vec::new();
    for a in ctx.g.blocks_first() {
        partners.clear();
        let overlapping = ctx.g.overlaps().iter().filter(|&&(x, _)| x == a);
        partners.extend(overlapping.map(|&(_, b)| b));
        for d in 0..ctx.n() {
            let cells = ctx.cells_in(a, d);
            if cells.len() < 2 {
                continue;
            }
            for &b in &partners {
                let house = ctx.g.house_set(b);
                // Most intersections clear nothing: no step is built for those.
                if cells.is_subset(house) && ctx.digit_cells[d].minus(&cells).intersects(house) {
                    locked(ctx, a, b, d, &cells, out);
                }
            }
        }
    }
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
