//! Which premises the searches walk, and what those not walked imply, told by what each
//! premise reaches in the graph's transitive closure ([`super::reach`]).

use super::super::Ctx;
use super::MAX_ENTRIES;
use super::graph::Graph;
use super::index::CandIx;
use super::links::PaddedLinks;
use super::loops::AicEnds;
use super::reach;
use crate::bits::{BitIter, CellSet};

/// Which premises the nice-loop search walks ([`Walk::CutOn`], [`Walk::Wanted`]), told by
/// what each reaches ([`reach::Reach`]).
///
/// A loop needs its premise's table to come back to the premise's cell further than one
/// link away (the direct implications are never a loop's end); an AIC needs an "off"
/// table to hold a value that ends one ([`AicEnds`]), also further than one link. A table
/// holds what its premise reaches, so a premise that reaches none of these is not walked.
/// An "on" table is read for loops alone: it is cut once it holds every value of its cell
/// it reaches. Values are numbered by place: candidate `i`'s "off" value at `2 * i`, its
/// "on" value at `2 * i + 1`, and group `g`'s after them, at `2 * (candidates + g)` and one
/// more.
///
/// [`Walk::CutOn`]: super::tables::Walk::CutOn
/// [`Walk::Wanted`]: super::tables::Walk::Wanted
pub(super) struct PremiseReach {
    candidates: Vec<CandIx>,
    /// Per digit, the places of its "on" values, as sets of the closure's width.
    digit_on: Vec<u64>,
    /// Each place's links, by place: `links[starts[p]..starts[p + 1]]`.
    starts: Vec<u32>,
    links: Vec<u32>,
    reach: reach::Reach,
    /// Per candidate, the places of its cell's values.
    cells: Vec<std::ops::Range<u32>>,
}

impl PremiseReach {
    /// `index`: per candidate node, its place among the candidates.
    pub(super) fn new(
        graph: &Graph,
        padded: &PaddedLinks,
        candidates: Vec<CandIx>,
        index: &[u32],
    ) -> PremiseReach {
        let places = 2 * (candidates.len() + graph.groups.len());
        PremiseReach::build(graph, padded, candidates, index, may_pass_cap(places))
    }

    /// [`PremiseReach::new`], the closure keeping every value where `keep_all`, else the
    /// candidates' alone: the searches read those, and the group nodes' are needed only
    /// to count what a table could hold past its cap ([`PremiseReach::past_cap`]).
    pub(super) fn build(
        graph: &Graph,
        padded: &PaddedLinks,
        candidates: Vec<CandIx>,
        index: &[u32],
        keep_all: bool,
    ) -> PremiseReach {
        let n = candidates.len();
        let mut starts = Vec::with_capacity(2 * (n + graph.groups.len()) + 1);
        // At most the padded links: grown link by link, the vector was copied over and over.
        let mut links = Vec::with_capacity(padded.links.len());
        starts.push(0);
        let candidate_values = candidates.iter().flat_map(|c| {
            [
                graph.normal(c.cell, c.digit, false),
                graph.normal(c.cell, c.digit, true),
            ]
        });
        let group_values =
            (0..graph.groups.len()).flat_map(|g| [graph.group(g, false), graph.group(g, true)]);
        // Group nodes come after the candidates.
        let (nodes, groups) = (graph.cell_of.len() as u32, n as u32);
        let place = |u: u32| {
            let node = u / 2;
            let half = match index.get(node as usize) {
                Some(&i) => i,
                None => groups + node - nodes,
            };
            2 * half + (u & 1)
        };
        for v in candidate_values.chain(group_values) {
            let list = padded.unpadded(v as usize);
            links.extend(list.iter().map(|&u| place(u)));
            starts.push(links.len() as u32);
        }
        let mut cells = vec![0..0; n];
        let mut from = 0;
        for i in 1..=n {
            if candidates.get(i).map(|e| e.cell) != Some(candidates[from].cell) {
                cells[from..i].fill(2 * from as u32..2 * i as u32);
                from = i;
            }
        }
        let kept = if keep_all { starts.len() - 1 } else { 2 * n };
        let reach = reach::Reach::new(&starts, &links, kept);
        let words = reach.words();
        let digits = candidates
            .iter()
            .map(|c| c.digit.index() + 1)
            .max()
            .unwrap_or(0);
        let mut digit_on = vec![0u64; digits * words];
        for (i, c) in candidates.iter().enumerate() {
            let q = 2 * i + 1;
            digit_on[c.digit.index() * words + q / 64] |= 1 << (q % 64);
        }
        PremiseReach {
            candidates,
            digit_on,
            reach,
            starts,
            links,
            cells,
        }
    }

    /// The links of place `p`.
    fn links_of(&self, p: usize) -> &[u32] {
        &self.links[self.starts[p] as usize..self.starts[p + 1] as usize]
    }

    /// Place `p`'s links among places `lo..lo + len` (`len` under 64), as the low bits of
    /// a word: its direct implications, which end no chain.
    fn links_in(&self, p: usize, lo: usize, len: usize) -> u64 {
        let mut bits = 0;
        for &q in self.links_of(p) {
            let k = (q as usize).wrapping_sub(lo);
            if k < len {
                bits |= 1 << k;
            }
        }
        bits
    }

    /// How to walk the premise of candidate `i` (its "on" value where `on`): `None` where
    /// its table can hold nothing the search reads; else the count of its cell's values
    /// to stop at ([`Cut`]), `u32::MAX` for a whole walk.
    ///
    /// [`Cut`]: super::bfs::Cut
    pub(super) fn walk<const W: usize>(&self, ctx: &Ctx<W>, i: usize, on: bool) -> Option<u32> {
        let p = 2 * i + usize::from(on);
        if self.links_of(p).is_empty() {
            return None;
        }
        let (lo, len) = (self.cells[i].start as usize, self.cells[i].len());
        if len >= 64 {
            return Some(u32::MAX);
        }
        // The values of its cell it reaches, itself left out; those past its links end loops.
        let reached = window(self.reach.of(p), lo, len) & !(1 << (p - lo));
        let loops = reached & !self.links_in(p, lo, len) != 0;
        if on {
            return loops.then_some(reached.count_ones());
        }
        (loops || self.aic_end(ctx, i)).then_some(u32::MAX)
    }

    /// Whether the table of candidate `i`'s premise (its "on" value where `on`) would be
    /// cut at [`MAX_ENTRIES`]: it would hold less than the premise reaches.
    pub(super) fn past_cap(&self, i: usize, on: bool) -> bool {
        // Where it could, the closure has every value (see [`PremiseReach::new`]).
        may_pass_cap(self.starts.len() - 1) && self.reached(i, on) > MAX_ENTRIES
    }

    /// How many values the table of candidate `i`'s premise holds, walked with no cap: the
    /// premise and what it reaches (where the closure keeps every value).
    pub(super) fn reached(&self, i: usize, on: bool) -> usize {
        let p = 2 * i + usize::from(on);
        let set = self.reach.of(p);
        let itself = set[p / 64] >> (p % 64) & 1 == 0;
        set.iter().map(|w| w.count_ones() as usize).sum::<usize>() + usize::from(itself)
    }

    /// What the premise of candidate `i` (its "on" value where `on`) implies, as
    /// [`Implications`] has it (`len` sets): the premise and the candidates' values it
    /// reaches.
    ///
    /// The values of one component of the closure reach the same values, and most premises
    /// of a hard position lie in a few large components: what a component reaches is made
    /// into sets once, kept in `by_component`, and copied for each of its premises.
    ///
    /// [`Implications`]: super::forcing::Implications
    pub(super) fn implied<const W: usize>(
        &self,
        i: usize,
        on: bool,
        len: usize,
        by_component: &mut Vec<Option<Vec<CellSet<W>>>>,
    ) -> Vec<CellSet<W>> {
        let p = 2 * i + usize::from(on);
        let component = self.reach.component(p);
        if by_component.len() <= component {
            by_component.resize(component + 1, None);
        }
        let reached = by_component[component].get_or_insert_with(|| {
            let mut sets = vec![CellSet::EMPTY; len];
            self.put_reached(p, &mut sets);
            sets
        });
        let mut sets = reached.clone();
        self.put(p, &mut sets);
        sets
    }

    /// Puts place `q` (a candidate's value) into `sets` as [`Implications`] has them.
    ///
    /// [`Implications`]: super::forcing::Implications
    fn put<const W: usize>(&self, q: usize, sets: &mut [CellSet<W>]) {
        let n = sets.len() / 2;
        let CandIx { cell, digit } = self.candidates[q / 2];
        let d = digit.index();
        sets[if q & 1 == 1 { d } else { n + d }].insert(cell.index());
    }

    /// Puts the candidates' values place `p` reaches into `sets` ([`PremiseReach::put`]).
    fn put_reached<const W: usize>(&self, p: usize, sets: &mut [CellSet<W>]) {
        let places = 2 * self.candidates.len();
        for (k, &word) in self.reach.of(p).iter().enumerate() {
            let lo = 64 * k;
            if lo >= places {
                break;
            }
            let word = if places - lo < 64 {
                word & ((1 << (places - lo)) - 1)
            } else {
                word
            };
            for bit in BitIter(word) {
                self.put(lo + bit, sets);
            }
        }
    }

    /// Whether the "off" premise of candidate `i` reaches the end of an AIC further than one
    /// link away: an "on" value it reaches, not among its links, that [`AicEnds`] takes.
    /// Only the values of its cell's digits can.
    fn aic_end<const W: usize>(&self, ctx: &Ctx<W>, i: usize) -> bool {
        let start = self.candidates[i];
        let p = 2 * i;
        let words = self.reach.words();
        let mut ends: Option<AicEnds<W>> = None;
        for (k, &word) in self.reach.of(p).iter().enumerate() {
            let mut wanted = 0;
            for d in BitIter(ctx.mask(start.cell.index())) {
                wanted |= self.digit_on[d * words + k];
            }
            for bit in BitIter(word & wanted) {
                let q = 64 * k + bit;
                let end = self.candidates[q / 2];
                if end.cell == start.cell || self.links_of(p).contains(&(q as u32)) {
                    continue;
                }
                let ends = ends.get_or_insert_with(|| AicEnds::new(ctx, start));
                if ends.is_end(ctx, end) {
                    return true;
                }
            }
        }
        false
    }
}

/// Whether a table of a graph with `places` values could pass [`MAX_ENTRIES`].
fn may_pass_cap(places: usize) -> bool {
    places > MAX_ENTRIES
}

/// Bits `lo..lo + len` of a bit set (`len` under 64), as the low bits of a word.
fn window(set: &[u64], lo: usize, len: usize) -> u64 {
    let (w, b) = (lo / 64, lo % 64);
    let mut bits = set[w] >> b;
    if b + len > 64 {
        bits |= set[w + 1] << (64 - b);
    }
    bits & ((1 << len) - 1)
}
