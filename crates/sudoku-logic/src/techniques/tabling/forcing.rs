//! Forcing chains and forcing nets, contradictions and verities, read from the tables with
//! HoDoKu's checks in its order.

use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

use super::super::{Ctx, digit};
use super::bfs::{Bfs, Table};
use super::graph::{Graph, chain_of};
use super::houses::{HouseBits, HousePlaces, sees_itself};
use super::index::{CandIx, CellIx, DigitIx, each_cell, each_digit};
use super::links::PaddedLinks;
use super::pool::{put_back, take_spare};
use super::tables::{SPARE_ARENAS, Tables, grouped_tables};
use crate::bits::{BitIter, CellSet};
use crate::geometry::Kind;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// One premise's table with what it implies, per digit: the cells set and the cells cleared
/// (plain nodes only, as HoDoKu keeps them).
pub(super) struct Implications<'t, const W: usize> {
    pub(super) table: Table<'t>,
    /// Per digit index the cells set, then per digit index the cells cleared: one vector
    /// for both, as every premise of a position has one.
    pub(super) sets: Vec<CellSet<W>>,
}

impl<'t, const W: usize> Implications<'t, W> {
    pub(super) fn new(graph: &Graph, table: Table<'t>) -> Implications<'t, W> {
        let n = graph.n;
        let mut sets = vec![CellSet::EMPTY; 2 * n];
        for &(value, _) in table.entries {
            if let Ok(CandIx { cell, digit }) = graph.node(value) {
                let d = digit.index();
                let k = if value & 1 == 1 { d } else { n + d };
                sets[k].insert(cell.index());
            }
        }
        Implications { table, sets }
    }

    /// Per digit index, the cells the premise sets.
    fn on(&self) -> &[CellSet<W>] {
        &self.sets[..self.sets.len() / 2]
    }

    /// Per digit index, the cells the premise clears.
    fn off(&self) -> &[CellSet<W>] {
        &self.sets[self.sets.len() / 2..]
    }

    pub(super) fn premise(&self) -> u32 {
        self.table.entries[0].0
    }
}

/// What a forcing chain concludes: a digit placed or a candidate removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Conclusion {
    Place(CandIx),
    Remove(CandIx),
}

impl Conclusion {
    /// Where HoDoKu sorts a forcing step by what it concludes: placements first, by cell,
    /// then eliminations by candidate (the shorter chains first among equals).
    fn rank(self, n: usize) -> (u8, usize) {
        match self {
            Conclusion::Place(c) => (0, c.cell.index()),
            Conclusion::Remove(c) => (1, c.cell.index() * n + c.digit.index()),
        }
    }

    /// Candidate `c` placed or removed.
    pub(super) fn of(placed: bool, c: CandIx) -> Conclusion {
        if placed {
            Conclusion::Place(c)
        } else {
            Conclusion::Remove(c)
        }
    }

    /// The candidate placed or removed.
    fn candidate(self) -> CandIx {
        match self {
            Conclusion::Place(c) | Conclusion::Remove(c) => c,
        }
    }
}

/// Every forcing chain (or, with `net`, forcing net) at the position, contradictions and
/// verities, best first: HoDoKu's tables with group nodes, and its checks in its order.
pub(crate) fn forcing_chains<const W: usize>(ctx: &Ctx<W>, net: bool, out: &mut Vec<Step>) {
    let shared = if net {
        Rc::new(Tables::new(ctx, Graph::net(ctx)))
    } else {
        grouped_tables(ctx)
    };
    forcing_in(ctx, net, &shared, out);
}

/// [`forcing_chains`] in the tables given.
pub(super) fn forcing_in<const W: usize>(
    ctx: &Ctx<W>,
    net: bool,
    shared: &Tables,
    out: &mut Vec<Step>,
) {
    let tables = shared.implications();
    let mut forcing = Forcing::new(ctx, net, shared);
    for (on, off) in &tables {
        forcing.one_premise(on);
        forcing.one_premise(off);
    }
    for (on, off) in &tables {
        forcing.both_ways(on, off);
    }
    forcing.every_case(&tables);
    let mut found = forcing.found;
    found.sort_by_key(|(_, conclusion, nodes)| (conclusion.rank(ctx.n()), *nodes));
    out.extend(found.into_iter().map(|f| f.0));
}

pub(super) struct Forcing<'a, 'c, const W: usize> {
    ctx: &'a Ctx<'c, W>,
    /// Searching forcing nets (the steps are named so).
    net: bool,
    graph: &'a Graph,
    pub(super) found: Vec<(Step, Conclusion, usize)>,
    by_effect: HashMap<(Technique, Conclusion), usize>,
    /// Every house's places of a digit that the placed digits allow.
    pub(super) places: HousePlaces<W>,
    /// The best rank ([`Conclusion::rank`]) of the steps found so far. A solve path takes
    /// the first step of the sorted list ([`Ctx::first_only`]), so a conclusion ranked after
    /// it cannot be taken and is not looked at.
    best: Option<(u8, usize)>,
    later: LaterWalks<'a>,
}

impl<'a, 'c, const W: usize> Forcing<'a, 'c, W> {
    pub(super) fn new(ctx: &'a Ctx<'c, W>, net: bool, tables: &'a Tables) -> Self {
        Forcing {
            ctx,
            net,
            graph: &tables.graph,
            found: Vec::new(),
            by_effect: HashMap::default(),
            places: HousePlaces::new(ctx),
            best: None,
            later: LaterWalks::new(tables),
        }
    }

    /// Whether a step concluding `conclusion` could still be the one a solve path takes.
    fn may_win(&self, conclusion: Conclusion) -> bool {
        !self.ctx.first_only || self.best.is_none_or(|b| conclusion.rank(self.ctx.n()) <= b)
    }

    /// Contradictions from one premise: it is false, so an "on" premise's candidate goes
    /// and an "off" premise's digit is placed.
    fn one_premise(&mut self, t: &Implications<'_, W>) {
        let (g, ctx) = (self.graph, self.ctx);
        let premise = t.premise();
        let Ok(start) = g.node(premise) else { return };
        let on = premise & 1 == 1;
        let conclusion = Conclusion::of(!on, start);
        if !self.may_win(conclusion) {
            return;
        }
        let contradiction = Technique::ForcingChainContradiction;
        // The premise implies its own opposite.
        let (s, c) = (start.cell.index(), start.digit.index());
        if (on && t.off()[c].contains(s)) || (!on && t.on()[c].contains(s)) {
            let opposite = g.normal(start.cell, start.digit, !on);
            self.record(contradiction, conclusion, &[(t, opposite)]);
        }
        // One pass over the digits for what the three checks below look for (each is rare):
        // a candidate both set and cleared, a cell given two digits, a cell left without a
        // candidate.
        let (mut both, mut seen, mut twice, mut dead) =
            (false, CellSet::<W>::EMPTY, CellSet::<W>::EMPTY, ctx.empty);
        for ((on, off), cells) in t.on().iter().zip(t.off()).zip(&ctx.digit_cells) {
            both |= on.intersects(off);
            twice = twice.or(&seen.and(on));
            seen = seen.or(on);
            dead = dead.minus(&cells.minus(off)).minus(on);
        }
        // A candidate both set and cleared.
        for d in (0..ctx.n()).filter(|_| both) {
            if let Some(x) = t.on()[d].and(&t.off()[d]).first() {
                let (x, d) = (CellIx::new(x), DigitIx::new(d));
                let ends = [(t, g.normal(x, d, false)), (t, g.normal(x, d, true))];
                self.record(contradiction, conclusion, &ends);
            }
        }
        // A cell given two digits, looked for pair by pair.
        for d in (0..ctx.n()).filter(|_| !twice.is_empty()) {
            for e in d + 1..ctx.n() {
                if let Some(x) = t.on()[d].and(&t.on()[e]).first() {
                    let (x, d, e) = (CellIx::new(x), DigitIx::new(d), DigitIx::new(e));
                    let ends = [(t, g.normal(x, d, true)), (t, g.normal(x, e, true))];
                    self.record(contradiction, conclusion, &ends);
                }
            }
        }
        // A digit placed twice in a house, looked for house by house only where two of its
        // placed cells see each other (rare).
        if sees_itself(ctx, t.on()) {
            for kind in [Kind::Row, Kind::Col, Kind::Block] {
                for d in (0..ctx.n()).filter(|&d| t.on()[d].len() > 1) {
                    for h in ctx.g.lines(kind) {
                        let twice = t.on()[d].and(ctx.g.house_set(h));
                        if twice.len() > 1 {
                            let d = DigitIx::new(d);
                            let ends: Vec<_> = each_cell(&twice)
                                .map(|x| (t, g.normal(x, d, true)))
                                .collect();
                            self.record(contradiction, conclusion, &ends);
                        }
                    }
                }
            }
        }
        // A cell left without a candidate.
        for x in each_cell(&dead) {
            let ends: Vec<_> = each_digit(ctx.mask(x.index()))
                .map(|d| (t, g.normal(x, d, false)))
                .collect();
            self.record(contradiction, conclusion, &ends);
        }
        // A house where a digit has no place left (HoDoKu counts the places the placed
        // digits allow, not the current candidates).
        // (The table of houses is lent out for the call, which records with `self`.)
        match self.places.bits.take() {
            Some(bits) => {
                self.no_place_left_by_bits(t, conclusion, &bits);
                self.places.bits = Some(bits);
            }
            None => self.no_place_left(t, conclusion),
        }
    }

    /// The houses where `t` clears every allowed place of a digit, house by house.
    pub(super) fn no_place_left(&mut self, t: &Implications<'_, W>, conclusion: Conclusion) {
        let g = self.graph;
        for r in 0..self.places.runs.len() {
            let (digit, from, to) = self.places.runs[r];
            let d = digit.index();
            if !self.places.allowed[d].intersects(&t.off()[d]) {
                continue;
            }
            for k in from..to {
                let places = self.places.places[k];
                if places.minus(&t.off()[d]).is_empty() {
                    let ends: Vec<_> = each_cell(&places)
                        .map(|x| (t, g.normal(x, digit, false)))
                        .collect();
                    self.record(Technique::ForcingChainContradiction, conclusion, &ends);
                }
            }
        }
    }

    /// [`Forcing::no_place_left`] with the houses found as bits: per digit, those with an
    /// allowed place and none left uncleared, then recorded in the same order.
    pub(super) fn no_place_left_by_bits(
        &mut self,
        t: &Implications<'_, W>,
        conclusion: Conclusion,
        bits: &HouseBits,
    ) {
        let g = self.graph;
        let n = self.ctx.n();
        let mut emptied = [0u64; sudoku_core::MAX_SIZE];
        let mut any = 0;
        for (d, emptied) in emptied.iter_mut().enumerate().take(n) {
            let with = bits.with_places[d];
            if with != 0 && self.places.allowed[d].intersects(&t.off()[d]) {
                let left = self.places.allowed[d].minus(&t.off()[d]);
                *emptied = with & !bits.of(&left);
                any |= *emptied;
            }
        }
        if any == 0 {
            return;
        }
        let kind_mask = (1u64 << bits.per_kind) - 1;
        for kind in 0..3 {
            for (d, &emptied) in emptied.iter().enumerate().take(n) {
                for bit in BitIter(emptied & kind_mask << (kind * bits.per_kind)) {
                    let places = self.places.places[bits.place_of[d][bit] as usize];
                    let digit = DigitIx::new(d);
                    let ends: Vec<_> = each_cell(&places)
                        .map(|x| (t, g.normal(x, digit, false)))
                        .collect();
                    self.record(Technique::ForcingChainContradiction, conclusion, &ends);
                }
            }
        }
    }

    /// What a candidate implies both when it is true and when it is false holds.
    fn both_ways(&mut self, on: &Implications<'_, W>, off: &Implications<'_, W>) {
        let (g, ctx) = (self.graph, self.ctx);
        let Ok(start) = g.node(on.premise()) else {
            return;
        };
        for (placed, sets) in [(true, (on.on(), off.on())), (false, (on.off(), off.off()))] {
            for d in (0..ctx.n()).map(DigitIx::new) {
                let mut both = sets.0[d.index()].and(&sets.1[d.index()]);
                both.remove(start.cell.index());
                for x in each_cell(&both) {
                    let conclusion = Conclusion::of(placed, CandIx::new(x, d));
                    let value = g.normal(x, d, placed);
                    self.record(
                        Technique::ForcingChainVerity,
                        conclusion,
                        &[(on, value), (off, value)],
                    );
                }
            }
        }
    }

    /// What every candidate of a cell implies, and every place of a digit in a house.
    fn every_case(&mut self, tables: &[(Implications<'_, W>, Implications<'_, W>)]) {
        let (g, ctx) = (self.graph, self.ctx);
        let mut by_candidate = vec![None; ctx.g.cell_count() * ctx.n()];
        for (on, _) in tables {
            if let Ok(c) = g.node(on.premise()) {
                by_candidate[c.cell.index() * ctx.n() + c.digit.index()] = Some(on);
            }
        }
        let on_table = |c: usize, d: usize| by_candidate[c * ctx.n() + d];
        let mut cases: Vec<Vec<&Implications<'_, W>>> = Vec::new();
        for c in ctx.empty.iter() {
            cases.push(
                BitIter(ctx.mask(c))
                    .filter_map(|d| on_table(c, d))
                    .collect(),
            );
        }
        for kind in [Kind::Row, Kind::Col, Kind::Block] {
            for h in ctx.g.lines(kind) {
                for d in 0..ctx.n() {
                    let places = ctx.cells_in(h, d);
                    if !places.is_empty() {
                        cases.push(places.iter().filter_map(|c| on_table(c, d)).collect());
                    }
                }
            }
        }
        let mut common = Vec::new();
        for case in cases {
            self.all_of(&case, &mut common);
        }
    }

    /// `common`: room for what every case implies, kept from case to case.
    fn all_of(&mut self, case: &[&Implications<'_, W>], common: &mut Vec<CellSet<W>>) {
        let (g, ctx) = (self.graph, self.ctx);
        let Some((first, rest)) = case.split_first() else {
            return;
        };
        // What every case implies, for all digits at once: one pass over each table's sets
        // (of every digit set, then cleared), where a digit at a time went back to each.
        common.clear();
        common.extend_from_slice(&first.sets);
        for t in rest {
            let mut any = false;
            for (c, s) in common.iter_mut().zip(&t.sets) {
                *c = c.and(s);
                any |= !c.is_empty();
            }
            // Most cases have nothing in common well before their last table.
            if !any {
                return;
            }
        }
        let n = ctx.n();
        for d in (0..n).map(DigitIx::new) {
            for placed in [true, false] {
                let common = &common[if placed { d.index() } else { n + d.index() }];
                for x in each_cell(common) {
                    let conclusion = Conclusion::of(placed, CandIx::new(x, d));
                    if !self.may_win(conclusion) {
                        continue;
                    }
                    let value = g.normal(x, d, placed);
                    let ends: Vec<_> = case.iter().map(|&t| (t, value)).collect();
                    self.record(Technique::ForcingChainVerity, conclusion, &ends);
                }
            }
        }
    }

    /// Adds a step with a chain from each table's premise to its end value, unless one with
    /// the same kind and conclusion and chains as short is there (a longer one is replaced).
    fn record(
        &mut self,
        technique: Technique,
        conclusion: Conclusion,
        ends: &[(&Implications<'_, W>, u32)],
    ) {
        let (g, ctx) = (self.graph, self.ctx);
        let technique = match (technique, self.net) {
            (Technique::ForcingChainContradiction, true) => Technique::ForcingNetContradiction,
            (Technique::ForcingChainVerity, true) => Technique::ForcingNetVerity,
            (t, _) => t,
        };
        if !self.may_win(conclusion) {
            return;
        }
        let paths: Vec<Vec<u32>> = ends
            .iter()
            .filter_map(|(t, value)| self.later.path(t.table, *value))
            .collect();
        let nodes: usize = paths.iter().map(Vec::len).sum();
        let key = (technique, conclusion);
        if let Some(&k) = self.by_effect.get(&key)
            && self.found[k].2 <= nodes
        {
            return;
        }
        let candidate = conclusion.candidate();
        let mut step = Step::new(technique, vec![digit(candidate.digit.index())]);
        match conclusion {
            Conclusion::Place(c) => step.place(c.to_candidate(ctx)),
            Conclusion::Remove(c) => step.eliminate(c.to_candidate(ctx)),
        }
        for path in &paths {
            step.chains.push(chain_of(g, ctx, path));
        }
        if let Some(path) = paths.first() {
            let role = Role::Pattern;
            if let Ok(c) = g.node(path[0]) {
                step.add_candidate(c.to_candidate(ctx), role);
            }
        }
        let rank = conclusion.rank(ctx.n());
        self.best = Some(self.best.map_or(rank, |b| b.min(rank)));
        match self.by_effect.get(&key) {
            Some(&k) => self.found[k] = (step, conclusion, nodes),
            None => {
                self.by_effect.insert(key, self.found.len());
                self.found.push((step, conclusion, nodes));
            }
        }
    }
}

/// The tables of the premises a [`Walk::Wanted`] search did not walk, walked when a forcing
/// chain needs a path from one of them: a few of the hundreds passed over.
///
/// [`Walk::Wanted`]: super::tables::Walk::Wanted
struct LaterWalks<'a> {
    /// The links to walk, where some premises were not walked.
    links: Option<&'a PaddedLinks>,
    values: usize,
    bfs: Option<Bfs>,
    /// The tables walked, one after another, up to `end` (past it, what earlier walks
    /// left: an arena of dropped tables, with its room, is taken for the first walk).
    arena: Vec<(u32, u32)>,
    end: usize,
    /// Per premise walked, its table's place in `arena`.
    at: HashMap<u32, (usize, usize)>,
}

impl<'a> LaterWalks<'a> {
    fn new(tables: &'a Tables) -> LaterWalks<'a> {
        LaterWalks {
            links: tables.reach.as_ref().and(tables.links.as_ref()),
            values: tables.graph.values(),
            bfs: None,
            arena: Vec::new(),
            end: 0,
            at: HashMap::default(),
        }
    }

    /// The values on the path from `table`'s premise to `value`, the premise walked first
    /// where its table is the premise alone and may stand for one not walked.
    fn path(&mut self, table: Table<'_>, value: u32) -> Option<Vec<u32>> {
        let premise = table.entries[0].0;
        let links = match self.links {
            Some(links) if table.entries.len() == 1 && premise != value => links,
            _ => return path_to(table, value),
        };
        let (from, to) = match self.at.get(&premise) {
            Some(&range) => range,
            None => {
                let bfs = self.bfs.get_or_insert_with(|| Bfs::new(self.values));
                if self.at.is_empty() {
                    self.arena = take_spare(&SPARE_ARENAS);
                }
                let from = self.end;
                self.end = bfs.run(links, premise, &mut self.arena, from, None).0;
                self.at.insert(premise, (from, self.end));
                (from, self.end)
            }
        };
        path_to(
            Table {
                entries: &self.arena[from..to],
            },
            value,
        )
    }
}

impl Drop for LaterWalks<'_> {
    fn drop(&mut self) {
        if let Some(bfs) = self.bfs.take() {
            bfs.give_back();
        }
        if !self.at.is_empty() {
            put_back(&SPARE_ARENAS, std::mem::take(&mut self.arena));
        }
    }
}

/// The values on the table's path from its premise to `value`.
fn path_to(table: Table<'_>, value: u32) -> Option<Vec<u32>> {
    let j = table.entries.iter().position(|e| e.0 == value)?;
    let mut path = vec![value];
    let mut k = j;
    while k != 0 {
        k = table.entries[k].1 as usize;
        path.push(table.entries[k].0);
    }
    path.reverse();
    Some(path)
}
