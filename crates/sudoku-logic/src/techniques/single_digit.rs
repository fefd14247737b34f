//! Single-digit patterns: two strong links joined by a weak one (Skyscraper, 2-String Kite,
//! Turbot Fish) and the Empty Rectangle.
//!
//! A *strong link* is a house where the digit has exactly two places: one of them holds it.
//! Take two strong links `y1 = x1` and `x2 = y2` whose inner ends `x1`, `x2` see each other
//! (at most one is true): then `y1` or `y2` is true, and any cell seeing both loses the digit.
//! Two parallel lines joined through a cross line make a Skyscraper, a row and a column joined
//! in a box a 2-String Kite, anything else (a box link, a box join) a Turbot Fish.
//!
//! An *Empty Rectangle*: a box whose candidates all lie on one row `R` and one column `C` of
//! it, and a strong link in a column outside the box with one end on `R`. If the link's other
//! end `q` is false, the first end fills `R`, so the box needs its digit in `C`; so a cell of
//! `C` on `q`'s row cannot hold the digit.

use super::{Ctx, digit, push_unique};
use crate::bits::CellSet;
use crate::geometry::Kind;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// A strong link: a house with exactly two candidates of the digit.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Link {
    pub(crate) house: usize,
    pub(crate) ends: [usize; 2],
}

/// Every single-digit pattern at the position.
///
/// Turbot Fish come last, best first as HoDoKu ranks them (it finds them as chains of three
/// links): most eliminations, then `index_sum`.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    let start = out.len();
    for d in (0..ctx.n()).filter(|&d| ctx.lone_digit_may_act(d)) {
        let links = strong_links(ctx, d);
        for (i, a) in links.iter().enumerate() {
            for b in &links[i + 1..] {
                two_links(ctx, d, a, b, out);
            }
        }
        empty_rectangles(ctx, d, out);
    }
    let (mut turbots, others): (Vec<Step>, Vec<Step>) = out
        .drain(start..)
        .partition(|s| s.technique == Technique::TurbotFish);
    out.extend(others);
    duals(ctx, start, out);
    turbots.sort_by_key(|s| {
        (
            std::cmp::Reverse(s.eliminations.len()),
            super::chains::index_sum(s, ctx.n()),
        )
    });
    out.extend(turbots);
}

/// The strong links of digit index `d`: each house (in order) where it has two places.
pub(crate) fn strong_links<const W: usize>(ctx: &Ctx<W>, d: usize) -> Vec<Link> {
    (0..ctx.g.house_count())
        .filter_map(|h| {
            let cells = ctx.cells_in(h, d);
            let mut it = cells.iter();
            match (cells.len(), it.next(), it.next()) {
                (2, Some(a), Some(b)) => Some(Link {
                    house: h,
                    ends: [a, b],
                }),
                _ => None,
            }
        })
        .collect()
}

/// Both ways of joining two links by their ends.
fn two_links<const W: usize>(ctx: &Ctx<W>, d: usize, a: &Link, b: &Link, out: &mut Vec<Step>) {
    let cells = [a.ends[0], a.ends[1], b.ends[0], b.ends[1]];
    if (0..4).any(|i| (i + 1..4).any(|j| cells[i] == cells[j])) {
        return;
    }
    for ia in 0..2 {
        for ib in 0..2 {
            let (x1, y1) = (a.ends[ia], a.ends[1 - ia]);
            let (x2, y2) = (b.ends[ib], b.ends[1 - ib]);
            if !ctx.g.sees(x1, x2) {
                continue;
            }
            let Some(technique) = classify(ctx, a.house, b.house, [x1, y1, x2, y2]) else {
                continue;
            };
            let targets = ctx
                .g
                .common_peers([y1, y2])
                .and(&ctx.digit_cells[d])
                .minus(&CellSet::<W>::from_indices(cells));
            if targets.is_empty() {
                continue;
            }
            let mut step = Step::new(technique, vec![digit(d)]);
            step.add_house(ctx.g.house(a.house), Role::Base);
            step.add_house(ctx.g.house(b.house), Role::Base);
            for c in [y1, x1, x2, y2] {
                step.add_candidate(ctx.cand(c, d), Role::Pattern);
            }
            step.add_candidate(ctx.cand(y1, d), Role::LinkStrong);
            step.add_candidate(ctx.cand(x1, d), Role::LinkStrong);
            step.add_candidate(ctx.cand(x2, d), Role::LinkWeak);
            for t in targets.iter() {
                step.eliminate(ctx.cand(t, d));
            }
            push_unique(out, step);
        }
    }
}

/// The name of two strong links `y1-x1` (house `ha`) and `x2-y2` (house `hb`) joined at
/// `x1`, `x2`; `None` when they form an X-Wing instead.
fn classify<const W: usize>(
    ctx: &Ctx<W>,
    ha: usize,
    hb: usize,
    [x1, y1, x2, y2]: [usize; 4],
) -> Option<Technique> {
    let g = ctx.g;
    let (ka, kb) = (g.kind(ha), g.kind(hb));
    let lines = |k: Kind| matches!(k, Kind::Row | Kind::Col);
    if ka == kb && lines(ka) {
        let cross = |c: usize| {
            if ka == Kind::Row {
                g.col_of(c)
            } else {
                g.row_of(c)
            }
        };
        if cross(x1) == cross(x2) {
            return (cross(y1) != cross(y2)).then_some(Technique::Skyscraper);
        }
    }
    if lines(ka) && lines(kb) && ka != kb {
        let block = g.block_of(x1);
        if g.block_of(x2) == block && g.block_of(y1) != block && g.block_of(y2) != block {
            return Some(Technique::TwoStringKite);
        }
    }
    Some(Technique::TurbotFish)
}

/// The empty rectangles of digit index `d`, in HoDoKu's order (which decides the one a solve
/// path takes): boxes in order; in a box, the crossing row and column from the bottom right
/// to the top left; for each, the strong links in the columns through the row's cells outside
/// the box, then those in the rows through the column's cells.
fn empty_rectangles<const W: usize>(ctx: &Ctx<W>, d: usize, out: &mut Vec<Step>) {
    let min = if ctx.opts.empty_rectangle_two_candidates {
        2
    } else {
        3
    };
    for b in ctx.g.lines(Kind::Block) {
        let cells = ctx.cells_in(b, d);
        if cells.len() < min {
            continue;
        }
        let box_set = ctx.g.house_set(b);
        let through = |kind: Kind| -> Vec<usize> {
            let lines = ctx.g.lines(kind);
            let mut v: Vec<usize> = lines
                .filter(|&x| ctx.g.house_set(x).intersects(box_set))
                .collect();
            v.reverse();
            v
        };
        let cols = through(Kind::Col);
        for r in through(Kind::Row) {
            for &c in &cols {
                let (row, col) = (ctx.g.house_set(r), ctx.g.house_set(c));
                if !cells.is_subset(&row.or(col)) || cells.is_subset(row) || cells.is_subset(col) {
                    continue;
                }
                let er = Er { b, r, c, cells };
                er.links(ctx, d, Kind::Col, out);
                er.links(ctx, d, Kind::Row, out);
            }
        }
    }
}

/// An empty rectangle: box `b`, whose candidates lie on row `r` and column `c`.
struct Er<const W: usize> {
    b: usize,
    r: usize,
    c: usize,
    cells: CellSet<W>,
}

impl<const W: usize> Er<W> {
    /// The eliminations through strong links in houses of `kind` (columns: the links start on
    /// the box's row; rows: on its column).
    fn links(&self, ctx: &Ctx<W>, d: usize, kind: Kind, out: &mut Vec<Step>) {
        let g = ctx.g;
        let (line, cross) = match kind {
            Kind::Col => (self.r, self.c),
            _ => (self.c, self.r),
        };
        let box_set = g.house_set(self.b);
        for p in ctx.cells_in(line, d).minus(box_set).iter() {
            let house = if kind == Kind::Col {
                g.col_of(p)
            } else {
                g.row_of(p)
            };
            let link = ctx.cells_in(house, d);
            if link.len() != 2 {
                continue;
            }
            let Some(q) = link.iter().find(|&x| x != p) else {
                continue;
            };
            // The target: on `cross`, in q's row (column link) or q's column (row link).
            let q_line = if kind == Kind::Col {
                g.row_of(q)
            } else {
                g.col_of(q)
            };
            let target = g.house_set(q_line).and(g.house_set(cross));
            let Some(e) = target.first() else { continue };
            if box_set.contains(e) || !ctx.has(e, d) {
                continue;
            }
            let mut step = Step::new(Technique::EmptyRectangle, vec![digit(d)]);
            step.add_house(g.house(self.b), Role::Base);
            for cell in self.cells.iter() {
                step.add_candidate(ctx.cand(cell, d), Role::Pattern);
            }
            step.add_candidate(ctx.cand(p, d), Role::LinkStrong);
            step.add_candidate(ctx.cand(q, d), Role::LinkStrong);
            step.eliminate(ctx.cand(e, d));
            push_unique(out, step);
        }
    }
}

/// Dual 2-String Kites and Dual Empty Rectangles (HoDoKu's, off in its solver): two kites
/// through the same two box cells, or two empty rectangles on the same box candidates, that
/// remove different candidates make one step removing both (named by the first one's digit).
fn duals<const W: usize>(ctx: &Ctx<W>, start: usize, out: &mut Vec<Step>) {
    let mut found = Vec::new();
    let steps = &out[start..];
    for (i, a) in steps.iter().enumerate() {
        for b in &steps[i + 1..] {
            // HoDoKu pairs kites by their box cells alone, whatever their digits.
            let kites = a.technique == Technique::TwoStringKite;
            if a.technique != b.technique
                || (!kites && a.digits != b.digits)
                || a.eliminations == b.eliminations
            {
                continue;
            }
            let technique = match a.technique {
                Technique::TwoStringKite if box_cells(ctx, a) == box_cells(ctx, b) => {
                    Technique::Dual2StringKite
                }
                Technique::EmptyRectangle
                    if a.houses_with_role(Role::Base) == b.houses_with_role(Role::Base)
                        && a.cells_with_role(Role::Pattern) == b.cells_with_role(Role::Pattern) =>
                {
                    Technique::DualEmptyRectangle
                }
                _ => continue,
            };
            let mut step = Step::new(technique, a.digits.clone());
            for h in a.highlights.iter().chain(&b.highlights) {
                match h.target {
                    crate::step::Target::Candidate(c) if h.role == Role::Removed => {
                        step.eliminate(c)
                    }
                    _ => step.highlights.push(*h),
                }
            }
            step.highlights.dedup();
            found.push(step);
        }
    }
    for step in found {
        push_unique(out, step);
    }
}

/// The two cells of a 2-String Kite that share its box.
fn box_cells<const W: usize>(ctx: &Ctx<W>, step: &Step) -> Vec<usize> {
    let cells: Vec<usize> = step
        .cells_with_role(Role::Pattern)
        .iter()
        .map(|c| c.index(ctx.n()))
        .collect();
    let mut out: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&x| {
            cells
                .iter()
                .any(|&y| y != x && ctx.g.block_of(x) == ctx.g.block_of(y))
        })
        .collect();
    out.sort_unstable();
    out
}
