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

use super::{Ctx, digit};
use crate::bits::CellSet;
use crate::geometry::Kind;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// The most fins, endo fins included (HoDoKu's `maxFins`).
const MAX_FINS: usize = 5;
/// The most endo fins (HoDoKu's `maxEndoFins`).
const MAX_ENDO_FINS: usize = 2;
/// The most cover units a base combination can have: 27 for a Mutant fish on 9x9, the
/// largest grid these fish are searched on.
const MAX_COVERS: usize = 32;

/// Which fish a search looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Franken,
    Mutant,
}

/// The largest fish searched: a Whale (size 6), HoDoKu's largest with a library line.
const MAX_SIZE: usize = 6;

/// The fish of one shape at the position with `sizes` base units (2 to 4, or 5 and 6 for
/// Mutant fish asked for by name), fin-less then finned for each size; with
/// `ctx.first_only`, only the first fish of each technique a solve path uses.
pub(crate) fn find<const W: usize>(
    ctx: &Ctx<W>,
    shape: Shape,
    sizes: std::ops::RangeInclusive<usize>,
    out: &mut Vec<Step>,
) {
    let from = out.len();
    for k in sizes {
        for finned in [false, true] {
            let technique = technique(shape, k, finned);
            if ctx.first_only && !technique.in_path() {
                continue;
            }
            'digits: for d in 0..ctx.n() {
                if !ctx.lone_digit_may_act(d) {
                    ctx.note_barren(technique, d);
                    continue;
                }
                let lost = ctx.lost_since_barren(technique, d);
                if lost.is_some_and(|lost| lost.is_empty()) {
                    continue;
                }
                let mut found = 0;
                for (bases, covers) in unit_lists(ctx, shape, d) {
                    // Only base combinations with a unit that lost a cell can hold a fish
                    // the last, barren search did not find (see `Touched`).
                    let touched = Touched::new(ctx, &bases, lost.as_ref());
                    let mut search = Search {
                        ctx,
                        d,
                        k,
                        finned,
                        technique,
                        covers: &covers,
                        touched: &touched,
                        found: 0,
                        out: &mut *out,
                    };
                    search.bases(
                        &bases,
                        0,
                        &mut Vec::new(),
                        CellSet::EMPTY,
                        CellSet::EMPTY,
                        false,
                    );
                    found += search.found;
                    if ctx.first_only && found > 0 {
                        break 'digits;
                    }
                }
                if found == 0 {
                    ctx.note_barren(technique, d);
                }
            }
        }
    }
    super::fish::finish_siamese(ctx, out, from);
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
        (Shape::Mutant, false, 4) => MutantJellyfish,
        (Shape::Mutant, false, 5) => MutantSquirmbag,
        (Shape::Mutant, false, _) => MutantWhale,
        (Shape::Mutant, true, 2) => FinnedMutantXWing,
        (Shape::Mutant, true, 3) => FinnedMutantSwordfish,
        (Shape::Mutant, true, 4) => FinnedMutantJellyfish,
        (Shape::Mutant, true, 5) => FinnedMutantSquirmbag,
        (Shape::Mutant, true, _) => FinnedMutantWhale,
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

/// Which base units lost a cell of the digit since the search last found nothing on it.
///
/// Along a solve path candidates only go. Take a fish none of whose base units lost a cell:
/// its base cells, fins and endo fins are what they were, and its covers held the same base
/// cells and more other cells, so it had at least the eliminations it has now, and every cut
/// of the search let it through then as now. The barren search would have found it; so a fish
/// it did not find has a base unit that lost a cell, and only those base combinations are
/// searched (in the same order, so the first fish found is the same).
struct Touched {
    /// `from[i]`: whether some base unit from position `i` on lost a cell.
    from: [bool; MAX_UNITS + 1],
    /// Whether the unit at each position lost a cell.
    unit: [bool; MAX_UNITS],
    /// Whether every combination is searched (no barren search to build on).
    all: bool,
}

/// The most base units of one pass: rows, columns and boxes of a 9x9 grid, the largest these
/// fish are searched on.
const MAX_UNITS: usize = 32;

impl Touched {
    fn new<const W: usize>(ctx: &Ctx<W>, bases: &[usize], lost: Option<&CellSet<W>>) -> Touched {
        let mut touched = Touched {
            from: [false; MAX_UNITS + 1],
            unit: [false; MAX_UNITS],
            all: true,
        };
        let Some(lost) = lost.filter(|_| bases.len() <= MAX_UNITS) else {
            return touched;
        };
        touched.all = false;
        for (i, &u) in bases.iter().enumerate().rev() {
            touched.unit[i] = ctx.g.house_set(u).intersects(lost);
            touched.from[i] = touched.from[i + 1] || touched.unit[i];
        }
        touched
    }
}

struct Search<'a, 'c, 'o, const W: usize> {
    ctx: &'a Ctx<'c, W>,
    d: usize,
    k: usize,
    finned: bool,
    technique: Technique,
    covers: &'a [usize],
    touched: &'a Touched,
    found: usize,
    out: &'o mut Vec<Step>,
}

impl<const W: usize> Search<'_, '_, '_, W> {
    /// Base combinations of `k` units, depth first; `cells` are their candidates and `endo`
    /// the ones two of them share.
    /// `touched`: whether a chosen unit lost a cell ([`Touched`]).
    fn bases(
        &mut self,
        units: &[usize],
        from: usize,
        chosen: &mut Vec<usize>,
        cells: CellSet<W>,
        endo: CellSet<W>,
        touched: bool,
    ) {
        for i in from..units.len() {
            if self.ctx.first_only && self.found > 0 {
                return;
            }
            let touched = touched || self.touched.all || self.touched.unit[i];
            if !(touched || self.touched.from[i]) {
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
            if chosen.len() < self.k {
                self.bases(units, i + 1, chosen, cells2, endo2, touched);
            } else if touched {
                self.with_covers(chosen, &cells2, &endo2);
            }
            chosen.pop();
        }
    }

    /// The cover combinations of the bases, in lexicographic order of units (the order HoDoKu
    /// tries them in). This runs for every base combination, so it allocates nothing.
    fn with_covers(&mut self, bases: &[usize], cells: &CellSet<W>, endo: &CellSet<W>) {
        let mut ids = [0usize; MAX_COVERS];
        let mut units = [CellSet::<W>::EMPTY; MAX_COVERS];
        let mut n = 0;
        for &c in self.covers {
            let unit = self.ctx.cells_in(c, self.d);
            if bases.contains(&c) || !unit.intersects(cells) {
                continue;
            }
            if n == MAX_COVERS {
                return;
            }
            (ids[n], units[n]) = (c, unit);
            n += 1;
        }
        let reach = Reach::new(&units[..n], cells);
        let allowed = if self.finned { MAX_FINS } else { 0 };
        if cells.len() > allowed + reach.most_sum(0, self.k) {
            return;
        }
        let covers = Covers {
            ids: &ids[..n],
            units: &units[..n],
            reach: &reach,
            bases,
            cells,
            endo,
        };
        let mut chosen = [0usize; MAX_SIZE];
        self.cover_sets(&covers, 0, &mut chosen, 0, CellSet::EMPTY, CellSet::EMPTY);
    }

    /// Cover combinations in lexicographic order, depth first. A branch is cut only when no
    /// completion can be a fish (see [`Search::may_complete`]), so the first fish found is
    /// the one a plain enumeration finds first.
    fn cover_sets(
        &mut self,
        covers: &Covers<'_, W>,
        from: usize,
        chosen: &mut [usize; MAX_SIZE],
        depth: usize,
        union: CellSet<W>,
        cannibal: CellSet<W>,
    ) {
        let left = self.k - depth;
        if covers.ids.len() - from < left || !self.may_complete(covers, from, left, &union) {
            return;
        }
        for i in from..covers.ids.len() {
            if self.ctx.first_only && self.found > 0 {
                return;
            }
            let unit = &covers.units[i];
            let (union2, cannibal2) = (union.or(unit), cannibal.or(&unit.and(&union)));
            chosen[depth] = covers.ids[i];
            if left == 1 {
                self.check(covers, &chosen[..self.k], &union2, &cannibal2);
            } else {
                self.cover_sets(covers, i + 1, chosen, depth + 1, union2, cannibal2);
            }
        }
    }

    /// Whether `left` more covers from position `from` on could still complete a fish whose
    /// covers so far hold `union`. The later covers, at their largest, must be able to cover
    /// all but the allowed fins of the base cells left; the base cells no later cover
    /// reaches are fins for sure, so (with the endo fins) they must be few enough, none for
    /// a fin-less fish, and see some cell a cover holds.
    fn may_complete(
        &self,
        covers: &Covers<'_, W>,
        from: usize,
        left: usize,
        union: &CellSet<W>,
    ) -> bool {
        let reach = covers.reach;
        let uncovered = covers.cells.minus(union);
        let allowed = if self.finned { MAX_FINS } else { 0 };
        if uncovered.len() > allowed + reach.most_sum(from, left) {
            return false;
        }
        let sure = uncovered.minus(&reach.base[from]).or(covers.endo);
        if !self.finned {
            return sure.is_empty();
        }
        sure.len() <= MAX_FINS && self.seen_by_all(union.or(&reach.all[from]), &sure)
    }

    /// Whether some cell of `cells` sees every fin (stopping at the first fin that leaves
    /// none: this runs at every leaf of the cover search).
    fn seen_by_all(&self, mut cells: CellSet<W>, fins: &CellSet<W>) -> bool {
        for f in fins.iter() {
            cells = cells.and(self.ctx.g.peers(f));
            if cells.is_empty() {
                return false;
            }
        }
        true
    }

    fn check(
        &mut self,
        covers: &Covers<'_, W>,
        chosen: &[usize],
        union: &CellSet<W>,
        cannibal: &CellSet<W>,
    ) {
        let ctx = self.ctx;
        let (cells, endo) = (covers.cells, covers.endo);
        let fins = cells.minus(union).or(endo);
        let mut targets = union.minus(cells).or(cannibal);
        if self.finned {
            if fins.is_empty() || fins.len() > MAX_FINS || targets.is_empty() {
                return;
            }
            for f in fins.iter() {
                targets = targets.and(ctx.g.peers(f));
                if targets.is_empty() {
                    return;
                }
            }
        } else if !fins.is_empty() {
            return;
        }
        if targets.is_empty() {
            return;
        }
        let d = self.d;
        let mut step = Step::new(self.technique, vec![digit(d)]);
        for &b in covers.bases {
            step.add_house(ctx.g.house(b), Role::Base);
        }
        for &c in chosen {
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
        super::fish::keep(ctx, self.out, step);
    }
}

/// The candidate covers of one base combination, in search order.
struct Covers<'a, const W: usize> {
    ids: &'a [usize],
    units: &'a [CellSet<W>],
    reach: &'a Reach<W>,
    bases: &'a [usize],
    /// The bases' candidates of the digit.
    cells: &'a CellSet<W>,
    /// The candidates two bases share.
    endo: &'a CellSet<W>,
}

/// What the covers from each position on can still do, for cutting the cover search: the
/// base cells they reach, every cell they hold, and the base-cell counts of the six that
/// hold the most.
struct Reach<const W: usize> {
    base: [CellSet<W>; MAX_COVERS + 1],
    all: [CellSet<W>; MAX_COVERS + 1],
    top: [[u8; MAX_SIZE]; MAX_COVERS + 1],
}

impl<const W: usize> Reach<W> {
    fn new(units: &[CellSet<W>], cells: &CellSet<W>) -> Reach<W> {
        let mut reach = Reach {
            base: [CellSet::EMPTY; MAX_COVERS + 1],
            all: [CellSet::EMPTY; MAX_COVERS + 1],
            top: [[0; MAX_SIZE]; MAX_COVERS + 1],
        };
        for (i, unit) in units.iter().enumerate().rev() {
            let hit = unit.and(cells);
            reach.base[i] = reach.base[i + 1].or(&hit);
            reach.all[i] = reach.all[i + 1].or(unit);
            let mut top = reach.top[i + 1];
            let mut size = hit.len() as u8;
            for slot in &mut top {
                if size > *slot {
                    std::mem::swap(&mut size, slot);
                }
            }
            reach.top[i] = top;
        }
        reach
    }

    /// The most base cells `left` covers from position `from` on can hold together.
    fn most_sum(&self, from: usize, left: usize) -> usize {
        self.top[from].iter().take(left).map(|&s| s as usize).sum()
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use sudoku_core::Layout;

    use super::{Shape, find};
    use crate::candidates::Candidates;
    use crate::geometry::Geometry;
    use crate::reglib::parse_line;
    use crate::step::{Role, Target};
    use crate::technique::Technique;
    use crate::techniques::{Ctx, Memo, Options};

    /// HoDoKu's library, a Finned Franken Swordfish on 5.
    fn swordfish_position() -> (Geometry<2>, Candidates) {
        let text = ":0341:5:.64.+2............2+293.8..4.......7.9..6...+23..1+9..2.86..7..89.5+9.82.1...+6...49...:518 718 724 725 128 728 541 342 542 544 154 371 372 678 482 385 685 789 394 799:525 545::";
        let line = parse_line(text, 1).unwrap().unwrap();
        let layout = Layout::classic();
        let pos = line.position(&layout).unwrap();
        (Geometry::new(&layout), pos)
    }

    /// A search a solve path remembers as barren is skipped only while the digit's cells are
    /// those it found nothing in.
    #[test]
    fn a_barren_search_is_skipped_only_while_its_digit_is_unchanged() {
        let (g, pos) = swordfish_position();
        let options = Options::default();
        let memo = RefCell::new(Memo::default());
        let mut ctx = Ctx::new(&g, &pos, &options);
        ctx.first_only = true;
        ctx.memo = Some(&memo);
        let technique = Technique::FinnedFrankenSwordfish;
        let swordfish = |ctx: &Ctx<2>| {
            let mut out = Vec::new();
            find(ctx, Shape::Franken, 2..=4, &mut out);
            out.iter().any(|s| s.technique == technique)
        };
        assert!(swordfish(&ctx));
        // Found nothing on 5 when 5 had other cells: searched again, and found.
        let mut other = ctx.digit_cells[4];
        other.remove(other.first().unwrap());
        memo.borrow_mut().barren.push((technique, 4, other));
        assert!(swordfish(&ctx));
        // Found nothing on these very cells: skipped.
        memo.borrow_mut().barren.clear();
        ctx.note_barren(technique, 4);
        assert!(!swordfish(&ctx));
    }

    /// After a barren search, a digit that lost cells is searched again on the base
    /// combinations with a unit that lost one, and only there: the fish is found again when
    /// one of its base houses lost a cell, and not when the lost cell is in none of them.
    #[test]
    fn a_search_after_a_barren_one_tries_the_bases_that_lost_a_cell() {
        let (g, pos) = swordfish_position();
        let options = Options::default();
        let technique = Technique::FinnedFrankenSwordfish;
        let first_fish = |memo: Option<&RefCell<Memo<2>>>| {
            let mut ctx = Ctx::new(&g, &pos, &options);
            ctx.first_only = true;
            ctx.memo = memo;
            let mut out = Vec::new();
            find(&ctx, Shape::Franken, 2..=4, &mut out);
            out.into_iter().find(|s| s.technique == technique)
        };
        let fish = first_fish(None).expect("the library's fish");
        let bases: Vec<usize> = (0..g.house_count())
            .filter(|&h| {
                fish.highlights
                    .iter()
                    .any(|l| l.role == Role::Base && l.target == Target::House(g.house(h)))
            })
            .collect();
        assert_eq!(bases.len(), 3);
        let now = Ctx::new(&g, &pos, &options).digit_cells[4];
        // A cell without a 5 that the barren search is told it had.
        let lost_in = |in_bases: bool| {
            (0..81)
                .find(|&c| {
                    !now.contains(c)
                        && g.houses_of(c)
                            .iter()
                            .any(|&h| bases.contains(&(h as usize)))
                            == in_bases
                })
                .unwrap()
        };
        for (in_bases, found) in [(true, true), (false, false)] {
            let memo = RefCell::new(Memo::default());
            let mut then = now;
            then.insert(lost_in(in_bases));
            memo.borrow_mut().barren.push((technique, 4, then));
            let again = first_fish(Some(&memo));
            assert_eq!(
                again.is_some(),
                found,
                "lost cell in a base house: {in_bases}"
            );
            if found {
                assert_eq!(again, Some(fish.clone()));
            }
        }
    }
}
