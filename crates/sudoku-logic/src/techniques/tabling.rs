//! Nice Loops and AICs (alternating inference chains), plain and grouped, found by tabling as
//! HoDoKu finds them.
//!
//! Every candidate gives two premises: "the digit is in the cell" (on) and "it is not" (off).
//! The direct implications of each premise are listed first (on: the cell's other digits and
//! the digit's other places in its houses are off; off: the cell's other digit is on if the
//! cell is bivalue, the digit's other place in a house is on if it has only two). Then every
//! premise's implications are followed breadth first; the first path found to each node is
//! kept. (Most premises are not walked: the transitive closure of the graph, module `reach`,
//! says which tables can hold a loop or an AIC's end, and what a premise not walked
//! implies, which is all the forcing checks read until a step needs its paths.) A path that
//! comes back to its own cell is a nice loop, and one that starts with a strong link and
//! ends on a digit that sees its start is an AIC; both are checked for
//! eliminations exactly as HoDoKu does it (which loop kinds exist, which eliminations each
//! gives, which chains are refused as lassos), so that the solve path takes HoDoKu's step.
//!
//! Grouped chains add group nodes: two or three places of a digit where a line meets a box,
//! taken together. Their links join the implication lists after every plain one. With
//! [`crate::Options::als_in_chains`] they add ALS nodes too (see `AlsNode`), and the walk
//! keeps HoDoKu's distances, in which an ALS costs more than a plain link.
//!
//! Which step is taken: most eliminations first, then HoDoKu's `index_sum`; for one set of
//! eliminations and one kind, the shorter chain. Equal keys keep the order of discovery (loops
//! from on-premises, loops from off-premises, then AICs, premises by cell and digit), as
//! HoDoKu's stable sort does.

mod reach;

use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

use super::buckets::Buckets;
use super::chains::{index_sum, index_sum_of};
use super::{Ctx, digit};
use crate::bits::{BitIter, CellSet, two_bits};
use crate::chain::{AlsGroup, Chain, ChainNode, LinkKind};
use crate::geometry::Kind;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// HoDoKu's capacity of one table: implications past it are dropped.
const MAX_ENTRIES: usize = 1000;

/// Rounds of singles a forcing net looks ahead (HoDoKu's `anzTableLookAhead`).
const LOOK_AHEAD: usize = 4;

/// A premise applied to a copy of the position, for a forcing net's implications.
///
/// A scan for singles looks only where something changed since the last one: the cells
/// that lost a candidate (naked singles) and the houses where a digit's count of places
/// fell to one (hidden singles). Every single there was before that was set, so nothing
/// else can have become one; the position itself must have none, or every scan looks
/// everywhere (`whole`).
struct LookAhead<'a, 'c, const W: usize> {
    ctx: &'a Ctx<'c, W>,
    masks: Vec<u64>,
    values: Vec<u8>,
    /// Per digit index, the empty cells holding it.
    places: Vec<CellSet<W>>,
    /// `places` in the position.
    start: Vec<CellSet<W>>,
    premise: u32,
    found: Vec<u32>,
    /// Per value, whether it is the premise or in `found`.
    seen: Vec<bool>,
    /// The cells that lost a candidate since the last scan.
    changed: CellSet<W>,
    /// Per house and digit index (`h * n + d`), the digit's places in the house: kept for
    /// the rows, columns and boxes.
    counts: Vec<u8>,
    /// `counts` in the position.
    start_counts: Vec<u8>,
    /// The houses (by place in `scan`) and digits whose count fell to one since the last
    /// scan: a scan reads those alone, where it read every digit that lost a place in a
    /// house (most of them still had several).
    ones: Vec<(u16, u8)>,
    /// The houses a scan for hidden singles reads, in its order: rows, columns, boxes.
    scan: Vec<usize>,
    /// Per house, its place in `scan`.
    scan_place: Vec<usize>,
    /// The position has a single of its own: scans look at every cell and house.
    whole: bool,
}

impl<'a, 'c, const W: usize> LookAhead<'a, 'c, W> {
    fn new(ctx: &'a Ctx<'c, W>, values: usize, whole: bool) -> Self {
        let start: Vec<CellSet<W>> = ctx.digit_cells.iter().map(|s| s.and(&ctx.empty)).collect();
        let scan: Vec<usize> = [Kind::Row, Kind::Col, Kind::Block]
            .into_iter()
            .flat_map(|kind| ctx.g.lines(kind))
            .collect();
        let n = ctx.n();
        let mut scan_place = vec![usize::MAX; ctx.g.house_count()];
        let mut start_counts = vec![0u8; ctx.g.house_count() * n];
        for (i, &h) in scan.iter().enumerate() {
            scan_place[h] = i;
            for (d, places) in start.iter().enumerate() {
                start_counts[h * n + d] = places.and(ctx.g.house_set(h)).len() as u8;
            }
        }
        let mut look = LookAhead {
            ctx,
            masks: ctx.pos.masks().to_vec(),
            values: ctx.pos.values().to_vec(),
            places: start.clone(),
            start,
            premise: 0,
            found: Vec::new(),
            seen: vec![false; values],
            changed: CellSet::EMPTY,
            counts: start_counts.clone(),
            start_counts,
            ones: Vec::new(),
            scan,
            scan_place,
            whole: true,
        };
        let mut singles = Vec::new();
        look.singles(&mut singles);
        look.whole = whole || !singles.is_empty();
        look
    }

    /// Starts over from the position with another premise (what the last one found is
    /// dropped: the caller has copied it).
    fn restart(&mut self, premise: u32) {
        self.masks.copy_from_slice(self.ctx.pos.masks());
        self.values.copy_from_slice(self.ctx.pos.values());
        self.places.copy_from_slice(&self.start);
        self.changed = CellSet::EMPTY;
        self.counts.copy_from_slice(&self.start_counts);
        self.ones.clear();
        self.seen[self.premise as usize] = false;
        for &v in &self.found {
            self.seen[v as usize] = false;
        }
        self.premise = premise;
        self.seen[premise as usize] = true;
        self.found.clear();
    }

    fn add(&mut self, value: u32) {
        if !self.seen[value as usize] {
            self.seen[value as usize] = true;
            self.found.push(value);
        }
    }

    /// Notes that `cell` lost the digits of `lost` (as places, in its row, column and box).
    fn lose(&mut self, cell: usize, lost: u64) {
        let g = self.ctx.g;
        let n = self.ctx.n();
        self.changed.insert(cell);
        let houses = [g.row_of(cell), g.col_of(cell), g.block_of(cell)];
        for d in BitIter(lost) {
            self.places[d].remove(cell);
            for h in houses {
                let count = &mut self.counts[h * n + d];
                *count -= 1;
                if *count == 1 {
                    self.ones.push((self.scan_place[h] as u16, d as u8));
                }
            }
        }
    }

    /// Takes digit index `d` out of `cell`, an empty cell holding it.
    fn remove(&mut self, cell: usize, d: usize) {
        self.masks[cell] &= !(1 << d);
        self.lose(cell, 1 << d);
    }

    /// Sets digit index `d` in `cell` and records what follows.
    fn set(&mut self, graph: &Graph, cell: usize, d: usize) {
        let ctx = self.ctx;
        let others = self.masks[cell] & !(1 << d);
        if self.values[cell] == 0 {
            self.values[cell] = (d + 1) as u8;
            self.lose(cell, self.masks[cell]);
            self.masks[cell] = 0;
            for p in ctx.g.peers(cell).and(&self.places[d]).iter() {
                self.remove(p, d);
            }
        }
        self.add(graph.normal(cell, d, true));
        let peers = ctx.g.peers(cell).and(&ctx.digit_cells[d]);
        for p in peers.iter() {
            self.add(graph.normal(p, d, false));
        }
        for x in BitIter(others) {
            self.add(graph.normal(cell, x, false));
        }
    }

    /// Every naked single of the copy (cells in order), then every hidden single (houses
    /// row, column, box, digits in order).
    fn singles(&mut self, out: &mut Vec<(usize, usize)>) {
        out.clear();
        if self.whole {
            self.ones.clear();
            return self.every_single(out);
        }
        let ctx = self.ctx;
        for c in self.changed.iter() {
            if self.values[c] == 0 && self.masks[c].count_ones() == 1 {
                out.push((c, self.masks[c].trailing_zeros() as usize));
            }
        }
        self.changed = CellSet::EMPTY;
        // Houses in scan order, digits in order within a house.
        self.ones.sort_unstable();
        self.ones.dedup();
        let n = ctx.n();
        for &(i, d) in &self.ones {
            let (h, d) = (self.scan[i as usize], d as usize);
            if self.counts[h * n + d] == 1
                && let Some(c) = self.places[d].and(ctx.g.house_set(h)).first()
                && !out.contains(&(c, d))
            {
                out.push((c, d));
            }
        }
        self.ones.clear();
    }

    /// [`Self::singles`] looking at every cell and house.
    fn every_single(&self, out: &mut Vec<(usize, usize)>) {
        let ctx = self.ctx;
        for c in 0..self.masks.len() {
            if self.values[c] == 0 && self.masks[c].count_ones() == 1 {
                out.push((c, self.masks[c].trailing_zeros() as usize));
            }
        }
        for kind in [Kind::Row, Kind::Col, Kind::Block] {
            for h in ctx.g.lines(kind) {
                // The digits with exactly one place in the house, in digit order.
                let (mut once, mut twice) = (0u64, 0u64);
                for &c in ctx.g.house_cells(h) {
                    let m = if self.values[c] == 0 {
                        self.masks[c]
                    } else {
                        0
                    };
                    twice |= once & m;
                    once |= m;
                }
                for d in BitIter(once & !twice) {
                    let place = ctx
                        .g
                        .house_cells(h)
                        .iter()
                        .copied()
                        .find(|&c| self.values[c] == 0 && self.masks[c] & (1 << d) != 0);
                    if let Some(c) = place
                        && !out.contains(&(c, d))
                    {
                        out.push((c, d));
                    }
                }
            }
        }
    }
}

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
fn find_in<const W: usize>(ctx: &Ctx<W>, tables: &Tables, grouped: bool, out: &mut Vec<Step>) {
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
    // grouped one ([`super::Family::GroupedLoops`]): only that step is built.
    let wanted = |f: &&Found| !grouped || f.technique.order() == Technique::GroupedAic.order();
    if ctx.first_only {
        out.extend(found.iter().find(wanted).map(|f| finder.step(f)));
    } else {
        out.extend(found.iter().map(|f| finder.step(f)));
    }
}

/// A graph and the table of every premise in it, "on" and "off", candidates in order (empty
/// cells, then digits).
pub(crate) struct Tables {
    graph: Graph,
    /// Every table's entries, one after another: a position has hundreds of tables of a few
    /// dozen entries each, and one vector for all of them spares an allocation per table.
    /// Past the last table's end it holds what earlier walks left there.
    arena: Vec<(u32, u32)>,
    /// Where each table starts in `arena`, and where the last one ends: the tables of one
    /// sign, candidates in order, then those of the other (see `on_first`).
    bounds: Vec<u32>,
    /// Whether the "on" tables come first in `bounds` (else the "off" ones do).
    on_first: bool,
    /// What each premise reaches, where only some premises were walked ([`Walk::Wanted`],
    /// [`Walk::Reached`]): a table of one entry there may stand for a premise not walked.
    reach: Option<PremiseReach>,
    /// The links walked (where the walks were plain): forcing chains walk a premise that
    /// was not walked along them when they need a path from it ([`LaterWalks`]).
    links: Option<PaddedLinks>,
}

impl Tables {
    /// The tables of a graph with group nodes, and ALS nodes where it has them, for the
    /// forcing searches alone: without ALS nodes, what each premise implies is read from
    /// the closure, and a premise is walked only for a step's paths ([`Walk::Reached`]).
    fn new<const W: usize>(ctx: &Ctx<W>, graph: Graph) -> Tables {
        if !graph.alses.is_empty() {
            return Tables::walked(ctx, graph, None, Walk::CopyOff);
        }
        let padded = PaddedLinks::new(&graph);
        Tables::walked(ctx, graph, Some(padded), Walk::Reached)
    }

    /// The tables of the plain graph, whose links are laid out for the walks straight
    /// from the position: no graph of lists is built to be copied over.
    ///
    /// Their "on" tables are read for loops alone, so each is cut once it holds every value
    /// of its premise's cell it can reach ([`Walk::CutOn`]).
    ///
    /// The links are kept in the [`Ctx`]: the grouped graph's lists of the candidates
    /// start with the same ones ([`PaddedLinks::with_adds`]).
    fn plain<const W: usize>(ctx: &Ctx<W>) -> Tables {
        let graph = Graph::nodes(ctx, false, false);
        let links = PaddedLinks::plain(ctx, &graph);
        let mut tables = Tables::walked(ctx, graph, Some(links), Walk::CutOn);
        *ctx.plain_links.borrow_mut() = tables.links.take();
        tables
    }

    /// The tables of every premise of `graph`, walked along `padded` where the walk is
    /// plain, along the graph's lists with HoDoKu's distances where it has ALS nodes: the
    /// tables of one sign, candidates in order, then those of the other, in the order and
    /// with the cuts and copies `walk` says.
    fn walked<const W: usize>(
        ctx: &Ctx<W>,
        graph: Graph,
        padded: Option<PaddedLinks>,
        walk: Walk,
    ) -> Tables {
        let mut bfs = Bfs::new(graph.values());
        // A spare arena is not cleared: a plain walk writes its table in place, past the
        // tables before it, and needs the room there to be no more than written over.
        let mut arena = take_spare(&SPARE_ARENAS);
        let mut end = 0;
        let mut bounds = vec![0];
        let candidates = candidate_list(ctx);
        let index = graph.candidate_index(&candidates);
        let on_first = walk != Walk::CutOn;
        let reach = match (&padded, walk) {
            (Some(links), Walk::CutOn | Walk::Wanted | Walk::Reached) => {
                Some(PremiseReach::new(&graph, links, candidates.clone(), &index))
            }
            _ => None,
        };
        for on in [on_first, !on_first] {
            for (i, &(c, d)) in candidates.iter().enumerate() {
                let premise = graph.normal(c, d, on);
                end = match &padded {
                    Some(links) => {
                        let derived = (walk == Walk::CopyOff && !on)
                            .then(|| {
                                let done = Done {
                                    bounds: &bounds,
                                    index: &index,
                                };
                                Tables::derive_off(links, premise, done, &mut arena, end)
                            })
                            .flatten();
                        let wanted = match &reach {
                            Some(reach) if walk == Walk::Wanted => {
                                let whole =
                                    reach.walk(ctx, i, on).is_some() || reach.past_cap(i, on);
                                whole.then_some(u32::MAX)
                            }
                            Some(reach) if walk == Walk::Reached => {
                                reach.past_cap(i, on).then_some(u32::MAX)
                            }
                            Some(reach) => reach.walk(ctx, i, on),
                            None => Some(u32::MAX),
                        };
                        match (derived, wanted) {
                            (Some(to), _) => to,
                            (None, None) => Tables::premise_alone(&mut arena, end, premise),
                            (None, Some(u32::MAX)) => {
                                bfs.run(links, premise, &mut arena, end, None).0
                            }
                            (None, Some(wanted)) => {
                                let range = graph.cell_values(c);
                                let cut = Some(Cut { range, wanted });
                                bfs.run(links, premise, &mut arena, end, cut).0
                            }
                        }
                    }
                    None => {
                        arena.truncate(end);
                        bfs.run_weighted(&graph, premise, &mut arena);
                        arena.len()
                    }
                };
                bounds.push(end as u32);
            }
        }
        bfs.give_back();
        // What lies past `end` stays: the arena goes back to the pool as long as it grew,
        // and the next position's walks write over it without making it longer again.
        Tables {
            graph,
            arena,
            bounds,
            on_first,
            reach: reach.filter(|_| walk != Walk::CutOn),
            links: padded,
        }
    }

    /// A table of the premise alone, written into `arena` at `end`: for a premise whose
    /// walk [`PremiseReach`] finds nothing in. Gives where it ends.
    fn premise_alone(arena: &mut Vec<(u32, u32)>, end: usize, premise: u32) -> usize {
        if arena.len() <= end {
            arena.resize(end + 1, (0, 0));
        }
        arena[end] = (premise, 0);
        end + 1
    }

    /// What the premise of every candidate implies, "on" and "off": read from its table,
    /// or, where it may not have been walked ([`Walk::Wanted`]), from what it reaches.
    fn implications<'t, const W: usize>(
        &'t self,
    ) -> Vec<(Implications<'t, W>, Implications<'t, W>)> {
        let n = self.graph.n;
        let mut by_component = Vec::new();
        let mut of = |i: usize, table: Table<'t>, on: bool| match &self.reach {
            Some(reach) if table.entries.len() == 1 => {
                let sets = reach.implied(i, on, 2 * n, &mut by_component);
                Implications { table, sets }
            }
            _ => Implications::new(&self.graph, table),
        };
        (self.on().zip(self.off()).enumerate())
            .map(|(i, (on, off))| (of(i, on, true), of(i, off, false)))
            .collect()
    }

    fn table(&self, k: usize) -> Table<'_> {
        let (from, to) = (self.bounds[k] as usize, self.bounds[k + 1] as usize);
        Table {
            entries: &self.arena[from..to],
        }
    }

    /// The tables of the "on" premises, candidates in order.
    fn on(&self) -> impl Iterator<Item = Table<'_>> {
        let n = self.candidates();
        let from = if self.on_first { 0 } else { n };
        (from..from + n).map(|k| self.table(k))
    }

    /// The tables of the "off" premises, candidates in order.
    fn off(&self) -> impl Iterator<Item = Table<'_>> {
        let n = self.candidates();
        let from = if self.on_first { n } else { 0 };
        (from..from + n).map(|k| self.table(k))
    }

    /// How many candidates have tables.
    fn candidates(&self) -> usize {
        (self.bounds.len() - 1) / 2
    }

    /// The table of an "off" premise with a single link, to the "on" value of a candidate
    /// `t`, copied from `t`'s table, written into `arena` from `end` on: gives where it
    /// ends, or `None` where it cannot be copied (the link goes elsewhere, or the premise
    /// is not among `t`'s direct implications).
    ///
    /// `t` implies the premise directly, which implies nothing but `t`: so the premise's
    /// walk is the premise, then `t`'s walk without the premise (met already where `t`'s
    /// walk meets it, and adding nothing there), cut at the same length. The copy moves
    /// each entry and the entry it came from one place on, those past the premise's place
    /// in `t`'s table back to where they were. Some tenth of a position's walks are such.
    fn derive_off(
        links: &PaddedLinks,
        premise: u32,
        done: Done<'_>,
        arena: &mut Vec<(u32, u32)>,
        end: usize,
    ) -> Option<usize> {
        let v = premise as usize;
        let &[t, a, b, c] = links.list(v) else {
            return None;
        };
        if [a, b, c] != [links.filler; 3] || t & 1 == 0 {
            return None;
        }
        let i = *done.index.get(t as usize / 2)? as usize;
        let (from, to) = (
            *done.bounds.get(i)? as usize,
            *done.bounds.get(i + 1)? as usize,
        );
        let source = arena.get(from..to)?;
        // The direct implications come first, each from position 0.
        let r = 1 + source[1..]
            .iter()
            .take_while(|e| e.1 == 0)
            .position(|e| e.0 == premise)?;
        let len = to - from;
        if arena.len() < end + len {
            arena.resize(end + len, (0, 0));
        }
        let (before, after) = arena.split_at_mut(end);
        let (source, copy) = (&before[from..to], &mut after[..len]);
        copy[0] = (premise, 0);
        copy[1] = (t, 0);
        let moved = |(value, from): (u32, u32)| (value, from + u32::from((from as usize) < r));
        for (slot, &entry) in copy[2..r + 1].iter_mut().zip(&source[1..r]) {
            *slot = moved(entry);
        }
        for (slot, &entry) in copy[r + 1..].iter_mut().zip(&source[r + 1..]) {
            *slot = moved(entry);
        }
        Some(end + len)
    }
}

/// The candidates of the position in order: empty cells, then digits.
fn candidate_list<const W: usize>(ctx: &Ctx<W>) -> Vec<(usize, usize)> {
    ctx.empty
        .iter()
        .flat_map(|c| BitIter(ctx.mask(c)).map(move |d| (c, d)))
        .collect()
}

/// How [`Tables::walked`] walks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// Every table walked whole, the "on" tables first.
    #[cfg(test)]
    Whole,
    /// As [`Walk::Whole`], with an "off" table copied where it can be
    /// ([`Tables::derive_off`]).
    CopyOff,
    /// Only the premises whose tables can hold a loop or an AIC's end are walked (the
    /// others' tables are the premise alone), the "off" tables first; an "on" table is cut
    /// once it holds every value of its premise's cell that the premise reaches. What each
    /// premise reaches tells both ([`PremiseReach`]). The plain nice-loop search reads
    /// nothing else.
    CutOn,
    /// The premises [`Walk::CutOn`] walks, and those whose tables would pass the cap
    /// ([`PremiseReach::past_cap`]), walked whole, the "on" tables first: for the grouped
    /// graph, whose tables forcing chains read too. What a premise not walked implies is
    /// what it reaches, which they read from the closure ([`Tables::implications`]); they
    /// walk it only for the paths of a step ([`LaterWalks`]).
    Wanted,
    /// As [`Walk::Wanted`] for tables no nice-loop search reads (a forcing net's): only
    /// those that would pass the cap are walked.
    Reached,
}

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
struct PremiseReach {
    candidates: Vec<(usize, usize)>,
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
    fn new(
        graph: &Graph,
        padded: &PaddedLinks,
        candidates: Vec<(usize, usize)>,
        index: &[u32],
    ) -> PremiseReach {
        let places = 2 * (candidates.len() + graph.groups.len());
        PremiseReach::build(graph, padded, candidates, index, may_pass_cap(places))
    }

    /// [`PremiseReach::new`], the closure keeping every value where `keep_all`, else the
    /// candidates' alone: the searches read those, and the group nodes' are needed only
    /// to count what a table could hold past its cap ([`PremiseReach::past_cap`]).
    fn build(
        graph: &Graph,
        padded: &PaddedLinks,
        candidates: Vec<(usize, usize)>,
        index: &[u32],
        keep_all: bool,
    ) -> PremiseReach {
        let n = candidates.len();
        let mut starts = Vec::with_capacity(2 * (n + graph.groups.len()) + 1);
        // At most the padded links: grown link by link, the vector was copied over and over.
        let mut links = Vec::with_capacity(padded.links.len());
        starts.push(0);
        let candidate_values = candidates
            .iter()
            .flat_map(|&(c, d)| [graph.normal(c, d, false), graph.normal(c, d, true)]);
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
            if candidates.get(i).map(|e| e.0) != Some(candidates[from].0) {
                cells[from..i].fill(2 * from as u32..2 * i as u32);
                from = i;
            }
        }
        let kept = if keep_all { starts.len() - 1 } else { 2 * n };
        let reach = reach::Reach::new(&starts, &links, kept);
        let words = reach.words();
        let digits = candidates.iter().map(|&(_, d)| d + 1).max().unwrap_or(0);
        let mut digit_on = vec![0u64; digits * words];
        for (i, &(_, d)) in candidates.iter().enumerate() {
            let q = 2 * i + 1;
            digit_on[d * words + q / 64] |= 1 << (q % 64);
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
    fn walk<const W: usize>(&self, ctx: &Ctx<W>, i: usize, on: bool) -> Option<u32> {
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
    fn past_cap(&self, i: usize, on: bool) -> bool {
        // Where it could, the closure has every value (see [`PremiseReach::new`]).
        may_pass_cap(self.starts.len() - 1) && self.reached(i, on) > MAX_ENTRIES
    }

    /// How many values the table of candidate `i`'s premise holds, walked with no cap: the
    /// premise and what it reaches (where the closure keeps every value).
    fn reached(&self, i: usize, on: bool) -> usize {
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
    fn implied<const W: usize>(
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
    fn put<const W: usize>(&self, q: usize, sets: &mut [CellSet<W>]) {
        let n = sets.len() / 2;
        let (c, d) = self.candidates[q / 2];
        sets[if q & 1 == 1 { d } else { n + d }].insert(c);
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
        let (s, c) = self.candidates[i];
        let p = 2 * i;
        let words = self.reach.words();
        let mut ends: Option<AicEnds<W>> = None;
        for (k, &word) in self.reach.of(p).iter().enumerate() {
            let mut wanted = 0;
            for d in BitIter(ctx.mask(s)) {
                wanted |= self.digit_on[d * words + k];
            }
            for bit in BitIter(word & wanted) {
                let q = 64 * k + bit;
                let (e, d) = self.candidates[q / 2];
                if e == s || self.links_of(p).contains(&(q as u32)) {
                    continue;
                }
                let ends = ends.get_or_insert_with(|| AicEnds::new(ctx, s, c));
                if ends.is_end(ctx, e, d) {
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

/// The tables walked so far: their bounds, and per candidate node the place of its "on"
/// table (`u32::MAX` for none).
#[derive(Clone, Copy)]
struct Done<'a> {
    bounds: &'a [u32],
    index: &'a [u32],
}

/// The grouped graph's tables at the position: the grouped nice-loop search and the
/// forcing-chain search read the same ones (HoDoKu fills them the same way for both), and a
/// solve path that finds no grouped loop goes on to forcing chains at the same position, so
/// they are built once per position and kept in the [`Ctx`].
fn grouped_tables<const W: usize>(ctx: &Ctx<W>) -> Rc<Tables> {
    if let Some(tables) = ctx.grouped_tables.borrow().as_ref() {
        return Rc::clone(tables);
    }
    let mut graph = Graph::nodes(ctx, true, false);
    let tables = if graph.alses.is_empty() {
        let plain = ctx.plain_links.take().unwrap_or_else(|| {
            let nodes = Graph::nodes(ctx, false, false);
            PaddedLinks::plain(ctx, &nodes)
        });
        let mut adds = Vec::new();
        graph.group_links(ctx, &mut adds);
        let padded = plain.with_adds(graph.values(), &adds);
        Tables::walked(ctx, graph, Some(padded), Walk::Wanted)
    } else {
        graph.fill(ctx, false, false);
        Tables::new(ctx, graph)
    };
    let tables = Rc::new(tables);
    *ctx.grouped_tables.borrow_mut() = Some(Rc::clone(&tables));
    tables
}

/// A group node: two or three places of a digit in one line and one box.
struct Group {
    cells: CellSet<W20>,
    d: usize,
    /// The line (row or column house) and the box house.
    line: usize,
    block: usize,
    /// Cells seeing every cell of the group.
    buddies: CellSet<W20>,
}

/// Group nodes are few and small; their sets are kept at the widest width so the graph
/// needs no second width parameter.
const W20: usize = crate::bits::MAX_WORDS;

/// An ALS node (with [`crate::Options::als_in_chains`]): "almost locked set `cells` holds no
/// `d`". It is reached from a `d` outside the set that sees every `d` in it; the set is then
/// locked on its other digits, so each of them leaves the cells outside that see all its
/// places in the set (HoDoKu's `fillTablesWithAls`).
struct AlsNode {
    cells: CellSet<W20>,
    d: usize,
    /// The set's digits.
    mask: u64,
    /// Per digit: the cells outside the set with the digit that see all its places in it.
    buddies: Vec<CellSet<W20>>,
    /// Per digit: the set's cells with the digit.
    with: Vec<CellSet<W20>>,
}

/// The implication graph: nodes are candidates (`cell * n + d`) and group nodes (after
/// them); a value is `node * 2 + 1` for "on" and `node * 2` for "off".
struct Graph {
    n: usize,
    /// The cell of every candidate node (`cell * n + d`): reading it spares a division by
    /// `n` each time a table entry is looked at.
    cell_of: Vec<u16>,
    groups: Vec<Group>,
    /// ALS nodes, after the group nodes.
    alses: Vec<AlsNode>,
    /// The direct implications of every value, in HoDoKu's order.
    direct: Vec<Vec<u32>>,
}

thread_local! {
    /// The arenas of dropped tables, kept with their capacity: the tables of a position
    /// take some hundred kilobytes, and growing an arena anew each time copied them over
    /// and over.
    static SPARE_ARENAS: std::cell::RefCell<Vec<Vec<(u32, u32)>>> =
        const { std::cell::RefCell::new(Vec::new()) };
    /// The searches of dropped tables, with their stamps: a walk takes a value as met when
    /// its stamp is the walk's number, so stamps from earlier walks, all lower, need no
    /// clearing.
    static SPARE_BFS: std::cell::RefCell<Vec<Bfs>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for Tables {
    fn drop(&mut self) {
        put_back(&SPARE_ARENAS, std::mem::take(&mut self.arena));
    }
}

/// One of the thread's pools of spare vectors (`SPARE_ARENAS` and those below).
type Pool<T> = std::thread::LocalKey<std::cell::RefCell<Vec<T>>>;

/// Keeps `item` (with its room, contents and all) in `pool`, unless the pool holds four.
fn put_back<T>(pool: &'static Pool<T>, item: T) {
    pool.with_borrow_mut(|spare| {
        if spare.len() < 4 {
            spare.push(item);
        }
    });
}

/// An item from `pool`, or a new one; the caller clears it.
fn take_spare<T: Default>(pool: &'static Pool<T>) -> T {
    pool.with_borrow_mut(Vec::pop).unwrap_or_default()
}

thread_local! {
    /// The link lists of dropped graphs, kept with their capacity: a solve path builds a
    /// graph or more at every hard step, and growing some 1,500 lists anew each time cost
    /// more than filling them.
    static SPARE_LINKS: std::cell::RefCell<Vec<Vec<Vec<u32>>>> =
        const { std::cell::RefCell::new(Vec::new()) };
    /// Single lists, empty but with their room, from graphs longer than the next one built
    /// (a grouped graph's group nodes, when a plain graph comes next), for a longer one.
    static SPARE_LISTS: std::cell::RefCell<Vec<Vec<u32>>> =
        const { std::cell::RefCell::new(Vec::new()) };
    /// The group lists of dropped graphs, with their room: a group is some 350 bytes (its
    /// sets at the widest width), and growing the list anew for every graph copied them
    /// over and over.
    static SPARE_GROUPS: std::cell::RefCell<Vec<Vec<Group>>> =
        const { std::cell::RefCell::new(Vec::new()) };
    /// The link vectors of dropped [`PaddedLinks`], with their room: a position's links are
    /// some thousands, and growing them anew for every graph copied them over and over.
    static SPARE_PADDED: std::cell::RefCell<Vec<Vec<u32>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The most single lists kept in `SPARE_LISTS`.
const MAX_SPARE_LISTS: usize = 4096;

impl Drop for Graph {
    fn drop(&mut self) {
        // A plain graph's links are laid out elsewhere ([`PaddedLinks::plain`]): it has
        // no lists to give back.
        if !self.direct.is_empty() {
            put_back(&SPARE_LINKS, std::mem::take(&mut self.direct));
        }
        put_back(&SPARE_GROUPS, std::mem::take(&mut self.groups));
    }
}

impl Graph {
    /// A graph with its lists (the searches lay the plain and grouped ones out straight
    /// from the position: [`PaddedLinks::plain`], [`PaddedLinks::with_adds`]).
    #[cfg(test)]
    fn new<const W: usize>(ctx: &Ctx<W>, grouped: bool) -> Graph {
        Graph::build(ctx, grouped, false, false)
    }

    /// The graph of a forcing net: each premise's direct implications are what it gives
    /// with four rounds of singles looked ahead.
    fn net<const W: usize>(ctx: &Ctx<W>) -> Graph {
        Graph::build(ctx, true, true, false)
    }

    /// A graph: with group nodes when `grouped`, with a forcing net's links when `net`
    /// (whose scans for singles look at every cell and house when `whole_scans`, as they
    /// must where the position has a single, and which then looks ahead from every premise,
    /// none copied: the reference the tests compare with).
    fn build<const W: usize>(ctx: &Ctx<W>, grouped: bool, net: bool, whole_scans: bool) -> Graph {
        let mut graph = Graph::nodes(ctx, grouped, net);
        graph.fill(ctx, net, whole_scans);
        graph
    }

    /// Makes the lists of a graph of nodes alone ([`Graph::nodes`]), of a forcing net where
    /// `net`.
    fn fill<const W: usize>(&mut self, ctx: &Ctx<W>, net: bool, whole_scans: bool) {
        let graph = self;
        let mut direct = take_spare(&SPARE_LINKS);
        for list in &mut direct {
            list.clear();
        }
        let want = graph.values();
        SPARE_LISTS.with_borrow_mut(|spare| {
            if direct.len() > want {
                let room = MAX_SPARE_LISTS.saturating_sub(spare.len());
                spare.extend(direct.drain(want..).take(room));
            }
            while direct.len() < want {
                direct.push(spare.pop().unwrap_or_default());
            }
        });
        graph.direct = direct;
        if net {
            graph.net_links(ctx, whole_scans);
        } else {
            graph.plain_links(ctx);
        }
        let mut adds = Vec::new();
        graph.group_links(ctx, &mut adds);
        for (from, to) in adds {
            graph.direct[from as usize].push(to);
        }
        if !graph.alses.is_empty() {
            graph.als_links(ctx);
        }
    }

    /// A graph's nodes (with group nodes when `grouped`, and ALS nodes too where they are
    /// wanted and it is no net), without links.
    fn nodes<const W: usize>(ctx: &Ctx<W>, grouped: bool, net: bool) -> Graph {
        let n = ctx.n();
        let groups = if grouped {
            group_nodes(ctx)
        } else {
            Vec::new()
        };
        let alses = if grouped && !net && ctx.opts.als_in_chains {
            als_nodes(ctx)
        } else {
            Vec::new()
        };
        Graph {
            n,
            cell_of: cell_of(n),
            direct: Vec::new(),
            groups,
            alses,
        }
    }

    /// Per candidate node, its place in `candidates` (where its "on" table is when the "on"
    /// tables come first); `u32::MAX` for a node that is no candidate.
    fn candidate_index(&self, candidates: &[(usize, usize)]) -> Vec<u32> {
        let mut index = vec![u32::MAX; self.cell_of.len()];
        for (i, &(c, d)) in candidates.iter().enumerate() {
            index[c * self.n + d] = i as u32;
        }
        index
    }

    /// How many values the graph has: "on" and "off" of every candidate node (every digit
    /// of every cell), group node and ALS node.
    fn values(&self) -> usize {
        2 * (self.cell_of.len() + self.groups.len() + self.alses.len())
    }

    fn normal(&self, cell: usize, d: usize, on: bool) -> u32 {
        normal_value(self.n, cell, d, on)
    }

    /// The values of every candidate of `cell`, on and off: a range, tested without a
    /// division.
    fn cell_values(&self, cell: usize) -> std::ops::Range<u32> {
        self.normal(cell, 0, false)..self.normal(cell + 1, 0, false)
    }

    fn group(&self, g: usize, on: bool) -> u32 {
        ((self.n * self.n * self.n + g) * 2 + usize::from(on)) as u32
    }

    fn als(&self, k: usize, on: bool) -> u32 {
        self.group(self.groups.len() + k, on)
    }

    /// The ALS node of a value, if it is one.
    fn als_of(&self, value: u32) -> Option<&AlsNode> {
        match self.node(value) {
            Err(g) if g >= self.groups.len() => Some(&self.alses[g - self.groups.len()]),
            _ => None,
        }
    }

    /// The node of a value: `Ok((cell, d))` or `Err(group)`, where groups past the group
    /// nodes are ALS nodes.
    fn node(&self, value: u32) -> Result<(usize, usize), usize> {
        let node = value as usize / 2;
        match self.cell_of.get(node) {
            Some(&cell) => Ok((cell as usize, node - cell as usize * self.n)),
            None => Err(node - self.cell_of.len()),
        }
    }

    /// The cells of a node, ascending.
    fn cells_of(&self, value: u32) -> impl Iterator<Item = usize> + '_ {
        let (cell, set) = match self.node(value) {
            Ok((c, _)) => (Some(c), None),
            Err(g) if g >= self.groups.len() => {
                (None, Some(&self.alses[g - self.groups.len()].cells))
            }
            Err(g) => (None, Some(&self.groups[g].cells)),
        };
        cell.into_iter()
            .chain(set.into_iter().flat_map(|s| s.iter()))
    }

    /// Adds the cells of a node to `set`: a candidate's cell without going through
    /// [`Graph::cells_of`], as the lasso test of every chain found does it for each node.
    fn insert_cells<const W: usize>(&self, value: u32, set: &mut CellSet<W>) {
        match self.node(value) {
            Ok((c, _)) => set.insert(c),
            Err(_) => {
                for c in self.cells_of(value) {
                    set.insert(c);
                }
            }
        }
    }

    /// The first (lowest) cell of a node, which HoDoKu uses for its lasso test; for an ALS
    /// node, its first cell with the node's digit.
    fn first_cell(&self, value: u32) -> usize {
        match self.node(value) {
            Ok((c, _)) => c,
            Err(g) if g >= self.groups.len() => {
                let a = &self.alses[g - self.groups.len()];
                a.with[a.d].first().unwrap_or(0)
            }
            Err(g) => self.groups[g].cells.first().unwrap_or(0),
        }
    }

    fn digit_of(&self, value: u32) -> usize {
        match self.node(value) {
            Ok((_, d)) => d,
            Err(g) if g >= self.groups.len() => self.alses[g - self.groups.len()].d,
            Err(g) => self.groups[g].d,
        }
    }

    /// The cells seeing every cell of a node; for an ALS node, the cells outside it seeing
    /// every place of digit `x` in it.
    fn buddies<const W: usize>(&self, ctx: &Ctx<W>, value: u32, x: usize) -> CellSet<W> {
        match self.node(value) {
            Ok((c, _)) => *ctx.g.peers(c),
            Err(g) if g >= self.groups.len() => {
                self.alses[g - self.groups.len()].buddies[x].resized()
            }
            Err(g) => self.groups[g].buddies.resized(),
        }
    }

    /// The direct links of every candidate ([`plain_lists`]).
    fn plain_links<const W: usize>(&mut self, ctx: &Ctx<W>) {
        let (n, direct) = (self.n, &mut self.direct);
        plain_lists(ctx, |cell, d, off, on| {
            direct[normal_value(n, cell, d, false) as usize].extend_from_slice(off);
            direct[normal_value(n, cell, d, true) as usize].extend_from_slice(on);
        });
    }

    /// Net implications: the premise applied to a copy of the position, then four rounds of
    /// every naked single, then every hidden single, each set with its consequences (HoDoKu's
    /// `anzTableLookAhead`). A digit set clears itself from the cells that held it as a
    /// candidate at the start, and the cell's other digits.
    ///
    /// In a bivalue cell, taking one digit out sets the other: the copy is then the one the
    /// other digit's "on" premise makes, and so are the singles that follow. Only the first
    /// values differ, so the "off" premises' lists are copied from the "on" ones
    /// ([`Graph::off_from_on`]) unless `whole_scans`.
    fn net_links<const W: usize>(&mut self, ctx: &Ctx<W>, whole_scans: bool) {
        let mut look = LookAhead::new(ctx, self.values(), whole_scans);
        let mut singles = Vec::new();
        for cell in ctx.empty.iter() {
            let mask = ctx.mask(cell);
            if !whole_scans && two_bits(mask) {
                for d in BitIter(mask) {
                    self.look_ahead(&mut look, &mut singles, cell, d, true);
                }
                let (d1, d2) = (
                    mask.trailing_zeros() as usize,
                    63 - mask.leading_zeros() as usize,
                );
                for (x, y) in [(d1, d2), (d2, d1)] {
                    if !self.off_from_on(cell, x, y) {
                        self.look_ahead(&mut look, &mut singles, cell, x, false);
                    }
                }
                continue;
            }
            for d in BitIter(mask) {
                for on in [true, false] {
                    self.look_ahead(&mut look, &mut singles, cell, d, on);
                }
            }
        }
    }

    /// The net links of one premise, candidate `d` of `cell` set (`on`) or taken out.
    fn look_ahead<const W: usize>(
        &mut self,
        look: &mut LookAhead<'_, '_, W>,
        singles: &mut Vec<(usize, usize)>,
        cell: usize,
        d: usize,
        on: bool,
    ) {
        let premise = self.normal(cell, d, on);
        look.restart(premise);
        if on {
            look.set(self, cell, d);
        } else {
            look.remove(cell, d);
            look.add(self.normal(cell, d, false));
            if look.masks[cell].count_ones() == 1 {
                look.set(self, cell, look.masks[cell].trailing_zeros() as usize);
            }
        }
        for _ in 0..LOOK_AHEAD {
            look.singles(singles);
            // Nothing set, nothing changed: the later rounds would find nothing.
            if singles.is_empty() {
                break;
            }
            for &(c, x) in singles.iter() {
                look.set(self, c, x);
            }
        }
        // Copied into the graph's list, which keeps its room from graph to graph (a list
        // of its own per premise grew from nothing each time).
        self.direct[premise as usize].extend_from_slice(&look.found);
    }

    /// The net links of "`x` out of bivalue `cell`" from those of "`y` in it", made already:
    /// setting `y` lists the peers losing `y`, then `x` out of the cell, then what the singles
    /// give; taking `x` out lists `y` set, then the same but `x` out, its premise. False
    /// (nothing written) where the list is not of that form.
    fn off_from_on(&mut self, cell: usize, x: usize, y: usize) -> bool {
        let (on_y, off_x) = (self.normal(cell, y, true), self.normal(cell, x, false));
        let from = std::mem::take(&mut self.direct[on_y as usize]);
        let copied = match from.iter().position(|&v| v == off_x) {
            Some(k) => {
                let to = &mut self.direct[off_x as usize];
                to.push(on_y);
                to.extend_from_slice(&from[..k]);
                to.extend_from_slice(&from[k + 1..]);
                true
            }
            None => false,
        };
        self.direct[on_y as usize] = from;
        copied
    }

    /// The links of the group nodes, as (from, to) in the order they join the lists of
    /// their "from" values, after the candidates' links: appended to `adds`. Group links
    /// are never merged with equal ones, as in HoDoKu.
    fn group_links<const W: usize>(&self, ctx: &Ctx<W>, adds: &mut Vec<(u32, u32)>) {
        // Kept from group to group, so that the groups' links cost no allocations.
        let mut seeing: Vec<usize> = Vec::new();
        // The groups of each digit, in order: a group links only to groups of its digit.
        let mut of_digit: Vec<Vec<usize>> = vec![Vec::new(); ctx.n()];
        for (j, g) in self.groups.iter().enumerate() {
            of_digit[g.d].push(j);
        }
        // The groups' cells at the position's width: the pairs below test them many times,
        // and at the widest width each test reads twenty words.
        let cells: Vec<CellSet<W>> = self.groups.iter().map(|g| g.cells.resized()).collect();
        // Their line and box, read for every pair of a digit's groups: from the groups
        // themselves, some 350 bytes each, the pairs' reads missed the cache.
        let houses: Vec<(usize, usize)> = self.groups.iter().map(|g| (g.line, g.block)).collect();
        for i in 0..self.groups.len() {
            let (g_on, g_off) = (self.group(i, true), self.group(i, false));
            let gi = &self.groups[i];
            let d = gi.d;
            seeing.clear();
            let buddies: CellSet<W> = gi.buddies.resized();
            seeing.extend(buddies.and(&ctx.digit_cells[d]).iter());
            let (line, block) = (gi.line, gi.block);
            for &t in &seeing {
                adds.push((g_on, self.normal(t, d, false)));
                adds.push((self.normal(t, d, true), g_off));
            }
            for h in [block, line] {
                let mut inside = seeing.iter().filter(|&&t| ctx.g.house_set(h).contains(t));
                if let (Some(&u), None) = (inside.next(), inside.next()) {
                    adds.push((g_off, self.normal(u, d, true)));
                    adds.push((self.normal(u, d, false), g_on));
                }
            }
            let mut shared: [(usize, Option<usize>); 2] = [(0, None); 2];
            for &j in &of_digit[d] {
                let (j_line, j_block) = houses[j];
                if (j_line != line && j_block != block) || j == i || cells[j].intersects(&cells[i])
                {
                    continue;
                }
                for (k, same) in [j_line == line, j_block == block].into_iter().enumerate() {
                    if same {
                        shared[k].0 += 1;
                        shared[k].1.get_or_insert(j);
                        adds.push((g_on, self.group(j, false)));
                    }
                }
            }
            for (k, h) in [line, block].into_iter().enumerate() {
                let (1, Some(j)) = shared[k] else { continue };
                let rest = ctx
                    .cells_in(h, d)
                    .iter()
                    .filter(|&c| !cells[i].contains(c) && !cells[j].contains(c))
                    .count();
                if rest == 0 {
                    adds.push((g_off, self.group(j, true)));
                }
            }
        }
    }
}

impl Graph {
    /// The links of the ALS nodes, after every other link: into a node from each candidate
    /// of its digit outside the set that sees all the set's places of it (and from such a
    /// group), out of it to what the locked set removes (candidates, groups covered, other
    /// ALS nodes whose every place it removes) and to cells left with one digit.
    fn als_links<const W: usize>(&mut self, ctx: &Ctx<W>) {
        // Into the nodes: appended to the lists of their entries, unless there already.
        let mut entries: Vec<(u32, u32)> = Vec::new();
        let mut exits: Vec<Vec<u32>> = Vec::with_capacity(self.alses.len());
        for (k, a) in self.alses.iter().enumerate() {
            let (node, d) = (self.als(k, false), a.d);
            for x in a.buddies[d].iter() {
                entries.push((self.normal(x, d, true), node));
                for (i, gr) in self.groups.iter().enumerate() {
                    if gr.d == d
                        && gr.cells.contains(x)
                        && !gr.cells.intersects(&a.cells)
                        && a.with[d].is_subset(&gr.buddies)
                    {
                        entries.push((self.group(i, true), node));
                    }
                }
            }
            exits.push(self.als_exits(ctx, a));
        }
        for (from, to) in entries {
            let list = &mut self.direct[from as usize];
            if !list.contains(&to) {
                list.push(to);
            }
        }
        for (k, links) in exits.into_iter().enumerate() {
            let node = self.als(k, false);
            self.direct[node as usize] = links;
        }
    }

    /// What ALS node `a` implies: each other digit off where the set removes it, groups it
    /// covers off, ALS nodes whose every place it removes, then cells (not bivalue) left
    /// with one digit on.
    fn als_exits<const W: usize>(&self, ctx: &Ctx<W>, a: &AlsNode) -> Vec<u32> {
        let d = a.d;
        let removed = || BitIter(a.mask & !(1 << d)).map(|z| (z, &a.buddies[z]));
        let mut links = Vec::new();
        for (z, cells) in removed() {
            links.extend(cells.iter().map(|c| self.normal(c, z, false)));
            for (i, gr) in self.groups.iter().enumerate() {
                if gr.d == z && gr.cells.is_subset(cells) {
                    links.push(self.group(i, false));
                }
            }
        }
        for (j, b) in self.alses.iter().enumerate() {
            if b.d != d
                && a.mask & 1 << b.d != 0
                && !b.cells.intersects(&a.cells)
                && !a.buddies[b.d].is_empty()
                && b.with[b.d].is_subset(&a.buddies[b.d])
            {
                links.push(self.als(j, false));
            }
        }
        let outside = removed().fold(CellSet::<W20>::EMPTY, |s, (_, cells)| s.or(cells));
        for c in outside.iter() {
            let m = ctx.mask(c);
            if two_bits(m) {
                continue;
            }
            let rest = removed()
                .filter(|(_, cells)| cells.contains(c))
                .fold(m, |m, (z, _)| m & !(1 << z));
            if rest.count_ones() == 1 {
                links.push(self.normal(c, rest.trailing_zeros() as usize, true));
            }
        }
        links
    }
}

/// The cell of every candidate node (`cell * n + d`) of a grid of `n` digits.
fn cell_of(n: usize) -> Vec<u16> {
    let mut out = Vec::with_capacity(n * n * n);
    for cell in 0..n * n {
        out.resize(out.len() + n, cell as u16);
    }
    out
}

/// The value of a candidate, "on" or "off", in a grid of `n` digits.
fn normal_value(n: usize, cell: usize, d: usize, on: bool) -> u32 {
    ((cell * n + d) * 2 + usize::from(on)) as u32
}

/// The direct links of every candidate, candidates in order (cells, then digits), given to
/// `emit(cell, d, off, on)` as the lists of its "off" and "on" values.
///
/// On: the cell's other digits off, then the digit's other places in the cell's houses
/// off (row, column, box, then a variant's other houses). Off: the cell's other digit on if
/// it is bivalue, then the digit's other place on in each house where it has two. A peer can share two houses
/// with the cell (a row and a box): it is linked once, where it is first met, as a list
/// that skipped repeats would have it; the cells already linked are kept as a set instead
/// of searching the list (which made building the graph quadratic in its links).
fn plain_lists<const W: usize>(ctx: &Ctx<W>, mut emit: impl FnMut(usize, usize, &[u32], &[u32])) {
    let n = ctx.n();
    let (mut on_list, mut off_list) = (Vec::new(), Vec::new());
    for cell in ctx.empty.iter() {
        let m = ctx.mask(cell);
        let bivalue = two_bits(m);
        for d in BitIter(m) {
            on_list.clear();
            off_list.clear();
            for x in BitIter(m & !(1 << d)) {
                on_list.push(normal_value(n, cell, x, false));
                if bivalue {
                    off_list.push(normal_value(n, cell, x, true));
                }
            }
            let (mut weak, mut strong) = (CellSet::<W>::EMPTY, CellSet::<W>::EMPTY);
            weak.insert(cell);
            for h in ctx.g.houses_in_order(cell) {
                let places = ctx.cells_in(h, d);
                if !places.has_two() {
                    continue;
                }
                on_list.extend(
                    places
                        .minus(&weak)
                        .iter()
                        .map(|k| normal_value(n, k, d, false)),
                );
                weak = weak.or(&places);
                if places.is_pair() {
                    let other = places.iter().find(|&k| k != cell).unwrap_or(cell);
                    if !strong.contains(other) {
                        strong.insert(other);
                        off_list.push(normal_value(n, other, d, true));
                    }
                }
            }
            emit(cell, d, &off_list, &on_list);
        }
    }
}

/// The ALS nodes (see [`AlsNode`]) in HoDoKu's order: ALSs of two cells or more as
/// [`super::als::alses`] lists them, each with every digit whose loss removes something.
fn als_nodes<const W: usize>(ctx: &Ctx<W>) -> Vec<AlsNode> {
    let wide = |s: &CellSet<W>| s.resized::<W20>();
    let mut out = Vec::new();
    for a in super::als::alses(ctx).iter().filter(|a| a.cells.len() >= 2) {
        let buddies: Vec<CellSet<W20>> = a.buddies.iter().map(wide).collect();
        let with: Vec<CellSet<W20>> = a.with.iter().map(wide).collect();
        for d in BitIter(a.mask) {
            if BitIter(a.mask & !(1 << d)).all(|z| buddies[z].is_empty()) {
                continue;
            }
            out.push(AlsNode {
                cells: wide(&a.cells),
                d,
                mask: a.mask,
                buddies: buddies.clone(),
                with: with.clone(),
            });
        }
    }
    out
}

/// The group nodes in HoDoKu's order: rows, then columns; per line every digit, per digit
/// every box where the line holds two or more of its places.
fn group_nodes<const W: usize>(ctx: &Ctx<W>) -> Vec<Group> {
    let mut out = take_spare(&SPARE_GROUPS);
    out.clear();
    for kind in [Kind::Row, Kind::Col] {
        for line in ctx.g.lines(kind) {
            for d in 0..ctx.n() {
                let places = ctx.cells_in(line, d);
                if places.is_empty() {
                    continue;
                }
                for block in ctx.g.lines(Kind::Block) {
                    let cells = places.and(ctx.g.house_set(block));
                    if !cells.has_two() {
                        continue;
                    }
                    let buddies = ctx.g.common_peers(cells.iter());
                    out.push(Group {
                        cells: cells.resized(),
                        d,
                        line,
                        block,
                        buddies: buddies.resized(),
                    });
                }
            }
        }
    }
    out
}

/// One premise's table: the values it implies in breadth-first order, each with the position
/// of the value it was reached from (the premise is at position 0).
#[derive(Clone, Copy)]
struct Table<'t> {
    entries: &'t [(u32, u32)],
}

impl Table<'_> {
    /// Whether entry `j` is the premise or one of its direct implications (one link or
    /// none from it): only those are reached from position 0, as the premise's links are
    /// the first the walk follows and an entry is never re-pointed to a path through it.
    fn near(&self, j: usize) -> bool {
        j == 0 || self.entries[j].1 == 0
    }
}

/// Breadth-first search state, reused between premises.
struct Bfs {
    stamp: Vec<u32>,
    now: u32,
    /// Where each value stamped in this walk sits in the table (weighted walks only).
    position: Vec<u32>,
    /// Links from the premise per entry (weighted walks only).
    depth: Vec<u16>,
    /// Distance from the premise per entry (weighted walks only).
    dist: Vec<u32>,
    /// The table being built, before it is copied out: a weighted walk re-points entries
    /// in it.
    scratch: Vec<(u32, u32)>,
}

impl Bfs {
    /// A search for a graph of `values` values: a dropped one where its stamps are enough
    /// (zeroing them for each graph cost more than some walks).
    fn new(values: usize) -> Bfs {
        let want = (values + 1).next_power_of_two();
        let spare = SPARE_BFS.with_borrow_mut(|pool| {
            let k = pool.iter().position(|b| b.stamp.len() == want)?;
            Some(pool.swap_remove(k))
        });
        match spare {
            Some(bfs) if bfs.now < u32::MAX / 2 => bfs,
            _ => Bfs::fresh(want),
        }
    }

    /// Keeps the search for the next graph of its size ([`Bfs::new`]).
    fn give_back(self) {
        put_back(&SPARE_BFS, self);
    }

    fn fresh(stamps: usize) -> Bfs {
        Bfs {
            // One more for the filler of `PaddedLinks`, and up to a power of two: a walk
            // masks a value to index it, which spares a bounds check a link.
            stamp: vec![0; stamps],
            now: 0,
            position: Vec::new(),
            depth: Vec::with_capacity(MAX_ENTRIES),
            dist: Vec::with_capacity(MAX_ENTRIES),
            scratch: Vec::with_capacity(MAX_ENTRIES),
        }
    }

    /// Writes the table of `premise` into `out` from `end` on, and gives where it ends: its
    /// entries with the position (within the table) of the entry each was reached from.
    /// What `out` holds past that is left over (it is made long enough for any table).
    /// Says too whether the walk ended before [`MAX_ENTRIES`] (the table has every value
    /// the premise reaches). With `cut`, the table ends once it holds the values of
    /// [`Cut`]: the walk's order makes the cut table the whole one's first entries.
    fn run(
        &mut self,
        links: &PaddedLinks,
        premise: u32,
        out: &mut Vec<(u32, u32)>,
        end: usize,
        cut: Option<Cut>,
    ) -> (usize, bool) {
        match cut {
            None => self.walk::<false>(links, premise, out, end, Cut::never()),
            Some(cut) => self.walk::<true>(links, premise, out, end, cut),
        }
    }

    /// The walk of [`Bfs::run`], cut as `cut` says where `CUT` (its check is compiled in
    /// only there).
    fn walk<const CUT: bool>(
        &mut self,
        links: &PaddedLinks,
        premise: u32,
        out: &mut Vec<(u32, u32)>,
        end: usize,
        cut: Cut,
    ) -> (usize, bool) {
        self.now += 1;
        let now = self.now;
        // Every value is below the stamps' length, a power of two: masked, it is itself,
        // and the compiler knows the index in bounds.
        let mask = self.stamp.len() - 1;
        let stamp = &mut self.stamp[..=mask];
        stamp[links.filler as usize] = now;
        // The table is built in place, without a branch on whether a value is new:
        // each link is written at the end and the end moves on only if the value is new.
        // Whether it is follows no pattern a CPU predicts, and the walks are a quarter of
        // a hard puzzle's rating time. The lists come in fours (see `PaddedLinks`), so
        // that how many a value has is no branch either. A list may run past a full
        // table; what is past it is cut, as a walk that stopped there would have it.
        let room = MAX_ENTRIES + links.longest;
        if out.len() < end + room {
            out.resize(end + room, (0, 0));
        }
        let table = &mut out[end..end + room];
        table[0] = (premise, 0);
        stamp[premise as usize] = now;
        let (lo, width) = (cut.range.start, cut.range.end.wrapping_sub(cut.range.start));
        let (mut len, mut j, mut met) = (1, 0, 0);
        while j < len && len < MAX_ENTRIES {
            if CUT && met >= cut.wanted {
                return (end + len, false);
            }
            let value = table[j].0 as usize;
            let before = len;
            for four in links.list(value).chunks_exact(4) {
                // The four slots the four links may take; `k & 3` spares a bounds check.
                let slots = &mut table[len..len + 4];
                let mut k = 0;
                for &next in four {
                    let seen = &mut stamp[next as usize & mask];
                    slots[k & 3] = (next, j as u32);
                    k += usize::from(*seen != now);
                    *seen = now;
                }
                len += k;
            }
            if CUT {
                for &(v, _) in &table[before..len] {
                    met += u32::from(v.wrapping_sub(lo) < width);
                }
            }
            j += 1;
        }
        (end + len.min(MAX_ENTRIES), j >= len)
    }
}

/// Where a walk may stop: once its table holds `wanted` values of `range`, past the premise.
struct Cut {
    range: std::ops::Range<u32>,
    wanted: u32,
}

impl Cut {
    /// No stop.
    fn never() -> Cut {
        Cut {
            range: 0..0,
            wanted: u32::MAX,
        }
    }
}

/// A graph's links for the walks: every value's list, one after another, made up to a
/// multiple of four with a filler value no walk takes (its stamp is always the walk's).
///
/// A walk reads some hundreds of lists of a few links each, and a loop over a list of its
/// own length mispredicted its end at nearly every one.
#[derive(Debug, PartialEq)]
pub(crate) struct PaddedLinks {
    /// `starts[v]..starts[v + 1]`: the list of value `v` in `links`.
    starts: Vec<u32>,
    links: Vec<u32>,
    /// The filler: one past the graph's values.
    filler: u32,
    /// The longest list, filler included.
    longest: usize,
}

impl Drop for PaddedLinks {
    fn drop(&mut self) {
        put_back(&SPARE_PADDED, std::mem::take(&mut self.links));
    }
}

impl PaddedLinks {
    /// The list of value `v`, filler included.
    fn list(&self, v: usize) -> &[u32] {
        &self.links[self.starts[v] as usize..self.starts[v + 1] as usize]
    }

    /// The list of value `v` without the filler, which pads a list's end only (three at
    /// most).
    fn unpadded(&self, v: usize) -> &[u32] {
        let list = self.list(v);
        let pad = list
            .iter()
            .rev()
            .take(3)
            .take_while(|&&u| u == self.filler)
            .count();
        &list[..list.len() - pad]
    }

    /// No lists yet, for a graph of `values` values.
    fn empty(values: usize) -> PaddedLinks {
        let mut links = take_spare(&SPARE_PADDED);
        links.clear();
        PaddedLinks {
            starts: Vec::with_capacity(values + 1),
            links,
            filler: values as u32,
            longest: 0,
        }
    }

    /// Appends the list of the next value.
    fn push(&mut self, list: &[u32]) {
        self.push_joined(list, &[]);
    }

    /// Appends the list of the next value: `first`, then `then`.
    fn push_joined(&mut self, first: &[u32], then: &[u32]) {
        self.starts.push(self.links.len() as u32);
        self.links.extend_from_slice(first);
        self.links.extend_from_slice(then);
        let len = first.len() + then.len();
        let padded = len.next_multiple_of(4);
        self.links
            .resize(self.links.len() + padded - len, self.filler);
        self.longest = self.longest.max(padded);
    }

    /// Empty lists until `k` lists start: with `k` one past the last value, the end of
    /// the last list is noted too.
    fn pad_to(&mut self, k: usize) {
        while self.starts.len() < k {
            self.starts.push(self.links.len() as u32);
        }
    }

    /// The links of a graph's lists. The layout is measured first, then filled with the
    /// filler in one pass and each list copied into its place: appending list by list
    /// cost some forty instructions a list, and a grouped graph has thousands, most empty.
    fn new(graph: &Graph) -> PaddedLinks {
        let mut out = PaddedLinks::empty(graph.values());
        let mut end = 0u32;
        for list in &graph.direct {
            out.starts.push(end);
            let padded = list.len().next_multiple_of(4);
            out.longest = out.longest.max(padded);
            end += padded as u32;
        }
        let filler = out.filler;
        out.links.resize(end as usize, filler);
        for (list, &start) in graph.direct.iter().zip(&out.starts) {
            if !list.is_empty() {
                out.links[start as usize..start as usize + list.len()].copy_from_slice(list);
            }
        }
        out.pad_to(graph.values() + 1);
        out
    }

    /// These plain lists (the candidates' values first) with the links `adds` (from, to)
    /// appended to the lists of their "from" values in the order given, in a graph of
    /// `values` values: the grouped graph's lists, from the plain ones and the group links
    /// ([`Graph::group_links`]). The runs of values nothing is added to are copied whole,
    /// their filler made the new one. The plain lists are there already where a plain
    /// search ran at the position (a solve path's always has): no lists of lists are
    /// filled and laid out again.
    fn with_adds(&self, values: usize, adds: &[(u32, u32)]) -> PaddedLinks {
        // The links added from each value, in the order given; and which values have
        // some, as bits.
        let added = Buckets::new(values, adds.iter().map(|&(f, t)| (f as usize, t)));
        let mut has = vec![0u64; values.div_ceil(64)];
        for &(f, _) in adds {
            has[f as usize / 64] |= 1 << (f % 64);
        }
        let added = |v: usize| added.of(v);
        let mut out = PaddedLinks::empty(values);
        out.links
            .reserve(self.links.len() + 2 * adds.len() + 4 * values);
        let plain = self.starts.len() - 1;
        let mut run = 0;
        let with_adds =
            (has.iter().enumerate()).flat_map(|(k, &w)| BitIter(w).map(move |b| 64 * k + b));
        let ends = with_adds.take_while(|&v| v < plain).chain([plain]);
        for v in ends {
            self.copy_run(&mut out, run..v);
            if v < plain {
                out.push_joined(self.unpadded(v), added(v));
            }
            run = v + 1;
        }
        for v in plain..values {
            out.push_joined(&[], added(v));
        }
        out.pad_to(values + 1);
        out
    }

    /// Appends the lists of `values` to `out` as they are, the filler made `out`'s.
    fn copy_run(&self, out: &mut PaddedLinks, values: std::ops::Range<usize>) {
        let starts = &self.starts[values.start..=values.end];
        let (a, b) = (starts[0], starts[starts.len() - 1]);
        let shift = (out.links.len() as u32).wrapping_sub(a);
        out.starts.extend(
            starts[..starts.len() - 1]
                .iter()
                .map(|&s| s.wrapping_add(shift)),
        );
        let longest = starts.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
        out.longest = out.longest.max(longest as usize);
        let copied = out.links.len();
        out.links
            .extend_from_slice(&self.links[a as usize..b as usize]);
        let (old, new) = (self.filler, out.filler);
        for u in &mut out.links[copied..] {
            if *u == old {
                *u = new;
            }
        }
    }

    /// The links of the plain graph over `graph`'s nodes ([`plain_lists`]), made from the
    /// position: the same lists as [`PaddedLinks::new`] of the graph with them.
    fn plain<const W: usize>(ctx: &Ctx<W>, graph: &Graph) -> PaddedLinks {
        let mut out = PaddedLinks::empty(graph.values());
        plain_lists(ctx, |cell, d, off, on| {
            out.pad_to(graph.normal(cell, d, false) as usize);
            out.push(off);
            out.push(on);
        });
        out.pad_to(graph.values() + 1);
        out
    }
}

impl Bfs {
    /// The walk of a graph with ALS nodes: the same order of discovery, but HoDoKu's tables
    /// also keep a distance per entry (2 a link), where leaving an ALS of `n` cells costs
    /// `2n` more (`2n + 1` to a cell it forces), and an entry reached again for less is re-pointed
    /// to the cheaper path (unless it is a direct implication of the premise). The paths,
    /// and so the lasso checks, are then HoDoKu's for chains that could pass through a set
    /// or around it.
    fn run_weighted(&mut self, graph: &Graph, premise: u32, out: &mut Vec<(u32, u32)>) {
        self.now += 1;
        if self.position.len() < self.stamp.len() {
            self.position = vec![0; self.stamp.len()];
        }
        let (entries, depth, dist) = (&mut self.scratch, &mut self.depth, &mut self.dist);
        entries.clear();
        depth.clear();
        dist.clear();
        entries.push((premise, 0));
        depth.push(0);
        dist.push(0);
        self.stamp[premise as usize] = self.now;
        self.position[premise as usize] = 0;
        let mut j = 0;
        while j < entries.len() {
            let (value, _) = entries[j];
            let penalty = graph.als_of(value).map_or(0, |a| 2 * a.cells.len() as u32);
            for &next in &graph.direct[value as usize] {
                // HoDoKu's units: a link adds 2 (a table's direct entries sit at 2, its
                // premise at 1).
                let step = 2 + penalty + u32::from(penalty > 0 && next & 1 == 1);
                let d = dist[j] + step;
                if self.stamp[next as usize] == self.now {
                    let k = self.position[next as usize] as usize;
                    if depth[k] > 1 && dist[k] > d && k != j {
                        entries[k].1 = j as u32;
                        dist[k] = d;
                        depth[k] = depth[j] + 1;
                    }
                    continue;
                }
                if entries.len() >= MAX_ENTRIES {
                    continue;
                }
                self.stamp[next as usize] = self.now;
                self.position[next as usize] = entries.len() as u32;
                entries.push((next, j as u32));
                depth.push(depth[j] + 1);
                dist.push(d);
            }
            j += 1;
        }
        out.extend(entries.iter().copied());
    }
}

/// A chain found, with what ranks it: its step is built once the chains are ranked, and only
/// for the first where a solve path asks (most of a position's chains are never shown).
struct Found {
    technique: Technique,
    path: Vec<u32>,
    /// The eliminations in the order the chain gave them (the step's highlights keep it).
    elims: Vec<(usize, usize)>,
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

/// A stable binary insertion sort, as Java sorts short lists; it tolerates HoDoKu's order,
/// which is not always transitive.
pub(crate) fn insertion_sort<T>(v: &mut [T], cmp: impl Fn(&T, &T) -> std::cmp::Ordering) {
    for i in 1..v.len() {
        let (mut lo, mut hi) = (0, i);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if cmp(&v[i], &v[mid]) == std::cmp::Ordering::Less {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        v[lo..=i].rotate_right(1);
    }
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
struct AicEnds<const W: usize> {
    s: usize,
    c: usize,
    seeing_start: CellSet<W>,
    /// The other digits of `s`.
    others: u64,
}

impl<const W: usize> AicEnds<W> {
    fn new(ctx: &Ctx<W>, s: usize, c: usize) -> AicEnds<W> {
        AicEnds {
            s,
            c,
            seeing_start: ctx.g.peers(s).and(&ctx.digit_cells[c]),
            others: ctx.mask(s) & !(1 << c),
        }
    }

    /// Whether digit `d` on in cell `e` may end an AIC.
    fn is_end(&self, ctx: &Ctx<W>, e: usize, d: usize) -> bool {
        if d == self.c {
            e != self.s && ctx.g.peers(e).and(&self.seeing_start).has_two()
        } else {
            self.others >> d & 1 == 1 && self.seeing_start.contains(e)
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
            if lasso.contains(g.first_cell(path[k])) {
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
        let mut elims: Vec<(usize, usize)> = Vec::new();
        let mut technique = Technique::DiscontinuousNiceLoop;
        if !first_strong && !last_strong && c == d {
            elims.push((s, c));
        } else if first_strong && last_strong && c == d {
            elims.extend(BitIter(ctx.mask(s) & !(1 << c)).map(|x| (s, x)));
        } else if first_strong != last_strong && c != d {
            elims.push((s, if first_strong { d } else { c }));
        } else if (!first_strong && !last_strong && two_bits(ctx.mask(s)) && c != d)
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
        (c, d): (usize, usize),
        elims: &mut Vec<(usize, usize)>,
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
                elims.extend(BitIter(ctx.mask(x) & !(1 << keep1) & !(1 << keep2)).map(|y| (x, y)));
            }
            if i > 0 && !on(i) && cell(i - 1) != cell(i) {
                let x = g.digit_of(path[i]);
                let seeing = g
                    .buddies(ctx, path[i - 1], x)
                    .and(&g.buddies(ctx, path[i], x))
                    .minus(&chain_cells)
                    .and(&ctx.digit_cells[x]);
                elims.extend(seeing.iter().filter(|&t| t != s).map(|t| (t, x)));
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
    fn als_in_loop(&self, a: &AlsNode, next: u32, elims: &mut Vec<(usize, usize)>) {
        let (g, ctx) = (self.graph, self.ctx);
        let (exit, forced) = match g.node(next) {
            Ok((f, x)) if next & 1 == 1 => (ctx.mask(f) & !(1 << x), Some(f)),
            _ => (1u64 << g.digit_of(next), None),
        };
        for z in BitIter(a.mask & !(1 << a.d) & !exit) {
            for t in a.buddies[z].iter() {
                elims.push((t, z));
            }
        }
        if let Some(f) = forced {
            let peers = ctx.g.peers(f).resized::<W20>();
            for z in BitIter(exit & a.mask) {
                for t in a.buddies[z].and(&peers).iter() {
                    elims.push((t, z));
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
        let (s, c) = match g.node(table.entries[0].0) {
            Ok(node) => node,
            Err(_) => return,
        };
        let (n, plain, cell_of) = (ctx.n(), 2 * g.cell_of.len() as u32, &g.cell_of);
        let aic_ends = AicEnds::new(ctx, s, c);
        let ends = move |v: u32| {
            if v & 1 == 0 || v >= plain {
                return false;
            }
            let node = v as usize / 2;
            let e = cell_of[node] as usize;
            aic_ends.is_end(ctx, e, node - e * n)
        };
        for j in entries_where(table.entries, ends) {
            if let Ok((e, d)) = g.node(table.entries[j].0) {
                self.aic(table, j, (s, c), (e, d));
            }
        }
    }

    fn aic(&mut self, table: Table<'_>, j: usize, (s, c): (usize, usize), (e, d): (usize, usize)) {
        if table.near(j) {
            return;
        }
        let ctx = self.ctx;
        let mut elims = Vec::new();
        if c == d {
            let seeing = ctx.g.common_peers([s, e]).and(&ctx.digit_cells[c]);
            if seeing.has_two() {
                elims.extend(seeing.iter().map(|t| (t, c)));
            }
        } else {
            if ctx.has(s, d) {
                elims.push((s, d));
            }
            if ctx.has(e, c) {
                elims.push((e, c));
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
    fn record(&mut self, technique: Technique, path: &[u32], elims: Vec<(usize, usize)>) {
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
        sorted.sort_unstable_by_key(|&(c, x)| (x, c));
        sorted.dedup();
        let key = (
            technique,
            sorted
                .iter()
                .map(|&(c, x)| ctx.cand(c, x))
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
        let sum = index_sum_of(sorted.iter().map(|&(c, x)| (c, x + 1)));
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
            for &(_, x) in &found.elims {
                m |= 1 << x;
            }
            super::digits(m)
        };
        let mut step = Step::new(found.technique, digits);
        for &(cell, x) in &found.elims {
            step.eliminate(ctx.cand(cell, x));
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
                    if ctx.has(c, x) {
                        step.add_candidate(ctx.cand(c, x), role);
                    }
                }
            }
        }
        step.chains.push(chain);
        for a in path.iter().filter_map(|&v| g.als_of(v)) {
            let set = AlsGroup {
                cells: a.cells.iter().map(|c| ctx.cell(c)).collect(),
                digits: super::digits(a.mask),
            };
            if !step.sets.contains(&set) {
                step.sets.push(set);
            }
        }
        step
    }
}

/// One premise's table with what it implies, per digit: the cells set and the cells cleared
/// (plain nodes only, as HoDoKu keeps them).
struct Implications<'t, const W: usize> {
    table: Table<'t>,
    /// Per digit index the cells set, then per digit index the cells cleared: one vector
    /// for both, as every premise of a position has one.
    sets: Vec<CellSet<W>>,
}

impl<'t, const W: usize> Implications<'t, W> {
    fn new(graph: &Graph, table: Table<'t>) -> Implications<'t, W> {
        let n = graph.n;
        let mut sets = vec![CellSet::EMPTY; 2 * n];
        for &(value, _) in table.entries {
            if let Ok((c, d)) = graph.node(value) {
                let k = if value & 1 == 1 { d } else { n + d };
                sets[k].insert(c);
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

    fn premise(&self) -> u32 {
        self.table.entries[0].0
    }
}

/// What a forcing chain concludes: a digit placed or a candidate removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Conclusion {
    Place(usize, usize),
    Remove(usize, usize),
}

impl Conclusion {
    /// Where HoDoKu sorts a forcing step by what it concludes: placements first, by cell,
    /// then eliminations by candidate (the shorter chains first among equals).
    fn rank(self, n: usize) -> (u8, usize) {
        match self {
            Conclusion::Place(c, _) => (0, c),
            Conclusion::Remove(c, d) => (1, c * n + d),
        }
    }

    /// Digit index `d` placed in or removed from `cell`.
    fn of(placed: bool, cell: usize, d: usize) -> Conclusion {
        if placed {
            Conclusion::Place(cell, d)
        } else {
            Conclusion::Remove(cell, d)
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
fn forcing_in<const W: usize>(ctx: &Ctx<W>, net: bool, shared: &Tables, out: &mut Vec<Step>) {
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

struct Forcing<'a, 'c, const W: usize> {
    ctx: &'a Ctx<'c, W>,
    /// Searching forcing nets (the steps are named so).
    net: bool,
    graph: &'a Graph,
    found: Vec<(Step, Conclusion, usize)>,
    by_effect: HashMap<(Technique, Conclusion), usize>,
    /// Every house's places of a digit that the placed digits allow.
    places: HousePlaces<W>,
    /// The best rank ([`Conclusion::rank`]) of the steps found so far. A solve path takes
    /// the first step of the sorted list ([`Ctx::first_only`]), so a conclusion ranked after
    /// it cannot be taken and is not looked at.
    best: Option<(u8, usize)>,
    later: LaterWalks<'a>,
}

impl<'a, 'c, const W: usize> Forcing<'a, 'c, W> {
    fn new(ctx: &'a Ctx<'c, W>, net: bool, tables: &'a Tables) -> Self {
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
        let Ok((s, c)) = g.node(premise) else { return };
        let on = premise & 1 == 1;
        let conclusion = if on {
            Conclusion::Remove(s, c)
        } else {
            Conclusion::Place(s, c)
        };
        if !self.may_win(conclusion) {
            return;
        }
        let contradiction = Technique::ForcingChainContradiction;
        // The premise implies its own opposite.
        if (on && t.off()[c].contains(s)) || (!on && t.on()[c].contains(s)) {
            self.record(contradiction, conclusion, &[(t, g.normal(s, c, !on))]);
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
                let ends = [(t, g.normal(x, d, false)), (t, g.normal(x, d, true))];
                self.record(contradiction, conclusion, &ends);
            }
        }
        // A cell given two digits, looked for pair by pair.
        for d in (0..ctx.n()).filter(|_| !twice.is_empty()) {
            for e in d + 1..ctx.n() {
                if let Some(x) = t.on()[d].and(&t.on()[e]).first() {
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
                            let ends: Vec<_> =
                                twice.iter().map(|x| (t, g.normal(x, d, true))).collect();
                            self.record(contradiction, conclusion, &ends);
                        }
                    }
                }
            }
        }
        // A cell left without a candidate.
        for x in dead.iter() {
            let ends: Vec<_> = BitIter(ctx.mask(x))
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
    fn no_place_left(&mut self, t: &Implications<'_, W>, conclusion: Conclusion) {
        let g = self.graph;
        for r in 0..self.places.runs.len() {
            let (d, from, to) = self.places.runs[r];
            if !self.places.allowed[d].intersects(&t.off()[d]) {
                continue;
            }
            for k in from..to {
                let places = self.places.places[k];
                if places.minus(&t.off()[d]).is_empty() {
                    let ends: Vec<_> = places.iter().map(|x| (t, g.normal(x, d, false))).collect();
                    self.record(Technique::ForcingChainContradiction, conclusion, &ends);
                }
            }
        }
    }

    /// [`Forcing::no_place_left`] with the houses found as bits: per digit, those with an
    /// allowed place and none left uncleared, then recorded in the same order.
    fn no_place_left_by_bits(
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
                    let ends: Vec<_> = places.iter().map(|x| (t, g.normal(x, d, false))).collect();
                    self.record(Technique::ForcingChainContradiction, conclusion, &ends);
                }
            }
        }
    }

    /// What a candidate implies both when it is true and when it is false holds.
    fn both_ways(&mut self, on: &Implications<'_, W>, off: &Implications<'_, W>) {
        let (g, ctx) = (self.graph, self.ctx);
        let Ok((s, _)) = g.node(on.premise()) else {
            return;
        };
        for (placed, sets) in [(true, (on.on(), off.on())), (false, (on.off(), off.off()))] {
            for d in 0..ctx.n() {
                let mut both = sets.0[d].and(&sets.1[d]);
                both.remove(s);
                for x in both.iter() {
                    let conclusion = Conclusion::of(placed, x, d);
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
            if let Ok((c, d)) = g.node(on.premise()) {
                by_candidate[c * ctx.n() + d] = Some(on);
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
        for d in 0..n {
            for placed in [true, false] {
                let common = &common[if placed { d } else { n + d }];
                for x in common.iter() {
                    let conclusion = Conclusion::of(placed, x, d);
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
        let (cell, d, place) = match conclusion {
            Conclusion::Place(c, d) => (c, d, true),
            Conclusion::Remove(c, d) => (c, d, false),
        };
        let mut step = Step::new(technique, vec![digit(d)]);
        if place {
            step.place(ctx.cand(cell, d));
        } else {
            step.eliminate(ctx.cand(cell, d));
        }
        for path in &paths {
            step.chains.push(chain_of(g, ctx, path));
        }
        if let Some(path) = paths.first() {
            let role = Role::Pattern;
            if let Ok((c, d)) = g.node(path[0]) {
                step.add_candidate(ctx.cand(c, d), role);
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

/// A table path as a chain: the link into an "on" value is strong, into an "off" one weak.
///
/// An ALS node is written as the set's two digits joined strongly, `(5=8)r4c23` in Eureka
/// notation: entered weakly on its digit, it holds the digit of the link that leaves it.
fn chain_of<const W: usize>(g: &Graph, ctx: &Ctx<W>, path: &[u32]) -> Chain {
    let mut chain = Chain::start(node_of(g, ctx, path[0]));
    for (k, &v) in path.iter().enumerate().skip(1) {
        if let Some(a) = g.als_of(path[k - 1])
            && v & 1 == 0
        {
            let cells = a.cells.iter().map(|c| ctx.cell(c)).collect();
            let exit = ChainNode::group(cells, digit(g.digit_of(v)));
            chain.push(LinkKind::Strong, exit);
        }
        let link = if v & 1 == 1 {
            LinkKind::Strong
        } else {
            LinkKind::Weak
        };
        chain.push(link, node_of(g, ctx, v));
    }
    chain
}

fn node_of<const W: usize>(g: &Graph, ctx: &Ctx<W>, value: u32) -> ChainNode {
    let cells = g.cells_of(value).map(|c| ctx.cell(c));
    ChainNode::group(cells.collect(), digit(g.digit_of(value)))
}

/// Every house's places of each digit that the placed digits allow ([`allowed_cells`]),
/// where there are some, for the "no place left" contradictions: rows, then columns, then
/// boxes, digit by digit, house by house (the order contradictions are looked for in). The
/// same for every premise, so made once.
struct HousePlaces<const W: usize> {
    /// Per digit index, its allowed cells.
    allowed: Vec<CellSet<W>>,
    places: Vec<CellSet<W>>,
    /// Per kind of house and digit, in the order above: the digit and its range in `places`.
    /// A premise that clears none of a digit's allowed cells leaves it room in every house,
    /// so its run is passed over whole.
    runs: Vec<(usize, usize, usize)>,
    /// Where the rows, columns and boxes fit in a word, one bit each in the order above
    /// (all but the largest grids), the houses found by bytes ([`HouseBits`]).
    bits: Option<HouseBits>,
}

/// The rows, columns and boxes of a set of cells as a word, found a byte of the set at a
/// time: one table lookup per eight cells, where testing each house's places against a
/// premise's cleared cells cost every premise of a forcing search some 250 set tests.
struct HouseBits {
    /// Per byte of a cell set (cells `8 * j..8 * j + 8`) and its value, the houses of its cells.
    by_byte: Vec<[u64; 256]>,
    /// Per digit index, the houses where it has an allowed place.
    with_places: Vec<u64>,
    /// Per digit index and house bit, the index of its places in `places`.
    place_of: Vec<[u16; 64]>,
    /// Houses of one kind.
    per_kind: usize,
}

impl HouseBits {
    /// The houses holding a cell of `set`.
    fn of<const W: usize>(&self, set: &CellSet<W>) -> u64 {
        let mut houses = 0;
        for (j, table) in self.by_byte.iter().enumerate() {
            let byte = (set.words()[j / 8] >> (8 * (j % 8))) as u8;
            houses |= table[byte as usize];
        }
        houses
    }
}

impl<const W: usize> HousePlaces<W> {
    fn new(ctx: &Ctx<W>) -> HousePlaces<W> {
        let allowed: Vec<CellSet<W>> = (0..ctx.n()).map(|d| allowed_cells(ctx, d)).collect();
        let (mut places, mut runs) = (Vec::new(), Vec::new());
        let kinds = [Kind::Row, Kind::Col, Kind::Block];
        let per_kind = ctx.g.lines(Kind::Row).count();
        let fits = kinds.iter().all(|&k| ctx.g.lines(k).count() == per_kind) && 3 * per_kind <= 64;
        let mut with_places = vec![0u64; ctx.n()];
        let mut place_of = vec![[u16::MAX; 64]; ctx.n()];
        for (k, kind) in kinds.into_iter().enumerate() {
            for (d, allowed) in allowed.iter().enumerate() {
                let start = places.len();
                for (i, h) in ctx.g.lines(kind).enumerate() {
                    let bit = k * per_kind + i;
                    let here = allowed.and(ctx.g.house_set(h));
                    if !here.is_empty() {
                        if fits {
                            with_places[d] |= 1 << bit;
                            place_of[d][bit] = places.len() as u16;
                        }
                        places.push(here);
                    }
                }
                runs.push((d, start, places.len()));
            }
        }
        let bits = fits.then(|| {
            // Each cell's houses, a bit each in the order of `places`.
            let mut cell_houses = vec![0u64; ctx.g.cell_count()];
            for (bit, h) in kinds.into_iter().flat_map(|k| ctx.g.lines(k)).enumerate() {
                for c in ctx.g.house_set(h).iter() {
                    cell_houses[c] |= 1 << bit;
                }
            }
            let by_byte = (0..ctx.g.cell_count().div_ceil(8))
                .map(|j| {
                    let mut table = [0u64; 256];
                    for b in 1..256usize {
                        let c = 8 * j + b.trailing_zeros() as usize;
                        let here = cell_houses.get(c).copied().unwrap_or(0);
                        table[b] = table[b & (b - 1)] | here;
                    }
                    table
                })
                .collect();
            HouseBits {
                by_byte,
                with_places,
                place_of,
                per_kind,
            }
        });
        HousePlaces {
            allowed,
            places,
            runs,
            bits,
        }
    }
}

/// Whether two cells of one digit's set in `on` (indexed by digit) see each other: two in
/// one row, column or box are peers.
fn sees_itself<const W: usize>(ctx: &Ctx<W>, on: &[CellSet<W>]) -> bool {
    on.iter()
        .filter(|set| set.has_two())
        .any(|set| set.iter().any(|x| ctx.g.peers(x).intersects(set)))
}

/// The empty cells where digit index `d` could go by the placed digits alone (no peer holds
/// it), whatever candidates were removed since: HoDoKu's "allowed" cells.
fn allowed_cells<const W: usize>(ctx: &Ctx<W>, d: usize) -> CellSet<W> {
    let mut out = ctx.empty;
    for c in 0..ctx.g.cell_count() {
        if ctx.pos.values()[c] as usize == d + 1 {
            out = out.minus(ctx.g.peers(c));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use sudoku_core::Layout;

    use super::super::testing::{
        diabolical_positions, first_only_agrees, hard_and_diabolical_positions, path_positions,
    };
    use super::super::{Family, Options};
    use super::*;
    use crate::geometry::Geometry;

    /// The classic grid's geometry, the default options, and the positions along the solve
    /// paths of `hard` top1465 and dug puzzles and of `diabolical` diabolical ones.
    fn classic_positions(
        hard: usize,
        diabolical: usize,
    ) -> (Geometry<2>, Options, Vec<crate::candidates::Candidates>) {
        let layout = Layout::classic();
        let positions = path_positions(&layout, hard)
            .into_iter()
            .chain(diabolical_positions(&layout, diabolical))
            .map(|(pos, _)| pos)
            .collect();
        (Geometry::<2>::new(&layout), Options::default(), positions)
    }

    /// Where a solve path takes a forcing chain or net, the search that skips conclusions
    /// ranked after the best one found ([`Ctx::first_only`]) gives the step the whole
    /// search puts first; and a forcing net's links, made with scans for singles only where
    /// something changed, are those that scans of every cell and house make; and the houses
    /// a premise leaves without a place for a digit, found by bits, are those found house by
    /// house, in the same order.
    #[test]
    fn forcing_steps_a_path_takes_are_those_of_the_whole_search() {
        let layout = Layout::classic();
        let (mut chains, mut nets, mut no_place_left) = (0, 0, 0);
        let families = [Family::ForcingChains, Family::ForcingNets];
        first_only_agrees(
            path_positions(&layout, 60),
            &families,
            |ctx, family, technique, first| {
                assert!(first.is_some_and(|s| s.technique == technique));
                let [by_bits, by_houses] = no_place_left_both_ways(ctx);
                assert_eq!(by_bits, by_houses);
                no_place_left += by_bits.len();
                if family == Family::ForcingNets {
                    let scanned = Graph::build(ctx, true, true, false);
                    let whole = Graph::build(ctx, true, true, true);
                    assert_eq!(scanned.direct, whole.direct);
                    nets += 1;
                } else {
                    chains += 1;
                }
            },
        );
        assert!(chains >= 20 && nets >= 20, "{chains} chains, {nets} nets");
        assert!(
            no_place_left >= 50,
            "{no_place_left} houses left without a place"
        );
    }

    /// The "no place left" contradictions of every premise of the grouped tables at the
    /// position (ranked conclusions not skipped), found by bits and house by house.
    fn no_place_left_both_ways(at: &Ctx<'_, 2>) -> [Vec<(Step, Conclusion, usize)>; 2] {
        let ctx = Ctx::new(at.g, at.pos, at.opts);
        let tables = grouped_tables(&ctx);
        let graph = &tables.graph;
        let (on, off): (Vec<_>, Vec<_>) = tables.implications().into_iter().unzip();
        let premises: Vec<_> = on.into_iter().chain(off).collect();
        [true, false].map(|by_bits| {
            let mut forcing = Forcing::new(&ctx, false, &tables);
            let bits = forcing
                .places
                .bits
                .take()
                .expect("the classic grid's houses fit a word");
            for t in &premises {
                let Ok((s, c)) = graph.node(t.premise()) else {
                    continue;
                };
                let conclusion = Conclusion::of(t.premise() & 1 == 0, s, c);
                if by_bits {
                    forcing.no_place_left_by_bits(t, conclusion, &bits);
                } else {
                    forcing.no_place_left(t, conclusion);
                }
            }
            forcing.found
        })
    }

    /// Where a solve path takes a nice loop or an AIC, plain or grouped, the search that
    /// builds only the step a path takes ([`Ctx::first_only`]) gives the very step the
    /// whole search, with every step built, puts first: same chain, eliminations and
    /// highlights.
    #[test]
    fn the_loop_a_path_takes_is_the_first_of_the_whole_search() {
        let layout = Layout::classic();
        let (mut plain, mut grouped) = (0, 0);
        let positions = hard_and_diabolical_positions(&layout, 60);
        let families = [Family::Loops, Family::GroupedLoops];
        first_only_agrees(positions, &families, |_, family, technique, first| {
            assert!(first.is_some_and(|s| s.technique.order() == technique.order()));
            match family {
                Family::Loops => plain += 1,
                _ => grouped += 1,
            }
        });
        assert!(
            plain >= 100 && grouped >= 20,
            "{plain} loops, {grouped} grouped"
        );
    }

    /// The plain graph's links laid out straight from the position are those of the
    /// graph's own lists, at positions along solve paths.
    #[test]
    fn plain_links_from_the_position_are_the_graphs() {
        let (g, opts, positions) = classic_positions(40, 40);
        let mut links = 0;
        for pos in positions {
            let ctx = Ctx::new(&g, &pos, &opts);
            let graph = Graph::new(&ctx, false);
            let listed = PaddedLinks::new(&graph);
            assert_eq!(PaddedLinks::plain(&ctx, &graph), listed);
            links += listed.links.len();
        }
        assert!(links > 100_000, "{links} links");
    }

    /// The grouped graph's links made from the plain ones and the group links are those of
    /// the graph's own lists, at positions along solve paths.
    #[test]
    fn grouped_links_from_the_plain_ones_are_the_graphs() {
        let (g, opts, positions) = classic_positions(40, 40);
        let (mut links, mut groups) = (0, 0);
        for pos in positions {
            let ctx = Ctx::new(&g, &pos, &opts);
            let graph = Graph::new(&ctx, true);
            let listed = PaddedLinks::new(&graph);
            let mut adds = Vec::new();
            graph.group_links(&ctx, &mut adds);
            let plain = PaddedLinks::plain(&ctx, &Graph::nodes(&ctx, false, false));
            assert_eq!(plain.with_adds(graph.values(), &adds), listed);
            links += listed.links.len();
            groups += adds.len();
        }
        assert!(
            links > 200_000 && groups > 20_000,
            "{links} links, {groups} group links"
        );
    }

    /// The "off" tables copied from the table of their one link are those their walks
    /// give, in the plain and the grouped graph, at positions along solve paths.
    #[test]
    fn copied_off_tables_are_the_walked_ones() {
        let (g, opts, positions) = classic_positions(30, 30);
        let mut single = 0;
        for pos in positions {
            let ctx = Ctx::new(&g, &pos, &opts);
            for grouped in [false, true] {
                let tables = |derive| {
                    let graph = Graph::new(&ctx, grouped);
                    let links = PaddedLinks::new(&graph);
                    let walk = if derive { Walk::CopyOff } else { Walk::Whole };
                    Tables::walked(&ctx, graph, Some(links), walk)
                };
                let (walked, copied) = (tables(false), tables(true));
                assert_eq!(copied.bounds, walked.bounds);
                let end = *walked.bounds.last().unwrap() as usize;
                assert_eq!(copied.arena[..end], walked.arena[..end]);
                let plain = 2 * walked.graph.cell_of.len() as u32;
                single += walked
                    .off()
                    .filter(|t| {
                        let links = &walked.graph.direct[t.entries[0].0 as usize];
                        links.len() == 1 && links[0] & 1 == 1 && links[0] < plain
                    })
                    .count();
            }
        }
        assert!(single >= 1000, "{single} tables with one link");
    }

    /// The plain search walks only the premises whose tables can hold a loop or an AIC's
    /// end ([`PremiseReach`]), and cuts an "on" table once it holds every value of the
    /// premise's cell it can reach: a table walked is the whole table or its first entries
    /// with every such value, one passed over is its premise alone, and the loops and
    /// AICs found are those found in the whole tables, every one, in order.
    #[test]
    fn cut_tables_find_what_whole_ones_do() {
        let (g, opts, positions) = classic_positions(30, 40);
        let (mut cut, mut skipped, mut walked, mut found) = (0, 0, 0, 0);
        for pos in positions {
            for first_only in [false, true] {
                let mut ctx = Ctx::new(&g, &pos, &opts);
                ctx.first_only = first_only;
                let tables = |cut_on| {
                    let graph = Graph::nodes(&ctx, false, false);
                    let links = PaddedLinks::plain(&ctx, &graph);
                    let walk = if cut_on { Walk::CutOn } else { Walk::CopyOff };
                    Tables::walked(&ctx, graph, Some(links), walk)
                };
                let (whole, short) = (tables(false), tables(true));
                assert_eq!(whole.bounds.len(), short.bounds.len());
                let pairs = whole.on().zip(short.on()).map(|p| (true, p));
                for (on, (w, s)) in pairs.chain(whole.off().zip(short.off()).map(|p| (false, p))) {
                    assert_eq!(s.entries[0], w.entries[0]);
                    if w.entries.len() == 1 {
                        continue;
                    }
                    if s.entries.len() == 1 {
                        skipped += 1;
                        continue;
                    }
                    walked += 1;
                    if !on {
                        assert_eq!(w.entries, s.entries);
                        continue;
                    }
                    assert_eq!(w.entries[..s.entries.len()], *s.entries);
                    let cell = whole
                        .graph
                        .cell_values(whole.graph.first_cell(w.entries[0].0));
                    let in_cell =
                        |t: Table<'_>| t.entries.iter().filter(|e| cell.contains(&e.0)).count();
                    assert_eq!(in_cell(w), in_cell(s));
                    cut += usize::from(s.entries.len() < w.entries.len());
                }
                let (mut from_whole, mut from_short) = (Vec::new(), Vec::new());
                find_in(&ctx, &whole, false, &mut from_whole);
                find_in(&ctx, &short, false, &mut from_short);
                assert_eq!(from_whole, from_short);
                found += from_whole.len();
            }
        }
        assert!(cut >= 5_000, "{cut} tables cut");
        // Most premises start nothing: the search must pass most of them over.
        assert!(
            skipped > 4 * walked,
            "{skipped} passed over, {walked} walked, {cut} cut"
        );
        assert!(found >= 1_000, "{found} steps found");
    }

    /// The grouped search walks only the premises whose tables can hold a loop or an AIC's
    /// end ([`Walk::Wanted`]), and forcing chains take what the others imply from what
    /// they reach, walking them for their paths: the grouped loops and AICs and the forcing
    /// chains found are those found in every premise's table, every one, in order, and a
    /// table walked is the whole table. So too the forcing nets, whose premises are walked
    /// only for a step's paths ([`Walk::Reached`]).
    #[test]
    fn wanted_tables_find_what_whole_ones_do() {
        let (g, opts, positions) = classic_positions(30, 40);
        let mut counts = WantedCounts::default();
        for pos in positions {
            for first_only in [false, true] {
                let mut ctx = Ctx::new(&g, &pos, &opts);
                ctx.first_only = first_only;
                wanted_agrees_with_whole(&ctx, &mut counts);
            }
        }
        let WantedCounts {
            skipped,
            walked,
            loops,
            forcing,
            nets,
        } = counts;
        assert!(
            skipped > 4 * walked,
            "{skipped} passed over, {walked} walked"
        );
        assert!(
            loops >= 500 && forcing >= 5_000 && nets >= 5_000,
            "{loops} loops, {forcing} forcing, {nets} nets"
        );
    }

    /// A premise's table, walked whole, holds what the closure says it reaches (itself
    /// and the values in its set), which is what [`PremiseReach::past_cap`] counts: at
    /// positions along solve paths, in the grouped graph, with every value kept.
    #[test]
    fn tables_hold_what_premises_reach() {
        let (g, opts, positions) = classic_positions(20, 20);
        let mut premises = 0;
        for pos in positions {
            let ctx = Ctx::new(&g, &pos, &opts);
            let graph = Graph::new(&ctx, true);
            let links = PaddedLinks::new(&graph);
            let tables = Tables::walked(&ctx, graph, Some(links), Walk::CopyOff);
            let (candidates, links) = (candidate_list(&ctx), tables.links.as_ref().unwrap());
            let index = tables.graph.candidate_index(&candidates);
            let reach = PremiseReach::build(&tables.graph, links, candidates, &index, true);
            let signs = [
                (true, tables.on().collect::<Vec<_>>()),
                (false, tables.off().collect()),
            ];
            for (on, list) in signs {
                for (i, table) in list.into_iter().enumerate() {
                    assert!(table.entries.len() < MAX_ENTRIES);
                    assert_eq!(reach.reached(i, on), table.entries.len());
                    premises += 1;
                }
            }
        }
        assert!(premises > 50_000, "{premises} premises");
    }

    #[derive(Default)]
    struct WantedCounts {
        skipped: usize,
        walked: usize,
        loops: usize,
        forcing: usize,
        nets: usize,
    }

    /// Compares the grouped tables walked whole and as [`Walk::Wanted`] walks them at the
    /// position, and what the grouped nice-loop and forcing-chain searches find in each.
    fn wanted_agrees_with_whole<const W: usize>(ctx: &Ctx<W>, counts: &mut WantedCounts) {
        let tables = |wanted| {
            let graph = Graph::new(ctx, true);
            let links = PaddedLinks::new(&graph);
            let walk = if wanted { Walk::Wanted } else { Walk::CopyOff };
            Tables::walked(ctx, graph, Some(links), walk)
        };
        let (whole, some) = (tables(false), tables(true));
        assert!(some.reach.is_some() && whole.reach.is_none());
        let pairs = whole.on().zip(some.on());
        for (w, s) in pairs.chain(whole.off().zip(some.off())) {
            assert_eq!(s.entries[0], w.entries[0]);
            if s.entries.len() == 1 && w.entries.len() > 1 {
                counts.skipped += 1;
            } else {
                counts.walked += usize::from(w.entries.len() > 1);
                assert_eq!(w.entries, s.entries);
            }
        }
        let (mut from_whole, mut from_some) = (Vec::new(), Vec::new());
        find_in(ctx, &whole, true, &mut from_whole);
        find_in(ctx, &some, true, &mut from_some);
        assert_eq!(from_whole, from_some);
        counts.loops += from_whole.len();
        let (mut from_whole, mut from_some) = (Vec::new(), Vec::new());
        forcing_in(ctx, false, &whole, &mut from_whole);
        forcing_in(ctx, false, &some, &mut from_some);
        assert_eq!(from_whole, from_some);
        counts.forcing += from_whole.len();
        // A forcing net's tables: every one walked, and none ([`Walk::Reached`]).
        let links = PaddedLinks::new(&Graph::net(ctx));
        let whole = Tables::walked(ctx, Graph::net(ctx), Some(links), Walk::CopyOff);
        let none = Tables::new(ctx, Graph::net(ctx));
        assert!(none.on().chain(none.off()).all(|t| t.entries.len() == 1));
        let (mut from_whole, mut from_none) = (Vec::new(), Vec::new());
        forcing_in(ctx, true, &whole, &mut from_whole);
        forcing_in(ctx, true, &none, &mut from_none);
        assert_eq!(from_whole, from_none);
        counts.nets += from_whole.len();
    }

    /// The quick test for a digit placed twice says yes exactly when some row, column or
    /// box holds two cells of one digit's set (random sets of every size).
    #[test]
    fn a_digit_placed_twice_is_seen_by_its_peers() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let pos = path_positions(&layout, 1).remove(0).0;
        let ctx = Ctx::new(&g, &pos, &opts);
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let (mut yes, mut no) = (0, 0);
        for round in 0..3000 {
            let mut on = vec![CellSet::<2>::EMPTY; 9];
            for _ in 0..round % 12 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                on[(x % 9) as usize].insert((x >> 8) as usize % 81);
            }
            let by_houses = on.iter().any(|set| {
                [Kind::Row, Kind::Col, Kind::Block]
                    .into_iter()
                    .flat_map(|k| g.lines(k))
                    .any(|h| set.and(g.house_set(h)).len() > 1)
            });
            assert_eq!(sees_itself(&ctx, &on), by_houses, "{on:?}");
            if by_houses {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 300 && no > 300, "{yes} with, {no} without");
    }
}
