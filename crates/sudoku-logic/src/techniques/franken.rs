//! Franken and Mutant fish: fish whose base and cover sets may include boxes.
//!
//! A fish of size `k` on a digit takes `k` base units whose candidates of the digit are all
//! covered by `k` cover units: each base unit needs the digit once, and the covers can take it
//! only `k` times, so the covers' other candidates go. *Franken*: rows (or columns) with boxes
//! as bases, columns (or rows) with boxes as covers. *Mutant*: any units on either side.
//! Base units may overlap (the shared cells are *endo fins*). Candidates of the bases outside
//! the covers are *fins*: then only cover cells that see every fin lose the digit. A cell in
//! two covers ("cannibalistic") loses it too.
//!
//! The search is HoDoKu's (its solver returns the first fish found, so the order decides the
//! path): digits in order; Franken rows first, then columns; base combinations, then cover
//! combinations, each in lexicographic order of units (rows, columns, boxes); at most five
//! fins of which at most two endo fins. HoDoKu's solver uses Franken X-Wing and Swordfish,
//! finned or not; the others are found for hints and "all steps".

use super::{Ctx, digit, push_unique};
use crate::bits::CellSet;
use crate::geometry::Kind;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// The most fins, endo fins included (HoDoKu's `maxFins`).
const MAX_FINS: usize = 5;
/// The most endo fins (HoDoKu's `maxEndoFins`).
const MAX_ENDO_FINS: usize = 2;

/// Which fish a search looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Franken,
    Mutant,
}

/// The fish of one shape at the position, sizes 2 to 4, fin-less then finned for each size;
/// with `ctx.first_only`, only the first fish of each technique a solve path uses.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, shape: Shape, out: &mut Vec<Step>) {
    for k in 2..=4 {
        for finned in [false, true] {
            let technique = technique(shape, k, finned);
            if ctx.first_only && !technique.in_path() {
                continue;
            }
            'digits: for d in 0..ctx.n() {
                for (bases, covers) in unit_lists(ctx, shape, d) {
                    let mut search = Search {
                        ctx,
                        d,
                        k,
                        finned,
                        technique,
                        covers: &covers,
                        found: 0,
                        out: &mut *out,
                    };
                    search.bases(&bases, 0, &mut Vec::new(), CellSet::EMPTY, CellSet::EMPTY);
                    if ctx.first_only && search.found > 0 {
                        break 'digits;
                    }
                }
            }
        }
    }
}

fn technique(shape: Shape, k: usize, finned: bool) -> Technique {
    use Technique::*;
    match (shape, finned, k) {
        (Shape::Franken, false, 2) => FrankenXWing,
        (Shape::Franken, false, 3) => FrankenSwordfish,
        (Shape::Franken, false, _) => FrankenJellyfish,
        (Shape::Franken, true, 2) => FinnedFrankenXWing,
        (Shape::Franken, true, 3) => FinnedFrankenSwordfish,
        (Shape::Franken, true, _) => FinnedFrankenJellyfish,
        (Shape::Mutant, false, 2) => MutantXWing,
        (Shape::Mutant, false, 3) => MutantSwordfish,
        (Shape::Mutant, false, _) => MutantJellyfish,
        (Shape::Mutant, true, 2) => FinnedMutantXWing,
        (Shape::Mutant, true, 3) => FinnedMutantSwordfish,
        (Shape::Mutant, true, _) => FinnedMutantJellyfish,
    }
}

/// The base and cover unit lists of each pass, units holding the digit only, in HoDoKu's
/// order.
fn unit_lists<const W: usize>(
    ctx: &Ctx<W>,
    shape: Shape,
    d: usize,
) -> Vec<(Vec<usize>, Vec<usize>)> {
    let units = |kinds: &[Kind]| -> Vec<usize> {
        kinds
            .iter()
            .flat_map(|&k| ctx.g.lines(k))
            .filter(|&h| !ctx.cells_in(h, d).is_empty())
            .collect()
    };
    match shape {
        Shape::Franken => vec![
            (
                units(&[Kind::Row, Kind::Block]),
                units(&[Kind::Col, Kind::Block]),
            ),
            (
                units(&[Kind::Col, Kind::Block]),
                units(&[Kind::Row, Kind::Block]),
            ),
        ],
        Shape::Mutant => {
            let all = units(&[Kind::Row, Kind::Col, Kind::Block]);
            vec![(all.clone(), all)]
        }
    }
}

struct Search<'a, 'c, 'o, const W: usize> {
    ctx: &'a Ctx<'c, W>,
    d: usize,
    k: usize,
    finned: bool,
    technique: Technique,
    covers: &'a [usize],
    found: usize,
    out: &'o mut Vec<Step>,
}

impl<const W: usize> Search<'_, '_, '_, W> {
    /// Base combinations of `k` units, depth first; `cells` are their candidates and `endo`
    /// the ones two of them share.
    fn bases(
        &mut self,
        units: &[usize],
        from: usize,
        chosen: &mut Vec<usize>,
        cells: CellSet<W>,
        endo: CellSet<W>,
    ) {
        for i in from..units.len() {
            if self.ctx.first_only && self.found > 0 {
                return;
            }
            let u = units[i];
            let unit = self.ctx.cells_in(u, self.d);
            if !self.finned && unit.len() > self.k {
                continue;
            }
            let overlap = unit.and(&cells);
            if !overlap.is_empty() && (!self.finned || endo.len() + overlap.len() > MAX_ENDO_FINS) {
                continue;
            }
            chosen.push(u);
            let (cells2, endo2) = (cells.or(&unit), endo.or(&overlap));
            if chosen.len() == self.k {
                self.with_covers(chosen, &cells2, &endo2);
            } else {
                self.bases(units, i + 1, chosen, cells2, endo2);
            }
            chosen.pop();
        }
    }

    fn with_covers(&mut self, bases: &[usize], cells: &CellSet<W>, endo: &CellSet<W>) {
        let covers: Vec<usize> = self
            .covers
            .iter()
            .copied()
            .filter(|c| !bases.contains(c) && self.ctx.cells_in(*c, self.d).intersects(cells))
            .collect();
        let mut chosen = Vec::with_capacity(self.k);
        self.cover_sets(&covers, 0, &mut chosen, bases, cells, endo);
    }

    fn cover_sets(
        &mut self,
        covers: &[usize],
        from: usize,
        chosen: &mut Vec<usize>,
        bases: &[usize],
        cells: &CellSet<W>,
        endo: &CellSet<W>,
    ) {
        for i in from..covers.len() {
            if self.ctx.first_only && self.found > 0 {
                return;
            }
            chosen.push(covers[i]);
            if chosen.len() == self.k {
                self.check(bases, chosen, cells, endo);
            } else {
                self.cover_sets(covers, i + 1, chosen, bases, cells, endo);
            }
            chosen.pop();
        }
    }

    fn check(&mut self, bases: &[usize], covers: &[usize], cells: &CellSet<W>, endo: &CellSet<W>) {
        let (ctx, d) = (self.ctx, self.d);
        let mut union = CellSet::<W>::EMPTY;
        let mut cannibal = CellSet::<W>::EMPTY;
        for &c in covers {
            let unit = ctx.cells_in(c, d);
            cannibal = cannibal.or(&unit.and(&union));
            union = union.or(&unit);
        }
        let fins = cells.minus(&union).or(endo);
        let mut targets = union.minus(cells).or(&cannibal);
        if self.finned {
            if fins.is_empty() || fins.len() > MAX_FINS {
                return;
            }
            targets = targets.and(&ctx.g.common_peers(fins.iter()));
        } else if !fins.is_empty() {
            return;
        }
        if targets.is_empty() {
            return;
        }
        let mut step = Step::new(self.technique, vec![digit(d)]);
        for &b in bases {
            step.add_house(ctx.g.house(b), Role::Base);
        }
        for &c in covers {
            step.add_house(ctx.g.house(c), Role::Cover);
        }
        for c in cells.iter() {
            let role = if endo.contains(c) {
                Role::EndoFin
            } else if fins.contains(c) {
                Role::Fin
            } else {
                Role::Pattern
            };
            step.add_candidate(ctx.cand(c, d), role);
        }
        for t in targets.iter() {
            step.eliminate(ctx.cand(t, d));
        }
        self.found += 1;
        push_unique(self.out, step);
    }
}
