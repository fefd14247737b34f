//! Nice loops and AICs (alternating inference chains), plain and grouped, read from the
//! tables.
//!
//! A table's path that comes back to its premise's cell is a nice loop, and one from an
//! "off" premise (so starting with a strong link) to an "on" value that sees its start is
//! an AIC; both are checked for eliminations exactly as HoDoKu does it (which loop kinds
//! exist, which eliminations each gives, which chains are refused as lassos). Grouped
//! chains go through group nodes, and ALS nodes where [`crate::Options::als_in_chains`]
//! asks for them.
//!
//! Which step is taken: most eliminations first, then HoDoKu's `index_sum`; for one set of
//! eliminations and one kind, the shorter chain. Equal keys keep the order of discovery
//! (loops from on-premises, loops from off-premises, then AICs, premises by cell and
//! digit), as HoDoKu's stable sort does.

use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

use super::super::Ctx;
use super::super::chains::{index_sum, index_sum_of};
use super::super::sort::insertion_sort;
use super::bfs::Table;
use super::graph::{AlsNode, Graph, W20, chain_of};
use super::index::{CandIx, CellIx, DigitIx, each_cell, each_digit};
use super::tables::{Tables, grouped_tables};
use crate::bits::{CellSet, two_bits};
use crate::chain::AlsGroup;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// Every nice loop and AIC at the position (grouped ones too when `grouped`), best first.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, grouped: bool, out: &mut Vec<Step>) {
    let tables = if grouped {
        grouped_tables(ctx)
    } else {
        Rc::new(Tables::plain(ctx))
    };
    find_in(ctx, &tables, grouped, out);
}

/// [`find`] in the tables given.
pub(super) fn find_in<const W: usize>(
    ctx: &Ctx<W>,
    tables: &Tables,
    grouped: bool,
    out: &mut Vec<Step>,
) {
    let mut finder = Finder {
        ctx,
        graph: &tables.graph,
        found: Vec::new(),
        by_effect: HashMap::default(),
        path: Vec::new(),
    };
    for table in tables.on().chain(tables.off()) {
        finder.loops(table);
    }
    for table in tables.off() {
        finder.aics(table);
    }
    let mut found = std::mem::take(&mut finder.found);
    insertion_sort(&mut found, compare);
    // A solve path takes the first loop or AIC, and from the grouped search the first
    // grouped one ([`super::super::Family::GroupedLoops`]): only that step is built.
    let wanted = |f: &&Found| !grouped || f.technique.order() == Technique::GroupedAic.order();
    if ctx.first_only {
        out.extend(found.iter().find(wanted).map(|f| finder.step(f)));
    } else {
        out.extend(found.iter().map(|f| finder.step(f)));
    }
}

/// A chain found, with what ranks it: its step is built once the chains are ranked, and only
/// for the first where a solve path asks (most of a position's chains are never shown).
struct Found {
    technique: Technique,
    path: Vec<u32>,
    /// The eliminations in the order the chain gave them (the step's highlights keep it).
    elims: Vec<CandIx>,
    /// The eliminations as the step lists them: by digit, then cell, once each.
    eliminations: Vec<sudoku_core::Candidate>,
    nodes: usize,
    sum: u64,
}

/// HoDoKu's order of two chain steps: more eliminations first; for the same kind and the
/// same eliminations the shorter chain; otherwise the smaller index sum (equal: a tie).
fn compare(a: &Found, b: &Found) -> std::cmp::Ordering {
    let (ea, eb) = (a.eliminations.len(), b.eliminations.len());
    if ea != eb {
        return eb.cmp(&ea);
    }
    if a.technique != b.technique || a.eliminations != b.eliminations {
        return a.sum.cmp(&b.sum);
    }
    a.nodes.cmp(&b.nodes)
}

/// The positions in a table, past its premise, of the entries whose value passes `wanted`,
/// in order. Each is found by a scan of its own: with the search for a loop inlined into
/// the scan, the scan's state lived on the stack, and the scans of the tables were a tenth
/// of a hard rating.
///
/// The scan tests sixteen entries at a time into a word of bits, without a branch per
/// entry: a grouped table has hundreds of entries and few pass, and an entry at a time,
/// two branches each, the scan was still more than half of the loop search's own time.
fn entries_where<'t>(
    entries: &'t [(u32, u32)],
    wanted: impl Fn(u32) -> bool + 't,
) -> impl Iterator<Item = usize> + 't {
    const BLOCK: usize = 16;
    // The block from `base` on, as bits (bit `i`: entry `base + i` passes), not yet given.
    let (mut next, mut base, mut bits) = (1, 0, 0u32);
    std::iter::from_fn(move || {
        while bits == 0 {
            let rest = entries.get(next..).filter(|rest| !rest.is_empty())?;
            base = next;
            if let Some(block) = rest.first_chunk::<BLOCK>() {
                for (i, &(v, _)) in block.iter().enumerate() {
                    bits |= u32::from(wanted(v)) << i;
                }
                next += BLOCK;
            } else {
                for (i, &(v, _)) in rest.iter().enumerate() {
                    bits |= u32::from(wanted(v)) << i;
                }
                next += rest.len();
            }
        }
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(base + i)
    })
}

/// The "on" values that may end an AIC from the "off" value of digit `c` in cell `s`: the
/// digit in another cell seeing two of the cells with it that see `s`, or another digit
/// of `s` in one of those cells.
#[derive(Clone, Copy)]
pub(super) struct AicEnds<const W: usize> {
    s: CellIx,
    c: DigitIx,
    seeing_start: CellSet<W>,
    /// The other digits of `s`.
    others: u64,
}

impl<const W: usize> AicEnds<W> {
    pub(super) fn new(ctx: &Ctx<W>, start: CandIx) -> AicEnds<W> {
        let CandIx { cell: s, digit: c } = start;
        AicEnds {
            s,
            c,
            seeing_start: ctx.g.peers(s.index()).and(&ctx.digit_cells[c.index()]),
            others: ctx.mask(s.index()) & !c.bit(),
        }
    }

    /// Whether candidate `end` on may end an AIC.
    pub(super) fn is_end(&self, ctx: &Ctx<W>, end: CandIx) -> bool {
        let CandIx { cell: e, digit: d } = end;
        if d == self.c {
            e != self.s && ctx.g.peers(e.index()).and(&self.seeing_start).has_two()
        } else {
            self.others & d.bit() != 0 && self.seeing_start.contains(e.index())
        }
    }
}

struct Finder<'a, 'c, const W: usize> {
    ctx: &'a Ctx<'c, W>,
    graph: &'a Graph,
    found: Vec<Found>,
    by_effect: HashMap<(Technique, Vec<sudoku_core::Candidate>), usize>,
    /// The path of the chain being looked at.
    path: Vec<u32>,
}

impl<const W: usize> Finder<'_, '_, W> {
    fn loops(&mut self, table: Table<'_>) {
        let s = self.graph.first_cell(table.entries[0].0);
        let in_start = self.graph.cell_values(s);
        for j in entries_where(table.entries, move |v| in_start.contains(&v)) {
            self.nice_loop(table, j);
        }
    }

    /// The chain from the premise to entry `j`, in `path`; false for a lasso (a node back in
    /// a cell the chain left earlier; a loop may come back to its start cell, an AIC may
    /// not).
    fn chain(&self, table: Table<'_>, j: usize, nice: bool, path: &mut Vec<u32>) -> bool {
        path.clear();
        path.push(table.entries[j].0);
        let mut k = j;
        while k != 0 {
            k = table.entries[k].1 as usize;
            path.push(table.entries[k].0);
        }
        path.reverse();
        let g = self.graph;
        let len = path.len();
        if nice && g.first_cell(path[len - 1]) == g.first_cell(path[len - 2]) {
            return false;
        }
        let s = g.first_cell(path[0]);
        let mut lasso = CellSet::<W>::EMPTY;
        for k in 1..len {
            if lasso.contains(g.first_cell(path[k]).index()) {
                return false;
            }
            let last = g.first_cell(path[k - 1]);
            if last != s || !nice {
                g.insert_cells(path[k - 1], &mut lasso);
            }
        }
        true
    }

    fn nice_loop(&mut self, table: Table<'_>, j: usize) {
        if table.near(j) {
            return;
        }
        // The path's vector is kept from chain to chain: a position's tables give some
        // hundreds of them.
        let mut path = std::mem::take(&mut self.path);
        if self.chain(table, j, true, &mut path) {
            self.nice_loop_along(table, &path);
        }
        self.path = path;
    }

    /// The nice loop of a chain from the premise of `table` back to its cell.
    fn nice_loop_along(&mut self, table: Table<'_>, path: &[u32]) {
        let g = self.graph;
        let ctx = self.ctx;
        let s = g.first_cell(path[0]);
        if g.first_cell(path[1]) == s {
            return;
        }
        let first_strong = table.entries.get(1).is_some_and(|e| e.0 & 1 == 1);
        let last = path[path.len() - 1];
        let last_strong = last & 1 == 1;
        let (c, d) = (g.digit_of(path[0]), g.digit_of(last));
        let mut elims: Vec<CandIx> = Vec::new();
        let mut technique = Technique::DiscontinuousNiceLoop;
        let mask = ctx.mask(s.index());
        if !first_strong && !last_strong && c == d {
            elims.push(CandIx::new(s, c));
        } else if first_strong && last_strong && c == d {
            elims.extend(each_digit(mask & !c.bit()).map(|x| CandIx::new(s, x)));
        } else if first_strong != last_strong && c != d {
            elims.push(CandIx::new(s, if first_strong { d } else { c }));
        } else if (!first_strong && !last_strong && two_bits(mask) && c != d)
            || (first_strong && last_strong && c != d)
            || (first_strong != last_strong && c == d)
        {
            technique = Technique::ContinuousNiceLoop;
            self.continuous(path, first_strong && last_strong, (c, d), &mut elims);
        }
        self.record(technique, path, elims);
    }

    /// The eliminations of a continuous loop: a cell entered and left by strong links keeps
    /// only those two digits; a weak link between two cells clears its digit from every cell
    /// seeing both ends.
    fn continuous(
        &self,
        path: &[u32],
        both_strong: bool,
        (c, d): (DigitIx, DigitIx),
        elims: &mut Vec<CandIx>,
    ) {
        let (g, ctx) = (self.graph, self.ctx);
        let s = g.first_cell(path[0]);
        let last = path.len() - 1;
        let on = |k: usize| path[k] & 1 == 1;
        let cell = |k: usize| g.first_cell(path[k]);
        let mut chain_cells = CellSet::<W>::EMPTY;
        for &v in path {
            g.insert_cells(v, &mut chain_cells);
        }
        for i in 0..=last {
            let two_strong = if i == 0 {
                both_strong
            } else {
                on(i)
                    && i + 2 <= last
                    && cell(i - 1) != cell(i)
                    && !on(i + 1)
                    && cell(i) == cell(i + 1)
                    && on(i + 2)
                    && cell(i + 1) != cell(i + 2)
            };
            if two_strong {
                let (keep1, keep2) = if i == 0 {
                    (c, d)
                } else {
                    (g.digit_of(path[i]), g.digit_of(path[i + 2]))
                };
                let x = cell(i);
                let others = ctx.mask(x.index()) & !keep1.bit() & !keep2.bit();
                elims.extend(each_digit(others).map(|y| CandIx::new(x, y)));
            }
            if i > 0 && !on(i) && cell(i - 1) != cell(i) {
                let x = g.digit_of(path[i]);
                let seeing = g
                    .buddies(ctx, path[i - 1], x)
                    .and(&g.buddies(ctx, path[i], x))
                    .minus(&chain_cells)
                    .and(&ctx.digit_cells[x.index()]);
                elims.extend(
                    each_cell(&seeing)
                        .filter(|&t| t != s)
                        .map(|t| CandIx::new(t, x)),
                );
            }
            if let Some(a) = g.als_of(path[i])
                && i < last
            {
                self.als_in_loop(a, path[i + 1], elims);
            }
        }
    }

    /// What an ALS in a continuous loop removes besides its links: entered on its digit and
    /// left on another, it is a locked set whose remaining digits each leave the cells that
    /// see all their places in it; when it is left by forcing a cell to one digit, the
    /// cell's other digits are the ones it leaves on, and those leave the cells that see
    /// the forced cell and all their places in the set.
    fn als_in_loop(&self, a: &AlsNode, next: u32, elims: &mut Vec<CandIx>) {
        let (g, ctx) = (self.graph, self.ctx);
        let (exit, forced) = match g.node(next) {
            Ok(f) if next & 1 == 1 => (ctx.mask(f.cell.index()) & !f.digit.bit(), Some(f.cell)),
            _ => (g.digit_of(next).bit(), None),
        };
        for z in each_digit(a.mask & !a.d.bit() & !exit) {
            for t in each_cell(&a.buddies[z.index()]) {
                elims.push(CandIx::new(t, z));
            }
        }
        if let Some(f) = forced {
            let peers = ctx.g.peers(f.index()).resized::<W20>();
            for z in each_digit(exit & a.mask) {
                for t in each_cell(&a.buddies[z.index()].and(&peers)) {
                    elims.push(CandIx::new(t, z));
                }
            }
        }
    }

    /// The AICs from an "off" table's premise `c` in `s` to the "on" values of candidates
    /// outside `s` that could end one: an end on `c` must see two of the cells with `c`
    /// that see `s`; an end on another digit of `s` must be one of those cells. The scan
    /// of the table's entries keeps the ends alone.
    fn aics(&mut self, table: Table<'_>) {
        let (g, ctx) = (self.graph, self.ctx);
        let start = match g.node(table.entries[0].0) {
            Ok(start) => start,
            Err(_) => return,
        };
        let (n, plain, cell_of) = (ctx.n(), 2 * g.cell_of.len() as u32, &g.cell_of);
        let aic_ends = AicEnds::new(ctx, start);
        let ends = move |v: u32| {
            if v & 1 == 0 || v >= plain {
                return false;
            }
            let node = v as usize / 2;
            let e = cell_of[node] as usize;
            let end = CandIx::new(CellIx::new(e), DigitIx::new(node - e * n));
            aic_ends.is_end(ctx, end)
        };
        for j in entries_where(table.entries, ends) {
            if let Ok(end) = g.node(table.entries[j].0) {
                self.aic(table, j, start, end);
            }
        }
    }

    fn aic(&mut self, table: Table<'_>, j: usize, start: CandIx, end: CandIx) {
        if table.near(j) {
            return;
        }
        let ctx = self.ctx;
        let (CandIx { cell: s, digit: c }, CandIx { cell: e, digit: d }) = (start, end);
        let mut elims = Vec::new();
        if c == d {
            let seeing = ctx
                .g
                .common_peers([s.index(), e.index()])
                .and(&ctx.digit_cells[c.index()]);
            if seeing.has_two() {
                elims.extend(each_cell(&seeing).map(|t| CandIx::new(t, c)));
            }
        } else {
            if ctx.has(s.index(), d.index()) {
                elims.push(CandIx::new(s, d));
            }
            if ctx.has(e.index(), c.index()) {
                elims.push(CandIx::new(e, c));
            }
        }
        if elims.is_empty() {
            return;
        }
        let mut path = std::mem::take(&mut self.path);
        if self.chain(table, j, false, &mut path) {
            self.record(Technique::Aic, &path, elims);
        }
        self.path = path;
    }

    /// Keeps a chain found unless one as short or shorter with the same kind and
    /// eliminations is there already (a longer one stays in the list, as in HoDoKu).
    fn record(&mut self, technique: Technique, path: &[u32], elims: Vec<CandIx>) {
        if elims.is_empty() {
            return;
        }
        let (g, ctx) = (self.graph, self.ctx);
        let grouped = path.iter().any(|&v| g.node(v).is_err());
        let technique = match (technique, grouped) {
            (Technique::DiscontinuousNiceLoop, true) => Technique::GroupedDiscontinuousNiceLoop,
            (Technique::ContinuousNiceLoop, true) => Technique::GroupedContinuousNiceLoop,
            (Technique::Aic, true) => Technique::GroupedAic,
            (t, _) => t,
        };
        // The step's eliminations as it will list them (by digit, then cell, once each):
        // most chains found repeat an effect a shorter chain had, and are dropped before a
        // step is built.
        let mut sorted = elims.clone();
        sorted.sort_unstable_by_key(|c| (c.digit, c.cell));
        sorted.dedup();
        let key = (
            technique,
            sorted
                .iter()
                .map(|c| c.to_candidate(ctx))
                .collect::<Vec<_>>(),
        );
        // HoDoKu counts an ALS in a chain as two and a half nodes more.
        let alses = path.iter().filter(|&&v| g.als_of(v).is_some()).count();
        let nodes = path.len() + 5 * alses / 2;
        if let Some(&k) = self.by_effect.get(&key)
            && self.found[k].nodes <= nodes
        {
            return;
        }
        let sum = index_sum_of(sorted.iter().map(|c| (c.cell.index(), c.digit.index() + 1)));
        self.by_effect.insert(key.clone(), self.found.len());
        self.found.push(Found {
            technique,
            path: path.to_vec(),
            elims,
            eliminations: key.1,
            nodes,
            sum,
        });
    }

    /// The step of a chain found.
    fn step(&self, found: &Found) -> Step {
        let (g, ctx, path) = (self.graph, self.ctx, &found.path[..]);
        let digits: Vec<_> = {
            let mut m = 0u64;
            for c in &found.elims {
                m |= c.digit.bit();
            }
            super::super::digits(m)
        };
        let mut step = Step::new(found.technique, digits);
        for c in &found.elims {
            step.eliminate(c.to_candidate(ctx));
        }
        step.normalize();
        debug_assert_eq!(step.eliminations, found.eliminations);
        debug_assert_eq!(index_sum(&step, ctx.n()), found.sum);
        let chain = chain_of(g, ctx, path);
        for (k, &v) in path.iter().enumerate() {
            let role = if v & 1 == 1 {
                Role::ColorA
            } else {
                Role::ColorB
            };
            if k > 0 || v & 1 == 1 {
                for c in g.cells_of(v) {
                    let x = g.digit_of(v);
                    if ctx.has(c.index(), x.index()) {
                        step.add_candidate(CandIx::new(c, x).to_candidate(ctx), role);
                    }
                }
            }
        }
        step.chains.push(chain);
        for a in path.iter().filter_map(|&v| g.als_of(v)) {
            let set = AlsGroup {
                cells: a.cells.iter().map(|c| ctx.cell(c)).collect(),
                digits: super::super::digits(a.mask),
            };
            if !step.sets.contains(&set) {
                step.sets.push(set);
            }
        }
        step
    }
}
