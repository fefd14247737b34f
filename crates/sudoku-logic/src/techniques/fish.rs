//! Fish on rows and columns: X-Wing, Swordfish, Jellyfish, and their finned and sashimi forms.
//!
//! A fish of size `k` on digit `d` takes `k` base lines (rows, say) whose candidates of `d` lie
//! in only `k` cover lines (columns): each base line needs its `d` in a cover line, and the `k`
//! base lines use up all `k` covers, so `d` leaves the rest of every cover line. A *finned* fish
//! has extra base candidates (fins) outside the covers: either a fin is true or the fish holds,
//! so only cover cells that also see every fin lose `d`. It is *sashimi* when some base line
//! keeps at most one candidate once the fins are taken away (the fish would be degenerate
//! without its fins).

use super::{Ctx, digit, push_unique};
use crate::bits::{BitIter, CellSet, at_most, count_small, for_each_narrow_combination};
use crate::geometry::Kind;
use crate::step::{Role, Step, Target};
use crate::technique::Technique;

/// Every basic fish of sizes 2 to 4 at the position, or (`finned`) every finned and sashimi
/// fish: the finned search is much longer and only needed when nothing easier applies.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, finned: bool, out: &mut Vec<Step>) {
    // A solve path remembers the digits this search found nothing on (under one key for
    // every size).
    let key = if finned {
        Technique::FinnedXWing
    } else {
        Technique::XWing
    };
    let from = out.len();
    // Sizes outermost, as HoDoKu reports them; each digit's search is set up once.
    let mut searches = Vec::with_capacity(2 * ctx.n());
    for d in (0..ctx.n()).filter(|&d| !ctx.known_barren(key, d)) {
        if !ctx.lone_digit_may_act(d) {
            ctx.note_barren(key, d);
            continue;
        }
        for (base, cover) in [(Kind::Row, Kind::Col), (Kind::Col, Kind::Row)] {
            searches.push((Search::new(ctx, d, base, cover, finned), 0));
        }
    }
    for k in 2..=4 {
        for (search, found) in &mut searches {
            let before = out.len();
            search.run(k, out);
            *found += out.len() - before;
        }
    }
    for pair in searches.chunks(2) {
        if pair.iter().all(|(_, found)| *found == 0) {
            ctx.note_barren(key, pair[0].0.d);
        }
    }
    if finned {
        finish_siamese(ctx, out, from);
    }
}

/// Whether a fish search keeps every fish it finds: when Siamese fish are wanted, two fish
/// with the same eliminations may each pair with a third (HoDoKu's tester turns
/// `onlyOneFishPerStep` off for the same reason). The list is cut to distinct steps again
/// by [`finish_siamese`].
pub(crate) fn keeps_all<const W: usize>(ctx: &Ctx<W>) -> bool {
    ctx.opts.siamese_fish && !ctx.first_only
}

/// Puts a fish into the list: every fish when [`keeps_all`], else the first of equal steps.
pub(crate) fn keep<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>, mut step: Step) {
    if keeps_all(ctx) {
        if step.is_productive() {
            step.normalize();
            out.push(step);
        }
    } else {
        push_unique(out, step);
    }
}

/// When [`keeps_all`]: adds the Siamese fish among the fish `out[from..]` and cuts those to
/// distinct steps. Siamese fish are every two of the same digit, size and category
/// (fin-less, finned or sashimi, Franken, finned Franken ...) on the same base houses whose
/// first eliminations differ, told as one step with both covers, fins and eliminations
/// (HoDoKu's `findSiameseFish`). The step is named after the fish HoDoKu finds first: the
/// one whose cover houses come first in order (rows, columns, boxes).
pub(crate) fn finish_siamese<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>, from: usize) {
    if !keeps_all(ctx) {
        return;
    }
    let all = out.split_off(from);
    let mut siamese = Vec::new();
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            if a.digits != b.digits
                || category(a.technique) != category(b.technique)
                || a.houses_with_role(Role::Base) != b.houses_with_role(Role::Base)
                || a.eliminations.first() == b.eliminations.first()
            {
                continue;
            }
            let (first, second) =
                if a.houses_with_role(Role::Cover) <= b.houses_with_role(Role::Cover) {
                    (a, b)
                } else {
                    (b, a)
                };
            siamese.push(joined(first, second));
        }
    }
    for step in all.into_iter().chain(siamese) {
        push_unique(out, step);
    }
}

/// Fish `first` with the covers, fins and eliminations of `second` added, as a Siamese fish.
fn joined(first: &Step, second: &Step) -> Step {
    let mut step = first.clone();
    step.siamese = true;
    for h in second.highlights.iter().filter(|h| h.role != Role::Pattern) {
        match (h.target, h.role) {
            (Target::Candidate(c), Role::Removed) => step.eliminate(c),
            (Target::Candidate(c), role) => step.add_candidate(c, role),
            (Target::House(house), role) => step.add_house(house, role),
            (Target::Cell(cell), role) => step.add_cell(cell, role),
        }
    }
    step
}

/// A fish technique's size and category as HoDoKu's library code tells them (`03cs`:
/// category `c`, size `s + 2`), with finned and sashimi fish in one category; `None` for
/// other techniques.
fn category(t: Technique) -> Option<(u8, u8)> {
    let code = t.code().as_bytes();
    if code.len() != 4 || &code[..2] != b"03" {
        return None;
    }
    let c = match code[2] {
        b'2' => b'1',
        c => c,
    };
    Some((c, code[3]))
}

/// The most lines of a kind: a fish search keeps its per-line tables on the stack.
const MAX_LINES: usize = sudoku_core::MAX_SIZE;

/// The fish search for one digit and one orientation. Its tables are arrays, not vectors:
/// a solve path sets up 18 of these at every step that gets past the subsets, and their
/// allocations were a measurable share of a rating.
struct Search<'c, 'a, const W: usize> {
    ctx: &'c Ctx<'a, W>,
    d: usize,
    /// House positions of the base lines, by index within their kind.
    bases: &'a [usize],
    /// House positions of the cover lines, by index within their kind.
    covers: &'a [usize],
    /// For every base line (by index), the cover indices holding `d`.
    masks: [u64; MAX_LINES],
    /// The base lines (by index) that hold `d` at all, and their masks, `count` of each.
    lines: [usize; MAX_LINES],
    line_masks: [u64; MAX_LINES],
    count: usize,
    /// Search finned fish (else basic ones).
    finned: bool,
}

impl<'c, 'a, const W: usize> Search<'c, 'a, W> {
    fn new(
        ctx: &'c Ctx<'a, W>,
        d: usize,
        base: Kind,
        cover: Kind,
        finned: bool,
    ) -> Search<'c, 'a, W> {
        let g: &'a crate::geometry::Geometry<W> = ctx.g;
        let bases = g.houses_of_kind(base);
        let mut search = Search {
            ctx,
            d,
            bases,
            covers: g.houses_of_kind(cover),
            masks: [0; MAX_LINES],
            lines: [0; MAX_LINES],
            line_masks: [0; MAX_LINES],
            count: 0,
            finned,
        };
        for (i, &h) in bases.iter().enumerate() {
            let cells = g.house_cells(h);
            let mask = (0..cells.len())
                .filter(|&p| ctx.has(cells[p], d))
                .fold(0u64, |m, p| m | 1 << p);
            search.masks[i] = mask;
            if mask != 0 {
                (search.lines[search.count], search.line_masks[search.count]) = (i, mask);
                search.count += 1;
            }
        }
        search
    }

    fn run(&self, k: usize, out: &mut Vec<Step>) {
        let lines = &self.lines[..self.count];
        if lines.len() < k {
            return;
        }
        if !self.finned {
            // A basic fish: base lines whose candidates lie in `k` covers between them.
            let mut chosen_lines = [0usize; 4];
            let masks = &self.line_masks[..self.count];
            for_each_narrow_combination(masks, k, 0, at_most(k), &mut |chosen, union| {
                if count_small(union) == k {
                    for (slot, &j) in chosen_lines.iter_mut().zip(chosen) {
                        *slot = lines[j];
                    }
                    self.report(&chosen_lines[..k], union, out);
                }
                true
            });
            return;
        }
        // A finned fish: outside the group its fins lie in, the base lines reach only covers,
        // so at most `k` of them; a combination of lines that breaks this for every group
        // does so whatever lines join it.
        let (all_groups, group_count) = self.fin_groups();
        let groups = &all_groups[..group_count];
        let fits = |union: u64| groups.iter().any(|&g| count_small(union & !g) <= k);
        let mut chosen_lines = [0usize; 4];
        let masks = &self.line_masks[..self.count];
        for_each_narrow_combination(masks, k, 0, fits, &mut |chosen, union| {
            if count_small(union) > k {
                for (slot, &j) in chosen_lines.iter_mut().zip(chosen) {
                    *slot = lines[j];
                }
                for &group in groups {
                    self.finned_covers(&chosen_lines[..k], union, group, k, out);
                }
            }
            true
        });
    }

    /// Where fins may lie together, as masks of cover indices: on a plain layout the fins
    /// must share a box, so they lie in one stack (row bases) or band (column bases); else
    /// anywhere. The groups, then how many there are.
    fn fin_groups(&self) -> ([u64; MAX_LINES], usize) {
        let g = self.ctx.g;
        let n = g.size();
        let mut groups = [0u64; MAX_LINES];
        if !g.is_plain() {
            groups[0] = (1u64 << n) - 1;
            return (groups, 1);
        }
        let shape = g.layout().shape();
        let width = match g.kind(self.bases[0]) {
            Kind::Row => shape.box_cols(),
            _ => shape.box_rows(),
        };
        for (s, group) in groups.iter_mut().enumerate().take(n / width) {
            *group = ((1u64 << width) - 1) << (s * width);
        }
        (groups, n / width)
    }

    /// Finned fish on base lines `chosen` whose fins lie in `group`: every base position
    /// outside the group is a cover; the rest of the covers come from inside it.
    fn finned_covers(
        &self,
        chosen: &[usize],
        union: u64,
        group: u64,
        k: usize,
        out: &mut Vec<Step>,
    ) {
        let required = union & !group;
        let fixed = count_small(required);
        if fixed > k {
            return;
        }
        // The optional covers as one-bit masks, so that a choice of them is their union.
        let (mut optional, mut len) = ([0u64; sudoku_core::MAX_SIZE], 0);
        for p in BitIter(union & group) {
            optional[len] = 1 << p;
            len += 1;
        }
        let max_fins = self.ctx.opts.max_fins;
        let plain = self.ctx.g.is_plain();
        let any = |_: u64| true;
        for_each_narrow_combination(
            &optional[..len],
            k - fixed,
            required,
            any,
            &mut |_, cover| {
                let fins = count_small(union & !cover);
                let fin_count: usize = chosen
                    .iter()
                    .map(|&i| count_small(self.masks[i] & !cover))
                    .sum();
                let productive = if plain {
                    self.box_of_fins_has_target(chosen, cover, group)
                } else {
                    self.fins_may_share_a_block(chosen, cover)
                };
                if fins > 0
                    && fin_count <= max_fins
                    && chosen.iter().all(|&i| self.masks[i] & cover != 0)
                    && productive
                {
                    self.report(chosen, cover, out);
                }
                true
            },
        );
    }

    /// A quick filter: without diagonals or extra regions, only cells in the fins' box can see
    /// every fin, so fins spread over two boxes eliminate nothing.
    fn fins_may_share_a_block(&self, chosen: &[usize], cover: u64) -> bool {
        if self.ctx.g.has_other_houses() {
            return true;
        }
        let mut block = None;
        for &i in chosen {
            for p in BitIter(self.masks[i] & !cover) {
                let b = self.ctx.g.block_of(self.cell(i, p));
                if *block.get_or_insert(b) != b {
                    return false;
                }
            }
        }
        true
    }

    /// On a plain layout, whether the fins (the candidates of base lines `chosen` outside
    /// `cover`, all in `group`) share a box holding a target: a candidate of the box in a
    /// cover line and not in a base line. Only such cells see every fin (a cell outside the
    /// box could only see them along a base line or a fin's line, and those are no targets),
    /// so this is exactly "the fish eliminates something", found with a few masks instead
    /// of the cell sets [`Search::report`] builds.
    fn box_of_fins_has_target(&self, chosen: &[usize], cover: u64, group: u64) -> bool {
        let shape = self.ctx.g.layout().shape();
        // Base lines per box: rows per band for row bases, columns per stack for columns.
        let per_box = match self.ctx.g.kind(self.bases[0]) {
            Kind::Row => shape.box_rows(),
            _ => shape.box_cols(),
        };
        let (mut band, mut base) = (None, 0u64);
        for &i in chosen {
            base |= 1 << i;
            if self.masks[i] & !cover != 0 && *band.get_or_insert(i / per_box) != i / per_box {
                return false;
            }
        }
        let Some(band) = band else {
            return false;
        };
        (band * per_box..(band + 1) * per_box)
            .any(|i| base & 1 << i == 0 && self.masks[i] & cover & group != 0)
    }

    /// The cell at cover index `p` of base line `i`.
    fn cell(&self, i: usize, p: usize) -> usize {
        self.ctx.g.house_cells(self.bases[i])[p]
    }

    fn report(&self, chosen: &[usize], cover: u64, out: &mut Vec<Step>) {
        let ctx = self.ctx;
        let d = self.d;
        let k = chosen.len();
        let mut fins = CellSet::<W>::EMPTY;
        let mut base_cells = CellSet::<W>::EMPTY;
        for &i in chosen {
            base_cells = base_cells.or(ctx.g.house_set(self.bases[i]));
            for p in BitIter(self.masks[i] & !cover) {
                fins.insert(self.cell(i, p));
            }
        }
        let cover_cells = BitIter(cover).fold(CellSet::<W>::EMPTY, |s, p| {
            s.or(ctx.g.house_set(self.covers[p]))
        });
        let mut targets = cover_cells.minus(&base_cells).and(&ctx.digit_cells[d]);
        if !fins.is_empty() {
            targets = targets.and(&ctx.g.common_peers(fins.iter()));
        }
        if targets.is_empty() {
            return;
        }
        let sashimi = chosen
            .iter()
            .any(|&i| count_small(self.masks[i] & cover) <= 1);
        let Some(technique) = technique(k, !fins.is_empty(), sashimi) else {
            return;
        };
        let mut step = Step::new(technique, vec![digit(d)]);
        for &i in chosen {
            step.add_house(ctx.g.house(self.bases[i]), Role::Base);
        }
        for p in BitIter(cover) {
            step.add_house(ctx.g.house(self.covers[p]), Role::Cover);
        }
        for &i in chosen {
            for p in BitIter(self.masks[i] & cover) {
                step.add_candidate(ctx.cand(self.cell(i, p), d), Role::Pattern);
            }
        }
        for f in fins.iter() {
            step.add_candidate(ctx.cand(f, d), Role::Fin);
        }
        for t in targets.iter() {
            step.eliminate(ctx.cand(t, d));
        }
        keep(ctx, out, step);
    }
}

/// The technique of a fish of size `k`.
fn technique(k: usize, finned: bool, sashimi: bool) -> Option<Technique> {
    use Technique::*;
    Some(match (k, finned, sashimi) {
        (2, false, _) => XWing,
        (3, false, _) => Swordfish,
        (4, false, _) => Jellyfish,
        (2, true, false) => FinnedXWing,
        (2, true, true) => SashimiXWing,
        (3, true, false) => FinnedSwordfish,
        (3, true, true) => SashimiSwordfish,
        (4, true, false) => FinnedJellyfish,
        (4, true, true) => SashimiJellyfish,
        _ => return None,
    })
}
